"""Zombieworld: stopping part-way up stairs and ladders (and meeting there), floors hiding models
from the floors above and below, jumping up from the ground, and survivors charging the riders of
a vehicle standing still."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import Figure, Table, can_see, make_piece
from game.rules.zombieworld.melee import _fight_pair
from game.rules.zombieworld.state import ZOMBIES, Activation, Place, State
from game.rules.zombieworld.working import Game
from game.rules.zombieworld.zombies import _zombie_target

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, arranged_state, two_bands  # noqa: E402


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def house(index: int = 0, x0: float = 20, y0: float = 20, x1: float = 50, y1: float = 50, height: float = 12.0,
          floors: int = 2, roof: bool = False, portals=()):
    """A house of ``floors`` storeys (6 cm each by default), a window in its west wall at y 33..37."""
    portals = portals or [((x0, 33), (x0, 37), "window", False, f"w{index}")]
    piece = make_piece(index, TerrainKind.BUILDING, box(x0, y0, x1, y1), height, label="House", portals=portals)
    return replace(piece, floors=floors, roof=roof)


def table_of(*pieces) -> Table:
    return Table.build(120, 120, pieces, ())


def arranged(table: Table, positions: dict[str, tuple[float, float]],
             zombies: dict[str, tuple[float, float]] | None = None, dice: tuple[int, ...] = (),
             d10: tuple[int, ...] = (), active: str | None = None, remaining_cm: float = 20.0,
             opened: tuple[int, ...] = (0,), **changes) -> State:
    """Red's turn on the given table with only the named models (and a far blue one); dice queued."""
    return arranged_state(positions, zombies, dice=dice, d10=d10, active=active, remaining_cm=remaining_cm,
                          changes=changes, table=table, vehicles=(),
                          places=tuple(Place(i, opened=True) for i in opened))


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


def turn_again(state: State, model_id: str, remaining_cm: float = 20.0) -> State:
    return replace(state, active=Activation(model_id, remaining_cm))


def zombies_act(state: State) -> tuple[State, tuple]:
    """End red's only activation: the zombies play next (blue's one survivor waits far off)."""
    model = replace(state.model(state.active.model), activated=True)
    blue = replace(engine.setup(TOWN, two_bands(spawn_dice=0), 1).model("blue:Di"), x=118, y=118)
    state = replace(state, order=("red", ZOMBIES, "blue"),
                    models=(*(model if m.id == model.id else m for m in state.models), blue))
    return engine.apply(state, "red", c.EndActivation(state.active.model))


# --- stopping part-way up a stairway ------------------------------------------------------------


def test_short_of_cm_a_survivor_stops_part_way_up_and_goes_on_later_without_stepping_on_again():
    table = table_of(house())
    state = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", remaining_cm=8, d10=(6,))
    after, events = engine.apply(state, "red", c.Climb("red:Bo", 1))
    bo = after.model("red:Bo")
    assert (bo.level, bo.stairs_cm, bo.position) == (0, 3.0, (30, 30))  # 5 cm to step on, 3 of the 6 cm storey
    assert after.active.remaining_cm == 0 and of(events, c.Climbed)[0].stairs_cm == 3.0
    assert not of(events, c.DiceRolled)  # not on the floor yet: nobody rolled for
    assert Game(after).height_of(bo) == 3.0
    # next turn: the 3 cm left of the storey, no second 5 cm; now it rolls for who is up there
    on, events = engine.apply(turn_again(after, "red:Bo"), "red", c.Climb("red:Bo", 1))
    assert (on.model("red:Bo").level, on.model("red:Bo").stairs_cm) == (1, 0.0)
    assert on.active.remaining_cm == pytest.approx(17)
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["floor 1 entry"]
    # or back down the way it came: 3 cm
    down, _ = engine.apply(turn_again(after, "red:Bo"), "red", c.Climb("red:Bo", 0))
    assert (down.model("red:Bo").level, down.model("red:Bo").stairs_cm) == (0, 0.0)
    assert down.active.remaining_cm == pytest.approx(17)


def test_going_down_part_way_and_a_firefighter_steps_on_for_nothing():
    table = table_of(house(height=18.0, floors=3))
    state = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", remaining_cm=9, **{"red:Bo": {"level": 2}})
    after, _ = engine.apply(state, "red", c.Climb("red:Bo", 0))
    bo = after.model("red:Bo")  # from 12 cm up: 5 to step on, 4 down: 8 cm up, part-way between 1 and 2
    assert (bo.level, bo.stairs_cm) == (1, 2.0)
    free = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", remaining_cm=4, **{"red:Bo": {"ability": "free_entry"}})
    after, _ = engine.apply(free, "red", c.Climb("red:Bo", 2))
    assert (after.model("red:Bo").level, after.model("red:Bo").stairs_cm) == (0, 4.0)


def test_part_way_up_a_model_only_climbs_on_or_back_shoots_or_uses_objects():
    table = table_of(house())
    state = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", **{"red:Bo": {"stairs_cm": 3.0}})
    options = engine.legal_commands(state, "red")
    assert c.Climb("red:Bo", 0) in options and c.Climb("red:Bo", 1) in options
    assert not any(isinstance(o, (c.MoveTemplate, c.Sprint, c.Search, c.ChargeTemplate, c.JumpTemplate, c.Entrench))
                   for o in options)
    refused(state, "red", c.MoveModel("red:Bo", ((32, 30),)), "part-way up the stairs")
    refused(state, "red", c.Sprint("red:Bo"), "part-way up the stairs")
    refused(state, "red", c.Search("red:Bo"), "part-way up the stairs")
    # a Climb is offered once the model can at least step on; with less it is refused
    short = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", remaining_cm=4)
    assert not any(isinstance(o, c.Climb) for o in engine.legal_commands(short, "red"))
    refused(short, "red", c.Climb("red:Bo", 1), "stepping onto the stairs costs 5 cm")
    enough = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", remaining_cm=6)
    assert c.Climb("red:Bo", 1) in engine.legal_commands(enough, "red")


def test_shooting_from_the_stairs_is_at_minus_one_only_after_moving():
    table = table_of(house())
    base = arranged(table, {"red:Bo": (30, 30)}, zombies={"zq": (38, 30)}, active="red:Bo", dice=(6, 6),
                    **{"red:Bo": {"stairs_cm": 3.0}})
    for moved, expected in ((True, True), (False, False)):
        state = replace(base, active=Activation("red:Bo", 20, moved=moved))
        _, events = engine.apply(state, "red", c.Shoot("red:Bo", (("zq", 1),)))
        shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
        assert (("shooting from the stairs after moving", -1) in shot.modifiers) is expected


def test_a_ladder_can_be_left_part_way_and_climbed_on_later():
    table = table_of(house(roof=True), make_piece(1, TerrainKind.STAIRS, box(33, 50, 37, 54), label="Ladder"))
    state = arranged(table, {"red:Bo": (35, 53)}, active="red:Bo", remaining_cm=10)
    after, _ = engine.apply(state, "red", c.Climb("red:Bo", 2, ladder=1))
    bo = after.model("red:Bo")
    assert (bo.level, bo.ladder, bo.stairs_cm, bo.position) == (0, 1, 5.0, (35, 53))
    assert Game(after).height_of(bo) == 5.0
    again = turn_again(after, "red:Bo")
    options = engine.legal_commands(again, "red")
    assert c.Climb("red:Bo", 0, ladder=1) in options and c.Climb("red:Bo", 2, ladder=1) in options
    up, _ = engine.apply(again, "red", c.Climb("red:Bo", 2, ladder=1))
    bo = up.model("red:Bo")
    assert bo.level == 2 and bo.ladder == -1 and up.table.building_at(bo.position) == 0
    assert up.active.remaining_cm == pytest.approx(20 - 7)
    down, _ = engine.apply(again, "red", c.Climb("red:Bo", 0, ladder=1))
    assert (down.model("red:Bo").ladder, down.model("red:Bo").stairs_cm) == (-1, 0.0)
    assert down.active.remaining_cm == pytest.approx(15)


def test_a_zombie_climbs_to_a_survivor_part_way_up_its_stairs_and_they_fight_there():
    table = table_of(house())
    state = arranged(table, {"red:Bo": (30, 30)}, zombies={"zq": (40, 30)}, active="red:Bo",
                     dice=(1, 6), **{"red:Bo": {"stairs_cm": 3.0}})
    # the survivor on the stairs is in the stairwell: seen from the floor below
    game = Game(state)
    assert _zombie_target(game, state.model("zq"), game.figures(), frozenset()) is not None
    _, events = zombies_act(state)
    climbed = of(events, c.Climbed)  # 5 cm to step on, then up to just below it: in contact
    assert [(e.model, e.level, e.stairs_cm) for e in climbed] == [("zq", 0, 0.5)]
    assert climbed[0].cost_cm == pytest.approx(5.5)
    fights = of(events, c.MeleeFought)
    assert fights and {fights[0].model, fights[0].opponent} == {"red:Bo", "zq"}
    # a survivor on the floor below meets nobody part-way up the stairs
    standing = replace(state, models=tuple(replace(m, stairs_cm=0.0) if m.id == "red:Bo" else
                                           replace(m, stairs_cm=0.5) if m.id == "zq" else m for m in state.models))
    game = Game(standing)
    assert not game.engaged_with(standing.model("red:Bo")) and not game.engaged_with(standing.model("zq"))


# --- floors hide models from the floors above and below -----------------------------------------


def test_floors_hide_models_on_other_floors_of_a_building_but_not_from_the_stairwell():
    table = table_of(house())
    upstairs = Figure("up", 30, 30, base_cm=6.0)
    downstairs = Figure("down", 36, 30)
    assert not can_see(table, upstairs, downstairs) and not can_see(table, downstairs, upstairs)
    assert can_see(table, upstairs, Figure("mate", 40, 30, base_cm=6.0))
    on_stairs = Figure("stairs", 40, 30, base_cm=3.0, stairwell=0)
    assert can_see(table, upstairs, on_stairs) and can_see(table, downstairs, on_stairs)
    assert can_see(table, on_stairs, downstairs)


def test_a_roof_hides_the_rooms_below_it_and_a_floor_hides_the_feet_of_a_model_at_a_window():
    table = table_of(house(roof=True))
    on_roof = Figure("roof", 30, 30, base_cm=12.0)
    assert not can_see(table, on_roof, Figure("inside", 36, 30))
    # from across the street a model on floor 1 by the window is seen; from right below it is not
    by_window = Figure("window", 22, 35, base_cm=6.0)
    assert can_see(table, Figure("far", 2, 35), by_window)
    assert not can_see(table, Figure("below", 18, 35), by_window)


def test_a_zombie_on_the_ground_floor_does_not_target_a_survivor_upstairs_it_cannot_see():
    table = table_of(house())
    state = arranged(table, {"red:Bo": (30, 30)}, zombies={"zq": (40, 30)}, active="red:Bo",
                     **{"red:Bo": {"level": 1}})
    game = Game(state)
    assert _zombie_target(game, state.model("zq"), game.figures(), frozenset()) is None
    assert not engine.legal_commands(state, "red") or not any(
        isinstance(o, c.ShootTemplate) and "zq" in o.targets for o in engine.legal_commands(state, "red"))


# --- jumping from the ground --------------------------------------------------------------------


def test_a_jump_from_the_ground_onto_crates_pays_gap_and_height_and_runs_on():
    crates = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 5.0, label="Crates")
    state = arranged(table_of(crates), {"red:Bo": (44, 54)}, active="red:Bo", opened=())
    assert any(isinstance(o, c.JumpTemplate) for o in engine.legal_commands(state, "red"))
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (52, 54), 0))
    bo = after.model("red:Bo")
    assert bo.position == pytest.approx((58 - 1.25, 54), abs=0.06)  # 5 cm on would hang off: as far as it fits
    assert Game(after).height_of(bo) == 5.0
    run = bo.x - 52
    assert after.active.remaining_cm == pytest.approx(20 - (4.75 + 0.75 + 5 + run))  # up to it, in, up, run on
    assert not of(events, c.DiceRolled)  # no landing check from 5 cm or less
    far = arranged(table_of(crates), {"red:Bo": (20, 20)}, active="red:Bo", opened=())
    assert not any(isinstance(o, c.JumpTemplate) for o in engine.legal_commands(far, "red"))


def test_a_jump_from_the_ground_onto_a_low_roof_passes_over_its_walls_but_not_higher_than_5_cm():
    shed = house(0, 50, 50, 70, 70, height=4.0, floors=1, roof=True)
    state = arranged(table_of(shed), {"red:Bo": (45, 60)}, active="red:Bo", opened=())
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (53, 60), 1))
    bo = after.model("red:Bo")
    assert bo.level == 1 and Game(after).on_roof(bo) and bo.position == pytest.approx((58, 60))
    assert after.active.remaining_cm == pytest.approx(20 - (3.75 + 1.75 + 4 + 5))  # up to it, in, up, run on
    assert not [e for e in of(events, c.DiceRolled) if "entry" in e.purpose]  # a roof is open air
    tall = house(0, 50, 50, 70, 70, height=6.0, floors=1, roof=True)
    refused(arranged(table_of(tall), {"red:Bo": (45, 60)}, active="red:Bo", opened=()), "red",
            c.Jump("red:Bo", (53, 60), 1), "at most 5 cm")
    # the ground floor of a building is not a place to jump to
    refused(state, "red", c.Jump("red:Bo", (53, 60), 0), "upper floors")


def test_falling_short_of_a_jump_from_the_ground_hurts_only_from_a_full_5_cm():
    crates = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 5.0, label="Crates")
    state = arranged(table_of(crates), {"red:Bo": (44, 54)}, active="red:Bo", remaining_cm=6, opened=())
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (52, 54), 0))
    assert of(events, c.Jumped)[0].fell and after.model("red:Bo").wounds == 1
    low = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 4.0, label="Crates")
    state = arranged(table_of(low), {"red:Bo": (44, 54)}, active="red:Bo", remaining_cm=6, opened=())
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (52, 54), 0))
    assert of(events, c.Jumped)[0].fell and after.model("red:Bo").wounds == 0


# --- survivors charging riders ------------------------------------------------------------------

CAR_SIDE = (64.3, 27.0)  # touching the east side of the town square's car (v1)


def car_state(positions, riders, dice=(), vehicles=None, remaining_cm=15.0, active="red:Cy") -> State:
    state = engine.setup(TOWN, two_bands(spawn_dice=0), 1)
    fleet = [replace(v, opened=True, **(vehicles or {}).get(v.id, {})) for v in state.vehicles]
    car = next(v for v in fleet if v.id == "v1")
    models = [replace(state.model(mid), x=x, y=y) for mid, (x, y) in positions.items()]
    models += [replace(state.model(mid), vehicle="v1", seat=seat, x=car.x, y=car.y) for mid, seat in riders.items()]
    return replace(state, models=tuple(models), vehicles=tuple(fleet), order=("red", "blue", ZOMBIES), turn=0,
                   bangs=(), rng=force_dice(state.rng, dice), active=Activation(active, remaining_cm))


def test_a_survivor_charges_the_rider_of_a_car_standing_still_who_fights_at_minus_one():
    state = car_state({"red:Cy": (70.0, 27.0)}, {"blue:Bo": 1}, dice=(1, 1, 2, 5, 3))
    template = next(o for o in engine.legal_commands(state, "red") if isinstance(o, c.ChargeTemplate))
    assert "blue:Bo" in template.targets
    after, events = engine.apply(state, "red", c.Charge("red:Cy", "blue:Bo", (CAR_SIDE,)))
    reaction = of(events, c.ReactionResolved)
    assert reaction and reaction[0].model == "blue:Bo"
    rider_roll = next(e for e in of(events, c.DiceRolled) if e.purpose == "melee" and e.model == "blue:Bo")
    assert ("fighting from a vehicle", -1) in rider_roll.modifiers
    fight = of(events, c.MeleeFought)[0]
    assert {fight.model, fight.opponent} == {"red:Cy", "blue:Bo"}
    # riders are never locked in melee: the charger is free, its move left over
    assert not after.active.must_fight and after.active.remaining_cm == pytest.approx(15 - 5.7, abs=0.01)
    assert after.model("red:Cy").position == CAR_SIDE


def test_riders_of_a_moving_vehicle_cannot_be_charged_and_a_charge_must_reach_the_body():
    moving = car_state({"red:Cy": (70.0, 27.0)}, {"blue:Bo": 0}, vehicles={"v1": {"moving": True, "running": True}})
    refused(moving, "red", c.Charge("red:Cy", "blue:Bo", (CAR_SIDE,)), "on the move")
    assert not any(isinstance(o, c.ChargeTemplate) and "blue:Bo" in o.targets
                   for o in engine.legal_commands(moving, "red"))
    short = car_state({"red:Cy": (70.0, 27.0)}, {"blue:Bo": 0})
    refused(short, "red", c.Charge("red:Cy", "blue:Bo", ((67.0, 27.0),)), "ends touching")
    solo = replace(car_state({"red:Cy": (70.0, 27.0)}, {"blue:Bo": 0}), mode="individual")
    refused(solo, "red", c.Charge("red:Cy", "blue:Bo", (CAR_SIDE,)), "individual mode")


# --- exchanging equipment -----------------------------------------------------------------------


def test_band_mates_within_2_cm_exchange_equipment_as_one_action():
    # Bo: pistol + blade in hand, nothing in the backpack; Cy: shotgun in hand, baseball bat in the backpack
    state = arranged(table_of(), {"red:Bo": (30, 30), "red:Cy": (33.5, 30)}, active="red:Bo", opened=(),
                     **{"red:Bo": {"objects": ("medkit",), "uses": (("medkit", 1),), "unloaded": ("pistol",)},
                        "red:Cy": {"elements": ("antidote",)}})
    template = next(o for o in engine.legal_commands(state, "red") if isinstance(o, c.ExchangeTemplate))
    assert template.partners == ("red:Cy",)
    after, events = engine.apply(state, "red", c.Exchange("red:Bo", "red:Cy", give=("medkit",),
                                                          take=("antidote",)))
    bo, cy = after.model("red:Bo"), after.model("red:Cy")
    assert bo.objects == () and cy.objects == ("medkit",) and dict(cy.uses) == {"medkit": 1}
    assert bo.elements == ("antidote",) and cy.elements == ()
    assert after.active.action_used and of(events, c.ItemsExchanged)
    # a weapon goes to a free hand or backpack, its marks with it; no room refuses the whole exchange
    empty = replace(state, models=tuple(replace(m, hand=(), backpack=()) if m.id == "red:Cy" else m
                                        for m in state.models))
    after, _ = engine.apply(empty, "red", c.Exchange("red:Bo", "red:Cy", give=("pistol",)))
    assert after.model("red:Cy").hand == ("pistol",) and after.model("red:Cy").unloaded == ("pistol",)
    assert after.model("red:Bo").hand == ("blade",) and after.model("red:Bo").unloaded == ()
    refused(state, "red", c.Exchange("red:Bo", "red:Cy", give=("pistol",), take=("antidote",)), "no free hand")
    refused(state, "red", c.Exchange("red:Bo", "red:Cy", take=("grenade",)), "carries no")
    apart = arranged(table_of(), {"red:Bo": (30, 30), "red:Cy": (36, 30)}, active="red:Bo", opened=())
    refused(apart, "red", c.Exchange("red:Bo", "red:Cy", give=("blade",)), "within 2 cm")
    assert not any(isinstance(o, c.ExchangeTemplate) for o in engine.legal_commands(apart, "red"))
    foe = arranged(table_of(), {"red:Bo": (30, 30), "blue:Cy": (33.5, 30)}, active="red:Bo", opened=())
    refused(foe, "red", c.Exchange("red:Bo", "blue:Cy", give=("blade",)), "same band")


def test_hostile_survivors_who_tie_fight_again_at_once_but_zombies_grab_on_a_tie():
    # both frightened survivors swing a bat: 2 dice each at skill 2
    state = arranged(table_of(), {"red:Di": (30, 30), "blue:Di": (32.5, 30)}, opened=(),
                     dice=(4, 2, 4, 1, 5, 1, 2, 1))
    game = Game(state)
    _fight_pair(game, game.models["red:Di"], game.models["blue:Di"], 2)
    fights = of(game.events, c.MeleeFought)
    assert [(f.winner, f.wounds) for f in fights] == [("", 0), ("red:Di", 1)]
    assert game.models["blue:Di"].wounds == 1
    zombie = arranged(table_of(), {"red:Di": (30, 30)}, zombies={"zq": (32.5, 30)}, opened=(), dice=(4, 2, 3))
    game = Game(zombie)
    _fight_pair(game, game.models["red:Di"], game.models["zq"], 2)
    assert [f.winner for f in of(game.events, c.MeleeFought)] == [""] and game.models["red:Di"].grabbed


def test_a_zombie_part_way_up_with_nobody_in_sight_goes_back_down_instead_of_wandering():
    table = table_of(house())
    state = arranged(table, {"red:Bo": (100, 100)}, zombies={"zq": (30, 30)}, active="red:Bo",
                     **{"zq": {"stairs_cm": 2.0}})
    after, events = zombies_act(state)
    zombie = after.model("zq")
    assert (zombie.level, zombie.stairs_cm, zombie.position) == (0, 0.0, (30, 30))
    assert [(e.model, e.cost_cm) for e in of(events, c.Climbed)] == [("zq", 2.0)]
