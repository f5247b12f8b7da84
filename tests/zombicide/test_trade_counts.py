"""The listing counts the trades between two survivors without making them (``trades``'s
``_anywhere_count`` from two hand profiles, ``_count_pairs`` from the slot rules' fit rows): each count
is the length of the trade list ``legal_commands`` makes, for random inventories of each box's cards
(hands and reserves full, empty or in between, and a box's own cards below ``EMPTY``)."""

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


def _inventories(rng: Random, cards: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two inventories of distinct cards, with free slots and (now and then) a card below ``EMPTY``."""
    deck = list(range(cards))
    rng.shuffle(deck)

    def slot() -> int:
        roll = rng.random()
        return deck.pop() if roll < 0.6 else (EMPTY - 1 if roll < 0.65 else EMPTY)

    return tuple(slot() for _ in range(rng.choice(sizes))), tuple(slot() for _ in range(rng.choice(sizes)))


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_counted_trades_are_as_many_as_the_trades_listed(mission: str) -> None:
    board = load_board(GOLDEN / f"{mission}.toml")
    state = engine.setup(board, {"players": [{"seat": "A", "survivors": list(TEAMS[mission])}]}, 3)
    card_kinds = state.card_kinds
    first, second = state.survivors[0].id, state.survivors[1].id
    sizes = tuple(sorted({len(s.slots) for s in state.survivors}))
    rows = trades._fit_rows_for(state)  # the box's slot rules' answers; None: the core's
    rng = Random(11)
    trades_seen = 0
    for _ in range(500):
        mine, theirs = _inventories(rng, len(card_kinds), sizes)
        listed = trades._trades(state, first, mine, second, theirs)
        trades_seen += len(listed)
        if rows is None:  # the core's slots: every card fits every slot
            memo = trades.GameMemo(state.tables)
            count = trades._anywhere_count(trades._hand_profile(memo, card_kinds, mine),
                                          trades._hand_profile(memo, card_kinds, theirs))
        else:  # the box's slot rules
            count = trades._count_pairs(card_kinds, rows, first, mine, second, theirs)
        assert count == len(listed), (mine, theirs)
    assert trades_seen > 1500
