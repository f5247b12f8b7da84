"""Random scenery for a Zombieworld table, following the rules' setup table: each kind of piece
comes in a number rolled on dice and keeps a minimum distance from every piece already placed.

``random_board(seed, width_cm, height_cm)`` returns a ``Board`` ready for ``engine.setup``:
buildings with doors and windows, vehicles (obstacles with a vehicle marker), street lamps,
street furniture (light cover), trees, hedges and fences, and searchable props (crates, drums,
vending machines, bins) whose ``prop`` property names their row of the props table. Deployment
areas follow the 60 cm quadrants along the table edges. Pure and seeded: the same seed gives the
same table.
"""

from __future__ import annotations

import math
from random import Random
from types import MappingProxyType

from game.board.assemble import board_from_module
from game.board.geometry import rectangle
from game.board.model import (
    Barrier,
    BarrierKind,
    Board,
    BoardModule,
    Layout,
    Marker,
    MarkerKind,
    Portal,
    PortalKind,
    Terrain,
    TerrainKind,
)
from game.rules.core.frozen import record

Box = tuple[float, float, float, float]  # x, y, width, height


@record
class SceneryRule:
    """One row of the setup table: how many (dice) and how far apart."""

    kind: str
    dice: int  # how many dice
    sides: int  # D3, D6 or D10
    bonus: int
    separation_cm: float


SCENERY_TABLE: tuple[SceneryRule, ...] = (
    SceneryRule("building", 1, 3, 2, 30.0),
    SceneryRule("vehicle", 1, 6, 0, 20.0),
    SceneryRule("lamp", 1, 10, 0, 30.0),
    SceneryRule("street_furniture", 2, 6, 0, 20.0),
    SceneryRule("tree", 1, 6, 0, 30.0),
    SceneryRule("hedge_or_fence", 1, 6, 0, 30.0),
    SceneryRule("crates_or_drums", 1, 3, 0, 20.0),
    SceneryRule("vending_machine", 1, 3, 0, 30.0),
    SceneryRule("bin", 1, 6, 0, 30.0),
)
DEPLOYMENT_DEPTH_CM = 15.0
QUADRANT_CM = 60.0
PLACEMENT_TRIES = 60
EDGE_MARGIN_CM = 2.0
PASSAGE_CM = 5.0  # room left between pieces of different kinds


@record
class PlacedPiece:
    kind: str
    box: Box
    spaced: bool = True  # False: no spot kept the full separation, so it went where there was most room


@record
class Scenery:
    """What was rolled and placed (pieces that found no room are listed as dropped)."""

    counts: tuple[tuple[str, int], ...]
    placed: tuple[PlacedPiece, ...]
    dropped: tuple[str, ...]
    board: Board


def _die(rng: Random, sides: int) -> int:
    return int(rng.random() * sides) + 1


def roll_counts(rng: Random) -> dict[str, int]:
    """How many of each kind: 1D3+2 buildings, 1D6 vehicles, 1D10 lamps, 2D6 street furniture..."""
    return {rule.kind: sum(_die(rng, rule.sides) for _ in range(rule.dice)) + rule.bonus for rule in SCENERY_TABLE}


def box_gap(a: Box, b: Box) -> float:
    """Edge-to-edge distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - (b[0] + b[2]), b[0] - (a[0] + a[2]), 0.0)
    dy = max(a[1] - (b[1] + b[3]), b[1] - (a[1] + a[3]), 0.0)
    return math.hypot(dx, dy)


def _size(rng: Random, kind: str) -> tuple[float, float]:
    between = lambda low, high: low + rng.random() * (high - low)  # noqa: E731
    sizes = {
        "building": (between(16, 28), between(14, 24)),
        "vehicle": (5.0, 10.0),
        "lamp": (2.0, 2.0),
        "street_furniture": (between(3, 8), 2.0),
        "tree": (3.0, 3.0),
        "hedge_or_fence": (between(12, 24), 1.0),
        "crates_or_drums": (4.0, 4.0),
        "vending_machine": (3.0, 2.0),
        "bin": (2.0, 2.0),
    }
    width, height = sizes[kind]
    if kind in ("vehicle", "street_furniture", "hedge_or_fence", "vending_machine") and rng.random() < 0.5:
        width, height = height, width
    return round(width, 1), round(height, 1)


def _place(rng: Random, kind: str, separation_cm: float, placed: list[PlacedPiece], width_cm: float,
           height_cm: float) -> tuple[Box, bool] | None:
    """A random spot at least ``separation_cm`` from the pieces of its own kind and
    ``PASSAGE_CM`` from the rest; failing that, the spot with most room among the
    tries, as long as it overlaps nothing (else none)."""
    size_w, size_h = _size(rng, kind)
    margin = DEPLOYMENT_DEPTH_CM + EDGE_MARGIN_CM  # deployment strips stay clear
    best: Box | None = None
    best_gap = -1.0
    for _ in range(PLACEMENT_TRIES):
        x = margin + rng.random() * max(0.0, width_cm - 2 * margin - size_w)
        y = margin + rng.random() * max(0.0, height_cm - 2 * margin - size_h)
        box = (round(x, 1), round(y, 1), size_w, size_h)
        gap = min((box_gap(box, other.box) * _scale(kind, other.kind, separation_cm) for other in placed),
                  default=math.inf)
        if gap >= separation_cm:
            return box, True
        if gap > best_gap:
            best, best_gap = box, gap
    return (best, False) if best is not None and best_gap > 1.0 else None


def _scale(kind: str, other: str, separation_cm: float) -> float:
    """How a gap to ``other`` counts against ``separation_cm``: fully for the same kind; other
    kinds need only a passage between them."""
    if kind == other:
        return 1.0
    return separation_cm / PASSAGE_CM


def _portal(box: Box, side: str, at: float, kind: PortalKind, portal_id: str) -> Portal:
    x, y, w, h = box
    half = 1.5
    if side in ("n", "s"):
        cx, cy = x + w * at, y if side == "n" else y + h
        a, b = (cx - half, cy), (cx + half, cy)
    else:
        cx, cy = x if side == "w" else x + w, y + h * at
        a, b = (cx, cy - half), (cx, cy + half)
    return Portal(portal_id, kind, a, b)


BUILDING_NAMES = ("House", "Shop", "Warehouse", "Garage", "Bar", "Chapel", "Office", "Pharmacy")
PROP_KINDS = {"crates_or_drums": ("crates", "drums"), "vending_machine": ("food_machine", "cigarette_machine"),
              "bin": ("bin",)}


def _terrain_for(rng: Random, piece: PlacedPiece, number: int) -> tuple[list[Terrain], list[Barrier], list[Marker]]:
    x, y, w, h = piece.box
    polygon = rectangle(x, y, w, h)
    kind = piece.kind
    if kind == "building":
        sides = ("n", "e", "s", "w")
        door_side = sides[int(rng.random() * 4)]
        portals = [_portal(piece.box, door_side, 0.3 + rng.random() * 0.4, PortalKind.DOOR, f"b{number}-door")]
        for index in range(1 + int(rng.random() * 3)):
            side = sides[int(rng.random() * 4)]
            at = 0.2 if side == door_side else 0.25 + rng.random() * 0.5
            portals.append(_portal(piece.box, side, at, PortalKind.WINDOW, f"b{number}-window{index}"))
        label = f"{BUILDING_NAMES[int(rng.random() * len(BUILDING_NAMES))]} {number}"
        floors = 1 + int(rng.random() * 2)
        height = 6.0 + 4.0 * floors
        props = MappingProxyType({"floors": floors, "label": label, "height_cm": height})
        return [Terrain(TerrainKind.BUILDING, polygon, height, 0, label, tuple(portals), properties=props)], [], []
    if kind == "vehicle":
        label = ("Car", "Van", "Pick-up")[int(rng.random() * 3)]
        marker = Marker(MarkerKind.VEHICLE, (x + w / 2, y + h / 2), (w, h))
        return [Terrain(TerrainKind.OBSTACLE, polygon, 4.0 if label == "Car" else 5.0, 0, label)], [], [marker]
    if kind == "lamp":
        return [], [], [Marker(MarkerKind.LAMP, (x + w / 2, y + h / 2), (w, h))]
    if kind == "street_furniture":
        label = ("Bench", "Bus stop", "Planter", "Sandbags")[int(rng.random() * 4)]
        return [Terrain(TerrainKind.COVER, polygon, 0.0, 2 if label == "Sandbags" else 1, label)], [], []
    if kind == "tree":
        return [Terrain(TerrainKind.IMPASSABLE, polygon, 15.0, 0, "Tree")], [], []
    if kind == "hedge_or_fence":
        hedge = rng.random() < 0.5
        barrier_kind = BarrierKind.HEDGE if hedge else BarrierKind.FENCE
        height = 4.0 if hedge else 3.0
        points = ((x, y + h / 2), (x + w, y + h / 2)) if w >= h else ((x + w / 2, y), (x + w / 2, y + h))
        return [], [Barrier(barrier_kind, points, height)], []
    options = PROP_KINDS[kind]
    prop = options[int(rng.random() * len(options))]
    labels = {"crates": "Crates", "drums": "Drums", "food_machine": "Food machine",
              "cigarette_machine": "Cigarette machine", "bin": "Bin"}
    height = {"vending_machine": 6.0, "crates_or_drums": 4.0, "bin": 3.0}[kind]
    props = MappingProxyType({"prop": prop, "label": labels[prop], "height_cm": height})
    return [Terrain(TerrainKind.OBSTACLE, polygon, height, 0, labels[prop], properties=props)], [], []


def deployment_markers(width_cm: float, height_cm: float) -> list[Marker]:
    """One area per quadrant, along the table edge that quadrant touches: 60 cm quadrants, or
    halves of the table when a side is not a multiple of 60 (90 cm tables: 45 cm quadrants)."""
    cols = max(2, round(width_cm / QUADRANT_CM)) if width_cm % QUADRANT_CM == 0 else 2
    rows = max(2, round(height_cm / QUADRANT_CM)) if height_cm % QUADRANT_CM == 0 else 2
    qw, qh = width_cm / cols, height_cm / rows
    depth = DEPLOYMENT_DEPTH_CM
    markers = []
    for row in range(rows):
        for col in range(cols):
            x0, y0 = col * qw, row * qh
            if row == 0:
                box = (x0, 0.0, qw, depth)
            elif row == rows - 1:
                box = (x0, height_cm - depth, qw, depth)
            elif col == 0:
                box = (0.0, y0, depth, qh)
            elif col == cols - 1:
                box = (width_cm - depth, y0, depth, qh)
            else:
                continue  # an inner quadrant touches no edge
            label = f"Quadrant {row * cols + col + 1}"
            markers.append(Marker(MarkerKind.DEPLOYMENT, (box[0] + box[2] / 2, box[1] + box[3] / 2), (box[2], box[3]),
                                  properties=MappingProxyType({"label": label})))
    return markers


def random_scenery(seed: int, width_cm: float = 120.0, height_cm: float = 120.0) -> Scenery:
    rng = Random(seed)
    counts = roll_counts(rng)
    placed: list[PlacedPiece] = []
    dropped: list[str] = []
    for rule in SCENERY_TABLE:
        for _ in range(counts[rule.kind]):
            spot = _place(rng, rule.kind, rule.separation_cm, placed, width_cm, height_cm)
            if spot is None:
                dropped.append(rule.kind)
            else:
                placed.append(PlacedPiece(rule.kind, *spot))
    terrain: list[Terrain] = []
    barriers: list[Barrier] = []
    markers: list[Marker] = []
    for number, piece in enumerate(placed, start=1):
        more_terrain, more_barriers, more_markers = _terrain_for(rng, piece, number)
        terrain += more_terrain
        barriers += more_barriers
        markers += more_markers
    markers += deployment_markers(width_cm, height_cm)
    module = BoardModule(
        path="", module_id=f"zw-random-{seed}", game="zombieworld", layout=Layout.FREE, scale_px_per_cm=10.0,
        width_cm=width_cm, height_cm=height_cm, tile_px=(40, 40), barriers=tuple(barriers), markers=tuple(markers),
        terrain=tuple(terrain), title=f"Random table {seed}",
    )
    board = board_from_module(module, source=f"random scenery, seed {seed}")
    return Scenery(tuple((rule.kind, counts[rule.kind]) for rule in SCENERY_TABLE), tuple(placed), tuple(dropped), board)


def random_board(seed: int, width_cm: float = 120.0, height_cm: float = 120.0) -> Board:
    return random_scenery(seed, width_cm, height_cm).board
