"""The window's end of a connection to a host: the ``NetClient``, what the host last said about the
seats (lobby), the chat so far, and the messages the screens have not taken yet.

No pygame here. The window calls ``poll()`` once a frame; ``wait_for`` blocks, with a bound, until
the host answers something the player is waiting for (a command's update or its refusal), keeping
every other message for the next ``poll``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.i18n import phrase, said
from game.net.protocol import ChatLine, HostClosing, Lobby, Refused, SeatInfo, Welcome
from game.net.said_wire import said_from_wire

ANSWER_WAIT_S = 10.0  # how long a command waits for the host before it is given up
POLL_PAUSE_S = 0.002
CHAT_KEPT = 200


class Client(Protocol):
    """What the link needs of a ``game.net.client.NetClient`` (tests may hand a double)."""

    welcome: Welcome | None
    closed: bool

    @property
    def connected(self) -> bool: ...

    def send(self, message: Any) -> None: ...

    def poll(self) -> list[Any]: ...

    def close(self) -> None: ...


def refusal_reason(refused: Refused) -> Any:
    """The host's reason as the engine said it (a ``Said`` the window says in its player's language) when
    the host sent its words whole, else as ``refusal_words`` gives it."""
    if refused.said is not None:
        try:
            return said_from_wire(refused.said)
        except (KeyError, IndexError, ValueError):
            return refused.reason
    return refusal_words(refused)


def refusal_words(refused: Refused) -> str:
    """The host's reason, in the player's language when the host sent its template."""
    if refused.said is not None:
        try:
            return said(refusal_reason(refused))
        except (KeyError, IndexError, ValueError):  # a catalogue's words that do not fit the host's fields
            return refused.reason
    if refused.template:
        try:
            return phrase(refused.template, **refused.fields)
        except (KeyError, IndexError, ValueError):
            return refused.reason
    return refused.reason


@dataclass
class NetLink:
    """One connection to a host, as the window sees it."""

    client: Client
    name: str = ""
    address: str = ""
    code: str = ""
    lobby: Lobby | None = None
    chat: list[ChatLine] = field(default_factory=list)
    closing: HostClosing | None = None
    _backlog: list[Any] = field(default_factory=list)

    @property
    def welcome(self) -> Welcome | None:
        return self.client.welcome

    @property
    def seat(self) -> str | None:
        welcome = self.client.welcome
        return welcome.seat if welcome is not None else None

    @property
    def connected(self) -> bool:
        return self.client.connected

    @property
    def gone(self) -> bool:
        """The host closed or could not be reached again: the game is over for this window."""
        return self.closing is not None

    def send(self, message: Any) -> bool:
        """Send ``message``; False when the connection is closed for good."""
        try:
            self.client.send(message)
        except ConnectionError:
            return False
        return True

    def _take(self) -> list[Any]:
        found = self.client.poll()
        for message in found:
            if isinstance(message, Lobby):
                self.lobby = message
            elif isinstance(message, ChatLine):
                self.chat.append(message)
                del self.chat[:-CHAT_KEPT]
            elif isinstance(message, HostClosing):
                self.closing = message
        return found

    def poll(self) -> list[Any]:
        """Every message since the last call (those kept back by ``wait_for`` first); never blocks."""
        found, self._backlog = self._backlog + self._take(), []
        return found

    def keep(self, messages: list[Any]) -> None:
        """Put ``messages`` back, first in line for the next ``poll`` (a screen hands them on)."""
        self._backlog = list(messages) + self._backlog

    def wait_for(self, wanted: Callable[[Any], bool], timeout_s: float = ANSWER_WAIT_S) -> Any | None:
        """The first message ``wanted`` accepts, waiting at most ``timeout_s``; None when none came
        (or the host went away). The messages before it are kept for ``poll``."""
        deadline = time.monotonic() + timeout_s
        while True:
            for index, message in enumerate(self._backlog):
                if wanted(message):
                    del self._backlog[index]
                    return message
            new = self._take()
            self._backlog.extend(new)
            if not new:
                if self.closing is not None or time.monotonic() > deadline:
                    return None
                time.sleep(POLL_PAUSE_S)

    def seat_label(self, seat: str | None) -> str:
        """The seat as the game names it (the lobby's label), never its internal id."""
        if seat is None:
            return ""
        info = self.seat_info(seat)
        return info.label if info is not None else seat

    def seat_info(self, seat: str) -> SeatInfo | None:
        if self.lobby is None:
            return None
        return next((info for info in self.lobby.seats if info.seat == seat), None)

    def close(self) -> None:
        self.client.close()
