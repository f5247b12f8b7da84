"""Build a ``Board`` from placed modules: zone grid, zone graph, walls, buildings, sight lines.

Pure Python. Zones are rasterised onto a square lookup grid (a cell belongs to the zone under
its centre); every rule below is then worked out from the borders between cells:

- street-like ↔ street-like borders connect unless a wall covers the whole border; fences,
  hedges and ledges give their own connection kinds. This also joins streets across module edges;
- anything involving a building zone connects only through a door or an opening of the module,
  and so do Invader's corridors and the outdoors (only airlocks lead outside);
- sight runs along cell rows and columns, stopping at walls, hedges, the board edge, and one zone
  after entering a building zone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import NoReturn

from game import limits
from game.board.errors import MapFormatError, MapProblem
from game.board.geometry import (
    axis_aligned_rectangle,
    point_in_polygon,
    polygon_area,
    polygon_bounds,
    polygon_centroid,
    polyline_segments,
)
from game.board.model import (
    BUILDING_KINDS,
    BarrierKind,
    Board,
    BoardModule,
    BoardZone,
    Connection,
    ConnectionKind,
    Layout,
    Marker,
    MarkerKind,
    PlacedModule,
    Point,
    Portal,
    PortalKind,
    SightStep,
    Terrain,
    ZoneKind,
    frozen_mapping,
)
from game.rules.core.frozen import record

VALID_ROTATIONS = (0, 90, 180, 270)
# Finer grids tried when zone corners do not fall on the tile grid.
_CELL_DIVISORS = (1, 2, 4, 5, 8, 10)
_ALIGN_TOLERANCE_CM = 0.05

# Barrier codes on grid edges, from least to most blocking (a stronger barrier wins an edge).
_NO_BARRIER = 0
_LEDGE = 1
_HEDGE = 2
_FENCE = 3
_WALL = 4
_BARRIER_CODES = {
    BarrierKind.LEDGE: _LEDGE,
    BarrierKind.HEDGE: _HEDGE,
    BarrierKind.FENCE: _FENCE,
    BarrierKind.WALL: _WALL,
}
# A shared street border becomes the connection of its most passable edge.
_STREET_CONNECTION = {
    _NO_BARRIER: ConnectionKind.OPEN,
    _LEDGE: ConnectionKind.LEDGE,
    _HEDGE: ConnectionKind.HEDGE,
    _FENCE: ConnectionKind.FENCE,
}
_CONNECTION_PREFIX = {
    ConnectionKind.OPEN: "open",
    ConnectionKind.LEDGE: "ledge",
    ConnectionKind.HEDGE: "hedge",
    ConnectionKind.FENCE: "fence",
}
_SIGHT_PASSES = {_NO_BARRIER: True, _LEDGE: True, _HEDGE: False, _FENCE: True, _WALL: False}
_MOVE_PASSES = {_NO_BARRIER: True, _LEDGE: True, _HEDGE: True, _FENCE: False, _WALL: False}


@record
class DoorOverride:
    """A mission's change to a door printed on a module; None keeps the module's value."""

    color: str | None = None
    is_open: bool | None = None


def place_module(module: BoardModule, col: int, row: int, rotation: int = 0) -> PlacedModule:
    """A module at grid cell (col, row): its origin is (col × width, row × height)."""
    if rotation not in VALID_ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation}")
    return PlacedModule(
        module=module,
        col=col,
        row=row,
        rotation=rotation,
        origin_cm=(col * module.width_cm, row * module.height_cm),
    )


def board_from_module(module: BoardModule, source: str = "") -> Board:
    """A single map shown alone (a zone module, or a whole free table); its titles in other languages
    (``title_es``) come with it, so the table is named in the player's language."""
    titles = {name: value for name, value in module.properties.items() if name.startswith("title_")}
    return assemble(
        [place_module(module, 0, 0, 0)],
        title=module.title or module.module_id,
        game=module.game,
        source=source or module.path,
        properties=titles,
    )


def assemble(
    placed: Sequence[PlacedModule],
    *,
    title: str,
    game: str,
    source: str = "",
    extra_markers: Sequence[Marker] = (),
    door_overrides: Mapping[str, DoorOverride] | None = None,
    properties: Mapping[str, object] | None = None,
    edge_overrides: Mapping[tuple[str, str], ConnectionKind] | None = None,
) -> Board:
    """Join placed modules into one board. Raises MapFormatError on contradictory input.

    ``edge_overrides``: (zone, zone) → the token a mission lays on their street border (a barrier,
    a hedge)."""
    return _Assembler(placed, source).build(
        title=title,
        game=game,
        extra_markers=extra_markers,
        door_overrides=door_overrides or {},
        properties=properties or {},
        edge_overrides=edge_overrides or {},
    )


# --- transforms ----------------------------------------------------------------------------


def _transform_points(pm: PlacedModule, points: Sequence[Point]) -> tuple[Point, ...]:
    return tuple(pm.to_board(p) for p in points)


def _transform_portal(pm: PlacedModule, portal: Portal, zones: tuple[str, str] | None) -> Portal:
    return replace(portal, id=f"{pm.module.module_id}:{portal.id}", a=pm.to_board(portal.a),
                   b=pm.to_board(portal.b), zones=zones)


def _transform_size(pm: PlacedModule, size: tuple[float, float]) -> tuple[float, float]:
    return (size[1], size[0]) if pm.rotation in (90, 270) else size


def _transform_terrain(pm: PlacedModule, terrain: Terrain) -> Terrain:
    return replace(
        terrain,
        polygon=_transform_points(pm, terrain.polygon),
        portals=tuple(_transform_portal(pm, p, None) for p in terrain.portals),
    )


# --- the assembly --------------------------------------------------------------------------


class _Assembler:
    def __init__(self, placed: Sequence[PlacedModule], source: str):
        if not placed:
            raise MapFormatError.single(source, "a board needs at least one module")
        self.placed = tuple(placed)
        self.source = source
        first = self.placed[0].module
        for pm in self.placed:
            m = pm.module
            if pm.rotation not in VALID_ROTATIONS:
                self._fail(f"module {m.module_id}: rotation must be 0, 90, 180 or 270, not {pm.rotation}")
            if not (math.isclose(m.width_cm, first.width_cm) and math.isclose(m.height_cm, first.height_cm)):
                self._fail(
                    f"module {m.module_id} is {m.width_cm:g}×{m.height_cm:g} cm but "
                    f"{first.module_id} is {first.width_cm:g}×{first.height_cm:g} cm: every module must be the same size"
                )
            if pm.rotation in (90, 270) and not math.isclose(m.width_cm, m.height_cm):
                self._fail(f"module {m.module_id} is not square, so it cannot be turned by {pm.rotation}°")
        self.layout = Layout.FREE if all(pm.module.layout == Layout.FREE for pm in self.placed) else Layout.ZONES
        self.width_cm = max(pm.origin_cm[0] + pm.size_cm[0] for pm in self.placed)
        self.height_cm = max(pm.origin_cm[1] + pm.size_cm[1] for pm in self.placed)
        if max(self.width_cm, self.height_cm) > limits.MAX_BOARD_SIDE_CM:
            self._fail(f"the board is {self.width_cm:,.0f} × {self.height_cm:,.0f} cm: each side at most "
                       f"{limits.MAX_BOARD_SIDE_CM:,.0f} cm")
        self.cell_cm = self._choose_cell_size()
        self.cols = max(1, round(self.width_cm / self.cell_cm))
        self.rows = max(1, round(self.height_cm / self.cell_cm))
        if self.cols * self.rows > limits.MAX_BOARD_CELLS:
            self._fail(f"the board's zone grid would have {self.cols * self.rows:,} cells of {self.cell_cm:g} cm "
                       f"(at most {limits.MAX_BOARD_CELLS:,}): put zone corners on the tile grid")
        self.sight_steps = 0

    def _fail(self, what: str, layer: str = "") -> NoReturn:
        raise MapFormatError([MapProblem(path=self.source, what=what, layer=layer)])

    # grid ------------------------------------------------------------------------------

    def _choose_cell_size(self) -> float:
        tile_w, tile_h = self.placed[0].module.tile_cm
        base = min(tile_w, tile_h) if tile_w > 0 and tile_h > 0 else 1.0
        coords: set[float] = set()
        for pm in self.placed:
            coords.update((pm.module.width_cm, pm.module.height_cm))
            for zone in pm.module.zones:
                for x, y in zone.polygon:
                    coords.add(round(x, 4))
                    coords.add(round(y, 4))
        for divisor in _CELL_DIVISORS:
            cell = base / divisor
            if self._grid_cells(cell) > limits.MAX_BOARD_CELLS:
                break  # finer grids only grow: tile cells it is
            if all(abs(c / cell - round(c / cell)) * cell <= _ALIGN_TOLERANCE_CM for c in coords):
                return cell
        # Off-grid corners: tile cells keep the board fast; each cell still takes the zone under its centre.
        return base

    def _grid_cells(self, cell_cm: float) -> int:
        return max(1, round(self.width_cm / cell_cm)) * max(1, round(self.height_cm / cell_cm))

    def _rasterise_module(self, module: BoardModule) -> tuple[int, int, list[int]]:
        """Zone index (within the module) per module cell, -1 for none; first zone wins overlaps."""
        cell = self.cell_cm
        mcols = max(1, round(module.width_cm / cell))
        mrows = max(1, round(module.height_cm / cell))
        grid = [-1] * (mcols * mrows)
        work = 0
        for zone in module.zones:
            min_x, min_y, max_x, max_y = polygon_bounds(zone.polygon) if zone.polygon else (0.0, 0.0, 0.0, 0.0)
            span = max(0, math.ceil(max_x / cell) - math.floor(min_x / cell)) * max(
                0, math.ceil(max_y / cell) - math.floor(min_y / cell))
            work += span * (1 if axis_aligned_rectangle(zone.polygon) is not None else len(zone.polygon))
        if work > limits.MAX_ZONE_GRID_WORK:
            self._fail(f"module {module.module_id}: laying its zones on a grid of {cell:g} cm takes {work:,} cell "
                       f"tests (at most {limits.MAX_ZONE_GRID_WORK:,}): use fewer or simpler zones")
        for index, zone in enumerate(module.zones):
            if len(zone.polygon) < 3:
                continue
            min_x, min_y, max_x, max_y = polygon_bounds(zone.polygon)
            c0 = max(0, math.floor(min_x / cell))
            c1 = min(mcols, math.ceil(max_x / cell))
            r0 = max(0, math.floor(min_y / cell))
            r1 = min(mrows, math.ceil(max_y / cell))
            is_rectangle = axis_aligned_rectangle(zone.polygon) is not None
            for r in range(r0, r1):
                cy = (r + 0.5) * cell
                base = r * mcols
                for c in range(c0, c1):
                    if grid[base + c] != -1:
                        continue
                    cx = (c + 0.5) * cell
                    if is_rectangle:
                        if min_x < cx < max_x and min_y < cy < max_y:
                            grid[base + c] = index
                    elif point_in_polygon((cx, cy), zone.polygon):
                        grid[base + c] = index
        return mcols, mrows, grid

    # build -----------------------------------------------------------------------------

    def build(
        self,
        *,
        title: str,
        game: str,
        extra_markers: Sequence[Marker],
        door_overrides: Mapping[str, DoorOverride],
        properties: Mapping[str, object],
        edge_overrides: Mapping[tuple[str, str], ConnectionKind] | None = None,
    ) -> Board:
        edge_overrides = edge_overrides or {}
        cols, rows, cell = self.cols, self.rows, self.cell_cm
        grid = [-1] * (cols * rows)
        zone_ids: list[str] = []
        zone_building_kind: list[bool] = []
        zone_indoors: list[bool] = []  # Invader corridors: never open onto the planet's surface
        zone_outdoors: list[bool] = []
        board_zones: list[BoardZone] = []
        zone_index: dict[str, int] = {}
        module_ids: set[str] = set()
        portal_zone_pairs: list[tuple[PlacedModule, Portal, tuple[str, str]]] = []

        for pm in self.placed:
            module = pm.module
            if module.module_id in module_ids:
                self._fail(f"module {module.module_id} is placed twice")
            module_ids.add(module.module_id)
            offset = len(zone_ids)
            for zone in module.zones:
                global_id = f"{module.module_id}:{zone.id}"
                if global_id in zone_index:
                    self._fail(f"zone {global_id} is defined twice")
                zone_index[global_id] = len(zone_ids)
                zone_ids.append(global_id)
                zone_building_kind.append(zone.kind in BUILDING_KINDS)
                zone_indoors.append(zone.kind == ZoneKind.CORRIDOR)
                zone_outdoors.append(zone.kind == ZoneKind.OUTDOOR)
            mcols, mrows, mgrid = self._rasterise_module(module)
            origin_col = round(pm.origin_cm[0] / cell)
            origin_row = round(pm.origin_cm[1] / cell)
            for r in range(mrows):
                for c in range(mcols):
                    value = mgrid[r * mcols + c]
                    if value < 0:
                        continue
                    if pm.rotation == 0:
                        bc, br = c, r
                    elif pm.rotation == 90:
                        bc, br = mrows - 1 - r, c
                    elif pm.rotation == 180:
                        bc, br = mcols - 1 - c, mrows - 1 - r
                    else:
                        bc, br = r, mcols - 1 - c
                    bc += origin_col
                    br += origin_row
                    if 0 <= bc < cols and 0 <= br < rows:
                        grid[br * cols + bc] = offset + value
            for portal in module.portals:
                if portal.kind == PortalKind.WINDOW or module.layout == Layout.FREE:
                    continue
                pair = self._portal_zones(module, mcols, mrows, mgrid, portal)
                portal_zone_pairs.append((pm, portal, pair))

        zone_cells = self._zone_cells(grid, len(zone_ids))
        for pm in self.placed:
            for zone in pm.module.zones:
                global_id = f"{pm.module.module_id}:{zone.id}"
                index = zone_index[global_id]
                polygon = _transform_points(pm, zone.polygon)
                board_zones.append(
                    BoardZone(
                        id=global_id,
                        module_id=pm.module.module_id,
                        kind=zone.kind,
                        polygon=polygon,
                        center=self._zone_center(polygon, zone_cells[index], grid, index),
                        area_cm2=polygon_area(polygon),
                        label=zone.label,
                        properties=zone.properties,
                    )
                )

        # Connections through doors and openings, and the grid edges they cover.
        connections: list[Connection] = []
        v_portal: dict[int, int] = {}  # vertical edge index → connection index
        h_portal: dict[int, int] = {}
        known_doors: set[str] = set()
        for pm, portal, (local_a, local_b) in portal_zone_pairs:
            global_portal = f"{pm.module.module_id}:{portal.id}"
            a, b = pm.to_board(portal.a), pm.to_board(portal.b)
            ga, gb = f"{pm.module.module_id}:{local_a}", f"{pm.module.module_id}:{local_b}"
            if portal.kind == PortalKind.DOOR:
                known_doors.add(global_portal)
                override = door_overrides.get(global_portal, DoorOverride())
                connection = Connection(
                    id=f"door:{global_portal}",
                    a=ga,
                    b=gb,
                    kind=ConnectionKind.DOOR,
                    segment=(a, b),
                    color=override.color if override.color is not None else portal.color,
                    is_open=override.is_open if override.is_open is not None else portal.is_open,
                )
            else:
                connection = Connection(
                    id=f"opening:{global_portal}", a=ga, b=gb, kind=ConnectionKind.OPENING, segment=(a, b)
                )
            conn_index = len(connections)
            connections.append(connection)
            self._mark_portal_edges((a, b), conn_index, v_portal, h_portal)
        for door_id in door_overrides:
            if door_id not in known_doors:
                self._fail(f"no door {door_id} on the board", layer="doors")

        # Barriers printed on the modules, per grid edge.
        v_barrier: dict[int, int] = {}
        h_barrier: dict[int, int] = {}
        loose_walls: list[tuple[Point, Point]] = []
        loose_fences: list[tuple[Point, Point]] = []
        drawn_only: dict[int, list[tuple[Point, Point]]] = {_HEDGE: [], _LEDGE: []}
        for pm in self.placed:
            for printed in pm.module.barriers:
                code = _BARRIER_CODES[printed.kind]
                for segment in polyline_segments(_transform_points(pm, printed.points)):
                    if code in drawn_only:
                        drawn_only[code].append(segment)
                    on_grid = self._mark_barrier_edges(segment, code, v_barrier, h_barrier)
                    if not on_grid or self.layout == Layout.FREE:
                        if code == _WALL:
                            loose_walls.append(segment)
                        elif code == _FENCE:
                            loose_fences.append(segment)

        # Street borders between cells, grouped by zone pair.
        pair_edges: dict[tuple[int, int], list[tuple[bool, int, int]]] = {}
        wall_v: list[int] = []
        wall_h: list[int] = []
        fence_v: list[int] = []
        fence_h: list[int] = []
        v_sight: dict[int, int] = {}  # edge → connection index the sight crosses
        h_sight: dict[int, int] = {}
        vertical_edges = self._internal_edges(grid, vertical=True)
        horizontal_edges = self._internal_edges(grid, vertical=False)
        matched_portals: set[int] = set()
        for vertical, grid_edges in ((True, vertical_edges), (False, horizontal_edges)):
            edge_portals = v_portal if vertical else h_portal
            edge_barriers = v_barrier if vertical else h_barrier
            wall_keys = wall_v if vertical else wall_h
            fence_keys = fence_v if vertical else fence_h
            for edge, za, zb in grid_edges:
                barrier = edge_barriers.get(edge, _NO_BARRIER)
                if za == zb:
                    if barrier == _WALL:
                        wall_keys.append(edge)
                    elif barrier == _FENCE:
                        fence_keys.append(edge)
                    continue
                if za < 0 or zb < 0:
                    wall_keys.append(edge)
                    continue
                portal_index = edge_portals.get(edge)
                if portal_index is not None:
                    joined = connections[portal_index]
                    if {zone_index[joined.a], zone_index[joined.b]} == {za, zb}:
                        (v_sight if vertical else h_sight)[edge] = portal_index
                        matched_portals.add(portal_index)
                        continue  # a door or opening: drawn from its connection
                if (
                    zone_building_kind[za]
                    or zone_building_kind[zb]
                    or (zone_indoors[za] and zone_outdoors[zb])
                    or (zone_outdoors[za] and zone_indoors[zb])
                ):
                    wall_keys.append(edge)
                    continue
                key = (za, zb) if za < zb else (zb, za)
                pair_edges.setdefault(key, []).append((vertical, edge, barrier))
                if barrier == _WALL:
                    wall_keys.append(edge)
                elif barrier == _FENCE:
                    fence_keys.append(edge)
        for portal_index, joined in enumerate(connections):
            if portal_index not in matched_portals:
                self._fail(
                    f"{joined.kind.value} {joined.id.partition(':')[2]} is not on the border between "
                    f"{joined.a} and {joined.b}"
                )

        stairs_points = [
            pm.to_board(marker.position)
            for pm in self.placed
            for marker in pm.module.markers
            if marker.kind == MarkerKind.STAIRS
        ]
        for (za, zb), border in sorted(pair_edges.items()):
            best = min(barrier for _, _, barrier in border)
            if best == _WALL:
                continue
            kind = _STREET_CONNECTION[best]
            chosen = [(vertical, edge) for vertical, edge, barrier in border if barrier == best]
            segments = self._merge_edges(
                [e for v, e in chosen if v], [e for v, e in chosen if not v]
            )
            segment = max(segments, key=lambda s: abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1]))
            has_stairs = kind == ConnectionKind.FENCE and any(
                self._near_segments(p, segments) for p in stairs_points
            )
            conn_index = len(connections)
            connections.append(
                Connection(
                    id=f"{_CONNECTION_PREFIX[kind]}:{zone_ids[za]}|{zone_ids[zb]}",
                    a=zone_ids[za],
                    b=zone_ids[zb],
                    kind=kind,
                    segment=segment,
                    has_stairs=has_stairs,
                )
            )
            for vertical, edge, barrier in border:
                if _SIGHT_PASSES[barrier]:
                    (v_sight if vertical else h_sight)[edge] = conn_index

        for (first, second), token in edge_overrides.items():  # a mission's tokens on street borders
            found = next((n for n, c in enumerate(connections) if {c.a, c.b} == {first, second}), None)
            if found is None or connections[found].kind not in _CONNECTION_PREFIX:
                self._fail(f"{first} and {second} share no street border to lay a {token.value} on", layer="edges")
            joined = connections[found]
            connections[found] = replace(joined, id=f"{token.value}:{joined.a}|{joined.b}", kind=token)
        connection_pairs = [(zone_index[c.a], zone_index[c.b]) for c in connections]
        sight_lines = self._sight_lines(grid, zone_cells, zone_building_kind, v_sight, h_sight, connection_pairs)
        buildings, building_of = self._buildings(zone_ids, zone_building_kind, connections, zone_index)
        board_zones = [replace(z, building=building_of.get(z.id)) for z in board_zones]
        zones = {z.id: z for z in board_zones}

        walls = self._merge_edges(wall_v, wall_h) + loose_walls
        fences = self._merge_edges(fence_v, fence_h) + loose_fences
        sight_steps = {
            zone_ids[z]: tuple(
                tuple(SightStep(zone=zone_ids[step_zone], via=connections[via].id) for step_zone, via in line)
                for line in lines
            )
            for z, lines in enumerate(sight_lines)
        }

        grid_ids = tuple(zone_ids[i] if i >= 0 else None for i in grid)
        markers = self._markers(grid_ids, zones, extra_markers)
        terrain = tuple(_transform_terrain(pm, t) for pm in self.placed for t in pm.module.terrain)

        return Board(
            title=title,
            game=game,
            layout=self.layout,
            width_cm=self.width_cm,
            height_cm=self.height_cm,
            modules=self.placed,
            zones=MappingProxyType(zones),
            connections=tuple(connections),
            walls=tuple(walls),
            fences=tuple(fences),
            hedges=tuple(drawn_only[_HEDGE]),
            ledges=tuple(drawn_only[_LEDGE]),
            markers=markers,
            terrain=terrain,
            buildings=MappingProxyType(buildings),
            sight_lines=MappingProxyType(sight_steps),
            cell_cm=cell,
            zone_grid=grid_ids,
            grid_size=(cols, rows),
            source=self.source,
            properties=frozen_mapping(properties),
        )

    # portals ---------------------------------------------------------------------------

    def _portal_zones(
        self, module: BoardModule, mcols: int, mrows: int, mgrid: list[int], portal: Portal
    ) -> tuple[str, str]:
        """The two module zones a door or opening joins: given by the loader, or found either side."""
        known = {z.id for z in module.zones}
        if portal.zones is not None:
            missing = [z for z in portal.zones if z not in known]
            if missing:
                self._fail(f"{portal.kind.value} {portal.id} of module {module.module_id} names unknown zone {missing[0]}")
            if portal.zones[0] == portal.zones[1]:
                self._fail(f"{portal.kind.value} {portal.id} of module {module.module_id} joins zone {portal.zones[0]} to itself")
            return portal.zones
        (ax, ay), (bx, by) = portal.a, portal.b
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        offset = self.cell_cm / 2
        if abs(bx - ax) >= abs(by - ay):
            probes = ((cx, cy - offset), (cx, cy + offset))
        else:
            probes = ((cx - offset, cy), (cx + offset, cy))
        found: list[int] = []
        for px, py in probes:
            c, r = math.floor(px / self.cell_cm), math.floor(py / self.cell_cm)
            found.append(mgrid[r * mcols + c] if 0 <= c < mcols and 0 <= r < mrows else -1)
        if found[0] < 0 or found[1] < 0 or found[0] == found[1]:
            self._fail(
                f"{portal.kind.value} {portal.id} of module {module.module_id} at "
                f"({cx:g}, {cy:g}) cm does not sit on the border of two zones"
            )
        return (module.zones[found[0]].id, module.zones[found[1]].id)

    def _edge_spans(self, segment: tuple[Point, Point]) -> tuple[bool, int, list[int]] | None:
        """The grid line a horizontal/vertical segment lies on and the edges along it it covers."""
        cell = self.cell_cm
        (ax, ay), (bx, by) = segment
        if abs(ax - bx) <= _ALIGN_TOLERANCE_CM and abs(ay - by) > _ALIGN_TOLERANCE_CM:
            vertical, across, lo, hi, count = True, (ax + bx) / 2, min(ay, by), max(ay, by), self.rows
        elif abs(ay - by) <= _ALIGN_TOLERANCE_CM and abs(ax - bx) > _ALIGN_TOLERANCE_CM:
            vertical, across, lo, hi, count = False, (ay + by) / 2, min(ax, bx), max(ax, bx), self.cols
        else:
            return None
        line = round(across / cell)
        if abs(line * cell - across) > max(_ALIGN_TOLERANCE_CM, cell * 0.26):
            return None
        spans = [i for i in range(count) if lo - 1e-6 <= (i + 0.5) * cell <= hi + 1e-6]
        if not spans:
            middle = math.floor((lo + hi) / 2 / cell)
            if 0 <= middle < count:
                spans = [middle]
        return vertical, line, spans

    def _edge_key(self, vertical: bool, line: int, along: int) -> int | None:
        if vertical:
            return along * (self.cols + 1) + line if 0 <= line <= self.cols else None
        return line * self.cols + along if 0 <= line <= self.rows else None

    def _mark_portal_edges(self, segment, conn_index, v_portal, h_portal) -> None:
        spans = self._edge_spans(segment)
        if spans is None:
            return
        vertical, line, alongs = spans
        target = v_portal if vertical else h_portal
        for along in alongs:
            key = self._edge_key(vertical, line, along)
            if key is not None:
                target.setdefault(key, conn_index)

    def _mark_barrier_edges(self, segment, code, v_barrier, h_barrier) -> bool:
        spans = self._edge_spans(segment)
        if spans is None:
            return False
        vertical, line, alongs = spans
        target = v_barrier if vertical else h_barrier
        for along in alongs:
            key = self._edge_key(vertical, line, along)
            if key is not None and target.get(key, _NO_BARRIER) < code:
                target[key] = code
        return True

    # edges and segments ----------------------------------------------------------------

    def _internal_edges(self, grid: list[int], *, vertical: bool) -> list[tuple[int, int, int]]:
        """(edge key, zone on one side, zone on the other) for every edge inside the board with a zone."""
        cols, rows = self.cols, self.rows
        edges: list[tuple[int, int, int]] = []
        if vertical:
            for r in range(rows):
                base = r * cols
                row_key = r * (cols + 1)
                for c in range(1, cols):
                    za, zb = grid[base + c - 1], grid[base + c]
                    if za >= 0 or zb >= 0:
                        edges.append((row_key + c, za, zb))
        else:
            for r in range(1, rows):
                above, below = (r - 1) * cols, r * cols
                for c in range(cols):
                    za, zb = grid[above + c], grid[below + c]
                    if za >= 0 or zb >= 0:
                        edges.append((r * cols + c, za, zb))
        return edges

    def _merge_edges(self, vertical_keys: list[int], horizontal_keys: list[int]) -> list[tuple[Point, Point]]:
        """Unit grid edges joined into the longest straight segments."""
        cell, cols = self.cell_cm, self.cols
        segments: list[tuple[Point, Point]] = []
        lines: dict[int, list[int]] = {}
        for key in horizontal_keys:
            lines.setdefault(key // cols, []).append(key % cols)
        for line in sorted(lines):
            for start, end in _runs(lines[line]):
                segments.append(((start * cell, line * cell), (end * cell, line * cell)))
        lines = {}
        for key in vertical_keys:
            lines.setdefault(key % (cols + 1), []).append(key // (cols + 1))
        for line in sorted(lines):
            for start, end in _runs(lines[line]):
                segments.append(((line * cell, start * cell), (line * cell, end * cell)))
        return segments

    def _near_segments(self, point: Point, segments: list[tuple[Point, Point]]) -> bool:
        """A stairs marker counts when it lies on or next to the fence (within one cell)."""
        reach = self.cell_cm * 1.01
        for (ax, ay), (bx, by) in segments:
            if min(ax, bx) - reach <= point[0] <= max(ax, bx) + reach and (
                min(ay, by) - reach <= point[1] <= max(ay, by) + reach
            ):
                return True
        return False

    # zones -----------------------------------------------------------------------------

    def _zone_cells(self, grid: list[int], zone_count: int) -> list[list[int]]:
        cells: list[list[int]] = [[] for _ in range(zone_count)]
        for i, z in enumerate(grid):
            if z >= 0:
                cells[z].append(i)
        return cells

    def _zone_center(self, polygon: tuple[Point, ...], cells: list[int], grid: list[int], index: int) -> Point:
        """The centroid when it lies in the zone, else the centre of the zone's nearest cell."""
        centroid = polygon_centroid(polygon) if polygon else (0.0, 0.0)
        if not cells:
            return centroid
        cell, cols = self.cell_cm, self.cols
        c, r = math.floor(centroid[0] / cell), math.floor(centroid[1] / cell)
        if 0 <= c < cols and 0 <= r < self.rows and grid[r * cols + c] == index:
            return centroid

        def distance_sq(i: int) -> float:
            x, y = (i % cols + 0.5) * cell, (i // cols + 0.5) * cell
            return (x - centroid[0]) ** 2 + (y - centroid[1]) ** 2

        best = min(cells, key=distance_sq)
        return ((best % cols + 0.5) * cell, (best // cols + 0.5) * cell)

    def _buildings(self, zone_ids: Sequence[str], zone_building_kind: Sequence[bool],
                   connections: Sequence[Connection], zone_index: Mapping[str, int]
                   ) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
        parent = list(range(len(zone_ids)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for c in connections:
            if c.kind not in (ConnectionKind.DOOR, ConnectionKind.OPENING):
                continue
            a, b = zone_index[c.a], zone_index[c.b]
            if zone_building_kind[a] and zone_building_kind[b]:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
        groups: dict[int, list[str]] = {}
        for i, zid in enumerate(zone_ids):
            if zone_building_kind[i]:
                groups.setdefault(find(i), []).append(zid)
        buildings: dict[str, tuple[str, ...]] = {}
        building_of: dict[str, str] = {}
        for number, root in enumerate(sorted(groups), start=1):
            building_id = f"b{number}"
            buildings[building_id] = tuple(groups[root])
            for zid in groups[root]:
                building_of[zid] = building_id
        return buildings, building_of

    # sight -----------------------------------------------------------------------------

    def _sight_lines(self, grid: Sequence[int], zone_cells: Sequence[Sequence[int]], zone_building_kind: Sequence[bool],
                     v_sight: Mapping[int, int], h_sight: Mapping[int, int],
                     connection_pairs: Sequence[tuple[int, int]]) -> list[list[tuple[tuple[int, int], ...]]]:
        """Per zone: the straight lines leaving it, as (zone index, connection index) steps."""
        cols, rows = self.cols, self.rows
        lines_of: list[list[tuple[tuple[int, int], ...]]] = []
        for zone, cells in enumerate(zone_cells):
            found: list[tuple[tuple[int, int], ...]] = []
            for i in cells:
                c, r = i % cols, i // cols
                # Only cells at the end of a run of the zone start a line in that direction.
                if c + 1 >= cols or grid[i + 1] != zone:
                    found.append(self._cast(grid, zone, c, r, 1, 0, v_sight, h_sight, zone_building_kind, connection_pairs))
                if c == 0 or grid[i - 1] != zone:
                    found.append(self._cast(grid, zone, c, r, -1, 0, v_sight, h_sight, zone_building_kind, connection_pairs))
                if r + 1 >= rows or grid[i + cols] != zone:
                    found.append(self._cast(grid, zone, c, r, 0, 1, v_sight, h_sight, zone_building_kind, connection_pairs))
                if r == 0 or grid[i - cols] != zone:
                    found.append(self._cast(grid, zone, c, r, 0, -1, v_sight, h_sight, zone_building_kind, connection_pairs))
            lines_of.append(_distinct_lines(found))
        return lines_of

    def _cast(self, grid: Sequence[int], zone: int, c: int, r: int, dc: int, dr: int, v_sight: Mapping[int, int],
              h_sight: Mapping[int, int], zone_building_kind: Sequence[bool],
              connection_pairs: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        cols, rows = self.cols, self.rows
        steps: list[tuple[int, int]] = []
        seen = {zone}
        current = zone
        walked = 0
        while True:
            walked += 1
            nc, nr = c + dc, r + dr
            if not (0 <= nc < cols and 0 <= nr < rows):
                break
            nxt = grid[nr * cols + nc]
            if nxt != current:
                if nxt < 0:
                    break
                if dc:
                    via = v_sight.get(r * (cols + 1) + max(c, nc), -1)
                else:
                    via = h_sight.get(max(r, nr) * cols + c, -1)
                if via < 0 or {current, nxt} != set(connection_pairs[via]):
                    break
                if nxt not in seen:
                    steps.append((nxt, via))
                    seen.add(nxt)
                current = nxt
                if zone_building_kind[nxt]:
                    break
            c, r = nc, nr
        self.sight_steps += walked
        if self.sight_steps > limits.MAX_SIGHT_STEPS:
            self._fail(f"tracing the board's sight lines takes more than {limits.MAX_SIGHT_STEPS:,} grid steps: "
                       "use fewer, larger zones")
        return tuple(steps)

    # markers ---------------------------------------------------------------------------

    def _markers(self, grid_ids, zones: Mapping[str, BoardZone], extra_markers: Sequence[Marker]) -> tuple[Marker, ...]:
        cols, rows, cell = self.cols, self.rows, self.cell_cm
        markers: list[Marker] = []
        for pm in self.placed:
            module_id = pm.module.module_id
            for marker in pm.module.markers:
                position = pm.to_board(marker.position)
                if marker.zone is not None:
                    zone: str | None = f"{module_id}:{marker.zone}"
                else:
                    c, r = math.floor(position[0] / cell), math.floor(position[1] / cell)
                    zone = grid_ids[r * cols + c] if 0 <= c < cols and 0 <= r < rows else None
                markers.append(
                    replace(marker, position=position, size=_transform_size(pm, marker.size), zone=zone)
                )
        for i, marker in enumerate(extra_markers):
            target = zones.get(marker.zone or "")
            if target is None:
                self._fail(f"marker {marker.kind.value} names unknown zone {marker.zone}", layer=f"markers[{i}]")
            markers.append(replace(marker, position=target.center))
        return tuple(markers)


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Consecutive integers as (start, end-exclusive) runs."""
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and runs[-1][1] == v:
            runs[-1] = (runs[-1][0], v + 1)
        else:
            runs.append((v, v + 1))
    return runs


def _distinct_lines(lines: list[tuple[tuple[int, int], ...]]) -> list[tuple[tuple[int, int], ...]]:
    """Non-empty lines in first-seen order, without repeats or lines that start another line."""
    unique = list(dict.fromkeys(line for line in lines if line))
    prefixes = {line[:n] for line in unique for n in range(1, len(line))}
    return [line for line in unique if line not in prefixes]
