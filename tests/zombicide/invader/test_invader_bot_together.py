"""The Invader planner keeps the team together and armed for its own zone: a survivor the leash holds
walks back to the rearmost rather than waiting for it, and a survivor holding only guns (every gun of
the box fires from Range 1) takes a melee weapon from its reserve into a hand and keeps it there."""

from __future__ import annotations

from game.rules.zombicide import bots
from game.rules.zombicide.boxes.invader import bots_safety
from game.rules.zombicide.commands import Move, Rearrange
from tests.zombicide.invader.test_invader_bot_safety import _legal
from tests.zombicide.test_planner_crowds import _card, _only, _setup, _with


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


def test_a_gunner_takes_a_melee_weapon_from_its_reserve_and_keeps_it_in_hand() -> None:
    state = _only(_setup("inv-m4"), {0})
    smg, sniper, prod = _card(state, "smg_starting"), _card(state, "sniper_rifle"), _card(state, "cattle_prod")
    slots = list(state.survivors[0].slots)
    slots[:4] = [smg, -1, prod, -1]
    state = _with(state, 0, slots=tuple(slots))
    route = bots._route(state)
    command = bots_safety.ready_close_weapon(state, 0, _legal(state, 0), route)
    assert isinstance(command, Rearrange) and prod in command.slots[:2] and smg in command.slots[:2]
    # a melee weapon in hand already: nothing to do, and the core's arming leaves it there
    slots[:4] = [prod, -1, sniper, -1]
    armed = _with(state, 0, slots=tuple(slots))
    assert bots_safety.ready_close_weapon(armed, 0, _legal(armed, 0), route) is None
    assert bots_safety.kept_in_hand(armed, 0) == {prod}
    arming = bots._arm(armed, 0, _legal(armed, 0), route)
    assert arming is None or prod in arming.slots[:2]
