"""Zombicide scenario files: a board, placements, forced cards and dice, commands, and what the
rules say must happen. ``run_scenario`` plays one file through the engine; ``run_cli`` plays many
and prints a play-by-play with PASS/FAIL per file. The format is described in ``docs/scenarios.md``.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.board.model import Board, MarkerKind
from game.rules.core.datafile import ContentError, explain_validation_error, read_toml, validate
from game.rules.zombicide.boxes import DEFAULT_BOX
from game.rules.zombicide.catalog import SpawnGroup, parse_spawn_line
from game.rules.zombicide.sketch import SketchMarker, sketch_board, sketch_zone_id

REPO_ROOT = Path(__file__).resolve().parents[3]


class ScenarioError(ContentError):
    """A scenario file that cannot be run: names the file, the place in it and the fault."""


# ---------------------------------------------------------------------------------------------------
# The file format


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _zombie_groups(value: Any) -> Any:
    """``"2 walker + 1 runner"`` or ``{walker = 2}`` → spawn groups."""
    if isinstance(value, str):
        return parse_spawn_line(value)
    if isinstance(value, Mapping):
        return tuple(SpawnGroup(zombie=str(k), count=v) for k, v in value.items() if v)
    return value


class BoardSpec(_Strict):
    path: str | None = Field(default=None, description="a mission (.toml) or map (.tmx)")
    sketch: str | None = None
    markers: tuple[SketchMarker, ...] = ()
    tile_cols: int = Field(default=99, ge=1)
    tile_rows: int = Field(default=99, ge=1)


class SurvivorSpec(_Strict):
    id: str
    zone: str | None = None
    hand: tuple[str, ...] | None = Field(default=None, max_length=2, description="equipment ids; '' for empty")
    reserve: tuple[str, ...] | None = None
    xp: int | None = Field(default=None, ge=0)
    wounds: int | None = Field(default=None, ge=0)
    skills: tuple[str, ...] | None = None
    actions: int | None = Field(default=None, ge=0, description="actions left in the current turn")


class ZombiePlacement(_Strict):
    zone: str
    zombies: tuple[SpawnGroup, ...]

    _groups = field_validator("zombies", mode="before")(_zombie_groups)


class StepSpec(_Strict):
    command: dict[str, Any] | None = None
    choose: str | None = Field(default=None, description="pick the pending decision's option containing this text")
    seat: str | None = None
    dice: tuple[int, ...] = ()
    zombie_deck_top: tuple[int, ...] = ()
    equipment_deck_top: tuple[str, ...] = ()
    illegal: str | None = Field(default=None, description="the command must be refused; reason contains this")
    events: tuple[dict[str, Any], ...] = ()
    exact_events: bool = False
    note: str = ""

    @model_validator(mode="after")
    def _one_action(self) -> StepSpec:
        if (self.command is None) == (self.choose is None):
            raise ValueError("a step needs exactly one of command or choose")
        return self

    @field_validator("dice")
    @classmethod
    def _faces(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        for value in values:
            if not 1 <= value <= 6:
                raise ValueError(f"a die shows 1 to 6, not {value}")
        return values


class SurvivorFacts(_Strict):
    zone: str | None = None
    wounds: int | None = None
    xp: int | None = None
    level: Literal["blue", "yellow", "orange", "red"] | None = None
    alive: bool | None = None
    escaped: bool | None = None
    actions: int | None = None
    cards: tuple[str, ...] | None = Field(default=None, description="every slot, '' empty, 'wound'")
    has: tuple[str, ...] | None = Field(default=None, description="equipment ids carried, any slot")
    skills_include: tuple[str, ...] | None = None


class StateFacts(_Strict):
    zombies: dict[str, tuple[SpawnGroup, ...]] = Field(default_factory=dict)
    zombies_total: int | None = None
    survivors: dict[str, SurvivorFacts] = Field(default_factory=dict)
    doors: dict[str, Literal["open", "closed"]] = Field(default_factory=dict)
    noise: dict[str, int] = Field(default_factory=dict)
    phase: Literal["players", "zombies", "over"] | None = None
    round: int | None = None
    result: Literal["won", "lost", "none"] | None = None
    pending: str | None = Field(default=None, description="kind of the pending decision, or 'none'")
    box: dict[str, Any] = Field(default_factory=dict, description="facts the box checks (``BoxRules.scenario_facts``)")

    @field_validator("zombies", mode="before")
    @classmethod
    def _zone_groups(cls, value: Any) -> Any:
        if isinstance(value, Mapping):
            return {zone: _zombie_groups(groups) for zone, groups in value.items()}
        return value


class Expectations(_Strict):
    events: tuple[dict[str, Any], ...] = ()
    state: StateFacts = StateFacts()


class ScenarioFile(_Strict):
    title: str
    rules: str = Field(default="", description="where the rule comes from, e.g. 'digest §6.1'")
    description: str = ""
    known_gap: str = Field(default="", description="the engine does not follow this rule yet: why")
    box: str = DEFAULT_BOX
    seed: int = 1
    board: BoardSpec
    setup: dict[str, Any] = Field(default_factory=dict)
    survivor: tuple[SurvivorSpec, ...] = ()
    zombies: tuple[ZombiePlacement, ...] = ()
    noise: dict[str, int] = Field(default_factory=dict)
    doors: dict[str, Literal["open", "closed"]] = Field(default_factory=dict)
    box_tables: dict[str, Any] = Field(
        default_factory=dict, description="the top-level tables the box reads (``BoxRules.scenario_keys``)"
    )
    zombie_deck_top: tuple[int, ...] = ()
    equipment_deck_top: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    step: tuple[StepSpec, ...] = ()
    expect: Expectations = Expectations()


def read_scenario(path: Path) -> ScenarioFile:
    try:
        data = read_toml(path)
        box = str(data.get("box") or DEFAULT_BOX)
        try:
            keys = _box_rules(box).scenario_keys
        except ValueError as error:  # an unknown box
            raise ContentError(path, "box", str(error)) from None
        data["box_tables"] = {key: data.pop(key) for key in list(data) if key in keys}
        return validate(path, ScenarioFile, data)
    except ContentError as error:
        raise ScenarioError(error.path, error.where, error.what) from None


def _box_rules(box: str) -> Any:
    return importlib.import_module("game.rules.zombicide.boxes").box_rules(box)


# ---------------------------------------------------------------------------------------------------
# Running


@dataclass
class ScenarioResult:
    path: Path
    title: str
    passed: bool
    known_gap: str = ""
    failures: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)


def _engine() -> Any:
    """The Zombicide rules module (setup/check/apply/outcome); imported late so this module loads
    on its own for format checks."""
    return importlib.import_module("game.rules.zombicide.engine")


def _within(head: str, problem: tuple[str, str]) -> tuple[str, str]:
    """A (where, what) found inside a part of the file, placed under that part's own words."""
    where, what = problem
    return (head if where == "top level" else f"{head} → {where}"), what


def load_scenario_board(path: Path, spec: BoardSpec, start_zone: str | None = None) -> Board:
    if (spec.path is None) == (spec.sketch is None):
        raise ScenarioError(path, "[board]", "give exactly one of path or sketch")
    if spec.sketch is not None:
        markers = list(spec.markers)
        if not any(m.kind == MarkerKind.START for m in markers):
            # the engine needs a starting zone; survivors are then placed where the scenario says
            first_zone = start_zone or sketch_zone_id(0, 0)
            markers.append(SketchMarker(kind=MarkerKind.START, zone=first_zone))
        try:
            return sketch_board(spec.sketch, markers, spec.tile_cols, spec.tile_rows, source=str(path))
        except ValueError as error:
            raise ScenarioError(path, "[board] → sketch", str(error)) from None
    if spec.markers:
        raise ScenarioError(path, "[board] → markers", "markers go with a sketch; a mission file has its own")
    from game.board.errors import MapFormatError
    from game.board.mission import load_board

    assert spec.path is not None
    candidates = [path.parent / spec.path, REPO_ROOT / spec.path]
    board_path = next((p for p in candidates if p.exists()), None)
    if board_path is None:
        raise ScenarioError(path, "[board] → path", f"{spec.path!r} exists neither beside the scenario nor in the repo")
    try:
        return load_board(board_path)
    except MapFormatError as error:
        raise ScenarioError(path, "[board] → path", f"the board does not load: {error}") from None


def _default_setup(scenario: ScenarioFile) -> dict[str, Any]:
    setup = dict(scenario.setup)
    setup.setdefault("box", scenario.box)
    if "players" not in setup:
        if not scenario.survivor:
            return setup
        setup["players"] = [{"seat": "p1", "survivors": [s.id for s in scenario.survivor]}]
    return setup


def _format_event(event: Any) -> str:
    values = _as_dict(event)
    kind = values.pop("kind", type(event).__name__)
    return f"{kind} " + " ".join(f"{key}={_short(value)}" for key, value in values.items())


def _short(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "[" + ",".join(_short(v) for v in value) + "]"
    return str(value) if value != "" else "''"


def _as_dict(item: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        return {f.name: getattr(item, f.name) for f in dataclasses.fields(item)}
    if isinstance(item, BaseModel):
        return item.model_dump()
    return dict(vars(item))


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(_same(e, a) for e, a in zip(expected, actual, strict=True))
    if isinstance(actual, str) and not isinstance(expected, str):
        return str(expected) == actual
    return bool(expected == actual)


def event_matches(expected: Mapping[str, Any], event: Any) -> bool:
    values = _as_dict(event)
    return all(key in values and _same(value, values[key]) for key, value in expected.items())


def find_in_order(expected: Sequence[Mapping[str, Any]], events: Sequence[Any]) -> str | None:
    """None when ``expected`` appears as an ordered subsequence of ``events``; else what is missing."""
    position = 0
    for number, wanted in enumerate(expected, start=1):
        while position < len(events) and not event_matches(wanted, events[position]):
            position += 1
        if position == len(events):
            shown = " ".join(f"{k}={_short(v)}" for k, v in wanted.items())
            return f"expected event #{number} ({shown}) did not happen (in this order)"
        position += 1
    return None


class _Run:
    """One scenario being played: the engine, its state and what was seen."""

    def __init__(self, path: Path, scenario: ScenarioFile, engine: Any, adapter: Any) -> None:
        self.path = path
        self.scenario = scenario
        self.engine = engine
        self.adapter = adapter
        self.result = ScenarioResult(path=path, title=scenario.title, passed=False)
        self.state: Any = None

    def say(self, line: str) -> None:
        self.result.transcript.append(line)

    def fail(self, message: str) -> None:
        self.result.failures.append(message)
        self.say(f"  !! {message}")


def run_scenario(path: str | Path, engine: Any = None) -> ScenarioResult:
    """Play one scenario file; a malformed file raises ScenarioError, a rules mismatch is a failure."""
    path = Path(path)
    scenario = read_scenario(path)
    first_zone = next((s.zone for s in scenario.survivor if s.zone), None)
    board = load_scenario_board(path, scenario.board, first_zone)
    engine = engine or _engine()
    run = _Run(path, scenario, engine, _engine().command_adapter(scenario.box))
    run.result.known_gap = scenario.known_gap
    run.say(f"== {scenario.title}" + (f"  ({scenario.rules})" if scenario.rules else ""))
    if scenario.known_gap:
        run.say(f"   known gap: {scenario.known_gap}")

    try:
        setup_model = _engine().setup_model(scenario.box)
        data: dict[str, Any] = {}
        if isinstance(board.properties.get("setup"), Mapping):  # a mission's own [setup]
            data.update(dict(board.properties["setup"]))  # type: ignore[call-overload]
        data.update(_default_setup(scenario))
        setup = setup_model.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(path, *_within("[setup]", explain_validation_error(error, data))) from None

    state = engine.setup(board, setup, scenario.seed)
    state = place_everything(path, scenario, state)
    run.state = state
    for line in describe(state):
        run.say(f"   {line}")

    all_events: list[Any] = []
    for number, step in enumerate(scenario.step, start=1):
        where = f"[[step]] #{number}"
        try:
            if step.choose is not None:
                command = run.adapter.validate_python(
                    {"kind": "choose_option", "option": _option(path, where, state, step.choose)}
                )
            else:
                command = run.adapter.validate_python(step.command)
        except ValidationError as error:
            raise ScenarioError(path, *_within(f"{where} → command", explain_validation_error(error, step.command))) from None
        state = force(path, where, state, step.dice, step.zombie_deck_top, step.equipment_deck_top)
        seat = step.seat or seat_for(state, command)
        run.say(f"-- step {number}: {_format_event(command)}" + (f"   # {step.note}" if step.note else ""))
        illegal_type = importlib.import_module("game.rules.core.base").IllegalCommand
        try:
            new_state, events = engine.apply(state, seat, command)
        except illegal_type as refusal:
            if step.illegal is None:
                run.fail(f"step {number}: the engine refused the command: {refusal.reason}")
                break
            run.say(f"   refused: {refusal.reason}")
            if step.illegal and step.illegal.lower() not in refusal.reason.lower():
                run.fail(f"step {number}: refused for another reason: {refusal.reason!r} (expected {step.illegal!r})")
            continue
        except Exception as crash:  # an engine bug must not stop the other scenarios
            run.fail(f"step {number}: the engine crashed: {type(crash).__name__}: {crash}")
            break
        if step.illegal is not None:
            run.fail(f"step {number}: the command should have been refused ({step.illegal or 'illegal'})")
        state = new_state
        for event in events:
            run.say(f"   {_format_event(event)}")
        all_events.extend(events)
        if step.events:
            if step.exact_events and len(step.events) != len(events):
                run.fail(f"step {number}: expected exactly {len(step.events)} events, got {len(events)}")
            missing = find_in_order(step.events, events)
            if missing:
                run.fail(f"step {number}: {missing}")

    run.result.events = all_events
    if scenario.expect.events:
        missing = find_in_order(scenario.expect.events, all_events)
        if missing:
            run.fail(f"whole run: {missing}")
    for problem in check_facts(path, scenario.expect.state, state):
        run.fail(problem)
    run.result.passed = not run.result.failures
    run.say("PASS" if run.result.passed else "FAIL")
    return run.result


# ---------------------------------------------------------------------------------------------------
# Placing the scenario on the engine's state.
#
# The engine's state (game/rules/zombicide/state.py) is frozen; a scenario copies it with its own
# placements. Decks are tuples whose first item is the next card drawn.

EMPTY_SLOT = -1


def _zone(path: Path, where: str, state: Any, zone_id: str) -> int:
    index = state.graph.index.get(zone_id)
    if index is None:
        close = [z for z in state.graph.zone_ids if z.endswith(zone_id) or zone_id in z][:3]
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ScenarioError(path, where, f"no zone {zone_id!r} on the board{hint}")
    return int(index)


def _door(path: Path, where: str, state: Any, connection_id: str) -> int:
    edge = state.graph.edge_by_id.get(connection_id)
    door = state.graph.edges[edge].door if edge is not None else -1
    if door < 0:
        doors = ", ".join(state.graph.edges[e].connection_id for e in state.graph.doors) or "none"
        raise ScenarioError(path, where, f"no door {connection_id!r} on the board (doors: {doors})")
    return int(door)


def _zombie_type(path: Path, where: str, state: Any, zombie_id: str) -> int:
    index = state.tables.zombie_index.get(zombie_id)
    if index is None:
        raise ScenarioError(path, where, f"unknown zombie type {zombie_id!r}")
    return int(index)


def _survivor(path: Path, where: str, state: Any, survivor_id: str) -> int:
    index = state.survivor_index(survivor_id)
    if index < 0:
        known = ", ".join(s.id for s in state.survivors)
        raise ScenarioError(path, where, f"survivor {survivor_id!r} is not in the game (players have: {known})")
    return int(index)


def _take_card(path: Path, where: str, state: Any, equipment_id: str) -> tuple[Any, int]:
    """A card of ``equipment_id`` out of the deck (or the discard pile, or a new copy)."""
    if equipment_id not in state.tables.equipment:
        raise ScenarioError(path, where, f"unknown equipment {equipment_id!r}")
    for pile in ("equipment_deck", "equipment_discard"):
        cards = getattr(state, pile)
        for position, card in enumerate(cards):
            if state.card_kinds[card] == equipment_id:
                return dataclasses.replace(state, **{pile: cards[:position] + cards[position + 1:]}), card
    card = len(state.card_kinds)
    return dataclasses.replace(state, card_kinds=state.card_kinds + (equipment_id,)), card


def _place_survivor(path: Path, where: str, state: Any, spec: SurvivorSpec) -> Any:
    index = _survivor(path, where, state, spec.id)
    survivor = state.survivors[index]
    changes: dict[str, Any] = {}
    if spec.zone is not None:
        changes["zone"] = _zone(path, f"{where} → zone", state, spec.zone)
    slots = list(survivor.slots)
    if spec.hand is not None or spec.reserve is not None:
        returned = [card for card in slots if card >= 0]
        state = dataclasses.replace(state, equipment_deck=state.equipment_deck + tuple(returned))
        hand = list(spec.hand or ())
        reserve = list(spec.reserve or ())
        slots = [EMPTY_SLOT] * len(slots)
        if len(hand) > 2 or 2 + len(reserve) > len(slots):
            raise ScenarioError(path, f"{where} → reserve", f"at most 2 hand and {len(slots) - 2} reserve cards")
        for slot, equipment_id in list(enumerate(hand)) + [(2 + i, e) for i, e in enumerate(reserve)]:
            if equipment_id == "":
                continue
            held = state.box.wounds.held_card(equipment_id)  # a card that is not equipment ("wound")
            if held is not None:
                slots[slot] = held
                continue
            state, card = _take_card(path, f"{where} → {'hand' if slot < 2 else 'reserve'}", state, equipment_id)
            slots[slot] = card
    if spec.wounds is not None:
        wound_card = state.box.wounds.held_card("wound")  # wounds as cards in the inventory, in some boxes
        missing = spec.wounds - slots.count(wound_card) if wound_card is not None else 0
        for slot in range(len(slots) - 1, -1, -1):
            if missing <= 0:
                break
            if slots[slot] == EMPTY_SLOT:
                slots[slot] = wound_card
                missing -= 1
        if missing > 0:
            raise ScenarioError(path, f"{where} → wounds", "no free slot left for the wound cards")
        changes["wounds"] = spec.wounds
        if spec.wounds >= state.box.wounds.limit(state, index):
            changes["alive"] = False
    changes["slots"] = tuple(slots)
    if spec.xp is not None:
        changes["xp"] = spec.xp
        changes["level"] = state.tables.level_of(spec.xp)
        if spec.skills is None:
            # the levels the XP reaches add their skills: the first option where the card offers a choice
            card = state.tables.catalog.survivor(survivor.id)
            gained = [card.skills_at(level)[0].text for level in ("yellow", "orange", "red")[: changes["level"]]]
            changes["skills"] = survivor.skills + tuple(s for s in gained if s not in survivor.skills)
    if spec.skills is not None:
        catalog = state.tables.catalog
        for skill in spec.skills:
            name = skill.partition(":")[0]
            if name not in {s.id for s in catalog.skills}:
                raise ScenarioError(path, f"{where} → skills", f"unknown skill {name!r}")
        changes["skills"] = tuple(spec.skills)
    if "skills" in changes and not survivor.acting:
        # a survivor who has not acted yet starts the turn with the actions its skills give
        engine_skills = importlib.import_module("game.rules.zombicide.skills")
        changes["actions_left"] = state.tables.catalog.setup.actions_per_turn + engine_skills.extra_actions(changes["skills"])
        changes["free_actions"] = engine_skills.free_actions(changes["skills"])
    if spec.actions is not None:
        changes["actions_left"] = spec.actions
    survivors = list(state.survivors)
    survivors[index] = dataclasses.replace(survivor, **changes)
    return dataclasses.replace(state, survivors=tuple(survivors))


def force(path: Path, where: str, state: Any, dice: Sequence[int], zombie_top: Sequence[int],
          equipment_top: Sequence[str]) -> Any:
    """Queue forced dice and put named cards on top of the decks (first listed is drawn first)."""
    if dice:
        rng_module = importlib.import_module("game.rules.core.rng")
        state = dataclasses.replace(state, rng=rng_module.force_dice(state.rng, dice))
    if zombie_top:
        deck, discard = list(state.zombie_deck), list(state.zombie_discard)
        for number in zombie_top:
            if number in deck:
                deck.remove(number)
            elif number in discard:
                discard.remove(number)
            elif number not in state.tables.zombie_cards:
                raise ScenarioError(path, f"{where} → zombie_deck_top", f"no zombie card number {number}")
        state = dataclasses.replace(state, zombie_deck=tuple(zombie_top) + tuple(deck), zombie_discard=tuple(discard))
    if equipment_top:
        cards = []
        for equipment_id in equipment_top:
            state, card = _take_card(path, f"{where} → equipment_deck_top", state, equipment_id)
            cards.append(card)
        state = dataclasses.replace(state, equipment_deck=tuple(cards) + state.equipment_deck)
    return state


def place_everything(path: Path, scenario: ScenarioFile, state: Any) -> Any:
    for number, spec in enumerate(scenario.survivor, start=1):
        state = _place_survivor(path, f"[[survivor]] #{number}", state, spec)
    if scenario.zombies:
        zombies = [list(counts) for counts in state.zombies]
        supply = list(state.supply)
        for number, placement in enumerate(scenario.zombies, start=1):
            where = f"[[zombies]] #{number}"
            zone = _zone(path, f"{where} → zone", state, placement.zone)
            for group in placement.zombies:
                kind = _zombie_type(path, f"{where} → zombies", state, group.zombie)
                zombies[zone][kind] += group.count
                supply[kind] -= group.count
                if supply[kind] < 0:
                    raise ScenarioError(path, f"{where} → zombies", f"not enough {group.zombie} miniatures in the supply")
        state = dataclasses.replace(state, zombies=tuple(tuple(c) for c in zombies), supply=tuple(supply))
    if scenario.noise:
        noise = list(state.noise)
        for zone_id, tokens in scenario.noise.items():
            noise[_zone(path, f"noise → {zone_id}", state, zone_id)] = tokens
        state = dataclasses.replace(state, noise=tuple(noise))
    if scenario.doors:
        doors_open, spawned = list(state.doors_open), list(state.doors_spawned)
        for connection_id, position in scenario.doors.items():
            door = _door(path, f"doors → {connection_id}", state, connection_id)
            doors_open[door] = position == "open"
            spawned[door] = spawned[door] or position == "open"
        state = dataclasses.replace(state, doors_open=tuple(doors_open), doors_spawned=tuple(spawned))
    for key, value in scenario.box_tables.items():  # the tables the box reads
        try:
            state = state.box.scenario_keys[key](state, value)
        except ValueError as error:
            where, what = error.args if len(error.args) == 2 else (key, str(error))
            raise ScenarioError(path, where, what) from None
    return force(path, "top level", state, scenario.dice, scenario.zombie_deck_top, scenario.equipment_deck_top)


def _option(path: Path, where: str, state: Any, text: str) -> int:
    """The index of the pending decision's option that contains ``text`` (an exact match wins)."""
    if state.pending is None:
        raise ScenarioError(path, f"{where} → choose", "no decision is pending at this step")
    options = [option.lower() for option in state.pending.options]
    wanted = text.lower()
    if wanted in options:
        return options.index(wanted)
    found = [n for n, option in enumerate(options) if wanted in option]
    if len(found) != 1:
        listed = "; ".join(state.pending.options)
        what = "matches several options" if found else "matches no option"
        raise ScenarioError(path, f"{where} → choose", f"{text!r} {what}: {listed}")
    return found[0]


def seat_for(state: Any, command: Any) -> str:
    """Who plays ``command``: the pending decision's seat, the named survivor's, or the current one."""
    if state.pending is not None:
        return str(state.pending.seat)
    survivor_id = getattr(command, "survivor", None)
    if survivor_id:
        index = state.survivor_index(survivor_id)
        if index >= 0:
            return str(state.survivors[index].seat)
    return str(state.current_seat or (state.seats[0] if state.seats else ""))


def zombie_line(state: Any, zone: int) -> str:
    groups = [f"{count} {state.tables.zombie_ids[kind]}" for kind, count in enumerate(state.zombies[zone]) if count]
    return " + ".join(groups) or "nothing"


def card_names(state: Any, slots: Sequence[int]) -> tuple[str, ...]:
    def name(card: int) -> str:
        if card >= 0:
            return str(state.card_kinds[card])
        return "" if card == EMPTY_SLOT else state.box.wounds.held_card_name(card) or "?"

    return tuple(name(card) for card in slots)


def describe(state: Any) -> list[str]:
    graph = state.graph
    lines = []
    for survivor in state.survivors:
        cards = ",".join(name or "-" for name in card_names(state, survivor.slots))
        lines.append(
            f"{survivor.id} in {graph.zone_ids[survivor.zone]} xp={survivor.xp} wounds={survivor.wounds} cards=[{cards}]"
        )
    zombies = [f"{graph.zone_ids[z]}: {zombie_line(state, z)}" for z in range(graph.zone_count) if any(state.zombies[z])]
    lines.append("zombies " + ("; ".join(zombies) if zombies else "none"))
    return lines


def check_facts(path: Path, facts: StateFacts, state: Any) -> list[str]:
    """Every stated fact compared with the final state; returns the mismatches in words."""
    problems: list[str] = []
    where = "[expect.state]"
    for zone_id, groups in facts.zombies.items():
        zone = _zone(path, f"{where} → zombies → {zone_id}", state, zone_id)
        wanted = [0] * state.tables.type_count
        for group in groups:
            wanted[_zombie_type(path, f"{where} → zombies → {zone_id}", state, group.zombie)] += group.count
        if tuple(wanted) != tuple(state.zombies[zone]):
            expected = " + ".join(f"{g.count} {g.zombie}" for g in groups) or "nothing"
            problems.append(f"zombies in {zone_id}: expected {expected}, found {zombie_line(state, zone)}")
    if facts.zombies_total is not None:
        total = sum(sum(counts) for counts in state.zombies)
        if total != facts.zombies_total:
            problems.append(f"zombies on the board: expected {facts.zombies_total}, found {total}")
    for survivor_id, wanted_facts in facts.survivors.items():
        survivor = state.survivors[_survivor(path, f"{where} → survivors → {survivor_id}", state, survivor_id)]
        found: dict[str, Any] = {
            "zone": state.graph.zone_ids[survivor.zone],
            "wounds": survivor.wounds,
            "xp": survivor.xp,
            "level": ("blue", "yellow", "orange", "red")[survivor.level],
            "alive": survivor.alive,
            "escaped": survivor.escaped,
            "actions": survivor.actions_left,
            "cards": card_names(state, survivor.slots),
        }
        for key, expected in wanted_facts.model_dump(exclude_none=True).items():
            if key == "has":
                carried = [state.card_kinds[card] for card in survivor.slots if card >= 0]
                for item in expected:
                    if item not in carried:
                        problems.append(f"{survivor_id} should carry {item}; carries {carried}")
            elif key == "skills_include":
                for skill in expected:
                    if skill not in survivor.skills:
                        problems.append(f"{survivor_id} should have skill {skill}; has {list(survivor.skills)}")
            elif key == "cards":
                padded = tuple(expected) + ("",) * (len(found["cards"]) - len(expected))
                if padded != found["cards"]:
                    problems.append(f"{survivor_id} cards: expected {list(padded)}, found {list(found['cards'])}")
            elif expected != found[key]:
                problems.append(f"{survivor_id} {key}: expected {expected!r}, found {found[key]!r}")
    for connection_id, position in facts.doors.items():
        door = _door(path, f"{where} → doors → {connection_id}", state, connection_id)
        actual = "open" if state.doors_open[door] else "closed"
        if actual != position:
            problems.append(f"door {connection_id}: expected {position}, found {actual}")
    for zone_id, tokens in facts.noise.items():
        zone = _zone(path, f"{where} → noise → {zone_id}", state, zone_id)
        if state.noise[zone] != tokens:
            problems.append(f"noise tokens in {zone_id}: expected {tokens}, found {state.noise[zone]}")
    if facts.phase is not None and state.phase != facts.phase:
        problems.append(f"phase: expected {facts.phase}, found {state.phase}")
    if facts.round is not None and state.round != facts.round:
        problems.append(f"round: expected {facts.round}, found {state.round}")
    if facts.result is not None:
        actual_result = state.result or "none"
        if actual_result != facts.result:
            problems.append(f"result: expected {facts.result}, found {actual_result}")
    if facts.pending is not None:
        actual_pending = state.pending.kind if state.pending is not None else "none"
        if actual_pending != facts.pending:
            problems.append(f"pending decision: expected {facts.pending}, found {actual_pending}")
    if facts.box:
        check_box = state.box.scenario_facts
        if check_box is None:
            raise ScenarioError(path, f"{where} → box", "this box checks no facts of its own")
        problems.extend(check_box(state, facts.box))
    return problems


# ---------------------------------------------------------------------------------------------------
# Command line


def scenario_files(arguments: Sequence[str]) -> list[Path]:
    found: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        found.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return found


def claims(path: str | Path) -> bool:
    """A Zombicide scenario file (a ``[board]`` or ``mission`` with ``[[step]]``s, and no ``game`` or
    ``game = "zombicide"``), or a folder holding one: ``main.py scenario`` sends it here."""
    target = Path(path)
    if target.is_dir():
        return any(claims(child) for child in sorted(target.rglob("*.toml")))
    if target.suffix.lower() != ".toml" or not target.is_file():
        return False
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return data.get("game", "zombicide") == "zombicide" and ("board" in data or "mission" in data)


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """``scenario [-q] FILE_OR_FOLDER...``: play each file, print the play-by-play (not with -q)
    and PASS/FAIL per file (GAP for a file marked ``known_gap`` that still fails). Exit status 1
    when any file fails or cannot be read, or a known gap now passes; 2 on bad usage."""
    write = out or (lambda line: print(line, file=sys.stdout))
    args = list(argv)
    quiet = False
    while args and args[0].startswith("-"):
        flag = args.pop(0)
        if flag in ("-q", "--quiet"):
            quiet = True
        elif flag in ("-h", "--help"):
            write("usage: scenario [-q] FILE_OR_FOLDER...")
            return 0
        else:
            write(f"unknown option {flag}; usage: scenario [-q] FILE_OR_FOLDER...")
            return 2
    files = scenario_files(args)
    if not files:
        write("usage: scenario [-q] FILE_OR_FOLDER...  (no scenario files given)")
        return 2
    failed = gaps = 0
    for path in files:
        try:
            result = run_scenario(path)
        except ContentError as error:
            failed += 1
            write(f"FAIL {error}")
            continue
        if not quiet:
            for line in result.transcript:
                write(line)
        if result.known_gap and not result.passed:
            gaps += 1
            write(f"GAP  {path}: {result.known_gap}")
        elif result.known_gap:
            failed += 1
            write(f"FAIL {path}: the engine now follows this rule; remove known_gap")
        elif result.passed:
            write(f"PASS {path}")
        else:
            failed += 1
            write(f"FAIL {path}: " + "; ".join(result.failures))
    write(f"{len(files) - failed - gaps} passed, {failed} failed" + (f", {gaps} known gaps" if gaps else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(run_cli(sys.argv[1:]))
