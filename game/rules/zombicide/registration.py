"""Zombicide's entry in the game registry: its boxes, engine, save codec, content, tools and window."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.platform.registry import BoxEntry, GameEntry, MenuEntry, SaveStatus
from game.rules.zombicide.boxes import BOXES, DEFAULT_BOX, UnknownBoxError, box_rules

if TYPE_CHECKING:  # the engine is imported when a game is played, not when the games are listed
    from game.rules.zombicide.engine import ZombicideRules

LEGACY_KIND = "deadtable-zombicide-game"  # the game's own save format before the envelope


def ruleset(box: str) -> ZombicideRules:
    """The engine of ``box``: its commands (the core's, the overrides', the box's own) in its saves."""
    if box not in BOXES:
        raise UnknownBoxError(box)
    from game.rules.zombicide.engine import ZombicideRules

    return ZombicideRules(box)


def content_files(box: str) -> tuple[Path, ...]:
    """The box's content files: survivors, skills, equipment, zombies, cards."""
    from game.rules.zombicide.catalog import content_root  # the catalog is read when a game needs it

    return tuple(sorted((content_root(box) / box).glob("*.toml")))


def box_of_setup(setup: Mapping[str, Any]) -> str:
    return str(setup.get("box") or DEFAULT_BOX)


def validate_board(board: Any) -> list[str]:
    """A mission's own checks: its ``[setup]`` table is usable and names a known box."""
    from game.rules.zombicide.engine import parse_setup

    setup = board.properties.get("setup")
    if not isinstance(setup, Mapping) or "players" not in setup:  # missions leave the players to the screen
        setup = {**(dict(setup) if isinstance(setup, Mapping) else {}), "players": [{"seat": "check", "survivors": ["_"]}]}
    try:
        parsed = parse_setup(dict(setup), None)
    except ValueError as error:
        return [f"[setup]: {str(error).removeprefix('setup: ')}"]
    return [*_goals_without_markers(parsed.goals, board),
            *(f"[setup] → {problem}" for problem in box_rules(parsed.box).board_problems(board, parsed)),
            *tutorial_problems(board, parsed.box)]


# what each goal needs on the board: a marker of this kind inside a zone
GOAL_NEEDS = {"all_in_exit": "exit", "escape_all": "exit", "take_all_objectives": "objective"}


def _goals_without_markers(goals: tuple[str, ...], board: Any) -> list[str]:
    """A goal that needs an exit (or objectives) the board lacks could never be met."""
    on_board = {str(marker.kind) for marker in board.markers if marker.zone is not None}
    return [f"[setup] goals: '{goal}' needs {_a(GOAL_NEEDS[goal])} marker in a zone, and the board has none: "
            f"add one, or change the goal" for goal in goals if goal in GOAL_NEEDS and GOAL_NEEDS[goal] not in on_board]


def _a(noun: str) -> str:
    return f"an {noun}" if noun[0] in "aeiou" else f"a {noun}"


def tutorial_problems(board: Any, box: str) -> list[str]:
    """Each tutorial step waits for "next" or for an event this game (and the mission's box) reports."""
    import dataclasses
    import typing

    from game.board.tutorial import NEXT, tutorial_steps
    from game.rules.zombicide import commands
    from game.rules.zombicide.boxes import box_rules

    classes = (*typing.get_args(typing.get_args(commands.Event)[0]), *box_rules(box).events)
    kinds = {str(f.default) for cls in classes for f in dataclasses.fields(cls) if f.name == "kind"}
    problems = []
    for i, step in enumerate(tutorial_steps(board.properties)):
        if step.until != NEXT and step.until not in kinds:
            problems.append(f"tutorial[{i}]: until {step.until!r} is not an event of this game "
                            f"(\"next\", or one of: {', '.join(sorted(k for k in kinds if k))})")
        if step.spot_cm is not None or step.model is not None:  # those point at a free table's cm
            problems.append(f"tutorial[{i}]: a Zombicide step points at a zone (zone = \"<module>:<zone>\"), "
                            "not at spot_cm or a model")
    return problems


def from_legacy(data: dict[str, Any]) -> dict[str, Any]:
    """A ``deadtable-zombicide-game`` file (schema 1) as an envelope of game schema 1."""
    from game.platform.envelope import legacy_log

    if data.get("schema_version") != 1:
        raise ValueError(f"schema_version {data.get('schema_version')!r} of the older format is not 1")
    session = data["session"]
    setup = session["setup"]
    if not isinstance(setup, dict):
        raise ValueError("the saved setup is not a table")
    return {
        "kind": "deadtable-save",
        "envelope_version": 1,
        "game": "zombicide",
        "box": box_of_setup(setup),
        "game_schema": 1,
        "ruleset_version": str(session["ruleset_version"]),
        "content": None,
        "saved_at": data.get("saved_at"),
        "title": str(data.get("title") or Path(str(data["mission"])).stem),
        "board": data["mission"],
        "status": {"round": data.get("round") or 0, "result": data.get("result"), "summary": ""},
        "seed": session["seed"],
        "setup": setup,
        "log": legacy_log(session),
        "final_hash": str(session.get("final_hash") or ""),
        "snapshot": None,
        "campaign": None,
        "extra": data.get("extra") if isinstance(data.get("extra"), dict) else {},
    }


# a save's summary, by how many survivors stand (save lists read it back to show it translated)
ONE_STANDING = N_("{standing} of {total} survivor standing, {zombies} zombies")
SEVERAL_STANDING = N_("{standing} of {total} survivors standing, {zombies} zombies")


class ZombicideCodec:
    schema = 1
    migrations: Mapping[int, Any] = {}
    legacy_kinds: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] = {LEGACY_KIND: from_legacy}
    summary_templates: tuple[str, ...] = (ONE_STANDING, SEVERAL_STANDING)
    result_templates: tuple[str, ...] = ()  # "won" or "lost": the save lists' own words

    def status(self, state: Any) -> SaveStatus:
        standing = sum(1 for s in state.survivors if s.in_play)
        zombies = sum(sum(zone) for zone in state.zombies)
        template = ONE_STANDING if standing == 1 else SEVERAL_STANDING
        return SaveStatus(round=int(state.round), result=state.result,
                          summary=template.format(standing=standing, total=len(state.survivors), zombies=zombies))

    def setup_json(self, session: Any) -> dict[str, Any]:
        """The whole setup as the game applied it, so a later edit of the mission's [setup] table
        cannot change the saved game."""
        applied = getattr(session.state, "setup", None)
        if applied is not None and hasattr(applied, "model_dump"):
            return dict(applied.model_dump(mode="json"))
        return dict(json.loads(session.ruleset.setup_to_json(session.setup_spec)))


GAME = GameEntry(
    id="zombicide",
    name="Zombicide",
    summary=N_("Co-operative survival on square tiles: survivors against the zombies the rules move."),
    boxes=tuple(BoxEntry(box, name) for box, (name, _) in BOXES.items()),
    ruleset=ruleset,
    plays_on=("zombicide",),
    board_words="a Zombicide mission",
    starts_on=("mission",),
    codec=ZombicideCodec(),
    content_files=content_files,
    app="game.app.zombicide.hooks",
    menu=tuple(MenuEntry(box, f"Zombicide: {name}", "new_game", box) for box, (name, _) in BOXES.items()),
    box_of_setup=box_of_setup,
    bots={
        "random": "game.rules.zombicide.bots:random_bot",
        "greedy": "game.rules.zombicide.bots:greedy_bot",
        "planner": "game.rules.zombicide.bots:planner_bot",
        "search": "game.rules.zombicide.search:search_bot",
        "search-deep": "game.rules.zombicide.search:deep_search_bot",
    },
    tools={"scenario": "game.rules.zombicide.scenario", "simulate": "game.rules.zombicide.simulate",
           "balance": "game.app.zombicide.balance"},
    validate_board=validate_board,
    docs=("docs/playing-zombicide.md", "docs/zombicide-rules-choices.md", "docs/zombicide-content.md"),
)
