#!/usr/bin/env python3
"""Write Deadtable's shipped maps: the core's and Rue Morgue's Zombicide modules and the Zombieworld
free tables (described below), their missions (``rue_morgue_missions.py``, written with
``mission_toml.py``), then Green Horde's (``green_horde_maps.py``) and Invader's (``make_invader_maps.py``).

Each map is described as data (zones, doors, walls, markers in tile units) and written as
Tiled XML with a CSV floor layer painted from the zones. Same input, same bytes: the output is
deterministic. Usage: ``python tools/make_maps.py [maps_dir]`` (default: the repo's ``maps``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))

from make_assets import TILE_INDEX, TILE_PX  # noqa: E402
from rue_morgue_missions import missions  # noqa: E402
from zone_labels_es import LABELS_ES  # noqa: E402

TILESET_SOURCE = "../../assets/tiles/deadtable.tsx"
MODULE_TILES = 15  # a Zombicide module: 15×15 tiles of 2 cm
MODULE_SCALE = 20.0  # px per cm
FREE_TILES = 30  # a free table: 30×30 tiles of 4 cm = 120×120 cm
FREE_SCALE = 10.0

STREET_LIKE = {"street", "hallway", "camp", "tent", "helipad", "wasteland"}
Prop = str | int | float | bool


def gid(tile: str) -> int:
    return TILE_INDEX[tile] + 1


# --- zone-board description ------------------------------------------------------------------


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def contains_cell(self, col: int, row: int) -> bool:
        return self.x <= col + 0.5 < self.right and self.y <= row + 0.5 < self.bottom


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    kind: str
    rect: Rect
    floor: str = ""  # tile name for rooms; street-like floors are painted from the kind
    label: str = ""


@dataclass(frozen=True)
class PortalSpec:
    a: str
    b: str
    cls: str = "door"  # door or opening
    name: str = ""
    color: str = "neutral"
    is_open: bool = False
    at: float = 0.5  # position along the shared border, 0..1
    length: float = 2.0  # tiles


@dataclass(frozen=True)
class MarkerSpec:
    kind: str
    zone: str
    props: tuple[tuple[str, Prop], ...] = ()
    at: tuple[float, float] | None = None  # tile coordinates of the centre; default: in the zone


@dataclass
class ModuleSpec:
    module_id: str
    title: str
    zones: list[ZoneSpec]
    portals: list[PortalSpec] = field(default_factory=list)
    walls: list[tuple[str, str]] = field(default_factory=list)  # walls along street-street borders
    fences: list[list[tuple[float, float]]] = field(default_factory=list)  # polylines in tiles
    markers: list[MarkerSpec] = field(default_factory=list)
    paint: dict[tuple[int, int], str] = field(default_factory=dict)  # tile overrides


def Z(name: str, kind: str, x: float, y: float, w: float, h: float, floor: str = "", label: str = "") -> ZoneSpec:
    return ZoneSpec(name, kind, Rect(x, y, w, h), floor, label)


def door(a: str, b: str, name: str, at: float = 0.5, **kw: object) -> PortalSpec:
    return PortalSpec(a, b, "door", name, at=at, **kw)  # type: ignore[arg-type]


def opening(a: str, b: str, at: float = 0.5, length: float = 2.0) -> PortalSpec:
    return PortalSpec(a, b, "opening", at=at, length=length)


def mark(kind: str, zone: str, at: tuple[float, float] | None = None, **props: Prop) -> MarkerSpec:
    return MarkerSpec(kind, zone, tuple(sorted(props.items())), at)


def shared_border(a: Rect, b: Rect) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The segment two touching rectangles share, in tiles, or None."""
    if a.right == b.x or b.right == a.x:
        x = a.right if a.right == b.x else a.x
        top, bottom = max(a.y, b.y), min(a.bottom, b.bottom)
        if bottom > top:
            return (x, top), (x, bottom)
    if a.bottom == b.y or b.bottom == a.y:
        y = a.bottom if a.bottom == b.y else a.y
        left, right = max(a.x, b.x), min(a.right, b.right)
        if right > left:
            return (left, y), (right, y)
    return None


# --- the eighteen Zombicide modules ---------------------------------------------------------

B0, B1, B2 = 0, 5, 10  # the three bands of a module, in tiles


def city_modules() -> list[ModuleSpec]:
    street = "street"
    room = "room"
    mods = []
    mods.append(ModuleSpec("1R", "Crossroads", [
        Z("st-n", street, B1, B0, 5, 5), Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5),
        Z("st-e", street, B2, B1, 5, 5), Z("st-s", street, B1, B2, 5, 5),
        Z("rm-nw", room, B0, B0, 5, 5, "wood_floor", "Diner"),
        Z("rm-ne-a", room, B2, B0, 3, 5, "tiled_floor", "Pharmacy"),
        Z("rm-ne-b", room, 13, B0, 2, 5, "tiled_floor", "Back store"),
        Z("rm-sw", room, B0, B2, 5, 5, "carpet", "Flat"),
        Z("rm-se", room, B2, B2, 5, 5, "wood_floor", "Bar"),
    ], portals=[
        door("rm-nw", "st-n", "door-nw"), door("rm-ne-a", "st-e", "door-ne"), opening("rm-ne-a", "rm-ne-b"),
        door("rm-sw", "st-s", "door-sw"), door("rm-se", "st-e", "door-se"),
    ], markers=[mark("sewer", "st-c")]))

    mods.append(ModuleSpec("2R", "Main Street", [
        Z("st-n", street, B1, B0, 5, 5), Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5),
        Z("st-e", street, B2, B1, 5, 5),
        Z("rm-nw", room, B0, B0, 5, 5, "carpet", "Apartment"),
        Z("rm-ne", room, B2, B0, 5, 5, "wood_floor", "Hardware"),
        Z("rm-s-w", room, B0, B2, 6, 5, "tiled_floor", "Bank hall"),
        Z("rm-s-c", room, 6, B2, 4, 5, "tiled_floor", "Counter"),
        Z("rm-s-e", room, B2, B2, 5, 5, "carpet", "Vault office"),
    ], portals=[
        door("rm-nw", "st-w", "door-nw"), door("rm-ne", "st-n", "door-ne"),
        door("rm-s-c", "st-c", "door-front"), opening("rm-s-w", "rm-s-c"), door("rm-s-c", "rm-s-e", "door-vault"),
        door("rm-s-e", "st-e", "door-back", at=0.5),
    ], markers=[mark("sewer", "st-w")]))

    mods.append(ModuleSpec("3R", "Barricaded Avenue", [
        Z("st-n", street, B1, B0, 5, 5), Z("st-c", street, B1, B1, 5, 5), Z("st-s", street, B1, B2, 5, 5),
        Z("rm-w-n", room, B0, B0, 5, 5, "wood_floor", "Library"),
        Z("rm-w-c", room, B0, B1, 5, 5, "wood_floor", "Reading room"),
        Z("rm-w-s", room, B0, B2, 5, 5, "carpet", "Archive"),
        Z("rm-e-n", room, B2, B0, 5, 8, "tiled_floor", "Laundromat"),
        Z("rm-e-s", room, B2, 8, 5, 7, "carpet", "Pawn shop"),
    ], portals=[
        opening("rm-w-n", "rm-w-c"), opening("rm-w-c", "rm-w-s"), door("rm-w-c", "st-c", "door-library"),
        door("rm-w-s", "st-s", "door-archive"),  # the way round the barricade, through the library
        door("rm-e-n", "st-n", "door-laundry"), door("rm-e-s", "st-s", "door-pawn"),
    ], walls=[("st-c", "st-s")], markers=[mark("sewer", "st-n")]))

    mods.append(ModuleSpec("4R", "Little Park", [
        Z("pk-w", street, B0, B0, 5, 5, label="Park"), Z("pk-c", street, B1, B0, 5, 5, label="Park"),
        Z("pk-e", street, B2, B0, 5, 5, label="Park"),
        Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5), Z("st-e", street, B2, B1, 5, 5),
        Z("rm-sw", room, B0, B2, 7, 5, "tiled_floor", "Grocery"),
        Z("rm-se", room, 7, B2, 8, 5, "wood_floor", "Storeroom"),
    ], portals=[
        door("rm-sw", "st-w", "door-grocery"), opening("rm-sw", "rm-se"), door("rm-se", "st-e", "door-store"),
    ], markers=[mark("sewer", "st-e")]))

    mods.append(ModuleSpec("5R", "The Corner", [
        Z("st-n", street, B1, B0, 5, 5), Z("st-c", street, B1, B1, 5, 5), Z("st-e", street, B2, B1, 5, 5),
        Z("rm-nw", room, B0, B0, 5, 5, "carpet", "Tailor"),
        Z("rm-ne", room, B2, B0, 5, 5, "wood_floor", "Café"),
        Z("rm-w", room, B0, B1, 5, 5, "tiled_floor", "Clinic"),
        Z("rm-sw", room, B0, B2, 5, 5, "tiled_floor", "Surgery"),
        Z("rm-s", room, B1, B2, 5, 5, "linoleum", "Waiting room"),
        Z("rm-se", room, B2, B2, 5, 5, "carpet", "Office"),
    ], portals=[
        door("rm-nw", "st-n", "door-tailor"), door("rm-ne", "st-n", "door-cafe"),
        door("rm-w", "st-c", "door-clinic"), opening("rm-w", "rm-sw"), opening("rm-sw", "rm-s"),
        door("rm-s", "rm-se", "door-office"), door("rm-se", "st-e", "door-back"),
    ]))

    mods.append(ModuleSpec("6R", "Bus Wreck", [
        Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5), Z("st-e", street, B2, B1, 5, 5),
        Z("st-s", street, B1, B2, 5, 5),
        Z("rm-n-w", room, B0, B0, 5, 5, "wood_floor", "Gym"),
        Z("rm-n-c", room, B1, B0, 5, 5, "tiled_floor", "Showers"),
        Z("rm-n-e", room, B2, B0, 5, 5, "wood_floor", "Boxing ring"),
        Z("rm-sw", room, B0, B2, 5, 5, "carpet", "Motel room"),
        Z("rm-se", room, B2, B2, 5, 5, "tiled_floor", "Garage"),
    ], portals=[
        door("rm-n-w", "st-w", "door-gym"), opening("rm-n-w", "rm-n-c"), opening("rm-n-c", "rm-n-e"),
        door("rm-n-e", "st-e", "door-ring"), door("rm-sw", "st-s", "door-motel"),
        door("rm-se", "st-e", "door-garage"),
    ], walls=[("st-w", "st-c")], markers=[mark("sewer", "st-s")]))

    mods.append(ModuleSpec("7R", "Parking Lot", [
        Z("st-n", street, B1, B0, 5, 5), Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5),
        Z("st-e", street, B2, B1, 5, 5), Z("st-s", street, B1, B2, 5, 5),
        Z("pk-ne", street, B2, B0, 5, 5, label="Parking"),
        Z("rm-nw-a", room, B0, B0, 5, 3, "wood_floor", "Pizzeria"),
        Z("rm-nw-b", room, B0, 3, 5, 2, "tiled_floor", "Kitchen"),
        Z("rm-sw", room, B0, B2, 5, 5, "carpet", "Cinema"),
        Z("rm-se", room, B2, B2, 5, 5, "tiled_floor", "Car wash"),
    ], portals=[
        door("rm-nw-a", "st-n", "door-pizzeria"), opening("rm-nw-a", "rm-nw-b"),
        door("rm-sw", "st-w", "door-cinema"), door("rm-se", "st-s", "door-carwash"),
    ], walls=[("pk-ne", "st-n")], markers=[mark("sewer", "st-c")]))

    mods.append(ModuleSpec("8R", "Market Hall", [
        Z("st-w", street, B0, B1, 5, 5), Z("st-c", street, B1, B1, 5, 5), Z("st-s", street, B1, B2, 5, 5),
        Z("rm-n-w", room, B0, B0, 8, 5, "tiled_floor", "Market hall"),
        Z("rm-n-e", room, 8, B0, 7, 5, "wood_floor", "Stalls"),
        Z("rm-e", room, B2, B1, 5, 5, "wood_floor", "Butcher"),
        Z("rm-se", room, B2, B2, 5, 5, "tiled_floor", "Cold room"),
        Z("rm-sw", room, B0, B2, 5, 5, "carpet", "Flat"),
    ], portals=[
        door("rm-n-w", "st-c", "door-market", at=0.5), opening("rm-n-w", "rm-n-e"),
        door("rm-e", "st-c", "door-butcher"), opening("rm-e", "rm-se"), door("rm-sw", "st-w", "door-flat"),
    ], markers=[mark("sewer", "st-s")]))

    # 9R: the helipad, fenced, in the middle of a ring of streets.
    helipad = ModuleSpec("9R", "Helipad", [
        Z("st-nw", street, 0, 0, 5, 3), Z("st-n", street, 5, 0, 5, 3), Z("st-ne", street, 10, 0, 5, 3),
        Z("st-w", street, 0, 3, 3, 9), Z("st-e", street, 12, 3, 3, 9),
        Z("st-sw", street, 0, 12, 5, 3), Z("st-s", street, 5, 12, 5, 3), Z("st-se", street, 10, 12, 5, 3),
        Z("hp-w", "helipad", 3, 3, 5, 9, label="Helipad"), Z("hp-e", "helipad", 8, 3, 4, 9, label="Helipad"),
    ], fences=[[(3, 3), (12, 3), (12, 12), (3, 12), (3, 3)]],
        markers=[mark("stairs", "st-s", at=(7.5, 12.25))])
    mods.append(helipad)
    return mods


def hospital_modules() -> list[ModuleSpec]:
    hall, ward, lockers = "hallway", "hospital_room", "locker_room"
    mods = []
    mods.append(ModuleSpec("1V", "Hospital Crossing", [
        Z("hl-n", hall, B1, B0, 5, 5), Z("hl-w", hall, B0, B1, 5, 5), Z("hl-c", hall, B1, B1, 5, 5),
        Z("hl-e", hall, B2, B1, 5, 5), Z("hl-s", hall, B1, B2, 5, 5),
        Z("hr-nw", ward, B0, B0, 5, 5, "linoleum", "Ward A"),
        Z("lk-ne", lockers, B2, B0, 5, 5, "tiled_floor", "Lockers"),
        Z("hr-sw", ward, B0, B2, 5, 5, "linoleum", "Ward B"),
        Z("hr-se", ward, B2, B2, 5, 5, "linoleum", "X-ray"),
    ], portals=[
        door("hr-nw", "hl-w", "door-ward-a"), door("lk-ne", "hl-n", "door-lockers"),
        door("hr-sw", "hl-s", "door-ward-b"), door("hr-se", "hl-e", "door-xray"),
    ], markers=[
        mark("bed", "hr-nw", color="blue"), mark("bed", "hr-sw", color="green"), mark("event_trigger", "hl-c"),
    ]))

    mods.append(ModuleSpec("2V", "Hospital Wing", [
        Z("hl-n", hall, B1, B0, 5, 5), Z("hl-w", hall, B0, B1, 5, 5), Z("hl-c", hall, B1, B1, 5, 5),
        Z("hl-e", hall, B2, B1, 5, 5),
        Z("hr-nw", ward, B0, B0, 5, 5, "linoleum", "Triage"),
        Z("lk-ne", lockers, B2, B0, 5, 5, "tiled_floor", "Staff lockers"),
        Z("hr-s-w", ward, B0, B2, 5, 5, "linoleum", "Room 201"),
        Z("hr-s-c", ward, B1, B2, 5, 5, "linoleum", "Room 202"),
        Z("hr-s-e", ward, B2, B2, 5, 5, "linoleum", "Room 203"),
    ], portals=[
        door("hr-nw", "hl-n", "door-triage"), door("lk-ne", "hl-e", "door-lockers"),
        door("hr-s-w", "hl-w", "door-201"), door("hr-s-c", "hl-c", "door-202"), door("hr-s-e", "hl-e", "door-203"),
        opening("hr-s-c", "hr-s-e"),
    ], markers=[
        mark("bed", "hr-s-w", color="blue"), mark("bed", "hr-s-e", color="green"), mark("event_trigger", "hl-w"),
    ]))

    mods.append(ModuleSpec("3V", "Long Ward", [
        Z("hl-n", hall, B1, B0, 5, 5), Z("hl-c", hall, B1, B1, 5, 5), Z("hl-s", hall, B1, B2, 5, 5),
        Z("hr-w-n", ward, B0, B0, 5, 5, "linoleum", "Room 301"),
        Z("hr-w-c", ward, B0, B1, 5, 5, "linoleum", "Room 302"),
        Z("lk-w-s", lockers, B0, B2, 5, 5, "tiled_floor", "Pharmacy store"),
        Z("hr-e", ward, B2, B0, 5, 10, "linoleum", "Long ward"),
        Z("hr-se", ward, B2, B2, 5, 5, "linoleum", "Isolation"),
    ], portals=[
        door("hr-w-n", "hl-n", "door-301"), door("hr-w-c", "hl-c", "door-302"), door("lk-w-s", "hl-s", "door-store"),
        door("hr-e", "hl-c", "door-ward", at=0.75), door("hr-se", "hl-s", "door-isolation"),
    ], markers=[
        mark("bed", "hr-e", at=(12.5, 2.5), color="blue"), mark("bed", "hr-e", at=(12.5, 7.5), color="green"),
        mark("event_trigger", "hl-n"),
    ]))

    mods.append(ModuleSpec("4V", "Hospital Bend", [
        Z("hl-w", hall, B0, B1, 5, 5), Z("hl-c", hall, B1, B1, 5, 5), Z("hl-s", hall, B1, B2, 5, 5),
        Z("hr-nw", ward, B0, B0, 5, 5, "linoleum", "Room 401"),
        Z("hr-n", ward, B1, B0, 5, 5, "linoleum", "Theatre"),
        Z("lk-ne", lockers, B2, B0, 5, 5, "tiled_floor", "Scrub room"),
        Z("hr-e", ward, B2, B1, 5, 5, "linoleum", "Recovery"),
        Z("hr-se", ward, B2, B2, 5, 5, "linoleum", "Room 402"),
        Z("hr-sw", ward, B0, B2, 5, 5, "linoleum", "Room 403"),
    ], portals=[
        door("hr-nw", "hl-w", "door-401"), door("hr-n", "hl-c", "door-theatre"), opening("hr-n", "lk-ne"),
        door("hr-e", "hl-c", "door-recovery"), door("hr-se", "hl-s", "door-402"), door("hr-sw", "hl-s", "door-403"),
    ], markers=[
        mark("bed", "hr-e", color="blue"), mark("bed", "hr-sw", color="green"), mark("event_trigger", "hl-c"),
    ]))

    mods.append(ModuleSpec("5V", "Operating Block", [
        Z("hl-w", hall, B0, B1, 5, 5), Z("hl-c", hall, B1, B1, 5, 5), Z("hl-e", hall, B2, B1, 5, 5),
        Z("hl-s", hall, B1, B2, 5, 5),
        Z("hr-n", ward, B0, B0, 10, 5, "tiled_floor", "Operating theatre"),
        Z("lk-ne", lockers, B2, B0, 5, 5, "tiled_floor", "Supply room"),
        Z("hr-sw", ward, B0, B2, 5, 5, "linoleum", "Room 501"),
        Z("hr-se", ward, B2, B2, 5, 5, "linoleum", "Room 502"),
    ], portals=[
        door("hr-n", "hl-c", "door-theatre"), opening("hr-n", "lk-ne"), door("hr-sw", "hl-w", "door-501"),
        door("hr-se", "hl-s", "door-502"),
    ], markers=[
        mark("bed", "hr-sw", color="green"), mark("bed", "hr-n", at=(2.5, 2.5), color="blue"),
        mark("event_trigger", "hl-s"),
    ]))

    mods.append(ModuleSpec("6V", "Hospital Corridor", [
        Z("hl-w", hall, B0, B1, 5, 5), Z("hl-c", hall, B1, B1, 5, 5), Z("hl-e", hall, B2, B1, 5, 5),
        Z("hr-n-a", ward, B0, B0, 5, 5, "linoleum", "Room 601"),
        Z("hr-n-b", ward, B1, B0, 5, 5, "linoleum", "Room 602"),
        Z("lk-n-c", lockers, B2, B0, 5, 5, "tiled_floor", "Linen room"),
        Z("hr-s", ward, B0, B2, 10, 5, "linoleum", "Children's ward"),
        Z("hr-se", ward, B2, B2, 5, 5, "carpet", "Chapel"),
    ], portals=[
        door("hr-n-a", "hl-w", "door-601"), door("hr-n-b", "hl-c", "door-602"), door("lk-n-c", "hl-e", "door-linen"),
        door("hr-s", "hl-c", "door-ward", at=0.75), door("hr-se", "hl-e", "door-chapel"),
    ], markers=[
        mark("bed", "hr-n-a", color="blue"), mark("bed", "hr-s", at=(2.5, 12.5), color="green"),
        mark("event_trigger", "hl-e"),
    ]))
    return mods


def camp_modules() -> list[ModuleSpec]:
    waste, camp, tent = "wasteland", "camp", "tent"
    mods = []
    mods.append(ModuleSpec("7V", "The Wasteland", [
        Z("ws-nw", waste, 0, 0, 7, 5), Z("ws-ne", waste, 7, 0, 8, 5),
        Z("ws-w", waste, 0, 5, 5, 5), Z("ws-c", waste, 5, 5, 5, 5, label="Landing zone"), Z("ws-e", waste, 10, 5, 5, 5),
        Z("ws-sw", waste, 0, 10, 8, 5), Z("ws-se", waste, 8, 10, 7, 5),
    ]))

    mods.append(ModuleSpec("8V", "Refugee Camp", [
        Z("cp-n", camp, B1, B0, 5, 5), Z("cp-w", camp, B0, B1, 5, 5), Z("cp-c", camp, B1, B1, 5, 5),
        Z("cp-e", camp, B2, B1, 5, 5), Z("cp-s", camp, B1, B2, 5, 5),
        Z("tn-nw", tent, B0, B0, 5, 5), Z("tn-ne", tent, B2, B0, 5, 5),
        Z("tn-sw", tent, B0, B2, 5, 5), Z("tn-se", tent, B2, B2, 5, 5),
    ], markers=[mark("tent_slot", t) for t in ("tn-nw", "tn-ne", "tn-sw", "tn-se")]))

    mods.append(ModuleSpec("9V", "Field Hospital Camp", [
        Z("cp-nw", camp, B0, B0, 5, 5), Z("cp-n", camp, B1, B0, 5, 5), Z("tn-ne", tent, B2, B0, 5, 5),
        Z("cp-w", camp, B0, B1, 5, 5), Z("tn-c", tent, B1, B1, 5, 5), Z("cp-e", camp, B2, B1, 5, 5),
        Z("tn-sw", tent, B0, B2, 5, 5), Z("cp-s", camp, B1, B2, 5, 5), Z("cp-se", camp, B2, B2, 5, 5),
    ], markers=[mark("tent_slot", t) for t in ("tn-ne", "tn-c", "tn-sw")]))
    return mods


# --- painting the floor ---------------------------------------------------------------------


def zone_grid(spec: ModuleSpec, size: int) -> list[list[ZoneSpec | None]]:
    grid: list[list[ZoneSpec | None]] = [[None] * size for _ in range(size)]
    for zone in spec.zones:
        for row in range(size):
            for col in range(size):
                if zone.rect.contains_cell(col, row):
                    if grid[row][col] is not None:
                        raise ValueError(f"{spec.module_id}: zones {grid[row][col].name} and {zone.name} overlap")  # type: ignore[union-attr]
                    grid[row][col] = zone
    for row in range(size):
        for col in range(size):
            if grid[row][col] is None:
                raise ValueError(f"{spec.module_id}: tile {col},{row} is in no zone")
    return grid


STREET_BAND = range(B1, B1 + 5)  # where streets cross a module edge


def beyond_edge_is_street(col: int, row: int) -> bool:
    """What a module assumes lies just past its edge: the street band in the middle, buildings elsewhere.

    Every module paints its edge tiles against this same neighbour, so sidewalks and kerbs line up
    whatever module is placed next to it, in any rotation.
    """
    size = MODULE_TILES
    off_cols, off_rows = not 0 <= col < size, not 0 <= row < size
    if off_cols and off_rows:
        return False
    return (row if off_cols else col) in STREET_BAND


SIDE_STEPS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
CORNERS = ("ne", "se", "sw", "nw")  # the order of the tileset's corner kerbs


def kerb_tile(col: int, row: int, is_road: Callable[[int, int], bool]) -> str:
    """The sidewalk tile for a cell: kerbs along the sides facing the road, round a block's corner."""
    roads = {side for side, (dx, dy) in SIDE_STEPS.items() if is_road(col + dx, row + dy)}
    if len(roads) == 1:
        return f"kerb_{roads.pop()}"
    if len(roads) == 2:
        corner = next((c for c in CORNERS if set(c) == roads), None)
        return f"kerb_{corner}" if corner else "sidewalk"
    if roads:
        return "sidewalk"
    nubs = [c for c in CORNERS
            if is_road(col + SIDE_STEPS[c[1]][0], row + SIDE_STEPS[c[0]][1])]
    return f"kerb_corner_{nubs[0]}" if len(nubs) == 1 else "sidewalk"


def paint_module(spec: ModuleSpec) -> list[int]:
    size = MODULE_TILES
    grid = zone_grid(spec, size)
    rng = random.Random(f"floor:{spec.module_id}")
    walled = {frozenset(pair) for pair in spec.walls}

    def zone_at(col: int, row: int) -> ZoneSpec | None:
        if 0 <= col < size and 0 <= row < size:
            return grid[row][col]
        return None

    def is_kerbed(col: int, row: int) -> bool:
        """Whether a road next to this tile needs a sidewalk between them."""
        z = zone_at(col, row)
        if z is not None:
            return z.kind not in STREET_LIKE or z.name.startswith("pk-")
        return not beyond_edge_is_street(col, row)

    def is_road(col: int, row: int) -> bool:
        z = zone_at(col, row)
        if z is None or z.kind != "street" or z.name.startswith("pk-"):
            return False
        return not any(is_kerbed(col + dx, row + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    def corridor_run(col: int, row: int, dx: int, dy: int) -> bool:
        """Whether the hallway through this tile, along (dx, dy), reaches a module edge."""
        for sign in (-1, 1):
            c, r = col, row
            while (z := zone_at(c, r)) is not None and z.kind == "hallway":
                c, r = c + sign * dx, r + sign * dy
            if not (0 <= c < size and 0 <= r < size):
                return True
        return False

    cells: list[int] = []
    for row in range(size):
        for col in range(size):
            zone = grid[row][col]
            assert zone is not None
            tile = zone.floor or "asphalt"
            if zone.kind == "street" and zone.name.startswith("pk-"):
                tile = "grass" if zone.label == "Park" else "parking"
                if zone.label == "Park" and (row == 2 or col == 7):
                    tile = "gravel"  # a path through the park
            elif zone.kind == "street":
                if not is_road(col, row):
                    tile = kerb_tile(col, row, is_road)
                else:
                    tile = "asphalt"
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        other = zone_at(col + dx, row + dy)
                        if (other is not None and other is not zone and other.kind == "street"
                                and not other.name.startswith("pk-") and other.name > zone.name
                                and frozenset((zone.name, other.name)) not in walled):
                            tile = "asphalt_crossing_h" if dx else "asphalt_crossing_v"
            elif zone.kind == "hallway":
                tile = "hallway_linoleum"
                mid = size // 2
                if row == mid and col != mid and corridor_run(col, row, 1, 0):
                    tile = "hallway_guide_h"  # guide lines down the middle of long corridors
                elif col == mid and row != mid and corridor_run(col, row, 0, 1):
                    tile = "hallway_guide_v"
            elif zone.kind == "camp":
                patch = random.Random(f"{spec.module_id}:{col // 2},{row // 2}").random()
                tile = "gravel" if patch < 0.3 else "dirt"
            elif zone.kind == "tent":
                r = zone.rect
                inner = r.x + 1 <= col < r.right - 1 and r.y + 1 <= row < r.bottom - 1
                tile = "tent_canvas" if inner else "grass"
            elif zone.kind == "wasteland":
                patch = random.Random(f"{spec.module_id}:{col // 2},{row // 2}").random()
                roll = rng.random()
                tile = "rubble" if roll < 0.12 else "gravel" if patch < 0.35 else "grass" if patch > 0.85 else "dirt"
            elif zone.kind == "helipad":
                tile = "helipad_concrete"
            cells.append(gid(tile))
    for (col, row), tile in spec.paint.items():
        cells[row * size + col] = gid(tile)
    return cells


def paint_helipad(spec: ModuleSpec) -> None:
    """The ring and H in the middle of 9R, yellow edge marks along the fence inside."""
    for index in range(9):
        spec.paint[(6 + index % 3, 6 + index // 3)] = f"helipad_mark_{index}"
    for i in range(3, 12):
        spec.paint[(i, 3)] = "helipad_edge_h"
        spec.paint[(i, 11)] = "helipad_edge_h"
    for i in range(4, 11):
        spec.paint[(3, i)] = "helipad_edge_v"
        spec.paint[(11, i)] = "helipad_edge_v"


# --- Tiled XML --------------------------------------------------------------------------------


class TmxWriter:
    """Collects layers and objects, hands out object ids, writes one .tmx file."""

    def __init__(self, width: int, height: int, properties: Sequence[tuple[str, str, Prop]]):
        self.width = width
        self.height = height
        self.properties = properties
        self.next_object_id = 1
        self.layers: list[str] = []
        self.next_layer_id = 1

    def tile_layer(self, name: str, cells: Sequence[int]) -> None:
        rows = []
        for row in range(self.height):
            chunk = ",".join(str(c) for c in cells[row * self.width:(row + 1) * self.width])
            rows.append(chunk + ("," if row < self.height - 1 else ""))
        data = "\n".join(rows)
        self.layers.append(
            f' <layer id="{self.next_layer_id}" name={quoteattr(name)} width="{self.width}" height="{self.height}">\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>'
        )
        self.next_layer_id += 1

    def object_layer(self, name: str, objects: Iterable[str]) -> None:
        body = "\n".join(objects)
        self.layers.append(f' <objectgroup id="{self.next_layer_id}" name={quoteattr(name)}>\n{body}\n </objectgroup>')
        self.next_layer_id += 1

    def obj(self, cls: str, x: float, y: float, w: float = 0, h: float = 0, name: str = "",
            props: Sequence[tuple[str, Prop]] = (), polyline: Sequence[tuple[float, float]] | None = None,
            polygon: Sequence[tuple[float, float]] | None = None) -> str:
        object_id = self.next_object_id
        self.next_object_id += 1
        attrs = f'id="{object_id}"'
        if name:
            attrs += f" name={quoteattr(name)}"
        # Tiled 1.9 reads class=, Tiled 1.8 and 1.10+ read type=: write both so every version keeps it.
        attrs += f' type="{cls}" class="{cls}" x="{fmt(x)}" y="{fmt(y)}"'
        if polyline is None and polygon is None:
            attrs += f' width="{fmt(w)}" height="{fmt(h)}"'
        inner = properties_xml(props, "   ")
        if polyline is not None:
            inner += f'   <polyline points="{points_attr(polyline, x, y)}"/>\n'
        if polygon is not None:
            inner += f'   <polygon points="{points_attr(polygon, x, y)}"/>\n'
        if not inner:
            return f"  <object {attrs}/>"
        return f"  <object {attrs}>\n{inner}  </object>"

    def xml(self) -> str:
        head = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.9" tiledversion="1.9.2" orientation="orthogonal" renderorder="right-down"'
            f' width="{self.width}" height="{self.height}" tilewidth="{TILE_PX}" tileheight="{TILE_PX}"'
            f' infinite="0" nextlayerid="{self.next_layer_id}" nextobjectid="{self.next_object_id}">\n'
        )
        props = properties_xml([(n, v) for n, _, v in self.properties], " ", types={n: t for n, t, _ in self.properties})
        tileset = f' <tileset firstgid="1" source="{TILESET_SOURCE}"/>\n'
        return head + props + tileset + "\n".join(self.layers) + "\n</map>\n"


def fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def points_attr(points: Sequence[tuple[float, float]], x: float, y: float) -> str:
    return " ".join(f"{fmt(px - x)},{fmt(py - y)}" for px, py in points)


def prop_type(value: Prop) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "string"


def properties_xml(props: Sequence[tuple[str, Prop]], indent: str, types: dict[str, str] | None = None) -> str:
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for name, value in props:
        kind = (types or {}).get(name) or prop_type(value)
        text = ("true" if value else "false") if isinstance(value, bool) else fmt(value) if isinstance(value, float) else str(value)
        type_attr = "" if kind == "string" else f' type="{kind}"'
        lines.append(f"{indent} <property name={quoteattr(name)}{type_attr} value={quoteattr(text)}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def write_module(spec: ModuleSpec, game: str, folder: Path,
                 paint: Callable[[ModuleSpec], list[int]] | None = None, writer_type: type[TmxWriter] | None = None) -> Path:
    """One module as Tiled XML; a box with its own floors and tileset passes its ``paint`` and writer."""
    tile = TILE_PX
    if spec.module_id == "9R":
        paint_helipad(spec)
    writer = (writer_type or TmxWriter)(MODULE_TILES, MODULE_TILES, [
        ("module", "string", spec.module_id), ("game", "string", game), ("scale", "float", MODULE_SCALE),
        ("layout", "string", "zones"), ("title", "string", spec.title),
    ])
    writer.tile_layer("floor", (paint or paint_module)(spec))
    by_name = {z.name: z for z in spec.zones}
    zone_objects = []
    for zone in spec.zones:
        props: list[tuple[str, Prop]] = [("kind", zone.kind)]
        if zone.label:
            props.append(("label", zone.label))
            if zone.label in LABELS_ES:
                props.append(("label_es", LABELS_ES[zone.label]))
        r = zone.rect
        zone_objects.append(writer.obj("zone", r.x * tile, r.y * tile, r.w * tile, r.h * tile, zone.name, props))
    writer.object_layer("zones", zone_objects)

    portal_objects = []
    for portal in spec.portals:
        border = shared_border(by_name[portal.a].rect, by_name[portal.b].rect)
        if border is None:
            raise ValueError(f"{spec.module_id}: {portal.a} and {portal.b} share no border")
        (x0, y0), (x1, y1) = border
        cx, cy = x0 + (x1 - x0) * portal.at, y0 + (y1 - y0) * portal.at
        long_px, thin_px = portal.length * tile, tile * 0.5
        if x0 == x1:  # vertical border
            x, y, w, h = cx * tile - thin_px / 2, cy * tile - long_px / 2, thin_px, long_px
        else:
            x, y, w, h = cx * tile - long_px / 2, cy * tile - thin_px / 2, long_px, thin_px
        props = []
        if portal.cls == "door":
            props = [("color", portal.color), ("open", portal.is_open)]
        portal_objects.append(writer.obj(portal.cls, x, y, w, h, portal.name, props))
    if portal_objects:
        writer.object_layer("doors", portal_objects)

    barrier_objects = []
    for a, b in spec.walls:
        border = shared_border(by_name[a].rect, by_name[b].rect)
        if border is None:
            raise ValueError(f"{spec.module_id}: wall between {a} and {b}: they share no border")
        points = [(p[0] * tile, p[1] * tile) for p in border]
        barrier_objects.append(writer.obj("wall", points[0][0], points[0][1], polyline=points))
    for fence in spec.fences:
        points = [(p[0] * tile, p[1] * tile) for p in fence]
        barrier_objects.append(writer.obj("fence", points[0][0], points[0][1], polyline=points))
    if barrier_objects:
        writer.object_layer("walls", barrier_objects)

    marker_objects = []
    crowd: dict[str, int] = {}
    for marker in spec.markers:
        zone = by_name[marker.zone]
        if marker.at is not None:
            cx, cy = marker.at
        else:
            n = crowd.get(zone.name, 0)
            crowd[zone.name] = n + 1
            cx = zone.rect.x + zone.rect.w / 2 + (n % 2) * 1.2 - 0.6 * (n > 0)
            cy = zone.rect.y + zone.rect.h / 2 + (n // 2) * 1.2
        size = 1.0
        marker_objects.append(writer.obj(marker.kind, (cx - size / 2) * tile, (cy - size / 2) * tile,
                                         size * tile, size * tile, props=list(marker.props)))
    if marker_objects:
        writer.object_layer("markers", marker_objects)
    path = folder / f"{spec.module_id}.tmx"
    path.write_text(writer.xml(), encoding="utf-8")
    return path


def all_module_specs() -> list[ModuleSpec]:
    return city_modules() + hospital_modules() + camp_modules()


# --- Zombieworld free tables (coordinates in cm) ----------------------------------------------


TITLES_ES = {"Town Square": "La plaza del pueblo", "Outskirts Farm": "La granja de las afueras",
             "Crossroads Petrol Station": "La gasolinera del cruce"}  # the tables' titles in Spanish (ours)


@dataclass
class FreeTable:
    module_id: str
    title: str
    base_tile: str
    paint: list[tuple[Rect, str]] = field(default_factory=list)  # later entries paint over earlier ones
    objects: list[tuple[str, str, dict]] = field(default_factory=list)  # (layer, class, spec)

    def building(self, label: str, x: float, y: float, w: float, h: float, height_cm: float, floors: int,
                 doors: Sequence[tuple[str, float]], windows: Sequence[tuple[str, float]], roof: str = "roof") -> None:
        """A rectangular building; doors and windows as (side n/e/s/w, position 0..1 along that side)."""
        self.paint.append((Rect(x, y, w, h), roof))
        props: list[tuple[str, Prop]] = [("height_cm", float(height_cm)), ("floors", floors), ("label", label)]
        if roof == "roof_flat":
            props.append(("roof", True))  # a flat roof is one models can stand on
        self.objects.append(("terrain", "building", {"rect": (x, y, w, h), "name": label.lower().replace(" ", "-"),
                             "props": props}))
        for cls, items in (("door", doors), ("window", windows)):
            for side, t in items:
                length, thick = 3.0, 0.8
                if side in ("n", "s"):
                    cx, cy = x + w * t, y if side == "n" else y + h
                    rect = (cx - length / 2, cy - thick / 2, length, thick)
                else:
                    cx, cy = x if side == "w" else x + w, y + h * t
                    rect = (cx - thick / 2, cy - length / 2, thick, length)
                opening_props: list[tuple[str, Prop]] = [("open", False)] if cls == "door" else []
                self.objects.append(("openings", cls, {"rect": rect, "props": opening_props}))

    def area(self, cls: str, x: float, y: float, w: float, h: float, tile: str = "", **props: Prop) -> None:
        if tile:
            self.paint.append((Rect(x, y, w, h), tile))
        self.objects.append(("terrain", cls, {"rect": (x, y, w, h), "props": sorted(props.items())}))

    def line(self, cls: str, points: Sequence[tuple[float, float]], height_cm: float) -> None:
        self.objects.append(("walls", cls, {"polyline": list(points), "props": [("height_cm", float(height_cm))]}))

    def marker(self, cls: str, x: float, y: float, w: float = 3.0, h: float = 3.0, **props: Prop) -> None:
        self.objects.append(("markers", cls, {"rect": (x - w / 2, y - h / 2, w, h), "props": sorted(props.items())}))


def deployment_areas(table: FreeTable) -> None:
    """One area per 60×60 cm quadrant, 15 cm deep along the table edge (pinwheel, so they do not meet)."""
    table.marker("deployment", 7.5, 30, 15, 60, label="North-west")
    table.marker("deployment", 90, 7.5, 60, 15, label="North-east")
    table.marker("deployment", 112.5, 90, 15, 60, label="South-east")
    table.marker("deployment", 30, 112.5, 60, 15, label="South-west")


def town_square() -> FreeTable:
    t = FreeTable("zw-town-square", "Town Square", "sidewalk")
    t.paint += [
        (Rect(0, 52, 120, 16), "asphalt"), (Rect(52, 0, 16, 120), "asphalt"),
        (Rect(44, 44, 32, 32), "tiled_floor"),
        (Rect(0, 0, 16, 44), "grass"),  # a verge in the west deployment strip
    ]
    t.building("Town Hall", 20, 8, 28, 28, 12, 2, doors=[("s", 0.5), ("e", 0.7)],
               windows=[("s", 0.2), ("s", 0.8), ("w", 0.5), ("n", 0.5)], roof="roof_flat")
    t.area("stairs", 48, 10, 4, 10)  # the fire escape on the town hall's east wall
    t.building("Chemist", 76, 20, 24, 24, 8, 1, doors=[("s", 0.3)], windows=[("s", 0.75), ("w", 0.5)])
    t.building("Bakery", 16, 76, 24, 24, 8, 1, doors=[("n", 0.6)], windows=[("n", 0.2), ("e", 0.5)])
    t.building("Garage", 76, 80, 28, 24, 7, 1, doors=[("n", 0.3), ("w", 0.6)], windows=[("e", 0.5)],
               roof="roof_flat")
    t.area("impassable", 56, 56, 8, 8, "water", label="Fountain")
    t.paint += [(Rect(20, 44, 24, 4), "grass"), (Rect(76, 72, 28, 4), "grass")]  # verges
    t.area("cover", 46, 40, 10, 3, cover=2, label="Sandbags")
    t.area("cover", 70, 46, 3, 8, cover=1, label="Bus stop")
    t.area("obstacle", 58, 22, 5, 10, height_cm=4.0, label="Car")
    t.marker("vehicle", 60.5, 27, 5, 10)
    t.area("obstacle", 88, 57, 10, 5, height_cm=5.0, label="Van")
    t.marker("vehicle", 93, 59.5, 10, 5)
    t.area("obstacle", 44, 84, 4, 4, height_cm=3.0, label="Crates")
    t.area("obstacle", 44, 96, 3, 3, height_cm=4.0, label="Bins")
    t.area("difficult", 84, 108, 16, 10, "rubble", label="Collapsed wall")
    t.line("wall", [(84, 106), (104, 106)], 15.0)
    t.line("fence", [(16, 100), (16, 104), (40, 104), (40, 100)], 4.0)
    t.line("hedge", [(20, 46), (44, 46)], 2.5)
    for x, y in ((44, 44), (76, 44), (44, 76), (76, 76), (30, 50), (90, 70)):
        t.marker("lamp", x, y, 2, 2)
    deployment_areas(t)
    return t


def outskirts_farm() -> FreeTable:
    t = FreeTable("zw-outskirts-farm", "Outskirts Farm", "grass")
    t.paint += [
        (Rect(48, 0, 12, 120), "dirt"), (Rect(60, 64, 60, 8), "dirt"),
        (Rect(12, 12, 40, 36), "gravel"),  # the farmyard
    ]
    t.building("Farmhouse", 16, 16, 28, 24, 10, 2, doors=[("e", 0.5), ("s", 0.3)],
               windows=[("n", 0.3), ("n", 0.7), ("w", 0.5), ("s", 0.75)])
    t.building("Barn", 72, 16, 32, 28, 14, 1, doors=[("s", 0.5), ("w", 0.5)], windows=[("e", 0.5)])
    t.building("Shed", 20, 84, 16, 16, 6, 1, doors=[("e", 0.5)], windows=[("n", 0.5)], roof="roof_flat")
    t.area("difficult", 68, 84, 36, 20, "crops", label="Cornfield")
    t.area("difficult", 20, 56, 16, 16, "rubble", label="Woodpile and brush")
    t.area("difficult", 106, 20, 12, 20, "mud", label="Copse", woods=True)  # closed to vehicles
    t.area("impassable", 88, 48, 12, 8, "water", label="Pond")
    t.area("obstacle", 62, 40, 4, 4, height_cm=4.0, label="Hay bale")
    t.area("obstacle", 64, 48, 4, 4, height_cm=4.0, label="Hay bale")
    t.area("cover", 40, 60, 6, 3, cover=1, label="Water trough")
    t.area("obstacle", 72, 50, 6, 10, height_cm=8.0, label="Tractor")
    t.marker("vehicle", 75, 55, 6, 10)
    t.area("obstacle", 80, 65, 10, 5, height_cm=4.0, label="Pick-up")
    t.marker("vehicle", 85, 67.5, 10, 5)
    t.line("fence", [(66, 78), (108, 78), (108, 108)], 3.0)  # paddock fence around the field
    t.line("hedge", [(12, 50), (12, 80)], 5.0)
    t.line("wall", [(20, 80), (44, 80)], 12.0)  # a stone wall behind the shed
    t.marker("lamp", 46, 30, 2, 2)
    t.marker("lamp", 70, 46, 2, 2)
    deployment_areas(t)
    return t


def crossroads() -> FreeTable:
    t = FreeTable("zw-crossroads", "Crossroads Petrol Station", "grass")
    t.paint += [
        (Rect(0, 54, 120, 14), "asphalt"), (Rect(54, 0, 14, 120), "asphalt"),
        (Rect(70, 70, 36, 30), "tiled_floor"),  # the station forecourt
        (Rect(16, 16, 34, 34), "sidewalk"),
    ]
    t.building("Petrol Station", 84, 84, 21, 16, 6, 1, doors=[("w", 0.5), ("n", 0.7)],
               windows=[("n", 0.3), ("e", 0.5)], roof="roof_flat")
    t.building("Motel", 18, 18, 30, 18, 12, 2, doors=[("s", 0.4), ("e", 0.5)],
               windows=[("s", 0.15), ("s", 0.8), ("n", 0.5), ("w", 0.5)])
    t.building("Diner", 74, 18, 26, 20, 7, 1, doors=[("s", 0.5)], windows=[("w", 0.5), ("s", 0.2), ("s", 0.8)])
    t.building("Workshop", 18, 80, 24, 22, 8, 1, doors=[("n", 0.5), ("e", 0.3)], windows=[("w", 0.5)],
               roof="roof_flat")
    t.area("stairs", 48, 22, 4, 8)  # the motel's outside stair
    t.area("cover", 72, 76, 8, 3, cover=2, label="Pump island")
    t.area("cover", 72, 92, 8, 3, cover=2, label="Pump island")
    t.area("obstacle", 60, 34, 5, 10, height_cm=4.0, label="Abandoned car")
    t.marker("vehicle", 62.5, 39, 5, 10)
    t.area("obstacle", 30, 57, 12, 6, height_cm=7.0, label="Tanker lorry")
    t.marker("vehicle", 36, 60, 12, 6)
    t.area("obstacle", 100, 72, 3, 3, height_cm=4.0, label="Drums", prop="drums")
    t.area("obstacle", 50, 82, 4, 4, height_cm=4.0, label="Crates", prop="crates")
    t.area("obstacle", 71, 42, 2, 3, height_cm=6.0, label="Food machine", prop="food_machine")
    t.area("obstacle", 51, 50, 2, 2, height_cm=3.0, label="Bin", prop="bin")
    t.area("difficult", 86, 44, 24, 8, "rubble", label="Overgrown lot")
    t.area("difficult", 20, 40, 16, 10, "crops", label="Scrub")
    t.area("impassable", 44, 100, 3, 3, label="Tree", height_cm=15.0)
    t.line("fence", [(16, 76), (46, 76), (46, 104)], 3.0)
    t.line("hedge", [(72, 16), (104, 16)], 4.0)
    t.line("wall", [(110, 20), (110, 40)], 12.0)
    for x, y in ((52, 52), (70, 52), (52, 70), (70, 70), (88, 70), (30, 70)):
        t.marker("lamp", x, y, 2, 2)
    deployment_areas(t)
    return t


def write_free_table(table: FreeTable, folder: Path) -> Path:
    s = FREE_SCALE
    writer = TmxWriter(FREE_TILES, FREE_TILES, [
        ("module", "string", table.module_id), ("game", "string", "zombieworld"), ("scale", "float", FREE_SCALE),
        ("layout", "string", "free"), ("title", "string", table.title), ("title_es", "string", TITLES_ES[table.title]),
    ])
    tile_cm = TILE_PX / s
    cells = []
    for row in range(FREE_TILES):
        for col in range(FREE_TILES):
            cx, cy = (col + 0.5) * tile_cm, (row + 0.5) * tile_cm
            left, top = col * tile_cm, row * tile_cm
            tile = table.base_tile
            for rect, name in table.paint:
                if name.startswith("roof"):  # a roof tile never overhangs its building's outline
                    inside = (rect.x <= left and left + tile_cm <= rect.right
                              and rect.y <= top and top + tile_cm <= rect.bottom)
                else:
                    inside = rect.x <= cx < rect.right and rect.y <= cy < rect.bottom
                if inside:
                    tile = name
            cells.append(gid(tile))
    writer.tile_layer("floor", cells)
    for layer in ("terrain", "openings", "walls", "markers"):
        objects = []
        for obj_layer, cls, spec in table.objects:
            if obj_layer != layer:
                continue
            if "polyline" in spec:
                points = [(x * s, y * s) for x, y in spec["polyline"]]
                objects.append(writer.obj(cls, points[0][0], points[0][1], polyline=points, props=spec["props"]))
            else:
                x, y, w, h = spec["rect"]
                objects.append(writer.obj(cls, x * s, y * s, w * s, h * s, spec.get("name", ""), spec["props"]))
        writer.object_layer(layer, objects)
    path = folder / f"{table.module_id}.tmx"
    path.write_text(writer.xml(), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("maps_dir", nargs="?", default=str(REPO / "maps"))
    args = parser.parse_args(argv)
    root = Path(args.maps_dir)
    for sub in ("zombicide", "zombieworld", "missions"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    written = [write_module(spec, "zombicide", root / "zombicide") for spec in all_module_specs()]
    written += [write_free_table(table, root / "zombieworld") for table in (town_square(), outskirts_farm(), crossroads())]
    for name, text in missions().items():
        path = root / "missions" / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    import green_horde_maps  # the second Zombicide box's modules and missions

    written += green_horde_maps.write_all(root)
    import make_invader_maps  # Zombicide: Invader's 18 modules and its missions

    written += make_invader_maps.write_all(root)
    import zw_tutorial_map  # the Zombieworld tutorial: a table, a band and its prompts

    written += zw_tutorial_map.write_all(root)
    print(f"wrote {len(written)} files into {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
