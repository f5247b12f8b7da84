"""A legal-command list whose runs of trades are built only when read.

Between two survivors in one zone the legal list holds every single-card trade (a dozen or more
each), and a random play-out reads one command of the list: ``Listed`` keeps each such run as a
``Run`` (how many commands it holds and how to build them) between the other commands, so its
length and any one item cost no more than the run that item falls in. Reading it whole (iterating,
slicing, printing, comparing) builds every run once, in the list's order: ``list(listed)`` is the
legal list itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol


class Run(Protocol):
    """Commands listed together and built only when read."""

    count: int

    def commands(self) -> Sequence[Any]: ...

    def command(self, index: int) -> Any:
        """``commands()[index]`` (0 <= index < count), which a run may make without the others."""


class Listed(Sequence[Any]):
    """``plain`` commands in order, with each run of ``runs`` standing before ``plain[position]``
    (runs in order of position; several may stand at one position)."""

    __slots__ = ("_plain", "_runs", "_length", "_whole")

    def __init__(self, plain: list[Any], runs: list[tuple[int, Run]], run_commands: int | None = None):
        """``run_commands``: how many commands the runs hold together, when the caller knows."""
        self._plain = plain
        self._runs = runs
        if run_commands is None:
            run_commands = sum(run.count for _, run in runs)
        self._length = len(plain) + run_commands
        self._whole: list[Any] | None = None

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if self._whole is not None or index.__class__ is not int:
            return self.whole()[index]
        if index < 0:
            index += self._length
            if index < 0:
                raise IndexError("listed command index out of range")
        plain = self._plain
        read = 0  # plain commands passed so far
        passed = 0  # listed commands passed so far
        for position, run in self._runs:
            before = position - read
            if index < passed + before:
                return plain[read + index - passed]
            passed += before
            read = position
            if index < passed + run.count:
                return run.command(index - passed)
            passed += run.count
        return plain[read + index - passed]  # an index past the end raises IndexError here

    def whole(self) -> list[Any]:
        """Every command, the runs built, as ``legal_commands`` lists them."""
        whole = self._whole
        if whole is None:
            whole, read = [], 0
            for position, run in self._runs:
                whole.extend(self._plain[read:position])
                whole.extend(run.commands())
                read = position
            whole.extend(self._plain[read:])
            self._whole = whole
        return whole

    def __iter__(self) -> Iterator[Any]:
        return iter(self.whole())

    def __contains__(self, command: object) -> bool:
        return command in self.whole()

    def __repr__(self) -> str:
        return repr(self.whole())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listed):
            return self.whole() == other.whole()
        if isinstance(other, list):
            return self.whole() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list's equality: unhashable, like a list
