"""Zombieworld vehicles: boarding and leaving, the start roll, driving, running over, runaways and
crashes, regaining control, shooting from and at riders, searching, own vehicles, shop rewards."""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.core.base import IllegalCommand
from game.rules.core.rng import force_dice
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.geometry import Footprint, footprint_problem, sweep
from game.rules.zombieworld.searching import _receive
from game.rules.zombieworld.state import ZOMBIES, Activation, BandEntry, Model, State, ZombieworldSetup
from game.rules.zombieworld.working import Game
from game.rules.zombieworld.zombies import zombie_turn

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, two_bands  # noqa: E402

# On the town square the car (v1) stands at (60.5, 27) nose south, 10 x 5 cm: its front at y 32,
# its sides at x 58 and 63. The street south of it is open down to the fountain (y 56).
CAR_SIDE = (64.3, 27.0)
SOUTH = math.pi / 2


def table_state(positions: dict[str, tuple[float, float]], zombies: dict[str, tuple[float, float]] | None = None,
                dice: tuple[int, ...] = (), d10: tuple[int, ...] = (), active: str | None = None,
                remaining_cm: float = 15.0, riders: dict[str, tuple[str, int]] | None = None,
                vehicles: dict[str, dict] | None = None, **changes) -> State:
    state = engine.setup(TOWN, two_bands(spawn_dice=0), 1)
    models = [replace(state.model(mid), x=x, y=y, **changes.get(mid, {})) for mid, (x, y) in positions.items()]
    models += [Model(id=zid, side=ZOMBIES, kind="zombie", profile="walker", name="Walker", x=x, y=y)
               for zid, (x, y) in (zombies or {}).items()]
    fleet = [replace(v, **(vehicles or {}).get(v.id, {})) for v in state.vehicles]
    by_id = {v.id: v for v in fleet}
    for model_id, (vehicle_id, seat) in (riders or {}).items():
        vehicle = by_id[vehicle_id]
        models = [replace(m, vehicle=vehicle_id, seat=seat, x=vehicle.x, y=vehicle.y) if m.id == model_id else m
                  for m in models]
    state = replace(state, models=tuple(models), vehicles=tuple(fleet), order=("red", "blue", ZOMBIES), turn=0,
                    bangs=(), rng=force_dice(state.rng, dice)).with_d10(d10)
    if active:
        state = replace(state, active=Activation(active, remaining_cm))
    return state


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


# --- the table's vehicles -----------------------------------------------------------------------


def test_vehicle_markers_become_vehicles_and_their_scenery_leaves_the_rules_table():
    state = engine.setup(TOWN, two_bands(spawn_dice=0), 1)
    car, van = state.vehicles
    assert (car.vehicle, van.vehicle) == ("saloon", "van")
    assert (car.x, car.y, car.length_cm, car.width_cm) == (60.5, 27.0, 10.0, 5.0)
    assert car.facing == pytest.approx(SOUTH) and van.facing == pytest.approx(0.0)
    # the car drawn as a 4 cm obstacle no longer blocks anyone: the vehicle's body does
    car_piece = next(p for p in state.table.pieces if p.label == "Car")
    assert car_piece.height_cm == 0 and car_piece.sight_height_cm == 0


def test_a_body_cannot_stand_in_a_building_and_a_sweep_stops_short_of_one():
    state = engine.setup(TOWN, two_bands(spawn_dice=0), 1)
    assert footprint_problem(state.table, Footprint(80, 30, 0.0, 8, 3.5)) == "the Chemist"
    # driving east from x 60 along y 30 meets the Chemist's west wall at x 76
    result = sweep(state.table, Footprint(66, 30, 0.0, 8, 3.5), 20, [])
    assert result.stopped_by == "the Chemist"
    assert result.footprint.front[0] == pytest.approx(76, abs=0.6) and result.footprint.front[0] <= 76


# --- boarding and leaving -----------------------------------------------------------------------


def test_boarding_by_a_side_door_costs_its_move_and_takes_a_seat():
    state = table_state({"red:Bo": CAR_SIDE}, dice=(4,), active="red:Bo")
    after, events = engine.apply(state, "red", c.BoardVehicle("red:Bo", "v1"))
    bo = after.model("red:Bo")
    assert (bo.vehicle, bo.seat, bo.position) == ("v1", 0, (60.5, 27.0))
    assert after.active.remaining_cm == 0
    assert after.vehicle("v1").opened and of(events, c.VehicleBoarded)
    # a rider does not walk
    refused(replace(after, active=Activation("red:Bo", 10)), "red", c.MoveModel("red:Bo", ((70, 40),)), "get out first")


def test_a_zombie_hiding_in_the_car_stops_the_boarding():
    # D6 1: a zombie inside; surprise: survivor 2 + 4 vs zombie 6 + 3, then the melee dice
    state = table_state({"red:Bo": CAR_SIDE}, dice=(1, 6, 2, 6, 6, 1), active="red:Bo")
    after, events = engine.apply(state, "red", c.BoardVehicle("red:Bo", "v1"))
    (spawned,) = [e for e in of(events, c.ZombieSpawned) if e.source == "vehicle"]
    assert not of(events, c.VehicleBoarded)
    assert of(events, c.MeleeFought)
    assert after.model("red:Bo").vehicle == "" and after.vehicle("v1").opened
    assert spawned.zombie in {m.id for m in after.models} or of(events, c.ModelRemoved)


def test_boarding_is_refused_by_the_front_when_full_and_out_of_reach():
    front = (60.5, 33.3)
    state = table_state({"red:Bo": front}, active="red:Bo")
    refused(state, "red", c.BoardVehicle("red:Bo", "v1"), "not the front")
    far = table_state({"red:Bo": (80, 50)}, active="red:Bo")
    refused(far, "red", c.BoardVehicle("red:Bo", "v1"), "touch the vehicle")
    short = table_state({"red:Bo": CAR_SIDE}, active="red:Bo", remaining_cm=4)  # book 9.1: it stays beside
    after, events = engine.apply(short, "red", c.BoardVehicle("red:Bo", "v1"))
    assert of(events, c.BoardingFellShort) and not of(events, c.VehicleBoarded)
    assert after.model("red:Bo").vehicle == "" and after.active.remaining_cm == 0
    full = table_state({"red:Bo": CAR_SIDE, "red:Cy": (0, 0), "red:Di": (0, 0), "red:Ana": (0, 0),
                        "blue:Ana": (0, 0)}, active="red:Bo",
                       riders={"red:Cy": ("v1", 0), "red:Di": ("v1", 1), "red:Ana": ("v1", 2), "blue:Ana": ("v1", 3)})
    before = full
    refused(full, "red", c.BoardVehicle("red:Bo", "v1"), "full")
    assert full == before


def test_getting_out_by_the_rear_and_walking_on():
    rear = (60.5, 20.7)
    state = table_state({"red:Bo": (0, 0)}, active="red:Bo", remaining_cm=15, riders={"red:Bo": ("v1", 1)})
    after, events = engine.apply(state, "red", c.LeaveVehicle("red:Bo", (rear, (60.5, 14.7))))
    bo = after.model("red:Bo")
    assert bo.vehicle == "" and bo.position == (60.5, 14.7)
    assert after.active.remaining_cm == pytest.approx(15 - 5 - 6)
    assert of(events, c.VehicleLeft)[0].position == rear
    refused(state, "red", c.LeaveVehicle("red:Bo", ((60.5, 33.3),)), "not the front")


def test_changing_seat_is_an_action_and_a_swap_activates_the_other():
    state = table_state({"red:Bo": (0, 0), "red:Cy": (0, 0)}, active="red:Bo",
                        riders={"red:Bo": ("v1", 1), "red:Cy": ("v1", 0)})
    after, _ = engine.apply(state, "red", c.ChangeSeat("red:Bo", 0))
    assert after.model("red:Bo").seat == 0 and after.model("red:Cy").seat == 1
    assert after.model("red:Cy").activated and after.active.action_used


# --- the start roll and driving -----------------------------------------------------------------


def driver_state(dice=(), d10=(), vehicle_changes=None, zombies=None, **kwargs) -> State:
    return table_state({"red:Bo": (0, 0)}, zombies=zombies, dice=dice, d10=d10, active="red:Bo", remaining_cm=15,
                       riders={"red:Bo": ("v1", 0)}, vehicles={"v1": vehicle_changes or {}}, **kwargs)


def test_a_found_car_that_will_not_start_stays_put_and_the_action_is_spent():
    state = driver_state(dice=(3,))
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 50),)))
    (started,) = of(events, c.VehicleStarted)
    assert not started.started and after.vehicle("v1").stalled
    assert after.vehicle("v1").position == (60.5, 27.0)
    assert after.active.action_used and after.active.drove
    assert not after.bangs


def test_a_car_that_starts_makes_noise_and_drives_from_its_front():
    state = driver_state(dice=(4,))
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 50),)))
    car = after.vehicle("v1")
    assert car.running and car.moving and car.moved_round == after.round
    assert (car.x, car.y) == pytest.approx((60.5, 45.0))  # front from 32 to 50
    assert after.model("red:Bo").position == pytest.approx((60.5, 45.0))
    assert [b.value for b in after.bangs] == [2]
    assert of(events, c.VehicleMoved)[0].cost_cm == pytest.approx(18)


def test_a_mechanic_starts_on_a_two():
    state = driver_state(dice=(2,), **{"red:Bo": {"virtue": "mechanic"}})
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 40),)))
    assert of(events, c.VehicleStarted)[0].started


def test_turns_cost_ten_cm_reverse_costs_double_and_too_far_is_refused():
    running = driver_state(vehicle_changes={"running": True})
    # 18 cm south, then a turn east and 10 cm: 38 of the saloon's 40
    after, events = engine.apply(running, "red", c.Drive("red:Bo", ((60.5, 50), (70.5, 50))))
    assert of(events, c.VehicleMoved)[0].cost_cm == pytest.approx(38)
    assert after.vehicle("v1").facing == pytest.approx(0.0)
    refused(running, "red", c.Drive("red:Bo", ((60.5, 50), (73.5, 50))), "costs 41.0 cm")
    # backwards 10 cm costs 20
    after, events = engine.apply(running, "red", c.Drive("red:Bo", ((60.5, 22),), reverse=True))
    assert of(events, c.VehicleMoved)[0].cost_cm == pytest.approx(20)
    assert after.vehicle("v1").y == pytest.approx(17.0) and after.vehicle("v1").facing == pytest.approx(SOUTH)


def test_vehicles_do_not_drive_into_buildings_or_impassable_ground():
    running = driver_state(vehicle_changes={"running": True})
    refused(running, "red", c.Drive("red:Bo", ((60.5, 60),)), "would hit the Fountain")
    before = running
    refused(running, "red", c.Drive("red:Bo", ((60.5, 38), (80, 38))), "would hit the Chemist")
    assert running == before


def test_only_the_driver_drives_once_per_turn_and_motorbikes_never_reverse():
    passenger = table_state({"red:Bo": (0, 0)}, active="red:Bo", riders={"red:Bo": ("v1", 1)})
    refused(passenger, "red", c.Drive("red:Bo", ((60.5, 40),)), "only the driver")
    running = driver_state(vehicle_changes={"running": True})
    after, _ = engine.apply(running, "red", c.Drive("red:Bo", ((60.5, 40),)))
    refused(after, "red", c.Drive("red:Bo", ((60.5, 45),)), "already moved")
    bike = driver_state(vehicle_changes={"running": True, "vehicle": "motorbike", "length_cm": 4.0,
                                         "width_cm": 1.5})
    refused(bike, "red", c.Drive("red:Bo", ((60.5, 20),), reverse=True), "cannot reverse")


def test_a_motorbike_cannot_run_anyone_over():
    bike = driver_state(vehicle_changes={"running": True, "vehicle": "motorbike", "length_cm": 4.0, "width_cm": 1.5},
                        zombies={"zq": (60.5, 40)})
    refused(bike, "red", c.Drive("red:Bo", ((60.5, 50),)), "cannot run anyone over")


def test_the_driver_of_a_moving_vehicle_activates_without_a_roll_until_it_stops():
    state = driver_state(vehicle_changes={"running": True, "moving": True})
    state = replace(state, active=None)
    after, events = engine.apply(state, "red", c.Activate("red:Bo"))
    assert of(events, c.Activated)[0].success and not of(events, c.DiceRolled)
    # ends its turn without driving: the car has stopped
    stopped, _ = engine.apply(after, "red", c.EndActivation("red:Bo"))
    assert not stopped.vehicle("v1").moving


# --- running over, runaways and crashes ---------------------------------------------------------


def test_one_less_a_zombie_run_over_counts_for_the_band():
    state = driver_state(d10=(7,), vehicle_changes={"running": True}, zombies={"zq": (60.5, 40)})
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 50),)))
    assert [e.result for e in of(events, c.RanOver)] == ["one_less"]
    assert "zq" not in {m.id for m in after.models}
    assert after.score("red").zombies_killed == 1
    assert after.vehicle("v1").y == pytest.approx(45.0)


def test_a_survivor_run_over_takes_a_wound_and_is_pushed_clear():
    state = table_state({"red:Bo": (0, 0), "blue:Cy": (60.5, 40)}, d10=(9,), active="red:Bo",
                        riders={"red:Bo": ("v1", 0)}, vehicles={"v1": {"running": True}})
    after, _ = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 50),)))
    cy = after.model("blue:Cy")
    assert cy.wounds == 1
    body = Footprint(*after.vehicle("v1").position, SOUTH, 10, 5)
    assert body.local(cy.position)[1] ** 2 > 0 and math.dist(cy.position, body.centre) > 3.7


def test_a_zombie_on_the_radiator_stops_the_car_five_cm_on():
    # the zombie is met when the front reaches y 38.75 (after 6.75 cm); the radiator adds 5
    state = driver_state(d10=(2,), dice=(1,), vehicle_changes={"running": True}, zombies={"zq": (60.5, 40)})
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((60.5, 55),)))
    car = after.vehicle("v1")
    assert car.stalled and not car.running and not car.moving
    assert car.y == pytest.approx(27 + 6.75 + 5, abs=0.6)
    assert [e.how for e in of(events, c.VehicleMoved)][-1] == "radiator"
    assert "zq" not in {m.id for m in after.models}  # it took its wound


def test_out_of_control_into_a_building_wounds_the_riders_and_breaks_a_found_car():
    # facing east at y 30 from x 62: a zombie at x 70, then the Chemist's wall at x 76
    changes = {"running": True, "facing": 0.0, "x": 58.0, "y": 30.0}
    state = driver_state(d10=(1,), dice=(2,), vehicle_changes=changes, zombies={"zq": (70, 30)})
    state = replace(state, models=tuple(replace(m, x=58.0, y=30.0) if m.id == "red:Bo" else m for m in state.models))
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((72, 30),)))
    assert [e.result for e in of(events, c.RanOver)] == ["out_of_control", "stepped_aside"]
    assert of(events, c.VehicleCrashed)[0].into == "the Chemist"
    car = after.vehicle("v1")
    assert car.broken and not car.moving
    assert after.model("red:Bo").wounds == 1
    assert "zq" in {m.id for m in after.models}


def test_an_out_of_control_car_that_hits_nothing_needs_its_driver_to_regain_control():
    # east along y 50 the street is clear to x 115: the runaway, to the end of the car's 40 cm, hits nothing
    changes = {"running": True, "facing": 0.0, "x": 65.0, "y": 50.0}
    state = table_state({"red:Bo": (0, 0)}, zombies={"zq": (74, 50)}, d10=(1,), dice=(1,), active="red:Bo",
                        riders={"red:Bo": ("v1", 0)}, vehicles={"v1": changes})
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((78, 50),)))
    car = after.vehicle("v1")
    assert [e.result for e in of(events, c.RanOver)][0] == "out_of_control"
    assert car.out_of_control and car.moving and not car.broken and not of(events, c.VehicleCrashed)
    assert car.x + 5 == pytest.approx(70 + 40, abs=0.01)  # book 9.5: "el máximo de su movimiento" in all
    waiting = table_state({"red:Bo": (0, 0)}, riders={"red:Bo": ("v1", 0)},
                          vehicles={"v1": {"out_of_control": True, "moving": True, "running": True}})
    plain = waiting.rng
    after, events = engine.apply(replace(waiting, rng=force_dice(plain, (6,))), "red", c.Activate("red:Bo"))
    assert [e.status for e in of(events, c.VehicleStatus)] == ["overturned", "broken"]
    assert after.vehicle("v1").broken and after.model("red:Bo").wounds == 1
    kept, events = engine.apply(replace(waiting, rng=force_dice(plain, (2,))), "red", c.Activate("red:Bo"))
    assert [e.status for e in of(events, c.VehicleStatus)] == ["control_regained"]
    assert kept.active is not None and not kept.vehicle("v1").out_of_control


def test_ramming_another_vehicle_wounds_everyone_in_both_and_breaks_both():
    # the van (v2) stands at (93, 59.5) facing east; put the car behind it on the same line
    changes = {"running": True, "facing": 0.0, "x": 75.0, "y": 59.5}
    state = table_state({"red:Bo": (0, 0), "blue:Bo": (0, 0)}, active="red:Bo",
                        riders={"red:Bo": ("v1", 0), "blue:Bo": ("v2", 1)}, vehicles={"v1": changes})
    after, events = engine.apply(state, "red", c.Drive("red:Bo", ((95, 59.5),)))
    assert of(events, c.VehicleCrashed)[0].into == "v2"
    assert after.vehicle("v1").broken and after.vehicle("v2").broken
    assert after.model("red:Bo").wounds == 1 and after.model("blue:Bo").wounds == 1


# --- shooting from and at vehicles --------------------------------------------------------------


def test_riders_of_a_car_count_as_in_difficult_ground_and_only_the_driver_reacts():
    state = table_state({"blue:Ana": (60.5, 50), "red:Bo": (0, 0), "red:Cy": (0, 0)}, active="blue:Ana",
                        riders={"red:Bo": ("v1", 0), "red:Cy": ("v1", 1)})
    state = replace(state, order=("blue", "red", ZOMBIES), rng=force_dice(state.rng, (1, 6, 6)))
    after, events = engine.apply(state, "blue", c.Shoot("blue:Ana", (("red:Cy", 1),)))
    shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
    assert shot.target == 9  # difficult ground
    (reaction,) = of(events, c.ReactionResolved)
    assert reaction.model == "red:Bo" and reaction.table == "vehicle_shot_at"
    assert reaction.successes == 0 and reaction.result == "hold"
    assert after.vehicle("v1").held_round == after.round
    refused(replace(after, order=("red", "blue", ZOMBIES), active=Activation("red:Cy", 15)), "red",
            c.LeaveVehicle("red:Cy", ((64.3, 27),)), "nobody can get out")


def test_shooting_from_a_car_that_moved_is_at_minus_two_and_its_driver_cannot_shoot():
    state = table_state({"red:Bo": (0, 0), "red:Cy": (0, 0)}, zombies={"zq": (60.5, 40)}, active="red:Cy",
                        riders={"red:Bo": ("v1", 0), "red:Cy": ("v1", 1)}, vehicles={"v1": {"moved_round": 1}},
                        dice=(5, 5))
    after, events = engine.apply(state, "red", c.Shoot("red:Cy", (("zq", 2),)))
    shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
    assert ("shooting from a moving vehicle", -2) in shot.modifiers
    driving = replace(state, active=Activation("red:Bo", 15))
    refused(driving, "red", c.Shoot("red:Bo", (("zq", 1),)), "driving and cannot shoot")


def test_zombies_attack_the_riders_of_a_stopped_car_who_fight_at_minus_one():
    state = table_state({"red:Bo": (0, 0)}, zombies={"zq": (66.0, 27)}, riders={"red:Bo": ("v1", 1)},
                        dice=(6, 6, 6, 6, 6, 6, 6, 6, 6, 6))
    state = replace(state, order=(ZOMBIES, "red", "blue"), turn=0)
    state = replace(state, models=tuple(replace(m, activated=True) for m in state.models if m.side != ZOMBIES)
                    + tuple(m for m in state.models if m.side == ZOMBIES), turn=0)
    # run the zombie side through apply: end the only possible activation of blue
    game = Game(state)
    zombie_turn(game)
    melee = [e for e in game.events if isinstance(e, c.DiceRolled) and e.purpose == "melee" and e.model == "red:Bo"]
    assert melee and ("fighting from a vehicle", -1) in melee[0].modifiers


# --- searching ----------------------------------------------------------------------------------


def test_searching_a_car_rolls_for_a_zombie_then_the_search_table_without_glory():
    state = table_state({"red:Bo": CAR_SIDE}, active="red:Bo", dice=(3,), d10=(1, 1, 1))
    after, events = engine.apply(state, "red", c.Search("red:Bo", vehicle="v1"))
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["zombie in the vehicle", "search"]
    assert of(events, c.ItemFound)[0].item == "smg"
    assert after.vehicle("v1").searched and after.score("red").buildings_searched == 0
    again = replace(after, active=Activation("red:Bo", 10))
    refused(again, "red", c.Search("red:Bo", vehicle="v1"), "already been searched")


def test_motorbikes_and_own_vehicles_are_not_searched():
    bike = table_state({"red:Bo": CAR_SIDE}, active="red:Bo", vehicles={"v1": {"vehicle": "motorbike"}})
    refused(bike, "red", c.Search("red:Bo", vehicle="v1"), "cannot be searched")
    own = table_state({"red:Bo": CAR_SIDE}, active="red:Bo", vehicles={"v1": {"owner": "red"}})
    refused(own, "red", c.Search("red:Bo", vehicle="v1"), "your band's own")


# --- own vehicles and shops ---------------------------------------------------------------------


def bikers_with_a_van(aboard: bool) -> ZombieworldSetup:
    band = Band(name="Road", band_type="bikers", vehicles=("van",), members=(
        Member(name="Ana", rank="born", hand=("assault_rifle",)),
        Member(name="Bo", rank="hardened", hand=("pistol",)),
        Member(name="Cy", rank="rookie", hand=("shotgun",)),
    ))
    other = two_bands().bands[1]
    return ZombieworldSetup(bands=(BandEntry(seat="red", band=band, aboard=aboard), other), spawn_dice=0,
                            check_bands=False)


def test_an_own_vehicle_stands_in_the_deployment_area_with_the_band_aboard():
    state = engine.setup(TOWN, bikers_with_a_van(aboard=True), 3)
    van = next(v for v in state.vehicles if v.owner == "red")
    assert van.vehicle == "van" and van.opened
    x0, y0, x1, y1 = Footprint(van.x, van.y, van.facing, van.length_cm, van.width_cm).bounds()
    ax0, ay0, ax1, ay1 = dict(state.deploy_areas)["red"]  # the area the deployment dice gave red
    assert ax0 - 1e-6 <= x0 and x1 <= ax1 + 1e-6 and ay0 - 1e-6 <= y0 and y1 <= ay1 + 1e-6
    riders = sorted((m.seat, m.name) for m in state.models if m.vehicle == van.id)
    assert riders == [(0, "Ana"), (1, "Bo"), (2, "Cy")]
    on_foot = engine.setup(TOWN, bikers_with_a_van(aboard=False), 3)
    assert not any(m.vehicle for m in on_foot.models)


def test_an_own_vehicle_starts_without_a_roll():
    state = engine.setup(TOWN, bikers_with_a_van(aboard=True), 3)
    van = next(v for v in state.vehicles if v.owner == "red")
    state = replace(state, order=("red", "blue", ZOMBIES), turn=0, active=Activation("red:Ana", 20))
    front = Footprint(van.x, van.y, van.facing, van.length_cm, van.width_cm).front
    target = (front[0] + math.cos(van.facing) * 5, front[1] + math.sin(van.facing) * 5)
    after, events = engine.apply(state, "red", c.Drive("red:Ana", (target,)))
    (started,) = of(events, c.VehicleStarted)
    assert started.started and started.how == "own vehicle"
    assert not [e for e in of(events, c.DiceRolled) if e.purpose == "will it start"]


def test_a_car_dealer_parks_its_reward_outside():
    state = table_state({"red:Bo": (88, 40)}, active="red:Bo")
    game = Game(state)
    _receive(game, game.models["red:Bo"], "vehicle:saloon")
    after = game.freeze()
    (placed,) = [e for e in game.events if isinstance(e, c.VehiclePlaced)]
    new = after.vehicle(placed.vehicle)
    body = Footprint(new.x, new.y, new.facing, new.length_cm, new.width_cm)
    assert new.vehicle == "saloon" and not footprint_problem(after.table, body)
    assert after.table.building_at(body.centre) is None


# --- random games with vehicles -----------------------------------------------------------------


def vehicle_minded_game(seed: int, steps: int) -> tuple[list[State], list[tuple[str, object]]]:
    """A random game whose players take any vehicle command that works before anything else."""
    from random import Random  # noqa: PLC0415

    from helpers import _concrete, random_command  # noqa: PLC0415

    chooser = Random(seed)
    state = engine.setup(TOWN, bikers_with_a_van(aboard=seed % 2 == 1), seed)
    states, log = [state], []
    for _ in range(steps):
        seats = sorted(engine.current_seats(state))
        if not seats:
            break
        seat = seats[0]
        command = None
        for option in engine.legal_commands(state, seat):
            if isinstance(option, (c.DriveTemplate, c.BoardTemplate)):
                for _ in range(4):
                    candidate = _concrete(state, option, chooser)
                    try:
                        engine.check(state, seat, candidate)
                    except IllegalCommand:
                        continue
                    command = candidate
                    break
            if command is not None:
                break
        command = command or random_command(state, seat, chooser) or (
            c.EndActivation(state.active.model) if state.active else None)
        if command is None:
            break
        state, _ = engine.apply(state, seat, command)
        states.append(state)
        log.append((seat, command))
    return states, log


def test_random_games_keep_vehicles_whole():
    boarded = drove = 0
    for seed in (21, 22, 23):
        states, log = vehicle_minded_game(seed, 300)
        boarded += sum(isinstance(cmd, c.BoardVehicle) for _, cmd in log)
        drove += sum(isinstance(cmd, c.Drive) for _, cmd in log)
        for state in states:
            bodies = {v.id: Footprint(v.x, v.y, v.facing, v.length_cm, v.width_cm) for v in state.vehicles}
            for vehicle_id, body in bodies.items():
                assert not footprint_problem(state.table, body)
                riders = [m for m in state.models if m.vehicle == vehicle_id]
                seats = [m.seat for m in riders]
                assert len(seats) == len(set(seats)) <= CATALOG_SEATS[state.vehicle(vehicle_id).vehicle]
                assert all(m.position == (body.x, body.y) for m in riders)
                for model in state.models:
                    if not model.vehicle:
                        assert figure_gap(body, model) > -0.1, (seed, model.id, vehicle_id)
            for model in state.models:
                assert not model.vehicle or model.vehicle in bodies
    assert boarded and drove > 5


CATALOG_SEATS = {v.id: v.seats for v in engine.load_catalog().vehicles}


def figure_gap(body: Footprint, model: Model) -> float:
    from game.rules.zombieworld.geometry import Figure, figure_footprint_gap  # noqa: PLC0415

    return figure_footprint_gap(body, Figure(model.id, model.x, model.y))


def test_a_car_hides_whoever_crouches_behind_it_but_not_its_own_riders():
    behind = table_state({"blue:Ana": (54, 27), "red:Di": (64.5, 27), "red:Bo": (0, 0)}, active="blue:Ana",
                         riders={"red:Bo": ("v1", 1)})
    behind = replace(behind, order=("blue", "red", ZOMBIES))
    refused(behind, "blue", c.Shoot("blue:Ana", (("red:Di", 1),)), "cannot see Di")
    options = [o for o in engine.legal_commands(behind, "blue") if isinstance(o, c.ShootTemplate)]
    assert options and "red:Di" not in options[0].targets and "red:Bo" in options[0].targets
    # once the car has driven off, Di is in plain sight
    gone = replace(behind, vehicles=(replace(behind.vehicle("v1"), y=80.0), behind.vehicle("v2")),
                   models=tuple(replace(m, y=80.0) if m.id == "red:Bo" else m for m in behind.models))
    options = [o for o in engine.legal_commands(gone, "blue") if isinstance(o, c.ShootTemplate)]
    assert "red:Di" in options[0].targets
