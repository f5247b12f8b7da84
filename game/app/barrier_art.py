"""How fences, hedges and ledges look on the baked board: each blocking edge kind readable at a
glance, at every zoom (sizes scale with the bake's pixels per cm, with a floor in pixels)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

Point = tuple[float, float]
Segment = tuple[Point, Point]

FENCE_RAIL_COLOR = (176, 140, 92)
FENCE_POST_COLOR = (92, 66, 40)
HEDGE_DARK = (20, 58, 24)
HEDGE_LIGHT = (74, 138, 64)
LEDGE_COLOR = (120, 116, 108)
LEDGE_SHADOW = (60, 58, 54)
FENCE_POST_SPACING_CM = 1.2
HEDGE_LEAF_SPACING_CM = 0.7
LEDGE_TICK_SPACING_CM = 0.6


def _along(a: Point, b: Point, spacing_cm: float) -> list[Point]:
    """Points from ``a`` to ``b`` (both included), about ``spacing_cm`` apart."""
    steps = max(1, round(math.dist(a, b) / spacing_cm))
    return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]


def _px(p: Point, s: float) -> tuple[float, float]:
    return (p[0] * s, p[1] * s)


def paint_fences(base: pygame.Surface, fences: Iterable[Segment], s: float) -> None:
    """Two rails between posts: a fence stops feet, not eyes."""
    rail_px = max(2, round(0.14 * s))
    post_px = max(2, round(0.22 * s))
    for a, b in fences:
        length = math.dist(a, b)
        if length == 0:
            continue
        nx, ny = -(b[1] - a[1]) / length * 0.12, (b[0] - a[0]) / length * 0.12  # rails sit side by side
        for side in (-1, 1):
            shift = (nx * side, ny * side)
            pygame.draw.line(base, FENCE_RAIL_COLOR, _px((a[0] + shift[0], a[1] + shift[1]), s),
                             _px((b[0] + shift[0], b[1] + shift[1]), s), rail_px)
        for post in _along(a, b, FENCE_POST_SPACING_CM):
            pygame.draw.circle(base, FENCE_POST_COLOR, _px(post, s), post_px)


def paint_hedges(base: pygame.Surface, hedges: Iterable[Segment], s: float) -> None:
    """A dark green band with leafy bumps: a hedge hides what is behind it."""
    band_px = max(4, round(0.9 * s))
    leaf_px = max(3, round(0.55 * s))
    for a, b in hedges:
        pygame.draw.line(base, HEDGE_DARK, _px(a, s), _px(b, s), band_px)
        for index, leaf in enumerate(_along(a, b, HEDGE_LEAF_SPACING_CM)):
            pygame.draw.circle(base, HEDGE_DARK, _px(leaf, s), leaf_px)
            pygame.draw.circle(base, HEDGE_LIGHT, _px(leaf, s), max(1, leaf_px - max(1, round(0.12 * s))))
            if index % 2:
                pygame.draw.circle(base, HEDGE_DARK, _px(leaf, s), max(1, leaf_px // 3))


def paint_ledges(base: pygame.Surface, ledges: Iterable[Segment], s: float) -> None:
    """A stone edge with short hatching on one side: a step down that costs effort to climb."""
    edge_px = max(2, round(0.22 * s))
    tick_px = max(1, round(0.1 * s))
    for a, b in ledges:
        length = math.dist(a, b)
        if length == 0:
            continue
        nx, ny = -(b[1] - a[1]) / length * 0.35, (b[0] - a[0]) / length * 0.35
        for tick in _along(a, b, LEDGE_TICK_SPACING_CM):
            pygame.draw.line(base, LEDGE_SHADOW, _px(tick, s), _px((tick[0] + nx, tick[1] + ny), s), tick_px)
        pygame.draw.line(base, LEDGE_COLOR, _px(a, s), _px(b, s), edge_px)
