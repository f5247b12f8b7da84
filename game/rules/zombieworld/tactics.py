"""An opponent band for one player: it plays a seat by the rules of thumb a Zombieworld player knows.

- **Reactions first.** Return fire when shot at, shoot first or stand firm when charged.
- **Activation order.** The survivor in the most danger acts first: the one closest to a zombie
  or a rival, then the others, nearest first; a fleeing survivor a flight from the table's edge
  acts last, once its mates have come within coherence (+1 to its check: a failed one runs it off). Once the band may leave (exit scenarios), the one
  nearest the way out acts first and sprints for it when a walk will not do.
- **Melee.** A survivor locked in a fight fights.
- **Scenario goals** (``tactics_ground``): each survivor walks for what the scenario rewards: the
  objective it then holds, the containers to search, a building to search and then the way out,
  the rivals whose kills win, or the zombies; in Survival it keeps out of the zombies' reach. The
  building searched on the way out is the one cheapest to reach, on the way, and least crowded.
- **Searching.** Containers and buildings the scenario needs are searched first; any other
  building is searched when no foe is close.
- **Charge or shoot.** A survivor shoots only at a target within its weapon's range, in the order
  the scenario rewards; without a shot, a good fighter charges a foe it can reach when the
  scenario rewards the kill, never when it rewards staying unhurt.
- **Moving.** Of a fan of spots around the way to its goal (and the doors of buildings within
  reach), it walks to the best one the engine accepts: nearer the goal, within shot of a target, out
  of the zombies' reach, in cover (difficult ground or a building: charged there, a survivor never
  flees) when a foe is near, in coherence with the band and with any fleeing mate yet to act, and a flight's length from the table's
  edges (a survivor who flees off the table is lost); waiting to leave, it stands that far from the
  way out.
- **Clearing.** A survivor in the building it must search shoots or charges the zombies in there
  first (the search is refused while they are inside). It sprints when the
  goal is still far and it has nothing better to do with its action.

Every choice is legal: candidates are checked with ``engine.check`` and the next is tried when one
is refused; deployment follows the same rules of thumb (``tactics_deploy``); what they do not
cover (vehicles, exchanges) goes to
``random_bot``. Every roll it makes comes from the ``Random`` it is handed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.bots import CONTACT_CM, random_bot
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.state import ZOMBIES, Model, State
from game.rules.zombieworld.tactics_deploy import accepted, deploy_command
from game.rules.zombieworld.tactics_ground import (
    CONTAINERS,
    EVADE,
    EXIT,
    HOLD,
    HUNT_RIVALS,
    HUNT_ZOMBIES,
    ZOMBIE_REACH_CM,
    Aim,
    aim_for,
    exit_point,
    exit_ready,
    foes_of,
    near_edge_fleeing,
    nearest,
    objective_point,
    objective_radius_cm,
    on_table_point,
    plan_of,
    routes,
    spot_score,
    victory_of,
)

DANGER_CM = 12.0  # a foe this close means no time for searching
BASE_GAP_CM = 2.5  # centre to centre minus this: base to base
MIN_GAIN = 1.0  # a walk must improve its spot's score by this much
REACTIONS = (c.ReturnFire, c.ShootFirst, c.StandFirm, c.KeepReaction, c.KeepFound)
CHARGING_PLANS = (HUNT_ZOMBIES, HUNT_RIVALS, HOLD)

__all__ = ["tactical_bot", "victory_of"]


def _first_accepted(state: State, seat: str, candidates: Iterable[Any]) -> Any | None:
    return next((command for command in candidates if command is not None and accepted(state, seat, command)), None)


def _distance_to_foe(state: State, seat: str, model: Model) -> float:
    foe = nearest(model.position, foes_of(state, seat))
    return math.dist(model.position, foe.position) if foe is not None else math.inf


def _reaction(options: Sequence[Any]) -> Any | None:
    for preferred in REACTIONS:
        found = next((o for o in options if isinstance(o, preferred)), None)
        if found is not None:
            return found
    return None


def _fights_well(model: Model) -> bool:
    """A hand weapon in hand (firearms alone fight as knuckle-dusters)."""
    catalog = load_catalog()
    return any(catalog.hand_weapon(item) is not None for item in model.hand) or model.kind == "dog"


def _target_rank(state: State, seat: str, model: Model, plan: str) -> Any:
    """Targets in the order the scenario rewards, nearest first within each kind."""
    centre = objective_point(state)
    reach = objective_radius_cm(state) + 10.0

    def key(target: Model) -> tuple[int, float]:
        zombie = target.side == ZOMBIES
        if plan == HUNT_RIVALS:
            kind = 1 if zombie else 0
        elif plan == HOLD:  # rivals on the objective first, then whatever comes near it
            kind = 0 if not zombie and math.dist(target.position, centre) <= reach else (1 if zombie else 2)
        else:
            kind = 0 if zombie else 1
        return (kind, math.dist(model.position, target.position))

    return key


def _wants_rivals(plan: str) -> bool:
    return plan in (HUNT_RIVALS, HOLD)


def _shots(state: State, seat: str, model: Model, plan: str, options: Sequence[Any]) -> list[Any]:
    """Shots at targets within range (range is not pre-measured: a shot beyond it is wasted)."""
    shots = []
    rank = _target_rank(state, seat, model, plan)
    for option in options:
        if not isinstance(option, c.ShootTemplate) or option.model != model.id:
            continue
        targets = [state.model(t) for t in option.targets]
        in_range = [t for t in targets if math.dist(model.position, t.position) - BASE_GAP_CM <= option.range_cm
                    and (t.side == ZOMBIES or _wants_rivals(plan))
                    and not (plan == HUNT_RIVALS and t.side == ZOMBIES and math.dist(model.position, t.position)
                             > ZOMBIE_REACH_CM)]  # hunting rivals: only the zombies about to strike are worth a shot
        for target in sorted(in_range, key=rank):
            shots.append(c.Shoot(model.id, ((target.id, option.shots_max),), option.weapon))
            shots.append(c.Shoot(model.id, ((target.id, option.shots_min),), option.weapon))
    return shots


def _zombies_in_my_building(state: State, model: Model) -> bool:
    """Zombies share the building the survivor stands in: they must go before it can search there."""
    if state.table is None or model.level:
        return False
    here = state.table.building_at(model.position)
    return here is not None and any(z.side == ZOMBIES and not z.level and state.table.building_at(z.position) == here
                                    for z in state.models)


def _charges(state: State, seat: str, model: Model, plan: str, options: Sequence[Any]) -> list[Any]:
    """Charges at what the scenario rewards; a survivor with a building to search also clears the
    zombies out of it."""
    clearing = plan in (EXIT, CONTAINERS) and _zombies_in_my_building(state, model)
    if plan not in CHARGING_PLANS and not clearing or not _fights_well(model):
        return []
    here = state.table.building_at(model.position) if clearing and state.table is not None else None
    rank = _target_rank(state, seat, model, plan)
    centre, reach = objective_point(state), objective_radius_cm(state) + 6.0
    charges = []
    for option in options:
        if not isinstance(option, c.ChargeTemplate) or option.model != model.id:
            continue
        targets = sorted((state.model(t) for t in option.targets), key=rank)
        for target in targets:
            if plan == HOLD and math.dist(target.position, centre) > reach:
                continue  # holding the objective: only what comes onto it
            if plan in (HUNT_ZOMBIES, EXIT) and target.side != ZOMBIES:
                continue
            if clearing and (target.side != ZOMBIES or state.table is None
                             or state.table.building_at(target.position) != here):
                continue
            if plan == HUNT_RIVALS and target.side == ZOMBIES:
                continue  # the charge is kept for the rivals whose kills count
            gap = math.dist(model.position, target.position)
            if gap <= CONTACT_CM or gap - CONTACT_CM > option.max_cm:
                continue
            stop = gap - CONTACT_CM
            point = (model.x + (target.x - model.x) / gap * stop, model.y + (target.y - model.y) / gap * stop)
            charges.append(c.Charge(model.id, target.id, (point,)))
    return charges


def _searches(state: State, seat: str, model: Model, plan: str, options: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """(searches the scenario needs now, other searches worth an action when it is quiet)."""
    searches = [o for o in options if isinstance(o, (c.Search, c.PickUp)) and getattr(o, "model", "") == model.id]
    needed: list[Any] = []
    spare: list[Any] = []
    quiet = _distance_to_foe(state, seat, model) > DANGER_CM
    for option in searches:
        container = isinstance(option, c.Search) and option.piece >= 0
        building = isinstance(option, c.Search) and option.piece < 0 and not option.vehicle
        if plan == CONTAINERS and container or plan == EXIT and building and not exit_ready(state, seat):
            needed.append(option)
        elif quiet:
            spare.append(option)
    return needed, spare


def _moves(state: State, seat: str, model: Model, aim: Aim, options: Sequence[Any]) -> list[Any]:
    """Walks to the spots of the fan that score better than staying put, best first; leaving the
    table first when the scenario's way out is within reach and the band is ready."""
    found: list[Any] = []
    leave = next((o for o in options if isinstance(o, c.LeaveTemplate) and o.model == model.id), None)
    if leave is not None and exit_ready(state, seat):
        point = exit_point(state, seat, model)
        if point is not None and math.dist(model.position, point) <= leave.max_cm:
            found.append(c.LeaveTable(model.id, (on_table_point(state, point),)))
    walk = next((o for o in options if isinstance(o, c.MoveTemplate) and o.model == model.id), None)
    if walk is None or (state.active is not None and state.active.moved):
        return found  # one walk per activation: what is left is kept for a shot or a charge
    here = spot_score(state, model, aim, model.position)
    scored = [(spot_score(state, model, aim, path[-1]), path) for path in routes(state, model, aim.goal, walk.max_cm)]
    scored = [(score, path) for score, path in scored if score < here - MIN_GAIN]
    scored.sort(key=lambda pair: pair[0])
    found.extend(c.MoveModel(model.id, path) for _, path in scored)
    return found


def _shot_reach_cm(options: Sequence[Any], model: Model) -> float:
    shot = next((o for o in options if isinstance(o, c.ShootTemplate) and o.model == model.id), None)
    if shot is not None:
        return shot.range_cm
    catalog = load_catalog()
    firearm = next((f for item in model.hand if (f := catalog.firearm(item)) is not None), None)
    return float(firearm.range_cm) if firearm is not None else 0.0


def _distance_to_exit(state: State, seat: str, model: Model) -> float:
    point = exit_point(state, seat, model)
    return math.dist(model.position, point) if point is not None else math.inf


def _activation(state: State, seat: str, options: Sequence[Any], rng: Random) -> Any | None:
    """The survivor in most danger first; once the band may leave, the one nearest the way out
    (its leaving may end the game); a fleeing one near the edge last (its mates come within
    coherence first: +1 to its check)."""
    activations = [o for o in options if isinstance(o, c.Activate)]
    if activations:
        leaving = plan_of(state) == EXIT and exit_ready(state, seat)
        urgency = _distance_to_exit if leaving else _distance_to_foe
        ranked = sorted(activations, key=lambda o: (near_edge_fleeing(state, state.model(o.model)),
                                                    urgency(state, seat, state.model(o.model))))
        chosen = _first_accepted(state, seat, ranked)
        if chosen is not None:
            return chosen
    return random_bot(state, seat, rng)


def tactical_bot(state: State, seat: str, rng: Random) -> Any | None:
    """The seat's next command by the rules of thumb above; None when the seat has nothing to do."""
    options = [o for o in engine.legal_commands(state, seat) if not isinstance(o, c.Withdraw)]
    if not options:
        return None
    template = next((o for o in options if isinstance(o, c.DeployTemplate) and o.seat == seat), None)
    if template is not None:
        deploy = deploy_command(state, seat, template)
        return deploy if deploy is not None else random_bot(state, seat, rng)
    reaction = _reaction(options)
    if reaction is not None and accepted(state, seat, reaction):
        return reaction
    active = state.active.model if state.active is not None and state.model(state.active.model).side == seat else None
    if active is None:
        return _activation(state, seat, options, rng)
    model = state.model(active)
    plan = plan_of(state)
    fight = next((o for o in options if isinstance(o, c.Fight)), None)
    found = [o for o in options if isinstance(o, (c.KeepFound, c.HandOver))]
    action_free = state.active is not None and not state.active.action_used
    reach_cm = _shot_reach_cm(options, model)
    aim = aim_for(state, seat, model, reach_cm, _fights_well(model))
    needed, spare = _searches(state, seat, model, plan, options)
    shots = _shots(state, seat, model, plan, options)
    reload = [o for o in options if isinstance(o, c.Reload)]
    moves = _moves(state, seat, model, aim, options)
    charges = _charges(state, seat, model, plan, options)
    sprint: list[Any] = []
    far = aim.goal is not None and math.dist(model.position, aim.goal) - aim.near_cm > 2 * (state.active.remaining_cm
                                                                                            if state.active else 0)
    walked = state.active is not None and state.active.moved
    leaving = plan == EXIT and exit_ready(state, seat)
    if leaving and state.active is not None:  # out of reach of the way out this walk: sprint for it first
        far = _distance_to_exit(state, seat, model) > state.active.remaining_cm
    if action_free and far and not walked and (leaving or not shots and not needed) and plan in (HOLD, EXIT, CONTAINERS):
        sprint = [o for o in options if isinstance(o, c.Sprint)]
    if leaving:
        candidates: list[Any] = [fight, *found, *sprint, *moves, *shots, *charges, *reload]
    elif plan == EVADE:
        candidates = [fight, *found, *shots, *reload, *moves, *spare]
    elif plan in (CONTAINERS, EXIT) and aim.searching and not _zombies_in_my_building(state, model):
        # walk up to the container or into the building before any shot
        candidates = [fight, *found, *needed, *moves, *sprint, *shots, *charges, *reload, *spare]
    else:
        candidates = [fight, *found, *needed, *shots, *charges, *sprint, *reload, *moves, *spare]
    chosen = _first_accepted(state, seat, candidates)
    if chosen is not None:
        return chosen
    end = c.EndActivation(active)
    return end if accepted(state, seat, end) else random_bot(state, seat, rng)
