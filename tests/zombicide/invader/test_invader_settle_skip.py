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


def _spreader(state: Any) -> int:
    return next(t for t in range(state.tables.type_count) if "spreads_mold" in state.tables.specials[t])


def test_a_working_copys_own_zombies_are_not_settled_again_while_no_spreader_is_out(monkeypatch: Any) -> None:
    # the zombies' phase: the working copy's own list of zombies, settled after every step
    from game.rules.zombicide.boxes.invader import missions
    state = _playing_state("inv-m5")
    assert state.supply[_spreader(state)] == state.tables.miniatures[_spreader(state)]  # none out
    game = Game(state)
    zone = state.survivors[0].zone
    counts = list(game.zombies[zone])  # the working copy's own list from here on
    counts[0] += 1
    game.zombies[zone] = tuple(counts)
    settled: list[Any] = []
    inner = missions._settle
    monkeypatch.setattr(missions, "_settle", lambda g: (settled.append(g), inner(g)))
    monkeypatch.setattr(missions, "_LAST_SETTLED", (None,) * 8)  # nothing kept yet
    game.box.settle(game)
    counts[0] += 1
    game.zombies[zone] = tuple(counts)  # a walker more: nothing settle reads
    game.box.settle(game)
    assert len(settled) == 1 and game.result is None and not game.events


def test_a_mold_spreader_placed_in_a_working_copys_own_zombies_is_still_spread() -> None:
    state = _playing_state("inv-m5")
    t = _spreader(state)
    game = Game(state)
    zone = next(z for z in range(state.graph.zone_count)
                if not state.graph.box_data.outdoor[z] and not state.box_state.mold[z])
    game.zombies[zone] = tuple(game.zombies[zone])  # the working copy's own list
    game.box.settle(game)
    game.box.settle(game)  # kept: nothing settles
    counts = list(game.zombies[zone])
    counts[t] += 1
    game.zombies[zone] = tuple(counts)
    game.supply[t] -= 1  # the Abomination leaves the box for the board
    game.box.settle(game)
    assert game.box_state.mold[zone]  # its zone turned to Mold
