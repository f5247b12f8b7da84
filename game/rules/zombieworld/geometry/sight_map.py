"""Every figure's sight of every other at once, with the work shared (what the AI band asks at each
decision): ``SightMap``.

The answers are ``sight``'s own (``targets_in_sight`` for each shooter); only the work is shared:
- all the pairs to work out go at once through ``sight_batch`` (numpy): those a tall piece cuts
  off wholly see nothing of each other, those with nothing near their rays see each other whole,
  and for the others it lists the pieces and figures that can meet their rays; only those pairs'
  rays are traced (``sight``), both directions from the one list;
- where each figure stands (in a building, on difficult ground) and the cover pieces next to it
  are found once per figure, not once per shooter;
- ``update`` with the figures after a move recomputes only the pairs a change can touch: those
  of the figures that moved, and those whose line passes where a moved figure stood or stands
  (a miniature hides what is behind it). The table and its open doors are fixed for one map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from game.board.model import TerrainKind
from game.rules.core.frozen import record
from game.rules.zombieworld.geometry.sight import (
    Cover,
    _visible_fraction,
    figure_rows,
)
from game.rules.zombieworld.geometry.sight_batch import Terrain, survey
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

Pair = tuple[str, str]
Box = tuple[float, float, float, float]


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
        self._fractions: dict[Pair, float] = {}
        self._grounds: dict[str, _Ground] = {}
        self._boxes: dict[Pair, Box] = {}
        self.pairs_traced = 0  # pairs worked out by the last update (the others were kept)
        self._terrain = Terrain(table, open_portals)
        self._cover_pieces = tuple(p for p in table.pieces if p.kind is TerrainKind.COVER)
        self.update(figures)

    # --- answers ----------------------------------------------------------------------------

    def fraction(self, shooter: str, target: str) -> float:
        """Share of ``target``'s vital points ``shooter`` sees (``sight.visible_fraction``)."""
        return self._fractions[(shooter, target)]

    def sees(self, shooter: str, target: str, max_range_cm: float = 0.0) -> bool:
        """``sight.can_see``: half the vital points or more, within ``max_range_cm`` when set."""
        if max_range_cm and base_distance(self._figures[shooter], self._figures[target]) > max_range_cm:
            return False
        return self._fractions[(shooter, target)] >= 0.5

    def targets_in_sight(self, shooter: str, max_range_cm: float = 0.0) -> list[tuple[Figure, Cover]]:
        """``sight.targets_in_sight`` for this shooter, in the figures' order."""
        fractions, figures = self._fractions, self._figures
        seen = [target for target in self._order if target != shooter and fractions[(shooter, target)] >= 0.5]
        if max_range_cm:
            seen = [target for target in seen if base_distance(figures[shooter], figures[target]) <= max_range_cm]
        return [(figures[target], self.cover(shooter, target)) for target in seen]

    def cover(self, shooter: str, target: str) -> Cover:
        """``sight.target_cover``, from what each figure's ground was found to be."""
        at_shooter, at_target = self._grounds[shooter], self._grounds[target]
        same = at_shooter.building is not None and at_shooter.building == at_target.building
        behind = _behind_cover(self._figures[shooter], self._figures[target], at_target.cover_pieces)
        if at_target.building is not None and not same:
            column = "building"
        elif at_target.difficult or behind:
            column = "difficult"
        else:
            column = "open"
        return Cover(column, at_shooter.building is not None, at_target.building is not None, same, behind)

    # --- work -------------------------------------------------------------------------------

    def update(self, figures: Sequence[Figure]) -> None:
        """Take the figures as they stand now; recompute only what their changes can touch."""
        new = {f.id: f for f in figures}
        changed = {fid for fid, f in new.items() if self._figures.get(fid) != f} | (self._figures.keys() - new.keys())
        spots = [(f.x, f.y, f.radius_cm) for fid in changed for f in (self._figures.get(fid), new.get(fid))
                 if f is not None]
        for fid in changed:
            if fid in new:
                self._grounds[fid] = self._ground(new[fid])
            else:
                self._grounds.pop(fid, None)
        self._figures = new
        self._order = [f.id for f in figures]
        kept_fractions: dict[Pair, float] = {}
        kept_boxes: dict[Pair, Box] = {}
        to_trace: list[Pair] = []
        ids = self._order
        if not self._boxes:  # from scratch: every pair
            to_trace = list(combinations(ids, 2))
        for i, first in enumerate(ids if self._boxes else ()):
            for second in ids[i + 1:]:
                pair = (first, second)
                box = self._boxes.get(pair)
                if box is not None and first not in changed and second not in changed and not any(
                        box[0] - r <= x <= box[2] + r and box[1] - r <= y <= box[3] + r
                        and _near_line(new[first], new[second], x, y, r + box_margin(new[first], new[second]))
                        for x, y, r in spots):
                    kept_boxes[pair] = box
                    kept_fractions[pair] = self._fractions[pair]
                    kept_fractions[(second, first)] = self._fractions[(second, first)]
                    continue
                to_trace.append(pair)
        self._trace(to_trace, kept_fractions, kept_boxes)
        self.pairs_traced = len(to_trace)
        self._fractions = kept_fractions
        self._boxes = kept_boxes

    def _trace(self, pairs: Sequence[Pair], fractions: dict[Pair, float],
               boxes: dict[Pair, Box]) -> None:
        """Both directions of each pair, and the box within which a figure could hide either: the
        pairs ``sight_batch`` finds wholly hidden at once, the others ray by ray."""
        if not pairs:
            return
        figures = self._figures
        place = {fid: k for k, fid in enumerate(self._order)}
        found = survey(self._terrain, [figures[fid] for fid in self._order],
                       np.array([place[a] for a, _ in pairs], dtype=np.intp),
                       np.array([place[b] for _, b in pairs], dtype=np.intp))
        boxes.update(zip(pairs, zip(*found.boxes.T.tolist(), strict=True), strict=True))
        for settled, fraction in ((found.clear, 1.0), (found.hidden_forward & found.hidden_back, 0.0)):
            for k in np.flatnonzero(settled).tolist():  # nothing between them, or a piece hides all
                first, second = pairs[k]
                fractions[(first, second)] = fractions[(second, first)] = fraction
        rest = np.flatnonzero(~found.clear & ~(found.hidden_forward & found.hidden_back))
        # ray by ray, the pairs whose figures stand apart; a share left NaN is traced below
        forward_share = np.where(found.hidden_forward, 0.0, np.nan)
        back_share = np.where(found.hidden_back, 0.0, np.nan)
        apart = rest[found.usable[rest]]
        row_of = np.full(len(pairs), -1, dtype=np.intp)
        row_of[apart] = np.arange(len(apart))
        (touching_pairs, touching_columns), (crowding_pairs, crowding_figures) = found.couples
        kept_touching, kept_crowding = row_of[touching_pairs] >= 0, row_of[crowding_pairs] >= 0
        forward_rays, back_rays = ray_shares(
            self._terrain, found.columns, found.firsts[apart], found.seconds[apart],
            (row_of[touching_pairs[kept_touching]], touching_columns[kept_touching]),
            (row_of[crowding_pairs[kept_crowding]], crowding_figures[kept_crowding]))
        forward_share[apart] = np.where(found.hidden_forward[apart], 0.0, forward_rays)
        back_share[apart] = np.where(found.hidden_back[apart], 0.0, back_rays)
        forward, back = forward_share.tolist(), back_share.tolist()
        blockers = self.table.blockers
        ordered = [figures[fid] for fid in self._order]
        for k in rest.tolist():
            first, second = pairs[k]
            a, b = figures[first], figures[second]
            if forward[k] == forward[k] and back[k] == back[k]:  # both settled (not NaN)
                fractions[(first, second)], fractions[(second, first)] = forward[k], back[k]
                continue
            near = [blockers[i] for i in found.touching.get(k, ())]
            between = figure_rows([ordered[i] for i in found.crowding.get(k, ())])
            if not near and not between or math.hypot(b.x - a.x, b.y - a.y) < EPS:
                fractions[(first, second)] = fractions[(second, first)] = 1.0  # nothing between them: whole
                continue
            for shooter, target, share in ((a, b, forward[k]), (b, a, back[k])):
                fractions[(shooter.id, target.id)] = share if share == share else _visible_fraction(
                    self.table, shooter, target, between, self.open_portals, EYE_HEIGHT_CM,
                    self._grounds[shooter.id].building, near=near)

    def _ground(self, figure: Figure) -> _Ground:
        """``Table.building_at`` and ``Table.in_difficult`` from one look at the pieces under it."""
        reach = figure.radius_cm + 1.0
        cover = tuple(p for p in self._cover_pieces
                      if p.bounds[0] - reach <= figure.x <= p.bounds[2] + reach
                      and p.bounds[1] - reach <= figure.y <= p.bounds[3] + reach)
        under = self.table.pieces_at(figure.position)
        building = next((p.index for p in under if p.kind is TerrainKind.BUILDING), None)
        return _Ground(building, any(p.kind is TerrainKind.DIFFICULT for p in under), cover)


def box_margin(a: Figure, b: Figure) -> float:
    """How far beside the line between two figures their rays (and a figure hiding them) can pass."""
    return max(a.radius_cm, b.radius_cm) * 0.8 + BASE_RADIUS_CM


def _near_line(a: Figure, b: Figure, x: float, y: float, within: float) -> bool:
    """The point (x, y) lies within ``within`` of the segment between the two figures."""
    dx, dy = b.x - a.x, b.y - a.y
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < EPS else min(1.0, max(0.0, ((x - a.x) * dx + (y - a.y) * dy) / length_sq))
    px, py = a.x + t * dx - x, a.y + t * dy - y
    return px * px + py * py <= within * within


def _behind_cover(shooter: Figure, target: Figure, pieces: Sequence[Piece]) -> bool:
    """``sight._behind_cover_piece`` over the cover pieces next to the target."""
    reach = target.radius_cm + 1.0
    length = math.hypot(target.x - shooter.x, target.y - shooter.y)
    for piece in pieces:
        ts = crossings(piece, shooter.x, shooter.y, target.x, target.y)
        if any((1 - t) * length <= reach for t in ts):
            return True
    return False
