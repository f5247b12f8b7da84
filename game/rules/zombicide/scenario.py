"""Zombicide scenario files: a board, placements, forced cards and dice, commands, and what the
rules say must happen (after any step, and at the end). ``run_scenario`` plays one file through the
engine; ``run_cli`` plays many and prints a play-by-play with PASS/FAIL per file. The format is
described in ``docs/scenarios.md``; ``scenario_state`` reads the file's words on the engine's state.
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
from game.rules.core.scenario_report import read_options, report_scenarios
from game.rules.zombicide.boxes import DEFAULT_BOX
from game.rules.zombicide.catalog import SpawnGroup, parse_spawn_line
from game.rules.zombicide.scenario_state import (
    ScenarioCards,
    ScenarioError,
    check_facts,
    commands_with_ids,
    content_models,
    describe,
    draws_arranged,
    force,
    option_index,
    place_everything,
    seat_for,
    with_own_cards,
)
from game.rules.zombicide.sketch import SketchMarker, sketch_board, sketch_zone_id

CardRef = int | str  # a zombie card by number, or by the name a scenario gave its own card


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
    zone_tiles: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="zone → the other tiles it covers")


class SurvivorSpec(_Strict):
    id: str
    zone: str | None = None
    hand: tuple[str, ...] | None = Field(default=None, max_length=2, description="equipment ids; '' for empty")
    reserve: tuple[str, ...] | None = None
    xp: int | None = Field(default=None, ge=0)
    wounds: int | None = Field(default=None, ge=0)
    skills: tuple[str, ...] | None = None
    actions: int | None = Field(default=None, ge=0, description="actions left in the current turn")
    unloaded: tuple[str, ...] = Field(default=(), description="weapons carried that were fired and wait for a reload")
    companions: tuple[str, ...] = Field(default=(), description="companion cards the survivor has, in free slots")


class ZombiePlacement(_Strict):
    zone: str
    zombies: tuple[SpawnGroup, ...]

    _groups = field_validator("zombies", mode="before")(_zombie_groups)


class SurvivorFacts(_Strict):
    zone: str | None = None
    wounds: int | None = None
    xp: int | None = None
    level: Literal["blue", "yellow", "orange", "red"] | None = None
    alive: bool | None = None
    escaped: bool | None = None
    actions: int | None = None
    done: bool | None = Field(default=None, description="its turn this round is over")
    acting: bool | None = Field(default=None, description="its turn is the one going on")
    cards: tuple[str, ...] | None = Field(default=None, description="every slot, '' empty, 'wound'")
    has: tuple[str, ...] | None = Field(default=None, description="equipment ids carried, any slot")
    lacks: tuple[str, ...] | None = Field(default=None, description="equipment ids not carried anywhere")
    unloaded: tuple[str, ...] | None = Field(default=None, description="its fired weapons waiting for a reload")
    skills_include: tuple[str, ...] | None = None


class StateFacts(_Strict):
    zombies: dict[str, tuple[SpawnGroup, ...]] = Field(default_factory=dict)
    zombies_total: int | None = None
    absent: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="zone → zombie kinds, survivors not there")
    survivors: dict[str, SurvivorFacts] = Field(default_factory=dict)
    doors: dict[str, Literal["open", "closed"]] = Field(default_factory=dict)
    noise: dict[str, int] = Field(default_factory=dict)
    noise_heard: dict[str, int] = Field(default_factory=dict, description="what the zombies hear: tokens, survivors, Loud")
    equipment_deck: tuple[str, ...] | None = None
    equipment_deck_top: tuple[str, ...] | None = None
    equipment_deck_size: int | None = None
    equipment_discard: tuple[str, ...] | None = None
    equipment_discard_top: tuple[str, ...] | None = None
    equipment_discard_size: int | None = None
    zombie_deck: tuple[CardRef, ...] | None = None
    zombie_deck_top: tuple[CardRef, ...] | None = None
    zombie_deck_size: int | None = None
    zombie_discard: tuple[CardRef, ...] | None = None
    zombie_discard_top: tuple[CardRef, ...] | None = None
    zombie_discard_size: int | None = None
    phase: Literal["players", "zombies", "over"] | None = None
    round: int | None = None
    result: Literal["won", "lost", "none"] | None = None
    pending: str | None = Field(default=None, description="kind of the pending decision, or 'none'")
    box_facts: dict[str, Any] = Field(default_factory=dict, description="the box's own facts (BoxRules.scenario_facts)")

    @field_validator("zombies", mode="before")
    @classmethod
    def _zone_groups(cls, value: Any) -> Any:
        if isinstance(value, Mapping):
            return {zone: _zombie_groups(groups) for zone, groups in value.items()}
        return value


class StepSpec(_Strict):
    command: dict[str, Any] | None = None
    choose: str | None = Field(default=None, description="pick the pending decision's option containing this text")
    seat: str | None = None
    dice: tuple[int, ...] = ()
    zombie_deck_top: tuple[CardRef, ...] = ()
    equipment_deck_top: tuple[str, ...] = ()
    draws: dict[str, tuple[CardRef, ...]] = Field(
        default_factory=dict, description="zone → the zombie cards it draws in this step, whatever the engine's order"
    )
    illegal: str | None = Field(default=None, description="the command must be refused; reason contains this")
    events: tuple[dict[str, Any], ...] = ()
    no_events: tuple[dict[str, Any], ...] = Field(default=(), description="events this step must not produce")
    exact_events: bool = False
    state: StateFacts | None = Field(default=None, description="facts that hold right after this step")
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

    @field_validator("draws", mode="before")
    @classmethod
    def _listed(cls, value: Any) -> Any:
        if isinstance(value, Mapping):
            return {zone: (cards if isinstance(cards, list | tuple) else [cards]) for zone, cards in value.items()}
        return value


class Expectations(_Strict):
    events: tuple[dict[str, Any], ...] = ()
    no_events: tuple[dict[str, Any], ...] = Field(default=(), description="events the whole run must not contain")
    state: StateFacts = StateFacts()
    box: dict[str, Any] = Field(default_factory=dict, description="facts of the box's own state (``BoxRules.scenario_facts``)")


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
    zombie_kind: tuple[dict[str, Any], ...] = Field(default=(), description="zombie kinds of the scenario's own")
    zombie_card: tuple[dict[str, Any], ...] = Field(default=(), description="the scenario's own zombie cards, named")
    equipment_card: tuple[dict[str, Any], ...] = Field(default=(), description="the scenario's own equipment cards")
    zombie_deck_top: tuple[CardRef, ...] = ()
    equipment_deck_top: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    step: tuple[StepSpec, ...] = ()
    expect: Expectations = Expectations()


def read_scenario(path: Path) -> ScenarioFile:
    try:
        data = read_toml(path)
        box = str(data.get("box") or DEFAULT_BOX)
        try:
            rules = _box_rules(box)
        except ValueError as error:  # an unknown box
            raise ContentError(path, "box", str(error)) from None
        data["box_tables"] = {key: data.pop(key) for key in list(data) if key in rules.scenario_keys}
        # the box's own facts, in [expect.state] and in a step's state
        tables = [data.get("expect", {}).get("state")] + [s.get("state") for s in data.get("step", ()) if isinstance(s, dict)]
        for table in tables:
            if isinstance(table, dict):
                table["box_facts"] = {key: table.pop(key) for key in list(table) if key in rules.scenario_facts}
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
            return sketch_board(spec.sketch, markers, spec.tile_cols, spec.tile_rows, source=str(path),
                                zone_tiles=spec.zone_tiles)
        except ValueError as error:
            raise ScenarioError(path, "[board] → sketch", str(error)) from None
    if spec.markers or spec.zone_tiles:
        raise ScenarioError(path, "[board] → markers", "markers and zone_tiles go with a sketch; a mission file has its own")
    from game.board.errors import MapFormatError
    from game.board.mission import load_board
    from game.roots import OutsideRootsError, locate_beside

    assert spec.path is not None
    try:
        board_path = locate_beside(spec.path, path, "the board")
    except OutsideRootsError as error:
        raise ScenarioError(path, "[board] → path", str(error)) from None
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
        self.cards = ScenarioCards()

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

    box_rules = _box_rules(scenario.box)
    catalog, cards = with_own_cards(path, _engine().load_catalog(scenario.box), content_models(box_rules),
                                    scenario.zombie_card, scenario.equipment_card, scenario.zombie_kind)
    run.cards = cards
    if cards.zombie or scenario.equipment_card or scenario.zombie_kind:
        state = engine.setup(board, setup, scenario.seed, catalog=catalog)
    else:
        state = engine.setup(board, setup, scenario.seed)
    state = place_everything(path, scenario, state, cards)
    run.state = state
    for line in describe(state):
        run.say(f"   {line}")

    all_events: list[Any] = []
    for number, step in enumerate(scenario.step, start=1):
        state = play_step(run, number, step, state)
        if state is None:
            break
        run.state = state
    state = run.state
    all_events = run.result.events
    if scenario.expect.events:
        missing = find_in_order(scenario.expect.events, all_events)
        if missing:
            run.fail(f"whole run: {missing}")
    for unwanted in scenario.expect.no_events:
        found = next((e for e in all_events if event_matches(unwanted, e)), None)
        if found is not None:
            run.fail(f"whole run: an unwanted event happened: {_format_event(found)}")
    for problem in check_facts(path, "[expect.state]", scenario.expect.state, state, cards):
        run.fail(problem)
    for problem in check_box_facts(path, scenario.expect.box, state):
        run.fail(problem)
    run.result.passed = not run.result.failures
    run.say("PASS" if run.result.passed else "FAIL")
    return run.result


def play_step(run: _Run, number: int, step: StepSpec, state: Any) -> Any:
    """Play one step; the state after it (None once a step cannot go on: the run stops there)."""
    path, engine = run.path, run.engine
    where = f"[[step]] #{number}"
    try:
        if step.choose is not None:
            command = run.adapter.validate_python(
                {"kind": "choose_option", "option": option_index(path, where, state, step.choose)}
            )
        else:
            assert step.command is not None
            data = commands_with_ids(path, f"{where} → command", state, step.command)
            command = run.adapter.validate_python(data)
    except ValidationError as error:
        raise ScenarioError(path, *_within(f"{where} → command", explain_validation_error(error, step.command))) from None
    state = force(path, where, state, run.cards, step.dice, step.zombie_deck_top, step.equipment_deck_top)
    seat = step.seat or seat_for(state, command)
    run.say(f"-- step {number}: {_format_event(command)}" + (f"   # {step.note}" if step.note else ""))
    illegal_type = importlib.import_module("game.rules.core.base").IllegalCommand
    try:
        if step.draws:  # a trial run says which zones draw, in the engine's order
            _, trial = engine.apply(state, seat, command)
            zones = [e.zone for e in trial if getattr(e, "kind", "") == "card_drawn" and e.deck == "zombie"]
            state = draws_arranged(path, where, state, run.cards, step.draws, zones)
        new_state, events = engine.apply(state, seat, command)
    except illegal_type as refusal:
        if step.illegal is None:
            run.fail(f"step {number}: the engine refused the command: {refusal.reason}")
            return None
        run.say(f"   refused: {refusal.reason}")
        if step.illegal and step.illegal.lower() not in refusal.reason.lower():
            run.fail(f"step {number}: refused for another reason: {refusal.reason!r} (expected {step.illegal!r})")
        return state
    except ScenarioError:
        raise
    except Exception as crash:  # an engine bug must not stop the other scenarios
        run.fail(f"step {number}: the engine crashed: {type(crash).__name__}: {crash}")
        return None
    if step.illegal is not None:
        run.fail(f"step {number}: the command should have been refused ({step.illegal or 'illegal'})")
    for event in events:
        run.say(f"   {_format_event(event)}")
    run.result.events.extend(events)
    if step.events:
        if step.exact_events and len(step.events) != len(events):
            run.fail(f"step {number}: expected exactly {len(step.events)} events, got {len(events)}")
        missing = find_in_order(step.events, events)
        if missing:
            run.fail(f"step {number}: {missing}")
    for unwanted in step.no_events:
        found = next((e for e in events if event_matches(unwanted, e)), None)
        if found is not None:
            run.fail(f"step {number}: an unwanted event happened: {_format_event(found)}")
    if step.draws:
        drawn = [(e.zone, int(e.card)) for e in events if getattr(e, "kind", "") == "card_drawn" and e.deck == "zombie"]
        for zone_id, listed in step.draws.items():
            wanted = [run.cards.number(path, f"{where} → draws", new_state, c) for c in listed]
            got = [card for zone, card in drawn if zone == zone_id][: len(wanted)]
            if got != wanted:
                run.fail(f"step {number}: {zone_id} drew {got}, not {wanted}")
    if step.state is not None:
        for problem in check_facts(path, f"{where} → state", step.state, new_state, run.cards):
            run.fail(f"after step {number}: {problem}")
    return new_state


def check_box_facts(path: Path, facts: Mapping[str, Any], state: Any) -> list[str]:
    """The box's facts (``[expect.box]``) compared with the final state, each by the box's own check."""
    checks = state.box.scenario_facts
    problems: list[str] = []
    for key, value in facts.items():
        check = checks.get(key)
        if check is None:
            known = ", ".join(checks) or "none in this box"
            raise ScenarioError(path, f"[expect.box] → {key}", f"unknown fact (known: {known})")
        problems.extend(check(state, value))
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
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):  # not ours to read
        return False
    return data.get("game", "zombicide") == "zombicide" and ("board" in data or "mission" in data)


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """``scenario [-q] FILE_OR_FOLDER...``: play each file, print the play-by-play (not with -q)
    and PASS/FAIL per file (GAP for a file marked ``known_gap`` that still fails). Exit status 1
    when any file fails or cannot be read, or a known gap now passes; 2 on bad usage."""
    write = out or (lambda line: print(line, file=sys.stdout))
    options = read_options(argv, write)
    if isinstance(options, int):
        return options
    quiet, args = options
    files = scenario_files(args)
    if not files:
        write("usage: scenario [-q] FILE_OR_FOLDER...  (no scenario files given)")
        return 2
    failed = report_scenarios(files, run_scenario, write, quiet)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(run_cli(sys.argv[1:]))
