"""Start-up as a player meets it: from launch to the first picture of a game (Tutorial 1 on the
table, written as a screenshot: the moment its file is written), then the whole process to its exit,
its CPU time and peak memory.

The code is byte-compiled first, as ``make play`` does, so no run pays for compiling the sources
(some machines set PYTHONDONTWRITEBYTECODE, and then every launch would). The picture is written as
a BMP: encoding a PNG is the screenshot's cost, not the game's."""

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


def _one_run(out: Path, repo: Path = REPO_ROOT) -> tuple[float, float, float, float]:
    """(ms to the picture, wall ms of the whole process, its CPU ms, peak MiB) of one ``main.py
    --scene game --screenshot`` process. The picture's moment is when its file was written (the
    process then still quits pygame and Python). The CPU time is the steadier figure on a shared
    machine (other work stretches the wall time)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, cpu_before = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    launched_ns = time.time_ns()
    start = time.perf_counter()
    subprocess.run([sys.executable, str(repo / "main.py"), "--mission", str(repo / TUTORIAL.relative_to(REPO_ROOT)),
                    "--scene", "game", "--size", "1280x800", "--screenshot", str(out)], check=True, env=env, cwd=repo,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall_ms = (time.perf_counter() - start) * 1000
    picture_ms = (out.stat().st_mtime_ns - launched_ns) / 1e6
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_ms = (usage.ru_utime + usage.ru_stime - cpu_before) * 1000
    return picture_ms, wall_ms, cpu_ms, max(before, usage.ru_maxrss) / 1024  # ru_maxrss: the largest child so far


def startup(repo: Path = REPO_ROOT) -> list[str]:
    pictures, walls, cpus, peaks = [], [], [], []
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(repo / "game")], check=True,
                   stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as folder:
        _one_run(Path(folder) / "warm.bmp", repo)  # the first run fills the OS file cache
        for n in range(RUNS):
            picture_ms, wall_ms, cpu_ms, peak_mib = _one_run(Path(folder) / f"shot{n}.bmp", repo)
            pictures.append(picture_ms)
            walls.append(wall_ms)
            cpus.append(cpu_ms)
            peaks.append(peak_mib)
    return [
        figure("launch to the first picture of Tutorial 1", pictures, START_TARGET_MS),
        figure("  the whole process, to its exit", walls),
        figure("  the whole process, CPU time", cpus),
        f"{'peak memory of one run':<44} {max(peaks):8.0f} MiB",
    ]


SECTIONS: list[Section] = [("start-up (whole process)", startup)]
