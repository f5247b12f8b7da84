"""``simulate``: whole games with every seat played by a bot, and what came of them.

``play_game(setup, seed, bots)`` plays one game to its end: each time, the seats the game waits for are
asked in turn order from the First Player; each bot gets only its own ``player_view`` and the events its
seat was shown since it last played. ``run_cli`` (``main.py simulate city_of_horror``) prints the figures.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.platform.batch import ClusterError, default_jobs, run_batch
from game.rules.city_of_horror.bots import BOTS
from game.rules.city_of_horror.engine import apply, current_seats, setup
from game.rules.city_of_horror.setup import SetupSpec
from game.rules.city_of_horror.state import State
from game.rules.city_of_horror.view import player_view
from game.rules.core.visibility import events_for

Bot = Callable[[State, str, Sequence[Any]], Any]
NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay")
COLOURS = ("red", "green", "blue", "yellow", "violet", "white")
STEP_LIMIT = 20_000


class StuckGame(RuntimeError):
    """No bot of the seats the game waits for would act: a bot or engine fault."""


class SeatEvents(Sequence[Any]):
    """The events one seat was shown since it last played (``events_for`` that seat), worked out only
    when the bot reads them."""

    def __init__(self, events: list[Any], start: int, stop: int, seat: str):
        self._source = (events, start, stop, seat)
        self._shown: tuple[Any, ...] | None = None

    def _events(self) -> tuple[Any, ...]:
        if self._shown is None:
            events, start, stop, seat = self._source
            self._shown = events_for(events[start:stop], seat)
        return self._shown

    def __len__(self) -> int:
        return len(self._events())

    def __getitem__(self, index: Any) -> Any:
        return self._events()[index]


@dataclass
class GameRecord:
    state: State
    steps: int
    log: list[tuple[str, Any]] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)


def players(count: int) -> SetupSpec:
    return SetupSpec.model_validate({"players": [{"seat": NAMES[n], "colour": COLOURS[n]} for n in range(count)]})


def play_game(spec: SetupSpec, seed: int, bots: Mapping[str, Bot], keep_log: bool = False) -> GameRecord:
    state = setup(None, spec, seed)
    events: list[Any] = []
    shown_up_to = dict.fromkeys(state.seats, 0)
    record = GameRecord(state, 0)
    for step in range(STEP_LIMIT):
        if state.over:
            record.state, record.steps = state, step
            return record
        waiting = current_seats(state)
        for seat in state.turn_order():
            if seat not in waiting:
                continue
            news = SeatEvents(events, shown_up_to[seat], len(events), seat)
            command = bots[seat](player_view(state, seat), seat, news)
            if command is None:
                continue
            shown_up_to[seat] = len(events)
            state, caused = apply(state, seat, command)
            events.extend(caused)
            if keep_log:
                record.log.append((seat, command))
            break
        else:
            raise StuckGame(f"nobody acts at {state.stage} (waiting for {', '.join(sorted(waiting))})")
    raise StuckGame(f"the game did not end in {STEP_LIMIT} steps")


@dataclass
class Summary:
    games: int = 0
    seconds: float = 0.0
    steps: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)
    survivors: list[int] = field(default_factory=list)
    deaths: Counter[str] = field(default_factory=Counter)
    explosions: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False  # stopped with Ctrl-C: the figures are those of the games played
    planned: int = 0


@dataclass(frozen=True)
class GameFigures:
    """What one game adds to the summary (small and plain, so it travels back from a worker)."""

    steps: int
    winners: tuple[str, ...]
    scores: tuple[int, ...]
    aboard: int
    destroyed: tuple[str, ...]


def game_figures(spec: SetupSpec, bot: str, seed: int) -> GameFigures:
    record = play_game(spec, seed, {seat: BOTS[bot] for seat in spec.seats}, keep_log=False)
    state = record.state
    return GameFigures(
        steps=record.steps,
        winners=tuple(state.winners),
        scores=tuple(points for _, points in state.scores),
        aboard=sum(1 for ch in state.characters if ch.location),
        destroyed=tuple(f"{place.id} {place.status}" for place in state.places if place.status != "standing"),
    )


def simulate(count: int, games: int, seed: int, bot: str, draft: bool = False, *, jobs: int = 1,
             cluster: str | None = None, progress: bool = False) -> Summary:
    """``games`` games from ``seed`` on; on ``jobs`` processes or a Dask ``cluster`` with the same figures."""
    spec = players(count).model_copy(update={"draft": draft})
    batch = run_batch(functools.partial(game_figures, spec, bot), range(seed, seed + games), jobs=jobs,
                      cluster=cluster, progress=progress)
    summary = Summary(seconds=batch.seconds, interrupted=batch.interrupted, planned=games)
    for figures in batch.results:
        summary.games += 1
        summary.steps += figures.steps
        summary.wins.update(figures.winners)
        summary.scores.extend(figures.scores)
        summary.survivors.append(figures.aboard)
        summary.explosions.update(figures.destroyed)
    return summary


def report(summary: Summary, count: int, bot: str) -> list[str]:
    games = max(summary.games, 1)
    stopped = [f"stopped: {summary.games} of {summary.planned} games played; the figures are theirs"]
    lines = [
        *(stopped if summary.interrupted else []),
        f"{summary.games} games of {count} players, every seat the {bot} bot: "
        f"{summary.games / max(summary.seconds, 1e-9):.1f} games/s, {summary.steps / games:.0f} commands a game",
        "wins by seat: " + ", ".join(f"{seat} {summary.wins[seat]}" for seat in NAMES[:count]),
        f"score: average {sum(summary.scores) / max(len(summary.scores), 1):.1f}, best {max(summary.scores, default=0)}",
        f"characters aboard the helicopter: {sum(summary.survivors) / games:.1f} a game",
    ]
    if summary.explosions:
        lines.append("destroyed: " + ", ".join(f"{what} in {n} games" for what, n in sorted(summary.explosions.items())))
    return lines


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """``simulate city_of_horror [--games N] [--players 3-6] [--seed S] [--bot survivor|random] [--draft]
    [--jobs N] [--cluster ADDRESS] [--no-progress]``."""
    write = out or (lambda line: print(line, file=sys.stdout))
    parser = argparse.ArgumentParser(prog="simulate", add_help=False, exit_on_error=False)
    parser.add_argument("--games", type=_positive, default=20)
    parser.add_argument("--players", type=int, choices=(3, 4, 5, 6), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=sorted(BOTS), default="survivor")
    parser.add_argument("--draft", action="store_true")
    parser.add_argument("--jobs", type=_positive, default=None)
    parser.add_argument("--cluster", default=None)
    parser.add_argument("--no-progress", action="store_true")
    try:
        args, unknown = parser.parse_known_args(list(argv))
    except (argparse.ArgumentError, SystemExit) as error:
        write(f"simulate city_of_horror: {error}")
        return 2
    if unknown:
        write(f"simulate city_of_horror: unknown argument {unknown[0]}")
        return 2
    try:
        summary = simulate(args.players, args.games, args.seed, args.bot, args.draft, jobs=args.jobs or default_jobs(),
                           cluster=args.cluster, progress=not args.no_progress)
    except ClusterError as error:
        write(f"simulate city_of_horror: {error.what}")
        return 1
    for line in report(summary, args.players, args.bot):
        write(line)
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(sys.argv[1:]))
