"""Reactions to being shot at by hostile survivors: the target's 2D6 (special operations may roll
it again), returning fire (how many shots; holding fire when free to), taking cover, fleeing (where
to, for the secret corporation); riders shot at in a vehicle; and the Shoot command that sets them
off. A reaction that needs its player's choice stops play (``Game.ask``) until ``decisions`` has the
answer; the reactions still to come wait in the decision.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import replace

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.crashes import runaway
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Figure, path_cost, visible_fraction
from game.rules.zombieworld.shooting import (
    firearm_in_hand,
    flee,
    in_cover_ground,
    range_cm,
    reaction_successes,
    sees,
    shoot,
)
from game.rules.zombieworld.spots import free_spot_near, spot_problem
from game.rules.zombieworld.state import Decision, Model, Vehicle
from game.rules.zombieworld.working import Game, entry_cost, need_active, vehicle_spec

Queue = tuple[tuple[str, str], ...]
COVER_GRID_CM = 1.0  # taking cover looks at every point of this grid within the move


def do_shoot(game: Game, model: Model, command: c.Shoot) -> None:
    active = need_active(game, model)
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(Said(N_("{name} is locked in melee and cannot shoot"), name=model.name))
    firearm = firearm_in_hand(game, model, command.weapon)
    if firearm is None:
        raise IllegalCommand(Said(N_("{name} holds no firearm to shoot with"), name=model.name))
    vehicle = game.riding(model)
    if vehicle is not None and model.seat == 0 and (vehicle.moved_round == game.round or active.drove) \
            and not vehicle_spec(game, vehicle).two_wheeled and model.virtue != "expert_driver":
        raise IllegalCommand(Said(N_("{name} is driving and cannot shoot"), name=model.name))
    targets = shoot(game, model, firearm, command.allocations, reaction=False)
    if game.active is not None and game.active.model == model.id:
        game.active = replace(game.active, action_used=True)
    shot_reactions(game, tuple((target, model.id) for target in targets))


def shot_reactions(game: Game, queue: Queue) -> None:
    """Each hostile survivor shot at reacts in turn, until one needs its player's choice."""
    waiting = list(queue)
    while waiting and game.decision is None:
        target_id, shooter_id = waiting.pop(0)
        target, shooter = game.models.get(target_id), game.models.get(shooter_id)
        if target is not None and shooter is not None:
            react_to_shots(game, target, shooter, tuple(waiting))


def _situations(game: Game, target: Model) -> tuple[str, ...]:
    found = []
    if game.engaged_with(target):
        found.append("engaged")
    if in_cover_ground(game, target):
        found.append("difficult")
    return tuple(found)


def react_to_shots(game: Game, target: Model, shooter: Model, later: Queue = ()) -> None:
    if target.vehicle:
        _vehicle_shot_at(game, target, shooter)
        return
    situations = _situations(game, target)
    if target.entrenched:  # book 11.5: no roll; it reacts as it likes
        game.emit(c.ReactionResolved(target.id, "shot_at", 2, "entrenched: no roll"))
        fire_back(game, target, shooter, situations, later, may_hold=True)
        return
    successes = reaction_successes(game, target, "shot_at")
    if successes < 2 and target.ability == "reroll_shot_at_reaction":  # special operations may roll again
        game.ask(Decision("reaction_reroll", target.side, target.id, shooter.id, successes, situations,
                          reactions=later))
        return
    resolve_shot_reaction(game, target, shooter, successes, situations, later)


def resolve_shot_reaction(game: Game, target: Model, shooter: Model, successes: int, situations: tuple[str, ...],
                          later: Queue) -> None:
    """The reaction table's row for the successes: fire back, take cover or flee."""
    result = game.catalog.reaction("shot_at", successes, frozenset(situations))
    game.emit(c.ReactionResolved(target.id, "shot_at", successes, result))
    rank = game.catalog.rank(target.profile) if target.kind == "survivor" else None
    free = rank is not None and rank.reaction == "exempt"  # a born survivor chooses freely [AMBIG-15]
    if result == "return_fire":
        fire_back(game, target, shooter, situations, later, may_hold=free)
    elif result == "take_cover":
        cover_or_wait(game, target, shooter, "engaged" in situations)
    elif result == "flee":
        flee_or_ask(game, target, later)


def return_fire_shots(game: Game, target: Model, shooter: Model) -> tuple[int, ...]:
    """How many shots ``target`` may fire back at ``shooter``: none when it cannot shoot back (no
    loaded firearm at hand, the shooter out of sight or in melee with its band, Jumpy)."""
    firearm = firearm_in_hand(game, target)
    if firearm is None or target.defect == "jumpy" or firearm.id in target.unloaded \
            or (firearm.once_per_round and firearm.id in target.shot_this_round):
        return ()
    if not sees(game, target, shooter) or any(e.side == target.side for e in game.engaged_with(shooter)):
        return ()
    if firearm.template_diameter_cm:
        return (1,)
    if target.defect == "trigger_happy":
        return (firearm.shots_max,)
    return tuple(range(firearm.shots_min, firearm.shots_max + 1))


def fire_back(game: Game, target: Model, shooter: Model, situations: tuple[str, ...], later: Queue,
              may_hold: bool) -> None:
    """Return fire, asking how many shots when there is a choice (or whether to fire at all, for a
    survivor free to react as it likes); one that cannot shoot back takes cover instead."""
    shots = return_fire_shots(game, target, shooter)
    if not shots:
        if not target.entrenched:
            cover_or_wait(game, target, shooter, "engaged" in situations)
        return
    if len(shots) == 1 and not may_hold:
        fire_now(game, target, shooter, shots[0])
        return
    game.ask(Decision("return_fire", target.side, target.id, shooter.id, situations=situations, may_hold=may_hold,
                      reactions=later))


def fire_now(game: Game, target: Model, shooter: Model, shots: int) -> None:
    firearm = firearm_in_hand(game, target)
    try:
        if firearm is None:
            raise IllegalCommand(Said(N_("no firearm")))
        shoot(game, target, firearm, ((shooter.id, shots),), reaction=True)
    except IllegalCommand:
        if target.id in game.models and not target.entrenched:
            cover_or_wait(game, game.models[target.id], shooter, bool(game.engaged_with(game.models[target.id])))


def flee_or_ask(game: Game, model: Model, later: Queue = (), then: str = "") -> None:
    """A survivor flees in a scatter die's direction, or one its player chooses (secret corporation)."""
    if model.ability == "choose_flight_direction":
        game.ask(Decision("flee_direction", model.side, model.id, reactions=later, then="zombies" if then else ""))
        return
    flee(game, model, toward_edge=False)


def cover_or_wait(game: Game, target: Model, shooter: Model, engaged: bool) -> None:
    """Take cover; a survivor locked in melee (or entrenched) stays where it is, and loses its next
    action unless it is already protected there."""
    if engaged or target.entrenched:
        if not target.entrenched and not protected_at(game, target, shooter, target.position):
            game.update(target, no_action_next=True)
        return
    _take_cover(game, target, shooter)


def protected_at(game: Game, model: Model, shooter: Model, point: tuple[float, float]) -> bool:
    """Cover at ``point`` from ``shooter``: difficult ground, a building, or scenery that hides the
    model's vital points from the shooter's eyes, even partly (book 15.6: "aunque sea parcialmente")."""
    if game.table.in_difficult(point) or game.table.building_at(point) is not None:
        return True
    spot = Figure(model.id, point[0], point[1])
    return visible_fraction(game.sight_table(shooter, model), game.figure(shooter), spot, (),
                            frozenset(game.base.open_portals)) < 1.0 - 1e-9


def _cover_candidates(game: Game, model: Model, reach: float) -> list[tuple[float, tuple[tuple[float, float], ...]]]:
    """Where cover might be, nearest first: every point of a 1 cm grid within the move, and just
    inside every door and window within it (reached through the opening)."""
    start = model.position
    found: list[tuple[float, tuple[tuple[float, float], ...]]] = []
    steps = int(reach // COVER_GRID_CM)
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            point = (start[0] + i * COVER_GRID_CM, start[1] + j * COVER_GRID_CM)
            gap = math.dist(start, point)
            if gap <= reach + 1e-9:
                found.append((gap, (point,)))
    for piece in game.table.pieces:
        for a, b, _, _ in piece.portals:
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if math.dist(start, middle) > reach:
                continue
            cx, cy = (piece.bounds[0] + piece.bounds[2]) / 2, (piece.bounds[1] + piece.bounds[3]) / 2
            inward = math.atan2(cy - middle[1], cx - middle[0])
            outside = (middle[0] - math.cos(inward) * 1.3, middle[1] - math.sin(inward) * 1.3)
            inside = (middle[0] + math.cos(inward) * 1.3, middle[1] + math.sin(inward) * 1.3)
            found.append((math.dist(start, outside) + math.dist(outside, inside), (outside, inside)))
    found.sort(key=lambda entry: entry[0])
    return found


def _take_cover(game: Game, model: Model, shooter: Model) -> None:
    """Move (at most the profile move, police +5 cm; no sprint) to the cover that costs least to
    reach: difficult ground, a building, or a spot where scenery at least partly blocks the
    shooter's sight (book 15.6). Every spot within the move is looked at (a 1 cm grid, doorways),
    then the way to the best one is cut back to where its cover begins. With none, no action next
    turn (it may still move)."""
    reach = game.profile(model).move_cm + (5.0 if model.ability == "take_cover_bonus_move" else 0.0)
    start = model.position
    others = game.figures_except(model.id)
    entry = entry_cost(game, model)

    def cost_of(trail: list[tuple[float, float]]) -> float:
        result = path_cost(game.table, trail, entry_cost_cm=entry)
        return result.cost_cm if result.ok else math.inf

    def usable(point: tuple[float, float]) -> bool:
        return game.table.on_table(point, BASE_RADIUS_CM) and not spot_problem(game, game.figure(model), point, others)

    best: tuple[float, tuple[tuple[float, float], ...]] | None = None
    for straight, path in _cover_candidates(game, model, reach):
        if best is not None and straight >= best[0]:
            break
        end = path[-1]
        if not usable(end) or not protected_at(game, model, shooter, end):
            continue
        cost = cost_of([start, *path])
        if cost <= reach + 1e-6 and (best is None or cost < best[0]):
            best = (cost, path)
    if best is None:
        game.update(model, no_action_next=True)
        game.emit(c.TookCover(model.id, (), False))
        return
    cost, path = best
    if len(path) == 1 and cost > 1e-9:  # cut the way back to where the cover begins
        low, high = 0.0, 1.0
        while high - low > 1e-3:
            middle = (low + high) / 2
            point = (start[0] + (path[0][0] - start[0]) * middle, start[1] + (path[0][1] - start[1]) * middle)
            low, high = (low, middle) if protected_at(game, model, shooter, point) and usable(point) else (middle, high)
        path = ((start[0] + (path[0][0] - start[0]) * high, start[1] + (path[0][1] - start[1]) * high),)
    end = path[-1]
    if end != start:
        game.update(model, x=end[0], y=end[1])
    game.emit(c.TookCover(model.id, (start, *path), True))


def _vehicle_shot_at(game: Game, target: Model, shooter: Model) -> None:
    """Riders shot at by hostile survivors: only the driver rolls (the one hit, with no driver)."""
    vehicle = game.riding(target)
    if vehicle is None:
        return
    spec = vehicle_spec(game, vehicle)
    roller = game.driver(vehicle.id) or target
    successes = reaction_successes(game, roller, "vehicle_shot_at")
    riders = game.occupants(vehicle.id)
    held = game.round + 1 if (d := game.driver(vehicle.id)) is not None and d.activated else game.round
    if successes == 2:
        game.emit(c.ReactionResolved(roller.id, "vehicle_shot_at", 2, "return_fire"))
        for rider in riders:
            rider = game.models.get(rider.id, rider)
            firearm = firearm_in_hand(game, rider)
            if rider.id not in game.models or shooter.id not in game.models or firearm is None \
                    or firearm.template_diameter_cm or firearm.id in rider.unloaded:
                continue
            if game.gap(rider, game.models[shooter.id]) > range_cm(game, rider, firearm):
                continue
            with contextlib.suppress(IllegalCommand):
                shoot(game, rider, firearm, ((shooter.id, firearm.shots_min),), reaction=True)
        return
    result = "take_cover" if successes == 1 else "lose_control" if vehicle.moving and not spec.two_wheeled else "hold"
    game.emit(c.ReactionResolved(roller.id, "vehicle_shot_at", successes, result))
    if spec.two_wheeled:
        _riders_shelter(game, vehicle)
        return
    if result == "take_cover":
        for rider in riders:
            game.update(game.models[rider.id], entrenched=True)
        if vehicle.moving:
            game.set_vehicle(vehicle, held_round=held, moving=False)
            game.emit(c.VehicleStatus(vehicle.id, "held"))
    elif result == "lose_control":
        runaway(game, vehicle.id, "out of control", False, game.driver(vehicle.id))
    else:
        game.set_vehicle(vehicle, held_round=held)
        game.emit(c.VehicleStatus(vehicle.id, "held"))


def _riders_shelter(game: Game, vehicle: Vehicle) -> None:
    """Motorbike riders jump off and take cover behind the bike."""
    body = game.body(vehicle)
    behind = (body.x - math.cos(body.facing) * (body.length_cm / 2 + BASE_RADIUS_CM + 0.1),
              body.y - math.sin(body.facing) * (body.length_cm / 2 + BASE_RADIUS_CM + 0.1))
    for rider in game.occupants(vehicle.id):
        spot = behind if not spot_problem(game, Figure(rider.id, *behind), behind,
                                           [f for f in game.figures() if f.id != rider.id and not
                                            game.models[f.id].vehicle]) else free_spot_near(game, behind, 1.5)
        if spot is None:
            continue
        game.update(rider, vehicle="", seat=-1, x=spot[0], y=spot[1], entrenched=True)
        game.emit(c.VehicleLeft(rider.id, vehicle.id, spot))
    game.set_vehicle(vehicle, moving=False)
