"""How a Zombieworld screen opens one that may lead back to it: through the game's window hooks
(``hooks.py``), which the registry finds at run time. ``hooks.py`` imports every screen, so no
screen imports it (nor one another in a circle)."""

from __future__ import annotations

from types import ModuleType

from game.rules.zombieworld.registration import GAME


def hooks() -> ModuleType:
    """The window hooks of Zombieworld, as its registry entry names them."""
    return GAME.app_hooks()  # type: ignore[no-any-return]
