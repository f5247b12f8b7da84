"""A save's summary and result, as save lists show them: a game's codec writes them in English from
templates of its own (``summary_templates``, ``result_templates``, marked for translation), and a
list reads the text back into its template and fields, so it can show them in the player's language.
Saves written before a template existed, or by a game without templates, show as written."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from game.rules.core.reasons import Said

_FIELD = re.compile(r"\{(\w+)\}")


@functools.lru_cache(maxsize=256)
def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, field name, literal, ...
    regex = "".join(re.escape(part) if n % 2 == 0 else f"(?P<{part}>.+?)" for n, part in enumerate(parts))
    return re.compile(regex + r"\Z", re.DOTALL)


def read_back(text: str, templates: Sequence[str]) -> Said | None:
    """The first of ``templates`` that ``text`` was filled from, with its fields; None when none was."""
    for template in templates:
        match = _pattern(template).match(text)
        if match is not None:
            return Said(template, **match.groupdict())
    return None
