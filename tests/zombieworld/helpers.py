"""Shared pieces for the Zombieworld tests: bands, boards and a seeded random player."""

from __future__ import annotations

import math
from random import Random

from game.board.mission import load_board
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.geometry import Footprint
from game.rules.zombieworld.state import BandEntry, State, ZombieworldSetup

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
