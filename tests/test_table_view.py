"""How the table frames and names the board: Fit leaves room for the tray and for panels scenes draw
over the table; zone names are readable at any zoom and never lie on a marker."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app.assets import ImageStore
from game.app.render import LABEL_MAX_PX, LABEL_MIN_PX, BoardLabels, TableRenderer, label_size_px
from game.app.table_scene import TableScene
from game.board.model import Marker, MarkerKind
from game.table.arrange import marker_size_cm
from game.table.camera import Camera, zoom_level_of, zoom_of_level
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


# --- zone names ---------------------------------------------------------------------------------


def labels_at(labels: BoardLabels, zoom_px_per_cm: float):
    level = zoom_level_of(zoom_px_per_cm)
    return {label.text: label for label in labels.placed(level, zoom_of_level(level))}


def marker_box(marker: Marker) -> tuple[float, float, float, float]:
    w, h = marker_size_cm(marker.size)
    x, y = marker.position
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def test_name_size_follows_the_zoom_within_readable_limits():
    sizes = [label_size_px(zoom_of_level(level)) for level in range(0, 32)]
    assert min(sizes) == LABEL_MIN_PX and max(sizes) == LABEL_MAX_PX
    assert sizes == sorted(sizes)
    assert LABEL_MIN_PX < label_size_px(20.0) < LABEL_MAX_PX
    labels = BoardLabels(make_board())
    far, near = labels_at(labels, 6.0)["Street"], labels_at(labels, 40.0)["Street"]
    assert far.size_px == LABEL_MIN_PX and near.size_px == LABEL_MAX_PX


def test_a_name_moves_off_a_marker_at_the_zone_centre_and_stays_in_its_zone():
    spawn = Marker(MarkerKind.SPAWN, (10.0, 10.0), zone="M:street", color="red")
    board = replace(make_board(), markers=(spawn,))
    free = labels_at(BoardLabels(make_board()), 12.0)["Street"]
    assert free.center_cm == pytest.approx((10.0, 10.0))  # nothing there: the zone's centre
    for zoom in (8.0, 12.0, 20.0, 40.0):
        label = labels_at(BoardLabels(board), zoom)["Street"]
        left, top, right, bottom = label.box_cm
        m_left, m_top, m_right, m_bottom = marker_box(spawn)
        assert right <= m_left or left >= m_right or bottom <= m_top or top >= m_bottom, zoom
        assert left >= 0 and right <= 20 and top >= 0 and bottom <= 20
        assert abs(label.center_cm[0] - 10) < 4 or abs(label.center_cm[1] - 10) < 4  # near the centre still


def test_a_name_with_no_room_waits_for_a_closer_zoom_and_long_names_take_two_lines():
    board = make_board(width_cm=40.0, height_cm=3.0)
    board = replace(board, zones={zid: replace(zone, label="Reading room", polygon=((x0, 0), (x0 + 20, 0), (x0 + 20, 3), (x0, 3)))
                                  for (zid, zone), x0 in zip(board.zones.items(), (0.0, 20.0), strict=True)})
    labels = BoardLabels(board)
    assert labels_at(labels, 3.0) == {}  # 3 cm high at 3 px per cm: no room for 12 px letters
    close = labels_at(labels, 20.0)["Reading room"]
    assert close.lines == ("Reading room",)
    narrow = replace(board, zones={zid: replace(zone, polygon=((x0, 0), (x0 + 4, 0), (x0 + 4, 3), (x0, 3)))
                                   for (zid, zone), x0 in zip(board.zones.items(), (0.0, 20.0), strict=True)})
    two_lines = labels_at(BoardLabels(narrow), 20.0)["Reading room"]
    assert two_lines.lines == ("Reading", "room")


def test_names_are_drawn_over_the_board_at_their_place():
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    camera = Camera(800, 500)
    camera.fit((0, 0, board.width_cm, board.height_cm))
    screen = pygame.Surface((800, 500))
    renderer.draw(screen, camera, [])
    label = renderer.labels.placed(camera.zoom_level, camera.zoom_px_per_cm)[0]
    left, top = camera.world_to_screen(label.box_cm[:2])
    right, bottom = camera.world_to_screen(label.box_cm[2:])
    area = screen.subsurface(pygame.Rect(round(left), round(top), round(right - left), round(bottom - top)))
    brightest = max(sum(area.get_at((x, y))[:3]) for x in range(area.get_width()) for y in range(area.get_height()))
    assert brightest > 600  # light letters on the grey street
    outside = screen.get_at([round(v) for v in camera.world_to_screen((3, 3))])[:3]
    assert sum(outside) < 600


def test_a_name_keeps_clear_of_a_door_open_or_shut():
    board = make_board()
    door = replace(board.connections[0], segment=((8.0, 10.0), (12.0, 10.0)))  # across the street's centre
    label = labels_at(BoardLabels(replace(board, connections=(door,))), 20.0)["Street"]
    left, top, right, bottom = label.box_cm
    assert bottom <= 8.0 or top >= 12.0 or right <= 8.0 or left >= 12.0  # off the leaf's swing
