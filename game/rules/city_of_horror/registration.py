"""City of Horror's entry in the game registry: engine, save codec, content, board checks, bots, tools
and window."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
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


# a save's summary and result (save lists read them back to show them translated)
PLAYERS_ALIVE = N_("{players} players, {alive} characters alive")
AT_SET_UP = N_("{players} players, {alive} characters alive, set-up")
AT_HOUR = N_("{players} players, {alive} characters alive, {hour}:00")
WON_BY = N_("won by {winners}")
NOBODY_BOARDED = N_("nobody boarded the helicopter")


class CityOfHorrorCodec:
    schema = 1
    migrations: Mapping[int, Any] = {}
    legacy_kinds: Mapping[str, Any] = {}
    summary_templates: tuple[str, ...] = (PLAYERS_ALIVE, AT_SET_UP, AT_HOUR)
    result_templates: tuple[str, ...] = (WON_BY, NOBODY_BOARDED)

    def status(self, state: State) -> SaveStatus:
        players, alive = len(state.seats), sum(1 for c in state.characters if c.location)
        if state.over:
            result = WON_BY.format(winners=", ".join(state.winners)) if state.winners else NOBODY_BOARDED
            from game.rules.city_of_horror.state import ROUNDS

            return SaveStatus(round=ROUNDS, result=result, summary=PLAYERS_ALIVE.format(players=players, alive=alive))
        if state.round == 0:
            return SaveStatus(round=0, result=None, summary=AT_SET_UP.format(players=players, alive=alive))
        return SaveStatus(round=int(state.round), result=None,
                          summary=AT_HOUR.format(players=players, alive=alive, hour=f"{state.round:02d}"))

    def setup_json(self, session: Any) -> dict[str, Any]:
        return dict(json.loads(session.ruleset.setup_to_json(session.setup_spec)))


GAME = GameEntry(
    id=GAME_ID,
    name="City of Horror",
    summary=N_("Four hours to the helicopter: hidden moves, secret votes, deals and betrayals (3–6 players)."),
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
