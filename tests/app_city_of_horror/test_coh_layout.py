"""City of Horror's screens fit at 1000×650, 1920×1080 and 3840×2160: the set-up (a small window
turns its boards and rules into a page of their own), the game with its curtains and panels as a
game goes, the table turned, and the end screen."""

from __future__ import annotations

from random import Random

import pytest

from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.end_scene import CohEndScene
from game.app.city_of_horror.setup_scene import CohSetupScene
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game
from tests.layout_check import screen_problems

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]
PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]
STEPS_LOOKED_AT = 40




@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [*SIZES, (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_city_of_horror_setup_fits(tmp_path, size):
    app = new_app(tmp_path, size)
    setup = CohSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    found = screen_problems(app, setup, "set-up")
    page = next((b for b in setup.buttons.buttons if b.key == "page"), None)
    if size[0] < 1240 or size[1] < 828:  # a small window: the boards and rules on a page of their own
        assert page is not None
        CohDriver(app).tap_window(page.rect.center, finger=False)
        assert setup.rules_page and any(b.key.startswith("board:") for b in setup.buttons.buttons)
        found += screen_problems(app, setup, "set-up, boards and rules")
    else:
        assert page is None and any(b.key.startswith("board:") for b in setup.buttons.buttons)
    assert found == [], "\n".join(found[:20])


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_city_of_horror_game_screens_fit(tmp_path, size):
    app = new_app(tmp_path, size)
    found: list[str] = []
    scene = start_game(app, PEOPLE, seed=5)
    app.frame(1 / 60, [])
    driver = CohDriver(app, Random(3))
    for step in range(STEPS_LOOKED_AT):  # curtains, private panels, reveals, lists as they come
        found += screen_problems(app, driver.scene, f"game, step {step}")
        if not driver.step():
            break
    scene.turn_to(90)
    app.frame(1 / 60, [])
    found += screen_problems(app, scene, "game, turned")
    scene.turn_to(0)
    driver.play_to_the_end()
    end = app.scenes.top
    assert isinstance(end, CohEndScene)
    found += screen_problems(app, end, "end screen")
    assert found == [], "\n".join(found[:20])
