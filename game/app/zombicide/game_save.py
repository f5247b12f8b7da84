"""Saving and resuming a Zombicide game: the mission, the seed, the setup and the command log.

A game save replays its log from the seed, so the cards and dice to come are exactly those the
game would have dealt. Writes are atomic and keep the previous file as ``<name>.bak``; a file that
cannot be read or no longer replays gives one ``GameSaveError`` naming the file and what is wrong.
``extra`` carries what the app wants back (camera, speed, players' names), as plain JSON.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.board.errors import MapFormatError
from game.board.mission import load_board
from game.rules.core.session import SaveData, Session
from game.rules.zombicide.engine import ZombicideRules, parse_setup
from game.rules.zombicide.state import ZombicideSetup
from game.table.atomic import atomic_write_text
from game.table.saves import DEFAULT_SAVE_DIR, REPO_ROOT

GAME_SAVE_KIND = "deadtable-zombicide-game"
GAME_SCHEMA_VERSION = 1
AUTOSAVE_NAME = "zombicide-autosave.json"


class GameSaveError(Exception):
    """A game save that cannot be written or read; ``what`` says why in a player's words."""

    def __init__(self, path: str | os.PathLike[str], what: str):
        self.path = str(path)
        self.what = what
        super().__init__(f"{self.path}: {what}")


@dataclass(frozen=True, slots=True)
class GameSaveInfo:
    """What the start screen lists about a save without replaying it."""

    path: Path
    title: str
    mission: str
    round: int
    saved_at: datetime
    result: str | None


def mission_setup(board: Any, choices: dict[str, Any]) -> ZombicideSetup:
    """The setup of a new game: the mission's ``[setup]`` table with the players' choices on top."""
    return parse_setup(dict(choices), board)


def autosave_path(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


def _portable(path: str) -> str:
    """A path relative to the repository when it lies inside it (saves move with the checkout)."""
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(resolved)


def _resolve_mission(text: str) -> Path:
    path = Path(text)
    return path if path.is_absolute() else REPO_ROOT / path


def save_game(path: str | os.PathLike[str], session: Session, extra: dict[str, Any] | None = None) -> Path:
    """Write ``session`` to ``path`` atomically (the previous file becomes ``.bak``); returns the path."""
    target = Path(path)
    source = getattr(session.board, "source", "")
    if not source:
        raise GameSaveError(target, "this game's board has no mission file to save")
    state = session.state
    recorded = json.loads(session.save().to_json())
    applied = getattr(state, "setup", None)
    if applied is not None and hasattr(applied, "model_dump"):
        # the whole setup as the game applied it, so a later edit of the mission's [setup] table
        # (or a caller's setup built without it) cannot change the game on load
        recorded["setup"] = applied.model_dump(mode="json")
    data = {
        "schema_version": GAME_SCHEMA_VERSION,
        "kind": GAME_SAVE_KIND,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "mission": _portable(source),
        "title": getattr(session.board, "title", "") or Path(source).stem,
        "round": int(getattr(state, "round", 0)),
        "result": getattr(state, "result", None),
        "session": recorded,
        "extra": extra or {},
    }
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise GameSaveError(target, f"the extra data is not plain JSON ({error})") from error
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text + "\n")
    except OSError as error:
        raise GameSaveError(target, f"could not write the save ({error.strerror or error})") from error
    return target


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameSaveError(path, "no such save") from None
    except (OSError, UnicodeDecodeError) as error:
        raise GameSaveError(path, f"could not read the save ({error})") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameSaveError(path, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if not isinstance(data, dict):
        raise GameSaveError(path, "not a game save (the file holds no JSON object)")
    if data.get("kind") != GAME_SAVE_KIND:
        raise GameSaveError(path, f"not a Zombicide game save (kind is {data.get('kind')!r})")
    version = data.get("schema_version")
    if version != GAME_SCHEMA_VERSION:
        raise GameSaveError(path, f"schema_version {version!r} is not one this version reads ({GAME_SCHEMA_VERSION})")
    for key, kind in (("mission", str), ("session", dict), ("extra", dict)):
        if not isinstance(data.get(key), kind):
            raise GameSaveError(path, f"'{key}' is missing or not a {kind.__name__}")
    return data


def load_game(path: str | os.PathLike[str]) -> tuple[Session, dict[str, Any]]:
    """The session rebuilt by replaying the saved log, and the saved ``extra``."""
    target = Path(path)
    data = _read(target)
    mission = _resolve_mission(data["mission"])
    try:
        board = load_board(mission)
    except MapFormatError as error:
        raise GameSaveError(target, f"its mission cannot be loaded: {error.problems[0]}") from None
    except OSError as error:
        raise GameSaveError(target, f"its mission {data['mission']} cannot be read ({error})") from None
    try:
        save = SaveData.from_json(json.dumps(data["session"]), source=str(target))
        session = Session.load(ZombicideRules(), board, save)
    except ValueError as error:
        reason = str(error).removeprefix(f"{target}: ")
        raise GameSaveError(target, f"the game does not replay: {reason}") from None
    except Exception as error:  # a command or setup the rules no longer accept
        raise GameSaveError(target, f"the game does not replay: {error}") from None
    return session, dict(data["extra"])


def read_info(path: str | os.PathLike[str]) -> GameSaveInfo:
    """The title, round and date of a save, read without replaying it."""
    target = Path(path)
    data = _read(target)
    try:
        saved_at = datetime.fromisoformat(str(data.get("saved_at")))
    except ValueError:
        saved_at = datetime.fromtimestamp(target.stat().st_mtime, UTC)
    return GameSaveInfo(path=target, title=str(data.get("title") or Path(data["mission"]).stem),
                        mission=data["mission"], round=int(data.get("round") or 0), saved_at=saved_at,
                        result=data.get("result"))


def list_game_saves(save_dir: str | os.PathLike[str] = DEFAULT_SAVE_DIR) -> list[GameSaveInfo]:
    """Every readable game save in ``save_dir``, newest first (table saves and broken files are skipped)."""
    folder = Path(save_dir)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append(read_info(path))
        except (GameSaveError, OSError):
            continue
    found.sort(key=lambda info: (info.path.stat().st_mtime, info.saved_at), reverse=True)
    return found


def newest_game_save(save_dir: str | os.PathLike[str] = DEFAULT_SAVE_DIR) -> Path | None:
    """What "continue" opens: the newest game save that is not finished, else None."""
    for info in list_game_saves(save_dir):
        if info.result is None:
            return info.path
    return None


def is_game_save(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` holds a game save (not a table save), without replaying it."""
    try:
        _read(Path(path))
    except GameSaveError:
        return False
    return True
