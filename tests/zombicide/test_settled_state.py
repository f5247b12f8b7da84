"""A command that spends a survivor's last action while its turn stays open (``Game.free_to_act``
lists it, and a free action or a trade remains) ends in the very state that listing was made on:
``apply`` freezes it once, and the next legal list takes the listing handed on by identity. That
state is the one a fresh freeze of the working copy gives."""

from __future__ import annotations

from pathlib import Path
from random import Random

from game.board.mission import load_board
from game.rules.zombicide import engine, legal
from game.rules.zombicide.game import Game

MISSIONS = Path(__file__).resolve().parents[2] / "maps" / "missions"
SIX = {"players": [{"seat": "A", "survivors": ["jared", "baraka", "cole"]},
                   {"seat": "B", "survivors": ["magnus", "vivian", "mitsuki"]}], "auto_wounds": True}


def test_a_turn_kept_open_ends_in_the_state_it_was_listed_on() -> None:
    kept_open = 0
    for stem, seed in (("inv-m5", 1), ("inv-m2", 2)):
        state = engine.setup(load_board(MISSIONS / f"{stem}.toml"), SIX, seed)
        rng = Random(seed)
        for _ in range(150):
            seats = engine.current_seats(state)
            if state.result is not None or not seats:
                break
            seat = min(seats)
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
            state = new_state
    assert kept_open > 10
