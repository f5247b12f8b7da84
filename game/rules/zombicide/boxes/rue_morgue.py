"""Rue Morgue's own rules on top of the shared Zombicide core.

The zombie statistics, the Crawler link and the A-Bomb's specials are catalog data; this module
holds the choices and hooks that are not data: default melee order, what an Aaahh!! card puts on
the board, and the Skinner → Crawler rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoxRules:
    name: str
    # melee hits (and free-targeting shooters) go to these types first when the player names none
    default_melee_order: tuple[str, ...]
    aaahh_zombie: str  # what a searched Aaahh!! card places in the searcher's zone


RUE_MORGUE = BoxRules(
    name="rue_morgue",
    default_melee_order=("a_bomb", "skinner_runner", "skinner_fatty", "skinner_walker", "crawler"),
    aaahh_zombie="skinner_walker",
)

BOXES = {"rue_morgue": RUE_MORGUE}


def box_rules(box: str) -> BoxRules:
    return BOXES.get(box, RUE_MORGUE)


def crawlers_left_behind(natural_dice: Sequence[int], skinners_killed: int) -> int:
    """One Crawler per die that landed on 1, never more than the Skinners the roll killed.

    The dice are read as they landed: "+1 to dice roll" skills do not change the count.
    """
    ones = sum(1 for value in natural_dice if value == 1)
    return min(ones, skinners_killed)
