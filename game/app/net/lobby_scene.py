"""The lobby: the seats as the game names them, who holds each one, who is ready and connected; the
address and join code to give friends (when this window hosts); take a seat, say ready, leave.

The game opens for everyone when the host starts it (the lobby says ``started``, or the first
update of the game arrives); a refusal (a seat taken meanwhile) shows its reason here.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel

from game.app.net.link import NetLink, refusal_words
from game.app.widgets.card_scene import BUTTON_H, GAP, CardScene
from game.i18n import N_, _
from game.net.phone import phone_url
from game.net.protocol import ContentMismatch, HostClosing, Lobby, Ready, Refused, TakeSeat, Update

ROW_H = 52
INFO_H = 34


BOT_WORDS = {"survivor": N_("survivor"), "random": N_("random"), "greedy": N_("greedy"), "planner": N_("planner"),
             "search": N_("searcher")}  # the games' bots (registration ids), as the lobby names them

class LobbyScene(CardScene):
    """Waiting for the game to start. ``host`` is this window's ``HostThread`` when it hosts (stopped
    if the player leaves); ``addresses`` and ``code`` are what to give friends."""

    page = "lobby"

    def __init__(self, app: Any, link: NetLink, host: Any = None, addresses: tuple[str, ...] = ()):
        self._handing_over = False  # the game screen is opening: it takes the connection and the host
        self._rebuilding = False
        super().__init__(app, _("Network game"))
        self.link = link
        self.host = host
        self.addresses = addresses
        self.note = ""
        self._shown: Lobby | None = None
        self._kept: list[Any] = []  # the game's first messages, for the game screen
        self.opened: Any = None

    def back(self) -> None:
        self.leave_game()

    def _build(self) -> None:
        self._rebuilding = True  # the card's rebuild leaves its widgets, not the game
        try:
            super()._build()
        finally:
            self._rebuilding = False

    def leave(self) -> None:
        """Every scene is left (the window closes, or a new start) while in the lobby: the connection
        and the host this window runs end with it (a game screen opened from here owns them then)."""
        super().leave()
        if self._rebuilding or self._handing_over:
            return
        self.link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def leave_game(self) -> None:
        self.link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None
        self.app.open_start()

    # --- the host's messages ------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        if self.opened is not None:
            return
        for message in self.link.poll():
            if isinstance(message, Refused) and message.refused == "hello":  # the host will not have us
                self.stop_with(refusal_words(message))
                return
            if isinstance(message, Refused):
                self.note = refusal_words(message)
                self._build()
            elif isinstance(message, ContentMismatch):
                self.stop_with(_("Your copy of the game differs from the host's: {files}").format(
                    files=", ".join(message.files[:6])))
                return
            elif isinstance(message, HostClosing):
                self.stop_with(message.reason or _("The host has closed the game"))
                return
            elif isinstance(message, Update):
                self._kept.append(message)
            elif isinstance(message, Lobby):
                pass  # the link keeps the last one
            else:
                self._kept.append(message)
        lobby = self.link.lobby
        if lobby is not None and lobby != self._shown:
            self._shown = lobby
            self._build()
        if lobby is not None and lobby.started and self._kept:
            self.open_game()

    def stop_with(self, reason: str) -> None:
        self.link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None
        self.app.open_start()
        self.app.show_message(_("Could not join the game"), reason)

    def open_game(self) -> None:
        from game.app.net.start import NetStartError, open_remote_game

        self.link.keep(self._kept)
        self._kept = []
        self._handing_over = True
        try:
            self.opened = open_remote_game(self.app, self.link, self.host)
        except NetStartError as error:
            self._handing_over = False
            self.stop_with(str(error))
            return
        self.host = None  # the game screen owns it now

    # --- the player's choices -----------------------------------------------------------------------

    def take(self, seat: str) -> None:
        self.note = ""
        self.link.send(TakeSeat(seat=seat))

    def start_now(self) -> None:
        if self.host is not None:
            self.host.start_now()

    @property
    def ready(self) -> bool:
        """Whether the host counts this window's seat ready (taking a free seat says ready)."""
        info = self.link.seat_info(self.link.seat) if self.link.seat else None
        return info is not None and info.ready

    def toggle_ready(self) -> None:
        self.link.send(Ready(ready=not self.ready))

    # --- the page -------------------------------------------------------------------------------------

    def _page_lobby(self, c: Any, width: int, height: int) -> None:
        welcome = self.link.welcome
        title = _("Lobby — waiting for the players")
        self._heading(c, width, title)
        y = 56
        lines = []
        if self.addresses:
            lines.append(_("Give your friends: {address}").format(address="  ·  ".join(self.addresses)))
        if self.link.code:
            lines.append(_("Join code: {code}").format(code=self.link.code))
        if welcome is not None:
            mine = self.link.seat_label(welcome.seat) if welcome.seat else _("a spectator")
            lines.append(_("You are {seat}").format(seat=mine))
            if welcome.seat and welcome.phone_code:
                lines.append(_("Your hand on your phone: {url}  ·  phone code {code}").format(
                    url=phone_url(self.addresses[0] if self.addresses else self.link.address), code=welcome.phone_code))
        if self.note:
            lines.append(self.note)
        for text in lines:
            UILabel(pygame.Rect(16, y, width - 32, INFO_H), text, manager=self.app.ui, container=c,
                    object_id=ObjectID(object_id="#start_detail"))
            y += INFO_H
        lobby = self.link.lobby
        seats = lobby.seats if lobby is not None else []
        name_w = max(160, (width - 32) * 2 // 5)
        state_w = width - 32 - name_w - 150 - GAP
        for info in seats:
            holder = info.holder or _("free")
            if info.bot:
                holder = _("a bot ({bot})").format(bot=_(BOT_WORDS[info.bot]) if info.bot in BOT_WORDS else info.bot)
            UILabel(pygame.Rect(16, y, name_w, ROW_H - 8), info.label, manager=self.app.ui, container=c)
            marks = [holder]
            if info.holder and not info.bot:
                marks.append(_("ready") if info.ready else _("not ready"))
                if not info.connected:
                    marks.append(_("left"))
            UILabel(pygame.Rect(16 + name_w, y, state_w, ROW_H - 8), " · ".join(marks), manager=self.app.ui,
                    container=c)
            free = info.holder is None or not info.connected
            if welcome is not None and info.seat != welcome.seat and free:
                self._button(pygame.Rect(width - 16 - 150, y, 150, ROW_H - 8), _("Take seat"),
                             partial(self.take, info.seat), c, key=f"take_{info.seat}",
                             object_id="@start_choice")
            y += ROW_H
        if lobby is not None and lobby.spectators:
            UILabel(pygame.Rect(16, y, width - 32, INFO_H),
                    _("Watching: {names}").format(names=", ".join(lobby.spectators)), manager=self.app.ui,
                    container=c)
        if self.host is not None:  # this window hosts: it may start with bots in the free seats
            self._button(pygame.Rect(16 + 200 + GAP, height - BUTTON_H - 10, max(120, width - 2 * (16 + GAP) - 460),
                                     BUTTON_H), _("Start now (bots fill free seats)"), self.start_now, c,
                         key="start_now")
        seated = welcome is not None and welcome.seat is not None
        self._nav(c, width, height, _("Not ready") if self.ready else _("Ready"), self.toggle_ready,
                  next_enabled=seated)

    def card_size(self, window: tuple[int, int], top: int) -> tuple[int, int]:
        w, h = window
        return min(1000, w - 40), max(300, min(h - top - 30, 700))


__all__ = ["BUTTON_H", "LobbyScene"]
