"""Answers worked out once per object (a board, a catalogue, a box's tables) and kept by the object's
identity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")
_NOTHING = object()  # no object asked yet


def kept_per_object(size: int) -> Callable[[Callable[[T], R]], Callable[[T], R]]:
    """Decorate ``make(obj)`` so that its answer is worked out once per object. Each entry holds its
    object, so a reused id cannot fool it; at most ``size`` are kept (then all are dropped at once, but
    the last one asked, which stays held until another is asked)."""

    def decorate(make: Callable[[T], R]) -> Callable[[T], R]:
        entries: dict[int, tuple[Any, R]] = {}
        # the entry asked for last: most callers ask of one object many times in a row (a game's board,
        # its setup), found by one identity test, no id() and no look-up (held, so its id stays its own)
        last: list[tuple[Any, Any]] = [(_NOTHING, None)]

        def kept(obj: T) -> R:
            latest = last[0]
            if latest[0] is obj:
                return latest[1]  # type: ignore[no-any-return]
            entry = entries.get(id(obj))
            if entry is None or entry[0] is not obj:
                if len(entries) >= size:
                    entries.clear()
                entry = entries[id(obj)] = (obj, make(obj))
            last[0] = entry
            return entry[1]

        kept.__doc__, kept.__name__ = make.__doc__, make.__name__
        return kept

    return decorate
