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


# a mission that counts only the living on the EXIT (``exit_counts_the_living``)
LIVING_IN_EXIT = N_("every survivor still standing on the EXIT at an End Phase")


def goal_name(goal: str, box: Any = None, living: bool = False) -> str:
    """One goal id in the player's words; ``box`` is the box's rules (``BoxRules``) or None; ``living``:
    the mission counts only the survivors still standing on the EXIT."""
    own = getattr(box, "goal_names", {}) or {}
    if goal == "all_in_exit" and living:
        return _(LIVING_IN_EXIT)
    if goal in GOAL_WORDS:
        return _(GOAL_WORDS[goal])
    return _(own[goal]) if goal in own else goal.replace("_", " ")


def goals_told(goals: Any, box: Any = None, setup: Any = None) -> str:
    """The goals in order: "take every objective; then ..."; ``setup`` the mission's (a mapping or
    the parsed setup) or None."""
    living = bool(setup.get("exit_counts_the_living") if isinstance(setup, dict)
                  else getattr(setup, "exit_counts_the_living", False))
    return _("; then ").join(goal_name(goal, box, living) for goal in goals)
