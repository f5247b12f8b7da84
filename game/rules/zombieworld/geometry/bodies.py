"""Vehicle bodies on the table: footprints, their distances to bases and scenery, and a body swept
straight on (what it meets, where it stops).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.board.geometry import point_in_polygon
from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.zombieworld import spoken
from game.rules.zombieworld.geometry.table import Figure, Point, Table, segment_params

VEHICLE_BLOCKING_HEIGHT_CM = 3.0  # walls and obstacles taller than this stop any vehicle


@record
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
    return bool(segment_params(a[0], a[1], b[0], b[1], ((c[0], c[1], d[0], d[1]),)))


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


OFF_TABLE = Said(N_("off the table"))  # what stopped a vehicle that reached the edge


def footprint_problem(table: Table, footprint: Footprint) -> str:
    """Why a vehicle cannot stand here (empty when it can): off the table, in a building, in woods
    (difficult ground for figures, closed to vehicles) or impassable ground, on stairs, or against a
    wall or obstacle taller than 3 cm."""
    x0, y0, x1, y1 = footprint.bounds()
    if x0 < 0 or y0 < 0 or x1 > table.width_cm or y1 > table.height_cm:
        return OFF_TABLE
    for piece in table.pieces:
        b = piece.bounds
        if b[2] < x0 or b[0] > x1 or b[3] < y0 or b[1] > y1:
            continue
        blocking = piece.kind in (TerrainKind.BUILDING, TerrainKind.IMPASSABLE, TerrainKind.STAIRS) or piece.woods or (
            piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and piece.height_cm > VEHICLE_BLOCKING_HEIGHT_CM)
        if blocking and footprint_meets_polygon(footprint, piece.polygon):
            return Said(N_("the {piece}"), piece=spoken.piece(piece.label, piece.kind.value))
    for wall in table.walls:
        if wall.height_cm > VEHICLE_BLOCKING_HEIGHT_CM and footprint_meets_segment(footprint, wall.a, wall.b):
            return Said(N_("a {wall} {cm} cm high"), wall=spoken.kind_word(wall.kind), cm=spoken.cm(wall.height_cm))
    return ""


def footprint_in_difficult(table: Table, footprint: Footprint) -> bool:
    return table.in_difficult(footprint.front)


@record
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

    def at(along: float) -> Footprint:
        return Footprint(start.x + dx * along, start.y + dy * along, start.facing, start.length_cm, start.width_cm)

    def stopper(body: Footprint) -> str:
        return footprint_problem(table, body) or next((vid for vid, other in others if footprints_overlap(body, other)),
                                                      "")

    def first(clear: float, blocked: float, hit: Callable[[float], bool]) -> float:
        """The distance (to 0.01 mm) where ``hit`` starts to hold between ``clear`` and ``blocked``."""
        while blocked - clear > 1e-5:
            middle = (clear + blocked) / 2
            clear, blocked = (clear, middle) if hit(middle) else (middle, blocked)
        return blocked

    met: dict[str, float] = {}
    travelled = 0.0
    steps = max(1, math.ceil(distance_cm / step_cm))
    for number in range(1, steps + 1):
        along = min(distance_cm, number * step_cm)
        candidate = at(along)
        stopped_by = stopper(candidate)
        if stopped_by:  # it goes on to just short of what stops it
            end = first(travelled, along, lambda d: bool(stopper(at(d)))) - 1e-5
            for figure in figures:  # and meets what it reaches before that
                if figure.id not in met and figure_footprint_gap(at(end), figure) < -0.05:
                    met[figure.id] = first(travelled, end, _touches(at, figure))
            return Sweep(at(end), end, stopped_by, tuple(met.items()))
        for figure in figures:
            if figure.id not in met and figure_footprint_gap(candidate, figure) < -0.05:
                met[figure.id] = first(travelled, along, _touches(at, figure))
        travelled = along
    return Sweep(at(travelled), travelled, "", tuple(met.items()))


def _touches(at: Callable[[float], Footprint], figure: Figure) -> Callable[[float], bool]:
    """Whether the body, that far along, overlaps the figure's base."""
    return lambda distance: figure_footprint_gap(at(distance), figure) < 0
