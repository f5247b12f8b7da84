"""The Zombieworld screen tests start games from seeds of their own: a set-up opened by a tap or a
hook (with no seed given) draws its games' seeds from a source seeded here, never from the system."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.zombieworld.setup_scene import seed_new_games


@pytest.fixture(autouse=True)
def seeded_new_games() -> Iterator[None]:
    seed_new_games(20240611)
    yield
    seed_new_games(None)
