"""The zombies' turn: each zombie picks the nearest survivor it sees, charges it or walks toward
it (up or down stairs and ladders, or off a raised place), then every melee with zombies is fought.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import replace
from typing import Any

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import draw_floats
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    ENTRY_COST_CM,
    Figure,
    base_distance,
    distance_to_edges,
    figure_footprint_gap,
    figure_rows,
    holds_base,
    path_cost,
)
from game.rules.zombieworld.melee import melee
from game.rules.zombieworld.reactions import flee_or_ask
from game.rules.zombieworld.shooting import firearm_in_hand, in_cover_ground, roll_reaction, sees, shoot
from game.rules.zombieworld.spots import farthest_along, path_hits_vehicle, spot_around, spot_problem
from game.rules.zombieworld.state import ZOMBIES, Model
from game.rules.zombieworld.working import STAIRS_CONTACT_CM, Game


def zombie_turn(game: Game) -> None:
    """Targets, then the zombies that cannot reach melee move, charged survivors react, the rest
    charge, and every melee with zombies is fought. A charged survivor whose flight its player
    aims (secret corporation) stops the turn until ``resume_zombie_turn``."""
    penned = set(game.pen)
    zombies = [z for z in game.alive(ZOMBIES) if not z.activated and z.id not in penned]
    open_portals = frozenset(game.base.open_portals)
    plans: list[tuple[Model, Model | None]] = []
    figures = game.figures()
    rows = figure_rows(figures)
    horn = next((m for m in game.alive() if m.horn), None)
    for zombie in zombies:
        if game.engaged_with(zombie):
            continue
        target = horn if horn is not None else _zombie_target(game, zombie, figures, open_portals, rows)
        plans.append((zombie, target))
    if horn is not None:
        game.update(horn, horn=False)
    chargers: list[tuple[Model, Model]] = []
    for zombie, target in plans:
        reach = game.profile(zombie).move_cm
        if target is not None and _same_ground(game, zombie, target) and game.gap(zombie, target) <= reach \
                and contact_plan(game, zombie, target) is not None:  # only a zombie that can reach melee charges
            chargers.append((zombie, target))
        else:
            _zombie_walk(game, zombie, target)
    game.zombie_charges = tuple((zombie.id, target.id) for zombie, target in chargers)
    game.charges_reacted = ()
    resume_zombie_turn(game)


def resume_zombie_turn(game: Game) -> None:
    """The zombies' turn from its charges on: each charged survivor reacts (once a round), the
    chargers close in, and every melee with zombies is fought."""
    charged: dict[str, list[Model]] = {}
    for zombie_id, target_id in game.zombie_charges:
        if zombie_id in game.models:
            charged.setdefault(target_id, []).append(game.models[zombie_id])
    for target_id, group in charged.items():
        if target_id in game.charges_reacted:
            continue
        game.charges_reacted = (*game.charges_reacted, target_id)
        target = game.models.get(target_id)
        if target is None or target.kind != "survivor" or target.charged_reaction_used or target.vehicle:
            continue
        target = game.update(target, charged_reaction_used=True)
        if target.fleeing:
            continue
        ground: set[str] = {"difficult"} if in_cover_ground(game, target) else {"open"}
        if "open" in ground and len(group) >= 3:
            ground.add("open_3plus")
        result, _ = roll_reaction(game, target, "charged", frozenset(ground))
        if result == "shoot_then_melee" and game.table.building_at(target.position) is None:
            firearm = firearm_in_hand(game, target)
            if firearm is not None and not firearm.template_diameter_cm:
                shots = min(firearm.shots_max, max(firearm.shots_min, len(group)))
                alive = [z for z in group if z.id in game.models]
                allocation = _spread(alive, shots)
                with contextlib.suppress(IllegalCommand):
                    shoot(game, target, firearm, allocation, reaction=True)
        elif result == "flee":
            flee_or_ask(game, target, then="zombies")
            if game.decision is not None:
                return
    penned = set(game.pen)
    for zombie_id, target_id in game.zombie_charges:
        if zombie_id not in game.models:
            continue
        _zombie_walk(game, game.models[zombie_id], game.models.get(target_id), charge=True)
    game.zombie_charges, game.charges_reacted = (), ()
    for zombie in game.alive(ZOMBIES):
        game.update(zombie, activated=True)
    _zombies_at_vehicles(game, penned)
    fought: set[str] = set()
    for survivor in [m for m in game.alive() if m.side != ZOMBIES]:
        if survivor.id not in game.models or survivor.id in fought:
            continue
        enemies = [e for e in game.engaged_with(game.models[survivor.id]) if e.side == ZOMBIES]
        if enemies:
            fought.add(survivor.id)
            melee(game, game.models[survivor.id], enemies)


def _spread(targets: list[Model], shots: int) -> tuple[tuple[str, int], ...]:
    if not targets:
        return ()
    counts = [0] * len(targets)
    for i in range(shots):
        counts[i % len(targets)] += 1
    return tuple((t.id, n) for t, n in zip(targets, counts, strict=True) if n)


def _zombie_target(game: Game, zombie: Model, figures: list[Figure], open_portals: frozenset[str],
                   rows: Any = None) -> Model | None:
    me = game.figure(zombie)
    seen = []
    for prey in game.alive():
        if prey.side == ZOMBIES:
            continue
        if sees(game, zombie, prey, rows if rows is not None else figure_rows(figures)):
            seen.append((game.gap(zombie, prey) if prey.vehicle else base_distance(me, game.figure(prey)), prey))
    if not seen:
        return None
    nearest = min(d for d, _ in seen)
    tied = [p for d, p in seen if d - nearest < 1e-6]
    if len(tied) == 1:
        return tied[0]
    (value,), game.rng = draw_floats(game.rng, 1)
    return tied[int(value * len(tied))]


def _same_ground(game: Game, zombie: Model, target: Model) -> bool:
    """Both on the ground, or up on the same floor or roof of one building (not one of them on top of
    an obstacle): a charge can reach."""
    if zombie.stairs_cm or target.stairs_cm:
        return False  # on the stairs they meet by climbing to each other
    if target.vehicle:
        return not zombie.level and not game.height_of(zombie)
    if zombie.level != target.level:
        return False
    if zombie.level:
        return game.table.building_at(zombie.position) == game.table.building_at(target.position)
    return abs(game.height_of(zombie) - game.height_of(target)) < 0.5


def _zombie_walk(game: Game, zombie: Model, target: Model | None, charge: bool = False) -> None:
    """Straight toward the target (into contact when charging), or a random wander; stops short of
    whatever it cannot cross. Zombies enter or leave a building only when charging; a target on
    another floor or a roof sends it up or down the stairs, up a ladder, or off its raised place."""
    reach = game.profile(zombie).move_cm
    start = zombie.position
    ladder_foot = None
    if target is None and zombie.stairs_cm:  # nothing in sight: back down the stairs or ladder
        if zombie.ladder >= 0:
            roofs = game.table.roofs_reached_by(game.table.piece(zombie.ladder))
            _zombie_climb(game, zombie, 0.0, None, game.table.piece(zombie.ladder), roofs[0] if roofs else None)
            return
        index = game.table.building_at(start)
        storey = game.table.piece(index).floor_height_cm if index is not None else 0.0
        _zombie_climb(game, zombie, zombie.level * storey, None)
        return
    if target is not None and not charge and not _same_ground(game, zombie, target):
        ladder_foot = _zombie_changes_level(game, zombie, target)
        if ladder_foot is True:
            return
    if target is None:
        angle = game.angle()
        goal = (start[0] + math.cos(angle) * reach, start[1] + math.sin(angle) * reach)
    elif isinstance(ladder_foot, tuple):
        dx, dy = ladder_foot[0] - start[0], ladder_foot[1] - start[1]
        gap = math.hypot(dx, dy)
        if gap < 1e-9:
            return
        travel = min(reach, gap)
        goal = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
    else:
        aim = target.position
        vehicle = game.riding(target)
        if vehicle is not None:  # up to the side of its vehicle
            body = game.body(vehicle)
            along, across = body.local(start)
            along = max(-body.length_cm / 2, min(body.length_cm / 2, along))
            across = max(-body.width_cm / 2, min(body.width_cm / 2, across))
            cos_f, sin_f = math.cos(body.facing), math.sin(body.facing)
            aim = (body.x + along * cos_f - across * sin_f, body.y + along * sin_f + across * cos_f)
        dx, dy = aim[0] - start[0], aim[1] - start[1]
        gap = math.hypot(dx, dy)
        if gap < 1e-9:
            return
        stop = gap - (BASE_RADIUS_CM + 0.02 if vehicle is not None else 2 * BASE_RADIUS_CM)
        travel = min(reach, stop) if charge or stop <= reach else reach
        goal = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
    cost_of, spot_ok = _zombie_pricing(game, zombie, charge)
    if charge and target is not None:
        plan = contact_plan(game, zombie, target)
        if plan is not None:  # the charge ends in base contact, exactly
            point, cost = plan
            game.update(zombie, x=point[0], y=point[1])
            game.emit(c.ModelMoved(zombie.id, (point,), round(cost, 3)))
            return
    found = farthest_along([start, goal], cost_of, reach, spot_ok)
    if found is None:
        return
    trail, cost = found
    best = trail[-1]
    game.update(zombie, x=best[0], y=best[1])
    game.emit(c.ModelMoved(zombie.id, (best,), round(cost, 3)))


def _zombie_pricing(game: Game, zombie: Model, charge: bool) -> tuple[Any, Any]:
    """What a straight walk costs this zombie (infinite where it cannot go: off the table, through a
    vehicle, over what it cannot climb, out of its building upstairs, into a building unless it
    charges) and where its base may stop."""
    start = zombie.position
    max_climb = game.catalog.zombie(zombie.profile).max_climb_cm
    others = game.figures_except(zombie.id)

    def cost_of(trail: list[tuple[float, float]]) -> float:
        end = trail[-1]
        if not game.table.on_table(end, BASE_RADIUS_CM):
            return math.inf
        if zombie.level and game.table.building_at(end) != game.table.building_at(start):
            return math.inf  # upstairs (or on a roof) it walks only inside its building
        cost = path_cost(game.table, trail, max_climb_cm=max_climb, can_enter_buildings=charge, ladders=False)
        if not cost.ok or path_hits_vehicle(game, trail):
            return math.inf
        return cost.cost_cm

    def spot_ok(point: tuple[float, float]) -> bool:
        return not spot_problem(game, game.figure(zombie), point, others)

    return cost_of, spot_ok


CONTACT_SPOTS = tuple(k * sign for k in range(19) for sign in ((1,) if k == 0 else (1, -1)))  # × 10° round it


def contact_plan(game: Game, zombie: Model, target: Model) -> tuple[tuple[float, float], float] | None:
    """Where the zombie's charge meets ``target`` and what the walk costs: the spot touching it
    straight ahead, else the nearest free one round it (10° apart), within the zombie's move; a
    rider is met at the side of its vehicle. None when no contact spot can be reached."""
    reach = game.profile(zombie).move_cm
    start = zombie.position
    cost_of, spot_ok = _zombie_pricing(game, zombie, charge=True)
    vehicle = game.riding(target)
    if vehicle is not None:  # up to the side of its vehicle
        body = game.body(vehicle)
        along, across = body.local(start)
        along = max(-body.length_cm / 2, min(body.length_cm / 2, along))
        across = max(-body.width_cm / 2, min(body.width_cm / 2, across))
        cos_f, sin_f = math.cos(body.facing), math.sin(body.facing)
        aim = (body.x + along * cos_f - across * sin_f, body.y + along * sin_f + across * cos_f)
        gap = math.dist(aim, start)
        if gap < 1e-9:
            return None
        stop = gap - (BASE_RADIUS_CM + 0.02)
        spots = [(start[0] + (aim[0] - start[0]) / gap * stop, start[1] + (aim[1] - start[1]) / gap * stop)]
    else:
        approach = math.atan2(start[1] - target.y, start[0] - target.x)
        touch = 2 * BASE_RADIUS_CM
        spots = [(target.x + math.cos(approach + math.radians(10 * k)) * touch,
                  target.y + math.sin(approach + math.radians(10 * k)) * touch) for k in CONTACT_SPOTS]
    for spot in spots:
        if math.dist(start, spot) > reach + 1e-6 or not spot_ok(spot):
            continue
        cost = cost_of([start, spot])
        if cost <= reach + 1e-6:
            return spot, cost
    return None


def _zombie_changes_level(game: Game, zombie: Model, target: Model) -> bool | tuple[float, float] | None:
    """A zombie whose target stands on another level: in the same building it takes the stairs
    toward it (as far as its move goes; up to it when it is part-way up the same flight); raised
    above a lower target elsewhere it throws itself off; below a target on a roof or a ladder it
    climbs the ladder it stands at, or heads for the nearest one. Part-way up with its target
    elsewhere it goes back down. True when that was its move; a ladder's foot to walk to; None to
    walk at the target as usual."""
    table = game.table
    if zombie.ladder >= 0:
        ladder = table.piece(zombie.ladder)
        roofs = table.roofs_reached_by(ladder)
        up = next((r for r in roofs if game.on_roof(target) and table.building_at(target.position) == r.index), None)
        if target.ladder == zombie.ladder:
            return _zombie_climb(game, zombie, 0.0, target, ladder, roofs[0] if roofs else None)
        return _zombie_climb(game, zombie, up.top_cm if up else 0.0, None, ladder, up or (roofs[0] if roofs else None))
    home = table.building_at(zombie.position)
    there = table.building_at(target.position) if not target.vehicle and target.ladder < 0 else None
    if home is not None and home == there and (zombie.level != target.level or zombie.stairs_cm or target.stairs_cm):
        return _zombie_climb(game, zombie, game.height_of(target), target)
    if zombie.stairs_cm and home is not None:  # its target is elsewhere: back down the flight
        return _zombie_climb(game, zombie, zombie.level * table.piece(home).floor_height_cm, None)
    if game.height_of(zombie) > game.height_of(target) + 1e-6 and not target.stairs_cm:
        return _zombie_drop(game, zombie, target)
    on_ladder = table.piece(target.ladder) if target.ladder >= 0 else None
    if (on_ladder is not None or there is not None and game.on_roof(target)) and not zombie.level and home is None:
        if on_ladder is not None:
            ladders = [on_ladder]
            roof = next(iter(table.roofs_reached_by(on_ladder)), None)
        else:
            roof = table.piece(there)  # type: ignore[arg-type]
            ladders = [ladder for ladder in table.pieces if ladder.kind is TerrainKind.STAIRS
                       and roof in table.roofs_reached_by(ladder)]
        here = [ladder for ladder in table.ladders_at(zombie.position) if ladder in ladders]
        if here and roof is not None:
            return _zombie_climb(game, zombie, roof.top_cm, target if on_ladder is not None else None, here[0], roof)
        if ladders:
            nearest = min(ladders, key=lambda ladder: distance_to_edges(ladder, zombie.position))
            xs, ys = zip(*nearest.polygon, strict=True)
            others = game.figures_except(zombie.id)
            return spot_around(game, nearest, lambda p: table.building_at(p) is None and nearest in table.ladders_at(p)
                               and not spot_problem(game, game.figure(zombie), p, others)) \
                or (sum(xs) / len(xs), sum(ys) / len(ys))
    return None


def _zombie_climb(game: Game, zombie: Model, goal_cm: float, toward: Model | None, ladder: Any = None,
                  roof: Any = None) -> bool:
    """Up or down its building's stairs (or ``ladder`` to ``roof``) toward ``goal_cm`` as far as its
    move goes: 5 cm to step on, then each cm of height; it may stop part-way. Toward a model part-way
    up the same flight it stops just short of it, in contact. Always its whole move."""
    table = game.table
    reach = game.profile(zombie).move_cm
    here = game.height_of(zombie)
    if ladder is None:
        index = table.building_at(zombie.position)
        if index is None:
            return True
        piece = table.piece(index)
        storey, top = piece.floor_height_cm, piece.top_level * piece.floor_height_cm
    else:
        if roof is None:
            return True
        piece, storey, top = roof, roof.top_cm, roof.top_cm
    if toward is not None and toward.stairs_cm:
        there = game.height_of(toward)
        low = 0.0 if ladder is not None else toward.level * storey
        goal_cm = there - STAIRS_CONTACT_CM if there > here else there + STAIRS_CONTACT_CM
        goal_cm = min(max(goal_cm, low + 0.01), low + storey - 0.01)
    goal_cm = min(max(goal_cm, 0.0), top)
    entry = 0.0 if zombie.stairs_cm else ENTRY_COST_CM
    budget = reach - entry
    if abs(goal_cm - here) < 1e-6 or budget <= 1e-6:
        return True
    step = min(budget, abs(goal_cm - here))
    reached = here + (step if goal_cm > here else -step)
    spot = zombie.position
    others = game.figures_except(zombie.id)
    if ladder is None:
        level = min(int(reached / storey + 1e-6), piece.top_level)
        stairs_cm, on = reached - level * storey, -1
    elif reached >= top - 1e-3:
        level, stairs_cm, on = roof.floors, 0.0, -1
        up = Figure(zombie.id, zombie.x, zombie.y, BASE_RADIUS_CM, "zombie", roof.top_cm)
        found = spot_around(game, ladder, lambda p: table.building_at(p) == roof.index and holds_base(roof, p)
                            and not spot_problem(game, up, p, others))
        if found is None:
            return True
        spot = found
    else:
        level, stairs_cm, on = 0, reached, ladder.index
    stairs_cm = round(stairs_cm, 3) if stairs_cm > 1e-3 else 0.0
    if not stairs_cm:
        on = -1
    moved = replace(zombie, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on)
    if not stairs_cm and spot_problem(game, game.figure(moved), spot, others):
        return True  # someone stands at the head of the flight: it waits
    game.update(zombie, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on)
    if spot != zombie.position:
        game.emit(c.ModelMoved(zombie.id, (spot,), 0.0))
    game.emit(c.Climbed(zombie.id, level, round(entry + step, 3), stairs_cm=stairs_cm))
    return True


def _zombie_drop(game: Game, zombie: Model, target: Model) -> bool | None:
    """Raised above its target: it heads for the edge (a window, on an upper floor) and throws
    itself off, landing on the ground beyond, where its move ends (None: the edge is out of
    reach this move, so it walks toward the target as usual)."""
    table = game.table
    reach = game.profile(zombie).move_cm
    start = zombie.position
    home = table.building_at(start)
    height = game.height_of(zombie)
    if zombie.level and not game.on_roof(zombie):
        piece = table.piece(home)  # type: ignore[arg-type]
        windows = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b, kind, _ in piece.portals if kind == "window"]
        if not windows:
            return _zombie_climb(game, zombie, (zombie.level - 1) * piece.floor_height_cm, None)
        edge = min(windows, key=lambda w: math.dist(start, w) + math.dist(w, target.position))
        if math.dist(start, edge) > reach + BASE_RADIUS_CM:
            dx, dy = edge[0] - start[0], edge[1] - start[1]
            gap = math.hypot(dx, dy)
            others = game.figures_except(zombie.id)
            for fraction in (1.0, 0.8, 0.6, 0.4, 0.2):
                travel = reach * fraction
                point = (start[0] + dx / gap * travel, start[1] + dy / gap * travel)
                if table.building_at(point) == home and not spot_problem(game, game.figure(zombie), point, others):
                    game.update(zombie, x=point[0], y=point[1])
                    game.emit(c.ModelMoved(zombie.id, (point,), round(travel, 3)))
                    break
            return True
        angle = math.atan2(edge[1] - start[1], edge[0] - start[0])
    else:
        angle = math.atan2(target.y - start[1], target.x - start[0])
        edge = None
        for number in range(1, int(reach / 0.25) + 1):
            point = (start[0] + math.cos(angle) * number * 0.25, start[1] + math.sin(angle) * number * 0.25)
            off = table.building_at(point) != home if home is not None else table.standing_top_cm(point, 0.0) < height
            if off:
                edge = point
                break
        if edge is None:
            return None
    assert edge is not None
    others = game.figures_except(zombie.id)
    for extra in (BASE_RADIUS_CM + 0.3, 2.0, 3.0, 4.0, 5.0):
        spot = (edge[0] + math.cos(angle) * extra, edge[1] + math.sin(angle) * extra)
        ground = replace(zombie, x=spot[0], y=spot[1], level=0)
        if table.building_at(spot) is None and table.standing_top_cm(spot) < height \
                and not spot_problem(game, game.figure(ground), spot, others):
            game.update(zombie, x=spot[0], y=spot[1], level=0)
            game.emit(c.ModelMoved(zombie.id, (edge, spot), round(math.dist(start, edge), 3)))
            return True
    return None


def _zombies_at_vehicles(game: Game, penned: set[str]) -> None:
    """Zombies touching a stopped vehicle fight one of its riders (each die at -1 for the rider)."""
    for vehicle in list(game.vehicles.values()):
        if vehicle.moving or vehicle.id not in game.vehicles:
            continue
        riders = game.occupants(vehicle.id)
        if not riders:
            continue
        body = game.body(vehicle)
        attackers = [z for z in game.alive(ZOMBIES) if z.id not in penned and not game.engaged_with(z)
                     and figure_footprint_gap(body, game.figure(z)) <= 0.15]
        if not attackers:
            continue
        (value,), game.rng = draw_floats(game.rng, 1)
        victim = riders[int(value * len(riders))]
        melee(game, victim, attackers)
