"""Deployment (book 10.1): the bands roll a D10 each for the order they deploy in (ties roll
again), and each deploys in a 60 × 60 cm quadrant of its choice, every figure within 15 cm of the
table edge of that quadrant and at least 25 cm from any rival survivor already on the table.
Scenario 6 puts every band in the quadrant of the zombies' pen, scenario 10 within 20 cm of the
table's centre (there with no 25 cm between bands, who start together). With ``deploy = "players"`` each band's player places its figures (``Deploy``) and says
when it is done (``DeploymentDone``); otherwise the engine places them in that order.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Figure, base_distance
from game.rules.zombieworld.rounds import advance, roll_order, start_round
from game.rules.zombieworld.spots import spot_problem, vehicle_spot
from game.rules.zombieworld.state import ZOMBIES, Model
from game.rules.zombieworld.working import Game

QUADRANT_CM = 60.0
EDGE_DEPTH_CM = 15.0  # figures stand within this of the table edge of their quadrant
RIVAL_GAP_CM = 25.0  # ... and at least this far from any rival survivor
CENTRE_RADIUS_CM = 20.0  # scenario 10: round the table's centre (the book gives no size)
OFF_TABLE = (-100.0, -100.0)  # where figures wait to be deployed
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def quadrants(width_cm: float, height_cm: float) -> list[tuple[Rect, tuple[str, ...]]]:
    """The table's quadrants and the table edges each touches: 60 cm squares, or halves of a side
    that is not a multiple of 60 [AMBIG-44]."""
    cols = max(2, round(width_cm / QUADRANT_CM)) if width_cm % QUADRANT_CM == 0 else 2
    rows = max(2, round(height_cm / QUADRANT_CM)) if height_cm % QUADRANT_CM == 0 else 2
    qw, qh = width_cm / cols, height_cm / rows
    found = []
    for row in range(rows):
        for col in range(cols):
            edges = tuple(e for e, on in (("n", row == 0), ("s", row == rows - 1), ("w", col == 0),
                                          ("e", col == cols - 1)) if on)
            found.append(((col * qw, row * qh, (col + 1) * qw, (row + 1) * qh), edges))
    return found


def _inside(rect: Rect, point: tuple[float, float]) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


def _edge_gap(game: Game, point: tuple[float, float], edge: str) -> float:
    x, y = point
    return {"w": x, "e": game.table.width_cm - x, "n": y, "s": game.table.height_cm - y}[edge]


def zone_of(game: Game, point: tuple[float, float]) -> tuple[str, Rect] | None:
    """The deployment zone a base at ``point`` stands in (its quadrant, or the centre), or None."""
    scenario = game.catalog.scenario(game.base.scenario)
    if scenario.deployment == "centre":
        centre = (game.table.width_cm / 2, game.table.height_cm / 2)
        if math.dist(point, centre) <= CENTRE_RADIUS_CM - BASE_RADIUS_CM:
            return "centre", (centre[0] - CENTRE_RADIUS_CM, centre[1] - CENTRE_RADIUS_CM,
                              centre[0] + CENTRE_RADIUS_CM, centre[1] + CENTRE_RADIUS_CM)
        return None
    allowed = quadrants(game.table.width_cm, game.table.height_cm)
    pen = pen_quadrant(game)
    if scenario.deployment == "shared_pen_quadrant" and pen is not None:
        allowed = [q for q in allowed if q[0] == pen]
    for rect, edges in allowed:  # the whole base in the quadrant, within 15 cm of its table edge
        inner = (rect[0] + BASE_RADIUS_CM, rect[1] + BASE_RADIUS_CM, rect[2] - BASE_RADIUS_CM, rect[3] - BASE_RADIUS_CM)
        if _inside(inner, point) and any(_edge_gap(game, point, e) <= EDGE_DEPTH_CM - BASE_RADIUS_CM for e in edges):
            return f"quadrant {rect[0]:g},{rect[1]:g}", rect
    return None


def pen_quadrant(game: Game) -> Rect | None:
    """Scenario 6: the quadrant of the zombies' pen (where every band deploys)."""
    penned = [game.models[z] for z in game.pen if z in game.models]
    if not penned:
        return None
    middle = (sum(z.x for z in penned) / len(penned), sum(z.y for z in penned) / len(penned))
    return next((rect for rect, _ in quadrants(game.table.width_cm, game.table.height_cm) if _inside(rect, middle)),
                None)


def deployed_rivals(game: Game, seat: str) -> list[Model]:
    """Rival survivors already on the table."""
    return [m for m in game.alive() if m.side not in (seat, ZOMBIES) and m.kind == "survivor" and m.x >= 0]


def deploy_problem(game: Game, model: Model, point: tuple[float, float]) -> Said | str:
    """Why ``model`` cannot be deployed at ``point`` ("" when it can)."""
    if zone_of(game, point) is None:
        scenario = game.catalog.scenario(game.base.scenario)
        if scenario.deployment == "centre":
            return Said(N_("deploy within {cm} cm of the table's centre"), cm=spoken.cm(CENTRE_RADIUS_CM))
        return Said(N_("deploy within {cm} cm of the table edge of the pen's quadrant")
                    if scenario.deployment == "shared_pen_quadrant"
                    else N_("deploy within {cm} cm of the table edge of a quadrant"), cm=spoken.cm(EDGE_DEPTH_CM))
    waiting = [f for f in game.figures_except(model.id) if f.x >= 0]
    problem = spot_problem(game, game.figure(model), point, waiting)
    if problem:
        return problem
    if game.catalog.scenario(game.base.scenario).deployment == "centre":
        return ""  # round the centre the bands start together: no 25 cm between them
    spot = Figure(model.id, point[0], point[1])
    for rival in deployed_rivals(game, model.side):
        if base_distance(spot, game.figure(rival)) < RIVAL_GAP_CM - 1e-6:
            return Said(N_("at least {cm} cm from {name} of a rival band"), cm=spoken.cm(RIVAL_GAP_CM), name=rival.name)
    return ""


def _candidates(game: Game, around: tuple[float, float], preferred: Rect | None) -> Iterator[tuple[float, float]]:
    """Spots to try when placing a figure: ``around`` itself, then a 1 cm grid over its band's area
    (``preferred``) and the whole table, nearest ``around`` first."""
    yield around
    areas = [preferred] if preferred is not None else []
    areas.append((0.0, 0.0, game.table.width_cm, game.table.height_cm))
    found: set[tuple[float, float]] = set()
    for x0, y0, x1, y1 in areas:
        for i in range(int(x1 - x0) + 1):
            for j in range(int(y1 - y0) + 1):
                found.add((x0 + i, y0 + j))
    yield from sorted(found, key=lambda p: (math.dist(p, around), p))


def place_band(game: Game, seat: str, preferred: Rect | None, intended: dict[str, tuple[float, float]]) -> None:
    """Put the band's figures on legal spots, each as near as it can to where set-up laid it out
    (``intended``, in the band's deployment area), all in one zone; a figure with no legal spot
    left stays at its laid-out spot if free (the engine's placement; players place their own)."""
    zone = None
    for model in [m for m in game.alive(seat) if not m.vehicle]:
        current = game.models[model.id]
        around = intended.get(model.id, (0.0, 0.0))
        chosen = None
        for point in _candidates(game, around, preferred):
            here = zone_of(game, point)
            if here is None or (zone is not None and here[0] != zone):
                continue
            if not deploy_problem(game, current, point):
                chosen, zone = point, here[0]
                break
        if chosen is None:  # no legal spot: the nearest free one to its laid-out spot
            chosen = next((p for p in _candidates(game, around, preferred)
                           if not spot_problem(game, game.figure(current), p, game.figures_except(model.id))),
                          OFF_TABLE)
        game.update(current, x=chosen[0], y=chosen[1])


def begin(game: Game, order: tuple[str, ...], areas: dict[str, Rect | None], players: bool) -> None:
    """Deploy the bands in ``order``: the engine places them all, or (``players``) each band waits
    off the table and its player places it in turn (starting from the engine's placement)."""
    intended = {m.id: m.position for m in game.alive() if m.side in order and not m.vehicle}
    for seat in order:
        for model in game.alive(seat):
            if not model.vehicle:
                game.update(model, x=OFF_TABLE[0], y=OFF_TABLE[1])
    game.deploy_areas = tuple(areas.items())
    game.deploy_order = order
    if players:
        game.deploying = order
        game.deploy_spots = tuple(intended.items())  # kept until the last band has deployed
        place_band(game, order[0], areas.get(order[0]), intended)
        return
    for seat in order:
        place_band(game, seat, areas.get(seat), intended)
        band_deployed(game, seat)


def do_deploy(game: Game, seat: str, command: c.Deploy) -> None:
    model = game.models.get(command.model)
    if model is None or model.side != seat:
        raise IllegalCommand(Said(N_("deploy one of your own figures")))
    problem = deploy_problem(game, model, command.at)
    if problem:
        raise IllegalCommand(problem)
    game.update(model, x=command.at[0], y=command.at[1])
    game.emit(c.Deployed(model.id, command.at))


def deployment_problem(game: Game, seat: str) -> Said | str:
    """Why the band cannot end its deployment yet ("" when it can)."""
    members = [m for m in game.alive(seat) if not m.vehicle]
    zones = set()
    for model in members:
        if model.x < 0:
            return Said(N_("{name} is not on the table yet"), name=model.name)
        zone = zone_of(game, model.position)
        if zone is None:
            return deploy_problem(game, model, model.position)
        zones.add(zone[0])
        problem = deploy_problem(game, model, model.position)
        if problem:
            return Said(N_("{name}: {problem}"), name=model.name, problem=problem)
    if len(zones) > 1:
        return Said(N_("the whole band deploys in one quadrant"))
    return ""


def do_deployment_done(game: Game, seat: str, command: c.DeploymentDone) -> None:
    problem = deployment_problem(game, seat)
    if problem:
        raise IllegalCommand(problem)
    game.emit(c.BandDeployed(seat))
    game.deploying = game.deploying[1:]
    band_deployed(game, seat)
    if game.deploying:
        place_band(game, game.deploying[0], dict(game.deploy_areas).get(game.deploying[0]), dict(game.deploy_spots))
        return
    game.deploy_spots = ()
    start_round(game)
    advance(game)


def band_deployed(game: Game, seat: str) -> None:
    """After a band deploys: its way off the table (scenarios 4 and 6: the edge opposite the one
    its figures stand nearest) and its own vehicles, parked beside it."""
    members = [m for m in game.alive(seat) if not m.vehicle and m.x >= 0]
    if not members:
        return
    middle = (sum(m.x for m in members) / len(members), sum(m.y for m in members) / len(members))
    scenario = game.catalog.scenario(game.base.scenario)
    if scenario.victory == "exit_opposite_edge":
        nearest = min("nsew", key=lambda e: _edge_gap(game, middle, e))
        game.exits = (*[(s, e) for s, e in game.exits if s != seat], (seat, {"n": "s", "s": "n", "e": "w", "w": "e"}[nearest]))
    for vehicle in [v for v in game.vehicles.values() if v.owner == seat and not game.occupants(v.id) and v.x < 0]:
        body = vehicle_spot(game, middle, vehicle.length_cm, vehicle.width_cm)
        if body is not None:
            game.vehicles[vehicle.id] = replace(vehicle, x=body.x, y=body.y, facing=body.facing)


def order_bands(game: Game, seats: list[str]) -> tuple[str, ...]:
    """The D10 each band rolls for the order of deployment, highest first; ties roll again."""
    return roll_order(game, seats, "deployment order")


def deploy_template(game: Game, seat: str) -> Any:
    """What the deploying band's player may do: the zones (for the window to show), the rules' cm."""
    scenario = game.catalog.scenario(game.base.scenario)
    if scenario.deployment == "centre":
        cx, cy = game.table.width_cm / 2, game.table.height_cm / 2
        zones: tuple[Rect, ...] = ((cx - CENTRE_RADIUS_CM, cy - CENTRE_RADIUS_CM, cx + CENTRE_RADIUS_CM,
                                    cy + CENTRE_RADIUS_CM),)
    else:
        pen = pen_quadrant(game)
        zones = tuple(rect for rect, edges in quadrants(game.table.width_cm, game.table.height_cm)
                      if edges and (scenario.deployment != "shared_pen_quadrant" or pen is None or rect == pen))
    models = tuple(m.id for m in game.alive(seat) if not m.vehicle)
    centre = scenario.deployment == "centre"
    return c.DeployTemplate(seat, models, zones, CENTRE_RADIUS_CM if centre else EDGE_DEPTH_CM,
                            0.0 if centre else RIVAL_GAP_CM, centre)

