"""An opponent band for one player: it plays a seat by rules of thumb a Zombieworld player knows.

- **Reactions first.** Return fire when shot at, shoot first or stand firm when charged.
- **Activation order.** The survivor in the most danger acts first: the one closest to a zombie
  or a rival, then the others, nearest first.
- **Melee, then shooting.** A survivor locked in a fight fights. A survivor with a firearm and a
  target in sight shoots the nearest; it keeps its distance while reloading or out of range.
- **Charge or shoot.** Without a shot, a survivor charges the nearest foe it can reach, unless the
  scenario rewards staying unhurt or getting away. Targets come in the order the scenario rewards:
  rivals first when their kills win it, zombies first otherwise.
- **Searching.** A survivor that can search a building or pick something up does so when no foe
  is close.
- **Scenario goals.** When the scenario names a way out (``exits``) or an objective point, the
  band heads for it and leaves the table there when the scenario allows it; otherwise it closes on
  the nearest foe, stopping at shooting distance.

Every choice is legal: candidates are checked with ``engine.check`` and the next is tried when one
is refused; what the rules of thumb do not cover (vehicles, deployment, exchanges) goes to
``random_bot``. Every roll it makes comes from the ``Random`` it is handed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.bots import CONTACT_CM, random_bot
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.state import Model, State

SHOOTING_DISTANCE_CM = 18.0  # a gunman stops closing in here
DANGER_CM = 12.0  # a foe this close means no time for searching
MOVE_FRACTIONS = (1.0, 0.75, 0.5, 0.3, 0.15)  # a refused walk is tried shorter
MIN_STEP_CM = 1.0  # shorter walks are not worth an action
REACTIONS = (c.ReturnFire, c.ShootFirst, c.StandFirm, c.KeepReaction, c.KeepFound)
EDGE_POINTS = {"n": (0.5, 0.0), "s": (0.5, 1.0), "e": (1.0, 0.5), "w": (0.0, 0.5)}


CAUTIOUS_GOALS = ("fewest_wounds_taken", "exit_opposite_edge", "exit_any_edge", "rescue", "near_objective")


def victory_of(state: State) -> str:
    """How the scenario is won (``most_zombie_kills``, ``fewest_wounds_taken``…); "" when unknown."""
    return next((s.victory for s in load_catalog().scenarios if s.id == state.scenario), "")


def _target_order(state: State, model: Model, target_ids: Iterable[str]) -> list[str]:
    """Targets in the order the scenario rewards: rivals first when their kills win it, else
    zombies first; nearest first within each."""
    rivals_first = victory_of(state) == "most_hostile_kills"

    def key(target_id: str) -> tuple[bool, float]:
        target = state.model(target_id)
        is_zombie = target.kind == "zombie"
        return (is_zombie if rivals_first else not is_zombie, math.dist(model.position, target.position))

    return sorted(target_ids, key=key)


def _accepted(state: State, seat: str, command: Any) -> bool:
    try:
        engine.check(state, seat, command)
    except IllegalCommand:
        return False
    return True


def _foes(state: State, seat: str) -> list[Model]:
    allies = {seat, *(b for a, b in state.alliances if a == seat), *(a for a, b in state.alliances if b == seat)}
    return [m for m in state.models if m.side not in allies]


def _nearest(model: Model, others: Iterable[Model]) -> Model | None:
    return min(others, key=lambda other: math.dist(model.position, other.position), default=None)


def _distance_to_foe(state: State, seat: str, model: Model) -> float:
    foe = _nearest(model, _foes(state, seat))
    return math.dist(model.position, foe.position) if foe is not None else math.inf


def _goal_point(state: State, seat: str, model: Model) -> tuple[float, float] | None:
    """Where the scenario wants this band: its way out, or the objective."""
    edge = dict(state.exits).get(seat)
    if edge:
        width, height = state_size(state)
        if edge == "any":
            candidates = [(model.x, 0.0), (model.x, height), (0.0, model.y), (width, model.y)]
            return min(candidates, key=lambda p: math.dist(p, model.position))
        fx, fy = EDGE_POINTS.get(edge, (0.5, 0.5))
        return (model.x if fx == 0.5 else fx * width, model.y if fy == 0.5 else fy * height)
    return state.objective


def state_size(state: State) -> tuple[float, float]:
    """The table's size in cm."""
    if state.table is not None:
        return (state.table.width_cm, state.table.height_cm)
    return (max([m.x for m in state.models], default=120.0), max([m.y for m in state.models], default=120.0))


def _first_accepted(state: State, seat: str, candidates: Iterable[Any]) -> Any | None:
    return next((command for command in candidates if command is not None and _accepted(state, seat, command)), None)


def _walk_towards(model: Model, point: tuple[float, float], step_cm: float) -> list[c.MoveModel]:
    gap = math.dist(model.position, point)
    if gap < 0.5 or step_cm < MIN_STEP_CM:
        return []
    return [c.MoveModel(model.id, ((model.x + (point[0] - model.x) / gap * step_cm * fraction,
                                    model.y + (point[1] - model.y) / gap * step_cm * fraction),))
            for fraction in MOVE_FRACTIONS]


def _reaction(options: Sequence[Any]) -> Any | None:
    for preferred in REACTIONS:
        found = next((o for o in options if isinstance(o, preferred)), None)
        if found is not None:
            return found
    return None


def _shots(state: State, model_id: str, options: Sequence[Any]) -> list[Any]:
    model = state.model(model_id)
    shots = []
    for option in options:
        if isinstance(option, c.ShootTemplate) and option.model == model_id and option.targets:
            for target in _target_order(state, model, option.targets):
                shots.append(c.Shoot(model_id, ((target, option.shots_max),), option.weapon))
                shots.append(c.Shoot(model_id, ((target, option.shots_min),), option.weapon))
    return shots


def _charges(state: State, model_id: str, options: Sequence[Any]) -> list[Any]:
    model = state.model(model_id)
    charges = []
    for option in options:
        if not isinstance(option, c.ChargeTemplate) or option.model != model_id:
            continue
        for target_id in _target_order(state, model, option.targets):
            target = state.model(target_id)
            gap = math.dist(model.position, target.position)
            if gap <= CONTACT_CM or gap - CONTACT_CM > option.max_cm:
                continue
            stop = gap - CONTACT_CM
            point = (model.x + (target.x - model.x) / gap * stop, model.y + (target.y - model.y) / gap * stop)
            charges.append(c.Charge(model_id, target_id, (point,)))
    return charges


def _moves(state: State, seat: str, model: Model, options: Sequence[Any]) -> list[Any]:
    walk = next((o for o in options if isinstance(o, c.MoveTemplate) and o.model == model.id), None)
    if state.active is not None and state.active.moved:
        walk = None  # one walk per activation: what is left of the move is kept for a shot or a charge
    leave = next((o for o in options if isinstance(o, c.LeaveTemplate) and o.model == model.id), None)
    goal = _goal_point(state, seat, model)
    found: list[Any] = []
    if leave is not None and goal is not None and math.dist(model.position, goal) <= leave.max_cm:
        found.append(c.LeaveTable(model.id, (goal,)))
    if walk is None:
        return found
    if goal is not None:
        found.extend(_walk_towards(model, goal, walk.max_cm))
        return found
    foe = _nearest(model, _foes(state, seat))
    if foe is not None:
        gap = math.dist(model.position, foe.position)
        if victory_of(state) in CAUTIOUS_GOALS and gap < SHOOTING_DISTANCE_CM:  # step back out of reach
            away = (2 * model.x - foe.x, 2 * model.y - foe.y)
            found.extend(_walk_towards(model, away, min(walk.max_cm, SHOOTING_DISTANCE_CM - gap)))
        elif gap > SHOOTING_DISTANCE_CM:
            found.extend(_walk_towards(model, foe.position, min(walk.max_cm, gap - SHOOTING_DISTANCE_CM)))
    return found


def tactical_bot(state: State, seat: str, rng: Random) -> Any | None:
    """The seat's next command by the rules of thumb above; None when the seat has nothing to do."""
    options = [o for o in engine.legal_commands(state, seat) if not isinstance(o, c.Withdraw)]
    if not options:
        return None
    reaction = _reaction(options)
    if reaction is not None and _accepted(state, seat, reaction):
        return reaction
    active = state.active.model if state.active is not None and state.model(state.active.model).side == seat else None
    if active is None:
        activations = [o for o in options if isinstance(o, c.Activate)]
        if activations:
            ranked = sorted(activations, key=lambda o: _distance_to_foe(state, seat, state.model(o.model)))
            chosen = _first_accepted(state, seat, ranked)
            if chosen is not None:
                return chosen
        return random_bot(state, seat, rng)
    model = state.model(active)
    fight = next((o for o in options if isinstance(o, c.Fight)), None)
    danger = _distance_to_foe(state, seat, model)
    searching = [o for o in options if isinstance(o, (c.Search, c.PickUp))] if danger > DANGER_CM else []
    reload = [o for o in options if isinstance(o, c.Reload)]
    charges = [] if victory_of(state) in CAUTIOUS_GOALS else _charges(state, active, options)
    candidates: list[Any] = [fight, *_shots(state, active, options), *charges, *searching,
                             *reload, *_moves(state, seat, model, options)]
    chosen = _first_accepted(state, seat, candidates)
    if chosen is not None:
        return chosen
    end = c.EndActivation(active)
    return end if _accepted(state, seat, end) else random_bot(state, seat, rng)
