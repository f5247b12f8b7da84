"""Host and Join, from the start screen.

Host: pick a mission (a new game with its own set-up), a new game of another kind (set up on that
game's own page after the port) or a save to resume, then your name and the port; the host starts
beside this window and the lobby shows the address and the join code.
Join: your name, the host's address and the join code; the lobby then offers the free seats.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel, UITextEntryLine

from game.app.net.host_setup import NEW_GAMES, open_setup
from game.app.net.lobby_scene import LobbyScene
from game.app.net.start import (
    DEFAULT_PORT,
    NEW_GAME_GAMES,
    PLAYABLE_GAMES,
    NetStartError,
    host_game,
    join_game,
    player_name,
    url_of,
)
from game.app.start_scene import LABEL_CHARS, shorten
from game.app.widgets.card_scene import BUTTON_H, CardScene
from game.i18n import _
from game.platform import envelope, map_sources, registry

ENTRY_H = 44
FIELD_LABEL_W = 220


class _FormScene(CardScene):
    """A card with text fields (pygame_gui entries), read when the primary button is pressed."""

    def __init__(self, app: Any, subtitle: str):
        super().__init__(app, subtitle)
        self.entries: dict[str, UITextEntryLine] = {}
        self.values: dict[str, str] = {}
        self.problem = ""

    def card_size(self, window: tuple[int, int], top: int) -> tuple[int, int]:
        if self.page == "pick":
            return super().card_size(window, top)
        w, h = window
        return min(900, w - 40), max(300, min(h - top - 30, 440))

    def leave(self) -> None:
        self._remember()
        super().leave()
        self.entries.clear()

    def _remember(self) -> None:
        for key, entry in self.entries.items():
            if entry.alive():
                self.values[key] = entry.get_text()

    def _field(self, c: Any, y: int, width: int, key: str, label: str, default: str) -> int:
        UILabel(pygame.Rect(16, y, FIELD_LABEL_W, ENTRY_H), label, manager=self.app.ui, container=c)
        entry = UITextEntryLine(pygame.Rect(16 + FIELD_LABEL_W, y, min(520, width - FIELD_LABEL_W - 32), ENTRY_H),
                                manager=self.app.ui, container=c, object_id=ObjectID(object_id=f"#net_{key}"))
        entry.set_text(self.values.get(key, default))
        self.entries[key] = entry
        return y + ENTRY_H + 12

    def value(self, key: str) -> str:
        self._remember()
        return self.values.get(key, "").strip()

    def _problem_line(self, c: Any, y: int, width: int) -> None:
        if self.problem:
            UILabel(pygame.Rect(16, y, width - 32, 36), shorten(self.problem, LABEL_CHARS), manager=self.app.ui,
                    container=c, object_id=ObjectID(object_id="#start_detail"))


class HostScene(_FormScene):
    """Host a game: ``page`` "pick" (a mission or a save), then "port"."""

    def __init__(self, app: Any, save_dir: Path | None = None):
        super().__init__(app, _("Host a network game"))
        self.save_dir = Path(save_dir) if save_dir is not None else Path(app.save_dir)
        self.page = "pick"
        self.source: Path | None = None
        self.source_title = ""
        self.new_game = ""  # a game set up on its own page after the port (host_setup.NEW_GAMES)

    def back(self) -> None:
        if self.page == "port":
            self.page = "pick"
            self._build()
        else:
            self.app.open_start()

    def pick(self, path: Path, title: str) -> None:
        self.source, self.source_title, self.new_game = path, title, ""
        self.page, self.problem = "port", ""
        self._build()

    def pick_new(self, game: str, title: str) -> None:
        """A new game of ``game``, set up on its own page once the name and port are given."""
        self.source, self.source_title, self.new_game = None, title, game
        self.page, self.problem = "port", ""
        self._build()

    def _page_pick(self, c: Any, width: int, height: int) -> None:
        self._heading(c, width, _("Host — choose a mission, or a save to resume"))
        scroller = self._scrolling_list("pick", pygame.Rect(16, 56, width - 24, height - 70 - BUTTON_H - 24), c)
        y = 0
        for game in NEW_GAMES:
            text = _("New {game} game…").format(game=registry.game(game).name)
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), text, partial(self.pick_new, game, text),
                         scroller, key=f"new_{game}", object_id="@start_choice")
            y += BUTTON_H
        playable = {registry.game(game).name for game in NEW_GAME_GAMES}
        for info in envelope.list_saves(self.save_dir)[0]:
            if info.game not in PLAYABLE_GAMES or info.finished:
                continue
            text = shorten(_("Resume: {save}").format(save=info.label()), LABEL_CHARS)
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), text, partial(self.pick, info.path, text),
                         scroller, key=f"save_{info.path.stem}", object_id="@start_choice")
            y += BUTTON_H
        for source, game_name in map_sources.starting_sources():
            if not source.usable or source.kind != "mission" or game_name not in playable:
                continue
            text = shorten(f"{game_name}: {source.title}", LABEL_CHARS)
            self._button(pygame.Rect(0, y, width - 56, BUTTON_H - 6), text, partial(self.pick, source.path, text),
                         scroller, key=f"mission_{source.path.stem}", object_id="@start_choice")
            y += BUTTON_H
        self._fit_scrolling_list("pick", width - 56, y)
        self._nav(c, width, height)

    def _page_port(self, c: Any, width: int, height: int) -> None:
        self._heading(c, width, shorten(_("Host: {game}").format(game=self.source_title), 80))
        y = self._field(c, 64, width, "name", _("Your name"), player_name())
        y = self._field(c, y, width, "port", _("Port"), str(DEFAULT_PORT))
        self._problem_line(c, y, width)
        self._nav(c, width, height, _("Start hosting"), self.start_hosting)

    def start_hosting(self) -> None:
        if self.source is None and not self.new_game:
            return
        try:
            port = int(self.value("port") or DEFAULT_PORT)
            if not 0 <= port <= 65535:
                raise ValueError
        except ValueError:
            self.problem = _("The port is a number from 1024 to 65535")
            self._build()
            return
        if self.new_game:
            open_setup(self.app, self.new_game, self.value("name") or player_name(), port, self.save_dir)
            return
        assert self.source is not None
        try:
            hosting, link = host_game(self.source, port, self.value("name") or player_name(), self.save_dir)
        except NetStartError as error:
            self.problem = str(error)
            self._build()
            return
        self.app.show(LobbyScene(self.app, link, hosting, hosting.addresses))


class JoinScene(_FormScene):
    """Join a game: your name, the host's address and its join code."""

    page = "join"

    def __init__(self, app: Any):
        super().__init__(app, _("Join a network game"))

    def back(self) -> None:
        self.app.open_start()

    def _page_join(self, c: Any, width: int, height: int) -> None:
        self._heading(c, width, _("Join a game on another machine"))
        y = self._field(c, 64, width, "name", _("Your name"), player_name())
        y = self._field(c, y, width, "address", _("Host address"), f"127.0.0.1:{DEFAULT_PORT}")
        y = self._field(c, y, width, "code", _("Join code"), "")
        self._problem_line(c, y, width)
        self._nav(c, width, height, _("Join"), self.join)

    def join(self) -> None:
        address, code = self.value("address"), self.value("code").upper()
        if not address or not code:
            self.problem = _("Type the host's address and the join code it shows")
            self._build()
            return
        link = join_game(url_of(address), self.value("name") or player_name(), code)
        self.app.show(LobbyScene(self.app, link))
