"""Write a file so that a crash, a full disk, a power cut or a second writer never harms it.

- One writer per slot. The first process that writes a file takes ``<name>.lock`` beside it (an
  OS lock, through ``filelock``) and keeps it for as long as it lives, so two windows never take
  turns overwriting each other's game. Another process that writes the same file waits up to
  ``SAVE_LOCK_WAIT_S`` and is then told (``SlotBusyError``, an ``OSError``). The OS frees the lock
  when its process ends, even when it is killed.
- The new text goes to a temporary file ``.<name>.<pid>.<random>.tmp`` in the same directory, is
  flushed and fsynced, the previous file is kept as ``<name>.bak``, and only then does
  ``os.replace`` put the new file in place (an atomic rename on the same file system). On any
  failure the previous file is untouched and the temporary file is removed.
- A process killed mid-write leaves its temporary file behind: ``clean_stale_temps`` (run when the
  app starts) removes ours, and only ours: those whose process is gone, or older than
  ``STALE_TEMP_AGE_S``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import time
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from game.limits import SAVE_LOCK_WAIT_S, STALE_TEMP_AGE_S

BACKUP_SUFFIX = ".bak"
LOCK_SUFFIX = ".lock"
TEMP_SUFFIX = ".tmp"
MAX_OWNED_SLOTS = 64  # slots one process keeps locked at once (the oldest is let go past this)
# ``.<name>.<pid>.<random>.tmp``, and ``.<name>.<random>.tmp`` from before the pid was written
TEMP_PATTERN = re.compile(r"^\.(?P<name>.+?)\.(?:(?P<pid>\d{1,10})\.)?[a-z0-9_]{8}\.tmp$")

if TYPE_CHECKING:
    import filelock


class SlotBusyError(OSError):
    """Another process is writing this file (it holds ``<name>.lock``)."""

    def __init__(self, path: str | os.PathLike[str]):
        super().__init__(errno.EBUSY, "another Deadtable window is saving to this file: close it, or save under "
                                      "another name", str(path))


def backup_path(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    return target.with_name(target.name + BACKUP_SUFFIX)


def lock_path(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    return target.with_name(target.name + LOCK_SUFFIX)


# --- one writer per slot -------------------------------------------------------------------------

_owned: OrderedDict[str, filelock.BaseFileLock] = OrderedDict()
_inherited: list[filelock.BaseFileLock] = []  # a forked child's copies of its parent's locks: never released


def _forget_parent_locks() -> None:
    """In a forked child the parent's locks are shared: releasing them would free the parent's slots."""
    _inherited.extend(_owned.values())
    _owned.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_parent_locks)


def own_slot(path: str | os.PathLike[str], wait_s: float = SAVE_LOCK_WAIT_S) -> None:
    """Take the slot ``path`` for this process (kept until ``release_slot`` or the process ends);
    raises SlotBusyError when another process keeps it past ``wait_s``."""
    key = os.path.realpath(path)
    held = _owned.get(key)
    if held is not None:
        _owned.move_to_end(key)
        return
    import filelock  # here, not at the top: it brings in asyncio (40 ms of start-up) and no game saves before it is drawn

    lock = filelock.FileLock(lock_path(key), timeout=wait_s, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise SlotBusyError(path) from None
    _owned[key] = lock
    while len(_owned) > MAX_OWNED_SLOTS:
        _, oldest = _owned.popitem(last=False)
        oldest.release()


def release_slot(path: str | os.PathLike[str]) -> None:
    """Let another process write ``path`` (a window closing its game)."""
    lock = _owned.pop(os.path.realpath(path), None)
    if lock is not None:
        lock.release()


def owns_slot(path: str | os.PathLike[str]) -> bool:
    return os.path.realpath(path) in _owned


# --- writing -------------------------------------------------------------------------------------


def atomic_write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8",
                      wait_s: float = SAVE_LOCK_WAIT_S) -> None:
    """Replace ``path`` with ``text`` atomically, keeping the previous content as ``<name>.bak``;
    takes the slot first (SlotBusyError when another process keeps it)."""
    target = Path(path)
    directory = target.parent
    own_slot(target, wait_s)
    fd, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target.name), suffix=TEMP_SUFFIX, dir=directory)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            _keep_backup(target)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temp_name)
        raise
    _fsync_directory(directory)


def _temp_prefix(name: str) -> str:
    return f".{name}.{os.getpid()}."


def _keep_backup(target: Path) -> None:
    """Make ``<name>.bak`` a copy of the current file, itself atomically (the target stays put)."""
    backup = backup_path(target)
    with contextlib.suppress(OSError):
        if os.path.samefile(target, backup):
            return  # the backup is already this very file (a write stopped after keeping it)
    fd, temp_name = tempfile.mkstemp(prefix=_temp_prefix(backup.name), suffix=TEMP_SUFFIX, dir=target.parent)
    os.close(fd)
    try:
        os.remove(temp_name)
        try:
            os.link(target, temp_name)  # a second name for the same data: no copy needed
        except OSError:  # file systems without hard links
            with open(target, "rb") as source, open(temp_name, "wb") as copy:
                copy.write(source.read())
                copy.flush()
                os.fsync(copy.fileno())
        os.replace(temp_name, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temp_name)
        raise
    if os.path.lexists(temp_name):  # a rename between two names of one file does nothing: drop the name
        with contextlib.suppress(OSError):
            os.remove(temp_name)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); some systems cannot open a directory, which is fine."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- leftovers of a crash ------------------------------------------------------------------------


def _process_is_gone(pid: int) -> bool:
    if pid == os.getpid() or os.name != "posix":
        return False  # elsewhere signal 0 is no harmless probe: such temps go by their age alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError, OverflowError):
        return False  # alive under another user, or nothing we can prove
    return False


def is_stale_temp(path: Path, now: float, max_age_s: float = STALE_TEMP_AGE_S) -> bool:
    """A temporary file of ``atomic_write_text`` whose writer is gone or that is older than ``max_age_s``."""
    found = TEMP_PATTERN.match(path.name)
    if found is None or not path.is_file() or path.is_symlink():
        return False
    pid = found.group("pid")
    if pid is not None and _process_is_gone(int(pid)):
        return True
    try:
        return now - path.stat().st_mtime > max_age_s
    except OSError:
        return False


def clean_stale_temps(folder: str | os.PathLike[str], *, depth: int = 2,
                      max_age_s: float = STALE_TEMP_AGE_S) -> list[Path]:
    """Remove the temporary files crashed writes left in ``folder`` and its subfolders (``depth``
    levels: the save folder, its campaigns and bands); returns what was removed."""
    removed: list[Path] = []
    now = time.time()
    pending = [(Path(folder), 0)]
    while pending:
        directory, level = pending.pop()
        try:
            entries = list(directory.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir() and not entry.is_symlink():
                if level < depth:
                    pending.append((entry, level + 1))
            elif is_stale_temp(entry, now, max_age_s):
                with contextlib.suppress(OSError):
                    entry.unlink()
                    removed.append(entry)
    return removed
