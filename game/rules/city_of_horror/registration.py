"""City of Horror's entry in the game registry: engine, save codec, content, board checks, bots, tools
and window."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.platform.registry import BoxEntry, GameEntry, MenuEntry, SaveStatus

if TYPE_CHECKING:  # the engine, its state and catalog are imported when a game is played, not listed
    from game.rules.city_of_horror.engine import CityOfHorrorRules
    from game.rules.city_of_horror.state import State

GAME_ID = "city_of_horror"
BOX = "base"  # the game comes in one box
CITY_MAP = Path(__file__).resolve().parents[3] / "maps" / "city_of_horror" / "coh-city.tmx"
TRACK_SPACES = 6


def _content_files() -> tuple[Path, ...]:
    from game.rules.city_of_horror.catalog import content_files

    return content_files()


def ruleset(box: str) -> CityOfHorrorRules:
    if box != BOX:
        raise ValueError(f"unknown City of Horror box {box!r} (known: {BOX})")
    from game.rules.city_of_horror.engine import CityOfHorrorRules

    return CityOfHorrorRules()


def box_of_setup(setup: Mapping[str, Any]) -> str:
    return BOX


def validate_board(board: Any) -> list[str]:
    """The city a game is drawn on: every location with its spaces, zombies and items, and the track."""
    problems = []
    from game.rules.city_of_horror.catalog import SLOTS

    parts: dict[str, set[str]] = {slot: set() for slot in SLOTS}
    track = 0
    for zone in board.zones.values():
        props = zone.properties
        if zone.kind == "location":
            slot = str(props.get("location", ""))
            if slot not in parts:
                problems.append(f"zone {zone.id}: 'location' = {slot!r} is not one of {', '.join(SLOTS)}")
                continue
            parts[slot].add(str(props.get("part", "")))
        elif zone.kind == "track":
            track += 1
    for slot, found in parts.items():
        spaces = "spaces" if slot == "crossroads" else "space"
        for needed in ("sign", spaces, "zombies", "items"):
            if needed not in found:
                problems.append(f"location {slot}: no zone with part = {needed!r}")
    if track != TRACK_SPACES:
        problems.append(f"the Straggler track has {track} spaces, not {TRACK_SPACES}")
    return problems


class CityOfHorrorCodec:
    schema = 1
    migrations: Mapping[int, Any] = {}
    legacy_kinds: Mapping[str, Any] = {}

    def status(self, state: State) -> SaveStatus:
        if state.over:
            result = "won by " + " and ".join(state.winners) if state.winners else "nobody boarded the helicopter"
            from game.rules.city_of_horror.state import ROUNDS

            return SaveStatus(round=ROUNDS, result=result, summary=_players(state))
        where = "set-up" if state.round == 0 else f"{state.round:02d}:00"
        return SaveStatus(round=int(state.round), result=None, summary=f"{_players(state)}, {where}")

    def setup_json(self, session: Any) -> dict[str, Any]:
        return dict(json.loads(session.ruleset.setup_to_json(session.setup_spec)))


def _players(state: State) -> str:
    alive = sum(1 for c in state.characters if c.location)
    return f"{len(state.seats)} players, {alive} characters alive"


GAME = GameEntry(
    id=GAME_ID,
    name="City of Horror",
    summary="Four hours to the helicopter: hidden moves, secret votes, deals and betrayals (3–6 players).",
    boxes=(BoxEntry(BOX, "City of Horror"),),
    ruleset=ruleset,
    plays_on=(GAME_ID,),
    board_words="the city",
    starts_on=("map",),
    codec=CityOfHorrorCodec(),
    content_files=lambda box: _content_files(),
    app="game.app.city_of_horror.hooks",
    menu=(MenuEntry(GAME_ID, "City of Horror", "new_game", BOX),),
    box_of_setup=box_of_setup,
    bots={
        "survivor": "game.rules.city_of_horror.bots:survivor_bot",
        "random": "game.rules.city_of_horror.bots:random_bot",
    },
    tools={"scenario": "game.rules.city_of_horror.scenario", "simulate": "game.rules.city_of_horror.simulate"},
    validate_board=validate_board,
    docs=("docs/playing-city-of-horror.md", "docs/city-of-horror-rules-choices.md", "docs/city-of-horror-content.md"),
)
