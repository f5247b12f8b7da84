"""``main.py simulate zombieworld [TABLE] [--scenario ID] [--games N] [--seed N] [--bot random|tactical]
[--versus random|tactical] [--band FILE ...] [--max-steps N] [--jobs N] [--cluster ADDRESS] [--no-progress]``:
whole Zombieworld games with every seat played by a bot (the first seat by ``--bot``, the others by
``--versus`` when given), and their figures: who won, rounds, survivors lost, zombies killed, commands and games per second.

Bands come from band files (as the band builder saves them) or, by default, the first two of our
ready-made bands. Exit status 2 on bad usage, 1 when the table, a band or the scenario cannot be
used, 0 otherwise. Games run on every core (``--jobs``) or a Dask cluster (``--cluster``) with the
figures of a serial run (game.platform.batch); Ctrl-C prints the figures of the games played.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from game.platform.batch import ClusterError, default_jobs, run_batch
from game.rules.core.frozen import record
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.bots import random_bot
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.presets import preset_bands
from game.rules.zombieworld.state import BandEntry, State, ZombieworldSetup
from game.rules.zombieworld.tactics import tactical_bot

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_TABLE = REPO_ROOT / "maps" / "zombieworld" / "zw-town-square.tmx"
SEATS = ("red", "blue", "green", "amber")
BOTS = {"random": random_bot, "tactical": tactical_bot}
USAGE = ("usage: main.py simulate zombieworld [TABLE.tmx] [--scenario ID] [--games N] [--seed N] "
         "[--bot random|tactical] [--versus random|tactical] [--band FILE ...] [--max-steps N] [--jobs N] [--cluster ADDRESS] [--no-progress]")


def claims(path: str | Path) -> bool:
    """A Zombieworld table (a map whose ``game`` is ``zombieworld``): ``main.py simulate`` sends it here."""
    target = Path(path)
    if target.suffix.lower() != ".tmx" or not target.is_file():
        return False
    try:
        head = target.read_text(encoding="utf-8", errors="replace")[:20_000]
    except OSError:
        return False
    return re.search(r'name="game"\s+value="zombieworld"', head) is not None


@record
class GameFigures:
    winners: tuple[str, ...]
    rounds: int
    lost: int  # band members taken off the table
    zombies_killed: int
    commands: int
    finished: bool  # False: stopped at the step limit


@dataclass
class Summary:
    games: list[GameFigures] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False  # stopped with Ctrl-C: the figures are those of the games played
    planned: int = 0

    def lines(self) -> list[str]:
        played = len(self.games) or 1
        stopped = [f"stopped: {len(self.games)} of {self.planned} games played; the figures are theirs"]
        wins: Counter[str] = Counter(seat for g in self.games for seat in g.winners)
        unfinished = sum(1 for g in self.games if not g.finished)
        commands = sum(g.commands for g in self.games)
        rate = len(self.games) / self.seconds if self.seconds > 0 else 0.0
        return [
            *(stopped if self.interrupted else []),
            "wins: " + (", ".join(f"{seat} {n}" for seat, n in sorted(wins.items())) or "none"),
            f"rounds per game {sum(g.rounds for g in self.games) / played:.1f}   "
            f"members lost per game {sum(g.lost for g in self.games) / played:.2f}   "
            f"zombies killed per game {sum(g.zombies_killed for g in self.games) / played:.1f}",
            f"unfinished at the step limit: {unfinished}",
            f"{rate:.1f} games/s ({len(self.games)} games in {self.seconds:.2f} s, "
            f"{commands / played:.0f} commands per game)",
        ]


def play_game(board: Any, setup: ZombieworldSetup, seed: int, bot: Callable[[State, str, Random], Any],
              max_steps: int, versus: Callable[[State, str, Random], Any] | None = None) -> GameFigures:
    """One game; the first seat plays ``bot``, the others ``versus`` (``bot`` too when None)."""
    state = engine.setup(board, setup, seed)
    rng = Random(seed)
    commands = 0
    for _ in range(max_steps):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = (bot if versus is None or seat == state.seats[0] else versus)(state, seat, rng)
        if command is None:
            break
        state, _ = engine.apply(state, seat, command)
        commands += 1
    outcome = engine.outcome(state)
    lost = sum(score.members_lost for _, score in state.scores)
    killed = sum(score.zombies_killed for _, score in state.scores)
    return GameFigures(winners=tuple(outcome or ()), rounds=state.round, lost=lost, zombies_killed=killed,
                       commands=commands, finished=outcome is not None)


@functools.lru_cache(maxsize=4)
def _table(path: str) -> Any:
    from game.board.mission import load_board

    return load_board(Path(path))


def _play_table(table: str, setup: ZombieworldSetup, bot_name: str, max_steps: int, versus_name: str,
                seed: int) -> GameFigures:
    """One game in a worker process: the table is loaded there once (a loaded board does not pickle)."""
    return play_game(_table(table), setup, seed, BOTS[bot_name], max_steps, BOTS[versus_name] if versus_name else None)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line instead of argparse's usage block and exit
        raise _UsageError(message)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py simulate zombieworld", add_help=False)
    parser.add_argument("table", nargs="?", default=str(DEFAULT_TABLE))
    parser.add_argument("--scenario", default="massacre")
    parser.add_argument("--games", type=_positive, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=sorted(BOTS), default="random")
    parser.add_argument("--versus", choices=sorted(BOTS), default="")
    parser.add_argument("--band", action="append", default=[], metavar="FILE")
    parser.add_argument("--max-steps", type=_positive, default=3000)
    parser.add_argument("--jobs", type=_positive, default=None)
    parser.add_argument("--cluster", default=None)
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("-h", "--help", action="store_true")
    return parser


def _bands(files: Sequence[str]) -> list[Band]:
    if not files:
        return preset_bands()[:2]
    bands = []
    for name in files:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"{path}: cannot be read ({error})") from None
        bands.append(Band.from_json(text, str(path)))
    return bands


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    write = out or (lambda line: print(line, file=sys.stdout))
    try:
        args = build_parser().parse_args(list(argv))
    except _UsageError as error:
        write(f"simulate zombieworld: {error}; {USAGE}")
        return 2
    if args.help:
        write(USAGE)
        return 0
    from game.board.errors import MapFormatError, describe_error
    from game.board.mission import load_board

    try:
        board = load_board(Path(args.table))
        bands = _bands(args.band)
        if len(bands) > len(SEATS):
            raise ValueError(f"at most {len(SEATS)} bands play")
        known = {s.id for s in load_catalog().scenarios}
        if args.scenario not in known:
            raise ValueError(f"unknown scenario {args.scenario!r} (known: {', '.join(sorted(known))})")
        setup = ZombieworldSetup(bands=tuple(BandEntry(seat=seat, band=band) for seat, band in zip(SEATS, bands, strict=False)),
                                 scenario=args.scenario)
        engine.setup(board, setup, args.seed)  # refuses a table or bands the game cannot start with
    except (MapFormatError, OSError, ValueError) as error:
        write(f"simulate zombieworld: {describe_error(error)}")
        return 1
    play = functools.partial(_play_table, str(Path(args.table)), setup, args.bot, args.max_steps, args.versus)
    try:
        batch = run_batch(play, range(args.seed, args.seed + args.games), jobs=args.jobs or default_jobs(),
                          cluster=args.cluster, progress=not args.no_progress)
    except ClusterError as error:
        write(f"simulate zombieworld: {error.what}")
        return 1
    summary = Summary(games=batch.results, seconds=batch.seconds, interrupted=batch.interrupted, planned=args.games)
    write(f"{board.title or Path(args.table).stem}, {args.scenario}: {args.games} games, {len(bands)} bands, "
          f"{args.bot} bot" + (f" against {args.versus}" if args.versus else ""))
    for line in summary.lines():
        write(line)
    return 0

