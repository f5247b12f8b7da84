"""``listed_commands`` (the legal list whose trades are built only when read) is ``legal_commands``:
the same length, the same command at every index, the same list read whole, on every state of
seeded games of missions of each box (the trades are left unbuilt, but where the box may refuse a
trade it filters out of the list: Invader's outdoors)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.listed import Listed

GOLDEN = Path(__file__).parent / "golden_missions"
TEAMS = {
    "rm-tutorial-1": (("parker", "bruno", "oso"), ("otis", "cathy", "hektor")),
    "rm-night-shift": (("joe", "dan", "cathy"), ("jane", "terry", "oso")),
    "gh-tutorial": (("asim", "seli", "berin"), ("johannes", "megan", "rolf")),
    "inv-m0": (("jared", "baraka", "cole"), ("magnus", "vivian", "mitsuki")),
}


def _setup(mission: str) -> dict[str, object]:
    first, second = TEAMS[mission]
    return {"players": [{"seat": "A", "survivors": list(first)}, {"seat": "B", "survivors": list(second)}],
            "auto_wounds": True}


@pytest.mark.parametrize("mission", sorted(TEAMS))
def test_listed_commands_are_the_legal_commands_at_every_index(mission: str) -> None:
    board = load_board(GOLDEN / f"{mission}.toml")
    runs_seen = 0
    for seed in range(3):
        rng = Random(seed)
        state = engine.setup(board, _setup(mission), seed)
        for _ in range(250):
            if state.result is not None:
                break
            (seat,) = engine.current_seats(state)
            # listed before the legal list is built (which remembers the trades it makes), one list
            # per index: each reads one command, building only the run it falls in
            listed = engine.listed_commands(state, seat)
            runs_seen += isinstance(listed, Listed)
            count = len(listed)
            fresh = [engine.listed_commands(state, seat) for _ in range(2 * count + 1)]
            legal = engine.legal_commands(state, seat)
            assert count == len(legal)
            for n, index in enumerate(range(-count, count)):
                assert fresh[n][index] == legal[index]
            with pytest.raises(IndexError):
                fresh[-1][count]
            assert listed == legal and list(listed) == legal and repr(listed) == repr(legal)
            state, _ = engine.apply(state, seat, listed[int(rng.random() * len(listed))])
    # the trades were listed as runs: the core's slots, Green Horde's rules, and Invader's indoors (where
    # the box, which filters what it refuses out of the lists, refuses no trade)
    assert runs_seen > 50


class _Letters:
    """A run of letters that counts how often it was built."""

    def __init__(self, letters: str):
        self.count = len(letters)
        self.letters = letters
        self.built = 0

    def commands(self) -> tuple[str, ...]:
        self.built += 1
        return tuple(self.letters)

    def command(self, index: int) -> str:
        self.built += 1
        return self.letters[index]


def test_a_listed_list_reads_one_run_for_one_item_and_acts_as_its_whole_list() -> None:
    first, second, third = _Letters("ab"), _Letters("cde"), _Letters("f")
    # 0 1 [a b] 2 [c d e] [f] 3 4
    listed = Listed([0, 1, 2, 3, 4], [(2, first), (3, second), (3, third)])
    whole = [0, 1, "a", "b", 2, "c", "d", "e", "f", 3, 4]
    assert len(listed) == len(whole)
    assert listed[3] == "b" and (first.built, second.built, third.built) == (1, 0, 0)
    assert listed[4] == 2 and listed[-2] == 3 and (second.built, third.built) == (0, 0)
    assert listed[8] == "f" and (second.built, third.built) == (0, 1)
    assert [listed[n] for n in range(-len(whole), len(whole))] == whole + whole
    for outside in (len(whole), -len(whole) - 1):
        with pytest.raises(IndexError):
            listed[outside]
    assert listed[2:6] == whole[2:6] and listed == whole and list(listed) == whole and repr(listed) == repr(whole)
    assert "e" in listed and listed.index("e") == 7 and listed.count(2) == 1
    assert listed != whole[:-1] and Listed([0], []) == [0]


def test_one_trade_made_alone_is_the_one_at_its_index_in_the_whole_run() -> None:
    """``TradeRun.command`` makes one trade of the run alone: the same as the whole run's, at every
    index, for hands and reserves full, empty or in between, cards of one kind or of several."""
    from game.rules.zombicide.trades import _trade_anywhere_at, _trades_anywhere

    rng = Random(7)
    card_kinds = ("axe", "axe", "pistol", "rifle", "pistol", "water", "crowbar", "axe", "rifle", "water")
    cards_seen = 0
    for _ in range(400):
        cards = list(range(len(card_kinds)))
        rng.shuffle(cards)
        mine = tuple(cards.pop() if rng.random() < 0.6 else -1 for _ in range(rng.choice((3, 5))))
        theirs = tuple(cards.pop() if rng.random() < 0.6 else -1 for _ in range(rng.choice((3, 5, 6))))
        whole = _trades_anywhere(card_kinds, "amy", mine, "ned", theirs)
        cards_seen += len(whole)
        assert [_trade_anywhere_at(card_kinds, "amy", mine, "ned", theirs, k) for k in range(len(whole))] == list(whole)
        with pytest.raises(IndexError):
            _trade_anywhere_at(card_kinds, "amy", mine, "ned", theirs, len(whole))
    assert cards_seen > 2000


def test_trade_runs_stand_before_the_same_commands_when_the_box_filters_others_out() -> None:
    """Indoors Invader refuses no trade, so its trades are runs, while it still filters out what it
    refuses (a move out into vacuum without Oxygen, a skill used once a turn): each run keeps its place."""
    board = load_board(Path(__file__).resolve().parents[2] / "maps" / "missions" / "inv-m3.toml")
    met = 0
    for seed in (2, 3):
        rng = Random(seed)
        state = engine.setup(board, _setup("inv-m0"), seed)
        for _ in range(100):
            if state.result is not None:
                break
            (seat,) = engine.current_seats(state)
            listed = engine.listed_commands(state, seat)
            legal = engine.legal_commands(state, seat)
            assert len(listed) == len(legal)
            assert [engine.listed_commands(state, seat)[n] for n in range(len(legal))] == legal
            if isinstance(listed, Listed):
                unfiltered = replace(state, box=replace(state.box, refuses_listed=False))
                met += len(engine.legal_commands(unfiltered, seat)) > len(legal)
            state, _ = engine.apply(state, seat, listed[int(rng.random() * len(listed))])
    assert met  # the games met runs beside refused commands
