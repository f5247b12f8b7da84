"""Which Tiled the tests drive: ``DEADTABLE_TILED=/path/to/tiled`` picks one (a newer build, say),
else the ``tiled`` on the PATH; None when there is none (those tests are skipped)."""

from __future__ import annotations

import os
import shutil


def tiled_editor() -> str | None:
    chosen = os.environ.get("DEADTABLE_TILED", "")
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    return shutil.which("tiled")


TILED = tiled_editor()
