"""Zombicide bots: how many decisions a second the planner and the search bot take on one core, and
how long a hint (the search at its deeper setting) thinks.

The states are those of a seeded planner game of each mission (every fifth decision, up to
``STATES``); the search bot is timed on the same states, at the moments it looks ahead and overall.
"""

from __future__ import annotations

import time
from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import planner_bot
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.search import DEEP, FAST, advise
from game.rules.zombicide.simulate import mission_team, players_for
from game.rules.zombicide.state import ZombicideState

REPO_ROOT = Path(__file__).resolve().parent.parent
MISSIONS = ("rm-night-shift", "gh-02-necromancers")
STATES = 40
HINTS = 2


def _states(mission: str) -> list[tuple[ZombicideState, str, list[Any]]]:
    board = load_board(REPO_ROOT / "maps" / "missions" / f"{mission}.toml")
    setup = board.properties["setup"]
    box = str(setup.get("box", "rue_morgue")) if isinstance(setup, dict) else "rue_morgue"
    team = mission_team(mission, [s.id for s in load_catalog(box).survivors])
    state = engine.setup(board, {"players": players_for(team)}, 1)
    rng = Random(1)
    found: list[tuple[ZombicideState, str, list[Any]]] = []
    for n in range(5000):
        if state.result is not None or len(found) >= STATES:
            break
        seat = min(engine.current_seats(state))
        legal = engine.legal_commands(state, seat)
        if n % 5 == 0:
            found.append((state, seat, legal))
        state, _ = engine.apply(state, seat, planner_bot(state, seat, legal, rng))
    return found


def decisions() -> list[str]:
    lines: list[str] = []
    for mission in MISSIONS:
        states = _states(mission)
        started = time.perf_counter()
        for state, seat, legal in states:
            planner_bot(state, seat, legal, Random(0))
        planner_s = time.perf_counter() - started
        searched = 0
        searched_s = 0.0
        started = time.perf_counter()
        for state, seat, legal in states:
            one = time.perf_counter()
            if advise(state, seat, legal, Random(0), FAST).searched:
                searched += 1
                searched_s += time.perf_counter() - one
        search_s = time.perf_counter() - started
        lines.append(f"{mission:<20} planner {len(states) / planner_s:8.0f} decisions/s   search (fast) "
                     f"{len(states) / search_s:6.2f} decisions/s overall, "
                     f"{searched / searched_s if searched_s else 0:5.2f}/s when it looks ahead ({searched} of {len(states)})")
        hints = [entry for entry in states if advise(*entry, Random(0), FAST).searched][:HINTS]
        started = time.perf_counter()
        for state, seat, legal in hints:
            advise(state, seat, legal, Random(0), DEEP)
        if hints:
            lines.append(f"{'':<20} hint (deep: {DEEP.playouts} play-outs to the game's end) "
                         f"{(time.perf_counter() - started) / len(hints):6.1f} s each")
    lines.append(f"(fast: {FAST.playouts} play-outs over {FAST.candidates} candidates to the round's end; "
                 f"{STATES} states of a seeded planner game; one core)")
    return lines


SECTIONS = [("Zombicide bots: decisions per second", decisions)]
