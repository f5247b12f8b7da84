"""The table as geometry sees it, in cm: miniatures (``Figure``), scenery pieces, walls and the
``Table`` built once per board (``Table.from_board``) with a grid of what may hide what; distances
between bases, and where a segment crosses a piece's outline.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import field, replace

from game.board.geometry import axis_aligned_rectangle, point_in_polygon, polygon_bounds
from game.board.model import Board, PortalKind, TerrainKind
from game.rules.core.frozen import record

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


@record
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


@record
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
    woods: bool = False  # difficult ground closed to vehicles (woods, forests: book 9.4)

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


@record
class Wall:
    a: Point
    b: Point
    height_cm: float
    kind: str


@record
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
                                  roof=terrain.kind is TerrainKind.BUILDING and truthy(extra.get("roof", False)),
                                  woods=terrain.kind is TerrainKind.DIFFICULT and truthy(extra.get("woods", False))))
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
        return segment_params(ax, ay, bx, by, piece.edges)
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


def segment_params(ax: float, ay: float, bx: float, by: float,
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


PORTAL_REACH_CM = PORTAL_SLACK_CM + BASE_RADIUS_CM * 0.5  # a point this near an opening passes through it


def sight_portal_open(kind: str, opened: bool, portal_id: str, open_portals: frozenset[str]) -> bool:
    """Sight passes this opening: a window, or a door open at set-up or since."""
    return kind == _WINDOW or opened or portal_id in open_portals


def through_portal(point: Point, piece: Piece, open_portals: frozenset[str], walking: bool) -> bool:
    for (a, b, kind, opened), portal_id in zip(piece.portals, piece.portal_ids, strict=True):
        # walking: doors open as you go through; windows are climbed
        if (walking or sight_portal_open(kind, opened, portal_id, open_portals)) \
                and _point_segment_distance(point, a, b) <= PORTAL_REACH_CM:
            return True
    return False


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < EPS else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length_sq))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)
