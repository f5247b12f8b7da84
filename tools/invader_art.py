"""Our own art for Zombicide: Invader, drawn from code like the rest of ``make_assets.py`` (which calls
this module): a sci-fi floor tileset (``tiles/invader.png`` and ``invader.tsx``), the tokens of the
xenos, the survivors and the Machines, and the markers of Mold, Machine activation, destroyed doors,
scientists and the box's coloured tokens. Same seeds, same bytes."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
from make_assets import (
    BONE,
    INK,
    MARKER_PX,
    SIDE_RIM,
    TILE_PX,
    Color,
    blend_rect,
    draw_survivor_token,
    finish_marker,
    finish_token,
    glyph,
    hex_color,
    marker_plate,
    mix,
    noise_fill,
    shade,
    speckle,
    token_base,
)

INVADER_TILESET = "invader"
COLUMNS = 8
FULL = pygame.Rect(0, 0, TILE_PX, TILE_PX)
DECK = hex_color("#5b6670")
GRATING = hex_color("#4a5157")
LAB = hex_color("#b9c2c8")
SECURITY = hex_color("#36415a")
OXYGEN = hex_color("#3f7a78")
HAZARD = hex_color("#d0a93a")
REGOLITH = hex_color("#8a5a44")
ROCK = hex_color("#6e4a3b")
GLOW = hex_color("#62c7c0")

TileDrawer = Callable[[pygame.Surface, random.Random], None]


def _plate(s: pygame.Surface, rng: random.Random, base: Color, seams: int = 2) -> None:
    noise_fill(s, FULL, base, rng, 0.06)
    step = TILE_PX // seams
    for k in range(0, TILE_PX, step):
        pygame.draw.line(s, shade(base, 0.72), (0, k), (TILE_PX - 1, k))
        pygame.draw.line(s, shade(base, 0.72), (k, 0), (k, TILE_PX - 1))
    for x in range(step // 2, TILE_PX, step):  # rivets
        for y in range(step // 2, TILE_PX, step):
            s.fill(shade(base, 1.3), pygame.Rect(x - 1, y - 1, 2, 2))


def deck_plate(s: pygame.Surface, rng: random.Random) -> None:
    _plate(s, rng, DECK)


def deck_guide(horizontal: bool) -> TileDrawer:
    def draw(s: pygame.Surface, rng: random.Random) -> None:
        deck_plate(s, rng)
        line = pygame.Rect(0, 17, TILE_PX, 6) if horizontal else pygame.Rect(17, 0, 6, TILE_PX)
        blend_rect(s, line, GLOW, 150)
    return draw


def grating(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, GRATING, rng, 0.05)
    for k in range(2, TILE_PX, 6):
        pygame.draw.line(s, shade(GRATING, 0.6), (k, 0), (k, TILE_PX - 1), 2)
    pygame.draw.rect(s, shade(GRATING, 1.25), FULL, 1)


def lab_floor(s: pygame.Surface, rng: random.Random) -> None:
    _plate(s, rng, LAB, 4)


def security_floor(s: pygame.Surface, rng: random.Random) -> None:
    _plate(s, rng, SECURITY)
    for i in range(2):  # chevrons
        y = 10 + i * 16
        pygame.draw.lines(s, shade(SECURITY, 1.6), False, [(8, y + 6), (20, y), (32, y + 6)], 2)


def oxygen_floor(s: pygame.Surface, rng: random.Random) -> None:
    _plate(s, rng, OXYGEN)
    pygame.draw.circle(s, shade(OXYGEN, 1.45), (20, 20), 9, 2)
    font = pygame.font.Font(None, 16)
    text = font.render("O2", True, shade(OXYGEN, 1.7))
    s.blit(text, text.get_rect(center=(20, 20)))


def hazard(s: pygame.Surface, rng: random.Random) -> None:
    """Airlock floor: hazard stripes round a deck plate."""
    _plate(s, rng, shade(DECK, 0.9))
    for i in range(-TILE_PX, TILE_PX, 10):
        pygame.draw.line(s, HAZARD, (i, TILE_PX), (i + TILE_PX, 0), 4)
    inner = pygame.Rect(6, 6, TILE_PX - 12, TILE_PX - 12)
    sub = pygame.Surface(inner.size)
    _plate(sub, random.Random(7), shade(DECK, 0.85))
    s.blit(sub, inner.topleft)


def regolith(s: pygame.Surface, rng: random.Random) -> None:
    noise_fill(s, FULL, REGOLITH, rng, 0.14)
    speckle(s, FULL, [shade(REGOLITH, 0.7), shade(REGOLITH, 1.2), ROCK], 45, rng, 2)


def rocks(s: pygame.Surface, rng: random.Random) -> None:
    regolith(s, rng)
    for _ in range(3):
        cx, cy = int(rng.random() * 30) + 5, int(rng.random() * 30) + 5
        r = int(rng.random() * 4) + 3
        pygame.draw.circle(s, shade(ROCK, 0.6), (cx + 1, cy + 1), r)
        pygame.draw.circle(s, ROCK, (cx, cy), r)


def crater(s: pygame.Surface, rng: random.Random) -> None:
    regolith(s, rng)
    pygame.draw.circle(s, shade(REGOLITH, 0.65), (20, 20), 14)
    pygame.draw.circle(s, shade(REGOLITH, 1.2), (18, 18), 14, 2)
    pygame.draw.circle(s, shade(REGOLITH, 0.5), (21, 21), 8)


# Tile order is part of the format: the Invader maps refer to tiles by position (gid = index + 1).
TILES: list[tuple[str, TileDrawer]] = [
    ("deck_plate", deck_plate),
    ("deck_guide_h", deck_guide(True)),
    ("deck_guide_v", deck_guide(False)),
    ("grating", grating),
    ("lab_floor", lab_floor),
    ("security_floor", security_floor),
    ("oxygen_floor", oxygen_floor),
    ("airlock_floor", hazard),
    ("regolith", regolith),
    ("regolith_rocks", rocks),
    ("crater", crater),
]
TILE_INDEX = {name: index for index, (name, _) in enumerate(TILES)}


def make_tileset(out: Path) -> None:
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * TILE_PX, rows * TILE_PX), pygame.SRCALPHA)
    for index, (name, drawer) in enumerate(TILES):
        tile = pygame.Surface((TILE_PX, TILE_PX), pygame.SRCALPHA)
        drawer(tile, random.Random(f"invader-tile:{name}"))
        sheet.blit(tile, ((index % COLUMNS) * TILE_PX, (index // COLUMNS) * TILE_PX))
    (out / "tiles").mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out / "tiles" / f"{INVADER_TILESET}.png"))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{INVADER_TILESET}" tilewidth="{TILE_PX}" '
        f'tileheight="{TILE_PX}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="{INVADER_TILESET}.png" width="{sheet.get_width()}" height="{sheet.get_height()}"/>',
    ]
    for index, (name, _) in enumerate(TILES):
        lines += [f' <tile id="{index}">', "  <properties>", f'   <property name="tile" value="{name}"/>',
                  "  </properties>", " </tile>"]
    lines.append("</tileset>")
    (out / "tiles" / f"{INVADER_TILESET}.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- tokens ---------------------------------------------------------------------------------

XENO_RIM = hex_color("#5a7f8a")


def _xeno(kind: str) -> pygame.Surface:
    """A xeno seen from above: a carapace, limbs and glowing eyes; each kind its own silhouette."""
    body = {"worker": hex_color("#8c9a7c"), "tank": hex_color("#6f6a86"), "hunter": hex_color("#9a6e5c"),
            "abomination": hex_color("#7d8f4a")}[kind]
    surf, k = token_base(XENO_RIM if kind != "abomination" else hex_color("#b59a3c"), hex_color("#2e3538"))
    c = surf.get_width() // 2
    dark = shade(body, 0.5)
    legs = {"worker": 3, "tank": 2, "hunter": 4, "abomination": 5}[kind]
    spread = {"worker": 30, "tank": 40, "hunter": 26, "abomination": 44}[kind]
    for n in range(legs):  # limbs on both sides
        a = math.radians(-60 + n * (120 / max(1, legs - 1)))
        for side in (-1, 1):
            start = (c + side * 10 * k, c + int(math.sin(a) * 14 * k))
            end = (c + side * int(math.cos(a) * spread * k), c + int(math.sin(a) * (spread - 6) * k) - 6 * k)
            pygame.draw.line(surf, dark, start, end, 5 * k)
            pygame.draw.circle(surf, body, end, 3 * k)
    if kind == "tank":
        pygame.draw.ellipse(surf, dark, pygame.Rect(c - 32 * k, c - 26 * k, 66 * k, 58 * k))
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 34 * k, c - 28 * k, 66 * k, 56 * k))
        for i in range(3):  # armour plates
            pygame.draw.arc(surf, shade(body, 1.35), pygame.Rect(c - 28 * k, c - 20 * k + i * 12 * k, 56 * k, 30 * k),
                            0.3, math.pi - 0.3, 3 * k)
    elif kind == "hunter":
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 14 * k, c - 30 * k, 28 * k, 62 * k))
        for side in (-1, 1):  # blades
            pygame.draw.polygon(surf, shade(body, 1.3), [(c + side * 10 * k, c - 20 * k), (c + side * 30 * k, c - 44 * k),
                                                         (c + side * 16 * k, c - 14 * k)])
    elif kind == "abomination":
        pygame.draw.circle(surf, dark, (c + 2 * k, c + 4 * k), 36 * k)
        pygame.draw.circle(surf, body, (c, c + 2 * k), 36 * k)
        spores = random.Random("spores")
        for _ in range(14):  # the Mold it sheds
            x = c + int((spores.random() - 0.5) * 52 * k)
            y = c + int((spores.random() - 0.5) * 52 * k)
            pygame.draw.circle(surf, hex_color("#b7c75a"), (x, y), int((2 + spores.random() * 4) * k))
    else:
        pygame.draw.ellipse(surf, dark, pygame.Rect(c - 22 * k, c - 20 * k, 46 * k, 46 * k))
        pygame.draw.ellipse(surf, body, pygame.Rect(c - 24 * k, c - 22 * k, 46 * k, 46 * k))
    for side in (-1, 1):  # eyes
        pygame.draw.circle(surf, GLOW, (c + side * 7 * k, c - 12 * k), 4 * k)
    tag = {"worker": "WO", "tank": "TK", "hunter": "HU", "abomination": "SA"}[kind]
    font = pygame.font.Font(None, 22 * k)
    font.set_bold(True)
    text = font.render(tag, True, BONE)
    surf.blit(text, text.get_rect(center=(c, c + 40 * k)))
    return finish_token(surf)


def _machine(kind: str) -> pygame.Surface:
    surf, k = token_base(SIDE_RIM["token"], hex_color("#3d4650"))
    c = surf.get_width() // 2
    steel = hex_color("#aab4bc")
    if kind == "robot":
        pygame.draw.rect(surf, shade(steel, 0.5), pygame.Rect(c - 24 * k, c - 20 * k, 50 * k, 44 * k), border_radius=8 * k)
        pygame.draw.rect(surf, steel, pygame.Rect(c - 26 * k, c - 22 * k, 50 * k, 44 * k), border_radius=8 * k)
        for side in (-1, 1):  # arms
            pygame.draw.rect(surf, shade(steel, 0.8), pygame.Rect(c + side * 30 * k - 6 * k, c - 28 * k, 12 * k, 36 * k),
                             border_radius=4 * k)
        pygame.draw.rect(surf, GLOW, pygame.Rect(c - 14 * k, c - 14 * k, 28 * k, 8 * k), border_radius=3 * k)
        tag = "BOT"
    else:
        pygame.draw.circle(surf, shade(steel, 0.5), (c + 2 * k, c + 2 * k), 26 * k)
        pygame.draw.circle(surf, steel, (c, c), 26 * k)
        pygame.draw.rect(surf, shade(steel, 0.65), pygame.Rect(c - 5 * k, c - 50 * k, 10 * k, 46 * k), border_radius=3 * k)
        pygame.draw.circle(surf, GLOW, (c, c), 8 * k)
        tag = "GUN"
    font = pygame.font.Font(None, 20 * k)
    font.set_bold(True)
    text = font.render(tag, True, BONE)
    surf.blit(text, text.get_rect(center=(c, c + 40 * k)))
    return finish_token(surf)


# The box's survivors and ours for games of more than six: token name, name, initials, colour.
SURVIVORS: list[tuple[str, str, str, str]] = [
    ("inv_jared", "Jared", "JA", "#4f6d8f"),
    ("inv_baraka", "Baraka", "BA", "#8f6a3f"),
    ("inv_cole", "Cole Hill", "CH", "#5f8a5a"),
    ("inv_magnus", "Magnus Berg", "MB", "#6a5a8f"),
    ("inv_vivian", "Vivian Rigby", "VR", "#a4566a"),
    ("inv_mitsuki", "Mitsuki", "MI", "#3f8a86"),
    ("inv_tamsin", "Tamsin Okafor", "TO", "#b0785a"),
    ("inv_dax", "Dax Romero", "DR", "#8a4a3f"),
    ("inv_lio", "Lio Vance", "LV", "#5a7a3f"),
    ("inv_priya", "Priya Holt", "PH", "#4a4f8a"),
    ("inv_ezra", "Ezra Quill", "EQ", "#8a7a3f"),
    ("inv_noor", "Noor Saleh", "NS", "#7a3f6a"),
]


def tokens() -> Iterator[tuple[str, pygame.Surface, dict[str, object]]]:
    """(name, image, manifest entry) of every Invader token."""
    for name, label, initials, color in SURVIVORS:
        yield name, draw_survivor_token(name, initials, hex_color(color)), {
            "label": label, "side": "survivor", "base_cm": 2.5, "color": color, "box": "invader"}
    for kind, label, base in (("worker", "Worker", 2.5), ("tank", "Tank", 3.0), ("hunter", "Hunter", 2.5),
                              ("abomination", "Spoiler Abomination", 4.0)):
        yield f"xeno_{kind}", _xeno(kind), {"label": label, "side": "zombie", "base_cm": base, "box": "invader"}
    for kind, label in (("robot", "Robot"), ("sentry_gun", "Sentry Gun")):
        yield f"machine_{kind}", _machine(kind), {"label": label, "side": "token", "base_cm": 3.0, "box": "invader"}


# --- markers --------------------------------------------------------------------------------

MOLD = hex_color("#8fa63f")


def _mold(active: bool) -> pygame.Surface:
    plate, k = marker_plate(shade(MOLD, 1.0 if active else 0.55), round_plate=True)
    c = plate.get_width() // 2
    spots = random.Random("mold-active" if active else "mold-inactive")
    tint = hex_color("#d7e86a") if active else hex_color("#6b7460")
    for _ in range(18):
        x = c + int((spots.random() - 0.5) * 60 * k)
        y = c + int((spots.random() - 0.5) * 60 * k)
        pygame.draw.circle(plate, tint, (x, y), int((3 + spots.random() * 7) * k))
    if not active:  # a cross over the dormant face
        pygame.draw.line(plate, INK, (c - 22 * k, c - 22 * k), (c + 22 * k, c + 22 * k), 5 * k)
    return finish_marker(plate)


def _activation() -> pygame.Surface:
    plate, k = marker_plate(hex_color("#3f7a9a"), round_plate=True)
    c = plate.get_width() // 2
    bolt = [(c + 4 * k, c - 30 * k), (c - 14 * k, c + 4 * k), (c, c + 4 * k), (c - 6 * k, c + 30 * k),
            (c + 16 * k, c - 6 * k), (c + 2 * k, c - 6 * k)]
    pygame.draw.polygon(plate, BONE, bolt)
    return finish_marker(plate)


def _destroyed_door() -> pygame.Surface:
    k = 4
    w, h = MARKER_PX * k, MARKER_PX // 3 * k
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    frame = hex_color("#3a3532")
    pygame.draw.rect(surf, frame, pygame.Rect(0, h // 2 - 6 * k, 10 * k, 12 * k))
    pygame.draw.rect(surf, frame, pygame.Rect(w - 10 * k, h // 2 - 6 * k, 10 * k, 12 * k))
    shard = hex_color("#8a7a62")
    for n in range(5):
        x = 14 * k + n * 14 * k
        pygame.draw.polygon(surf, shard, [(x, h // 2 - 8 * k), (x + 10 * k, h // 2 - 2 * k), (x + 3 * k, h // 2 + 8 * k)])
    return pygame.transform.smoothscale(surf, (MARKER_PX, MARKER_PX // 3))


def _scientist(colour: Color) -> pygame.Surface:
    plate, k = marker_plate(colour, round_plate=True)
    c = plate.get_width() // 2
    pygame.draw.circle(plate, BONE, (c, c - 14 * k), 12 * k)
    pygame.draw.rect(plate, BONE, pygame.Rect(c - 18 * k, c, 36 * k, 26 * k), border_radius=8 * k)
    pygame.draw.line(plate, shade(colour, 0.6), (c, c + 2 * k), (c, c + 24 * k), 3 * k)
    return finish_marker(plate)


def markers() -> Iterator[tuple[str, pygame.Surface]]:
    yield "mold_active", _mold(True)
    yield "mold_inactive", _mold(False)
    yield "machine_activation", _activation()
    yield "door_destroyed", _destroyed_door()
    yield "scientist_blue", _scientist(hex_color("#47719a"))
    yield "scientist_white", _scientist(hex_color("#c8c4b8"))
    for colour, value in (("white", "#c8c4b8"), ("purple", "#76588f")):
        plate, k = marker_plate(hex_color(value), round_plate=True)
        glyph("objective", plate, k, hex_color(value))
        yield f"objective_{colour}", finish_marker(plate)
    plate, k = marker_plate(hex_color("#76588f"))
    glyph("spawn", plate, k, hex_color("#76588f"))
    yield "spawn_purple", finish_marker(plate)
    remote, k = marker_plate(mix(hex_color("#5d8a4e"), INK, 0.2), round_plate=True)
    yield "remote_robot", _remote(remote, k)
    remote, k = marker_plate(mix(hex_color("#76588f"), INK, 0.2), round_plate=True)
    yield "remote_sentry_gun", _remote(remote, k)


def _remote(plate: pygame.Surface, k: int) -> pygame.Surface:
    c = plate.get_width() // 2
    pygame.draw.rect(plate, BONE, pygame.Rect(c - 14 * k, c - 24 * k, 28 * k, 48 * k), border_radius=6 * k)
    pygame.draw.circle(plate, GLOW, (c, c - 10 * k), 6 * k)
    pygame.draw.line(plate, BONE, (c + 8 * k, c - 24 * k), (c + 16 * k, c - 36 * k), 3 * k)
    return finish_marker(plate)
