"""Zombieworld scenario files: a table (a shipped map, or one drawn in the file), pieces at given
centimetres, forced dice and directions, commands, and what the rules say must happen.
``run_scenario`` plays one file through the engine; ``run_cli`` plays many and prints a
play-by-play with PASS/FAIL per file; ``claims`` tells ``main.py scenario`` which files are
Zombieworld's (they say ``game = "zombieworld"``). The format is described in ``docs/scenarios.md``.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.rules.core.base import IllegalCommand
from game.rules.core.datafile import ContentError, explain_validation_error, read_toml, validate
from game.rules.core.rng import force_dice
from game.rules.core.scenario_report import read_options, report_scenarios
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.equipment import ground_item
from game.rules.zombieworld.scenario_table import TableSpec, describe_table, own_board
from game.rules.zombieworld.state import (
    ZOMBIES,
    Activation,
    BandEntry,
    Bang,
    Model,
    Place,
    State,
    Vehicle,
    ZombieworldSetup,
)

GAME = "zombieworld"
Point = tuple[float, float]


class ScenarioError(ContentError):
    """A scenario file that cannot be run: names the file, the place in it and the fault."""


# ---------------------------------------------------------------------------------------------------
# The file format


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _dice(values: tuple[int, ...], sides: int) -> tuple[int, ...]:
    for value in values:
        if not 1 <= value <= sides:
            raise ValueError(f"a D{sides} shows 1 to {sides}, not {value}")
    return values


class BandSpec(_Strict):
    seat: str
    name: str = ""
    type: str = "citizens"  # a unique band's profession (bands.toml)
    kind: Literal["unique", "mixed"] = "unique"
    mode: Literal["standard", "individual"] = "standard"
    vehicles: tuple[str, ...] = ()
    deployment: str = ""


class FigureSpec(_Strict):
    """A survivor or dog of a band, where it stands and what it carries."""

    seat: str
    name: str
    rank: str = "hardened"  # a rank id, or "dog"
    at: Point | None = None  # None: where the engine deployed it
    profession: str = ""
    ability: str = ""
    hand: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    scoped: tuple[str, ...] = ()
    silenced: tuple[str, ...] = ()
    unloaded: tuple[str, ...] = ()
    virtue: str = ""
    defect: str = ""
    owner: str = ""
    wounds: int = Field(default=0, ge=0, le=3)
    level: int = Field(default=0, ge=0)
    stairs_cm: float = 0.0
    ladder: int = -1
    activated: bool = False
    fleeing: bool = False
    entrenched: bool = False
    grabbed: bool = False
    no_action_next: bool = False
    charged_reaction_used: bool = False
    cannot_activate_round: int = 0
    mounted: str = ""
    vehicle: str = ""
    vehicle_seat: int = -1
    drew_blood: bool = False
    horn: bool = False  # blew the air horn: every zombie comes for it at the next zombie move

    @property
    def model_id(self) -> str:
        return f"{self.seat}:{self.name}"


class ZombieSpec(_Strict):
    id: str
    at: Point
    type: str = "walker"
    activated: bool = False
    level: int = 0
    penned: bool = False


class VehicleSpec(_Strict):
    id: str
    vehicle: str = "saloon"
    at: Point
    facing: float = 0.0  # degrees: 0 east, 90 south (y grows down the table)
    length_cm: float | None = None
    width_cm: float | None = None
    owner: str = ""
    running: bool = False
    moving: bool = False
    moved_round: int = 0
    stalled: bool = False
    out_of_control: bool = False
    broken: bool = False
    crashes: int = 0
    opened: bool = False
    searched: bool = False


class GroundSpec(_Strict):
    item: str
    at: Point


class BangSpec(_Strict):
    at: Point
    value: int = Field(default=1, ge=1)


class PlaceSpec(_Strict):
    """A building or prop (its terrain index) as play has marked it."""

    piece: int = Field(ge=0)
    opened: bool = False
    searched: bool = False
    light: Literal["", "dark", "normal", "dim"] = ""
    floors_opened: tuple[int, ...] = ()
    floors_searched: tuple[int, ...] = ()


class TurnSpec(_Strict):
    round: int = Field(default=1, ge=1)
    order: tuple[str, ...] = ()  # initiative order; default: the bands in file order, then the zombies
    side: str = ""  # whose turn it is; default the first band of the order
    active: str = ""  # the model acting now
    remaining_cm: float | None = None  # its move left; default its whole move
    action_used: bool = False
    moved: bool = False
    sprinted: bool = False
    must_fight: bool = False


class ModelFacts(_Strict):
    at: Point | None = None
    alive: bool | None = None
    wounds: int | None = None
    hand: tuple[str, ...] | None = None
    backpack: tuple[str, ...] | None = None
    objects: tuple[str, ...] | None = None
    elements: tuple[str, ...] | None = None
    unloaded: tuple[str, ...] | None = None
    scoped: tuple[str, ...] | None = None
    silenced: tuple[str, ...] | None = None
    uses: tuple[tuple[str, int], ...] | None = None
    level: int | None = None
    fleeing: bool | None = None
    entrenched: bool | None = None
    activated: bool | None = None
    grabbed: bool | None = None
    no_action_next: bool | None = None
    vehicle: str | None = None
    engaged_with: tuple[str, ...] | None = None
    side: str | None = None
    cannot_activate_round: int | None = None
    ground: Literal["open", "difficult", "building"] | None = None  # what it stands in
    inside: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1: its base's centre stands within


class VehicleFacts(_Strict):
    at: Point | None = None
    facing: float | None = None
    present: bool | None = None
    broken: bool | None = None
    moving: bool | None = None
    running: bool | None = None
    stalled: bool | None = None
    out_of_control: bool | None = None
    opened: bool | None = None
    searched: bool | None = None
    riders: tuple[str, ...] | None = None


class StateFacts(_Strict):
    round: int | None = None
    side: str | None = None
    active: str | None = None  # a model id, or "none"
    remaining_cm: float | None = None
    action_used: bool | None = None
    finished: bool | None = None
    winners: tuple[str, ...] | None = None
    zombies: int | None = None
    bangs: int | None = None
    ground: tuple[str, ...] | None = None  # the items on the ground, any order
    ground_at: tuple[GroundSpec, ...] = ()  # items lying at these places
    decision: str | None = None  # kind of the pending decision, or "none"
    deploying: str | None = None  # the band placing its figures now, or "none"
    deploy_order: tuple[str, ...] | None = None  # the order the deployment dice gave
    exits: dict[str, str] | None = None  # each band's way off the table (an edge n/e/s/w, or "any")
    offered: tuple[str, ...] = ()  # kinds of command (or template) the player to play is offered
    not_offered: tuple[str, ...] = ()
    models: dict[str, ModelFacts] = Field(default_factory=dict)
    vehicles: dict[str, VehicleFacts] = Field(default_factory=dict)


class StepSpec(_Strict):
    command: dict[str, Any]
    seat: str | None = None
    dice: tuple[int, ...] = ()
    d10: tuple[int, ...] = ()
    directions: tuple[float, ...] = ()
    illegal: str | None = Field(default=None, description="the command must be refused; reason contains this")
    events: tuple[dict[str, Any], ...] = ()
    absent: tuple[dict[str, Any], ...] = ()
    exact_events: bool = False
    state: StateFacts | None = None  # facts about the state right after this step
    note: str = ""

    _d6 = field_validator("dice")(lambda cls, v: _dice(v, 6))
    _d10 = field_validator("d10")(lambda cls, v: _dice(v, 10))


class Expectations(_Strict):
    events: tuple[dict[str, Any], ...] = ()
    absent: tuple[dict[str, Any], ...] = ()
    state: StateFacts = StateFacts()


class ScenarioFile(_Strict):
    game: Literal["zombieworld"]
    title: str
    rules: str = ""
    description: str = ""
    known_gap: str = ""
    seed: int = 1
    tolerance_cm: float = Field(default=0.05, gt=0)
    dice: tuple[int, ...] = ()
    d10: tuple[int, ...] = ()
    directions: tuple[float, ...] = ()
    setup: dict[str, Any] = Field(default_factory=dict)
    table: TableSpec = TableSpec()
    band: tuple[BandSpec, ...] = ()
    survivor: tuple[FigureSpec, ...] = ()
    zombie: tuple[ZombieSpec, ...] = ()
    vehicle: tuple[VehicleSpec, ...] = ()
    ground: tuple[GroundSpec, ...] = ()
    bang: tuple[BangSpec, ...] = ()
    place: tuple[PlaceSpec, ...] = ()
    turn: TurnSpec = TurnSpec()
    step: tuple[StepSpec, ...] = ()
    expect: Expectations = Expectations()

    _d6 = field_validator("dice")(lambda cls, v: _dice(v, 6))
    _d10 = field_validator("d10")(lambda cls, v: _dice(v, 10))


def read_scenario(path: Path) -> ScenarioFile:
    try:
        return validate(path, ScenarioFile, read_toml(path))
    except ContentError as error:
        raise ScenarioError(error.path, error.where, error.what) from None


def claims(path: str | Path) -> bool:
    """A Zombieworld scenario file (it says ``game = "zombieworld"``), or a folder holding one."""
    path = Path(path)
    if path.is_dir():
        return any(_says_zombieworld(p) for p in path.rglob("*.toml")) or _unclaimed_elsewhere(path)
    return _says_zombieworld(path) or _unclaimed_elsewhere(path)


def _says_zombieworld(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle).get("game") == GAME
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False


def _unclaimed_elsewhere(path: Path) -> bool:
    """Until every game's scenario tool tells its own files (``claims``), files no other tool can
    claim are run here and handed on (``_hand_on``). Inert once they all can."""
    return _other_runner() is not None


def _other_runner() -> Any:
    try:
        module = importlib.import_module("game.rules.zombicide.scenario")
    except ImportError:  # pragma: no cover - the other game is always shipped
        return None
    return None if hasattr(module, "claims") else module


# ---------------------------------------------------------------------------------------------------
# Setting the table


@dataclass
class ScenarioResult:
    path: Path
    title: str
    passed: bool
    known_gap: str = ""
    failures: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    state: Any = None


def _board(path: Path, scenario: ScenarioFile) -> Any:
    if scenario.table.map is not None:
        from game.board.errors import MapFormatError  # noqa: PLC0415
        from game.board.mission import load_board  # noqa: PLC0415
        from game.roots import OutsideRootsError, locate_beside  # noqa: PLC0415

        try:
            found = locate_beside(scenario.table.map, path, "the map")
        except OutsideRootsError as error:
            raise ScenarioError(path, "[table] → map", str(error)) from None
        if found is None:
            raise ScenarioError(path, "[table] → map", f"{scenario.table.map!r} exists neither beside the file nor "
                                                       "in the repository")
        try:
            return load_board(found)
        except MapFormatError as error:
            raise ScenarioError(path, "[table] → map", f"the map does not load: {error}") from None
    try:
        return own_board(scenario.table, str(path))
    except ValueError as error:
        raise ScenarioError(path, "[table]", str(error)) from None


def _bands(path: Path, scenario: ScenarioFile) -> tuple[BandEntry, ...]:
    specs = {b.seat: b for b in scenario.band}
    seats: list[str] = list(specs)
    for figure in scenario.survivor:
        if figure.seat not in seats:
            seats.append(figure.seat)
    entries = []
    for seat in seats:
        spec = specs.get(seat, BandSpec(seat=seat))
        members = tuple(Member(name=f.name, rank=f.rank, profession=f.profession, ability=f.ability, hand=f.hand,
                               backpack=f.backpack, objects=f.objects, virtue=f.virtue, defect=f.defect,
                               owner=f.owner) for f in scenario.survivor if f.seat == seat)
        if not members:
            raise ScenarioError(path, f"[[band]] (seat = {seat!r})", "a band needs at least one [[survivor]]")
        band = Band(name=spec.name or seat.capitalize(), mode=spec.mode, kind=spec.kind, band_type=spec.type,
                    members=members, vehicles=spec.vehicles)
        entries.append(BandEntry(seat=seat, band=band, deployment=spec.deployment))
    if not entries:
        raise ScenarioError(path, "[[survivor]]", "a scenario needs at least one band member")
    return tuple(entries)


def _setup(path: Path, scenario: ScenarioFile) -> ZombieworldSetup:
    data: dict[str, Any] = {"spawn_dice": 0, "check_bands": False, **scenario.setup}
    data["bands"] = _bands(path, scenario)
    try:
        return ZombieworldSetup.model_validate(data)
    except ValidationError as error:
        where, what = explain_validation_error(error, data)
        raise ScenarioError(path, f"[setup] → {where}", what) from None


def _arrange(path: Path, scenario: ScenarioFile, state: State) -> State:
    """The engine's set-up, then every piece where the file puts it."""
    catalog = state.catalog
    assert catalog is not None
    models: list[Model] = []
    for number, figure in enumerate(scenario.survivor, start=1):
        where = f"[[survivor]] #{number} ({figure.seat}:{figure.name})"
        try:
            model = state.model(figure.model_id)
        except KeyError:
            raise ScenarioError(path, where, "not in the game (two members with one name?)") from None
        changes: dict[str, Any] = {k: getattr(figure, k) for k in (
            "wounds", "level", "stairs_cm", "ladder", "activated", "fleeing", "entrenched", "grabbed",
            "no_action_next", "charged_reaction_used", "cannot_activate_round", "mounted", "drew_blood",
            "elements", "scoped", "silenced", "unloaded", "horn")}
        if figure.at is not None:
            changes["x"], changes["y"] = figure.at
        if figure.vehicle:
            vehicle = next((v for v in scenario.vehicle if v.id == figure.vehicle), None)
            if vehicle is None:
                raise ScenarioError(path, f"{where} → vehicle", f"no [[vehicle]] with id {figure.vehicle!r}")
            changes.update(vehicle=figure.vehicle, seat=max(0, figure.vehicle_seat), x=vehicle.at[0], y=vehicle.at[1])
        models.append(replace(model, **changes))
    for number, walker in enumerate(scenario.zombie, start=1):
        try:
            profile = catalog.zombie(walker.type)
        except KeyError:
            raise ScenarioError(path, f"[[zombie]] #{number} (id = {walker.id!r}) → type",
                                f"unknown zombie {walker.type!r}") from None
        models.append(Model(id=walker.id, side=ZOMBIES, kind="zombie", profile=walker.type, name=profile.name,
                            x=walker.at[0], y=walker.at[1], activated=walker.activated, level=walker.level))
    ids = [m.id for m in models]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate:
        raise ScenarioError(path, "[[zombie]]", f"two pieces are called {duplicate!r}")
    vehicles = []
    for number, spec in enumerate(scenario.vehicle, start=1):
        kind = catalog.vehicle(spec.vehicle)
        if kind is None:
            raise ScenarioError(path, f"[[vehicle]] #{number} (id = {spec.id!r}) → vehicle",
                                f"unknown vehicle {spec.vehicle!r}")
        vehicles.append(Vehicle(spec.id, kind.id, spec.at[0], spec.at[1], math.radians(spec.facing),
                                spec.length_cm or kind.length_cm, spec.width_cm or kind.width_cm, owner=spec.owner,
                                running=spec.running, moving=spec.moving, moved_round=spec.moved_round,
                                stalled=spec.stalled, out_of_control=spec.out_of_control, broken=spec.broken,
                                crashes=spec.crashes, opened=spec.opened, searched=spec.searched))
    for number, ground in enumerate(scenario.ground, start=1):
        item, _, _ = ground_item(ground.item)
        if item not in catalog.item_ids() and item != "antidote":
            raise ScenarioError(path, f"[[ground]] #{number} → item", f"unknown item {item!r}")
    places = []
    table = state.table
    for number, place in enumerate(scenario.place, start=1):
        if table is None or place.piece >= len(table.pieces):
            raise ScenarioError(path, f"[[place]] #{number} → piece", f"no piece #{place.piece} on the table")
        places.append(Place(place.piece, opened=place.opened, searched=place.searched, light=place.light,
                            floors_opened=place.floors_opened, floors_searched=place.floors_searched))
    numbers = [int(i[1:]) for i in ids if i.startswith("z") and i[1:].isdigit()]
    state = replace(state, next_zombie=max(numbers, default=0) + 1)
    seats = tuple(entry for entry in state.seats)
    if getattr(state, "deploying", ()):  # the players deploy: play starts when they are done
        if scenario.turn != TurnSpec():
            raise ScenarioError(path, "[turn]", "the bands deploy first (setup.deploy = \"players\"): no turn to set")
        state = replace(state, models=tuple(models), vehicles=(*state.vehicles, *vehicles),
                        bangs=tuple(Bang(b.at[0], b.at[1], b.value) for b in scenario.bang),
                        ground_items=tuple((g.at[0], g.at[1], g.item) for g in scenario.ground),
                        places=tuple(places), pen_zombies=tuple(z.id for z in scenario.zombie if z.penned))
        return _force(path, "top level", state, scenario.dice, scenario.d10, scenario.directions)
    turn = scenario.turn
    order = turn.order or (*seats, ZOMBIES)
    for side in order:
        if side != ZOMBIES and side not in seats:
            raise ScenarioError(path, "[turn] → order", f"{side!r} is neither a band's seat nor zombies")
    side = turn.side or next((s for s in order if s != ZOMBIES), order[0])
    if side not in order:
        raise ScenarioError(path, "[turn] → side", f"{side!r} is not in the order {list(order)}")
    state = replace(state, models=tuple(models), vehicles=tuple(vehicles), order=tuple(order),
                    turn=order.index(side), round=turn.round, bangs=tuple(Bang(b.at[0], b.at[1], b.value)
                                                                          for b in scenario.bang),
                    ground_items=tuple((g.at[0], g.at[1], g.item) for g in scenario.ground),
                    places=tuple(places), active=None,
                    pen_zombies=tuple(z.id for z in scenario.zombie if z.penned))
    if turn.active:
        if turn.active not in ids:
            raise ScenarioError(path, "[turn] → active", f"no piece {turn.active!r} on the table")
        acting = state.model(turn.active)
        remaining = turn.remaining_cm if turn.remaining_cm is not None else engine.profile(state, acting.id)[2]
        state = replace(state, active=Activation(acting.id, remaining, action_used=turn.action_used,
                                                 must_fight=turn.must_fight, moved=turn.moved,
                                                 sprinted=turn.sprinted))
        state = replace(state, models=tuple(replace(m, activated=True) if m.id == acting.id else m
                                            for m in state.models))
    return _force(path, "top level", state, scenario.dice, scenario.d10, scenario.directions)


def _force(path: Path, where: str, state: State, dice: Sequence[int], d10: Sequence[int],
           directions: Sequence[float]) -> State:
    if dice:
        state = replace(state, rng=force_dice(state.rng, dice))
    if d10:
        state = state.with_d10(tuple(d10))
    if directions:
        if not hasattr(state, "with_directions"):
            raise ScenarioError(path, f"{where} → directions", "this engine takes no forced directions")
        state = state.with_directions(tuple(directions))
    return state


# ---------------------------------------------------------------------------------------------------
# Comparing


def _as_dict(item: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        return {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
    return dict(vars(item))


def _same(expected: Any, actual: Any, tolerance: float) -> bool:
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(_same(e, a, tolerance) for e, a in zip(expected, actual,
                                                                                             strict=True))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return abs(expected - actual) <= tolerance + 1e-9
    if isinstance(actual, str) and not isinstance(expected, str):
        return str(expected) == actual
    return bool(expected == actual)


def event_matches(expected: Mapping[str, Any], event: Any, tolerance: float = 0.05) -> bool:
    values = _as_dict(event)
    return all(key in values and _same(value, values[key], tolerance) for key, value in expected.items())


def _shown(values: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={_short(v)}" for k, v in values.items())


def find_in_order(expected: Sequence[Mapping[str, Any]], events: Sequence[Any], tolerance: float = 0.05) -> str | None:
    """None when ``expected`` appears as an ordered subsequence of ``events``; else what is missing."""
    position = 0
    for number, wanted in enumerate(expected, start=1):
        while position < len(events) and not event_matches(wanted, events[position], tolerance):
            position += 1
        if position == len(events):
            return f"expected event #{number} ({_shown(wanted)}) did not happen (in this order)"
        position += 1
    return None


def find_absent(unwanted: Sequence[Mapping[str, Any]], events: Sequence[Any], tolerance: float = 0.05) -> str | None:
    for wanted in unwanted:
        hit = next((e for e in events if event_matches(wanted, e, tolerance)), None)
        if hit is not None:
            return f"an event that must not happen did: {_format_event(hit)}"
    return None


def _short(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    if isinstance(value, tuple | list):
        return "[" + ",".join(_short(v) for v in value) + "]"
    return str(value) if value != "" else "''"


def _format_event(event: Any) -> str:
    values = _as_dict(event)
    kind = values.pop("kind", type(event).__name__)
    return f"{kind} " + " ".join(f"{key}={_short(value)}" for key, value in values.items())


def _decision(state: State) -> Any:
    return getattr(state, "decision", None)


def check_facts(path: Path, facts: StateFacts, state: State, tolerance: float) -> list[str]:
    """Every stated fact compared with the final state; the mismatches in words."""
    problems: list[str] = []
    active = state.active

    def differ(what: str, expected: Any, found: Any) -> None:
        if not _same(expected, found, tolerance):
            problems.append(f"{what}: expected {_short(expected)}, found {_short(found)}")

    if facts.round is not None:
        differ("round", facts.round, state.round)
    if facts.side is not None:
        differ("side to play", facts.side, state.order[state.turn] if state.turn < len(state.order) else "none")
    if facts.active is not None:
        differ("acting model", facts.active, active.model if active is not None else "none")
    if facts.remaining_cm is not None:
        differ("move left", facts.remaining_cm, active.remaining_cm if active is not None else 0.0)
    if facts.action_used is not None:
        differ("action used", facts.action_used, active.action_used if active is not None else None)
    if facts.finished is not None:
        differ("game over", facts.finished, state.finished)
    if facts.winners is not None:
        differ("winners", sorted(facts.winners), sorted(state.winners))
    if facts.zombies is not None:
        differ("zombies on the table", facts.zombies, sum(1 for m in state.models if m.side == ZOMBIES))
    if facts.bangs is not None:
        differ("BANG markers", facts.bangs, len(state.bangs))
    if facts.ground is not None:
        differ("items on the ground", sorted(facts.ground), sorted(g[2] for g in state.ground_items))
    for lying_at in facts.ground_at:
        if not any(g[2] == lying_at.item and math.dist(g[:2], lying_at.at) <= tolerance + 1e-9
                   for g in state.ground_items):
            lying = [f"{g[2]}@{g[0]:.2f},{g[1]:.2f}" for g in state.ground_items]
            problems.append(f"no {lying_at.item} on the ground at {_short(lying_at.at)} (lying: {lying})")
    if facts.decision is not None:
        decision = _decision(state)
        differ("pending decision", facts.decision, decision.kind if decision is not None else "none")
    if facts.deploying is not None:
        deploying = getattr(state, "deploying", ())
        differ("band deploying", facts.deploying, deploying[0] if deploying else "none")
    if facts.deploy_order is not None:
        differ("deployment order", list(facts.deploy_order), list(getattr(state, "deploy_order", ())))
    if facts.exits is not None:
        differ("ways off the table", dict(facts.exits), dict(state.exits))
    if facts.offered or facts.not_offered:
        seats = sorted(engine.current_seats(state))
        kinds = {option.kind for option in engine.legal_commands(state, seats[0])} if seats else set()
        for kind in facts.offered:
            if kind not in kinds:
                problems.append(f"{kind} is not offered (offered: {', '.join(sorted(kinds))})")
        for kind in facts.not_offered:
            if kind in kinds:
                problems.append(f"{kind} is offered, and must not be")
    by_id = {m.id: m for m in state.models}
    for model_id, wanted in facts.models.items():
        model = by_id.get(model_id)
        expected = wanted.model_dump(exclude_none=True)
        if "alive" in expected:
            differ(f"{model_id} on the table", expected.pop("alive"), model is not None)
        if model is None:
            if expected:
                problems.append(f"{model_id} is not on the table, so its {', '.join(expected)} cannot be checked")
            continue
        for key, value in expected.items():
            if key == "at":
                found: Any = model.position
            elif key == "engaged_with":
                found = sorted(engine.engaged(state, model_id))
                value = sorted(value)
            elif key == "inside":
                x0, y0, x1, y1 = value
                found = value if x0 - tolerance <= model.x <= x1 + tolerance and \
                    y0 - tolerance <= model.y <= y1 + tolerance else model.position
            elif key == "ground":
                table = state.table
                found = "open" if table is None else "building" if table.building_at(model.position) is not None \
                    else "difficult" if table.in_difficult(model.position) else "open"
            else:
                found = getattr(model, key)
            differ(f"{model_id} {key}", value, found)
    vehicles = {v.id: v for v in state.vehicles}
    for vehicle_id, vehicle_facts in facts.vehicles.items():
        vehicle = vehicles.get(vehicle_id)
        expected = vehicle_facts.model_dump(exclude_none=True)
        if "present" in expected:
            differ(f"{vehicle_id} on the table", expected.pop("present"), vehicle is not None)
        if vehicle is None:
            if expected:
                problems.append(f"vehicle {vehicle_id} is not on the table")
            continue
        for key, value in expected.items():
            if key == "at":
                found = vehicle.position
            elif key == "facing":
                found = math.degrees(vehicle.facing) % 360
                value = value % 360
            elif key == "riders":
                found = sorted(m.id for m in state.models if m.vehicle == vehicle_id)
                value = sorted(value)
            else:
                found = getattr(vehicle, key)
            differ(f"{vehicle_id} {key}", value, found)
    return problems


# ---------------------------------------------------------------------------------------------------
# Running


def seat_for(state: State, command: Any) -> str:
    """Who plays ``command``: the pending decision's seat, the named model's side, or the side to play."""
    decision = _decision(state)
    if decision is not None:
        return str(decision.seat)
    model_id = getattr(command, "model", None)
    if model_id:
        for model in state.models:
            if model.id == model_id:
                return model.side
    seats = sorted(engine.current_seats(state))
    return seats[0] if seats else (state.seats[0] if state.seats else "")


def describe(state: State) -> list[str]:
    lines = []
    for model in state.models:
        gear = ",".join((*model.hand, *model.backpack, *model.objects)) or "-"
        where = f"{model.x:.2f},{model.y:.2f}" + (f" level {model.level}" if model.level else "") + (
            f" in {model.vehicle}" if model.vehicle else "")
        lines.append(f"{model.id} at {where} wounds={model.wounds} gear={gear}")
    for vehicle in state.vehicles:
        lines.append(f"{vehicle.id} {vehicle.vehicle} at {vehicle.x:.2f},{vehicle.y:.2f} "
                     f"facing {math.degrees(vehicle.facing):.0f}°")
    deploying = getattr(state, "deploying", ())
    if deploying:
        lines.append(f"deploying: {' → '.join(deploying)} (the dice gave {' → '.join(state.deploy_order)})")
        return lines
    order = " → ".join(state.order)
    acting = f"; {state.active.model} acting, {state.active.remaining_cm:g} cm left" if state.active else ""
    lines.append(f"round {state.round}, order {order}, {state.order[state.turn]} to play{acting}")
    return lines


def run_scenario(path: str | Path) -> ScenarioResult:
    """Play one scenario file; a malformed file raises ScenarioError, a rules mismatch is a failure."""
    path = Path(path)
    scenario = read_scenario(path)
    board = _board(path, scenario)
    setup = _setup(path, scenario)
    try:
        state = engine.setup(board, setup, scenario.seed)
    except ValueError as error:
        raise ScenarioError(path, "[setup]", str(error)) from None
    state = _arrange(path, scenario, state)
    result = ScenarioResult(path=path, title=scenario.title, passed=False, known_gap=scenario.known_gap)
    say = result.transcript.append

    def fail(message: str) -> None:
        result.failures.append(message)
        say(f"  !! {message}")

    say(f"== {scenario.title}" + (f"  ({scenario.rules})" if scenario.rules else ""))
    if scenario.known_gap:
        say(f"   known gap: {scenario.known_gap}")
    for line in (*describe_table(board), *describe(state)):
        say(f"   {line}")
    tolerance = scenario.tolerance_cm
    all_events: list[Any] = []
    for number, step in enumerate(scenario.step, start=1):
        where = f"[[step]] #{number}"
        try:
            command = c.COMMAND_ADAPTER.validate_python(step.command)
        except ValidationError as error:
            raise ScenarioError(path, *_within(f"{where} → command", explain_validation_error(error, step.command))) \
                from None
        state = _force(path, where, state, step.dice, step.d10, step.directions)
        seat = step.seat or seat_for(state, command)
        say(f"-- step {number} ({seat}): {_format_event(command)}" + (f"   # {step.note}" if step.note else ""))
        try:
            new_state, events = engine.apply(state, seat, command)
        except IllegalCommand as refusal:
            if step.illegal is None:
                fail(f"step {number}: the engine refused the command: {refusal.reason}")
                break
            say(f"   refused: {refusal.reason}")
            if step.illegal and step.illegal.lower() not in refusal.reason.lower():
                fail(f"step {number}: refused for another reason: {refusal.reason!r} (expected {step.illegal!r})")
            continue
        except Exception as crash:  # noqa: BLE001 - an engine bug must not stop the other files
            fail(f"step {number}: the engine crashed: {type(crash).__name__}: {crash}")
            break
        if step.illegal is not None:
            fail(f"step {number}: the command should have been refused ({step.illegal or 'illegal'})")
        state = new_state
        for event in events:
            say(f"   {_format_event(event)}")
        all_events.extend(events)
        if step.exact_events and len(step.events) != len(events):
            fail(f"step {number}: expected exactly {len(step.events)} events, got {len(events)}")
        missing = find_in_order(step.events, events, tolerance) or find_absent(step.absent, events, tolerance)
        if missing:
            fail(f"step {number}: {missing}")
        if step.state is not None:
            for problem in check_facts(path, step.state, state, tolerance):
                fail(f"after step {number}: {problem}")
    result.events = all_events
    result.state = state
    missing = find_in_order(scenario.expect.events, all_events, tolerance) or find_absent(
        scenario.expect.absent, all_events, tolerance)
    if missing:
        fail(f"whole run: {missing}")
    for problem in check_facts(path, scenario.expect.state, state, tolerance):
        fail(problem)
    result.passed = not result.failures
    say("PASS" if result.passed else "FAIL")
    return result


def _within(head: str, problem: tuple[str, str]) -> tuple[str, str]:
    where, what = problem
    return (head if where == "top level" else f"{head} → {where}"), what


# ---------------------------------------------------------------------------------------------------
# Command line


def scenario_files(arguments: Sequence[str]) -> tuple[list[Path], list[Path]]:
    """The Zombieworld files the arguments name (folders searched), and the other games' files
    among them (only while another game's tool cannot claim its own, see ``_unclaimed_elsewhere``)."""
    mine: list[Path] = []
    others: list[Path] = []
    hand_on = _other_runner() is not None
    for argument in arguments:
        path = Path(argument)
        for found in sorted(path.rglob("*.toml")) if path.is_dir() else [path]:
            if _says_zombieworld(found) or not path.is_dir() and not (hand_on and found.exists()):
                mine.append(found)
            elif hand_on:
                others.append(found)
    return mine, others


def _hand_on(paths: list[Path], quiet: bool, write: Callable[[str], None]) -> int:
    """Files that are not Zombieworld's go to the other game's runner (see ``_unclaimed_elsewhere``)."""
    runner = _other_runner()
    if runner is None or not paths:
        return 0
    return int(runner.run_cli([*(["-q"] if quiet else []), *map(str, paths)], write))


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """``scenario [-q] FILE_OR_FOLDER...``: play each Zombieworld file, print the play-by-play (not
    with -q) and PASS/FAIL per file (GAP for a ``known_gap`` file that still fails). Exit status 1
    when any file fails or cannot be read, or a known gap now passes; 2 on bad usage."""
    write = out or (lambda line: print(line, file=sys.stdout))
    options = read_options(argv, write)
    if isinstance(options, int):
        return options
    quiet, args = options
    files, others = scenario_files(args)
    if not files and not others:
        write("usage: scenario [-q] FILE_OR_FOLDER...  (no Zombieworld scenario files given)")
        return 2
    status = _hand_on(others, quiet, write)
    if not files:
        return status
    failed = report_scenarios(files, run_scenario, write, quiet)
    return max(status, 1 if failed else 0)


if __name__ == "__main__":
    raise SystemExit(run_cli(sys.argv[1:]))
