"""Bots for Zombieworld seats. ``random_bot`` turns the engine's command templates into concrete
commands at random (a walk to a random point within reach, a shot at the first target, a charge to
base contact…) and plays the first the engine accepts: a legal player that tests the engine's
every path, for simulate and endurance runs. Every choice comes from the ``Random`` it is handed,
through ``random()`` only."""

from __future__ import annotations

import math
from random import Random
from typing import Any

from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import Footprint
from game.rules.zombieworld.state import State

CONTACT_CM = 2.5  # a charge stops this far from the target's centre: bases touch


def _shuffled(items: list[Any], rng: Random) -> list[Any]:
    """Fisher–Yates on ``random()`` (its sequence is stable across Python versions)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


def random_bot(state: State, seat: str, rng: Random) -> Any | None:
    """A legal concrete command for ``seat``, picked at random from the templates; ending the
    activation when nothing else is accepted; None when the seat has nothing to do."""
    options = [o for o in engine.legal_commands(state, seat) if not isinstance(o, c.Withdraw)]
    for option in _shuffled(options, rng):
        concrete = concrete_command(state, option, rng)
        if concrete is None:
            continue
        try:
            engine.check(state, seat, concrete)
        except IllegalCommand:
            continue
        return concrete
    return c.EndActivation(state.active.model) if state.active is not None else None


def concrete_command(state: State, option: Any, rng: Random) -> Any | None:
    """A concrete command for a template (others are already concrete)."""
    if isinstance(option, c.MoveTemplate):
        model = state.model(option.model)
        angle = rng.random() * 2 * math.pi
        reach = rng.random() * option.max_cm
        return c.MoveModel(option.model, ((model.x + math.cos(angle) * reach, model.y + math.sin(angle) * reach),))
    if isinstance(option, c.ShootTemplate):
        return c.Shoot(option.model, ((option.targets[0], option.shots_min),), option.weapon)
    if isinstance(option, (c.BoardTemplate, c.LeaveVehicleTemplate, c.DriveTemplate)):
        return _vehicle_command(state, option, rng)
    if isinstance(option, c.ChargeTemplate):
        model = state.model(option.model)
        target = state.model(option.targets[0])
        gap = math.dist(model.position, target.position)
        if gap <= CONTACT_CM:
            return None
        stop = gap - CONTACT_CM
        point = (model.x + (target.x - model.x) / gap * stop, model.y + (target.y - model.y) / gap * stop)
        return c.Charge(option.model, target.id, (point,))
    return option


def _vehicle_command(state: State, option: Any, rng: Random) -> Any:
    vehicle = state.vehicle(option.vehicle)
    body = Footprint(vehicle.x, vehicle.y, vehicle.facing, vehicle.length_cm, vehicle.width_cm)
    side = 1 if rng.random() < 0.5 else -1
    beside = (body.x - math.sin(body.facing) * side * (body.width_cm / 2 + 1.3),
              body.y + math.cos(body.facing) * side * (body.width_cm / 2 + 1.3))
    if isinstance(option, c.BoardTemplate):
        return c.BoardVehicle(option.model, option.vehicle, (beside,))
    if isinstance(option, c.LeaveVehicleTemplate):
        return c.LeaveVehicle(option.model, (beside,))
    reach = rng.random() * option.max_cm
    turn = (rng.random() - 0.5) * math.pi / 2
    front = body.front
    if rng.random() < 0.5:
        return c.Drive(option.model, ((front[0] + math.cos(body.facing) * reach,
                                       front[1] + math.sin(body.facing) * reach),))
    angle = body.facing + turn
    return c.Drive(option.model, ((front[0] + math.cos(angle) * reach / 2, front[1] + math.sin(angle) * reach / 2),))
