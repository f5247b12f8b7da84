"""What the window asks the engine to measure (``engine.move_cost``, ``reach``, ``jump_price``,
``drive_plan``, ``shot_range``, ``at_exit``, ``profile``) is what the engine then charges when the
command is played."""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import Table, make_piece

sys.path.insert(0, str(Path(__file__).parent))
from helpers import arranged_state  # noqa: E402

ROW_Y = 60.0  # a clear east-west street on the town square


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def moved_cost(state, command) -> tuple[float, float]:
    """The cost the played move reports, and what is left of the move after it."""
    after, events = engine.apply(state, "red", command)
    return of(events, c.ModelMoved)[0].cost_cm, after.active.remaining_cm


def test_a_walk_in_the_open_costs_its_length_and_climbing_out_of_an_entrenched_spot_five_more():
    path = ((30.0, ROW_Y),)
    plain = arranged_state({"red:Bo": (20, ROW_Y)}, active="red:Bo", remaining_cm=20)
    dug_in = arranged_state({"red:Bo": (20, ROW_Y)}, active="red:Bo", remaining_cm=20,
                            changes={"red:Bo": {"entrenched": True}})
    assert engine.move_cost(plain, "red:Bo", path).cost_cm == pytest.approx(10)
    assert engine.move_cost(dug_in, "red:Bo", path).cost_cm == pytest.approx(15)
    assert moved_cost(plain, c.MoveModel("red:Bo", path)) == pytest.approx((10, 10))
    assert moved_cost(dug_in, c.MoveModel("red:Bo", path)) == pytest.approx((15, 5))


def hut() -> Table:
    """A one-room hut with its door on the west side, on an empty table."""
    room = make_piece(0, TerrainKind.BUILDING, ((40, 40), (60, 40), (60, 60), (40, 60)), 6.0, label="Hut",
                      portals=[((40, 48), (40, 52), "door", False, "d1")])
    return Table.build(120, 120, (room,), ())


@pytest.mark.parametrize(("changes", "entry_cm"), [({}, 5.0), ({"defect": "no_balance"}, 8.0),
                                                    ({"ability": "free_entry"}, 0.0)])
def test_entering_a_building_costs_the_models_own_price(changes, entry_cm):
    state = arranged_state({"red:Bo": (30, 50)}, active="red:Bo", remaining_cm=25, d10=(1,), table=hut(),
                           changes={"red:Bo": changes})
    path = ((45.0, 50.0),)
    measured = engine.move_cost(state, "red:Bo", path)
    assert measured.ok and measured.cost_cm == pytest.approx(15 + entry_cm)
    assert moved_cost(state, c.MoveModel("red:Bo", path))[0] == pytest.approx(measured.cost_cm)


def test_a_path_through_a_wall_is_refused_with_the_engines_reason():
    state = arranged_state({"red:Bo": (30, 45)}, active="red:Bo", remaining_cm=30, table=hut())
    measured = engine.move_cost(state, "red:Bo", ((50.0, 45.0),))
    assert not measured.ok
    with pytest.raises(IllegalCommand) as refusal:
        engine.check(state, "red", c.MoveModel("red:Bo", ((50.0, 45.0),)))
    assert refusal.value.reason == measured.problem


def test_the_reach_areas_follow_the_models_move_and_its_sprint():
    state = arranged_state({"red:Bo": (20, ROW_Y)}, active="red:Bo", remaining_cm=15)
    found = engine.reach(state, "red:Bo", rays=16, halvings=10)
    assert found is not None and found.walk_cm == 15 and found.sprint_cm == 15 + 2 * engine.SPRINT_STEP_CM
    east = found.walk[0]  # ray 0 points east along the open street
    assert math.dist(east, (20, ROW_Y)) == pytest.approx(15, abs=0.05)
    assert math.dist(found.sprint[0], (20, ROW_Y)) == pytest.approx(25, abs=0.05)
    dug_in = engine.reach(replace(state, models=tuple(replace(m, entrenched=True) if m.id == "red:Bo" else m
                                                      for m in state.models)), "red:Bo", rays=16, halvings=10)
    assert dug_in is not None and dug_in.walk_cm == 10
    assert math.dist(dug_in.walk[0], (20, ROW_Y)) == pytest.approx(10, abs=0.05)
    obese = arranged_state({"red:Bo": (20, ROW_Y)}, active="red:Bo", remaining_cm=15,
                           changes={"red:Bo": {"defect": "obese"}})
    slow = engine.reach(obese, "red:Bo", rays=16, halvings=10)
    assert slow is not None and slow.sprint == () and slow.sprint_cm == 0
    assert engine.reach(state, "red:Ana") is None  # only the acting model has areas


def two_houses() -> Table:
    """Two two-floor houses 6 cm apart, windows facing across the gap."""
    west = make_piece(0, TerrainKind.BUILDING, ((10, 10), (30, 10), (30, 30), (10, 30)), 12.0, label="West",
                      portals=[((30, 18), (30, 22), "window", False, "w1")])
    east = make_piece(1, TerrainKind.BUILDING, ((36, 10), (56, 10), (56, 30), (36, 30)), 12.0, label="East",
                      portals=[((36, 18), (36, 22), "window", False, "w2")])
    return Table.build(120, 120, (replace(west, floors=2), replace(east, floors=2)), ())


def test_a_jump_is_priced_as_the_engine_charges_it():
    state = arranged_state({"red:Bo": (28.5, 20)}, active="red:Bo", remaining_cm=20, dice=(2,), d10=(6,),
                           table=two_houses(), changes={"red:Bo": {"level": 1}})
    assert engine.height_cm(state, "red:Bo") == pytest.approx(6)
    price = engine.jump_price(state, "red:Bo", (37.5, 20), 1)
    # book 11.4: 0.25 cm to the window, the 6 cm gap, 0.25 cm in (both floors 6 cm up), the 5 cm run on
    assert price.ok and price.cost_cm == pytest.approx(0.25 + 6 + 0.25 + 5)
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (37.5, 20), 1))
    assert of(events, c.Jumped)[0].cost_cm == pytest.approx(price.cost_cm)
    assert not engine.jump_price(state, "red:Bo", (33, 20), 1).ok  # the gap between the houses


def test_a_drive_is_planned_as_it_is_driven():
    state = arranged_state({"red:Bo": (0, 0)}, active="red:Bo", remaining_cm=15)
    car = next(v for v in state.vehicles if v.id == "v1")  # on the town square, nose south
    state = replace(state, vehicles=tuple(replace(v, running=True) if v.id == "v1" else v for v in state.vehicles),
                    models=tuple(replace(m, vehicle="v1", seat=0, x=car.x, y=car.y) if m.id == "red:Bo" else m
                                 for m in state.models))
    drive = c.Drive("red:Bo", ((60.5, 50), (70.5, 50)))
    plan = engine.drive_plan(state, drive)
    template = next(o for o in engine.legal_commands(state, "red") if isinstance(o, c.DriveTemplate))
    assert plan.turns == 1 and plan.cost_cm == pytest.approx(18 + template.turn_cost_cm + 10)
    after, events = engine.apply(state, "red", drive)
    assert of(events, c.VehicleMoved)[0].cost_cm == pytest.approx(plan.cost_cm)
    end = after.vehicle("v1")
    assert plan.end_pose == pytest.approx((end.x, end.y, end.facing))
    with pytest.raises(IllegalCommand, match="costs"):
        engine.drive_plan(state, c.Drive("red:Bo", ((60.5, 50), (73.5, 50))))


def test_a_shots_range_band_and_cover_are_the_engines():
    state = arranged_state({"red:Ana": (20, ROW_Y), "blue:Bo": (24, ROW_Y), "blue:Cy": (50, ROW_Y),
                            "blue:Di": (80, ROW_Y)}, active="red:Ana")
    close = engine.shot_range(state, "red:Ana", "blue:Bo", "assault_rifle", 35)
    assert close.band == "point blank" and close.distance_cm == pytest.approx(4 - 2.5) and close.cover == "open"
    assert engine.shot_range(state, "red:Ana", "blue:Cy", "assault_rifle", 35).band == "in range"
    assert engine.shot_range(state, "red:Ana", "blue:Di", "assault_rifle", 35).band == "out of range"


def test_the_exit_edge_is_touched_within_a_base_and_a_little():
    table = hut()
    assert engine.at_exit(table, (1.5, 50), "w") and not engine.at_exit(table, (1.5, 50), "e")
    assert engine.at_exit(table, (60, 118.4), "any") and not engine.at_exit(table, (60, 110), "any")


def test_the_profile_shown_is_the_one_the_rules_use():
    state = arranged_state({"red:Bo": (20, ROW_Y)}, changes={"red:Bo": {"improvements": ("move", "skill"),
                                                                         "defect": "helpless"}})
    profile, wounds, move_cm = engine.profile(state, "red:Bo")
    hardened = state.catalog.rank("hardened").healthy
    assert (profile.skill, profile.move_cm) == (hardened.skill + 1, hardened.move_cm + 5)
    assert wounds == 4 and move_cm == hardened.move_cm + 5 - 5  # helpless: 5 cm less


def test_a_shots_odds_count_the_shooters_own_modifiers_once():
    # Ana on stimulants: +1 skill, which the roll also lists as ("stimulant", 1) for the reader
    positions = {"red:Ana": (20, ROW_Y), "blue:Cy": (40, ROW_Y)}
    boosted = {"red:Ana": {"boosts": (("stimulants", 5),)}}
    state = arranged_state(positions, active="red:Ana", changes=boosted)
    measured = engine.shot_range(state, "red:Ana", "blue:Cy", "assault_rifle", 35)
    skill = state.catalog.rank("born").healthy.skill + 1
    assert measured.bonus == skill  # nothing else applies in the open street at 17.5 cm
    lowest_wounding = measured.needs - measured.bonus
    assert measured.chance_per_die == pytest.approx((7 - max(1, lowest_wounding)) / 6)
    for die, result in ((lowest_wounding, "wound"), (lowest_wounding - 1, "miss")):
        rolled = arranged_state(positions, active="red:Ana", changes=boosted, dice=(die, 6, 6))
        _, events = engine.apply(rolled, "red", c.Shoot("red:Ana", (("blue:Cy", 1),), "assault_rifle"))
        shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
        assert ("stimulant", 1) in shot.modifiers and shot.results == (result,)
