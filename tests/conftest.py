"""Headless test set-up: SDL must use its dummy drivers before pygame is imported anywhere."""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


@pytest.fixture(autouse=True)
def seeded_new_games():
    """Set-up screens opened with no seed of their own draw their games' seeds from here: every
    test starts the same games every time, never from the system's entropy."""
    from game.app.seeds import seed_new_games

    seed_new_games(20240611)
    yield
    seed_new_games(None)
