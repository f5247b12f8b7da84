"""Bots for Zombicide: a random-legal one and a simple greedy one, and ``play_out`` to the end.

Bots draw their own choices from a seeded ``random.Random`` (``.random()`` only), separate from
the game's dice, so the same seeds always give the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from game.board.model import Board
from game.rules.zombicide import engine
from game.rules.zombicide.catalog import Catalog
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    EndTurn,
    Escape,
    Move,
    OpenDoor,
    Rearrange,
    Search,
    TakeObjective,
    Trade,
)
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import ZombicideState

Bot = Callable[[ZombicideState, str, Sequence[Any], Random], Any]


def _pick(items: Sequence[Any], rng: Random) -> Any:
    return items[int(rng.random() * len(items))]


def random_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """Any legal command, uniformly."""
    return _pick(commands, rng)


def greedy_bot(state: ZombicideState, seat: str, commands: Sequence[Any], rng: Random) -> Any:
    """Take objectives and escapes, attack zombies, keep found weapons, head for objectives and
    exits, open doors and search; otherwise end the turn."""
    if state.pending is not None:
        return _choose(state)
    best: list[Any] = []
    best_score = -1e9
    for command in commands:
        score = _score(state, command)
        if score > best_score:
            best, best_score = [command], score
        elif score == best_score:
            best.append(command)
    return _pick(best, rng)


def _choose(state: ZombicideState) -> ChooseOption:
    pending = state.pending
    assert pending is not None
    if pending.kind == "keep_card":
        # keep into an empty slot if any, else discard
        for n, label in enumerate(pending.options):
            if n and "instead of" not in label:
                return ChooseOption(n)
        return ChooseOption(0)
    return ChooseOption(0)


def _score(state: ZombicideState, command: Any) -> float:
    graph = state.graph
    if isinstance(command, (TakeObjective, Escape)):
        return 100
    if isinstance(command, Attack):
        target = graph.index[command.zone]
        shooter = state.survivors[state.survivor_index(command.survivor)]
        weapon = state.tables.equipment[state.card_kinds[shooter.slots[command.slot]]]
        others_there = any(s.in_play and s.zone == target and s.id != shooter.id for s in state.survivors)
        if weapon.attack == "ranged" and others_there and "steady_hand" not in shooter.skills:
            return -50  # friendly fire
        return 50 + state.zombies_in(target)
    if isinstance(command, Search):
        return 30
    if isinstance(command, Rearrange):
        return 5
    if isinstance(command, Trade):
        return -10
    if isinstance(command, OpenDoor):
        return 8
    if isinstance(command, Move):
        s = state.survivors[state.survivor_index(command.survivor)]
        to = graph.index[command.to]
        goals = [p.zone for n, p in enumerate(graph.objectives) if not state.objectives_taken[n]]
        if not goals:
            goals = list(graph.exits)
        danger = 6 * state.zombies_in(to)
        if not goals:
            return 1 - 5 * danger
        dist = graph.distances(state.doors_open)
        before = min(dist[s.zone][g] for g in goals)
        after = min(dist[to][g] for g in goals)
        if before >= UNREACHABLE:
            return 1 - 5 * danger
        return 10 * (before - after) - 5 * danger
    if isinstance(command, EndTurn):
        return 0
    return -1


@dataclass
class PlayOutStats:
    result: str | None  # "won", "lost", or None when the round limit stopped the game
    rounds: int
    commands: int
    zombies_killed: int
    survivors_left: int
    events: int
    final_hash: str = ""
    log: list[tuple[str, Any]] = field(default_factory=list)


def play_out(
    board: Board,
    setup: Any,
    seed: int,
    bot: Bot = random_bot,
    *,
    bot_seed: int | None = None,
    max_rounds: int = 60,
    max_commands: int = 20000,
    catalog: Catalog | None = None,
    keep_log: bool = False,
) -> PlayOutStats:
    """Play a whole game with ``bot`` on every seat; returns the outcome and a few figures."""
    from game.rules.core.session import state_hash

    state = engine.setup(board, setup, seed, catalog=catalog)
    rng = Random(seed if bot_seed is None else bot_seed)
    commands = events = 0
    log: list[tuple[str, Any]] = []
    while state.result is None and state.round <= max_rounds and commands < max_commands:
        seats = engine.current_seats(state)
        if not seats:
            break
        seat = min(seats)
        legal = engine.legal_commands(state, seat)
        if not legal:
            break
        command = bot(state, seat, legal, rng)
        state, new_events = engine.apply(state, seat, command)
        commands += 1
        events += len(new_events)
        if keep_log:
            log.append((seat, command))
    return PlayOutStats(
        result=state.result,
        rounds=state.round,
        commands=commands,
        zombies_killed=state.kills,
        survivors_left=sum(1 for s in state.survivors if s.in_play),
        events=events,
        final_hash=state_hash(state),
        log=log,
    )
