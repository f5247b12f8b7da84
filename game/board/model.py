"""Plain, typed board data in centimetres.

This is the contract between the map loader, mission assembly, the rules engines and the app.
Nothing here imports pygame, pymunk or pytmx. Coordinates are in cm, x to the right, y down
(Tiled's convention), relative to the module (``BoardModule``) or to the whole board (``Board``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum
from types import MappingProxyType

from game.rules.core.frozen import record

Point = tuple[float, float]
PropertyValue = str | int | float | bool


DOOR_COLORS = ("neutral", "blue", "pink", "green", "red", "yellow", "purple")
COLOR_WORD = re.compile(r"^[a-z][a-z0-9_]{0,31}$")  # a marker's colour names its image: a plain word


def frozen_mapping(data: Mapping[str, object] | None = None) -> Mapping[str, object]:
    return MappingProxyType(dict(data or {}))


class Layout(StrEnum):
    """How pieces are placed: in zones (Zombicide, City of Horror) or freely in cm."""

    ZONES = "zones"
    FREE = "free"


class ZoneKind(StrEnum):
    STREET = "street"
    ROOM = "room"
    HALLWAY = "hallway"  # hospital interior hallway: a street in every respect, indoors
    HOSPITAL_ROOM = "hospital_room"  # a building room that cannot be searched
    LOCKER_ROOM = "locker_room"  # a hospital room that can be searched
    CAMP = "camp"
    TENT = "tent"  # a camp zone that receives a tent card
    HELIPAD = "helipad"
    WASTELAND = "wasteland"
    CORRIDOR = "corridor"  # Invader: indoor zone bounded by painted lines, sees like a street
    OUTDOOR = "outdoor"  # Invader: the planet's surface
    AIRLOCK = "airlock"  # Invader: the only link between a building and the outdoors
    SECURITY_ROOM = "security_room"
    OXYGEN_ROOM = "oxygen_room"
    WATER = "water"  # Green Horde: flooded street zone
    LOCATION = "location"  # City of Horror: a part of a location board (its spaces, zombies, items, sign)
    TRACK = "track"  # City of Horror: a space of the Straggler track


# Zones where sight runs in straight lines through any number of zones.
STREET_LIKE_KINDS: frozenset[ZoneKind] = frozenset(
    {
        ZoneKind.STREET,
        ZoneKind.HALLWAY,
        ZoneKind.CAMP,
        ZoneKind.TENT,
        ZoneKind.HELIPAD,
        ZoneKind.WASTELAND,
        ZoneKind.CORRIDOR,
        ZoneKind.OUTDOOR,
        ZoneKind.WATER,
    }
)
# Zones that are rooms of a building: entered only through doors or openings, sight 1 zone deep.
BUILDING_KINDS: frozenset[ZoneKind] = frozenset(set(ZoneKind) - STREET_LIKE_KINDS)
SEARCHABLE_KINDS: frozenset[ZoneKind] = frozenset(
    {ZoneKind.ROOM, ZoneKind.LOCKER_ROOM, ZoneKind.SECURITY_ROOM}
)


class PortalKind(StrEnum):
    DOOR = "door"  # can be open or closed, has a colour
    OPENING = "opening"  # a permanent gap in a wall
    WINDOW = "window"  # free tables: a building's window (sight and climbing)


class BarrierKind(StrEnum):
    WALL = "wall"  # blocks movement and sight
    FENCE = "fence"  # blocks movement, not sight
    HEDGE = "hedge"  # Green Horde: can be crossed, blocks sight
    LEDGE = "ledge"  # Green Horde: water → dry costs an extra action


class MarkerKind(StrEnum):
    START = "start"
    EXIT = "exit"
    SPAWN = "spawn"
    OBJECTIVE = "objective"
    SEWER = "sewer"
    BED = "bed"
    EVENT_TRIGGER = "event_trigger"
    STAIRS = "stairs"
    HELICOPTER = "helicopter"
    CRASHED_HELICOPTER = "crashed_helicopter"
    NOISE = "noise"
    TENT_SLOT = "tent_slot"
    VEHICLE = "vehicle"
    DEPLOYMENT = "deployment"  # free tables: a band's deployment area
    LAMP = "lamp"  # free tables: a street lamp
    SIEGE_ENGINE = "siege_engine"  # a siege engine standing in the zone at set-up (Green Horde's Trebuchet)
    DRAGON_BILE = "dragon_bile"  # a puddle of Dragon Bile poured before the game starts


class TerrainKind(StrEnum):
    BUILDING = "building"
    WALL = "wall"
    OBSTACLE = "obstacle"
    DIFFICULT = "difficult"
    COVER = "cover"
    STAIRS = "stairs"
    IMPASSABLE = "impassable"


@record
class Zone:
    """A zone of a module, in module cm."""

    id: str  # unique within the module: the object's name, or "z<object id>"
    kind: ZoneKind
    polygon: tuple[Point, ...]
    label: str = ""
    object_id: int = 0
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)


@record
class Portal:
    """A door, opening or window: a segment on the edge between two zones (or a building's edge)."""

    id: str
    kind: PortalKind
    a: Point  # segment ends, along the edge
    b: Point
    zones: tuple[str, str] | None = None  # the two zones it joins (zone boards)
    color: str = "neutral"
    is_open: bool = False
    object_id: int = 0
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)

    @property
    def center(self) -> Point:
        return ((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2)


@record
class Barrier:
    """A wall, fence, hedge or ledge drawn as a polyline."""

    kind: BarrierKind
    points: tuple[Point, ...]
    height_cm: float = 0.0
    object_id: int = 0


@record
class Marker:
    """A token printed on the module or placed by a mission: spawn, objective, exit…"""

    kind: MarkerKind
    position: Point  # centre
    size: tuple[float, float] = (0.0, 0.0)
    zone: str | None = None  # the zone under the centre (zone boards)
    color: str = ""
    locators: tuple[int, ...] = ()
    object_id: int = 0
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)


@record
class Terrain:
    """A piece of terrain of a free table: building, wall, obstacle, difficult ground, cover."""

    kind: TerrainKind
    polygon: tuple[Point, ...]
    height_cm: float = 0.0
    cover: int = 0  # 0 none, 1 light, 2 heavy
    label: str = ""
    portals: tuple[Portal, ...] = ()  # a building's doors and windows
    object_id: int = 0
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)


@record
class TileRef:
    """One cell of a tile layer: a rectangle of a tileset image (path relative to the repo or absolute)."""

    image: str
    src: tuple[int, int, int, int]  # x, y, w, h in the image's pixels
    flip_x: bool = False
    flip_y: bool = False
    flip_diagonal: bool = False


@record
class TileLayer:
    name: str
    width: int  # in tiles
    height: int
    cells: tuple[TileRef | None, ...]  # row-major
    opacity: float = 1.0
    visible: bool = True
    offset_px: tuple[int, int] = (0, 0)  # its own and its groups' offsets, in the map's pixels


@record
class BoardModule:
    """One Tiled map, turned into plain data in cm."""

    path: str
    module_id: str
    game: str
    layout: Layout
    scale_px_per_cm: float
    width_cm: float
    height_cm: float
    tile_px: tuple[int, int]  # the map's tile size in pixels
    zones: tuple[Zone, ...] = ()
    portals: tuple[Portal, ...] = ()
    barriers: tuple[Barrier, ...] = ()
    markers: tuple[Marker, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    tile_layers: tuple[TileLayer, ...] = ()
    title: str = ""
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)

    @property
    def tile_cm(self) -> tuple[float, float]:
        return (self.tile_px[0] / self.scale_px_per_cm, self.tile_px[1] / self.scale_px_per_cm)

    def zone(self, zone_id: str) -> Zone:
        for zone in self.zones:
            if zone.id == zone_id:
                return zone
        raise KeyError(zone_id)


# --- the assembled board -------------------------------------------------------------------


@record
class PlacedModule:
    """A module placed on the board grid; ``origin_cm`` is the board position of its top-left."""

    module: BoardModule
    col: int
    row: int
    rotation: int  # 0, 90, 180, 270 degrees clockwise
    origin_cm: Point

    def to_board(self, p: Point) -> Point:
        """Module cm → board cm, rotating clockwise about the module's centre."""
        w, h = self.module.width_cm, self.module.height_cm
        x, y = p
        if self.rotation == 90:
            x, y = h - y, x
        elif self.rotation == 180:
            x, y = w - x, h - y
        elif self.rotation == 270:
            x, y = y, w - x
        return (self.origin_cm[0] + x, self.origin_cm[1] + y)

    @property
    def size_cm(self) -> tuple[float, float]:
        w, h = self.module.width_cm, self.module.height_cm
        return (h, w) if self.rotation in (90, 270) else (w, h)


@record
class BoardZone:
    id: str  # "<module_id>:<zone id>"
    module_id: str
    kind: ZoneKind
    polygon: tuple[Point, ...]  # board cm
    center: Point
    area_cm2: float
    building: str | None = None  # building id for building kinds
    label: str = ""
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)

    def label_in(self, language: str) -> str:
        """The label in ``language`` when the map gives it (``label_es``), else the English one."""
        shown = self.properties.get(f"label_{language}") if language != "en" and self.label else None
        return shown if isinstance(shown, str) and shown else self.label

    @property
    def is_street_like(self) -> bool:
        return self.kind in STREET_LIKE_KINDS

    @property
    def is_searchable(self) -> bool:
        return self.kind in SEARCHABLE_KINDS


class ConnectionKind(StrEnum):
    OPEN = "open"  # street to street
    DOOR = "door"
    OPENING = "opening"
    FENCE = "fence"  # no movement (unless stairs), sight passes
    HEDGE = "hedge"
    LEDGE = "ledge"
    BARRIER = "barrier"  # a token across a street border: blocks walking, not sight (placed by missions)


@record
class Connection:
    """An edge of the zone graph between two zones that share a border."""

    id: str
    a: str
    b: str
    kind: ConnectionKind
    segment: tuple[Point, Point]  # where it is drawn (the door, or the shared border)
    color: str = ""
    is_open: bool = True  # doors: their state at set-up
    has_stairs: bool = False  # a fence crossed by a stairs token

    def other(self, zone_id: str) -> str:
        return self.b if zone_id == self.a else self.a


@record
class SightStep:
    """One zone a sight line enters, and the connection it crosses to enter it."""

    zone: str
    via: str  # connection id


@record
class Board:
    """An assembled mission board (or a single module shown alone)."""

    title: str
    game: str
    layout: Layout
    width_cm: float
    height_cm: float
    modules: tuple[PlacedModule, ...]
    zones: Mapping[str, BoardZone]
    connections: tuple[Connection, ...]
    walls: tuple[tuple[Point, Point], ...]  # segments to draw and to stop pieces, board cm
    fences: tuple[tuple[Point, Point], ...]
    markers: tuple[Marker, ...]  # board cm, zone ids are board zone ids
    terrain: tuple[Terrain, ...]  # free tables, board cm
    buildings: Mapping[str, tuple[str, ...]]
    # Straight sight lines leaving each zone: each is the ordered zones it enters. Whether a
    # line is blocked by a closed door, a tent or a crashed helicopter is decided at play time.
    sight_lines: Mapping[str, tuple[tuple[SightStep, ...], ...]]
    cell_cm: float  # size of the lookup grid below
    zone_grid: tuple[str | None, ...]  # row-major zone id per cell, for zone_at
    grid_size: tuple[int, int]  # cols, rows
    source: str = ""  # the mission or map file
    properties: Mapping[str, object] = field(default_factory=frozen_mapping)
    # drawn only: how hedges and ledges act is in ``connections`` (grid boards) or the terrain
    hedges: tuple[tuple[Point, Point], ...] = ()
    ledges: tuple[tuple[Point, Point], ...] = ()

    def title_in(self, language: str) -> str:
        """The title in ``language`` when the mission gives it (``title_es``), else the English one."""
        shown = self.properties.get(f"title_{language}") if language != "en" else None
        return shown if isinstance(shown, str) and shown else self.title

    def zone_at(self, p: Point) -> str | None:
        col = int(p[0] // self.cell_cm)
        row = int(p[1] // self.cell_cm)
        cols, rows = self.grid_size
        if 0 <= col < cols and 0 <= row < rows:
            return self.zone_grid[row * cols + col]
        return None

    def connections_of(self, zone_id: str) -> tuple[Connection, ...]:
        return tuple(c for c in self.connections if zone_id in (c.a, c.b))
