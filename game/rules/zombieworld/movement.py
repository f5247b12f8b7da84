"""Moving on foot: the move allowance, paths and their cost, wheels (bicycles, skateboards,
skates), sprinting, entrenching and leaving the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.equipment import take_object
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    ENTRY_COST_CM,
    MAX_CLIMB_CM,
    Figure,
    PathCost,
    Table,
    base_distance,
    figure_footprint_gap,
    open_ground,
    path_cost,
)
from game.rules.zombieworld.scoring import exit_goal_met
from game.rules.zombieworld.searching import enter_building, vehicle_touched
from game.rules.zombieworld.spawning import end_activation_after_exit
from game.rules.zombieworld.spots import DOOR_REACH_CM, path_hits_vehicle, spot_problem, touching_piece
from game.rules.zombieworld.state import Activation, Model
from game.rules.zombieworld.working import (
    CONTACT_CM,
    Game,
    check_passes,
    need_active,
    need_on_foot,
    not_riding,
    wheels,
)

SPRINT_DICE = 2  # a sprint rolls two skill checks
SPRINT_STEP_CM = 5.0  # each passed adds this much
SPRINT_MAX_CM = SPRINT_DICE * SPRINT_STEP_CM
GEAR_CHANGE_CM = 5.0  # getting on or off a bicycle or skateboard, putting skates on or off
PUSHED_BICYCLE_CM = 3.0  # a bicycle pushed along on foot slows its owner
EXIT_SLACK_CM = BASE_RADIUS_CM + 0.5  # a base this close to the exit edge touches it
LEAVE_ENTRENCHED_CM = ENTRY_COST_CM  # climbing out of an entrenched spot costs as much as entering a building
EDGE_NAMES = {"n": N_("north"), "e": N_("east"), "s": N_("south"), "w": N_("west")}
ENTRENCH_MIN_CM = 2.0


def move_allowance(game: Game, model: Model) -> float:
    move = game.profile(model).move_cm
    if model.defect and (d := game.catalog.defect(model.defect)) is not None:
        move += d.move_modifier_cm
    if game.boosted(model, "stimulants"):
        move += 5.0
    return max(0.0, move)


def do_move(game: Game, model: Model, command: c.MoveModel) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    if active.must_fight:
        raise IllegalCommand(Said(N_("{name} is locked in melee: fight on or try to disengage first"), name=model.name))
    cost, entered = validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
    end = command.path[-1]
    start = model.position
    game.update(model, x=end[0], y=end[1], entrenched=False)
    game.active = replace(active, remaining_cm=active.remaining_cm - cost, moved=True,
                          gear_cm=max(0.0, active.gear_cm - game.gear_spent_cm))
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    for index in dict.fromkeys(entered):
        if model.id in game.models:
            enter_building(game, game.models[model.id], index, sprinting=_sprinted(game, active),
                           retreat_to=start if command.surprise == "retreat" else None)
    for vehicle in list(game.vehicles.values()):
        current = game.models.get(model.id)
        if current is not None and game.decision is None \
                and figure_footprint_gap(game.body(vehicle), game.figure(current)) <= DOOR_REACH_CM:
            vehicle_touched(game, current, vehicle)


def validate_path(game: Game, model: Model, path: tuple[tuple[float, float], ...], budget: float,
                  contact_with: Model | None) -> tuple[float, tuple[int, ...]]:
    if not path:
        raise IllegalCommand(Said(N_("a move needs at least one point")))
    total, result = priced_path(game, model, path)
    total, game.gear_spent_cm = wheels_cost(game, model, result, total, budget)
    if total > budget + 1e-6:
        raise IllegalCommand(Said(N_("that move costs {cost} cm; {name} has {left} cm left"), cost=spoken.cm1(total),
                                  name=model.name, left=spoken.cm1(budget)))
    others = game.figures_except(model.id)
    problem = spot_problem(game, game.figure(model), path[-1], others)
    if problem:
        raise IllegalCommand(problem)
    moved = Figure(model.id, path[-1][0], path[-1][1])
    for enemy in game.enemies_of(model):
        touching = enemy.level == model.level and base_distance(moved, game.figure(enemy)) <= CONTACT_CM
        if touching and (contact_with is None or enemy.id != contact_with.id) and contact_with is None:
            raise IllegalCommand(Said(N_("moving into contact with {enemy} is a charge"),
                                      enemy=spoken.who(game.catalog, enemy)))
    if contact_with is not None and base_distance(moved, game.figure(contact_with)) > CONTACT_CM:
        raise IllegalCommand(Said(N_("a charge must end in base contact with {enemy}"),
                                  enemy=spoken.who(game.catalog, contact_with)))
    return total, result.entered_buildings


def priced_path(game: Game, model: Model, path: Sequence[tuple[float, float]]) -> tuple[float, PathCost]:
    """What walking ``path`` costs ``model`` before its wheels are counted: its own cost of entering a
    building (No balance, firefighters), how high it may climb, and climbing out of an entrenched
    spot; with the path's cost details. Raises IllegalCommand when the path cannot be walked at all
    (out of its building upstairs, through a wall, a building side or a vehicle)."""
    points = [model.position, *path]
    entry = ENTRY_COST_CM
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.entry_cost_cm is not None:
        entry = d.entry_cost_cm
    if model.ability == "free_entry":
        entry = 0.0
    max_climb = game.catalog.zombie(model.profile).max_climb_cm if model.kind == "zombie" else MAX_CLIMB_CM
    if model.level:
        _stay_upstairs(game, model, points)
    result = path_cost(game.table, points, max_climb_cm=max_climb, entry_cost_cm=entry)
    if not result.ok:
        raise IllegalCommand(result.problem)
    if not model.level:
        blocking = path_hits_vehicle(game, points)
        if blocking:
            raise IllegalCommand(Said(N_("walk around the {vehicle}"), vehicle=blocking))
    return result.cost_cm + (LEAVE_ENTRENCHED_CM if model.entrenched else 0.0), result


def wheels_cost(game: Game, model: Model, result: Any, total: float, budget: float) -> tuple[float, float]:
    """A path's cost for a rider and the part of it paid from the wheels' bonus. A bicycle or
    skateboard keeps to open ground; skates go anywhere, every cm off open ground costing double.
    The bonus pays only for open ground: what is paid on foot must fit in the rest of the move."""
    gear = wheels(game, model)
    if gear is None:
        return total, 0.0
    if result.rough_cost_cm > 1e-6:
        if not gear.halved_off_open:
            raise IllegalCommand(Said(N_("{name} must get off the {gear} (5 cm) to leave open ground"),
                                      name=model.name, gear=gear))
        total += result.rough_cost_cm
    bonus = game.active.gear_cm if game.active is not None and game.active.model == model.id else 0.0
    from_bonus = min(bonus, max(0.0, result.cost_cm - result.rough_cost_cm))
    on_foot = total - from_bonus
    if on_foot > budget - bonus + 1e-6:
        raise IllegalCommand(Said(N_("the {gear}'s {bonus} cm more count only on open ground: that move costs {cost} cm off it; "
                                     "{name} has {left} cm"), gear=gear, bonus=spoken.cm(bonus), cost=spoken.cm1(on_foot),
                                  name=model.name, left=spoken.cm1(max(0.0, budget - bonus))))
    return total, from_bonus


def gear_at_activation(game: Game, model: Model) -> None:
    active = game.active
    assert active is not None
    gear = wheels(game, model)
    if gear is not None:
        game.active = replace(active, remaining_cm=active.remaining_cm + gear.open_move_bonus_cm,
                              gear_cm=gear.open_move_bonus_cm, gear_bonus_given=True)
    elif _pushes_bicycle(model):
        game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - PUSHED_BICYCLE_CM))


def _pushes_bicycle(model: Model) -> bool:
    return "bicycle" in model.objects and model.mounted != "bicycle"


def do_mount(game: Game, model: Model, command: c.Mount) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    gear = game.catalog.object(command.item)
    if gear is None or not gear.open_move_bonus_cm:
        raise IllegalCommand(Said(N_("{item} is not ridden or worn to move"), item=spoken.item(game.catalog, command.item)))
    if command.item not in model.objects:
        raise IllegalCommand(spoken.carries_no(game.catalog, model.name, gear.id))
    if model.mounted:
        raise IllegalCommand(Said(N_("{name} is already on the {item}"), name=model.name,
                                  item=spoken.item(game.catalog, model.mounted)))
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.no_wheels:
        raise IllegalCommand(Said(N_("{name} cannot use a {gear} ({defect})"), name=model.name, gear=gear, defect=d))
    if not gear.halved_off_open and (model.level or not open_ground(game.table, model.position)):
        raise IllegalCommand(Said(N_("a {gear} is ridden only on open ground"), gear=gear))
    if active.remaining_cm + 1e-6 < GEAR_CHANGE_CM:
        raise IllegalCommand(Said(N_("getting on the {gear} costs {cost} cm; {name} has {left} cm left"), gear=gear,
                                  cost=spoken.cm(GEAR_CHANGE_CM), name=model.name, left=spoken.cm1(active.remaining_cm)))
    remaining = active.remaining_cm - GEAR_CHANGE_CM
    gear_cm = 0.0
    if not active.gear_bonus_given:
        remaining += gear.open_move_bonus_cm
        gear_cm = gear.open_move_bonus_cm
    game.update(model, mounted=gear.id, entrenched=False)
    game.active = replace(active, remaining_cm=remaining, gear_cm=gear_cm, gear_bonus_given=True, moved=True)
    game.emit(c.GearChanged(model.id, gear.id, mounted=True))


def do_dismount(game: Game, model: Model, command: c.Dismount) -> None:
    active = need_active(game, model)
    gear = wheels(game, model)
    if gear is None:
        raise IllegalCommand(Said(N_("{name} is on foot"), name=model.name))
    if command.leave and gear.id != "bicycle":
        raise IllegalCommand(Said(N_("only a bicycle is left standing on the ground")))
    if active.remaining_cm + 1e-6 < GEAR_CHANGE_CM:
        raise IllegalCommand(Said(N_("getting off the {gear} costs {cost} cm; {name} has {left} cm left"), gear=gear,
                                  cost=spoken.cm(GEAR_CHANGE_CM), name=model.name, left=spoken.cm1(active.remaining_cm)))
    # the change is paid from the bonus first (it is done on open ground); the rest of the bonus is lost
    from_bonus = min(active.gear_cm, GEAR_CHANGE_CM)
    remaining = active.remaining_cm - GEAR_CHANGE_CM - (active.gear_cm - from_bonus)
    model = game.update(model, mounted="")
    if command.leave:
        model = take_object(game, model, gear.id)
        game.ground.append((model.x, model.y, gear.id))
    elif gear.id == "bicycle":
        remaining -= PUSHED_BICYCLE_CM
    game.active = replace(active, remaining_cm=max(0.0, remaining), gear_cm=0.0, moved=True)
    game.emit(c.GearChanged(model.id, gear.id, mounted=False, left=command.leave))


def _sprinted(game: Game, active: Activation) -> bool:
    return active.sprinted


def do_sprint(game: Game, model: Model, command: c.Sprint) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    if active.action_used:
        raise IllegalCommand(spoken.used_action(model.name))
    if active.must_fight:
        raise IllegalCommand(spoken.in_melee(model.name))
    if model.defect and (d := game.catalog.defect(model.defect)) is not None and d.cannot_sprint:
        raise IllegalCommand(Said(N_("{name} cannot sprint ({defect})"), name=model.name, defect=d))
    extra = sprint_roll(game, model)
    game.active = replace(active, remaining_cm=active.remaining_cm + extra, action_used=True, sprinted=True)


def sprint_roll(game: Game, model: Model) -> float:
    skill, modifiers = game.check_skill(model)
    dice = list(game.d6(SPRINT_DICE))
    if model.virtue == "sprinter" and not all(check_passes(d, skill) for d in dice):
        failed = next(i for i, d in enumerate(dice) if not check_passes(d, skill))
        dice[failed] = game.d6(1)[0]
    results = tuple("pass" if check_passes(d, skill) else "fail" for d in dice)
    game.emit(c.DiceRolled("sprint", model.id, tuple(dice), tuple(modifiers), skill, results))
    return SPRINT_STEP_CM * results.count("pass")


def do_entrench(game: Game, model: Model, command: c.Entrench) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    not_riding(game, model)
    if active.moved or active.action_used:
        raise IllegalCommand(Said(N_("entrenching is declared at the start of the turn, before moving or acting")))
    if model.entrenched:
        raise IllegalCommand(Said(N_("{name} is already entrenched"), name=model.name))
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    if not shelter_near(game, model):
        raise IllegalCommand(Said(N_("{name} needs an obstacle 2 cm high or more, no taller than itself, to hide behind"),
                                  name=model.name))
    game.update(model, entrenched=True)
    game.active = replace(active, remaining_cm=0.0)
    game.emit(c.Entrenched(model.id))


def shelter_near(game: Game, model: Model) -> bool:
    top = 3.0  # a miniature's height
    reach = BASE_RADIUS_CM + 0.6
    for piece in game.table.pieces:
        if piece.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL, TerrainKind.COVER) \
                and ENTRENCH_MIN_CM <= piece.sight_height_cm <= top and touching_piece(game, model, piece.index):
            return True
    for wall in game.table.walls:
        if ENTRENCH_MIN_CM <= wall.height_cm <= top:
            seg = _segment_distance(model.position, wall.a, wall.b)
            if seg <= reach:
                return True
    return False


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    t = 0.0 if length_sq < 1e-12 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length_sq))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def do_leave_table(game: Game, model: Model, command: c.LeaveTable) -> None:
    active = need_active(game, model)
    need_on_foot(game, model)
    edge = dict(game.exits).get(model.side)
    if edge is None:
        raise IllegalCommand(Said(N_("this scenario has no way off the table")))
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    cost = validate_path(game, model, command.path, active.remaining_cm, contact_with=None)[0]
    x, y = command.path[-1]
    if not at_exit_edge(game.table, (x, y), edge):
        raise IllegalCommand(Said(N_("the path must end touching a table edge")) if edge == "any" else
                             Said(N_("the path must end touching the {edge} edge"), edge=Said(EDGE_NAMES[edge])))
    game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
    game.departed.append(game.update(model, x=x, y=y))
    game.bump(model.side, escaped=1)
    del game.models[model.id]
    game.emit(c.ModelRemoved(model.id, "escaped"))
    game.active = None
    _check_exit_victory(game, model.side)
    if not game.finished:
        end_activation_after_exit(game, model)


def at_exit_edge(table: Table, point: tuple[float, float], edge: str) -> bool:
    """A base at ``point`` touches the exit ``edge`` ("n", "e", "s", "w", or "any")."""
    x, y = point
    gaps = {"w": x, "e": table.width_cm - x, "n": y, "s": table.height_cm - y}
    return any(gaps[e] <= EXIT_SLACK_CM for e in (tuple(gaps) if edge == "any" else (edge,)))


def _check_exit_victory(game: Game, seat: str) -> None:
    if exit_goal_met(game.catalog.scenario(game.base.scenario), game.score(seat), _band_size(game, seat)):
        game.finished = True
        game.winners = (seat,)
        game.emit(c.GameEnded((seat,), f"{seat} got away"))


def _band_size(game: Game, seat: str) -> int:
    """Members that started the game, plus those who joined."""
    return sum(1 for model_id in game.roster if model_id.startswith(f"{seat}:"))


def _stay_upstairs(game: Game, model: Model, points: list[tuple[float, float]]) -> None:
    """On an upper floor a model walks only inside its building."""
    index = game.table.building_at(points[0])
    for a, b in zip(points, points[1:], strict=False):
        steps = max(1, math.ceil(math.dist(a, b) / 0.5))
        for i in range(1, steps + 1):
            t = i / steps
            if game.table.building_at((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)) != index:
                raise IllegalCommand(Said(N_("{name} is on floor {level}: take the stairs down first"), name=model.name,
                                                  level=model.level))
