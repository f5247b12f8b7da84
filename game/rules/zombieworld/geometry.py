"""Table geometry for Zombieworld, in cm: distances between bases, line of sight, cover and the
cost of a move along waypoints. Pure Python; built once per board (``Table.from_board``).

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
from dataclasses import dataclass, field, replace

from game.board.geometry import axis_aligned_rectangle, point_in_polygon, polygon_bounds
from game.board.model import Board, PortalKind, TerrainKind

Point = tuple[float, float]

BASE_RADIUS_CM = 1.25  # 25 mm round base
FIGURE_HEIGHT_CM = 3.0
EYE_HEIGHT_CM = 2.7
VITAL_POINTS_CM: dict[str, tuple[float, ...]] = {
    "survivor": (0.7, 1.7, 2.6),  # legs, torso, head
    "dog": (0.6, 1.2),
    "zombie": (2.6,),  # only the head counts
}
LIGHT_COVER_HEIGHT_CM = 1.5  # "cover" pieces drawn without a height
HEAVY_COVER_HEIGHT_CM = 2.5
FREE_CLIMB_CM = 3.0  # lower obstacles cost nothing
MAX_CLIMB_CM = 10.0  # higher ones cannot be climbed
ENTRY_COST_CM = 5.0  # entering a building or stairs
DEFAULT_FLOOR_HEIGHT_CM = 6.0  # a storey of a building drawn without a height
LADDER_REACH_CM = 1.0  # a stairs piece this close to a roofed building's outline reaches its roof
PORTAL_SLACK_CM = 0.3
EPS = 1e-9
GRID_CM = 10.0  # cell size of the blocker lookup grid
GRID_MARGIN_CM = 2.0  # blockers are filed this far around their bounds (rays aim up to a base radius aside)


def _cell(value: float, count: int) -> int:
    return min(max(int(value // GRID_CM), 0), count - 1)


@dataclass(frozen=True, slots=True)
class Figure:
    """A miniature as geometry sees it."""

    id: str
    x: float
    y: float
    radius_cm: float = BASE_RADIUS_CM
    kind: str = "survivor"  # survivor, dog or zombie
    base_cm: float = 0.0  # how high it stands (an upper floor)
    stairwell: int = -1  # part-way up the stairs of this building: its floors hide nothing from it

    @property
    def position(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Piece:
    """A terrain piece ready for fast queries."""

    index: int
    kind: TerrainKind
    polygon: tuple[Point, ...]
    edges: tuple[tuple[float, float, float, float], ...]
    bounds: tuple[float, float, float, float]
    height_cm: float
    sight_height_cm: float  # what it hides: 0 none, inf everything
    label: str
    portals: tuple[tuple[Point, Point, str, bool], ...] = ()  # a, b, kind, open at set-up
    portal_ids: tuple[str, ...] = ()
    is_rectangle: bool = False  # axis-aligned: crossings come from a quick slab test
    prop: str = ""  # searchable prop (a row of the props table): bin, crates, drums...
    shop: str = ""  # a building's kind of shop, if any
    floors: int = 1  # a building's storeys
    roof: bool = False  # a building with a flat roof models may stand on (level = floors)

    @property
    def floor_height_cm(self) -> float:
        return self.height_cm / max(1, self.floors) if self.height_cm else DEFAULT_FLOOR_HEIGHT_CM

    @property
    def top_cm(self) -> float:
        """How high the building's walls (and its roof) stand."""
        return self.floors * self.floor_height_cm

    @property
    def top_level(self) -> int:
        """The highest level a model may stand on: the roof's when it has one, else the top floor."""
        return self.floors if self.roof else self.floors - 1


@dataclass(frozen=True, slots=True)
class Wall:
    a: Point
    b: Point
    height_cm: float
    kind: str


@dataclass(frozen=True, slots=True)
class Table:
    width_cm: float
    height_cm: float
    pieces: tuple[Piece, ...]
    walls: tuple[Wall, ...]
    blockers: tuple[tuple[float, float, float, float, float, int], ...] = field(repr=False, default=())
    # (min_x, min_y, max_x, max_y, sight_height, index): pieces and walls that can hide anything,
    # tallest first; index >= 0 is a piece, -1 - n is wall n
    cell_masks: tuple[int, ...] = field(repr=False, default=())  # per grid cell: bits of the blockers in it
    grid: tuple[int, int] = (0, 0)

    @classmethod
    def from_board(cls, board: Board) -> Table:
        walls: list[Wall] = []
        for placed in board.modules:
            for barrier in placed.module.barriers:
                points = [placed.to_board(p) for p in barrier.points]
                height = barrier.height_cm if barrier.height_cm > 0 else MAX_CLIMB_CM + 5
                for a, b in zip(points, points[1:], strict=False):
                    walls.append(Wall(a, b, height, barrier.kind.value))
        pieces = []
        for index, terrain in enumerate(board.terrain):
            piece = make_piece(index, terrain.kind, terrain.polygon, terrain.height_cm, terrain.cover,
                               terrain.label, [(p.a, p.b, p.kind.value, p.is_open, p.id) for p in terrain.portals])
            extra = dict(terrain.properties)
            floors = str(extra.get("floors", 1))
            pieces.append(replace(piece, prop=str(extra.get("prop", "") or ""), shop=str(extra.get("shop", "") or ""),
                                  floors=max(1, int(floors)) if floors.isdigit() else 1,
                                  roof=terrain.kind is TerrainKind.BUILDING and truthy(extra.get("roof", False))))
        return cls.build(board.width_cm, board.height_cm, pieces, walls)

    @classmethod
    def build(cls, width_cm: float, height_cm: float, pieces: Sequence[Piece], walls: Sequence[Wall]) -> Table:
        blockers = []
        for position, piece in enumerate(pieces):
            if piece.sight_height_cm > 0:
                blockers.append((*piece.bounds, piece.sight_height_cm, position))
        for number, wall in enumerate(walls):
            bounds = (min(wall.a[0], wall.b[0]), min(wall.a[1], wall.b[1]), max(wall.a[0], wall.b[0]),
                      max(wall.a[1], wall.b[1]))
            blockers.append((*bounds, wall.height_cm, -1 - number))
        blockers.sort(key=lambda b: -b[4])  # the tallest first: a ray they hide needs no more tests
        cols, rows = max(1, math.ceil(width_cm / GRID_CM)), max(1, math.ceil(height_cm / GRID_CM))
        masks = [0] * (cols * rows)
        for bit, (min_x, min_y, max_x, max_y, _, _) in enumerate(blockers):
            c0, c1 = _cell(min_x - GRID_MARGIN_CM, cols), _cell(max_x + GRID_MARGIN_CM, cols)
            r0, r1 = _cell(min_y - GRID_MARGIN_CM, rows), _cell(max_y + GRID_MARGIN_CM, rows)
            for row in range(r0, r1 + 1):
                for col in range(c0, c1 + 1):
                    masks[row * cols + col] |= 1 << bit
        return cls(width_cm, height_cm, tuple(pieces), tuple(walls), tuple(blockers), tuple(masks), (cols, rows))

    def blockers_along(self, ax: float, ay: float, bx: float, by: float) -> list[tuple[float, float, float, float, float, int]]:
        """Blockers in the grid cells the segment runs through (tallest first)."""
        cols, rows = self.grid
        col = min(max(int(ax // GRID_CM), 0), cols - 1)
        row = min(max(int(ay // GRID_CM), 0), rows - 1)
        end_col = min(max(int(bx // GRID_CM), 0), cols - 1)
        end_row = min(max(int(by // GRID_CM), 0), rows - 1)
        masks = self.cell_masks
        mask = masks[row * cols + col]
        if col != end_col or row != end_row:
            dx, dy = bx - ax, by - ay
            step_c = 1 if dx > 0 else -1
            step_r = 1 if dy > 0 else -1
            t_dx = abs(GRID_CM / dx) if abs(dx) > EPS else math.inf
            t_dy = abs(GRID_CM / dy) if abs(dy) > EPS else math.inf
            next_x = ((col + (step_c > 0)) * GRID_CM - ax) / dx if abs(dx) > EPS else math.inf
            next_y = ((row + (step_r > 0)) * GRID_CM - ay) / dy if abs(dy) > EPS else math.inf
            for _ in range(cols + rows + 2):
                if next_x < next_y:
                    col += step_c
                    next_x += t_dx
                else:
                    row += step_r
                    next_y += t_dy
                if not (0 <= col < cols and 0 <= row < rows):
                    break
                mask |= masks[row * cols + col]
                if col == end_col and row == end_row:
                    break
        blockers = self.blockers
        found = []
        while mask:
            low = mask & -mask
            found.append(blockers[low.bit_length() - 1])
            mask ^= low
        return found

    # --- where a point stands ---------------------------------------------------------------

    def pieces_at(self, point: Point) -> tuple[Piece, ...]:
        x, y = point
        return tuple(
            p for p in self.pieces
            if p.bounds[0] <= x <= p.bounds[2] and p.bounds[1] <= y <= p.bounds[3] and point_in_polygon(point, p.polygon)
        )

    def building_at(self, point: Point) -> int | None:
        return next((p.index for p in self.pieces_at(point) if p.kind is TerrainKind.BUILDING), None)

    def piece(self, index: int) -> Piece:
        return self.pieces[index]

    def standing_top_cm(self, point: Point, radius_cm: float = BASE_RADIUS_CM) -> float:
        """How high a base at ``point`` stands on top of an obstacle or wall piece that holds the
        whole base (0 on the ground)."""
        return max((p.height_cm for p in self.pieces_at(point)
                    if p.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and p.height_cm >= FREE_CLIMB_CM
                    and holds_base(p, point, radius_cm)), default=0.0)

    def ladders_at(self, point: Point, reach_cm: float = BASE_RADIUS_CM) -> tuple[Piece, ...]:
        """Stairs pieces (stairways and ladders) the base at ``point`` stands on or touches."""
        return tuple(p for p in self.pieces if p.kind is TerrainKind.STAIRS
                     and (point_in_polygon(point, p.polygon) or distance_to_edges(p, point) <= reach_cm + 0.05))

    def roofs_reached_by(self, ladder: Piece) -> tuple[Piece, ...]:
        """Buildings with a roof whose outline the stairs piece touches (or overlaps)."""
        found = []
        for piece in self.pieces:
            if piece.kind is not TerrainKind.BUILDING or not piece.roof:
                continue
            if any(point_in_polygon(corner, piece.polygon) for corner in ladder.polygon) or any(
                    distance_to_edges(piece, corner) <= LADDER_REACH_CM for corner in ladder.polygon) or any(
                    point_in_polygon(corner, ladder.polygon) for corner in piece.polygon):
                found.append(piece)
        return tuple(found)

    def in_difficult(self, point: Point) -> bool:
        return any(p.kind is TerrainKind.DIFFICULT for p in self.pieces_at(point))

    def on_table(self, point: Point, radius_cm: float = 0.0) -> bool:
        x, y = point
        return radius_cm <= x <= self.width_cm - radius_cm and radius_cm <= y <= self.height_cm - radius_cm


def truthy(value: object) -> bool:
    """A map property read as a yes/no (Tiled bools, or the words true/yes/1)."""
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("true", "yes", "1")


def distance_to_edges(piece: Piece, point: Point) -> float:
    """From a point to the nearest side of the piece's outline."""
    return min((_point_segment_distance(point, (x0, y0), (x1, y1)) for x0, y0, x1, y1 in piece.edges), default=math.inf)


def holds_base(piece: Piece, point: Point, radius_cm: float = BASE_RADIUS_CM) -> bool:
    """The whole base fits on the piece (its centre inside, no side nearer than its radius)."""
    return point_in_polygon(point, piece.polygon) and distance_to_edges(piece, point) >= radius_cm - 0.05


def make_piece(index: int, kind: TerrainKind, polygon: Sequence[Point], height_cm: float = 0.0, cover: int = 0,
               label: str = "", portals: Iterable[tuple[Point, Point, str, bool, str]] = ()) -> Piece:
    polygon = tuple(polygon)
    edges = tuple(
        (polygon[i][0], polygon[i][1], polygon[(i + 1) % len(polygon)][0], polygon[(i + 1) % len(polygon)][1])
        for i in range(len(polygon))
    )
    if kind is TerrainKind.BUILDING:
        sight = math.inf
    elif kind is TerrainKind.COVER:
        sight = height_cm or (HEAVY_COVER_HEIGHT_CM if cover >= 2 else LIGHT_COVER_HEIGHT_CM)
    elif kind in (TerrainKind.OBSTACLE, TerrainKind.WALL, TerrainKind.IMPASSABLE):
        sight = height_cm
    else:
        sight = 0.0
    portal_list = tuple(portals)
    return Piece(index, kind, polygon, edges, polygon_bounds(polygon), height_cm, sight, label,
                 tuple((a, b, k, o) for a, b, k, o, _ in portal_list), tuple(i for *_, i in portal_list),
                 axis_aligned_rectangle(polygon) is not None)


def crossings(piece: Piece, ax: float, ay: float, bx: float, by: float) -> list[float]:
    """Where (as a fraction along a→b) the segment crosses the piece's outline."""
    if not piece.is_rectangle:
        return _segment_params(ax, ay, bx, by, piece.edges)
    min_x, min_y, max_x, max_y = piece.bounds
    t_in, t_out = -math.inf, math.inf
    # the slabs x then y, written out (this runs for every ray and every piece near it)
    delta = bx - ax
    if abs(delta) < EPS:
        if ax < min_x or ax > max_x:
            return []
    else:
        t0, t1 = (min_x - ax) / delta, (max_x - ax) / delta
        if t0 > t1:
            t0, t1 = t1, t0
        if t0 > t_in:
            t_in = t0
        if t1 < t_out:
            t_out = t1
        if t_in > t_out:
            return []
    delta = by - ay
    if abs(delta) < EPS:
        if ay < min_y or ay > max_y:
            return []
    else:
        t0, t1 = (min_y - ay) / delta, (max_y - ay) / delta
        if t0 > t1:
            t0, t1 = t1, t0
        if t0 > t_in:
            t_in = t0
        if t1 < t_out:
            t_out = t1
        if t_in > t_out:
            return []
    return [t for t in (t_in, t_out) if -EPS <= t <= 1 + EPS]


# --- distances ---------------------------------------------------------------------------------


def base_distance(a: Figure, b: Figure) -> float:
    """Edge-to-edge distance between two round bases (0 when touching or overlapping)."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius_cm - b.radius_cm)


def point_base_distance(point: Point, figure: Figure) -> float:
    return max(0.0, math.hypot(point[0] - figure.x, point[1] - figure.y) - figure.radius_cm)


def in_contact(a: Figure, b: Figure, tolerance_cm: float = 0.05) -> bool:
    return base_distance(a, b) <= tolerance_cm


def scatter_point(table: Table, origin: Point, angle: float, distance_cm: float, radius_cm: float) -> tuple[Point, bool]:
    """The point ``distance_cm`` from ``origin`` along ``angle``; clamped to the table edge along the
    line when it falls off (the flag says so)."""
    dx, dy = math.cos(angle), math.sin(angle)
    limit = distance_cm
    lo_x, hi_x = radius_cm, table.width_cm - radius_cm
    lo_y, hi_y = radius_cm, table.height_cm - radius_cm
    for d, o, lo, hi in ((dx, origin[0], lo_x, hi_x), (dy, origin[1], lo_y, hi_y)):
        if abs(d) > EPS:
            bound = hi if d > 0 else lo
            limit = min(limit, max(0.0, (bound - o) / d))
    point = (min(max(origin[0] + dx * limit, lo_x), hi_x), min(max(origin[1] + dy * limit, lo_y), hi_y))
    return point, limit < distance_cm - 1e-6


# --- crossings ---------------------------------------------------------------------------------


def _segment_params(ax: float, ay: float, bx: float, by: float,
                    edges: Iterable[tuple[float, float, float, float]]) -> list[float]:
    """Where (as a fraction along a→b) the segment crosses the given edges."""
    found = []
    rx, ry = bx - ax, by - ay
    for x0, y0, x1, y1 in edges:
        sx, sy = x1 - x0, y1 - y0
        denominator = rx * sy - ry * sx
        if abs(denominator) < EPS:
            continue
        qx, qy = x0 - ax, y0 - ay
        t = (qx * sy - qy * sx) / denominator
        u = (qx * ry - qy * rx) / denominator
        if -EPS <= t <= 1 + EPS and -EPS <= u <= 1 + EPS:
            found.append(min(max(t, 0.0), 1.0))
    return found


_WINDOW = PortalKind.WINDOW.value
_PORTAL_REACH_CM = PORTAL_SLACK_CM + BASE_RADIUS_CM * 0.5


def _through_portal(point: Point, piece: Piece, open_portals: frozenset[str], walking: bool) -> bool:
    for (a, b, kind, opened), portal_id in zip(piece.portals, piece.portal_ids, strict=True):
        # walking: doors open as you go through; windows are climbed
        if (walking or kind == _WINDOW or opened or portal_id in open_portals) \
                and _point_segment_distance(point, a, b) <= _PORTAL_REACH_CM:
            return True
    return False


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < EPS else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length_sq))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


# --- sight -------------------------------------------------------------------------------------


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
                      view: Sequence[ViewRow] | None = None) -> float:
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
    if view is not None:
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
                ts = _segment_params(sx, sy, ax, ay, ((wall.a[0], wall.a[1], wall.b[0], wall.b[1]),))
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
        if not _through_portal(point, piece, open_portals, walking=False):
            found.append(t)
    return found


def _meets_building_wall(piece: Piece, sx: float, sy: float, ax: float, ay: float, ts: list[float],
                         open_portals: frozenset[str], shooter_building: int | None) -> bool:
    """The ray meets at least one of the building's walls (``_building_walls_crossed`` is not empty)."""
    for t in ts:
        if t < 1e-6 and shooter_building == piece.index:
            continue
        if not _through_portal((sx + (ax - sx) * t, sy + (ay - sy) * t), piece, open_portals, walking=False):
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


@dataclass(frozen=True, slots=True)
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


# --- movement ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
              ladders: bool = True) -> PathCost:
    """What walking the base's centre along ``points`` costs: length, doubled inside difficult ground,
    plus the height of each obstacle or wall climbed and the price of entering buildings and stairs.
    Anything higher than ``max_climb_cm`` stops the move, unless (``ladders``) it is crossed where a
    stairs piece (a ladder) stands over it: then it costs its height too."""
    total = 0.0
    length = 0.0
    rough = 0.0
    entered: list[int] = []
    inside = {p.index for p in table.pieces_at(points[0])} if points else set()
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        leg = math.hypot(bx - ax, by - ay)
        if leg < EPS:
            continue
        length += leg
        cuts = {0.0, 1.0}
        for piece in table.pieces:
            b = piece.bounds
            if max(ax, bx) < b[0] or min(ax, bx) > b[2] or max(ay, by) < b[1] or min(ay, by) > b[3]:
                continue
            ts = crossings(piece, ax, ay, bx, by)
            cuts.update(min(max(t, 0.0), 1.0) for t in ts)
            if piece.kind is TerrainKind.BUILDING and ts:
                if not can_enter_buildings:
                    return PathCost(total, length, "cannot enter or leave a building on this move")
                for t in ts:
                    point = (ax + (bx - ax) * t, ay + (by - ay) * t)
                    if not _through_portal(point, piece, frozenset(), walking=True):
                        where = f"the {piece.label or 'building'}"
                        return PathCost(total, length, f"{where} can only be entered or left by a door or window")
        for wall in table.walls:
            ts = _segment_params(ax, ay, bx, by, ((wall.a[0], wall.a[1], wall.b[0], wall.b[1]),))
            if ts:
                climb = _climb_cost(wall.height_cm, max_climb_cm)
                if climb is None and ladders and all(
                        _on_ladder(table, (ax + (bx - ax) * t, ay + (by - ay) * t)) for t in ts):
                    climb = wall.height_cm
                if climb is None:
                    return PathCost(total, length, f"a {wall.kind} {wall.height_cm:g} cm high is too high to cross")
                total += climb
                rough += climb
        ordered = sorted(cuts)
        for t0, t1 in zip(ordered, ordered[1:], strict=False):
            if t1 - t0 < 1e-9:
                continue
            mid = (ax + (bx - ax) * (t0 + t1) / 2, ay + (by - ay) * (t0 + t1) / 2)
            here = table.pieces_at(mid)
            factor = 1.0
            for piece in here:
                if piece.kind is TerrainKind.IMPASSABLE:
                    return PathCost(total, length, f"the {piece.label or 'ground'} cannot be crossed")
                if piece.kind is TerrainKind.DIFFICULT:
                    factor = 2.0
                if piece.index in inside:
                    continue
                if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL):
                    climb = _climb_cost(piece.height_cm, max_climb_cm)
                    if climb is None and ladders and _on_ladder(table, (ax + (bx - ax) * t0, ay + (by - ay) * t0)):
                        climb = piece.height_cm
                    if climb is None:
                        return PathCost(total, length,
                                        f"the {piece.label or 'obstacle'} ({piece.height_cm:g} cm) is too high to climb")
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
            if not _through_portal(point, piece, frozenset(), walking=True):
                return f"the wall of the {piece.label or 'building'} is in the way: jump through a window"
    return ""


def _climb_cost(height_cm: float, max_climb_cm: float) -> float | None:
    if height_cm < FREE_CLIMB_CM:
        return 0.0
    if height_cm > max_climb_cm:
        return None
    return height_cm


def destination_problem(table: Table, mover: Figure, destination: Point, figures: Sequence[Figure]) -> str:
    """Why a base cannot stand at ``destination`` (empty when it can): off the table, on impassable
    ground, part-way onto an obstacle (standing on top is fine when the whole base fits), or
    overlapping another base on the same level (touching is fine)."""
    if not table.on_table(destination, mover.radius_cm):
        return "the base would hang off the table"
    for piece in table.pieces_at(destination):
        if piece.kind is TerrainKind.IMPASSABLE:
            return f"cannot stand in the {piece.label or 'impassable ground'}"
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm >= FREE_CLIMB_CM \
                and not holds_base(piece, destination, mover.radius_cm):
            return f"cannot end a move on top of the {piece.label or 'obstacle'}: the base does not fit on it"
    moved = Figure(mover.id, destination[0], destination[1], mover.radius_cm, mover.kind)
    height = mover.base_cm if mover.base_cm and table.building_at(destination) is not None \
        else table.standing_top_cm(destination, mover.radius_cm)
    for other in figures:
        if other.id == mover.id or abs(other.base_cm - height) > 0.5:  # another floor, or up on a piece
            continue
        gap = math.hypot(other.x - moved.x, other.y - moved.y) - other.radius_cm - moved.radius_cm
        if gap < -0.05:
            return f"the base would overlap {other.id}"
    return ""


# --- vehicles ------------------------------------------------------------------------------------


VEHICLE_BLOCKING_HEIGHT_CM = 3.0  # walls and obstacles taller than this stop any vehicle


@dataclass(frozen=True, slots=True)
class Footprint:
    """A vehicle on the table: a rectangle around its centre, its front along ``facing`` (radians)."""

    x: float
    y: float
    facing: float
    length_cm: float
    width_cm: float

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def front(self) -> Point:
        """The middle of the front bumper (where vehicle moves are measured from)."""
        half = self.length_cm / 2
        return (self.x + math.cos(self.facing) * half, self.y + math.sin(self.facing) * half)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front left, front right, rear right, rear left."""
        fx, fy = math.cos(self.facing), math.sin(self.facing)
        sx, sy = -fy, fx
        hl, hw = self.length_cm / 2, self.width_cm / 2
        return (
            (self.x + fx * hl - sx * hw, self.y + fy * hl - sy * hw),
            (self.x + fx * hl + sx * hw, self.y + fy * hl + sy * hw),
            (self.x - fx * hl + sx * hw, self.y - fy * hl + sy * hw),
            (self.x - fx * hl - sx * hw, self.y - fy * hl - sy * hw),
        )

    def local(self, point: Point) -> Point:
        """The point in the vehicle's frame: along (front positive) and across."""
        dx, dy = point[0] - self.x, point[1] - self.y
        fx, fy = math.cos(self.facing), math.sin(self.facing)
        return (dx * fx + dy * fy, -dx * fy + dy * fx)

    def with_front_at(self, front: Point, facing: float) -> Footprint:
        half = self.length_cm / 2
        return Footprint(front[0] - math.cos(facing) * half, front[1] - math.sin(facing) * half, facing,
                         self.length_cm, self.width_cm)

    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = zip(*self.corners(), strict=True)
        return (min(xs), min(ys), max(xs), max(ys))


def footprint_distance(footprint: Footprint, point: Point) -> float:
    """From a point to the rectangle (0 inside)."""
    along, across = footprint.local(point)
    dx = max(abs(along) - footprint.length_cm / 2, 0.0)
    dy = max(abs(across) - footprint.width_cm / 2, 0.0)
    return math.hypot(dx, dy)


def figure_footprint_gap(footprint: Footprint, figure: Figure) -> float:
    """Edge of a base to the vehicle's body (negative when they overlap)."""
    return footprint_distance(footprint, figure.position) - figure.radius_cm


def footprint_side(footprint: Footprint, point: Point) -> str:
    """Which side of the vehicle a point outside it faces: front, rear, left or right."""
    along, across = footprint.local(point)
    over_along = abs(along) - footprint.length_cm / 2
    over_across = abs(across) - footprint.width_cm / 2
    if over_along >= over_across:
        return "front" if along > 0 else "rear"
    return "right" if across > 0 else "left"


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    return bool(_segment_params(a[0], a[1], b[0], b[1], ((c[0], c[1], d[0], d[1]),)))


def _polygon_edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def footprints_overlap(first: Footprint, second: Footprint) -> bool:
    a, b = first.corners(), second.corners()
    if any(footprint_distance(second, p) < 1e-6 for p in a) or any(footprint_distance(first, p) < 1e-6 for p in b):
        return True
    return any(_segments_cross(p, q, r, s) for p, q in _polygon_edges(a) for r, s in _polygon_edges(b))


def footprint_meets_polygon(footprint: Footprint, polygon: Sequence[Point]) -> bool:
    corners = footprint.corners()
    if any(footprint_distance(footprint, p) < 1e-6 for p in polygon):
        return True
    if any(point_in_polygon(p, polygon) for p in (*corners, footprint.centre)):
        return True
    return any(_segments_cross(p, q, r, s) for p, q in _polygon_edges(corners) for r, s in _polygon_edges(polygon))


def footprint_meets_segment(footprint: Footprint, a: Point, b: Point) -> bool:
    if footprint_distance(footprint, a) < 1e-6 or footprint_distance(footprint, b) < 1e-6:
        return True
    return any(_segments_cross(a, b, p, q) for p, q in _polygon_edges(footprint.corners()))


def footprint_problem(table: Table, footprint: Footprint) -> str:
    """Why a vehicle cannot stand here (empty when it can): off the table, in a building, a wood or
    other impassable ground, on stairs, or against a wall or obstacle taller than 3 cm."""
    x0, y0, x1, y1 = footprint.bounds()
    if x0 < 0 or y0 < 0 or x1 > table.width_cm or y1 > table.height_cm:
        return "off the table"
    for piece in table.pieces:
        b = piece.bounds
        if b[2] < x0 or b[0] > x1 or b[3] < y0 or b[1] > y1:
            continue
        blocking = piece.kind in (TerrainKind.BUILDING, TerrainKind.IMPASSABLE, TerrainKind.STAIRS) or (
            piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm > VEHICLE_BLOCKING_HEIGHT_CM)
        if blocking and footprint_meets_polygon(footprint, piece.polygon):
            return f"the {piece.label or piece.kind.value}"
    for wall in table.walls:
        if wall.height_cm > VEHICLE_BLOCKING_HEIGHT_CM and footprint_meets_segment(footprint, wall.a, wall.b):
            return f"a {wall.kind} {wall.height_cm:g} cm high"
    return ""


def footprint_in_difficult(table: Table, footprint: Footprint) -> bool:
    return table.in_difficult(footprint.front)


@dataclass(frozen=True, slots=True)
class Sweep:
    """A vehicle driven straight: where it got to, what stopped it, and the figures it met in order."""

    footprint: Footprint
    travelled_cm: float
    stopped_by: str  # "" when it went the whole way; scenery, "off the table" or a vehicle id
    met: tuple[tuple[str, float], ...]  # figure id, distance travelled when the body first touched it


def sweep(table: Table, start: Footprint, distance_cm: float, figures: Sequence[Figure],
          others: Sequence[tuple[str, Footprint]] = (), step_cm: float = 0.5, backwards: bool = False) -> Sweep:
    """Drive ``start`` straight along its facing (or backwards) for up to ``distance_cm``, stopping
    just short of scenery it cannot pass, the table edge or another vehicle; figures whose bases the
    body runs into on the way are listed (a base it only brushes past is not)."""
    direction = start.facing + (math.pi if backwards else 0.0)
    dx, dy = math.cos(direction), math.sin(direction)
    met: dict[str, float] = {}
    current = start
    travelled = 0.0
    steps = max(1, math.ceil(distance_cm / step_cm))
    for number in range(1, steps + 1):
        along = min(distance_cm, number * step_cm)
        candidate = Footprint(start.x + dx * along, start.y + dy * along, start.facing, start.length_cm, start.width_cm)
        problem = footprint_problem(table, candidate)
        if problem:
            return Sweep(current, travelled, problem, tuple(met.items()))
        hit = next((vid for vid, other in others if footprints_overlap(candidate, other)), None)
        if hit is not None:
            return Sweep(current, travelled, hit, tuple(met.items()))
        for figure in figures:
            if figure.id not in met and figure_footprint_gap(candidate, figure) < -0.05:
                met[figure.id] = along
        current, travelled = candidate, along
    return Sweep(current, travelled, "", tuple(met.items()))
