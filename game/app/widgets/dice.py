"""Dice on screen: they tumble, then settle on the engine's values; hits glow green, misses dim."""

from __future__ import annotations

import math

import pygame

from game.app.render import text_with_halo
from game.rules.zombicide.odds import DIE_FACES

PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
HIT_COLOR = (90, 220, 110)
MISS_COLOR = (120, 120, 120)
TUMBLE_SHARE = 0.45  # of the beat, the dice roll before they settle


def is_hit(value: int, hit_on: int | None) -> bool:
    return hit_on is not None and value >= hit_on


def face_shown(value: int, index: int, progress: float) -> int:
    """The face a die shows while tumbling (a fixed sequence, not a roll), then its value."""
    if progress >= TUMBLE_SHARE:
        return value
    step = int(progress * 40)
    return (value + index * 2 + step) % DIE_FACES + 1


_FACES: dict[tuple[int, int, str], pygame.Surface] = {}


def die_face(value: int, size_px: int, state: str = "plain") -> pygame.Surface:
    """One die: ``state`` is "plain", "hit" or "miss"."""
    key = (value, size_px, state)
    face = _FACES.get(key)
    if face is None:
        face = pygame.Surface((size_px, size_px), pygame.SRCALPHA)
        body = (245, 242, 232) if state != "miss" else (170, 168, 160)
        rect = face.get_rect().inflate(-4, -4)
        pygame.draw.rect(face, (20, 20, 20), rect.move(2, 3), border_radius=size_px // 6)
        pygame.draw.rect(face, body, rect, border_radius=size_px // 6)
        if state == "hit":
            pygame.draw.rect(face, HIT_COLOR, rect, max(3, size_px // 14), border_radius=size_px // 6)
        pip = (30, 30, 30) if state != "hit" else (20, 90, 40)
        for fx, fy in PIPS.get(value, ()):
            pygame.draw.circle(face, pip, (rect.left + fx * rect.width, rect.top + fy * rect.height), max(2, size_px // 11))
        _FACES[key] = face
    return face


def draw_dice(target: pygame.Surface, centre: tuple[int, int], values: tuple[int, ...], hit_on: int | None,
              progress: float, title: str = "", size_px: int = 64) -> pygame.Rect:
    """The row of dice centred on ``centre`` at ``progress`` (0..1) of the beat; returns the area drawn."""
    count = max(1, len(values))
    gap = size_px // 4
    per_row = min(count, 8)
    rows = math.ceil(count / per_row)
    width = per_row * size_px + (per_row - 1) * gap
    height = rows * size_px + (rows - 1) * gap
    area = pygame.Rect(0, 0, width + 40, height + (70 if title else 40))
    area.center = centre
    panel = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (18, 20, 22, 215), panel.get_rect(), border_radius=14)
    target.blit(panel, area)
    top = area.top + 20
    if title:
        label = text_with_halo(title, 20)
        target.blit(label, label.get_rect(midtop=(area.centerx, area.top + 8)))
        top += 30
    settled = progress >= TUMBLE_SHARE
    for index, value in enumerate(values):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        left = area.centerx - (in_row * size_px + (in_row - 1) * gap) // 2
        x = left + col * (size_px + gap)
        y = top + row * (size_px + gap)
        if not settled:
            y -= round(abs(math.sin(progress * 30 + index)) * size_px * 0.25 * (1 - progress / TUMBLE_SHARE))
        state = "plain" if not settled or hit_on is None else ("hit" if is_hit(value, hit_on) else "miss")
        target.blit(die_face(face_shown(value, index, progress), size_px, state), (x, y))
    if settled and hit_on is not None:
        hits = sum(1 for v in values if is_hit(v, hit_on))
        words = text_with_halo(f"{hits} hit{'s' if hits != 1 else ''} (needs {hit_on}+)", 18,
                               color=HIT_COLOR if hits else (230, 120, 110))
        target.blit(words, words.get_rect(midtop=(area.centerx, area.bottom + 4)))
    return area
