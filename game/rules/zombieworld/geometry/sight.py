"""Line of sight and cover.

Sight is a cheap stand-in for true line of sight: three rays leave the shooter's eyes for the left
edge, centre and right edge of the target's base, each aimed at the target's vital points (legs,
torso and head for survivors, the head for zombies). Every scenery piece and wall the ray crosses
hides the points the ray would pass below; other miniatures hide everything behind them; a
building outline may only be crossed at a window or an open door. The target is seen when at
least half of the (ray, point) pairs are clear.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence

from game.board.geometry import point_in_polygon
from game.board.model import TerrainKind
from game.rules.core.frozen import record
from game.rules.zombieworld.geometry.table import (
    BASE_RADIUS_CM,
    EPS,
    EYE_HEIGHT_CM,
    VITAL_POINTS_CM,
    Figure,
    Piece,
    Table,
    base_distance,
    crossings,
    segment_params,
    through_portal,
)

_UNKNOWN = -2


FigureRow = tuple[float, float, str, float]  # x, y, id, squared radius that blocks a ray


class FigureRows(list[FigureRow]):
    """Figure rows sorted by x, with their xs: the sight loops find those in a ray's box by bisection."""

    __slots__ = ("xs",)

    def __init__(self, rows: Iterable[FigureRow]) -> None:
        super().__init__(sorted(rows, key=_row_x))
        self.xs = [row[0] for row in self]


def _row_x(row: FigureRow) -> float:
    return row[0]


def figure_rows(figures: Sequence[Figure]) -> list[FigureRow]:
    """Figures as plain rows for the sight loops (built once per shooter, not once per target)."""
    rows = [(f.x, f.y, f.id, (f.radius_cm * 0.9) ** 2) for f in figures]
    if all(row[0] == row[0] for row in rows):  # no NaN: the rows can be kept in order
        return FigureRows(rows)
    return rows


Blocker = tuple[float, float, float, float, float, int]


ViewRow = tuple[Blocker, float, float, float, float]  # blocker, nearest distance, centre angle, low, high


def shooter_view(table: Table, shooter: Figure) -> list[ViewRow]:
    """Every blocker as the shooter sees it: how near it comes and the arc of bearings it covers
    (built once per shooter; a target's rays can only meet blockers whose arc overlaps theirs)."""
    sx, sy = shooter.x, shooter.y
    rows: list[ViewRow] = []
    pi, tau, atan2 = math.pi, 2 * math.pi, math.atan2
    for blocker in table.blockers:
        min_x, min_y, max_x, max_y = blocker[0], blocker[1], blocker[2], blocker[3]
        dx = max(min_x - sx, 0.0, sx - max_x)
        dy = max(min_y - sy, 0.0, sy - max_y)
        nearest = math.hypot(dx, dy)
        if nearest < 1e-6:
            rows.append((blocker, 0.0, 0.0, -pi, pi))  # around the shooter: every bearing
            continue
        centre = atan2((min_y + max_y) / 2 - sy, (min_x + max_x) / 2 - sx)
        # the bearings of the four corners, as offsets from the centre's
        left, right, bottom, top = min_x - sx, max_x - sx, min_y - sy, max_y - sy
        first = (atan2(bottom, left) - centre + pi) % tau - pi
        second = (atan2(top, left) - centre + pi) % tau - pi
        third = (atan2(bottom, right) - centre + pi) % tau - pi
        fourth = (atan2(top, right) - centre + pi) % tau - pi
        rows.append((blocker, nearest, centre, min(first, second, third, fourth), max(first, second, third, fourth)))
    return rows


def _in_view(view: Sequence[ViewRow], bearing: float, spread: float, reach: float) -> list[Blocker]:
    """The blockers whose arc meets ``bearing`` ± ``spread`` no farther than ``reach``."""
    found = []
    tau, pi = 2 * math.pi, math.pi
    for blocker, nearest, centre, low, high in view:
        if nearest > reach:
            continue
        offset = (bearing - centre + pi) % tau - pi
        if low - spread <= offset <= high + spread:
            found.append(blocker)
    return found


def visible_fraction(table: Table, shooter: Figure, target: Figure, others: Sequence[Figure] = (),
                     open_portals: frozenset[str] = frozenset(), eye_height_cm: float = EYE_HEIGHT_CM,
                     shooter_building: int | None = _UNKNOWN) -> float:
    """Share of the target's vital points the shooter sees (0..1)."""
    return _visible_fraction(table, shooter, target, figure_rows(others), open_portals, eye_height_cm,
                             shooter_building)


def _visible_fraction(table: Table, shooter: Figure, target: Figure, rows: Sequence[FigureRow],
                      open_portals: frozenset[str], eye_height_cm: float, shooter_building: int | None,
                      view: Sequence[ViewRow] | None = None, near: Sequence[Blocker] | None = None) -> float:
    """``near``, when given, holds every blocker the rays can meet (and maybe more): the pair's own
    list, shared by both directions (``sight_map``)."""
    sx, sy = shooter.x, shooter.y
    tx, ty = target.x, target.y
    length = math.hypot(tx - sx, ty - sy)
    if length < EPS:
        return 1.0
    vitals = VITAL_POINTS_CM.get(target.kind, VITAL_POINTS_CM["survivor"])
    if target.base_cm:
        vitals = tuple(v + target.base_cm for v in vitals)
    eye_height_cm += shooter.base_cm
    vital_count = len(vitals)
    ray_top = max(eye_height_cm, *vitals)
    reach = target.radius_cm * 0.8
    nx, ny = -(ty - sy) / length * reach, (tx - sx) / length * reach
    aims = ((tx, ty), (tx + nx, ty + ny), (tx - nx, ty - ny))
    margin = reach + BASE_RADIUS_CM
    low_x, high_x = (sx - margin, tx + margin) if sx < tx else (tx - margin, sx + margin)
    low_y, high_y = (sy - margin, ty + margin) if sy < ty else (ty - margin, sy + margin)
    if near is not None:
        candidates = [b for b in near if b[0] <= high_x and b[2] >= low_x and b[1] <= high_y and b[3] >= low_y]
    elif view is not None:
        spread = math.atan2(reach, length) + 1e-6
        candidates = _in_view(view, math.atan2(ty - sy, tx - sx), spread, math.hypot(length, reach) + 1e-6)
    else:
        candidates = table.blockers_along(sx, sy, tx, ty) if table.grid[0] else list(table.blockers)
        # only what the three rays' common box touches can matter
        candidates = [b for b in candidates if b[0] <= high_x and b[2] >= low_x and b[1] <= high_y and b[3] >= low_y]
    shooter_id, target_id = shooter.id, target.id
    if isinstance(rows, FigureRows) and low_x <= high_x:  # only the rows between low_x and high_x
        xs = rows.xs
        blocking_figures = [r for r in rows[bisect_left(xs, low_x):bisect_right(xs, high_x)]
                            if low_y <= r[1] <= high_y and r[2] != shooter_id and r[2] != target_id]
    else:
        blocking_figures = [r for r in rows if low_x <= r[0] <= high_x and low_y <= r[1] <= high_y
                            and r[2] != shooter_id and r[2] != target_id]
    if shooter_building == _UNKNOWN:
        shooter_building = table.building_at((sx, sy)) if candidates else None
    pieces, walls = table.pieces, table.walls
    clear = 0
    needed = len(aims) * vital_count / 2
    for number, (ax, ay) in enumerate(aims):
        if clear + (len(aims) - number) * vital_count < needed:
            break  # half can no longer be reached
        if blocking_figures and _ray_blocked_by_rows(sx, sy, ax, ay, blocking_figures):
            continue
        hidden = [False] * vital_count  # per vital point: is this ray blocked for it
        hidden_count = 0
        blocked = False
        ray_lx, ray_hx = (sx, ax) if sx < ax else (ax, sx)
        ray_ly, ray_hy = (sy, ay) if sy < ay else (ay, sy)
        for min_x, min_y, max_x, max_y, sight_height, index in candidates:
            if ray_hx < min_x or ray_lx > max_x or ray_hy < min_y or ray_ly > max_y:
                continue
            if index >= 0:
                piece = pieces[index]
                ts = crossings(piece, sx, sy, ax, ay)
                if sight_height == math.inf and piece.kind is TerrainKind.BUILDING:
                    floors_matter = ray_top > piece.floor_height_cm  # the ray can reach a floor or ceiling
                    if not ts and not floors_matter:
                        continue
                    if ts:
                        top = piece.top_cm  # over the walls (from a roof, or onto one) the ray passes
                        if top > ray_top + 1e-6:  # walls taller than the whole ray: any wall crossed hides all
                            if _meets_building_wall(piece, sx, sy, ax, ay, ts, open_portals, shooter_building):
                                hidden_count = vital_count
                                break
                            walls_at = []
                        else:
                            walls_at = _building_walls_crossed(piece, sx, sy, ax, ay, ts, open_portals,
                                                               shooter_building)
                        for i, vital in enumerate(vitals):
                            if not hidden[i] and any(eye_height_cm + (vital - eye_height_cm) * t < top
                                                     for t in walls_at):
                                hidden[i] = True
                                hidden_count += 1
                    if floors_matter and hidden_count < vital_count and piece.index != shooter.stairwell \
                            and piece.index != target.stairwell:
                        hidden_count += _hidden_by_floors(piece, sx, sy, ax, ay, ts, eye_height_cm, vitals, hidden)
                    if hidden_count == vital_count:
                        break
                    continue
                if not ts:
                    continue
            else:
                wall = walls[-1 - index]
                ts = segment_params(sx, sy, ax, ay, ((wall.a[0], wall.a[1], wall.b[0], wall.b[1]),))
                if not ts:
                    continue
            for i, vital in enumerate(vitals):
                if hidden[i]:
                    continue
                for t in ts:
                    if eye_height_cm + (vital - eye_height_cm) * t < sight_height:
                        hidden[i] = True
                        hidden_count += 1
                        break
            if hidden_count == vital_count:
                break
        if not blocked:
            clear += vital_count - hidden_count
    return clear / (len(aims) * vital_count)


def _hidden_by_floors(piece: Piece, sx: float, sy: float, ax: float, ay: float, ts: list[float], eye_cm: float,
                      vitals: Sequence[float], hidden: list[bool]) -> int:
    """Floors hide: inside a building's outline a ray may not pass through the slab between two
    storeys (nor the ceiling under its top). Marks the vital points so hidden; returns how many."""
    storey = piece.floor_height_cm
    low, high = min(eye_cm, *vitals), max(eye_cm, *vitals)
    slabs = [k * storey for k in range(1, piece.floors + 1) if low < k * storey < high]
    if not slabs:
        return 0
    cuts = sorted(ts)
    inside = point_in_polygon((sx, sy), piece.polygon)
    if cuts and cuts[0] < 1e-6 and not inside:
        inside = point_in_polygon((sx + (ax - sx) * 1e-4, sy + (ay - sy) * 1e-4), piece.polygon)
    spans = []
    start = 0.0 if inside else None
    for t in cuts:
        if t < 1e-6:
            continue
        if start is not None:
            spans.append((start, t))
            start = None
        else:
            start = t
    if start is not None:
        spans.append((start, 1.0))
    count = 0
    for i, vital in enumerate(vitals):
        if hidden[i] or abs(vital - eye_cm) < EPS:
            continue
        for slab in slabs:
            t = (slab - eye_cm) / (vital - eye_cm)
            if 1e-6 < t < 1 - 1e-6 and any(a + 1e-9 < t < b - 1e-9 for a, b in spans):
                hidden[i] = True
                count += 1
                break
    return count


def _ray_blocked_by_rows(sx: float, sy: float, ax: float, ay: float, rows: Sequence[FigureRow]) -> bool:
    dx, dy = ax - sx, ay - sy
    length_sq = dx * dx + dy * dy
    for fx, fy, _, blocking_sq in rows:
        t = ((fx - sx) * dx + (fy - sy) * dy) / length_sq
        if t <= 0.0 or t >= 1.0:
            continue
        px, py = sx + t * dx - fx, sy + t * dy - fy
        if px * px + py * py < blocking_sq:
            return True
    return False


def _building_walls_crossed(piece: Piece, sx: float, sy: float, ax: float, ay: float, ts: list[float],
                            open_portals: frozenset[str], shooter_building: int | None) -> list[float]:
    """Where the ray meets the building's walls (not a window or an open door): the building hides
    what lies behind them, up to its top."""
    found = []
    for t in ts:
        point = (sx + (ax - sx) * t, sy + (ay - sy) * t)
        if t < 1e-6 and shooter_building == piece.index:
            continue
        if not through_portal(point, piece, open_portals, walking=False):
            found.append(t)
    return found


def _meets_building_wall(piece: Piece, sx: float, sy: float, ax: float, ay: float, ts: list[float],
                         open_portals: frozenset[str], shooter_building: int | None) -> bool:
    """The ray meets at least one of the building's walls (``_building_walls_crossed`` is not empty)."""
    for t in ts:
        if t < 1e-6 and shooter_building == piece.index:
            continue
        if not through_portal((sx + (ax - sx) * t, sy + (ay - sy) * t), piece, open_portals, walking=False):
            return True
    return False


def can_see(table: Table, shooter: Figure, target: Figure, others: Sequence[Figure] = (),
            open_portals: frozenset[str] = frozenset(), max_range_cm: float = 0.0,
            shooter_building: int | None = _UNKNOWN, rows: Sequence[FigureRow] | None = None,
            view: Sequence[ViewRow] | None = None) -> bool:
    """At least half of the target's vital points are visible (and within ``max_range_cm`` if set).
    ``rows`` (from ``figure_rows(others)``) saves rebuilding them when one shooter looks at many."""
    if max_range_cm and base_distance(shooter, target) > max_range_cm:
        return False
    if rows is None:
        rows = figure_rows(others)
    fraction = _visible_fraction(table, shooter, target, rows, open_portals, EYE_HEIGHT_CM, shooter_building, view)
    return fraction >= 0.5


@record
class Cover:
    """The ground a target stands on, as the shooting table sees it from this shooter."""

    column: str  # open, difficult or building
    shooter_in_building: bool
    target_in_building: bool
    same_building: bool
    behind_cover: bool  # a cover piece touching the target lies across the line of fire


def target_cover(table: Table, shooter: Figure, target: Figure) -> Cover:
    shooter_building = table.building_at(shooter.position)
    target_building = table.building_at(target.position)
    same = shooter_building is not None and shooter_building == target_building
    behind = _behind_cover_piece(table, shooter, target)
    if target_building is not None and not same:
        column = "building"
    elif table.in_difficult(target.position) or behind:
        column = "difficult"
    else:
        column = "open"
    return Cover(column, shooter_building is not None, target_building is not None, same, behind)


def _behind_cover_piece(table: Table, shooter: Figure, target: Figure) -> bool:
    reach = target.radius_cm + 1.0
    for piece in table.pieces:
        if piece.kind is not TerrainKind.COVER:
            continue
        b = piece.bounds
        if not (b[0] - reach <= target.x <= b[2] + reach and b[1] - reach <= target.y <= b[3] + reach):
            continue
        ts = crossings(piece, shooter.x, shooter.y, target.x, target.y)
        length = math.hypot(target.x - shooter.x, target.y - shooter.y)
        if any((1 - t) * length <= reach for t in ts):
            return True
    return False


def targets_in_sight(table: Table, shooter: Figure, figures: Sequence[Figure],
                     open_portals: frozenset[str] = frozenset(), max_range_cm: float = 0.0) -> list[tuple[Figure, Cover]]:
    """Every other figure the shooter sees, with its cover from the shooter."""
    result = []
    shooter_building = table.building_at(shooter.position)
    rows = figure_rows(figures)
    view = shooter_view(table, shooter)
    for target in figures:
        if target.id == shooter.id:
            continue
        if can_see(table, shooter, target, figures, open_portals, max_range_cm, shooter_building, rows, view):
            result.append((target, target_cover(table, shooter, target)))
    return result
