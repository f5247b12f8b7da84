"""Why Green Horde's own actions are not offered now (``BoxRules.why_not``): the Trebuchet takes
its actions at once, and a Torch sets alight only Dragon Bile within its throw."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide.boxes import Reason
from game.rules.zombicide.boxes.green_horde.dragon import THROW_RANGE
from game.rules.zombicide.boxes.green_horde.siege import SIEGE_ACTIONS


def why_not(state: Any, i: int) -> list[Reason]:
    s = state.survivors[i]
    reasons: list[Reason] = []
    if s.zone not in state.box_state.siege_engines:
        reasons += [Reason(kind, N_("No Trebuchet in this zone"))
                    for kind in ("gh_move_siege_engine", "gh_fire_siege_engine")]
    elif s.actions_left < SIEGE_ACTIONS:
        reasons += [Reason(kind, N_("The Trebuchet takes {cost} actions ({left} left)"),
                           {"cost": SIEGE_ACTIONS, "left": s.actions_left})
                    for kind in ("gh_move_siege_engine", "gh_fire_siege_engine")]
    held = [s.slots[slot] for slot in state.box.inventory.held(state, s) if s.slots[slot] >= 0]
    torches = [c for c in held if "ignites_bile" in state.tables.equipment[state.card_kinds[c]].effects]
    if torches:
        reasons.append(Reason("gh_throw_torch", N_("A Torch lights Dragon Bile here or at range {range} only"),
                              {"range": THROW_RANGE}))
    else:
        reasons.append(Reason("gh_throw_torch", N_("No Torch in hand")))
    return reasons
