"""The picture behind the start screen and the games' set-up screens: a dusk sky over a dark city,
the title and a subtitle. Painted once per window size."""

from __future__ import annotations

import random

import pygame

TITLE = "DEADTABLE"


def card_top_px(height_px: int) -> int:
    """Where a screen's card of buttons starts, below the title."""
    return min(170, max(90, height_px // 6))


def paint_backdrop(size: tuple[int, int], subtitle: str) -> pygame.Surface:
    w, h = size
    background = pygame.Surface(size)
    for y in range(0, h, 4):
        t = y / max(1, h)
        colour = (int(48 - 30 * t), int(30 - 14 * t), int(34 - 12 * t))
        pygame.draw.rect(background, colour, (0, y, w, 4))
    skyline = random.Random(7)  # the same skyline every time
    x = 0
    while x < w:
        bw = 40 + int(skyline.random() * 90)
        bh = int(h * (0.12 + skyline.random() * 0.3))
        pygame.draw.rect(background, (14, 14, 18), (x, h - bh, bw, bh))
        for wy in range(h - bh + 12, h - 10, 22):
            for wx in range(x + 8, x + bw - 10, 16):
                if skyline.random() < 0.12:
                    pygame.draw.rect(background, (200, 160, 70), (wx, wy, 6, 9))
        x += bw + 2
    pygame.draw.circle(background, (196, 60, 40), (int(w * 0.82), int(h * 0.14)), max(20, h // 14))
    title_font = pygame.font.Font(None, max(60, min(120, h // 8)))
    sub_font = pygame.font.Font(None, max(26, min(40, h // 26)))
    title = title_font.render(TITLE, True, (236, 200, 110))
    shadow = title_font.render(TITLE, True, (90, 10, 10))
    ty = max(6, card_top_px(h) // 2 - title.get_height() // 2 - 10)
    background.blit(shadow, shadow.get_rect(midtop=(w // 2 + 4, ty + 4)))
    background.blit(title, title.get_rect(midtop=(w // 2, ty)))
    sub = sub_font.render(subtitle, True, (220, 210, 190))
    background.blit(sub, sub.get_rect(midtop=(w // 2, ty + title.get_height())))
    return background


class Backdrop:
    """A scene's backdrop, repainted only when the window size changes."""

    def __init__(self, subtitle: str):
        self.subtitle = subtitle
        self._painted: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._painted is None or self._painted.get_size() != surface.get_size():
            self._painted = paint_backdrop(surface.get_size(), self.subtitle)
        surface.blit(self._painted, (0, 0))

    def forget(self) -> None:
        self._painted = None
