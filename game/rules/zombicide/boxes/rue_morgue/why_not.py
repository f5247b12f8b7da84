"""Why Rue Morgue's own actions are not offered now (``BoxRules.why_not``): boarding a landed
helicopter (digest §16) needs a zone clear of zombies and an action per survivor boarding."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide.boxes import Reason
from game.rules.zombicide.boxes.rue_morgue.helicopter import companions_of


def why_not(state: Any, i: int) -> list[Reason]:
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
