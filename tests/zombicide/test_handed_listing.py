"""The listing ``Game.free_to_act`` makes of a survivor whose actions are spent is handed on to the
next legal list (``legal.hand_on``) when that list is of an equal state: in Invader games (where
many survivors keep a free action) the next lists take it and are, command for command, the lists
made afresh; a state that differs, or a second list, lists afresh."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine, legal

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


def test_the_next_list_takes_the_listing_handed_on_and_it_is_the_fresh_one(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _listings_made(monkeypatch)
    taken = 0
    for stem, seed in (("inv-m5", 1), ("inv-m2", 2)):
        state = engine.setup(load_board(MISSIONS / f"{stem}.toml"), SIX, seed)
        rng = Random(seed)
        for _ in range(150):
            seats = engine.current_seats(state)
            if state.result is not None or not seats:
                break
            seat = min(seats)
            handed = legal._HANDED
            before = made[0]
            listed = engine.listed_commands(state, seat)
            if handed is not None and state.pending is None and handed[1] in legal._candidates(state, seat):
                taken += made[0] - before < len(legal._candidates(state, seat))
            assert list(listed) == engine.legal_commands(state, seat)
            state, _ = engine.apply(state, seat, listed[int(rng.random() * len(listed))])
    assert taken > 10


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
