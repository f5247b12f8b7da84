"""City of Horror's controller over a ``RemoteSession``: the same ``CohController`` the table screen
drives, but this window plays one seat only (the host runs the bots and hears the other players),
its view is the seat's ``player_view`` from the host, and every command goes to the host.

No pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app.city_of_horror.controller import CohController, SeatPlan
from game.app.net.remote import Received, RemoteSession
from game.net.protocol import Update
from game.rules.core.base import IllegalCommand

ANOTHER_SEAT = "that seat is played on another machine"


class RemoteCohController(CohController):
    """A ``CohController`` for the one seat this window holds (None: a spectator)."""

    def __init__(self, session: RemoteSession):
        super().__init__(session, (), write_saves=False)  # type: ignore[arg-type]
        self.seats = self._plans()
        self._event_marks: list[int] = []  # len(events) before each command shown (an undo drops back)

    @property
    def remote(self) -> RemoteSession:
        return self.session  # type: ignore[return-value]

    @property
    def mine(self) -> str | None:
        return self.remote.seat

    def _plans(self) -> tuple[SeatPlan, ...]:
        state = self.state
        return tuple(SeatPlan(seat, state.colour(seat)) for seat in state.seats)

    def plan(self, seat: str) -> SeatPlan:
        found = next((p for p in self.seats if p.name == seat), None)
        return found if found is not None else SeatPlan(seat, self.state.colour(seat))

    # --- one seat here; the others are somewhere else (or the host's bots) ------------------------------

    def is_bot(self, seat: str) -> bool:
        return seat != self.mine  # not asked here: the host asks that seat's own window (or bot)

    def humans(self) -> tuple[str, ...]:
        return (self.mine,) if self.mine is not None else ()

    def view(self, seat: str) -> Any:
        return self.state  # the host sent this seat's view only

    def legal(self, seat: str) -> list[Any]:
        return self.remote.legal_commands(seat)

    def bot_step(self) -> None:
        return None  # the host plays the bots

    def play(self, seat: str, command: Any) -> tuple[Any, ...]:
        """Send ``command`` to the host for this window's seat; its refusal raises IllegalCommand."""
        if seat != self.mine:
            raise IllegalCommand(ANOTHER_SEAT)
        marks = len(self.events)
        played = self.remote.play(seat, command)
        self._event_marks.append(marks)
        self.events.extend(played)
        return tuple(played)

    def everyone_done(self) -> int:
        """This seat passes (the others pass on their own machines)."""
        try:
            return super().everyone_done()
        except IllegalCommand:
            return 0

    def autosave(self) -> Path | None:
        return None  # the host saves after every command

    # --- the host's updates ---------------------------------------------------------------------------

    def receive(self, update: Update) -> Received | None:
        """Show ``update``: its events join the game's (an undo takes the last command's back)."""
        received = self.remote.receive(update)
        if received is None:
            return None
        if received.undone and self._event_marks:
            del self.events[self._event_marks.pop():]
        elif update.cause in ("command", "redo"):
            self._event_marks.append(len(self.events))
            self.events.extend(received.events)
        return received
