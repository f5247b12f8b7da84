"""Tape measure math."""

import math

import pytest

from game.table.tape import Tape, distance_cm, edge_to_edge_cm, path_length_cm, ring_points_cm


def test_centre_to_centre():
    assert distance_cm((0, 0), (3, 4)) == 5
    assert distance_cm((1, 1), (1, 1)) == 0


def test_edge_to_edge_between_bases():
    assert edge_to_edge_cm((0, 0), 1.25, (10, 0), 1.25) == pytest.approx(7.5)
    assert edge_to_edge_cm((0, 0), 2, (3, 0), 2) == 0  # overlapping bases touch


def test_path_with_waypoints():
    points = [(0, 0), (3, 4), (3, 10), (0, 14)]
    assert path_length_cm(points) == pytest.approx(5 + 6 + 5)


def test_tape_legs_lose_the_base_radius_at_each_end():
    tape = Tape(start_cm=(0, 0), end_cm=(20, 0), start_radius_cm=1.5)
    assert tape.legs_cm() == [pytest.approx(18.5)]
    tape.add_waypoint((10, 0))
    tape.end_cm = (10, 10)
    tape.end_radius_cm = 1.0
    assert tape.legs_cm() == [pytest.approx(8.5), pytest.approx(9.0)]
    assert tape.total_cm() == pytest.approx(17.5)


def test_ring_points_lie_on_the_ring():
    for p in ring_points_cm((5, 5), 7.25, 24):
        assert math.isclose(distance_cm((5, 5), p), 7.25)
