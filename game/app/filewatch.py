"""Watching the files a table was built from (the one module that imports watchdog).

The watching thread only records which file changed; the window takes the changes once a frame
(``take_changed``) and does the work on its own thread. Tiled saves a file by writing a temporary
one and renaming it over the old, so a move onto a watched file counts as a change too. A test
injects a change with ``notify`` instead of waiting for the disk.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.normcase(os.path.abspath(os.fspath(path)))


class FileWatch(FileSystemEventHandler):
    """Tells which of ``files`` changed since the last ``take_changed``."""

    def __init__(self, files: Iterable[Path], start: bool = True):
        super().__init__()
        self.files = {_key(path): Path(path) for path in files}
        self._changed: set[str] = set()
        self._lock = threading.Lock()
        self._observer: BaseObserver | None = None
        if start:
            self.start()

    def start(self) -> None:
        observer = Observer()
        for folder in sorted({os.path.dirname(key) for key in self.files}):
            if os.path.isdir(folder):
                observer.schedule(self, folder, recursive=False)
        observer.daemon = True
        observer.start()
        self._observer = observer

    def stop(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None

    def notify(self, path: str | os.PathLike[str]) -> None:
        """A file changed (called by the watching thread, or by a test)."""
        key = _key(path)
        if key in self.files:
            with self._lock:
                self._changed.add(key)

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):
            return
        self.notify(os.fsdecode(event.src_path))
        destination = getattr(event, "dest_path", "")
        if destination:
            self.notify(os.fsdecode(destination))

    def take_changed(self) -> list[Path]:
        """The watched files changed since the last call, once each."""
        with self._lock:
            changed, self._changed = self._changed, set()
        return [self.files[key] for key in sorted(changed)]
