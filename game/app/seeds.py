"""Where the seeds of new games come from, for every game's set-up screen: the system's entropy, or
``random.Random(seed)`` once ``seed_new_games(seed)`` is called, so that a run of the screens (a
test) starts the same games every time. The only randomness of the set-up screens."""

from __future__ import annotations

import random

_source: random.Random = random.SystemRandom()


def seed_new_games(seed: int | None) -> None:
    """Draw new games' seeds from ``random.Random(seed)``; with None, from the system again."""
    global _source
    _source = random.SystemRandom() if seed is None else random.Random(seed)


def new_seed() -> int:
    """A seed for a new game, 1 to 999,999."""
    return int(_source.random() * 999_999) + 1
