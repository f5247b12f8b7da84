"""City of Horror's public log behaves as the other games' log: a notch of the wheel over it scrolls
back a few lines, Latest brings the last line back, Back pages back, a finger dragged over it scrolls,
and a reader scrolled back keeps the same lines in view while the game goes on; on a turned table too."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.app.city_of_horror.controller import SeatPlan
from game.app.city_of_horror.game_scene import CohGameScene
from game.app.widgets.log_panel import WHEEL_ROWS
from tests.app_city_of_horror.coh_ui import CohDriver, DriverError, new_app, start_game
from tests.layout_check import layout_problems

PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]
MOST_STEPS = 400


def table_with_history(driver: CohDriver, scene: CohGameScene, rows: int) -> None:
    """Play on as people would until the log holds ``rows`` more rows than it shows, the table bare."""
    for _ in range(MOST_STEPS):
        driver.settle()
        if scene.overlay is None and len(scene.log.rows) >= scene.log.room_rows + rows:
            return
        if not driver.step():
            break
    raise DriverError("the log never grew long enough")


def window_point(scene: CohGameScene, canvas_pos: tuple[float, float]) -> tuple[int, int]:
    x, y = scene.to_window(canvas_pos)
    return round(x), round(y)


def wheel(driver: CohDriver, scene: CohGameScene, notches: int) -> None:
    at = window_point(scene, scene.log.text_rect.center)
    driver.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                  pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                     precise_y=float(notches), touch=False, which=0)])


def finger_drag(driver: CohDriver, scene: CohGameScene, dy_px: float) -> None:
    w, h = scene.window_size
    x, y = scene.log.text_rect.center
    events = []
    for kind, step in ((pygame.FINGERDOWN, 0.0), (pygame.FINGERMOTION, dy_px / 2), (pygame.FINGERMOTION, dy_px),
                       (pygame.FINGERUP, dy_px)):
        wx, wy = scene.to_window((x, y + step))
        events.append(pygame.event.Event(kind, touch_id=1, finger_id=0, x=wx / w, y=wy / h, dx=0.0, dy=0.0,
                                         pressure=1.0))
    for event in events:
        driver.frame([event])


@pytest.mark.parametrize("degrees", [0, 90])
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_log_scrolls_with_the_wheel_buttons_and_a_finger(tmp_path, size, degrees):
    app = new_app(tmp_path, size)
    scene = start_game(app, PEOPLE, seed=11)
    scene.auto_turn = False
    scene.turn_to(degrees)
    driver = CohDriver(app, Random(2))
    table_with_history(driver, scene, rows=2 * WHEEL_ROWS + 4)
    log = scene.log
    last = log.rows[-1]
    driver.frame()
    assert log.at_end and log.visible_lines()[-1] == last

    wheel(driver, scene, 1)
    assert log.back_rows == WHEEL_ROWS, "a notch of the wheel scrolls back a few lines"
    assert last not in log.visible_lines()[-WHEEL_ROWS:]
    wheel(driver, scene, -1)
    assert log.at_end, "the wheel turned the other way comes back down"

    driver.tap_key(log.buttons, "log_back")
    assert log.back_rows >= 3
    driver.tap_key(log.buttons, "log_latest")
    assert log.at_end and log.visible_lines()[-1] == last, "Latest brings the last line back"

    finger_drag(driver, scene, 4.5 * 19)
    assert log.back_rows == 4, "a finger dragged down moves the text with it"
    assert scene.overlay is None, "a drag over the log opens nothing"
    assert layout_problems(scene.shown_rects(), scene.window_size) == []


def test_a_reader_scrolled_back_keeps_the_same_lines_while_the_game_goes_on(tmp_path):
    app = new_app(tmp_path, (1000, 650))
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(2))
    table_with_history(driver, scene, rows=2 * WHEEL_ROWS)
    wheel(driver, scene, 2)
    shown = scene.log.visible_lines()
    rows_before = len(scene.log.rows)
    for _ in range(MOST_STEPS):
        if len(scene.log.rows) > rows_before:
            break
        driver.step()
        driver.settle()
    assert len(scene.log.rows) > rows_before, "the game went on and told it"
    driver.frame()
    assert scene.log.visible_lines() == shown
    assert not scene.log.at_end
