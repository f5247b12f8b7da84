"""The Invader planner where the mission wants every survivor at a Danger Level (M8, Orange): those
who have reached it leave the kills to those below it (a seatmate plays first; a friend of either seat
still to play takes the zone's xenos) and hand them a weapon that kills in a crowded zone."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from game.rules.zombicide import bots, engine
from game.rules.zombicide.boxes.invader import bots_levels
from game.rules.zombicide.commands import Attack, EndTurn, Trade
from tests.zombicide.test_planner_crowds import _card, _only, _setup, _with, _zombies

ORANGE = {"level": 2, "xp": 19}


def _legal(state):
    return engine.listed_commands(state, min(engine.current_seats(state)))


def _mine(state, i: int):
    survivor = state.survivors[i].id
    return [c for c in _legal(state) if getattr(c, "survivor", None) == survivor]


def _corridor(keep: set[int]):
    """inv-m8 with the survivors ``keep`` in a corridor beside the start (the other survivors out)."""
    state = _only(_setup("inv-m8"), keep)
    zone = state.graph.index["inv-01R:c-c"]
    for i in keep:
        state = _with(state, i, zone=zone)
    return state, zone


def test_only_a_mission_with_a_level_goal_wants_one() -> None:
    state, _ = _corridor({0})
    assert bots_levels.level_wanted(state) == 2  # "level:orange"
    assert bots_levels.level_wanted(_setup("inv-m4")) is None


def test_a_survivor_at_orange_lets_a_seatmate_below_it_take_the_kills() -> None:
    state, zone = _corridor({4, 5})  # Vivian and Mitsuki (P2), each a Cattle Prod
    state = _zombies(_with(state, 4, **ORANGE), zone, "worker", 1)
    route = bots._route(state)
    assert isinstance(bots_levels.share_kills(state, 4, _mine(state, 4), route), EndTurn)
    command = bots.planner_bot(state, "P2", _legal(state), Random(0))
    assert isinstance(command, Attack) and command.survivor == "mitsuki"
    # both at Orange: Vivian, asked first, fights
    both = _with(state, 5, **ORANGE)
    assert bots_levels.share_kills(both, 4, _mine(both, 4), route) is None
    command = bots.planner_bot(both, "P2", _legal(both), Random(0))
    assert isinstance(command, Attack) and command.survivor == "vivian"


def test_a_survivor_at_orange_covers_a_friend_of_the_other_seat_who_can_kill_the_zones_xenos() -> None:
    state, zone = _corridor({0, 3})  # Jared (P1, plays first) and Magnus (P2)
    prod, sledge = _card(state, "cattle_prod"), _card(state, "sledge")
    state = _with(state, 0, slots=(prod, *state.survivors[0].slots[1:]), **ORANGE)
    state = _with(state, 3, slots=(sledge, *state.survivors[3].slots[1:]))
    few = _zombies(state, zone, "worker", 1)
    route = bots._route(few)
    assert isinstance(bots_levels.cover(few, 0, _mine(few, 0), route), EndTurn)
    assert isinstance(bots.planner_bot(few, "P1", _legal(few), Random(0)), EndTurn)
    # more than Magnus's round of blows can be sure to fell: Jared fights
    many = _zombies(state, zone, "worker", 6)
    assert bots_levels.cover(many, 0, _mine(many, 0), bots._route(many)) is None
    # Magnus at Orange too: nobody to leave them to
    level = _with(few, 3, **ORANGE)
    assert bots_levels.cover(level, 0, _mine(level, 0), route) is None


def test_a_survivor_below_orange_is_handed_a_weapon_that_kills_in_its_own_zone() -> None:
    state, _ = _corridor({0, 4})  # Jared (P1), Vivian (P2)
    smg, lmg = state.survivors[0].slots[0], _card(state, "light_machine_gun")
    prod, sledge = _card(state, "cattle_prod"), _card(state, "sledge")
    rest = (-1,) * (len(state.survivors[0].slots) - 3)
    state = _with(state, 0, slots=(smg, lmg, -1, *rest))  # guns only: they fire from Range 1
    state = _with(state, 4, slots=(prod, -1, sledge, *rest), **ORANGE)
    route = bots._route(state)
    assert bots._share(state, 0, _mine(state, 0), route) is None  # the core sees no gain: the LMG fires more
    command = bots_levels.hand_over(state, 0, _mine(state, 0), route)
    assert isinstance(command, Trade)
    assert bots._hand_damage(state, replace(state.survivors[0], slots=command.slots))  # a melee weapon in hand
    # elsewhere (no level wanted) no such trade
    plain = _setup("inv-m4")
    assert bots_levels.hand_over(plain, 0, _mine(plain, 0), bots._route(plain)) is None


def test_the_box_plays_these_tactics() -> None:
    state, _ = _corridor({0})
    played = {tactic for _, tactic in state.box.bot.tactics}
    assert {bots_levels.share_kills, bots_levels.cover, bots_levels.hand_over} <= played


def test_a_survivor_at_orange_leaves_the_robots_kills_to_friends_below_it() -> None:
    """A Machine's kills are its controller's XP (§7): Mitsuki (Remote Control: the Robot) works it on the
    Workers beside the spawn zone while below Orange, and no more once she is there and a friend is not."""
    from game.rules.zombicide.boxes.invader import bots as invader_bots
    from game.rules.zombicide.boxes.invader.commands import MachineAttack

    state = replace(_setup("inv-m8"), turn=1)  # P2's turn: Mitsuki's seat
    (robot,) = [m.zone for m in state.box_state.machines if m.kind == "robot"]
    state = _zombies(state, robot, "worker", 2)

    def value(s) -> float:  # type: ignore[no-untyped-def]
        mine = [c for c in engine.listed_commands(s, "P2") if getattr(c, "survivor", None) == "mitsuki"]
        attacks = [c for c in mine if isinstance(c, MachineAttack) and not c.target
                   and s.graph.index[c.zone] == robot]
        assert attacks
        return max(invader_bots._value(s, 5, c) for c in attacks)

    assert value(state) > 0.9
    assert value(_with(state, 5, **ORANGE)) == 0.0
    everyone = state
    for i in range(len(state.survivors)):
        everyone = _with(everyone, i, **ORANGE)
    assert value(everyone) > 0.9
