"""Turning the engine's legal commands into questions a player answers with a tap.

The window never works out what is allowed: it asks the engine (``legal_commands`` from the seat's own
view), groups the commands by what they are (a card of the hand, a character's ability, the location's
effect, a promise), and when one group holds several commands it asks, one field at a time, only
about the fields that differ (which location, then where the zombie goes, then where the Explosion
marker goes…).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from game.app.city_of_horror.words import card_name, character_name, local, location_name, say, the_location
from game.i18n import N_, _
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.catalog import load_catalog
from game.rules.core.frozen import record

FIELD_QUESTIONS = {
    "location": N_("Where?"),
    "to": N_("To where?"),
    "target": N_("Which one?"),
    "blast": N_("The Explosion marker goes on…"),
    "card": N_("Pay with which card?"),
    "take": N_("Take which one?"),
    "steps": N_("Move the Straggler on by…"),
    "character": N_("Which character?"),
    "mamma": N_("How?"),
    "item": N_("Which item?"),
    "cards": N_("Which cards do you give?"),
}
SKIPPED_FIELDS = ("kind",)


def field_question(field: str) -> str:
    """The question a player answers to choose a command field."""
    return _(FIELD_QUESTIONS[field]) if field in FIELD_QUESTIONS else _("Which?")


@record
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
        return _("1 colour") if value else _("nothing (it stays)")
    if field == "mamma":
        return _("squeezing in (the Mamma's ability)") if value else _("a plain move")
    if isinstance(value, tuple):
        return ", ".join(card_name(v) for v in value) or _("nothing")
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
        return _("an Antidote")
    if text == "down":
        return _("a face-down Food token")
    if text.startswith("up:"):
        return _("the face-up Food token worth {value}").format(value=text[3:])
    if field == "take" and text.lstrip("-").isdigit():
        return _("a Food token worth {value}").format(value=text)
    return text


def groups(commands: Sequence[Any]) -> list[Group]:
    """The things a seat may do now, one group each (passing and trading are left out)."""
    found: dict[str, list[Any]] = {}
    labels: dict[str, tuple[str, str, str]] = {}
    catalog = load_catalog()
    for command in commands:
        if isinstance(command, c.PlayCard):
            key = f"card:{command.card}"
            labels[key] = (_("Play {card}").format(card=card_name(command.card)), local(catalog.cards[command.card], "text"),
                           "attack")
        elif isinstance(command, c.UseAbility):
            key = f"ability:{command.character}"
            labels[key] = (_("Use {who}").format(who=character_name(command.character)),
                           local(catalog.characters[command.character], "text"),
                           "search")
        elif isinstance(command, c.UseEffect):
            key = f"effect:{command.location}"
            labels[key] = (say(N_("Use {place}"), place=the_location(command.location)), "", "door")
        elif isinstance(command, c.LockBallot):
            key = "lock_ballot"
            labels[key] = (_("Promise my vote (locked)"), _("The engine will cast your ballot as promised"), "items")
        elif isinstance(command, c.LockTieBreak):
            key = "lock_tie_break"
            labels[key] = (_("Promise my tie-break (locked)"), _("If the vote ties, you will pick as promised"), "items")
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
        parts = [_("Play {card}").format(card=card_name(command.card))]
        if command.location:
            parts.append(say(N_("on {place}"), place=the_location(command.location)))
        if command.to:
            parts.append(say(N_("to {place}"), place=the_location(command.to)))
        if command.target:
            parts.append(f"({value_words('target', command.target)})")
        if command.blast:
            parts.append(say(N_("— marker on {place}"), place=the_location(command.blast)))
        return " ".join(parts)
    if isinstance(command, c.UseAbility):
        extra = command.to or command.target or command.take
        return _("Use {who}").format(who=character_name(command.character)) + (
            f" ({value_words('target', extra)})" if extra else "")
    if isinstance(command, c.UseEffect):
        return say(N_("Use {place}"), place=the_location(command.location))
    if isinstance(command, c.Pass):
        return _("Pass")
    return str(getattr(command, "kind", command)).replace("_", " ")
