"""A mission's goals in a player's words, for the new-game screen and the end screen (translated
where shown). The exit is called EXIT, as the board marks it."""

from game.i18n import N_

GOAL_WORDS = {
    "take_all_objectives": N_("take every objective"),
    "all_in_exit": N_("every starting survivor on the EXIT at an End Phase"),
    "escape_all": N_("every starting survivor escapes through the EXIT"),
}
