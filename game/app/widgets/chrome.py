"""The bars and panels around a game's table, painted once and redrawn only when what they show
changes (a frame then costs one blit instead of every panel's drawing)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

CHROME_FILL = (16, 18, 20)


def bar_signature(*bars: Any) -> tuple[Hashable, ...]:
    """What a set of button bars shows: each button's label, state and whether it is held down."""
    shown: list[Hashable] = []
    for bar in bars:
        shown.append(tuple(id(b) for b in bar.pressed.values()))
        shown.append(tuple((b.label, b.enabled, b.toggled) for b in bar.buttons))
    return tuple(shown)


class ChromeCache:
    """One surface the size of the window, repainted by ``paint`` when the signature changes."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._signature: Sequence[Hashable] = ()

    def get(self, size: tuple[int, int], signature: Sequence[Hashable],
            paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
        if self._surface is None or self._signature != signature:
            if self._surface is None or self._surface.get_size() != size:
                self._surface = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._surface = self._surface.convert()
            self._surface.fill(CHROME_FILL)
            paint(self._surface)
            self._signature = signature
        return self._surface

    @property
    def painted(self) -> bool:
        """Whether the chrome has been painted at least once (the screen has been drawn)."""
        return self._surface is not None

    def forget(self) -> None:
        self._surface = None
