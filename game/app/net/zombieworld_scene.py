"""The Zombieworld screen playing a game hosted elsewhere: the local ``ZombieworldGameScene`` with a
controller over a ``RemoteSession`` and the network's additions (``NetPlay``).

The previews (a drag's tape, a shot's odds) still come from the engine, asked about the seat's view:
Zombieworld's table has no secrets, so the view is the table; the host decides every command.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.app.net.link import NetLink
from game.app.net.remote import RemoteSession
from game.app.net.scene_mixin import NetPlay
from game.app.zombieworld.controller import Outcome, ZombieworldController
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.i18n import _
from game.net.protocol import Update
from game.rules.core.base import IllegalCommand


class RemoteZombieworldController(ZombieworldController):
    """A ``ZombieworldController`` whose session is a ``RemoteSession``: the host's legal commands for
    this window's seat, every command sent for it, the events as the host told them."""

    def legal(self) -> list[Any]:
        session: RemoteSession = self.session  # type: ignore[assignment]
        seat = self.seat
        return session.legal_commands(seat) if seat is not None else []

    def play(self, command: Any) -> Outcome:
        session: RemoteSession = self.session  # type: ignore[assignment]
        mine = session.seat
        if mine is None:
            return Outcome(False, _("a spectator watches: take a free seat to play"))
        try:
            events = session.play(mine, command)
        except IllegalCommand as refusal:
            return Outcome(False, refusal.reason)
        self._reach_cache.clear()
        active = self.state.active
        self.selected = active.model if active is not None else self.selected
        return Outcome(True, "", tuple(events))

    def shown(self, events: Sequence[Any], seat: str) -> tuple[Any, ...]:
        return tuple(events)  # the host sent this seat's share only

    def redo(self) -> Outcome:
        if not self.session.can_redo():
            return Outcome(False, _("nothing to redo"))
        self.session.redo()
        return Outcome(True)


class NetZombieworldScene(NetPlay, ZombieworldGameScene):
    """A Zombieworld game over the network."""

    def __init__(self, app: Any, link: NetLink, session: RemoteSession, table_path: Path, host: Any = None):
        self.net_init(app, link, host)
        super().__init__(app, RemoteZombieworldController(session, Path(table_path)))  # type: ignore[arg-type]

    def show_update(self, update: Update) -> None:
        received = self.remote.receive(update)
        if received is None:
            return
        self.controller._reach_cache.clear()
        if received.events:
            self.show_events(received.events, received.before)
        elif received.undone:
            self.log([("Undone", "plain")])
        self.sync_pieces()

    def undo(self) -> bool:
        return self.ask_undo()

    def press_tool(self, key: str) -> None:
        if key == "redo":
            self.ask_redo()
            return
        super().press_tool(key)
