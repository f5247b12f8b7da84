"""City of Horror's menu and dialogs at 1000×650, 1920×1080 and 3840×2160, in English and Spanish:
curtains, private panels (hands, secret choices, votes), reveals, a trade offered and answered, the
discard pile, a location looked at, the menu's pages and the end screen. No widget overlaps another
or leaves the window, no words are drawn cut, the bar offers nothing only under More… while a greyed
slot shows, and pygame_gui's "Label Rect is too small" fails."""

from __future__ import annotations

from random import Random

import pytest

from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.end_scene import CohEndScene
from game.app.city_of_horror.overlays import ListOverlay
from game.app.widgets.game_menu import GameMenu
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game
from tests.app_shell.shell_ui import tap_at
from tests.bar_check import bar_problems
from tests.layout_check import CutWords, layout_problems, screen_problems, ui_rects

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]
PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]
STEPS_LOOKED_AT = 40


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_city_of_horror_menu_and_dialogs_fit(tmp_path, monkeypatch, size, both_languages):
    found = sweep(tmp_path, monkeypatch, size)
    assert found == [], "\n".join(found[:30])


def sweep(tmp_path, monkeypatch, size) -> list[str]:  # type: ignore[no-untyped-def]
    cut = CutWords(monkeypatch)
    app = new_app(tmp_path, size)
    game = start_game(app, PEOPLE, seed=5)
    app.frame(1 / 30, [])
    driver = CohDriver(app, Random(3))
    found: list[str] = []

    def look(what: str) -> None:
        app.frame(1 / 30, [])
        found.extend(screen_problems(app, app.scenes.top, what))
        found.extend(cut.take(what))
        if app.scenes.top is game and game.overlay is None:  # the bar: names whole, offers before greyed slots
            found.extend(bar_problems(game.bar, what))

    for step in range(200):  # curtains, private panels, votes and reveals up to the first free moment
        look(f"step {step}")
        driver.settle()
        if game.overlay is None and game.state.stage.kind == "window" and not game.state.stack:
            break
        driver.step()
    people = [seat for seat in game.controller.humans() if game.state.in_game(seat)]
    offering, partner = people[0], people[1]
    driver.offer_a_trade(offering, partner, look)  # offered from the table, answered behind the curtain
    look("trade: the answer")
    driver.tap_key(game.overlay.buttons, game.overlay.buttons.buttons[-1].key)
    driver.tap_key(game.bar, "discard")
    assert isinstance(game.overlay, ListOverlay)
    look("the discard pile")
    driver.tap_key(game.overlay.buttons, "close")
    spot = next(rect for rect, what in game.board_view.hotspots if what == "location:hospital")
    driver.tap_canvas(spot.center)
    assert isinstance(game.overlay, ListOverlay)
    look("a location")
    driver.tap_key(game.overlay.buttons, "close")
    driver.tap_key(game.bar, "menu")
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    for page in ("main", "help", "settings"):
        menu.go(page)
        app.frame(1 / 30, [])
        found.extend(f"menu/{page}: {p}" for p in layout_problems(ui_rects(app.ui), size))
        found.extend(cut.take(f"menu/{page}"))
    menu.go("main")
    tap_at(app, menu.buttons["resume"].rect.center, False)
    assert app.scenes.top is game
    for step in range(STEPS_LOOKED_AT):  # more of the round: the next votes, hands and reveals
        look(f"later step {step}")
        if not driver.step():
            break
    driver.play_to_the_end()
    assert isinstance(app.scenes.top, CohEndScene)
    look("the end screen")
    return found
