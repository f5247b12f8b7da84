"""Write City of Horror's city, ``maps/city_of_horror/coh-city.tmx``, deterministically (our own map).

The city is one square zone board (32×32 tiles of 2 cm, 64×64 cm): the Crossroads in the middle, the
Water Tower above it, four corner buildings numbered 1 to 4 clockwise from the top left (which building
stands where is dealt at set-up), and three roads holding the supplies, the horde and the Straggler
track. Every part is a zone the game finds by its properties:

- kind ``location``, ``location`` = 1–4, ``water_tower`` or ``crossroads``, ``part`` = ``sign``,
  ``space`` (with ``index``, one per human space), ``spaces`` (the Crossroads: no limit), ``zombies`` or
  ``items``;
- kind ``track``, ``order`` = 1–6: the Straggler track;
- kind ``street``, ``holds`` = ``deck``, ``discard``, ``food``, ``invasion``, ``antidotes`` or ``horde``:
  where the piles lie (streets without ``holds`` are the pavement between the boards).

The floor is painted with our shared tileset (``assets/tiles/deadtable.tsx``, made by
``tools/make_assets.py``); the game draws the rest of the art itself.

``python tools/make_coh_map.py [OUT_DIR]`` (default: ``maps/city_of_horror``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))

from make_maps import TILE_PX, Prop, TmxWriter, gid  # noqa: E402

SIZE_TILES = 32
SCALE = 20.0  # px per cm: a 40 px tile is 2 cm
MODULE = "coh-city"
CORNER_ORIGINS = {"1": (0, 0), "2": (22, 0), "3": (22, 22), "4": (0, 22)}
WATER_TOWER_ORIGIN = (11, 0)
CROSSROADS_ORIGIN = (11, 11)
BOARD_TILES = 10
TRACK_SPACES = 6


@dataclass(frozen=True)
class Area:
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    floor: str
    props: tuple[tuple[str, Prop], ...] = ()

    def holds_cell(self, col: int, row: int) -> bool:
        cx, cy = col + 0.5, row + 0.5
        return self.x <= cx < self.x + self.w and self.y <= cy < self.y + self.h


def location_board(slot: str, prefix: str, x0: float, y0: float, spaces: int, floor: str) -> list[Area]:
    """A location board: its sign on top, its spaces, then the zombies outside and the items."""
    props: tuple[tuple[str, Prop], ...] = (("kind", "location"), ("location", slot))
    areas = [Area(f"{prefix}-sign", "location", x0, y0, BOARD_TILES, 2, "roof", props + (("part", "sign"),))]
    if spaces:
        width = BOARD_TILES / spaces
        for index in range(spaces):
            areas.append(Area(f"{prefix}-space{index + 1}", "location", x0 + index * width, y0 + 2, width, 4, floor,
                              props + (("part", "space"), ("index", index + 1))))
    else:
        areas.append(Area(f"{prefix}-spaces", "location", x0, y0 + 2, BOARD_TILES, 4, floor, props + (("part", "spaces"),)))
    areas.append(Area(f"{prefix}-zombies", "location", x0, y0 + 6, 6.5, 4, "mud", props + (("part", "zombies"),)))
    areas.append(Area(f"{prefix}-items", "location", x0 + 6.5, y0 + 6, 3.5, 4, "tiled_floor", props + (("part", "items"),)))
    return areas


def pile(name: str, holds: str, x: float, y: float, w: float, h: float, floor: str) -> Area:
    return Area(name, "street", x, y, w, h, floor, (("kind", "street"), ("holds", holds)))


def pavement(name: str, x: float, y: float, w: float, h: float) -> Area:
    return Area(name, "street", x, y, w, h, "sidewalk", (("kind", "street"),))


def city_areas() -> list[Area]:
    areas: list[Area] = []
    for slot, (x0, y0) in CORNER_ORIGINS.items():
        areas.extend(location_board(slot, f"loc{slot}", x0, y0, 4, "wood_floor"))
    areas.extend(location_board("water_tower", "tower", *WATER_TOWER_ORIGIN, 3, "helipad_concrete"))
    areas.extend(location_board("crossroads", "crossroads", *CROSSROADS_ORIGIN, 0, "asphalt_crossing_h"))
    areas += [
        pile("deck", "deck", 0, 11, 5, 5, "asphalt"),
        pile("discard", "discard", 5, 11, 5, 5, "asphalt"),
        pile("food", "food", 0, 16, 5, 5, "gravel"),
        pile("invasion", "invasion", 5, 16, 5, 5, "asphalt"),
        pile("antidotes", "antidotes", 22, 11, 10, 10, "parking"),
        pile("horde", "horde", 11, 22, 10, 5, "rubble"),
        pavement("road-south", 11, 27, 10, 0.5),
        pavement("road-south-end", 11, 30.5, 10, 1.5),
    ]
    width = BOARD_TILES / TRACK_SPACES
    for index in range(TRACK_SPACES):
        areas.append(Area(f"track{index + 1}", "track", 11 + index * width, 27.5, width, 3, "parking",
                          (("kind", "track"), ("order", index + 1))))
    areas += [pavement("gap-west", 10, 0, 1, SIZE_TILES), pavement("gap-east", 21, 0, 1, SIZE_TILES)]
    for y in (10, 21):
        for x in (0, 11, 22):
            areas.append(pavement(f"gap-{x}-{y}", x, y, BOARD_TILES, 1))
    return areas


def floor_cells(areas: list[Area]) -> list[int]:
    cells = []
    for row in range(SIZE_TILES):
        for col in range(SIZE_TILES):
            area = next((a for a in areas if a.holds_cell(col, row)), None)
            cells.append(gid(area.floor if area is not None else "sidewalk"))
    return cells


def write_city(folder: Path) -> Path:
    areas = city_areas()
    writer = TmxWriter(SIZE_TILES, SIZE_TILES, [
        ("module", "string", MODULE), ("game", "string", "city_of_horror"), ("scale", "float", SCALE),
        ("layout", "string", "zones"), ("title", "string", "The city"), ("title_es", "string", "La ciudad"),
    ])
    writer.tile_layer("floor", floor_cells(areas))
    objects = [writer.obj("zone", a.x * TILE_PX, a.y * TILE_PX, a.w * TILE_PX, a.h * TILE_PX, a.name, list(a.props))
               for a in areas]
    writer.object_layer("zones", objects)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{MODULE}.tmx"
    path.write_text(writer.xml(), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else REPO / "maps" / "city_of_horror"
    print(write_city(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
