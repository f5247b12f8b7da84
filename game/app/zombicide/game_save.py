"""Saving and resuming a Zombicide game, in the save envelope every game shares
(``game.platform.envelope``): the mission, the seed, the setup and the command log.

A game save replays its log from the seed, so the cards and dice to come are exactly those the
game would have dealt. Writes are atomic and keep the previous file as ``<name>.bak``; a file that
cannot be read or no longer replays gives one ``GameSaveError`` naming the file and what is wrong.
``extra`` carries what the app wants back (camera, speed, players' names), as plain JSON.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.platform import envelope, registry
from game.platform.envelope import SaveFileError, SaveInfo
from game.rules.core.session import Session
from game.rules.zombicide.engine import parse_setup
from game.rules.zombicide.state import ZombicideSetup
from game.table.saves import DEFAULT_SAVE_DIR

GAME_ID = "zombicide"
AUTOSAVE_NAME = "zombicide-autosave.json"


class GameSaveError(SaveFileError):
    """A Zombicide game save that cannot be written or read."""


def mission_setup(board: Any, choices: dict[str, Any]) -> ZombicideSetup:
    """The setup of a new game: the mission's ``[setup]`` table with the players' choices on top."""
    return parse_setup(dict(choices), board)


def autosave_path(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


def save_game(path: str | os.PathLike[str], session: Session, extra: dict[str, Any] | None = None) -> Path:
    """Write ``session`` to ``path`` atomically (the previous file becomes ``.bak``); returns the path."""
    try:
        return envelope.write_game(path, registry.game(GAME_ID), session, extra=extra)
    except SaveFileError as error:
        raise GameSaveError(error.path, error.what) from None


def load_game(path: str | os.PathLike[str]) -> tuple[Session, dict[str, Any]]:
    """The session rebuilt by replaying the saved log, and the saved ``extra``."""
    try:
        loaded = envelope.load_game(path)
    except SaveFileError as error:
        raise GameSaveError(error.path, error.what) from None
    if loaded.entry.id != GAME_ID:
        raise GameSaveError(path, f"a {loaded.entry.name} save, not a Zombicide one")
    return loaded.session, loaded.extra


def read_info(path: str | os.PathLike[str]) -> SaveInfo:
    """The title, round and date of a Zombicide save, read without replaying it."""
    try:
        info = envelope.read_info(path)
    except SaveFileError as error:
        raise GameSaveError(error.path, error.what) from None
    if info.game != GAME_ID:
        raise GameSaveError(path, f"a {info.game_name} save, not a Zombicide one")
    return info


def list_game_saves(save_dir: str | os.PathLike[str] = DEFAULT_SAVE_DIR) -> list[SaveInfo]:
    """Every readable Zombicide save in ``save_dir``, newest first."""
    saves, _ = envelope.list_saves(save_dir)
    return [info for info in saves if info.game == GAME_ID]


def newest_game_save(save_dir: str | os.PathLike[str] = DEFAULT_SAVE_DIR) -> Path | None:
    """The newest Zombicide save that is not finished, else None."""
    return next((info.path for info in list_game_saves(save_dir) if not info.finished), None)


def is_game_save(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` holds a Zombicide game save (not a table save), without replaying it."""
    try:
        read_info(path)
    except GameSaveError:
        return False
    return True
