"""The games Deadtable plays. Each game registers itself once, here, by the module that holds its
``GAME`` entry; the start screen, saves, ``main.py`` and the tests ask this registry and never name
a game.

A game's entry gives its id and name, its boxes, its engine, the maps it plays on, its save codec,
the files of content its saves are stamped with, the module of its window hooks (imported only by
the app, so headless tools never load pygame), its bots, its command-line tools and its docs.
Adding a game means adding its folders and one line to ``REGISTERED``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import field
from pathlib import Path
from typing import Any, Protocol

from game.rules.core.base import Ruleset
from game.rules.core.frozen import record

REPO_ROOT = Path(__file__).resolve().parents[2]

# One line per game: the module whose ``GAME`` is its entry.
REGISTERED = (
    "game.rules.zombicide.registration",
    "game.rules.zombieworld.registration",
    "game.rules.city_of_horror.registration",
)


class UnknownGameError(ValueError):
    """A file names a game or box this build does not know; the message names the file and the
    known ids."""

    def __init__(self, source: str | Path, what: str, wanted: str, known: list[str]):
        self.source = str(source)
        self.wanted = wanted
        self.known = known
        known_text = ", ".join(known) if known else "none"
        super().__init__(f"{self.source}: unknown {what} {wanted!r} (known: {known_text})")


@record
class BoxEntry:
    """One box of a game (a game with a single box has one, named after the game)."""

    id: str
    name: str
    summary: str = ""


@record
class MenuEntry:
    """A button of the start screen's "New game" page: ``hook`` is a function of the game's app
    module, called as ``hook(app, box)``."""

    key: str
    label: str
    hook: str
    box: str = ""


@record
class SaveStatus:
    """How far a saved game got, read without replaying: shown in save lists."""

    round: int
    result: str | None  # None while the game goes on; a word such as "won", "lost", "finished"
    summary: str = ""  # a few words about the position, for the Load page

    @property
    def finished(self) -> bool:
        return self.result is not None


class SaveCodec(Protocol):
    """What the save envelope needs from a game (see ``game.platform.envelope``)."""

    schema: int  # the game's save schema today; ``migrations[n]`` brings schema n to n + 1
    migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]
    # file kinds written before the envelope → a function turning such a file into an envelope dict
    legacy_kinds: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]]

    # the English templates its statuses' summaries and results are filled from, marked for translation:
    # save lists read a status back into them to show it in the player's language (game.platform.save_words)
    summary_templates: tuple[str, ...]
    result_templates: tuple[str, ...]
    # optionally, ``summary_content(summary)``: the piece of content (a ``name`` and a ``name_es``) a summary
    # that is only a name names (Zombieworld's is its scenario's), so lists show its name in the language

    def status(self, state: Any) -> SaveStatus: ...

    def setup_json(self, session: Any) -> dict[str, Any]: ...


@record
class GameEntry:
    id: str
    name: str
    summary: str
    boxes: tuple[BoxEntry, ...]
    ruleset: Callable[[str], Ruleset]  # box id → the engine of that box
    plays_on: tuple[str, ...]  # the ``game`` property of the maps and missions it plays on
    board_words: str  # what it plays on, in a player's words ("a mission", "a free table")
    codec: SaveCodec
    content_files: Callable[[str], tuple[Path, ...]]  # box id → the content files a save is stamped with
    app: str  # module of its window hooks: ``new_game(app, box)``, ``resume(app, loaded)``…
    menu: tuple[MenuEntry, ...]
    box_of_setup: Callable[[Mapping[str, Any]], str]  # the box a saved setup plays
    bots: Mapping[str, str] = field(default_factory=dict)  # bot name → "module:function"
    tools: Mapping[str, str] = field(default_factory=dict)  # CLI subcommand → module with run_cli(argv)
    docs: tuple[str, ...] = ()  # repository-relative guides
    validate_board: Callable[[Any], list[str]] | None = None  # extra checks of a board it plays on
    # the files a game of it starts from: "mission" (modules placed by a mission file), "map" (one
    # whole map), or both; the free table and an opened file go by this
    starts_on: tuple[str, ...] = ("mission", "map")

    def box(self, box_id: str, source: str | Path = "") -> BoxEntry:
        for box in self.boxes:
            if box.id == box_id:
                return box
        raise UnknownGameError(source or self.id, f"{self.name} box", box_id, [b.id for b in self.boxes])

    def app_hooks(self) -> Any:
        """The game's window hooks (imports pygame: for the app only)."""
        return importlib.import_module(self.app)


_ENTRIES: dict[str, GameEntry] = {}
_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    for module_name in REGISTERED:
        entry = importlib.import_module(module_name).GAME
        register(entry)
    _LOADED = True


def register(entry: GameEntry) -> None:
    """Add a game (tests add toy games this way); an id taken twice is refused."""
    if entry.id in _ENTRIES and _ENTRIES[entry.id] is not entry:
        raise ValueError(f"two games registered as {entry.id!r}")
    if not entry.boxes:
        raise ValueError(f"game {entry.id!r} registers no box")
    _ENTRIES[entry.id] = entry


def unregister(game_id: str) -> None:
    _ENTRIES.pop(game_id, None)


def games() -> tuple[GameEntry, ...]:
    """Every registered game, in registration order."""
    _load()
    return tuple(_ENTRIES.values())


def game_ids() -> list[str]:
    return [entry.id for entry in games()]


def game(game_id: str, source: str | Path = "") -> GameEntry:
    """The entry of ``game_id``; an unknown id raises UnknownGameError naming ``source``."""
    _load()
    entry = _ENTRIES.get(game_id)
    if entry is None:
        raise UnknownGameError(source or "game", "game", game_id, game_ids())
    return entry


def game_playing_on(map_game: str, source: str | Path = "") -> GameEntry:
    """The game that plays on maps and missions whose ``game`` property is ``map_game``."""
    for entry in games():
        if map_game in entry.plays_on:
            return entry
    known = sorted({kind for entry in games() for kind in entry.plays_on})
    raise UnknownGameError(source or "map", "game", map_game, known)


def tool(name: str) -> list[tuple[GameEntry, str]]:
    """The games offering the command-line tool ``name``, with the module that runs it."""
    return [(entry, entry.tools[name]) for entry in games() if name in entry.tools]


def tool_names() -> list[str]:
    names: list[str] = []
    for entry in games():
        names.extend(n for n in entry.tools if n not in names)
    return names


def bot(game_id: str, name: str) -> Callable[..., Any]:
    entry = game(game_id)
    target = entry.bots.get(name)
    if target is None:
        raise UnknownGameError(entry.id, f"{entry.name} bot", name, sorted(entry.bots))
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)  # type: ignore[no-any-return]
