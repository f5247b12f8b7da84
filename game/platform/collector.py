"""Many games in a row with Python's cycle collector run seldom.

The engines' states, commands and events are trees: a finished game is freed by reference counting
alone (a seeded run of each Zombicide box leaves no unreachable object behind). The cycle collector
still walks every young container each few hundred allocations, and every live one (the boards'
caches, the legal-command memos) each few thousand: about a fifth of a random play-out's time.
Batches of games raise its thresholds for their length; it still runs, so a cycle made by mistake
is freed, later.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# allocations before a young collection, young collections before a middle one, middle before a full one
BATCH_THRESHOLDS = (20_000, 10, 10)


@contextmanager
def few_collections() -> Iterator[None]:
    """Run the cycle collector seldom inside the block; its thresholds are given back after."""
    before = gc.get_threshold()
    gc.set_threshold(*BATCH_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def collect_seldom() -> None:
    """For a process that only plays games (a batch's worker): the batch's thresholds for good."""
    gc.set_threshold(*BATCH_THRESHOLDS)
