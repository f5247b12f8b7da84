"""The zone graph of a Board, computed once per game: integer zone indices, movement edges,
doors, sight lines and tokens. Shortest-path tables are cached per door configuration.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game.board.model import Board, ConnectionKind, MarkerKind, ZoneKind

UNREACHABLE = 1 << 20


@dataclass(frozen=True, slots=True)
class Edge:
    index: int
    connection_id: str
    a: int
    b: int
    kind: ConnectionKind
    color: str
    door: int  # index among doors, -1 when the edge is not a door
    walkable: bool  # open street, opening, door (when open) or a fence with stairs

    def other(self, zone: int) -> int:
        return self.b if zone == self.a else self.a


@dataclass(frozen=True, slots=True)
class SpawnPoint:
    zone: int
    color: str
    locators: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TokenPoint:
    zone: int
    color: str
    tile: str  # the module the token sits on


@dataclass(frozen=True, slots=True)
class ZoneGraph:
    zone_ids: tuple[str, ...]
    index: dict[str, int]
    kinds: tuple[ZoneKind, ...]
    street_like: tuple[bool, ...]
    tile: tuple[str, ...]  # module id of each zone
    building: tuple[int, ...]  # building index, -1 for street-like zones
    buildings: tuple[tuple[int, ...], ...]
    edges: tuple[Edge, ...]
    edge_by_id: dict[str, int]
    doors: tuple[int, ...]  # edge index of each door
    doors_open_at_start: tuple[bool, ...]
    adjacent: tuple[tuple[tuple[int, int], ...], ...]  # zone → ((other zone, edge index), ...)
    sight: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # zone → lines → (zone, edge)
    blocked: tuple[bool, ...]  # under the crashed helicopter: never entered, blocks sight
    starts: tuple[int, ...]
    exits: tuple[int, ...]
    spawns: tuple[SpawnPoint, ...]
    objectives: tuple[TokenPoint, ...]
    sewers: tuple[TokenPoint, ...]
    beds: tuple[TokenPoint, ...]
    tent_zones: tuple[int, ...] = ()  # zones that receive a tent card
    trigger_tiles: tuple[str, ...] = ()  # tiles with an event trigger
    helicopters: tuple[int, ...] = ()  # zones of the helicopter tokens at set-up
    landing: tuple[bool, ...] = ()  # zones where a helicopter may take off and land
    flight: tuple[tuple[int, int, int, int], ...] = ()  # zone → next zone east, west, south, north (-1)
    _distance_cache: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _sight_cache: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _step_cache: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _row_cache: dict[tuple[bool, ...], dict[int, tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # what the rules modules remember per board (e.g. the one-zone Moves from a zone)
    memo: dict[tuple, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def zone_count(self) -> int:
        return len(self.zone_ids)

    def passable(self, edge: Edge, doors_open: tuple[bool, ...]) -> bool:
        if not edge.walkable:
            return False
        return edge.door < 0 or doors_open[edge.door]

    def neighbours(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Zones one walking step away (open passages only), cached per door configuration."""
        table = self._step_cache.get(doors_open)
        if table is None:
            table = tuple(
                tuple(
                    other
                    for other, e in self.adjacent[z]
                    if self.passable(self.edges[e], doors_open) and not self.blocked[other]
                )
                for z in range(self.zone_count)
            )
            if len(self._step_cache) > 256:
                self._step_cache.clear()
            self._step_cache[doors_open] = table
        return table[zone]

    def distances(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """All-pairs walking distance in zones for this door configuration."""
        cached = self._distance_cache.get(doors_open)
        if cached is not None:
            return cached
        result = tuple(self._walk_from(source, doors_open) for source in range(self.zone_count))
        if len(self._distance_cache) > 256:
            self._distance_cache.clear()
        self._distance_cache[doors_open] = result
        return result

    def distances_from(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """``distances(doors_open)[zone]``, worked out alone when the whole table is not known yet (a
        door just opened: the zombies need the rows of a few zones, not all of them)."""
        table = self._distance_cache.get(doors_open)
        if table is not None:
            return table[zone]
        rows = self._row_cache.get(doors_open)
        if rows is None:
            if len(self._row_cache) > 256:
                self._row_cache.clear()
            rows = self._row_cache[doors_open] = {}
        row = rows.get(zone)
        if row is None:
            row = rows[zone] = self._walk_from(zone, doors_open)
        return row

    def _walk_from(self, source: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Breadth-first walking distances from ``source``."""
        dist = [UNREACHABLE] * self.zone_count
        dist[source] = 0
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, doors_open):
                if dist[there] == UNREACHABLE:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return tuple(dist)

    def visible(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """Zones each zone sees (itself excluded), for this door configuration."""
        cached = self._sight_cache.get(doors_open)
        if cached is not None:
            return cached
        result = tuple(self._visible_from(z, doors_open) for z in range(self.zone_count))
        if len(self._sight_cache) > 256:
            self._sight_cache.clear()
        self._sight_cache[doors_open] = result
        return result

    def _visible_from(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        if self.kinds[zone] == ZoneKind.TENT or self.blocked[zone]:
            return ()
        seen: list[int] = []
        for line in self.sight[zone]:
            for there, e in line:
                edge = self.edges[e]
                if edge.door >= 0 and not doors_open[edge.door]:
                    break
                if self.blocked[there] or self.kinds[there] == ZoneKind.TENT:
                    break
                if there not in seen:
                    seen.append(there)
                if not self.street_like[there]:
                    break  # sight reaches one zone into a building
        return tuple(seen)

    def zone_range(self, viewer: int, target: int, doors_open: tuple[bool, ...]) -> int | None:
        """How many zones away ``target`` is along a sight line, or None when out of sight."""
        if viewer == target:
            return 0
        if target not in self.visible(doors_open)[viewer]:
            return None
        for line in self.sight[viewer]:
            for steps, (there, _e) in enumerate(line, start=1):
                if there == target:
                    return steps
        return None


def build_graph(board: Board) -> ZoneGraph:
    zone_ids = tuple(board.zones)
    index = {zone_id: i for i, zone_id in enumerate(zone_ids)}
    zones = [board.zones[z] for z in zone_ids]
    kinds = tuple(z.kind for z in zones)
    street_like = tuple(z.is_street_like for z in zones)

    building_names = list(board.buildings)
    building_of = [-1] * len(zone_ids)
    buildings: list[tuple[int, ...]] = []
    for b, name in enumerate(building_names):
        members = tuple(index[z] for z in board.buildings[name] if z in index)
        buildings.append(members)
        for z in members:
            building_of[z] = b
    # zones of a building kind left out of ``board.buildings`` form buildings of their own
    for z, zone in enumerate(zones):
        if not zone.is_street_like and building_of[z] < 0:
            building_of[z] = len(buildings)
            buildings.append((z,))

    stairs_zones = {m.zone for m in board.markers if m.kind == MarkerKind.STAIRS and m.zone}
    edges: list[Edge] = []
    doors: list[int] = []
    doors_open: list[bool] = []
    adjacent: list[list[tuple[int, int]]] = [[] for _ in zone_ids]
    for connection in board.connections:
        if connection.a not in index or connection.b not in index:
            continue
        a, b = index[connection.a], index[connection.b]
        door = -1
        if connection.kind == ConnectionKind.DOOR:
            door = len(doors)
            doors.append(len(edges))
            doors_open.append(connection.is_open)
        walkable = connection.kind in (ConnectionKind.OPEN, ConnectionKind.DOOR, ConnectionKind.OPENING) or (
            connection.kind == ConnectionKind.FENCE
            and (connection.has_stairs or (connection.a in stairs_zones and connection.b in stairs_zones))
        )
        edge = Edge(len(edges), connection.id, a, b, connection.kind, connection.color, door, walkable)
        adjacent[a].append((b, edge.index))
        adjacent[b].append((a, edge.index))
        edges.append(edge)
    edge_by_id = {e.connection_id: e.index for e in edges}

    sight = []
    for zone_id in zone_ids:
        lines = []
        for line in board.sight_lines.get(zone_id, ()):
            steps = tuple((index[s.zone], edge_by_id[s.via]) for s in line if s.zone in index and s.via in edge_by_id)
            if steps:
                lines.append(steps)
        sight.append(tuple(lines))

    def marker_zone(marker) -> int | None:  # type: ignore[no-untyped-def]
        if marker.zone is None:
            return None
        return index.get(marker.zone)

    def tile_of(marker) -> str:  # type: ignore[no-untyped-def]
        z = marker_zone(marker)
        return board.zones[zone_ids[z]].module_id if z is not None else ""

    blocked = [False] * len(zone_ids)
    starts, exits = [], []
    spawns, objectives, sewers, beds = [], [], [], []
    tent_zones = [z for z, kind in enumerate(kinds) if kind == ZoneKind.TENT]
    helicopters: list[int] = []
    trigger_tiles: list[str] = []
    for marker in board.markers:
        found = marker_zone(marker)
        if found is None:
            continue
        z = found
        if marker.kind == MarkerKind.START:
            starts.append(z)
        elif marker.kind == MarkerKind.EXIT:
            exits.append(z)
        elif marker.kind == MarkerKind.SPAWN:
            spawns.append(SpawnPoint(z, marker.color or "red", tuple(sorted(marker.locators))))
        elif marker.kind == MarkerKind.OBJECTIVE:
            objectives.append(TokenPoint(z, marker.color or "red", tile_of(marker)))
        elif marker.kind == MarkerKind.SEWER:
            sewers.append(TokenPoint(z, "", tile_of(marker)))
        elif marker.kind == MarkerKind.BED:
            beds.append(TokenPoint(z, marker.color or "blue", tile_of(marker)))
        elif marker.kind == MarkerKind.CRASHED_HELICOPTER:
            blocked[z] = True
        elif marker.kind == MarkerKind.HELICOPTER:
            helicopters.append(z)
        elif marker.kind == MarkerKind.TENT_SLOT and z not in tent_zones:
            tent_zones.append(z)
        elif marker.kind == MarkerKind.EVENT_TRIGGER and tile_of(marker) not in trigger_tiles:
            trigger_tiles.append(tile_of(marker))

    return ZoneGraph(
        zone_ids=zone_ids,
        index=index,
        kinds=kinds,
        street_like=street_like,
        tile=tuple(z.module_id for z in zones),
        building=tuple(building_of),
        buildings=tuple(buildings),
        edges=tuple(edges),
        edge_by_id=edge_by_id,
        doors=tuple(doors),
        doors_open_at_start=tuple(doors_open),
        adjacent=tuple(tuple(a) for a in adjacent),
        sight=tuple(sight),
        blocked=tuple(blocked),
        starts=tuple(starts),
        exits=tuple(exits),
        spawns=tuple(spawns),
        objectives=tuple(objectives),
        sewers=tuple(sewers),
        beds=tuple(beds),
        tent_zones=tuple(sorted(tent_zones)),
        helicopters=tuple(helicopters),
        landing=tuple(kind in (ZoneKind.HELIPAD, ZoneKind.WASTELAND) for kind in kinds),
        flight=_flight_neighbours(board, zone_ids, index),
        trigger_tiles=tuple(trigger_tiles),
    )


def _flight_neighbours(board: Board, zone_ids: tuple[str, ...], index: dict[str, int]) -> tuple[tuple[int, int, int, int], ...]:
    """For each zone, the zone a straight flight reaches first going east, west, south and north,
    whatever walls or fences lie between (the helicopter flies over them)."""
    step = max(board.cell_cm / 2, 0.5)
    result = []
    for zone_id in zone_ids:
        cx, cy = board.zones[zone_id].center
        found = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y, nxt = cx, cy, -1
            while 0 <= x <= board.width_cm and 0 <= y <= board.height_cm:
                x, y = x + dx * step, y + dy * step
                there = board.zone_at((x, y))
                if there is not None and there != zone_id and there in index:
                    nxt = index[there]
                    break
            found.append(nxt)
        result.append((found[0], found[1], found[2], found[3]))
    return tuple(result)
