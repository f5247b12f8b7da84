"""What every game screen gains when it plays over the network (a mixin before the game's own scene
class): the host's messages each frame, the overlay (chat, pings, banner, votes, left seats), the
host closing, the right-click ping, and the tools that belong to the host.

The game's network scene supplies ``show_update(update)``: how its screen shows a new view (with
or without events to animate).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app.net.link import NetLink, refusal_words
from game.app.net.overlay import NetOverlay
from game.app.net.remote import RemoteSession
from game.i18n import _
from game.net.protocol import HostClosing, PingShown, Refused, UndoAsked, Update

HOST_TOOLS = ("save", "replay", "step", "override")


class NetPlay:
    """Mixed into a game scene: ``link`` is the connection, ``host`` this window's own ``Hosting``
    when it hosts (stopped when the scene goes). Call ``net_init`` before the scene's own init."""

    app: Any
    board: Any
    controller: Any
    table: Any
    # the game scene's own (annotations only: the scene's methods are found after this mixin's)
    status: Callable[[str], None]
    table_rect: Callable[[], pygame.Rect]
    show_update: Callable[[Update], None]

    def net_init(self, app: Any, link: NetLink, host: Any) -> None:
        self.link = link
        self.host = host
        self.net_overlay = NetOverlay(app, link, host)
        self.closed_message = ""

    @property
    def remote(self) -> RemoteSession:
        return self.controller.session  # type: ignore[no-any-return]

    # --- the host's messages -----------------------------------------------------------------------

    def take_messages(self) -> None:
        for message in self.link.poll():
            if isinstance(message, Update):
                self.show_update(message)
            elif isinstance(message, Refused):
                self.status(refusal_words(message))
            elif isinstance(message, PingShown):
                self.net_overlay.show_ping(message)
            elif isinstance(message, UndoAsked):
                self.net_overlay.ask_vote(message)
                if message.decided == "refused":
                    self.status(_("The table said no to the undo"))
            elif isinstance(message, HostClosing):
                self.host_gone(message.reason)

    def host_gone(self, reason: str) -> None:
        """The host closed (or cannot be reached again): say so and go back to the start screen;
        the host keeps the game in its autosave."""
        self.closed_message = reason or _("The host has closed the game")
        self.link.close()
        show = getattr(self.app, "show_message", None)
        open_start = getattr(self.app, "open_start", None)
        if open_start is not None:
            open_start()
        if show is not None:
            show(_("The network game ended"), self.closed_message + "\n" +
                 _("The host keeps the game in its autosave: host it again to go on."))

    # --- the frame ---------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        self.take_messages()
        if self.link.gone and not self.closed_message:
            self.host_gone(self.link.closing.reason if self.link.closing is not None else "")
            return
        super().update(dt_s)  # type: ignore[misc]
        self.net_overlay.update(dt_s)

    def overlay_top_px(self) -> int | None:
        """Where the overlay's buttons start (below a panel at the table's top), None: the top."""
        return None

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)  # type: ignore[misc]
        self.net_overlay.layout(self.table_rect(), self.overlay_top_px())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        self.net_overlay.draw(surface, self.table.camera, self.board)

    def leave(self) -> None:
        self.net_overlay.kill()
        parent = getattr(super(), "leave", None)
        if parent is not None:
            parent()
        if not self.link.gone:
            self.link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        parent = getattr(super(), "shown_rects", None)
        return (parent() if parent is not None else []) + self.net_overlay.shown_rects()

    # --- input -------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.net_overlay.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.table_rect().collidepoint(event.pos):
            world = self.table.camera.screen_to_world(event.pos)
            zone_at = getattr(self.board, "zone_at", None)
            self.net_overlay.ping_zone(zone_at(world) if zone_at is not None else None, world)
            return True
        return bool(super().handle_event(event))  # type: ignore[misc]

    def press_tool(self, key: str) -> None:
        if key in HOST_TOOLS:
            self.status(_("In a network game the host saves after every move; replay and override stay on the host"))
            return
        super().press_tool(key)  # type: ignore[misc]

    # --- what belongs to the host --------------------------------------------------------------------

    def ask_undo(self) -> bool:
        if not self.controller.undo():
            self.status(_("Nothing to undo"))
            return False
        self.status(_("Undo asked: the other players are asked to agree"))
        return True

    def ask_redo(self) -> bool:
        if not self.controller.redo().ok:
            self.status(_("Nothing to redo"))
            return False
        self.status(_("Redo asked: the other players are asked to agree"))
        return True

    def save(self, path: Path | None = None, quiet: bool = False) -> Path | None:
        if not quiet:
            self.status(_("The host saves the game after every move"))
        return None

    def autosave(self) -> Path | None:
        return None
