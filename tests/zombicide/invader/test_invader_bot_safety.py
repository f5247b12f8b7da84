"""The Invader planner keeps its survivors: Jared Shoves out xenos the team cannot face, a survivor
whose Armor takes the Abomination's blow stands guard over friends it would kill, nobody walks on
out of reach of a friend in a fight, and a Concentrated Attack is made only where it may fell."""

from __future__ import annotations

from game.rules.zombicide import bots, engine
from game.rules.zombicide.boxes.invader import bots as inv_bots
from game.rules.zombicide.boxes.invader import bots_safety
from game.rules.zombicide.boxes.invader.armor import armor_left
from game.rules.zombicide.boxes.invader.commands import ConcentratedAttack
from game.rules.zombicide.commands import EndTurn, Move, Search, Shove
from tests.zombicide.test_planner_crowds import _card, _only, _setup, _with, _zombies


def _legal(state, i: int):
    survivor = state.survivors[i].id
    return [c for c in engine.listed_commands(state, min(engine.current_seats(state))) if getattr(c, "survivor", None) == survivor]


def _corridor():
    """inv-m4 with the team in the corridor beside its spawn zone (inv-01R:c-c, the reports' killing ground)."""
    state = _setup("inv-m4")
    zone = state.graph.index["inv-01R:c-c"]
    for i in range(len(state.survivors)):
        state = _with(state, i, zone=zone)
    return state, zone


def test_jared_shoves_an_abomination_he_cannot_fell_out_of_the_zone_away_from_friends() -> None:
    state, zone = _corridor()
    state = _zombies(_only(state, {0, 1}), zone, "spoiler_abomination", 1)
    friend_zone = state.graph.index["inv-01R:c-e"]
    state = _with(state, 1, zone=friend_zone)
    assert bots._margin(state, 0, zone) < 0
    route = bots._route(state)
    command = bots_safety.shove(state, 0, _legal(state, 0), route)
    assert isinstance(command, Shove)
    to = state.graph.index[command.to]
    assert to != friend_zone and to != route.step[zone]
    # with nothing to fear in the zone, no Shove
    calm = _zombies(state, zone, "spoiler_abomination", 0)
    assert bots_safety.shove(calm, 0, _legal(calm, 0), bots._route(calm)) is None


def test_the_sturdy_survivor_stands_guard_over_friends_the_abomination_would_kill() -> None:
    state, zone = _corridor()
    state = _zombies(_only(state, {3, 4}), zone, "spoiler_abomination", 1)  # Magnus (Armor 6), Vivian
    assert armor_left(state, 3) > 3 >= armor_left(state, 4)
    route = bots._route(state)
    assert isinstance(bots_safety.stand_guard(state, 3, _legal(state, 3), route), EndTurn)
    # alone with it, or with a friend as sturdy, it is free to go
    assert bots_safety.stand_guard(_only(state, {3}), 3, _legal(state, 3), route) is None
    workers = _zombies(_zombies(state, zone, "spoiler_abomination", 0), zone, "worker", 2)  # a Worker's blow takes 1
    assert bots_safety.stand_guard(workers, 3, _legal(workers, 3), route) is None


def test_nobody_walks_on_out_of_reach_of_a_friend_in_a_fight() -> None:
    state = _setup("inv-m4")
    state = _only(state, {0, 1})
    route = bots._route(state)
    behind = state.survivors[1].zone
    ahead = route.step[behind]  # survivor 0 a step ahead on the way, its friend at the start
    state = _with(state, 0, zone=ahead)
    route = bots._route(state)
    assert any(isinstance(c, Move) and route.cost[state.graph.index[c.to]] < route.cost[ahead] for c in _legal(state, 0))
    assert bots_safety.hold_together(state, 0, _legal(state, 0), route) is None  # nobody fights: walk on
    fighting = _zombies(state, behind, "worker", 2)
    held = bots_safety.hold_together(fighting, 0, _legal(fighting, 0), bots._route(fighting))
    assert isinstance(held, (EndTurn, Search))


def test_a_concentrated_attack_is_weighed_by_its_chance_to_fell() -> None:
    state, _ = _corridor()
    prod, cutter = _card(state, "cattle_prod"), _card(state, "heavy_cutter")
    single = _with(state, 0, slots=(prod, -1, *state.survivors[0].slots[2:]))
    dual = _with(state, 0, slots=(prod, _card(state, "cattle_prod", 1), *state.survivors[0].slots[2:]))
    with_cutter = _with(state, 0, slots=(cutter, -1, *state.survivors[0].slots[2:]))
    s = single.survivors[0]
    assert bots_safety.concentrated_kill_chance(single, s, 0, 3) == 0.0  # 2 dice of Damage 1 never make 3
    assert abs(bots_safety.concentrated_kill_chance(dual, dual.survivors[0], 0, 3) - 9 / 81) < 1e-9
    assert bots_safety.concentrated_kill_chance(with_cutter, with_cutter.survivors[0], 0, 2) > 0.5
    # the bot names the Abomination only with a weapon that may fell it
    zone = state.survivors[0].zone
    crowd = _zombies(_only(single, {0}), zone, "spoiler_abomination", 1)
    aim = ConcentratedAttack(s.id, 0, state.graph.zone_ids[zone], "spoiler_abomination")
    assert inv_bots._value(crowd, 0, aim) == 0.0
    assert inv_bots._value(_only(_zombies(dual, zone, "spoiler_abomination", 1), {0}), 0, aim) > 0.9


def test_the_box_plays_these_tactics() -> None:
    state, _ = _corridor()
    played = {tactic for _, tactic in state.box.bot.tactics}
    assert {bots_safety.shove, bots_safety.stand_guard, bots_safety.hold_together} <= played


def test_jared_shoves_out_a_tank_even_among_friends_who_could_take_its_blows() -> None:
    state, zone = _corridor()
    state = _zombies(state, zone, "tank", 2)
    assert bots._margin(state, 0, zone) >= 0  # six survivors share the blows: the core would stay
    command = bots_safety.shove(state, 0, _legal(state, 0), bots._route(state))
    assert isinstance(command, Shove)


def test_hunters_next_door_are_deadly_to_a_worn_survivor_who_steps_to_a_friend() -> None:
    state, zone = _corridor()
    state = _only(state, {0, 3})  # Jared (Armor 3), Magnus (Armor 6)
    beside = state.graph.index["inv-01R:c-s"]
    friend_zone = state.graph.index["inv-01R:c-e"]
    state = _with(_with(state, 0, wounds=2), 3, zone=friend_zone)
    assert armor_left(state, 0) == 1
    assert not bots_safety.deadly(state, zone, [0])
    hunted = _zombies(state, beside, "hunter", 2)  # two actions: in, then strike
    assert bots_safety.deadly(hunted, zone, [0])
    command = bots_safety.step_out(hunted, 0, _legal(hunted, 0), bots._route(hunted))
    assert isinstance(command, Move) and hunted.graph.index[command.to] not in (zone, beside)
    assert not bots_safety.deadly(hunted, hunted.graph.index[command.to], [0, 3])
    # a fresh survivor shares two Hunters' blows: it stays
    assert bots_safety.step_out(_with(hunted, 0, wounds=0), 0, _legal(hunted, 0), bots._route(hunted)) is None


def test_m3s_team_holds_the_exit_from_the_zone_beside_it_on_the_xenos_way_in() -> None:
    state = _setup("inv-m3")
    graph = state.graph
    exit_zone = graph.exits[0]
    wanted = [z for zs in inv_bots.targets(state, [[exit_zone]]) for z in zs]
    doors = (True,) * len(state.doors_open)
    dist = graph.distances(doors)
    spawn = graph.spawns[0].zone
    assert wanted and exit_zone not in wanted
    assert all(z in graph.neighbours(exit_zone, doors) and dist[spawn][z] + 1 == dist[spawn][exit_zone] for z in wanted)


def test_a_survivor_walks_away_from_an_abomination_it_cannot_fell_while_its_armor_lasts() -> None:
    state, zone = _corridor()
    state = _zombies(_only(state, {3}), zone, "spoiler_abomination", 1)  # Magnus alone: Armor 6 takes one blow
    assert not bots_safety.deadly(state, zone, [3])
    command = bots_safety.step_out(state, 3, _legal(state, 3), bots._route(state))
    assert isinstance(command, Move)
    # with a friend its Armor guards, it stays
    guarded = _only(_corridor()[0], {3, 4})
    guarded = _zombies(guarded, zone, "spoiler_abomination", 1)
    assert bots_safety.step_out(guarded, 3, _legal(guarded, 3), bots._route(guarded)) is None


def test_m10s_team_neither_shoves_nor_leaves_a_tank_whose_sample_it_still_wants() -> None:
    state, zone = _corridor()
    m10 = _setup("inv-m10")
    tank = m10.tables.zombie_index["tank"]
    assert tank in bots_safety._samples_wanted(m10)
    assert not bots_safety._samples_wanted(state)  # inv-m4 wants no samples
    tanked = _zombies(state, zone, "tank", 1)
    assert isinstance(bots_safety.shove(tanked, 0, _legal(tanked, 0), bots._route(tanked)), Shove)
    home = m10.survivors[0].zone
    m10 = _zombies(m10, home, "tank", 1)
    assert bots._margin(m10, 0, home) >= 0 and bots_safety.shove(m10, 0, _legal(m10, 0), bots._route(m10)) is None
