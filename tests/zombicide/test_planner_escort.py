"""The planner's final leg: once the last objective is taken, the team walks out with whoever comes
last (no one runs more than ESCORT_LEASH ahead of it, a survivor on the exit waits for it, the others
shoot the zombies on its way); a group steps out of a zone together; a survivor with nothing to do
lets its seat's others act first."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random

import pytest

from game.board.mission import load_board
from game.rules.zombicide import bots, engine
from game.rules.zombicide.bots import planner_bot, play_out
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import Attack, EndTurn, Escape
from game.rules.zombicide.simulate import mission_team, players_for

MISSIONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"


def _setup(mission: str, seed: int = 0):
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    box = board.properties["setup"].get("box", "rue_morgue")
    team = mission_team(mission, [s.id for s in load_catalog(box).survivors])
    return engine.setup(board, {"players": players_for(team)}, seed)


def _on_the_way_out(mission: str = "rm-airlift"):
    """The mission with every objective taken: its route leads to the exit."""
    state = _setup(mission)
    state = replace(state, objectives_taken=(True,) * len(state.objectives_taken))
    route = bots._route(state)
    assert bots._final_leg(state, route)
    return state, route


def _placed(state, zones: dict[int, int]):
    survivors = list(state.survivors)
    for i, zone in zones.items():
        survivors[i] = replace(survivors[i], zone=zone)
    return replace(state, survivors=tuple(survivors))


def _zone_at(route, cost: int) -> int:
    return next(z for z, c in enumerate(route.cost) if c == cost)


def test_on_the_final_leg_nobody_walks_more_than_the_escort_leash_ahead_of_the_rearmost() -> None:
    state, route = _on_the_way_out()
    far = max(c for c in route.cost if c < bots.UNREACHABLE and c > bots.ESCORT_LEASH + 3)
    state = _placed(state, {0: _zone_at(route, far)})
    rear = bots._rearmost(state, route)
    assert rear == 0
    assert bots._ahead_too_far(state, route, 1, far - bots.ESCORT_LEASH - 1)
    assert not bots._ahead_too_far(state, route, 1, far - bots.ESCORT_LEASH)
    assert not bots._ahead_too_far(state, route, 0, 0)  # the rearmost itself walks on


def test_a_survivor_on_the_exit_waits_for_a_friend_still_far_away_then_escapes() -> None:
    state, route = _on_the_way_out()
    exit_zone = route.targets[0]
    far = max(c for c in route.cost if c < bots.UNREACHABLE)
    assert far > bots.ESCORT_WAIT
    others = {j: exit_zone for j in range(1, len(state.survivors))}
    escape = [Escape(state.survivors[1].id)]
    waiting = _placed(state, {0: _zone_at(route, far), **others})
    assert bots._escape(waiting, 1, escape, route) is None
    near = _placed(state, {0: _zone_at(route, 1), **others})
    assert bots._escape(near, 1, escape, route) == escape[0]


REAR = 2  # Oso: in the Bow's seat (Parker's), with an axe


def _walker_on_the_rearmosts_way(state, route, rear_zone: int):
    """The rearmost (survivor REAR, without a Bow) in ``rear_zone``, a Walker a step ahead of it, the
    others one more step ahead; the seat to play, its legal commands and the Walker's zone."""
    ahead = route.step[rear_zone]
    walker = state.tables.zombie_index["skinner_walker"]
    zombies = [list(row) for row in state.zombies]
    zombies[ahead][walker] = 1
    state = replace(state, zombies=tuple(tuple(row) for row in zombies))
    state = _placed(state, {j: route.step[ahead] for j in range(len(state.survivors))})
    state = _placed(state, {REAR: rear_zone})
    seat, legal = bots.whose_turn(state)
    return state, seat, legal, ahead


def test_the_others_shoot_the_zombies_on_the_rearmosts_way_out() -> None:
    start, route = _on_the_way_out()
    for rear_zone in sorted(range(len(route.cost)), key=lambda z: -route.cost[z]):
        if not bots.UNREACHABLE > route.cost[rear_zone] > 2:
            continue
        state, seat, legal, ahead = _walker_on_the_rearmosts_way(start, route, rear_zone)
        shooters = [j for j in range(len(state.survivors)) if j != REAR and any(
            isinstance(c, Attack) and c.survivor == state.survivors[j].id and state.graph.index[c.zone] == ahead
            for c in legal)]
        if shooters:
            break
    else:
        pytest.fail("no zone of the way out where a friend can shoot the zone ahead of the rearmost")
    shooter = shooters[0]
    mine = [c for c in legal if getattr(c, "survivor", None) == state.survivors[shooter].id]
    command = bots._clear_the_way(state, shooter, mine, route)
    assert isinstance(command, Attack) and state.graph.index[command.zone] == ahead
    engine.apply(state, seat, command)  # legal
    assert bots._clear_the_way(state, REAR, legal, route) is None  # the rearmost fights its own way


def test_away_from_the_final_leg_the_escort_does_nothing() -> None:
    state = _setup("rm-airlift")
    route = bots._route(state)
    assert not bots._final_leg(state, route)
    assert bots._clear_the_way(state, 1, [], route) is None


def test_a_friend_able_to_walk_out_of_the_zone_counts_as_following() -> None:
    state = _setup("rm-airlift")
    assert bots._who_can_follow(state, 0) == list(range(1, len(state.survivors)))
    survivors = list(state.survivors)
    survivors[1] = replace(survivors[1], done=True)
    survivors[2] = replace(survivors[2], actions_left=0)
    assert bots._who_can_follow(replace(state, survivors=tuple(survivors)), 0) == list(range(3, len(survivors)))


def test_a_survivor_with_nothing_to_do_lets_its_seat_act_first() -> None:
    state = _setup("rm-airlift")
    seat, legal = bots.whose_turn(state)
    command = planner_bot(state, seat, legal, Random(0))
    assert not isinstance(command, EndTurn)  # at the start everyone of the seat has a way to go


@pytest.mark.parametrize("mission", ["rm-airlift", "gh-06-breaking-the-siege", "inv-m5"])
def test_the_planner_plays_legally_and_the_same_way_per_seed(mission: str) -> None:
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    box = board.properties["setup"].get("box", "rue_morgue")
    setup = {"players": players_for(mission_team(mission, [s.id for s in load_catalog(box).survivors]))}
    first = play_out(board, setup, 5, planner_bot, max_rounds=10)
    again = play_out(board, setup, 5, planner_bot, max_rounds=10)
    assert first.commands > 40 and first.final_hash == again.final_hash


def test_where_the_exit_counts_the_living_each_runs_for_it() -> None:
    state, route = _on_the_way_out("gh-04-river-of-the-dead")
    assert state.setup.exit_counts_the_living and not bots._escorted(state, route)
    far = max(c for c in route.cost if c < bots.UNREACHABLE)
    state = _placed(state, {0: _zone_at(route, far)})
    assert not bots._ahead_too_far(state, route, 1, 0)
    assert bots._clear_the_way(state, 1, [], route) is None


def test_a_survivor_walks_on_through_a_quiet_room_it_can_search() -> None:
    """Searching is what Invader's M2 is won by: 17 % of 60 games without this step, 43 % with it."""
    from game.rules.zombicide.commands import Move
    from game.rules.zombicide.state import searchable_now

    start = _setup("inv-m2")
    route = bots._route(start)
    graph = start.graph
    for zone in range(graph.zone_count):
        rooms = [r for r in graph.neighbours(zone, start.doors_open)
                 if searchable_now(start, r) and route.cost[r] <= route.cost[zone] < bots.UNREACHABLE]
        if not rooms or searchable_now(start, zone):
            continue
        state = _placed(start, {j: zone for j in range(len(start.survivors))})
        seat, legal = bots.whose_turn(state)
        i = next(j for j, s in enumerate(state.survivors) if s.seat == seat)
        mine = [c for c in legal if getattr(c, "survivor", None) == state.survivors[i].id]
        command = bots._step_in_to_search(state, i, mine, route)
        if command is None:
            continue  # the room is not safe enough, or a move there is not offered
        assert isinstance(command, Move) and graph.index[command.to] in rooms
        engine.apply(state, seat, command)  # legal
        survivors = list(state.survivors)
        survivors[i] = replace(survivors[i], slots=tuple(max(c, 0) for c in survivors[i].slots))
        full = replace(state, survivors=tuple(survivors))
        assert bots._step_in_to_search(full, i, mine, route) is None  # no free slot: the street will do
        return
    pytest.fail("no zone of M2 beside a searchable room on the way")
