"""A run of trades makes the one trade a bot reads without listing the others (``trades``'s
``_anywhere_pair_at`` under the core's slots, ``_pair_at`` under a box's slot rules): at every index the
same swap as the whole list's, and an index past the end refused, for random inventories of each box's
cards (hands and reserves full, empty or in between, and a box's own cards below ``EMPTY``)."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine, trades
from game.rules.zombicide.state import EMPTY

GOLDEN = Path(__file__).parent / "golden_missions"
TEAMS = {
    "rm-tutorial-1": ("parker", "bruno", "oso"),
    "gh-tutorial": ("asim", "seli", "berin"),
    "inv-m0": ("jared", "baraka", "cole"),
}


def _slots(rng: Random, deck: list[int], size: int) -> tuple[int, ...]:
    def slot() -> int:
        roll = rng.random()
        return deck.pop() if roll < 0.6 else (EMPTY - 1 if roll < 0.65 else EMPTY)

    return tuple(slot() for _ in range(size))


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_one_trade_of_a_run_is_the_whole_lists_at_its_index(mission: str) -> None:
    board = load_board(GOLDEN / f"{mission}.toml")
    state = engine.setup(board, {"players": [{"seat": "A", "survivors": list(TEAMS[mission])}]}, 3)
    card_kinds = state.card_kinds
    first, second = state.survivors[0].id, state.survivors[1].id
    sizes = tuple(sorted({len(s.slots) for s in state.survivors}))
    rows = trades._fit_rows_for(state)  # the box's slot rules' answers; None: the core's
    rng = Random(5)
    pairs_seen = 0
    for _ in range(400):
        deck = list(range(len(card_kinds)))
        rng.shuffle(deck)
        mine, theirs = _slots(rng, deck, rng.choice(sizes)), _slots(rng, deck, rng.choice(sizes))
        if rows is None:
            whole = list(trades._anywhere_pairs(card_kinds, mine, theirs))
            at = [trades._anywhere_pair_at(card_kinds, mine, theirs, k) for k in range(len(whole))]
            with pytest.raises(IndexError):
                trades._anywhere_pair_at(card_kinds, mine, theirs, len(whole))
        else:
            whole = list(trades._trade_pairs(card_kinds, rows, first, mine, second, theirs))
            at = [trades._pair_at(card_kinds, rows, first, mine, second, theirs, k) for k in range(len(whole))]
            with pytest.raises(IndexError):
                trades._pair_at(card_kinds, rows, first, mine, second, theirs, len(whole))
        assert at == whole, (mine, theirs)
        pairs_seen += len(whole)
    assert pairs_seen > 1000
