"""Zombieworld Evolution's entry in the game registry: engine, save codec, content, tools and window."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.platform.registry import BoxEntry, GameEntry, MenuEntry, SaveStatus

CONTENT_ROOT = Path(__file__).resolve().parent / "content"  # the catalog's own folder, without importing it

if TYPE_CHECKING:  # the engine is imported when a game is played, not when the games are listed
    from game.rules.zombieworld.engine import ZombieworldRules

BOX = "evolution"  # the game comes in one box
LEGACY_KIND = "deadtable-zombieworld-game"  # the game's own save format before the envelope


def ruleset(box: str) -> ZombieworldRules:
    if box != BOX:
        raise ValueError(f"unknown Zombieworld box {box!r} (known: {BOX})")
    from game.rules.zombieworld.engine import ZombieworldRules

    return ZombieworldRules()


def content_files(box: str) -> tuple[Path, ...]:
    """Profiles, weapons, objects, bands, scenarios: every content file of the game."""
    return tuple(sorted(CONTENT_ROOT.glob("*.toml")))


def box_of_setup(setup: Mapping[str, Any]) -> str:
    return BOX


def from_legacy(data: dict[str, Any]) -> dict[str, Any]:
    """A ``deadtable-zombieworld-game`` file (schema 1, or 2 with its campaign link) as an envelope
    of game schema 1."""
    from game.platform.envelope import legacy_log

    version = data.get("schema_version")
    if version not in (1, 2):
        raise ValueError(f"schema_version {version!r} of the older format is not 1 or 2")
    session = data["session"]
    if not isinstance(session.get("setup"), dict):
        raise ValueError("the saved setup is not a table")
    return {
        "kind": "deadtable-save",
        "envelope_version": 1,
        "game": "zombieworld",
        "box": BOX,
        "game_schema": 1,
        "ruleset_version": str(session["ruleset_version"]),
        "content": None,
        "saved_at": data.get("saved_at"),
        "title": str(data.get("title") or Path(str(data["table"])).stem),
        "board": data["table"],
        "status": {"round": data.get("round") or 0, "result": "finished" if data.get("finished") else None,
                   "summary": str(data.get("scenario") or "")},
        "seed": session["seed"],
        "setup": session["setup"],
        "log": legacy_log(session),
        "final_hash": str(session.get("final_hash") or ""),
        "snapshot": None,
        "campaign": data.get("campaign") if version == 2 else None,
        "extra": data.get("extra") if isinstance(data.get("extra"), dict) else {},
    }


def scenario_name(state: Any) -> str:
    from game.rules.zombieworld.catalog import load_catalog

    catalog = state.catalog or load_catalog()
    try:
        return str(catalog.scenario(state.scenario).name)
    except (KeyError, ValueError):
        return str(state.scenario).replace("_", " ")


def validate_board(board: Any) -> list[str]:
    """A Zombieworld mission (a tutorial): its set-up starts a game and its steps point at the table."""
    from game.rules.zombieworld.tutorial_setup import tutorial_problems

    return tutorial_problems(board)


Migration = Callable[[dict[str, Any]], dict[str, Any]]


# a save's result (save lists read it back to show it translated); its summary is the scenario's name
WON_BY = N_("won by {winners}")
FINISHED = N_("finished")


class ZombieworldCodec:
    schema = 1
    migrations: Mapping[int, Migration] = {}
    legacy_kinds: Mapping[str, Migration] = {LEGACY_KIND: from_legacy}
    summary_templates: tuple[str, ...] = ()
    result_templates: tuple[str, ...] = (WON_BY, FINISHED)

    def status(self, state: Any) -> SaveStatus:
        result = None
        if state.finished:
            result = WON_BY.format(winners=", ".join(state.winners)) if state.winners else FINISHED
        return SaveStatus(round=int(state.round), result=result, summary=scenario_name(state))

    def setup_json(self, session: Any) -> dict[str, Any]:
        return dict(json.loads(session.ruleset.setup_to_json(session.setup_spec)))

    def summary_content(self, summary: str) -> Any | None:
        """The scenario a save's summary names (its English name, as ``status`` writes it), or None."""
        from game.rules.zombieworld.catalog import load_catalog

        return next((s for s in load_catalog().scenarios if s.name == summary), None)


GAME = GameEntry(
    id="zombieworld",
    name="Zombieworld",
    summary=N_("A skirmish of rival bands and zombies on a free table, measured in centimetres."),
    boxes=(BoxEntry(BOX, "Zombieworld Evolution"),),
    ruleset=ruleset,
    plays_on=("zombieworld",),
    board_words="a Zombieworld table",
    starts_on=("map",),
    codec=ZombieworldCodec(),
    content_files=content_files,
    app="game.app.zombieworld.hooks",
    menu=(
        MenuEntry("zombieworld", "Zombieworld Evolution", "new_game", BOX),
        MenuEntry("band_builder", N_("Zombieworld: band builder"), "band_builder", BOX),
    ),
    box_of_setup=box_of_setup,
    validate_board=validate_board,
    bots={"random": "game.rules.zombieworld.bots:random_bot"},
    tools={
        "simulate": "game.rules.zombieworld.simulate",
        "check": "game.rules.zombieworld.check",
        "scenario": "game.rules.zombieworld.scenario",
    },
    docs=("docs/playing-zombieworld.md", "docs/zombieworld-rules-choices.md", "docs/zombieworld-content.md"),
)
