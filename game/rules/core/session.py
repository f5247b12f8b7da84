"""A game session: the command log over a seed and a setup, with undo, redo, replay and saves.

The log is the truth: a state is always ``setup`` followed by the logged commands. States along
the way are kept so undo is instant; redo re-applies the logged command (the same seed gives the
same dice, so the result is identical).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.core.base import IllegalCommand, Ruleset, Seat
from game.rules.core.frozen import record

SAVE_SCHEMA_VERSION = 1


def state_hash(state: Any) -> str:
    """A digest of a state's content (states are frozen dataclasses/tuples with stable reprs)."""
    return hashlib.sha256(repr(state).encode("utf-8")).hexdigest()[:16]


@record
class LogEntry:
    seat: Seat
    command: Any


@record
class SaveData:
    """What a save file holds: enough to rebuild the game exactly by replay."""

    ruleset: str
    ruleset_version: str
    seed: int
    setup_json: str
    log: tuple[tuple[Seat, str], ...]  # (seat, command as JSON)
    final_hash: str
    schema_version: int = SAVE_SCHEMA_VERSION

    def to_json(self) -> str:
        return json.dumps(
            {
                "schema_version": self.schema_version,
                "ruleset": self.ruleset,
                "ruleset_version": self.ruleset_version,
                "seed": self.seed,
                "setup": json.loads(self.setup_json),
                "log": [{"seat": seat, "command": json.loads(cmd)} for seat, cmd in self.log],
                "final_hash": self.final_hash,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, source: str = "save") -> SaveData:
        try:
            data = json.loads(text)
            return cls(
                ruleset=str(data["ruleset"]),
                ruleset_version=str(data["ruleset_version"]),
                seed=int(data["seed"]),
                setup_json=json.dumps(data["setup"]),
                log=tuple((str(e["seat"]), json.dumps(e["command"])) for e in data["log"]),
                final_hash=str(data.get("final_hash", "")),
                schema_version=int(data.get("schema_version", SAVE_SCHEMA_VERSION)),
            )
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{source}: not a readable save ({error})") from error


@dataclass
class Session:
    ruleset: Ruleset
    board: Any
    setup_spec: Any
    seed: int
    _states: list[Any] = field(default_factory=list)
    _log: list[LogEntry] = field(default_factory=list)
    _cursor: int = 0  # how many logged commands are in effect
    _events: list[tuple[Any, ...]] = field(default_factory=list)  # what each command in effect told

    def __post_init__(self) -> None:
        if not self._states:
            self._states = [self.ruleset.setup(self.board, self.setup_spec, self.seed)]

    @property
    def state(self) -> Any:
        return self._states[self._cursor]

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._log[: self._cursor])

    def play(self, seat: Seat, command: Any) -> tuple[Any, ...]:
        """Apply a command (raising IllegalCommand untouched); drops any redo history."""
        new_state, events = self.ruleset.apply(self.state, seat, command)
        del self._log[self._cursor :]
        del self._states[self._cursor + 1 :]
        del self._events[self._cursor :]
        self._log.append(LogEntry(seat, command))
        self._states.append(new_state)
        self._events.append(tuple(events))
        self._cursor += 1
        return events

    def history(self) -> list[tuple[Any, tuple[Any, ...]]]:
        """(state after, events) of each command in effect, as they were told: a log panel is
        rebuilt from it without playing the game again."""
        return [(self._states[n + 1], self._events[n]) for n in range(self._cursor)]

    @property
    def logged(self) -> tuple[LogEntry, ...]:
        """Every logged command, those undone (still to redo) included."""
        return tuple(self._log)

    def next_entry(self) -> LogEntry | None:
        """The logged command a redo would play, or None."""
        return self._log[self._cursor] if self._cursor < len(self._log) else None

    def queue(self, entries: Sequence[LogEntry]) -> None:
        """Log ``entries`` after the commands in effect without playing them (each redo plays the
        next): a replay steps through a game this way. Any redo history is dropped."""
        del self._log[self._cursor :]
        del self._states[self._cursor + 1 :]
        del self._events[self._cursor :]
        self._log.extend(entries)

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._log)

    def undo(self) -> Any:
        if not self.can_undo():
            raise IndexError("nothing to undo")
        self._cursor -= 1
        return self.state

    def redo(self) -> tuple[Any, ...]:
        if not self.can_redo():
            raise IndexError("nothing to redo")
        entry = self._log[self._cursor]
        new_state, events = self.ruleset.apply(self.state, entry.seat, entry.command)
        self._states[self._cursor + 1 : self._cursor + 2] = [new_state]
        self._events[self._cursor : self._cursor + 1] = [tuple(events)]
        self._cursor += 1
        return events

    def hash(self) -> str:
        return state_hash(self.state)

    def save(self) -> SaveData:
        return SaveData(
            ruleset=self.ruleset.name,
            ruleset_version=self.ruleset.version,
            seed=self.seed,
            setup_json=self.ruleset.setup_to_json(self.setup_spec),
            log=tuple((e.seat, self.ruleset.command_to_json(e.command)) for e in self.log),
            final_hash=self.hash(),
        )

    @classmethod
    def load(cls, ruleset: Ruleset, board: Any, save: SaveData) -> Session:
        """Rebuild a session by replaying its log; a log that no longer replays raises ValueError."""
        if save.ruleset != ruleset.name:
            raise ValueError(f"this save is for {save.ruleset}, not {ruleset.name}")
        session = cls(ruleset, board, ruleset.setup_from_json(save.setup_json), save.seed)
        session.replay((seat, ruleset.command_from_json(text)) for seat, text in save.log)
        if save.final_hash and session.hash() != save.final_hash:
            raise ValueError("the save replays to a different game (rules or content changed)")
        return session

    def replay(self, entries: Any) -> None:
        for number, (seat, command) in enumerate(entries, start=1):
            try:
                self.play(seat, command)
            except IllegalCommand as refusal:
                raise ValueError(f"command {number} of the log no longer applies: {refusal.reason}") from refusal


def replay_hashes(ruleset: Ruleset, board: Any, setup_spec: Any, seed: int,
                  entries: Sequence[tuple[Seat, Any]]) -> list[str]:
    """The state hash after each command: two runs of the same log must agree."""
    session = Session(ruleset, board, setup_spec, seed)
    hashes = [session.hash()]
    for seat, command in entries:
        session.play(seat, command)
        hashes.append(session.hash())
    return hashes
