"""Where a base may stand: overlaps with scenery, other bases and vehicle bodies; free spots near a point."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombieworld import spoken
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    Figure,
    Footprint,
    destination_problem,
    figure_footprint_gap,
    footprint_distance,
    footprint_problem,
    footprints_overlap,
)
from game.rules.zombieworld.state import Model
from game.rules.zombieworld.working import Game

DOOR_REACH_CM = 0.4  # a base this close to a side or the rear touches a door


def free_spot_near(game: Game, centre: tuple[float, float], distance_cm: float,
                   inside: int | None = None, base_cm: float = 0.0) -> tuple[float, float] | None:
    figures = game.figures()
    mover = Figure("new", centre[0], centre[1], base_cm=base_cm)
    for ring in (distance_cm, distance_cm + 1.5, distance_cm + 3.0, distance_cm + 5.0):
        for step in range(12):
            angle = step * math.pi / 6
            point = (centre[0] + math.cos(angle) * ring, centre[1] + math.sin(angle) * ring)
            if inside is not None and game.table.building_at(point) != inside:
                continue
            if not spot_problem(game, mover, point, figures):
                return point
    return None


def touching_piece(game: Game, model: Model, index: int) -> bool:
    piece = game.table.piece(index)
    x0, y0, x1, y1 = piece.bounds
    dx = max(x0 - model.x, 0.0, model.x - x1)
    dy = max(y0 - model.y, 0.0, model.y - y1)
    return math.hypot(dx, dy) <= BASE_RADIUS_CM + 1.0


def spot_around(game: Game, ladder: Any, accept: Any, max_cm: float = 8.0) -> tuple[float, float] | None:
    """The spot nearest the ladder's middle that ``accept`` takes (rings of 0.5 cm)."""
    xs, ys = zip(*ladder.polygon, strict=True)
    centre = (sum(xs) / len(xs), sum(ys) / len(ys))
    return spot_in_rings(centre, lambda p: game.table.on_table(p, BASE_RADIUS_CM) and accept(p), max_cm)


def spot_in_rings(centre: tuple[float, float], accept: Any, max_cm: float) -> tuple[float, float] | None:
    """The first spot ``accept`` takes, from ``centre`` outward in rings 0.5 cm apart (16 per ring)."""
    for ring in range(int(max_cm / 0.5) + 1):
        radius = ring * 0.5
        for step in range(16 if ring else 1):
            angle = step * math.pi / 8
            point = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
            if accept(point):
                return point
    return None


def vehicle_spot(game: Game, near: tuple[float, float], length: float, width: float,
                 inside: tuple[float, float, float, float] | None = None,
                 keep_clear: tuple[str, ...] = ()) -> Footprint | None:
    """The nearest place (rings around ``near``) where a body of that size stands free of scenery,
    vehicles and bases (except ``keep_clear`` models, about to get in)."""
    figures = [game.figure(m) for m in game.alive() if not m.vehicle and m.id not in keep_clear]
    bodies = [game.body(v) for v in game.vehicles.values()]
    for ring in (0.0, 2.0, 4.0, 6.0, 8.0, 11.0, 14.0, 18.0, 22.0, 27.0, 33.0):
        for step in range(1 if ring == 0 else 16):
            angle = step * math.pi / 8
            x, y = near[0] + math.cos(angle) * ring, near[1] + math.sin(angle) * ring
            for facing in (0.0, math.pi / 2, math.pi, -math.pi / 2):
                body = Footprint(x, y, facing, length, width)
                if inside is not None:
                    x0, y0, x1, y1 = body.bounds()
                    ax, ay, aw, ah = inside
                    if x0 < ax or y0 < ay or x1 > ax + aw or y1 > ay + ah:
                        continue
                if footprint_problem(game.table, body) or any(footprints_overlap(body, b) for b in bodies):
                    continue
                if any(figure_footprint_gap(body, f) < 0.1 for f in figures):
                    continue
                return body
    return None


def spot_problem(game: Game, mover: Figure, point: tuple[float, float], figures: Any) -> str:
    """Where a base cannot stand: the table's reasons, or inside a vehicle's body."""
    problem = destination_problem(game.table, mover, point, figures)
    if isinstance(problem, Said) and problem.fields.get("model") in game.models:  # named as the player knows it
        return Said(problem.template, model=spoken.who(game.catalog, game.models[problem.fields["model"]]))
    if problem:
        return problem
    moved = Figure(mover.id, point[0], point[1], mover.radius_cm, mover.kind, mover.base_cm)
    if mover.base_cm:
        return ""  # upstairs: no vehicle is in the way
    for vehicle in game.vehicles.values():
        if figure_footprint_gap(game.body(vehicle), moved) < -0.05:
            return Said(N_("the base would overlap the {vehicle}"), vehicle=game.catalog.vehicle(vehicle.vehicle))
    return ""


def path_hits_vehicle(game: Game, points: list[tuple[float, float]], radius: float = BASE_RADIUS_CM) -> Any:
    """The vehicle (its catalogue entry) a base walking these legs would pass through (None for none)."""
    for vehicle in game.vehicles.values():
        body = game.body(vehicle)
        x0, y0, x1, y1 = body.bounds()
        for a, b in zip(points, points[1:], strict=False):
            if max(a[0], b[0]) < x0 - radius or min(a[0], b[0]) > x1 + radius \
                    or max(a[1], b[1]) < y0 - radius or min(a[1], b[1]) > y1 + radius:
                continue
            steps = max(1, math.ceil(math.dist(a, b) / 0.5))
            for i in range(steps + 1):
                t = i / steps
                point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                if footprint_distance(body, point) < radius - 0.05:
                    return game.catalog.vehicle(vehicle.vehicle) or Said(N_("vehicle"))
    return None


Point = tuple[float, float]
STEP_BACK_CM = 0.05  # how finely a stop short of a blocked spot steps back along the path


def trail_to(points: Sequence[Point], distance_cm: float) -> list[Point]:
    """The start of the path through ``points`` that is ``distance_cm`` long."""
    trail = [points[0]]
    walked = 0.0
    for a, b in zip(points, points[1:], strict=False):
        leg = math.dist(a, b)
        if walked + leg >= distance_cm - 1e-12:
            f = (distance_cm - walked) / leg if leg > 1e-12 else 0.0
            trail.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
            return trail
        walked += leg
        trail.append(b)
    return trail


def farthest_along(points: Sequence[Point], cost_of: Callable[[list[Point]], float], budget_cm: float,
                   spot_ok: Callable[[Point], bool]) -> tuple[list[Point], float] | None:
    """The longest start of the path through ``points`` whose cost fits ``budget_cm`` and that ends
    where the base may stand: ``cost_of(trail)`` (infinite where it cannot be walked) only grows
    along a path, so the end of the move is found by halving to a thousandth of a cm; from there it
    steps back 0.05 cm at a time to the first spot ``spot_ok`` takes. None: not even a step."""
    total = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
    if total < 1e-9:
        return None
    if cost_of(list(points)) <= budget_cm + 1e-6:
        low = total
    else:
        low, high = 0.0, total
        while high - low > 1e-3:
            middle = (low + high) / 2
            if cost_of(trail_to(points, middle)) <= budget_cm + 1e-6:
                low = middle
            else:
                high = middle
    distance = low
    while distance > 1e-6:
        trail = trail_to(points, distance)
        if spot_ok(trail[-1]):
            return trail, cost_of(trail)
        distance -= STEP_BACK_CM
    return None
