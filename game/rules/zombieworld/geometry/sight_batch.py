"""Many pairs of figures at once (numpy): which pieces each pair's rays can meet, and which
directions ``sight`` would find wholly hidden without tracing a ray (``SightMap`` asks this first).

A pair's rays all run inside its corridor: the four-sided shape between a segment across the
first figure (as wide as the rays aimed at it) and one across the second. A tall rectangle piece
that cuts the corridor from side to side, with both ends outside it, meets every ray of both
directions; when it stands taller than a direction's highest ray, ``sight`` hides every vital point
of every ray of that direction behind it (a building's walls do so unless a ray may cross one at a
window or open door, so a building counts only when no such opening comes near the corridor).
Every test keeps ``DEPTH_CM`` clear of the edge cases: a corridor that only grazes a piece, ends
touching it or a ray passing near an opening is left to ``sight`` itself, so the answers are
``sight``'s own to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from game.board.model import TerrainKind
from game.rules.zombieworld.geometry.table import (
    BASE_RADIUS_CM,
    EYE_HEIGHT_CM,
    PORTAL_REACH_CM,
    VITAL_POINTS_CM,
    Figure,
    Table,
    sight_portal_open,
)

Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]

DEPTH_CM = 1e-2  # how deep inside a piece, and how far outside it, a certain answer asks: far above rounding


HEIGHT_SLACK_CM = 1e-4  # how much taller than the highest ray a piece must stand (``sight`` asks 1e-6)


_FAR_CM = 1e12  # an empty box's bounds (finite: products with them stay numbers)


AIM_SPREAD = 0.8  # rays aim this share of the target's base radius aside (``sight``)


class Terrain:
    """The table's pieces as arrays, built once per ``SightMap`` (its table and open doors are fixed)."""

    def __init__(self, table: Table, open_portals: frozenset[str]) -> None:
        blockers = table.blockers
        self.boxes: Floats = np.array([b[:4] for b in blockers], dtype=np.float64).reshape(-1, 4)
        heights = []  # how tall each blocker stands as a cutter; -inf: never one
        portal_boxes, portal_owner = [], []
        reach = PORTAL_REACH_CM + DEPTH_CM
        for column, (min_x, min_y, max_x, max_y, sight_height, index) in enumerate(blockers):
            piece = table.pieces[index] if index >= 0 else None
            if piece is None or not piece.is_rectangle or max_x - min_x <= 4 * DEPTH_CM \
                    or max_y - min_y <= 4 * DEPTH_CM:
                heights.append(-math.inf)  # walls have no inside; other outlines are left to ``sight``
                continue
            if sight_height == math.inf and piece.kind is TerrainKind.BUILDING:
                heights.append(piece.top_cm)
                for (a, b, kind, opened), portal_id in zip(piece.portals, piece.portal_ids, strict=True):
                    if sight_portal_open(kind, opened, portal_id, open_portals):
                        portal_boxes.append((min(a[0], b[0]) - reach, min(a[1], b[1]) - reach,
                                             max(a[0], b[0]) + reach, max(a[1], b[1]) + reach))
                        portal_owner.append(column)
            else:
                heights.append(sight_height)
        self.heights: Floats = np.array(heights, dtype=np.float64)
        widest = max((portal_owner.count(c) for c in set(portal_owner)), default=0)
        # per blocker, the boxes its openings reach (padded with boxes no corridor meets)
        openings = np.tile(np.array([_FAR_CM, _FAR_CM, -_FAR_CM, -_FAR_CM]), (len(blockers), widest, 1))
        filled = [0] * len(blockers)
        for column, opening in zip(portal_owner, portal_boxes, strict=True):
            openings[column, filled[column]] = opening
            filled[column] += 1
        self.openings: Floats = openings


class Survey:
    """What ``survey`` found for each pair (rows in the order given)."""

    def __init__(self, boxes: Floats, near: Flags, hidden_forward: Flags, hidden_back: Flags) -> None:
        self.boxes = boxes  # per pair: the box within which a blocker or figure can matter (``SightMap``)
        self.near = near  # pair × blocker: the blocker's box meets the pair's
        self.hidden_forward = hidden_forward  # the first figure sees nothing of the second
        self.hidden_back = hidden_back  # the second sees nothing of the first


def survey(terrain: Terrain, figures: Sequence[Figure], firsts: npt.NDArray[np.intp],
           seconds: npt.NDArray[np.intp]) -> Survey:
    """The pairs (figures[firsts[k]], figures[seconds[k]]): their boxes, the blockers near them and
    the directions a cutting piece hides wholly."""
    columns = _columns(figures)
    ax, ay, ra, a_eye, a_top = columns[firsts].T
    bx, by, rb, b_eye, b_top = columns[seconds].T
    margin = np.maximum(ra, rb) * AIM_SPREAD + BASE_RADIUS_CM
    # the same floats as ``SightMap``'s box: a - margin on the low side, b + margin on the high
    low_x = np.where(ax < bx, ax - margin, bx - margin)
    high_x = np.where(ax < bx, bx + margin, ax + margin)
    low_y = np.where(ay < by, ay - margin, by - margin)
    high_y = np.where(ay < by, by + margin, ay + margin)
    boxes = np.stack((low_x, low_y, high_x, high_y), axis=1)
    blocker = terrain.boxes
    near = ((blocker[None, :, 0] <= high_x[:, None]) & (blocker[None, :, 2] >= low_x[:, None])
            & (blocker[None, :, 1] <= high_y[:, None]) & (blocker[None, :, 3] >= low_y[:, None]))
    forward_top = np.maximum(a_eye, b_top) + HEIGHT_SLACK_CM
    back_top = np.maximum(b_eye, a_top) + HEIGHT_SLACK_CM
    # only the (pair, blocker) couples that could hide one direction are worked out, as flat arrays
    pair, column = np.nonzero(near & (terrain.heights[None, :] > np.minimum(forward_top, back_top)[:, None]))
    cuts = _cutting(terrain, pair, column, ax, ay, bx, by, ra * AIM_SPREAD + DEPTH_CM, rb * AIM_SPREAD + DEPTH_CM)
    pair, column = pair[cuts], column[cuts]
    tall = terrain.heights[column]
    hidden_forward = np.zeros(len(firsts), dtype=np.bool_)
    hidden_back = np.zeros(len(firsts), dtype=np.bool_)
    hidden_forward[pair[tall > forward_top[pair]]] = True
    hidden_back[pair[tall > back_top[pair]]] = True
    return Survey(boxes, near, hidden_forward, hidden_back)


def _columns(figures: Sequence[Figure]) -> Floats:
    """Per figure: x, y, base radius, eye height and highest vital point."""
    rows = [(f.x, f.y, f.radius_cm, EYE_HEIGHT_CM + f.base_cm,
             max(VITAL_POINTS_CM.get(f.kind, VITAL_POINTS_CM["survivor"])) + f.base_cm) for f in figures]
    return np.array(rows, dtype=np.float64).reshape(-1, 5)


def _cutting(terrain: Terrain, pair: npt.NDArray[np.intp], column: npt.NDArray[np.intp], ax: Floats, ay: Floats,
             bx: Floats, by: Floats, reach_a: Floats, reach_b: Floats) -> Flags:
    """Per couple (``pair``, ``column``): every segment from the end across a (half-width
    ``reach_a``) to the end across b crosses the outline of blocker ``column`` (a rectangle) at least
    once, ``DEPTH_CM`` clear of the edge cases, and never where an opening lets sight through.
    Either one end lies ``DEPTH_CM`` inside the rectangle and the other ``DEPTH_CM`` outside it, or
    both ends lie outside and both long sides of the corridor run ``DEPTH_CM`` deep through it (a
    chord between their deep points then lies inside, and every such segment crosses the chord).
    The pair's figures come per pair; each test runs on the couples the ones before it kept."""
    dx, dy = bx - ax, by - ay
    length = np.hypot(dx, dy)
    usable = length > 10 * DEPTH_CM
    safe = np.where(usable, length, 1.0)
    normal_x, normal_y = -dy / safe, dx / safe
    result = np.zeros(len(pair), dtype=np.bool_)
    # the segment between the two figures meets the rectangle: a cheap test that leaves few couples
    box = terrain.boxes[column].T
    outer = (box[0] - DEPTH_CM, box[1] - DEPTH_CM, box[2] + DEPTH_CM, box[3] + DEPTH_CM)
    kept = np.flatnonzero(usable[pair] & _runs_through(ax[pair], ay[pair], bx[pair], by[pair], outer))
    pair, column, box = pair[kept], column[kept], box[:, kept]
    ax, ay, bx, by, length = ax[pair], ay[pair], bx[pair], by[pair], length[pair]
    px, py, reach_a, reach_b = normal_x[pair], normal_y[pair], reach_a[pair], reach_b[pair]
    inner = (box[0] + DEPTH_CM, box[1] + DEPTH_CM, box[2] - DEPTH_CM, box[3] - DEPTH_CM)
    outer = (box[0] - DEPTH_CM, box[1] - DEPTH_CM, box[2] + DEPTH_CM, box[3] + DEPTH_CM)
    ends = []
    for x, y, reach in ((ax, ay, reach_a), (bx, by, reach_b)):
        half_x, half_y = np.abs(px) * reach, np.abs(py) * reach
        end = (x - half_x, y - half_y, x + half_x, y + half_y)
        ends.append((_apart(end, outer), _within(end, inner)))
    (a_out, a_in), (b_out, b_in) = ends
    across = a_out & b_out
    if across.any():
        for side in (1.0, -1.0):
            across &= _runs_through(ax + side * px * reach_a, ay + side * py * reach_a,
                                    bx + side * px * reach_b, by + side * py * reach_b, inner)
    found = across | (a_in & b_out) | (a_out & b_in)
    openings = terrain.openings[column]  # couple × opening of that building (empty boxes pad)
    if openings.shape[1] and found.any():
        # an opening of this very building near the corridor: a ray may pass there; apart along
        # either the table's axes or the corridor's own
        corners_x = np.stack((ax + px * reach_a, ax - px * reach_a, bx + px * reach_b, bx - px * reach_b))
        corners_y = np.stack((ay + py * reach_a, ay - py * reach_a, by + py * reach_b, by - py * reach_b))
        corridor = (corners_x.min(axis=0)[:, None], corners_y.min(axis=0)[:, None],
                    corners_x.max(axis=0)[:, None], corners_y.max(axis=0)[:, None])
        apart = _apart(corridor, (openings[:, :, 0], openings[:, :, 1], openings[:, :, 2], openings[:, :, 3]))
        widest = np.maximum(reach_a, reach_b)[:, None]
        across_lo, across_hi = np.full(apart.shape, np.inf), np.full(apart.shape, -np.inf)
        along_lo, along_hi = across_lo.copy(), across_hi.copy()
        for corner_x, corner_y in ((0, 1), (0, 3), (2, 1), (2, 3)):
            rel_x = openings[:, :, corner_x] - ax[:, None]
            rel_y = openings[:, :, corner_y] - ay[:, None]
            across_corner = rel_x * px[:, None] + rel_y * py[:, None]
            along_corner = rel_x * py[:, None] - rel_y * px[:, None]  # along a→b, whose direction is (py, -px)
            across_lo, across_hi = np.minimum(across_lo, across_corner), np.maximum(across_hi, across_corner)
            along_lo, along_hi = np.minimum(along_lo, along_corner), np.maximum(along_hi, along_corner)
        apart |= (across_lo > widest + DEPTH_CM) | (across_hi < -widest - DEPTH_CM)
        apart |= (along_hi < -DEPTH_CM) | (along_lo > length[:, None] + DEPTH_CM)
        found &= apart.all(axis=1)
    result[kept[found]] = True
    return result


def _runs_through(start_x: Floats, start_y: Floats, end_x: Floats, end_y: Floats,
                  inner: tuple[Floats, Floats, Floats, Floats]) -> Flags:
    """Per couple: the segment passes through the inside of the box."""
    low = np.zeros(len(start_x))
    high = np.ones(len(start_x))
    for start, end, box_low, box_high in ((start_x, end_x, inner[0], inner[2]), (start_y, end_y, inner[1], inner[3])):
        delta = end - start
        flat = np.abs(delta) < 1e-12
        step = np.where(flat, 1.0, delta)
        first = (box_low - start) / step
        second = (box_high - start) / step
        outside = flat & ((start <= box_low) | (start >= box_high))
        low = np.where(outside, np.inf, np.where(flat, low, np.maximum(low, np.minimum(first, second))))
        high = np.where(flat, high, np.minimum(high, np.maximum(first, second)))
    return low < high


def _within(boxes: tuple[Floats, Floats, Floats, Floats], others: tuple[Floats, Floats, Floats, Floats]) -> Flags:
    """Element by element: the first box lies inside the second."""
    return ((boxes[0] > others[0]) & (boxes[1] > others[1]) & (boxes[2] < others[2]) & (boxes[3] < others[3]))


def _apart(boxes: tuple[Floats, Floats, Floats, Floats], others: tuple[Floats, Floats, Floats, Floats]) -> Flags:
    """Element by element (broadcast): the two boxes share no point."""
    low_x, low_y, high_x, high_y = boxes
    other_low_x, other_low_y, other_high_x, other_high_y = others
    return (high_x < other_low_x) | (low_x > other_high_x) | (high_y < other_low_y) | (low_y > other_high_y)
