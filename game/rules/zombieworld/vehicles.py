"""Vehicles driven by survivors: getting in and out, changing seats, starting the engine and driving."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.casualties import wound
from game.rules.zombieworld.crashes import clear_path, collide, place_vehicle, run_over_roll, runaway
from game.rules.zombieworld.equipment import take_object
from game.rules.zombieworld.geometry import (
    Figure,
    Footprint,
    figure_footprint_gap,
    footprint_problem,
    footprint_side,
    footprints_overlap,
    sweep,
)
from game.rules.zombieworld.movement import validate_path
from game.rules.zombieworld.searching import vehicle_touched
from game.rules.zombieworld.spots import DOOR_REACH_CM, spot_problem
from game.rules.zombieworld.state import Bang, Model, Vehicle
from game.rules.zombieworld.working import (
    Game,
    entry_cost,
    need_active,
    need_on_foot,
    not_riding,
    vehicle_spec,
)

TURN_COST_CM = 10.0
START_BANG = 2


def _at_door(game: Game, vehicle: Vehicle, point: tuple[float, float]) -> Said | str:
    """Why a base at ``point`` is not at a door of the vehicle ("" when it is)."""
    body = game.body(vehicle)
    gap = figure_footprint_gap(body, Figure("door", point[0], point[1]))
    if gap < -0.05 or gap > DOOR_REACH_CM:
        return Said(N_("the base must touch the vehicle"))
    if not vehicle_spec(game, vehicle).two_wheeled and footprint_side(body, point) == "front":
        return Said(N_("get in and out by a side or the rear, not the front"))
    return ""


def _obstacle(game: Game, stopped_by: str) -> Any:
    """What stopped a vehicle, as the words name it: scenery or the table's edge, or another vehicle."""
    vehicle = game.vehicles.get(stopped_by)
    return vehicle_spec(game, vehicle) if vehicle is not None else stopped_by


def do_board(game: Game, model: Model, command: c.BoardVehicle) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    not_riding(game, model)
    if model.kind != "survivor":
        raise IllegalCommand(Said(N_("only survivors ride in vehicles")))
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    vehicle = game.vehicles.get(command.vehicle)
    if vehicle is None:
        raise IllegalCommand(Said(N_("no such vehicle on the table")))
    spec = vehicle_spec(game, vehicle)
    if vehicle.broken:
        raise IllegalCommand(Said(N_("the {vehicle} is broken down"), vehicle=spec))
    taken = {m.seat for m in game.occupants(vehicle.id)}
    free = [s for s in range(spec.seats) if s not in taken]
    if not free:
        raise IllegalCommand(Said(N_("the {vehicle} is full ({seats} seats)"), vehicle=spec, seats=spec.seats))
    seat = free[0] if command.seat < 0 else command.seat
    if seat not in free:
        raise IllegalCommand(Said(N_("seat {seat} of the {vehicle} is not free"), seat=seat, vehicle=spec)
                             if 0 <= seat < spec.seats
                             else Said(N_("the {vehicle} has seats 0 to {last}"), vehicle=spec, last=spec.seats - 1))
    entry = entry_cost(game, model)
    walked = 0.0
    end = model.position
    if command.path:
        walked, entered = validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
        if entered:
            raise IllegalCommand(Said(N_("walk to the vehicle without going through a building")))
        end = command.path[-1]
    problem = _at_door(game, vehicle, end)
    if problem:
        raise IllegalCommand(problem)
    if command.path:
        model = game.update(model, x=end[0], y=end[1], entrenched=False)
        game.emit(c.ModelMoved(model.id, command.path, round(walked, 3)))
    left = active.remaining_cm - walked
    game.active = replace(active, remaining_cm=0.0, moved=True)
    if left + 1e-6 < entry:  # book 9.1: it stays beside the vehicle and cannot retrace its steps
        game.emit(c.BoardingFellShort(model.id, vehicle.id, entry, round(max(0.0, left), 3)))
        vehicle_touched(game, model, vehicle)
        return
    if vehicle_touched(game, model, vehicle) or model.id not in game.models:
        return  # a zombie was inside: no getting in this turn
    vehicle = game.vehicles[vehicle.id]
    game.update(game.models[model.id], vehicle=vehicle.id, seat=seat, x=vehicle.x, y=vehicle.y, entrenched=False)
    game.set_vehicle(vehicle, moving=False)  # it stopped to let someone on
    if game.active is not None and game.active.model == model.id:
        game.active = replace(game.active, boarded=True)
    game.emit(c.VehicleBoarded(model.id, vehicle.id, seat))


def do_leave_vehicle(game: Game, model: Model, command: c.LeaveVehicle) -> None:
    active = need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(Said(N_("{name} is not in a vehicle"), name=model.name))
    spec = vehicle_spec(game, vehicle)
    if vehicle.held_round == game.round:
        raise IllegalCommand(Said(N_("nobody can get out of the {vehicle} this turn"), vehicle=spec))
    if not command.path:
        raise IllegalCommand(Said(N_("say where to get out")))
    entry = entry_cost(game, model)
    if active.remaining_cm + 1e-6 < entry:
        raise IllegalCommand(Said(N_("getting out costs {cost} cm; {name} has {left} cm left"), cost=spoken.cm(entry),
                                  name=model.name, left=spoken.cm1(active.remaining_cm)))
    door = command.path[0]
    problem = _at_door(game, vehicle, door)
    others = game.figures_except(model.id)
    problem = problem or spot_problem(game, Figure(model.id, door[0], door[1]), door, others)
    if problem:
        raise IllegalCommand(problem)
    outside = replace(model, x=door[0], y=door[1], vehicle="", seat=-1)
    game.models[model.id] = outside
    walked = 0.0
    if len(command.path) > 1:
        walked, _ = validate_path(game, outside, command.path[1:], active.remaining_cm - entry, contact_with=None)
    end = command.path[-1]
    model = game.update(outside, x=end[0], y=end[1], entrenched=False)
    game.set_vehicle(vehicle, moving=False)
    game.emit(c.VehicleLeft(model.id, vehicle.id, door))
    if len(command.path) > 1:
        game.emit(c.ModelMoved(model.id, command.path[1:], round(walked, 3)))
    game.active = replace(active, remaining_cm=active.remaining_cm - entry - walked, moved=True)


def do_change_seat(game: Game, model: Model, command: c.ChangeSeat) -> None:
    active = need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(Said(N_("{name} is not in a vehicle"), name=model.name))
    spec = vehicle_spec(game, vehicle)
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if not 0 <= command.seat < spec.seats or command.seat == model.seat:
        raise IllegalCommand(Said(N_("choose another of the {vehicle}'s seats (0 to {last})"), vehicle=spec,
                                  last=spec.seats - 1))
    other = next((m for m in game.occupants(vehicle.id) if m.seat == command.seat), None)
    if other is not None:
        game.update(other, seat=model.seat, activated=True)
        game.emit(c.SeatChanged(other.id, vehicle.id, model.seat))
    game.update(model, seat=command.seat)
    game.emit(c.SeatChanged(model.id, vehicle.id, command.seat))
    game.active = replace(active, action_used=True)


def needs_start(game: Game, vehicle: Vehicle) -> bool:
    return not vehicle.running or vehicle.stalled


def _start_engine(game: Game, driver: Model, vehicle: Vehicle) -> bool:
    """Will it work? Own vehicles start by themselves (until their first mishap); a petrol can
    starts any; otherwise a D6: 4+ (mechanics 2+, gangsters +1)."""
    if vehicle.owner == driver.side and vehicle.crashes == 0:
        how, started = "own vehicle", True
    elif any("petrol_can" in m.objects for m in game.occupants(vehicle.id)):
        carrier = next(m for m in game.occupants(vehicle.id) if "petrol_can" in m.objects)
        take_object(game, carrier, "petrol_can")
        how, started = "petrol can", True
    else:
        need = 2 if driver.virtue == "mechanic" else 4
        modifiers: list[tuple[str, int]] = []
        if driver.ability == "vehicle_start_bonus":
            modifiers.append((N_("band ability"), 1))
        (die,) = game.d6(1)
        started = die + sum(v for _, v in modifiers) >= need
        game.emit(c.DiceRolled("will it start", driver.id, (die,), tuple(modifiers), need,
                               ("starts" if started else "dead",)))
        how = "roll"
    game.emit(c.VehicleStarted(vehicle.id, driver.id, started, how))
    if not started:
        game.set_vehicle(vehicle, stalled=True)
        return False
    game.set_vehicle(vehicle, running=True, stalled=False)
    game.bangs.append(Bang(vehicle.x, vehicle.y, START_BANG))
    game.emit(c.BangPlaced(vehicle.position, START_BANG))
    return True


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def plan_drive(game: Game, vehicle: Vehicle, command: c.Drive) -> tuple[list[tuple[Footprint, float, str]], float, int]:
    """The legs of a drive (body after turning, length, the vehicle it rams at the end, if any), its
    cost and its turns; raises IllegalCommand when the vehicle cannot go that way or that far."""
    legs, cost, turns, _ = _plan(game, vehicle, command)
    return legs, cost, turns


def _plan(game: Game, vehicle: Vehicle, command: c.Drive) -> tuple[list[tuple[Footprint, float, str]], float, int,
                                                                      list[tuple[float, float]]]:
    """``plan_drive`` with, for each leg, the cost spent before it and what each cm of it costs."""
    spec = vehicle_spec(game, vehicle)
    body = game.body(vehicle)
    others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle.id]
    walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
    legs: list[tuple[Footprint, float, str]] = []
    prices: list[tuple[float, float]] = []
    cost = 0.0
    turns = 0
    for number, point in enumerate(command.path):
        front = body.front
        length = math.dist(front, point)
        if length < 1e-6:
            continue
        heading = math.atan2(point[1] - front[1], point[0] - front[0])
        facing = heading + math.pi if command.reverse else heading
        turned = _angle_gap(facing, body.facing) > math.radians(2)
        if turned:
            body = body.with_front_at(front, facing)
            cost += TURN_COST_CM
            turns += 1
            if footprint_problem(game.table, body) or any(footprints_overlap(body, o) for _, o in others) \
                    or any(figure_footprint_gap(body, f) < -0.05 for f in walkers):
                raise IllegalCommand(Said(N_("no room for the {vehicle} to turn there"), vehicle=spec))
        result = sweep(game.table, body, length, [], others, backwards=command.reverse)
        last = number == len(command.path) - 1
        if result.stopped_by and not (result.stopped_by in game.vehicles and last):
            raise IllegalCommand(Said(N_("the {vehicle} would hit {what}"), vehicle=spec,
                                      what=_obstacle(game, result.stopped_by)))
        length = result.travelled_cm if result.stopped_by else length
        steps = max(1, math.ceil(length / 0.5))
        direction = heading
        before = cost
        for i in range(steps):
            t = (i + 0.5) / steps * length
            spot = (front[0] + math.cos(direction) * t, front[1] + math.sin(direction) * t)
            factor = 2.0 if spec.difficult_halved and game.table.in_difficult(spot) else 1.0
            cost += length / steps * factor * (2.0 if command.reverse else 1.0)
        if spec.run_over == "none":
            blocked = sweep(game.table, body, length, walkers, others, backwards=command.reverse).met
            if blocked:
                raise IllegalCommand(Said(N_("a {vehicle} cannot run anyone over: {name} is in the way"), vehicle=spec,
                                          name=spoken.who(game.catalog, game.models[blocked[0][0]])
                                          if blocked[0][0] in game.models else blocked[0][0]))
        legs.append((body, length, result.stopped_by))
        prices.append((before, (cost - before) / length if length > 1e-9 else 1.0))
        body = result.footprint if result.stopped_by else Footprint(
            body.x + math.cos(direction) * length, body.y + math.sin(direction) * length, body.facing,
            body.length_cm, body.width_cm)
    if cost > spec.move_cm + 1e-6:
        raise IllegalCommand(Said(N_("that drive costs {cost} cm; the {vehicle} moves {move} cm"), cost=spoken.cm1(cost),
                                  vehicle=spec, move=spoken.cm(spec.move_cm)))
    return legs, cost, turns, prices


def do_drive(game: Game, model: Model, command: c.Drive) -> None:
    active = need_active(game, model)
    vehicle = game.riding(model)
    if vehicle is None:
        raise IllegalCommand(Said(N_("{name} is not in a vehicle"), name=model.name))
    spec = vehicle_spec(game, vehicle)
    if model.seat != 0:
        raise IllegalCommand(Said(N_("only the driver drives the {vehicle}"), vehicle=spec))
    if vehicle.broken:
        raise IllegalCommand(Said(N_("the {vehicle} is broken down"), vehicle=spec))
    if active.drove:
        raise IllegalCommand(Said(N_("the {vehicle} has already moved this turn"), vehicle=spec))
    if active.boarded:
        raise IllegalCommand(Said(N_("{name} got in this activation: it may drive from its next turn, after activating as usual"),
                                  name=model.name))
    if not spec.two_wheeled and active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if vehicle.held_round == game.round:
        raise IllegalCommand(Said(N_("the {vehicle} cannot move this turn"), vehicle=spec))
    if command.reverse and spec.two_wheeled:
        raise IllegalCommand(Said(N_("a {vehicle} cannot reverse"), vehicle=spec))
    legs, cost, _, prices = _plan(game, vehicle, command)
    game.active = replace(active, drove=True, action_used=active.action_used or not spec.two_wheeled)
    if needs_start(game, vehicle) and not _start_engine(game, model, vehicle):
        return
    vehicle = game.vehicles[vehicle.id]
    poses: list[tuple[float, float, float]] = []
    for (body, length, rams), (spent_before, per_cm) in zip(legs, prices, strict=True):
        others = [(v.id, game.body(v)) for v in game.vehicles.values() if v.id != vehicle.id]
        walkers = [game.figure(m) for m in game.alive() if not m.vehicle]
        result = sweep(game.table, body, length, walkers, others, backwards=command.reverse)
        direction = body.facing + (math.pi if command.reverse else 0.0)
        for victim_id, at in sorted(result.met, key=lambda hit: hit[1]):
            victim = game.models.get(victim_id)
            if victim is None:
                continue
            outcome = run_over_roll(game, game.models.get(model.id, model), vehicle)
            game.emit(c.RanOver(vehicle.id, victim_id, outcome))
            contact = Footprint(body.x + math.cos(direction) * at, body.y + math.sin(direction) * at, body.facing,
                                body.length_cm, body.width_cm)
            if outcome in ("one_less", "radiator"):
                wound(game, victim, 1, game.models.get(model.id), melee=False)
            if outcome != "one_less":
                poses.append((contact.x, contact.y, contact.facing))
                place_vehicle(game, vehicle.id, contact)
                game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
                # out of control it runs on to the end of its move (book 9.5: "el máximo de su movimiento")
                left = max(0.0, spec.move_cm - spent_before - at * per_cm)
                runaway(game, vehicle.id, "radiator" if outcome == "radiator" else "out of control",
                        command.reverse, game.models.get(model.id), distance_cm=left)
                return
        place_vehicle(game, vehicle.id, result.footprint)
        poses.append((result.footprint.x, result.footprint.y, result.footprint.facing))
        if rams in game.vehicles:
            game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
            collide(game, vehicle.id, rams)
            return
    game.emit(c.VehicleMoved(vehicle.id, tuple(poses), round(cost, 3)))
    if vehicle.id in game.vehicles and poses:
        game.set_vehicle(game.vehicles[vehicle.id], moving=True, moved_round=game.round)
        clear_path(game, vehicle.id)
