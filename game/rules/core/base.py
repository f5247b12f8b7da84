"""What every rules engine shares: seats, the refusal of a command, the engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Seat = str


class IllegalCommand(Exception):
    """A command the rules refuse; ``reason`` is written for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Ruleset(Protocol):
    """The engine contract: pure functions over immutable states.

    ``current_seats`` may hold several seats (a simultaneous or sealed decision). ``player_view``
    removes what a seat must not know (other hands, deck order, the RNG state, sealed answers); it
    is for showing, never for applying. Events say who may see them (``core.visibility``)."""

    name: str
    version: str

    def setup(self, board: Any, setup_spec: Any, seed: int) -> Any: ...

    def current_seats(self, state: Any) -> frozenset[Seat]: ...

    def legal_commands(self, state: Any, seat: Seat) -> Sequence[Any]: ...

    def check(self, state: Any, seat: Seat, command: Any) -> None: ...

    def apply(self, state: Any, seat: Seat, command: Any) -> tuple[Any, tuple[Any, ...]]: ...

    def outcome(self, state: Any) -> Any: ...

    def player_view(self, state: Any, seat: Seat) -> Any: ...

    def command_to_json(self, command: Any) -> str: ...

    def command_from_json(self, text: str) -> Any: ...

    def setup_to_json(self, setup_spec: Any) -> str: ...

    def setup_from_json(self, text: str) -> Any: ...
