"""Stairs, ladders and jumps: climbing part-way or all the way, and jumping across to a raised place."""

from __future__ import annotations

import math
from dataclasses import replace

from game.board.model import TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.casualties import wound
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    Figure,
    distance_to_edges,
    holds_base,
    jump_line_problem,
)
from game.rules.zombieworld.searching import enter_building
from game.rules.zombieworld.spots import spot_around, spot_problem
from game.rules.zombieworld.state import Activation, Model
from game.rules.zombieworld.working import (
    Game,
    check_passes,
    need_active,
    need_on_foot,
    not_riding,
    stairs_cost,
)

JUMP_GAP_CM = 10.0
JUMP_HEIGHT_CM = 5.0
JUMP_MOMENTUM_CM = 5.0
FALL_WOUND_CM = 5.0  # one wound per full 5 cm fallen
LANDING_CHECK_ABOVE_CM = 5.0  # a jump over a drop deeper than this needs a landing check
LADDER_TOP_REACH_CM = BASE_RADIUS_CM + 1.0  # on a roof, this close to a ladder's piece to go down it


def do_climb(game: Game, model: Model, command: c.Climb) -> None:
    """Up or down the stairs (or a ladder): 5 cm onto them, then the height. Short of cm, the model
    stops part-way up and goes on (or back) next time without paying to step on again."""
    active = need_active(game, model)
    need_on_foot(game, model, stairs_ok=True)
    not_riding(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    if command.ladder >= 0 or model.ladder >= 0:
        _climb_ladder(game, model, command, active)
        return
    index = game.table.building_at(model.position)
    if index is None:
        raise IllegalCommand(f"{model.name} is not inside a building")
    piece = game.table.piece(index)
    if not 0 <= command.level <= piece.top_level or (command.level == model.level and not model.stairs_cm):
        roof = f" and a roof ({piece.floors})" if piece.roof else ""
        raise IllegalCommand(f"the {piece.label or 'building'} has floors 0 to {piece.floors - 1}{roof}; "
                             f"{model.name} is on {model.level}")
    if active.sprinted:
        raise IllegalCommand("no sprinting on stairs")
    storey = piece.floor_height_cm
    here = model.level * storey + model.stairs_cm
    reached, cost = _stairs_progress(game, model, here, command.level * storey, active.remaining_cm)
    level = min(int(reached / storey + 1e-6), piece.top_level)
    stairs_cm = round(reached - level * storey, 3)
    if stairs_cm < 1e-3:
        stairs_cm = 0.0
    moved = replace(model, level=level, stairs_cm=stairs_cm, ladder=-1)
    others = game.figures_except(model.id)
    problem = spot_problem(game, game.figure(moved), model.position, others)
    if problem:
        raise IllegalCommand(problem)
    before, before_stairs = model.level, model.stairs_cm
    model = game.update(model, level=level, stairs_cm=stairs_cm, ladder=-1, entrenched=False)
    game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    game.emit(c.Climbed(model.id, level, round(cost, 3), stairs_cm=stairs_cm))
    if not stairs_cm and 0 < level < piece.floors:  # a floor is a place of its own; the roof is open air
        enter_building(game, model, index, sprinting=False, retreat_to=model.position, came_from_level=before,
                       came_from_stairs_cm=before_stairs)


def _stairs_progress(game: Game, model: Model, here: float, goal: float, budget: float) -> tuple[float, float]:
    """How high a model climbing from ``here`` toward ``goal`` gets with ``budget`` cm, and what it
    pays: stepping onto the stairs (unless already on them) and each cm of height."""
    entry = 0.0 if model.stairs_cm else stairs_cost(game, model)
    cost = entry + abs(goal - here)
    if cost <= budget + 1e-6:
        return goal, cost
    if budget - entry <= 1e-6:
        raise IllegalCommand(f"stepping onto the stairs costs {entry:g} cm; {model.name} has {budget:.1f} cm left")
    step = budget - entry
    return here + (step if goal > here else -step), budget


def _climb_ladder(game: Game, model: Model, command: c.Climb, active: Activation) -> None:
    """Up a ladder (a stairs piece outside a roofed building) from its foot to the roof, or down it
    from the roof: 5 cm onto it plus the building's height, like the stairs. Part-way up, the model
    stands at the ladder's foot, that high up."""
    table = game.table
    ladder_index = model.ladder if model.ladder >= 0 else command.ladder
    if not 0 <= ladder_index < len(table.pieces) or table.piece(ladder_index).kind is not TerrainKind.STAIRS:
        raise IllegalCommand("that is not a ladder or a stairway")
    if command.ladder >= 0 and command.ladder != ladder_index:
        raise IllegalCommand(f"{model.name} is part-way up another ladder")
    if active.sprinted:
        raise IllegalCommand("no sprinting on stairs")
    ladder = table.piece(ladder_index)
    others = game.figures_except(model.id)

    def foot_ok(p: tuple[float, float]) -> bool:
        return table.building_at(p) is None and ladder in table.ladders_at(p) \
            and not spot_problem(game, Figure(model.id, *p), p, others)

    if game.on_roof(model):
        index = table.building_at(model.position)
        assert index is not None
        piece = table.piece(index)
        if command.level != 0:
            raise IllegalCommand("a ladder goes down to the ground (level 0)")
        if piece not in table.roofs_reached_by(ladder):
            raise IllegalCommand(f"that ladder does not reach the roof of the {piece.label or 'building'}")
        if ladder not in table.ladders_at(model.position, LADDER_TOP_REACH_CM):
            raise IllegalCommand(f"{model.name} must stand at the top of the ladder")
        here = piece.top_cm
    elif model.ladder >= 0:  # part-way up: on to the roof or back down to the ground
        roofs = [r for r in table.roofs_reached_by(ladder) if command.level in (0, r.floors)]
        if not roofs:
            raise IllegalCommand(f"that ladder goes down to the ground (0) or up to a roof, not to {command.level}")
        piece = min(roofs, key=lambda r: distance_to_edges(r, model.position))
        here = model.stairs_cm
    else:
        if model.level:
            raise IllegalCommand(f"{model.name} is on floor {model.level}: take the stairs down first")
        if ladder not in table.ladders_at(model.position):
            raise IllegalCommand(f"{model.name} must stand at the foot of the ladder")
        roofs = [r for r in table.roofs_reached_by(ladder) if r.floors == command.level]
        if not roofs:
            raise IllegalCommand(f"that ladder reaches no roof at level {command.level}")
        piece = min(roofs, key=lambda r: distance_to_edges(r, model.position))
        here = 0.0
    goal = piece.top_cm if command.level else 0.0
    reached, cost = _stairs_progress(game, model, here, goal, active.remaining_cm)
    if reached >= piece.top_cm - 1e-3:  # on the roof, beside the ladder
        up = Figure(model.id, model.x, model.y, BASE_RADIUS_CM, model.kind, piece.top_cm)
        spot = spot_around(game, ladder, lambda p: table.building_at(p) == piece.index and holds_base(piece, p)
                           and not spot_problem(game, up, p, others))
        level, stairs_cm, on = piece.floors, 0.0, -1
    else:  # at its foot, on the ground or part-way up
        spot = model.position if (model.ladder >= 0 or not model.level and not game.on_roof(model)) \
            and foot_ok(model.position) else spot_around(game, ladder, foot_ok)
        level, stairs_cm, on = 0, round(max(0.0, reached), 3), ladder_index
        if stairs_cm < 1e-3:
            stairs_cm, on = 0.0, -1
    if spot is None:
        raise IllegalCommand("there is no room at the other end of the ladder")
    model = game.update(model, x=spot[0], y=spot[1], level=level, stairs_cm=stairs_cm, ladder=on, entrenched=False)
    game.active = replace(active, remaining_cm=max(0.0, active.remaining_cm - cost), moved=True)
    game.emit(c.ModelMoved(model.id, (spot,), 0.0))
    game.emit(c.Climbed(model.id, level, round(cost, 3), stairs_cm=stairs_cm))


def _landing_surface(game: Game, point: tuple[float, float], level: int) -> tuple[float, int | None, str] | str:
    """Height, building and kind ("floor", "roof" or "top") of the place a jump lands on, or why
    it cannot land there."""
    index = game.table.building_at(point)
    if index is not None:
        piece = game.table.piece(index)
        if not 0 < level <= piece.top_level:
            roof = f" and its roof ({piece.floors})" if piece.roof else ""
            return f"the {piece.label or 'building'} has upper floors 1 to {piece.floors - 1}{roof}"
        return level * piece.floor_height_cm, index, "roof" if level == piece.floors else "floor"
    top = game.table.standing_top_cm(point)
    if level == 0 and top > 0:
        return top, None, "top"
    return "land on a raised place: an upper floor or the roof of another building, or on top of an obstacle"


def jump_cost(game: Game, model: Model, landing: tuple[float, float], level: int) -> float | str:
    """What a jump to ``landing`` at ``level`` costs (the gap plus the height climbed or dropped), or
    why nothing there can be landed on."""
    surface = _landing_surface(game, landing, level)
    if isinstance(surface, str):
        return surface
    return _jump_price(math.dist(model.position, landing), surface[0], game.height_of(model))


def _jump_price(gap_cm: float, height_cm: float, takeoff_cm: float) -> float:
    return gap_cm + abs(height_cm - takeoff_cm)


def do_jump(game: Game, model: Model, command: c.Jump) -> None:
    """Across a gap to a raised place (an upper floor or roof of another building, the top of an
    obstacle), from another raised place or from the ground (then at most 5 cm up): the gap and the
    height change are paid from the move; short of cm, the jumper falls into the gap (a wound per
    full 5 cm of the place it aimed for); landed, it runs on 5 cm and, from higher than 5 cm, must
    pass a landing check or lose its next activation."""
    active = need_active(game, model)
    need_on_foot(game, model)
    not_riding(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(f"{model.name} is locked in melee")
    start = model.position
    takeoff = game.height_of(model)
    home = game.table.building_at(start)
    landing = command.landing
    surface = _landing_surface(game, landing, command.level)
    if isinstance(surface, str):
        raise IllegalCommand(surface)
    height, target, where = surface
    if target is not None and target == home:
        raise IllegalCommand("land on a floor of another building")
    if target is None and math.dist(start, landing) < 1e-6:
        raise IllegalCommand("land somewhere else")
    gap = math.dist(start, landing)
    if gap > JUMP_GAP_CM + 1e-6:
        raise IllegalCommand(f"a jump spans at most {JUMP_GAP_CM:g} cm, not {gap:.1f}")
    if abs(height - takeoff) > JUMP_HEIGHT_CM + 1e-6:
        raise IllegalCommand(f"a jump climbs or drops at most {JUMP_HEIGHT_CM:g} cm, not {abs(height - takeoff):g}")
    over = {i for i, up in ((home, game.on_roof(model)), (target, where == "roof")) if i is not None and up}
    problem = jump_line_problem(game.table, start, landing, over)
    if problem:
        raise IllegalCommand(problem)
    cost = _jump_price(gap, height, takeoff)
    angle = math.atan2(landing[1] - start[1], landing[0] - start[0])
    if cost > active.remaining_cm + 1e-6:
        _fall_short_of_jump(game, model, start, angle, active, height)
        return
    lander = replace(model, x=landing[0], y=landing[1], level=command.level)
    others = game.figures_except(model.id)
    problem = spot_problem(game, game.figure(lander), landing, others)
    if problem:
        raise IllegalCommand(problem)

    def same_surface(point: tuple[float, float]) -> bool:
        if target is not None:
            return game.table.building_at(point) == target
        return abs(game.table.standing_top_cm(point) - height) < 1e-6

    end = landing
    for step in (JUMP_MOMENTUM_CM, 4.0, 3.0, 2.0, 1.0):  # the momentum: 5 cm on, or as far as it goes
        point = (landing[0] + math.cos(angle) * step, landing[1] + math.sin(angle) * step)
        if same_surface(point) and not spot_problem(
                game, game.figure(replace(lander, x=point[0], y=point[1])), point, others):
            end = point
            break
    model = game.update(model, x=end[0], y=end[1], level=command.level, entrenched=False)
    remaining = active.remaining_cm - cost
    game.emit(c.Jumped(model.id, (landing, end), command.level, round(cost, 3)))
    if takeoff > LANDING_CHECK_ABOVE_CM:
        skill, modifiers = game.check_skill(model)
        (die,) = game.d6(1)
        landed = check_passes(die, skill)
        if not landed and model.virtue == "agile":
            (die,) = game.d6(1)
            landed = check_passes(die, skill)
            modifiers = [*modifiers, ("agile re-roll", 0)]
        game.emit(c.DiceRolled("landing", model.id, (die,), tuple(modifiers), skill, ("pass" if landed else "fail",)))
        if not landed:
            model = game.update(model, cannot_activate_round=game.round + 1)
            remaining = 0.0
    game.active = replace(active, remaining_cm=max(0.0, remaining), moved=True)
    if where == "floor" and target is not None:
        enter_building(game, model, target, sprinting=active.sprinted)


def _fall_short_of_jump(game: Game, model: Model, start: tuple[float, float], angle: float, active: Activation,
                        height: float) -> None:
    """Not enough move left: it drops into the gap, a wound per full 5 cm of the floor it aimed for."""
    reach = max(0.0, active.remaining_cm)
    spot = (start[0] + math.cos(angle) * reach, start[1] + math.sin(angle) * reach)
    others = game.figures_except(model.id)
    if game.table.building_at(spot) is not None or spot_problem(game, Figure(model.id, *spot), spot, others):
        for step in range(1, 40):
            candidate = (spot[0] + math.cos(angle) * 0.5 * step, spot[1] + math.sin(angle) * 0.5 * step)
            back = (spot[0] - math.cos(angle) * 0.5 * step, spot[1] - math.sin(angle) * 0.5 * step)
            found = next((p for p in (back, candidate) if game.table.building_at(p) is None
                          and not spot_problem(game, Figure(model.id, *p), p, others)), None)
            if found is not None:
                spot = found
                break
    model = game.update(model, x=spot[0], y=spot[1], level=0, entrenched=False)
    game.active = replace(active, remaining_cm=0.0, moved=True)
    game.emit(c.Jumped(model.id, (spot,), 0, round(reach, 3), fell=True))
    wounds = int(height // FALL_WOUND_CM)
    if wounds:
        wound(game, model, wounds, None, melee=False)
