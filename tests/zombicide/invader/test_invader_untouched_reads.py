"""The box's rules asked after every command read the state's piles and flags as they stand: they do
not make the working copy copy them (a copy there costs a list, then a tuple again at the freeze).
``tidy`` skips a discard pile it already found clean, yet still sends an Oxygen Tank discarded later
to its own pile. Settling reads the zombies as they stand too, with a rule on the exit zone (M3) or a
Mold-spreading Abomination on the board."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import random_bot, whose_turn
from game.rules.zombicide.boxes.invader.inventory import tidy
from game.rules.zombicide.game import Game
from game.rules.zombicide.state import evolved

MISSIONS = Path(__file__).resolve().parents[3] / "maps" / "missions"
ONE_SEAT = {"players": [{"seat": "A", "survivors": ["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"]}]}


def _state_with_a_discard(stem: str) -> Any:
    """The first of seeded random games of ``stem`` that discards a card, when it has."""
    board = load_board(MISSIONS / f"{stem}.toml")
    for seed in range(1, 11):
        state, rng = engine.setup(board, ONE_SEAT, seed), Random(seed)
        while state.result is None:
            if state.equipment_discard:
                return state
            turn = whose_turn(state)
            assert turn is not None
            seat, legal = turn
            state, _events = engine.apply(state, seat, random_bot(state, seat, legal, rng))
    raise AssertionError("no card was discarded")


def test_the_rules_after_a_command_leave_the_piles_untouched() -> None:
    state = _state_with_a_discard("inv-m5")
    game = Game(state)
    settle = state.box.settle
    assert settle is not None
    settle(game)
    game.check_goals(end_phase=False)
    assert game.as_it_stands("equipment_discard") is state.equipment_discard
    assert game.as_it_stands("objectives_taken") is state.objectives_taken


def _state_where(stem: str, holds: Any) -> Any:
    """The first state of seeded random games of ``stem`` for which ``holds(state)``."""
    board = load_board(MISSIONS / f"{stem}.toml")
    for seed in range(1, 11):
        state, rng = engine.setup(board, ONE_SEAT, seed), Random(seed)
        while state.result is None:
            if state.phase == "players" and holds(state):
                return state
            turn = whose_turn(state)
            assert turn is not None
            seat, legal = turn
            state, _events = engine.apply(state, seat, random_bot(state, seat, legal, rng))
    raise AssertionError(f"no state of {stem} holds")


def _spreader_on_board(state: Any) -> bool:
    tables = state.tables
    return any("spreads_mold" in tables.specials[t] and any(counts[t] for counts in state.zombies)
               for t in range(tables.type_count))


def test_settling_leaves_the_zombies_untouched() -> None:
    # M3: a rule on xenos entering the exit zone, read after every command; then a Spoiler Abomination
    # on the board (its zone is Active Mold already: nothing spreads)
    for state in (_state_where("inv-m3", lambda state: state.round > 1),
                  _state_where("inv-m8", _spreader_on_board)):
        game = Game(state)
        settle = state.box.settle
        assert settle is not None
        settle(game)
        assert game.result is None
        assert game.as_it_stands("zombies") is state.zombies


def test_a_tank_discarded_after_a_clean_pile_still_goes_to_its_pile() -> None:
    state = _state_with_a_discard("inv-m8")  # a mission with a pile of Oxygen Tanks
    tidy(Game(state))  # found clean, kept as the last clean pile
    box = state.box_state
    tank = box.oxygen_pile[0]
    with_tank = evolved(state, equipment_discard=(*state.equipment_discard, tank),
                        box_state=evolved(box, oxygen_pile=box.oxygen_pile[1:]))
    game = Game(with_tank)
    tidy(game)
    assert tank not in game.equipment_discard
    assert game.box_state.oxygen_pile[-1] == tank
    clean = Game(state)
    tidy(clean)
    assert list(clean.as_it_stands("equipment_discard")) == list(state.equipment_discard)
