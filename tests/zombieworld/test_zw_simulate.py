"""Zombieworld can be simulated through the registry: whole games with every seat a bot, the same
figures for the same seed, clear one-line refusals."""

from __future__ import annotations

from random import Random

from game.board.mission import load_board
from game.rules.zombieworld import engine
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.simulate import DEFAULT_TABLE, claims, play_game, run_cli
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup


def setup() -> ZombieworldSetup:
    red, blue = preset_bands()[:2]
    return ZombieworldSetup(bands=(BandEntry(seat="red", band=red), BandEntry(seat="blue", band=blue)))


def test_the_random_bot_plays_only_commands_the_engine_accepts():
    board = load_board(DEFAULT_TABLE)
    state = engine.setup(board, setup(), 3)
    rng = Random(3)
    for _ in range(150):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        command = random_bot(state, seats[0], rng)
        assert command is not None
        engine.check(state, seats[0], command)
        state, _ = engine.apply(state, seats[0], command)
    assert state.round >= 2


def test_a_simulated_game_ends_and_the_same_seed_gives_the_same_game():
    board = load_board(DEFAULT_TABLE)
    first = play_game(board, setup(), 5, random_bot, 3000)
    assert first.finished and first.commands > 20 and first.rounds >= 1
    assert play_game(board, setup(), 5, random_bot, 3000) == first


def test_simulate_prints_figures_and_refuses_bad_input_in_one_line(tmp_path):
    lines: list[str] = []
    assert run_cli(["--games", "2", "--seed", "4"], lines.append) == 0
    assert lines[0].startswith("Town Square, massacre: 2 games") and "games/s" in lines[-1]
    refused: list[str] = []
    assert run_cli(["--scenario", "chess"], refused.append) == 1
    assert refused == [refused[0]] and "unknown scenario 'chess'" in refused[0]
    bad_band = tmp_path / "band.json"
    bad_band.write_text("{", encoding="utf-8")
    refused.clear()
    assert run_cli(["--band", str(bad_band)], refused.append) == 1 and "band.json" in refused[0]
    assert run_cli(["--games", "0"], refused.append) == 2
    assert claims(DEFAULT_TABLE) and not claims(tmp_path / "band.json")
