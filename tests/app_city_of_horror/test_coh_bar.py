"""City of Horror's bar is the shared action bar: at every window size its buttons stay inside the
bar's panel, and what does not fit is offered under More…, never dropped."""

from __future__ import annotations

from random import Random

import pytest

from game.app.city_of_horror.overlays import ListOverlay
from game.app.widgets.action_bar import MORE_KEY
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game
from tests.app_city_of_horror.test_coh_screens import PEOPLE, in_window, reach
from tests.layout_check import layout_problems


@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)])
def test_the_bar_stays_in_its_panel_and_more_offers_the_rest(tmp_path, size: tuple[int, int]) -> None:
    app = new_app(tmp_path, size)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    panel = scene.bar.panel
    assert scene.bar.buttons and all(panel.contains(b.rect) for b in scene.bar.buttons)
    assert layout_problems(scene.bar.shown_rects(), scene.canvas_size) == []
    shown = {b.key for b in scene.bar.buttons} | {o.key for o in scene.bar.hidden}
    assert {"act:Ana", "done", "menu"} <= shown
    if scene.bar.hidden:
        driver.tap_key(scene.bar, MORE_KEY)
        assert isinstance(scene.overlay, ListOverlay)
        assert [label for label, _key in scene.overlay.picks] == [o.label for o in scene.bar.hidden]


@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080)])
def test_the_slots_never_move_across_a_round(tmp_path, size: tuple[int, int]) -> None:
    """Every kind's slot keeps its rectangle from one bar to the next through a whole round (set-up
    to the next round's start), whatever is offered; and no button leaves the bar's panel."""
    app = new_app(tmp_path, size)
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    places: dict[str, set[tuple[int, int, int, int]]] = {}
    offered: set[str] = set()
    first_round = None
    for _ in range(600):
        driver.settle()
        bar = scene.bar
        assert all(bar.panel.contains(b.rect) for b in bar.buttons), [b.label for b in bar.buttons]
        for button in bar.buttons:
            slot = bar.slots.get(button.key)
            kind = slot.kind.kind if slot is not None else button.key
            places.setdefault(kind, set()).add(tuple(button.rect))
            if button.enabled:
                offered.add(kind)
        state = scene.state
        if first_round is None and state.round:
            first_round = state.round
        if first_round is not None and state.round > first_round:
            break
        assert driver.step()
    assert first_round is not None and scene.state.round > first_round
    assert {"choice", "act:Ana", "done", "menu"} <= offered  # the round offered them at some time
    moved = {kind: rects for kind, rects in places.items() if len(rects) > 1}
    assert moved == {}
