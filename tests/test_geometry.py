"""Plane geometry helpers used by the loader and the board assembly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.board.geometry import (
    axis_aligned_rectangle,
    merge_collinear_segments,
    point_in_polygon,
    point_segment_distance,
    polygon_area,
    polygon_bounds,
    polygon_centroid,
    polyline_segments,
    rectangle,
    rotate_about,
    rotate_in_box,
    segment_intersection,
    segments_intersect,
    self_intersection,
    signed_area,
    unrotate_in_box,
)

L_SHAPE = ((0, 0), (2, 0), (2, 8), (10, 8), (10, 10), (0, 10))


def test_rectangle_area_centroid_bounds():
    box = rectangle(1, 2, 4, 6)
    assert polygon_area(box) == 24
    assert signed_area(box) > 0  # clockwise on screen
    assert signed_area(tuple(reversed(box))) == -24
    assert polygon_centroid(box) == pytest.approx((3, 5))
    assert polygon_bounds(box) == (1, 2, 5, 8)


def test_l_shape_area_and_centroid():
    assert polygon_area(L_SHAPE) == pytest.approx(36)
    cx, cy = polygon_centroid(L_SHAPE)
    # Weighted mean of the two rectangles (2×8 at (1, 4) and 10×2 at (5, 9)).
    assert (cx, cy) == pytest.approx(((16 * 1 + 20 * 5) / 36, (16 * 4 + 20 * 9) / 36))
    assert not point_in_polygon((cx, cy), L_SHAPE)


def test_degenerate_polygon_centroid_is_the_vertex_mean():
    assert polygon_centroid(((0, 0), (4, 0), (2, 0))) == pytest.approx((2, 0))
    with pytest.raises(ValueError):
        polygon_centroid(())


def test_point_in_polygon():
    assert point_in_polygon((1, 5), L_SHAPE)
    assert point_in_polygon((9, 9), L_SHAPE)
    assert not point_in_polygon((5, 5), L_SHAPE)
    assert not point_in_polygon((11, 9), L_SHAPE)


def test_axis_aligned_rectangle_detection():
    assert axis_aligned_rectangle(rectangle(0, 0, 2, 3)) == (0, 0, 2, 3)
    assert axis_aligned_rectangle(((0, 0), (2, 0), (2, 3), (1, 3))) is None
    assert axis_aligned_rectangle(L_SHAPE) is None


@pytest.mark.parametrize(
    ("rotation", "expected"), [(0, (1, 2)), (90, (4, 1)), (180, (9, 4)), (270, (2, 9))]
)
def test_rotate_in_box_turns_clockwise(rotation, expected):
    # A 10 × 6 box; (1, 2) is near its top-left corner.
    assert rotate_in_box((1, 2), 10, 6, rotation) == expected


def test_rotate_in_box_refuses_other_angles():
    with pytest.raises(ValueError):
        rotate_in_box((0, 0), 1, 1, 45)
    with pytest.raises(ValueError):
        unrotate_in_box((0, 0), 1, 1, 30)


coordinate = st.floats(min_value=0, max_value=50, allow_nan=False)
size = st.floats(min_value=1, max_value=50, allow_nan=False)


@given(coordinate, coordinate, size, size, st.sampled_from([0, 90, 180, 270]))
def test_unrotate_undoes_rotate(x, y, width, height, rotation):
    turned = rotate_in_box((x, y), width, height, rotation)
    assert unrotate_in_box(turned, width, height, rotation) == pytest.approx((x, y), abs=1e-9)


@given(coordinate, coordinate, size)
def test_four_quarter_turns_are_identity(x, y, side):
    point = (x, y)
    for _ in range(4):
        point = rotate_in_box(point, side, side, 90)
    assert point == pytest.approx((x, y), abs=1e-9)


@given(coordinate, coordinate, st.floats(min_value=-720, max_value=720, allow_nan=False))
def test_rotate_about_keeps_the_distance(x, y, degrees):
    centre = (5.0, 5.0)
    turned = rotate_about((x, y), centre, degrees)
    assert point_segment_distance(turned, (centre, centre)) == pytest.approx(
        point_segment_distance((x, y), (centre, centre)), abs=1e-9
    )


def test_rotate_about_quarter_turn_is_clockwise_on_screen():
    assert rotate_about((1, 0), (0, 0), 90) == pytest.approx((0, 1))


def test_segments():
    assert segments_intersect(((0, 0), (2, 2)), ((0, 2), (2, 0)))
    assert segments_intersect(((0, 0), (2, 0)), ((2, 0), (2, 5)))  # touching counts
    assert not segments_intersect(((0, 0), (1, 0)), ((2, 0), (3, 0)))
    assert segment_intersection(((0, 0), (2, 2)), ((0, 2), (2, 0))) == pytest.approx((1, 1))
    assert segment_intersection(((0, 0), (1, 0)), ((0, 1), (1, 1))) is None
    assert point_segment_distance((1, 3), ((0, 0), (2, 0))) == pytest.approx(3)
    assert point_segment_distance((5, 0), ((0, 0), (2, 0))) == pytest.approx(3)
    assert polyline_segments(((0, 0), (0, 0), (1, 0), (1, 1))) == [((0, 0), (1, 0)), ((1, 0), (1, 1))]


def test_merge_collinear_segments():
    merged = merge_collinear_segments(
        [((0, 0), (1, 0)), ((3, 0), (1, 0)), ((5, 0), (6, 0)), ((2, 1), (2, 3)), ((2, 0), (2, 1)), ((0, 0), (1, 1))]
    )
    assert merged == [((0, 0), (3, 0)), ((5, 0), (6, 0)), ((2, 0), (2, 3)), ((0, 0), (1, 1))]


def test_merge_keeps_exact_coordinates():
    merged = merge_collinear_segments([((0.1, 4.3), (1.2, 4.3)), ((1.2, 4.3), (2.5, 4.3))])
    assert merged == [((0.1, 4.3), (2.5, 4.3))]


@pytest.mark.parametrize("polygon", [
    rectangle(0, 0, 4, 3),
    L_SHAPE,
    ((0, 0), (4, 0), (4, 0), (4, 3), (0, 3), (0, 0)),  # repeated corners, closed by a repeat
    ((0, 0), (4, 0), (2, 1), (4, 3), (0, 3)),  # concave
    ((0, 0), (4, 0), (4, 3)),
])
def test_simple_polygons_do_not_cross_themselves(polygon):
    assert self_intersection(polygon) is None


@pytest.mark.parametrize(("polygon", "edges", "point"), [
    (((0, 0), (4, 0), (0, 4), (4, 4)), (1, 3), (2, 2)),  # a bow tie whose areas cancel out
    (((0, 0), (5, 0), (1, 10), (5, 10)), (1, 3), (25 / 9, 50 / 9)),  # one whose areas do not
    (((0, 0), (4, 0), (4, 4), (2, 0), (0, 4)), (0, 2), (2, 0)),  # a corner touching an edge
    (((0, 0), (6, 0), (3, 0), (3, 3)), (0, 1), (6, 0)),  # an edge folding back on the one before
])
def test_any_self_intersection_is_found(polygon, edges, point):
    found = self_intersection(polygon)
    assert found is not None
    assert found[:2] == edges
    assert found[2] == pytest.approx(point)
