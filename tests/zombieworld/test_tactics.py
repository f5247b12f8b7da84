"""The tactical band plays whole games legally and ends them; it reads the scenario's goal."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import SEATS, play_game
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot, victory_of

REPO = Path(__file__).resolve().parents[2]
TOWN = load_board(REPO / "maps" / "zombieworld" / "zw-town-square.tmx")


def _setup(scenario: str) -> ZombieworldSetup:
    bands = preset_bands()[:2]
    return ZombieworldSetup(bands=tuple(BandEntry(seat=seat, band=band) for seat, band in zip(SEATS, bands, strict=False)),
                            scenario=scenario)


@pytest.mark.parametrize("scenario, seed", [("massacre", 2), ("survival", 5), ("escape", 7)])
def test_the_tactical_band_plays_a_whole_game_against_the_random_one(scenario: str, seed: int) -> None:
    figures = play_game(TOWN, _setup(scenario), seed, tactical_bot, 3000, versus=random_bot)
    assert figures.finished  # every command was legal (apply refuses others) and the game reached its end
    assert figures.commands < 3000


def test_the_band_reads_how_the_scenario_is_won() -> None:
    from game.rules.zombieworld import engine

    state = engine.setup(TOWN, _setup("law_of_the_strongest"), 1)
    assert victory_of(state) == "most_hostile_kills"
