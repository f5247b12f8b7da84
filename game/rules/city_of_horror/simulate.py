"""``simulate``: whole games with every seat played by a bot, and what came of them.

``play_game(setup, seed, bots)`` plays one game to its end: each time, the seats the game waits for are
asked in turn order from the First Player; each bot gets only its own ``player_view`` and the events its
seat was shown since it last played. ``run_cli`` (``main.py simulate city_of_horror``) prints the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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


def simulate(count: int, games: int, seed: int, bot: str, draft: bool = False) -> Summary:
    summary = Summary()
    base = players(count)
    spec = base.model_copy(update={"draft": draft})
    chosen = BOTS[bot]
    start = time.perf_counter()
    for number in range(games):
        record = play_game(spec, seed + number, {seat: chosen for seat in spec.seats}, keep_log=False)
        state = record.state
        summary.games += 1
        summary.steps += record.steps
        for winner in state.winners:
            summary.wins[winner] += 1
        summary.scores.extend(points for _, points in state.scores)
        summary.survivors.append(sum(1 for ch in state.characters if ch.location))
        for place in state.places:
            if place.status != "standing":
                summary.explosions[f"{place.id} {place.status}"] += 1
    summary.seconds = time.perf_counter() - start
    return summary


def report(summary: Summary, count: int, bot: str) -> list[str]:
    games = max(summary.games, 1)
    lines = [
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
    """``simulate city_of_horror [--games N] [--players 3-6] [--seed S] [--bot survivor|random] [--draft]``."""
    write = out or (lambda line: print(line, file=sys.stdout))
    parser = argparse.ArgumentParser(prog="simulate", add_help=False, exit_on_error=False)
    parser.add_argument("--games", type=_positive, default=20)
    parser.add_argument("--players", type=int, choices=(3, 4, 5, 6), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=sorted(BOTS), default="survivor")
    parser.add_argument("--draft", action="store_true")
    try:
        args, unknown = parser.parse_known_args(list(argv))
    except (argparse.ArgumentError, SystemExit) as error:
        write(f"simulate city_of_horror: {error}")
        return 2
    if unknown:
        write(f"simulate city_of_horror: unknown argument {unknown[0]}")
        return 2
    summary = simulate(args.players, args.games, args.seed, args.bot, args.draft)
    for line in report(summary, args.players, args.bot):
        write(line)
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(sys.argv[1:]))
