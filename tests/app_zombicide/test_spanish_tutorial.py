"""Tutorial 1 in Spanish, from the start screen to a win by following the prompts: every text the
game screen draws (the action bar, the survivor card and a card shown whole, the log, the goals, the
tutorial panel, the menu and its help) is Spanish, and no marked string lacks its translation."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import pytest

from game import i18n
from game.app.widgets.card_view import CardViewScene
from game.app.widgets.game_menu import GameMenu
from game.app.zombicide import new_game_scene
from tests.spanish_probe import DrawnText, english_words

sys.path.insert(0, str(Path(__file__).parent))
from test_full_mission import game_shown, launch  # noqa: E402
from test_tutorial_newcomer import newcomer_command, start_tutorial_1  # noqa: E402


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def board_names(scene) -> list[str]:  # type: ignore[no-untyped-def]
    """The names the data gives in one language only: survivors, the rooms' labels, the mission's title."""
    state = scene.controller.state
    title = getattr(scene.board, "title", "")
    return [s.name for s in state.survivors] + [z.label for z in scene.board.zones.values() if z.label] + [title]


def look_at_a_card_and_the_menu(driver, scene) -> None:  # type: ignore[no-untyped-def]
    """Tap the first card in the survivor panel (shown whole), Back; Menu: Help, Back, Resume."""
    app = driver.app
    slot = next(n for n, card in enumerate(scene.selected_card().slots) if card.name)
    driver.tap(scene.card_panel.slot_rects[slot].center, finger=False, what="card")
    driver.frames_until(lambda: isinstance(app.scenes.top, CardViewScene), "the card is shown whole")
    driver.tap_gui(app.scenes.top.buttons["back"])
    driver.frames_until(lambda: app.scenes.top is scene, "the card is put back")
    driver.tool("menu", finger=False)
    driver.frames_until(lambda: isinstance(app.scenes.top, GameMenu), "the menu opens")
    menu = app.scenes.top
    driver.tap_gui(menu.buttons["help"])
    driver.frames_until(lambda: menu.page == "help", "the help page opens")
    driver.tap_gui(menu.buttons["back"])
    driver.tap_gui(menu.buttons["resume"])
    driver.frames_until(lambda: app.scenes.top is scene, "the game is back")


def test_tutorial_1_in_spanish_shows_no_english(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 3)
    driver = launch(tmp_path)
    scene = start_tutorial_1(driver)
    driver.frames_until(lambda: game_shown(scene), "the tutorial is shown")
    drawn.clear()  # from here on: the game screen
    driver.set_speed(i18n._("Instant"))
    rng = Random(3)
    looked = False
    for _ in range(400):
        if scene.controller.outcome() is not None:
            break
        prompt = scene.tutorial
        step = prompt.step if prompt is not None else None
        if step is not None and step.until == "next" and scene.dialog is None:
            driver.tap_gui(prompt.buttons["next"], finger=rng.random() < 0.5)
            continue
        if not looked and scene.dialog is None and scene.controller.selected and scene.controller.state.round > 1:
            look_at_a_card_and_the_menu(driver, scene)
            looked = True
        driver.perform(newcomer_command(scene))
    assert scene.controller.outcome() == "won" and looked
    driver.frames_until(lambda: not scene.director.busy, "the last events are shown")
    scene.layout(scene.window_size)  # every widget made again: text drawn before the count began is drawn again
    driver.frame()
    lines = [line if isinstance(line, str) else line[0] for line in scene.log.shown_lines()]
    assert any(line.startswith("Ronda ") for line in lines)  # the log speaks Spanish
    drawn_texts = list(drawn.texts)
    assert any("Terminar turno" in text for text in drawn_texts)  # the bar's fixed slot
    assert any("Misión" in text for text in drawn_texts)  # the log's first line, drawn again after the count began
    assert english_words(drawn_texts, board_names(scene)) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()
