"""Tape measure math in centimetres: centre-to-centre, edge-to-edge, paths with waypoints.

Pure math, no pygame. A tape starts at a point or on a miniature's base and may end on one; when
it touches a base, the distance is measured from the base's edge, as on a real table.
"""

from __future__ import annotations

import math
from dataclasses import field

from game.rules.core.frozen import mutable_record

Point = tuple[float, float]


def distance_cm(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def edge_to_edge_cm(a: Point, radius_a_cm: float, b: Point, radius_b_cm: float) -> float:
    """Gap between two round bases (0 when they touch or overlap)."""
    return max(0.0, distance_cm(a, b) - radius_a_cm - radius_b_cm)


def leg_lengths_cm(points: list[Point] | tuple[Point, ...]) -> list[float]:
    return [distance_cm(points[i], points[i + 1]) for i in range(len(points) - 1)]


def path_length_cm(points: list[Point] | tuple[Point, ...]) -> float:
    return sum(leg_lengths_cm(points))


@mutable_record
class Tape:
    """A tape being laid: start, taps (waypoints), the current end, and the bases at either end."""

    start_cm: Point
    end_cm: Point
    waypoints_cm: list[Point] = field(default_factory=list)
    start_radius_cm: float = 0.0  # > 0 when the tape starts on a base: measure from its edge
    end_radius_cm: float = 0.0  # > 0 when the end rests on a base

    @property
    def points_cm(self) -> list[Point]:
        return [self.start_cm, *self.waypoints_cm, self.end_cm]

    def legs_cm(self) -> list[float]:
        """Each leg's length; the first and last legs lose the base radius they start or end on."""
        legs = leg_lengths_cm(self.points_cm)
        legs[0] = max(0.0, legs[0] - self.start_radius_cm)
        legs[-1] = max(0.0, legs[-1] - self.end_radius_cm)
        return legs

    def total_cm(self) -> float:
        return sum(self.legs_cm())

    def add_waypoint(self, point_cm: Point) -> None:
        self.waypoints_cm.append(point_cm)


def ring_points_cm(center: Point, radius_cm: float, segments: int = 96) -> list[Point]:
    """Outline of a range ring (base radius + N cm) around a miniature."""
    step = 2 * math.pi / segments
    return [(center[0] + radius_cm * math.cos(i * step), center[1] + radius_cm * math.sin(i * step))
            for i in range(segments)]
