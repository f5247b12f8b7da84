"""The listing skips a ranged weapon's targets while the board holds no zombie, that answer kept for
a state's zombies' tuple: a working copy's list, changed in place, is asked afresh."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from playouts import random_states

from game.board.mission import load_board
from game.rules.zombicide.commands import Attack
from game.rules.zombicide.legal import survivor_commands
from game.rules.zombicide.state import ZombicideState

GOLDEN = Path(__file__).parent / "golden_missions"
SETUP = {"players": [{"seat": "A", "survivors": ["parker", "bruno", "oso"]},
                     {"seat": "B", "survivors": ["otis", "cathy", "hektor"]}], "auto_wounds": True}


def _ranged_shot() -> tuple[ZombicideState, int]:
    """A state of a seeded game where a survivor may shoot into another zone, and that survivor."""
    for _seed, state in random_states(load_board(GOLDEN / "rm-tutorial-1.toml"), SETUP, range(20), 300):
        for i, s in enumerate(state.survivors):
            zone_id = state.graph.zone_ids[s.zone]
            if s.in_play and any(isinstance(c, Attack) and c.zone != zone_id for c in survivor_commands(state, i)):
                return state, i
    raise AssertionError("no ranged shot in the seeded games")


def test_zombies_changed_in_place_are_seen_by_the_next_listing() -> None:
    state, i = _ranged_shot()
    expected = survivor_commands(state, i)
    zombies = [tuple(0 for _ in kinds) for kinds in state.zombies]
    copy = replace(state, zombies=zombies)
    quiet = survivor_commands(copy, i)
    assert not any(isinstance(c, Attack) for c in quiet)
    zombies[:] = list(state.zombies)  # the same list, the zombies back
    assert survivor_commands(copy, i) == expected
