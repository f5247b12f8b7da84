"""What the box keeps from one listing or settling to the next (the last sight rows, closed doors,
cards and attachments, the goal found unmet) never outlives the game, board or state it was worked
out for: games of missions with every kind of goal, played one command each in turn, end exactly as
each one played alone; and the Machines a survivor controls, read once per listing, are those
``controls`` allows one by one."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from random import Random

from game.board.mission import load_board
from game.board.model import Board
from game.rules.core.session import state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.bots import random_bot, whose_turn
from game.rules.zombicide.boxes.invader.machines import controlled, controls

MISSIONS = Path(__file__).resolve().parents[3] / "maps" / "missions"
SIX = ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]
ONE_SEAT = {"players": [{"seat": "A", "survivors": SIX}]}
COMMANDS = 150  # per game: enough for doors, objectives, Machines and goals to change


@cache
def _board(stem: str) -> Board:
    return load_board(MISSIONS / f"{stem}.toml")


def _played_in_turn(stems: list[str], seed: int, visit=None) -> list[str]:  # type: ignore[no-untyped-def]
    """Each mission's game, one random command at a time in turn; their final state hashes."""
    states = [engine.setup(_board(stem), ONE_SEAT, seed) for stem in stems]
    rngs = [Random(seed) for _ in stems]
    for _ in range(COMMANDS):
        for k, state in enumerate(states):
            turn = whose_turn(state) if state.result is None else None
            if turn is None:
                continue
            if visit is not None:
                visit(state)
            seat, legal = turn
            states[k], _events = engine.apply(state, seat, random_bot(state, seat, legal, rngs[k]))
    return [state_hash(state) for state in states]


def test_games_with_every_kind_of_goal_played_in_turn_end_as_each_alone() -> None:
    # m2: two take goals; m3: evacuation; m8: take all, then a level; m10: samples and new Oxygen
    stems = ["inv-m2", "inv-m3", "inv-m8", "inv-m10"]
    for seed in (3, 4):
        alone = [_played_in_turn([stem], seed)[0] for stem in stems]
        assert _played_in_turn(stems, seed) == alone


def test_the_machines_controlled_are_those_controls_allows() -> None:
    checked: list[int] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            machines = range(len(state.box_state.machines))
            assert controlled(state, i) == [n for n in machines if controls(state, i, n)]
            checked.extend(controlled(state, i))

    _played_in_turn(["inv-m0", "inv-m5"], 5, visit)
    assert checked  # some survivor controlled a Machine on the way
