"""Rue Morgue's own rules: tents, event triggers, combined cards, stairs on fences."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor, zombies_at

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.rue_morgue.content import tents
from game.rules.zombicide.commands import Attack, Combine, EndTurn, Move, OpenDoor, Search

NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}
WALKER = {"blue": "1 skinner_walker", "yellow": "1 skinner_walker", "orange": "1 skinner_walker", "red": "1 skinner_walker"}
TEAM = {"A": ["joe", "dan"]}


def with_tents(state, *tents):
    from dataclasses import replace

    return replace(state, box_state=replace(state.box_state, tents=tuple(tents), tents_revealed=(False,) * len(tents)))


CAMP = sketch_board(
    """
s t t
""",
    markers=[("start", (0, 0))],
)


def test_tent_cards_are_dealt_to_tent_zones():
    state = new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4))
    ids = {t.id for t in tents(state.tables.catalog)}
    assert len(state.box_state.tents) == 2 and set(state.box_state.tents) <= ids
    assert state.box_state.tents_revealed == (False, False)


def test_entering_a_tent_reveals_it_and_places_its_zombies():
    state = with_tents(new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4)), "barracks", "administrative")
    state, events = engine.apply(state, "A", Move("joe", "r0c1"))
    assert any(e.kind == "tent_revealed" and e.tent == "barracks" for e in events)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 2}
    assert state.box_state.tents_revealed == (True, False)


def test_only_some_tents_can_be_searched_and_no_one_sees_into_a_tent():
    state = with_tents(new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4)), "barracks", "administrative")
    state = arrange(state, survivors={"joe": {"zone": "r0c1"}, "dan": {"zone": "r0c2"}})
    from dataclasses import replace

    state = replace(state, box_state=replace(state.box_state, tents_revealed=(True, True)))
    with pytest.raises(IllegalCommand, match="only building rooms"):
        engine.apply(state, "A", Search("joe"))
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    assert Search("dan") in engine.legal_commands(state, "A")
    assert state.graph.visible(state.doors_open)[state.graph.index["r0c0"]] == ()


def test_bed_cards_also_wake_crawlers_on_revealed_tent_beds():
    bed = {"kind": "bed", "bed_colour": "blue"}
    board = sketch_board("s t t", markers=[("start", (0, 0)), ("spawn", (0, 0))])
    state = with_tents(new_game(board, TEAM, catalog=catalog_with([bed] * 4)), "barracks", "administrative")
    from dataclasses import replace

    state = replace(state, box_state=replace(state.box_state, tents_revealed=(True, False)))
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    state, events = engine.apply(state, "A", EndTurn("dan"))
    assert zombies_at(state, "r0c1") == {"crawler": 2}  # the barracks tent has two blue beds
    assert zombies_at(state, "r0c0") == {}


TRIGGER = sketch_board(
    """
s s s s
  d   d
r=r h r
""",
    markers=[("start", (0, 0)), ("event_trigger", (1, 3))],
    tile_cols=2,
)


def test_rooms_on_an_event_trigger_tile_wait_for_a_survivor_to_stop_there():
    deck = [WALKER] * 8
    state = arrange(new_game(TRIGGER, TEAM, catalog=catalog_with(deck)), survivors={"joe": {"zone": "r0c3", "hand": ["crowbar"], "actions": 5}})
    state, events = engine.apply(state, "A", OpenDoor("joe", "r0c3~r1c3"))
    assert zombies_at(state, "r1c3") == {}  # the door alone does not wake that tile
    state, events = engine.apply(state, "A", Move("joe", "r1c3"))
    assert any(e.kind == "event_triggered" for e in events)
    assert zombies_at(state, "r1c3") == {"skinner_walker": 1}
    state, events = engine.apply(state, "A", Move("joe", "r0c3"))
    assert not any(e.kind == "event_triggered" for e in events)


def test_a_hallway_on_the_trigger_tile_fires_it_too():
    state = arrange(new_game(TRIGGER, TEAM, catalog=catalog_with([WALKER] * 8)), survivors={"joe": {"zone": "r0c2"}})
    state, events = engine.apply(state, "A", Move("joe", "r1c2"))
    assert any(e.kind == "event_triggered" for e in events)
    assert zombies_at(state, "r1c3") == {"skinner_walker": 1}
    assert zombies_at(state, "r1c2") == {}  # hallways never get building spawns


def test_doors_elsewhere_still_spawn_their_building():
    state = arrange(new_game(TRIGGER, TEAM, catalog=catalog_with([WALKER] * 8)),
                    survivors={"joe": {"zone": "r0c1", "hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", OpenDoor("joe", "r0c1~r1c1"))
    assert zombies_at(state, "r1c0") == {"skinner_walker": 1}
    assert zombies_at(state, "r1c1") == {"skinner_walker": 1}


def test_a_glass_bottle_and_gasoline_make_a_molotov_for_free():
    state = arrange(new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4)),
                    survivors={"joe": {"hand": ["crowbar"], "reserve": ["glass_bottle", "gasoline"]}})
    assert Combine("joe", 2, 3) in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Combine("joe", 2, 3))
    assert hand(state, "joe") == ["crowbar", "", "molotov", "", ""]
    assert survivor(state, "joe").actions_left == 3
    with pytest.raises(IllegalCommand, match="do not combine"):
        engine.apply(arrange(state, survivors={"joe": {"reserve": ["glass_bottle", "rifle"]}}), "A", Combine("joe", 2, 3))


def test_two_cocktails_are_better_than_one():
    state = arrange(new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4)),
                    survivors={"joe": {"reserve": ["glass_bottle", "gasoline"], "skills": ("two_cocktails",)}})
    state, _ = engine.apply(state, "A", Combine("joe", 2, 3))
    assert hand(state, "joe").count("molotov") == 2


def test_a_rifle_and_a_scope_make_a_sniper_rifle_that_picks_targets():
    state = arrange(new_game(sketch_board("s s", markers=[("start", (0, 0))]), TEAM, catalog=catalog_with([NOTHING] * 4)),
                    survivors={"joe": {"hand": ["rifle"], "reserve": ["scope"]}},
                    zombies={"r0c1": {"skinner_fatty": 1, "skinner_runner": 1}}, dice=[6])
    state, _ = engine.apply(state, "A", Combine("joe", 0, 2))
    assert hand(state, "joe")[0] == "sniper_rifle"
    state, events = engine.apply(state, "A", Attack("joe", 0, "r0c1"))
    assert zombies_at(state, "r0c1") == {"skinner_fatty": 1}


HELIPAD = sketch_board(
    """
sfpFp
""",
    markers=[("start", (0, 0))],
)


def test_fences_stop_walking_but_not_sight_and_stairs_cross_them():
    state = new_game(HELIPAD, TEAM, catalog=catalog_with([NOTHING] * 4))
    with pytest.raises(IllegalCommand):
        engine.apply(state, "A", Move("joe", "r0c1"))
    assert state.graph.index["r0c1"] in state.graph.visible(state.doors_open)[0]
    state = arrange(state, survivors={"joe": {"zone": "r0c1"}})
    state, _ = engine.apply(state, "A", Move("joe", "r0c2"))
    assert survivor(state, "joe").zone == state.graph.index["r0c2"]


HOSPITAL = sketch_board(
    """
s s s
- d -
h h h
o d
H L H
""",
    markers=[("start", (0, 1))],
)


def test_the_hospital_door_wakes_rooms_behind_open_doors_only():
    state = arrange(new_game(HOSPITAL, TEAM, catalog=catalog_with([WALKER] * 8)),
                    survivors={"joe": {"hand": ["crowbar"]}})
    state, events = engine.apply(state, "A", OpenDoor("joe", "r0c1~r1c1"))
    assert zombies_at(state, "r2c0") == {"skinner_walker": 1}  # its door was open
    assert zombies_at(state, "r2c1") == {}  # behind a closed door: waits for its own door
    assert zombies_at(state, "r2c2") == {}  # no door at all onto the hallway: walled off
    assert zombies_at(state, "r1c0") == {} and zombies_at(state, "r1c1") == {}  # hallways never spawn


def test_a_hospital_room_spawns_when_its_own_door_opens():
    state = arrange(new_game(HOSPITAL, TEAM, catalog=catalog_with([WALKER] * 8)),
                    survivors={"joe": {"zone": "r1c1", "hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", OpenDoor("joe", "r1c1~r2c1"))
    assert zombies_at(state, "r2c1") == {"skinner_walker": 1}
    assert zombies_at(state, "r2c0") == {}


def test_a_players_view_keeps_unrevealed_tents_face_down():
    state = with_tents(new_game(CAMP, TEAM, catalog=catalog_with([NOTHING] * 4)), "barracks", "administrative")
    state, _ = engine.apply(state, "A", Move("joe", "r0c1"))  # the barracks tent turns over
    view = engine.player_view(state, "A")
    assert view.box_state.tents == ("barracks", "") and state.box_state.tents == ("barracks", "administrative")
