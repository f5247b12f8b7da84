"""The Zombicide screen playing a game hosted elsewhere (or by this window's own ``HostThread``).

It is the local ``GameScene`` with a ``RemoteGameController``: every frame it takes the host's
messages (updates animate like local moves, refusals show their reason, chat, pings, undo votes),
and the tools that belong to the host (save, replay, override) say so instead of acting here.
A right click on the table pings the zone (or the point) under the pointer for everyone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.app.net.link import NetLink, refusal_words
from game.app.net.overlay import NetOverlay
from game.app.net.remote import RemoteSession
from game.app.net.zombicide_remote import RemoteGameController
from game.app.zombicide.controller import Outcome
from game.app.zombicide.game_scene import GameScene
from game.app.zombicide.view_model import door_states
from game.i18n import _
from game.net.protocol import HostClosing, PingShown, Refused, UndoAsked, Update

HOST_TOOLS = ("save", "replay", "step", "override")


class NetZombicideScene(GameScene):
    """A Zombicide game over the network; ``link`` is the connection, ``host`` this window's own host
    (a ``HostThread``) when it hosts, stopped when the scene goes."""

    def __init__(self, app: Any, link: NetLink, session: RemoteSession, mission_path: Path, host: Any = None):
        self.link = link
        self.host = host
        self.overlay = NetOverlay(app, link, host)
        self.closed_message = ""
        super().__init__(app, RemoteGameController(session), mission_path)

    @property
    def remote(self) -> RemoteSession:
        return self.controller.session  # type: ignore[return-value]

    # --- the host's messages -----------------------------------------------------------------------

    def take_messages(self) -> None:
        for message in self.link.poll():
            if isinstance(message, Update):
                self.show_update(message)
            elif isinstance(message, Refused):
                self.status(refusal_words(message))
            elif isinstance(message, PingShown):
                self.overlay.show_ping(message)
            elif isinstance(message, UndoAsked):
                self.overlay.ask_vote(message)
                if message.decided == "refused":
                    self.status(_("The table said no to the undo"))
            elif isinstance(message, HostClosing):
                self.host_gone(message.reason)

    def show_update(self, update: Update) -> None:
        before = self.controller.state
        doors = door_states(before)
        received = self.remote.receive(update)
        if received is None:
            return
        self.controller.select_default()
        if received.events:
            self.after(Outcome(True, received.events), received.before, doors)
            return
        self.director.skip()
        self.dialog = None
        if received.undone:
            self.follow_undo()
        self.sync_pieces()
        self.refresh_buttons()

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
        super().update(dt_s)
        self.overlay.update(dt_s)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        prompt = self.tutorial
        below = prompt.rect.bottom + 8 if prompt is not None and prompt.visible else None
        self.overlay.layout(self.table_rect(), below)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.overlay.draw(surface, self.table.camera, self.board)

    def leave(self) -> None:
        self.overlay.kill()
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
        return (parent() if parent is not None else []) + self.overlay.shown_rects()

    # --- input -------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.overlay.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.table_rect().collidepoint(event.pos):
            world = self.table.camera.screen_to_world(event.pos)
            self.overlay.ping_zone(self.board.zone_at(world), world)
            return True
        return super().handle_event(event)

    def press_tool(self, key: str) -> None:
        if key in HOST_TOOLS:
            self.status(_("In a network game the host saves after every move; replay and override stay on the host"))
            return
        super().press_tool(key)

    # --- what belongs to the host --------------------------------------------------------------------

    def undo(self) -> bool:
        if not self.controller.undo():
            self.status(_("Nothing to undo"))
            return False
        self.status(_("Undo asked: the other players are asked to agree"))
        return True

    def redo(self) -> bool:
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

    def show_end(self) -> None:
        from game.app.zombicide.end_scene import EndScene

        scenes = getattr(self.app, "scenes", None)
        if scenes is not None:
            scenes.push(EndScene(self.app, self.controller.state, self.board.title))
