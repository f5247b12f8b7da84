"""Rules that belong to one Zombicide box."""

from game.rules.zombicide.boxes.rue_morgue import BoxRules, box_rules

__all__ = ["BoxRules", "box_rules"]
