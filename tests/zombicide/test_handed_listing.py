"""The listing ``Game.free_to_act`` makes of a survivor whose actions are spent is handed on to the
next legal list (``legal.hand_on``) when that list is of an equal state: in Invader games (where
many survivors keep a free action) the next lists take it and are, command for command, the lists
made afresh; a state that differs, or a second list, lists afresh."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine, legal
from game.rules.zombicide.game import Game

MISSIONS = Path(__file__).resolve().parents[2] / "maps" / "missions"
SIX = {"players": [{"seat": "A", "survivors": ["jared", "baraka", "cole"]},
                   {"seat": "B", "survivors": ["magnus", "vivian", "mitsuki"]}], "auto_wounds": True}


def _listings_made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    made = [0]
    fresh = legal.survivor_commands

    def counted(state: Any, i: int, runs: Any = None) -> list[Any]:
        made[0] += 1
        return fresh(state, i, runs)

    monkeypatch.setattr(legal, "survivor_commands", counted)
    return made


def _play_invader(step: Callable[[Any, str, Random], Any]) -> None:
    """Two seeded random Invader games (inv-m5, inv-m2), 150 commands at most: ``step`` plays each
    command of the seat first in turn and returns the state it leads to."""
    for stem, seed in (("inv-m5", 1), ("inv-m2", 2)):
        state = engine.setup(load_board(MISSIONS / f"{stem}.toml"), SIX, seed)
        rng = Random(seed)
        for _ in range(150):
            seats = engine.current_seats(state)
            if state.result is not None or not seats:
                break
            state = step(state, min(seats), rng)


def test_the_next_list_takes_the_listing_handed_on_and_it_is_the_fresh_one(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _listings_made(monkeypatch)
    taken = 0

    def step(state: Any, seat: str, rng: Random) -> Any:
        nonlocal taken
        handed = legal._HANDED
        before = made[0]
        listed = engine.listed_commands(state, seat)
        if handed is not None and state.pending is None and handed[1] in legal._candidates(state, seat):
            taken += made[0] - before < len(legal._candidates(state, seat))
        assert list(listed) == engine.legal_commands(state, seat)
        return engine.apply(state, seat, listed[int(rng.random() * len(listed))])[0]

    _play_invader(step)
    assert taken > 10


def test_a_turn_kept_open_ends_in_the_state_it_was_listed_on() -> None:
    """A command that spends a survivor's last action while its turn stays open (``Game.free_to_act``
    lists it, and a free action or a trade remains) ends in the very state that listing was made on:
    ``apply`` freezes it once, and the next legal list takes the listing handed on by identity. That
    state is the one a fresh freeze of the working copy gives."""
    kept_open = 0

    def step(state: Any, seat: str, rng: Random) -> Any:
        nonlocal kept_open
        listed = engine.listed_commands(state, seat)
        command = listed[int(rng.random() * len(listed))]
        legal.hand_on(state, -1, [], [])  # cleared: only this apply's listing is handed on below
        new_state, _ = engine.apply(state, seat, command)
        handed = legal._HANDED
        game = Game(state)
        game.play(seat, command)
        fresh = game.freeze()  # the working copy frozen again, whatever it settled on
        assert new_state == fresh and repr(new_state) == repr(fresh)
        if handed is not None and handed[1] >= 0:
            assert handed[0] is new_state  # the state listed is the state the apply ends in
            kept_open += 1
        return new_state

    _play_invader(step)
    assert kept_open > 10


def _listing(state: Any, i: int) -> tuple[list[Any], list[Any]]:
    runs: list[Any] = []
    return legal.survivor_commands(state, i, runs), runs


def test_a_state_that_differs_or_a_second_list_lists_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.setup(load_board(MISSIONS / "inv-m5.toml"), SIX, 3)
    (seat,) = engine.current_seats(state)
    i = legal._candidates(state, seat)[0]
    made = _listings_made(monkeypatch)
    legal.hand_on(state, i, *_listing(state, i))
    moved = replace(state, doors_open=tuple(not door for door in state.doors_open))
    before = made[0]
    engine.listed_commands(moved, seat)
    assert made[0] - before == len(legal._candidates(moved, seat))  # nothing taken: the doors differ
    legal.hand_on(state, i, *_listing(state, i))
    before = made[0]
    engine.listed_commands(replace(state), seat)  # an equal copy takes it
    assert made[0] - before == len(legal._candidates(state, seat)) - 1
    before = made[0]
    engine.listed_commands(state, seat)  # handed on once
    assert made[0] - before == len(legal._candidates(state, seat))
