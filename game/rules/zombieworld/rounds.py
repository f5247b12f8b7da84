"""Rounds: zombie generation and initiative at the start of each, play moving on from side to side
(the zombies' turn included), and a survivor's or dog's activation.
"""

from __future__ import annotations

import math

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.casualties import finish
from game.rules.zombieworld.crashes import driver_activation
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, base_distance, path_cost
from game.rules.zombieworld.melee import melee
from game.rules.zombieworld.movement import gear_at_activation, move_allowance
from game.rules.zombieworld.shooting import flee
from game.rules.zombieworld.spawning import bang_phase, end_activation, spawn_zombie
from game.rules.zombieworld.spots import farthest_along, path_hits_vehicle, spot_problem
from game.rules.zombieworld.state import ZOMBIES, Activation, Model, State
from game.rules.zombieworld.working import Game, check_passes, need_active
from game.rules.zombieworld.zombies import zombie_turn

ALLIANCE_FLIP_ON = 5  # with alliance flips, a D6 at the start of each later round swaps fixed and fragile


def start_round(game: Game) -> None:
    game.round += 1
    game.emit(c.RoundStarted(game.round))
    for model in game.alive():
        boosts = tuple((item, last) for item, last in model.boosts if last >= game.round)
        game.update(model, activated=False, charged_reaction_used=False, shot_this_round=(), boosts=boosts)
    if game.base.alliances and game.base.alliance_flips and game.round > 1:
        (die,) = game.d6(1)
        if die >= ALLIANCE_FLIP_ON:
            game.alliance_fixed = not game.alliance_fixed
        game.emit(c.DiceRolled("alliance", "", (die,), (), ALLIANCE_FLIP_ON, ("fixed" if game.alliance_fixed else "fragile",)))
    scenario = game.catalog.scenario(game.base.scenario)
    if game.pen and scenario.pen_opens_round is not None and game.round >= scenario.pen_opens_round:
        game.pen = ()  # the fence gives way
    for seat in game.base.seats:
        if game.score(seat).withdrawn:
            continue
        survivors = [m for m in game.alive(seat) if m.kind == "survivor"]
        if not survivors:
            continue
        # individual mode: each survivor brings its own dice, from itself
        groups = [(m, game.base.spawn_dice) for m in survivors] if game.individual else [
            (game.leader(seat) or max(survivors, key=lambda m: game.own_skill(m)[0]), game.base.spawn_dice)]
        for origin, dice_count in groups:
            dice = game.d6(dice_count)
            count = sum(1 for d in dice if d >= 4)
            game.emit(c.DiceRolled("zombie generation", origin.id, dice, (), 4,
                                   tuple("zombie" if d >= 4 else "-" for d in dice)))
            for _ in range(count):
                spawn_zombie(game, origin.position, "round")
    sides = [s for s in game.base.seats if not game.score(s).withdrawn and game.alive(s)] + [ZOMBIES]
    game.order = _initiative(game, sides)
    game.turn = 0
    game.emit(c.InitiativeDecided(game.order))


def _initiative(game: Game, sides: list[str]) -> tuple[str, ...]:
    return roll_order(game, sides, "initiative")


def roll_order(game: Game, sides: list[str], purpose: str) -> tuple[str, ...]:
    """D10 each, highest first; tied sides re-roll among themselves (initiative, deployment)."""
    if len(sides) <= 1:
        return tuple(sides)
    dice = game.d10(len(sides))
    game.emit(c.DiceRolled(purpose, ",".join(sides), dice))
    groups: dict[int, list[str]] = {}
    for side, die in zip(sides, dice, strict=True):
        groups.setdefault(die, []).append(side)
    order: list[str] = []
    for die in sorted(groups, reverse=True):
        group = groups[die]
        order.extend(group if len(group) == 1 else roll_order(game, group, purpose))
    return tuple(order)


def advance(game: Game) -> None:
    """Move play on to the next side that needs a player, running zombie turns on the way."""
    while not game.finished:
        if game.active is not None or game.decision is not None or game.deploying:
            return
        if game.turn >= len(game.order):
            if game.round >= game.base.rounds:
                finish(game, "the last round is over")
                return
            start_round(game)
            continue
        side = game.order[game.turn]
        if side == ZOMBIES:
            zombie_turn(game)
            if game.decision is not None:  # a charged survivor's player chooses: the turn waits
                return
            game.turn += 1
            continue
        if game.score(side).withdrawn or not any(not m.activated for m in game.alive(side)):
            game.turn += 1
            continue
        return


def current_seats(state: State) -> frozenset[str]:
    if state.finished:
        return frozenset()
    if state.decision is not None:
        return frozenset({state.decision.seat})
    if state.deploying:
        return frozenset({state.deploying[0]})
    if state.turn >= len(state.order):
        return frozenset()
    side = state.order[state.turn]
    return frozenset() if side == ZOMBIES else frozenset({side})


def do_activate(game: Game, model: Model, command: c.Activate) -> None:
    if game.active is not None:
        raise IllegalCommand(Said(N_("finish the current activation first")))
    if model.activated:
        raise IllegalCommand(Said(N_("{name} has already been activated this round"), name=model.name))
    waiting = [m for m in game.alive(model.side) if not m.activated]
    top = max(game.own_skill(m)[0] for m in waiting)
    if game.own_skill(model)[0] < top:
        raise IllegalCommand(Said(N_("survivors activate in order of skill: a more skilled one goes first")))
    skill, modifiers = game.check_skill(model)
    if _coherent(game, model):
        modifiers = [*modifiers, (N_("coherence"), 1)]
        skill += 1
    if model.vehicle and model.entrenched:
        model = game.update(model, entrenched=False)  # the cover a vehicle gave lasts until its riders act
    driving = driver_activation(game, model)
    if driving is not None:
        game.emit(c.Activated(model.id, driving))
        model = game.update(game.models[model.id], activated=True) if model.id in game.models else model
        if driving and model.id in game.models:
            game.active = Activation(model.id, move_allowance(game, model), action_used=model.no_action_next)
            if model.no_action_next:
                game.update(model, no_action_next=False)
        elif model.id in game.models:
            end_activation(game, model)
        else:
            bang_phase(game)
        return
    if model.cannot_activate_round == game.round:
        game.emit(c.Activated(model.id, False))
        model = game.update(model, activated=True)
        engaged = game.engaged_with(model)
        if engaged:
            melee(game, model, engaged)
        end_activation(game, game.models.get(model.id, model))
        return
    (die,) = game.d6(1)
    success = die != 6 if game.individual else check_passes(die, skill)
    game.emit(c.DiceRolled("activation", model.id, (die,), tuple(modifiers), 5 if game.individual else skill,
                           ("pass" if success else "fail",)))
    game.emit(c.Activated(model.id, success))
    model = game.update(model, activated=True)
    engaged = game.engaged_with(model)
    if model.fleeing:
        if success:
            game.update(model, fleeing=False)
        else:
            flee(game, model, toward_edge=True)
            end_activation(game, model)
            return
    if not success:
        if engaged:
            melee(game, model, engaged)
        end_activation(game, model)
        return
    if model.kind == "dog" and not engaged and not _dog_control(game, model):
        end_activation(game, game.models.get(model.id, model))
        return
    move = move_allowance(game, model)
    game.active = Activation(model.id, move, action_used=model.no_action_next, must_fight=bool(engaged))
    gear_at_activation(game, model)
    if model.no_action_next:
        game.update(model, no_action_next=False)


def _coherent(game: Game, model: Model) -> bool:
    if model.virtue and (v := game.catalog.virtue(model.virtue)) is not None and v.always_coherent:
        return True
    band = game.alive(model.side)
    if len(band) <= 2:
        return False
    me = game.figure(model)
    radius = game.catalog.bands.rules.coherence_cm
    return any(base_distance(me, game.figure(o)) <= radius for o in band if o.id != model.id)


def do_end(game: Game, model: Model, command: c.EndActivation) -> None:
    active = need_active(game, model)
    if active.must_fight and game.engaged_with(model):
        raise IllegalCommand(Said(N_("{name} is locked in melee: fight on or try to disengage"), name=model.name))
    end_activation(game, model)


def _dog_control(game: Game, dog: Model) -> bool:
    """A dog within charge reach of an enemy must pass a check (helped by a band member within
    10 cm) or it charges that enemy. True when the dog stays under control."""
    reach = game.profile(dog).move_cm
    me = game.figure(dog)
    enemies = sorted((base_distance(me, game.figure(e)), e.id) for e in game.enemies_of(dog))
    enemies = [(d, e) for d, e in enemies if d <= reach]
    if not enemies:
        return True
    skill, modifiers = game.own_skill(dog)
    for friend in game.alive(dog.side):
        if friend.id != dog.id and base_distance(me, game.figure(friend)) <= 10.0:
            friend_skill = game.own_skill(friend)[0]
            if friend_skill > skill:
                skill, modifiers = friend_skill, [("helped by " + friend.name, friend_skill - game.own_skill(dog)[0])]
    (die,) = game.d6(1)
    kept = check_passes(die, skill)
    game.emit(c.DiceRolled("dog control", dog.id, (die,), tuple(modifiers), skill, ("pass" if kept else "fail",)))
    target = game.models[enemies[0][1]]
    game.emit(c.DogControl(dog.id, kept, "" if kept else target.id))
    if kept:
        return True
    _straight_charge(game, dog, target, reach)
    current = game.models.get(dog.id)
    if current is not None:
        engaged = game.engaged_with(current)
        if engaged:
            melee(game, current, engaged)
    return False


def _straight_charge(game: Game, model: Model, target: Model, reach: float) -> None:
    """A dog out of control runs at ``target``: into base contact (straight ahead, else the nearest
    free spot round it) when its move reaches, else exactly as far toward it as its move goes."""
    start = model.position
    others = game.figures_except(model.id)

    def cost_of(trail: list[tuple[float, float]]) -> float:
        cost = path_cost(game.table, trail)
        return cost.cost_cm if cost.ok and not path_hits_vehicle(game, trail) else math.inf

    def spot_ok(point: tuple[float, float]) -> bool:
        return game.table.on_table(point, BASE_RADIUS_CM) and not spot_problem(game, game.figure(model), point, others)

    approach = math.atan2(start[1] - target.y, start[0] - target.x)
    for turn in range(0, 190, 10):
        for angle in (approach + math.radians(turn), approach - math.radians(turn)) if turn else (approach,):
            spot = (target.x + math.cos(angle) * 2 * BASE_RADIUS_CM, target.y + math.sin(angle) * 2 * BASE_RADIUS_CM)
            if math.dist(start, spot) <= reach + 1e-6 and spot_ok(spot):
                cost = cost_of([start, spot])
                if cost <= reach + 1e-6:
                    game.update(model, x=spot[0], y=spot[1])
                    game.emit(c.ModelMoved(model.id, (spot,), round(cost, 3)))
                    return
    found = farthest_along([start, target.position], cost_of, reach, spot_ok)
    if found is not None:
        trail, cost = found
        game.update(model, x=trail[-1][0], y=trail[-1][1])
        game.emit(c.ModelMoved(model.id, (trail[-1],), round(cost, 3)))
