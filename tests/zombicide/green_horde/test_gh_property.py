"""Property test: random Green Horde play-outs (a hundred in make test, thousands in the slow tests) keep the core's invariants and the box's
own, after every command; sampled games save, load and replay to the same state hash.

The box's invariants: every orc miniature is on the board, in the supply or in the Horde (never two
of them, never more than the box holds); every Necromancer on the board has its record and every
record its miniature; Necromancer spawn tokens wear distinct faces; at most four Dragon Bile puddles,
on distinct zones; siege engines only vanish, never multiply; broken barriers are barriers of the
board; the graph the state carries is the board's with exactly those barriers down."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from boards import shipped_missions, sketch_board
from gh_boards import FARM, FARM_SETUP, SIX, players
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playouts import miniatures_of, play_checked

from game.board.mission import load_board
from game.board.model import Board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, planner_bot, random_bot
from game.rules.zombicide.boxes.green_horde.board import DOWN_KEY, board_of_graph
from game.rules.zombicide.boxes.green_horde.state import board_of

MAX_COMMANDS = 50
SAVE_EVERY = 10
BOTS = (random_bot, random_bot, greedy_bot, planner_bot)

# A marsh: flooded zones behind shores and ledges, hedges, a Necromancer already running, a barrier.
MARSH = sketch_board(
    """
ses s s W
l   x   l
W W s s s
  e d
s s r=r s
""",
    [("start", (1, 2)), ("spawn", (0, 0), {"locators": [1]}), ("spawn", (2, 4)), ("spawn", (0, 2), {"color": "blue"}),
     ("objective", (2, 3), {"color": "blue"}), ("exit", (2, 0)), ("dragon_bile", (1, 3)), ("siege_engine", (1, 2))],
)
MARSH_SETUP = {
    "box": "green_horde", "players": players(SIX), "goals": ["take_all_objectives", "all_in_exit"],
    "necromancers_at_start": ["r0c3"], "zombies_at_start": {"r1c0": "2 orc_walker + 1 orc_fatty"}, "ultrared": True,
}
# A lone survivor on a lane, a barrier across it, a spawn zone at each end.
LANE = sketch_board("s s sxs s s", [("start", (0, 2)), ("spawn", (0, 0), {"locators": [1]}), ("spawn", (0, 5)),
                                    ("exit", (0, 5))])
LANE_SETUP = {"box": "green_horde", "players": players(("rolf",)), "goals": ["all_in_exit"], "auto_wounds": True}

BOARDS: dict[str, tuple[Board, Mapping[str, Any]]] = {
    "farm": (FARM, FARM_SETUP), "marsh": (MARSH, MARSH_SETUP), "lane": (LANE, LANE_SETUP),
    "farm_seven": (FARM, {**FARM_SETUP, "players": players(SIX + ("oda",)), "auto_wounds": True}),
}


def check_invariants(state: Any, box_miniatures: tuple[int, ...], engines_at_start: int) -> None:
    graph, box = state.graph, state.box_state
    for s in state.survivors:
        assert 0 <= s.zone < graph.zone_count and 0 <= s.wounds <= 3, s.id
        if not s.alive:
            assert s.cards() == (), f"{s.id} is dead and still carries cards"
    on_board = [0] * state.tables.type_count
    for counts in state.zombies:
        for t, n in enumerate(counts):
            assert n >= 0
            on_board[t] += n
    for t, total in enumerate(box_miniatures):
        assert state.supply[t] >= 0 and box.horde[t] >= 0
        assert on_board[t] + state.supply[t] + box.horde[t] == total, f"{state.tables.zombie_ids[t]}: miniatures appeared or vanished"
    necro = next(t for t in range(state.tables.type_count) if "necromancer" in state.tables.specials[t])
    records = Counter(n.zone for n in box.necromancers)
    placed = Counter({z: counts[necro] for z, counts in enumerate(state.zombies) if counts[necro]})
    assert records == placed, "a Necromancer without its record, or a record without its miniature"
    faces = [t.face for t in box.spawn_tokens if t.kind == "necromancer"]
    assert len(faces) == len(set(faces))
    assert len(box.bile) <= 4 and len(set(box.bile)) == len(box.bile)
    assert len(box.siege_engines) <= engines_at_start
    known = {b[0] for b in board_of(graph).barriers}
    assert set(box.barriers_down) <= known
    assert board_of_graph(graph).properties.get(DOWN_KEY, frozenset()) == frozenset(box.barriers_down)
    cards = Counter(state.equipment_deck + state.equipment_discard)
    for s in state.survivors:
        cards.update(s.cards())
    assert [c for c, n in cards.items() if n > 1] == [], "a card is in two places"
    assert sorted(state.zombie_deck + state.zombie_discard) == sorted(state.tables.zombie_cards)
    if state.result is None:
        assert len(engine.current_seats(state)) == 1


def invariants(first: Any) -> Callable[[Any], None]:
    """The check of a game that started at ``first``: the box's miniatures (Horde included) and
    siege engines as they were then."""
    miniatures = tuple(n + h for n, h in zip(miniatures_of(first), first.box_state.horde, strict=True))
    engines = len(first.box_state.siege_engines)
    return lambda state: check_invariants(state, miniatures, engines)


def play(board: Board, setup: Mapping[str, Any], seed: int, save: bool) -> int:
    return play_checked(board, setup, seed, BOTS[seed % len(BOTS)], invariants, MAX_COMMANDS, save)


GAMES_PER_BOARD = 25  # make test; the thousands are the slow tests (make slow)
SLOW_GAMES_PER_BOARD = 500


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_random_green_horde_games_keep_the_invariants(name):
    board, setup = BOARDS[name]
    played = sum(play(board, setup, seed, save=seed % SAVE_EVERY == 0) for seed in range(GAMES_PER_BOARD))
    assert played > GAMES_PER_BOARD


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_thousands_of_random_green_horde_games_keep_the_invariants(name):
    board, setup = BOARDS[name]
    seeds = range(GAMES_PER_BOARD, GAMES_PER_BOARD + SLOW_GAMES_PER_BOARD)
    played = sum(play(board, setup, seed, save=seed % SAVE_EVERY == 0) for seed in seeds)
    assert played > SLOW_GAMES_PER_BOARD


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(BOARDS)), seed=st.integers(min_value=0, max_value=2**31))
def test_green_horde_games_from_any_seed_keep_the_invariants(name, seed):
    board, setup = BOARDS[name]
    play(board, setup, seed, save=True)


GH_MISSIONS = shipped_missions("green_horde")
MISSION_GAMES = 4
SLOW_MISSION_GAMES = 60
MISSION_SETUPS = ({"players": players(SIX)}, {"players": players(SIX[:3], SIX[3:]), "auto_wounds": True})


def play_mission(path: Any, seeds: range) -> None:
    board = load_board(path)
    for setup in MISSION_SETUPS:
        state = engine.setup(board, setup, 1)
        assert state.setup.box == "green_horde" and state.graph.starts and state.setup.goals
        played = sum(play(board, setup, seed, save=seed % SAVE_EVERY == 0) for seed in seeds)
        assert played > len(seeds)


@pytest.mark.parametrize("path", GH_MISSIONS, ids=[p.stem for p in GH_MISSIONS])
def test_random_games_on_the_green_horde_missions_keep_the_invariants(path):
    play_mission(path, range(MISSION_GAMES))


@pytest.mark.slow
@pytest.mark.parametrize("path", GH_MISSIONS, ids=[p.stem for p in GH_MISSIONS])
def test_thousands_of_random_games_on_the_green_horde_missions_keep_the_invariants(path):
    play_mission(path, range(MISSION_GAMES, MISSION_GAMES + SLOW_MISSION_GAMES))
