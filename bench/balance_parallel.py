"""Balance reports in parallel (issue 18 §4): planner games per second on one process and on two,
the speed-up (target ≥ 1.8 on two cores), and the time for 1,000 planner games of one mission on
two cores (target ≤ 5 minutes).

The games are those ``simulate`` and ``balance`` play (``game.rules.zombicide.simulate``), with the
same seeds on both runs, so both runs do exactly the same work. Wall-clock time is what counts
here: on a machine whose cores are busy with other programs the figures drop, and the line says how
busy the machine was (its load average) while it ran.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from game.board.mission import load_board
from game.board.model import Board
from game.platform.batch import default_jobs
from game.rules.zombicide.bots import planner_bot
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.simulate import mission_team, players_for, simulate

REPO_ROOT = Path(__file__).resolve().parent.parent
MISSION = REPO_ROOT / "maps" / "missions" / "rm-tutorial-2.toml"
SAMPLE_GAMES = 200
LONG_RUN_GAMES = 1000
SPEED_UP_TARGET = 1.8
LONG_RUN_TARGET_S = 300.0
# BENCH_QUICK=1 skips the 1,000-game run (a few minutes) and gives its time from the sample's rate
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")


def _setup() -> tuple[Board, dict[str, Any]]:
    board = load_board(MISSION)
    setup = board.properties["setup"]
    box = str(setup.get("box", "rue_morgue")) if isinstance(setup, dict) else "rue_morgue"
    team = mission_team(MISSION.stem, [s.id for s in load_catalog(box).survivors])
    return board, {"players": players_for(team)}  # the rest of the set-up is the mission's own


def _load() -> str:
    try:
        return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:
        return "load average unknown"


def parallel() -> list[str]:
    board, setup = _setup()
    rates = {}
    lines = [f"balance in parallel: {MISSION.name}, planner bot, {SAMPLE_GAMES} games per run, the same seeds"]
    for jobs in (1, 2):
        summary = simulate(board, setup, SAMPLE_GAMES, seed=0, bot=planner_bot, mission=MISSION, jobs=jobs)
        rates[jobs] = SAMPLE_GAMES / summary.seconds
        lines.append(f"  --jobs {jobs}: {rates[jobs]:6.2f} games/s ({summary.seconds:5.1f} s; {_load()})")
    speed_up = rates[2] / rates[1]
    lines.append(f"  speed-up on two processes: {speed_up:.2f}× (target ≥ {SPEED_UP_TARGET:g}×, "
                 f"{'met' if speed_up >= SPEED_UP_TARGET else 'missed'}); this machine has {default_jobs()} cores")
    if QUICK:
        seconds = LONG_RUN_GAMES / rates[2]
        how = "estimated from the --jobs 2 rate (BENCH_QUICK)"
    else:
        started = time.perf_counter()
        simulate(board, setup, LONG_RUN_GAMES, seed=0, bot=planner_bot, mission=MISSION, jobs=2)
        seconds = time.perf_counter() - started
        how = f"measured; {_load()}"
    lines.append(f"  {LONG_RUN_GAMES} planner games on two processes: {seconds / 60:4.1f} min ({how}; target ≤ "
                 f"{LONG_RUN_TARGET_S / 60:g} min, {'met' if seconds <= LONG_RUN_TARGET_S else 'missed'})")
    return lines


SECTIONS = [("balance reports in parallel (planner games, --jobs 1 and 2)", parallel)]


if __name__ == "__main__":  # python -m bench.balance_parallel
    for line in parallel():
        print(line)
