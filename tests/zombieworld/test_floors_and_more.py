"""Zombieworld floors and stairs, jumping between buildings, retreating from a zombie encounter,
stimulants before the activation roll, and scenario 8 (the zombie expert picks)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import Table, make_piece
from game.rules.zombieworld.state import ZOMBIES, Activation, Place, State, ZombieworldSetup
from game.rules.zombieworld.working import Game

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, arranged_state, two_bands  # noqa: E402

TOWN_HALL = 0  # 20..48 x 8..36, 12 cm high, two floors of 6 cm; a door in the south wall at x 34
CHEMIST = 2


def arranged(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] | None = None,
             dice: tuple[int, ...] = (), d10: tuple[int, ...] = (), active: str | None = None,
             remaining_cm: float = 20.0, table: Table | None = None, **changes) -> State:
    on_table = {"table": table} if table is not None else {}
    return arranged_state(positions, zombies, dice=dice, d10=d10, active=active, remaining_cm=remaining_cm,
                          changes=changes, **on_table)


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


# --- floors and stairs --------------------------------------------------------------------------


def test_climbing_to_an_unopened_floor_costs_the_stairs_and_the_height_and_rolls_who_is_there():
    state = arranged({"red:Bo": (30, 20)}, d10=(6,), active="red:Bo",
                     )
    state = replace(state, places=(Place(TOWN_HALL, opened=True),))
    after, events = engine.apply(state, "red", c.Climb("red:Bo", 1))
    assert after.model("red:Bo").level == 1
    assert after.active.remaining_cm == pytest.approx(20 - 5 - 6)
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["floor 1 entry"]
    assert 1 in after.place(TOWN_HALL).floors_opened
    # down again: no roll, and the floor stays open
    back, events = engine.apply(replace(after, active=Activation("red:Bo", 20)), "red", c.Climb("red:Bo", 0))
    assert back.model("red:Bo").level == 0 and not of(events, c.DiceRolled)


def test_stairs_are_refused_outside_buildings_beyond_the_top_floor_and_when_short_of_cm():
    outside = arranged({"red:Bo": (60, 80)}, active="red:Bo")
    refused(outside, "red", c.Climb("red:Bo", 1), "not inside a building")
    inside = arranged({"red:Bo": (30, 20)}, active="red:Bo")
    refused(inside, "red", c.Climb("red:Bo", 3), "floors 0 to 1")  # (2 is its roof when it has one)
    # short of cm a model stops part-way up (see the stairs tests); only stepping on needs its 5 cm
    short = arranged({"red:Bo": (30, 20)}, active="red:Bo", remaining_cm=5)
    refused(short, "red", c.Climb("red:Bo", 1), "stepping onto the stairs costs 5 cm")


def test_upstairs_a_model_stays_in_its_building_and_meets_only_its_own_floor():
    state = arranged({"red:Bo": (30, 20)}, zombies={"zq": (32.5, 20)}, active="red:Bo",
                     **{"red:Bo": {"level": 1}})
    # the zombie downstairs is not in contact with a survivor upstairs
    game = Game(state)
    assert game.engaged_with(game.models["red:Bo"]) == []
    # walking out of the door from floor 1 is refused
    refused(state, "red", c.MoveModel("red:Bo", ((34, 34), (34, 40))), "take the stairs down")
    # standing right above the zombie is fine
    after, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((32.5, 20),)))
    assert after.model("red:Bo").position == (32.5, 20)


def test_an_upper_floor_is_searched_as_a_place_of_its_own():
    state = arranged({"red:Di": (30, 20)}, active="red:Di", d10=(5, 2, 2), **{"red:Di": {"level": 1}})
    state = replace(state, places=(Place(TOWN_HALL, opened=True, floors_opened=(1,)),))
    after, events = engine.apply(state, "red", c.Search("red:Di"))
    assert of(events, c.ItemFound)[0].item == "grenade"
    place = after.place(TOWN_HALL)
    assert place.floors_searched == (1,) and not place.searched
    assert after.score("red").buildings_searched == 1
    refused(replace(after, active=Activation("red:Di", 10)), "red", c.Search("red:Di"), "floor 1 has already")


def test_shooting_down_from_more_than_ten_cm_up_gets_plus_one():
    # a survivor on floor 2 of a three-floor, 18 cm building: 12 cm above the street
    tall = make_piece(0, TerrainKind.BUILDING, ((20, 8), (48, 8), (48, 36), (20, 36)), 18.0, label="Tower",
                      portals=[((30, 36), (38, 36), "window", False, "w1")])
    table = replace(TOWN_TABLE, pieces=(replace(tall, floors=3), *TOWN_TABLE.pieces[1:]))
    table = Table.build(table.width_cm, table.height_cm, table.pieces, table.walls)
    state = arranged({"red:Ana": (34, 34)}, zombies={"zq": (34, 52)}, active="red:Ana", dice=(3, 3), table=table,
                     **{"red:Ana": {"level": 2}})
    after, events = engine.apply(state, "red", c.Shoot("red:Ana", (("zq", 2),)))
    shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
    assert ("shooting from above", 1) in shot.modifiers


TOWN_TABLE = engine.setup(TOWN, two_bands(spawn_dice=0), 1).table


# --- jumping ------------------------------------------------------------------------------------


def two_houses(gap_cm: float = 6.0, second_height: float = 12.0) -> Table:
    """Two two-floor houses side by side on an empty table, windows facing across the gap."""
    west = make_piece(0, TerrainKind.BUILDING, ((10, 10), (30, 10), (30, 30), (10, 30)), 12.0, label="West house",
                      portals=[((30, 18), (30, 22), "window", False, "w1")])
    x0 = 30 + gap_cm
    east = make_piece(1, TerrainKind.BUILDING, ((x0, 10), (x0 + 20, 10), (x0 + 20, 30), (x0, 30)), second_height,
                      label="East house", portals=[((x0, 18), (x0, 22), "window", False, "w2")])
    return Table.build(120, 120, (replace(west, floors=2), replace(east, floors=2)), ())


def test_a_jump_across_the_gap_pays_its_length_runs_on_five_cm_and_checks_the_landing():
    state = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", dice=(2,), d10=(6,), table=two_houses(),
                     **{"red:Bo": {"level": 1}})
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (37.5, 20), 1))
    bo = after.model("red:Bo")
    assert (bo.x, bo.y, bo.level) == (pytest.approx(42.5), 20, 1)  # landed at 37.5, then 5 cm on
    # book 11.4: 0.25 cm to the edge, the 6 cm gap, 0.25 cm in, then the 5 cm run on, all paid
    assert after.active.remaining_cm == pytest.approx(20 - (0.25 + 6 + 0.25 + 5))
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["landing", "floor 1 entry"]
    assert bo.cannot_activate_round == 0


def test_a_bad_landing_costs_the_next_activation():
    state = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", dice=(6,), d10=(6,), table=two_houses(),
                     **{"red:Bo": {"level": 1}})
    after, _ = engine.apply(state, "red", c.Jump("red:Bo", (37.5, 20), 1))
    assert after.model("red:Bo").cannot_activate_round == after.round + 1
    assert after.active.remaining_cm == 0


def test_falling_short_drops_into_the_gap_with_a_wound_per_full_five_cm():
    state = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", remaining_cm=4, table=two_houses(),
                     **{"red:Bo": {"level": 1}})
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (37.5, 20), 1))
    bo = after.model("red:Bo")
    (jump,) = of(events, c.Jumped)
    assert jump.fell and bo.level == 0 and bo.wounds == 1  # the floor aimed at is 6 cm up
    assert after.table.building_at(bo.position) is None


def test_jumps_too_long_or_too_high_are_refused_from_a_floor_and_from_the_ground():
    wide = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", table=two_houses(gap_cm=12),
                    **{"red:Bo": {"level": 1}})
    refused(wide, "red", c.Jump("red:Bo", (43.5, 20), 1), "at most 10 cm")
    high = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", table=two_houses(second_height=24),
                    **{"red:Bo": {"level": 1}})
    refused(high, "red", c.Jump("red:Bo", (37.5, 20), 1), "at most 5 cm")
    # from the ground a jump climbs at most 5 cm too: a 6 cm storey is out of reach
    ground = arranged({"red:Bo": (28.5, 20)}, active="red:Bo", table=two_houses())
    refused(ground, "red", c.Jump("red:Bo", (37.5, 20), 1), "at most 5 cm, not 6")


# --- retreating, stimulants, scenario 8 ---------------------------------------------------------


def test_a_survivor_who_surprises_zombies_may_step_back_out_and_lose_its_turn():
    # Cy (rookie, skill 3): survivor die 6 + 3 beats the zombie's 1 + 1
    state = arranged({"red:Cy": (83.2, 47)}, d10=(1,), dice=(1, 6), active="red:Cy")
    after, events = engine.apply(state, "red", c.MoveModel("red:Cy", ((83.2, 40),), surprise="retreat"))
    assert of(events, c.BuildingEntered)[0].surprised_by == "survivor"
    assert after.model("red:Cy").position == (83.2, 47)
    assert after.active.remaining_cm == 0 and after.active.action_used
    assert not [e for e in of(events, c.DiceRolled) if e.purpose == "surprise shot"]
    assert [m for m in after.models if m.side == ZOMBIES]  # the zombie is still in there


def test_stimulants_taken_before_the_activation_roll_help_it():
    # Di (frightened, skill 2) with stimulants: a 3 passes only with the +1
    state = arranged({"red:Di": (60, 80)}, dice=(3,), **{"red:Di": {"objects": ("stimulants",)}})
    assert c.UseItem("red:Di", "stimulants") in engine.legal_commands(state, "red")
    boosted, events = engine.apply(state, "red", c.UseItem("red:Di", "stimulants"))
    assert "stimulants" not in boosted.model("red:Di").objects and boosted.active is None
    after, events = engine.apply(boosted, "red", c.Activate("red:Di"))
    assert of(events, c.Activated)[0].success
    assert after.active.remaining_cm == pytest.approx(15 + 5)
    plain = arranged({"red:Di": (60, 80)}, dice=(3,))
    _, events = engine.apply(plain, "red", c.Activate("red:Di"))
    assert not of(events, c.Activated)[0].success


def test_stimulants_before_activation_only_for_whoever_activates_next():
    state = arranged({"red:Ana": (60, 80), "red:Di": (70, 80)}, **{"red:Di": {"objects": ("stimulants",)}})
    refused(state, "red", c.UseItem("red:Di", "stimulants"), "more skilled survivor")


def test_scenario_eight_plays_the_scenario_the_expert_picks():
    bands = two_bands().bands
    picked = engine.setup(TOWN, ZombieworldSetup(bands=bands, scenario="zombie_expert", picked="survival",
                                                 spawn_dice=0), 4)
    assert picked.scenario == "survival" and picked.rounds == 8
    rolled = engine.setup(TOWN, ZombieworldSetup(bands=bands, scenario="zombie_expert", picked="roll"), 4)
    assert rolled.scenario not in ("zombie_expert",)
    again = engine.setup(TOWN, ZombieworldSetup(bands=bands, scenario="zombie_expert", picked="roll"), 4)
    assert again.scenario == rolled.scenario
    with pytest.raises(ValueError, match="pick the scenario"):
        engine.setup(TOWN, ZombieworldSetup(bands=bands, scenario="zombie_expert"), 4)
    with pytest.raises(ValueError, match="not a scenario played in individual"):
        engine.setup(TOWN, ZombieworldSetup(bands=bands, scenario="zombie_expert", picked="protect",
                                            mode="individual"), 4)
