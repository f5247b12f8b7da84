"""Speed figures for the Zombicide engine (printed, never asserted).

    python -m game.rules.zombicide.benchmark [mission.toml ...]

Measures full play-outs per second with the random and greedy bots, the cost of
``legal_commands`` and ``apply``, and a zombies' phase with 200 zombies on the board.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import Any

from game.board.mission import load_board
from game.platform.collector import few_collections
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, play_out, random_bot
from game.rules.zombicide.boxes import DEFAULT_BOX
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import EndTurn

DEFAULT_MISSIONS = ("maps/missions/tutorial-2x2.toml", "maps/missions/safehouse-3x2.toml", "maps/missions/city-3x3.toml")
PLAYERS = {
    "players": [
        {"seat": "A", "survivors": ["joe", "dan", "cathy"]},
        {"seat": "B", "survivors": ["jane", "terry", "oso"]},
    ],
    "auto_wounds": True,
}


def _per_second(count: int, seconds: float) -> str:
    return f"{count / seconds:8.1f}/s" if seconds > 0 else "   inf/s"


def players_for(board: Any) -> dict[str, Any]:
    """The benchmark's two seats of three: Rue Morgue's usual six, another box's first six survivors."""
    setup = board.properties.get("setup")
    box = str(setup.get("box") or DEFAULT_BOX) if isinstance(setup, Mapping) else DEFAULT_BOX
    if box == DEFAULT_BOX:
        return PLAYERS
    six = [s.id for s in load_catalog(box).survivors][:6]
    return {**PLAYERS, "players": [{"seat": "A", "survivors": six[:3]}, {"seat": "B", "survivors": six[3:]}]}


def timed_play_outs(board: Any, players: Mapping[str, Any], games: int, bot: Any = random_bot) -> tuple[
        float, int, dict[str, int]]:
    """``games`` whole play-outs (seeds 0, 1, ...; at most 40 rounds) on one core, the set-up counted:
    the seconds they took, the commands played and how many games ended each way."""
    started = time.perf_counter()
    commands = 0
    results: dict[str, int] = {}
    with few_collections():  # as ``simulate`` plays its batches
        for seed in range(games):
            stats = play_out(board, players, seed, bot, max_rounds=40)
            commands += stats.commands
            key = stats.result or "unfinished"
            results[key] = results.get(key, 0) + 1
    return time.perf_counter() - started, commands, results


def bench_mission(path: str, games: int = 20) -> None:
    board = load_board(path)
    players = players_for(board)
    print(f"== {path}: {len(board.zones)} zones")
    for name, bot in (("random", random_bot), ("greedy", greedy_bot)):
        elapsed, commands, results = timed_play_outs(board, players, games, bot)
        print(
            f"  {name:7s} play-outs {_per_second(games, elapsed)}   commands {_per_second(commands, elapsed)}"
            f"   {commands / games:6.0f} commands/game   {results}"
        )

    state = engine.setup(board, players, 1)
    rng = Random(1)
    samples, legal_time, apply_time = 0, 0.0, 0.0
    while state.result is None and samples < 2000:
        (seat,) = engine.current_seats(state)
        t0 = time.perf_counter()
        legal = engine.legal_commands(state, seat)
        t1 = time.perf_counter()
        command = legal[int(rng.random() * len(legal))]
        state, _ = engine.apply(state, seat, command)
        t2 = time.perf_counter()
        legal_time += t1 - t0
        apply_time += t2 - t1
        samples += 1
    print(f"  legal_commands {legal_time / samples * 1e3:.3f} ms   apply {apply_time / samples * 1e3:.3f} ms  ({samples} samples)")

    # a zombies' phase with 200 zombies spread over the street zones
    state = engine.setup(board, players, 2)
    streets = [z for z in range(state.graph.zone_count) if state.graph.street_like[z]]
    zombies = [list(c) for c in state.zombies]
    supply = list(state.supply)
    actions = state.tables.actions  # the box's commonest kind (one action) and its fastest one
    walker = actions.index(1)
    runner = actions.index(max(actions))
    for n in range(200):
        t = runner if n % 4 == 0 else walker
        zombies[streets[(n * 7) % len(streets)]][t] += 1
        supply[t] -= 1
    state = replace(state, zombies=tuple(tuple(c) for c in zombies), supply=tuple(supply))
    # everyone but one survivor has played; the last EndTurn runs the whole zombies' phase
    people = tuple(replace(s, done=True) for s in state.survivors[:-1]) + state.survivors[-1:]
    state = replace(state, survivors=people, turn=len(state.seats) - 1, first_seat=0)
    last = state.survivors[-1]
    state = replace(state, seats=state.seats, first_seat=state.seats.index(last.seat) - (len(state.seats) - 1))
    runs = 20
    started = time.perf_counter()
    for _ in range(runs):
        engine.apply(state, last.seat, EndTurn(last.id))
    elapsed = (time.perf_counter() - started) / runs
    print(f"  zombies' phase with 200 zombies (moves, splits, spawns): {elapsed * 1e3:.2f} ms")


def main(argv: list[str]) -> None:
    for path in argv or DEFAULT_MISSIONS:
        bench_mission(path)


if __name__ == "__main__":
    main(sys.argv[1:])
