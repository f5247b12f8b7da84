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


@pytest.fixture(scope="module")
def fixture_roots():
    """Let the maps, tilesets and missions of ``tests/fixtures/`` be read for one test module: paths
    written in files are otherwise confined to ``maps/``, ``assets/`` and ``saves/maps/``
    (``game.roots``)."""
    from game import roots

    with roots.allowed(REPO / "tests" / "fixtures"):
        yield


@pytest.fixture
def tmp_path_roots(fixture_roots, tmp_path):
    """``fixture_roots``, and the test's own ``tmp_path`` too. A test module opts in with
    ``pytestmark = pytest.mark.usefixtures("tmp_path_roots")``."""
    from game import roots

    with roots.allowed(tmp_path):
        yield


@pytest.fixture
def own_maps(tmp_path, monkeypatch):
    """The player's maps folder in the test's own place, no ``--maps`` folders, and the content
    roots as they were once the test ends (a file opened from elsewhere adds its folder)."""
    from game import roots
    from game.platform import map_sources

    user = tmp_path / "user-maps"
    user.mkdir()
    monkeypatch.setattr(roots, "USER_MAPS", user)
    monkeypatch.setattr(map_sources, "_user_folders", [])
    monkeypatch.setattr(roots, "_extra", list(roots._extra))
    return user


@pytest.fixture
def spanish():
    """The app speaks Spanish for the test, English again after it."""
    from game import i18n

    i18n.set_language("es")
    yield
    i18n.set_language("en")


@pytest.fixture(params=["en", "es"])
def both_languages(request):
    """The test runs once in English and once in Spanish; English is set back after it."""
    from game import i18n

    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")
