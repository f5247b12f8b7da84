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
