"""Charges: a move into base contact with an enemy (or a rider), its reaction rolls, then the fight."""

from __future__ import annotations

import contextlib
import math
from dataclasses import replace

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.geometry import Figure, base_distance, figure_footprint_gap
from game.rules.zombieworld.melee import after_fight, melee
from game.rules.zombieworld.movement import SPRINT_MAX_CM, priced_path, sprint_roll, validate_path
from game.rules.zombieworld.reactions import flee_or_ask
from game.rules.zombieworld.shooting import firearm_in_hand, in_cover_ground, roll_reaction, shoot
from game.rules.zombieworld.spots import DOOR_REACH_CM, farthest_along, spot_problem
from game.rules.zombieworld.state import ZOMBIES, Activation, Model, Vehicle
from game.rules.zombieworld.working import CONTACT_CM, Game, need_active, need_on_foot, vehicle_spec


def do_charge(game: Game, model: Model, command: c.Charge) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    if active.must_fight:
        raise IllegalCommand(Said(N_("{name} is already locked in melee"), name=model.name))
    target = game.models.get(command.target)
    if target is None or target.side == model.side:
        raise IllegalCommand(Said(N_("charge an enemy on the table")))
    if game.allied(model.side, target.side):
        raise IllegalCommand(Said(N_("{name}'s band is an ally (a fixed alliance)"), name=target.name))
    if model.kind == "dog":
        raise IllegalCommand(Said(N_("dogs charge only when they lose control")))
    if game.individual and target.side != ZOMBIES:
        raise IllegalCommand(Said(N_("in individual mode the survivors play together")))
    vehicle = game.riding(target)
    if vehicle is not None:
        _charge_rider(game, model, target, vehicle, command, active)
        return
    if target.stairs_cm:
        raise IllegalCommand(Said(N_("{name} is part-way up the stairs: shoot instead"), name=spoken.who(game.catalog, target)))
    defect = game.catalog.defect(model.defect) if model.defect else None
    free_sprint = target.side == ZOMBIES and not (defect is not None and defect.cannot_sprint) and not active.sprinted
    budget = active.remaining_cm + (SPRINT_MAX_CM if free_sprint else 0.0)
    cost, _ = validate_path(game, model, command.path, budget, contact_with=target)
    if target.side == ZOMBIES:
        own_ground = frozenset({"difficult"} if in_cover_ground(game, model) else {"open"})
        result, _ = roll_reaction(game, model, "charging", own_ground)
        if result == "frozen":
            game.active = replace(active, remaining_cm=0.0, action_used=True)
            return
        firearm = firearm_in_hand(game, model)
        if result == "shoot_instead" and firearm is not None and not active.action_used \
                and firearm.id not in model.unloaded:
            try:
                shoot(game, model, firearm, ((target.id, firearm.shots_min),), reaction=False)
                game.active = replace(active, action_used=True)
                return
            except IllegalCommand:
                pass
        if cost > active.remaining_cm + 1e-6:
            # out of reach on foot: the free sprint of a fearless charge
            reach = active.remaining_cm + sprint_roll(game, model)
            if reach + 1e-6 < cost:
                _fall_short(game, model, command.path, reach)
                game.active = replace(game.active or active, remaining_cm=0.0, moved=True, sprinted=True)
                return
            active = replace(active, remaining_cm=reach, sprinted=True)
            game.active = active
    else:
        if cost > active.remaining_cm + 1e-6:
            raise IllegalCommand(Said(N_("that charge costs {cost} cm; {name} has {left} cm left"), cost=spoken.cm1(cost),
                                      name=model.name, left=spoken.cm1(active.remaining_cm)))
        defender = target
        ground = frozenset({"difficult"} if in_cover_ground(game, defender) else {"open"})
        if not defender.charged_reaction_used and not defender.fleeing:
            game.update(defender, charged_reaction_used=True)
            result, _ = roll_reaction(game, defender, "charged", ground)
            if result == "flee":
                game.active = replace(active, remaining_cm=0.0)
                flee_or_ask(game, game.models[defender.id])
                return
            if result == "shoot_then_melee":
                firearm = firearm_in_hand(game, defender)
                if firearm is not None:
                    with contextlib.suppress(IllegalCommand):
                        shoot(game, game.models[defender.id], firearm, ((model.id, firearm.shots_min),), reaction=True)
        if model.id not in game.models:
            return
    end = command.path[-1]
    model = game.update(game.models[model.id], x=end[0], y=end[1], entrenched=False)
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.active = replace(game.active or active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    melee(game, model, [game.models[target.id]] if target.id in game.models else [])
    after_fight(game, model.id)


def _charge_rider(game: Game, model: Model, rider: Model, vehicle: Vehicle, command: c.Charge,
                  active: Activation) -> None:
    """A charge on a rider of a vehicle standing still: the path ends touching its body; the rider
    (in difficult ground, as riders are) rolls its charged reaction, then they fight one round, the
    rider at -1 a die. Riders are never locked in melee, so the charger is free afterwards."""
    spec = vehicle_spec(game, vehicle)
    if vehicle.moving:
        raise IllegalCommand(Said(N_("the {vehicle} is on the move: its riders can be fought only while it stands still"),
                                  vehicle=spec))
    cost, _ = validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
    end = command.path[-1]
    if figure_footprint_gap(game.body(vehicle), Figure(model.id, *end)) > DOOR_REACH_CM:
        raise IllegalCommand(Said(N_("a charge on a rider ends touching the {vehicle}"), vehicle=spec))
    if not rider.charged_reaction_used and not rider.fleeing and rider.kind == "survivor":
        rider = game.update(rider, charged_reaction_used=True)
        result, _ = roll_reaction(game, rider, "charged", frozenset({"difficult"}))
        firearm = firearm_in_hand(game, rider)
        if result == "shoot_then_melee" and firearm is not None:
            with contextlib.suppress(IllegalCommand):
                shoot(game, rider, firearm, ((model.id, firearm.shots_min),), reaction=True)
    if model.id not in game.models:
        return
    model = game.update(game.models[model.id], x=end[0], y=end[1], entrenched=False)
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.active = replace(game.active or active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    if rider.id in game.models:
        melee(game, model, [game.models[rider.id]])
    after_fight(game, model.id)


def _fall_short(game: Game, model: Model, path: tuple[tuple[float, float], ...], budget: float) -> None:
    """A sprinting charger that cannot reach goes exactly as far along its path as its move allows
    (book 15.2: "se quedará a la distancia máxima que marque su atributo de movimiento")."""
    others = game.figures_except(model.id)
    enemies = game.enemies_of(model)

    def cost_of(trail: list[tuple[float, float]]) -> float:
        try:
            return priced_path(game, model, trail[1:])[0]
        except IllegalCommand:
            return math.inf

    def spot_ok(end: tuple[float, float]) -> bool:
        return not spot_problem(game, game.figure(model), end, others) and all(
            base_distance(Figure(model.id, *end), game.figure(e)) > CONTACT_CM for e in enemies)

    found = farthest_along([model.position, *path], cost_of, budget, spot_ok)
    if found is None:
        return
    trail, cost = found
    game.update(model, x=trail[-1][0], y=trail[-1][1], entrenched=False)
    game.emit(c.ModelMoved(model.id, tuple(trail[1:]), round(cost, 3)))
