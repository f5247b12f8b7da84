"""Shared pieces for the Zombieworld tests: bands, boards and a seeded random player."""

from __future__ import annotations

import math
from dataclasses import replace
from random import Random
from typing import Any

from game.board.mission import load_board
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.geometry import Footprint
from game.rules.zombieworld.state import ZOMBIES, Activation, BandEntry, Model, State, ZombieworldSetup

TOWN = load_board("maps/zombieworld/zw-town-square.tmx")


def police(name: str = "Blue line") -> Band:
    return Band(name=name, band_type="police", members=(
        Member(name="Ana", rank="born", hand=("assault_rifle",), objects=("vest",)),
        Member(name="Bo", rank="hardened", hand=("pistol", "blade")),
        Member(name="Cy", rank="rookie", hand=("shotgun",), backpack=("baseball_bat",)),
        Member(name="Di", rank="frightened", hand=("baseball_bat",)),
    ))


def two_bands(scenario: str = "massacre", spawn_dice: int | None = None) -> ZombieworldSetup:
    return ZombieworldSetup(
        bands=(BandEntry(seat="red", band=police("Red")), BandEntry(seat="blue", band=police("Blue"))),
        scenario=scenario,
        spawn_dice=spawn_dice,
    )


def arranged_state(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] | None = None,
                   *, dice: tuple[int, ...] = (), d10: tuple[int, ...] = (), active: str | None = None,
                   remaining_cm: float = 20.0, board=TOWN, setup: ZombieworldSetup | None = None,
                   changes: dict[str, dict[str, Any]] | None = None, **state_fields: Any) -> State:
    """Red's turn with only the named models where the test puts them (walkers for ``zombies``); dice
    queued. ``changes`` maps a model id to fields of its Model; ``state_fields`` replace fields of the
    State (``table``, ``places``, ``vehicles``)."""
    changes = changes or {}
    state = engine.setup(board, setup or two_bands(spawn_dice=0), 1)
    models = [replace(state.model(mid), x=x, y=y, **changes.get(mid, {})) for mid, (x, y) in positions.items()]
    models += [Model(id=zid, side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=x, y=y,
                     **changes.get(zid, {})) for zid, (x, y) in (zombies or {}).items()]
    state = replace(state, models=tuple(models), order=("red", "blue", ZOMBIES), turn=0, bangs=(),
                    rng=force_dice(state.rng, dice), **state_fields).with_d10(d10)
    if active:
        state = replace(state, active=Activation(active, remaining_cm))
    return state


def random_command(state: State, seat: str, chooser: Random) -> object | None:
    """A legal concrete command, picked at random from the templates (None: nothing to do)."""
    options = [o for o in engine.legal_commands(state, seat) if not isinstance(o, c.Withdraw)]
    chooser.shuffle(options)
    for option in options:
        concrete = _concrete(state, option, chooser)
        if concrete is None:
            continue
        try:
            engine.check(state, seat, concrete)
        except IllegalCommand:
            continue
        return concrete
    return None


def _concrete(state: State, option: object, chooser: Random) -> object | None:
    if isinstance(option, c.MoveTemplate):
        model = state.model(option.model)
        angle = chooser.random() * 2 * math.pi
        reach = chooser.random() * option.max_cm
        return c.MoveModel(option.model, ((model.x + math.cos(angle) * reach, model.y + math.sin(angle) * reach),))
    if isinstance(option, c.ShootTemplate):
        return c.Shoot(option.model, ((option.targets[0], option.shots_min),), option.weapon)
    if isinstance(option, (c.BoardTemplate, c.LeaveVehicleTemplate, c.DriveTemplate)):
        return _vehicle_command(state, option, chooser)
    if isinstance(option, c.ChargeTemplate):
        model = state.model(option.model)
        target = state.model(option.targets[0])
        gap = math.dist(model.position, target.position)
        stop = gap - 2.5
        point = (model.x + (target.x - model.x) / gap * stop, model.y + (target.y - model.y) / gap * stop)
        return c.Charge(option.model, target.id, (point,))
    return option


def _vehicle_command(state: State, option: object, chooser: Random) -> object:
    vehicle = state.vehicle(option.vehicle)  # type: ignore[attr-defined]
    body = Footprint(vehicle.x, vehicle.y, vehicle.facing, vehicle.length_cm, vehicle.width_cm)
    side = chooser.choice((1, -1))
    beside = (body.x - math.sin(body.facing) * side * (body.width_cm / 2 + 1.3),
              body.y + math.cos(body.facing) * side * (body.width_cm / 2 + 1.3))
    if isinstance(option, c.BoardTemplate):
        return c.BoardVehicle(option.model, option.vehicle, (beside,))
    if isinstance(option, c.LeaveVehicleTemplate):
        return c.LeaveVehicle(option.model, (beside,))
    assert isinstance(option, c.DriveTemplate)
    reach = chooser.random() * option.max_cm
    turn = (chooser.random() - 0.5) * math.pi / 2
    front = body.front
    ahead = (front[0] + math.cos(body.facing) * reach, front[1] + math.sin(body.facing) * reach)
    if chooser.random() < 0.5:
        return c.Drive(option.model, (ahead,))
    angle = body.facing + turn
    return c.Drive(option.model, ((front[0] + math.cos(angle) * reach / 2, front[1] + math.sin(angle) * reach / 2),))


def play_out(seed: int, steps: int = 400, setup: ZombieworldSetup | None = None) -> tuple[list[State], list[tuple[str, object]]]:
    chooser = Random(seed)
    state = engine.setup(TOWN, setup or two_bands(), seed)
    states, log = [state], []
    for _ in range(steps):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = random_command(state, seat, chooser)
        if command is None:
            active = state.active
            command = c.EndActivation(active.model) if active else None
        if command is None:
            break
        state, _ = engine.apply(state, seat, command)
        states.append(state)
        log.append((seat, command))
    return states, log
