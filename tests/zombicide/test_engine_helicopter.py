"""The helicopter: boarding, seats, take-off and landing, flight over walls, rope descent, and
how zombies see (and cannot reach) survivors in flight."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, new_game, sketch_board, survivor, zombies_at, zone_of

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.rue_morgue.commands import (
    BoardHelicopter,
    ChangeSeat,
    Fly,
    Land,
    LeaveHelicopter,
    StoreEquipment,
    TakeEquipment,
    TakeOff,
)
from game.rules.zombicide.commands import EndTurn, Move, Trade

# a helipad at the left, a walled street, a building in the middle
BOARD = sketch_board(
    """
p|s s|s s
    d
  r
""",
    markers=[("start", (0, 0)), ("helicopter", (0, 0))],
)
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}
CREW = {"A": ["terry", "dan"]}  # Terry flies helicopters, Dan has Rope Descent


def game(**setup):
    return new_game(BOARD, CREW, catalog=catalog_with([NOTHING] * 4), helicopter_flies=True, **setup)


def play(state, command):
    return engine.apply(state, "A", command)


def boarded():
    state, _ = play(game(), BoardHelicopter("terry", pilot=True))
    state, _ = play(state, EndTurn("terry"))
    state, _ = play(state, BoardHelicopter("dan"))
    state, _ = play(state, EndTurn("dan"))
    return state


def test_boarding_takes_an_action_and_a_seat():
    state, events = play(game(), BoardHelicopter("terry", pilot=True))
    terry = survivor(state, "terry")
    assert terry.box_fields.aboard == 0 and terry.box_fields.piloting and terry.actions_left == 2
    assert any(e.kind == "helicopter_changed" and e.what == "boarded" for e in events)
    state, _ = play(state, EndTurn("terry"))
    with pytest.raises(IllegalCommand, match="pilot's seat is taken"):
        play(state, BoardHelicopter("dan", pilot=True))


def test_no_boarding_with_zombies_in_the_zone():
    state = arrange(game(), zombies={"r0c0": {"skinner_walker": 1}})
    with pytest.raises(IllegalCommand, match="zombies in the zone"):
        play(state, BoardHelicopter("terry"))


def test_aboard_only_helicopter_actions_are_allowed():
    state, _ = play(game(), BoardHelicopter("terry", pilot=True))
    with pytest.raises(IllegalCommand, match="leave the helicopter first"):
        play(state, Move("terry", "r0c1"))
    kinds = {type(c).__name__ for c in engine.legal_commands(state, "A")}
    assert kinds <= {"EndTurn", "LeaveHelicopter", "ChangeSeat", "TakeOff", "Land", "Fly", "StoreEquipment",
                     "TakeEquipment"}


def test_take_off_fly_over_walls_and_land():
    state = boarded()
    state, _ = zombie_free_round(state)
    state, _ = play(state, TakeOff("terry"))
    assert state.box_state.helicopters[0].flying
    state, events = play(state, Fly("terry", "r0c2", via=("r0c1",)))
    assert zone_of(state, "terry") == zone_of(state, "dan") == "r0c2"
    with pytest.raises(IllegalCommand, match="helipad or the wasteland"):
        play(state, Land("terry"))
    with pytest.raises(IllegalCommand, match="1 or 2 zones"):
        play(state, Fly("terry", "r0c4", via=("r0c3", "r0c2")))


def zombie_free_round(state):
    events = []
    start = state.round
    while state.round == start:
        i = state.active if state.active >= 0 else next(n for n, s in enumerate(state.survivors) if not s.done)
        state, new = play(state, EndTurn(state.survivors[i].id))
        events += new
    return state, events


def test_only_pilots_fly_and_only_when_the_mission_allows():
    state, _ = play(game(), BoardHelicopter("dan", pilot=True))
    with pytest.raises(IllegalCommand, match="cannot fly a helicopter"):
        play(state, TakeOff("dan"))
    grounded = new_game(BOARD, CREW, catalog=catalog_with([NOTHING] * 4))
    grounded, _ = play(grounded, BoardHelicopter("terry", pilot=True))
    with pytest.raises(IllegalCommand, match="cannot fly"):
        play(grounded, TakeOff("terry"))


def test_rope_descent_leaves_a_flying_helicopter_into_a_street():
    state = boarded()
    state, _ = zombie_free_round(state)
    state, _ = play(state, TakeOff("terry"))
    state, _ = play(state, Fly("terry", "r0c1"))
    with pytest.raises(IllegalCommand, match="pilot cannot leave"):
        play(state, LeaveHelicopter("terry"))
    with pytest.raises(IllegalCommand, match="pilot cannot change seat"):
        play(state, ChangeSeat("terry"))
    state, _ = play(state, EndTurn("terry"))
    state, _ = play(state, LeaveHelicopter("dan"))
    assert survivor(state, "dan").box_fields.aboard == -1 and zone_of(state, "dan") == "r0c1"


def test_zombies_cannot_reach_survivors_in_flight_but_hear_the_helicopter():
    state = boarded()
    state, _ = zombie_free_round(state)
    state, _ = play(state, TakeOff("terry"))
    state, _ = play(state, Fly("terry", "r0c1"))
    state = arrange(state, zombies={"r0c1": {"skinner_walker": 1}, "r0c3": {"skinner_walker": 1}})
    state, events = zombie_free_round(state)
    assert not any(e.kind == "zombie_attacked" for e in events)
    assert survivor(state, "terry").wounds == 0
    assert zombies_at(state, "r0c3") == {"skinner_walker": 1}  # a wall stands between it and the noise
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}  # already under the helicopter


def test_equipment_can_be_stored_aboard_and_taken_back():

    state = arrange(game(), survivors={"terry": {"hand": ["crowbar", "pistol"]}})
    state, _ = play(state, BoardHelicopter("terry", pilot=True))
    assert StoreEquipment("terry", slots=(1,)) in engine.legal_commands(state, "A")
    state, _ = play(state, StoreEquipment("terry", slots=(1,)))
    assert len(state.box_state.helicopters[0].cards) == 1 and survivor(state, "terry").slots[1] == -1
    state, _ = play(state, EndTurn("terry"))
    assert TakeEquipment("dan", cards=(0,)) in engine.legal_commands(state, "A")  # beside the landed helicopter
    state, _ = play(state, TakeEquipment("dan", cards=(0,), slots=(2,)))
    assert state.card_kinds[survivor(state, "dan").slots[2]] == "pistol"
    assert state.box_state.helicopters[0].cards == ()


def test_saved_single_card_store_and_take_commands_still_play():
    """Saves written before one action moved several cards hold ``slot`` and ``index``: they replay."""
    rules = engine.ZombicideRules()
    old_store = rules.command_from_json('{"survivor": "terry", "slot": 1, "kind": "store_equipment"}')
    old_take = rules.command_from_json('{"survivor": "dan", "index": 0, "slot": 2, "kind": "take_equipment"}')
    state = arrange(game(), survivors={"terry": {"hand": ["crowbar", "pistol"]}})
    state, _ = play(state, BoardHelicopter("terry", pilot=True))
    state, _ = play(state, old_store)
    state, _ = play(state, EndTurn("terry"))
    state, _ = play(state, old_take)
    assert state.card_kinds[survivor(state, "dan").slots[2]] == "pistol"


def test_nobody_trades_across_the_hull_of_a_flying_helicopter():
    """Digest §16: those inside a flying helicopter and the actors outside cannot interact in any way."""
    crew = {"A": ["terry", "dan", "cathy"]}
    state = new_game(BOARD, crew, catalog=catalog_with([NOTHING] * 4), helicopter_flies=True)
    state, _ = play(state, BoardHelicopter("terry", pilot=True))
    state, _ = play(state, TakeOff("terry"))
    state, _ = play(state, EndTurn("terry"))
    assert engine.trade_partners(state, "cathy") == ("dan",)  # Terry is in the air over her zone
    assert not [c for c in engine.legal_commands(state, "A") if isinstance(c, Trade) and "terry" in (c.survivor, c.other)]
    cathy, terry = survivor(state, "cathy"), survivor(state, "terry")
    with pytest.raises(IllegalCommand, match="cannot reach Terry"):
        play(state, Trade("cathy", "terry", (terry.slots[0],) + cathy.slots[1:], (cathy.slots[0],) + terry.slots[1:]))


def test_only_a_flying_helicopter_isolates_anyone():
    """``BoxRules.isolating``: while no helicopter flies nobody's ``in_flight`` is asked (the box's
    ``isolation`` is None); once one flies, ``in_flight`` is asked and says who is aboard."""
    from game.rules.zombicide.boxes.rue_morgue.helicopter import in_flight

    landed = boarded()
    assert landed.box.isolation(landed) is None
    assert not any(in_flight(landed, s) for s in landed.survivors)
    flying, _ = play(landed, TakeOff("terry"))
    isolated = flying.box.isolation(flying)
    assert isolated is in_flight
    assert isolated(flying, survivor(flying, "terry")) and isolated(flying, survivor(flying, "dan"))


def test_a_box_that_cannot_say_whether_anyone_is_isolated_is_asked_about_everyone():
    from dataclasses import replace

    state = game()
    box = replace(state.box, isolating=None)
    assert box.isolation(state) is box.isolated
