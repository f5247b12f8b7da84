"""Shared pieces for the shell's screen tests: the app off-screen in English, and synthetic taps
and keys as SDL sends them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game import i18n
from game.app.app import DeadtableApp

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
TOWN = REPO / "maps" / "zombieworld" / "zw-town-square.tmx"
MAX_FRAMES = 600  # a generous bound for anything a test waits for


def forget_fonts() -> None:
    """Other tests may have quit pygame: cached fonts and faces are no longer valid."""
    from game.app import render
    from game.app.widgets import dice as dice_view
    from game.app.zombieworld import dice

    render.font.cache_clear()
    dice_view._FACES.clear()
    dice._D10.clear()


def new_app(save_dir: Path, size: tuple[int, int] = (1280, 800)) -> DeadtableApp:
    i18n.set_language("en")
    app = DeadtableApp(size=size, save_dir=save_dir)
    forget_fonts()
    return app


def tap_at(app: DeadtableApp, pos: tuple[int, int], finger: bool) -> None:
    """A tap as SDL sends it: a finger tap also arrives as mouse events marked ``touch``."""
    x, y = pos
    w, h = app.screen.get_size()

    def touch(kind: int) -> pygame.event.Event:
        return pygame.event.Event(kind, touch_id=1, finger_id=1, x=x / w, y=y / h, dx=0.0, dy=0.0, pressure=1.0)

    down = [touch(pygame.FINGERDOWN)] if finger else []
    down.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=finger))
    app.frame(0.02, events=down)
    up = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=finger)]
    if finger:
        up.append(touch(pygame.FINGERUP))
    app.frame(0.02, events=up)
    app.frame(0.02, events=pygame.event.get())  # the UI_BUTTON_PRESSED pygame_gui posted


def press_key(app: DeadtableApp, key: int) -> None:
    app.frame(0.02, events=[pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    app.frame(0.02, events=[pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])


def frames_until(app: DeadtableApp, condition: Callable[[], bool]) -> bool:
    for _ in range(MAX_FRAMES):
        if condition():
            return True
        app.frame(1 / 30, events=[])
    return condition()
