"""``tools/zw_band_strength.py --trace``: a line per game saying how it ended and how the tactical band fared."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from game.board.mission import load_board
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import SEATS, play_game
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot

REPO = Path(__file__).resolve().parents[2]
TOWN = load_board(REPO / "maps" / "zombieworld" / "zw-town-square.tmx")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zw_band_strength", REPO / "tools" / "zw_band_strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its records' annotations are resolved through the module
    spec.loader.exec_module(module)
    return module


def test_a_traced_game_is_the_game_the_strength_figures_count_and_says_how_the_band_fared() -> None:
    tool = _tool()
    seed = 3  # odd: the second preset band sits first
    game = tool.traced_game(TOWN, "escape", seed, tactical_first=True)
    bands = preset_bands()[:2][::-1]
    setup = ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, bands, strict=False)),
                             scenario="escape", deploy="players")
    figures = play_game(TOWN, setup, seed, tactical_bot, tool.MAX_STEPS, random_bot)
    assert (game.winners, game.rounds) == (figures.winners, figures.rounds)
    assert game.ended  # the engine's reason for the end
    removed = dict(game.removed)
    assert sum(removed.values()) == game.score.members_lost + game.score.escaped + removed.get("withdrawn", 0)
    line = tool.trace_line(game, SEATS[0])
    assert line.startswith(f"  seed {seed}: ")
    assert f"escaped {game.score.escaped}" in line and f"zombies killed {game.score.zombies_killed}" in line
    assert game.ended in line
