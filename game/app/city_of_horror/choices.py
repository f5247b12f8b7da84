"""Turning the engine's legal commands into questions a player answers with a tap.

The window never works out what is allowed: it asks the engine (``legal_commands`` from the seat's own
view), groups the commands by what they are (a card of the hand, a character's ability, the location's
effect, a promise), and when one group holds several commands it asks, one field at a time, only
about the fields that differ (which location, then where the zombie goes, then where the Explosion
marker goes…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from game.app.city_of_horror.words import card_name, character_name, location_name
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.catalog import load_catalog

FIELD_QUESTIONS = {
    "location": "Where?",
    "to": "To where?",
    "target": "Which one?",
    "blast": "The Explosion marker goes on…",
    "card": "Pay with which card?",
    "take": "Take which one?",
    "steps": "Move the Straggler on by…",
    "character": "Which character?",
    "mamma": "How?",
    "item": "Which item?",
    "cards": "Which cards do you give?",
}
SKIPPED_FIELDS = ("kind",)


@dataclass(frozen=True, slots=True)
class Group:
    """Commands that do one thing (play this card, use this ability…), to be narrowed down."""

    key: str
    label: str
    detail: str
    commands: tuple[Any, ...]
    tone: str = "other"


def value_words(field: str, value: Any, seat_names: Sequence[str] = ()) -> str:
    """A command field's value in a player's words."""
    catalog = load_catalog()
    if field == "steps":
        return "1 colour" if value else "nothing (it stays)"
    if field == "mamma":
        return "squeezing in (the Mamma's ability)" if value else "a plain move"
    if isinstance(value, tuple):
        return ", ".join(card_name(v) for v in value) or "nothing"
    text = str(value)
    if not text:
        return "—"
    if text in catalog.locations:
        return location_name(text)
    if text in catalog.characters:
        return character_name(text)
    if text in catalog.cards:
        return card_name(text)
    if text == "antidote":
        return "an Antidote"
    if text == "down":
        return "a face-down Food token"
    if text.startswith("up:"):
        return f"the face-up Food token worth {text[3:]}"
    if field == "take" and text.lstrip("-").isdigit():
        return f"a Food token worth {text}"
    return text


def groups(commands: Sequence[Any]) -> list[Group]:
    """The things a seat may do now, one group each (passing and trading are left out)."""
    found: dict[str, list[Any]] = {}
    labels: dict[str, tuple[str, str, str]] = {}
    catalog = load_catalog()
    for command in commands:
        if isinstance(command, c.PlayCard):
            key = f"card:{command.card}"
            labels[key] = (f"Play {card_name(command.card)}", catalog.cards[command.card].text, "attack")
        elif isinstance(command, c.UseAbility):
            key = f"ability:{command.character}"
            labels[key] = (f"Use {character_name(command.character)}", catalog.characters[command.character].text,
                           "search")
        elif isinstance(command, c.UseEffect):
            key = f"effect:{command.location}"
            labels[key] = (f"Use the {location_name(command.location)}", "", "door")
        elif isinstance(command, c.LockBallot):
            key = "lock_ballot"
            labels[key] = ("Promise my vote (locked)", "The engine will cast your ballot as promised", "items")
        elif isinstance(command, c.LockTieBreak):
            key = "lock_tie_break"
            labels[key] = ("Promise my tie-break (locked)", "If the vote ties, you will pick as promised", "items")
        else:
            continue
        found.setdefault(key, []).append(command)
    return [Group(key, labels[key][0], labels[key][1], tuple(items), labels[key][2]) for key, items in found.items()]


def differing_field(commands: Sequence[Any]) -> str:
    """The first field in which the commands differ ("" when they are all the same)."""
    if len(commands) < 2:
        return ""
    for item in fields(commands[0]):
        if item.name in SKIPPED_FIELDS:
            continue
        values = {getattr(command, item.name) for command in commands}
        if len(values) > 1:
            return item.name
    return ""


def narrow(commands: Sequence[Any], field: str, value: Any) -> list[Any]:
    return [command for command in commands if getattr(command, field) == value]


def options(commands: Sequence[Any], field: str) -> list[Any]:
    """The distinct values of ``field`` among the commands, in the order the engine gave them."""
    return list(dict.fromkeys(getattr(command, field) for command in commands))


def summary(command: Any) -> str:
    """A command in a few words, for a confirmation or the last button."""
    if isinstance(command, c.PlayCard):
        parts = [f"Play {card_name(command.card)}"]
        if command.location:
            parts.append(f"on the {location_name(command.location)}")
        if command.to:
            parts.append(f"to the {location_name(command.to)}")
        if command.target:
            parts.append(f"({value_words('target', command.target)})")
        if command.blast:
            parts.append(f"— marker on the {location_name(command.blast)}")
        return " ".join(parts)
    if isinstance(command, c.UseAbility):
        extra = command.to or command.target or command.take
        return f"Use {character_name(command.character)}" + (f" ({value_words('target', extra)})" if extra else "")
    if isinstance(command, c.UseEffect):
        return f"Use the {location_name(command.location)}"
    if isinstance(command, c.Pass):
        return "Pass"
    return str(getattr(command, "kind", command)).replace("_", " ")
