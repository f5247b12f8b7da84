"""Why an action is not offered now, as every engine says it: an English template with named fields
(marked with ``game.i18n.N_`` where it is written), which the window translates, then fills."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from game.i18n import N_
from game.rules.core.frozen import record


@record
class Reason:
    """Why an action ``kind`` is not offered now: ``template`` (English, with ``{fields}``) and its fields."""

    kind: str
    template: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The reason in English (a field that is content gives its English name)."""
        return self.template.format(**{key: _english(value) for key, value in self.fields.items()})


class Said(str):
    """Words the engine says where a string was expected (a decision's options): the English text,
    and the template and fields it was made from, so the window can say it in the player's language.

    ``Said(N_("keep {card} in hand (slot {slot})"), card=equipment, slot=2)``: a field may be Said
    itself, or content with a ``name`` (English here; the window uses its ``name_es``)."""

    template: str
    fields: Mapping[str, Any]
    plural: str = ""  # words that count (``counted``): the plural template; ``template`` is the singular

    def __new__(cls, template: str, **fields: Any) -> Said:
        said = super().__new__(cls, template.format(**{key: _english(value) for key, value in fields.items()}))
        said.template = template
        said.fields = fields
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # copies keep the template
        return (_said, (self.template, dict(self.fields), self.plural))


def counted(singular: str, plural: str, count: int, **fields: Any) -> Said:
    """Words that count ``count`` (also their field ``{count}``): English picks ``singular`` or ``plural``;
    the window picks the player's language's own form (``ngettext``). Both are marked by this call."""
    said = Said(singular if count == 1 else plural, count=count, **fields)
    said.template, said.plural = singular, plural
    return said


def listed(items: Sequence[Any]) -> Any:
    """``items`` joined by commas, as one field of a Said (each item said in the player's language)."""
    if len(items) <= 1:
        return items[0] if items else Said(N_("nothing"))
    return Said(N_("{first}, {rest}"), first=items[0], rest=listed(items[1:]))


class ZoneId(str):
    """A Said field that is a board zone's id: the window names the zone as its board does."""

    __slots__ = ()


@record
class Named:
    """A Said field that names something in each language (``name_es`` empty: the English name)."""

    name: str
    name_es: str = ""


class Label(str):
    """A Said field that is a name kept in map data (a building's label): the window says it in the
    player's language when a catalogue has it (``game.i18n.named``), else as it is."""

    __slots__ = ()


def _said(template: str, fields: dict[str, Any], plural: str = "") -> Said:
    if plural:
        rest = {key: value for key, value in fields.items() if key != "count"}
        return counted(template, plural, int(fields["count"]), **rest)
    return Said(template, **fields)


def _english(value: Any) -> Any:
    if isinstance(value, str | int | float):
        return value
    name = getattr(value, "name", None)
    return name if isinstance(name, str) else value


__all__ = ["Label", "Named", "Reason", "Said", "ZoneId", "counted", "listed"]
