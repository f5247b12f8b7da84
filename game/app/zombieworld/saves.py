"""Zombieworld game saves and the saved bands of the band builder.

A game save holds the table file, the seed, the setup (the bands as played) and the command log;
resuming replays the log, so the dice to come are the ones the game would have rolled. Writes are
atomic and keep the previous file as ``.bak``; a file that cannot be used raises ``ZwSaveError``
naming the file and what is wrong.

A game played for a campaign is linked to it (``link_campaign(session, link)``): every save of that
session writes the link, and loading the save links the rebuilt session again, so the game still
belongs to its campaign after a save, quit and resume (``campaign_link(session)``).
Schema 2 added the ``campaign`` block; schema 1 saves load as games of no campaign.
"""

from __future__ import annotations

import json
import os
import re
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.board.errors import MapFormatError
from game.board.mission import load_board
from game.rules.core.session import SaveData, Session
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.engine import ZombieworldRules
from game.table.atomic import atomic_write_text
from game.table.saves import DEFAULT_SAVE_DIR, REPO_ROOT

GAME_SAVE_KIND = "deadtable-zombieworld-game"
SCHEMA_VERSION = 2  # 2: the campaign link
READABLE_VERSIONS = (1, 2)
AUTOSAVE_NAME = "zombieworld-autosave.json"
BANDS_DIR_NAME = "bands"
TABLES_DIR = REPO_ROOT / "maps" / "zombieworld"


class ZwSaveError(Exception):
    def __init__(self, path: str | os.PathLike[str], what: str):
        self.path = str(path)
        self.what = what
        super().__init__(f"{self.path}: {what}")


def autosave_path(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


def _portable(path: Path) -> str:
    try:
        return Path(path).resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(Path(path).resolve())


def _resolve(text: str) -> Path:
    path = Path(text)
    return path if path.is_absolute() else REPO_ROOT / path


@dataclass(frozen=True, slots=True)
class CampaignLink:
    """The campaign a game belongs to: its file, its name, and how many games it had recorded when
    this one started (the game is folded in only while that is still so, so never twice)."""

    path: Path
    name: str
    games_at_start: int

    def to_json(self) -> dict[str, Any]:
        return {"path": _portable(self.path), "name": self.name, "games_at_start": self.games_at_start}

    @classmethod
    def from_json(cls, data: Any, source: Path) -> CampaignLink | None:
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("path"), str) or not data["path"] \
                or not isinstance(data.get("games_at_start"), int) or data["games_at_start"] < 0:
            raise ZwSaveError(source, "'campaign' needs a path and a whole number games_at_start")
        return cls(_resolve(data["path"]), str(data.get("name") or Path(data["path"]).stem), data["games_at_start"])


_links: dict[int, tuple[weakref.ref[Session], CampaignLink]] = {}


def link_campaign(session: Session, link: CampaignLink | None) -> None:
    """Tie ``session`` to a campaign (None unties it) for as long as the session lives."""
    key = id(session)
    if link is None:
        _links.pop(key, None)
        return

    def forget(_gone: weakref.ref[Session]) -> None:
        _links.pop(key, None)

    _links[key] = (weakref.ref(session, forget), link)


def campaign_link(session: Session) -> CampaignLink | None:
    entry = _links.get(id(session))
    return entry[1] if entry is not None and entry[0]() is session else None


def save_game(path: str | os.PathLike[str], session: Session, table_path: Path,
              extra: dict[str, Any] | None = None) -> Path:
    target = Path(path)
    state = session.state
    link = campaign_link(session)
    data = {
        "schema_version": SCHEMA_VERSION,
        "kind": GAME_SAVE_KIND,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "table": _portable(table_path),
        "title": getattr(session.board, "title", "") or Path(table_path).stem,
        "scenario": state.scenario,
        "round": state.round,
        "finished": state.finished,
        "session": json.loads(session.save().to_json()),
        "extra": extra or {},
        "campaign": link.to_json() if link is not None else None,
    }
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except OSError as error:
        raise ZwSaveError(target, f"could not write the save ({error.strerror or error})") from error
    return target


def is_zombieworld_save(path: str | os.PathLike[str]) -> bool:
    try:
        head = Path(path).read_text(encoding="utf-8")[:4000]
    except (OSError, UnicodeDecodeError):
        return False
    return GAME_SAVE_KIND in head


def load_game(path: str | os.PathLike[str]) -> tuple[Session, Path, dict[str, Any]]:
    """The session rebuilt by replay, the table file it is played on and the saved ``extra``."""
    target = Path(path)
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ZwSaveError(target, "no such save") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ZwSaveError(target, f"could not read the save ({error})") from None
    except json.JSONDecodeError as error:
        raise ZwSaveError(target, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if not isinstance(data, dict) or data.get("kind") != GAME_SAVE_KIND:
        raise ZwSaveError(target, "not a Zombieworld game save")
    data = migrate(data, target)
    if not isinstance(data.get("table"), str) or not isinstance(data.get("session"), dict):
        raise ZwSaveError(target, "'table' or 'session' is missing")
    link = CampaignLink.from_json(data.get("campaign"), target)
    table_path = _resolve(data["table"])
    try:
        board = load_board(table_path)
    except MapFormatError as error:
        raise ZwSaveError(target, f"its table cannot be loaded: {error.problems[0]}") from None
    except OSError as error:
        raise ZwSaveError(target, f"its table {data['table']} cannot be read ({error})") from None
    try:
        save = SaveData.from_json(json.dumps(data["session"]), source=str(target))
        session = Session.load(ZombieworldRules(), board, save)
    except Exception as error:  # a log or setup the rules no longer accept
        reason = str(error).removeprefix(f"{target}: ")
        raise ZwSaveError(target, f"the game does not replay: {reason}") from None
    link_campaign(session, link)
    extra = data.get("extra")
    return session, table_path, dict(extra) if isinstance(extra, dict) else {}


def migrate(data: dict[str, Any], source: Path) -> dict[str, Any]:
    """A save of an older schema brought to the current one; a newer or unknown one is refused."""
    version = data.get("schema_version")
    if version not in READABLE_VERSIONS:
        raise ZwSaveError(source, f"schema_version {version!r} is not one of {', '.join(map(str, READABLE_VERSIONS))}")
    data = dict(data)
    if version == 1:
        data["campaign"] = None  # schema 1 knew no campaigns
        data["schema_version"] = 2
    return data


@dataclass(frozen=True, slots=True)
class ZwSaveInfo:
    """What the start screen lists about a Zombieworld save without replaying it."""

    path: Path
    title: str
    scenario: str
    round: int
    saved_at: datetime
    finished: bool
    campaign: str = ""  # the campaign's name, for a game played for one


def read_info(path: str | os.PathLike[str]) -> ZwSaveInfo:
    """The table title, scenario, round and date of a save, read without replaying it."""
    target = Path(path)
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ZwSaveError(target, f"could not read the save ({error})") from None
    if not isinstance(data, dict) or data.get("kind") != GAME_SAVE_KIND:
        raise ZwSaveError(target, "not a Zombieworld game save")
    try:
        saved_at = datetime.fromisoformat(str(data.get("saved_at")))
    except ValueError:
        saved_at = datetime.fromtimestamp(target.stat().st_mtime, UTC)
    round_number = data.get("round")
    link = data.get("campaign")
    campaign = str(link.get("name") or "") if isinstance(link, dict) else ""
    title = str(data.get("title") or Path(str(data.get("table", target.stem))).stem)
    return ZwSaveInfo(path=target, title=f"{title} (campaign {campaign})" if campaign else title,
                      scenario=str(data.get("scenario") or ""),
                      round=round_number if isinstance(round_number, int) else 0, saved_at=saved_at,
                      finished=bool(data.get("finished")), campaign=campaign)


# --- bands ---------------------------------------------------------------------------------------


def bands_dir(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / BANDS_DIR_NAME


def band_file_name(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "band"
    return f"{slug}.json"


def save_band_file(band: Band, save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    target = bands_dir(save_dir) / band_file_name(band.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, band.to_json() + "\n")
    return target


def saved_bands(save_dir: Path = DEFAULT_SAVE_DIR) -> list[tuple[Path, Band | None, str]]:
    """Every band file: (path, band, "") or (path, None, why it cannot be read)."""
    found: list[tuple[Path, Band | None, str]] = []
    folder = bands_dir(save_dir)
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            found.append((path, Band.from_json(path.read_text(encoding="utf-8"), str(path)), ""))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            found.append((path, None, str(error)))
    return found


def shipped_tables() -> list[tuple[Path, str]]:
    """The free tables in maps/zombieworld: (path, title)."""
    tables = []
    for path in sorted(TABLES_DIR.glob("*.tmx")):
        title = path.stem
        try:
            text = path.read_text(encoding="utf-8")
            found = re.search(r'name="title" value="([^"]+)"', text)
            title = found.group(1) if found else title
        except OSError:
            pass
        tables.append((path, title))
    return tables
