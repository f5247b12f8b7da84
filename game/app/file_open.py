"""A file the player drops on the window, or picks with "Open a file…": a save resumes, a mission
or table of a game opens that game's set-up with it chosen, any other map opens on the free table
(where it reloads each time it is saved in Tiled). A file that cannot be used says why, naming it,
and changes nothing.

A file from outside the known folders brings its folder in, as ``main.py --maps DIR`` does: the
tilesets and modules beside it may be read, and the set-up lists show it for the rest of the run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from pygame_gui.windows import UIFileDialog

from game import roots
from game.i18n import _
from game.platform import map_sources, registry

OPENED_SUFFIXES = (".tmx", ".toml", ".json")


def open_file_dialog(app: Any, start: Path | None = None, title: str = "") -> UIFileDialog | None:
    """The file picker (one at a time), starting in ``start`` (the player's maps folder unless told);
    what is picked goes to ``open_file``."""
    if app.dialog is not None and app.dialog.alive():
        return None
    w, h = app.screen.get_size()
    rect = pygame.Rect(0, 0, min(640, w - 40), min(520, h - 40))
    rect.center = (w // 2, h // 2)
    start = start if start is not None else roots.USER_MAPS
    start.mkdir(parents=True, exist_ok=True)
    app.dialog = UIFileDialog(rect, app.ui, window_title=title or _("Open a map, mission or save"),
                              initial_file_path=str(start), allow_existing_files_only=True)
    return app.dialog


def _refuse(app: Any, path: Path, why: str) -> bool:
    app.show_message(_("Could not open {file}").format(file=path.name), why)
    return False


def open_file(app: Any, path: str | Path) -> bool:
    """Open ``path`` as its kind asks (see the module's text); False, with the reason shown, when it cannot be."""
    path = Path(path)
    if path.is_dir():
        return _refuse(app, path, _("This is a folder: drop or pick one file."))
    if not path.is_file():
        return _refuse(app, path, _("The file does not exist."))
    suffix = path.suffix.lower()
    if suffix == ".json":
        return bool(app.load(path))
    if suffix not in OPENED_SUFFIXES:
        return _refuse(app, path, _("Deadtable opens Tiled maps (.tmx), missions (.toml) and saves (.json)."))
    if not _inside_roots(path):
        map_sources.add_user_folder(path.parent)
    source = map_sources.read_source(path)
    if not source.usable:
        return _refuse(app, path, source.problem)
    entry = next((e for e in registry.games() if source.game in e.plays_on), None)
    if entry is None:  # "any": a map every game may show, or a game this build lacks
        return bool(app.open_table_source(path))
    opener = getattr(entry.app_hooks(), "open_board", None)
    if source.kind in entry.starts_on and opener is not None:
        return bool(opener(app, path))
    return bool(app.open_table_source(path))


def _inside_roots(path: Path) -> bool:
    real = path.resolve()
    return any(real.is_relative_to(root) for root in roots.content_roots())
