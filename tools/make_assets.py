#!/usr/bin/env python3
"""Draw Deadtable's own art: the floor tileset, the miniature tokens and the marker images.

Everything is drawn here from code (no outside art), from fixed seeds, so every run writes the
same bytes. Usage: ``python tools/make_assets.py [output_dir]`` (default: the repo's ``assets``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # green_horde_art beside this script
TILE_PX = 40
TILESET_COLUMNS = 8
TOKEN_PX = 128
MARKER_PX = 96
SUPERSAMPLE = 4  # tokens and markers are drawn large and scaled down for soft edges

Color = tuple[int, int, int]
ColorA = tuple[int, int, int, int]


# --- colour helpers -------------------------------------------------------------------------


def clamp(value: float) -> int:
    return max(0, min(255, int(round(value))))


def shade(color: Color, factor: float) -> Color:
    """Darken (factor < 1) or lighten (factor > 1) towards black or white."""
    if factor >= 1:
        return tuple(clamp(c + (255 - c) * (factor - 1)) for c in color)  # type: ignore[return-value]
    return tuple(clamp(c * factor) for c in color)  # type: ignore[return-value]


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(clamp(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def hex_color(text: str) -> Color:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


# A muted palette shared by tiles, tokens and markers.
INK = hex_color("#27262a")
BONE = hex_color("#e8dfc8")
PALETTE = {
    "asphalt": hex_color("#4b4e53"),
    "stripe": hex_color("#d9d4c3"),
    "line": hex_color("#c9a94f"),
    "sidewalk": hex_color("#8f8b82"),
    "kerb": hex_color("#b4afa3"),
    "wood": hex_color("#8a6849"),
    "tile_light": hex_color("#c4bca8"),
    "tile_dark": hex_color("#a9a08c"),
    "linoleum": hex_color("#9bb4b4"),
    "linoleum_hall": hex_color("#cdc6b2"),
    "carpet": hex_color("#7b4b4c"),
    "grass": hex_color("#5e7547"),
    "dirt": hex_color("#7c6a50"),
    "concrete": hex_color("#8c8f90"),
    "paint": hex_color("#d2ad4a"),
    "gravel": hex_color("#8a8376"),
    "rubble": hex_color("#6e675d"),
    "water": hex_color("#3e5e6c"),
    "roof": hex_color("#6d4b3f"),
    "roof_slate": hex_color("#4d5560"),
    "wall": hex_color("#3c3937"),
    "canvas": hex_color("#8b8a64"),
    "parking": hex_color("#54575b"),
}


def noise_fill(surf: pygame.Surface, rect: pygame.Rect, base: Color, rng: random.Random, amp: float) -> None:
    """Fill a rectangle with a colour, each pixel jittered in brightness (a grainy, material look)."""
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            f = 1 + (rng.random() - 0.5) * amp
            surf.set_at((x, y), shade(base, f))


def speckle(surf: pygame.Surface, rect: pygame.Rect, colors: list[Color], count: int, rng: random.Random,
            size: int = 1) -> None:
    for _ in range(count):
        x = rect.left + int(rng.random() * (rect.width - size + 1))
        y = rect.top + int(rng.random() * (rect.height - size + 1))
        color = colors[int(rng.random() * len(colors))]
        surf.fill(color, pygame.Rect(x, y, size, size))


def blend_rect(surf: pygame.Surface, rect: pygame.Rect, color: Color, alpha: int) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((*color, alpha))
    surf.blit(layer, rect.topleft)


# --- tiles ----------------------------------------------------------------------------------

TileDrawer = Callable[[pygame.Surface, random.Random], None]
FULL = pygame.Rect(0, 0, TILE_PX, TILE_PX)


def tile_asphalt(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["asphalt"], rng, 0.16)
    speckle(s, FULL, [shade(PALETTE["asphalt"], 1.25), shade(PALETTE["asphalt"], 0.75)], 30, rng)


def tile_crossing(horizontal_bars: bool) -> TileDrawer:
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_asphalt(s, rng)
        for i in range(4):
            start = 3 + i * 10
            bar = pygame.Rect(2, start, TILE_PX - 4, 5) if horizontal_bars else pygame.Rect(start, 2, 5, TILE_PX - 4)
            for y in range(bar.top, bar.bottom):
                for x in range(bar.left, bar.right):
                    if rng.random() > 0.12:  # worn paint
                        s.set_at((x, y), shade(PALETTE["stripe"], 0.88 + (rng.random() - 0.5) * 0.08))
    return draw


def tile_center_line(horizontal: bool) -> TileDrawer:
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_asphalt(s, rng)
        dash = pygame.Rect(6, 18, 28, 3) if horizontal else pygame.Rect(18, 6, 3, 28)
        blend_rect(s, dash, PALETTE["line"], 220)
    return draw


def tile_sidewalk(s: pygame.Surface, rng: random.Random) -> None:
    """Square slabs of 18 px with 1 px joints on each side of every seam: the same after any turn
    or flip, so sidewalks of modules turned differently still line up."""
    noise_fill(s, FULL, PALETTE["sidewalk"], rng, 0.08)
    joint = shade(PALETTE["sidewalk"], 0.78)
    for k in (0, TILE_PX // 2 - 1, TILE_PX // 2, TILE_PX - 1):
        pygame.draw.line(s, joint, (0, k), (TILE_PX - 1, k))
        pygame.draw.line(s, joint, (k, 0), (k, TILE_PX - 1))


KERB_PX = 6
KERB_SIDES = "nesw"
KERB_CORNERS = ("ne", "se", "sw", "nw")


def _kerb_side_rect(side: str, depth: int) -> pygame.Rect:
    far = TILE_PX - depth
    return {"n": pygame.Rect(0, 0, TILE_PX, depth), "s": pygame.Rect(0, far, TILE_PX, depth),
            "w": pygame.Rect(0, 0, depth, TILE_PX), "e": pygame.Rect(far, 0, depth, TILE_PX)}[side]


def _kerb_corner_rect(corner: str, depth: int) -> pygame.Rect:
    x = TILE_PX - depth if "e" in corner else 0
    y = TILE_PX - depth if "s" in corner else 0
    return pygame.Rect(x, y, depth, depth)


def tile_kerb(sides: str, corners: tuple[str, ...] = ()) -> TileDrawer:
    """A sidewalk slab with a kerb stone along each side where the road is (``sides``, any of n e s
    w), and a short kerb in each corner (``corners``) that touches the road only diagonally: where
    kerbs of the neighbouring slabs meet, at a block's corner."""

    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_sidewalk(s, rng)
        kerbs = [_kerb_side_rect(side, KERB_PX) for side in sides]
        kerbs += [_kerb_corner_rect(corner, KERB_PX) for corner in corners]
        inner = shade(PALETTE["sidewalk"], 0.8)
        for kerb in kerbs:  # the line where the kerb meets the slab, under the kerb stones
            s.fill(inner, kerb.inflate(2, 2).clip(FULL))
        for kerb in kerbs:
            noise_fill(s, kerb, PALETTE["kerb"], rng, 0.06)
        edge = shade(PALETTE["kerb"], 0.6)
        for side in sides:  # the kerb's lip, towards the road
            s.fill(edge, _kerb_side_rect(side, 1))
        for corner in corners:
            nub = _kerb_corner_rect(corner, KERB_PX)
            s.fill(edge, pygame.Rect(nub.x, 0 if "n" in corner else TILE_PX - 1, KERB_PX, 1))
            s.fill(edge, pygame.Rect(0 if "w" in corner else TILE_PX - 1, nub.y, 1, KERB_PX))
    return draw


def tile_wood(s: pygame.Surface, rng: random.Random) -> None:
    base = PALETTE["wood"]
    for plank in range(4):
        tone = shade(base, 0.9 + rng.random() * 0.2)
        rect = pygame.Rect(0, plank * 10, TILE_PX, 10)
        for y in range(rect.top, rect.bottom):
            grain = (rng.random() - 0.5) * 0.1
            for x in range(TILE_PX):
                s.set_at((x, y), shade(tone, 1 + grain + (rng.random() - 0.5) * 0.05))
        pygame.draw.line(s, shade(base, 0.6), (0, rect.bottom - 1), (TILE_PX - 1, rect.bottom - 1))
        seam = int(rng.random() * 30) + 5
        pygame.draw.line(s, shade(base, 0.65), (seam, rect.top), (seam, rect.bottom - 2))


def tile_tiled_floor(s: pygame.Surface, rng: random.Random) -> None:
    for i in range(2):
        for j in range(2):
            color = PALETTE["tile_light"] if (i + j) % 2 == 0 else PALETTE["tile_dark"]
            noise_fill(s, pygame.Rect(i * 20, j * 20, 20, 20), color, rng, 0.05)
    grout = shade(PALETTE["tile_dark"], 0.75)
    for k in (0, 20):
        pygame.draw.line(s, grout, (0, k), (TILE_PX - 1, k))
        pygame.draw.line(s, grout, (k, 0), (k, TILE_PX - 1))


def tile_linoleum(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["linoleum"], rng, 0.04)
    speckle(s, FULL, [shade(PALETTE["linoleum"], 0.85), shade(PALETTE["linoleum"], 1.15)], 40, rng)
    pygame.draw.rect(s, shade(PALETTE["linoleum"], 0.9), FULL, 1)


def tile_hall_linoleum(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["linoleum_hall"], rng, 0.04)
    speckle(s, FULL, [shade(PALETTE["linoleum_hall"], 0.85), shade(PALETTE["linoleum_hall"], 1.1)], 30, rng)
    pygame.draw.rect(s, shade(PALETTE["linoleum_hall"], 0.92), FULL, 1)


def tile_hall_guide(horizontal: bool) -> TileDrawer:
    """Hospital hallway linoleum with a painted guide line."""

    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_hall_linoleum(s, rng)
        line = pygame.Rect(0, 18, TILE_PX, 4) if horizontal else pygame.Rect(18, 0, 4, TILE_PX)
        blend_rect(s, line, hex_color("#5f8f9a"), 200)
    return draw


def tile_carpet(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["carpet"], rng, 0.12)
    motif = shade(PALETTE["carpet"], 1.18)
    for cx, cy in ((10, 10), (30, 30)):
        pygame.draw.polygon(s, motif, [(cx, cy - 5), (cx + 5, cy), (cx, cy + 5), (cx - 5, cy)], 1)
    for cx, cy in ((30, 10), (10, 30)):
        s.fill(shade(PALETTE["carpet"], 0.8), pygame.Rect(cx - 1, cy - 1, 3, 3))


def tile_grass(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["grass"], rng, 0.14)
    blades = [shade(PALETTE["grass"], 1.3), shade(PALETTE["grass"], 0.7), hex_color("#7a8a4e")]
    for _ in range(60):
        x = int(rng.random() * TILE_PX)
        y = int(rng.random() * (TILE_PX - 3)) + 3
        color = blades[int(rng.random() * len(blades))]
        pygame.draw.line(s, color, (x, y), (x + int(rng.random() * 3) - 1, y - 3))


def tile_dirt(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["dirt"], rng, 0.16)
    speckle(s, FULL, [shade(PALETTE["dirt"], 0.7), shade(PALETTE["dirt"], 1.25)], 25, rng, size=2)


def tile_concrete(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["concrete"], rng, 0.07)
    pygame.draw.line(s, shade(PALETTE["concrete"], 0.8), (0, TILE_PX - 1), (TILE_PX - 1, TILE_PX - 1))
    pygame.draw.line(s, shade(PALETTE["concrete"], 0.8), (TILE_PX - 1, 0), (TILE_PX - 1, TILE_PX - 1))


def helipad_marking(index: int) -> TileDrawer:
    """One of nine tiles that together paint a ring with an H (3×3 tiles, index row-major)."""

    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_concrete(s, rng)
        big = pygame.Surface((TILE_PX * 3 * SUPERSAMPLE, TILE_PX * 3 * SUPERSAMPLE), pygame.SRCALPHA)
        k = SUPERSAMPLE
        c = TILE_PX * 3 * k // 2
        paint = (*PALETTE["paint"], 230)
        pygame.draw.circle(big, paint, (c, c), 50 * k, 6 * k)
        white = (*PALETTE["stripe"], 235)
        pygame.draw.rect(big, white, pygame.Rect(c - 24 * k, c - 30 * k, 11 * k, 60 * k))
        pygame.draw.rect(big, white, pygame.Rect(c + 13 * k, c - 30 * k, 11 * k, 60 * k))
        pygame.draw.rect(big, white, pygame.Rect(c - 13 * k, c - 5 * k, 26 * k, 10 * k))
        small = pygame.transform.smoothscale(big, (TILE_PX * 3, TILE_PX * 3))
        col, row = index % 3, index // 3
        s.blit(small, (0, 0), pygame.Rect(col * TILE_PX, row * TILE_PX, TILE_PX, TILE_PX))
    return draw


def tile_helipad_edge(horizontal: bool) -> TileDrawer:
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        tile_concrete(s, rng)
        for i in range(0, TILE_PX, 10):
            rect = pygame.Rect(i, 16, 6, 8) if horizontal else pygame.Rect(16, i, 8, 6)
            blend_rect(s, rect, PALETTE["paint"], 220)
    return draw


def tile_gravel(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["gravel"], rng, 0.1)
    stones = [shade(PALETTE["gravel"], f) for f in (0.6, 0.75, 1.2, 1.35)]
    for _ in range(70):
        x, y = int(rng.random() * 38) + 1, int(rng.random() * 38) + 1
        pygame.draw.circle(s, stones[int(rng.random() * 4)], (x, y), 1)


def tile_rubble(s: pygame.Surface, rng: random.Random) -> None:
    tile_dirt(s, rng)
    for _ in range(9):
        cx, cy = rng.random() * 34 + 3, rng.random() * 34 + 3
        r = 2 + rng.random() * 5
        points = []
        for i in range(6):
            a = i * math.pi / 3 + rng.random() * 0.6
            rr = r * (0.6 + rng.random() * 0.5)
            points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        tone = shade(PALETTE["rubble"], 0.8 + rng.random() * 0.5)
        pygame.draw.polygon(s, tone, points)
        pygame.draw.polygon(s, shade(tone, 0.6), points, 1)


def tile_water(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["water"], rng, 0.06)
    for _ in range(6):
        x, y = int(rng.random() * 30), int(rng.random() * 36) + 2
        w = 6 + int(rng.random() * 8)
        pygame.draw.arc(s, shade(PALETTE["water"], 1.3), pygame.Rect(x, y, w, 4), 0.3, math.pi - 0.3)


def tile_roof(s: pygame.Surface, rng: random.Random) -> None:
    base = PALETTE["roof"]
    for row in range(5):
        offset = 5 if row % 2 else 0
        for col in range(-1, 5):
            rect = pygame.Rect(col * 10 + offset, row * 8, 10, 8)
            tone = shade(base, 0.85 + rng.random() * 0.3)
            s.fill(tone, rect)
            pygame.draw.line(s, shade(base, 0.6), rect.bottomleft, rect.bottomright)
            pygame.draw.line(s, shade(base, 0.7), rect.topleft, (rect.left, rect.bottom))


def tile_roof_flat(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["roof_slate"], rng, 0.08)
    speckle(s, FULL, [shade(PALETTE["roof_slate"], 1.3)], 20, rng)
    pygame.draw.rect(s, shade(PALETTE["roof_slate"], 0.8), FULL, 1)


def tile_wall(s: pygame.Surface, rng: random.Random) -> None:
    base = PALETTE["wall"]
    for row in range(5):
        offset = 10 if row % 2 else 0
        for col in range(-1, 3):
            rect = pygame.Rect(col * 20 + offset, row * 8, 20, 8)
            s.fill(shade(base, 0.9 + rng.random() * 0.3), rect)
            pygame.draw.rect(s, shade(base, 0.65), rect, 1)


def tile_canvas(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["canvas"], rng, 0.06)
    for x in range(0, TILE_PX, 4):
        pygame.draw.line(s, shade(PALETTE["canvas"], 0.9), (x, 0), (x, TILE_PX - 1))


def tile_parking(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["parking"], rng, 0.14)
    blend_rect(s, pygame.Rect(0, 0, 3, TILE_PX), PALETTE["stripe"], 200)


def tile_mud(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, shade(PALETTE["dirt"], 0.8), rng, 0.12)
    for _ in range(3):
        x, y = rng.random() * 26, rng.random() * 30
        puddle = pygame.Rect(int(x), int(y), 14, 7)
        pygame.draw.ellipse(s, shade(PALETTE["dirt"], 0.55), puddle)
        pygame.draw.ellipse(s, mix(shade(PALETTE["dirt"], 0.6), PALETTE["water"], 0.35), puddle.inflate(-4, -3))


def tile_crops(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, shade(PALETTE["dirt"], 0.9), rng, 0.12)
    leaf = [hex_color("#8d9a4c"), hex_color("#a5a65a"), hex_color("#6f8242")]
    for row_x in (5, 15, 25, 35):
        for y in range(1, TILE_PX, 4):
            color = leaf[int(rng.random() * 3)]
            dx = int(rng.random() * 3) - 1
            pygame.draw.line(s, color, (row_x - 3 + dx, y + 2), (row_x + 3 + dx, y), 2)


# Tile order is part of the format: maps refer to tiles by position (gid = index + 1).
TILES: list[tuple[str, TileDrawer]] = [
    ("asphalt", tile_asphalt),
    ("asphalt_crossing_h", tile_crossing(True)),
    ("asphalt_crossing_v", tile_crossing(False)),
    ("asphalt_line_h", tile_center_line(True)),
    ("asphalt_line_v", tile_center_line(False)),
    ("sidewalk", tile_sidewalk),
    *[(f"kerb_{side}", tile_kerb(side)) for side in KERB_SIDES],
    ("wood_floor", tile_wood),
    ("tiled_floor", tile_tiled_floor),
    ("linoleum", tile_linoleum),
    ("hallway_linoleum", tile_hall_linoleum),
    ("hallway_guide_h", tile_hall_guide(True)),
    ("hallway_guide_v", tile_hall_guide(False)),
    ("carpet", tile_carpet),
    ("grass", tile_grass),
    ("dirt", tile_dirt),
    ("mud", tile_mud),
    ("gravel", tile_gravel),
    ("rubble", tile_rubble),
    ("water", tile_water),
    ("helipad_concrete", tile_concrete),
    ("helipad_edge_h", tile_helipad_edge(True)),
    ("helipad_edge_v", tile_helipad_edge(False)),
    *[(f"helipad_mark_{i}", helipad_marking(i)) for i in range(9)],
    ("roof", tile_roof),
    ("roof_flat", tile_roof_flat),
    ("wall", tile_wall),
    ("tent_canvas", tile_canvas),
    ("parking", tile_parking),
    ("crops", tile_crops),
    # Kerbs round the corners of blocks (added last: the tiles above keep their numbers).
    *[(f"kerb_{corner}", tile_kerb(corner)) for corner in KERB_CORNERS],
    *[(f"kerb_corner_{corner}", tile_kerb("", (corner,))) for corner in KERB_CORNERS],
]
TILE_INDEX = {name: index for index, (name, _) in enumerate(TILES)}


def make_tileset(out: Path) -> None:
    rows = (len(TILES) + TILESET_COLUMNS - 1) // TILESET_COLUMNS
    sheet = pygame.Surface((TILESET_COLUMNS * TILE_PX, rows * TILE_PX), pygame.SRCALPHA)
    for index, (name, drawer) in enumerate(TILES):
        tile = pygame.Surface((TILE_PX, TILE_PX), pygame.SRCALPHA)
        drawer(tile, random.Random(f"tile:{name}"))
        sheet.blit(tile, ((index % TILESET_COLUMNS) * TILE_PX, (index // TILESET_COLUMNS) * TILE_PX))
    (out / "tiles").mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out / "tiles" / "deadtable.png"))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="deadtable" tilewidth="{TILE_PX}" '
        f'tileheight="{TILE_PX}" tilecount="{len(TILES)}" columns="{TILESET_COLUMNS}">',
        f' <image source="deadtable.png" width="{sheet.get_width()}" height="{sheet.get_height()}"/>',
    ]
    for index, (name, _) in enumerate(TILES):
        lines += [
            f' <tile id="{index}">',
            "  <properties>",
            f'   <property name="tile" value="{name}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    (out / "tiles" / "deadtable.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- tokens ---------------------------------------------------------------------------------

SIDE_RIM = {
    "survivor": hex_color("#c9bfa4"),  # bone
    "zombie": hex_color("#7d8f45"),  # sickly green
    "token": hex_color("#c29a45"),  # brass
}


def _font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, size)


def _text(surf: pygame.Surface, text: str, center: tuple[int, int], size: int, color: Color,
          outline: Color | None = None, outline_px: int = 0) -> None:
    font = _font(size)
    font.set_bold(True)
    if outline is not None:
        back = font.render(text, True, outline)
        for dx in range(-outline_px, outline_px + 1, max(1, outline_px // 2)):
            for dy in range(-outline_px, outline_px + 1, max(1, outline_px // 2)):
                surf.blit(back, back.get_rect(center=(center[0] + dx, center[1] + dy)))
    front = font.render(text, True, color)
    surf.blit(front, front.get_rect(center=center))


def token_base(rim: Color, disc: Color) -> tuple[pygame.Surface, int]:
    """A round base seen from above: side rim with a bevel, and a softly lit disc. Returns (surf, k)."""
    k = SUPERSAMPLE
    size = TOKEN_PX * k
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    outer = size // 2 - 2 * k
    # Rim: dark edge, then a lit bevel (light from the top left).
    pygame.draw.circle(surf, shade(rim, 0.45), (c, c), outer)
    pygame.draw.circle(surf, shade(rim, 1.15), (c - 2 * k, c - 2 * k), outer - 3 * k)
    pygame.draw.circle(surf, rim, (c + k, c + k), outer - 4 * k)
    pygame.draw.circle(surf, shade(rim, 0.85), (c, c), outer - 9 * k)
    # Disc: concentric circles, lighter towards a spot above-left of the centre.
    inner = outer - 11 * k
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        r = int(inner * (1 - t * 0.85))
        offset = int(t * 10 * k)
        pygame.draw.circle(surf, mix(shade(disc, 0.7), shade(disc, 1.12), t), (c - offset, c - offset), r)
    return surf, k


def finish_token(big: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (TOKEN_PX, TOKEN_PX))


def survivor_shoulders(surf: pygame.Surface, k: int, color: ColorA) -> None:
    c = surf.get_width() // 2
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(layer, color, pygame.Rect(c - 38 * k, c - 4 * k, 76 * k, 30 * k))
    pygame.draw.circle(layer, color, (c, c - 8 * k), 17 * k)
    surf.blit(layer, (0, 0))


def draw_survivor_token(name: str, initials: str, color: Color) -> pygame.Surface:
    surf, k = token_base(SIDE_RIM["survivor"], shade(color, 0.9))
    c = surf.get_width() // 2
    # A faint head-and-shoulders silhouette behind the initials.
    survivor_shoulders(surf, k, (*shade(color, 0.62), 150))
    _text(surf, initials, (c, c + 2 * k), 64 * k, BONE, outline=shade(color, 0.35), outline_px=3 * k)
    return finish_token(surf)


def _zombie_figure(surf: pygame.Surface, k: int, body: Color, shape: str) -> None:
    """A top-down shambling figure: shoulders, head, arms reaching forward (up)."""
    c = surf.get_width() // 2
    dark = shade(body, 0.55)
    arm_w = 8 * k

    def arms(spread: int, reach: int, y0: int) -> None:
        for side in (-1, 1):
            start = (c + side * spread, c + y0)
            end = (c + side * (spread - 4 * k), c - reach)
            pygame.draw.line(surf, dark, (start[0] + k, start[1] + 2 * k), (end[0] + k, end[1] + 2 * k), arm_w + 2 * k)
            pygame.draw.line(surf, body, start, end, arm_w)
            for finger in (-1, 0, 1):  # clawed hands
                tip = (end[0] + finger * 5 * k, end[1] - 9 * k + abs(finger) * 3 * k)
                pygame.draw.line(surf, shade(body, 0.8), end, tip, 3 * k)
            pygame.draw.circle(surf, shade(body, 1.05), end, arm_w // 2 + k)

    if shape == "walker":
        arms(28 * k, 27 * k, 6 * k)
        pygame.draw.ellipse(surf, dark, pygame.Rect(c - 33 * k, c - 2 * k, 68 * k, 30 * k))
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 34 * k, c - 4 * k, 68 * k, 28 * k))
        pygame.draw.circle(surf, shade(body, 1.12), (c + 3 * k, c - 4 * k), 13 * k)
    elif shape == "runner":
        for i in range(3):  # speed streaks behind
            y = c + (8 + i * 9) * k
            pygame.draw.line(surf, shade(body, 0.8), (c - (24 - i * 6) * k, y + 14 * k), (c + (24 - i * 6) * k, y + 14 * k), 3 * k)
        arms(18 * k, 36 * k, 0)
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 28 * k, c - 14 * k, 56 * k, 24 * k))
        pygame.draw.circle(surf, shade(body, 1.12), (c, c - 14 * k), 14 * k)
    elif shape == "fatty":
        arms(33 * k, 24 * k, 0)
        pygame.draw.circle(surf, dark, (c + 2 * k, c + 8 * k), 34 * k)
        pygame.draw.circle(surf, body, (c, c + 6 * k), 34 * k)
        pygame.draw.circle(surf, shade(body, 1.08), (c - 6 * k, c), 18 * k)
        pygame.draw.circle(surf, shade(body, 1.15), (c, c - 20 * k), 12 * k)
    elif shape == "abomination":
        for i in range(7):  # spikes along the back
            a = math.pi * (0.15 + i * 0.7 / 6)
            base = (c + math.cos(a) * 30 * k, c + 6 * k + math.sin(a) * 26 * k)
            tip = (c + math.cos(a) * 48 * k, c + 6 * k + math.sin(a) * 44 * k)
            side = (-math.sin(a) * 6 * k, math.cos(a) * 6 * k)
            pygame.draw.polygon(surf, dark, [(base[0] + side[0], base[1] + side[1]), tip,
                                             (base[0] - side[0], base[1] - side[1])])
        arms(34 * k, 32 * k, -4 * k)
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 40 * k, c - 18 * k, 80 * k, 52 * k))
        pygame.draw.circle(surf, shade(body, 1.12), (c, c - 16 * k), 13 * k)
    elif shape == "crawler":
        arms(14 * k, 34 * k, -4 * k)
        pygame.draw.ellipse(surf, dark, pygame.Rect(c - 14 * k, c - 10 * k, 30 * k, 54 * k))
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 15 * k, c - 12 * k, 30 * k, 52 * k))
        pygame.draw.circle(surf, shade(body, 1.12), (c, c - 16 * k), 12 * k)
    elif shape == "dog":
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 14 * k, c - 20 * k, 28 * k, 56 * k))
        pygame.draw.line(surf, body, (c, c + 32 * k), (c + 10 * k, c + 46 * k), 6 * k)
        pygame.draw.circle(surf, shade(body, 1.1), (c, c - 26 * k), 14 * k)
        pygame.draw.polygon(surf, shade(body, 0.8), [(c - 14 * k, c - 34 * k), (c - 8 * k, c - 44 * k), (c - 4 * k, c - 34 * k)])
        pygame.draw.polygon(surf, shade(body, 0.8), [(c + 14 * k, c - 34 * k), (c + 8 * k, c - 44 * k), (c + 4 * k, c - 34 * k)])
        pygame.draw.ellipse(surf, shade(body, 0.6), pygame.Rect(c - 5 * k, c - 46 * k, 10 * k, 10 * k))


def _skinner_marks(surf: pygame.Surface, k: int, shape: str) -> None:
    """Raw stripes over the body: a skinned zombie."""
    c = surf.get_width() // 2
    raw = hex_color("#b4544a")
    y0 = {"fatty": c - 2 * k, "runner": c - 10 * k}.get(shape, c - 4 * k)
    for i in range(3):
        y = y0 + i * 7 * k
        half = (20 if shape == "fatty" else 14) * k - i * 2 * k
        pygame.draw.line(surf, raw, (c - half, y), (c + half, y), 3 * k)


def _radiation(surf: pygame.Surface, k: int) -> None:
    c = surf.get_width() // 2
    cy = c + 10 * k
    glow = hex_color("#d6c24a")
    for i in range(3):
        a0 = math.radians(-90 + i * 120 - 30)
        a1 = math.radians(-90 + i * 120 + 30)
        pts = [(c, cy)] + [(c + math.cos(a0 + (a1 - a0) * t / 8) * 20 * k, cy + math.sin(a0 + (a1 - a0) * t / 8) * 20 * k)
                           for t in range(9)]
        pygame.draw.polygon(surf, glow, pts)
    pygame.draw.circle(surf, shade(glow, 0.4), (c, cy), 6 * k)
    pygame.draw.circle(surf, glow, (c, cy), 4 * k)


def draw_zombie_token(shape: str, tag: str, skinner: bool, body: Color, rim: Color) -> pygame.Surface:
    surf, k = token_base(rim, hex_color("#3a3d36"))
    _zombie_figure(surf, k, body, shape)
    if skinner:
        _skinner_marks(surf, k, shape)
    if shape == "abomination" and tag == "AB":
        _radiation(surf, k)
    c = surf.get_width() // 2
    _text(surf, tag, (c, c + 41 * k), 22 * k, BONE, outline=INK, outline_px=2 * k)
    return finish_token(surf)


def draw_generic_survivor_token(color: Color) -> pygame.Surface:
    surf, k = token_base(SIDE_RIM["survivor"], shade(color, 0.9))
    c = surf.get_width() // 2
    jacket = hex_color("#8c7a5a")
    pygame.draw.ellipse(surf, shade(jacket, 0.5), pygame.Rect(c - 36 * k, c - 4 * k, 76 * k, 32 * k))  # shoulders
    pygame.draw.ellipse(surf, jacket, pygame.Rect(c - 38 * k, c - 8 * k, 76 * k, 30 * k))
    pygame.draw.line(surf, shade(jacket, 0.85), (c + 28 * k, c + 4 * k), (c + 18 * k, c - 24 * k), 10 * k)  # arm
    pygame.draw.line(surf, INK, (c + 12 * k, c + 16 * k), (c + 26 * k, c - 44 * k), 6 * k)  # a rifle held ready
    pygame.draw.circle(surf, shade(jacket, 0.45), (c + k, c - 2 * k), 16 * k)  # head, hair seen from above
    pygame.draw.circle(surf, hex_color("#4a3a2c"), (c, c - 4 * k), 14 * k)
    return finish_token(surf)


def draw_dog_token() -> pygame.Surface:
    surf, k = token_base(SIDE_RIM["survivor"], hex_color("#6d6a58"))
    _zombie_figure(surf, k, hex_color("#a07a52"), "dog")
    return finish_token(surf)


# Our own survivors (not the publisher's): name, initials, colour.
OUR_SURVIVORS: list[tuple[str, str, str, str]] = [
    ("marta", "Marta Quiroga", "MQ", "#a6524a"),
    ("idris", "Idris Cole", "IC", "#4f7896"),
    ("nell", "Nell Hartley", "NH", "#7c8c46"),
    ("bruno", "Bruno Sala", "BS", "#b0803a"),
    ("kasia", "Kasia Wren", "KW", "#7a5a8c"),
    ("theo", "Theo Banks", "TB", "#3f8579"),
    ("ines", "Ines Ferro", "IF", "#b86a7e"),
    ("salvo", "Salvo Moretti", "SM", "#5c6470"),
    ("juno", "Juno Park", "JP", "#c0a043"),
    ("otis", "Otis Grange", "OG", "#8a5c3c"),
    ("priya", "Priya Dhar", "PD", "#5f6fa8"),
    ("hektor", "Hektor Lind", "HL", "#6e8a6a"),
]

ZOMBIE_BODY = hex_color("#9aa27a")
SKINNER_BODY = hex_color("#c49a86")
ZOMBIES: list[tuple[str, str, str, str, bool, float]] = [
    # name, label, shape, tag, skinner, base_cm
    ("walker", "Walker", "walker", "W", False, 2.5),
    ("runner", "Runner", "runner", "R", False, 2.5),
    ("fatty", "Fatty", "fatty", "F", False, 3.0),
    ("abomination", "Abomination", "abomination", "A", False, 4.0),
    ("skinner_walker", "Skinner Walker", "walker", "SW", True, 2.5),
    ("skinner_runner", "Skinner Runner", "runner", "SR", True, 2.5),
    ("skinner_fatty", "Skinner Fatty", "fatty", "SF", True, 3.0),
    ("crawler", "Crawler", "crawler", "C", False, 2.5),
    ("a_bomb", "A-Bomb", "abomination", "AB", False, 4.0),
    ("zw_walker", "Walker (Zombieworld)", "walker", "ZW", False, 2.5),
]


def make_tokens(out: Path) -> dict[str, dict[str, object]]:
    folder = out / "tokens"
    folder.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, dict[str, object]] = {}

    def save(name: str, surf: pygame.Surface, entry: dict[str, object]) -> None:
        pygame.image.save(surf, str(folder / f"{name}.png"))
        manifest[name] = {"file": f"{name}.png", **entry}

    for key, label, initials, color in OUR_SURVIVORS:
        save(f"survivor_{key}", draw_survivor_token(key, initials, hex_color(color)),
             {"label": label, "side": "survivor", "base_cm": 2.5, "ours": True, "color": color})
    for key, label, shape, tag, skinner, base_cm in ZOMBIES:
        body = SKINNER_BODY if skinner else ZOMBIE_BODY
        rim = hex_color("#9a4a3e") if skinner else SIDE_RIM["zombie"]
        if key == "a_bomb":
            body, rim = hex_color("#8fa05a"), hex_color("#b59a3c")
        if key == "crawler":
            body = hex_color("#a39a84")
        save(key, draw_zombie_token(shape, tag, skinner, body, rim),
             {"label": label, "side": "zombie", "base_cm": base_cm})
    save("zw_survivor", draw_generic_survivor_token(hex_color("#6a7f8c")),
         {"label": "Survivor (Zombieworld)", "side": "survivor", "base_cm": 2.5})
    save("zw_dog", draw_dog_token(), {"label": "Dog", "side": "survivor", "base_cm": 2.5})
    heli, k = token_base(SIDE_RIM["token"], hex_color("#4f5a4c"))
    _helicopter_glyph(heli, k, hex_color("#b8b29a"), crashed=False)
    save("helicopter", finish_token(heli), {"label": "Helicopter", "side": "token", "base_cm": 4.0})
    import green_horde_art  # the second Zombicide box's tokens (it draws with this module's helpers)

    green_horde_art.make_tokens(folder, save)
    import invader_art  # Zombicide: Invader's tokens (xenos, its survivors, the Machines)

    for name, surf, entry in invader_art.tokens():
        save(name, surf, entry)
    (folder / "tokens.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


# --- markers --------------------------------------------------------------------------------

MARKER_COLORS = {
    "red": hex_color("#a8473d"),
    "blue": hex_color("#47719a"),
    "pink": hex_color("#b2657f"),
    "green": hex_color("#5d8a4e"),
    "yellow": hex_color("#c2a043"),
    "purple": hex_color("#76588f"),
    "neutral": hex_color("#8a7a62"),
}


def marker_plate(color: Color, round_plate: bool = False) -> tuple[pygame.Surface, int]:
    """A square (or round) cardboard token with a bevel, drawn large."""
    k = SUPERSAMPLE
    size = MARKER_PX * k
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(3 * k, 3 * k, size - 6 * k, size - 6 * k)
    if round_plate:
        c = size // 2
        pygame.draw.circle(surf, shade(color, 0.45), (c, c), rect.width // 2)
        pygame.draw.circle(surf, shade(color, 1.15), (c - k, c - k), rect.width // 2 - 3 * k)
        pygame.draw.circle(surf, color, (c + k, c + k), rect.width // 2 - 5 * k)
    else:
        radius = 12 * k
        pygame.draw.rect(surf, shade(color, 0.45), rect, border_radius=radius)
        pygame.draw.rect(surf, shade(color, 1.15), rect.inflate(-6 * k, -6 * k).move(-k, -k), border_radius=radius)
        pygame.draw.rect(surf, color, rect.inflate(-9 * k, -9 * k).move(k, k), border_radius=radius)
        pygame.draw.rect(surf, shade(color, 0.8), rect.inflate(-18 * k, -18 * k), 2 * k, border_radius=radius // 2)
    return surf, k


def finish_marker(big: pygame.Surface, size: tuple[int, int] = (MARKER_PX, MARKER_PX)) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def _skull(surf: pygame.Surface, k: int, color: Color, scale: float = 1.0) -> None:
    c = surf.get_width() // 2
    s = scale * k
    pygame.draw.circle(surf, color, (c, int(c - 6 * s)), int(22 * s))
    pygame.draw.rect(surf, color, pygame.Rect(int(c - 13 * s), int(c + 6 * s), int(26 * s), int(16 * s)),
                     border_radius=int(4 * s))
    hole = shade(color, 0.3)
    pygame.draw.circle(surf, hole, (int(c - 9 * s), int(c - 4 * s)), int(7 * s))
    pygame.draw.circle(surf, hole, (int(c + 9 * s), int(c - 4 * s)), int(7 * s))
    pygame.draw.polygon(surf, hole, [(c, int(c + 3 * s)), (int(c - 4 * s), int(c + 10 * s)), (int(c + 4 * s), int(c + 10 * s))])
    for dx in (-7, 0, 7):
        pygame.draw.line(surf, hole, (int(c + dx * s), int(c + 14 * s)), (int(c + dx * s), int(c + 22 * s)), int(2 * s))


def _helicopter_glyph(surf: pygame.Surface, k: int, color: Color, crashed: bool) -> None:
    c = surf.get_width() // 2
    w = surf.get_width()
    s = w / (MARKER_PX * k) * k
    body = pygame.Rect(int(c - 14 * s), int(c - 22 * s), int(28 * s), int(40 * s))
    pygame.draw.ellipse(surf, shade(color, 0.6), body.move(int(2 * s), int(2 * s)))
    pygame.draw.ellipse(surf, color, body)
    tail_end = (c + int(14 * s), c + int(40 * s)) if crashed else (c, c + int(40 * s))
    pygame.draw.line(surf, color, (c, c + int(14 * s)), tail_end, int(6 * s))
    pygame.draw.ellipse(surf, hex_color("#6f8fa0"), pygame.Rect(int(c - 9 * s), int(c - 18 * s), int(18 * s), int(14 * s)))
    rotor = shade(color, 0.45)
    if crashed:
        pygame.draw.line(surf, rotor, (int(c - 30 * s), int(c - 20 * s)), (int(c - 4 * s), int(c - 2 * s)), int(4 * s))
        pygame.draw.line(surf, rotor, (int(c + 6 * s), int(c - 6 * s)), (int(c + 28 * s), int(c - 30 * s)), int(4 * s))
        for i in range(5):  # smoke
            pygame.draw.circle(surf, (60, 58, 56), (int(c + (10 - i * 6) * s), int(c - (8 + i * 6) * s)), int((5 + i) * s))
    else:
        for a in (45, 135):
            dx, dy = math.cos(math.radians(a)) * 38 * s, math.sin(math.radians(a)) * 38 * s
            pygame.draw.line(surf, rotor, (c - dx, c - 4 * s - dy), (c + dx, c - 4 * s + dy), int(4 * s))
        pygame.draw.circle(surf, rotor, (c, int(c - 4 * s)), int(5 * s))


def glyph(kind: str, surf: pygame.Surface, k: int, ink: Color) -> None:
    c = surf.get_width() // 2
    if kind == "spawn":
        _skull(surf, k, BONE)
    elif kind == "objective":
        pygame.draw.circle(surf, BONE, (c, c), 26 * k, 5 * k)
        pygame.draw.line(surf, BONE, (c - 16 * k, c - 16 * k), (c + 16 * k, c + 16 * k), 8 * k)
        pygame.draw.line(surf, BONE, (c + 16 * k, c - 16 * k), (c - 16 * k, c + 16 * k), 8 * k)
    elif kind == "exit":
        pygame.draw.rect(surf, BONE, pygame.Rect(c - 28 * k, c - 26 * k, 24 * k, 52 * k), 5 * k)
        pygame.draw.line(surf, BONE, (c - 6 * k, c), (c + 24 * k, c), 8 * k)
        pygame.draw.polygon(surf, BONE, [(c + 30 * k, c), (c + 14 * k, c - 14 * k), (c + 14 * k, c + 14 * k)])
    elif kind == "start":
        pygame.draw.line(surf, BONE, (c - 16 * k, c + 28 * k), (c - 16 * k, c - 28 * k), 6 * k)
        pygame.draw.polygon(surf, BONE, [(c - 14 * k, c - 28 * k), (c + 24 * k, c - 18 * k), (c - 14 * k, c - 6 * k)])
    elif kind == "sewer":
        pygame.draw.circle(surf, shade(ink, 0.8), (c, c), 30 * k)
        pygame.draw.circle(surf, shade(ink, 1.3), (c, c), 30 * k, 4 * k)
        for dy in (-16, -6, 4, 14):
            half = int(math.sqrt(max(0, 26 ** 2 - dy ** 2))) * k
            pygame.draw.line(surf, shade(ink, 1.35), (c - half, c + dy * k), (c + half, c + dy * k), 4 * k)
    elif kind == "bed":
        pygame.draw.rect(surf, BONE, pygame.Rect(c - 18 * k, c - 28 * k, 36 * k, 56 * k), border_radius=6 * k)
        pygame.draw.rect(surf, shade(BONE, 0.8), pygame.Rect(c - 14 * k, c - 24 * k, 28 * k, 12 * k), border_radius=4 * k)
        pygame.draw.line(surf, shade(BONE, 0.7), (c - 18 * k, c - 6 * k), (c + 18 * k, c - 6 * k), 3 * k)
    elif kind == "event_trigger":
        pygame.draw.polygon(surf, BONE, [(c, c - 30 * k), (c + 30 * k, c + 24 * k), (c - 30 * k, c + 24 * k)])
        pygame.draw.line(surf, ink, (c, c - 12 * k), (c, c + 8 * k), 7 * k)
        pygame.draw.circle(surf, ink, (c, c + 16 * k), 4 * k)
    elif kind == "stairs":
        for i in range(4):
            pygame.draw.rect(surf, shade(BONE, 1 - i * 0.12), pygame.Rect(c - 26 * k, c - 28 * k + i * 14 * k, 52 * k, 12 * k),
                             border_radius=2 * k)
    elif kind == "helicopter":
        _helicopter_glyph(surf, k, BONE, crashed=False)
    elif kind == "crashed_helicopter":
        _helicopter_glyph(surf, k, hex_color("#9a9584"), crashed=True)
    elif kind == "noise":
        pygame.draw.circle(surf, BONE, (c - 16 * k, c), 8 * k)
        for r in (18, 30):
            pygame.draw.arc(surf, BONE, pygame.Rect(c - 16 * k - r * k, c - r * k, 2 * r * k, 2 * r * k),
                            -0.9, 0.9, 6 * k)
    elif kind == "tent_slot":
        pygame.draw.polygon(surf, BONE, [(c, c - 26 * k), (c + 32 * k, c + 24 * k), (c - 32 * k, c + 24 * k)])
        pygame.draw.polygon(surf, ink, [(c, c - 2 * k), (c + 10 * k, c + 24 * k), (c - 10 * k, c + 24 * k)])
    elif kind == "vehicle":
        body = pygame.Rect(c - 18 * k, c - 34 * k, 36 * k, 68 * k)
        pygame.draw.rect(surf, BONE, body, border_radius=10 * k)
        pygame.draw.rect(surf, hex_color("#6f8fa0"), pygame.Rect(c - 14 * k, c - 20 * k, 28 * k, 12 * k), border_radius=3 * k)
        pygame.draw.rect(surf, hex_color("#6f8fa0"), pygame.Rect(c - 14 * k, c + 14 * k, 28 * k, 9 * k), border_radius=3 * k)
    elif kind == "lamp":
        glow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for r in range(34, 8, -4):
            pygame.draw.circle(glow, (236, 214, 140, 40), (c, c), r * k)
        surf.blit(glow, (0, 0))
        pygame.draw.circle(surf, hex_color("#f2e2a6"), (c, c), 9 * k)
        pygame.draw.circle(surf, INK, (c, c), 9 * k, 2 * k)
    elif kind == "deployment":
        for dx in (-1, 1):
            pygame.draw.line(surf, BONE, (c - 24 * k * dx, c - 24 * k), (c + 24 * k * dx, c + 24 * k), 7 * k)
        pygame.draw.circle(surf, BONE, (c, c), 30 * k, 4 * k)


# kind -> (plate colour, round plate?)
PLAIN_MARKERS: dict[str, tuple[Color, bool]] = {
    "exit": (hex_color("#4f7a52"), False),
    "start": (hex_color("#8a6f3e"), False),
    "sewer": (hex_color("#5a5e60"), True),
    "event_trigger": (hex_color("#b07f3a"), True),
    "stairs": (hex_color("#6b625a"), False),
    "helicopter": (hex_color("#55624f"), True),
    "crashed_helicopter": (hex_color("#4c4742"), True),
    "noise": (hex_color("#8b5e3c"), True),
    "tent_slot": (hex_color("#7c7a52"), False),
    "vehicle": (hex_color("#5b6470"), False),
    "lamp": (hex_color("#3e4250"), True),
    "deployment": (hex_color("#6e5b7a"), False),
}
COLORED_MARKERS: dict[str, tuple[str, ...]] = {
    "spawn": ("red", "blue", "pink", "green"),
    "objective": ("red", "blue", "pink", "green"),
    "bed": ("blue", "green"),
}
DOOR_COLORS = ("neutral", "blue", "pink", "green", "red", "yellow", "purple")


def draw_door(color: Color, is_open: bool) -> pygame.Surface:
    """A door token seen from above: a frame with the leaf closed across it, or swung open."""
    k = SUPERSAMPLE
    w, h = MARKER_PX * k, MARKER_PX // 3 * k
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    frame = hex_color("#3a3532")
    pygame.draw.rect(surf, frame, pygame.Rect(0, h // 2 - 6 * k, 10 * k, 12 * k))
    pygame.draw.rect(surf, frame, pygame.Rect(w - 10 * k, h // 2 - 6 * k, 10 * k, 12 * k))
    if is_open:
        leaf = pygame.Rect(10 * k, 0, 12 * k, h)
        pygame.draw.rect(surf, shade(color, 0.45), leaf.move(k, k), border_radius=3 * k)
        pygame.draw.rect(surf, color, leaf, border_radius=3 * k)
        pygame.draw.line(surf, shade(color, 1.3), (leaf.left + 3 * k, 2 * k), (leaf.left + 3 * k, h - 3 * k), 2 * k)
        for x in range(28, MARKER_PX - 12, 10):  # the open gap, dotted
            pygame.draw.circle(surf, (*BONE, 160), (x * k, h // 2), 2 * k)
    else:
        leaf = pygame.Rect(10 * k, h // 2 - 9 * k, w - 20 * k, 18 * k)
        pygame.draw.rect(surf, shade(color, 0.45), leaf.move(k, 2 * k), border_radius=3 * k)
        pygame.draw.rect(surf, color, leaf, border_radius=3 * k)
        pygame.draw.line(surf, shade(color, 1.3), (leaf.left + 3 * k, leaf.top + 3 * k), (leaf.right - 4 * k, leaf.top + 3 * k), 2 * k)
        pygame.draw.circle(surf, BONE, (leaf.right - 14 * k, h // 2), 3 * k)
    return pygame.transform.smoothscale(surf, (MARKER_PX, MARKER_PX // 3))


def make_markers(out: Path) -> list[str]:
    folder = out / "markers"
    folder.mkdir(parents=True, exist_ok=True)
    written = []

    def save(name: str, surf: pygame.Surface) -> None:
        pygame.image.save(surf, str(folder / f"{name}.png"))
        written.append(name)

    for kind, (color, round_plate) in PLAIN_MARKERS.items():
        plate, k = marker_plate(color, round_plate)
        glyph(kind, plate, k, color)
        save(kind, finish_marker(plate))
    for kind, colors in COLORED_MARKERS.items():
        for name in colors:
            color = MARKER_COLORS[name]
            plate, k = marker_plate(color, round_plate=(kind == "objective"))
            glyph(kind, plate, k, color)
            save(f"{kind}_{name}", finish_marker(plate))
    for name in DOOR_COLORS:
        for is_open in (False, True):
            save(f"door_{name}_{'open' if is_open else 'closed'}", draw_door(MARKER_COLORS[name], is_open))
    import green_horde_art

    green_horde_art.make_markers(folder, save)
    import invader_art  # Mold, Machine activation, destroyed doors, scientists, Invader's colours

    for name, surf in invader_art.markers():
        save(name, surf)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output_dir", nargs="?", default=str(REPO / "assets"))
    args = parser.parse_args(argv)
    out = Path(args.output_dir)
    pygame.init()
    try:
        make_tileset(out)
        import green_horde_art

        green_horde_art.make_tileset(out)
        import invader_art

        invader_art.make_tileset(out)
        tokens = make_tokens(out)
        markers = make_markers(out)
    finally:
        pygame.quit()
    print(f"wrote {len(TILES)} tiles, {len(tokens)} tokens, {len(markers)} markers into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
