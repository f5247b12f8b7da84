"""Every figure's sight of every other at once, with the work shared (what the AI band asks at each
decision): ``SightMap``.

The answers are ``sight``'s own (``targets_in_sight`` for each shooter); only the work is shared:
- all the pairs to work out go at once through ``sight_batch`` (numpy): those a tall piece cuts
  off wholly see nothing of each other, those with nothing near their rays see each other whole,
  and for the others it lists the pieces and figures that can meet their rays; ``sight_rays``
  then settles what it can of those ray by ray (a tall outline or a base across a ray, nothing
  near it), and only the directions left are traced (``sight``), both from the one list;
- the shares and boxes are kept as figure-by-figure matrices, filled at once;
- where each figure stands (in a building, on difficult ground) and the cover pieces next to it
  are found once per figure, not once per shooter;
- ``update`` with the figures after a move recomputes only the pairs a change can touch: those
  of the figures that moved, and those whose line passes where a moved figure stood or stands
  (a miniature hides what is behind it). The table and its open doors are fixed for one map;
  the table's arrays are kept for the next ``SightMap`` of the same table and doors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from game.board.geometry import point_in_polygon
from game.board.model import TerrainKind
from game.rules.core.frozen import record
from game.rules.zombieworld.geometry.sight import (
    Cover,
    _visible_fraction,
    figure_rows,
)
from game.rules.zombieworld.geometry.sight_batch import Flags, Floats, Indices, survey, terrain_of
from game.rules.zombieworld.geometry.sight_rays import ray_shares
from game.rules.zombieworld.geometry.table import (
    BASE_RADIUS_CM,
    EPS,
    EYE_HEIGHT_CM,
    Figure,
    Piece,
    Table,
    base_distance,
    crossings,
)


@record
class _Ground:
    """Where one figure stands, as cover sees it."""

    building: int | None
    difficult: bool
    cover_pieces: tuple[Piece, ...]  # cover pieces within a base and a cm of it


class SightMap:
    """The sight of every figure on ``table`` by every other; ``update`` after a move."""

    def __init__(self, table: Table, figures: Sequence[Figure] = (), open_portals: frozenset[str] = frozenset()):
        self.table = table
        self.open_portals = open_portals
        self._figures: dict[str, Figure] = {}
        self._order: list[str] = []
        self._index: dict[str, int] = {}  # each figure's place in ``_order`` (rows and columns below)
        self._shares: Floats = np.zeros((0, 0))  # [i, j]: share of j's vital points i sees (NaN: itself)
        self._boxes: Floats = np.zeros((0, 0, 4))  # [i, j]: the box within which a figure could hide either
        self._rows: list[list[float]] | None = None  # ``_shares`` as lists, for the answers
        self._grounds: dict[str, _Ground] = {}
        self.pairs_traced = 0  # pairs worked out by the last update (the others were kept)
        self.directions_traced = 0  # of those, the shooter-target directions traced ray by ray (``sight``)
        self._terrain = terrain_of(table, open_portals)
        self._piece_bounds: Floats = np.array([p.bounds for p in table.pieces], dtype=np.float64).reshape(-1, 4)
        self._is_cover: Flags = np.array([p.kind is TerrainKind.COVER for p in table.pieces], dtype=np.bool_)
        self.update(figures)

    # --- answers ----------------------------------------------------------------------------

    def fraction(self, shooter: str, target: str) -> float:
        """Share of ``target``'s vital points ``shooter`` sees (``sight.visible_fraction``)."""
        return self._answer_rows()[self._index[shooter]][self._index[target]]

    def sees(self, shooter: str, target: str, max_range_cm: float = 0.0) -> bool:
        """``sight.can_see``: half the vital points or more, within ``max_range_cm`` when set."""
        if max_range_cm and base_distance(self._figures[shooter], self._figures[target]) > max_range_cm:
            return False
        return self.fraction(shooter, target) >= 0.5

    def targets_in_sight(self, shooter: str, max_range_cm: float = 0.0) -> list[tuple[Figure, Cover]]:
        """``sight.targets_in_sight`` for this shooter, in the figures' order."""
        figures, order = self._figures, self._order
        seen = [order[k] for k, share in enumerate(self._answer_rows()[self._index[shooter]]) if share >= 0.5]
        if max_range_cm:
            seen = [target for target in seen if base_distance(figures[shooter], figures[target]) <= max_range_cm]
        return [(figures[target], self.cover(shooter, target)) for target in seen]

    def cover(self, shooter: str, target: str) -> Cover:
        """``sight.target_cover``, from what each figure's ground was found to be."""
        at_shooter, at_target = self._grounds[shooter], self._grounds[target]
        same = at_shooter.building is not None and at_shooter.building == at_target.building
        behind = bool(at_target.cover_pieces) and _behind_cover(self._figures[shooter], self._figures[target],
                                                                at_target.cover_pieces)
        if at_target.building is not None and not same:
            column = "building"
        elif at_target.difficult or behind:
            column = "difficult"
        else:
            column = "open"
        return Cover(column, at_shooter.building is not None, at_target.building is not None, same, behind)

    def _answer_rows(self) -> list[list[float]]:
        if self._rows is None:
            self._rows = self._shares.tolist()
        return self._rows

    # --- work -------------------------------------------------------------------------------

    def update(self, figures: Sequence[Figure]) -> None:
        """Take the figures as they stand now; recompute only what their changes can touch."""
        new = {f.id: f for f in figures}
        old_figures, old_index = self._figures, self._index
        changed = {fid for fid, f in new.items() if old_figures.get(fid) != f} | (old_figures.keys() - new.keys())
        spots = [(f.x, f.y, f.radius_cm) for fid in changed for f in (old_figures.get(fid), new.get(fid))
                 if f is not None]
        arrived = [new[fid] for fid in changed if fid in new]
        self._grounds.update(zip([f.id for f in arrived], self._grounds_of(arrived), strict=True))
        for fid in changed - new.keys():
            self._grounds.pop(fid, None)
        self._figures = new
        self._order = [f.id for f in figures]
        self._index = {fid: k for k, fid in enumerate(self._order)}
        count = len(self._order)
        old = np.array([-1 if fid in changed else old_index.get(fid, -1) for fid in self._order], dtype=np.intp)
        shares = np.full((count, count), np.nan)
        boxes = np.zeros((count, count, 4))
        kept = np.flatnonzero(old >= 0)
        if len(kept):
            shares[np.ix_(kept, kept)] = self._shares[np.ix_(old[kept], old[kept])]
            boxes[np.ix_(kept, kept)] = self._boxes[np.ix_(old[kept], old[kept])]
        keep = np.zeros((count, count), dtype=np.bool_)
        keep[np.ix_(kept, kept)] = True
        if spots and len(kept):
            keep &= ~_touched(boxes, _places(figures), spots)
        firsts, seconds = np.nonzero(np.triu(~keep, 1))
        self._shares, self._boxes, self._rows = shares, boxes, None
        self._trace(firsts, seconds)
        self.pairs_traced = len(firsts)

    def _trace(self, firsts: Indices, seconds: Indices) -> None:
        """Both directions of each pair (``firsts[k]``, ``seconds[k]``), and the box within which a
        figure could hide either: what ``sight_batch`` and ``sight_rays`` settle at once, the rest
        ray by ray (``sight``)."""
        self.directions_traced = 0
        if not len(firsts):
            return
        figures = self._figures
        ordered = [figures[fid] for fid in self._order]
        found = survey(self._terrain, ordered, firsts, seconds)
        self._boxes[firsts, seconds] = found.boxes
        self._boxes[seconds, firsts] = found.boxes
        forward = np.where(found.clear, 1.0, np.where(found.hidden_forward, 0.0, np.nan))
        back = np.where(found.clear, 1.0, np.where(found.hidden_back, 0.0, np.nan))
        rest = np.flatnonzero(~found.clear & ~(found.hidden_forward & found.hidden_back))
        # ray by ray, the pairs whose figures stand apart; a share left NaN is traced below
        apart = rest[found.usable[rest]]
        row_of = np.full(len(firsts), -1, dtype=np.intp)
        row_of[apart] = np.arange(len(apart))
        (touching_pairs, touching_columns), (crowding_pairs, crowding_figures) = found.couples
        kept_touching, kept_crowding = row_of[touching_pairs] >= 0, row_of[crowding_pairs] >= 0
        forward_rays, back_rays = ray_shares(
            self._terrain, found.columns, firsts[apart], seconds[apart],
            (row_of[touching_pairs[kept_touching]], touching_columns[kept_touching]),
            (row_of[crowding_pairs[kept_crowding]], crowding_figures[kept_crowding]))
        forward[apart] = np.where(found.hidden_forward[apart], 0.0, forward_rays)
        back[apart] = np.where(found.hidden_back[apart], 0.0, back_rays)
        blockers = self.table.blockers
        open_rows = np.flatnonzero(np.isnan(forward) | np.isnan(back))
        traced_forward, traced_back = [], []
        for k, first, second in zip(open_rows.tolist(), firsts[open_rows].tolist(), seconds[open_rows].tolist(),
                                    strict=True):
            a, b = ordered[first], ordered[second]
            near = [blockers[i] for i in found.touching.get(k, ())]
            between = figure_rows([ordered[i] for i in found.crowding.get(k, ())])
            if not near and not between or math.hypot(b.x - a.x, b.y - a.y) < EPS:
                traced_forward.append(1.0)  # nothing between them: whole
                traced_back.append(1.0)
                continue
            for shooter, target, share, found_shares in ((a, b, forward[k], traced_forward),
                                                         (b, a, back[k], traced_back)):
                if share != share:  # NaN: not settled at once
                    share = _visible_fraction(self.table, shooter, target, between, self.open_portals, EYE_HEIGHT_CM,
                                              self._grounds[shooter.id].building, near=near)
                    self.directions_traced += 1
                found_shares.append(share)
        forward[open_rows] = traced_forward
        back[open_rows] = traced_back
        self._shares[firsts, seconds] = forward
        self._shares[seconds, firsts] = back

    def _grounds_of(self, figures: Sequence[Figure]) -> list[_Ground]:
        """``Table.building_at`` and ``Table.in_difficult`` from one look at the pieces under each
        figure, and the cover pieces next to it."""
        if not figures:
            return []
        places = _places(figures)
        x, y, reach = places[:, 0:1], places[:, 1:2], places[:, 2:3] + 1.0
        low_x, low_y, high_x, high_y = self._piece_bounds.T
        within = (low_x <= x) & (x <= high_x) & (low_y <= y) & (y <= high_y)
        beside = self._is_cover & (low_x - reach <= x) & (x <= high_x + reach) & (low_y - reach <= y) \
            & (y <= high_y + reach)
        pieces = self.table.pieces
        under: list[list[Piece]] = [[] for _ in figures]
        rows, columns = np.nonzero(within)
        for row, column in zip(rows.tolist(), columns.tolist(), strict=True):
            piece = pieces[column]
            if point_in_polygon(figures[row].position, piece.polygon):
                under[row].append(piece)
        cover: list[list[Piece]] = [[] for _ in figures]
        rows, columns = np.nonzero(beside)
        for row, column in zip(rows.tolist(), columns.tolist(), strict=True):
            cover[row].append(pieces[column])
        grounds = []
        for standing, near in zip(under, cover, strict=True):
            building = next((p.index for p in standing if p.kind is TerrainKind.BUILDING), None)
            grounds.append(_Ground(building, any(p.kind is TerrainKind.DIFFICULT for p in standing), tuple(near)))
        return grounds


def _places(figures: Sequence[Figure]) -> Floats:
    """Per figure: x, y and base radius."""
    return np.array([(f.x, f.y, f.radius_cm) for f in figures], dtype=np.float64).reshape(-1, 3)


def _touched(boxes: Floats, places: Floats, spots: Sequence[tuple[float, float, float]]) -> Flags:
    """Per pair [i, j]: a figure at one of the spots (x, y, base radius) stands inside the pair's box
    (grown by its radius) and near the line between them, where it could hide one from the other."""
    ax, ay, a_radius = places[:, 0:1], places[:, 1:2], places[:, 2:3]
    bx, by, b_radius = places[None, :, 0], places[None, :, 1], places[None, :, 2]
    dx, dy = bx - ax, by - ay
    length_sq = dx * dx + dy * dy
    short = length_sq < EPS
    safe = np.where(short, 1.0, length_sq)
    margin = np.maximum(a_radius, b_radius) * 0.8 + BASE_RADIUS_CM  # how far beside the line rays pass
    touched = np.zeros(length_sq.shape, dtype=np.bool_)
    for x, y, radius in spots:
        t = np.where(short, 0.0, np.clip(((x - ax) * dx + (y - ay) * dy) / safe, 0.0, 1.0))
        px, py = ax + t * dx - x, ay + t * dy - y
        within = radius + margin
        touched |= ((boxes[:, :, 0] - radius <= x) & (x <= boxes[:, :, 2] + radius) & (boxes[:, :, 1] - radius <= y)
                    & (y <= boxes[:, :, 3] + radius) & (px * px + py * py <= within * within))
    return touched


def _behind_cover(shooter: Figure, target: Figure, pieces: Sequence[Piece]) -> bool:
    """``sight._behind_cover_piece`` over the cover pieces next to the target."""
    reach = target.radius_cm + 1.0
    length = math.hypot(target.x - shooter.x, target.y - shooter.y)
    for piece in pieces:
        ts = crossings(piece, shooter.x, shooter.y, target.x, target.y)
        if any((1 - t) * length <= reach for t in ts):
            return True
    return False
