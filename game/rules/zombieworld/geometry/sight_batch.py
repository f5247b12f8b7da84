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
Indices = npt.NDArray[np.intp]

DEPTH_CM = 1e-2  # how deep inside a piece, and how far outside it, a certain answer asks: far above rounding


HEIGHT_SLACK_CM = 1e-4  # how much taller than the highest ray a piece must stand (``sight`` asks 1e-6)


_FAR_CM = 1e12  # an empty box's bounds (finite: products with them stay numbers)


AIM_SPREAD = 0.8  # rays aim this share of the target's base radius aside (``sight``)


FIGURE_BLOCKING = 0.9  # a figure hides a ray passing within this share of its base radius (``sight``)


class Lines:
    """Per pair (or couple): the two figures, the unit normal of the line a→b, its length and the
    half-widths of the corridor's ends (the rays' spread, and ``DEPTH_CM``)."""

    def __init__(self, ax: Floats, ay: Floats, bx: Floats, by: Floats, px: Floats, py: Floats, length: Floats,
                 reach_a: Floats, reach_b: Floats) -> None:
        self.ax, self.ay, self.bx, self.by, self.px, self.py = ax, ay, bx, by, px, py
        self.length, self.reach_a, self.reach_b = length, reach_a, reach_b

    def take(self, rows: npt.NDArray[np.intp]) -> Lines:
        return Lines(self.ax[rows], self.ay[rows], self.bx[rows], self.by[rows], self.px[rows], self.py[rows],
                      self.length[rows], self.reach_a[rows], self.reach_b[rows])


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
        # how high each blocker hides anything (a building: its top), and which are rectangles
        # whose inside hides nothing (no building: a ray that stays inside crosses no outline)
        self.tops: Floats = np.array([table.pieces[index].top_cm if sight_height == math.inf else sight_height
                                      for *_, sight_height, index in blockers], dtype=np.float64)
        self.hollow: Flags = np.array([index >= 0 and table.pieces[index].is_rectangle and sight_height < math.inf
                                       for *_, sight_height, index in blockers], dtype=np.bool_)
        self.centres_x: Floats = (self.boxes[:, 0] + self.boxes[:, 2]) / 2
        self.centres_y: Floats = (self.boxes[:, 1] + self.boxes[:, 3]) / 2
        self.half_widths: Floats = (self.boxes[:, 2] - self.boxes[:, 0]) / 2
        self.half_heights: Floats = (self.boxes[:, 3] - self.boxes[:, 1]) / 2
        widest = max((portal_owner.count(c) for c in set(portal_owner)), default=0)
        # per blocker, the boxes its openings reach (padded with boxes no corridor meets)
        openings = np.tile(np.array([_FAR_CM, _FAR_CM, -_FAR_CM, -_FAR_CM]), (len(blockers), widest, 1))
        filled = [0] * len(blockers)
        for column, opening in zip(portal_owner, portal_boxes, strict=True):
            openings[column, filled[column]] = opening
            filled[column] += 1
        self.openings: Floats = openings


_LAST_TERRAIN: list[tuple[Table, frozenset[str], Terrain]] = []  # the table last asked about


def terrain_of(table: Table, open_portals: frozenset[str]) -> Terrain:
    """The table's ``Terrain``, kept from the ``SightMap`` before when it was of the same table
    with the same open doors (the AI asks again at each decision)."""
    if _LAST_TERRAIN and _LAST_TERRAIN[0][0] is table and _LAST_TERRAIN[0][1] == open_portals:
        return _LAST_TERRAIN[0][2]
    terrain = Terrain(table, open_portals)
    _LAST_TERRAIN[:] = [(table, open_portals, terrain)]
    return terrain


class Survey:
    """What ``survey`` found for each pair (rows in the order given)."""

    def __init__(self, boxes: Floats, hidden_forward: Flags, hidden_back: Flags, clear: Flags,
                 touching: dict[int, list[int]], crowding: dict[int, list[int]], columns: Floats, usable: Flags,
                 couples: tuple[tuple[Indices, Indices], tuple[Indices, Indices]], firsts: Indices,
                 seconds: Indices) -> None:
        self.boxes = boxes  # per pair: the box within which a figure could hide either (``SightMap``)
        self.hidden_forward = hidden_forward  # the first figure sees nothing of the second
        self.hidden_back = hidden_back  # the second sees nothing of the first
        self.clear = clear  # nothing comes near either direction's rays: each sees all of the other
        # for the other pairs: the blockers (columns of ``Table.blockers``, tallest first) and the
        # figures (indices) that may meet a ray; the rest are apart from every ray
        self.touching = touching
        self.crowding = crowding
        self.columns = columns  # per figure (``_columns``)
        self.firsts, self.seconds = firsts, seconds
        self.usable = usable  # the pair's figures stand apart (by ``10 * DEPTH_CM``)
        # ``touching`` and ``crowding`` as arrays: (pair rows, blocker columns), (pair rows, figures)
        self.couples = couples


def survey(terrain: Terrain, figures: Sequence[Figure], firsts: npt.NDArray[np.intp],
           seconds: npt.NDArray[np.intp]) -> Survey:
    """The pairs (figures[firsts[k]], figures[seconds[k]]): their boxes, the blockers near them and
    the directions a cutting piece hides wholly."""
    columns = _columns(figures)
    ax, ay, ra, a_eye, a_top, _ = columns[firsts].T
    bx, by, rb, b_eye, b_top, _ = columns[seconds].T
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
    dx, dy = bx - ax, by - ay
    length = np.hypot(dx, dy)
    usable = length > 10 * DEPTH_CM
    safe = np.where(usable, length, 1.0)
    lines = Lines(ax, ay, bx, by, -dy / safe, dx / safe, length, ra * AIM_SPREAD + DEPTH_CM, rb * AIM_SPREAD + DEPTH_CM)
    forward_top = np.maximum(a_eye, b_top) + HEIGHT_SLACK_CM
    back_top = np.maximum(b_eye, a_top) + HEIGHT_SLACK_CM
    # only the (pair, blocker) couples that could hide one direction are worked out, as flat arrays
    pair, column = np.nonzero(near & usable[:, None]
                              & (terrain.heights[None, :] > np.minimum(forward_top, back_top)[:, None]))
    cuts = _cutting(terrain, pair, column, lines)
    pair, column = pair[cuts], column[cuts]
    tall = terrain.heights[column]
    hidden_forward = np.zeros(len(firsts), dtype=np.bool_)
    hidden_back = np.zeros(len(firsts), dtype=np.bool_)
    hidden_forward[pair[tall > forward_top[pair]]] = True
    hidden_back[pair[tall > back_top[pair]]] = True
    # nothing near the corridor: no piece (``DEPTH_CM`` apart) and no figure whose base could hide a
    # ray (asked only of the pairs not found hidden)
    rest = np.flatnonzero(~(hidden_forward & hidden_back))
    short = ~usable[rest]  # figures (almost) on one another: everything in their box is kept
    pair, column = np.nonzero(near[rest])
    apart, starts, ends = off_corridor(terrain.boxes[column].T, lines.take(rest[pair]))
    struck = ~(apart | (ends < 0.0) | (starts > lines.length[rest[pair]])) | short[pair]
    blocked = np.zeros(len(rest), dtype=np.bool_)
    blocked[pair[struck]] = True
    touching: dict[int, list[int]] = {}
    touching_couples = (rest[pair[struck]], column[struck])
    for k, blocker_column in zip(touching_couples[0].tolist(), touching_couples[1].tolist(), strict=True):
        touching.setdefault(k, []).append(blocker_column)
    fx, fy, fr = columns[:, 0][None, :], columns[:, 1][None, :], columns[:, 2][None, :]
    inside = ((low_x[rest, None] <= fx) & (fx <= high_x[rest, None]) & (low_y[rest, None] <= fy)
              & (fy <= high_y[rest, None]))
    inside[np.arange(len(rest)), firsts[rest]] = False
    inside[np.arange(len(rest)), seconds[rest]] = False
    across = (fx - ax[rest, None]) * lines.px[rest, None] + (fy - ay[rest, None]) * lines.py[rest, None]
    widest = np.maximum(lines.reach_a, lines.reach_b)[rest, None]
    crowd = inside & ((np.abs(across) <= widest + fr * FIGURE_BLOCKING + DEPTH_CM) | short[:, None])
    blocked |= crowd.any(axis=1)
    crowding: dict[int, list[int]] = {}
    pair, figure = np.nonzero(crowd)
    crowding_couples = (rest[pair], figure)
    for k, figure_index in zip(crowding_couples[0].tolist(), figure.tolist(), strict=True):
        crowding.setdefault(k, []).append(figure_index)
    clear = np.zeros(len(firsts), dtype=np.bool_)
    clear[rest[~blocked & ~short]] = True
    return Survey(boxes, hidden_forward, hidden_back, clear, touching, crowding, columns, usable,
                  (touching_couples, crowding_couples), firsts, seconds)


def _columns(figures: Sequence[Figure]) -> Floats:
    """Per figure: x, y, base radius, eye height, highest and lowest vital point."""
    rows = [(f.x, f.y, f.radius_cm, EYE_HEIGHT_CM + f.base_cm, max(vitals) + f.base_cm, min(vitals) + f.base_cm)
            for f in figures for vitals in (VITAL_POINTS_CM.get(f.kind, VITAL_POINTS_CM["survivor"]),)]
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


def _cutting(terrain: Terrain, pair: npt.NDArray[np.intp], column: npt.NDArray[np.intp], lines: Lines) -> Flags:
    """Per couple (``pair``, ``column``): every segment from the end across a (half-width
    ``reach_a``) to the end across b crosses the outline of blocker ``column`` (a rectangle) at least
    once, ``DEPTH_CM`` clear of the edge cases, and never where an opening lets sight through.
    Either one end lies ``DEPTH_CM`` inside the rectangle and the other ``DEPTH_CM`` outside it, or
    both ends lie outside and both long sides of the corridor run ``DEPTH_CM`` deep through it (a
    chord between their deep points then lies inside, and every such segment crosses the chord).
    Each test runs on the couples the ones before it kept."""
    result = np.zeros(len(pair), dtype=np.bool_)
    # the line through the two figures meets the rectangle: a cheap test that leaves few couples
    kept = np.flatnonzero(np.abs((terrain.centres_x[column] - lines.ax[pair]) * lines.px[pair]
                                 + (terrain.centres_y[column] - lines.ay[pair]) * lines.py[pair])
                          <= np.abs(lines.px[pair]) * terrain.half_widths[column]
                          + np.abs(lines.py[pair]) * terrain.half_heights[column] + DEPTH_CM)
    pair, column, lines = pair[kept], column[kept], lines.take(pair[kept])
    box = terrain.boxes[column].T
    ax, ay, bx, by, px, py = lines.ax, lines.ay, lines.bx, lines.by, lines.px, lines.py
    reach_a, reach_b = lines.reach_a, lines.reach_b
    inner = (box[0] + DEPTH_CM, box[1] + DEPTH_CM, box[2] - DEPTH_CM, box[3] - DEPTH_CM)
    outer = (box[0] - DEPTH_CM, box[1] - DEPTH_CM, box[2] + DEPTH_CM, box[3] + DEPTH_CM)
    ends = []
    for x, y, reach in ((ax, ay, reach_a), (bx, by, reach_b)):
        half_x, half_y = np.abs(px) * reach, np.abs(py) * reach
        end = (x - half_x, y - half_y, x + half_x, y + half_y)
        ends.append((_apart(end, outer), _within(end, inner)))
    (a_out, a_in), (b_out, b_in) = ends
    across = a_out & b_out
    chord_near, chord_far = np.zeros(len(ax)), np.ones(len(ax))  # where the chord lies, as shares of a→b
    if across.any():
        for side in (1.0, -1.0):
            through, deep_at = _runs_through(ax + side * px * reach_a, ay + side * py * reach_a,
                                             bx + side * px * reach_b, by + side * py * reach_b, inner)
            across &= through
            chord_near, chord_far = np.where(through, np.maximum(chord_near, deep_at), chord_near), np.where(
                through, np.minimum(chord_far, deep_at), chord_far)
    found = across | (a_in & b_out) | (a_out & b_in)
    openings = terrain.openings[column]  # couple × opening of that building (empty boxes pad)
    if openings.shape[1] and found.any():
        # no opening of this very building near where the rays cross its walls. Going through, a ray
        # enters before the chord and leaves after it: away from the openings on either side is enough
        apart, first_cm, last_cm = off_corridor(openings.transpose(2, 0, 1), lines, True)
        length = lines.length[:, None]
        whole = (apart | (last_cm < 0.0) | (first_cm > length)).all(axis=1)
        entering = (apart | (last_cm < 0.0) | (first_cm > chord_near[:, None] * length)).all(axis=1)
        leaving = (apart | (last_cm < chord_far[:, None] * length) | (first_cm > length)).all(axis=1)
        found &= whole | (across & (entering | leaving))
    result[kept[found]] = True
    return result


def _runs_through(start_x: Floats, start_y: Floats, end_x: Floats, end_y: Floats,
                  inner: tuple[Floats, Floats, Floats, Floats]) -> tuple[Flags, Floats]:
    """Per couple: the segment passes through the inside of the box, and a point it passes there
    (the middle of its stretch inside, as a share of the segment)."""
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
    return low < high, (low + high) / 2


def off_corridor(boxes: Floats, lines: Lines, per_row: bool = False) -> tuple[Flags, Floats, Floats]:
    """How the boxes (4 × couples, or 4 × couples × k with ``per_row``) lie against their pair's
    corridor, in the corridor's own axes (the rectangle around it, as wide as its wider end): apart
    across it (by ``DEPTH_CM``), and where they start and end along a→b (cm from a). A box that is
    apart across, or ends before the stretch of a→b asked about or starts after it, misses it."""
    def widen(values: Floats) -> Floats:
        return values[:, None] if per_row else values

    ax, ay, px, py = widen(lines.ax), widen(lines.ay), widen(lines.px), widen(lines.py)
    half_x, half_y = (boxes[2] - boxes[0]) / 2, (boxes[3] - boxes[1]) / 2
    rel_x, rel_y = boxes[0] + half_x - ax, boxes[1] + half_y - ay
    abs_px, abs_py = np.abs(px), np.abs(py)
    across = np.abs(rel_x * px + rel_y * py) - (abs_px * half_x + abs_py * half_y)
    along = rel_x * py - rel_y * px  # the direction a→b is (py, -px)
    along_half = abs_py * half_x + abs_px * half_y
    apart = across > widen(np.maximum(lines.reach_a, lines.reach_b)) + DEPTH_CM
    return apart, along - along_half - DEPTH_CM, along + along_half + DEPTH_CM


def _within(boxes: tuple[Floats, Floats, Floats, Floats], others: tuple[Floats, Floats, Floats, Floats]) -> Flags:
    """Element by element: the first box lies inside the second."""
    return ((boxes[0] > others[0]) & (boxes[1] > others[1]) & (boxes[2] < others[2]) & (boxes[3] < others[3]))


def _apart(boxes: tuple[Floats, Floats, Floats, Floats], others: tuple[Floats, Floats, Floats, Floats]) -> Flags:
    """Element by element (broadcast): the two boxes share no point."""
    low_x, low_y, high_x, high_y = boxes
    other_low_x, other_low_y, other_high_x, other_high_y = others
    return (high_x < other_low_x) | (low_x > other_high_x) | (high_y < other_low_y) | (low_y > other_high_y)
