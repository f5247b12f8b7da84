"""``legal.spent_may_act``, the shortcut ``free_to_act`` takes before a full listing: where it says a
survivor with no action and no free action left may do nothing, ``survivor_commands`` lists it nothing
but End Turn, discards and combinations, on every state of seeded random games of each box."""

from __future__ import annotations

from pathlib import Path

import pytest
from playouts import random_states

from game.board.mission import load_board
from game.rules.zombicide.commands import Combine, Discard, EndTurn
from game.rules.zombicide.legal import spent_may_act, survivor_commands

GOLDEN = Path(__file__).parent / "golden_missions"
TEAMS = {
    "rm-tutorial-1": (("parker", "bruno", "oso"), ("otis", "cathy", "hektor")),
    "gh-tutorial": (("asim", "seli", "berin"), ("johannes", "megan", "rolf")),
    "inv-m0": (("jared", "baraka", "cole"), ("magnus", "vivian", "mitsuki")),
}
_HOLD_NO_TURN = (EndTurn, Discard, Combine)


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_a_spent_survivor_said_idle_is_listed_nothing_that_holds_its_turn(mission: str) -> None:
    board = load_board(GOLDEN / f"{mission}.toml")
    first, second = TEAMS[mission]
    setup = {"players": [{"seat": "A", "survivors": list(first)}, {"seat": "B", "survivors": list(second)}],
             "auto_wounds": True}
    idle_seen = 0
    for seed, state in random_states(board, setup, range(3), 300):
        for i, s in enumerate(state.survivors):
            if s.in_play and s.actions_left <= 0 and not s.free_actions and not spent_may_act(state, i):
                idle_seen += 1
                listed = survivor_commands(state, i)
                assert all(isinstance(c, _HOLD_NO_TURN) for c in listed), (seed, s.id, listed)
    assert idle_seen  # the shortcut was put to the test (Invader's too: its free doors are worked out)
