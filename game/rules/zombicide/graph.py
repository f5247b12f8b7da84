"""The zone graph of a Board, computed once per board and box: integer zone indices, movement edges,
doors, sight lines and tokens. Shortest-path tables are cached per door configuration.

What an edge or a zone does is the box's word (``BoxRules.edge_kinds``, ``zone_kinds``,
``blocking_markers``); the core itself knows open borders, doors and openings, and a box may say
otherwise of those too. Crossings may differ
by direction and between survivors and zombies: the zombies' tables are the survivors' own when
every crossing lets both through alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import field
from typing import Any

from game.board.model import Board, ConnectionKind, MarkerKind, ZoneKind
from game.rules.core.frozen import record
from game.rules.zombicide.boxes import CROSS_FREELY, UNKNOWN_EDGE, BoxRules, Crossing, EdgeKind, ZoneKindRule

UNREACHABLE = 1 << 20

# What the core itself knows: open borders between street-like zones, doors (when open) and openings.
CORE_EDGE_KINDS: dict[str, EdgeKind] = {
    ConnectionKind.OPEN: EdgeKind(),
    ConnectionKind.DOOR: EdgeKind(),
    ConnectionKind.OPENING: EdgeKind(),
}
PLAIN_ZONE = ZoneKindRule()


@record
class Edge:
    index: int
    connection_id: str
    a: int
    b: int
    kind: ConnectionKind
    color: str
    door: int  # index among doors, -1 when the edge is not a door
    walkable: bool  # someone may cross it one way or the other (doors: when open)
    crossings: tuple[Crossing, Crossing] = (CROSS_FREELY, CROSS_FREELY)  # a → b, b → a
    sight: bool = True  # sight lines cross it (doors: when open)
    carries: bool | None = None  # actors are pushed, pulled or leap across it (None: where survivors walk)

    def other(self, zone: int) -> int:
        return self.b if zone == self.a else self.a

    def crossing_from(self, zone: int) -> Crossing:
        return self.crossings[0] if zone == self.a else self.crossings[1]


@record
class SpawnPoint:
    zone: int
    color: str
    locators: tuple[int, ...]


@record
class TokenPoint:
    zone: int
    color: str
    tile: str  # the module the token sits on


@record
class ZoneGraph:
    zone_ids: tuple[str, ...]
    index: dict[str, int]
    kinds: tuple[ZoneKind, ...]
    street_like: tuple[bool, ...]
    tile: tuple[str, ...]  # module id of each zone
    tiles: tuple[tuple[str, ...], ...]  # every tile each zone covers (its module first): a zone may span several
    building: tuple[int, ...]  # building index, -1 for street-like zones
    buildings: tuple[tuple[int, ...], ...]
    edges: tuple[Edge, ...]
    edge_by_id: dict[str, int]
    doors: tuple[int, ...]  # edge index of each door
    doors_open_at_start: tuple[bool, ...]
    adjacent: tuple[tuple[tuple[int, int], ...], ...]  # zone → ((other zone, edge index), ...)
    sight: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # zone → lines → (zone, edge)
    blocked: tuple[bool, ...]  # never entered, blocks sight (a box's blocking marker covers it, even partly)
    starts: tuple[int, ...]
    exits: tuple[int, ...]
    spawns: tuple[SpawnPoint, ...]
    objectives: tuple[TokenPoint, ...]
    sightless: tuple[bool, ...] = ()  # no sight into, out of or through the zone
    searchable: tuple[bool, ...] = ()  # by the zone's kind (a box may add zones as the game goes)
    no_spawn: tuple[bool, ...] = ()  # zombies never spawn there: blocked, or cut off by what blocks
    same_walkers: bool = True  # every crossing lets survivors and zombies through alike
    step_costs: dict[tuple[int, int], int] = field(default_factory=dict)  # (from, to) → extra actions, when not 0
    box_data: Any = None  # the box's own tables of the board (``BoxRules.board_data``)
    _distance_cache: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _sight_cache: dict[tuple[tuple[bool, ...], bool], SightRows] = field(
        default_factory=dict, compare=False, repr=False
    )
    _step_cache: dict[tuple[bool, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _row_cache: dict[tuple[bool, ...], dict[int, tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # the zombies' steps, distance tables, rows and columns (``zombie_distances_to``) per door configuration
    _zombie_caches: tuple[dict, dict, dict, dict] = field(default_factory=lambda: ({}, {}, {}, {}), compare=False,
                                                          repr=False)
    # what the rules modules remember per board (e.g. the one-zone Moves from a zone)
    memo: dict[tuple, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def zone_count(self) -> int:
        return len(self.zone_ids)

    def passable(self, edge: Edge, doors_open: tuple[bool, ...]) -> bool:
        """Someone may cross ``edge`` one way or the other now (an open door, a crossable kind)."""
        if not edge.walkable:
            return False
        return edge.door < 0 or doors_open[edge.door]

    def can_step(self, edge: Edge, from_zone: int, doors_open: tuple[bool, ...], zombies: bool = False) -> bool:
        """Whether a survivor (or a zombie) may cross ``edge`` out of ``from_zone`` now."""
        if edge.door >= 0 and not doors_open[edge.door]:
            return False
        crossing = edge.crossing_from(from_zone)
        return crossing.zombies if zombies else crossing.survivors

    def carried(self, edge: Edge, from_zone: int, doors_open: tuple[bool, ...]) -> bool:
        """Whether actors may be pushed, pulled or leap across ``edge`` out of ``from_zone`` now."""
        if edge.door >= 0 and not doors_open[edge.door]:
            return False
        if edge.carries is not None:
            return edge.carries
        return edge.crossing_from(from_zone).survivors

    def reaches(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Zones actors may be pushed or pulled into from ``zone`` (Shove, Lifesaver), in board order;
        remembered per zone and door configuration (listed at every turn of a survivor with those skills)."""
        key = ("reaches", zone, doors_open)
        found: tuple[int, ...] | None = self.memo.get(key)  # type: ignore[assignment]
        if found is None:
            if len(self.memo) > 4096:
                self.memo.clear()
            found = self.memo[key] = tuple(
                other for other, e in self.adjacent[zone]
                if self.carried(self.edges[e], zone, doors_open) and not self.blocked[other]
            )
        return found

    def neighbours(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Zones one survivor's step away (open passages only), cached per door configuration."""
        return self._steps_of(doors_open, False)[zone]

    def zombie_neighbours(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Zones one zombie's step away: the survivors' own unless a crossing tells them apart."""
        return self._steps_of(doors_open, True)[zone]

    def neighbours_table(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """``neighbours`` of every zone at once (a walk over many zones looks the doors up once)."""
        return self._steps_of(doors_open, False)

    def zombie_neighbours_table(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """``zombie_neighbours`` of every zone at once (a zombies' move looks the doors up once)."""
        return self._steps_of(doors_open, True)

    def _steps_of(self, doors_open: tuple[bool, ...], zombies: bool) -> tuple[tuple[int, ...], ...]:
        """Every zone's ``neighbours`` (or ``zombie_neighbours``) for one door configuration."""
        if zombies and not self.same_walkers:
            cache = self._zombie_caches[0]
            table = cache.get(doors_open)
            if table is None:
                if len(cache) > 256:
                    cache.clear()
                table = cache[doors_open] = self._step_table(doors_open, zombies=True)
            return table  # type: ignore[no-any-return]
        table = self._step_cache.get(doors_open)
        if table is None:
            table = self._step_table(doors_open, zombies=False)
            if len(self._step_cache) > 256:
                self._step_cache.clear()
            self._step_cache[doors_open] = table
        return table

    def _step_table(self, doors_open: tuple[bool, ...], zombies: bool) -> tuple[tuple[int, ...], ...]:
        """``can_step`` out of every zone into every unblocked zone, for one door configuration: read from
        the steps any door configuration allows (``_door_steps``), the closed doors' left out. From the
        last table built, a door or two apart (a survivor opened or closed one), only the rows of the
        zones on either side of those doors are worked out again."""
        rows = self._door_steps(zombies)
        key = ("latest steps", zombies)
        latest: tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]] | None = self.memo.get(key)  # type: ignore[assignment]
        changed = _doors_changed(latest[0], doors_open) if latest is not None else None
        if latest is not None and changed is not None:
            table = list(latest[1])
            for door in changed:
                edge = self.edges[self.doors[door]]
                for zone in (edge.a, edge.b):
                    table[zone] = tuple([other for other, d in rows[zone] if d < 0 or doors_open[d]])
            found = tuple(table)
        else:
            found = tuple(tuple([other for other, door in row if door < 0 or doors_open[door]]) for row in rows)
        self.memo[key] = (doors_open, found)
        return found

    def _door_steps(self, zombies: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per zone, (zone, door or -1) of each crossing a survivor (or a zombie) may take out of it
        into an unblocked zone when its door, if any, is open: what ``can_step`` asks but the doors,
        worked out once per board (a box whose survivors work doors meets a new configuration after
        nearly every turn)."""
        key = ("door_steps", zombies)
        rows: tuple[tuple[tuple[int, int], ...], ...] | None = self.memo.get(key)  # type: ignore[assignment]
        if rows is None:
            every_door_open = (True,) * len(self.doors)
            rows = tuple(
                tuple((other, self.edges[e].door) for other, e in self.adjacent[z]
                      if self.can_step(self.edges[e], z, every_door_open, zombies) and not self.blocked[other])
                for z in range(self.zone_count))
            self.memo[key] = rows
        return rows

    def step_extra(self, from_zone: int, to_zone: int) -> int:
        """The actions a survivor pays on top of a Move to step from one zone to the next (edges and
        zone kinds that cost more: most cost nothing)."""
        return self.step_costs.get((from_zone, to_zone), 0) if self.step_costs else 0

    def distances(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """All-pairs walking distance in zones for this door configuration."""
        cached = self._distance_cache.get(doors_open)
        if cached is not None:
            return cached
        result = tuple(self._walk_from(source, doors_open, False) for source in range(self.zone_count))
        if len(self._distance_cache) > 256:
            self._distance_cache.clear()
        self._distance_cache[doors_open] = result
        return result

    def zombie_distances(self, doors_open: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """``distances`` along the zombies' steps."""
        if self.same_walkers:
            return self.distances(doors_open)
        cache = self._zombie_caches[1]
        cached = cache.get(doors_open)
        if cached is None:
            if len(cache) > 256:
                cache.clear()
            cached = cache[doors_open] = tuple(self._walk_from(z, doors_open, True) for z in range(self.zone_count))
        return cached  # type: ignore[no-any-return]

    def distances_from(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """``distances(doors_open)[zone]``, worked out alone when the whole table is not known yet (a
        door just opened: the zombies need the rows of a few zones, not all of them)."""
        table = self._distance_cache.get(doors_open)
        if table is not None:
            return table[zone]
        return self._row(self._row_cache, zone, doors_open, False)

    def zombie_distances_from(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """``distances_from`` along the zombies' steps."""
        if self.same_walkers:
            return self.distances_from(zone, doors_open)
        table = self._zombie_caches[1].get(doors_open)
        if table is not None:
            return table[zone]  # type: ignore[no-any-return]
        return self._row(self._zombie_caches[2], zone, doors_open, True)

    def zombie_distances_to(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """How many zombie steps each zone is from ``zone`` going towards it (a column of
        ``zombie_distances``), worked out alone: one walk back along the steps, not a walk from
        every zone (crossings may be one-way, so it is not ``zombie_distances_from``)."""
        columns = self._zombie_caches[3].get(doors_open)
        if columns is None:
            if len(self._zombie_caches[3]) > 256:
                self._zombie_caches[3].clear()
            columns = self._zombie_caches[3][doors_open] = {}
        column = columns.get(zone)
        if column is None:
            table = (self._distance_cache if self.same_walkers else self._zombie_caches[1]).get(doors_open)
            column = columns[zone] = tuple(row[zone] for row in table) if table is not None else self._walk_to(
                zone, doors_open)
        return column  # type: ignore[no-any-return]

    def zombie_columns(self, doors_open: tuple[bool, ...]) -> Callable[[int], tuple[int, ...]]:
        """``zombie_distances_to`` for one door configuration, the configuration looked up once."""
        cache = self._zombie_caches[3]
        columns = cache.get(doors_open)
        if columns is None:
            if len(cache) > 256:
                cache.clear()
            columns = cache[doors_open] = {}
        known = columns.get

        def column(zone: int) -> tuple[int, ...]:
            found = known(zone)
            return found if found is not None else self.zombie_distances_to(zone, doors_open)

        return column

    def _walk_to(self, zone: int, doors_open: tuple[bool, ...]) -> tuple[int, ...]:
        """Breadth-first zombie steps back from ``zone``: how far each zone is from it."""
        into: list[list[int]] = [[] for _ in range(self.zone_count)]
        steps = self._steps_of(doors_open, True)
        for here in range(self.zone_count):
            for there in steps[here]:
                into[there].append(here)
        dist = [UNREACHABLE] * self.zone_count
        dist[zone] = 0
        queue = deque([zone])
        while queue:
            here = queue.popleft()
            for before in into[here]:
                if dist[before] == UNREACHABLE:
                    dist[before] = dist[here] + 1
                    queue.append(before)
        return tuple(dist)

    def _row(self, cache: dict, zone: int, doors_open: tuple[bool, ...], zombies: bool) -> tuple[int, ...]:
        rows = cache.get(doors_open)
        if rows is None:
            if len(cache) > 256:
                cache.clear()
            rows = cache[doors_open] = {}
        row = rows.get(zone)
        if row is None:
            row = rows[zone] = self._walk_from(zone, doors_open, zombies)
        return row  # type: ignore[no-any-return]

    def _walk_from(self, source: int, doors_open: tuple[bool, ...], zombies: bool) -> tuple[int, ...]:
        """Breadth-first walking distances from ``source``."""
        steps = self._steps_of(doors_open, zombies)  # the table once, not a look-up per zone reached
        dist = [UNREACHABLE] * self.zone_count
        dist[source] = 0
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for there in steps[here]:
                if dist[there] == UNREACHABLE:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return tuple(dist)

    def visible(self, doors_open: tuple[bool, ...], deeper: bool = False) -> Sequence[tuple[int, ...]]:
        """Zones each zone sees (itself excluded), for this door configuration; ``deeper``: for a
        viewer whose sight reaches one zone farther into buildings (a skill), where the board's
        sight lines go on past the first building zone."""
        return self._sight_of(doors_open, deeper)

    def _sight_of(self, doors_open: tuple[bool, ...], deeper: bool) -> SightRows:
        """``visible``, and per zone how many zones away each zone it sees is (along its first sight
        line showing it), each zone's row worked out when first asked, once per door configuration."""
        key = (doors_open, deeper)
        cached = self._sight_cache.get(key)
        if cached is not None:
            return cached
        result = SightRows(self, doors_open, 2 if deeper else 1)
        # the rows already read for the last configuration a door or two apart, but those of the zones
        # whose sight lines cross those doors (a survivor opened or closed one)
        latest_key = ("latest sight", deeper)
        latest: SightRows | None = self.memo.get(latest_key)  # type: ignore[assignment]
        if latest is not None:
            changed = _doors_changed(latest.doors_open, doors_open)
            if changed is not None:
                through = self._sight_through_doors()
                result.keep_rows(latest, {zone for door in changed for zone in through[door]})
        self.memo[latest_key] = result
        if len(self._sight_cache) > 256:
            self._sight_cache.clear()
        self._sight_cache[key] = result
        return result

    def _sight_through_doors(self) -> tuple[frozenset[int], ...]:
        """Per door, the zones with a sight line crossing it (whatever the doors): only their rows of
        ``visible`` change when it opens or closes. Worked out once per board."""
        key = ("sight through doors",)
        found: tuple[frozenset[int], ...] | None = self.memo.get(key)  # type: ignore[assignment]
        if found is None:
            through: list[set[int]] = [set() for _ in self.doors]
            for zone, lines in enumerate(self.sight):
                for line in lines:
                    for _there, e in line:
                        if self.edges[e].door >= 0:
                            through[self.edges[e].door].add(zone)
            found = self.memo[key] = tuple(frozenset(zones) for zones in through)
        return found

    def zone_range(self, viewer: int, target: int, doors_open: tuple[bool, ...], deeper: bool = False) -> int | None:
        """How many zones away ``target`` is along a sight line, or None when out of sight."""
        if viewer == target:
            return 0
        return self._sight_of(doors_open, deeper).ranges(viewer).get(target)



class SightRows(Sequence[tuple[int, ...]]):
    """What each zone sees for one door configuration (``ZoneGraph.visible``), in the order its
    sight lines show them, and how far each is: a zone's row worked out when first asked (a rules
    question is about one or two viewers' zones, and a box that changes the board in play starts
    from an empty table). It keeps the board's sight tables, not the graph whose cache holds it (no
    reference cycle)."""

    __slots__ = ("_sight", "_edges", "_sightless", "_street_like", "_doors_open", "_rooms", "_ranges", "_seen")

    def __init__(self, graph: ZoneGraph, doors_open: tuple[bool, ...], rooms: int):
        self._sight = graph.sight
        self._edges = graph.edges
        self._sightless = graph.sightless
        self._street_like = graph.street_like
        self._doors_open = doors_open
        self._rooms = rooms  # building zones a line enters before it stops (two for a keener eye)
        self._ranges: list[dict[int, int] | None] = [None] * graph.zone_count
        self._seen: list[tuple[int, ...] | None] = [None] * graph.zone_count

    @property
    def doors_open(self) -> tuple[bool, ...]:
        return self._doors_open

    def keep_rows(self, other: SightRows, stale: set[int]) -> None:
        """Take the rows ``other`` (the same board and keenness of sight, other doors) has read, but
        those of the ``stale`` zones, whose sight lines cross a door the two configurations disagree on."""
        ranges, seen = list(other._ranges), list(other._seen)
        for zone in stale:
            ranges[zone] = seen[zone] = None
        self._ranges, self._seen = ranges, seen

    def ranges(self, zone: int) -> dict[int, int]:
        """Zone seen → how many zones away, for the viewer in ``zone``."""
        found = self._ranges[zone]
        if found is None:
            found = self._ranges[zone] = self._ranges_from(zone)
        return found

    def __getitem__(self, zone: Any) -> Any:
        if zone.__class__ is not int:
            return tuple(self)[zone]
        found = self._seen[zone]
        if found is None:
            found = self._seen[zone] = tuple(self.ranges(zone))
        return found

    def __len__(self) -> int:
        return len(self._seen)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return (self[zone] for zone in range(len(self._seen)))

    def _ranges_from(self, zone: int) -> dict[int, int]:
        """The zones ``zone`` sees, in the order its sight lines show them, and how far each is."""
        seen: dict[int, int] = {}
        for line in self._sight[zone]:
            for there, steps in self._seen_along(zone, line):
                if there not in seen:
                    seen[there] = steps
        return seen

    def _seen_along(self, zone: int, line: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int]]:
        """The zones one sight line shows from ``zone``, with how many zones away each is: it stops at
        a closed door, a wall that cuts sight, a zone nobody sees through, and ``rooms`` zones into a
        building."""
        sightless, doors_open = self._sightless, self._doors_open
        if sightless[zone]:
            return
        inside = 0  # building zones the line has entered
        for steps, (there, e) in enumerate(line, start=1):
            edge = self._edges[e]
            if not edge.sight or (edge.door >= 0 and not doors_open[edge.door]):
                return
            if sightless[there]:
                return
            yield there, steps
            if not self._street_like[there]:
                inside += 1
                if inside >= self._rooms:
                    return  # sight reaches one zone into a building (two for a keener eye)


def _doors_changed(before: tuple[bool, ...], now: tuple[bool, ...]) -> list[int] | None:
    """The doors open in one configuration and closed in the other, or None when they are more than a
    few (or the configurations are of different boards): then a table is worked out whole again."""
    if len(before) != len(now):
        return None
    changed = [door for door, was in enumerate(before) if was != now[door]]
    return changed if len(changed) <= _FEW_DOORS else None


_FEW_DOORS = 4  # past that many doors changed, a whole table costs no more than the rows of their zones


def jump_targets(graph: ZoneGraph, doors: tuple[bool, ...], zone: int) -> list[int]:
    """Zones exactly 2 steps away along a sight line, with nothing but actors in between."""
    targets = []
    for line in graph.sight[zone]:
        steps = line[:2]
        if len(steps) == 2:
            (first, e1), (second, e2) = steps
            if (graph.carried(graph.edges[e1], zone, doors) and not graph.blocked[first]
                    and graph.carried(graph.edges[e2], first, doors) and not graph.blocked[second]):
                targets.append(second)
    return targets


def build_graph(board: Board, box: BoxRules | None = None) -> ZoneGraph:
    """The zone graph of ``board`` under ``box``'s edge and zone kinds (the core's alone without one)."""
    edge_kinds: dict[str, EdgeKind] = {**CORE_EDGE_KINDS, **(box.edge_kinds if box else {})}
    zone_rules = box.zone_kinds if box else {}
    blocking = box.blocking_markers if box else frozenset()
    zone_ids = tuple(board.zones)
    index = {zone_id: i for i, zone_id in enumerate(zone_ids)}
    zones = [board.zones[z] for z in zone_ids]
    kinds = tuple(z.kind for z in zones)
    street_like = tuple(z.is_street_like for z in zones)
    rules = [zone_rules.get(kind, PLAIN_ZONE) for kind in kinds]

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

    edges: list[Edge] = []
    doors: list[int] = []
    doors_open: list[bool] = []
    adjacent: list[list[tuple[int, int]]] = [[] for _ in zone_ids]
    step_costs: dict[tuple[int, int], int] = {}
    same_walkers = True
    for connection in board.connections:
        if connection.a not in index or connection.b not in index:
            continue
        a, b = index[connection.a], index[connection.b]
        door = -1
        if connection.kind == ConnectionKind.DOOR:
            door = len(doors)
            doors.append(len(edges))
            doors_open.append(connection.is_open)
        kind = edge_kinds.get(connection.kind, UNKNOWN_EDGE)
        if kind.cross is not None:
            crossings = (kind.cross(board, connection, connection.a, connection.b),
                         kind.cross(board, connection, connection.b, connection.a))
        else:
            crossings = (kind.crossing, kind.crossing)
        walkable = any(c.survivors or c.zombies for c in crossings)
        same_walkers &= all(c.survivors == c.zombies for c in crossings)
        for (here, there), crossing in zip(((a, b), (b, a)), crossings, strict=True):
            extra = crossing.extra_actions + rules[here].leave_extra_actions
            if extra and crossing.survivors:
                known = step_costs.get((here, there))
                step_costs[(here, there)] = extra if known is None else min(known, extra)
        edge = Edge(len(edges), connection.id, a, b, connection.kind, connection.color, door, walkable,
                    crossings, kind.sight, kind.carries)
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

    blocked = [False] * len(zone_ids)
    starts, exits = [], []
    spawns, objectives = [], []
    for marker in board.markers:
        found = index.get(marker.zone) if marker.zone is not None else None
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
            objectives.append(TokenPoint(z, marker.color or "red", zones[z].module_id))
        elif marker.kind in blocking:
            for covered in _covered_zones(board, marker, zone_ids[z]):
                if covered in index:
                    blocked[index[covered]] = True

    no_spawn = _cut_off(len(zone_ids), adjacent, edges, blocked, starts)
    graph = ZoneGraph(
        zone_ids=zone_ids,
        index=index,
        kinds=kinds,
        street_like=street_like,
        tile=tuple(z.module_id for z in zones),
        tiles=tuple(tuple(z.properties.get("tiles") or (z.module_id,)) for z in zones),  # type: ignore[arg-type]
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
        sightless=tuple(blocked[z] or not rules[z].sight for z in range(len(zone_ids))),
        searchable=tuple(
            rule.searchable if rule.searchable is not None else zone.is_searchable for rule, zone in zip(rules, zones, strict=True)
        ),
        same_walkers=same_walkers,
        step_costs=step_costs,
        no_spawn=no_spawn,
    )
    if box is not None:
        data = box.board_data(board, graph)
        if data is not None:
            object.__setattr__(graph, "box_data", data)
    return graph


def _covered_zones(board: Board, marker: Any, zone_id: str) -> set[str]:
    """The zones a token covers, even partly: the one under its centre and any under its footprint."""
    covered = {zone_id}
    width, height = marker.size
    if width > 0 and height > 0:
        (cx, cy), steps = marker.position, 6
        for a in range(steps + 1):
            for b in range(steps + 1):
                x = cx - width / 2 + width * a / steps
                y = cy - height / 2 + height * b / steps
                inset = (min(max(x, cx - width / 2 + 0.01), cx + width / 2 - 0.01),
                         min(max(y, cy - height / 2 + 0.01), cy + height / 2 - 0.01))
                found = board.zone_at(inset)
                if found is not None:
                    covered.add(found)
    return covered


def _cut_off(count: int, adjacent: list[list[tuple[int, int]]], edges: list[Edge], blocked: list[bool],
             starts: list[int]) -> tuple[bool, ...]:
    """Zones where zombies never spawn: those blocked, and those the blocked ones cut off, that is,
    reached from the starting zones (every door open) only through a blocked zone."""

    def reached(through_blocked: bool) -> set[int]:
        seen = set(starts)
        stack = list(starts)
        while stack:
            here = stack.pop()
            for there, e in adjacent[here]:
                if there in seen or not edges[e].walkable or (blocked[there] and not through_blocked):
                    continue
                seen.add(there)
                stack.append(there)
        return seen

    if not any(blocked):
        return (False,) * count
    open_way, any_way = reached(False), reached(True)
    return tuple(blocked[z] or (z in any_way and z not in open_way) for z in range(count))


_GRAPHS: dict[tuple[int, str], tuple[Board, ZoneGraph]] = {}


def graph_for(board: Board, box: BoxRules) -> ZoneGraph:
    """The zone graph of ``board`` under ``box``, built once per Board object and box (its path
    caches are then shared by every game on that board)."""
    key = (id(board), box.name)
    cached = _GRAPHS.get(key)
    if cached is not None and cached[0] is board:
        return cached[1]
    if len(_GRAPHS) > 32:
        _GRAPHS.clear()
    graph = build_graph(board, box)
    _GRAPHS[key] = (board, graph)
    return graph
