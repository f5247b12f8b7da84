"""Seeded random Zombieworld play-outs written down as state hashes and event texts, so that a
change meant to keep behaviour (a refactoring) can be shown to keep it: record before, record
after, compare.

    python tests/zombieworld/playout_record.py record before.json.gz
    python tests/zombieworld/playout_record.py compare before.json.gz after.json.gz

Only the engine's public face is used (setup, current_seats, legal_commands, check, apply). The
games cover the shipped tables and most of the rules: the town square's 50 seeds of
``helpers.play_out``, plus bands with dogs, wheels, grenades, medkits and vehicles on the
crossroads and the farm, in every scenario, with weather, interior light, alliances and
individual mode. Not a test (pytest does not collect it): a long run, minutes.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from helpers import TOWN, _concrete, police, random_command, two_bands  # noqa: E402

from game.board.mission import load_board  # noqa: E402
from game.rules.core.base import IllegalCommand  # noqa: E402
from game.rules.zombieworld import commands as c  # noqa: E402
from game.rules.zombieworld import engine  # noqa: E402
from game.rules.zombieworld.band import Band, Member  # noqa: E402
from game.rules.zombieworld.geometry import Footprint  # noqa: E402
from game.rules.zombieworld.state import BandEntry, State, ZombieworldSetup  # noqa: E402

CROSSROADS = load_board("maps/zombieworld/zw-crossroads.tmx")
FARM = load_board("maps/zombieworld/zw-outskirts-farm.tmx")


def _gear_band(name: str, band_type: str, vehicles: tuple[str, ...] = ()) -> Band:
    return Band(name=name, band_type=band_type, vehicles=vehicles, members=(
        Member(name="Ana", rank="born", hand=("assault_rifle",), objects=("vest", "stimulants"), virtue="agile"),
        Member(name="Bo", rank="expert", hand=("shotgun",), backpack=("grenade",), objects=("bicycle", "medkit"),
               virtue="first_aid"),
        Member(name="Cy", rank="hardened", hand=("pistol", "blade"), objects=("skateboard", "ammo_box"),
               defect="trigger_happy", virtue="sprinter"),
        Member(name="Di", rank="rookie", hand=("chainsaw",), objects=("roller_skates", "cigarettes"),
               virtue="burly"),
        Member(name="Ed", rank="frightened", hand=("hunting_rifle",), objects=("scope", "air_horn"),
               virtue="mechanic"),
        Member(name="Rex", rank="dog"),
    ))


def _mixed_band(name: str) -> Band:
    return Band(name=name, kind="mixed", members=(
        Member(name="Fa", rank="born", profession="swat", ability="reroll_surprise", hand=("smg",),
               objects=("flashlight", "petrol_can"), virtue="locksmith"),
        Member(name="Gu", rank="hardened", profession="firefighters", ability="free_entry",
               hand=("long_blade",), objects=("night_goggles", "canned_food"), virtue="ace_driver"),
        Member(name="Hu", rank="rookie", profession="bikers", ability="vehicle_start_bonus",
               hand=("crossbow",), objects=("costume", "silencer"), defect="no_licence"),
        Member(name="Io", rank="frightened", profession="citizens", ability="free_dog", hand=("baseball_bat",),
               defect="no_balance"),
    ))


def _entries(first: Band, second: Band, **first_entry: object) -> tuple[BandEntry, ...]:
    return (BandEntry(seat="red", band=first, **first_entry), BandEntry(seat="blue", band=second))  # type: ignore[arg-type]


def games() -> Iterator[tuple[str, object, ZombieworldSetup, range, int]]:
    """(name, board, set-up, seeds, steps) of every recorded game family."""
    yield "town-massacre", TOWN, two_bands(), range(50), 400
    gear, mixed = _gear_band("Red", "police"), _mixed_band("Blue")
    wheels = _gear_band("Red", "bikers", vehicles=("saloon", "dirt_bike"))
    families = {
        "crossroads-way-out": (CROSSROADS, ZombieworldSetup(bands=_entries(gear, mixed), scenario="find_a_way_out",
                                                            check_bands=False, weather="roll", interior_light=True)),
        "crossroads-aboard": (CROSSROADS, ZombieworldSetup(bands=_entries(wheels, mixed, aboard=True),
                                                           scenario="law_of_the_strongest", check_bands=False)),
        "crossroads-rescue": (CROSSROADS, ZombieworldSetup(
            bands=(*_entries(mixed, gear), BandEntry(seat="green", band=police("Green"))), scenario="rescue",
            check_bands=False, alliances=(("red", "blue"),), alliance="roll", alliance_flips=True)),
        "farm-antidote": (FARM, ZombieworldSetup(bands=_entries(gear, mixed), scenario="antidote",
                                                 check_bands=False, weather="roll")),
        "farm-horde": (FARM, ZombieworldSetup(bands=_entries(wheels, gear), scenario="flee_the_horde",
                                              check_bands=False)),
        "town-protect": (TOWN, ZombieworldSetup(bands=_entries(gear, mixed), scenario="protect", check_bands=False,
                                                interior_light=True)),
        "town-escape": (TOWN, ZombieworldSetup(bands=_entries(mixed, gear), scenario="escape", check_bands=False)),
        "town-survival": (TOWN, ZombieworldSetup(bands=_entries(gear, mixed), scenario="survival",
                                                 check_bands=False, weather="roll")),
        "crossroads-expert": (CROSSROADS, ZombieworldSetup(bands=_entries(gear, wheels), scenario="zombie_expert",
                                                           picked="roll", check_bands=False)),
        "crossroads-individual": (CROSSROADS, ZombieworldSetup(
            bands=_entries(Band(name="Solo", mode="individual", members=gear.members[:1]),
                           Band(name="Pair", mode="individual", members=gear.members[1:2])),
            scenario="massacre", mode="individual", check_bands=False)),
    }
    for name, (board, setup) in families.items():
        yield name, board, setup, range(12), 500


def _concrete_more(state: State, option: object, chooser: Random) -> object | None:
    """Templates ``helpers.random_command`` leaves as they are: jumps, leaving the table, exchanges."""
    if isinstance(option, c.JumpTemplate):
        model = state.model(option.model)
        angle = chooser.random() * 2 * math.pi
        reach = chooser.random() * option.max_gap_cm
        level = chooser.choice((0, 1, 1, 2))
        return c.Jump(option.model, (model.x + math.cos(angle) * reach, model.y + math.sin(angle) * reach), level)
    if isinstance(option, c.LeaveTemplate):
        model = state.model(option.model)
        table = state.table
        edges = {"w": (1.2, model.y), "e": (table.width_cm - 1.2, model.y), "n": (model.x, 1.2),
                 "s": (model.x, table.height_cm - 1.2)}
        edge = chooser.choice(tuple(edges)) if option.edge == "any" else option.edge
        return c.LeaveTable(option.model, (edges[edge],))
    if isinstance(option, c.DriveTemplate):
        vehicle = state.vehicle(option.vehicle)
        front = Footprint(vehicle.x, vehicle.y, vehicle.facing, vehicle.length_cm, vehicle.width_cm).front
        angle = vehicle.facing + (chooser.random() - 0.5) * math.pi * 1.5
        reach = 2 + chooser.random() * max(0.0, option.max_cm - option.turn_cost_cm - 2)
        return c.Drive(option.model, ((front[0] + math.cos(angle) * reach, front[1] + math.sin(angle) * reach),))
    if isinstance(option, c.ExchangeTemplate):
        model = state.model(option.model)
        items = (*model.hand, *model.backpack, *model.objects)
        if not items:
            return None
        return c.Exchange(option.model, chooser.choice(option.partners), give=(chooser.choice(items),))
    return None


INTERESTING = (c.JumpTemplate, c.LeaveTemplate, c.ExchangeTemplate, c.DriveTemplate, c.BoardTemplate, c.Climb,
               c.Search, c.FirstAid, c.PickUp, c.Entrench, c.UseItem, c.ChangeSeat, c.ShootTemplate)


def _command(state: State, seat: str, chooser: Random) -> object | None:
    """Often a rarer command when one is offered (jumps, climbs, drives, searches, objects...),
    else ``helpers.random_command``."""
    if chooser.random() < 0.4:
        extras = [o for o in engine.legal_commands(state, seat) if isinstance(o, INTERESTING)]
        chooser.shuffle(extras)
        for option in extras[:3]:
            concrete = _concrete_more(state, option, chooser)
            if concrete is None:
                concrete = _concrete(state, option, chooser)
            if concrete is None:
                continue
            try:
                engine.check(state, seat, concrete)
                return concrete
            except IllegalCommand:  # an illegal pick: try another
                continue
    return random_command(state, seat, chooser)


def canonical(value: object) -> str:
    """A repr that leaves out dataclass fields still at their defaults (and fields outside
    equality), so a new field added with a default changes no digest until play uses it."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for spec in dataclasses.fields(value):
            if not spec.compare:
                continue
            item = getattr(value, spec.name)
            if spec.default is not dataclasses.MISSING and item == spec.default:
                continue
            if spec.default_factory is not dataclasses.MISSING and item == spec.default_factory():
                continue
            parts.append(f"{spec.name}={canonical(item)}")
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, tuple | list):
        inner = ", ".join(canonical(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{canonical(k)}: {canonical(v)}" for k, v in value.items()) + "}"
    return repr(value)


def state_hash(state: object) -> str:
    """A digest of the state's canonical repr."""
    return hashlib.sha256(canonical(state).encode("utf-8")).hexdigest()[:16]


def play(board: object, setup: ZombieworldSetup, seed: int, steps: int) -> list[list[str]]:
    """One game: per step the seat, command, events and the state hash after it."""
    chooser = Random(seed)
    state = engine.setup(board, setup, seed)  # type: ignore[arg-type]
    record = [["setup", "", "", state_hash(state)]]
    for _ in range(steps):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        try:
            command = _command(state, seat, chooser)
            if command is None and state.active is not None:
                command = c.EndActivation(state.active.model)
            if command is None:
                break
            state, events = engine.apply(state, seat, command)
        except Exception as error:  # noqa: BLE001 - an engine failure is part of what is recorded
            record.append([seat, "error", repr(error), state_hash(state)])
            break
        record.append([seat, canonical(command), canonical(events), state_hash(state)])
    return record


def record_all() -> dict[str, list[list[str]]]:
    out: dict[str, list[list[str]]] = {}
    for name, board, setup, seeds, steps in games():
        for seed in seeds:
            out[f"{name}/{seed}"] = play(board, setup, seed, steps)
        print(name, "done", file=sys.stderr)
    return out


def compare(before: dict[str, list[list[str]]], after: dict[str, list[list[str]]]) -> list[str]:
    """Every difference: a game missing on one side, or its first differing step."""
    problems = [f"{game}: only in one record" for game in sorted(set(before) ^ set(after))]
    for game in sorted(set(before) & set(after)):
        a, b = before[game], after[game]
        for number, (step_a, step_b) in enumerate(zip(a, b, strict=False)):
            if step_a != step_b:
                problems.append(f"{game}: step {number} differs:\n  {step_a}\n  {step_b}")
                break
        else:
            if len(a) != len(b):
                problems.append(f"{game}: {len(a)} steps before, {len(b)} after")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("record").add_argument("out")
    both = sub.add_parser("compare")
    both.add_argument("before")
    both.add_argument("after")
    args = parser.parse_args()
    if args.action == "record":
        with gzip.open(args.out, "wt", encoding="utf-8") as handle:
            json.dump(record_all(), handle)
        return 0
    with gzip.open(args.before, "rt", encoding="utf-8") as a, gzip.open(args.after, "rt", encoding="utf-8") as b:
        before, after = json.load(a), json.load(b)
    problems = compare(before, after)
    steps = sum(len(game) for game in before.values())
    print(f"{len(before)} games, {steps} steps (state hash and events each) compared: "
          f"{'identical' if not problems else f'{len(problems)} differ'}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
