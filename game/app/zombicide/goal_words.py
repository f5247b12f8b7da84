"""A mission's goals in a player's words, for the new-game screen and the end screen (translated
where shown). The exit is called EXIT, as the board marks it. A box's own goals take their words from
the box (``BoxRules.goal_names``)."""

from typing import Any

from game.i18n import N_, _

GOAL_WORDS = {
    "take_all_objectives": N_("take every objective"),
    "all_in_exit": N_("every starting survivor on the EXIT at an End Phase"),
    "escape_all": N_("every starting survivor escapes through the EXIT"),
}


def goal_name(goal: str, box: Any = None) -> str:
    """One goal id in the player's words; ``box`` is the box's rules (``BoxRules``) or None."""
    own = getattr(box, "goal_names", {}) or {}
    if goal in GOAL_WORDS:
        return _(GOAL_WORDS[goal])
    return _(own[goal]) if goal in own else goal.replace("_", " ")


def goals_told(goals: Any, box: Any = None) -> str:
    """The goals in order: "take every objective; then ..."."""
    return _("; then ").join(goal_name(goal, box) for goal in goals)
