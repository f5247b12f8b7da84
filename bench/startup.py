"""Start-up as a player meets it: one whole process from launch to the first picture of a game
(Tutorial 1 on the table, written as a screenshot), its wall time and peak memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import Section, figure

REPO_ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = REPO_ROOT / "maps" / "missions" / "rm-tutorial-1.toml"
START_TARGET_MS = 500.0
RUNS = 5


def _one_run(out: Path) -> tuple[float, float]:
    """(wall ms, peak MiB) of one ``main.py --scene game --screenshot`` process."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, str(REPO_ROOT / "main.py"), "--mission", str(TUTORIAL), "--scene", "game",
                    "--size", "1280x800", "--screenshot", str(out)], check=True, env=env, cwd=REPO_ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall_ms = (time.perf_counter() - start) * 1000
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the largest child so far
    return wall_ms, max(before, peak_kib) / 1024


def startup() -> list[str]:
    walls, peaks = [], []
    with tempfile.TemporaryDirectory() as folder:
        _one_run(Path(folder) / "warm.png")  # the first run fills the OS file cache
        for n in range(RUNS):
            wall_ms, peak_mib = _one_run(Path(folder) / f"shot{n}.png")
            walls.append(wall_ms)
            peaks.append(peak_mib)
    return [
        figure("launch to the first picture of Tutorial 1", walls, START_TARGET_MS),
        f"{'peak memory of one run':<44} {max(peaks):8.0f} MiB",
    ]


SECTIONS: list[Section] = [("start-up (whole process)", startup)]
