"""Pure plane geometry in cm: polygons, points, segments and right-angle rotations.

Coordinates follow Tiled: x to the right, y down. No third-party imports.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

Point = tuple[float, float]
Segment = tuple[Point, Point]
Bounds = tuple[float, float, float, float]  # min_x, min_y, max_x, max_y

EPSILON_CM = 1e-6


# --- polygons ------------------------------------------------------------------------------


def signed_area(polygon: Sequence[Point]) -> float:
    """Shoelace area; positive when the vertices run clockwise on screen (y down)."""
    total = 0.0
    count = len(polygon)
    for i in range(count):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % count]
        total += x0 * y1 - x1 * y0
    return total / 2


def polygon_area(polygon: Sequence[Point]) -> float:
    return abs(signed_area(polygon))


def polygon_centroid(polygon: Sequence[Point]) -> Point:
    """Area centroid; falls back to the vertex mean for degenerate (zero-area) polygons."""
    if not polygon:
        raise ValueError("a polygon needs at least one point")
    area = signed_area(polygon)
    if abs(area) < EPSILON_CM:
        count = len(polygon)
        return (sum(p[0] for p in polygon) / count, sum(p[1] for p in polygon) / count)
    cx = cy = 0.0
    count = len(polygon)
    for i in range(count):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % count]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (6 * area), cy / (6 * area))


def polygon_bounds(points: Iterable[Point]) -> Bounds:
    xs: list[float] = []
    ys: list[float] = []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        raise ValueError("no points to bound")
    return (min(xs), min(ys), max(xs), max(ys))


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray casting. Points exactly on an edge may fall either way."""
    x, y = point
    inside = False
    count = len(polygon)
    j = count - 1
    for i in range(count):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y):
            x_cross = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < x_cross:
                inside = not inside
        j = i
    return inside


def rectangle(x: float, y: float, width: float, height: float) -> tuple[Point, ...]:
    """The four corners of an axis-aligned rectangle, clockwise on screen from the top-left."""
    return ((x, y), (x + width, y), (x + width, y + height), (x, y + height))


def axis_aligned_rectangle(polygon: Sequence[Point]) -> Bounds | None:
    """The bounds of ``polygon`` if it is exactly an axis-aligned rectangle, else None."""
    if len(polygon) != 4:
        return None
    min_x, min_y, max_x, max_y = polygon_bounds(polygon)
    for x, y in polygon:
        on_x = abs(x - min_x) < EPSILON_CM or abs(x - max_x) < EPSILON_CM
        on_y = abs(y - min_y) < EPSILON_CM or abs(y - max_y) < EPSILON_CM
        if not (on_x and on_y):
            return None
    corners = {(round(x, 6), round(y, 6)) for x, y in polygon}
    return (min_x, min_y, max_x, max_y) if len(corners) == 4 else None


# --- rotations -----------------------------------------------------------------------------


def rotate_in_box(point: Point, width: float, height: float, rotation: int) -> Point:
    """Turn ``point`` of a ``width`` × ``height`` box clockwise by 0/90/180/270 degrees.

    The result is in the turned box, whose top-left is again (0, 0); for 90 and 270 the box
    becomes ``height`` × ``width``.
    """
    x, y = point
    if rotation == 0:
        return (x, y)
    if rotation == 90:
        return (height - y, x)
    if rotation == 180:
        return (width - x, height - y)
    if rotation == 270:
        return (y, width - x)
    raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation}")


def unrotate_in_box(point: Point, width: float, height: float, rotation: int) -> Point:
    """Inverse of ``rotate_in_box`` (``width``/``height`` are the box's size before turning)."""
    x, y = point
    if rotation == 0:
        return (x, y)
    if rotation == 90:
        return (y, height - x)
    if rotation == 180:
        return (width - x, height - y)
    if rotation == 270:
        return (width - y, x)
    raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation}")


def rotate_about(point: Point, center: Point, degrees_clockwise: float) -> Point:
    """Turn ``point`` about ``center``; clockwise on screen (y down)."""
    angle = math.radians(degrees_clockwise)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    dx, dy = point[0] - center[0], point[1] - center[1]
    return (center[0] + dx * cos_a - dy * sin_a, center[1] + dx * sin_a + dy * cos_a)


# --- segments ------------------------------------------------------------------------------


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def segment_length(segment: Segment) -> float:
    return distance(segment[0], segment[1])


def segment_midpoint(segment: Segment) -> Point:
    (x0, y0), (x1, y1) = segment
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def polyline_segments(points: Sequence[Point]) -> list[Segment]:
    """Consecutive pairs of a polyline, skipping zero-length pieces."""
    return [
        (points[i], points[i + 1])
        for i in range(len(points) - 1)
        if distance(points[i], points[i + 1]) > EPSILON_CM
    ]


def point_segment_distance(point: Point, segment: Segment) -> float:
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    length_sq = dx * dx + dy * dy
    if length_sq < EPSILON_CM * EPSILON_CM:
        return distance(point, (x0, y0))
    t = ((point[0] - x0) * dx + (point[1] - y0) * dy) / length_sq
    t = max(0.0, min(1.0, t))
    return distance(point, (x0 + t * dx, y0 + t * dy))


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - EPSILON_CM <= p[0] <= max(a[0], b[0]) + EPSILON_CM
        and min(a[1], b[1]) - EPSILON_CM <= p[1] <= max(a[1], b[1]) + EPSILON_CM
    )


def segments_intersect(first: Segment, second: Segment) -> bool:
    """True when the two closed segments share at least one point (touching counts)."""
    a, b = first
    c, d = second
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    if ((o1 > EPSILON_CM and o2 < -EPSILON_CM) or (o1 < -EPSILON_CM and o2 > EPSILON_CM)) and (
        (o3 > EPSILON_CM and o4 < -EPSILON_CM) or (o3 < -EPSILON_CM and o4 > EPSILON_CM)
    ):
        return True
    return (
        (abs(o1) <= EPSILON_CM and _on_segment(a, b, c))
        or (abs(o2) <= EPSILON_CM and _on_segment(a, b, d))
        or (abs(o3) <= EPSILON_CM and _on_segment(c, d, a))
        or (abs(o4) <= EPSILON_CM and _on_segment(c, d, b))
    )


def self_intersection(polygon: Sequence[Point]) -> tuple[int, int, Point] | None:
    """Two edges of a closed polygon that meet other than at their shared corner, or None if it is
    simple: their indices (edge i runs from vertex i to the next) and a point they share.

    Any crossing or touching counts (a figure of eight, a pinched corner, an edge that folds
    back on the one before); repeated consecutive vertices are ignored.
    """
    points = [p for i, p in enumerate(polygon) if distance(p, polygon[i - 1]) > EPSILON_CM] if polygon else []
    count = len(points)
    if count < 3:
        return None
    edges = [(points[i], points[(i + 1) % count]) for i in range(count)]
    for i in range(count):
        a, corner = edges[i]
        b = edges[(i + 1) % count][1]
        folds_back = (abs(_orientation(a, corner, b)) <= EPSILON_CM
                      and (a[0] - corner[0]) * (b[0] - corner[0]) + (a[1] - corner[1]) * (b[1] - corner[1]) > 0)
        if folds_back:
            return i, (i + 1) % count, corner
        for j in range(i + 2, count):
            if i == 0 and j == count - 1:
                continue  # the last edge and the first share vertex 0
            if segments_intersect(edges[i], edges[j]):
                crossing = segment_intersection(edges[i], edges[j])
                return i, j, crossing or _shared_point(edges[i], edges[j])
    return None


def _shared_point(first: Segment, second: Segment) -> Point:
    """A point of ``first`` that touches ``second`` (for segments known to meet)."""
    for p in (*first, *second):
        if point_segment_distance(p, first) <= EPSILON_CM and point_segment_distance(p, second) <= EPSILON_CM:
            return p
    return first[0]


def segment_intersection(first: Segment, second: Segment) -> Point | None:
    """The single crossing point of two segments, or None (parallel, apart or overlapping)."""
    (x1, y1), (x2, y2) = first
    (x3, y3), (x4, y4) = second
    denominator = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(denominator) < EPSILON_CM:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / denominator
    u = -((x1 - x2) * (y1 - y3) - (y1 - y2) * (x1 - x3)) / denominator
    if -EPSILON_CM <= t <= 1 + EPSILON_CM and -EPSILON_CM <= u <= 1 + EPSILON_CM:
        return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))
    return None


def merge_collinear_segments(segments: Iterable[Segment], tolerance_cm: float = 1e-4) -> list[Segment]:
    """Join horizontal and vertical segments that touch or overlap on the same line.

    Other segments are returned unchanged. The result is sorted, so it is stable.
    """
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    others: list[Segment] = []
    lines_y: dict[int, float] = {}  # a line's first coordinate seen, so results keep exact values
    lines_x: dict[int, float] = {}
    for (x0, y0), (x1, y1) in segments:
        if abs(y0 - y1) <= tolerance_cm and abs(x0 - x1) > tolerance_cm:
            line_y = lines_y.setdefault(round(y0 / tolerance_cm), y0)
            horizontal.setdefault(line_y, []).append((min(x0, x1), max(x0, x1)))
        elif abs(x0 - x1) <= tolerance_cm and abs(y0 - y1) > tolerance_cm:
            line_x = lines_x.setdefault(round(x0 / tolerance_cm), x0)
            vertical.setdefault(line_x, []).append((min(y0, y1), max(y0, y1)))
        elif distance((x0, y0), (x1, y1)) > tolerance_cm:
            others.append(((x0, y0), (x1, y1)))
    merged: list[Segment] = []
    for y, spans in sorted(horizontal.items()):
        merged.extend(((start, y), (end, y)) for start, end in _merge_spans(spans, tolerance_cm))
    for x, spans in sorted(vertical.items()):
        merged.extend(((x, start), (x, end)) for start, end in _merge_spans(spans, tolerance_cm))
    merged.extend(sorted(others))
    return merged


def _merge_spans(spans: list[tuple[float, float]], tolerance_cm: float) -> list[tuple[float, float]]:
    spans.sort()
    result: list[tuple[float, float]] = []
    for start, end in spans:
        if result and start <= result[-1][1] + tolerance_cm:
            if end > result[-1][1]:
                result[-1] = (result[-1][0], end)
        else:
            result.append((start, end))
    return result


class ZoneFinder:
    """Which zone (anything with ``id`` and ``polygon``) holds a point: a bounding-box test first,
    the exact polygon test after."""

    def __init__(self, zones: Iterable[Any]):
        self.zones = [(zone, polygon_bounds(zone.polygon)) for zone in zones]

    def __bool__(self) -> bool:
        return bool(self.zones)

    def zone_at(self, point: Point) -> Any | None:
        x, y = point
        for zone, (left, top, right, bottom) in self.zones:
            if left <= x <= right and top <= y <= bottom and point_in_polygon(point, zone.polygon):
                return zone
        return None

    def at(self, point: Point) -> str | None:
        zone = self.zone_at(point)
        return None if zone is None else str(zone.id)
