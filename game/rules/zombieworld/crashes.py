"""Vehicles out of anyone's hands: run-over rolls, runaways, crashes and collisions, vehicles lost
off the table, and the driver's activation of a moving or runaway vehicle.
"""

from __future__ import annotations

import math

from game.i18n import N_
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.casualties import remove, wound
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Footprint, figure_footprint_gap, sweep
from game.rules.zombieworld.spots import free_spot_near
from game.rules.zombieworld.state import Model, Vehicle
from game.rules.zombieworld.working import Game, check_passes, vehicle_spec

RADIATOR_CM = 5.0
RUNAWAY_CASUALTY_ON = 3  # D6 for each figure in a runaway's path


def _follow(game: Game, vehicle: Vehicle) -> None:
    """Riders sit at the body's centre."""
    for rider in game.occupants(vehicle.id):
        game.update(rider, x=vehicle.x, y=vehicle.y)


def place_vehicle(game: Game, vehicle_id: str, body: Footprint) -> None:
    vehicle = game.set_vehicle(game.vehicles[vehicle_id], x=body.x, y=body.y, facing=body.facing,
                               moved_round=game.round)
    for rider in game.occupants(vehicle_id):
        game.update(rider, entrenched=False)
    _follow(game, vehicle)


def clear_path(game: Game, vehicle_id: str) -> None:
    """Bases left under the body (survivors of a run-over) step aside."""
    vehicle = game.vehicles.get(vehicle_id)
    if vehicle is None:
        return
    body = game.body(vehicle)
    for model in game.alive():
        if model.vehicle or figure_footprint_gap(body, game.figure(model)) >= -0.05:
            continue
        reach = math.hypot(body.length_cm, body.width_cm) / 2 + BASE_RADIUS_CM
        spot = free_spot_near(game, model.position, 0.5) or free_spot_near(game, body.centre, reach)
        if spot is None:
            spot = free_spot_near(game, body.centre, reach + 4)
        if spot is not None:
            game.update(model, x=spot[0], y=spot[1])
            game.emit(c.ModelMoved(model.id, (spot,), 0.0))


def run_over_roll(game: Game, driver: Model, vehicle: Vehicle) -> str:
    """D10 on the run-over table: juggernauts re-roll a bad result once; an ace driver re-rolls a
    1 or 2 once per game; drivers with no licence lose control on 1-2 and break down on 3."""
    spec = vehicle_spec(game, vehicle)

    def result(die: int) -> str:
        if driver.defect == "no_licence":
            return "out_of_control" if die <= 2 else "radiator" if die == 3 else "one_less"
        return next(r.result for r in game.catalog.tables.run_over if r.low <= die <= r.high)

    (die,) = game.d10(1)
    dice = [die]
    modifiers: list[tuple[str, int]] = []
    if spec.run_over == "juggernaut" and result(die) != "one_less":
        dice.append(game.d10(1)[0])
        modifiers.append((N_("juggernaut re-roll"), 0))
    elif driver.virtue == "ace_driver" and die <= 2 and not dict(driver.uses).get("ace_driver"):
        dice.append(game.d10(1)[0])
        modifiers.append((N_("ace driver re-roll"), 0))
        game.update(driver, uses=tuple(sorted({**dict(driver.uses), "ace_driver": 1}.items())))
    outcome = result(dice[-1])
    game.emit(c.DiceRolled("run over", driver.id, tuple(dice), tuple(modifiers), 0, (outcome,)))
    return outcome


def runaway(game: Game, vehicle_id: str, how: str, backwards: bool, driver: Model | None,
            distance_cm: float | None = None) -> None:
    """Straight on, out of anyone's hands: 5 cm onto a zombie's radiator, or out of control to the
    end of its move (``distance_cm`` left of it after a run-over; its whole move when it loses
    control standing or between drives). Each base in the way: D6, 3+ a casualty, else it jumps
    aside. A crash into scenery wounds every rider (not on the radiator's 5 cm) and breaks a found
    vehicle."""
    vehicle = game.vehicles[vehicle_id]
    spec = vehicle_spec(game, vehicle)
    distance = RADIATOR_CM if how == "radiator" else spec.move_cm if distance_cm is None else distance_cm
    body = game.body(vehicle)
    others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle_id]
    walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
    if how != "radiator":
        game.emit(c.VehicleStatus(vehicle_id, "out_of_control"))
    result = sweep(game.table, body, distance, walkers, others, backwards=backwards)
    for victim_id, _ in sorted(result.met, key=lambda hit: hit[1]):
        victim = game.models.get(victim_id)
        if victim is None:
            continue
        (die,) = game.d6(1)
        casualty = die >= RUNAWAY_CASUALTY_ON
        game.emit(c.DiceRolled("in the way", victim_id, (die,), (), RUNAWAY_CASUALTY_ON,
                               ("casualty" if casualty else "jumped aside",)))
        game.emit(c.RanOver(vehicle_id, victim_id, "casualty" if casualty else "stepped_aside"))
        if casualty:
            remove(game, victim, "killed" if victim.kind == "zombie" else "out_of_action",
                   driver if driver is not None and driver.id in game.models else None, melee=False)
    place_vehicle(game, vehicle_id, result.footprint)
    game.emit(c.VehicleMoved(vehicle_id, ((result.footprint.x, result.footprint.y, result.footprint.facing),),
                             round(result.travelled_cm, 3), how))
    if result.stopped_by == "off the table":
        _lose_vehicle(game, vehicle_id)
        return
    if result.stopped_by in game.vehicles:
        collide(game, vehicle_id, result.stopped_by)
        return
    vehicle = game.vehicles[vehicle_id]
    own = bool(vehicle.owner)
    if how == "radiator":
        game.set_vehicle(vehicle, stalled=True, running=False, moving=False, crashes=vehicle.crashes + own)
        game.emit(c.VehicleStatus(vehicle_id, "stalled"))
        clear_path(game, vehicle_id)
        return
    crashes = vehicle.crashes + 1 if own else vehicle.crashes
    if result.stopped_by:
        game.emit(c.VehicleCrashed(vehicle_id, result.stopped_by))
        for rider in game.occupants(vehicle_id):
            wound(game, rider, 1, None, melee=False)
        vehicle = game.vehicles[vehicle_id]
        if not own or crashes >= 2:
            _break(game, vehicle_id)
        else:
            game.set_vehicle(vehicle, stalled=True, running=False, moving=False, crashes=crashes)
            game.emit(c.VehicleStatus(vehicle_id, "stalled"))
    else:
        if own and crashes >= 2:
            _break(game, vehicle_id)
        else:
            game.set_vehicle(vehicle, out_of_control=True, moving=True, crashes=crashes,
                             stalled=vehicle.stalled or (own and crashes >= 1))
    clear_path(game, vehicle_id)


def _break(game: Game, vehicle_id: str) -> None:
    vehicle = game.vehicles[vehicle_id]
    game.set_vehicle(vehicle, broken=True, running=False, moving=False, out_of_control=False)
    game.emit(c.VehicleStatus(vehicle_id, "broken"))


def collide(game: Game, first: str, second: str) -> None:
    """Vehicles that meet: every rider of both takes a wound and both break down."""
    game.emit(c.VehicleCrashed(first, second))
    for vehicle_id in (first, second):
        for rider in game.occupants(vehicle_id):
            wound(game, rider, 1, None, melee=False)
        if vehicle_id in game.vehicles:
            _break(game, vehicle_id)
    clear_path(game, first)


def _lose_vehicle(game: Game, vehicle_id: str) -> None:
    """Off the table: the vehicle and everyone in it are gone."""
    for rider in game.occupants(vehicle_id):
        if rider.id in game.models:
            remove(game, rider, "out_of_action", None, melee=False)
    del game.vehicles[vehicle_id]
    game.emit(c.VehicleStatus(vehicle_id, "lost"))


def driver_activation(game: Game, model: Model) -> bool | None:
    """A driver's activation that needs no ordinary check: None when the usual roll applies,
    otherwise whether it may act (a moving vehicle's driver acts at once; a runaway's must
    regain control or overturn)."""
    vehicle = game.riding(model)
    if vehicle is None or model.seat != 0 or vehicle.broken:
        return None
    if vehicle.out_of_control:
        skill, modifiers = game.check_skill(model)
        (die,) = game.d6(1)
        kept = check_passes(die, skill)
        game.emit(c.DiceRolled("regain control", model.id, (die,), tuple(modifiers), skill,
                               ("pass" if kept else "fail",)))
        if kept:
            game.set_vehicle(vehicle, out_of_control=False)
            game.emit(c.VehicleStatus(vehicle.id, "control_regained"))
            return True
        game.emit(c.VehicleStatus(vehicle.id, "overturned"))
        _break(game, vehicle.id)
        for rider in game.occupants(vehicle.id):
            wound(game, rider, 1, None, melee=False)
        return False
    if vehicle.moving:
        return True
    return None
