"""Neat, non-overlapping places for the pieces standing in one zone (or any polygon), in cm.

Pieces are lined up in rows centred in the zone, like miniatures set on a tile. The order is
stable (survivors, then zombies by type, then flat tokens; each by natural id order), so a piece
keeps its slot in the sequence when another one joins. When the bases do not fit at full size a
uniform ``scale`` (≤ 1) shrinks them until they do.

Markers painted on the board (spawn, start, exit, objectives...) stay visible: their rectangles
are reserved and the rows leave them clear, unless the zone has no room at all without them.

Pure Python: no pygame, no pymunk. Every position keeps the whole (scaled) base inside the polygon,
a small margin away from its border.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache

from game.board.geometry import point_in_polygon, point_segment_distance
from game.board.model import Board, MarkerKind, Point
from game.rules.core.frozen import record
from game.table.state import Piece, PieceSide

GAP_RATIO = 0.12  # free space between neighbouring bases, as a share of the base diameter
MARGIN_RATIO = 0.1  # free space between a base and the zone border, as a share of the diameter
MIN_SCALE = 0.05  # below this the zone is a sliver: pieces are piled at its middle
_EPS = 1e-9
DEFAULT_MARKER_CM = 2.6  # side of a marker drawn without a size of its own
MAX_RESERVED_MARKER_CM = 8.0  # bigger marked areas (deployment) are floors, not tokens to keep clear
UNRESERVED_MARKERS = frozenset({MarkerKind.DEPLOYMENT})

Rect = tuple[float, float, float, float]  # left, top, right, bottom in cm

# Common zombie types first, biggest last; other types follow alphabetically.
ZOMBIE_ORDER = ("walker", "runner", "fatty", "brute", "abomination")
SIDE_ORDER = (PieceSide.SURVIVOR, PieceSide.ZOMBIE, PieceSide.TOKEN)


@record
class Arrangement:
    """Where each piece goes (piece id → centre in cm) and the uniform base scale to draw and collide."""

    positions: dict[str, Point]
    scale: float = 1.0


_DIGITS = re.compile(r"(\d+)")


def _natural_key(text: str) -> tuple[object, ...]:
    """``walker-10`` after ``walker-9``: digit runs compare as numbers."""
    parts = _DIGITS.split(text)
    return tuple(int(part) if i % 2 else part for i, part in enumerate(parts))


def piece_order_key(piece: Piece) -> tuple[object, ...]:
    """Survivors first, then zombies by type, then tokens; ties by natural id order."""
    return _order_key(piece.side, piece.token, piece.id)


@lru_cache(maxsize=4096)
def _order_key(side: str, token: str, piece_id: str) -> tuple[object, ...]:
    side_rank = SIDE_ORDER.index(side) if side in SIDE_ORDER else len(SIDE_ORDER)
    if side == PieceSide.ZOMBIE:
        type_rank: tuple[object, ...] = (
            (ZOMBIE_ORDER.index(token), "") if token in ZOMBIE_ORDER else (len(ZOMBIE_ORDER), token)
        )
    else:
        type_rank = (0, "")
    return (side_rank, *type_rank, _natural_key(piece_id))


def ordered_pieces(pieces: Sequence[Piece]) -> list[Piece]:
    return sorted(pieces, key=piece_order_key)


def marker_size_cm(size: tuple[float, float]) -> tuple[float, float]:
    """A marker's drawn size: its own, or the default square."""
    return size if size[0] > 0 and size[1] > 0 else (DEFAULT_MARKER_CM, DEFAULT_MARKER_CM)


def marker_rects(board: Board, zone_id: str | None = None) -> tuple[Rect, ...]:
    """Rectangles of the board's marker tokens (those touching ``zone_id``'s bounds when given)."""
    bounds: Rect | None = None
    if zone_id is not None:
        zone = board.zones.get(zone_id)
        if zone is None or not zone.polygon:
            return ()
        xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
        bounds = (min(xs), min(ys), max(xs), max(ys))
    rects = []
    for marker in board.markers:
        if marker.kind in UNRESERVED_MARKERS:
            continue
        width, height = marker_size_cm(marker.size)
        if max(width, height) > MAX_RESERVED_MARKER_CM:
            continue
        x, y = marker.position
        rect = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        if bounds is None or (rect[0] < bounds[2] and rect[2] > bounds[0] and rect[1] < bounds[3] and rect[3] > bounds[1]):
            rects.append(rect)
    return tuple(rects)


def arrange_zone(board: Board, zone_id: str, pieces: Sequence[Piece],
                 reserved: Sequence[Rect] | None = None) -> Arrangement:
    """Positions for ``pieces`` inside the board zone ``zone_id`` (KeyError naming it if unknown).

    ``reserved``: rectangles to keep clear; by default the board's markers in that zone.
    """
    zone = board.zones.get(zone_id)
    if zone is None:
        raise KeyError(f"board {board.title or board.source!r} has no zone {zone_id!r}")
    if reserved is None:
        reserved = marker_rects(board, zone_id)
    return arrange_in_polygon(zone.polygon, pieces, reserved)


def arrange_in_polygon(polygon: Sequence[Point], pieces: Sequence[Piece],
                       reserved: Sequence[Rect] = ()) -> Arrangement:
    """Positions for ``pieces`` inside any simple polygon (rectangle, L-shape…), in the stable order.

    The bases keep off the ``reserved`` rectangles, unless they cannot fit anywhere else.
    """
    if not pieces:
        return Arrangement(positions={}, scale=1.0)
    ordered = ordered_pieces(pieces)
    base_cm = max((max(p.base_cm, 0.0) for p in ordered), default=0.0)
    shape = tuple((float(x), float(y)) for x, y in polygon)
    keep_clear = tuple(tuple(float(v) for v in rect) for rect in reserved)
    slots, scale = _slots(shape, base_cm, len(ordered), keep_clear)  # type: ignore[arg-type]
    if keep_clear and scale <= MIN_SCALE:
        slots, scale = _slots(shape, base_cm, len(ordered), ())
    return Arrangement(positions={p.id: slot for p, slot in zip(ordered, slots, strict=True)}, scale=scale)


# --- layout ----------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _slots(polygon: tuple[Point, ...], base_cm: float, count: int,
           reserved: tuple[Rect, ...] = ()) -> tuple[tuple[Point, ...], float]:
    """``count`` slot centres and the scale at which bases of ``base_cm`` fit there, off ``reserved``."""
    if len(polygon) < 3 or _area(polygon) <= _EPS or base_cm <= 0:
        middle = _inner_point(polygon)
        scale = 1.0 if base_cm <= 0 else MIN_SCALE
        return tuple(middle for _ in range(count)), scale

    shape = _Shape(polygon)
    rows = _rows(shape, base_cm, 1.0, reserved)
    if _capacity(rows) >= count:
        return _fill(polygon, rows, count, base_cm), 1.0

    # Too crowded: step down from an estimate until the bases fit, then refine by bisection.
    # Estimate: ``count`` square cells of side ``pitch`` fill the area, less about half a cell
    # lost along the outline: count·p² + (perimeter/4)·p = area.
    quarter_perimeter = shape.perimeter / 4
    pitch = (-quarter_perimeter + math.sqrt(quarter_perimeter**2 + 4 * count * shape.area)) / (2 * count)
    estimate = min(1.0, pitch / (base_cm * (1 + GAP_RATIO)))
    upper, lower = 1.0, max(estimate, MIN_SCALE)
    lower_rows = _rows(shape, base_cm, lower, reserved)
    while _capacity(lower_rows) < count:
        if lower <= MIN_SCALE:
            middle = _inner_point(polygon)
            return tuple(middle for _ in range(count)), MIN_SCALE
        upper, lower = lower, max(lower * 0.93, MIN_SCALE)
        lower_rows = _rows(shape, base_cm, lower, reserved)
    for _ in range(3):
        middle_scale = (lower + upper) / 2
        middle_rows = _rows(shape, base_cm, middle_scale, reserved)
        if _capacity(middle_rows) >= count:
            lower, lower_rows = middle_scale, middle_rows
        else:
            upper = middle_scale
    return _fill(polygon, lower_rows, count, base_cm * lower), lower


def _capacity(rows: list[Row]) -> int:
    return sum(sum(row[2]) for row in rows)


Row = tuple[float, tuple[tuple[float, float], ...], tuple[int, ...]]  # y, centre ranges, slots in each


class _Shape:
    """What the row layout needs of a polygon, worked out once."""

    __slots__ = ("edges", "vertex_ys", "top", "bottom", "area", "perimeter")

    def __init__(self, polygon: tuple[Point, ...]):
        self.edges = _edges(polygon)
        ys = [p[1] for p in polygon]
        self.vertex_ys = sorted(set(ys))
        self.top, self.bottom = min(ys), max(ys)
        self.area = _area(polygon)
        n = len(polygon)
        self.perimeter = sum(math.dist(polygon[i], polygon[(i + 1) % n]) for i in range(n))


def _rows(shape: _Shape, base_cm: float, scale: float, reserved: tuple[Rect, ...] = ()) -> list[Row]:
    """Rows of slots on a square grid, centred in the polygon's bounding box, beside ``reserved``."""
    diameter = base_cm * scale
    pitch = diameter * (1 + GAP_RATIO)
    reach = diameter / 2 + diameter * MARGIN_RATIO  # centre to the nearest allowed border
    top, bottom = shape.top, shape.bottom
    span = bottom - top - 2 * reach
    if span < -_EPS:
        return []
    row_count = int(max(span, 0.0) / pitch + _EPS) + 1
    middle_y = (top + bottom) / 2
    rows: list[Row] = []
    for index in range(row_count):
        y = middle_y + (index - (row_count - 1) / 2) * pitch
        intervals = _band_intervals(shape, y - reach, y + reach)
        centre_ranges = tuple(
            (lo + reach, hi - reach) for lo, hi in intervals if hi - lo >= 2 * reach - _EPS
        )
        for left, top_cm, right, bottom_cm in reserved:
            if y + reach > top_cm and y - reach < bottom_cm:
                centre_ranges = _without(centre_ranges, left - reach, right + reach)
        counts = tuple(int(max(hi - lo, 0.0) / pitch + _EPS) + 1 for lo, hi in centre_ranges)
        rows.append((y, centre_ranges, counts))
    return rows


def _without(ranges: tuple[tuple[float, float], ...], cut_lo: float, cut_hi: float) -> tuple[tuple[float, float], ...]:
    """The ranges minus the open interval (cut_lo, cut_hi)."""
    kept: list[tuple[float, float]] = []
    for lo, hi in ranges:
        if hi <= cut_lo or lo >= cut_hi:
            kept.append((lo, hi))
            continue
        if lo <= cut_lo:
            kept.append((lo, cut_lo))
        if hi >= cut_hi:
            kept.append((cut_hi, hi))
    return tuple(kept)


def _centred(lo: float, hi: float, n: int, pitch: float) -> list[float]:
    start = (lo + hi) / 2 - (n - 1) * pitch / 2
    return [start + i * pitch for i in range(n)]


def _fill(polygon: tuple[Point, ...], rows: list[Row], count: int, diameter: float) -> tuple[Point, ...]:
    """Fill the fewest rows nearest the middle, top to bottom; a partial last row is centred."""
    pitch = diameter * (1 + GAP_RATIO)
    capacities = [sum(r[2]) for r in rows]
    middle_index = (len(rows) - 1) / 2
    best: tuple[int, float, int] | None = None  # rows used, distance from the middle, first row
    for first in range(len(rows)):
        total = 0
        for last in range(first, len(rows)):
            total += capacities[last]
            if total >= count:
                key = (last - first + 1, abs((first + last) / 2 - middle_index), first)
                if best is None or key < best:
                    best = key
                break
    if best is None:  # cannot happen when the capacity was checked; keep a safe answer
        middle = _inner_point(polygon)
        return tuple(middle for _ in range(count))
    used, _, first = best
    slots: list[Point] = []
    remaining = count
    for y, ranges, counts in rows[first : first + used]:
        if remaining >= sum(counts):
            for (lo, hi), n in zip(ranges, counts, strict=True):
                slots.extend((x, y) for x in _centred(lo, hi, n, pitch))
            remaining -= sum(counts)
            continue
        slots.extend((x, y) for x in _partial_row(ranges, remaining, pitch))
        remaining = 0
    # Blocks of rows with empty rows inside (odd shapes) still give exactly ``count`` slots.
    return tuple(slots[:count])


def _partial_row(ranges: tuple[tuple[float, float], ...], count: int, pitch: float) -> list[float]:
    """``count`` centred slots in the widest range that takes them, else ranges left to right."""
    for lo, hi in sorted(ranges, key=lambda r: r[0] - r[1]):
        if int(max(hi - lo, 0.0) / pitch + _EPS) + 1 >= count:
            return _centred(lo, hi, count, pitch)
    xs: list[float] = []
    for lo, hi in ranges:
        n = min(count - len(xs), int(max(hi - lo, 0.0) / pitch + _EPS) + 1)
        xs.extend(_centred(lo, hi, n, pitch))
        if len(xs) == count:
            break
    return xs


# --- geometry --------------------------------------------------------------------------------


Edge = tuple[float, float, float, float]  # y at the top end, y at the bottom end, x at the top, dx/dy


def _edges(polygon: tuple[Point, ...]) -> tuple[Edge, ...]:
    """The polygon's non-horizontal edges, top end first, for fast scans."""
    edges = []
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if y1 == y2:
            continue
        if y1 > y2:
            x1, y1, x2, y2 = x2, y2, x1, y1
        edges.append((y1, y2, x1, (x2 - x1) / (y2 - y1)))
    return tuple(edges)


def _scan(edges: tuple[Edge, ...], y: float) -> list[tuple[float, float]]:
    """The inside intervals of a horizontal line through the polygon (even-odd rule)."""
    xs = sorted([x + (y - top) * slope for top, bottom, x, slope in edges if top <= y < bottom])
    return [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]


def _intersect(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo = max(a[i][0], b[j][0])
        hi = min(a[i][1], b[j][1])
        if hi > lo:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def _band_intervals(shape: _Shape, y_top: float, y_bottom: float) -> list[tuple[float, float]]:
    """x intervals inside the polygon for every y of the band: a square there lies inside it.

    Interval ends move linearly between vertex heights, so the band ends and both sides of each
    vertex height inside the band are enough.
    """
    nudge = max(1e-7, (y_bottom - y_top) * 1e-6)
    samples = [y_top + nudge, y_bottom - nudge]
    for vy in shape.vertex_ys:
        if y_top < vy < y_bottom:
            samples.extend((vy - nudge, vy + nudge))
    intervals = _scan(shape.edges, samples[0])
    for y in samples[1:]:
        if not intervals:
            break
        intervals = _intersect(intervals, _scan(shape.edges, y))
    return intervals


def _area(polygon: Sequence[Point]) -> float:
    n = len(polygon)
    twice = sum(
        polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1] for i in range(n)
    )
    return abs(twice) / 2


def _inner_point(polygon: Sequence[Point]) -> Point:
    """A point inside the polygon near its middle: the middle of the widest scan at mid height."""
    if not polygon:
        return (0.0, 0.0)
    ys = [p[1] for p in polygon]
    xs = [p[0] for p in polygon]
    y = (min(ys) + max(ys)) / 2
    intervals = _scan(_edges(tuple(polygon)), y) if len(polygon) >= 3 else []
    if intervals:
        lo, hi = max(intervals, key=lambda r: r[1] - r[0])
        return ((lo + hi) / 2, y)
    return ((min(xs) + max(xs)) / 2, y)


def distance_to_border(p: Point, polygon: Sequence[Point]) -> float:
    """Shortest distance from ``p`` to the polygon's outline."""
    n = len(polygon)
    return min((point_segment_distance(p, (polygon[i], polygon[(i + 1) % n])) for i in range(n)), default=math.inf)


def disc_inside(center: Point, radius_cm: float, polygon: Sequence[Point]) -> bool:
    """True when the whole disc lies inside the polygon."""
    return point_in_polygon(center, polygon) and distance_to_border(center, polygon) >= radius_cm - 1e-7
