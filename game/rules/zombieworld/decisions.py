"""The answers to a choice play waits for (``State.decision``): how many shots to fire back (or
none, when free to), whether to roll a reaction again, where to flee, and what to do about a zombie
out of a vehicle the survivor surprised. After the answer play goes on where it stopped: the
reactions still to come, or the zombies' turn.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, listed
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.melee import after_fight
from game.rules.zombieworld.movement import validate_path
from game.rules.zombieworld.reactions import (
    fire_now,
    resolve_shot_reaction,
    return_fire_shots,
    shot_reactions,
)
from game.rules.zombieworld.searching import zombie_grabs
from game.rules.zombieworld.shooting import firearm_in_hand, flee, reaction_successes, sees, shoot
from game.rules.zombieworld.state import Decision, Model
from game.rules.zombieworld.working import Game
from game.rules.zombieworld.zombies import resume_zombie_turn

COMPASS_DEG = tuple(range(0, 360, 45))  # the flight directions offered: east, south-east, south...
WORDS = {"return_fire": N_("{name} must first choose whether and how to return fire"),
         "reaction_reroll": N_("{name} must first choose whether to roll the reaction again"),
         "flee_direction": N_("{name} must first choose where to flee"),
         "vehicle_surprise": N_("{name} must first choose what to do about the zombie")}


def answer(game: Game, decision: Decision, command: Any) -> None:
    """Play the answer ``command`` to ``decision`` (refused with the reason when it does not fit)."""
    model = game.models.get(decision.model)
    if model is None or getattr(command, "model", "") != decision.model or not isinstance(command, c.ANSWERS):
        who = spoken.who(game.catalog, model) if model is not None else decision.model
        raise IllegalCommand(Said(WORDS[decision.kind], name=who))
    other = game.models.get(decision.other) if decision.other else None
    if decision.kind == "return_fire":
        _return_fire(game, decision, model, other, command)
    elif decision.kind == "reaction_reroll":
        _reroll(game, decision, model, other, command)
    elif decision.kind == "flee_direction":
        if not isinstance(command, c.FleeToward):
            raise IllegalCommand(Said(WORDS["flee_direction"], name=model.name))
        game.decision = None
        flee(game, model, toward_edge=False, direction=math.radians(command.direction))
    else:
        _vehicle_surprise(game, decision, model, other, command)
    if game.decision is None:
        go_on(game, decision)


def go_on(game: Game, decision: Decision) -> None:
    """After an answer: the reactions still to come, or the rest of the zombies' turn."""
    if decision.then == "zombies":
        resume_zombie_turn(game)
        if game.decision is None:
            game.turn += 1
    else:
        shot_reactions(game, decision.reactions)


def _return_fire(game: Game, decision: Decision, model: Model, shooter: Model | None, command: Any) -> None:
    shots = return_fire_shots(game, model, shooter) if shooter is not None else ()
    if isinstance(command, c.HoldFire):
        if not decision.may_hold and shots:
            raise IllegalCommand(Said(N_("{name} must return fire: only a survivor free to react as it likes may hold"),
                                      name=model.name))
        game.decision = None
        game.emit(c.ReactionResolved(model.id, "shot_at", 2, "holds fire"))
        return
    if not isinstance(command, c.ReturnFire):
        raise IllegalCommand(Said(WORDS["return_fire"], name=model.name))
    if command.shots not in shots:
        raise IllegalCommand(Said(N_("{name} fires back {shots} shots, not {asked}"), name=model.name,
                                  shots=listed([str(n) for n in shots]), asked=command.shots) if shots
                             else Said(N_("{name} fires back no shots"), name=model.name))
    game.decision = None
    assert shooter is not None
    fire_now(game, model, shooter, command.shots)


def _reroll(game: Game, decision: Decision, model: Model, shooter: Model | None, command: Any) -> None:
    if not isinstance(command, c.RerollReaction | c.KeepReaction):
        raise IllegalCommand(Said(WORDS["reaction_reroll"], name=model.name))
    game.decision = None
    successes = decision.successes
    if isinstance(command, c.RerollReaction):
        successes = reaction_successes(game, model, "shot_at")
    if shooter is None:
        return
    resolve_shot_reaction(game, model, shooter, successes, decision.situations, decision.reactions)


def _vehicle_surprise(game: Game, decision: Decision, model: Model, zombie: Model | None, command: Any) -> None:
    """The survivor reacts before the zombie out of the vehicle grabs it: a shot, a step away, or
    standing its ground; unless it stepped away, they fight if the zombie still stands."""
    if zombie is None:
        game.decision = None
        return
    if isinstance(command, c.StepAway):
        active = game.active
        if active is None or active.model != model.id or active.remaining_cm <= 1e-6:
            raise IllegalCommand(Said(N_("{name} has no move left to step away"), name=model.name))
        cost, _ = validate_path(game, model, command.path, active.remaining_cm, contact_with=None)
        game.decision = None
        end = command.path[-1]
        game.update(model, x=end[0], y=end[1], entrenched=False)
        game.active = replace(active, remaining_cm=active.remaining_cm - cost, moved=True)
        game.emit(c.ModelMoved(model.id, command.path, round(cost, 3)))
        return
    if isinstance(command, c.ShootFirst):
        firearm = firearm_in_hand(game, model)
        if firearm is None or firearm.id in model.unloaded or not sees(game, model, zombie):
            raise IllegalCommand(Said(N_("{name} cannot shoot the zombie"), name=model.name))
        if not firearm.shots_min <= command.shots <= firearm.shots_max:
            raise IllegalCommand(Said(N_("a {weapon} fires {least} to {most} shots"), weapon=firearm,
                                      least=firearm.shots_min, most=firearm.shots_max))
        game.decision = None
        shoot(game, model, firearm, ((zombie.id, command.shots),), reaction=True)
    elif isinstance(command, c.StandFirm):
        game.decision = None
    else:
        raise IllegalCommand(Said(WORDS["vehicle_surprise"], name=model.name))
    if zombie.id in game.models and model.id in game.models:
        zombie_grabs(game, model.id, zombie.id)
    else:
        after_fight(game, model.id)


def decision_options(game: Game, decision: Decision) -> list[Any]:
    """The answers the decision's player may give."""
    model = game.models.get(decision.model)
    other = game.models.get(decision.other) if decision.other else None
    if model is None:
        return []
    if decision.kind == "return_fire":
        options: list[Any] = [c.ReturnFire(model.id, n) for n in (return_fire_shots(game, model, other)
                                                                  if other is not None else ())]
        return [*options, *([c.HoldFire(model.id)] if decision.may_hold or not options else [])]
    if decision.kind == "reaction_reroll":
        return [c.RerollReaction(model.id), c.KeepReaction(model.id)]
    if decision.kind == "flee_direction":
        return [c.FleeToward(model.id, float(d)) for d in COMPASS_DEG]
    options = []
    firearm = firearm_in_hand(game, model)
    if other is not None and firearm is not None and firearm.id not in model.unloaded and sees(game, model, other) \
            and not firearm.template_diameter_cm:
        shots = (firearm.shots_max,) if model.defect == "trigger_happy" else range(firearm.shots_min,
                                                                                     firearm.shots_max + 1)
        options.extend(c.ShootFirst(model.id, n) for n in shots)
    active = game.active
    if active is not None and active.model == model.id and active.remaining_cm > 1e-6:
        options.append(c.StepAwayTemplate(model.id, active.remaining_cm))
    options.append(c.StandFirm(model.id))
    return options


