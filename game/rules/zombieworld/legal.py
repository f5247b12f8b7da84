"""What a player may do now: the legal commands, concrete ones and templates (``MoveTemplate``,
``ChargeTemplate``, ``ShootTemplate``...) whose destinations ``check`` validates.
"""

from __future__ import annotations

from typing import Any

from game.board.model import TerrainKind
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.climbing import JUMP_GAP_CM, JUMP_HEIGHT_CM, LADDER_TOP_REACH_CM
from game.rules.zombieworld.decisions import decision_options
from game.rules.zombieworld.deploying import deploy_template
from game.rules.zombieworld.equipment import (
    EXCHANGE_CM,
    PICK_UP_CM,
    SELF_BOOSTS,
    fitting_problem,
    hand_over_items,
    keep_found_options,
)
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    FREE_CLIMB_CM,
    base_distance,
    figure_footprint_gap,
    figure_rows,
    open_ground,
    point_base_distance,
)
from game.rules.zombieworld.movement import GEAR_CHANGE_CM, shelter_near
from game.rules.zombieworld.rounds import current_seats
from game.rules.zombieworld.searching import zombies_inside
from game.rules.zombieworld.shooting import firearm_in_hand, range_cm, sees
from game.rules.zombieworld.spots import DOOR_REACH_CM, touching_piece
from game.rules.zombieworld.state import ZOMBIES, Activation, Model, State
from game.rules.zombieworld.vehicles import TURN_COST_CM, needs_start
from game.rules.zombieworld.working import CONTACT_CM, Game, entry_cost, stairs_cost, vehicle_spec


def _gear_options(game: Game, model: Model, active: Activation) -> list[Any]:
    if model.kind != "survivor" or active.remaining_cm + 1e-6 < GEAR_CHANGE_CM or model.vehicle or model.stairs_cm:
        return []
    if model.mounted:
        options: list[Any] = [c.Dismount(model.id)]
        if model.mounted == "bicycle":
            options.append(c.Dismount(model.id, leave=True))
        return options
    if game.engaged_with(model) or (model.defect and (d := game.catalog.defect(model.defect)) is not None
                                    and d.no_wheels):
        return []
    options = []
    for item in dict.fromkeys(model.objects):
        gear = game.catalog.object(item)
        if gear is None or not gear.open_move_bonus_cm:
            continue
        if gear.halved_off_open or (not model.level and open_ground(game.table, model.position)):
            options.append(c.Mount(model.id, item))
    return options


def _vehicle_options(game: Game, model: Model, active: Activation) -> list[Any]:
    """Boarding, leaving, driving, changing seats and searching vehicles, for legal_commands."""
    options: list[Any] = []
    if model.kind != "survivor" or active.must_fight:
        return options
    vehicle = game.riding(model)
    if vehicle is not None:
        spec = vehicle_spec(game, vehicle)
        held = vehicle.held_round == game.round
        if not held and active.remaining_cm + 1e-6 >= entry_cost(game, model):
            options.append(c.LeaveVehicleTemplate(model.id, vehicle.id, active.remaining_cm - entry_cost(game, model)))
        if model.seat == 0 and not vehicle.broken and not active.drove and not held and not active.boarded \
                and (spec.two_wheeled or not active.action_used):
            options.append(c.DriveTemplate(model.id, vehicle.id, spec.move_cm, TURN_COST_CM, not spec.two_wheeled,
                                           needs_start(game, vehicle) and not (
                                               vehicle.owner == model.side and vehicle.crashes == 0)))
        if not active.action_used:
            options.extend(c.ChangeSeat(model.id, s) for s in range(spec.seats) if s != model.seat)
            if not spec.two_wheeled and not vehicle.searched and vehicle.owner != model.side:
                options.append(c.Search(model.id, vehicle=vehicle.id))
        return options
    if game.engaged_with(model):
        return options
    me = game.figure(model)
    entry = entry_cost(game, model)
    for other in game.vehicles.values():
        spec = vehicle_spec(game, other)
        gap = figure_footprint_gap(game.body(other), me)
        taken = {m.seat for m in game.occupants(other.id)}
        free = tuple(s for s in range(spec.seats) if s not in taken)
        if not other.broken and free and gap <= active.remaining_cm + 1e-6:
            options.append(c.BoardTemplate(model.id, other.id, active.remaining_cm, free, entry_cm=entry))
        if not active.action_used and gap <= DOOR_REACH_CM and not spec.two_wheeled and not other.searched \
                and other.owner != model.side:
            options.append(c.Search(model.id, vehicle=other.id))
    return options


def legal_commands(state: State, seat: str) -> list[Any]:
    if seat not in current_seats(state):
        return []
    game = Game(state)
    if state.decision is not None:
        return decision_options(game, state.decision)
    if state.deploying:
        return [deploy_template(game, seat), c.DeploymentDone(seat)]
    if state.active is None:
        waiting = [m for m in game.alive(seat) if not m.activated]
        if not waiting:
            return []
        top = max(game.own_skill(m)[0] for m in waiting)
        ready = [m for m in waiting if game.own_skill(m)[0] == top]
        boosts = [c.UseItem(m.id, item) for m in ready if m.kind == "survivor" for item in dict.fromkeys(m.objects)
                  if item in SELF_BOOSTS and not game.boosted(m, item)]
        return [c.Activate(m.id) for m in ready] + boosts + [c.Withdraw()]
    active = state.active
    model = game.models[active.model]
    options: list[Any] = _found_options(game, model, active)
    if active.must_fight:
        options.append(c.Fight(model.id))
        if not model.grabbed and not (model.kind == "dog" and model.drew_blood):
            options.append(c.Disengage(model.id))
        return options
    options.extend(_vehicle_options(game, model, active))
    if model.vehicle:
        return _rider_options(game, model, active, options)
    if model.stairs_cm:
        return _stairs_options(game, model, active)
    if active.remaining_cm > 0:
        options.append(c.MoveTemplate(model.id, active.remaining_cm))
        enemies = [e.id for e in game.enemies_of(model) if e.level == model.level and not e.vehicle and not e.stairs_cm
                   and base_distance(game.figure(model), game.figure(e)) <= active.remaining_cm]
        if not model.level and not game.individual:  # riders of a vehicle standing still
            enemies += [e.id for e in game.enemies_of(model) if e.side != ZOMBIES and (v := game.riding(e)) is not None
                        and not v.moving and game.gap(model, e) <= active.remaining_cm]
        if enemies and model.kind == "survivor":
            options.append(c.ChargeTemplate(model.id, active.remaining_cm, tuple(enemies)))
    if not active.action_used and model.kind == "survivor":
        options.append(c.Sprint(model.id))
        options.extend(_weapon_options(game, model, may_shoot=not game.engaged_with(model)))
        options.extend(_more_actions(game, model, active))
    if model.kind == "survivor" and not active.moved and not active.action_used:
        options.extend(c.UseItem(model.id, item) for item in model.objects if item in SELF_BOOSTS
                       and not game.boosted(model, item))
        if not model.entrenched and not game.engaged_with(model) and shelter_near(game, model):
            options.append(c.Entrench(model.id))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.extend(_floor_options(game, model, active))
    options.extend(_gear_options(game, model, active))
    if model.side in dict(state.exits) and active.remaining_cm > 0 and not game.engaged_with(model) and not model.level:
        options.append(c.LeaveTemplate(model.id, active.remaining_cm, dict(state.exits)[model.side]))
    options.append(c.EndActivation(model.id))
    return options


def _found_options(game: Game, model: Model, active: Activation) -> list[Any]:
    """Right after a find, and only then: an item for the frightened survivor just found (book
    16.1.3), and the find with no room kept instead of something carried (book 16.2)."""
    options: list[Any] = []
    if active.found_survivor and active.found_survivor in game.models:
        options.extend(c.HandOver(model.id, active.found_survivor, item)
                       for item in dict.fromkeys(hand_over_items(game, model)))
    options.extend(c.KeepFound(model.id, item) for item in dict.fromkeys(keep_found_options(game, model,
                                                                                          active.found_item)))
    return options


def _floor_options(game: Game, model: Model, active: Activation) -> list[Any]:
    """Stairs to the other floors (and the roof) of the building it stands in; ladders up to a roof
    or down from it; on from part-way up either; jumps from a raised place or up from the ground.
    A climb is offered once the model can at least step onto the stairs (short of cm it stops
    part-way)."""
    options: list[Any] = []
    if game.engaged_with(model):
        return options
    table = game.table
    if active.remaining_cm > 0 and not model.stairs_cm and (game.height_of(model) > 0 or _raised_place_near(game, model)):
        options.append(c.JumpTemplate(model.id, JUMP_GAP_CM, JUMP_HEIGHT_CM, active.remaining_cm))
    if active.sprinted or active.remaining_cm <= 1e-6:
        return options
    if model.stairs_cm and model.ladder >= 0:
        ladder = table.piece(model.ladder)
        options.append(c.Climb(model.id, 0, ladder=ladder.index))
        options.extend(c.Climb(model.id, roof.floors, ladder=ladder.index) for roof in table.roofs_reached_by(ladder))
        return options
    can_step_on = model.stairs_cm or active.remaining_cm > stairs_cost(game, model) + 1e-6
    index = table.building_at(model.position)
    if index is not None:
        piece = table.piece(index)
        for level in range(piece.top_level + 1):
            cost = stairs_cost(game, model) + abs(level - model.level) * piece.floor_height_cm
            if (level != model.level or model.stairs_cm) and (can_step_on or cost <= active.remaining_cm + 1e-6):
                options.append(c.Climb(model.id, level))
    on_roof = game.on_roof(model)
    if model.stairs_cm or model.level and not on_roof:
        return options
    reach = LADDER_TOP_REACH_CM if on_roof else BASE_RADIUS_CM
    for ladder in table.ladders_at(model.position, reach):
        for roof in table.roofs_reached_by(ladder):
            cost = stairs_cost(game, model) + roof.top_cm
            if not can_step_on and cost > active.remaining_cm + 1e-6:
                continue
            if on_roof and roof.index == index:
                options.append(c.Climb(model.id, 0, ladder=ladder.index))
            elif not on_roof and index is None:
                options.append(c.Climb(model.id, roof.floors, ladder=ladder.index))
    return options


def _raised_place_near(game: Game, model: Model) -> bool:
    """From the ground: a place a jump could land on (no more than 5 cm up) within the jump's reach."""
    reach = JUMP_GAP_CM + BASE_RADIUS_CM
    x, y = model.position
    for piece in game.table.pieces:
        b = piece.bounds
        if x < b[0] - reach or x > b[2] + reach or y < b[1] - reach or y > b[3] + reach:
            continue
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL) and FREE_CLIMB_CM <= piece.height_cm <= JUMP_HEIGHT_CM:
            return True
        if piece.kind is TerrainKind.BUILDING and piece.top_level >= 1 and piece.floor_height_cm <= JUMP_HEIGHT_CM:
            return True
    return False


def _stairs_options(game: Game, model: Model, active: Activation) -> list[Any]:
    """Part-way up a stairway or ladder: climb on or back, shoot, reload, swap, use an object (a
    model locked in melee has had its Fight and Disengage from ``legal_commands``)."""
    options: list[Any] = []
    if not active.action_used and model.kind == "survivor":
        options.extend(_weapon_options(game, model, may_shoot=True))
        for item in model.objects:
            held = game.catalog.object(item)
            if held is not None and held.heals and model.wounds:
                options.append(c.UseItem(model.id, item, model.id))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.extend(_floor_options(game, model, active))
    options.append(c.EndActivation(model.id))
    return options


def _weapon_options(game: Game, model: Model, may_shoot: bool) -> list[Any]:
    """Shooting (a template naming the enemies in sight, when ``may_shoot`` and the firearm in hand
    is loaded), reloading and swapping weapons: the acting survivor's action with its weapons."""
    options: list[Any] = []
    firearm = firearm_in_hand(game, model)
    if may_shoot and firearm is not None and firearm.id not in model.unloaded:
        rows = figure_rows(game.figures())
        seen = tuple(e.id for e in game.enemies_of(model)
                     if not (game.individual and e.side != ZOMBIES) and sees(game, model, e, rows))
        if seen:
            options.append(c.ShootTemplate(model.id, firearm.id, firearm.shots_min, firearm.shots_max,
                                           range_cm(game, model, firearm), seen))
    if model.unloaded:
        options.append(c.Reload(model.id))
    if model.backpack and len(model.hand) <= 1:
        options.append(c.SwapWeapons(model.id))
    return options


def _rider_options(game: Game, model: Model, active: Activation, options: list[Any]) -> list[Any]:
    """What a survivor inside a vehicle may do besides the vehicle's own options: shoot, reload,
    swap weapons, use objects."""
    if not active.action_used:
        vehicle = game.riding(model)
        driving = vehicle is not None and model.seat == 0 and (vehicle.moved_round == game.round or active.drove) \
            and not vehicle_spec(game, vehicle).two_wheeled and model.virtue != "expert_driver"
        options.extend(_weapon_options(game, model, may_shoot=not driving))
        patients = [m for m in game.alive(model.side) if m.kind == "survivor" and m.wounds
                    and (m.id == model.id or m.vehicle == model.vehicle)]
        for item in model.objects:
            held = game.catalog.object(item)
            if held is not None and held.heals:
                options.extend(c.UseItem(model.id, item, p.id) for p in patients)
    if not active.moved and not active.action_used:
        options.extend(c.UseItem(model.id, item) for item in model.objects if item in SELF_BOOSTS
                       and not game.boosted(model, item))
    if model.unloaded and "ammo_box" in model.objects:
        options.append(c.UseItem(model.id, "ammo_box"))
    options.append(c.EndActivation(model.id))
    return options


def _more_actions(game: Game, model: Model, active: Activation) -> list[Any]:
    """Searches, healing and picking up that the acting survivor could do now."""
    options: list[Any] = []
    if game.engaged_with(model):
        return options
    building = game.table.building_at(model.position)
    if building is not None and not game.on_roof(model) and not zombies_inside(game, building, model.level):
        place = game.place(building)
        if model.level:
            if model.level not in place.floors_searched:
                options.append(c.Search(model.id))
        elif not place.searched or (model.ability == "search_again" and model.side not in place.searched_again_by):
            options.append(c.Search(model.id))
    for piece in game.table.pieces:
        if piece.prop and not game.place(piece.index).searched and model.id not in game.place(piece.index).tried_by \
                and touching_piece(game, model, piece.index):
            options.append(c.Search(model.id, piece=piece.index))
    patients = [m for m in game.alive(model.side) if m.kind == "survivor" and m.wounds
                and (m.id == model.id or base_distance(game.figure(model), game.figure(m)) <= CONTACT_CM + 0.2)]
    for item in model.objects:
        held = game.catalog.object(item)
        if held is not None and held.heals:
            options.extend(c.UseItem(model.id, item, p.id) for p in patients)
        elif item == "air_horn":
            options.append(c.UseItem(model.id, item))
        elif held is not None and held.mounts_on_weapon:
            options.extend(c.UseItem(model.id, item, weapon) for weapon in dict.fromkeys((*model.hand, *model.backpack))
                           if not fitting_problem(game, model, held, weapon))
    if model.virtue == "first_aid":
        options.extend(c.FirstAid(model.id, p.id) for p in patients)
    if any(point_base_distance((g[0], g[1]), game.figure(model)) <= PICK_UP_CM for g in game.ground):
        options.append(c.PickUp(model.id))
    me = game.figure(model)
    partners = tuple(m.id for m in game.alive(model.side) if m.id != model.id and m.kind == "survivor"
                     and not m.vehicle and not m.stairs_cm and m.level == model.level
                     and base_distance(me, game.figure(m)) <= EXCHANGE_CM and not game.engaged_with(m))
    if partners and model.kind == "survivor":
        options.append(c.ExchangeTemplate(model.id, partners))
    return options
