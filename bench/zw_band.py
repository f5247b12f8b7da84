"""The Zombieworld AI band: the processor time of one of its decisions (``tactical_bot``) over whole
games against the random band, and, with ``--games N`` as the measure of strength, how often it wins
(``tools/zw_band_strength.py``; too long for ``make bench``: run it apart, with ``nice`` and one process)."""

from __future__ import annotations

import time
from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.rules.zombieworld import engine
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import DEFAULT_TABLE, SEATS
from game.rules.zombieworld.state import BandEntry, State, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot

SCENARIOS = ("find_a_way_out", "survival", "massacre")
SEEDS = (1, 2)
MAX_STEPS = 3000


def _decision_times(board: Any, scenario: str, seed: int, deploying: list[float] | None = None) -> list[float]:
    """Seconds of processor time of each of the tactical band's decisions in one game (first seat),
    the bands deploying themselves; those of its deployment also go to ``deploying``."""
    bands = preset_bands()[:2]
    setup = ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, bands, strict=False)),
                             scenario=scenario, deploy="players")
    state: State = engine.setup(board, setup, seed)
    rng = Random(seed)
    times = []
    for _ in range(MAX_STEPS):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        if seat == state.seats[0]:
            placing = bool(state.deploying)
            start = time.process_time()
            command = tactical_bot(state, seat, rng)
            times.append(time.process_time() - start)
            if placing and deploying is not None:
                deploying.append(times[-1])
        else:
            command = random_bot(state, seat, rng)
        if command is None:
            break
        state, _ = engine.apply(state, seat, command)
    return times


def decisions() -> list[str]:
    board = load_board(Path(DEFAULT_TABLE))
    lines = []
    for scenario in SCENARIOS:
        placing: list[float] = []
        times = sorted(t for seed in SEEDS for t in _decision_times(board, scenario, seed, placing))
        if not times:
            lines.append(f"{scenario}: no decision")
            continue
        mean_ms = sum(times) / len(times) * 1000
        lines.append(f"{scenario} ({Path(DEFAULT_TABLE).stem}, seeds {SEEDS}): {len(times)} decisions, "
                     f"mean {mean_ms:.1f} ms, median {times[len(times) // 2] * 1000:.1f} ms, "
                     f"slowest {times[-1] * 1000:.0f} ms; deploying: {len(placing)} decisions, "
                     f"mean {sum(placing) / max(1, len(placing)) * 1000:.1f} ms")
    return lines


SECTIONS = [("zombieworld AI band: time per decision", decisions)]
