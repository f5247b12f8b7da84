"""What the window asks the engine to measure before a command is given, so that what it shows
(the tape's centimetres, the areas a model can reach, a jump's or a drive's cost, a shot's range
band and cover, a model's attributes) is what the rules will use. Nothing here changes a state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.catalog import Profile
from game.rules.zombieworld.climbing import jump_cost, run_on
from game.rules.zombieworld.geometry import BASE_RADIUS_CM, Table
from game.rules.zombieworld.movement import (
    LEAVE_ENTRENCHED_CM,
    SPRINT_MAX_CM,
    at_exit_edge,
    move_allowance,
    priced_path,
    wheels_cost,
)
from game.rules.zombieworld.shooting import cover_against, point_blank, shot_odds
from game.rules.zombieworld.state import State
from game.rules.zombieworld.vehicles import plan_drive
from game.rules.zombieworld.working import Game

Point = tuple[float, float]


@record
class MoveCost:
    """What a walk along a path costs the model, or why it cannot be walked (``problem``)."""

    cost_cm: float
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem


@record
class Reach:
    """Where the model can go in one straight leg: walking now, and with a sprint's best roll."""

    model: str
    origin: Point
    walk: tuple[Point, ...]
    sprint: tuple[Point, ...] = ()
    walk_cm: float = 0.0  # what is left of the move once any surcharge is paid
    sprint_cm: float = 0.0  # the same with the best sprint (0: it cannot sprint now)


@record
class DrivePlan:
    """A drive as the engine would play it: its cost, its turns and where the body ends."""

    cost_cm: float
    turns: int
    end_pose: tuple[float, float, float] | None  # the body's centre and facing at the end


@record
class ShotRange:
    distance_cm: float  # as the range is measured (a rider from its vehicle's body)
    band: str  # "point blank", "in range" or "out of range"
    cover: str  # the to-hit column: "open", "difficult" or "building"
    needs: int = 0  # a die plus ``bonus`` must reach this to wound
    bonus: int = 0  # the shooter's skill and every modifier of the shot
    chance_per_die: float = 0.0


def _price(game: Game, model_id: str, path: Sequence[Point]) -> MoveCost:
    model = game.models[model_id]
    try:
        total, result = priced_path(game, model, path)
        total, _ = wheels_cost(game, model, result, total, math.inf)
    except IllegalCommand as refusal:
        legs = zip((model.position, *path), path, strict=False)
        return MoveCost(sum(math.dist(a, b) for a, b in legs), refusal.reason)
    return MoveCost(total, "")


def move_cost(state: State, model_id: str, path: Sequence[Point]) -> MoveCost:
    """What walking ``path`` (its waypoints, then where it stops) costs the model: terrain, climbing,
    entering buildings at its own price, climbing out of an entrenched spot, wheels off open ground.
    Only the path itself is judged, not where it ends (``check`` does that)."""
    return _price(Game(state), model_id, path)


def reach(state: State, model_id: str, rays: int = 72, halvings: int = 11) -> Reach | None:
    """The areas the acting model can reach in one straight leg: with what is left of its move, and
    with the best sprint when it may sprint now. Each of ``rays`` directions is searched to
    ``halvings`` halvings; legs stop at walls, building sides and heights as the rules say."""
    active = state.active
    if active is None or active.model != model_id:
        return None
    game = Game(state)
    model = game.models[model_id]
    walk_budget = active.remaining_cm
    sprint_budget = walk_budget + SPRINT_MAX_CM if _may_sprint(game, model_id) else 0.0
    surcharge = LEAVE_ENTRENCHED_CM if model.entrenched else 0.0
    walk = _outline(game, model_id, walk_budget, rays, halvings)
    sprint = _outline(game, model_id, sprint_budget, rays, halvings) if sprint_budget else ()
    return Reach(model_id, model.position, walk, sprint, max(0.0, walk_budget - surcharge),
                 max(0.0, sprint_budget - surcharge) if sprint_budget else 0.0)


def _may_sprint(game: Game, model_id: str) -> bool:
    model, active = game.models[model_id], game.active
    if active is None or active.action_used or model.kind != "survivor" or model.vehicle or model.stairs_cm:
        return False
    defect = game.catalog.defect(model.defect) if model.defect else None
    return not (defect is not None and defect.cannot_sprint)


def _outline(game: Game, model_id: str, budget_cm: float, rays: int, halvings: int) -> tuple[Point, ...]:
    origin = game.models[model_id].position
    table = game.table
    outline = []
    for ray in range(rays):
        angle = 2 * math.pi * ray / rays
        dx, dy = math.cos(angle), math.sin(angle)

        def fits(d: float, dx: float = dx, dy: float = dy) -> bool:
            end = (origin[0] + dx * d, origin[1] + dy * d)
            if not table.on_table(end, BASE_RADIUS_CM):
                return False
            cost = _price(game, model_id, (end,))
            return cost.ok and cost.cost_cm <= budget_cm + 1e-6

        low, high = 0.0, budget_cm
        if fits(high):
            low = high
        else:
            for _ in range(halvings):
                middle = (low + high) / 2
                low, high = (middle, high) if fits(middle) else (low, middle)
        outline.append((origin[0] + dx * low, origin[1] + dy * low))
    return tuple(outline)


def height_cm(state: State, model_id: str) -> float:
    """How high the model stands: its floor or roof, an obstacle's top, part-way up stairs."""
    game = Game(state)
    return game.height_of(game.models[model_id])


def jump_price(state: State, model_id: str, landing: Point, level: int) -> MoveCost:
    """What a jump to ``landing`` at ``level`` costs: the ground to the edge and on the landing place,
    the gap, the height climbed or dropped, and the 5 cm run on after landing (as far as the move
    lasts); or why nothing there can be landed on."""
    game = Game(state)
    model = game.models[model_id]
    cost = jump_cost(game, model, landing, level)
    if isinstance(cost, str):
        return MoveCost(math.dist(model.position, landing), cost)
    left = game.active.remaining_cm if game.active is not None and game.active.model == model_id else cost
    return MoveCost(cost + run_on(game, model, landing, level, left - cost)[1], "")


def drive_plan(state: State, command: c.Drive) -> DrivePlan:
    """The cost, turns and end of the drive ``command`` (by the driver it names); raises
    IllegalCommand with the reason when the vehicle cannot go that way or that far."""
    game = Game(state)
    vehicle = game.riding(game.models[command.model])
    if vehicle is None:
        raise IllegalCommand(Said(N_("only a driver drives")))
    legs, cost_cm, turns = plan_drive(game, vehicle, command)
    end = None
    for body, length, _rams in legs:
        heading = body.facing + (math.pi if command.reverse else 0.0)
        end = (body.x + math.cos(heading) * length, body.y + math.sin(heading) * length, body.facing)
    return DrivePlan(cost_cm, turns, end)


def shot_range(state: State, shooter_id: str, target_id: str, weapon: str, range_cm: float) -> ShotRange:
    """How far the target is as a shot measures it, its range band for ``weapon`` reaching
    ``range_cm``, the to-hit column its cover puts it in, and the odds of each die."""
    game = Game(state)
    shooter, target = game.models[shooter_id], game.models[target_id]
    distance = game.gap(shooter, target)
    band = "point blank" if point_blank(game, shooter, target) else \
        "in range" if distance <= range_cm else "out of range"
    cover = cover_against(game, shooter, target)[1]
    firearm = game.catalog.firearm(weapon)
    if firearm is None:
        return ShotRange(distance, band, cover)
    return ShotRange(distance, band, cover, *shot_odds(game, shooter, target, firearm))


def at_exit(table: Table, point: Point, edge: str) -> bool:
    """A base at ``point`` touches the exit ``edge`` ("n", "e", "s", "w" or "any")."""
    return at_exit_edge(table, point, edge)


def profile(state: State, model_id: str) -> tuple[Profile, int, float]:
    """The model's attributes as the rules use them now (wounds, campaign improvements), its wounds
    to go out of action, and the move it gets at an activation (defects, stimulants)."""
    game = Game(state)
    model = game.models[model_id]
    return game.profile(model), game.max_wounds(model), move_allowance(game, model)


def engaged(state: State, model_id: str) -> tuple[str, ...]:
    """The enemies locked in melee with the model (base contact, same floor)."""
    game = Game(state)
    return tuple(e.id for e in game.engaged_with(game.models[model_id]))
