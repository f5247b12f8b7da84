"""Stairs, ladders and jumps: climbing part-way or all the way, and jumping across to a raised place."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.board.model import TerrainKind
from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.casualties import wound
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    Figure,
    crossings,
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
MOMENTUM_STEP_CM = 0.05  # a momentum short of room is tried this much shorter at a time
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
        raise IllegalCommand(spoken.in_melee(model.name))
    if command.ladder >= 0 or model.ladder >= 0:
        _climb_ladder(game, model, command, active)
        return
    index = game.table.building_at(model.position)
    if index is None:
        raise IllegalCommand(Said(N_("{name} is not inside a building"), name=model.name))
    piece = game.table.piece(index)
    if not 0 <= command.level <= piece.top_level or (command.level == model.level and not model.stairs_cm):
        raise IllegalCommand(Said(N_("the {piece} has floors 0 to {top} and a roof ({roof}); {name} is on {level}")
                                  if piece.roof else N_("the {piece} has floors 0 to {top}; {name} is on {level}"),
                                  piece=spoken.piece(piece.label), top=piece.floors - 1, roof=piece.floors,
                                  name=model.name, level=model.level))
    if active.sprinted:
        raise IllegalCommand(Said(N_("no sprinting on stairs")))
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
        raise IllegalCommand(Said(N_("stepping onto the stairs costs {cost} cm; {name} has {left} cm left"),
                                  cost=spoken.cm(entry), name=model.name, left=spoken.cm1(budget)))
    step = budget - entry
    return here + (step if goal > here else -step), budget


def _climb_ladder(game: Game, model: Model, command: c.Climb, active: Activation) -> None:
    """Up a ladder (a stairs piece outside a roofed building) from its foot to the roof, or down it
    from the roof: 5 cm onto it plus the building's height, like the stairs. Part-way up, the model
    stands at the ladder's foot, that high up."""
    table = game.table
    ladder_index = model.ladder if model.ladder >= 0 else command.ladder
    if not 0 <= ladder_index < len(table.pieces) or table.piece(ladder_index).kind is not TerrainKind.STAIRS:
        raise IllegalCommand(Said(N_("that is not a ladder or a stairway")))
    if command.ladder >= 0 and command.ladder != ladder_index:
        raise IllegalCommand(Said(N_("{name} is part-way up another ladder"), name=model.name))
    if active.sprinted:
        raise IllegalCommand(Said(N_("no sprinting on stairs")))
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
            raise IllegalCommand(Said(N_("a ladder goes down to the ground (level 0)")))
        if piece not in table.roofs_reached_by(ladder):
            raise IllegalCommand(Said(N_("that ladder does not reach the roof of the {piece}"),
                                      piece=spoken.piece(piece.label)))
        if ladder not in table.ladders_at(model.position, LADDER_TOP_REACH_CM):
            raise IllegalCommand(Said(N_("{name} must stand at the top of the ladder"), name=model.name))
        here = piece.top_cm
    elif model.ladder >= 0:  # part-way up: on to the roof or back down to the ground
        roofs = [r for r in table.roofs_reached_by(ladder) if command.level in (0, r.floors)]
        if not roofs:
            raise IllegalCommand(Said(N_("that ladder goes down to the ground (0) or up to a roof, not to {level}"),
                                      level=command.level))
        piece = min(roofs, key=lambda r: distance_to_edges(r, model.position))
        here = model.stairs_cm
    else:
        if model.level:
            raise IllegalCommand(Said(N_("{name} is on floor {level}: take the stairs down first"), name=model.name,
                                      level=model.level))
        if ladder not in table.ladders_at(model.position):
            raise IllegalCommand(Said(N_("{name} must stand at the foot of the ladder"), name=model.name))
        roofs = [r for r in table.roofs_reached_by(ladder) if r.floors == command.level]
        if not roofs:
            raise IllegalCommand(Said(N_("that ladder reaches no roof at level {level}"), level=command.level))
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
        raise IllegalCommand(Said(N_("there is no room at the other end of the ladder")))
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
            return Said(N_("the {piece} has upper floors 1 to {top} and its roof ({roof})") if piece.roof
                        else N_("the {piece} has upper floors 1 to {top}"), piece=spoken.piece(piece.label),
                        top=piece.floors - 1, roof=piece.floors)
        return level * piece.floor_height_cm, index, "roof" if level == piece.floors else "floor"
    top = game.table.standing_top_cm(point)
    if level == 0 and top > 0:
        return top, None, "top"
    return Said(N_("land on a raised place: an upper floor or the roof of another building, or on top of an obstacle"))


@record
class JumpLine:
    """A jump measured along its line: the ground walked on the take-off place up to the edge, the
    gap crossed (edge to edge), the ground walked on the landing place, and the height changed."""

    walk_before_cm: float
    gap_cm: float
    walk_after_cm: float
    height_cm: float

    @property
    def cost_cm(self) -> float:
        return self.walk_before_cm + self.gap_cm + self.walk_after_cm + self.height_cm


def _standing_piece(game: Game, model: Model) -> Any:
    """The raised place the model stands on: its building (upstairs or on the roof), the obstacle
    or wall it stands on top of, or None on the ground."""
    table = game.table
    if model.level:
        index = table.building_at(model.position)
        return table.piece(index) if index is not None else None
    top = table.standing_top_cm(model.position)
    if top <= 0:
        return None
    return next((p for p in table.pieces_at(model.position) if p.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL)
                 and p.height_cm == top and holds_base(p, model.position)), None)


def _landing_piece(game: Game, point: tuple[float, float], index: int | None, height: float) -> Any:
    if index is not None:
        return game.table.piece(index)
    return next((p for p in game.table.pieces_at(point) if p.kind in (TerrainKind.OBSTACLE, TerrainKind.WALL)
                 and p.height_cm == height and holds_base(p, point)), None)


def jump_line(game: Game, model: Model, landing: tuple[float, float], level: int) -> JumpLine | str:
    """The jump to ``landing`` at ``level`` measured across the gap it crosses (book 11.4: the cm
    "de alto o ancho" are paid like a move), or why nothing there can be landed on."""
    surface = _landing_surface(game, landing, level)
    if isinstance(surface, str):
        return surface
    height, index, _ = surface
    start = model.position
    length = math.dist(start, landing)
    ax, ay, bx, by = start[0], start[1], landing[0], landing[1]
    onto = _landing_piece(game, landing, index, height)
    entry = min((t for t in crossings(onto, ax, ay, bx, by) if t > 1e-9), default=0.0) * length if onto else 0.0
    off = _standing_piece(game, model)
    leave = min((t for t in crossings(off, ax, ay, bx, by) if t > 1e-9), default=1.0) * length if off else entry
    leave = min(leave, entry)
    return JumpLine(max(0.0, leave - BASE_RADIUS_CM), entry - leave, max(0.0, length - entry - BASE_RADIUS_CM),
                    abs(height - game.height_of(model)))


def jump_cost(game: Game, model: Model, landing: tuple[float, float], level: int) -> float | str:
    """What a jump to ``landing`` at ``level`` costs before its momentum (the ground walked to the
    edge, the gap, the ground walked on the landing place, the height climbed or dropped), or why
    nothing there can be landed on."""
    line = jump_line(game, model, landing, level)
    return line if isinstance(line, str) else line.cost_cm


def do_jump(game: Game, model: Model, command: c.Jump) -> None:
    """Across a gap to a raised place (an upper floor or roof of another building, the top of an
    obstacle), from another raised place or from the ground (then at most 5 cm up): the ground walked
    to the edge and on the landing place, the gap (edge to edge, at most 10 cm) and the height
    change are paid from the move; short of cm, the jumper falls into the gap (a wound per full
    5 cm of the place it aimed for); landed, it must run 5 cm straight on, paid from the move too,
    or as far as its cm or the room go; from more than 5 cm up, a landing check (Agile re-rolls)
    or it loses its next activation."""
    active = need_active(game, model)
    need_on_foot(game, model)
    not_riding(game, model)
    if active.must_fight or game.engaged_with(model):
        raise IllegalCommand(spoken.in_melee(model.name))
    start = model.position
    takeoff = game.height_of(model)
    home = game.table.building_at(start)
    landing = command.landing
    surface = _landing_surface(game, landing, command.level)
    if isinstance(surface, str):
        raise IllegalCommand(surface)
    height, target, where = surface
    if target is not None and target == home:
        raise IllegalCommand(Said(N_("land on a floor of another building")))
    if target is None and math.dist(start, landing) < 1e-6:
        raise IllegalCommand(Said(N_("land somewhere else")))
    line = jump_line(game, model, landing, command.level)
    assert not isinstance(line, str)
    if line.gap_cm > JUMP_GAP_CM + 1e-6:
        raise IllegalCommand(Said(N_("a jump spans a gap of at most {most} cm, not {gap}"), most=spoken.cm(JUMP_GAP_CM),
                                  gap=spoken.cm1(line.gap_cm)))
    if abs(height - takeoff) > JUMP_HEIGHT_CM + 1e-6:
        raise IllegalCommand(Said(N_("a jump climbs or drops at most {most} cm, not {height}"), most=spoken.cm(JUMP_HEIGHT_CM),
                                  height=spoken.cm(abs(height - takeoff))))
    over = {i for i, up in ((home, game.on_roof(model)), (target, where == "roof")) if i is not None and up}
    problem = jump_line_problem(game.table, start, landing, over)
    if problem:
        raise IllegalCommand(problem)
    cost = line.cost_cm
    angle = math.atan2(landing[1] - start[1], landing[0] - start[0])
    if cost > active.remaining_cm + 1e-6:
        _fall_short_of_jump(game, model, start, angle, active, height)
        return
    lander = replace(model, x=landing[0], y=landing[1], level=command.level)
    problem = spot_problem(game, game.figure(lander), landing, game.figures_except(model.id))
    if problem:
        raise IllegalCommand(problem)
    end, momentum = run_on(game, model, landing, command.level, active.remaining_cm - cost)
    cost += momentum
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
            modifiers = [*modifiers, (N_("agile re-roll"), 0)]
        game.emit(c.DiceRolled("landing", model.id, (die,), tuple(modifiers), skill, ("pass" if landed else "fail",)))
        if not landed:
            model = game.update(model, cannot_activate_round=game.round + 1)
            remaining = 0.0
    game.active = replace(active, remaining_cm=max(0.0, remaining), moved=True)
    if where == "floor" and target is not None:
        enter_building(game, model, target, sprinting=active.sprinted)


def run_on(game: Game, model: Model, landing: tuple[float, float], level: int,
           budget_cm: float) -> tuple[tuple[float, float], float]:
    """Where the compulsory run after a jump ends and how long it is: 5 cm straight on along the
    landing place, or as far as the cm left and the room allow (book 11.4)."""
    surface = _landing_surface(game, landing, level)
    if isinstance(surface, str):
        return landing, 0.0
    height, target, _ = surface
    start = model.position
    angle = math.atan2(landing[1] - start[1], landing[0] - start[0])
    lander = replace(model, x=landing[0], y=landing[1], level=level)
    others = game.figures_except(model.id)

    def on_landing_place(point: tuple[float, float]) -> bool:
        if target is not None:
            same = game.table.building_at(point) == target
        else:
            same = abs(game.table.standing_top_cm(point) - height) < 1e-6
        return same and not spot_problem(game, game.figure(replace(lander, x=point[0], y=point[1])), point, others)

    momentum = min(JUMP_MOMENTUM_CM, budget_cm)
    while momentum > 1e-6:
        if all(on_landing_place((landing[0] + math.cos(angle) * d, landing[1] + math.sin(angle) * d))
               for d in _steps(momentum)):
            return (landing[0] + math.cos(angle) * momentum, landing[1] + math.sin(angle) * momentum), momentum
        momentum -= MOMENTUM_STEP_CM
    return landing, 0.0


def _steps(distance: float) -> list[float]:
    """Points every half centimetre along a run (its end included), for the room it needs."""
    count = max(1, math.ceil(distance / 0.5))
    return [distance * n / count for n in range(1, count + 1)]


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
