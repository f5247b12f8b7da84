"""Zombieworld's action kinds in the bar's fixed order (``game.app.widgets.action_bar``), and which
kind each legal option is. End activation and Withdraw band keep fixed slots at the right end, so
Withdraw never slides into the place of the next Activate."""

from __future__ import annotations

from typing import Any

from game.app.widgets.action_bar import ActionKind
from game.i18n import N_, _
from game.rules.zombieworld import commands as c

KINDS: tuple[tuple[str, str, str, str, bool], ...] = (  # kind, title, colour group, shortcut, fixed
    ("answer", N_("Decide…"), "attack", "d", False),
    ("result", N_("See the result"), "turn", "return", False),
    ("deploy_done", N_("Done deploying"), "turn", "return", False),
    ("activate", N_("Activate…"), "move", "a", False),
    ("shoot", N_("Shoot…"), "attack", "s", False),
    ("fight", N_("Fight on"), "attack", "f", False),
    ("sprint", N_("Sprint"), "move", "p", False),
    ("disengage", N_("Disengage"), "move", "g", False),
    ("climb", N_("Climb or jump…"), "move", "c", False),
    ("search", N_("Search…"), "search", "h", False),
    ("weapons", N_("Reload or swap…"), "items", "l", False),
    ("items", N_("Items…"), "items", "i", False),
    ("vehicle", N_("Vehicles…"), "move", "v", False),
    ("dig_in", N_("Dig in"), "other", "t", False),
    ("end_activation", N_("End activation"), "turn", "e", True),
    ("withdraw", N_("Withdraw band"), "danger", "", True),
)

_KIND_OF: dict[type, str] = {
    c.ReturnFire: "answer", c.HoldFire: "answer", c.RerollReaction: "answer", c.KeepReaction: "answer",
    c.FleeToward: "answer", c.ShootFirst: "answer", c.StepAwayTemplate: "answer", c.StandFirm: "answer",
    c.DeploymentDone: "deploy_done", c.Activate: "activate", c.ShootTemplate: "shoot", c.Fight: "fight",
    c.Sprint: "sprint", c.Disengage: "disengage", c.Climb: "climb", c.JumpTemplate: "climb", c.Search: "search",
    c.Reload: "weapons", c.SwapWeapons: "weapons", c.UseItem: "items", c.FirstAid: "items", c.HandOver: "items",
    c.KeepFound: "items", c.ExchangeTemplate: "items", c.PickUp: "items", c.Mount: "vehicle", c.Dismount: "vehicle",
    c.ChangeSeat: "vehicle", c.BoardTemplate: "vehicle", c.Entrench: "dig_in", c.EndActivation: "end_activation",
    c.Withdraw: "withdraw",
}


SITUATIONAL = frozenset({"answer", "result", "deploy_done"})  # slots only while offered, when slots are short


def zombieworld_kinds() -> list[ActionKind]:
    return [ActionKind(kind, _(title), group, key, fixed, kind in SITUATIONAL) for kind, title, group, key, fixed in KINDS]


def option_kind(option: Any) -> str:
    """The bar kind of a legal option (its class's name for one the bar does not declare)."""
    return _KIND_OF.get(type(option), type(option).__name__)


__all__ = ["KINDS", "option_kind", "zombieworld_kinds"]
