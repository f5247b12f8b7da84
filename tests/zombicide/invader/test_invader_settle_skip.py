"""``settle`` skips its work when nothing it reads changed since it last settled nothing: the same
state again settles nothing, and a survivor lost, or a weapon with an attachment gone from the hands,
is still seen though the box state, the zombies and the piles stayed the same objects."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import random_bot, whose_turn
from game.rules.zombicide.game import Game
from game.rules.zombicide.state import EMPTY, evolved

MISSIONS = Path(__file__).resolve().parents[3] / "maps" / "missions"
SIX = ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]
ONE_SEAT = {"players": [{"seat": "A", "survivors": SIX}]}


def _settled_twice(state: Any) -> Game:
    """A working copy of ``state`` after ``settle`` found nothing to do on it twice (the second time
    from what the first kept)."""
    settle = state.box.settle
    assert settle is not None
    for _ in range(2):
        game = Game(state)
        settle(game)
        assert game.result is None and not game.events and game.box_state is state.box_state
    return Game(state)


def _playing_state(stem: str, seed: int = 1, commands: int = 12) -> Any:
    state, rng = engine.setup(load_board(MISSIONS / f"{stem}.toml"), ONE_SEAT, seed), Random(seed)
    for _ in range(commands):
        turn = whose_turn(state)
        assert turn is not None
        state, _events = engine.apply(state, turn[0], random_bot(state, turn[0], turn[1], rng))
    assert state.result is None
    return state


def test_a_survivor_lost_since_the_last_settle_loses_the_game() -> None:
    state = _playing_state("inv-m5")
    game = _settled_twice(state)
    game.change(0, alive=False)
    game.box.settle(game)
    assert game.result == "lost"


def test_a_weapon_with_an_attachment_gone_from_the_hands_is_tidied() -> None:
    state = _playing_state("inv-m5")
    i = next(i for i, s in enumerate(state.survivors) if s.slots[0] >= 0)
    weapon = state.survivors[i].slots[0]
    attachment = next(c for c in range(len(state.card_kinds)) if all(c not in s.slots for s in state.survivors))
    state = evolved(state, box_state=evolved(state.box_state, attached=((attachment, weapon),)))
    game = _settled_twice(state)
    slots = list(game.survivors[i].slots)
    slots[0] = EMPTY  # the weapon leaves the hands (dropped here, as a discard would)
    game.change(i, slots=tuple(slots))
    game.box.settle(game)
    assert not game.box_state.attached  # its attachment came off
