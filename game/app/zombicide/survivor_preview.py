"""A survivor's card before it is picked: name, story and the skills of each danger level, as a small
text card (pygame_gui HTML). Kept small on purpose: a full card widget can take its place later."""

from __future__ import annotations

import html
from typing import Any

from game.app.widgets.card_view import local_description, local_name
from game.app.zombicide.event_text import skill_words
from game.i18n import N_, _

LEVELS = (("blue", N_("Blue"), "#6aa8ff"), ("yellow", N_("Yellow"), "#f2d640"),
          ("orange", N_("Orange"), "#ff9a3a"), ("red", N_("Red"), "#ff4a3a"))


def survivor_card_html(catalog: Any, survivor_id: str) -> str:
    """The card of ``survivor_id`` in ``catalog``: its skills level by level, choices marked as such."""
    survivor = catalog.survivor(survivor_id)
    lines = [f"<font size=5><b>{html.escape(local_name(survivor))}</b></font>", html.escape(local_description(survivor)), ""]
    for level, title, colour in LEVELS:
        refs = survivor.skills_at(level)
        words = [html.escape(skill_words(catalog, ref.text)) for ref in refs]
        if len(refs) > 1 and level in ("orange", "red"):
            told = _("one of: {skills}").format(skills=" / ".join(words))
        else:
            told = ", ".join(words)
        lines.append(f"<font color='{colour}'><b>{_(title)}</b></font>: {told}")
    return "<br>".join(lines)
