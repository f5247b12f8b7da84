"""One save format for every game: the envelope.

A game save holds the game id and box, the envelope's and the game's schema versions, a stamp of
the content the game was played with, the seed, the setup, the command log, the hash of the state
the log leads to, how far the game got (read by save lists without replaying), an optional public
snapshot, the campaign link and the app's extras. Resuming replays the log, so the cards and dice
to come are exactly those the game would have dealt.

Reading runs, in order: the legacy step (a file written before the envelope becomes an envelope,
by its game's ``legacy_kinds``), the game's migration chain (``codec.migrations``, schema n → n + 1),
then pydantic validation. A newer envelope or game schema is refused, not guessed at. When the
content stamp differs from today's files the player is told which files changed; the game then
loads if it still replays to the same position, and is refused with that reason if it does not.

Every value is within ``game.limits`` (the log's length, the round, the date), the board must lie
inside the content roots and a campaign link inside the save's own folder (``game.roots``), and a
save made by newer rules (its ``ruleset_version``) is refused like a newer schema.

Writes are atomic, keep the previous file as ``<name>.bak`` and take the slot's lock (one writer
per slot). Every problem is one ``SaveFileError`` naming the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game import limits
from game.atomic import atomic_write_text
from game.board.errors import MapFormatError, one_line
from game.board.mission import load_board
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.platform import registry
from game.platform.registry import REPO_ROOT, GameEntry, SaveStatus, UnknownGameError
from game.roots import OutsideRootsError, confine, confine_content, save_roots
from game.rules.core.datafile import explain_validation_error
from game.rules.core.frozen import mutable_record, record
from game.rules.core.reasons import Said
from game.rules.core.session import SaveData, Session

ENVELOPE_KIND = "deadtable-save"
TABLE_KIND = "deadtable-table"  # a plain table's save (``game.table.saves``), not a game
ENVELOPE_VERSION = 1


class SaveFileError(Exception):
    """A game save that cannot be written, read or resumed; ``what`` says why in a player's words."""

    def __init__(self, path: str | os.PathLike[str], what: str):
        self.path = str(path)
        self.what = what
        super().__init__(f"{self.path}: {what}")


# --- the file format ------------------------------------------------------------------------------


class _Strict(BaseModel):
    # built when first used: start-up opens a game without reading or writing a save
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


class ContentStamp(_Strict):
    """A digest of every content file the game was played with, by repository-relative path."""

    hash: str
    files: dict[str, str]


EARLIEST_SAVE_YEAR = 1971  # a date a save may carry (any later one can be shown in local time)
LATEST_SAVE_YEAR = 9998
TEXT_CHARS = 500  # a title, summary or result as save lists show it


class SavedStatus(_Strict):
    round: int = Field(ge=0, le=1_000_000, strict=True)
    result: str | None = Field(default=None, max_length=TEXT_CHARS)
    summary: str = Field(default="", max_length=TEXT_CHARS)


class SavedCommand(_Strict):
    seat: str = Field(max_length=100)
    command: dict[str, Any]


class Envelope(_Strict):
    kind: Literal["deadtable-save"]
    envelope_version: int
    game: str = Field(min_length=1, max_length=100)
    box: str = Field(min_length=1, max_length=100)
    game_schema: int = Field(ge=1)
    ruleset_version: str = Field(max_length=50)
    content: ContentStamp | None = None  # None: written before content was stamped
    saved_at: datetime
    title: str = Field(max_length=TEXT_CHARS)
    board: str = Field(min_length=1, max_length=limits.MAX_PATH_CHARS)  # repository-relative when inside it
    status: SavedStatus
    seed: int = Field(strict=True)
    setup: dict[str, Any]
    log: list[SavedCommand] = Field(max_length=limits.MAX_COMMANDS)
    final_hash: str = ""
    snapshot: dict[str, Any] | None = None
    campaign: dict[str, Any] | None = None
    extra: dict[str, Any] = Field(default_factory=dict)

    @field_validator("saved_at")
    @classmethod
    def _a_date_lists_can_show(cls, moment: datetime) -> datetime:
        if not EARLIEST_SAVE_YEAR <= moment.year <= LATEST_SAVE_YEAR:
            raise ValueError(f"the year {moment.year} is not a date a save was made")
        return moment


# --- what callers get back ---------------------------------------------------------------------------


@record
class SaveInfo:
    """A game save as save lists show it, read without replaying."""

    path: Path
    game: str
    game_name: str
    box: str
    title: str
    status: SaveStatus
    saved_at: datetime  # always aware (UTC when the file gave no zone)
    campaign: str = ""  # the campaign's name, for a game played for one
    board: str = ""  # the mission or map played, as the save names it (repository-relative when inside it)

    @property
    def finished(self) -> bool:
        return self.status.finished

    def progress(self) -> str:
        return self.status.result if self.status.result is not None else f"round {self.status.round}"

    @property
    def shown_title(self) -> str:
        """The title as lists show it: with its campaign, for a game played for one."""
        return f"{self.title} (campaign {self.campaign})" if self.campaign else self.title

    def label(self) -> str:
        when = self.saved_at.astimezone().strftime("%d %b %Y %H:%M")
        details = f", {self.status.summary}" if self.status.summary else ""
        return f"{self.game_name}: {self.shown_title}{details} — {self.progress()} — {when} ({self.path.name})"


@record
class BadSave:
    """A file in a save folder that cannot be listed as a game, with the one-line reason."""

    path: Path
    reason: str


@mutable_record
class LoadedGame:
    """A game save resumed: its session rebuilt by replay, and what the app keeps beside it."""

    entry: GameEntry
    session: Session
    board_path: Path
    info: SaveInfo
    extra: dict[str, Any]
    campaign: dict[str, Any] | None
    notes: tuple[str, ...] = ()  # what the player should be told (content changed but replays the same)


# --- paths and content stamps -----------------------------------------------------------------------


def portable(path: str | os.PathLike[str]) -> str:
    """A path relative to the repository when it lies inside it (saves move with the checkout)."""
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(resolved)


def resolve(text: str) -> Path:
    path = Path(text)
    return path if path.is_absolute() else REPO_ROOT / path


def board_files(board: Any) -> tuple[Path, ...]:
    """The mission or map file of a board and every module file it places."""
    files: list[Path] = []
    source = getattr(board, "source", "")
    if source:
        files.append(Path(source))
    for placed in getattr(board, "modules", ()):
        module_path = getattr(placed.module, "path", "")
        if module_path and Path(module_path) not in files:
            files.append(Path(module_path))
    return tuple(files)


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "missing"


def content_stamp(entry: GameEntry, box: str, board: Any) -> ContentStamp:
    """The digests of the game's content files for ``box`` and of the board's files."""
    files = {portable(path): _digest(Path(path)) for path in (*entry.content_files(box), *board_files(board))}
    whole = hashlib.sha256(json.dumps(files, sort_keys=True).encode("utf-8")).hexdigest()[:16]
    return ContentStamp(hash=whole, files=dict(sorted(files.items())))


def changed_files(saved: ContentStamp, today: ContentStamp) -> list[str]:
    """The content files that differ between two stamps, each with what happened to it."""
    if saved.hash == today.hash:
        return []
    changes = []
    for name in sorted(set(saved.files) | set(today.files)):
        before, now = saved.files.get(name), today.files.get(name)
        if before == now:
            continue
        if before is None:
            changes.append(f"{name} (new)")
        elif now is None or now == "missing":
            changes.append(f"{name} (gone)")
        else:
            changes.append(f"{name} (changed)")
    return changes


# --- writing ------------------------------------------------------------------------------------------


def write_game(path: str | os.PathLike[str], entry: GameEntry, session: Session, *, title: str = "",
               campaign: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None,
               content: ContentStamp | None = None) -> Path:
    """Write ``session`` of game ``entry`` to ``path`` atomically (the previous file becomes ``.bak``).
    ``content``: the content stamp when the caller already has it (a host saving after every command)."""
    target = Path(path)
    board = session.board
    source = getattr(board, "source", "")
    if not source:
        raise SaveFileError(target, Said(N_("this game's board has no file to save")))
    recorded = session.save()
    if len(recorded.log) > limits.MAX_COMMANDS:
        raise SaveFileError(target, Said(N_("the game's log holds {count} commands: a save holds at most {most}"),
                                         count=f"{len(recorded.log):,}", most=f"{limits.MAX_COMMANDS:,}"))
    setup = entry.codec.setup_json(session)
    box = entry.box_of_setup(setup)
    status = entry.codec.status(session.state)
    data = {
        "kind": ENVELOPE_KIND,
        "envelope_version": ENVELOPE_VERSION,
        "game": entry.id,
        "box": box,
        "game_schema": entry.codec.schema,
        "ruleset_version": recorded.ruleset_version,
        "content": (content or content_stamp(entry, box, board)).model_dump(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "title": title or getattr(board, "title", "") or Path(source).stem,
        "board": portable(source),
        "status": {"round": status.round, "result": status.result, "summary": status.summary},
        "seed": recorded.seed,
        "setup": setup,
        "log": [{"seat": seat, "command": json.loads(command)} for seat, command in recorded.log],
        "final_hash": recorded.final_hash,
        "snapshot": None,
        "campaign": dict(campaign) if campaign is not None else None,
        "extra": dict(extra or {}),
    }
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise SaveFileError(target, Said(N_("the extra data is not plain JSON ({problem})"), problem=str(error))) from error
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text + "\n")
    except OSError as error:
        raise SaveFileError(target, Said(N_("could not write the save ({problem}); the previous save is intact"),
                                         problem=str(error.strerror or error))) from error
    return target


# --- reading ------------------------------------------------------------------------------------------


def _raw(path: Path) -> dict[str, Any]:
    try:
        data = read_json(path, N_("save file"))
    except JsonReadError as error:
        raise SaveFileError(path, error.what) from None
    except RecursionError:
        raise SaveFileError(path, Said(N_("not a Deadtable save (nested too deeply)"))) from None
    if not isinstance(data, dict):
        raise SaveFileError(path, Said(N_("not a game save (the file holds no JSON object)")))
    return data


def _game_of(data: dict[str, Any], path: Path) -> tuple[GameEntry, dict[str, Any]]:
    """The game a raw save belongs to and the save as an envelope dict (legacy files converted)."""
    kind = data.get("kind")
    if kind == ENVELOPE_KIND:
        version = data.get("envelope_version")
        if not _is_whole(version) or version < 1:
            raise SaveFileError(path, Said(N_("'envelope_version' is not a version number ({value})"), value=repr(str(version)[:40])))
        if version > ENVELOPE_VERSION:
            raise SaveFileError(path, Said(N_("written by a newer Deadtable (envelope version {version}; this one reads up to {most})"),
                                           version=version, most=ENVELOPE_VERSION))
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise SaveFileError(path, Said(N_("'game' is missing")))
        try:
            return registry.game(game_id, path), data
        except UnknownGameError as error:
            raise SaveFileError(path, str(error).removeprefix(f"{path}: ")) from None
    for entry in registry.games():
        legacy = entry.codec.legacy_kinds.get(str(kind))
        if legacy is not None:
            try:
                return entry, legacy(data)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise SaveFileError(path, Said(N_("an older {game} save that cannot be read ({problem})"), game=entry.name,
                                               problem=str(error))) from None
    if kind == TABLE_KIND:
        raise SaveFileError(path, Said(N_("a table save, not a game save")))
    raise SaveFileError(path, Said(N_("not a Deadtable game save (kind is {kind})"), kind=repr(kind)))


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _migrated(entry: GameEntry, data: dict[str, Any], path: Path) -> Envelope:
    version = data.get("game_schema")
    if version is None:
        raise SaveFileError(path, Said(N_("'game_schema' is missing (the save is cut short or not a Deadtable save)")))
    if not _is_whole(version) or version < 1:
        raise SaveFileError(path, Said(N_("'game_schema' is not a schema number ({value})"), value=repr(str(version)[:40])))
    if version > entry.codec.schema:
        raise SaveFileError(path, Said(N_("written by a newer Deadtable ({game} save schema {version}; this one reads up to {most})"),
                                       game=entry.name, version=version, most=entry.codec.schema))
    while version < entry.codec.schema:
        step = entry.codec.migrations.get(version)
        if step is None:
            raise SaveFileError(path, Said(N_("no migration from {game} save schema {version}"), game=entry.name, version=version))
        try:
            data = step(dict(data))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SaveFileError(path, Said(N_("could not bring schema {version} up to date ({problem})"), version=version,
                                               problem=str(error))) from None
        version += 1
        data["game_schema"] = version
    try:
        return Envelope.model_validate(data)
    except ValidationError as error:
        where, what = explain_validation_error(error, data)
        raise SaveFileError(path, f"{where}: {what}") from None


def read_envelope(path: str | os.PathLike[str]) -> tuple[GameEntry, Envelope]:
    """The save at ``path`` as today's envelope, with its game (nothing is replayed): a box the game
    has, rules no newer than today's, a board inside the content roots and a campaign link inside
    the save's folder."""
    target = Path(path)
    entry, data = _game_of(_raw(target), target)
    envelope = _migrated(entry, data, target)
    try:
        entry.box(envelope.box, target)
        rules_version = str(entry.ruleset(envelope.box).version)
    except (UnknownGameError, ValueError) as error:
        raise SaveFileError(target, str(error).removeprefix(f"{target}: ")) from None
    if _version_parts(envelope.ruleset_version) is None:
        raise SaveFileError(target, Said(N_("{game} rules version {version} is not a version number (this Deadtable plays "
                                            "version {ours})"), game=entry.name, version=repr(envelope.ruleset_version[:40]),
                                         ours=repr(rules_version)))
    if _newer(envelope.ruleset_version, rules_version):
        raise SaveFileError(target, Said(N_("written by a newer Deadtable ({game} rules version {version}; this one plays "
                                            "version {ours})"), game=entry.name, version=repr(envelope.ruleset_version),
                                         ours=repr(rules_version)))
    board_path(envelope, target)
    campaign_path(envelope, target)
    return entry, envelope


def _version_parts(text: str) -> tuple[int, ...] | None:
    parts = text.strip().split(".")
    if not all(part.isdigit() and len(part) <= 9 for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _newer(saved: str, today: str) -> bool:
    """Whether rules version ``saved`` is newer than ``today`` (an unreadable one counts as newer)."""
    saved_parts, today_parts = _version_parts(saved), _version_parts(today)
    if saved_parts is None or today_parts is None:
        return saved != today
    return saved_parts > today_parts


def board_path(envelope: Envelope, save_path: str | os.PathLike[str]) -> Path:
    """The mission or table file a save is played on, inside the content roots (SaveFileError if not)."""
    try:
        return confine_content(envelope.board, REPO_ROOT, "the board")
    except OutsideRootsError as error:
        raise SaveFileError(save_path, error.what) from None


def campaign_path(envelope: Envelope, save_path: str | os.PathLike[str]) -> Path | None:
    """The campaign file a save links to (None without a link), inside the save's own folder or the
    save folder (SaveFileError if not): ending the game rewrites that file."""
    link = envelope.campaign
    if not link or not isinstance(link.get("path"), str):
        return None  # no link, or one the game's own reader refuses with its reason
    return resolve_campaign_link(link, save_path)


def resolve_campaign_link(link: Mapping[str, Any], save_path: str | os.PathLike[str]) -> Path:
    """Where a campaign link points: relative to the save's folder when it says ``"relative_to":
    "save"``, else (links written so far) to the repository; always inside the save's folder or the
    save folder (SaveFileError if not). The games' readers of links should resolve them here."""
    base = Path(save_path).parent if link.get("relative_to") == "save" else REPO_ROOT
    try:
        return confine(str(link.get("path", "")), base, save_roots(save_path), "the campaign link")
    except OutsideRootsError as error:
        raise SaveFileError(save_path, error.what) from None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _info(path: Path, entry: GameEntry, envelope: Envelope) -> SaveInfo:
    campaign = envelope.campaign or {}
    name = campaign.get("name") if isinstance(campaign, dict) else ""
    return SaveInfo(path=path, game=entry.id, game_name=entry.name, box=envelope.box, title=envelope.title,
                    status=SaveStatus(envelope.status.round, envelope.status.result, envelope.status.summary),
                    saved_at=_aware(envelope.saved_at), campaign=str(name or ""), board=envelope.board)


def read_info(path: str | os.PathLike[str]) -> SaveInfo:
    """How far the game at ``path`` got, without replaying it."""
    target = Path(path)
    entry, envelope = read_envelope(target)
    return _info(target, entry, envelope)


def is_game_save(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` holds a game save of a registered game (in any format this build reads)."""
    try:
        read_envelope(path)
    except SaveFileError:
        return False
    return True


def claims_game_file(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` says it is a game save (an envelope, or an older format a registered game
    reads), usable or not: its problems are then told as a game save's, not a table's."""
    try:
        kind = _raw(Path(path)).get("kind")
    except SaveFileError:
        return False
    if kind == TABLE_KIND:
        return False
    return kind == ENVELOPE_KIND or any(str(kind) in entry.codec.legacy_kinds for entry in registry.games())


NOT_SAVES = frozenset({"settings.json"})  # the player's settings live beside the saves: never a save to list


def list_saves(folder: str | os.PathLike[str]) -> tuple[list[SaveInfo], list[BadSave]]:
    """Every game save in ``folder``, newest first, and the files that could not be listed, each with
    its reason (table saves are neither: they are not games)."""
    found: list[tuple[float, datetime, SaveInfo]] = []
    bad: list[BadSave] = []
    directory = Path(folder)
    if not directory.is_dir():
        return [], []
    for path in sorted(directory.glob("*.json")):
        if path.name in NOT_SAVES:
            continue
        try:
            info = read_info(path)
            found.append((path.stat().st_mtime, info.saved_at, info))
        except SaveFileError as error:
            if "a table save" not in error.what:
                bad.append(BadSave(path, error.what))
        except OSError as error:
            bad.append(BadSave(path, Said(N_("could not read the file ({problem})"), problem=str(error.strerror or error))))
        except Exception as error:  # a reader's bug must not stop the list: the file is shown greyed
            bad.append(BadSave(path, Said(N_("could not be read ({problem})"), problem=f"{type(error).__name__}: {error}")))
    found.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [info for _, _, info in found], bad


def newest_unfinished(folder: str | os.PathLike[str]) -> SaveInfo | None:
    """What "Continue" opens: the newest game save that is not finished."""
    saves, _ = list_saves(folder)
    return next((info for info in saves if not info.finished), None)


def content_changes(path: str | os.PathLike[str]) -> list[str]:
    """The content files that changed since the game at ``path`` was saved (nothing is replayed)."""
    entry, saved = read_envelope(path)
    if saved.content is None:
        return []
    try:
        board = load_board(board_path(saved, path))
    except (MapFormatError, OSError):
        return [f"{saved.board} (unreadable)"]
    return changed_files(saved.content, content_stamp(entry, saved.box, board))


def content_note(changes: list[str]) -> str:
    return (f"The content changed since this game was saved ({', '.join(changes)}); "
            "the game replays to the same position.")


def load_game(path: str | os.PathLike[str]) -> LoadedGame:
    """The game at ``path`` resumed by replaying its log on today's engine and content."""
    target = Path(path)
    entry, envelope = read_envelope(target)
    board_file = board_path(envelope, target)
    try:
        board = load_board(board_file)
    except MapFormatError as error:
        raise SaveFileError(target, Said(N_("its board cannot be loaded: {problem}"), problem=str(error.problems[0]))) from None
    except OSError as error:
        raise SaveFileError(target, Said(N_("its board {board} cannot be read ({problem})"), board=envelope.board,
                                         problem=str(error.strerror or error))) from None
    changes: list[str] = []
    if envelope.content is not None:
        changes = changed_files(envelope.content, content_stamp(entry, envelope.box, board))
    ruleset = entry.ruleset(envelope.box)
    recorded = SaveData(
        ruleset=ruleset.name, ruleset_version=envelope.ruleset_version, seed=envelope.seed,
        setup_json=json.dumps(envelope.setup),
        log=tuple((c.seat, json.dumps(c.command)) for c in envelope.log), final_hash=envelope.final_hash,
    )
    try:
        session = Session.load(ruleset, board, recorded)
    except Exception as error:  # a command, setup or content the rules no longer accept
        reason = one_line(str(error).removeprefix(f"{target}: "), 300)
        if envelope.ruleset_version != ruleset.version:
            raise SaveFileError(target, Said(N_("it was saved under {game} rules version {version}; the rules were "
                                                "corrected since (now version {ours}) and the game no longer replays: "
                                                "{problem}. The file is left as it was"), game=entry.name,
                                             version=envelope.ruleset_version, ours=ruleset.version, problem=reason)) from None
        if changes:
            raise SaveFileError(target, Said(N_("the content changed since this game was saved ({files}) and the game no "
                                                "longer replays: {problem}"), files=", ".join(changes), problem=reason)) from None
        raise SaveFileError(target, Said(N_("the game does not replay: {problem}"), problem=reason)) from None
    notes = (content_note(changes),) if changes else ()
    return LoadedGame(entry=entry, session=session, board_path=board_file, info=_info(target, entry, envelope),
                      extra=dict(envelope.extra), campaign=envelope.campaign, notes=notes)


def legacy_log(session: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The command log of a pre-envelope ``session`` block: a list of {seat, command}."""
    entries = session["log"]
    if not isinstance(entries, list):
        raise ValueError("the log is not a list")
    return [{"seat": str(e["seat"]), "command": dict(e["command"])} for e in entries]


