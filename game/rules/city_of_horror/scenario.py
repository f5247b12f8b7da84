"""City of Horror scenario files: a table set up by hand, commands played through the engine, and what
the rules say must follow (docs/scenarios.md, "City of Horror").

A file has ``game = "city_of_horror"``, a ``[setup]`` (the players, as for a new game), a
``[situation]`` (where everything stands and the moment play starts from), ``[[step]]`` entries (a
command of a seat with the events it must cause, or a refusal it must meet, or ``pass = "all"``) and an
``[expect]`` table checked at the end.

``run_scenario(path) -> ScenarioResult``; ``run_cli(argv)`` is ``main.py scenario``; ``claims(path)``
tells ``main.py`` which files are ours.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.rules.city_of_horror import flow
from game.rules.city_of_horror.catalog import LOCATIONS, load_catalog
from game.rules.city_of_horror.commands import COMMANDS, Pass
from game.rules.city_of_horror.engine import CityOfHorrorRules, current_seats
from game.rules.city_of_horror.setup import SetupSpec, after_placement, setup
from game.rules.city_of_horror.state import Character, Place, State, evolve
from game.rules.city_of_horror.windows import waiting
from game.rules.core.base import IllegalCommand
from game.rules.core.datafile import ContentError, explain_validation_error, read_toml

GAME_ID = "city_of_horror"
PASS_LIMIT = 200


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CharacterSpec(_Strict):
    id: str
    owner: str
    at: str
    fit: bool = True
    hidden: bool = False
    born: bool = False
    may_vote: bool = False
    may_move: bool = False


class ItemsSpec(_Strict):
    antidotes: int = Field(default=0, ge=0)
    cards: tuple[str, ...] = ()


class Situation(_Strict):
    at: Literal["setup", "draft", "round_start", "pick", "invasion", "movement", "after_move", "location", "attack", "distribution",
                "end_round", "helicopter"] = "round_start"
    location: str = ""
    round: int = Field(default=1, ge=1, le=4)
    first_player: str | None = None
    straggler: str | None = None
    characters: tuple[CharacterSpec, ...] = ()
    zombies: dict[str, int] = Field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    antidotes: dict[str, int] = Field(default_factory=dict)
    food: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    items: dict[str, ItemsSpec] = Field(default_factory=dict)
    explosions: dict[str, int] = Field(default_factory=dict)
    status: dict[str, Literal["standing", "collapsed", "burned", "blocked"]] = Field(default_factory=dict)
    picks: dict[str, str] = Field(default_factory=dict)
    deck: tuple[str, ...] | None = None
    discard: tuple[str, ...] = ()
    invasion: tuple[str, ...] | None = None
    revealed: int | None = None
    supply: int | None = None
    food_pile: tuple[int, ...] | None = None
    food_up: tuple[int, ...] | None = None
    resolved: tuple[str, ...] = ()
    used: tuple[tuple[str, str], ...] = ()
    replicas: tuple[tuple[str, str], ...] = ()
    seed: int = 1


class Step(_Strict):
    seat: str = ""
    command: dict[str, Any] | None = None
    events: tuple[dict[str, Any], ...] = ()
    refused: str | None = None
    pass_: Literal["all", "answers"] | None = Field(default=None, alias="pass")
    note: str = ""


class Expect(_Strict):
    first_player: str | None = None
    straggler: str | None = None
    zombies: dict[str, int] = Field(default_factory=dict)
    dead: tuple[str, ...] = ()
    alive: tuple[str, ...] = ()
    characters: dict[str, dict[str, Any]] = Field(default_factory=dict)
    antidotes: dict[str, int] = Field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    hand_sizes: dict[str, int] = Field(default_factory=dict)
    food: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    items: dict[str, ItemsSpec] = Field(default_factory=dict)
    explosions: dict[str, int] = Field(default_factory=dict)
    status: dict[str, str] = Field(default_factory=dict)
    stage: str | None = None
    window: str | None = None
    waiting: tuple[str, ...] | None = None
    scores: dict[str, int] = Field(default_factory=dict)
    winners: tuple[str, ...] | None = None
    discard_top: str | None = None
    round: int | None = None
    events: tuple[dict[str, Any], ...] = ()  # in order, among every event of the scenario
    no_events: tuple[str, ...] = ()  # event kinds that must not have happened


class ScenarioFile(_Strict):
    game: Literal["city_of_horror"]
    title: str
    rules: str = ""
    setup: dict[str, Any]
    situation: Situation = Situation()
    step: tuple[Step, ...] = ()
    expect: Expect = Expect()


@dataclass
class ScenarioResult:
    path: Path
    passed: bool
    failures: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    state: State | None = None


class ScenarioError(ValueError):
    """A scenario file that cannot be played: one line naming the file and the place."""


# --- reading --------------------------------------------------------------------------------------------


def read_scenario(path: Path) -> ScenarioFile:
    try:
        data = read_toml(path)
    except ContentError as error:
        raise ScenarioError(str(error)) from None
    try:
        return ScenarioFile.model_validate(data)
    except ValidationError as error:
        where, what = explain_validation_error(error, data)
        raise ScenarioError(f"{path}: {where}: {what}") from None


def claims(path: str | Path) -> bool:
    """A City of Horror scenario file (``game = "city_of_horror"``), or a folder holding one."""
    return is_ours(path)


def is_ours(path: str | Path) -> bool:
    target = Path(path)
    if target.is_dir():
        return any(is_ours(child) for child in sorted(target.rglob("*.toml")))
    if target.suffix.lower() != ".toml" or not target.is_file():
        return False
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False
    return data.get("game") == GAME_ID


def _fail(path: Path, where: str, what: str) -> ScenarioError:
    return ScenarioError(f"{path}: {where}: {what}")


def build_state(path: Path, scenario: ScenarioFile) -> tuple[State, list[Any]]:
    """The table the scenario describes, at the moment it starts from, with the events of that start."""
    try:
        spec = SetupSpec.model_validate(scenario.setup)
    except ValidationError as error:
        where, what = explain_validation_error(error, scenario.setup, ("setup",))
        raise ScenarioError(f"{path}: {where}: {what}") from None
    sit = scenario.situation
    state, setup_events = setup(spec, sit.seed)
    if sit.at == "setup":  # the game as the set-up deals it, placements to come
        return state, setup_events
    seats = state.seats
    names = load_catalog()
    characters = []
    for index, item in enumerate(sit.characters):
        where = f"situation → characters[{index}]"
        if item.id not in names.characters:
            raise _fail(path, where, f"unknown character {item.id!r}")
        if item.owner not in seats:
            raise _fail(path, where, f"{item.owner!r} is not a player")
        if item.at not in LOCATIONS and item.at != "dead":
            raise _fail(path, where, f"{item.at!r} is not a location (or dead)")
        characters.append(Character(item.id, item.owner, "" if item.at == "dead" else item.at, item.fit,
                                    item.hidden, item.born, item.may_vote, item.may_move))
    if len({c.id for c in characters}) != len(characters):
        raise _fail(path, "situation → characters", "a character is listed twice")
    characters.sort(key=lambda c: list(names.characters).index(c.id))
    places = []
    for place in state.places:
        zombies = sit.zombies.get(place.id, 0)
        items = sit.items.get(place.id, ItemsSpec())
        places.append(Place(place.id, place.side, place.number, zombies, items.antidotes, items.cards,
                            sit.explosions.get(place.id, 0), sit.status.get(place.id, "standing")))
    by_location: tuple[tuple[str, Mapping[str, Any]], ...] = (
        ("zombies", sit.zombies), ("items", sit.items), ("explosions", sit.explosions), ("status", sit.status))
    for table, keyed in by_location:
        for key in keyed:
            if key not in LOCATIONS:
                raise _fail(path, f"situation → {table}", f"unknown location {key!r}")
    by_seat: tuple[tuple[str, Mapping[str, Any]], ...] = (
        ("hands", sit.hands), ("antidotes", sit.antidotes), ("food", sit.food), ("picks", sit.picks))
    for table, keyed in by_seat:
        for key in keyed:
            if key not in seats:
                raise _fail(path, f"situation → {table}", f"{key!r} is not a player")
    for seat, hand in sit.hands.items():
        for card in hand:
            if card not in names.cards:
                raise _fail(path, f"situation → hands → {seat}", f"unknown Action card {card!r}")
    used_cards = [card for hand in sit.hands.values() for card in hand] + [c for i in sit.items.values() for c in i.cards]
    used_cards += list(sit.discard)
    deck = list(sit.deck) if sit.deck is not None else _rest_of_deck(state.deck, used_cards)
    first = sit.first_player or state.first
    if first not in seats:
        raise _fail(path, "situation → first_player", f"{first!r} is not a player")
    straggler = sit.straggler or state.colour(first)
    if straggler not in state.track:
        raise _fail(path, "situation → straggler", f"{straggler!r} is not a colour of the track")
    picks = tuple(sit.picks.get(seat, "") for seat in seats) if sit.picks else ()
    invasion = sit.invasion if sit.invasion is not None else state.invasion
    for number, card in enumerate(invasion, start=1):
        if card not in names.invasions or names.invasions[card].hour != number:
            raise _fail(path, "situation → invasion", f"round {number} needs a {number:02d}:00 card, not {card!r}")
    revealed = sit.revealed if sit.revealed is not None else (
        sit.round if sit.at not in ("round_start", "pick", "invasion") else sit.round - 1)
    state = evolve(
        state, characters=tuple(characters), places=tuple(places),
        hands=tuple(tuple(sorted(sit.hands.get(seat, ()))) for seat in seats),
        antidotes=tuple(sit.antidotes.get(seat, 0) for seat in seats),
        food=tuple(tuple(sit.food.get(seat, ())) for seat in seats),
        deck=tuple(deck), discard=sit.discard, first=first, straggler=straggler, invasion=tuple(invasion),
        revealed=revealed, supply=sit.supply if sit.supply is not None else 20 - sum(sit.antidotes.values()),
        food_pile=sit.food_pile if sit.food_pile is not None else state.food_pile,
        food_up=sit.food_up if sit.food_up is not None else state.food_up,
        round=sit.round, picks=picks, resolved=sit.resolved, used=sit.used, replicas=sit.replicas,
        stage=evolve(state.stage, kind="window", seat="", options=()), window=None, decision=None)
    return _start(path, state, sit)


def _rest_of_deck(deck: tuple[str, ...], used: list[str]) -> list[str]:
    """The set-up's shuffled deck without the cards the situation puts elsewhere."""
    rest = list(deck)
    for card in used:
        if card in rest:
            rest.remove(card)
    return rest


def _start(path: Path, state: State, sit: Situation) -> tuple[State, list[Any]]:
    out: list[Any] = []
    at = sit.at
    if at in ("location", "attack", "distribution") and sit.location not in LOCATIONS:
        raise _fail(path, "situation → location", f"{sit.location!r} is not a location")
    if at == "draft":  # the characters placed: Action cards dealt or drafted, the first zombies
        state = after_placement(evolve(state, round=sit.round - 1), out)
    elif at == "round_start":
        state = flow.start_round(evolve(state, round=sit.round - 1), out)
    elif at == "pick":
        state = flow.start_picks(state, out)
    elif at in ("invasion", "movement"):
        if not state.picks:
            raise _fail(path, "situation → picks", "the Movement cards of this round are needed")
        state = flow.invasion(state, out) if at == "invasion" else flow.start_movement(state, out)
    elif at == "after_move":
        state = flow.open_window(state, "after_move", out)
    elif at == "location":
        order = [state.place_of_slot(slot).id for slot in state.options.order]
        before = order[:order.index(sit.location)]
        state = flow.next_location(evolve(state, resolved=tuple(dict.fromkeys(state.resolved + tuple(before)))), out)
    elif at == "attack":
        state = flow.attack(state, sit.location, out)
    elif at == "distribution":
        state = flow.start_distribution(state, sit.location, out)
    elif at == "end_round":
        state = flow.end_round(state, out)
    elif at == "helicopter":
        state = flow.helicopter(evolve(state, round=4), out)
    return flow.settle(state, out), out


# --- playing and checking --------------------------------------------------------------------------------


def event_matches(event: Any, wanted: Mapping[str, Any]) -> bool:
    for key, value in wanted.items():
        if not hasattr(event, key):
            return False
        actual = getattr(event, key)
        if isinstance(actual, tuple):
            actual = [list(item) if isinstance(item, tuple) else item for item in actual]
            value = [list(item) if isinstance(item, tuple | list) else item for item in value] if isinstance(
                value, list | tuple) else value
        if actual != value:
            return False
    return True


def missing_events(events: Sequence[Any], wanted: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The wanted events that do not appear, in order, among ``events`` (an ordered subset match)."""
    position = 0
    for index, item in enumerate(wanted):
        while position < len(events) and not event_matches(events[position], item):
            position += 1
        if position >= len(events):
            return list(wanted[index:])
        position += 1
    return []


def run_scenario(path: str | Path) -> ScenarioResult:
    target = Path(path)
    result = ScenarioResult(target, False)
    try:
        scenario = read_scenario(target)
        state, start_events = build_state(target, scenario)
    except ScenarioError as error:
        result.failures.append(str(error))
        result.transcript.append(f"cannot play: {error}")
        return result
    write = result.transcript.append
    write(f"{scenario.title}" + (f" ({scenario.rules})" if scenario.rules else ""))
    _show_events(write, start_events)
    result.events.extend(start_events)
    for number, step in enumerate(scenario.step, start=1):
        state = _play_step(target, number, step, state, result)
        if result.failures and result.failures[-1].startswith("!"):
            result.failures[-1] = result.failures[-1][1:]
            break
    result.failures.extend(_check_expect(scenario.expect, state, result.events))
    result.state = state
    result.passed = not result.failures
    write("PASS" if result.passed else "FAIL: " + "; ".join(result.failures))
    return result


def _show_events(write: Callable[[str], None], events: Sequence[Any]) -> None:
    for event in events:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars_of(event).items() if k != "kind")
        write(f"    {event.kind}: {fields}")


def vars_of(event: Any) -> dict[str, Any]:
    return {name: getattr(event, name) for name in getattr(event, "__slots__", ())}


def _play_step(path: Path, number: int, step: Step, state: State, result: ScenarioResult) -> State:
    write = result.transcript.append
    where = f"[[step]] #{number}"
    if step.pass_ is not None:
        write(f"{number}. everyone passes" + (" on the card" if step.pass_ == "answers" else ""))
        key = _window_key(state)
        seen: list[Any] = []
        for _ in range(PASS_LIMIT):
            if state.stage.kind != "window" or _window_key(state) != key or (step.pass_ == "answers" and not state.stack):
                break
            seats = waiting(state)
            if not seats:
                break
            try:
                state, events = CityOfHorrorRules.apply(state, seats[0], Pass())
            except IllegalCommand as refusal:
                result.failures.append(f"!{where}: {seats[0]} cannot pass: {refusal.reason}")
                break
            result.events.extend(events)
            seen.extend(events)
            _show_events(write, events)
        for missing in missing_events(seen, step.events)[:1]:
            result.failures.append(f"{where}: no event like {dict(missing)}")
        return state
    if step.command is None or not step.seat:
        result.failures.append(f"!{path}: {where}: a step needs a seat and a command (or pass = \"all\")")
        return state
    try:
        command = COMMANDS.validate_python(step.command)
    except ValidationError as error:
        where_in, what = explain_validation_error(error, step.command)
        result.failures.append(f"!{path}: {where} → command: {where_in}: {what}")
        return state
    write(f"{number}. {step.seat}: {command}" + (f"  ({step.note})" if step.note else ""))
    try:
        new_state, events = CityOfHorrorRules.apply(state, step.seat, command)
    except IllegalCommand as refusal:
        write(f"    refused: {refusal.reason}")
        if step.refused is None:
            result.failures.append(f"!{where}: refused: {refusal.reason}")
        elif step.refused not in refusal.reason:
            result.failures.append(f"{where}: refused with {refusal.reason!r}, not {step.refused!r}")
        return state
    if step.refused is not None:
        result.failures.append(f"{where}: should have been refused ({step.refused!r})")
    _show_events(write, events)
    result.events.extend(events)
    for missing in missing_events(events, step.events)[:1]:
        result.failures.append(f"{where}: no event like {dict(missing)}")
    return new_state


def _window_key(state: State) -> tuple[str, str, str] | None:
    window = state.window
    return (window.kind, window.location, window.mover) if window is not None else None


def _check_expect(expect: Expect, state: State, events: list[Any]) -> list[str]:
    failures: list[str] = []

    def same(what: str, actual: Any, wanted: Any) -> None:
        if actual != wanted:
            failures.append(f"expect {what}: {actual!r}, not {wanted!r}")

    if expect.first_player is not None:
        same("first_player", state.first, expect.first_player)
    if expect.straggler is not None:
        same("straggler", state.straggler, expect.straggler)
    for location, count in expect.zombies.items():
        same(f"zombies at {location}", state.place(location).zombies, count)
    for cid in expect.dead:
        if state.has_character(cid) and state.character(cid).location:
            failures.append(f"expect dead: {cid} is alive at {state.character(cid).location}")
    for cid in expect.alive:
        if not state.has_character(cid) or not state.character(cid).location:
            failures.append(f"expect alive: {cid} is not")
    for cid, wanted in expect.characters.items():
        if not state.has_character(cid):
            failures.append(f"expect characters: no {cid} in play")
            continue
        character = state.character(cid)
        for key, value in wanted.items():
            actual = character.location or "dead" if key == "at" else getattr(character, key, None)
            same(f"{cid}.{key}", actual, value)
    for seat, count in expect.antidotes.items():
        same(f"antidotes of {seat}", state.antidotes[state.index(seat)], count)
    for seat, hand in expect.hands.items():
        same(f"hand of {seat}", state.hand(seat), tuple(sorted(hand)))
    for seat, size in expect.hand_sizes.items():
        same(f"hand size of {seat}", len(state.hand(seat)), size)
    for seat, food in expect.food.items():
        same(f"food of {seat}", tuple(sorted(state.food[state.index(seat)])), tuple(sorted(food)))
    for location, items in expect.items.items():
        place = state.place(location)
        same(f"items at {location}", (place.antidotes, tuple(sorted(place.cards))),
             (items.antidotes, tuple(sorted(items.cards))))
    for location, markers in expect.explosions.items():
        same(f"explosion markers at {location}", state.place(location).explosions, markers)
    for location, status in expect.status.items():
        same(f"status of {location}", state.place(location).status, status)
    if expect.stage is not None:
        same("stage", state.stage.kind, expect.stage)
    if expect.window is not None:
        same("window", state.window.kind if state.window is not None and state.stage.kind == "window" else "",
             expect.window)
    if expect.waiting is not None:
        same("waiting", tuple(sorted(current_seats(state))), tuple(sorted(expect.waiting)))
    for seat, score in expect.scores.items():
        same(f"score of {seat}", dict(state.scores).get(seat), score)
    if expect.winners is not None:
        same("winners", tuple(sorted(state.winners)), tuple(sorted(expect.winners)))
    if expect.discard_top is not None:
        same("discard top", state.discard[-1] if state.discard else "", expect.discard_top)
    if expect.round is not None:
        same("round", state.round, expect.round)
    for missing in missing_events(events, expect.events)[:1]:
        failures.append(f"expect events: no event like {dict(missing)} (in order)")
    for kind in expect.no_events:
        if any(getattr(e, "kind", "") == kind for e in events):
            failures.append(f"expect no_events: a {kind} event happened")
    return failures


# --- the command line ------------------------------------------------------------------------------------


def scenario_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    files: list[Path] = []
    problems: list[str] = []
    for given in paths:
        target = Path(given)
        if target.is_dir():
            found = sorted(p for p in target.rglob("*.toml") if is_ours(p))
            if not found:
                problems.append(f"{target}: no City of Horror scenario in this folder")
            files.extend(found)
        elif target.is_file():
            files.append(target)
        else:
            problems.append(f"{target}: no such file or folder")
    return files, problems


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """``scenario [-q] FILE_OR_FOLDER...``: PASS/FAIL per file (and the play-by-play without -q); exit
    status 1 when a file fails or cannot be read, 2 on bad usage. Files of another game's scenarios go to
    that game's tool."""
    write = out or (lambda line: print(line, file=sys.stdout))
    parser = argparse.ArgumentParser(prog="scenario", add_help=False)
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("paths", nargs="*")
    try:
        args, unknown = parser.parse_known_args(list(argv))
    except SystemExit:
        return 2
    if unknown:
        write(f"scenario: unknown option {unknown[0]}")
        return 2
    ours = [p for p in args.paths if is_ours(p)]
    others = [p for p in args.paths if p not in ours]
    status = 0
    for path in others:
        write(f"scenario: {path}: not a City of Horror scenario (game = \"{GAME_ID}\")")
        status = 1
    if not ours:
        return status if others else _usage(write)
    files, problems = scenario_files(ours)
    for problem in problems:
        write(problem)
    passed = failed = 0
    for path in files:
        result = run_scenario(path)
        if not args.quiet:
            for line in result.transcript:
                write(line)
        if result.passed:
            passed += 1
            write(f"PASS {path}")
        else:
            failed += 1
            told = "; ".join(failure.removeprefix(f"{path}: ") for failure in result.failures)  # named once
            write(f"FAIL {path}: {told}")
    write(f"{passed} passed, {failed} failed")
    return max(status, 1 if failed or problems else 0)


def _usage(write: Callable[[str], None]) -> int:
    write("usage: scenario [-q] FILE_OR_FOLDER...")
    return 2


if __name__ == "__main__":
    sys.exit(run_cli(sys.argv[1:]))

