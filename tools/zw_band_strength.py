"""``python tools/zw_band_strength.py [--games N] [--seed N] [--table T.tmx] [--deploy players|auto] [SCENARIO ...]``: how often the
tactical band beats the random bot on each scenario, from the first seat and from the second.

A win is the tactical seat alone among the winners; draws and games nobody won are counted apart.
The two preset bands change hands from one seed to the next, so each seat's figure is over both
bands: a seat's figure then differs from the other's only by the seat. The bands deploy themselves
(``deploy = "players"``: the random bot keeps the engine's placement, the tactical band picks its
spots); ``--deploy auto`` lets the engine place both. One process (the figures of
``main.py simulate zombieworld --jobs 1``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.board.mission import load_board  # noqa: E402
from game.rules.zombieworld.bots import random_bot  # noqa: E402
from game.rules.zombieworld.catalog import load_catalog  # noqa: E402
from game.rules.zombieworld.presets import preset_bands  # noqa: E402
from game.rules.zombieworld.simulate import DEFAULT_TABLE, SEATS, play_game  # noqa: E402
from game.rules.zombieworld.state import BandEntry, ZombieworldSetup  # noqa: E402
from game.rules.zombieworld.tactics import tactical_bot  # noqa: E402

PLAYABLE = tuple(s.id for s in load_catalog().scenarios if s.victory != "pick_any")


def strength(board: object, scenario: str, games: int, seed: int, tactical_first: bool,
             deploy: str = "players") -> tuple[int, int, int]:
    """(wins, draws, nobody) of the tactical seat over ``games`` seeds."""
    bands = preset_bands()[:2]
    tactical_seat = SEATS[0] if tactical_first else SEATS[1]
    wins = draws = nobody = 0
    for game_seed in range(seed, seed + games):
        dealt = bands if game_seed % 2 == 0 else bands[::-1]  # the bands change hands every seed
        setup = ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, dealt, strict=False)),
                                 scenario=scenario, deploy=deploy)
        if tactical_first:
            figures = play_game(board, setup, game_seed, tactical_bot, 3000, random_bot)
        else:
            figures = play_game(board, setup, game_seed, random_bot, 3000, tactical_bot)
        if figures.winners == (tactical_seat,):
            wins += 1
        elif tactical_seat in figures.winners:
            draws += 1
        elif not figures.winners:
            nobody += 1
    return wins, draws, nobody


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/zw_band_strength.py")
    parser.add_argument("scenarios", nargs="*", default=list(PLAYABLE))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default=str(DEFAULT_TABLE))
    parser.add_argument("--deploy", choices=("players", "auto"), default="players")
    args = parser.parse_args(argv)
    board = load_board(Path(args.table))
    for scenario in args.scenarios:
        row = [f"{scenario:22}"]
        for first in (True, False):
            start = time.perf_counter()
            wins, draws, nobody = strength(board, scenario, args.games, args.seed, first, args.deploy)
            row.append(f"{'first' if first else 'second'}: {wins}/{args.games} won, {draws} drawn, {nobody} nobody "
                       f"({time.perf_counter() - start:.0f} s)")
        print("   ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
