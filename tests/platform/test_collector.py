"""Batches of games run the cycle collector seldom; that is safe because a game leaves no cycle."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.platform.collector import BATCH_THRESHOLDS, few_collections
from game.rules.zombicide.bots import play_out, random_bot

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


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_random_games_of_every_box_leave_no_cycle_for_the_collector(mission: str) -> None:
    board = load_board(GOLDEN / f"{mission}.toml")
    first, second = TEAMS[mission]
    setup = {"players": [{"seat": "A", "survivors": list(first)}, {"seat": "B", "survivors": list(second)}],
             "auto_wounds": True}
    play_out(board, setup, 0, random_bot, max_rounds=40)  # the box's caches filled once
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        commands = sum(play_out(board, setup, seed, random_bot, max_rounds=40).commands for seed in range(1, 4))
        unreachable = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert commands > 30  # real games were played
    assert unreachable == 0
