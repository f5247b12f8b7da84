"""How the City of Horror engine names things in the words it says (a refusal is a ``Said`` template):
characters and cards by their content entries (the window shows their ``name_es``), a location with
its article ("the Church", "la Iglesia"), a colour and a list in the player's language. Pure data:
the window says them (``game.i18n.said``); ids are never shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import N_
from game.rules.city_of_horror.catalog import COLOURS
from game.rules.city_of_horror.state import catalog
from game.rules.core.frozen import record
from game.rules.core.reasons import Said, listed

COLOUR_WORDS = {
    "yellow": N_("yellow"), "red": N_("red"), "green": N_("green"), "violet": N_("violet"), "blue": N_("blue"),
    "white": N_("white"),
}
assert set(COLOUR_WORDS) == set(COLOURS)


@record
class PlaceName:
    """A location as a sentence names it, with its article in each language."""

    name: str
    name_es: str = ""


def character(character_id: str) -> Any:
    """The character's content entry (its name in each language), or the id when there is no such character."""
    return catalog().characters.get(character_id, character_id)


def card(card_id: str) -> Any:
    """The Action card's content entry, or the id when there is no such card."""
    return catalog().cards.get(card_id, card_id)


def place(location: str) -> PlaceName | str:
    """The location as a sentence names it: "the Church" / "la Iglesia"."""
    entry = catalog().locations.get(location)
    if entry is None:
        return location
    return PlaceName(f"the {entry.name}", f"{entry.article_es} {entry.name_es}".strip() if entry.name_es else "")


def colour(name: str) -> Said | str:
    return Said(COLOUR_WORDS[name]) if name in COLOUR_WORDS else name


def either(items: Sequence[Any]) -> Any:
    """``items`` as alternatives: "the Water Tower or the Crossroads"."""
    if len(items) < 2:
        return listed(items)
    return Said(N_("{some} or {last}"), some=listed(items[:-1]), last=items[-1])


def track(colours: Sequence[str]) -> Any:
    """The Straggler track's colours, in order."""
    return listed([colour(name) for name in colours])
