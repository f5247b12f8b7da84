"""Zombieworld game saves and the saved bands of the band builder.

A game save is the save envelope every game shares (``game.platform.envelope``): the table file, the
seed, the setup (the bands as played) and the command log; resuming replays the log, so the dice to
come are the ones the game would have rolled. Writes are atomic and keep the previous file as
``.bak``; a file that cannot be used raises ``ZwSaveError`` naming the file and what is wrong.

A game played for a campaign is linked to it (``link_campaign(session, link)``): every save of that
session writes the link, and loading the save links the rebuilt session again, so the game still
belongs to its campaign after a save, quit and resume (``campaign_link(session)``).
Saves written before the envelope (``deadtable-zombieworld-game`` schema 1, and 2 with its campaign
block) are converted on reading by the game's registration.
"""

from __future__ import annotations

import os
import re
import weakref
from datetime import datetime
from pathlib import Path
from typing import Any

from game.atomic import atomic_write_text
from game.i18n import N_, _, language
from game.platform import envelope, registry
from game.platform.envelope import SaveFileError
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.core.session import Session
from game.rules.zombieworld.band import Band, load_band
from game.rules.zombieworld.catalog import load_catalog
from game.table.saves import DEFAULT_SAVE_DIR

GAME_ID = "zombieworld"
AUTOSAVE_NAME = "zombieworld-autosave.json"
BANDS_DIR_NAME = "bands"


class ZwSaveError(SaveFileError):
    """A Zombieworld game save that cannot be written or read."""


def autosave_path(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


@record
class CampaignLink:
    """The campaign a game belongs to: its file, its name, and how many games it had recorded when
    this one started (the game is folded in only while that is still so, so never twice)."""

    path: Path
    name: str
    games_at_start: int

    def to_json(self, save_path: Path) -> dict[str, Any]:
        """The link as a save at ``save_path`` keeps it: relative to the save's own folder, so the
        campaign and its games move together and no save names a file outside the save folder."""
        relative = os.path.relpath(self.path.resolve(), Path(save_path).resolve().parent)
        return {"path": Path(relative).as_posix(), "relative_to": "save", "name": self.name,
                "games_at_start": self.games_at_start}

    @classmethod
    def from_json(cls, data: Any, source: Path) -> CampaignLink | None:
        """The link a save holds (relative to its folder, or, in saves written before, to the
        repository); a link leading outside the save folder is refused (ZwSaveError)."""
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("path"), str) or not data["path"] \
                or not isinstance(data.get("games_at_start"), int) or isinstance(data["games_at_start"], bool) \
                or data["games_at_start"] < 0:
            raise ZwSaveError(source, Said(N_("'campaign' needs a path and a whole number games_at_start")))
        try:
            path = envelope.resolve_campaign_link(data, source)
        except SaveFileError as error:
            raise ZwSaveError(error.path, error.what) from None
        return cls(path, str(data.get("name") or Path(data["path"]).stem), data["games_at_start"])


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
    """Write ``session`` (played on ``table_path``) in the save envelope, with its campaign link."""
    link = campaign_link(session)
    if Path(getattr(session.board, "source", "") or table_path).resolve() != Path(table_path).resolve():
        raise ZwSaveError(path, Said(N_("the game is played on {board}, not on {table}"), board=str(session.board.source),
                                     table=str(table_path)))
    try:
        return envelope.write_game(path, registry.game(GAME_ID), session,
                                   campaign=link.to_json(Path(path)) if link is not None else None, extra=extra)
    except SaveFileError as error:
        raise ZwSaveError(error.path, error.what) from None


def is_zombieworld_save(path: str | os.PathLike[str]) -> bool:
    try:
        return envelope.read_info(path).game == GAME_ID
    except SaveFileError:
        return False


def load_game(path: str | os.PathLike[str]) -> tuple[Session, Path, dict[str, Any]]:
    """The session rebuilt by replay, the table file it is played on and the saved ``extra``."""
    target = Path(path)
    try:
        loaded = envelope.load_game(target)
    except SaveFileError as error:
        raise ZwSaveError(error.path, error.what) from None
    if loaded.entry.id != GAME_ID:
        raise ZwSaveError(target, Said(N_("a {game} save, not a Zombieworld one"), game=loaded.entry.name))
    link_campaign(loaded.session, CampaignLink.from_json(loaded.campaign, target))
    return loaded.session, loaded.board_path, loaded.extra


@record
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
        info = envelope.read_info(target)
    except SaveFileError as error:
        raise ZwSaveError(error.path, error.what) from None
    if info.game != GAME_ID:
        raise ZwSaveError(target, Said(N_("a {game} save, not a Zombieworld one"), game=info.game_name))
    return ZwSaveInfo(path=target, title=info.shown_title, scenario=info.status.summary, round=info.status.round,
                      saved_at=info.saved_at, finished=info.finished, campaign=info.campaign)


# --- bands ---------------------------------------------------------------------------------------


def bands_dir(save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    return Path(save_dir) / BANDS_DIR_NAME


def band_file_name(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "band"
    return f"{slug}.json"


def save_band_file(band: Band, save_dir: Path = DEFAULT_SAVE_DIR) -> Path:
    """Write the band to its file in the bands folder (named after the band)."""
    return write_band(band, bands_dir(save_dir) / band_file_name(band.name))


def write_band(band: Band, target: Path) -> Path:
    """Write the band to ``target`` atomically; a write that fails (full disk, read-only folder,
    another window saving it) raises ZwSaveError and leaves the file as it was."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, band.to_json() + "\n")
    except OSError as error:  # a full disk, a read-only folder, another window saving it
        raise ZwSaveError(target, Said(N_("could not write the save ({problem}); the previous save is intact"),
                                       problem=str(error.strerror or error))) from None
    return target


def saved_bands(save_dir: Path = DEFAULT_SAVE_DIR) -> list[tuple[Path, Band | None, str]]:
    """Every band file: (path, band, "") or (path, None, why it cannot be read)."""
    found: list[tuple[Path, Band | None, str]] = []
    folder = bands_dir(save_dir)
    catalog = load_catalog()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            found.append((path, load_band(path, catalog), ""))
        except ValueError as error:  # the list goes on: a bad file is a row with its reason
            found.append((path, None, str(error)))
    return found


def table_choices() -> list[tuple[Path, str]]:
    """The free tables a Zombieworld game can be played on: (path, title), those under maps/ first,
    then the player's own (``saves/maps/``, ``--maps DIR``, a dropped file's folder), marked as theirs.
    A file of theirs that cannot be used is left out here; the free table page lists it with why."""
    from game.platform.map_sources import list_sources

    shown = [(source, source.title_in(language())) for source in
             list_sources("zombieworld", kind="map", layout="free", include_unusable=False)]
    return [(source.path, title if source.shipped else _("{title} (yours)").format(title=title)) for source, title in shown]
