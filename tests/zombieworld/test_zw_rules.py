"""Zombieworld rules beyond shooting and melee: buildings, searching, objects, entrenching,
dogs, grenades, the charge's sprint, weather, individual mode and scenario victories."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.scoring import glory, glory_total, winners
from game.rules.zombieworld.shooting import _shot_modifiers
from game.rules.zombieworld.state import ZOMBIES, Activation, Model, Place, SeatScore, State, ZombieworldSetup
from game.rules.zombieworld.working import Game

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, arranged_state, two_bands  # noqa: E402

CATALOG = load_catalog()
CROSSROADS = load_board("maps/zombieworld/zw-crossroads.tmx")
ROW_Y = 60.0  # an open east-west street on the town square
CHEMIST = 2  # the Chemist's terrain index; its door spans x 81.7..84.7 on y 44


def arranged(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] | None = None,
             dice: tuple[int, ...] = (), d10: tuple[int, ...] = (), active: str | None = None,
             remaining_cm: float = 20.0, board=TOWN, setup: ZombieworldSetup | None = None, **changes) -> State:
    """Red's turn with only the named models where we put them; dice queued."""
    return arranged_state(positions, zombies, dice=dice, d10=d10, active=active, remaining_cm=remaining_cm,
                          board=board, setup=setup, changes=changes)


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


# --- buildings ----------------------------------------------------------------------------------


def test_entering_an_empty_building_opens_it_and_only_once():
    state = arranged({"red:Bo": (83.2, 47)}, d10=(6,), active="red:Bo")
    after, events = engine.apply(state, "red", c.MoveModel("red:Bo", ((83.2, 40),)))
    (entered,) = of(events, c.BuildingEntered)
    assert entered.found == "empty" and after.place(CHEMIST).opened
    # out and in again: no second roll
    again = replace(after, active=Activation("red:Bo", 20.0))
    again, _ = engine.apply(again, "red", c.MoveModel("red:Bo", ((83.2, 47),)))
    _, events = engine.apply(replace(again, active=Activation("red:Bo", 20.0)), "red",
                             c.MoveModel("red:Bo", ((83.2, 40),)))
    assert not of(events, c.BuildingEntered)


def test_a_frightened_survivor_found_inside_joins_the_band():
    state = arranged({"red:Bo": (83.2, 47)}, d10=(10,), active="red:Bo")
    after, events = engine.apply(state, "red", c.MoveModel("red:Bo", ((83.2, 40),)))
    (joined,) = of(events, c.SurvivorJoined)
    newcomer = after.model(joined.model)
    assert newcomer.side == "red" and newcomer.profile == "frightened"
    assert after.score("red").survivors_found == 1


def test_zombies_inside_surprise_a_slow_survivor_and_fight_at_once():
    # D10 3: three zombies; surprise: survivor 1 + skill 4 = 5 < zombie die 6 + 3
    state = arranged({"red:Bo": (83.2, 47)}, d10=(3,), dice=(6, 1), active="red:Bo")
    after, events = engine.apply(state, "red", c.MoveModel("red:Bo", ((83.2, 40),)))
    (entered,) = of(events, c.BuildingEntered)
    assert entered.zombies == 3 and entered.surprised_by == "zombies"
    assert len([e for e in of(events, c.ZombieSpawned) if e.source == "building"]) == 3
    assert of(events, c.MeleeFought)
    assert not [e for e in of(events, c.DiceRolled) if e.purpose == "surprise shot"]


def test_a_survivor_who_surprises_the_zombies_shoots_each_once():
    # Cy: rookie (skill 3) with a shotgun; survivor die 6 + 3 beats zombies 1 + 1
    state = arranged({"red:Cy": (83.2, 47)}, d10=(1,), dice=(1, 6, 5), active="red:Cy")
    after, events = engine.apply(state, "red", c.MoveModel("red:Cy", ((83.2, 40),)))
    (entered,) = of(events, c.BuildingEntered)
    assert entered.surprised_by == "survivor"
    (shot,) = [e for e in of(events, c.DiceRolled) if e.purpose == "surprise shot"]
    assert shot.results == ("wound",) and not of(events, c.BangPlaced)
    assert not [m for m in after.models if m.side == ZOMBIES]


def test_searching_a_building_rolls_3d10_and_marks_it():
    state = arranged({"red:Di": (83.2, 38)}, d10=(5, 2, 2), active="red:Di")
    state = replace(state, places=(Place(CHEMIST, opened=True),))
    after, events = engine.apply(state, "red", c.Search("red:Di"))
    (search,) = [e for e in of(events, c.DiceRolled) if e.purpose == "search"]
    assert search.dice == (5, 2, 2) and search.results == ("9",)
    assert of(events, c.ItemFound)[0].item == "grenade" and "grenade" in after.model("red:Di").backpack
    assert after.place(CHEMIST).searched and after.score("red").buildings_searched == 1
    again = replace(after, active=Activation("red:Di", 10.0))
    refused(again, "red", c.Search("red:Di"), "already been searched")


def test_a_choice_on_the_search_table_takes_the_preferred_item():
    state = arranged({"red:Di": (83.2, 38)}, d10=(10, 10, 8), active="red:Di")
    state = replace(state, places=(Place(CHEMIST, opened=True),))
    after, events = engine.apply(state, "red", c.Search("red:Di", prefer="canned_food"))
    (found,) = of(events, c.ItemFound)
    assert found.options == ("ammo_box", "canned_food") and found.item == "canned_food"
    assert "canned_food" in after.model("red:Di").objects


def test_no_search_outside_a_building_or_with_zombies_in_it():
    outside = arranged({"red:Di": (60, ROW_Y - 10)}, active="red:Di")
    refused(outside, "red", c.Search("red:Di"), "not inside a building")
    crowded = arranged({"red:Di": (83.2, 38)}, {"z1": (90, 30)}, active="red:Di")
    crowded = replace(crowded, places=(Place(CHEMIST, opened=True),))
    before = crowded
    refused(crowded, "red", c.Search("red:Di"), "clear the zombies")
    assert crowded == before


def test_searching_a_prop_on_a_five():
    bin_index = next(i for i, t in enumerate(CROSSROADS.terrain) if dict(t.properties).get("prop") == "bin")
    state = arranged({"red:Di": (50, 49)}, dice=(5,), active="red:Di", board=CROSSROADS)
    after, events = engine.apply(state, "red", c.Search("red:Di", piece=bin_index))
    assert of(events, c.ItemFound)[0].item == "blade"
    assert after.place(bin_index).searched
    far = arranged({"red:Di": (30, 30)}, active="red:Di", board=CROSSROADS)
    refused(far, "red", c.Search("red:Di", piece=bin_index), "must touch")


# --- objects, first aid, entrenching, picking up ---------------------------------------------


def test_a_medkit_heals_a_wound_and_is_used_up_after_two():
    state = arranged({"red:Ana": (20, ROW_Y), "red:Bo": (22.5, ROW_Y)}, active="red:Ana",
                     **{"red:Ana": {"objects": ("medkit", "vest")}, "red:Bo": {"wounds": 2}})
    after, events = engine.apply(state, "red", c.UseItem("red:Ana", "medkit", "red:Bo"))
    assert after.model("red:Bo").wounds == 1 and of(events, c.ItemUsed)[0].healed == 1
    assert after.active.action_used and dict(after.model("red:Ana").uses) == {"medkit": 1}
    again = replace(after, active=Activation("red:Ana", 10.0))
    final, _ = engine.apply(again, "red", c.UseItem("red:Ana", "medkit", "red:Bo"))
    assert final.model("red:Bo").wounds == 0 and "medkit" not in final.model("red:Ana").objects
    healthy = replace(final, active=Activation("red:Ana", 10.0))
    refused(healthy, "red", c.UseItem("red:Ana", "vest"), "not used like that")


def test_stimulants_at_the_start_of_the_turn_add_move_and_skill():
    state = arranged({"red:Cy": (20, ROW_Y)}, active="red:Cy", **{"red:Cy": {"objects": ("stimulants",)}})
    after, _ = engine.apply(state, "red", c.UseItem("red:Cy", "stimulants"))
    assert after.active.remaining_cm == 25.0 and "stimulants" not in after.model("red:Cy").objects
    assert Game(after).own_skill(after.model("red:Cy"))[0] == 4
    moved, _ = engine.apply(state, "red", c.MoveModel("red:Cy", ((22, ROW_Y),)))
    refused(moved, "red", c.UseItem("red:Cy", "stimulants"), "start of the turn")


def test_first_aid_needs_the_virtue_and_an_eight():
    state = arranged({"red:Bo": (20, ROW_Y)}, d10=(8,), active="red:Bo", **{"red:Bo": {"virtue": "first_aid", "wounds": 1}})
    after, _ = engine.apply(state, "red", c.FirstAid("red:Bo"))
    assert after.model("red:Bo").wounds == 0
    missed = arranged({"red:Bo": (20, ROW_Y)}, d10=(7,), active="red:Bo", **{"red:Bo": {"virtue": "first_aid", "wounds": 1}})
    assert engine.apply(missed, "red", c.FirstAid("red:Bo"))[0].model("red:Bo").wounds == 1
    without = arranged({"red:Bo": (20, ROW_Y)}, active="red:Bo", **{"red:Bo": {"wounds": 1}})
    refused(without, "red", c.FirstAid("red:Bo"), "does not know first aid")


def test_entrenching_behind_sandbags_costs_the_move_and_spoils_aim():
    state = arranged({"red:Bo": (50, 44.5), "blue:Ana": (50, 70)}, active="red:Bo")
    after, events = engine.apply(state, "red", c.Entrench("red:Bo"))
    assert of(events, c.Entrenched) and after.model("red:Bo").entrenched and after.active.remaining_cm == 0
    game = Game(after)
    _, modifiers = _shot_modifiers(game, after.model("blue:Ana"), after.model("red:Bo"), CATALOG.firearm("pistol"))
    assert ("target entrenched", -1) in modifiers
    open_ground = arranged({"red:Bo": (20, ROW_Y)}, active="red:Bo")
    refused(open_ground, "red", c.Entrench("red:Bo"), "needs an obstacle")


def test_picking_up_a_dropped_weapon():
    state = arranged({"red:Di": (20, ROW_Y)}, active="red:Di", **{"red:Di": {"hand": ()}})
    state = replace(state, ground_items=((21.0, ROW_Y, "pistol"),))
    after, _ = engine.apply(state, "red", c.PickUp("red:Di"))
    assert after.model("red:Di").hand == ("pistol",) and after.ground_items == ()


# --- dogs, grenades, the charge's sprint ----------------------------------------------------------


def test_a_dog_that_fails_its_control_check_charges_the_nearest_enemy():
    state = arranged({"red:Ana": (10, ROW_Y)}, {"z1": (40, ROW_Y)}, dice=(1, 6))
    dog = Model(id="red:Rex", side="red", kind="dog", profile="dog", name="Rex", x=30, y=ROW_Y)
    state = replace(state, models=(*state.models, dog))
    ana_done = replace(state, models=tuple(replace(m, activated=m.id == "red:Ana") for m in state.models))
    after, events = engine.apply(ana_done, "red", c.Activate("red:Rex"))
    (control,) = of(events, c.DogControl)
    assert not control.kept and control.target == "z1"
    assert of(events, c.MeleeFought)


def test_a_grenade_hits_every_figure_under_its_template():
    state = arranged({"red:Ana": (10, ROW_Y)}, {"z1": (22, ROW_Y), "z2": (22, ROW_Y + 3), "z3": (22, ROW_Y + 9)},
                     dice=(5, 5), active="red:Ana", **{"red:Ana": {"backpack": ("grenade",)}})
    after, events = engine.apply(state, "red", c.Shoot("red:Ana", (("z1", 1),), "grenade"))
    shots = [e for e in of(events, c.DiceRolled) if e.purpose == "shot"]
    assert len(shots) == 2 and all(("Grenade", 2) in s.modifiers for s in shots)
    assert {m.id for m in after.models if m.side == ZOMBIES} == {"z3"}
    (bang,) = of(events, c.BangPlaced)
    assert bang.value == 3 and bang.position == (22, ROW_Y)
    assert "grenade" not in after.model("red:Ana").backpack


def test_a_fearless_charge_may_sprint_the_last_centimetres():
    # 26 cm to close (23.5 cm of path) with 20 cm left: reaction 1,1 (charge), sprint 1,1 (+10)
    state = arranged({"red:Ana": (10, ROW_Y)}, {"z1": (36, ROW_Y)}, dice=(1, 1, 1, 1), active="red:Ana")
    after, events = engine.apply(state, "red", c.Charge("red:Ana", "z1", ((33.5, ROW_Y),)))
    assert [e.purpose for e in of(events, c.DiceRolled)][:2] == ["charging reaction", "sprint"]
    assert of(events, c.MeleeFought)
    # too far even for a sprint: refused before any die
    far = arranged({"red:Ana": (10, ROW_Y)}, {"z1": (45, ROW_Y)}, active="red:Ana")
    refused(far, "red", c.Charge("red:Ana", "z1", ((42.5, ROW_Y),)), "costs")


# --- weather, individual mode ---------------------------------------------------------------------


def test_fog_limits_sight_unless_a_lamp_lights_the_target():
    foggy = ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, spawn_dice=0, weather="fog", lamps=False)
    state = arranged({"red:Ana": (10, ROW_Y)}, {"z1": (35, ROW_Y)}, active="red:Ana", setup=foggy)
    assert state.weather == "fog" and state.sight_cm == 15
    refused(state, "red", c.Shoot("red:Ana", (("z1", 1),)), "cannot see")
    lit = replace(state, lamps_lit=((30.0, ROW_Y),))
    engine.apply(lit, "red", c.Shoot("red:Ana", (("z1", 1),)))


def test_rolled_weather_comes_from_the_d10():
    rolled = ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, spawn_dice=0, weather="roll")
    states = {engine.setup(TOWN, rolled, seed).weather for seed in range(20)}
    assert "day" in states and len(states) >= 3


def test_individual_mode_fails_activation_only_on_a_six_and_never_shoots_survivors():
    solo = ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, spawn_dice=0, mode="individual", check_bands=False)
    state = arranged({"red:Cy": (20, ROW_Y), "blue:Ana": (40, ROW_Y)}, dice=(5,), setup=solo)
    after, events = engine.apply(state, "red", c.Activate("red:Cy"))  # skill 3, die 5: passes here
    assert of(events, c.Activated)[0].success
    refused(after, "red", c.Shoot("red:Cy", (("blue:Ana", 2),)), "play together")
    sixes = arranged({"red:Cy": (20, ROW_Y)}, dice=(6,), setup=solo)
    _, events = engine.apply(sixes, "red", c.Activate("red:Cy"))
    assert not of(events, c.Activated)[0].success


# --- scenarios and glory --------------------------------------------------------------------------


def finished(state: State, scenario: str, **scores: SeatScore) -> State:
    return replace(state, scenario=scenario, finished=True, scores=tuple(sorted(scores.items())))


def test_protect_is_won_near_the_centre_and_shared_is_a_draw():
    base = arranged({"red:Ana": (60, 52), "blue:Ana": (100, 100)})
    assert winners(replace(base, scenario="protect", objective=(60.0, 60.0)), CATALOG) == ("red",)
    both = arranged({"red:Ana": (60, 52), "blue:Ana": (66, 60)})
    assert winners(replace(both, scenario="protect", objective=(60.0, 60.0)), CATALOG) == ("red", "blue")


def test_antidotes_rescue_and_kills_decide_their_scenarios():
    state = arranged({"red:Ana": (10, 10), "blue:Ana": (50, 50)},
                     **{"red:Ana": {"elements": ("antidote",)}, "blue:Ana": {"elements": ("antidote", "antidote")}})
    assert winners(replace(state, scenario="antidote"), CATALOG) == ("blue",)
    rescued = Model(id="red:found1", side="red", kind="survivor", profile="frightened", name="P", x=5, y=5, rescued=True)
    assert winners(replace(state, scenario="rescue", models=(*state.models, rescued)), CATALOG) == ("red",)
    kills = replace(state, scores=(("blue", SeatScore(zombies_killed=3)), ("red", SeatScore(zombies_killed=5))))
    assert winners(kills, CATALOG) == ("red",)


def test_getting_away_needs_the_searches_and_kills():
    scenario = CATALOG.scenario("find_a_way_out")
    state = arranged({"red:Ana": (10, 10)})
    short = replace(state, scenario=scenario.id, scores=(("red", SeatScore(escaped=1, zombies_killed=14, buildings_searched=1)),))
    assert winners(short, CATALOG) == ()
    done = replace(state, scenario=scenario.id, scores=(("red", SeatScore(escaped=1, zombies_killed=15, buildings_searched=1)),))
    assert winners(done, CATALOG) == ("red",)


def test_leaving_by_the_exit_edge_can_win_at_once():
    setup = ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, scenario="find_a_way_out", spawn_dice=0)
    state = arranged({"red:Ana": (60, 116)}, active="red:Ana", setup=setup)
    edge = dict(state.exits)["red"]
    assert edge in "nesw"
    target = {"n": (60, 1.3), "s": (60, 118.7), "w": (1.3, ROW_Y), "e": (118.7, ROW_Y)}[edge]
    state = arranged({"red:Ana": (target[0] if edge in "ns" else (10 if edge == "w" else 110),
                                  target[1] if edge in "ew" else (10 if edge == "n" else 110))},
                     active="red:Ana", setup=setup)
    state = replace(state, scores=(("red", SeatScore(zombies_killed=15, buildings_searched=1)),))
    after, events = engine.apply(state, "red", c.LeaveTable("red:Ana", (target,)))
    assert after.finished and after.winners == ("red",)
    assert of(events, c.ModelRemoved)[0].reason == "escaped"
    middle = arranged({"red:Ana": (30, ROW_Y)}, active="red:Ana", setup=setup)
    refused(middle, "red", c.LeaveTable("red:Ana", ((30, ROW_Y + 5),)), "edge")


def test_glory_adds_up_the_game():
    state = arranged({"red:Ana": (10, 10)})
    scores = SeatScore(zombies_killed=11, members_lost=1, buildings_searched=2, survivors_found=1, hostile_killed=1)
    state = replace(state, scores=(("red", scores),), finished=True, winners=("red",))
    lines = dict(glory(state, "red", CATALOG))
    assert lines["won the scenario"] == 3 and lines["11 zombies killed"] == 2
    assert glory_total(state, "red", CATALOG) == 3 + 2 - 1 + 2 + 2 + 1
    draw = replace(state, winners=("red", "blue"))
    assert dict(glory(draw, "red", CATALOG))["draw"] == 1


def test_scenario_setups_the_horde_pen_and_the_central_start():
    horde = engine.setup(load_board("maps/zombieworld/zw-outskirts-farm.tmx"),
                         ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, scenario="flee_the_horde", spawn_dice=0), 4)
    assert len(horde.pen_zombies) == 30
    escape = engine.setup(TOWN, ZombieworldSetup(bands=two_bands(spawn_dice=0).bands, scenario="escape", spawn_dice=0), 4)
    survivors = [m for m in escape.models if m.side != ZOMBIES]
    assert all(30 <= m.x <= 90 and 30 <= m.y <= 90 for m in survivors)
    assert sum(1 for m in escape.models if m.side == ZOMBIES) >= 15
    with pytest.raises(ValueError, match="pick the scenario"):
        engine.setup(TOWN, ZombieworldSetup(bands=two_bands().bands, scenario="zombie_expert"), 1)


def test_no_shooting_in_a_dark_building_without_a_light():
    state = arranged({"red:Ana": (80, 30)}, {"z1": (92, 30)}, active="red:Ana")
    dark = replace(state, places=(Place(CHEMIST, opened=True, light="dark"),))
    refused(dark, "red", c.Shoot("red:Ana", (("z1", 1),)), "too dark")
    lit = arranged({"red:Ana": (80, 30)}, {"z1": (92, 30)}, active="red:Ana",
                   **{"red:Ana": {"objects": ("flashlight",)}})
    engine.apply(replace(lit, places=dark.places), "red", c.Shoot("red:Ana", (("z1", 1),)))
    dim = replace(state, places=(Place(CHEMIST, opened=True, light="dim"),))
    _, events = engine.apply(dim, "red", c.Shoot("red:Ana", (("z1", 2),)))
    (shot,) = [e for e in of(events, c.DiceRolled) if e.purpose == "shot"]
    assert len(shot.dice) == 1


def test_the_air_horn_calls_every_zombie():
    state = arranged({"red:Ana": (10, ROW_Y), "blue:Ana": (100, ROW_Y)}, {"z1": (85, ROW_Y)}, active="red:Ana",
                     **{"red:Ana": {"objects": ("air_horn",), "activated": True}})
    state = replace(state, order=("red", ZOMBIES, "blue"))
    after, _ = engine.apply(state, "red", c.UseItem("red:Ana", "air_horn"))
    assert after.model("red:Ana").horn and "air_horn" not in after.model("red:Ana").objects
    after, events = engine.apply(after, "red", c.EndActivation("red:Ana"))
    (moved,) = [e for e in of(events, c.ModelMoved) if e.model == "z1"]
    assert moved.path[-1][0] < 85  # toward the horn, away from the nearer blue survivor
    assert not after.model("red:Ana").horn
