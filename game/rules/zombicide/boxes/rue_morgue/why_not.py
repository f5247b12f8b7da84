"""Why Rue Morgue's own actions are not offered now (``BoxRules.why_not``): boarding a landed
helicopter (digest §16) needs a zone clear of zombies and an action per survivor boarding; leaving,
changing seat, flying and the hold are done from aboard; a Team Action needs its team's card, the
phase's allowance and a team-mate in the zone. The core drops the reasons of kinds it offers."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide.boxes import Reason
from game.rules.zombicide.boxes.rue_morgue.helicopter import (
    PASSENGER_SEATS,
    PILOT_SKILL,
    ROPE_SKILL,
    companions_of,
    rope_lands_in,
    seats_taken,
)
from game.rules.zombicide.boxes.rue_morgue.state import board_of
from game.rules.zombicide.boxes.rue_morgue.team_actions import team_action_allowance
from game.rules.zombicide.state import EMPTY

ABOARD_KINDS = ("leave_helicopter", "change_seat", "take_off", "land")


def why_not(state: Any, i: int) -> list[Reason]:
    s = state.survivors[i]
    if s.box_fields.aboard >= 0:
        return _aboard(state, i) + _team(state, i)
    if not state.box_state.helicopters:
        return _boarding(state, i) + _team(state, i)
    reasons = [Reason(kind, N_("Only from aboard a helicopter")) for kind in ABOARD_KINDS]
    return _boarding(state, i) + reasons + _hold(state, i) + _team(state, i)


def _boarding(state: Any, i: int) -> list[Reason]:
    s = state.survivors[i]
    fleet = state.box_state.helicopters
    landed_here = any(h.zone == s.zone and not h.flying for h in fleet)
    if not landed_here:
        return [Reason("board_helicopter", N_("No landed helicopter in this zone"))]
    zombies = state.zombies_in(s.zone)
    if zombies:
        return [Reason("board_helicopter", N_("Nobody boards with zombies in the zone ({zombies} here)"),
                       {"zombies": zombies})]
    cost = 1 + len(companions_of(state, s))
    if s.actions_left < cost:
        return [Reason("board_helicopter", N_("Boarding costs {cost} actions ({left} left)"),
                       {"cost": cost, "left": s.actions_left})]
    return []


def _aboard(state: Any, i: int) -> list[Reason]:
    """Survivor ``i`` sits in a helicopter: why it may not leave, change seat, fly or use the hold."""
    s = state.survivors[i]
    seat = s.box_fields
    helicopter = state.box_state.helicopters[seat.aboard]
    reasons = [Reason("board_helicopter", N_("{survivor} is already aboard"), {"survivor": s.name})]
    cost = 1 + len(companions_of(state, s))
    if helicopter.flying and (seat.piloting or ROPE_SKILL not in s.skills):
        reasons.append(Reason("leave_helicopter", N_("The helicopter is flying: only a passenger with Rope descent "
                                                     "leaves it in flight")))
    elif helicopter.flying and not rope_lands_in(state.graph, helicopter.zone):
        reasons.append(Reason("leave_helicopter", N_("No rope descent into this zone")))
    elif s.actions_left < cost:
        reasons.append(Reason("leave_helicopter", N_("Leaving costs {cost} actions ({left} left)"),
                              {"cost": cost, "left": s.actions_left}))
    if seat.piloting:
        why_seat = N_("The helicopter is flying: the pilot stays at the controls") if helicopter.flying else N_(
            "No free passenger seat")
        if helicopter.flying or seats_taken(state, seat.aboard) >= PASSENGER_SEATS:
            reasons.append(Reason("change_seat", why_seat))
    else:
        reasons.append(Reason("change_seat", N_("Someone already sits in the pilot's seat")))
    flight = _flight_reason(state, i)
    if helicopter.flying:
        reasons.append(Reason("take_off", N_("The helicopter is already flying")))
        if flight:
            reasons.append(Reason("land", flight))
    else:
        reasons.append(Reason("land", N_("The helicopter is on the ground")))
        if flight:
            reasons.append(Reason("take_off", flight))
    return reasons + _hold(state, i)


def _hold(state: Any, i: int) -> list[Reason]:
    """Why survivor ``i`` may not store cards in a helicopter's hold or take some: from aboard, or
    beside one landed in its zone."""
    s = state.survivors[i]
    h = s.box_fields.aboard if s.box_fields.aboard >= 0 else next(
        (n for n, heli in enumerate(state.box_state.helicopters) if heli.zone == s.zone and not heli.flying), -1)
    if h < 0:
        return [Reason(kind, N_("No landed helicopter in this zone")) for kind in ("store_equipment", "take_equipment")]
    reasons = []
    if all(card < 0 for card in s.slots):
        reasons.append(Reason("store_equipment", N_("{survivor} carries nothing to store"), {"survivor": s.name}))
    if not state.box_state.helicopters[h].cards:
        reasons.append(Reason("take_equipment", N_("The helicopter's hold is empty")))
    elif EMPTY not in s.slots:
        reasons.append(Reason("take_equipment", N_("{survivor} has no free slot"), {"survivor": s.name}))
    return reasons


def _flight_reason(state: Any, i: int) -> str:
    """Why survivor ``i`` may not take off or land now ("" when only the helicopter's state stops it)."""
    s = state.survivors[i]
    seat = s.box_fields
    if not state.setup.helicopter_flies:
        return N_("The helicopter cannot fly in this mission")
    if not seat.piloting:
        return N_("Only the survivor in the pilot's seat flies")
    if PILOT_SKILL not in s.skills:
        return N_("Only a Helicopter pilot flies")
    helicopter = state.box_state.helicopters[seat.aboard]
    if not board_of(state.graph).landing[helicopter.zone]:
        return N_("No landing zone here")
    return ""


def _team(state: Any, i: int) -> list[Reason]:
    """Why survivor ``i`` may not start a Team Action now (none on missions without Team Actions)."""
    s = state.survivors[i]
    if not state.setup.team_actions.get(s.team):
        return []
    if state.box_state.team_actions_used.count(s.team) >= team_action_allowance(state.survivors, s.team):
        return [Reason("use_team_action", N_("Team {team} has no Team Action left this phase"), {"team": s.team})]
    if s.box_fields.aboard >= 0 or not any(o.id != s.id and o.in_play and o.team == s.team and o.zone == s.zone
                                           and o.box_fields.aboard < 0 for o in state.survivors):
        return [Reason("use_team_action", N_("A Team Action needs a team-mate in this zone"))]
    return [Reason("use_team_action", N_("No Team Action of team {team} has a target from here now"),
                   {"team": s.team})]
