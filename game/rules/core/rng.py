"""A seeded random source whose whole state lives in the game state.

Only ``random.Random.random()`` is used: its sequence is stable across Python versions, unlike
``randint`` or ``shuffle``. Players with physical dice may queue their results (``forced``): d6
rolls take from that queue first; shuffles never do.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import field, replace
from itertools import repeat, starmap
from operator import mul
from random import Random
from typing import TypeVar

from game.rules.core.frozen import record

T = TypeVar("T")


@record
class RngState:
    seed: int
    draws: int = 0  # how many floats were drawn since the seed
    forced: tuple[int, ...] = ()  # dice results typed in by players, used before drawing
    # Random's internal state ``behind`` draws before this one (taken every few draws, not at each:
    # it is 625 numbers); both left out of equality and repr (seed and draws already identify the
    # state), so hashing a game state stays cheap.
    internal: tuple = field(default=(), compare=False, repr=False)
    behind: int = field(default=0, compare=False, repr=False)


# at most this many draws replayed to rebuild a generator from the internal state last taken (or from
# the seed, before the first is taken): a snapshot is 625 numbers made into a tuple, dearer than a
# hundred draws, and play-outs never rebuild (their next draw goes on with the live generator)
_SNAPSHOT_EVERY = 256


class _Live(threading.local):
    """The generator last drawn from, with the state it stands at: the next draw from that state (a
    game's next roll, nearly always) goes on with it, without copying the generator's state in."""

    state: RngState | None = None
    generator: Random | None = None


_LIVE = _Live()


def new_rng(seed: int) -> RngState:
    generator = Random(seed)
    rng = RngState(seed=seed, draws=0, forced=(), internal=())  # rebuilt from the seed until a snapshot
    _LIVE.state, _LIVE.generator = rng, generator  # the first draws (a set-up's shuffles) go on with it
    return rng


def _generator(rng: RngState) -> Random:
    live = _LIVE
    if live.state is rng:
        live.state = None  # handed on: the next state is recorded when the draws are done
        return live.generator  # type: ignore[return-value]
    generator = Random.__new__(Random)  # unseeded: seeding from the OS would be wasted work
    if rng.internal:
        generator.setstate(rng.internal)
        replay = rng.behind
    else:  # rebuilt from seed and draw count (e.g. a state made by hand)
        generator.seed(rng.seed)
        replay = rng.draws
    for _ in range(replay):
        generator.random()
    return generator


def draw_floats(rng: RngState, count: int) -> tuple[tuple[float, ...], RngState]:
    """``count`` floats in [0, 1) and the advanced state."""
    if count <= 0:
        return (), rng
    generator = _generator(rng)
    values = tuple(starmap(generator.random, repeat((), count)))  # the calls made in C
    behind = rng.behind + count
    # no snapshot yet: a state rebuilt from its seed replays every draw, as few as a snapshot's
    if behind <= _SNAPSHOT_EVERY and (rng.internal or rng.draws + count <= _SNAPSHOT_EVERY):
        advanced = RngState(rng.seed, rng.draws + count, rng.forced, rng.internal, behind)
    else:
        advanced = RngState(rng.seed, rng.draws + count, rng.forced, generator.getstate(), 0)
    _LIVE.state, _LIVE.generator = advanced, generator
    return values, advanced


def roll_d6(rng: RngState, count: int) -> tuple[tuple[int, ...], RngState]:
    """Roll ``count`` six-sided dice; forced results are used first."""
    if count <= 0:
        return (), rng
    taken = rng.forced[:count]
    if taken:
        rng = replace(rng, forced=rng.forced[len(taken):])
    floats, rng = draw_floats(rng, count - len(taken))
    return taken + tuple(int(f * 6) + 1 for f in floats), rng


def force_dice(rng: RngState, values: Sequence[int]) -> RngState:
    """Queue dice results typed by players (each 1..6)."""
    for value in values:
        if not 1 <= int(value) <= 6:
            raise ValueError(f"a die shows 1 to 6, not {value}")
    return replace(rng, forced=rng.forced + tuple(int(v) for v in values))


def shuffled(rng: RngState, items: Sequence[T]) -> tuple[tuple[T, ...], RngState]:
    """Fisher–Yates on ``random()``: the same seed gives the same order on every Python."""
    result = list(items)
    last = len(result) - 1
    floats, rng = draw_floats(rng, max(last, 0))
    # the swaps' partners, int(drawn * (i + 1)) for i from last down to 1, worked out in C
    partners = map(int, map(mul, floats, range(last + 1, 1, -1)))
    for i, j in zip(range(last, 0, -1), partners, strict=True):
        result[i], result[j] = result[j], result[i]
    return tuple(result), rng


def choose_index(rng: RngState, count: int) -> tuple[int, RngState]:
    """A uniform index in range(count)."""
    if count <= 0:
        raise ValueError("cannot choose among nothing")
    (value,), rng = draw_floats(rng, 1)
    return int(value * count), rng
