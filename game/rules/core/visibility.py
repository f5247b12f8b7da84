"""Who may see an event: everyone, some seats, or nobody until the game reveals it.

An event class says who sees it with an ``audience()`` method (none: everyone). A private event may
also offer ``redacted()``: what the other seats see in its place (``ChoiceSealed`` in place of the
choice itself). ``events_for(events, seat)`` gives one seat its share of a batch of events; the log,
the animation and a network host all hand out events through it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.rules.core.base import Seat
from game.rules.core.frozen import record

SPECTATOR: Seat = ""  # a watcher with no seat: sees what everyone sees


@record
class Audience:
    """``seats`` None: everyone; a set: only those seats; empty: nobody until revealed (deck
    order, dice to come), which every seat sees once the game has ended."""

    seats: frozenset[Seat] | None = None

    def allows(self, seat: Seat) -> bool:
        return self.seats is None or seat in self.seats

    @property
    def public(self) -> bool:
        return self.seats is None

    @property
    def hidden(self) -> bool:
        return self.seats is not None and not self.seats


EVERYONE = Audience(None)
NOBODY = Audience(frozenset())


def only(*seats: Seat) -> Audience:
    """An audience of the named seats (none named: nobody until revealed)."""
    return Audience(frozenset(seats))


def audience_of(event: Any) -> Audience:
    """The event's audience: its ``audience()`` when it has one, else everyone."""
    method = getattr(event, "audience", None)
    if method is None:
        return EVERYONE
    found = method() if callable(method) else method
    if not isinstance(found, Audience):
        raise TypeError(f"{type(event).__name__}.audience() gave {found!r}, not an Audience")
    return found


def redacted(event: Any) -> Any | None:
    """What the seats outside the event's audience see in its place (None: nothing)."""
    method = getattr(event, "redacted", None)
    return method() if callable(method) else None


def visible_to(event: Any, seat: Seat, revealed: bool = False) -> Any | None:
    """The event as ``seat`` sees it: itself, its redacted form, or None. ``revealed``: the game
    has ended (or a reveal opened everything), so every event is shown to everyone."""
    if revealed or audience_of(event).allows(seat):
        return event
    return redacted(event)


def events_for(events: Iterable[Any], seat: Seat, revealed: bool = False) -> tuple[Any, ...]:
    """The share of ``events`` that ``seat`` may see, in order (``SPECTATOR``: the public share)."""
    shown = []
    for event in events:
        seen = visible_to(event, seat, revealed)
        if seen is not None:
            shown.append(seen)
    return tuple(shown)
