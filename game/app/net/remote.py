"""A game played on a host, shaped like the ``Session`` the game controllers drive.

The state is this seat's view from the host's last ``update``; the events of a command are those
the update told this seat; a command goes to the host and waits (with a bound) for its answer: the
update, or the host's refusal, raised as ``IllegalCommand`` with its reason (nothing changes here).
Undo and redo are asked of the host, which applies its own rule (docs/network.md); their result
comes back as an update like any other.

No pygame here: the screens call ``receive`` with each update ``NetLink.poll`` hands them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.app.net.link import NetLink, refusal_reason
from game.net import views
from game.net.protocol import Command, Redo, Refused, Undo, Update
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.session import LogEntry, state_hash

NO_ANSWER = "the host did not answer in time; try again"
HOST_GONE = "the connection to the host is closed"


@record
class Received:
    """What an update did to the game shown: the state before, the events to animate, and whether it
    took a command back (an undo)."""

    before: Any
    events: tuple[Any, ...]
    undone: bool = False


class RemoteSession:
    """The ``Session`` of a game whose engine runs on a host (only what the screens use)."""

    def __init__(self, link: NetLink, ruleset: Any, board: Any, setup_spec: Any):
        self.link = link
        self.ruleset = ruleset
        self.board = board
        self.setup_spec = setup_spec
        self.seed = 0  # never sent: the host keeps it
        self._template = views.view_template(ruleset, board, setup_spec)
        self._state = ruleset.player_view(self._template, link.seat or "")
        self.number = 0
        self.turn: tuple[str, ...] = ()
        self.result: str | None = None
        self._legal_wire: list[Any] = []
        self._legal: list[Any] | None = None
        self._can_undo = False
        self._can_redo = False
        self._history: list[tuple[Any, tuple[Any, ...]]] = []
        self._entries: list[LogEntry] = []
        self._asked = 0  # commands sent: each names its number, and its answer names it back

    # --- what a Session shows ----------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._state

    @property
    def seat(self) -> str | None:
        """The seat this window plays (None: a spectator)."""
        return self.link.seat

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._entries)

    @property
    def logged(self) -> tuple[LogEntry, ...]:
        return tuple(self._entries)

    def history(self) -> list[tuple[Any, tuple[Any, ...]]]:
        return list(self._history)

    def can_undo(self) -> bool:
        return self._can_undo

    def can_redo(self) -> bool:
        return self._can_redo

    def next_entry(self) -> LogEntry | None:
        return None  # the host keeps the redo history

    def hash(self) -> str:
        return state_hash(self._state)

    def legal_commands(self, seat: str | None) -> list[Any]:
        """The host's legal commands for this window's seat (none for another seat)."""
        if seat is None or seat != self.seat:
            return []
        if self._legal is None:
            self._legal = views.decode_legal(self._legal_wire)
        return list(self._legal)

    # --- the host's answers ------------------------------------------------------------------------

    def receive(self, update: Update) -> Received | None:
        """Show ``update`` (an older one than the last shown is ignored)."""
        if update.number <= self.number and self.number:
            return None
        before = self._state
        state = views.decode_view(update.view, self._template)
        events = views.decode_events(update.events)
        undone = update.cause == "undo"
        self._state = state
        self.number = update.number
        self.turn = tuple(update.turn)
        self.result = update.outcome
        self._legal_wire, self._legal = list(update.legal), None
        self._can_undo, self._can_redo = update.can_undo, update.can_redo
        if undone and self._entries:
            self._entries.pop()
            self._history.pop()
        elif update.cause in ("command", "redo"):
            self._entries.append(LogEntry(update.turn[0] if update.turn else "", None))
            self._history.append((state, events))
        return Received(before, events if update.cause == "command" else (), undone)

    # --- intents -----------------------------------------------------------------------------------

    def play(self, seat: str, command: Any) -> tuple[Any, ...]:
        """Send ``command`` and wait for the host: its events, or IllegalCommand with its reason."""
        text = self.ruleset.command_to_json(command)
        self._asked += 1
        ask = self._asked
        if not self.link.send(Command(command=text, seen=self.number, ask=ask)):
            raise IllegalCommand(HOST_GONE)
        mine = self.link.seat
        answer = self.link.wait_for(  # this command's own update or refusal; another seat's update waits for poll
            lambda m: (isinstance(m, Update) and m.cause == "command" and m.by == mine and m.ask == ask)
            or (isinstance(m, Refused) and m.refused == "command" and m.ask == ask))
        if answer is None:
            raise IllegalCommand(HOST_GONE if self.link.gone else NO_ANSWER)
        if isinstance(answer, Refused):
            raise IllegalCommand(refusal_reason(answer))
        received = self.receive(answer)
        return received.events if received is not None else ()

    def undo(self) -> Any:
        """Ask the host to take the last command back; its answer comes as an update."""
        if not self.link.send(Undo()):
            raise IndexError(HOST_GONE)
        return self._state

    def redo(self) -> tuple[Any, ...]:
        if not self.link.send(Redo()):
            raise IndexError(HOST_GONE)
        return ()

    def queue(self, entries: Sequence[Any]) -> None:
        raise NotImplementedError("a network game is replayed on the host")

    def save(self) -> Any:
        raise NotImplementedError("the host saves a network game after every command")
