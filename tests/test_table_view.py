"""The table scene's framing: Fit leaves room for the tray and for panels scenes draw over the table."""

from __future__ import annotations

import pygame
import pytest

from game.app.table_scene import TableScene
from game.table.state import TableState
from tests.test_render import make_board, walker

W, H = 1000, 500


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def fitted_scene(width_cm: float = 40.0, height_cm: float = 20.0) -> TableScene:
    board = make_board(width_cm=width_cm, height_cm=height_cm)
    state = TableState(source="test")
    state.add(walker("w1", 5, 5, zone="M:street"))
    scene = TableScene(board, state, window_size=(W, H))
    scene.set_viewport(0, 40, W, H - 40, (W, H))
    scene.fit()
    return scene


def board_screen_rect(scene: TableScene) -> tuple[float, float, float, float]:
    left, top = scene.camera.world_to_screen((0, 0))
    right, bottom = scene.camera.world_to_screen((scene.board.width_cm, scene.board.height_cm))
    return left, top, right, bottom


def test_fit_without_panels_uses_the_whole_view():
    scene = fitted_scene()
    left, top, right, bottom = board_screen_rect(scene)
    assert scene.covered_px() == (0, 0, 0, 0)
    assert left >= 0 and right <= W and top >= 40 and bottom <= H
    assert abs((left + right) / 2 - W / 2) < 1


def test_opening_the_tray_moves_a_fitted_board_out_from_under_it_and_closing_gives_the_room_back():
    scene = fitted_scene()
    plain = (scene.camera.zoom_level, scene.camera.center_x_cm, scene.camera.center_y_cm)
    right_before = board_screen_rect(scene)[2]
    scene.toggle_tray()
    tray = scene.tray_rect()
    assert right_before > tray.left, "the tray would have covered the board's right edge"
    assert scene.covered_px() == (0, 0, tray.width, 0)
    left, top, right, bottom = board_screen_rect(scene)
    assert right <= tray.left and left >= 0
    assert scene.board_in_free_view()
    scene.toggle_tray()
    assert (scene.camera.zoom_level, scene.camera.center_x_cm, scene.camera.center_y_cm) == pytest.approx(plain)


def test_fit_while_the_tray_is_open_frames_the_board_beside_it():
    scene = fitted_scene()
    scene.toggle_tray()
    scene.zoom_by(4.0)
    scene.fit()
    assert board_screen_rect(scene)[2] <= scene.tray_rect().left
    assert scene.is_fitted()


def test_the_tray_leaves_a_zoomed_in_view_alone():
    scene = fitted_scene()
    scene.zoom_by(4.0)
    scene.pan(-120, 30)
    before = (scene.camera.zoom_level, scene.camera.center_x_cm, scene.camera.center_y_cm)
    scene.toggle_tray()
    scene.toggle_tray()
    assert (scene.camera.zoom_level, scene.camera.center_x_cm, scene.camera.center_y_cm) == before


def test_fit_leaves_room_for_a_panel_a_scene_reports():
    scene = fitted_scene()
    scene.report_panel("log", (0, 0, 300, 0))
    scene.report_panel("roster", (220, 0, 0, 0))
    scene.fit()
    left, _, right, _ = board_screen_rect(scene)
    assert left >= 220 and right <= W - 300
    assert abs((left + right) / 2 - (220 + (W - 300)) / 2) < 1
    scene.withdraw_panel("log")
    scene.withdraw_panel("roster")
    scene.fit()
    left, _, right, _ = board_screen_rect(scene)
    assert abs((left + right) / 2 - W / 2) < 1


def test_the_tray_and_a_reported_panel_on_the_same_side_do_not_add_up():
    scene = fitted_scene()
    scene.report_panel("log", (0, 0, 40, 0))
    scene.toggle_tray()
    assert scene.covered_px() == (0, 0, max(40, scene.tray_rect().width), 0)
