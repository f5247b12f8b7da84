"""Where the set-up screens find maps and missions: every folder under ``maps/``, and the player's own.

The player's own folders are the user maps folder (``saves/maps/``, made on first use) and any
folder given with ``main.py --maps DIR`` (kept for the run, and a content root so the files in it
may name their tilesets beside them). Files are listed without loading them: a map's ``game``,
``layout``, ``module`` and ``title`` come from its map properties, a mission's from its top-level
keys. A file that cannot be read is listed with its reason, so a broken map of the player's shows
in the list with what is wrong instead of vanishing.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from game import roots
from game.limits import MAX_MAP_FILE_BYTES, MAX_MISSION_FILE_BYTES

_user_folders: list[Path] = []
MAP_PROPERTY = re.compile(r'<property\s+name="(game|layout|module|title|title_es)"(?:\s+type="\w+")?\s+value="([^"]*)"')
HEADER_CHARS = 8192  # map properties come first in a Tiled file


@dataclass(frozen=True)
class MapSource:
    path: Path
    kind: str  # "map" or "mission"
    game: str
    title: str
    layout: str = "zones"
    shipped: bool = True  # under maps/, else one of the player's folders
    problem: str = ""  # why the file cannot be used, when it cannot
    title_es: str = ""  # the title in Spanish, when the file gives it

    @property
    def usable(self) -> bool:
        return not self.problem

    def title_in(self, language: str) -> str:
        """The title in ``language`` when the file gives it (``title_es``), else the English one."""
        shown = getattr(self, f"title_{language}", "") if language != "en" else ""
        return shown if isinstance(shown, str) and shown else self.title


def add_user_folder(folder: str | Path) -> None:
    """``main.py --maps DIR``: list the maps of ``folder`` too, and let them name files beside them."""
    path = Path(folder).resolve()
    if path not in _user_folders:
        _user_folders.append(path)
        roots.add_root(path)


def user_folders() -> list[Path]:
    return [roots.USER_MAPS, *_user_folders]


def _read_map(path: Path, shipped: bool) -> MapSource:
    try:
        if path.stat().st_size > MAX_MAP_FILE_BYTES:
            return MapSource(path, "map", "", path.stem, shipped=shipped, problem="the file is too large")
        with path.open("r", encoding="utf-8", errors="replace") as handle:
            head = handle.read(HEADER_CHARS)
    except OSError as error:
        return MapSource(path, "map", "", path.stem, shipped=shipped, problem=f"cannot be read ({error.strerror or error})")
    found = dict(MAP_PROPERTY.findall(head))
    if "<map" not in head:
        return MapSource(path, "map", "", path.stem, shipped=shipped, problem="not a Tiled map")
    return MapSource(path, "map", found.get("game", ""), found.get("title") or found.get("module") or path.stem,
                     found.get("layout", "zones"), shipped,
                     "" if found.get("game") else "the map has no 'game' property", found.get("title_es", ""))


def _read_mission(path: Path, shipped: bool) -> MapSource:
    try:
        if path.stat().st_size > MAX_MISSION_FILE_BYTES:
            return MapSource(path, "mission", "", path.stem, shipped=shipped, problem="the file is too large")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return MapSource(path, "mission", "", path.stem, shipped=shipped,
                         problem=f"cannot be read ({error.strerror or error})")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return MapSource(path, "mission", "", path.stem, shipped=shipped, problem=f"not a readable mission ({error})")
    if "modules" not in data:
        return MapSource(path, "mission", "", path.stem, shipped=shipped, problem="not a mission (no [[modules]])")
    return MapSource(path, "mission", str(data.get("game", "")), str(data.get("title") or path.stem), "zones", shipped,
                     title_es=str(data.get("title_es") or ""))


def title_of(board: str, language: str) -> str:
    """The title in ``language`` of the mission or map a save names (``board``: repository-relative or
    a path), when the file is there and gives one; else ""."""
    path = Path(board)
    if not path.is_absolute():
        path = roots.REPO_ROOT / path
    if path.suffix.lower() not in (".toml", ".tmx") or not path.is_file():
        return ""
    source = _read_mission(path, True) if path.suffix.lower() == ".toml" else _read_map(path, True)
    return "" if source.problem else source.title_in(language)


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted({*folder.rglob("*.tmx"), *folder.rglob("*.toml")})


def list_sources(game: str | None = None, *, kind: str | None = None, layout: str | None = None,
                 include_unusable: bool = True) -> list[MapSource]:
    """The maps and missions of ``game`` (``any`` maps too), shipped ones first, then the player's."""
    found: list[MapSource] = []
    seen: set[Path] = set()
    for folder, shipped in ((roots.SHIPPED_MAPS, True), *((f, False) for f in user_folders())):
        for path in _files(folder):
            real = path.resolve()
            if real in seen or (shipped and roots.USER_MAPS.resolve() in real.parents):
                continue
            if "templates" in path.relative_to(folder).parts:  # Tiled templates' own files are no maps
                continue
            seen.add(real)
            source = _read_map(path, shipped) if path.suffix.lower() == ".tmx" else _read_mission(path, shipped)
            if kind is not None and source.kind != kind:
                continue
            if source.usable and game is not None and source.game not in (game, "any"):
                continue
            if source.usable and layout is not None and source.layout != layout:
                continue
            if source.usable or (include_unusable and not shipped):
                found.append(source)
    return found


def read_source(path: str | Path) -> MapSource:
    """One file as the lists show it (a dropped or picked file): a map, a mission, or why it is neither."""
    path = Path(path)
    shipped = roots.SHIPPED_MAPS.resolve() in path.resolve().parents
    if path.suffix.lower() == ".tmx":
        return _read_map(path, shipped)
    if path.suffix.lower() == ".toml":
        return _read_mission(path, shipped)
    return MapSource(path, "", "", path.stem, shipped=shipped, problem="not a Tiled map (.tmx) or a mission (.toml)")


def starting_sources() -> list[tuple[MapSource, str]]:
    """Every file a registered game starts a game on (its ``starts_on`` kinds), with the game's name:
    shipped ones first, then the player's, each group by game in registration order and by title. The
    player's files that cannot be used are listed too, with their reason and no game name."""
    from game.platform import registry

    entries = registry.games()
    order = {kind: n for n, entry in enumerate(entries) for kind in entry.plays_on}
    by_kind = {kind: entry for entry in entries for kind in entry.plays_on}
    found: list[tuple[tuple[bool, int, str], MapSource, str]] = []
    for source in list_sources():
        if not source.usable:
            found.append(((True, len(entries), source.title.lower()), source, ""))
            continue
        entry = by_kind.get(source.game)
        if entry is not None and source.kind in entry.starts_on:
            found.append(((not source.shipped, order[source.game], source.title.lower()), source, entry.name))
    return [(source, name) for _key, source, name in sorted(found, key=lambda item: item[0])]
