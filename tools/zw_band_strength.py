"""``python tools/zw_band_strength.py [--games N] [--seed N] [--table T.tmx] [--deploy players|auto] [--trace] [SCENARIO ...]``:
how often the tactical band beats the random bot on each scenario, from the first seat and from the second.
``--trace`` also prints one line per game: how it ended and how the tactical band fared (escaped,
zombies killed, buildings searched, and how each member it lost left the table), to see which rule
of thumb failed in the games it did not win.

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
from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.board.mission import load_board  # noqa: E402
from game.rules.core.frozen import record  # noqa: E402
from game.rules.zombieworld import commands as c  # noqa: E402
from game.rules.zombieworld import engine  # noqa: E402
from game.rules.zombieworld.bots import random_bot  # noqa: E402
from game.rules.zombieworld.catalog import load_catalog  # noqa: E402
from game.rules.zombieworld.presets import preset_bands  # noqa: E402
from game.rules.zombieworld.simulate import DEFAULT_TABLE, SEATS  # noqa: E402
from game.rules.zombieworld.state import BandEntry, SeatScore, ZombieworldSetup  # noqa: E402
from game.rules.zombieworld.tactics import tactical_bot  # noqa: E402

PLAYABLE = tuple(s.id for s in load_catalog().scenarios if s.victory != "pick_any")


MAX_STEPS = 3000


@record
class GameTrace:
    """One game as the tactical seat saw it."""

    seed: int
    winners: tuple[str, ...]
    rounds: int
    ended: str  # the engine's reason ("red got away", "the last round is over"…); "" when stopped unfinished
    score: SeatScore  # the tactical seat's
    band_size: int
    removed: tuple[tuple[str, int], ...]  # how its members left the table ("devoured", "escaped"…), how many


def traced_game(board: Any, scenario: str, seed: int, tactical_first: bool, deploy: str = "players") -> GameTrace:
    """One game of the tactical band against the random bot; the two preset bands change hands every seed."""
    bands = preset_bands()[:2]
    dealt = bands if seed % 2 == 0 else bands[::-1]
    setup = ZombieworldSetup(bands=tuple(BandEntry(seat=s, band=b) for s, b in zip(SEATS, dealt, strict=False)),
                             scenario=scenario, deploy=deploy)
    tactical_seat = SEATS[0] if tactical_first else SEATS[1]
    state = engine.setup(board, setup, seed)
    rng = Random(seed)  # one stream for both bots, as simulate.play_game
    ended = ""
    removed: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = (tactical_bot if seat == tactical_seat else random_bot)(state, seat, rng)
        if command is None:
            break
        state, events = engine.apply(state, seat, command)
        for event in events:
            if isinstance(event, c.GameEnded):
                ended = event.reason
            elif isinstance(event, c.ModelRemoved) and event.model.startswith(f"{tactical_seat}:"):
                removed[event.reason] += 1
    return GameTrace(seed=seed, winners=tuple(engine.outcome(state) or ()), rounds=state.round, ended=ended,
                     score=state.score(tactical_seat),
                     band_size=sum(1 for m in state.roster if m.startswith(f"{tactical_seat}:")),
                     removed=tuple(sorted(removed.items())))


def trace_line(game: GameTrace, tactical_seat: str) -> str:
    result = "won" if game.winners == (tactical_seat,) else ("drawn" if tactical_seat in game.winners else "lost")
    score = game.score
    left = ", ".join(f"{reason} {count}" for reason, count in game.removed) or "none"
    return (f"  seed {game.seed}: {result} (winners: {', '.join(game.winners) or 'none'}; round {game.rounds}; "
            f"{game.ended or 'stopped unfinished'}); band of {game.band_size}: escaped {score.escaped}, "
            f"zombies killed {score.zombies_killed}, buildings searched {score.buildings_searched}, "
            f"lost {score.members_lost}, hostile killed {score.hostile_killed}; off the table: {left}")


def strength(board: object, scenario: str, games: int, seed: int, tactical_first: bool,
             deploy: str = "players", trace: list[str] | None = None) -> tuple[int, int, int]:
    """(wins, draws, nobody) of the tactical seat over ``games`` seeds; with ``trace``, a line per game is added to it."""
    tactical_seat = SEATS[0] if tactical_first else SEATS[1]
    wins = draws = nobody = 0
    for game_seed in range(seed, seed + games):
        game = traced_game(board, scenario, game_seed, tactical_first, deploy)
        if trace is not None:
            trace.append(trace_line(game, tactical_seat))
        if game.winners == (tactical_seat,):
            wins += 1
        elif tactical_seat in game.winners:
            draws += 1
        elif not game.winners:
            nobody += 1
    return wins, draws, nobody


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/zw_band_strength.py")
    parser.add_argument("scenarios", nargs="*", default=list(PLAYABLE))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default=str(DEFAULT_TABLE))
    parser.add_argument("--deploy", choices=("players", "auto"), default="players")
    parser.add_argument("--trace", action="store_true", help="a line per game: how it ended, how the band fared")
    args = parser.parse_args(argv)
    board = load_board(Path(args.table))
    for scenario in args.scenarios:
        row = [f"{scenario:22}"]
        for first in (True, False):
            start = time.perf_counter()
            trace: list[str] | None = [] if args.trace else None
            wins, draws, nobody = strength(board, scenario, args.games, args.seed, first, args.deploy, trace)
            if trace:
                print(f"{scenario}, tactical band {'first' if first else 'second'}:", *trace, sep="\n", flush=True)
            row.append(f"{'first' if first else 'second'}: {wins}/{args.games} won, {draws} drawn, {nobody} nobody "
                       f"({time.perf_counter() - start:.0f} s)")
        print("   ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
