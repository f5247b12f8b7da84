"""``python -m bench [module ...]``: print every benchmark section's figures; asserts nothing.

Sections come from ``bench.io`` first, then ``bench.frame``, then any other module of this
package that offers ``SECTIONS`` or ``run()``: a new engine adds its benchmark by adding a module.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import platform
import sys
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from bench import Section  # noqa: E402

FIRST_MODULES = ("io", "frame")


def module_names() -> list[str]:
    found = sorted(
        info.name for info in pkgutil.iter_modules([str(Path(__file__).parent)]) if not info.name.startswith("_")
    )
    return [name for name in FIRST_MODULES if name in found] + [n for n in found if n not in FIRST_MODULES]


def sections_of(name: str) -> list[Section]:
    """The sections a benchmark module offers; a module that fails to import becomes one error line."""
    try:
        module = importlib.import_module(f"bench.{name}")
    except Exception as error:  # a half-written benchmark must not hide the others
        message = f"error: cannot import bench.{name}: {type(error).__name__}: {error}"
        return [(name, lambda: [message])]
    sections = getattr(module, "SECTIONS", None)
    if sections is not None:
        return list(sections)
    run = getattr(module, "run", None)
    if callable(run):
        return [(name, run)]
    return []


def main(argv: list[str]) -> int:
    wanted = argv or module_names()
    print(f"Deadtable benchmarks — Python {platform.python_version()} on {platform.system()} {platform.machine()}")
    for name in wanted:
        for title, function in sections_of(name):
            print(f"\n== {title}")
            start = time.perf_counter()
            try:
                lines = function()
            except Exception:
                lines = ["error:", *traceback.format_exc().rstrip().splitlines()]
            for line in lines:
                print(f"  {line}")
            print(f"  ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
