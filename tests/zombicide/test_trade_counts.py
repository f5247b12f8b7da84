"""The listing counts the trades between two survivors without making them (``trades``'s
``_anywhere_count`` from two hand profiles, ``_count_pairs`` from the slot rules' fit rows): each count
is the length of the trade list ``legal_commands`` makes. And a run of trades makes the one trade a bot
reads without listing the others (``_anywhere_pair_at`` under the core's slots, ``_pair_at`` under a
box's slot rules): at every index the whole list's swap, an index past the end refused. Both for random
inventories of each box's cards (hands and reserves full, empty or in between, and a box's own cards
below ``EMPTY``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

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


def _two_sides(mission: str) -> tuple[Any, str, str, tuple[int, ...], Any]:
    """A game of ``mission``: (state, first and second survivor, the inventory sizes, the box's fit rows
    — the slot rules' answers; None: the core's slots, where every card fits every slot)."""
    board = load_board(GOLDEN / f"{mission}.toml")
    state = engine.setup(board, {"players": [{"seat": "A", "survivors": list(TEAMS[mission])}]}, 3)
    sizes = tuple(sorted({len(s.slots) for s in state.survivors}))
    return state, state.survivors[0].id, state.survivors[1].id, sizes, trades._fit_rows_for(state)


def _random_sides(mission: str, seed: int, count: int) -> Iterator[tuple[Any, str, str, Any, tuple[int, ...],
                                                                            tuple[int, ...]]]:
    """``count`` draws of two random inventories in a game of ``mission``: (state, first and second
    survivor, the box's fit rows, their inventories), as ``_two_sides`` and ``_inventories`` make them."""
    state, first, second, sizes, rows = _two_sides(mission)
    rng = Random(seed)
    for _ in range(count):
        yield (state, first, second, rows, *_inventories(rng, len(state.card_kinds), sizes))


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_counted_trades_are_as_many_as_the_trades_listed(mission: str) -> None:
    trades_seen = 0
    for state, first, second, rows, mine, theirs in _random_sides(mission, 11, 500):
        card_kinds = state.card_kinds
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


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_one_trade_of_a_run_is_the_whole_lists_at_its_index(mission: str) -> None:
    pairs_seen = 0
    for state, first, second, rows, mine, theirs in _random_sides(mission, 5, 400):
        card_kinds = state.card_kinds
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


def test_a_count_kept_for_both_sides_is_each_sides_listing() -> None:
    """``_profile_count`` keeps its count under both sides' keys (the same trades, each side's way):
    the count kept for the other side is the length of the list that side's listing makes."""
    counted = 0
    for state, first, second, rows, mine, theirs in _random_sides("inv-m0", 17, 300):
        memo = trades.GameMemo(state.tables)
        mine_profile = trades._slot_profile(memo, state.card_kinds, mine)
        theirs_profile = trades._slot_profile(memo, state.card_kinds, theirs)
        rows.counts.clear()
        trades._profile_count(rows, first, mine_profile, second, theirs_profile)
        kept = rows.counts[second, theirs_profile, first, mine_profile]
        assert kept == len(trades._trades(state, second, theirs, first, mine)), (mine, theirs)
        counted += kept
    assert counted > 500
