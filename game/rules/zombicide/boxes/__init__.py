"""What one Zombicide box adds to the shared core: the seam for Rue Morgue, Green Horde and Invader.

A box provides:

- **its content** (``content/<box>/``, loaded by ``catalog.load_catalog(box)``): survivors, skills,
  equipment, zombie types with their statistics, escorts, substitutes and specials, the zombie deck;
- **a ``BoxRules``** (``boxes/<box>.py``, registered in ``BOXES``) with what is not data:
  - ``default_melee_order``: who takes melee hits when the player names no priority;
  - ``aaahh_zombie``: what a searched Aaahh!! card places;
  - ``crawlers_left_behind(natural_dice, skinners_killed)``: zombies an attack leaves behind;
  - ``zombie_cards``: handlers for the box's own zombie card kinds (the core knows ``spawn`` and
    ``extra_activation``), called as ``handler(game, zone, card_number, danger_level)``;
  - ``entered_zone(game, zone)``: special zones that react when a survivor walks in (tents);
  - ``door_opened(game, edge)``: special buildings that spawn their own way (the hospital);
  - ``after_action(game, survivor)``: tile-wide effects checked after every action (event triggers);
  - ``commands``: the box's own commands, command type → name of the ``Game`` method that plays it
    (the helicopter); ``legal.py`` lists them when the board holds what they need.

``game`` is the engine's working copy (``game.Game``): hooks read and change it like the core does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CardHandler = Callable[[Any, int, int, int], None]


def _no_crawlers(natural_dice: Sequence[int], skinners_killed: int) -> int:
    return 0


def _nothing(*_: Any) -> None:
    return None


@dataclass(frozen=True, slots=True)
class BoxRules:
    name: str
    # melee hits (and free-targeting shooters) go to these types first when the player names none
    default_melee_order: tuple[str, ...]
    aaahh_zombie: str  # what a searched Aaahh!! card places in the searcher's zone
    crawlers_left_behind: Callable[[Sequence[int], int], int] = _no_crawlers
    zombie_cards: Mapping[str, CardHandler] = field(default_factory=dict)
    entered_zone: Callable[[Any, int], None] = _nothing
    door_opened: Callable[[Any, Any], None] = _nothing
    after_action: Callable[[Any, int], None] = _nothing
    commands: Mapping[type, str] = field(default_factory=dict)


# One line per box: its id → (its name, the module whose ``RULES`` are its BoxRules).
BOXES: dict[str, tuple[str, str]] = {
    "rue_morgue": ("Rue Morgue", "game.rules.zombicide.boxes.rue_morgue"),
}


class UnknownBoxError(ValueError):
    """A setup names a box this build does not have; the message lists the known ones."""

    def __init__(self, box: str, source: str = ""):
        self.box = box
        where = f"{source}: " if source else ""
        super().__init__(f"{where}unknown Zombicide box {box!r} (known: {', '.join(BOXES)})")


def box_ids() -> tuple[str, ...]:
    return tuple(BOXES)


def box_name(box: str) -> str:
    if box not in BOXES:
        raise UnknownBoxError(box)
    return BOXES[box][0]


def box_rules(box: str, source: str = "") -> BoxRules:
    """The rules of ``box``; an unknown box raises UnknownBoxError naming ``source``."""
    import importlib

    if box not in BOXES:
        raise UnknownBoxError(box, source)
    return importlib.import_module(BOXES[box][1]).RULES  # type: ignore[no-any-return]


__all__ = ["BOXES", "BoxRules", "CardHandler", "UnknownBoxError", "box_ids", "box_name", "box_rules"]
