"""The Invader planner keeps the team together: a survivor the leash holds walks back to the rearmost
rather than waiting for it round after round."""

from __future__ import annotations

from game.rules.zombicide import bots
from game.rules.zombicide.boxes.invader import bots_safety
from game.rules.zombicide.commands import Move
from tests.zombicide.invader.test_invader_bot_safety import _legal
from tests.zombicide.test_planner_crowds import _only, _setup, _with


def _strung_out(steps: int):
    """inv-m4 with survivor 0 at the start and survivor 1 ``steps`` zones ahead on the team's route."""
    state = _only(_setup("inv-m4"), {0, 1})
    route = bots._route(state)
    zone = state.survivors[1].zone
    for _ in range(steps):
        zone = route.step[zone]
    return _with(state, 1, zone=zone)


def test_a_survivor_the_leash_holds_walks_back_to_the_rearmost() -> None:
    state = _strung_out(6)
    route = bots._route(state)
    ahead, behind = state.survivors[1].zone, state.survivors[0].zone
    assert bots._ahead_too_far(state, route, 1, route.cost[ahead])
    command = bots_safety.fetch_straggler(state, 1, _legal(state, 1), route)
    assert isinstance(command, Move)
    dist = state.graph.distances(state.doors_open)
    assert dist[state.graph.index[command.to]][behind] < dist[ahead][behind]
    # a step ahead, within the leash, it walks on as the core plays it
    near = _strung_out(1)
    assert bots_safety.fetch_straggler(near, 1, _legal(near, 1), bots._route(near)) is None

