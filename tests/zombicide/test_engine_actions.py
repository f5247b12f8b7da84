"""A survivor's turn: moving, doors, searching, inventory, objectives, noise, turn order."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor, zombies_at, zone_of

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.commands import (
    ChooseOption,
    Discard,
    DoorOpened,
    EndTurn,
    MakeNoise,
    Move,
    OpenDoor,
    PhaseStarted,
    Rearrange,
    Search,
    TakeObjective,
    Trade,
    ZombieSpawned,
)

BOARD = sketch_board(
    """
s s s s
  d   b
r=r s r
""",
    markers=[
        ("start", (0, 0)),
        ("objective", (1, 2), {"color": "blue"}),
        ("exit", (0, 3)),
    ],
)
SEATS = {"A": ["joe", "dan"], "B": ["jane"]}
DECK = [{"blue": "1 skinner_walker", "yellow": "1 skinner_walker", "orange": "1 skinner_walker", "red": "1 skinner_walker"}] * 6


def game(**setup):
    return new_game(BOARD, SEATS, catalog=catalog_with(DECK), **setup)


def play(state, seat, command):
    return engine.apply(state, seat, command)


def refused(state, seat, command, reason):
    before = repr(state)
    with pytest.raises(IllegalCommand, match=reason):
        engine.apply(state, seat, command)
    with pytest.raises(IllegalCommand):
        engine.check(state, seat, command)
    assert repr(state) == before


def test_move_costs_one_action():
    state, events = play(game(), "A", Move("joe", "r0c1"))
    assert zone_of(state, "joe") == "r0c1"
    assert survivor(state, "joe").actions_left == 2
    assert events[-1].kind == "survivor_moved"


def test_leaving_a_zone_with_zombies_costs_one_more_per_zombie():
    state = arrange(game(), zombies={"r0c0": {"skinner_walker": 2}})
    state, events = play(state, "A", Move("joe", "r0c1"))
    assert survivor(state, "joe").actions_left == 0
    assert [e for e in events if e.kind == "survivor_moved"][0].actions == 3
    state = arrange(game(), zombies={"r0c0": {"skinner_walker": 3}})
    refused(state, "A", Move("joe", "r0c1"), "costs 4 actions")


def test_slippery_ignores_the_zombies():
    state = arrange(game(), zombies={"r0c0": {"skinner_walker": 3}}, survivors={"joe": {"skills": ("slippery",)}})
    state, _ = play(state, "A", Move("joe", "r0c1"))
    assert survivor(state, "joe").actions_left == 2


def test_walls_closed_doors_and_far_zones_block_moves():
    state = game()
    refused(state, "A", Move("joe", "r1c0"), "not an open, adjacent zone")  # wall
    refused(state, "A", Move("joe", "r0c2"), "not an open, adjacent zone")  # two zones away
    state = arrange(state, survivors={"joe": {"zone": "r0c1"}})
    refused(state, "A", Move("joe", "r1c1"), "not an open, adjacent zone")  # closed door
    refused(state, "A", Move("joe", "nowhere"), "no zone")


def test_commands_out_of_turn_are_refused():
    state = game()
    refused(state, "B", Move("jane", "r0c1"), "A's turn")
    refused(state, "A", Move("jane", "r0c1"), "not yours")
    refused(state, "A", ChooseOption(0), "no decision")
    state, _ = play(state, "A", Move("joe", "r0c1"))
    refused(state, "A", Move("dan", "r0c1"), "finish Joe")


def test_opening_a_door_needs_an_opener_in_hand():
    state = arrange(game(), survivors={"joe": {"zone": "r0c1", "hand": ["bow"], "reserve": ["crowbar"]}})
    refused(state, "A", OpenDoor("joe", "r0c1~r1c1"), "door-opening weapon in hand")
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    assert OpenDoor("joe", "r0c1~r1c1") in engine.legal_commands(state, "A")
    state, events = play(state, "A", OpenDoor("joe", "r0c1~r1c1"))
    assert any(isinstance(e, DoorOpened) for e in events)
    assert state.noise[state.graph.index["r0c1"]] == 0  # the crowbar is silent
    assert Move("joe", "r1c1") in engine.legal_commands(state, "A")


def test_a_noisy_opener_leaves_a_noise_token():
    state = arrange(game(), survivors={"joe": {"zone": "r0c1", "hand": ["fire_axe"]}})
    state, events = play(state, "A", OpenDoor("joe", "r0c1~r1c1"))
    assert state.noise[state.graph.index["r0c1"]] == 1
    assert any(e.kind == "noise_made" for e in events)


def test_the_first_door_of_a_building_spawns_one_card_per_room():
    state = arrange(game(), survivors={"joe": {"zone": "r0c1", "hand": ["crowbar"]}})
    state, events = play(state, "A", OpenDoor("joe", "r0c1~r1c1"))
    spawned = {e.zone for e in events if isinstance(e, ZombieSpawned)}
    assert spawned == {"r1c0", "r1c1"}
    assert zombies_at(state, "r1c0") == {"skinner_walker": 1}
    assert len(state.zombie_discard) == 2


def test_a_locked_colour_door_waits_for_its_objective():
    state = arrange(
        game(door_keys={"blue": "blue"}),
        survivors={"joe": {"zone": "r0c3", "hand": ["crowbar"]}, "dan": {"zone": "r1c2"}},
    )
    refused(state, "A", OpenDoor("joe", "r0c3~r1c3"), "locked until the blue objective")
    state, _ = play(state, "A", EndTurn("joe"))
    state, events = play(state, "A", TakeObjective("dan"))
    assert survivor(state, "dan").xp == 5
    assert "blue" in state.unlocked_colours
    refused(state, "A", TakeObjective("dan"), "no objective")
    assert OpenDoor("joe", "r0c3~r1c3") not in engine.legal_commands(state, "A")  # Joe has played


def test_search_draws_a_card_and_asks_keep_or_discard():
    state = arrange(game(), survivors={"joe": {"zone": "r1c1", "hand": ["crowbar"]}}, equipment_top=["pistol"])
    state, events = play(state, "A", Search("joe"))
    assert state.pending is not None and state.pending.kind == "keep_card"
    assert engine.current_seats(state) == frozenset({"A"})
    assert engine.legal_commands(state, "A") == [ChooseOption(i) for i in range(len(state.pending.options))]
    refused(state, "A", Move("joe", "r1c0"), "decision is waiting")
    option = next(i for i, label in enumerate(state.pending.options) if "in hand (slot 1)" in label)
    state, events = play(state, "A", ChooseOption(option))
    assert hand(state, "joe")[:2] == ["crowbar", "pistol"]
    refused(state, "A", Search("joe"), "already searched")


def test_search_only_in_rooms_without_zombies():
    refused(game(), "A", Search("joe"), "only building rooms")
    state = arrange(game(), survivors={"joe": {"zone": "r1c1"}}, zombies={"r1c1": {"skinner_walker": 1}})
    refused(state, "A", Search("joe"), "zombies in the zone")


def test_searching_an_aaahh_card_places_a_walker():
    state = arrange(game(), survivors={"joe": {"zone": "r1c1"}}, equipment_top=["aaahh"])
    state, events = play(state, "A", Search("joe"))
    assert state.pending is None
    assert zombies_at(state, "r1c1") == {"skinner_walker": 1}


def test_discarding_a_kept_card_replaces_it():
    state = arrange(
        game(), survivors={"joe": {"zone": "r1c1", "hand": ["crowbar", "knife"], "reserve": ["bow", "sword", "rifle"]}},
        equipment_top=["chainsaw"],
    )
    state, _ = play(state, "A", Search("joe"))
    option = next(i for i, label in enumerate(state.pending.options) if "instead of Knife" in label)
    state, events = play(state, "A", ChooseOption(option))
    assert hand(state, "joe") == ["crowbar", "chainsaw", "bow", "sword", "rifle"]
    assert any(e.kind == "card_discarded" and e.card == "knife" for e in events)


def test_rearrange_and_trade():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"], "reserve": ["pistol"]}, "dan": {"hand": ["bow"]}})
    joe = survivor(state, "joe")
    swapped = (joe.slots[2], joe.slots[1], joe.slots[0]) + joe.slots[3:]
    assert Rearrange("joe", swapped) in engine.legal_commands(state, "A")
    state, _ = play(state, "A", Rearrange("joe", swapped))
    assert hand(state, "joe")[:3] == ["pistol", "", "crowbar"]
    joe, dan = survivor(state, "joe"), survivor(state, "dan")
    new_joe = (joe.slots[0], dan.slots[0]) + joe.slots[2:]
    new_dan = (-1,) + dan.slots[1:]
    state, _ = play(state, "A", Trade("joe", "dan", new_joe, new_dan))
    assert hand(state, "joe")[:2] == ["pistol", "bow"]
    assert hand(state, "dan")[0] == ""
    assert survivor(state, "joe").actions_left == 1


def test_a_trade_that_leaves_a_card_out_discards_it_and_tells_both_inventories():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar", "knife"]}, "dan": {"hand": ["bow"]}})
    joe, dan = survivor(state, "joe"), survivor(state, "dan")
    knife = joe.slots[1]
    new_joe = (-1, -1) + joe.slots[2:]  # the crowbar to Dan, the knife to nobody
    new_dan = (dan.slots[0], joe.slots[0]) + dan.slots[2:]
    state, events = play(state, "A", Trade("joe", "dan", new_joe, new_dan))
    assert hand(state, "dan")[:2] == ["bow", "crowbar"] and hand(state, "joe")[:2] == ["", ""]
    assert knife in state.equipment_discard
    told = [(e.survivor, e.cards[:2]) for e in events if e.kind == "inventory_changed"]
    assert told == [("joe", ("", "")), ("dan", ("bow", "crowbar"))]


def test_a_trade_cannot_give_one_card_twice():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar", "knife"]}, "dan": {"hand": ["bow"]}})
    joe, dan = survivor(state, "joe"), survivor(state, "dan")
    refused(state, "A", Trade("joe", "dan", joe.slots, (joe.slots[0],) + dan.slots[1:]), "own cards")


def test_wounds_cannot_be_traded_or_duplicated():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"], "reserve": ["wound"]}, "dan": {"hand": ["bow"]}})
    joe, dan = survivor(state, "joe"), survivor(state, "dan")
    refused(state, "A", Trade("joe", "dan", (joe.slots[0], -1, -1, -1, -1), (dan.slots[0], -1, -2, -1, -1)), "wound")
    refused(state, "A", Rearrange("joe", (joe.slots[0], joe.slots[0], -2, -1, -1)), "own cards")
    state = arrange(state, survivors={"jane": {"zone": "r0c2"}})
    refused(state, "A", Trade("joe", "jane", joe.slots, joe.slots), "not in Joe's zone")


def test_discard_is_free():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar", "knife"]}})
    state, _ = play(state, "A", Discard("joe", 1))
    assert hand(state, "joe")[1] == ""
    assert survivor(state, "joe").actions_left == 3
    refused(state, "A", Discard("joe", 1), "no equipment")


def test_make_noise_and_end_turn_pass_the_turn_on_to_the_zombies():
    state = game()
    state, events = play(state, "A", MakeNoise("joe"))
    assert state.noise[0] == 1
    state, _ = play(state, "A", EndTurn("joe"))
    assert survivor(state, "joe").done
    state, _ = play(state, "A", EndTurn("dan"))
    assert state.current_seat == "B"
    state, events = play(state, "B", EndTurn("jane"))
    kinds = [e.kind for e in events]
    assert PhaseStarted("zombies", 1) in events and PhaseStarted("players", 2) in events
    assert kinds.index("noise_cleared") > kinds.index("phase_started")
    assert state.round == 2 and state.current_seat == "B"  # the first player token moved on
    assert state.noise[0] == 0
    assert all(s.actions_left == 3 and not s.done for s in state.survivors)


def test_a_turn_ends_by_itself_when_actions_run_out():
    state = game()
    for _ in range(3):
        state, _ = play(state, "A", MakeNoise("joe"))
    assert survivor(state, "joe").done and state.active == -1
    state, _ = play(state, "A", MakeNoise("dan"))
    assert state.active == state.survivor_index("dan")


def test_apply_never_mutates_its_input_and_check_agrees():
    state = arrange(game(), survivors={"joe": {"zone": "r0c1", "hand": ["fire_axe"]}})
    before = repr(state), state.rng, state.zombie_deck
    for command in engine.legal_commands(state, "A"):
        engine.check(state, "A", command)
        engine.apply(state, "A", command)
    assert (repr(state), state.rng, state.zombie_deck) == before


def test_every_legal_command_serialises():
    state = arrange(game(), survivors={"joe": {"zone": "r0c1", "hand": ["fire_axe"], "reserve": ["pistol"]}})
    for command in engine.legal_commands(state, "A"):
        assert engine.command_adapter().validate_json(engine.command_adapter().dump_json(command)) == command


def test_a_trade_moving_a_wound_about_tells_it_by_name():
    # the wound is no equipment: the trade is checked in full and its inventory named slot by slot
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"], "reserve": ["wound"]}, "dan": {"hand": ["bow"]}})
    joe, dan = survivor(state, "joe"), survivor(state, "dan")
    wound_slot = joe.slots.index(-2)
    new_joe = list(joe.slots)
    new_joe[0], new_joe[1], new_joe[wound_slot], new_joe[wound_slot + 1] = dan.slots[0], joe.slots[0], -1, -2
    new_dan = (-1,) + dan.slots[1:]
    state, events = play(state, "A", Trade("joe", "dan", tuple(new_joe), new_dan))
    told = {e.survivor: e.cards for e in events if e.kind == "inventory_changed"}
    assert told["joe"][:2] == ("bow", "crowbar") and told["joe"][wound_slot:wound_slot + 2] == ("", "wound")
    assert told["joe"] == tuple(hand(state, "joe")) and told["dan"][0] == ""
