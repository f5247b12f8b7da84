"""The City of Horror screen playing a game hosted elsewhere (or by this window's own ``HostThread``).

It is the local ``CohGameScene`` with a ``RemoteCohController`` and the network's additions
(``NetPlay``). The screen belongs to one player, so there is no curtain: the player's own panel (their
hand, their secret pick, their ballot, their share to hand out) opens by itself when the game asks
them, and "My hand" opens it at any time. Other players' picks are revealed, animated, when the host
reveals them. The table never turns: each player has their own screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.city_of_horror.controller import Need
from game.app.city_of_horror.game_scene import CohGameScene
from game.app.city_of_horror.overlays import PrivatePanel
from game.app.net.coh_remote import RemoteCohController
from game.app.net.link import NetLink
from game.app.net.remote import RemoteSession
from game.app.net.scene_mixin import NetPlay
from game.i18n import _
from game.net.protocol import Update

MINE_KEY = "mine"


class BoardCamera:
    """The city's board in cm to the screen and back, as the city is drawn (for pings)."""

    def __init__(self, board_view: Any):
        self.board_view = board_view

    def world_to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        (left, top), scale = self.board_view.origin, self.board_view.scale
        return left + point[0] * scale, top + point[1] * scale

    def screen_to_world(self, point: tuple[float, float]) -> tuple[float, float]:
        (left, top), scale = self.board_view.origin, self.board_view.scale or 1.0
        return (point[0] - left) / scale, (point[1] - top) / scale


class CityTable:
    """What ``NetPlay`` asks of a game's table: its camera."""

    def __init__(self, board_view: Any):
        self.camera = BoardCamera(board_view)


class NetCohScene(NetPlay, CohGameScene):
    """A City of Horror game over the network."""

    def __init__(self, app: Any, link: NetLink, session: RemoteSession, host: Any = None):
        self.net_init(app, link, host)
        self.board = session.board
        self.dismissed: tuple[int, str] | None = None  # (update number, need) the player put their panel away at
        super().__init__(app, RemoteCohController(session))
        self.table = CityTable(self.board_view)
        self.auto_turn = False

    @property
    def coh(self) -> RemoteCohController:
        return self.controller  # type: ignore[no-any-return]

    # ``NetPlay`` says things with ``status(text)``; the table's bar shows ``message`` (and the table's
    # own ``status = ""`` lands there too)
    @property
    def status(self) -> Any:
        return self._say

    @status.setter
    def status(self, text: Any) -> None:
        self.message = str(text)

    def _say(self, text: str) -> None:
        self.message = text

    def table_rect(self) -> pygame.Rect:
        return pygame.Rect(self.board_rect)

    def _set_overlay(self, overlay: Any) -> None:
        """The table's overlays (a panel, a reveal) cover the board: the chat line waits under them."""
        super()._set_overlay(overlay)
        entry = getattr(getattr(self, "net_overlay", None), "entry", None)
        if entry is not None:
            entry.show() if overlay is None else entry.hide()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._set_overlay(self.overlay)

    def draw(self, surface: pygame.Surface) -> None:
        if self.overlay is None:
            super().draw(surface)  # the table, then the chat and the pings over it
        else:
            CohGameScene.draw(self, surface)

    # --- the host's updates ---------------------------------------------------------------------------

    def show_update(self, update: Update) -> None:
        received = self.coh.receive(update)
        if received is None:
            return
        self._table_cache = None
        self._bar_key = ()
        self._absorb_events()
        if isinstance(self.overlay, PrivatePanel) and not self.overlay.pending:
            self._refresh_panel(self.overlay)

    def _refresh_panel(self, panel: PrivatePanel) -> None:
        """The player's panel shows the view the host just sent (or goes when nothing is left to do)."""
        seat = panel.seat
        legal = self.controller.legal(seat)
        if panel.need in ("pick", "ballot", "draft", "distribute") and not legal:
            self._set_overlay(self.queue.pop(0) if self.queue else None)
            return
        self._open_private(Need(seat, panel.need, True))

    # --- no curtain: the player's panel opens by itself ---------------------------------------------------

    def _ask(self) -> None:
        mine = self.coh.mine
        for need in self.controller.needs():
            if need.seat == mine and need.private and need.what != "trade":
                if self.dismissed != (self.remote.number, need.what):
                    self._open_private(need)
                return

    def _resume_curtain(self) -> None:
        return None

    def _curtain(self, need: Need, optional: bool = False) -> None:
        self._open_private(need)

    def _open_private(self, need: Need) -> None:
        seat = need.seat
        self._set_overlay(PrivatePanel(seat, need.what, self.controller.view(seat), self.controller.legal(seat),
                                       self.controller.private_events(seat),
                                       lambda command: self._play(seat, command),
                                       lambda: self._put_away(need)))

    def _put_away(self, need: Need) -> None:
        self.dismissed = (self.remote.number, need.what)

    def _act_labels(self) -> list[tuple[str, str, str]]:
        labels = super()._act_labels()
        if self.coh.mine is not None:
            labels.append((_("My hand"), MINE_KEY, "other"))
        return labels

    def on_bar(self, key: str) -> None:
        if key == MINE_KEY and self.coh.mine is not None:
            mine = self.coh.mine
            need = next((n for n in self.controller.needs() if n.seat == mine and n.private and n.what != "trade"),
                        Need(mine, "act", True))
            self._open_private(need)
            return
        if key == "turn":
            self.status(_("Each player has their own screen in a network game: the table does not turn"))
            return
        super().on_bar(key)
