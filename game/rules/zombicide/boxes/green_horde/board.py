"""Green Horde's pieces of the board (digest §2.2, §13): hedges that stop sight but not walking,
flooded zones that cost an action to leave (but through a shore), ledges zombies never climb,
barriers that stop walking but not sight until the zombies break them, and the tokens it reads
(spawn zones in clockwise order, siege engines, Dragon Bile)."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from types import MappingProxyType

from game.board.model import Board, Connection, ConnectionKind, MarkerKind, ZoneKind
from game.rules.zombicide.boxes import CROSS_FREELY, CROSS_NEVER, BoxRules, Crossing, EdgeKind
from game.rules.zombicide.boxes.green_horde.state import GreenHordeBoard
from game.rules.zombicide.graph import UNREACHABLE, ZoneGraph, graph_for

WADE = Crossing(extra_actions=1)  # from one flooded zone into another: a survivor pays an action more
SIEGE_MIN_RANGE = 2  # a siege engine fires at Range 2 or more (§13.6)
CLIMB = Crossing(survivors=True, zombies=False, extra_actions=1)  # out of the water up a ledge
DOWN_KEY = "barriers_down"  # a board property: the barriers broken on this copy of the board
BASE_KEY = "barriers_base"  # a board property: the board the copy was made from


def _flooded(board: Board, zone: str) -> bool:
    return board.zones[zone].kind == ZoneKind.WATER


def _wade(board: Board, connection: Connection, from_zone: str, to_zone: str) -> Crossing:
    """Leaving a flooded zone for another costs a survivor an action more (§13.3); a shore (an open
    border between water and dry land) costs nothing."""
    return WADE if _flooded(board, from_zone) and _flooded(board, to_zone) else CROSS_FREELY


def _ledge(board: Board, connection: Connection, from_zone: str, to_zone: str) -> Crossing:
    """Up a ledge out of the water: an action more for a survivor, never for a zombie (§13.3)."""
    if _flooded(board, from_zone):
        return WADE if _flooded(board, to_zone) else CLIMB
    return CROSS_FREELY


def _barrier(board: Board, connection: Connection, from_zone: str, to_zone: str) -> Crossing:
    """A barrier stops every walk until the zombies break it (§13.1)."""
    return CROSS_FREELY if connection.id in board.properties.get(DOWN_KEY, ()) else CROSS_NEVER  # type: ignore[operator]


EDGE_KINDS: dict[str, EdgeKind] = {
    ConnectionKind.OPEN: EdgeKind(cross=_wade),
    ConnectionKind.HEDGE: EdgeKind(sight=False, cross=_wade),
    ConnectionKind.LEDGE: EdgeKind(cross=_ledge),
    ConnectionKind.BARRIER: EdgeKind(cross=_barrier, carries=True),
}


def board_data(board: Board, graph: ZoneGraph) -> GreenHordeBoard:
    index = graph.index
    spawn_markers = [m for m in board.markers if m.kind == MarkerKind.SPAWN and m.zone in index]
    first = next((m for m in spawn_markers if 1 in m.locators), spawn_markers[0] if spawn_markers else None)
    cx, cy = board.width_cm / 2, board.height_cm / 2

    def raw_angle(zone: int) -> float:
        x, y = board.zones[graph.zone_ids[zone]].center
        return math.atan2(y - cy, x - cx)  # y grows downwards: a growing angle turns clockwise

    start = raw_angle(index[first.zone]) if first is not None and first.zone else 0.0
    angle = tuple((raw_angle(z) - start) % (2 * math.pi) for z in range(graph.zone_count))
    spawns = sorted(((index[m.zone], m.color or "red") for m in spawn_markers if m.zone),
                    key=lambda item: (angle[item[0]], item[0]))
    hedges: set[tuple[int, int]] = set()
    barriers = []
    for connection in board.connections:
        if connection.a not in index or connection.b not in index:
            continue
        a, b = index[connection.a], index[connection.b]
        if connection.kind == ConnectionKind.HEDGE:
            hedges.update(((a, b), (b, a)))
        elif connection.kind == ConnectionKind.BARRIER:
            barriers.append((connection.id, a, b))
    marked = {kind: tuple(index[m.zone] for m in board.markers if m.kind == kind and m.zone in index)
              for kind in (MarkerKind.SIEGE_ENGINE, MarkerKind.DRAGON_BILE)}
    apart = _apart(board, graph)
    return GreenHordeBoard(
        board=board,
        spawns=tuple(spawns),
        angle=angle,
        water=tuple(kind == ZoneKind.WATER for kind in graph.kinds),
        hedges=frozenset(hedges),
        barriers=tuple(barriers),
        siege_engines=marked[MarkerKind.SIEGE_ENGINE],
        bile=marked[MarkerKind.DRAGON_BILE],
        siege_range=apart,
        siege_targets=tuple(tuple(z for z in range(graph.zone_count) if SIEGE_MIN_RANGE <= row[z] < UNREACHABLE)
                            for row in apart),
    )


def _apart(board: Board, graph: ZoneGraph) -> tuple[tuple[int, ...], ...]:
    """Zones apart across any shared border, walls, doors, hedges and barriers alike: how far a siege
    engine throws (§13.6: no sight needed, anything may lie between)."""
    cols, rows = board.grid_size
    grid = board.zone_grid
    near: list[set[int]] = [set() for _ in range(graph.zone_count)]
    for r in range(rows):
        for c in range(cols):
            here = graph.index.get(grid[r * cols + c] or "")
            if here is None:
                continue
            for dc, dr in ((1, 0), (0, 1)):
                if c + dc < cols and r + dr < rows:
                    there = graph.index.get(grid[(r + dr) * cols + c + dc] or "")
                    if there is not None and there != here:
                        near[here].add(there)
                        near[there].add(here)
    rows_out = []
    for source in range(graph.zone_count):
        dist = [UNREACHABLE] * graph.zone_count
        dist[source] = 0
        queue = deque([source])
        while queue:
            at = queue.popleft()
            for there in sorted(near[at]):
                if dist[there] == UNREACHABLE:
                    dist[there] = dist[at] + 1
                    queue.append(there)
        rows_out.append(tuple(dist))
    return tuple(rows_out)


_VARIANTS: dict[tuple[int, tuple[str, ...]], tuple[Board, Board]] = {}


def graph_with_barriers_down(graph: ZoneGraph, box: BoxRules, down: tuple[str, ...]) -> ZoneGraph:
    """The graph of the same board once these barriers are broken (a board copy that says so)."""
    base = board_of_graph(graph)
    origin = base.properties.get(BASE_KEY, base)
    assert isinstance(origin, Board)
    key = (id(origin), tuple(sorted(down)))
    found = _VARIANTS.get(key)
    if found is None or found[0] is not origin:
        if len(_VARIANTS) > 64:
            _VARIANTS.clear()
        properties = {**origin.properties, DOWN_KEY: frozenset(down), BASE_KEY: origin}
        found = (origin, replace(origin, properties=MappingProxyType(properties)))
        _VARIANTS[key] = found
    return graph_for(found[1], box)


def board_of_graph(graph: ZoneGraph) -> Board:
    return graph.box_data.board  # type: ignore[no-any-return]
