"""Spanish sentence glue shared by the screens: "a el" and "de el" join into "al" and "del"
("vuelve al Cruce", "sale del coche"); in any other language the text is left as it is."""

from __future__ import annotations

import re

from game.i18n import language

_CONTRACTED = re.compile(r"\b([Aa]|[Dd]e) [Ee]l\b")


def contracted(text: str) -> str:
    """A sentence already in the player's language with its Spanish contractions joined."""
    return _CONTRACTED.sub(lambda m: m.group(1) + "l", text) if language() == "es" else text


__all__ = ["contracted"]
