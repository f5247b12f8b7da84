"""Where the tactical band deploys (book 10.1, with ``deploy = "players"``): the rules of thumb of
``tactics`` applied before the first round.

- **Away from the zombies.** A spot a zombie can reach in its first moves costs the most; one
  within two of its charges costs too.
- **Cover.** Difficult ground or a building where a foe (a zombie within two charges, a rival
  within 30 cm) could reach the spot: charged there, a survivor never flees.
- **Toward the goal.** The scenario's goal (``tactics_ground.aim_for``'s: the objective to hold, the
  nearest container to search, the building to search and the way out beyond it) near.
- **Clear of rival bands** unless the scenario rewards their kills or holding the middle: a rival
  band's shots and charges cost members on the way to the goal.
- **Together.** Each figure within coherence of those already placed.
- **Off the edges.** As deep into the table as the area allows (a survivor who flees off the table
  is lost).

The zone (a quadrant, or the table's centre) is the one whose best spots score best for the whole
band; every spot is one the engine accepts (``engine.check``). The plan is worked out with the
band's own figures lifted off the table, so it is the same on every call while the figures move to
it one by one.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import State
from game.rules.zombieworld.tactics_ground import (
    CONTAINERS,
    COVER_CM,
    COVER_NEED_CM,
    EDGE_CARE,
    EXIT,
    FLIGHT_CM,
    HOLD,
    HUNT_RIVALS,
    RIVAL_THREAT_CM,
    ZOMBIE_REACH_CM,
    in_cover,
    objective_point,
    open_containers,
    plan_of,
    rivals,
    table_size,
    unsearched_buildings,
    zombies,
)

Point = tuple[float, float]
Zone = tuple[float, float, float, float]

GRID_CM = 2.0  # candidate spots this far apart
OFF_TABLE = (-100.0, -100.0)  # where a figure waits to be deployed (the engine's own)
REACH_WEIGHT = 3.0  # a zombie that can reach the spot at once: as in play, with great caution
NEAR_WEIGHT = 0.5  # each cm a zombie stands within two charges
GOAL_WEIGHT = 0.3  # each cm of the way to the scenario's goal (a few rounds' walk, not all of it)
RIVAL_CLEAR_CM = 60.0  # a rival nearer than this may shoot or charge in the first rounds
RIVAL_WEIGHT = 0.5  # each cm a rival stands nearer than that
APART_DEPLOY_CM = 10.0  # a spot out of coherence with the figures already placed
TRIES = 40  # spots asked of the engine per figure before giving up on it
SPACING_CM = 2 * BASE_RADIUS_CM + 0.2  # bases side by side, not overlapping


def _zone_spots(state: State, zone: Zone, depth_cm: float, centre: bool) -> list[Point]:
    """The grid's points where a whole base stands in the zone (``depth_cm`` from the table edge
    the zone touches, or from its middle)."""
    width, height = table_size(state)
    x0, y0, x1, y1 = zone
    spots = []
    inner = depth_cm - BASE_RADIUS_CM
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    x = x0 + BASE_RADIUS_CM
    while x <= x1 - BASE_RADIUS_CM + 1e-9:
        y = y0 + BASE_RADIUS_CM
        while y <= y1 - BASE_RADIUS_CM + 1e-9:
            point = (round(x, 3), round(y, 3))
            if centre:
                fits = math.dist(point, middle) <= inner
            else:
                fits = any(gap <= inner for gap, touches in ((x, x0 == 0), (width - x, x1 >= width),
                                                              (y, y0 == 0), (height - y, y1 >= height)) if touches)
            if fits:
                spots.append(point)
            y += GRID_CM
        x += GRID_CM
    return spots


def _goal_cost(state: State, seat: str, point: Point) -> float:
    """The way from ``point`` to what the scenario wants of the band first."""
    plan = plan_of(state)
    if plan == HOLD:
        return math.dist(point, objective_point(state))
    if plan == CONTAINERS:
        probe = replace(next(m for m in state.models if m.side == seat), x=point[0], y=point[1])
        spots = open_containers(state, probe)
        return min((math.dist(point, spot) for _, spot in spots), default=0.0)
    if plan == EXIT:
        width, height = table_size(state)
        edge = dict(state.exits).get(seat, "")
        if edge and edge != "any":
            return 0.0  # the way out is already set: the quadrant does not change it
        here_edges = {"w": point[0], "e": width - point[0], "n": point[1], "s": height - point[1]}
        away = {"w": "e", "e": "w", "n": "s", "s": "n"}[min(here_edges, key=lambda e: here_edges[e])]

        def onward(spot: Point) -> float:  # from a building to the way out this deployment gives
            gaps = {"w": spot[0], "e": width - spot[0], "n": spot[1], "s": height - spot[1]}
            return min(gaps.values()) if edge == "any" else gaps[away]

        buildings = unsearched_buildings(state)
        if not buildings:
            return onward(point)
        return min(math.dist(point, b) + onward(b) for _, b in buildings)
    return 0.0


def _spot_cost(state: State, seat: str, point: Point, placed: list[Point], goal: float) -> float:
    """How poor a deployment spot is (lower is better), by the rules of thumb above."""
    cost = GOAL_WEIGHT * goal
    threatened = False
    for zombie in zombies(state):
        gap = math.dist(point, zombie.position)
        if gap < ZOMBIE_REACH_CM:
            cost += REACH_WEIGHT * (ZOMBIE_REACH_CM - gap) ** 2 / ZOMBIE_REACH_CM
        if gap < COVER_NEED_CM:
            cost += NEAR_WEIGHT * (COVER_NEED_CM - gap)
            threatened = True
    rival_gap = min((math.dist(point, r.position) for r in rivals(state, seat) if r.x >= 0), default=math.inf)
    threatened = threatened or rival_gap <= RIVAL_THREAT_CM
    if plan_of(state) not in (HUNT_RIVALS, HOLD):
        cost += RIVAL_WEIGHT * max(0.0, RIVAL_CLEAR_CM - rival_gap)
    if threatened and in_cover(state, point):
        cost -= COVER_CM
    width, height = table_size(state)
    edge = min(point[0], point[1], width - point[0], height - point[1])
    cost += EDGE_CARE * max(0.0, FLIGHT_CM - edge)
    if placed:
        reach = load_catalog().bands.rules.coherence_cm + 2 * BASE_RADIUS_CM
        nearest = min(math.dist(point, other) for other in placed)
        if nearest > reach:
            cost += APART_DEPLOY_CM
        cost += 0.05 * nearest  # close ranks
    return cost


def accepted(state: State, seat: str, command: Any) -> bool:
    """The engine takes ``command`` from ``seat`` now (the band's every choice is checked so)."""
    try:
        engine.check(state, seat, command)
    except IllegalCommand:
        return False
    return True


def _lifted(state: State, seat: str) -> State:
    """The state with the band's figures off the table, waiting to be deployed."""
    return replace(state, models=tuple(replace(m, x=OFF_TABLE[0], y=OFF_TABLE[1])
                                       if m.side == seat and not m.vehicle else m
                                       for m in state.models))


def _place_in(state: State, seat: str, members: tuple[str, ...], spots: list[Point],
              goals: dict[Point, float]) -> tuple[float, dict[str, Point]]:
    """Each member on the best spot the engine accepts, one after another (the total cost and the spots)."""
    placed: dict[str, Point] = {}
    total = 0.0
    for model_id in members:
        ranked = sorted(spots, key=lambda p: (_spot_cost(state, seat, p, list(placed.values()), goals[p]), p))
        chosen = None
        for point in ranked[:TRIES]:
            if any(math.dist(point, other) < SPACING_CM for other in placed.values()):
                continue
            if accepted(state, seat, c.Deploy(model_id, point)):
                chosen = point
                break
        if chosen is None:
            return math.inf, placed
        total += _spot_cost(state, seat, chosen, list(placed.values()), goals[chosen])
        placed[model_id] = chosen
        model = state.model(model_id)
        state = replace(state, models=tuple(replace(m, x=chosen[0], y=chosen[1]) if m.id == model.id else m
                                            for m in state.models))
    return total, placed


_PLANS: dict[Any, dict[str, Point]] = {}  # the last few plans: the same deployment asks again for each figure
PLANS_KEPT = 8


def deployment_plan(state: State, seat: str, template: c.DeployTemplate) -> dict[str, Point]:
    """Where each of the band's figures goes: the zone whose placement costs least, the best spots
    in it. A pure function of what the band's own figures do not change, so kept for the next call."""
    lifted = _lifted(state, seat)
    key = (seat, template, state.table, state.scenario, state.containers, state.exits, state.places,
           state.catalog is None, tuple((m.id, m.x, m.y) for m in lifted.models if m.side != seat or m.vehicle))
    if key not in _PLANS:
        if len(_PLANS) >= PLANS_KEPT:
            del _PLANS[next(iter(_PLANS))]
        _PLANS[key] = _worked_out_plan(lifted, seat, template)
    return dict(_PLANS[key])


def _worked_out_plan(lifted: State, seat: str, template: c.DeployTemplate) -> dict[str, Point]:
    best: tuple[float, dict[str, Point]] = (math.inf, {})
    for zone in template.zones:
        spots = _zone_spots(lifted, zone, template.depth_cm, template.centre)
        if not spots:
            continue
        goals = {p: _goal_cost(lifted, seat, p) for p in spots}
        total, placed = _place_in(lifted, seat, template.models, spots, goals)
        if total < best[0]:
            best = (total, placed)
    return best[1]


def deploy_command(state: State, seat: str, template: c.DeployTemplate) -> Any | None:
    """The band's next deployment command: a figure to its planned spot, then done; None when the
    plan cannot be followed (the caller falls back on the engine's placement)."""
    plan = deployment_plan(state, seat, template)
    if not plan:
        return None
    pending = [(model_id, point) for model_id, point in plan.items()
               if math.dist(state.model(model_id).position, point) > 1e-6]
    for model_id, point in pending:
        command = c.Deploy(model_id, point)
        if accepted(state, seat, command):
            return command
    if pending:  # mates still stand on planned spots: step one of them aside, off the plan's spots
        targets = list(plan.values())
        # only a mate in the way is moved, and to where it does not stand: moving another (or to its own
        # spot) would leave every planned spot blocked and the band deploying for ever
        blockers = [other for other, _ in pending
                    if any(math.dist(state.model(other).position, t) < SPACING_CM for t in targets)]
        for zone in template.zones:
            spots = _zone_spots(state, zone, template.depth_cm, template.centre)
            for point in sorted(spots, key=lambda p: math.dist(p, plan[pending[0][0]])):
                if all(math.dist(point, t) >= SPACING_CM for t in targets):
                    for other in blockers:
                        command = c.Deploy(other, point)
                        if math.dist(state.model(other).position, point) > 1e-6 and accepted(state, seat, command):
                            return command
        return None
    done = c.DeploymentDone(seat)
    return done if accepted(state, seat, done) else None
