"""Saving and loading the table as versioned JSON that never loses a game.

A save names its board source (relative to the repository when it lies inside it), the pieces
keyed by id, and the camera. Writes are atomic and keep the previous save as ``<name>.bak``.
Loading reads only: it runs the migration chain on the raw JSON, then validates it with pydantic
(every number within ``game.limits``), and turns every problem into one ``SaveError`` naming the
file and the place. The board source must lie inside the content roots (``game.roots``), and
``open_table`` checks the pieces against the board and the token manifest: a zone the board does not
have or a token nobody drew is refused.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game import limits
from game.atomic import atomic_write_text, backup_path
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.roots import DEFAULT_SAVE_DIR, REPO_ROOT, OutsideRootsError, confine_content
from game.table.state import CameraState, Piece, TableState

if TYPE_CHECKING:
    from game.board.model import Board

__all__ = ["DEFAULT_SAVE_DIR", "REPO_ROOT"]  # where saves go and what stored paths are relative to
AUTOSAVE_NAME = "autosave.json"
SAVE_KIND = "deadtable-table"
SCHEMA_VERSION = 1

# Each step turns a save of schema ``n`` into schema ``n + 1``; they run before validation.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


class SaveError(Exception):
    """A save that cannot be written or read; ``what`` says why in words a player understands."""

    def __init__(self, path: str | os.PathLike[str], what: str):
        self.path = str(path)
        self.what = what
        super().__init__(f"{self.path}: {what}")


# --- the file format -----------------------------------------------------------------------


class _Strict(BaseModel):
    # built when first used: start-up opens a game without reading or writing a save
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


# Numbers are strict: a whole number is a number, but true and "12" are not.
COORDINATE_CM = Field(ge=-limits.MAX_COORDINATE_CM, le=limits.MAX_COORDINATE_CM, strict=True)


class SavedPiece(_Strict):
    token: str = Field(min_length=1, max_length=100)
    label: str = Field(default="", max_length=200)
    side: Literal["survivor", "zombie", "token"]
    base_cm: float = Field(ge=limits.MIN_BASE_CM, le=limits.MAX_BASE_CM, strict=True)
    x_cm: float = COORDINATE_CM
    y_cm: float = COORDINATE_CM
    facing_deg: float = Field(default=0.0, ge=-360.0, le=360.0, strict=True)
    zone: str | None = Field(default=None, max_length=200)


class SavedCamera(_Strict):
    center_x_cm: float = Field(default=0.0, ge=-limits.MAX_COORDINATE_CM, le=limits.MAX_COORDINATE_CM, strict=True)
    center_y_cm: float = Field(default=0.0, ge=-limits.MAX_COORDINATE_CM, le=limits.MAX_COORDINATE_CM, strict=True)
    zoom_px_per_cm: float = Field(default=10.0, ge=limits.MIN_SAVED_ZOOM_PX_PER_CM,
                                  le=limits.MAX_SAVED_ZOOM_PX_PER_CM, strict=True)


class TableSave(_Strict):
    schema_version: Literal[1]
    kind: Literal["deadtable-table"]
    app_version: str
    saved_at: datetime
    source: str = Field(min_length=1, max_length=limits.MAX_PATH_CHARS)  # relative to the repository, or absolute
    pieces: dict[str, SavedPiece] = Field(default_factory=dict, max_length=limits.MAX_PIECES)
    camera: SavedCamera = Field(default_factory=SavedCamera)

    @field_validator("pieces")
    @classmethod
    def _ids_are_not_blank(cls, pieces: dict[str, SavedPiece]) -> dict[str, SavedPiece]:
        if any(not piece_id.strip() for piece_id in pieces):
            raise ValueError("a piece id is empty")
        if any(len(piece_id) > 200 for piece_id in pieces):
            raise ValueError("a piece id is longer than 200 characters")
        return pieces


# --- saving --------------------------------------------------------------------------------


@cache
def app_version() -> str:
    try:
        with open(REPO_ROOT / "pyproject.toml", "rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "0+unknown"


def source_for_save(source: str) -> str:
    """The board path as stored: relative to the repository (with ``/``) when inside it."""
    path = Path(source)
    if not path.is_absolute():
        path = Path.cwd() / path if (Path.cwd() / path).exists() else REPO_ROOT / path
    path = Path(os.path.normpath(path))
    try:
        return path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def source_on_disk(stored: str) -> Path:
    """Where a stored board path points to on this machine (not yet checked against the roots)."""
    path = Path(stored)
    return path if path.is_absolute() else REPO_ROOT / path


def table_to_save(state: TableState, saved_at: datetime) -> TableSave:
    """The save document for ``state``; validated as a whole so errors name the piece."""
    camera = state.camera
    return TableSave.model_validate(
        {
            "schema_version": SCHEMA_VERSION,
            "kind": SAVE_KIND,
            "app_version": app_version(),
            "saved_at": saved_at,
            "source": source_for_save(state.source),
            "pieces": {
                piece.id: {
                    "token": piece.token,
                    "label": piece.label,
                    "side": piece.side,
                    "base_cm": piece.base_cm,
                    "x_cm": piece.x_cm,
                    "y_cm": piece.y_cm,
                    "facing_deg": piece.facing_deg,
                    "zone": piece.zone,
                }
                for piece in state.pieces.values()
            },
            "camera": {
                "center_x_cm": camera.center_x_cm,
                "center_y_cm": camera.center_y_cm,
                "zoom_px_per_cm": camera.zoom_px_per_cm,
            },
        }
    )


def save_table(
    path: str | os.PathLike[str],
    state: TableState,
    *,
    now: datetime | Callable[[], datetime] | None = None,
) -> Path:
    """Write ``state`` to ``path`` atomically (the previous save becomes ``<name>.bak``)."""
    target = Path(path)
    moment = now() if callable(now) else now
    if moment is None:
        moment = datetime.now(UTC)
    try:
        document = table_to_save(state, moment)
    except ValidationError as error:
        raise SaveError(target, f"the table cannot be saved: {_describe(error)}") from error
    text = json.dumps(document.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text)
    except OSError as error:
        raise SaveError(target, f"could not write the save ({error.strerror or error}); the previous save is intact") from error
    return target


# --- loading -------------------------------------------------------------------------------


def migrate(
    data: dict[str, Any],
    *,
    migrations: dict[int, Migration] | None = None,
    current: int = SCHEMA_VERSION,
) -> dict[str, Any]:
    """Bring raw save data up to ``current`` one schema step at a time (ValueError if it cannot)."""
    steps = MIGRATIONS if migrations is None else migrations
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError(f"schema_version must be a whole number, not {version!r}")
    if version > current:
        raise ValueError(
            f"made by a newer Deadtable (save schema {version}; this version reads up to {current})"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise ValueError(f"save schema {version} is too old to read (no migration from it)")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


def read_save(path: str | os.PathLike[str]) -> TableSave:
    """Read and validate a save file without touching anything on disk."""
    source = Path(path)
    try:
        raw = read_json(source, N_("save file"))
    except JsonReadError as error:
        raise SaveError(source, error.what) from error
    if not isinstance(raw, dict):
        raise SaveError(source, "not a Deadtable save (the file holds no JSON object)")
    if raw.get("kind") != SAVE_KIND:
        kind = raw.get("kind")
        said = f"its kind is {str(kind)[:40]!r}" if kind is not None else "it has no \"kind\""
        raise SaveError(source, f"not a Deadtable save ({said}; a table save's is \"{SAVE_KIND}\")")
    try:
        raw = migrate(raw)
    except ValueError as error:
        raise SaveError(source, str(error)) from error
    try:
        return TableSave.model_validate(raw)
    except ValidationError as error:
        raise SaveError(source, _describe(error)) from error


def load_table(path: str | os.PathLike[str]) -> TableState:
    """The table saved in ``path``; its ``source`` is the board file's absolute path on this machine,
    inside the content roots."""
    document = read_save(path)
    try:
        board_path = confine_content(document.source, REPO_ROOT, "the board source")
    except OutsideRootsError as error:
        raise SaveError(path, error.what) from None
    if not board_path.is_file():
        raise SaveError(path, f"the board source file is missing: {document.source}")
    return TableState(
        source=str(board_path),
        pieces={
            piece_id: Piece(
                id=piece_id,
                token=saved.token,
                label=saved.label,
                side=saved.side,
                base_cm=saved.base_cm,
                x_cm=saved.x_cm,
                y_cm=saved.y_cm,
                facing_deg=saved.facing_deg,
                zone=saved.zone,
            )
            for piece_id, saved in document.pieces.items()
        },
        camera=CameraState(
            center_x_cm=document.camera.center_x_cm,
            center_y_cm=document.camera.center_y_cm,
            zoom_px_per_cm=document.camera.zoom_px_per_cm,
        ),
    )


def recover_table(path: str | os.PathLike[str]) -> tuple[TableState, Path]:
    """Load ``path``, or its ``.bak`` when the save itself is unusable; raises the save's own error."""
    try:
        return load_table(path), Path(path)
    except SaveError as first:
        backup = backup_path(path)
        if not backup.exists():
            raise
        try:
            return load_table(backup), backup
        except SaveError:
            raise first from None


def open_table(path: str | os.PathLike[str]) -> tuple[Board, TableState]:
    """The board and the table saved in ``path``, every piece checked against them: its zone is one
    the board has, and its token one the manifest (or the flat tokens) draws. Raises SaveError."""
    from game.board.errors import MapFormatError, describe_error
    from game.board.mission import load_board  # boards are only loaded when a table is opened
    from game.table.setup import TokenManifestError, load_token_manifest
    from game.table.tray import FLAT_TOKENS

    state = load_table(path)
    try:
        board = load_board(state.source)
    except (MapFormatError, OSError) as error:
        raise SaveError(path, f"its board cannot be loaded: {describe_error(error)}") from None
    try:
        tokens: set[str] | None = set(load_token_manifest()) | set(FLAT_TOKENS)
    except TokenManifestError:
        tokens = None  # the app says the manifest is broken; the pieces are still placed
    for piece_id, piece in state.pieces.items():
        if piece.zone is not None and piece.zone not in board.zones:
            raise SaveError(path, f"pieces.{piece_id}.zone: the board has no zone {piece.zone!r}")
        if tokens is not None and piece.token not in tokens:
            raise SaveError(path, f"pieces.{piece_id}.token: unknown token {piece.token!r}")
    return board, state


def _describe(error: ValidationError) -> str:
    """``pieces.walker-3.x_cm: Input should be a valid number`` for each problem, joined by ``; ``."""
    parts = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem["loc"]) or "save"
        parts.append(f"{where}: {problem['msg']}")
    return "; ".join(parts)

