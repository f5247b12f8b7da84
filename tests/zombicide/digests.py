"""One seeded bot game folded into a digest, shared by the tests that keep games unchanged
(``test_engine_determinism.py``, ``test_golden_missions.py``): every legal-command list in order,
every command played, every event, and the final state's hash."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from game.board.model import Board
from game.rules.core.session import state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.commands import EndTurn


def game_digest(board: Board, setup: Mapping[str, Any], seed: int, eager: bool, max_commands: int) -> str:
    """The bot draws from its own seeded ``Random``; the eager one ends a turn only when nothing else
    is listed or one time in six, so games run longer."""
    rng = Random(seed)
    trace = hashlib.sha256()
    state = engine.setup(board, setup, seed)
    played = 0
    while state.result is None and played < max_commands:
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        trace.update(repr(legal).encode())
        choices = legal
        if eager and rng.random() * 6 >= 1:
            choices = [c for c in legal if not isinstance(c, EndTurn)] or legal
        command = choices[int(rng.random() * len(choices))]
        state, events = engine.apply(state, seat, command)
        trace.update(repr((seat, command, events)).encode())
        played += 1
    return f"{state_hash(state)}:{trace.hexdigest()[:16]}"


def print_recorded(names: list[str], digests_of: Callable[[str], tuple[str, ...]]) -> None:
    """A new ``RECORDED`` table to paste into the test, for a rules change meant to change games."""
    print("RECORDED: dict[str, tuple[str, ...]] = {")
    for name in names:
        print(f"    {name!r}: (")
        for digest in digests_of(name):
            print(f"        {digest!r},")
        print("    ),")
    print("}")
