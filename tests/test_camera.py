"""Camera math: round trips, zoom about the pointer, fit, clamping."""

import math

from hypothesis import given
from hypothesis import strategies as st

from game.table.camera import MAX_ZOOM_LEVEL, MIN_ZOOM_LEVEL, ZOOM_STEP, Camera
from game.table.state import CameraState

coords = st.floats(min_value=-5000, max_value=5000, allow_nan=False)
levels = st.integers(min_value=MIN_ZOOM_LEVEL, max_value=MAX_ZOOM_LEVEL)


def close(a, b, tol=1e-6):
    return math.isclose(a[0], b[0], abs_tol=tol) and math.isclose(a[1], b[1], abs_tol=tol)


@given(coords, coords, coords, coords, levels)
def test_world_screen_round_trip(x, y, cx, cy, level):
    cam = Camera(1920, 1080, cx, cy, level, viewport_x_px=80)
    assert close(cam.screen_to_world(cam.world_to_screen((x, y))), (x, y), 1e-6)


@given(st.floats(0, 1920), st.floats(0, 1080), coords, coords, levels,
       st.sampled_from([0.5, 0.8, 1.15, 1.3, 2.0, 4.0]))
def test_zoom_at_keeps_the_world_point_under_the_pointer(sx, sy, cx, cy, level, factor):
    cam = Camera(1920, 1080, cx, cy, level)
    before = cam.screen_to_world((sx, sy))
    cam.zoom_at((sx, sy), factor)
    assert close(cam.screen_to_world((sx, sy)), before, 1e-6)


def test_zoom_moves_on_the_ladder_and_is_clamped():
    cam = Camera(800, 600, 0, 0, 10)
    cam.zoom_at((400, 300), ZOOM_STEP)
    assert cam.zoom_level == 11
    cam.zoom_at((400, 300), 2.0)
    assert cam.zoom_level == 16  # 1.15 ** 5 ≈ 2.01
    cam.zoom_at((0, 0), 1e9)
    assert cam.zoom_level == MAX_ZOOM_LEVEL
    cam.zoom_at((0, 0), 1e-9)
    assert cam.zoom_level == MIN_ZOOM_LEVEL
    assert cam.zoom_px_per_cm >= 1.0


def test_fit_shows_the_whole_rect_centred():
    cam = Camera(1000, 500)
    cam.fit((10, 20, 90, 60), margin_px=0)
    left, top = cam.world_to_screen((10, 20))
    right, bottom = cam.world_to_screen((100, 80))
    assert left >= 0 and top >= 0 and right <= 1000 and bottom <= 500
    # the next step up would not fit: the fit is as large as the ladder allows
    assert 60 * cam.zoom_px_per_cm * ZOOM_STEP > 500
    assert close(cam.world_to_screen((55, 50)), (500, 250))


def test_pan_moves_the_table_with_the_pointer():
    cam = Camera(800, 600, 5, 5, 16)
    grabbed = cam.screen_to_world((100, 100))
    cam.pan_by_px(30, -20)
    assert close(cam.screen_to_world((130, 80)), grabbed)


def test_state_round_trip_and_visible_rect():
    cam = Camera(800, 600, 12, 34, 20)
    other = Camera(800, 600)
    other.load_state(cam.to_state())
    assert (other.center_x_cm, other.center_y_cm, other.zoom_level) == (12, 34, 20)
    x, y, w, h = cam.visible_rect_cm()
    assert close((x + w / 2, y + h / 2), (12, 34))
    assert math.isclose(w, 800 / cam.zoom_px_per_cm)
    broken = Camera()
    broken.load_state(CameraState(0, 0, 0))  # a zero zoom leaves the zoom alone
    assert broken.zoom_level == Camera().zoom_level


def test_pinch_zoom_between_steps_keeps_the_anchor_and_settles_on_the_ladder():
    import pytest

    from game.table.camera import MAX_ZOOM_PX_PER_CM, zoom_of_level

    cam = Camera(800, 600, center_x_cm=30.0, center_y_cm=20.0, zoom_level=10)
    anchor_px = (250.0, 400.0)
    anchor_cm = cam.screen_to_world(anchor_px)
    wanted = zoom_of_level(10) * 1.3
    cam.set_zoom_at(anchor_px, wanted)
    assert cam.zoom_px_per_cm == pytest.approx(wanted)
    assert cam.is_between_steps and abs(math.log(cam.fine_zoom)) <= math.log(ZOOM_STEP) / 2 + 1e-9
    assert cam.screen_to_world(anchor_px) == pytest.approx(anchor_cm)
    stepped = cam.stepped()
    assert not stepped.is_between_steps and stepped.zoom_level == cam.zoom_level
    assert stepped.viewport_w_px * cam.fine_zoom == pytest.approx(800, abs=1)
    cam.settle(anchor_px)
    assert not cam.is_between_steps
    assert cam.zoom_px_per_cm == pytest.approx(zoom_of_level(cam.zoom_level))
    assert cam.zoom_level == 12  # 1.3 lies nearest 1.15 ** 2
    assert cam.screen_to_world(anchor_px) == pytest.approx(anchor_cm)
    cam.set_zoom_at(anchor_px, 1e6)
    assert cam.zoom_px_per_cm <= MAX_ZOOM_PX_PER_CM + 1e-9


def test_fit_frames_the_rect_in_the_part_no_panel_covers():
    cam = Camera(1000, 500)
    cam.fit((0, 0, 40, 20), margin_px=0, covered_px=(100, 50, 300, 0))
    left, top = cam.world_to_screen((0, 0))
    right, bottom = cam.world_to_screen((40, 20))
    assert left >= 100 and top >= 50 and right <= 700 and bottom <= 500
    assert 40 * cam.zoom_px_per_cm * ZOOM_STEP > 600  # as large as the free 600 px allow
    assert close(cam.world_to_screen((20, 10)), (400, 275))  # centred in the free area
    assert cam.free_rect_px((100, 50, 300, 0)) == (100, 50, 600, 450)
