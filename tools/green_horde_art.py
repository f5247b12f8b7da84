"""Green Horde's own art, drawn from code by ``make_assets.py``: orc zombie and survivor tokens, the
Trebuchet, the Horde, Dragon Bile and the Necromancer spawn tokens, barrier and hedge tokens, its
markers, and the tileset of its rural board modules (grass, fields, cobbles, stone and timber floors,
water with shores, hedges). Fixed seeds: every run writes the same bytes."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

import pygame
from make_assets import (
    BONE,
    INK,
    SIDE_RIM,
    TILE_PX,
    Color,
    _text,
    _zombie_figure,
    draw_survivor_token,
    finish_marker,
    finish_token,
    hex_color,
    marker_plate,
    noise_fill,
    shade,
    speckle,
    token_base,
)

ORC_BODY = hex_color("#6f9a48")
ORC_RIM = hex_color("#4e6b2e")

# The book's six survivors, then six of ours: id, name, initials, colour.
SURVIVORS: list[tuple[str, str, str, str]] = [
    ("asim", "Asim", "AS", "#b07a3a"),
    ("seli", "Seli", "SE", "#3f7f8c"),
    ("berin", "Berin", "BE", "#8c5a3c"),
    ("johannes", "Johannes", "JO", "#5a6a8c"),
    ("megan", "Megan", "ME", "#7a4a8c"),
    ("rolf", "Rolf", "RO", "#9a4040"),
    ("oda", "Oda", "OD", "#4a8a6a"),
    ("tamsin", "Tamsin", "TA", "#b86aa0"),
    ("hakon", "Hakon", "HA", "#6a6a5a"),
    ("ilse", "Ilse", "IL", "#3a5a7a"),
    ("corvin", "Corvin", "CO", "#5a3a6a"),
    ("brenna", "Brenna", "BR", "#a09040"),
]
# id, label, figure, tag, base_cm
ORCS: list[tuple[str, str, str, str, float]] = [
    ("orc_walker", "Orc Walker", "walker", "OW", 2.5),
    ("orc_runner", "Orc Runner", "runner", "OR", 2.5),
    ("orc_fatty", "Orc Fatty", "fatty", "OF", 3.0),
    ("orc_abomination", "Orc Abomination", "abomination", "OA", 4.0),
    ("orc_necromancer", "Orc Necromancer", "necromancer", "NE", 2.5),
]
SPAWN_ZONE_COLOURS = {"red": "#b8342c", "blue": "#3a64b8", "green": "#3f8c3a"}  # plain spawn tokens
NECROMANCER_FACES = {
    "green": "#4f8a3a", "dark brown": "#4a3426", "red": "#a33a32", "violet": "#74509a", "grey": "#7a7a78",
    "light brown": "#a07c52",
}

def _tusks(surf: pygame.Surface, k: int, head: tuple[int, int]) -> None:
    x, y = head
    for side in (-1, 1):
        pygame.draw.polygon(surf, BONE, [(x + side * 5 * k, y - 6 * k), (x + side * 9 * k, y - 16 * k),
                                         (x + side * 2 * k, y - 8 * k)])

def _necromancer(surf: pygame.Surface, k: int, body: Color) -> None:
    """A robed figure from above, a staff with a glowing skull held forward."""
    c = surf.get_width() // 2
    robe = hex_color("#3c2f46")
    pygame.draw.circle(surf, shade(robe, 0.6), (c + 2 * k, c + 10 * k), 32 * k)
    pygame.draw.circle(surf, robe, (c, c + 8 * k), 32 * k)
    pygame.draw.circle(surf, shade(robe, 1.3), (c, c + 8 * k), 32 * k, 3 * k)
    pygame.draw.line(surf, hex_color("#6a5236"), (c + 20 * k, c + 24 * k), (c + 22 * k, c - 40 * k), 5 * k)
    pygame.draw.circle(surf, hex_color("#b6e07a"), (c + 22 * k, c - 42 * k), 9 * k)
    pygame.draw.circle(surf, BONE, (c + 22 * k, c - 42 * k), 6 * k)
    pygame.draw.circle(surf, shade(body, 1.1), (c - 2 * k, c - 6 * k), 14 * k)  # hooded head
    pygame.draw.circle(surf, shade(robe, 0.8), (c - 2 * k, c - 2 * k), 14 * k, 4 * k)

def draw_orc_token(figure: str, tag: str) -> pygame.Surface:
    surf, k = token_base(ORC_RIM, hex_color("#33362c"))
    c = surf.get_width() // 2
    if figure == "necromancer":
        _necromancer(surf, k, ORC_BODY)
    else:
        body = ORC_BODY if figure != "abomination" else hex_color("#587a34")
        _zombie_figure(surf, k, body, figure)
        head_y = {"walker": c - 4 * k, "runner": c - 14 * k, "fatty": c - 20 * k, "abomination": c - 16 * k}[figure]
        _tusks(surf, k, (c + (3 * k if figure == "walker" else 0), head_y + 6 * k))
    _text(surf, tag, (c, c + 41 * k), 22 * k, BONE, outline=INK, outline_px=2 * k)
    return finish_token(surf)

def draw_trebuchet_token() -> pygame.Surface:
    surf, k = token_base(SIDE_RIM["token"], hex_color("#5a4a36"))
    c = surf.get_width() // 2
    wood, dark = hex_color("#a07a4a"), hex_color("#5a4026")
    for dx in (-22, 22):  # the frame's two beams
        pygame.draw.rect(surf, dark, pygame.Rect(c + dx * k - 5 * k, c - 34 * k, 10 * k, 68 * k), border_radius=3 * k)
        pygame.draw.rect(surf, wood, pygame.Rect(c + dx * k - 4 * k, c - 35 * k, 8 * k, 66 * k), border_radius=3 * k)
    pygame.draw.line(surf, dark, (c - 26 * k, c), (c + 26 * k, c), 7 * k)  # the axle
    pygame.draw.line(surf, wood, (c, c + 30 * k), (c, c - 42 * k), 7 * k)  # the throwing arm
    pygame.draw.rect(surf, hex_color("#6a6a64"), pygame.Rect(c - 12 * k, c + 18 * k, 24 * k, 18 * k), border_radius=3 * k)
    pygame.draw.circle(surf, hex_color("#8a8a80"), (c, c - 44 * k), 8 * k)  # the stone in its sling
    return finish_token(surf)

def draw_puddle_token() -> pygame.Surface:
    """A puddle of Dragon Bile: a glowing orange-green slick."""
    surf, k = token_base(hex_color("#7a5a2a"), hex_color("#3a3020"))
    c = surf.get_width() // 2
    rng = random.Random("bile")
    for _ in range(9):
        r = rng.randint(14, 26) * k
        x, y = c + rng.randint(-20, 20) * k, c + rng.randint(-20, 20) * k
        pygame.draw.circle(surf, hex_color("#8aa030"), (x, y), r)
    for _ in range(9):
        r = rng.randint(6, 14) * k
        x, y = c + rng.randint(-22, 22) * k, c + rng.randint(-22, 22) * k
        pygame.draw.circle(surf, hex_color("#e0a030"), (x, y), r)
    pygame.draw.circle(surf, hex_color("#fff2a0"), (c - 10 * k, c - 10 * k), 6 * k)
    return finish_token(surf)

def draw_horde_token() -> pygame.Surface:
    """The Horde, set aside: a crowd of orc heads under a banner."""
    surf, k = token_base(ORC_RIM, hex_color("#2e3326"))
    c = surf.get_width() // 2
    for row, (dy, n) in enumerate(((-22, 3), (0, 4), (22, 3))):
        for i in range(n):
            x = c + (i - (n - 1) / 2) * 24 * k
            pygame.draw.circle(surf, shade(ORC_BODY, 0.8 + 0.1 * row), (int(x), c + dy * k), 11 * k)
            _tusks(surf, k // 2 or 1, (int(x), c + dy * k + 6 * k))
    return finish_token(surf)

def draw_broken_barrier() -> pygame.Surface:
    """A barrier the orcs broke: a band of splintered planks and snapped posts on bare ground across
    the middle of a clear marker (the window stretches it along the border it stood on)."""
    k = 2
    surf = pygame.Surface((48 * k, 48 * k), pygame.SRCALPHA)
    band = pygame.Rect(0, 18 * k, 48 * k, 12 * k)
    pygame.draw.rect(surf, (*hex_color("#4a3a28"), 235), band, border_radius=4 * k)
    rng = random.Random("broken barrier")
    wood, dark = hex_color("#b08a58"), hex_color("#5a4026")
    for n in range(5):  # planks snapped and thrown askew
        x = 6 * k + n * 9 * k + rng.randint(-1, 1) * k
        angle = math.radians(rng.choice((-1, 1)) * rng.randint(25, 60))
        length = rng.randint(7, 10) * k
        dx, dy = math.cos(angle) * length, math.sin(angle) * length
        start, end = (x - dx / 2, band.centery - dy / 2), (x + dx / 2, band.centery + dy / 2)
        pygame.draw.line(surf, dark, start, end, 4 * k)
        pygame.draw.line(surf, wood, start, end, 2 * k)
    for x in (3, 24, 45):  # the posts, snapped at the foot
        pygame.draw.circle(surf, dark, (x * k, band.centery), 3 * k)
        pygame.draw.circle(surf, hex_color("#d8b888"), (x * k, band.centery), 2 * k)
    pygame.draw.rect(surf, hex_color("#e04a2a"), band, k, border_radius=4 * k)
    return surf

def draw_standing_barrier() -> pygame.Surface:
    """A barrier still standing: a palisade of upright stakes bound by two rails, outlined in amber so
    it reads on grass, dirt and cobbles alike, across the middle of a clear marker like the broken one
    (the window stretches it along the border it closes: a band a fifth of the border long)."""
    k = 2
    surf = pygame.Surface((48 * k, 48 * k), pygame.SRCALPHA)
    band = pygame.Rect(0, 19 * k, 48 * k, 10 * k)
    pygame.draw.rect(surf, (*hex_color("#3a2c1c"), 240), band, border_radius=3 * k)
    wood, dark, light = hex_color("#9a7446"), hex_color("#4a3420"), hex_color("#c8a070")
    for n in range(8):  # the stakes, side by side
        stake = pygame.Rect(k + n * 6 * k, band.top + 2 * k, 5 * k, band.height - 4 * k)
        pygame.draw.rect(surf, wood, stake)
        pygame.draw.line(surf, light, stake.topleft, stake.bottomleft, k)
        pygame.draw.line(surf, dark, stake.topright, stake.bottomright, k)
    for y in (band.top + 3 * k, band.bottom - 3 * k):  # the rails that bind them
        pygame.draw.line(surf, dark, (0, y), (band.width, y), k)
    pygame.draw.rect(surf, hex_color("#f0b030"), band, k, border_radius=3 * k)
    return surf

def draw_spawn_token(colour: Color, necromancer: bool) -> pygame.Surface:
    """A Necromancer spawn token (the face of its colour) seen as a piece on the table."""
    surf, k = token_base(shade(colour, 0.8), colour)
    c = surf.get_width() // 2
    pygame.draw.circle(surf, BONE, (c, c - 6 * k), 24 * k)
    hole = shade(colour, 0.4)
    for dx in (-9, 9):
        pygame.draw.circle(surf, hole, (c + dx * k, c - 8 * k), 7 * k)
    pygame.draw.rect(surf, BONE, pygame.Rect(c - 13 * k, c + 12 * k, 26 * k, 14 * k), border_radius=4 * k)
    if necromancer:
        pygame.draw.polygon(surf, hex_color("#3c2f46"), [(c - 26 * k, c - 22 * k), (c, c - 52 * k), (c + 26 * k, c - 22 * k)])
    return finish_token(surf)

def make_tokens(folder: Path, save: Callable[[str, pygame.Surface, dict[str, object]], None]) -> None:
    for key, name, initials, colour in SURVIVORS:
        save(f"gh_{key}", draw_survivor_token(key, initials, hex_color(colour)),
             {"label": name, "side": "survivor", "base_cm": 2.5, "box": "green_horde", "color": colour})
    for key, label, figure, tag, base_cm in ORCS:
        save(key, draw_orc_token(figure, tag), {"label": label, "side": "zombie", "base_cm": base_cm, "box": "green_horde"})
    save("gh_trebuchet", draw_trebuchet_token(), {"label": "Trebuchet", "side": "token", "base_cm": 4.0, "box": "green_horde"})
    save("gh_dragon_bile", draw_puddle_token(), {"label": "Dragon Bile", "side": "token", "base_cm": 3.0, "box": "green_horde"})
    save("gh_horde", draw_horde_token(), {"label": "The Horde", "side": "token", "base_cm": 3.0, "box": "green_horde"})
    for colour_name, colour in SPAWN_ZONE_COLOURS.items():
        save(f"gh_spawn_zone_{colour_name}", draw_spawn_token(hex_color(colour), False),
             {"label": f"Spawn zone ({colour_name})", "side": "token", "base_cm": 2.5, "box": "green_horde"})
    for face, colour in NECROMANCER_FACES.items():
        save(f"gh_spawn_{face.replace(' ', '_')}", draw_spawn_token(hex_color(colour), True),
             {"label": f"Necromancer spawn ({face})", "side": "token", "base_cm": 2.5, "box": "green_horde"})

# --- markers --------------------------------------------------------------------------------------

def glyph(kind: str, surf: pygame.Surface, k: int) -> None:
    c = surf.get_width() // 2
    if kind == "siege_engine":
        for dx in (-16, 16):
            pygame.draw.line(surf, BONE, (c + dx * k, c + 26 * k), (c + dx * k // 2, c - 20 * k), 6 * k)
        pygame.draw.line(surf, BONE, (c - 24 * k, c + 26 * k), (c + 24 * k, c + 26 * k), 6 * k)
        pygame.draw.line(surf, BONE, (c - 20 * k, c + 8 * k), (c + 28 * k, c - 30 * k), 6 * k)
        pygame.draw.circle(surf, BONE, (c + 30 * k, c - 32 * k), 8 * k)
    elif kind == "dragon_bile":
        pygame.draw.polygon(surf, BONE, [(c, c - 30 * k), (c + 20 * k, c + 4 * k), (c, c + 28 * k), (c - 20 * k, c + 4 * k)])
        pygame.draw.circle(surf, hex_color("#e0a030"), (c, c + 6 * k), 12 * k)

MARKERS: dict[str, tuple[Color, bool]] = {
    "siege_engine": (hex_color("#6a5236"), False),
    "dragon_bile": (hex_color("#8a6a26"), True),
}

def make_markers(folder: Path, save: Callable[[str, pygame.Surface], None]) -> None:
    for kind, (colour, round_plate) in MARKERS.items():
        plate, k = marker_plate(colour, round_plate)
        glyph(kind, plate, k)
        save(kind, finish_marker(plate))
    save("gh_barrier", draw_standing_barrier())  # laid across a border a mission closes (§13.1)
    save("gh_barrier_broken", draw_broken_barrier())  # laid across a border the orcs broke

# --- the tileset -------------------------------------------------------------------------------------

TILESET_NAME = "green_horde"
PALETTE = {
    "grass": hex_color("#5f7a40"), "field": hex_color("#8a8a3c"), "dirt": hex_color("#7a6244"),
    "cobbles": hex_color("#7b7568"), "stone": hex_color("#8a8478"), "timber": hex_color("#7a5a3a"),
    "water": hex_color("#3a6478"), "hedge": hex_color("#2f5a2a"), "thatch": hex_color("#a08a4a"),
}
FULL = pygame.Rect(0, 0, TILE_PX, TILE_PX)
TileDrawer = Callable[[pygame.Surface, random.Random], None]

def _grass(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["grass"], rng, 0.12)
    speckle(s, FULL, [shade(PALETTE["grass"], 1.3), shade(PALETTE["grass"], 0.7), hex_color("#8a9a4e")], 40, rng, 2)

def _field(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["field"], rng, 0.1)
    for y in range(3, TILE_PX, 8):  # furrows
        pygame.draw.line(s, shade(PALETTE["field"], 0.75), (0, y), (TILE_PX, y + rng.randint(-1, 1)), 2)

def _path(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["dirt"], rng, 0.1)
    speckle(s, FULL, [shade(PALETTE["dirt"], 1.3), shade(PALETTE["dirt"], 0.7)], 30, rng, 2)

def _cobbles(s: pygame.Surface, rng: random.Random) -> None:
    s.fill(shade(PALETTE["cobbles"], 0.6))
    for row in range(4):
        for col in range(4):
            x = col * 10 + (5 if row % 2 else 0) - 5
            rect = pygame.Rect(x + 1, row * 10 + 1, 9, 9)
            pygame.draw.rect(s, shade(PALETTE["cobbles"], 0.9 + rng.random() * 0.25), rect, border_radius=3)

def _stone_floor(s: pygame.Surface, rng: random.Random) -> None:
    s.fill(shade(PALETTE["stone"], 0.55))
    for rect in (pygame.Rect(1, 1, 18, 18), pygame.Rect(21, 1, 18, 18), pygame.Rect(1, 21, 18, 18), pygame.Rect(21, 21, 18, 18)):
        pygame.draw.rect(s, shade(PALETTE["stone"], 0.9 + rng.random() * 0.2), rect)
        noise_fill(s, rect.inflate(-4, -4), shade(PALETTE["stone"], 0.95), rng, 0.05)

def _timber(s: pygame.Surface, rng: random.Random) -> None:
    s.fill(PALETTE["timber"])
    for x in range(0, TILE_PX, 8):
        pygame.draw.rect(s, shade(PALETTE["timber"], 0.9 + rng.random() * 0.2), pygame.Rect(x, 0, 7, TILE_PX))
        pygame.draw.line(s, shade(PALETTE["timber"], 0.6), (x + 7, 0), (x + 7, TILE_PX), 1)

def _water(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["water"], rng, 0.05)
    for _ in range(4):
        x, y, w = rng.randint(0, 28), rng.randint(4, 34), rng.randint(8, 14)
        pygame.draw.arc(s, shade(PALETTE["water"], 1.35), pygame.Rect(x, y, w, 4), 0.3, math.pi - 0.3, 2)

def _reeds(s: pygame.Surface, rng: random.Random) -> None:
    _water(s, rng)
    for _ in range(8):
        x, y = rng.randint(2, 38), rng.randint(10, 38)
        pygame.draw.line(s, hex_color("#7a8a3a"), (x, y), (x + rng.randint(-3, 3), y - rng.randint(6, 12)), 2)

def _thatch(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, PALETTE["thatch"], rng, 0.12)
    for _ in range(30):
        x, y = rng.randint(0, 39), rng.randint(0, 39)
        pygame.draw.line(s, shade(PALETTE["thatch"], 0.7), (x, y), (x + 3, y + 6), 1)

SIDES = "nesw"


def _strip(side: str, depth: int) -> pygame.Rect:
    return {"n": pygame.Rect(0, 0, TILE_PX, depth), "s": pygame.Rect(0, TILE_PX - depth, TILE_PX, depth),
            "w": pygame.Rect(0, 0, depth, TILE_PX), "e": pygame.Rect(TILE_PX - depth, 0, depth, TILE_PX)}[side]


def _hedge(side: str) -> TileDrawer:
    """A hedge along one side of a tile (the rest left clear): a bushy dark-green band."""
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        band = _strip(side, 12)
        pygame.draw.rect(s, shade(PALETTE["hedge"], 0.7), band)
        for _ in range(14):
            x = rng.randint(band.left, band.right - 1)
            y = rng.randint(band.top, band.bottom - 1)
            pygame.draw.circle(s, shade(PALETTE["hedge"], 0.9 + rng.random() * 0.5), (x, y), rng.randint(3, 5))
    return draw


def _ledge(side: str) -> TileDrawer:
    """A ledge: a straight dark bank along one side of a water tile."""
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        pygame.draw.rect(s, hex_color("#2a2620"), _strip(side, 5))
        pygame.draw.rect(s, hex_color("#5a5040"), _strip(side, 2))
    return draw


TILES: list[tuple[str, TileDrawer]] = [
    ("gh_grass", _grass), ("gh_field", _field), ("gh_path", _path), ("gh_cobbles", _cobbles),
    ("gh_stone_floor", _stone_floor), ("gh_timber_floor", _timber), ("gh_water", _water), ("gh_reeds", _reeds),
    ("gh_thatch", _thatch),
    *((f"gh_hedge_{side}", _hedge(side)) for side in SIDES),
    *((f"gh_ledge_{side}", _ledge(side)) for side in SIDES),
]
TILE_INDEX = {name: n for n, (name, _) in enumerate(TILES)}
TILESET_COLUMNS = 3

def make_tileset(out: Path) -> None:
    """``assets/tiles/green_horde.png`` and its ``.tsx`` (written like ``deadtable.tsx``), every tile from a fixed seed."""
    folder = out / "tiles"
    folder.mkdir(parents=True, exist_ok=True)
    rows = -(-len(TILES) // TILESET_COLUMNS)
    sheet = pygame.Surface((TILESET_COLUMNS * TILE_PX, rows * TILE_PX), pygame.SRCALPHA)
    for n, (name, draw) in enumerate(TILES):
        tile = pygame.Surface((TILE_PX, TILE_PX), pygame.SRCALPHA)
        draw(tile, random.Random(f"gh-tile:{name}"))
        sheet.blit(tile, ((n % TILESET_COLUMNS) * TILE_PX, (n // TILESET_COLUMNS) * TILE_PX))
    pygame.image.save(sheet, str(folder / f"{TILESET_NAME}.png"))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{TILESET_NAME}" tilewidth="{TILE_PX}" '
        f'tileheight="{TILE_PX}" tilecount="{len(TILES)}" columns="{TILESET_COLUMNS}">',
        f' <image source="{TILESET_NAME}.png" width="{sheet.get_width()}" height="{sheet.get_height()}"/>',
    ]
    for n, (name, _) in enumerate(TILES):
        lines += [f' <tile id="{n}">', "  <properties>", f'   <property name="tile" value="{name}"/>', "  </properties>",
                  " </tile>"]
    lines.append("</tileset>")
    (folder / f"{TILESET_NAME}.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")

__all__ = ["TILES", "TILE_INDEX", "make_markers", "make_tileset", "make_tokens"]
