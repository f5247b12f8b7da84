"""Zombicide boards drawn as ASCII sketches: the inline boards of scenario files and rules tests.

Cell rows alternate with separator rows. In a cell row, even columns hold zones and odd columns the
border with the zone to the right; in a separator row, even columns hold the border with the zone
below. Zones: s street, r room, h hallway, H hospital room, L locker room, t tent, p helipad,
c camp, w wasteland, W water, C corridor, O outdoor, A airlock, S security room, X oxygen room,
# or space none (corridors and the outdoors never join across a default border). Borders: ' ' default (street-street open, anything
touching a building walled), | or - wall, d closed door, o open door, = opening, f fence, F fence
with stairs, e hedge, l ledge, x barrier, b closed blue door, k closed pink door, g closed green door,
v closed purple (violet) door. Zone ids are r<row>c<col> (``sketch_zone_id``); a tile is
``tile_cols`` × ``tile_rows`` cells, named T<col>_<row>; a zone may reach over onto more tiles
(``zone_tiles``: kept in the zone's ``tiles`` property), and a marker may name the tile it lies on (a
manhole at one end of such a zone). Each cell is ``SKETCH_CELL_CM`` square.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict

from game.board.model import (
    Board,
    BoardZone,
    Connection,
    ConnectionKind,
    Layout,
    Marker,
    MarkerKind,
    SightStep,
    ZoneKind,
)
from game.limits import MAX_SKETCH_ZONES

SKETCH_CELL_CM = 10.0
SKETCH_ZONE_KINDS = {
    "s": ZoneKind.STREET,
    "r": ZoneKind.ROOM,
    "h": ZoneKind.HALLWAY,
    "H": ZoneKind.HOSPITAL_ROOM,
    "L": ZoneKind.LOCKER_ROOM,
    "t": ZoneKind.TENT,
    "p": ZoneKind.HELIPAD,
    "c": ZoneKind.CAMP,
    "w": ZoneKind.WASTELAND,
    "W": ZoneKind.WATER,
    "C": ZoneKind.CORRIDOR,
    "O": ZoneKind.OUTDOOR,
    "A": ZoneKind.AIRLOCK,
    "S": ZoneKind.SECURITY_ROOM,
    "X": ZoneKind.OXYGEN_ROOM,
}
_SKETCH_BORDERS = " |-dobkgv=fFelx"
# zones that join their street-like neighbours across a default border and belong to no building
_STREET_LIKE = frozenset({ZoneKind.STREET, ZoneKind.HALLWAY, ZoneKind.TENT, ZoneKind.HELIPAD, ZoneKind.CAMP,
                          ZoneKind.WASTELAND, ZoneKind.WATER, ZoneKind.CORRIDOR, ZoneKind.OUTDOOR})
_NEVER_JOINED = frozenset({ZoneKind.CORRIDOR, ZoneKind.OUTDOOR})  # only an airlock leads outside

Cell = tuple[int, int]


def sketch_zone_id(row: int, col: int) -> str:
    return f"r{row}c{col}"


class SketchMarker(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: MarkerKind
    zone: str
    color: str = ""
    locators: tuple[int, ...] = ()
    tile: str = ""  # the tile it lies on, for a zone over several tiles (default: the zone's own)


def sketch_board(
    sketch: str,
    markers: Sequence[SketchMarker] = (),
    tile_cols: int = 99,
    tile_rows: int = 99,
    title: str = "sketch",
    source: str = "",
    setup: Mapping[str, object] | None = None,
    zone_tiles: Mapping[str, Sequence[str]] | None = None,
) -> Board:
    """Build a Board from an ASCII sketch; ``setup`` is kept as a mission's own [setup] would be
    (``Board.properties["setup"]``); ``zone_tiles`` names the tiles a zone reaches onto beyond its
    own. A bad character, a marker off the sketch or an unknown tile raises ValueError naming the
    line and column, the marker or the zone."""
    lines = [line.rstrip() for line in sketch.strip("\n").splitlines()]
    if not lines or not any(lines):
        raise ValueError("the sketch is empty")
    width = max(len(line) for line in lines)
    lines = [line.ljust(width) for line in lines]
    cell_rows, sep_rows = lines[0::2], lines[1::2]
    rows, cols = len(cell_rows), (width + 1) // 2

    if rows * cols > 4 * MAX_SKETCH_ZONES:  # checked before any cell is read: a sketch is small
        raise ValueError(f"the sketch is {cols} cells by {rows}: at most {4 * MAX_SKETCH_ZONES} cells")
    cells = _read_cells(lines, cell_rows, cols)
    if len(cells) > MAX_SKETCH_ZONES:
        raise ValueError(f"the sketch draws {len(cells)} zones: at most {MAX_SKETCH_ZONES}")
    zones = {
        sketch_zone_id(r, c): _cell_zone(r, c, kind, f"T{c // tile_cols}_{r // tile_rows}")
        for (r, c), kind in sorted(cells.items())
    }
    known_tiles = {zone.module_id for zone in zones.values()}
    for zone_id, more in (zone_tiles or {}).items():
        if zone_id not in zones:
            raise ValueError(f"zone_tiles: zone {zone_id!r} is not on the sketch")
        unknown = [tile for tile in more if tile not in known_tiles]
        if unknown:
            raise ValueError(f"zone_tiles → {zone_id}: no tile {unknown[0]!r} (tiles: {', '.join(sorted(known_tiles))})")
        own = zones[zone_id].module_id
        tiles = (own, *dict.fromkeys(tile for tile in more if tile != own))
        zones[zone_id] = dataclasses.replace(zones[zone_id], properties=MappingProxyType({"tiles": tiles}))
    connections, link = _read_borders(cells, cell_rows, sep_rows, cols)
    buildings = _buildings(cells, link)
    building_of = {zone: name for name, members in buildings.items() for zone in members}
    zones = {
        zone_id: dataclasses.replace(zone, building=building_of.get(zone_id)) for zone_id, zone in zones.items()
    }

    placed = []
    for index, marker in enumerate(markers):
        if marker.zone not in zones:
            raise ValueError(f"markers[{index}]: zone {marker.zone!r} is not on the sketch")
        zone_tile_ids = zones[marker.zone].properties.get("tiles") or (zones[marker.zone].module_id,)
        if marker.tile and marker.tile not in zone_tile_ids:  # type: ignore[operator]
            raise ValueError(f"markers[{index}]: zone {marker.zone!r} is not on tile {marker.tile!r}")
        placed.append(
            Marker(
                kind=marker.kind,
                position=zones[marker.zone].center,
                zone=marker.zone,
                color=marker.color,
                locators=tuple(marker.locators),
                properties=MappingProxyType({"tile": marker.tile} if marker.tile else {}),
            )
        )

    return Board(
        title=title,
        game="zombicide",
        layout=Layout.ZONES,
        width_cm=cols * SKETCH_CELL_CM,
        height_cm=rows * SKETCH_CELL_CM,
        modules=(),
        zones=MappingProxyType(zones),
        connections=tuple(connections),
        walls=(),
        fences=(),
        markers=tuple(placed),
        terrain=(),
        buildings=MappingProxyType(buildings),
        sight_lines=MappingProxyType(_sight_lines(cells, link)),
        cell_cm=SKETCH_CELL_CM,
        zone_grid=tuple(sketch_zone_id(r, c) if (r, c) in cells else None for r in range(rows) for c in range(cols)),
        grid_size=(cols, rows),
        properties=MappingProxyType({"setup": dict(setup)} if setup else {}),
        source=source,
    )


def _read_cells(lines: list[str], cell_rows: list[str], cols: int) -> dict[Cell, ZoneKind]:
    """The zone kind of every drawn cell; checks every zone letter and border character."""
    cells: dict[Cell, ZoneKind] = {}
    for r, line in enumerate(cell_rows):
        for c in range(cols):
            ch = line[2 * c] if 2 * c < len(line) else "#"
            if ch in SKETCH_ZONE_KINDS:
                cells[(r, c)] = SKETCH_ZONE_KINDS[ch]
            elif ch not in "# ":
                raise ValueError(f"sketch line {2 * r + 1}, column {2 * c + 1}: unknown zone letter {ch!r}")
    for number, line in enumerate(lines, start=1):
        first_border = 1 if number % 2 else 0
        for column in range(first_border, len(line), 2):
            if line[column] not in _SKETCH_BORDERS:
                raise ValueError(f"sketch line {number}, column {column + 1}: unknown border {line[column]!r}")
    return cells


def _cell_zone(r: int, c: int, kind: ZoneKind, module_id: str) -> BoardZone:
    x0, y0, size = c * SKETCH_CELL_CM, r * SKETCH_CELL_CM, SKETCH_CELL_CM
    return BoardZone(
        id=sketch_zone_id(r, c),
        module_id=module_id,
        kind=kind,
        polygon=((x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size)),
        center=(x0 + size / 2, y0 + size / 2),
        area_cm2=size * size,
    )


def _read_borders(
    cells: Mapping[Cell, ZoneKind], cell_rows: list[str], sep_rows: list[str], cols: int
) -> tuple[list[Connection], dict[tuple[Cell, Cell], Connection]]:
    """The connections the borders draw, and each one by the pair of cells it joins (both ways)."""
    connections: list[Connection] = []
    link: dict[tuple[Cell, Cell], Connection] = {}

    def border(a: Cell, b: Cell, ch: str, segment: tuple[tuple[float, float], tuple[float, float]]) -> None:
        if a not in cells or b not in cells:
            return
        color, is_open, stairs = "", True, False
        kind: ConnectionKind | None
        if ch == " ":
            joined = cells[a] in _STREET_LIKE and cells[b] in _STREET_LIKE and {cells[a], cells[b]} != _NEVER_JOINED
            kind = ConnectionKind.OPEN if joined else None
        elif ch in "|-":
            kind = None
        elif ch in "dobkgv":
            kind, is_open = ConnectionKind.DOOR, ch == "o"
            color = {"b": "blue", "k": "pink", "g": "green", "v": "purple"}.get(ch, "neutral")
        elif ch == "=":
            kind = ConnectionKind.OPENING
        elif ch in "elx":
            kind = {"e": ConnectionKind.HEDGE, "l": ConnectionKind.LEDGE, "x": ConnectionKind.BARRIER}[ch]
        else:
            kind, stairs = ConnectionKind.FENCE, ch == "F"
        if kind is None:
            return
        connection = Connection(
            id=f"{sketch_zone_id(*a)}~{sketch_zone_id(*b)}",
            a=sketch_zone_id(*a),
            b=sketch_zone_id(*b),
            kind=kind,
            segment=segment,
            color=color,
            is_open=is_open,
            has_stairs=stairs,
        )
        connections.append(connection)
        link[(a, b)] = link[(b, a)] = connection

    for r, line in enumerate(cell_rows):
        for c in range(cols - 1):
            x = (c + 1) * SKETCH_CELL_CM
            border((r, c), (r, c + 1), line[2 * c + 1], ((x, r * SKETCH_CELL_CM), (x, (r + 1) * SKETCH_CELL_CM)))
    for r, line in enumerate(sep_rows):
        for c in range(cols):
            y = (r + 1) * SKETCH_CELL_CM
            ch = line[2 * c] if 2 * c < len(line) else " "
            border((r, c), (r + 1, c), ch, ((c * SKETCH_CELL_CM, y), ((c + 1) * SKETCH_CELL_CM, y)))
    return connections, link


def _sight_lines(
    cells: Mapping[Cell, ZoneKind], link: Mapping[tuple[Cell, Cell], Connection]
) -> dict[str, tuple[tuple[SightStep, ...], ...]]:
    """Straight sight lines along rows and columns, through any connection."""
    sight: dict[str, tuple[tuple[SightStep, ...], ...]] = {}
    for r, c in sorted(cells):
        found = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            here, steps = (r, c), []
            while (connection := link.get((here, (here[0] + dr, here[1] + dc)))) is not None:
                here = (here[0] + dr, here[1] + dc)
                steps.append(SightStep(zone=sketch_zone_id(*here), via=connection.id))
            if steps:
                found.append(tuple(steps))
        sight[sketch_zone_id(r, c)] = tuple(found)
    return sight


def _buildings(
    cells: Mapping[Cell, ZoneKind], link: Mapping[tuple[Cell, Cell], Connection]
) -> dict[str, tuple[str, ...]]:
    """Buildings b0, b1…: the building zones joined by openings, in reading order."""
    building_cells = sorted(p for p, kind in cells.items() if kind not in _STREET_LIKE)
    seen: set[Cell] = set()
    buildings: dict[str, tuple[str, ...]] = {}
    for start in building_cells:
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            p = stack.pop()
            group.append(p)
            for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                joined = link.get((p, q))
                if q in cells and q not in seen and cells[q] not in _STREET_LIKE and joined is not None \
                        and joined.kind == ConnectionKind.OPENING:
                    seen.add(q)
                    stack.append(q)
        buildings[f"b{len(buildings)}"] = tuple(sketch_zone_id(*p) for p in sorted(group))
    return buildings
