"""The start screen: new game, continue, the free table, load, map help, the menu.

"New game" lists what the game registry offers (each game's boxes and tools); a button calls the
game's own window hook, which opens that game's set-up. Continue and Load list the game saves of
every registered game through the save envelope; a file that cannot be read is shown greyed with
its one-line reason, and the list goes on.

"Free table" lists every mission and table the games play on; one opens on the plain table with
the pieces of its game. Every step is big buttons, so a finger works as well as a mouse. Esc goes
back one step; on the first page it opens the menu (help, settings, quit).
"""

from __future__ import annotations

import importlib
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UIScrollingContainer, UITextBox

from game.app.widgets.card_scene import BUTTON_H, GAP, CardScene
from game.i18n import N_, _, language, named, said
from game.platform import envelope, map_sources, registry, save_words
from game.platform.envelope import BadSave, SaveInfo
from game.platform.registry import GameEntry, MenuEntry

LABEL_CHARS = 110  # a save's row on the Load page
TIP_CHARS = 400
HOME_ROWS = 6
NET_SCENES = "game.app.net.setup_scenes"  # Host and Join, reached by name (they use this module's lists)
MAP_HELP_HTML = N_(
    "<b>Make a board module</b> in the free Tiled editor (mapeditor.org):<br>"
    "1. <font color='#f0c060'>New map</font>: orthogonal, fixed size, 15×15 tiles of 40 px, CSV layers.<br>"
    "2. Map properties: <b>module</b> (an id such as <font color='#f0c060'>my-street</font>), <b>game</b> = zombicide, "
    "<b>scale</b> = 20 (pixels per cm).<br>"
    "3. Add the tileset <font color='#f0c060'>assets/tiles/deadtable.tsx</font> and paint the floor. The floor is only art.<br>"
    "4. On object layers, draw rectangles with a <b>Class</b>: <b>zone</b> (with <font color='#f0c060'>kind</font> = street, room, "
    "hallway, tent…), <b>door</b> or <b>opening</b> (a thin rectangle across the border of two zones), "
    "<b>wall</b>, <b>fence</b>, and markers such as <b>spawn</b>, <b>objective</b>, <b>exit</b>, "
    "<b>start</b>, <b>helicopter</b>, <b>tent_slot</b>.<br><br>"
    "<b>Make a mission</b>: a small TOML file in <font color='#f0c060'>maps/missions/</font> that places modules on a grid "
    "(col, row, rotation), adds markers (zone = \"module:zone\") and a <b>[setup]</b> table "
    "(goals, objective_xp, door_keys, helicopter_flies…).<br><br>"
    "<b>Check your work</b>: <font color='#f0c060'>python main.py --validate maps/my_module.tmx</font> names every problem "
    "(file, layer, object, what is wrong); <font color='#f0c060'>python main.py --mission maps/missions/my.toml</font> opens it; "
    "<font color='#f0c060'>python main.py simulate maps/missions/my.toml</font> lets bots play it to see whether it can be won.<br><br>"
    "Keep your own maps and missions in <font color='#f0c060'>saves/maps/</font> (or in maps/): what a file names "
    "must lie there or in assets/. To open a file from anywhere, drop it on the window or use "
    "<b>Free table → Open a file…</b>. The whole guide is <font color='#f0c060'>maps/README.md</font>."
)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def shorten(text: str, max_chars: int) -> str:
    """One line of at most ``max_chars`` characters (a save may hold any text: control characters
    become spaces)."""
    text = "".join(" " if ord(char) < 32 or 0x7F <= ord(char) < 0xA0 else char for char in text)
    return text if len(text) <= max_chars else text[: max(1, max_chars - 1)].rstrip(" ,—") + "…"


def subtitle() -> str:
    """The games this build plays, in registration order."""
    return " · ".join(entry.name for entry in registry.games())


RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "over": N_("over")}


def shown_title(info: SaveInfo) -> str:
    """A save's title in the player's language: the mission's own (its ``title_es``) when the file is
    there, else as saved; with its campaign."""
    title = (map_sources.title_of(info.board, language()) if info.board and language() != "en" else "") or info.title
    return _("{title} (campaign {campaign})").format(title=title, campaign=info.campaign) if info.campaign else title


def shown_progress(info: SaveInfo) -> str:
    result = info.status.result
    if result is None:
        return _("round {n}").format(n=info.status.round)
    return _(RESULT_WORDS[result]) if result in RESULT_WORDS else _shown_words(info, result, "result_templates")


def _codec(info: SaveInfo) -> Any | None:
    """The save codec of the game a save is of, None for a game this build does not know."""
    try:
        return registry.game(info.game).codec
    except registry.UnknownGameError:
        return None


def _shown_words(info: SaveInfo, text: str, templates: str) -> str:
    """A status's summary or result in the player's language when the game's codec says which of its
    templates it was filled from; as written otherwise (an unknown game, an older wording)."""
    words = save_words.read_back(text, getattr(_codec(info), templates, ()))
    return said(words) if words is not None else text


def _shown_summary(info: SaveInfo, summary: str) -> str:
    """A status's summary in the player's language: read back from the codec's templates, or, when it is
    only the name of a piece of the codec's content (a Zombieworld scenario), that content's own name."""
    codec = _codec(info)
    words = save_words.read_back(summary, getattr(codec, "summary_templates", ()))
    if words is not None:
        return said(words)
    named_content = getattr(codec, "summary_content", None)
    content = named_content(summary) if named_content is not None else None
    return said(content) if content is not None else summary


def shown_label(info: SaveInfo) -> str:
    """A save as the lists show it, in the player's language (``SaveInfo.label``'s parts)."""
    when = info.saved_at.astimezone().strftime("%d/%m/%Y %H:%M")
    summary = info.status.summary
    details = f", {_shown_summary(info, summary)}" if summary else ""
    return f"{info.game_name}: {shown_title(info)}{details} — {shown_progress(info)} — {when} ({info.path.name})"


def list_saves(save_dir: Path) -> list[SaveInfo]:
    """Every readable game save of every registered game in ``save_dir``, newest first."""
    return envelope.list_saves(save_dir)[0]


def menu_entries() -> list[tuple[GameEntry, MenuEntry]]:
    """Every "New game" button the registered games offer, game by game."""
    return [(entry, item) for entry in registry.games() for item in entry.menu]


class StartScene(CardScene):
    """The start screen; ``page`` is one of home, games, load, help."""

    PAGES = ("home", "games", "table", "load", "help")

    def __init__(self, app, save_dir: Path | None = None, page: str = "home"):
        super().__init__(app, subtitle())
        self.save_dir = Path(save_dir) if save_dir is not None else Path(app.save_dir)
        self.page = page if page in self.PAGES else "home"
        self.saves: list[SaveInfo] = []
        self.bad_saves: list[BadSave] = []
        if self.page == "load":
            self._read_saves()

    def card_size(self, window: tuple[int, int], top: int) -> tuple[int, int]:
        w, h = window
        if self.page == "home":
            return min(720, w - 40), min(h - top - 20, HOME_ROWS * (BUTTON_H + GAP) + 28)
        return super().card_size(window, top)

    # --- navigation -----------------------------------------------------------------------------

    def go(self, page: str) -> None:
        self.page = page
        if page == "load":
            self._read_saves()
        self._build()

    def _read_saves(self) -> None:
        self.saves, self.bad_saves = envelope.list_saves(self.save_dir)

    def back(self) -> None:
        if self.page != "home":
            self.go("home")
        else:
            self.app.open_menu(self)

    def open_free_table(self, path: Path) -> None:
        self.app.open_table_source(path)

    def continue_last(self) -> None:
        info = self._continue_info()
        if info is None:
            self.app.status(_("No game to continue yet"))
            return
        self.app.resume_game(info.path)

    def _continue_info(self) -> SaveInfo | None:
        return envelope.newest_unfinished(self.save_dir)

    def open_menu_entry(self, key: str) -> None:
        """Call the window hook of the "New game" button ``key``."""
        for entry, item in menu_entries():
            if item.key == key:
                getattr(entry.app_hooks(), item.hook)(self.app, item.box)
                return

    # --- the pages ------------------------------------------------------------------------------

    def _page_home(self, c, width: int, height: int) -> None:
        info = self._continue_info()
        bw = min(640, width - 40)
        x = (width - bw) // 2
        y = max(10, (height - HOME_ROWS * (BUTTON_H + GAP) + GAP) // 2)
        cont = _("Continue (no game saved yet)")
        if info is not None:  # the button holds about one character per 10 px
            tail = shorten(f", {shown_progress(info)}", 24)
            head = _("Continue {game}: ").format(game=info.game_name)
            cont = head + shorten(shown_title(info), max(8, bw // 10 - len(head) - len(tail))) + tail
        # each row holds one button, or two side by side
        rows = [
            [("new", _("New game"), lambda: self.go("games"), True, "@start_primary")],
            [("continue", cont, self.continue_last, info is not None, "@start_button")],
            [("table", _("Free table"), lambda: self.go("table"), True, "@start_button"),
             ("load", _("Load a game"), lambda: self.go("load"), True, "@start_button")],
            [("host", _("Host a network game"), lambda: self.open_net("HostScene"), True, "@start_button"),
             ("join", _("Join a network game"), lambda: self.open_net("JoinScene"), True, "@start_button")],
            [("help", _("How to make a map"), lambda: self.go("help"), True, "@start_button")],
            [("menu", _("Menu"), lambda: self.app.open_menu(self), True, "@start_button"),
             ("quit", _("Quit"), self._quit, True, "@start_button")],
        ]
        for row in rows:
            each = (bw - GAP * (len(row) - 1)) // len(row)
            for index, (key, text, action, enabled, style) in enumerate(row):
                tip = shorten(shown_label(info), TIP_CHARS) if key == "continue" and info is not None else None
                self._button(pygame.Rect(x + index * (each + GAP), y, each, BUTTON_H), text, action, c, key=key,
                             enabled=enabled, object_id=style, tip=tip)
            y += BUTTON_H + GAP

    def open_net(self, scene: str) -> None:
        self.app.show(getattr(importlib.import_module(NET_SCENES), scene)(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def _list(self, c, width: int, height: int) -> UIScrollingContainer:
        """A page's scrolling list of rows, between its heading and its Back button."""
        list_h = height - 70 - BUTTON_H - 24
        return self._scrolling_list("list", pygame.Rect(16, 56, width - 24, list_h), c)

    def _page_table(self, c, width: int, height: int) -> None:
        """Every mission and table a game starts on, shipped and the player's own, on the plain table
        with its game's pieces and tray; a file of the player's that cannot be used is greyed with its
        reason. "Open a file…" takes any map, mission or save (so does dropping it on the window)."""
        self._heading(c, width, _("Free table — choose a board"))
        scroller = self._list(c, width, height)
        y = 0
        for source, game_name in map_sources.starting_sources():
            if not source.usable:
                self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6),
                             shorten(_("{file} cannot be used: {reason}").format(file=source.path.name, reason=source.problem),
                                     LABEL_CHARS),
                             lambda: None, scroller, key=f"bad_table_{source.path.stem}", enabled=False,
                             tip=shorten(str(source.path), TIP_CHARS), object_id="@start_choice")
                y += BUTTON_H
                continue
            title = source.title_in(language())
            label = f"{game_name}: {title}" if source.shipped else _("{game}: {title} (yours)").format(game=game_name, title=title)
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), shorten(label, LABEL_CHARS),
                         partial(self.open_free_table, source.path), scroller, key=f"table_{source.path.stem}",
                         tip=source.path.name if source.shipped else str(source.path), object_id="@start_choice")
            y += BUTTON_H
        self._fit_scrolling_list("list", width - 56, y)
        self._nav(c, width, height, _("Open a file…"), self.app.open_file_dialog)

    def _page_games(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("New game — choose a game"))
        entries = menu_entries()
        bw = min(560, width - 40)
        y = 60
        step = max(BUTTON_H - 8, min(BUTTON_H + GAP, (height - 60 - BUTTON_H - 20) // max(1, len(entries))))
        for entry, item in entries:
            self._button(pygame.Rect((width - bw) // 2, y, bw, step - 8), named(item.label),
                         partial(self.open_menu_entry, item.key), c, key=f"new_{item.key}",
                         tip=_(entry.summary), object_id="@start_primary")
            y += step
        self._nav(c, width, height)

    def _page_load(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("Load a game"))
        scroller = self._list(c, width, height)
        y = 0
        for info in self.saves:  # the tip shows the whole label, which the button may cut
            label = shown_label(info)
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), shorten(label, LABEL_CHARS),
                         partial(self.app.resume_game, info.path), scroller, key=f"save_{info.path.stem}",
                         tip=shorten(label, TIP_CHARS), object_id="@start_choice")
            y += BUTTON_H
        for bad in self.bad_saves:  # greyed, with the reason: the list never stops at a bad file
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6),
                         shorten(f"{bad.path.name} — {said(bad.reason)}", LABEL_CHARS),
                         lambda: None, scroller, key=f"bad_{bad.path.stem}", enabled=False,
                         tip=shorten(said(bad.reason), TIP_CHARS),
                         object_id="@start_choice")
            y += BUTTON_H
        if not self.saves and not self.bad_saves:
            UILabel(pygame.Rect(0, 0, width - 56, 40), _("No game saves in {folder}").format(folder=self.save_dir),
                    manager=self.app.ui,
                    container=scroller)
        self._fit_scrolling_list("list", width - 56, y)
        self._nav(c, width, height, _("Browse files…"), self.app.open_load_dialog)

    def _page_help(self, c, width: int, height: int) -> None:
        self._heading(c, width, _("How to make a map"))
        UITextBox(_(MAP_HELP_HTML), pygame.Rect(16, 56, width - 32, height - 70 - BUTTON_H - 24), manager=self.app.ui,
                  container=c, object_id=ObjectID(object_id="#start_detail"))
        self._nav(c, width, height)
