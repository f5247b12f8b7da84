"""A survivor's listing is reused while nothing it reads has changed (``legal.listing``): games of
Rue Morgue missions (helicopters that fly, tents, a hospital) played command by command list, at every
state, exactly the commands a fresh listing finds, though many lists were reused; and what a listing
reads of the state and of the other survivors is only what the reuse compares (``_CORE_READS``, the
box's ``listing_reads``, ``_same_to_others``), read through a recording stand-in of the state. A box
that does not say what its hooks read has nothing reused."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from random import Random
from types import FunctionType
from typing import Any

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine, legal
from game.rules.zombicide.state import Survivor, ZombicideState

MISSIONS = Path(__file__).resolve().parents[2] / "maps" / "missions"
SIX = {"players": [{"seat": "A", "survivors": ["parker", "bruno", "oso"]},
                   {"seat": "B", "survivors": ["otis", "cathy", "hektor"]}], "auto_wounds": True}
STEMS = ["rm-tutorial-1", "rm-airlift", "rm-field-hospital", "rm-quarantine"]
COMMANDS = 200


def _states(stem: str, seed: int) -> Any:
    """Each state of a seeded random game of ``stem``, with the seat to play."""
    state = engine.setup(load_board(MISSIONS / f"{stem}.toml"), SIX, seed)
    rng = Random(seed)
    for _ in range(COMMANDS):
        seats = engine.current_seats(state)
        if state.result is not None or not seats:
            return
        seat = min(seats)
        yield state, seat
        legal_list = engine.listed_commands(state, seat)
        state, _ = engine.apply(state, seat, legal_list[int(rng.random() * len(legal_list))])


def _count_reuses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many survivor listings were reused."""
    reused = [0]
    still_listed = legal._still_listed

    def counted(state: ZombicideState, then: ZombicideState, s: Survivor) -> bool:
        found = still_listed(state, then, s)
        reused[0] += found
        return found

    monkeypatch.setattr(legal, "_still_listed", counted)
    return reused


@pytest.mark.parametrize("stem", STEMS)
def test_reused_listings_are_the_fresh_ones_at_every_state(stem: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reused = _count_reuses(monkeypatch)
    for seed in (1, 2):
        for state, seat in _states(stem, seed):
            listed = list(engine.listed_commands(state, seat))  # reused where it may be
            assert listed == engine.legal_commands(state, seat)  # listed afresh, survivor by survivor
    assert reused[0] > 20  # the listings of those states met were reused


def test_a_box_that_does_not_say_what_its_hooks_read_reuses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    reused = _count_reuses(monkeypatch)
    met = 0  # the states whose lists were reused as the game went on
    for state, seat in _states("rm-tutorial-1", 1):
        before = reused[0]
        engine.listed_commands(state, seat)
        met += reused[0] > before
        undeclared = replace(state, box=replace(state.box, listing_reads=None))
        before = reused[0]
        assert list(engine.listed_commands(undeclared, seat)) == engine.legal_commands(state, seat)
        assert reused[0] == before
    assert met


_SURVIVOR_FIELDS = frozenset(f.name for f in fields(Survivor))
_STATE_FIELDS = frozenset(f.name for f in fields(ZombicideState))


class _Recording:
    """A stand-in for a state or a survivor that notes which of its fields are read: its methods and
    properties run on the stand-in, so what they read is noted too."""

    def __init__(self, target: Any, read: set[str], known: frozenset[str], survivors: Any = None):
        self._target, self._read, self._known, self._survivors = target, read, known, survivors

    def __getattr__(self, name: str) -> Any:
        found = getattr(type(self._target), name, None)
        if isinstance(found, FunctionType):
            return found.__get__(self)
        if isinstance(found, property):
            return found.fget(self)  # type: ignore[misc]
        if name in self._known:
            self._read.add(name)
        if name == "survivors" and self._survivors is not None:
            return self._survivors
        return getattr(self._target, name)


def test_a_listing_reads_only_what_the_reuse_compares() -> None:
    box_reads: set[str] = set()
    state_read: set[str] = set()
    others_read: set[str] = set()
    for stem in STEMS:
        for state, _seat in _states(stem, 3):
            reads = state.box.listing_reads(state.setup)
            if reads is None:
                continue
            box_reads.update(reads)
            for i in range(len(state.survivors)):
                if not state.survivors[i].in_play:
                    continue
                survivors = tuple(s if j == i else _Recording(s, others_read, _SURVIVOR_FIELDS)
                                  for j, s in enumerate(state.survivors))
                stand_in: Any = _Recording(state, state_read, _STATE_FIELDS, survivors)
                legal.survivor_commands(stand_in, i, [])
                legal.survivor_commands(stand_in, i)
    compared = set(legal._CORE_READS) | box_reads | {"survivors", "equipment_deck", "equipment_discard"}
    assert state_read <= compared and {"zombies", "doors_open", "box_state"} <= state_read
    assert others_read <= legal.OTHERS_READ
    assert {"zone", "slots"} <= others_read
