"""The Zombicide controller over a ``RemoteSession``: the same screen plays a game hosted elsewhere.

Only what differs from local play is here: the legal commands are the host's list for this
window's seat (none while another seat acts), every command goes out for this window's seat (the
host knows who sent it), and the events are already this seat's share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.app.net.remote import RemoteSession
from game.app.zombicide.controller import GameController, Outcome
from game.i18n import _


class RemoteGameController(GameController):
    """A ``GameController`` whose session is a ``RemoteSession``."""

    session: RemoteSession  # type: ignore[assignment]  # the screens use what the two share

    def __init__(self, session: RemoteSession):
        super().__init__(session, session.board)  # type: ignore[arg-type]

    @property
    def my_seat(self) -> str | None:
        return self.session.seat

    def legal(self) -> list[Any]:
        seat = self.seat
        return self.session.legal_commands(seat) if seat is not None else []

    def play(self, command: Any, seat: str | None = None) -> Outcome:
        mine = self.my_seat  # the host knows who sent it: always this window's seat
        if mine is None:
            return Outcome(False, reason=_("a spectator watches: take a free seat to play"), command=command)
        return super().play(command, seat=mine)

    def shown(self, events: Sequence[Any], seat: str | None) -> tuple[Any, ...]:
        return tuple(events)  # the host sent this seat's share only

    def undo(self) -> bool:
        if not self.session.can_undo():
            return False
        self.session.undo()
        return True

    def redo(self) -> Outcome:
        if not self.session.can_redo():
            return Outcome(False, reason=_("nothing to redo"))
        self.session.redo()
        return Outcome(True)
