"""Places: the first entry into a building or floor (its light, who is there, the surprise roll),
the first touch of a found vehicle, and searching buildings, floors, props and vehicles.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Literal

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.core.rng import draw_floats
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.casualties import wound
from game.rules.zombieworld.containers import is_scenario_container
from game.rules.zombieworld.equipment import give
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Figure, base_distance, figure_footprint_gap
from game.rules.zombieworld.melee import after_fight, melee
from game.rules.zombieworld.shooting import firearm_in_hand
from game.rules.zombieworld.spawning import zombies_have_acted
from game.rules.zombieworld.spots import (
    DOOR_REACH_CM,
    free_spot_near,
    spot_problem,
    touching_piece,
    vehicle_spot,
)
from game.rules.zombieworld.state import ZOMBIES, Decision, Model, Vehicle
from game.rules.zombieworld.working import CONTACT_CM, Game, need_active, vehicle_spec

VEHICLE_ZOMBIE_ON = 1  # D6 when a vehicle is first touched
NOT_IN_CONTACT_CM = 0.2  # a zombie out of a vehicle stands this clear of the survivor it goes for


def _join(game: Game, finder: Model, how: str, kind: Literal["survivor", "dog"] = "survivor",
          rescued: bool = False) -> Model | None:
    """A frightened survivor, a dog or the rescued person joins the finder's band beside it."""
    spot = free_spot_near(game, finder.position, 2.6)
    if spot is None:
        return None
    number = sum(1 for m in game.roster if m.startswith(f"{finder.side}:found"))
    model_id = f"{finder.side}:found{number + 1}"
    name = {"dog": "Found dog", "rescued": "Rescued person"}.get(how, f"Found survivor {number + 1}")
    joined = Model(id=model_id, side=finder.side, kind=kind, profile="dog" if kind == "dog" else "frightened",
                   name=name, x=spot[0], y=spot[1], activated=True, rescued=rescued)
    game.models[model_id] = joined
    game.order_ids.append(model_id)
    game.roster.append(model_id)
    game.emit(c.SurvivorJoined(model_id, finder.side, how))
    if kind == "survivor" and game.active is not None and game.active.model == finder.id:
        game.active = replace(game.active, found_survivor=model_id)  # the finder may hand it something, now
    return joined


def enter_building(game: Game, model: Model, index: int, sprinting: bool,
                   retreat_to: tuple[float, float] | None = None, came_from_level: int = 0,
                   came_from_stairs_cm: float = 0.0) -> None:
    """The first time anyone enters a building (or one of its upper floors): its light (if in
    play), then the D10 of who is there."""
    place = game.place(index)
    if model.kind != "survivor":
        return
    if model.level:
        if model.level in place.floors_opened or model.level in place.floors_searched:
            return
    elif place.opened or place.searched:
        return
    if game.base.interior_light and not place.light:
        (die,) = game.d6(1)
        light = next(r for r in game.catalog.tables.interior_light if r.low <= die <= r.high)
        game.emit(c.DiceRolled("interior light", model.id, (die,), (), 0, (light.id,)))
        game.mark(index, light=light.id)
        game.emit(c.PlaceMarked(index, "light", light.id))
    (die,) = game.d10(1)
    row = next(r for r in game.catalog.tables.building_entry if r.low <= die <= r.high)
    game.emit(c.DiceRolled("building entry" if not model.level else f"floor {model.level} entry", model.id, (die,), (),
                           0, (row.result,)))
    if model.level:
        game.mark(index, floors_opened=(*game.place(index).floors_opened, model.level))
        game.emit(c.PlaceMarked(index, f"open floor {model.level}"))
    else:
        game.mark(index, opened=True)
        game.emit(c.PlaceMarked(index, "open"))
    if row.result == "empty":
        game.emit(c.BuildingEntered(model.id, index, "empty"))
        return
    if row.result == "frightened_survivor":
        game.emit(c.BuildingEntered(model.id, index, "frightened_survivor"))
        if _join(game, model, "found") is not None:
            game.bump(model.side, survivors_found=1)
        return
    _zombie_encounter(game, model, index, die, sprinting, retreat_to, came_from_level, came_from_stairs_cm)


def _zombie_encounter(game: Game, model: Model, index: int, count: int, sprinting: bool,
                      retreat_to: tuple[float, float] | None = None, came_from_level: int = 0,
                      came_from_stairs_cm: float = 0.0) -> None:
    """Zombies inside: the surprise roll decides who strikes first."""
    zombies_die, survivor_die = game.d6(2)
    skill, modifiers = game.check_skill(model)
    if model.ability == "reroll_surprise" and survivor_die + skill < zombies_die + count:
        survivor_die = game.d6(1)[0]
        modifiers = [*modifiers, (N_("re-roll"), 0)]
    if model.virtue == "locksmith":
        winner = "survivor"
    elif sprinting:
        winner = "zombies"
    else:
        winner = "survivor" if survivor_die + skill >= zombies_die + count else "zombies"
    game.emit(c.DiceRolled("surprise", model.id, (survivor_die, zombies_die), ((N_("skill"), skill), *modifiers,
                                                                               ("zombies", count)), 0, (winner,)))
    game.emit(c.BuildingEntered(model.id, index, "zombies", count, winner))
    placed: list[Model] = []
    height = game.height_of(model)
    for _ in range(count):
        spot = free_spot_near(game, model.position, 2.5 + 0.01, inside=index, base_cm=height) or \
            free_spot_near(game, model.position, 2.5, inside=None, base_cm=height)
        if spot is None:
            break
        zombie = Model(id=f"z{game.next_zombie}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                       x=spot[0], y=spot[1], activated=zombies_have_acted(game), level=model.level)
        game.next_zombie += 1
        game.models[zombie.id] = zombie
        game.order_ids.append(zombie.id)
        game.emit(c.ZombieSpawned(zombie.id, spot, "building"))
        placed.append(zombie)
    if winner == "survivor" and retreat_to is not None:
        # back out the way it came, as if it had not moved; its turn is spent
        game.update(game.models[model.id], x=retreat_to[0], y=retreat_to[1], level=came_from_level,
                    stairs_cm=came_from_stairs_cm)
        game.emit(c.ModelMoved(model.id, (retreat_to,), 0.0))
        if game.active is not None and game.active.model == model.id:
            game.active = replace(game.active, remaining_cm=0.0, action_used=True)
        return
    if winner == "survivor":
        firearm = firearm_in_hand(game, model)
        if firearm is not None and firearm.id not in model.unloaded and not firearm.template_diameter_cm:
            threshold = game.catalog.tables.to_hit.open
            for zombie in placed:
                (die,) = game.d6(1)
                hit = die + skill >= threshold
                game.emit(c.DiceRolled("surprise shot", model.id, (die,), ((N_("skill"), skill),), threshold,
                                       ("wound" if hit else "miss",)))
                if hit:
                    wound(game, zombie, 1, game.models[model.id], melee=False)
    if model.id in game.models:
        enemies = [game.models[z.id] for z in placed if z.id in game.models]
        enemies = [z for z in enemies if base_distance(game.figure(z), game.figure(game.models[model.id])) <= CONTACT_CM]
        if enemies:
            melee(game, game.models[model.id], enemies)
            after_fight(game, model.id)


def zombies_inside(game: Game, index: int, level: int = 0) -> bool:
    return any(game.table.building_at(z.position) == index and z.level == level for z in game.alive(ZOMBIES))


def do_search(game: Game, model: Model, command: c.Search) -> None:
    active = need_active(game, model)
    if model.stairs_cm:
        raise IllegalCommand(Said(N_("{name} is part-way up the stairs: climb on up or back down first"), name=model.name))
    if model.kind != "survivor":
        raise IllegalCommand(Said(N_("only survivors search")))
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    if command.vehicle:
        _search_vehicle(game, model, command)
    elif model.vehicle:
        raise IllegalCommand(Said(N_("{name} is in a vehicle: search the vehicle or get out"), name=model.name))
    elif command.piece >= 0:
        _search_piece(game, model, command)
    else:
        _search_building(game, model, command)
    if game.active is not None and game.active.model == model.id:
        game.active = replace(game.active, action_used=True)


def _search_building(game: Game, model: Model, command: c.Search) -> None:
    index = game.table.building_at(model.position)
    if index is None:
        raise IllegalCommand(Said(N_("{name} is not inside a building"), name=model.name))
    if game.on_roof(model):
        raise IllegalCommand(Said(N_("there is nothing to search on a roof: go down inside")))
    place = game.place(index)
    if zombies_inside(game, index, model.level):
        raise IllegalCommand(Said(N_("clear the zombies out of the building first")) if not model.level
                             else Said(N_("clear the zombies off this floor first")))
    if model.level:
        _search_floor(game, model, command, index)
        return
    again = False
    if place.searched:
        if model.ability != "search_again" or model.side in place.searched_again_by:
            raise IllegalCommand(Said(N_("this building has already been searched")))
        again = True
    _roll_search(game, model, command.prefer)
    piece = game.table.piece(index)
    if piece.shop and not again:
        _shop_reward(game, model, piece.shop)
    if again:
        game.mark(index, searched_again_by=(*place.searched_again_by, model.side))
    else:
        game.mark(index, opened=True, searched=True)
        game.bump(model.side, buildings_searched=1)
    game.emit(c.PlaceMarked(index, "searched"))


def _search_floor(game: Game, model: Model, command: c.Search, index: int) -> None:
    """An upper floor is a place of its own: searched once, worth a searched building's Glory."""
    if model.level in game.place(index).floors_searched:
        raise IllegalCommand(Said(N_("floor {level} has already been searched"), level=model.level))
    _roll_search(game, model, command.prefer)
    place = game.place(index)
    game.mark(index, floors_searched=(*place.floors_searched, model.level),
              floors_opened=tuple(dict.fromkeys((*place.floors_opened, model.level))))
    game.bump(model.side, buildings_searched=1)
    game.emit(c.PlaceMarked(index, f"searched floor {model.level}"))


def _roll_search(game: Game, model: Model, prefer: str) -> None:
    """3D10 on the search table; ``prefer`` picks in an "X or Y" row (else the first)."""
    dice = game.d10(3)
    total = sum(dice)
    options = game.catalog.search_result(total)
    game.emit(c.DiceRolled("search", model.id, dice, (), 0, (str(total),)))
    if options:
        _receive(game, model, prefer if prefer in options else options[0], options)


def _receive(game: Game, model: Model, found: str, options: tuple[str, ...] = ()) -> None:
    current = game.models[model.id]
    if found == "dog":
        game.emit(c.ItemFound(model.id, found, options))
        _join(game, current, "dog", kind="dog")
    elif found == "frightened_survivor":
        game.emit(c.ItemFound(model.id, found, options))
        if _join(game, current, "found") is not None:
            game.bump(model.side, survivors_found=1)
    elif found == "heal":
        if current.wounds:
            game.update(current, wounds=current.wounds - 1)
        game.emit(c.ItemUsed(model.id, "heal", model.id, 1 if current.wounds else 0))
    elif found.startswith("vehicle:"):
        placed = _place_found_vehicle(game, current, found.split(":", 1)[1])
        game.emit(c.ItemFound(model.id, found, options, dropped=placed is None))
    else:
        kept = give(game, current, found)
        game.emit(c.ItemFound(model.id, found, options, dropped=not kept))
        if not kept and game.active is not None and game.active.model == model.id:
            game.active = replace(game.active, found_item=found)  # it may keep it instead of something, now


def _shop_reward(game: Game, model: Model, shop_id: str) -> None:
    shop = next((s for s in game.catalog.tables.shop if s.id == shop_id), None)
    if shop is None:
        return
    (die,) = game.d6(1)
    game.emit(c.DiceRolled(f"{shop.name} reward", model.id, (die,)))
    for low, high, items in shop.rewards:
        if low <= die <= high:
            for item in items:
                if model.id in game.models:
                    _receive(game, game.models[model.id], item)


def _search_piece(game: Game, model: Model, command: c.Search) -> None:
    """A prop (D6 on the props table) or, in the rescue and antidote scenarios, a container."""
    if not 0 <= command.piece < len(game.table.pieces):
        raise IllegalCommand(Said(N_("no such piece of scenery")))
    piece = game.table.piece(command.piece)
    if not piece.prop:
        raise IllegalCommand(Said(N_("the {piece} cannot be searched"), piece=spoken.piece(piece.label, "piece")))
    if not touching_piece(game, model, piece.index):
        raise IllegalCommand(Said(N_("{name} must touch the {piece} to search it"), name=model.name,
                                  piece=spoken.piece(piece.label, "piece")))
    place = game.place(piece.index)
    if place.searched:
        raise IllegalCommand(Said(N_("the {piece} has already been searched"), piece=spoken.piece(piece.label, "piece")))
    scenario = game.catalog.scenario(game.base.scenario)
    if scenario.find_on is not None and is_scenario_container(piece, game.containers):
        if model.id in place.tried_by:
            raise IllegalCommand(Said(N_("{name} has already searched the {piece}"), name=model.name,
                                      piece=spoken.piece(piece.label, "piece")))
        if scenario.victory == "rescue" and any(m.rescued for m in game.alive()):
            raise IllegalCommand(Said(N_("the person has already been found")))
        (die,) = game.d6(1)
        found = die >= scenario.find_on
        game.emit(c.DiceRolled("container", model.id, (die,), (), scenario.find_on, ("found" if found else "empty",)))
        if not found:
            game.mark(piece.index, tried_by=(*place.tried_by, model.id))
            return
        game.mark(piece.index, searched=True)
        game.emit(c.PlaceMarked(piece.index, "searched"))
        if scenario.victory == "rescue":
            game.emit(c.ItemFound(model.id, "rescued"))
            if _join(game, model, "rescued", rescued=True) is not None:
                game.bump(model.side, survivors_found=1)
        else:
            game.update(model, elements=(*model.elements, "antidote"))
            game.emit(c.ItemFound(model.id, "antidote"))
        return
    prop = next((p for p in game.catalog.tables.prop if p.id == piece.prop), None)
    if prop is None:
        raise IllegalCommand(Said(N_("the {piece} cannot be searched"), piece=spoken.piece(piece.label, "piece")))
    (die,) = game.d6(1)
    find_on = game.catalog.tables.props.find_on
    found = die >= find_on
    game.emit(c.DiceRolled("prop search", model.id, (die,), (), find_on, ("found" if found else "nothing",)))
    game.mark(piece.index, searched=True)
    game.emit(c.PlaceMarked(piece.index, "searched"))
    if found:
        _receive(game, model, prop.item)


def _place_found_vehicle(game: Game, finder: Model, vehicle_id: str) -> Vehicle | None:
    """A shop's vehicle reward: parked outside, as near the finder as it fits."""
    spec = game.catalog.vehicle(vehicle_id)
    if spec is None:
        return None
    near = finder.position
    building = game.table.building_at(near)
    if building is not None:
        piece = game.table.piece(building)
        if piece.portals:
            a, b, _, _ = min(piece.portals, key=lambda p: math.dist(near, ((p[0][0] + p[1][0]) / 2,
                                                                          (p[0][1] + p[1][1]) / 2)))
            near = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    body = vehicle_spot(game, near, spec.length_cm, spec.width_cm)
    if body is None:
        return None
    vehicle = Vehicle(f"v{len(game.vehicles) + 1}", spec.id, body.x, body.y, body.facing, body.length_cm,
                      body.width_cm, opened=True)
    while vehicle.id in game.vehicles:
        vehicle = replace(vehicle, id=vehicle.id + "b")
    game.vehicles[vehicle.id] = vehicle
    game.emit(c.VehiclePlaced(vehicle.id, vehicle.position, vehicle.facing, "shop"))
    return vehicle


def vehicle_touched(game: Game, model: Model, vehicle: Vehicle) -> bool:
    """The first touch of a found vehicle: on a 1 a zombie was inside. It comes out at the door or
    window nearest the survivor it goes for (a random one of those touching the vehicle), not yet
    upon it: the surprise roll decides whether it grabs the survivor (melee at once) or the survivor
    reacts first (a choice: shoot it, step away, or meet it). True when one came out."""
    if vehicle.opened or vehicle_spec(game, vehicle).two_wheeled or vehicle.owner == model.side or model.kind != "survivor":
        return False
    (die,) = game.d6(1)
    inside = die <= VEHICLE_ZOMBIE_ON
    game.emit(c.DiceRolled("zombie in the vehicle", model.id, (die,), (), VEHICLE_ZOMBIE_ON,
                           ("zombie" if inside else "empty",)))
    game.set_vehicle(vehicle, opened=True)
    game.emit(c.VehicleStatus(vehicle.id, "opened"))
    if not inside:
        return False
    body = game.body(vehicle)
    touching = [m for m in game.alive() if m.kind == "survivor" and not m.vehicle and not m.level
                and figure_footprint_gap(body, game.figure(m)) <= DOOR_REACH_CM]
    victim = model
    if len(touching) > 1:  # book 9.10: it attacks one of them at random
        (value,), game.rng = draw_floats(game.rng, 1)
        victim = touching[int(value * len(touching))]
    spot = _door_spot(game, vehicle, victim)
    if spot is None:
        return False
    zombie = Model(id=f"z{game.next_zombie}", side=ZOMBIES, kind="zombie", profile="walker", name="Walker",
                   x=spot[0], y=spot[1], activated=zombies_have_acted(game))
    game.next_zombie += 1
    game.models[zombie.id] = zombie
    game.order_ids.append(zombie.id)
    game.emit(c.ZombieSpawned(zombie.id, spot, "vehicle"))
    zombie_die, survivor_die = game.d6(2)
    skill, modifiers = game.check_skill(victim)
    zombie_skill = game.profile(zombie).skill
    if victim.ability == "reroll_surprise" and survivor_die + skill <= zombie_die + zombie_skill:
        survivor_die = game.d6(1)[0]
        modifiers = [*modifiers, (N_("re-roll"), 0)]
    winner = "survivor" if survivor_die + skill > zombie_die + zombie_skill else "zombies"
    game.emit(c.DiceRolled("surprise", victim.id, (survivor_die, zombie_die),
                           ((N_("skill"), skill), *modifiers, (N_("zombie"), zombie_skill)), 0, (winner,)))
    if winner == "survivor":
        game.ask(Decision("vehicle_surprise", victim.side, victim.id, zombie.id))
    else:
        zombie_grabs(game, victim.id, zombie.id)
    return True


def _door_spot(game: Game, vehicle: Vehicle, survivor: Model) -> tuple[float, float] | None:
    """Where a zombie coming out of ``vehicle`` stands: against the body, as near ``survivor`` as it
    fits without touching it (so the survivor may shoot first)."""
    body = game.body(vehicle)
    others = game.figures()
    me = game.figure(survivor)
    mover = Figure("new", survivor.x, survivor.y)
    around = 2 * (body.length_cm + body.width_cm)
    steps = max(8, int(around / 0.25))
    best: tuple[float, tuple[float, float]] | None = None
    for number in range(steps):
        point = _perimeter_point(body, number / steps * around, BASE_RADIUS_CM + 0.02)
        gap = base_distance(Figure("new", *point), me)
        if gap < NOT_IN_CONTACT_CM or spot_problem(game, mover, point, others):
            continue
        if best is None or gap < best[0]:
            best = (gap, point)
    return best[1] if best is not None else None


def _perimeter_point(body: Any, distance: float, outward: float) -> tuple[float, float]:
    """The point ``outward`` cm outside the body's outline, ``distance`` cm round it from the front left."""
    half_l, half_w = body.length_cm / 2, body.width_cm / 2
    sides = ((body.width_cm, (half_l, -half_w), (0.0, 1.0), (1.0, 0.0)),
             (body.length_cm, (half_l, half_w), (-1.0, 0.0), (0.0, 1.0)),
             (body.width_cm, (-half_l, half_w), (0.0, -1.0), (-1.0, 0.0)),
             (body.length_cm, (-half_l, -half_w), (1.0, 0.0), (0.0, -1.0)))
    for length, (a, b), (da, db), (na, nb) in sides:
        if distance <= length:
            along, across = a + da * distance + na * outward, b + db * distance + nb * outward
            cos_f, sin_f = math.cos(body.facing), math.sin(body.facing)
            return body.x + along * cos_f - across * sin_f, body.y + along * sin_f + across * cos_f
        distance -= length
    return _perimeter_point(body, 0.0, outward)


def zombie_grabs(game: Game, survivor_id: str, zombie_id: str) -> None:
    """The zombie closes on the survivor and they fight at once, with no reaction roll."""
    survivor, zombie = game.models.get(survivor_id), game.models.get(zombie_id)
    if survivor is None or zombie is None:
        return
    gap = math.dist(survivor.position, zombie.position)
    if base_distance(game.figure(survivor), game.figure(zombie)) > CONTACT_CM and gap > 1e-9:
        touch = 2 * BASE_RADIUS_CM
        spot = (survivor.x + (zombie.x - survivor.x) / gap * touch, survivor.y + (zombie.y - survivor.y) / gap * touch)
        zombie = game.update(zombie, x=spot[0], y=spot[1])
        game.emit(c.ModelMoved(zombie.id, (spot,), round(gap - touch, 3)))
    melee(game, game.models[survivor_id], [zombie])
    after_fight(game, survivor_id)


def _search_vehicle(game: Game, model: Model, command: c.Search) -> None:
    """A vehicle's search: touching it (or riding in it), once it has been checked for a zombie;
    3D10 on the search table, no Glory; a band never searches its own vehicle."""
    vehicle = game.vehicles.get(command.vehicle)
    if vehicle is None:
        raise IllegalCommand(Said(N_("no such vehicle on the table")))
    spec = vehicle_spec(game, vehicle)
    if spec.two_wheeled:
        raise IllegalCommand(Said(N_("a {vehicle} cannot be searched"), vehicle=spec))
    if vehicle.owner == model.side:
        raise IllegalCommand(Said(N_("the {vehicle} is your band's own"), vehicle=spec))
    if vehicle.searched:
        raise IllegalCommand(Said(N_("the {vehicle} has already been searched"), vehicle=spec))
    if model.vehicle != vehicle.id and figure_footprint_gap(game.body(vehicle), game.figure(model)) > DOOR_REACH_CM:
        raise IllegalCommand(Said(N_("{name} must touch the {vehicle} to search it"), name=model.name, vehicle=spec))
    if vehicle_touched(game, model, vehicle):
        return  # a zombie was inside: the search is spent fighting it
    _roll_search(game, model, command.prefer)
    game.set_vehicle(game.vehicles[vehicle.id], opened=True, searched=True)
    game.emit(c.VehicleStatus(vehicle.id, "searched"))
