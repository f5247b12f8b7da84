"""Write a file so that a crash, a full disk or a power cut never leaves it half written.

The new text goes to a temporary file in the same directory, is flushed and fsynced, the previous
file is kept as ``<name>.bak``, and only then does ``os.replace`` put the new file in place (an
atomic rename on the same file system). On any failure the previous file is untouched and the
temporary file is removed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

BACKUP_SUFFIX = ".bak"


def backup_path(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    return target.with_name(target.name + BACKUP_SUFFIX)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically, keeping the previous content as ``<name>.bak``."""
    target = Path(path)
    directory = target.parent
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
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


def _keep_backup(target: Path) -> None:
    """Make ``<name>.bak`` a copy of the current file, itself atomically (the target stays put)."""
    backup = backup_path(target)
    fd, temp_name = tempfile.mkstemp(prefix=f".{backup.name}.", suffix=".tmp", dir=target.parent)
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
