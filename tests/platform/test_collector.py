"""Batches of games run the cycle collector seldom; that is safe because a game leaves no cycle."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.platform.collector import BATCH_THRESHOLDS, few_collections

GOLDEN = Path(__file__).resolve().parents[1] / "zombicide" / "golden_missions"
TEAMS = {  # six survivors of each box on two seats
    "rm-tutorial-1": (("parker", "bruno", "oso"), ("otis", "cathy", "hektor")),
    "gh-tutorial": (("asim", "seli", "berin"), ("johannes", "megan", "rolf")),
    "inv-m7": (("jared", "baraka", "cole"), ("magnus", "vivian", "mitsuki")),
}


def test_the_thresholds_are_raised_inside_and_given_back_after_an_error() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), few_collections():
        assert gc.get_threshold() == BATCH_THRESHOLDS
        raise RuntimeError("a game failed")
    assert gc.get_threshold() == before


# Counted in a fresh interpreter: gc.collect() counts every thread's garbage, and earlier tests of a
# whole run can leave threads (a host's loop, a file watch) that make some while the games play.
COUNT_CYCLES = """
import gc, json, sys
from pathlib import Path
from game.board.mission import load_board
from game.rules.zombicide.bots import play_out, random_bot
mission, first, second = json.loads(sys.argv[1])
board = load_board(Path(mission))
setup = {"players": [{"seat": "A", "survivors": first}, {"seat": "B", "survivors": second}], "auto_wounds": True}
play_out(board, setup, 0, random_bot, max_rounds=40)  # the box's caches filled once
gc.collect()
gc.disable()
commands = sum(play_out(board, setup, seed, random_bot, max_rounds=40).commands for seed in range(1, 4))
print(json.dumps([commands, gc.collect()]))
"""


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_random_games_of_every_box_leave_no_cycle_for_the_collector(mission: str) -> None:
    first, second = TEAMS[mission]
    argument = json.dumps([str(GOLDEN / f"{mission}.toml"), list(first), list(second)])
    run = subprocess.run([sys.executable, "-c", COUNT_CYCLES, argument], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2], timeout=600)
    commands, unreachable = json.loads(run.stdout.strip().splitlines()[-1])
    assert commands > 30  # real games were played
    assert unreachable == 0
