"""Why a Zombieworld action is not offered now: the engine's words for the window's action bar.

``why_not(state, seat)`` gives one ``Reason`` per action kind the seat may not take now, an English
template with named fields (``{band}`` is the seat: the window puts the band's name in its place).
The kinds are the action bar's: ``activate``, ``shoot``, ``fight``, ``sprint``, ``search``,
``weapons``, ``dig_in``, ``end_activation``, ``withdraw``. Reasons follow ``legal.legal_commands``:
a kind gets one only when none of its commands is listed.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Reason
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.legal import legal_commands
from game.rules.zombieworld.rounds import current_seats
from game.rules.zombieworld.shooting import firearm_in_hand
from game.rules.zombieworld.state import State
from game.rules.zombieworld.working import Game

KINDS = ("activate", "shoot", "fight", "sprint", "search", "weapons", "dig_in", "end_activation", "withdraw")
ACTION_KINDS = ("shoot", "sprint", "search", "dig_in")  # each takes the activation's one action
_OFFERED: dict[type, str] = {
    c.Activate: "activate", c.ShootTemplate: "shoot", c.Fight: "fight", c.Sprint: "sprint", c.Search: "search",
    c.Reload: "weapons", c.SwapWeapons: "weapons", c.Entrench: "dig_in", c.EndActivation: "end_activation",
    c.Withdraw: "withdraw",
}


def offered_kinds(state: State, seat: str) -> set[str]:
    return {_OFFERED[type(o)] for o in legal_commands(state, seat) if type(o) in _OFFERED}


def why_not(state: State, seat: str) -> list[Reason]:
    """One reason per action kind ``seat`` may not take now (none for the kinds it may)."""
    offered = offered_kinds(state, seat)
    return [r for r in _reasons(state, seat) if r.kind not in offered]


def _all(template: str, **fields: Any) -> list[Reason]:
    return [Reason(kind, template, fields) for kind in KINDS]


def _reasons(state: State, seat: str) -> list[Reason]:
    if state.finished:
        return _all(N_("The game is over"))
    if seat not in current_seats(state):
        others = sorted(current_seats(state))
        return _all(N_("It is {band}'s turn"), seat=others[0] if others else "", band=others[0] if others else "")
    if state.decision is not None:
        return _all(N_("A decision must be taken first"))
    if state.deploying:
        return _all(N_("The bands deploy first"))
    game = Game(state)
    active = state.active
    if active is None:
        reasons = [Reason(kind, N_("Activate a model first")) for kind in KINDS
                   if kind not in ("activate", "withdraw")]
        if not [m for m in game.alive(seat) if not m.activated]:
            reasons.append(Reason("activate", N_("Every model of {band} has acted this round"),
                                  {"seat": seat, "band": seat}))
        return reasons
    model = game.models[active.model]
    name = {"model": model.name}
    reasons = [Reason("activate", N_("{model} is acting: end their activation first"), name),
               Reason("withdraw", N_("A band withdraws only between activations"))]
    if active.must_fight:
        return reasons + [Reason(kind, N_("{model} is in melee: fight on or disengage"), name)
                          for kind in KINDS if kind not in ("activate", "withdraw", "fight")]
    reasons.append(Reason("fight", N_("{model} is not in melee"), name))
    if model.kind != "survivor":
        return reasons + [Reason(kind, N_("Only survivors take actions"), name) for kind in ACTION_KINDS]
    if active.action_used:
        reasons += [Reason(kind, N_("{model} has already used the action"), name) for kind in ACTION_KINDS]
    else:
        reasons.append(_shoot_reason(game, model))
        reasons.append(Reason("search", N_("Nothing to search within reach")))
        reasons.append(Reason("dig_in", N_("Digging in needs cover close by, before moving")))
    if not model.unloaded and not (model.backpack and len(model.hand) <= 1):
        reasons.append(Reason("weapons", N_("Nothing to reload or swap")))
    return reasons


def _shoot_reason(game: Game, model: Any) -> Reason:
    firearm = firearm_in_hand(game, model)
    if firearm is None:
        return Reason("shoot", N_("No firearm in hand"))
    if firearm.id in model.unloaded:
        return Reason("shoot", N_("{weapon} must be reloaded first"), {"weapon": game.catalog.item(firearm.id)})
    if game.engaged_with(model):
        return Reason("shoot", N_("No shooting while in melee"))
    return Reason("shoot", N_("{weapon}: no enemy in sight"), {"weapon": game.catalog.item(firearm.id)})


__all__ = ["KINDS", "offered_kinds", "why_not"]
