"""The boxes' property loop, shared by Green Horde's and Invader's tests: one bot game of a few
dozen commands, the box's invariants checked after every command, ``apply`` never changing its input,
every listed command passing ``check`` at sampled states, and sampled games saved, loaded and replayed
to the same state hash."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from random import Random
from typing import Any

from game.board.model import Board
from game.rules.core.session import SaveData, Session, state_hash
from game.rules.zombicide import engine

Bot = Callable[[Any, str, list[Any], Random], Any]
Checker = Callable[[Any], None]
CHECK_ALL_SHARE = 0.05  # at this share of the states every listed command is checked


def miniatures_of(state: Any) -> tuple[int, ...]:
    """Each zombie kind's miniatures: those in the supply and those on the board."""
    return tuple(left + sum(zone[kind] for zone in state.zombies) for kind, left in enumerate(state.supply))


def play_checked(board: Board, setup: Mapping[str, Any], seed: int, bot: Bot, invariants: Callable[[Any], Checker],
                 max_commands: int, save: bool) -> int:
    """Play one game with ``bot``; ``invariants(first_state)`` gives the check run on every state.
    Returns how many commands were played."""
    rng = Random(seed)
    state = engine.setup(board, setup, seed)
    check = invariants(state)
    check(state)
    log = []
    while state.result is None and len(log) < max_commands:
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        assert legal, "a seat to play always has something to do"
        if rng.random() < CHECK_ALL_SHARE:
            for candidate in legal:
                engine.check(state, seat, candidate)
        command = bot(state, seat, legal, rng)
        text_before = repr(state)
        new_state, _ = engine.apply(state, seat, command)
        assert repr(state) == text_before, f"apply changed its input state ({command})"
        state = new_state
        log.append((seat, command))
        check(state)
    if save:
        rules = engine.ZombicideRules(state.setup.box)
        session = Session(rules, board, setup, seed)
        session.replay(log)
        assert session.hash() == state_hash(state), "replaying the log gave another game"
        loaded = Session.load(rules, board, SaveData.from_json(session.save().to_json(), f"seed {seed}"))
        assert loaded.hash() == state_hash(state), "save → load → replay gave another game"
    return len(log)


def random_states(board: Board, setup: Mapping[str, Any], seeds: Iterable[int], max_commands: int
                  ) -> Iterator[tuple[int, Any]]:
    """(seed, state) for every state of seeded games where each command is drawn uniformly from the
    legal list, up to ``max_commands`` a game: the states a listing test looks at."""
    for seed in seeds:
        rng = Random(seed)
        state = engine.setup(board, setup, seed)
        for _ in range(max_commands):
            if state.result is not None:
                break
            yield seed, state
            (seat,) = engine.current_seats(state)
            legal = engine.legal_commands(state, seat)
            state, _ = engine.apply(state, seat, legal[int(rng.random() * len(legal))])


__all__ = ["miniatures_of", "play_checked", "random_states"]
