"""How a host keeps its game safe after every command without making the players wait for the disk.

Each change of the game is first appended to a journal beside the save (``<save>.journal``, one JSON
line: the update number and the command played, or an undo) before anyone is told of it; the save
envelope itself (the same atomic write as every game save, the previous file kept as ``.bak``) is
then written by a worker thread, and the journal emptied once the envelope holds everything. A host
process that dies at any moment is restarted from the envelope plus the journal's later lines, so no
command anyone was told of is lost; a command whose journal line could not be written is taken back
and refused. (The journal line is flushed, not synced: it survives the host process, and the synced
envelope follows within milliseconds.)
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.platform import envelope
from game.platform.registry import GameEntry
from game.rules.core.base import IllegalCommand
from game.rules.core.session import Session

Snapshot = tuple[Session, dict[str, Any]]  # the session as it was, and the save's extra


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


def frozen_copy(session: Session) -> Session:
    """A session a worker thread can save while the host plays on (states are immutable)."""
    twin = copy.copy(session)
    twin._states, twin._log, twin._events = list(session._states), list(session._log), []
    return twin


def write(path: Path, entry: GameEntry, snapshot: Snapshot, title: str,
          content: envelope.ContentStamp | None = None) -> None:
    session, extra = snapshot
    try:
        envelope.write_game(path, entry, session, title=title, extra=extra, content=content)
    except envelope.SaveFileError as error:
        raise OSError(error.what) from None


class Autosave:
    def __init__(self, path: Path, entry: GameEntry, title: str = "", content: envelope.ContentStamp | None = None):
        self.path = path
        self.entry = entry
        self.title = title
        self.content = content  # the game's content stamp, read once: the files do not change mid-game
        self.error = ""  # the last failed save, in words ("" once a save succeeded again)
        self._task: asyncio.Future[None] | None = None
        self._wanted: Callable[[], Snapshot] | None = None

    @property
    def journal(self) -> Path:
        return journal_path(self.path)

    def record(self, number: int, line: dict[str, Any]) -> None:
        """Append one change to the journal (OSError when it cannot be written: take the change back)."""
        with open(self.journal, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"update": number, **line}) + "\n")
            handle.flush()

    def now(self, snapshot: Snapshot) -> None:
        """Write the envelope at once (no host loop is saving meanwhile), then empty the journal."""
        write(self.path, self.entry, snapshot, self.title, self.content)
        self.journal.unlink(missing_ok=True)

    def soon(self, take: Callable[[], Snapshot]) -> None:
        """Write the envelope in a worker thread; ``take()`` gives the snapshot at the time of writing,
        so a burst of changes is written once, with the latest."""
        self._wanted = take
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._writing())

    async def _writing(self) -> None:
        while self._wanted is not None:
            take, self._wanted = self._wanted, None
            snapshot = take()
            try:
                await asyncio.to_thread(write, self.path, self.entry, snapshot, self.title, self.content)
            except OSError as error:
                self.error = str(error)  # the journal still holds every change
                continue
            self.error = ""
            if self._wanted is None:  # the envelope holds everything told so far
                self.journal.unlink(missing_ok=True)

    async def flush(self) -> None:
        if self._task is not None:
            await self._task


def replay_journal(session: Session, journal: Path, saved_number: int) -> tuple[int, dict[str, Any] | None]:
    """Play the journal's changes after update ``saved_number`` on ``session``; returns the update
    number reached and the last record of who holds the seats (None: the envelope's is the latest).
    A torn last line (the host died writing it) ends the replay."""
    number = saved_number
    seats: dict[str, Any] | None = None
    try:
        lines = journal.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return number, seats
    ruleset = session.ruleset
    for text in lines:
        try:
            line = json.loads(text)
            if line["op"] == "seats":  # the last one is the newest, whatever the envelope holds
                seats = {"started": bool(line["started"]), "seats": dict(line["seats"])}
                continue
            if int(line["update"]) <= number:
                continue
            if line["op"] == "undo":
                session.undo()
                session.queue(())
            else:
                session.play(str(line["seat"]), ruleset.command_from_json(str(line["command"])))
            number = int(line["update"])
        except (ValueError, KeyError, TypeError, IndexError, IllegalCommand):
            break
    return number, seats
