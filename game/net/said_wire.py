"""An engine's words (``game.rules.core.reasons.Said``) over the wire: the host sends the template and
its fields (``protocol.SaidWords``) instead of its own language's text, and each window rebuilds the
words and says them in its player's language. Content travels as its names in each language, a zone
id or a map label as a tag; anything else as its English text."""

from __future__ import annotations

from typing import Any

from game.net.protocol import SAID_CHARS, SAID_FIELDS, SaidName, SaidTag, SaidWords
from game.net.views import check_template
from game.rules.core.reasons import Label, Named, Said, ZoneId, counted

MAX_DEPTH = 24  # words within words (a list is a chain of "{first}, {rest}")


def said_to_wire(words: Any, depth: int = 0) -> SaidWords | None:
    """``words`` as the wire carries them (None when they are plain text, too deep or too big)."""
    template, fields = getattr(words, "template", None), getattr(words, "fields", None)
    if not isinstance(template, str) or not isinstance(fields, dict) or depth > MAX_DEPTH \
            or len(template) > SAID_CHARS or len(fields) > SAID_FIELDS:
        return None
    parts: dict[str, Any] = {}
    for key, value in fields.items():
        part = _part(value, depth)
        if part is None:
            return None
        parts[key] = part
    plural = getattr(words, "plural", "")
    return SaidWords(template=template, plural=plural if isinstance(plural, str) else "", fields=parts)


def _part(value: Any, depth: int) -> Any:
    if isinstance(value, Said):
        return said_to_wire(value, depth + 1)
    if isinstance(value, ZoneId | Label):
        return SaidTag(tag="zone" if isinstance(value, ZoneId) else "label", text=str(value)[:SAID_CHARS])
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | str):
        return value if not isinstance(value, str) else str(value)[:SAID_CHARS]
    name = getattr(value, "name", None)
    if isinstance(name, str):
        name_es = getattr(value, "name_es", "")
        return SaidName(name=name[:SAID_CHARS], name_es=name_es[:SAID_CHARS] if isinstance(name_es, str) else "")
    return str(value)[:SAID_CHARS]


def said_from_wire(words: SaidWords) -> Said:
    """The words rebuilt, for the window to say (``game.i18n.said``); ValueError (``ViewCodecError``) when
    a template names anything but its plain fields (``{f.__class__}``), KeyError or IndexError when it
    does not fit them."""
    check_template(words.template, dict(words.fields))
    if words.plural:
        check_template(words.plural, dict(words.fields))
    fields = {key: _value(part) for key, part in words.fields.items()}
    if words.plural:
        count = fields.pop("count", 0)
        return counted(words.template, words.plural, int(count) if isinstance(count, int | float) else 0, **fields)
    return Said(words.template, **fields)


def _value(part: Any) -> Any:
    if isinstance(part, SaidWords):
        return said_from_wire(part)
    if isinstance(part, SaidTag):
        return ZoneId(part.text) if part.tag == "zone" else Label(part.text)
    if isinstance(part, SaidName):
        return Named(part.name, part.name_es)
    return part
