"""Where the tactical band wants each survivor to stand: the scenario's goal for it (an objective,
a way out, a building or container to search, a foe to close on) and how good a spot is (near the
goal, within shot of a target, out of the zombies' reach). ``tactics`` asks the engine which of the
spots it scores best can be walked to.

Pure rules code: geometry over the state, no rolls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.board.model import TerrainKind
from game.rules.core.frozen import record
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.rules.zombieworld.containers import is_scenario_container
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import ZOMBIES, Model, Place, State
from game.rules.zombieworld.tactics_routes import walks_of

Point = tuple[float, float]

ZOMBIE_REACH_CM = 14.0  # a walker's move and the contact: closer than this, it reaches a survivor next turn
HOLD_MARGIN_CM = 2.5  # a survivor holding an objective stands this far inside its radius
EDGE_POINTS = {"n": (0.5, 0.0), "s": (0.5, 1.0), "e": (1.0, 0.5), "w": (0.0, 0.5)}
FLIGHT_CM = 31.0  # a fleeing survivor runs its move (20 cm at most) and 10 cm more toward the nearest edge:
# off the table once its base (1.25 cm) crosses it
EDGE_CARE = 0.5  # what each cm nearer the edge than a flight costs a spot
TOUCH_CM = 2.0  # a base this near a container's side touches it
WAIT_BY_EXIT_CM = FLIGHT_CM  # before the band may leave: this near its way out (no nearer: a flight would
# run it off the table, a casualty), killing what comes
COVER_CM = 6.0  # what standing in cover is worth where a foe can reach: charged there, a survivor never flees
CROWD_CM = 20.0  # zombies this near a building crowd it
CROWD_COST_CM = 8.0  # each crowding zombie makes a building as dear to search as this much more walking
APART_CM = 5.0  # what a spot out of coherence with the band costs
RALLY_CM = 6.0  # what a spot out of coherence with a fleeing mate yet to act costs (+1 to its check: book 11.1)
COVER_NEED_CM = 2 * ZOMBIE_REACH_CM  # a zombie this near may charge this turn or the next: cover is worth having
RIVAL_THREAT_CM = 30.0  # a rival this near may shoot or charge: cover is worth having
FAN_DEGREES = (0, 20, -20, 45, -45, 70, -70, 100, -100, 135, -135, 180)
FAN_FRACTIONS = (1.0, 0.6, 0.3)

# How each victory condition makes the band play
HUNT_ZOMBIES = "hunt_zombies"
HUNT_RIVALS = "hunt_rivals"
HOLD = "hold"
EVADE = "evade"
CONTAINERS = "containers"
EXIT = "exit"
PLANS = {
    "most_zombie_kills": HUNT_ZOMBIES,
    "most_hostile_kills": HUNT_RIVALS,
    "near_objective": HOLD,
    "fewest_wounds_taken": EVADE,
    "rescue": CONTAINERS,
    "most_antidotes": CONTAINERS,
    "exit_opposite_edge": EXIT,
    "exit_any_edge": EXIT,
}


def victory_of(state: State) -> str:
    """How the scenario is won (``most_zombie_kills``, ``fewest_wounds_taken``…); "" when unknown."""
    return next((s.victory for s in _catalog(state).scenarios if s.id == state.scenario), "")


def plan_of(state: State) -> str:
    return PLANS.get(victory_of(state), HUNT_ZOMBIES)


def _catalog(state: State) -> Catalog:
    return state.catalog or load_catalog()


def table_size(state: State) -> tuple[float, float]:
    """The table's size in cm."""
    if state.table is not None:
        return (state.table.width_cm, state.table.height_cm)
    return (max([m.x for m in state.models], default=120.0), max([m.y for m in state.models], default=120.0))


def allies_of(state: State, seat: str) -> set[str]:
    return {seat, *(b for a, b in state.alliances if a == seat), *(a for a, b in state.alliances if b == seat)}


def foes_of(state: State, seat: str) -> list[Model]:
    allies = allies_of(state, seat)
    return [m for m in state.models if m.side not in allies and not m.vehicle]


def zombies(state: State) -> list[Model]:
    return [m for m in state.models if m.side == ZOMBIES]


def rivals(state: State, seat: str) -> list[Model]:
    allies = allies_of(state, seat)
    return [m for m in state.models if m.side != ZOMBIES and m.side not in allies]


def nearest(point: Point, others: Iterable[Model]) -> Model | None:
    return min(others, key=lambda other: math.dist(point, other.position), default=None)


def objective_point(state: State) -> Point:
    if state.objective is not None:
        return state.objective
    width, height = table_size(state)
    return (width / 2, height / 2)


def objective_radius_cm(state: State) -> float:
    scenario = _catalog(state).scenario(state.scenario)
    return float(scenario.objective_cm or 8.0)


def exit_point(state: State, seat: str, model: Model) -> Point | None:
    """The nearest point of the band's way out, or None when the scenario has none."""
    edge = dict(state.exits).get(seat)
    if not edge:
        return None
    width, height = table_size(state)
    if edge == "any":
        candidates = [(model.x, 0.0), (model.x, height), (0.0, model.y), (width, model.y)]
        return min(candidates, key=lambda p: math.dist(p, model.position))
    fx, fy = EDGE_POINTS.get(edge, (0.5, 0.5))
    return (model.x if fx == 0.5 else fx * width, model.y if fy == 0.5 else fy * height)


def exit_ready(state: State, seat: str) -> bool:
    """The band has searched and killed what the scenario asks before leaving."""
    scenario = _catalog(state).scenario(state.scenario)
    score = state.score(seat)
    return score.buildings_searched >= scenario.buildings_searched and score.zombies_killed >= scenario.zombies_killed


def _place(state: State, index: int) -> Place | None:
    return next((p for p in state.places if p.index == index), None)


def unsearched_buildings(state: State) -> list[tuple[int, Point]]:
    """Buildings nobody has searched on the ground floor, with their centres."""
    if state.table is None:
        return []
    found = []
    for piece in state.table.pieces:
        if piece.kind is not TerrainKind.BUILDING or not piece.portals:
            continue
        place = _place(state, piece.index)
        if place is not None and place.searched:
            continue
        b = piece.bounds
        found.append((piece.index, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)))
    return found


def open_containers(state: State, model: Model) -> list[tuple[int, Point]]:
    """The scenario's containers this survivor may still search, with the point of them nearest to it."""
    if state.table is None:
        return []
    found = []
    for piece in state.table.pieces:
        if not is_scenario_container(piece, state.containers):
            continue
        place = _place(state, piece.index)
        if place is not None and (place.searched or model.id in place.tried_by):
            continue
        x0, y0, x1, y1 = piece.bounds
        found.append((piece.index, (min(max(model.x, x0), x1), min(max(model.y, y0), y1))))
    return found


@record
class Aim:
    """What one survivor walks for: ``goal`` (None: no place, only safety), the distance from it
    that is good enough, and the foes it wants within ``shot_cm`` (0: no shooting)."""

    goal: Point | None
    near_cm: float = 0.0
    shot_cm: float = 0.0
    targets: tuple[Model, ...] = ()
    caution: float = 1.0  # how much the zombies' reach weighs
    searching: bool = False  # the goal is a container or building to search
    off_edges: bool = True  # keep a flight's length from the table's edges (a survivor who flees runs off)


def _search_cost(state: State, seat: str, searcher: Model, building: Point) -> float:
    """How dear a building is to search on the way out: the walk there, the walk on from it to the
    way out, and the zombies crowding it (they must be cleared out before the search)."""
    way_out = exit_point(state, seat, searcher)
    onward = math.dist(building, way_out) if way_out is not None else 0.0
    crowd = sum(1 for z in zombies(state) if math.dist(z.position, building) <= CROWD_CM)
    return math.dist(searcher.position, building) + onward + CROWD_COST_CM * crowd


def aim_for(state: State, seat: str, model: Model, shot_cm: float, fights_well: bool) -> Aim:
    """The scenario's goal for this survivor now."""
    plan = plan_of(state)
    close_zombies = tuple(zombies(state))
    if plan == HOLD:
        radius = objective_radius_cm(state)
        return Aim(objective_point(state), max(0.0, radius - HOLD_MARGIN_CM), shot_cm,
                   tuple(rivals(state, seat)) + close_zombies, caution=0.5)
    if plan == EVADE:
        return Aim(None, 0.0, shot_cm, close_zombies, caution=3.0)
    if plan == HUNT_RIVALS:
        targets = tuple(rivals(state, seat)) or close_zombies
        foe = nearest(model.position, targets)
        reach = shot_cm if shot_cm else 0.0
        return Aim(foe.position if foe else None, reach * 0.8, shot_cm, targets, caution=0.7)
    if plan == CONTAINERS:
        carrying = any(m.rescued for m in state.models if m.side == seat)
        if victory_of(state) == "rescue" and carrying:
            return Aim(None, 0.0, shot_cm, close_zombies, caution=3.0)
        spots = open_containers(state, model)
        if spots:
            _, point = min(spots, key=lambda s: math.dist(model.position, s[1]))
            return Aim(point, TOUCH_CM, shot_cm, close_zombies, caution=0.4, searching=True)
        return Aim(None, 0.0, shot_cm, close_zombies, caution=2.0)
    if plan == EXIT:
        way_out = exit_point(state, seat, model)
        if exit_ready(state, seat) and way_out is not None:
            return Aim(on_table_point(state, way_out), 0.0, shot_cm, close_zombies, caution=0.7, off_edges=False)
        scenario = _catalog(state).scenario(state.scenario)
        buildings = unsearched_buildings(state)
        if state.score(seat).buildings_searched < scenario.buildings_searched and buildings:
            pairs = [(m, b[1]) for m in state.models if m.side == seat and m.kind == "survivor" for b in buildings]
            if pairs:
                searcher, point = min(pairs, key=lambda pair: _search_cost(state, seat, *pair))
                if searcher.id == model.id:  # the one best placed goes, the others wait by the way out
                    return Aim(point, 0.0, shot_cm, close_zombies, caution=1.0, searching=True)
        if way_out is not None:
            return Aim(on_table_point(state, way_out), WAIT_BY_EXIT_CM, shot_cm, close_zombies, caution=2.0)
    foe = nearest(model.position, close_zombies)
    if foe is None:
        return Aim(None, 0.0, shot_cm, close_zombies)
    keep = 0.0 if fights_well and not shot_cm else min(shot_cm * 0.8, 18.0)
    return Aim(foe.position, keep, shot_cm, close_zombies, caution=1.5)


def in_cover(state: State, point: Point) -> bool:
    """Difficult ground or a building: charged there, a survivor shoots or fights but never flees (book 15.1)."""
    return state.table is not None and (state.table.in_difficult(point) or state.table.building_at(point) is not None)


def _coherent_at(state: State, model: Model, point: Point) -> bool:
    """Within coherence of a band mate at ``point`` (+1 to the activation check and to rallying,
    book 11.1); with two or fewer on the table there is no coherence to keep."""
    mates = [m for m in state.models if m.side == model.side and m.id != model.id and not m.vehicle]
    if len(mates) < 2:
        return True
    reach = _catalog(state).bands.rules.coherence_cm + 2 * BASE_RADIUS_CM
    return any(math.dist(point, mate.position) <= reach for mate in mates)


def _within_coherence(state: State, point: Point, mate: Model) -> bool:
    return math.dist(point, mate.position) <= _catalog(state).bands.rules.coherence_cm + 2 * BASE_RADIUS_CM


def _fleeing_mates(state: State, model: Model) -> list[Model]:
    """Band mates who flee and have yet to act: a failed check runs them toward the edge."""
    return [m for m in state.models if m.side == model.side and m.id != model.id and m.fleeing and not m.activated
            and not m.vehicle]


def near_edge_fleeing(state: State, model: Model) -> bool:
    """A fleeing survivor a flight from the table's edge: a failed activation check runs it off."""
    width, height = table_size(state)
    return model.fleeing and min(model.x, model.y, width - model.x, height - model.y) <= FLIGHT_CM


def spot_score(state: State, model: Model, aim: Aim, point: Point) -> float:
    """How good ``point`` is for ``model`` (lower is better): the way still to go to the goal, the
    zombies that could reach it there, cover where a foe can reach it, how near a table edge a flight
    would take it, and whether a target is within shot."""
    score = 0.0
    if aim.goal is not None:
        way = walks_of(state.table).walking_cm(point, aim.goal) if state.table is not None else math.dist(point, aim.goal)
        score += max(0.0, way - aim.near_cm)
    danger = 0.0
    for zombie in zombies(state):
        gap = math.dist(point, zombie.position)
        if gap < ZOMBIE_REACH_CM:
            danger += (ZOMBIE_REACH_CM - gap) ** 2 / ZOMBIE_REACH_CM
    score += aim.caution * danger
    if in_cover(state, point) and any(math.dist(point, foe.position) <= (COVER_NEED_CM if foe.side == ZOMBIES
                                                                          else RIVAL_THREAT_CM)
                                       for foe in foes_of(state, model.side)):
        score -= COVER_CM
    if not _coherent_at(state, model, point):
        score += APART_CM
    score += RALLY_CM * sum(1 for mate in _fleeing_mates(state, model) if not _within_coherence(state, point, mate))
    if aim.off_edges:
        width, height = table_size(state)
        edge = min(point[0], point[1], width - point[0], height - point[1])
        score += EDGE_CARE * max(0.0, FLIGHT_CM - edge)
    if aim.goal is None and aim.caution > 1.0:  # nothing to reach: keep clear of the zombies
        foe = nearest(point, aim.targets)
        if foe is not None:
            score -= min(math.dist(point, foe.position), 40.0) * 0.3
    if aim.shot_cm and aim.targets:
        in_shot = any(math.dist(point, t.position) - 2.5 <= aim.shot_cm for t in aim.targets)
        score -= 4.0 if in_shot else 0.0
    return score


def fan(model: Model, toward: Point | None, reach_cm: float) -> list[Point]:
    """Spots to walk to: straight toward the goal, then bending away from it, each at full, most
    and a third of the reach."""
    if toward is None or math.dist(model.position, toward) < 0.5:
        base = 0.0
    else:
        base = math.atan2(toward[1] - model.y, toward[0] - model.x)
    gap = math.dist(model.position, toward) if toward is not None else math.inf
    spots = []
    for fraction in FAN_FRACTIONS:
        for degrees in FAN_DEGREES:
            step = reach_cm * fraction
            if degrees == 0 and gap < step:
                step = gap
            angle = base + math.radians(degrees)
            spots.append((model.x + math.cos(angle) * step, model.y + math.sin(angle) * step))
    return spots


EDGE_INSET_CM = 1.3  # a base's centre this far from the edge keeps it on the table
DOOR_STEP_CM = 2.0  # through a door or window: this far inside, then this far outside


def on_table_point(state: State, point: Point) -> Point:
    width, height = table_size(state)
    return (min(max(point[0], EDGE_INSET_CM), width - EDGE_INSET_CM),
            min(max(point[1], EDGE_INSET_CM), height - EDGE_INSET_CM))


def _door_steps(state: State, index: int) -> list[tuple[Point, Point]]:
    """Each door or window of a building as (a spot just inside, a spot just outside)."""
    assert state.table is not None
    piece = state.table.piece(index)
    steps = []
    for a, b, _kind, _opened in piece.portals:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        length = math.dist(a, b) or 1.0
        normal = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)
        one = (mid[0] + normal[0] * DOOR_STEP_CM, mid[1] + normal[1] * DOOR_STEP_CM)
        other = (mid[0] - normal[0] * DOOR_STEP_CM, mid[1] - normal[1] * DOOR_STEP_CM)
        inside_first = state.table.building_at(one) == index
        steps.append((one, other) if inside_first else (other, one))
    return steps


def routes(state: State, model: Model, goal: Point | None, reach_cm: float) -> list[tuple[Point, ...]]:
    """Paths to try: straight walks of the fan and, when a building's walls stand between the
    survivor and its goal, walks through each of its doors and windows, going on toward the goal."""
    paths: list[tuple[Point, ...]] = [(on_table_point(state, spot),) for spot in fan(model, goal, reach_cm)]
    if state.table is None or goal is None or model.level:
        return paths
    here = state.table.building_at(model.position)
    there = state.table.building_at(goal)
    ways: list[tuple[int | None, bool]] = [(here, True), (there, False)] if here != there else []
    if here is None:  # in by the doors within reach too: a building is cover
        ways += [(piece.index, False) for piece in state.table.pieces
                 if piece.kind is TerrainKind.BUILDING and piece.portals and piece.index != there
                 and any(math.dist(model.position, step[1]) <= reach_cm
                         for step in _door_steps(state, piece.index))]
    for building, leaving in ways:
        if building is None:
            continue
        for inside, outside in _door_steps(state, building):
            first, second = (inside, outside) if leaving else (outside, inside)
            to_door = math.dist(model.position, first) + DOOR_STEP_CM * 2
            if to_door > reach_cm:
                continue
            left = reach_cm - to_door
            gap = math.dist(second, goal)
            if gap < 0.5 or left < 1.0:
                paths.append((first, second))
                continue
            for fraction in (0.9, 0.5, 0.0):
                step = min(left * fraction, gap)
                end = (second[0] + (goal[0] - second[0]) / gap * step, second[1] + (goal[1] - second[1]) / gap * step)
                paths.append((first, second, on_table_point(state, end)) if step > 0.5 else (first, second))
    return paths
