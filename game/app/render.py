"""Drawing the table: the baked board, doors, miniatures, the tape and the range ring.

The board is baked once at a base resolution (tiles, zones, walls, openings, fences, markers,
terrain, labels). Each zoom step of the camera gets its own scaled copy, cut in chunks so only the
visible ones are made and blitted; chunks beyond a memory cap are dropped, least recently used first.
Zone names, doors (from their state, so they open and close during play) and the pieces at rest are
drawn into copies of those chunks (game.app.resting_layer); only what moves is drawn every frame.
Token images, their shadows and labels are scaled once per zoom step.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import field
from functools import lru_cache
from pathlib import Path

import pygame

from game.app.assets import ImageStore
from game.app.barrier_art import paint_fences, paint_hedges, paint_ledges
from game.app.resting_layer import PieceView, RestingLayer, paint, piece_items
from game.board.geometry import point_in_polygon, polygon_bounds, polygon_centroid
from game.board.model import (
    Board,
    BoardModule,
    ConnectionKind,
    Layout,
    Marker,
    MarkerKind,
    PlacedModule,
    PortalKind,
    TerrainKind,
    TileLayer,
    ZoneKind,
)
from game.i18n import _, named
from game.rules.core.frozen import mutable_record, record
from game.table.arrange import marker_size_cm
from game.table.camera import Camera
from game.table.state import Piece, PieceSide
from game.table.tape import Tape, ring_points_cm

Point = tuple[float, float]

FONT_PATH = Path(pygame.__file__).resolve().parent.parent / "pygame_gui" / "data" / "NotoSans-Bold.ttf"
MAX_BAKE_SIDE_PX = 4096
CHUNK_BASE_PX = 256
CHUNK_CACHE_BYTES = 48 * 1024 * 1024  # what a frame shows comes from the resting chunks (resting_layer)
SMOOTH_CHUNKS_PER_FRAME = 6  # the rest are drawn quickly now and smoothly on a later frame

TABLE_TOP = (44, 52, 48)
TABLE_EDGE = (22, 26, 25)
WALL_COLOR = (38, 34, 32)
SELECT_COLOR = (255, 208, 64)
TAPE_COLOR = (255, 236, 120)
RING_COLOR = (120, 220, 255)
DOOR_EDGE = (30, 25, 20)
TAPE_TOTAL_PX = 30
DEPLOYMENT_COLOR = (150, 110, 220)
TRAY_LABEL_OVERHANG_PX = 4
# A token's soft shadow spreads a quarter of its width, but never more than this: close up, a wider
# blur only adds pixels to blend every frame (40 % of the pieces' blending at 4K ×2) and looks the same.
SHADOW_PAD_MAX_PX = 10
DOOR_THICK_CM = 1.0
DOOR_MIN_THICK_PX = 10  # doors read at a glance even when the whole board fits the window

ZONE_COLORS: dict[str, tuple[int, int, int]] = {
    ZoneKind.STREET: (118, 118, 112),
    ZoneKind.HALLWAY: (150, 150, 142),
    ZoneKind.ROOM: (176, 150, 112),
    ZoneKind.HOSPITAL_ROOM: (186, 196, 190),
    ZoneKind.LOCKER_ROOM: (170, 182, 176),
    ZoneKind.CAMP: (120, 132, 92),
    ZoneKind.TENT: (132, 140, 96),
    ZoneKind.HELIPAD: (104, 110, 118),
    ZoneKind.WASTELAND: (142, 126, 92),
    ZoneKind.CORRIDOR: (110, 120, 134),
    ZoneKind.OUTDOOR: (150, 100, 80),
    ZoneKind.AIRLOCK: (90, 130, 150),
    ZoneKind.SECURITY_ROOM: (128, 112, 140),
    ZoneKind.OXYGEN_ROOM: (100, 150, 150),
    ZoneKind.WATER: (70, 110, 140),
}
TERRAIN_COLORS: dict[str, tuple[int, int, int]] = {
    TerrainKind.BUILDING: (120, 84, 64),
    TerrainKind.WALL: (70, 64, 60),
    TerrainKind.OBSTACLE: (110, 104, 96),
    TerrainKind.DIFFICULT: (72, 104, 56),
    TerrainKind.COVER: (96, 116, 80),
    TerrainKind.STAIRS: (150, 140, 120),
    TerrainKind.IMPASSABLE: (40, 40, 44),
}
MARKER_COLORS: dict[str, tuple[int, int, int]] = {
    "red": (210, 60, 50), "blue": (60, 110, 220), "pink": (230, 110, 180), "green": (70, 170, 80),
    "yellow": (230, 200, 60), "purple": (150, 90, 200), "neutral": (190, 180, 160), "": (200, 70, 60),
}
SIDE_COLORS = {PieceSide.SURVIVOR: (70, 130, 220), PieceSide.ZOMBIE: (120, 170, 70), PieceSide.TOKEN: (220, 180, 60)}


@lru_cache(maxsize=64)
def font(size_px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(str(FONT_PATH), max(6, size_px))
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, max(6, int(size_px * 1.3)))


def text_with_halo(text: str, size_px: int, color=(250, 248, 240), halo=(20, 20, 20)) -> pygame.Surface:
    """Text with a dark outline, readable on any floor."""
    f = font(size_px)
    inner = f.render(text, True, color)
    outline = f.render(text, True, halo)
    out = pygame.Surface((inner.get_width() + 2, inner.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
        out.blit(outline, (dx, dy))
    out.blit(inner, (1, 1))
    return out


def _poly_px(points: Iterable[Point], scale: float) -> list[tuple[float, float]]:
    return [(x * scale, y * scale) for x, y in points]


def _tile_image(image: pygame.Surface, src: tuple[int, int, int, int], fx: bool, fy: bool, fd: bool) -> pygame.Surface:
    tile = image.subsurface(pygame.Rect(src).clip(image.get_rect()))
    if fd:  # Tiled flips along the diagonal first: a transpose
        tile = pygame.transform.flip(pygame.transform.rotate(tile, 90), False, True)
    if fx or fy:
        tile = pygame.transform.flip(tile, fx, fy)
    return tile


def _points_box(points: Sequence[tuple[float, float]]) -> tuple[int, int, int, int]:
    """The whole-pixel rectangle holding ``points`` (x, y, width, height)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1


def _display_format(surf: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The screen's pixel format blits several times faster (when there is a screen)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


# --- the baked board ---------------------------------------------------------------------------


class BoardArt:
    """The board drawn once at ``bake_px_per_cm``, and its scaled chunks per zoom step."""

    chunk_base_px = CHUNK_BASE_PX
    smooth_chunks_per_frame = SMOOTH_CHUNKS_PER_FRAME

    def __init__(self, board: Board, images: ImageStore):
        self.board = board
        self.images = images
        scales = [pm.module.scale_px_per_cm for pm in board.modules if pm.module.scale_px_per_cm > 0]
        wanted = max(scales) if scales else 20.0
        longest = max(board.width_cm, board.height_cm, 1.0)
        self.bake_px_per_cm = max(2.0, min(wanted, MAX_BAKE_SIDE_PX / longest))
        self.base = self._bake()
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._chunk_bytes = 0
        self.cache_limit_bytes = CHUNK_CACHE_BYTES

    # baking

    def _bake(self) -> pygame.Surface:
        s = self.bake_px_per_cm
        board = self.board
        size = (max(1, math.ceil(board.width_cm * s)), max(1, math.ceil(board.height_cm * s)))
        base = _display_format(pygame.Surface(size))  # made in the screen's format once: no second copy
        base.fill((96, 100, 92) if board.layout == Layout.FREE else (92, 92, 88))
        for placed in board.modules:
            if self._tiles_straight_onto(base, placed):
                continue
            art = self._module_tiles(placed)
            if art is not None:
                base.blit(art, (round(placed.origin_cm[0] * s), round(placed.origin_cm[1] * s)))
            else:
                self._paint_plain_module(base, placed)
        self._paint_terrain(base)
        self._paint_zone_outlines(base)
        self._paint_barriers(base)
        self._paint_openings(base)
        for marker in board.markers:
            self._paint_marker(base, marker)
        return base

    def _tiles_straight_onto(self, base: pygame.Surface, placed: PlacedModule) -> bool:
        """Draw an unturned module whose pixels are the bake's straight onto it (a big free table
        would otherwise need a second surface of its whole size); False when it needs scaling."""
        module = placed.module
        layers = [layer for layer in module.tile_layers if layer.visible]
        if (placed.rotation or not layers or any(layer.opacity < 1 for layer in layers)
                or abs((module.scale_px_per_cm or 20.0) - self.bake_px_per_cm) > 1e-9):
            return False
        ox, oy = round(placed.origin_cm[0] * self.bake_px_per_cm), round(placed.origin_cm[1] * self.bake_px_per_cm)
        clip = base.get_clip()
        base.set_clip(pygame.Rect(ox, oy, round(module.width_cm * self.bake_px_per_cm),
                                  round(module.height_cm * self.bake_px_per_cm)))
        base.fill((92, 92, 88))
        drawn = self._blit_layers(base, module, layers, (ox, oy))
        base.set_clip(clip)
        if not drawn:
            self._paint_plain_module(base, placed)
        return True

    def _module_tiles(self, placed: PlacedModule) -> pygame.Surface | None:
        module = placed.module
        layers = [layer for layer in module.tile_layers if layer.visible]
        if not layers:
            return None
        native = module.scale_px_per_cm or 20.0
        surf = pygame.Surface((max(1, round(module.width_cm * native)), max(1, round(module.height_cm * native))))
        surf.fill((92, 92, 88))
        drawn = self._blit_layers(surf, module, layers, (0, 0))
        if not drawn:
            return None
        if placed.rotation:
            surf = pygame.transform.rotate(surf, -placed.rotation)
        w_cm, h_cm = placed.size_cm
        size = (max(1, round(w_cm * self.bake_px_per_cm)), max(1, round(h_cm * self.bake_px_per_cm)))
        if surf.get_size() != size:
            surf = pygame.transform.smoothscale(surf, size)
        return surf

    def _blit_layers(self, surf: pygame.Surface, module: BoardModule, layers: Sequence[TileLayer],
                     origin_px: tuple[int, int]) -> int:
        """Blit the tile layers' cells at the module's own pixels; the number of tiles drawn."""
        tw, th = module.tile_px
        drawn = 0
        for layer in layers:
            target = surf if layer.opacity >= 1 else pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            dx, dy = origin_px[0] + layer.offset_px[0], origin_px[1] + layer.offset_px[1]
            for index, cell in enumerate(layer.cells):
                if cell is None:
                    continue
                image = self.images.load(cell.image)
                if image is None:
                    continue
                tile = _tile_image(image, cell.src, cell.flip_x, cell.flip_y, cell.flip_diagonal)
                col, row = index % layer.width, index // layer.width
                target.blit(tile, (col * tw + dx, (row + 1) * th - tile.get_height() + dy))
                drawn += 1
            if target is not surf:
                target.set_alpha(round(255 * layer.opacity))
                surf.blit(target, (0, 0))
        return drawn

    def _paint_plain_module(self, base: pygame.Surface, placed: PlacedModule) -> None:
        s = self.bake_px_per_cm
        for zone in self.board.zones.values():
            if zone.module_id != placed.module.module_id or len(zone.polygon) < 3:
                continue
            color = ZONE_COLORS.get(zone.kind, (120, 120, 120))
            pygame.draw.polygon(base, color, _poly_px(zone.polygon, s))

    def _paint_terrain(self, base: pygame.Surface) -> None:
        s = self.bake_px_per_cm
        for terrain in self.board.terrain:
            if len(terrain.polygon) < 2:
                continue
            points = _poly_px(terrain.polygon, s)
            color = TERRAIN_COLORS.get(terrain.kind, (100, 100, 100))
            if terrain.kind == TerrainKind.WALL or len(points) < 3:
                pygame.draw.lines(base, color, False, points, max(2, round(0.5 * s)))
                continue
            alpha = 235 if terrain.kind in (TerrainKind.BUILDING, TerrainKind.IMPASSABLE, TerrainKind.OBSTACLE) else 150
            box = pygame.Rect(_points_box(points)).clip(base.get_rect())
            if box.width and box.height:  # a see-through layer the size of the piece, not of the board
                layer = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(layer, (*color, alpha), [(x - box.x, y - box.y) for x, y in points])
                base.blit(layer, box.topleft)
            edge = tuple(max(0, c - 45) for c in color)
            width = max(2, round(0.35 * s)) if terrain.kind == TerrainKind.BUILDING else max(1, round(0.15 * s))
            pygame.draw.polygon(base, edge, points, width)
            for portal in terrain.portals:
                if portal.kind == PortalKind.WINDOW:
                    pygame.draw.line(base, (170, 210, 230), (portal.a[0] * s, portal.a[1] * s),
                                     (portal.b[0] * s, portal.b[1] * s), max(2, round(0.3 * s)))

    def _paint_zone_outlines(self, base: pygame.Surface) -> None:
        if not self.board.zones:
            return
        s = self.bake_px_per_cm
        layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
        for zone in self.board.zones.values():
            if len(zone.polygon) >= 3:
                pygame.draw.polygon(layer, (255, 255, 255, 40), _poly_px(zone.polygon, s), max(1, round(0.08 * s)))
        base.blit(layer, (0, 0))

    def _paint_barriers(self, base: pygame.Surface) -> None:
        s = self.bake_px_per_cm
        wall_px = max(2, round(0.45 * s))
        for a, b in self.board.walls:
            pygame.draw.line(base, WALL_COLOR, (a[0] * s, a[1] * s), (b[0] * s, b[1] * s), wall_px)
            for end in (a, b):
                pygame.draw.circle(base, WALL_COLOR, (end[0] * s, end[1] * s), wall_px / 2)
        paint_fences(base, self.board.fences, s)
        paint_hedges(base, self.board.hedges, s)
        paint_ledges(base, self.board.ledges, s)

    def _paint_openings(self, base: pygame.Surface) -> None:
        s = self.bake_px_per_cm
        for connection in self.board.connections:
            if connection.kind == ConnectionKind.OPENING:
                a, b = connection.segment
                pygame.draw.line(base, (214, 200, 170), (a[0] * s, a[1] * s), (b[0] * s, b[1] * s),
                                 max(2, round(0.3 * s)))

    def _paint_marker(self, base: pygame.Surface, marker: Marker) -> None:
        s = self.bake_px_per_cm
        w_cm, h_cm = marker_size_cm(marker.size)
        size = (max(2, round(w_cm * s)), max(2, round(h_cm * s)))
        rect = pygame.Rect(0, 0, *size)
        rect.center = (round(marker.position[0] * s), round(marker.position[1] * s))
        if marker.kind == MarkerKind.DEPLOYMENT:  # an area on the floor, not a token: tint it
            layer = pygame.Surface(size, pygame.SRCALPHA)
            layer.fill((*DEPLOYMENT_COLOR, 48))
            pygame.draw.rect(layer, (*DEPLOYMENT_COLOR, 210), layer.get_rect(), max(2, round(0.25 * s)))
            base.blit(layer, rect)  # its name is drawn with the zone names (BoardLabels)
            return
        image = self.images.marker(str(marker.kind), marker.color)
        if image is not None:
            base.blit(pygame.transform.smoothscale(image, size), rect)
            return
        color = MARKER_COLORS.get(marker.color, MARKER_COLORS[""])
        if marker.kind == "start":
            color = (70, 160, 220)
        elif marker.kind == "exit":
            color = (80, 190, 90)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*color, 215), layer.get_rect(), border_radius=size[0] // 5)
        pygame.draw.rect(layer, (20, 20, 20, 230), layer.get_rect(), max(1, size[0] // 16), border_radius=size[0] // 5)
        letter = text_with_halo(str(marker.kind)[:1].upper(), max(8, int(size[1] * 0.55)))
        layer.blit(letter, letter.get_rect(center=layer.get_rect().center))
        base.blit(layer, rect)

    # scaled chunks

    def _chunk(self, level: int, zoom: float, col: int, row: int, smooth: bool) -> tuple[pygame.Surface, bool]:
        key = (level, col, row)
        cached = self._chunks.get(key)
        if cached is not None:
            self._chunks.move_to_end(key)
            return cached, True
        scale = zoom / self.bake_px_per_cm
        bw, bh = self.base.get_size()
        x0, y0 = col * CHUNK_BASE_PX, row * CHUNK_BASE_PX
        x1, y1 = min(bw, x0 + CHUNK_BASE_PX), min(bh, y0 + CHUNK_BASE_PX)
        size = (max(1, round(x1 * scale) - round(x0 * scale)), max(1, round(y1 * scale) - round(y0 * scale)))
        source = self.base.subsurface((x0, y0, x1 - x0, y1 - y0))
        if not smooth:
            return pygame.transform.scale(source, size), False
        chunk = _display_format(pygame.transform.smoothscale(source, size))
        self._chunks[key] = chunk
        self._chunk_bytes += chunk.get_width() * chunk.get_height() * chunk.get_bytesize()
        while self._chunk_bytes > self.cache_limit_bytes and len(self._chunks) > 1:
            _, dropped = self._chunks.popitem(last=False)
            self._chunk_bytes -= dropped.get_width() * dropped.get_height() * dropped.get_bytesize()
        return chunk, True

    @property
    def cached_bytes(self) -> int:
        return self._chunk_bytes

    def has_chunk(self, level: int, col: int, row: int) -> bool:
        return (level, col, row) in self._chunks

    def screen_rect(self, camera: Camera) -> pygame.Rect:
        zoom = camera.zoom_px_per_cm
        ox, oy = camera.world_to_screen((0.0, 0.0))
        bw, bh = self.base.get_size()
        scale = zoom / self.bake_px_per_cm
        return pygame.Rect(math.floor(ox), math.floor(oy), round(bw * scale), round(bh * scale))


# --- zone and building names ---------------------------------------------------------------------

LABEL_CM = 0.9  # a name's letters on the table, when the zoom lets them be readable
LABEL_MIN_PX = 12  # never smaller: below this a name is hidden until the player zooms in
LABEL_MAX_PX = 22  # nor larger: close up, names stay names, not posters
LABEL_ALPHA = 220
LABEL_CLEARANCE_CM = 0.3  # kept free between a name and a marker or the zone's edge
LABEL_SPOTS_PER_SIDE = 11


def label_size_px(zoom_px_per_cm: float) -> int:
    """The letter size of zone names at a zoom: in step with the table, within readable limits."""
    return max(LABEL_MIN_PX, min(LABEL_MAX_PX, round(LABEL_CM * zoom_px_per_cm)))


def _label_lines(text: str) -> list[tuple[str, ...]]:
    """The ways to set a name: on one line, then on two split at the most even space."""
    words = text.split()
    ways: list[tuple[str, ...]] = [(text,)]
    if len(words) > 1:
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        ways.append(min(splits, key=lambda pair: abs(len(pair[0]) - len(pair[1]))))
    return ways


Box = tuple[float, float, float, float]  # left, top, right, bottom in cm


def _boxes_touch(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box_inside(box: Box, polygon: Sequence[Point]) -> bool:
    """Whether an upright box lies inside a simple polygon: its corners in, no corner of the polygon in it."""
    left, top, right, bottom = box
    if not all(point_in_polygon(corner, polygon) for corner in ((left, top), (right, top), (right, bottom), (left, bottom))):
        return False
    return not any(left < x < right and top < y < bottom for x, y in polygon)


def board_doors(board: Board) -> Iterator[tuple[str, tuple[Point, Point], str, bool]]:
    """Every door, between zones or in a building's wall: its id, segment, colour and whether it starts open."""
    for connection in board.connections:
        if connection.kind == ConnectionKind.DOOR:
            yield connection.id, connection.segment, connection.color, connection.is_open
    for terrain in board.terrain:
        for portal in terrain.portals:
            if portal.kind == PortalKind.DOOR:
                yield portal.id, (portal.a, portal.b), portal.color, portal.is_open


def _door_box(segment: tuple[Point, Point]) -> Box:
    (ax, ay), (bx, by) = segment
    half = max(math.dist(segment[0], segment[1]), DOOR_THICK_CM) / 2
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    return (cx - half, cy - half, cx + half, cy + half)


@record
class PlacedLabel:
    """A name set for one zoom step: its lines, letter size, and where its centre lies on the table."""

    text: str
    lines: tuple[str, ...]
    size_px: int
    center_cm: Point
    box_cm: Box


class BoardLabels:
    """Zone and building names, drawn over the board at a size that follows the zoom (within
    readable limits) and set where no marker lies: the zone's centre when free, else the free spot
    nearest to it. A name with no room at the smallest readable size waits for a closer zoom."""

    def __init__(self, board: Board):
        self.areas: list[tuple[str, tuple[Point, ...], Point]] = []
        for zone in board.zones.values():
            if zone.label and len(zone.polygon) >= 3:
                self.areas.append((zone.label, tuple(zone.polygon), zone.center))
        for terrain in board.terrain:
            if terrain.label and len(terrain.polygon) >= 3:
                self.areas.append((named(terrain.label), tuple(terrain.polygon), polygon_centroid(terrain.polygon)))
        self.markers: list[Box] = []
        for marker in board.markers:
            w_cm, h_cm = marker_size_cm(marker.size)
            x, y = marker.position
            box = (x - w_cm / 2, y - h_cm / 2, x + w_cm / 2, y + h_cm / 2)
            if marker.kind == MarkerKind.DEPLOYMENT:  # an area on the floor: named, and names may sit on it
                outline = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
                self.areas.append((_("Deployment"), outline, (x, box[1])))
                continue
            self.markers.append(box)
        # doors, open or shut: a square as wide as the door, room for its leaf swung either way
        self.markers.extend(_door_box(segment) for _, segment, _, _ in board_doors(board))
        self._placed: dict[int, list[PlacedLabel]] = {}
        self._surfaces: dict[tuple[tuple[str, ...], int], pygame.Surface] = {}
        self._drawn_by_level: dict[int, list[tuple[pygame.Surface, Point, int, int, int, int]]] = {}

    def avoid(self, boxes: list[Box]) -> None:
        """Keep the names off these boxes too (a game's tokens that lie still, such as its crates):
        the names are placed again."""
        self.markers.extend(boxes)
        self._placed.clear()
        self._drawn_by_level.clear()

    def placed(self, zoom_level: int, zoom_px_per_cm: float) -> list[PlacedLabel]:
        """The names that show at this zoom step, and where."""
        found = self._placed.get(zoom_level)
        if found is None:
            found = [spot for spot in (self._place(*area, zoom_px_per_cm) for area in self.areas) if spot is not None]
            self._placed[zoom_level] = found
        return found

    def _place(self, text: str, polygon: tuple[Point, ...], preferred: Point, zoom: float) -> PlacedLabel | None:
        bounds = polygon_bounds(polygon)
        pad = LABEL_CLEARANCE_CM
        nearby = [m for m in self.markers if _boxes_touch(m, (bounds[0] - pad, bounds[1] - pad, bounds[2] + pad, bounds[3] + pad))]
        largest = label_size_px(zoom)
        for size_px in sorted({largest, (largest + LABEL_MIN_PX) // 2, LABEL_MIN_PX}, reverse=True):
            for lines in _label_lines(text):
                w_px, h_px = self._measure(lines, size_px)
                half_w, half_h = w_px / zoom / 2 + pad, h_px / zoom / 2 + pad
                for cx, cy in self._spots(bounds, preferred, half_w, half_h):
                    box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
                    if _box_inside(box, polygon) and not any(_boxes_touch(box, m) for m in nearby):
                        inner = (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)
                        return PlacedLabel(text, lines, size_px, (cx, cy), inner)
        return None

    @staticmethod
    def _spots(bounds: Box, preferred: Point, half_w: float, half_h: float) -> list[Point]:
        """Where a label's centre may go in the zone's bounds, nearest the preferred point first."""
        left, top, right, bottom = bounds[0] + half_w, bounds[1] + half_h, bounds[2] - half_w, bounds[3] - half_h
        if left > right or top > bottom:
            return []
        n = LABEL_SPOTS_PER_SIDE - 1
        spots = {(left + (right - left) * i / n, top + (bottom - top) * j / n) for i in range(n + 1) for j in range(n + 1)}
        px, py = preferred
        spots.add((min(right, max(left, px)), min(bottom, max(top, py))))
        return sorted(spots, key=lambda spot: (math.dist(spot, preferred), spot))

    @staticmethod
    def _measure(lines: tuple[str, ...], size_px: int) -> tuple[int, int]:
        f = font(size_px)
        sizes = [f.size(line) for line in lines]
        return max(w for w, _ in sizes) + 2, sum(h for _, h in sizes) + 2

    def surface(self, label: PlacedLabel) -> pygame.Surface:
        key = (label.lines, label.size_px)
        surf = self._surfaces.get(key)
        if surf is None:
            rendered = [text_with_halo(line, label.size_px) for line in label.lines]
            surf = pygame.Surface((max(r.get_width() for r in rendered), sum(r.get_height() for r in rendered)),
                                  pygame.SRCALPHA)
            y = 0
            for line in rendered:
                surf.blit(line, line.get_rect(midtop=(surf.get_width() // 2, y)))
                y += line.get_height()
            surf.set_alpha(LABEL_ALPHA)
            self._surfaces[key] = surf
        return surf

    def _drawn(self, zoom_level: int, zoom_px_per_cm: float) -> list[tuple[pygame.Surface, Point, int, int, int, int]]:
        """Per zoom step: each name's surface, centre (cm), size and half size in pixels."""
        found = self._drawn_by_level.get(zoom_level)
        if found is None:
            found = []
            for label in self.placed(zoom_level, zoom_px_per_cm):
                surf = self.surface(label)
                w, h = surf.get_size()
                found.append((surf, label.center_cm, w, h, w // 2, h // 2))
            self._drawn_by_level[zoom_level] = found
        return found


# --- what changes during play ------------------------------------------------------------------


@mutable_record
class TableView:
    """What to draw over the board this frame, besides the pieces."""

    selected: str | None = None
    tape: Tape | None = None
    ring_cm: float | None = None  # ring around the selected miniature
    door_open: Mapping[str, bool] = field(default_factory=dict)  # door id → open, overrides the board
    piece_scale: Mapping[str, float] = field(default_factory=dict)  # crowded zones draw bases smaller
    show_facing: bool = False


def _around(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """``outer`` less ``inner``, as up to four rectangles (above, below, left, right)."""
    middle = inner.clip(outer)
    if not middle.width or not middle.height:
        return [outer]
    strips = [pygame.Rect(outer.left, outer.top, outer.width, middle.top - outer.top),
              pygame.Rect(outer.left, middle.bottom, outer.width, outer.bottom - middle.bottom),
              pygame.Rect(outer.left, middle.top, middle.left - outer.left, middle.height),
              pygame.Rect(middle.right, middle.top, outer.right - middle.right, middle.height)]
    return [strip for strip in strips if strip.width > 0 and strip.height > 0]


class TableRenderer:
    """Draws a board and its pieces through a camera onto any surface."""

    def __init__(self, board: Board, images: ImageStore | None = None):
        self.board = board
        self.images = images or ImageStore()
        self.art = BoardArt(board, self.images)
        self.labels = BoardLabels(board)
        self._background: tuple[tuple[int, int], pygame.Surface] | None = None
        self._tokens: dict[tuple[str, str, int], pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}
        self._sprites: dict[tuple[str, str, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._labels: dict[tuple[str, int], pygame.Surface] = {}
        self._doors: dict[tuple[str, bool, int, int, int], pygame.Surface] = {}
        self._door_layouts: dict[int, list[tuple[str, bool, str, Point, int, int, int]]] = {}
        self.layer = RestingLayer(self)  # the board's chunks with what lies still on them
        self.name_rects: list[pygame.Rect] = []  # where the last frame wrote the pieces' names (the selected one's first)
        self.complete = True  # False while some board chunks are still rough
        self._pinch_frame: pygame.Surface | None = None

    # cached pieces of art

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._background is None or self._background[0] != size:
            small = pygame.Surface((32, 18))
            for y in range(18):
                for x in range(32):
                    d = math.hypot((x - 15.5) / 16, (y - 8.5) / 9) / 1.42
                    t = min(1.0, d * d * 1.1)
                    small.set_at((x, y), [round(a + (b - a) * t) for a, b in zip(TABLE_TOP, TABLE_EDGE, strict=True)])
            self._background = (size, _display_format(pygame.transform.smoothscale(small, size)))
        return self._background[1]

    def _token(self, piece: Piece, diameter_px: int) -> pygame.Surface:
        key = (piece.token, piece.side, diameter_px)
        surf = self._tokens.get(key)
        if surf is None:
            image = self.images.token(piece.token)
            if image is not None:
                surf = pygame.transform.smoothscale(image, (diameter_px, diameter_px))
            else:
                surf = self._plain_disc(piece, diameter_px)
            self._tokens[key] = surf
        return surf

    @staticmethod
    def _plain_disc(piece: Piece, d: int) -> pygame.Surface:
        big = max(d * 2, 8)
        disc = pygame.Surface((big, big), pygame.SRCALPHA)
        color = SIDE_COLORS.get(piece.side, (180, 180, 180))
        r = big / 2
        pygame.draw.circle(disc, (25, 25, 25), (r, r), r)
        pygame.draw.circle(disc, color, (r, r), r * 0.86)
        pygame.draw.circle(disc, tuple(min(255, c + 50) for c in color), (r * 0.9, r * 0.85), r * 0.55)
        pygame.draw.circle(disc, color, (r, r * 1.02), r * 0.55)
        letter = text_with_halo((piece.token or piece.id)[:1].upper(), max(6, int(big * 0.45)))
        disc.blit(letter, letter.get_rect(center=(r, r)))
        return pygame.transform.smoothscale(disc, (d, d))

    def _sprite(self, piece: Piece, diameter_px: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """The token over its soft shadow in one image, and where the token's centre is in it. The
        image is premultiplied: blitted with ``BLEND_PREMULTIPLIED`` it blends in about half the time
        (150 of them every frame at 4K)."""
        key = (piece.token, piece.side, diameter_px)
        found = self._sprites.get(key)
        if found is None:
            shadow = self._shadow(diameter_px)
            token = self._token(piece, diameter_px)
            lift = max(1, diameter_px // 12)
            sprite = shadow.copy()
            sc = sprite.get_rect().center
            centre = (sc[0] - lift, sc[1] - round(lift * 1.5))
            sprite.blit(token, token.get_rect(center=centre))
            found = (_display_format(sprite, alpha=True).premul_alpha(), centre)
            self._sprites[key] = found
        return found

    def _shadow(self, diameter_px: int) -> pygame.Surface:
        surf = self._shadows.get(diameter_px)
        if surf is None:
            pad = max(2, min(SHADOW_PAD_MAX_PX, diameter_px // 4))
            size = diameter_px + 2 * pad
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(surf, (0, 0, 0, 150), (size / 2, size / 2), diameter_px / 2)
            surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2))
            self._shadows[diameter_px] = surf
        return surf

    def _label(self, text: str, size_px: int) -> pygame.Surface:
        key = (text, size_px)
        surf = self._labels.get(key)
        if surf is None:
            words = font(size_px).render(text, True, (250, 248, 240))
            pad_x, pad_y = max(2, size_px // 3), max(1, size_px // 8)
            surf = pygame.Surface((words.get_width() + 2 * pad_x, words.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(surf, (15, 15, 15, 180), surf.get_rect(), border_radius=surf.get_height() // 2)
            surf.blit(words, (pad_x, pad_y))
            surf = _display_format(surf, alpha=True)
            self._labels[key] = surf
        return surf

    def _door(self, color: str, is_open: bool, length_px: int, thick_px: int, angle_deg: int) -> pygame.Surface:
        """A door across its gap: closed, a solid leaf in its colour; open, the leaf swung aside."""
        key = (color, is_open, length_px, thick_px, angle_deg)
        surf = self._doors.get(key)
        if surf is None:
            fill = MARKER_COLORS.get(color, MARKER_COLORS["neutral"])
            # Closed: just the leaf. Open: a square, room for the leaf swung out of the gap.
            flat = pygame.Surface((length_px, length_px if is_open else thick_px + 2), pygame.SRCALPHA)
            mid = flat.get_height() // 2
            across = pygame.Rect(0, mid - thick_px // 2, length_px, thick_px)
            image = self.images.door(color, is_open)
            if image is not None:
                if not is_open:  # a dark rim sets the leaf apart from any floor
                    pygame.draw.rect(flat, DOOR_EDGE, across.inflate(-2, 2), border_radius=thick_px // 3)
                flat.blit(pygame.transform.smoothscale(image, across.size), across)
            elif not is_open:
                pygame.draw.rect(flat, DOOR_EDGE, across, border_radius=thick_px // 3)
                pygame.draw.rect(flat, fill, across.inflate(-max(2, thick_px // 3), -max(2, thick_px // 3)),
                                 border_radius=thick_px // 3)
            if is_open:  # the leaf stands open from its hinge, square to the gap
                jamb = max(2, round(length_px * 0.1))
                leaf_w = max(3, round(thick_px * 0.6))
                leaf = pygame.Rect(jamb, mid - round(length_px * 0.72), leaf_w, round(length_px * 0.72))
                pygame.draw.rect(flat, DOOR_EDGE, leaf.inflate(2, 2), border_radius=leaf_w // 3)
                pygame.draw.rect(flat, fill, leaf, border_radius=leaf_w // 3)
                pygame.draw.arc(flat, (*fill, 200), pygame.Rect(jamb - leaf.height, mid - leaf.height,
                                                                2 * leaf.height, 2 * leaf.height),
                                0, math.pi / 2, max(1, thick_px // 6))
                if image is None:
                    for side_x in (0, length_px - jamb):
                        pygame.draw.rect(flat, DOOR_EDGE, (side_x, across.top, jamb, across.height))
            surf = pygame.transform.rotate(flat, -angle_deg) if angle_deg else flat
            self._doors[key] = surf
        return surf

    # drawing

    def draw(self, target: pygame.Surface, camera: Camera, pieces: Iterable[Piece], view: TableView | None = None) -> None:
        view = view or TableView()
        if camera.is_between_steps:
            self._draw_between_steps(target, camera, pieces, view)
            return
        viewport = pygame.Rect(camera.viewport_x_px, camera.viewport_y_px, camera.viewport_w_px, camera.viewport_h_px)
        old_clip = target.get_clip()
        target.set_clip(viewport.clip(old_clip) if old_clip else viewport)
        board_rect = self.art.screen_rect(camera)
        if not board_rect.contains(viewport):
            background = self.background(viewport.size)
            for strip in _around(viewport, board_rect):  # only what the board leaves: a 4K frame is 33 MB
                target.blit(background, strip.topleft, strip.move(-viewport.x, -viewport.y))
            self._board_shadow(target, board_rect)
        piece_view = PieceView(view.selected, view.piece_scale, view.show_facing)
        resting, moving = self.layer.split(pieces, piece_view)
        self.complete = self.layer.draw(target, camera, resting, piece_view, view.door_open)
        self._draw_ring(target, camera, moving, view)
        resting_names, resting_bodies = self.layer.on_screen(camera)
        self.name_rects = resting_names  # zone names and tags drawn over the table keep off these
        if moving:
            clip = target.get_clip()
            ox, oy = camera.world_to_screen((0.0, 0.0))  # where the chunks put the board's corner: no 1 px jump on settling
            marks = piece_items(self, moving, (math.floor(ox), math.floor(oy), 0.0, 0.0, camera.zoom_px_per_cm),
                                (clip.left, clip.top, clip.right, clip.bottom), piece_view, resting_names, resting_bodies)
            paint(target, marks.items)
            self.name_rects = marks.names + resting_names
        if view.tape is not None:
            self._draw_tape(target, camera, view.tape)
        target.set_clip(old_clip)

    def _draw_between_steps(self, target: pygame.Surface, camera: Camera, pieces: Iterable[Piece],
                            view: TableView) -> None:
        """Mid-pinch: the picture at the nearest cached step, stretched to the fingers' zoom."""
        stepped = camera.stepped()
        size = (stepped.viewport_w_px, stepped.viewport_h_px)
        if self._pinch_frame is None or self._pinch_frame.get_size() != size:
            self._pinch_frame = _display_format(pygame.Surface(size))
        self.draw(self._pinch_frame, stepped, pieces, view)
        viewport = pygame.Rect(camera.viewport_x_px, camera.viewport_y_px, camera.viewport_w_px, camera.viewport_h_px)
        target.blit(pygame.transform.scale(self._pinch_frame, viewport.size), viewport)

    def draw_tray(self, target: pygame.Surface, panel: pygame.Rect, slots, holding_piece: bool) -> None:
        """The tray over the table's right edge; it glows red while a held piece would be removed."""
        layer = pygame.Surface(panel.size, pygame.SRCALPHA)
        fill = (90, 28, 24, 225) if holding_piece else (24, 28, 30, 220)
        pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=10)
        target.blit(layer, panel)
        for entry, rect in slots:
            pygame.draw.rect(target, (52, 58, 60), rect, border_radius=8)
            pygame.draw.rect(target, (110, 118, 118), rect, 1, border_radius=8)
            sample = Piece(id="tray", token=entry.image or entry.token, label=entry.label, side=entry.side,
                           base_cm=entry.base_cm, x_cm=0.0, y_cm=0.0)
            token = self._token(sample, rect.width - 26)
            target.blit(token, token.get_rect(center=(rect.centerx, rect.top + 4 + token.get_height() // 2)))
            words = _(entry.label)  # the tray's names are marked in game.table.tray
            label = self._label(words, 11)
            if label.get_width() > rect.width + TRAY_LABEL_OVERHANG_PX:
                label = self._label(words, 9)
            target.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))
        if holding_piece:
            hint = self._label(_("Drop here to remove"), 13)
            target.blit(hint, hint.get_rect(topright=(panel.right - 4, panel.bottom + 4)))

    @staticmethod
    def _board_shadow(target: pygame.Surface, rect: pygame.Rect) -> None:
        for offset, shade in ((12, 225), (9, 205), (6, 185), (3, 165)):
            right = pygame.Rect(rect.right, rect.top + offset, offset, rect.height)
            bottom = pygame.Rect(rect.left + offset, rect.bottom, rect.width, offset)
            for strip in (right, bottom):
                target.fill((shade, shade, shade), strip, special_flags=pygame.BLEND_RGB_MULT)

    def _door_layout(self, zoom_level: int, zoom: float) -> list[tuple[str, bool, str, Point, int, int, int]]:
        """Each door's id, open by default, colour, middle (cm), length, thickness and angle at a zoom step."""
        found = self._door_layouts.get(zoom_level)
        if found is None:
            found = self._door_layouts[zoom_level] = self._lay_doors(zoom)
        return found

    def _lay_doors(self, zoom: float) -> list[tuple[str, bool, str, Point, int, int, int]]:
        found = []
        for door_id, (a, b), color, is_open in board_doors(self.board):
            length_px = max(12, round(math.dist(a, b) * zoom))
            thick_px = max(DOOR_MIN_THICK_PX, min(round(DOOR_THICK_CM * zoom), length_px // 3))
            angle = round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))) % 180
            found.append((door_id, is_open, color, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), length_px, thick_px, angle))
        return found

    def _draw_ring(self, target: pygame.Surface, camera: Camera, pieces: Iterable[Piece], view: TableView) -> None:
        if view.ring_cm is None or view.selected is None:
            return
        piece = next((p for p in pieces if p.id == view.selected), None)
        if piece is None:
            return
        radius_cm = piece.radius_cm + view.ring_cm
        points = [camera.world_to_screen(p) for p in ring_points_cm((piece.x_cm, piece.y_cm), radius_cm)]
        pygame.draw.lines(target, RING_COLOR, True, points, 3)
        top = camera.world_to_screen((piece.x_cm, piece.y_cm - radius_cm))
        label = self._label(f"{view.ring_cm:g} cm", 15)
        target.blit(label, label.get_rect(midbottom=(top[0], top[1] - 3)))

    def _draw_tape(self, target: pygame.Surface, camera: Camera, tape: Tape) -> None:
        points = [camera.world_to_screen(p) for p in tape.points_cm]
        if len(points) >= 2:
            pygame.draw.lines(target, (30, 30, 20), False, points, 7)
            pygame.draw.lines(target, TAPE_COLOR, False, points, 4)
        for p in points:
            pygame.draw.circle(target, (30, 30, 20), p, 6)
            pygame.draw.circle(target, TAPE_COLOR, p, 4)
        legs = tape.legs_cm()
        if len(legs) > 1:
            for (a, b), leg in zip(zip(points, points[1:], strict=False), legs, strict=False):
                label = self._label(f"{leg:.1f}", 14)
                target.blit(label, label.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 14)))
        total = self._label(f"{tape.total_cm():.1f} cm", TAPE_TOTAL_PX)
        end = points[-1]
        box = total.get_rect(midbottom=(end[0], end[1] - 24))  # above the finger, not under it
        box.clamp_ip(target.get_clip())
        target.blit(total, box)
