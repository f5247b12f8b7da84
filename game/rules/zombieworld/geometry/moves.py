"""The cost of a move along waypoints (terrain, climbing, entering buildings), open ground, the line
of a jump, and where a base may end a move.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.board.geometry import point_in_polygon
from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.zombieworld import spoken
from game.rules.zombieworld.geometry.table import (
    BASE_RADIUS_CM,
    ENTRY_COST_CM,
    EPS,
    FREE_CLIMB_CM,
    MAX_CLIMB_CM,
    Figure,
    Piece,
    Point,
    Table,
    crossings,
    distance_to_edges,
    holds_base,
    segment_params,
    through_portal,
)


@record
class PathCost:
    cost_cm: float
    length_cm: float
    problem: str = ""  # why the path is not allowed; empty when it is
    entered_buildings: tuple[int, ...] = ()
    rough_cost_cm: float = 0.0  # the part of cost_cm spent off open ground (what wheels cannot ride)

    @property
    def ok(self) -> bool:
        return not self.problem


def path_cost(table: Table, points: Sequence[Point], *, max_climb_cm: float = MAX_CLIMB_CM,
              entry_cost_cm: float = ENTRY_COST_CM, can_enter_buildings: bool = True,
              ladders: bool = True, radius_cm: float = BASE_RADIUS_CM) -> PathCost:
    """What walking the base's centre along ``points`` costs: length, doubled inside difficult ground,
    plus the height of each obstacle or wall climbed and the price of entering buildings and stairs.
    Anything higher than ``max_climb_cm`` stops the move, unless (``ladders``) it is crossed where a
    stairs piece (a ladder) stands over it: then it costs its height too."""
    total = 0.0
    length = 0.0
    rough = 0.0
    entered: list[int] = []
    inside = {p.index for p in table.pieces_at(points[0])} if points else set()
    start_on = set(inside)
    end_on = {p.index for p in table.pieces_at(points[-1])} if points else set()
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        leg = math.hypot(bx - ax, by - ay)
        if leg < EPS:
            continue
        length += leg
        cuts = {0.0, 1.0}
        free: list[tuple[float, float]] = []  # stretches of this leg spent going over an obstacle
        for piece in table.pieces:
            b = piece.bounds
            r = radius_cm
            if max(ax, bx) < b[0] - r or min(ax, bx) > b[2] + r or max(ay, by) < b[1] - r or min(ay, by) > b[3] + r:
                continue
            ts = crossings(piece, ax, ay, bx, by)
            cuts.update(min(max(t, 0.0), 1.0) for t in ts)
            if ts and _climbed_over(piece, start_on, end_on) and piece.height_cm <= max_climb_cm:
                span = _touching_span(piece, ax, ay, bx, by, min(ts), max(ts), radius_cm)
                free.append(span)
                cuts.update(span)
            if piece.kind is TerrainKind.BUILDING and ts:
                if not can_enter_buildings:
                    return PathCost(total, length, Said(N_("cannot enter or leave a building on this move")))
                for t in ts:
                    point = (ax + (bx - ax) * t, ay + (by - ay) * t)
                    if not through_portal(point, piece, frozenset(), walking=True):
                        return PathCost(total, length, Said(N_("the {piece} can only be entered or left by a door or window"),
                                                            piece=spoken.piece(piece.label)))
        for wall in table.walls:
            ts = segment_params(ax, ay, bx, by, ((wall.a[0], wall.a[1], wall.b[0], wall.b[1]),))
            if ts:
                climb = _climb_cost(wall.height_cm, max_climb_cm)
                if climb is None and ladders and all(
                        _on_ladder(table, (ax + (bx - ax) * t, ay + (by - ay) * t)) for t in ts):
                    climb = wall.height_cm
                if climb is None:
                    return PathCost(total, length, Said(N_("a {wall} {cm} cm high is too high to cross"),
                                                        wall=spoken.kind_word(wall.kind), cm=spoken.cm(wall.height_cm)))
                total += climb
                rough += climb
        ordered = sorted(cuts)
        for t0, t1 in zip(ordered, ordered[1:], strict=False):
            if t1 - t0 < 1e-9:
                continue
            mid = (ax + (bx - ax) * (t0 + t1) / 2, ay + (by - ay) * (t0 + t1) / 2)
            here = table.pieces_at(mid)
            factor = 1.0
            if any(u0 <= (t0 + t1) / 2 <= u1 for u0, u1 in free):
                factor = 0.0  # book 11.2: from touching it to the far side, crossing costs the height alone
            for piece in here:
                if piece.kind is TerrainKind.IMPASSABLE:
                    return PathCost(total, length, Said(N_("the {piece} cannot be crossed"),
                                                        piece=spoken.piece(piece.label, "impassable")))
                if piece.kind is TerrainKind.DIFFICULT and factor:
                    factor = 2.0
                if piece.index in inside:
                    continue
                if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL):
                    climb = _climb_cost(piece.height_cm, max_climb_cm)
                    if climb is None and ladders and _on_ladder(table, (ax + (bx - ax) * t0, ay + (by - ay) * t0)):
                        climb = piece.height_cm
                    if climb is None:
                        return PathCost(total, length, Said(N_("the {piece} ({cm} cm) is too high to climb"),
                                                            piece=spoken.piece(piece.label, "obstacle"),
                                                            cm=spoken.cm(piece.height_cm)))
                    total += climb
                    rough += climb
                elif piece.kind in (TerrainKind.BUILDING, TerrainKind.STAIRS):
                    total += entry_cost_cm
                    rough += entry_cost_cm
                    if piece.kind is TerrainKind.BUILDING:
                        entered.append(piece.index)
            inside = {p.index for p in here}
            part = leg * (t1 - t0) * factor
            total += part
            if any(_off_open(piece) for piece in here):
                rough += part
    return PathCost(total, length, "", tuple(entered), rough)


def _touching_span(piece: Piece, ax: float, ay: float, bx: float, by: float, t_in: float, t_out: float,
                   radius_cm: float) -> tuple[float, float]:
    """Where along the leg a base of ``radius_cm`` starts and stops touching the piece it crosses
    between ``t_in`` and ``t_out`` (its centre within a radius of the outline)."""
    leg = math.hypot(bx - ax, by - ay)

    def touches(t: float) -> bool:
        return distance_to_edges(piece, (ax + (bx - ax) * t, ay + (by - ay) * t)) < radius_cm

    def edge(inside: float, outside: float) -> float:
        if touches(outside):
            return outside
        for _ in range(30):
            middle = (inside + outside) / 2
            inside, outside = (middle, outside) if touches(middle) else (inside, middle)
        return outside

    reach = radius_cm / leg if leg > EPS else 0.0
    return (edge(t_in, max(0.0, t_in - reach * 1.5)), edge(t_out, min(1.0, t_out + reach * 1.5)))


def _climbed_over(piece: Piece, start_on: set[int], end_on: set[int]) -> bool:
    """An obstacle (3 cm high or more) the move goes over from one side to the other: its crossing
    is paid by its height alone."""
    return piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm >= FREE_CLIMB_CM \
        and piece.index not in start_on and piece.index not in end_on


def _off_open(piece: Piece) -> bool:
    """Ground that is not open: difficult ground, buildings, stairs and obstacles a move pays to cross."""
    if piece.kind in (TerrainKind.DIFFICULT, TerrainKind.BUILDING, TerrainKind.STAIRS, TerrainKind.IMPASSABLE):
        return True
    return piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm >= FREE_CLIMB_CM


def open_ground(table: Table, point: Point) -> bool:
    """Open ground at ``point``: wheels may be ridden here."""
    return not any(_off_open(piece) for piece in table.pieces_at(point))


def _on_ladder(table: Table, point: Point) -> bool:
    """A stairs piece stands over this point (a ladder against a wall or an obstacle)."""
    return any(p.kind is TerrainKind.STAIRS and (point_in_polygon(point, p.polygon) or distance_to_edges(p, point) <= 0.05)
               for p in table.pieces)


def jump_line_problem(table: Table, start: Point, landing: Point, over: Iterable[int] = ()) -> str:
    """Why a jump's straight line cannot pass ("" when it can): every building wall it meets must be
    crossed at a window or a door, except the walls of the buildings in ``over`` (jumped from or
    onto their roofs, above the walls)."""
    skip = set(over)
    ax, ay = start
    bx, by = landing
    for piece in table.pieces:
        if piece.kind is not TerrainKind.BUILDING or piece.index in skip:
            continue
        b = piece.bounds
        if max(ax, bx) < b[0] or min(ax, bx) > b[2] or max(ay, by) < b[1] or min(ay, by) > b[3]:
            continue
        for t in crossings(piece, ax, ay, bx, by):
            point = (ax + (bx - ax) * t, ay + (by - ay) * t)
            if not through_portal(point, piece, frozenset(), walking=True):
                return Said(N_("the wall of the {piece} is in the way: jump through a window"), piece=spoken.piece(piece.label))
    return ""


def _climb_cost(height_cm: float, max_climb_cm: float) -> float | None:
    if height_cm < FREE_CLIMB_CM:
        return 0.0
    if height_cm > max_climb_cm:
        return None
    return height_cm


def destination_problem(table: Table, mover: Figure, destination: Point, figures: Sequence[Figure]) -> Said | str:
    """Why a base cannot stand at ``destination`` (empty when it can): off the table, on impassable
    ground, part-way onto an obstacle (standing on top is fine when the whole base fits), or
    overlapping another base on the same level (touching is fine)."""
    if not table.on_table(destination, mover.radius_cm):
        return Said(N_("the base would hang off the table"))
    for piece in table.pieces_at(destination):
        if piece.kind is TerrainKind.IMPASSABLE:
            return Said(N_("cannot stand in the {piece}"), piece=spoken.piece(piece.label, "impassable"))
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm >= FREE_CLIMB_CM \
                and not holds_base(piece, destination, mover.radius_cm):
            return Said(N_("cannot end a move on top of the {piece}: the base does not fit on it"),
                        piece=spoken.piece(piece.label, "obstacle"))
    for wall in table.walls:  # a base cannot straddle a wall, fence or hedge
        if wall.height_cm >= FREE_CLIMB_CM and _segment_gap(destination, wall.a, wall.b) < mover.radius_cm - 0.05:
            return Said(N_("the base would straddle the {wall}"), wall=spoken.kind_word(wall.kind))
    moved = Figure(mover.id, destination[0], destination[1], mover.radius_cm, mover.kind)
    height = mover.base_cm if mover.base_cm and table.building_at(destination) is not None \
        else table.standing_top_cm(destination, mover.radius_cm)
    for other in figures:
        if other.id == mover.id or abs(other.base_cm - height) > 0.5:  # another floor, or up on a piece
            continue
        gap = math.hypot(other.x - moved.x, other.y - moved.y) - other.radius_cm - moved.radius_cm
        if gap < -0.05:
            return Said(N_("the base would overlap {model}"), model=other.id)
    return ""


def _segment_gap(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < 1e-12 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length_sq))
    return math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy)
