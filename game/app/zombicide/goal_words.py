"""A mission's goals in a player's words, for the new-game screen and the end screen."""

GOAL_WORDS = {
    "take_all_objectives": "take every objective",
    "all_in_exit": "every starting survivor in the exit zone at an End Phase",
    "escape_all": "every starting survivor escapes through the exit",
}
