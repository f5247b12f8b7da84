"""mission_walk: how far a mission makes the team walk, the balance report's hint at a mission's fault."""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.mission_walk import _shortest_tour, mission_walk
from game.rules.zombicide.simulate import players_for

MISSIONS = Path(__file__).resolve().parents[2] / "maps" / "missions"
TEAM = players_for(["parker", "bruno", "oso", "otis", "cathy", "hektor"])


def fresh(name: str):
    return engine.setup(load_board(MISSIONS / f"{name}.toml"), {"players": TEAM}, 0)


def test_the_walk_follows_the_goals() -> None:
    night = mission_walk(fresh("rm-night-shift"))  # take every objective, no exit goal
    assert (night.objectives, night.walk) == (4, 19)
    tutorial = mission_walk(fresh("rm-tutorial-2"))  # escape only: the walk is the way out
    assert tutorial.objectives == 0 and tutorial.walk == tutorial.to_exit == 10


def test_the_walk_is_the_shortest_order_of_the_objectives() -> None:
    state = fresh("rm-airlift")
    graph = state.graph
    dist = graph.distances(tuple(True for _ in state.doors_open))
    start, exits = graph.starts[0], graph.exits
    stops = [p.zone for p in graph.objectives]
    brute = min(dist[start][order[0]] + sum(dist[a][b] for a, b in zip(order, order[1:], strict=False))
                + min(dist[order[-1]][e] for e in exits) for order in permutations(stops))
    assert mission_walk(state).walk == brute == 21


@pytest.mark.parametrize("count", [3, 14])
def test_a_tour_through_a_row_of_stops(count: int) -> None:
    # zones 0..count on a line: from 0 through every stop, ending at the last, whatever their order
    dist = tuple(tuple(abs(a - b) for b in range(count + 1)) for a in range(count + 1))
    stops = list(range(count, 0, -1))
    assert _shortest_tour(dist, 0, stops, lambda zone: 0) == count
    assert _shortest_tour(dist, 0, stops, lambda zone: zone) == 2 * count  # and back to zone 0


def test_nine_blocks_was_rebalanced_to_a_short_walk_and_fewer_spawns() -> None:
    state = fresh("city-3x3")
    walk = mission_walk(state)
    assert walk.to_exit == 6 and walk.walk == 22 and walk.objectives == 5  # were 30 and 42
    assert state.spawn_dice == 2
    red = [p for p in state.graph.spawns if p.color == "red"]
    assert sorted(n for p in red for n in p.locators) == [1, 2, 3]  # a face each, half the dice name none
    assert {p.color for p in state.graph.spawns} >= {"red", "blue", "green"}
    assert "Balance (issue 18)" in (MISSIONS / "city-3x3.toml").read_text(encoding="utf-8")


def test_supply_run_was_rebalanced_to_a_shorter_walk_and_three_spawn_dice() -> None:
    state = fresh("rm-supply-run")
    walk = mission_walk(state)
    assert walk.walk == 25 and walk.objectives == 5 and not walk.leaves  # was 32
    assert state.spawn_dice == 3  # the survivor-count table would roll 4 for six
    assert "2R:rm-s-e" in {state.graph.zone_ids[p.zone] for p in state.graph.objectives}
    assert "Balance (issue 18)" in (MISSIONS / "rm-supply-run.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("mission", "dice"), [("rm-airlift", 2), ("rm-field-hospital", 2), ("rm-night-shift", 2),
                                               ("rm-quarantine", 3), ("rm-last-flight", 2)])
def test_rue_morgue_missions_were_rebalanced_to_fewer_spawn_dice(mission: str, dice: int) -> None:
    state = fresh(mission)
    assert state.spawn_dice == dice  # the survivor-count table would roll 4 for six
    assert "Balance (issue 18)" in (MISSIONS / f"{mission}.toml").read_text(encoding="utf-8")


def test_field_hospital_s_first_objective_lies_on_the_way_out() -> None:
    state = fresh("rm-field-hospital")
    objectives = {state.graph.zone_ids[p.zone] for p in state.graph.objectives}
    assert "9V:cp-se" in objectives and "9V:cp-nw" not in objectives  # the dead end beside the spawn zone
    spawns = {state.graph.zone_ids[p.zone] for p in state.graph.spawns if p.color == "red"}
    assert spawns == {"9V:cp-n", "1V:hl-c"}


@pytest.mark.parametrize("name", ["inv-m0", "inv-m2", "inv-m8"])
def test_an_invader_walk_goes_through_the_objectives_its_own_goals_want(name: str) -> None:
    invader = players_for(["jared", "baraka", "cole", "magnus", "vivian", "mitsuki"])
    state = engine.setup(load_board(MISSIONS / f"{name}.toml"), {"players": invader}, 0)
    stops = state.box.walk_stops(state)  # the objectives of its take goals ([setup] invader_goals)
    walk = mission_walk(state)
    assert stops and walk.objectives == len(stops) and walk.walk is not None
    dist = state.graph.distances(tuple(True for _ in state.doors_open))
    start = state.graph.starts[0]
    assert walk.walk >= max(dist[start][zone] for zone in stops)
