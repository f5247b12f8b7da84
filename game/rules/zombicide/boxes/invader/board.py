"""Invader's board (rules digest §3, §9, §12): what each zone is, which zones share a border, and the
zone graph as Mold changes it.

Mold opens every wall of its zone but those leading outdoors (§9): the graph of a Mold configuration
gains an opening across each such wall, Active Mold sees like a room and Inactive Mold like a
corridor (§3.2). Sight lines are cast here along the board's grid of cells, through the borders a
connection covers (a door or an opening where it is drawn, a corridor's open border where no wall
stands, a Mold opening all along the shared wall); a line stops one zone into anything that sees like
a room. The Airlock's door to the outside never carries sight (§3.2, §12.3). Each configuration's
graph is built once per board and kept, from the configuration before it: only the sight lines
through a zone whose Mold changed are cast again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.board.model import Board, ConnectionKind, ZoneKind
from game.rules.core.frozen import record
from game.rules.zombicide.graph import Edge, ZoneGraph

ROOMLIKE_SIGHT = frozenset({ConnectionKind.DOOR, ConnectionKind.OPENING})
SIGHT_KINDS = frozenset({ConnectionKind.OPEN, ConnectionKind.DOOR, ConnectionKind.OPENING, ConnectionKind.FENCE,
                         ConnectionKind.LEDGE})
MOLD_EDGE = "mold:"  # the id prefix of the openings Mold makes
_VARIANT_LIMIT = 256


@record
class InvaderBoard:
    """What Invader reads of a board (``graph.box_data``), worked out once per board."""

    base: Any  # the board's own graph, before any Mold (ZoneGraph; variants are built from it)
    borders: tuple[tuple[int, ...], ...]  # zone → the zones it shares a border with (walls or not)
    outdoor: tuple[bool, ...]
    airlock: tuple[bool, ...]
    security: tuple[bool, ...]
    oxygen: tuple[bool, ...]
    corridor: tuple[bool, ...]
    cols: int
    rows: int
    grid: tuple[int, ...]  # the zone of each cell (-1: none)
    # grid edge (cell, next cell) → the board's edges whose drawing covers it (sight crosses there)
    covered: dict[tuple[int, int], tuple[int, ...]]
    pair_edges: dict[tuple[int, int], tuple[int, int]]  # every (zone, zone) grid border: one cell pair
    borders_cells: dict[tuple[int, int], tuple[tuple[int, int], ...]]  # zone pair → their grid edges
    outside_doors: frozenset[int]  # edges between an Airlock and the outdoors
    outdoor_ids: frozenset[str]  # the outdoor zones' ids (a move's ``to`` and ``via`` name zones by id)


def board_of(graph: Any) -> InvaderBoard:
    return graph.box_data  # type: ignore[no-any-return]


def board_data(board: Board, graph: ZoneGraph) -> InvaderBoard:
    index = graph.index
    cols, rows = board.grid_size
    grid = tuple(index.get(z, -1) if z is not None else -1 for z in board.zone_grid)
    kinds = graph.kinds
    borders: list[set[int]] = [set() for _ in range(graph.zone_count)]
    pair_cells: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            here = grid[r * cols + c]
            if here < 0:
                continue
            for dc, dr in ((1, 0), (0, 1)):
                nc, nr = c + dc, r + dr
                if nc >= cols or nr >= rows:
                    continue
                there = grid[nr * cols + nc]
                if there < 0 or there == here:
                    continue
                borders[here].add(there)
                borders[there].add(here)
                key = (min(here, there), max(here, there))
                pair_cells.setdefault(key, []).append((r * cols + c, nr * cols + nc))
    covered: dict[tuple[int, int], list[int]] = {}
    walls = [(a, b) for a, b in board.walls]
    for e, edge in enumerate(graph.edges):
        connection = next((c for c in board.connections if c.id == edge.connection_id), None)
        if connection is None or connection.kind not in SIGHT_KINDS:
            continue
        cells = pair_cells.get((min(edge.a, edge.b), max(edge.a, edge.b)), [])
        for cell_a, cell_b in cells:
            middle = _edge_middle(cell_a, cell_b, cols, board.cell_cm)
            if connection.kind in ROOMLIKE_SIGHT:
                if not _on_segment(middle, connection.segment, board.cell_cm):
                    continue
            elif any(_on_segment(middle, wall, board.cell_cm) for wall in walls):
                continue
            covered.setdefault((cell_a, cell_b), []).append(e)
            covered.setdefault((cell_b, cell_a), []).append(e)
    outdoor = tuple(k == ZoneKind.OUTDOOR for k in kinds)
    airlock = tuple(k == ZoneKind.AIRLOCK for k in kinds)
    outside = frozenset(
        e.index for e in graph.edges if (airlock[e.a] and outdoor[e.b]) or (airlock[e.b] and outdoor[e.a])
    )
    return InvaderBoard(
        base=graph,
        borders=tuple(tuple(sorted(b)) for b in borders),
        outdoor=outdoor,
        airlock=airlock,
        security=tuple(k == ZoneKind.SECURITY_ROOM for k in kinds),
        oxygen=tuple(k == ZoneKind.OXYGEN_ROOM for k in kinds),
        corridor=tuple(k == ZoneKind.CORRIDOR for k in kinds),
        cols=cols,
        rows=rows,
        grid=grid,
        covered={key: tuple(v) for key, v in covered.items()},
        pair_edges={key: cells[0] for key, cells in pair_cells.items()},
        borders_cells={key: tuple(cells) for key, cells in pair_cells.items()},
        outside_doors=outside,
        outdoor_ids=frozenset(z for n, z in enumerate(graph.zone_ids) if outdoor[n]),
    )


def _edge_middle(cell_a: int, cell_b: int, cols: int, cell_cm: float) -> tuple[float, float]:
    (ra, ca), (rb, cb) = divmod(cell_a, cols), divmod(cell_b, cols)
    return ((ca + cb + 1) / 2 * cell_cm, (ra + rb + 1) / 2 * cell_cm)


def _on_segment(point: tuple[float, float], segment: tuple[tuple[float, float], tuple[float, float]], cell_cm: float) -> bool:
    """Whether the middle of a grid edge lies on a drawn segment (a door, an opening, a wall)."""
    (ax, ay), (bx, by) = segment
    px, py = point
    slack = max(0.05, cell_cm * 0.26)
    if abs(ax - bx) <= slack:  # vertical
        return abs(px - (ax + bx) / 2) <= slack and min(ay, by) - 1e-6 <= py <= max(ay, by) + 1e-6
    if abs(ay - by) <= slack:
        return abs(py - (ay + by) / 2) <= slack and min(ax, bx) - 1e-6 <= px <= max(ax, bx) + 1e-6
    return False


# --- the graph of a Mold configuration -----------------------------------------------------------

_VARIANTS: dict[tuple[int, tuple[int, ...]], ZoneGraph] = {}


def graph_in_play(graph: ZoneGraph, box_state: Any) -> ZoneGraph:
    """The zone graph with the board as the state's Mold makes it (``BoxRules.board_in_play``)."""
    data = board_of(graph)
    if data is None:
        return graph
    mold = tuple(box_state.mold) if box_state.mold else (0,) * data.base.zone_count
    return _variant(data, mold, graph)


def _variant(data: InvaderBoard, mold: tuple[int, ...], graph: ZoneGraph) -> ZoneGraph:
    """The graph of a Mold configuration, built from ``graph``'s (the configuration before) or, from
    the board's own graph, from the configuration without Mold (built once per board)."""
    base = data.base
    key = (id(base), mold)
    found = _VARIANTS.get(key)
    if found is not None and found.box_data is data:
        return found
    if len(_VARIANTS) > _VARIANT_LIMIT:
        _VARIANTS.clear()
        _CASTS.clear()
    before = _CASTS.get(id(graph))
    if before is None or before.variant is not graph:
        bare = (0,) * base.zone_count
        before = _CASTS.get(id(_variant(data, bare, base))) if mold != bare else None
    variant = _build_variant(base, data, mold, before)
    _VARIANTS[key] = variant
    return variant


Line = tuple[tuple[int, int], ...]  # a sight line: (zone entered, edge crossed) steps


@record
class _Casts:
    """How a configuration's sight lines were cast, for the next configuration to start from."""

    variant: ZoneGraph
    mold: tuple[int, ...]
    lines: tuple[tuple[Line, ...], ...]  # per zone, the line cast along each of its runs
    through_openings: frozenset[tuple[int, int]]  # the (zone, run) whose line crosses a Mold opening


_CASTS: dict[int, _Casts] = {}  # by the variant's id: the next configuration recasts only what changed


def _build_variant(base: ZoneGraph, data: InvaderBoard, mold: tuple[int, ...], before: _Casts | None = None,
                   ) -> ZoneGraph:
    edges = list(base.edges)
    adjacent = [list(a) for a in base.adjacent]
    connected = {(min(e.a, e.b), max(e.a, e.b)) for e in base.edges if e.walkable and e.door < 0}
    opened: set[tuple[int, int]] = set()  # zone pairs whose whole shared wall is open
    for zone, face in enumerate(mold):
        if not face or data.outdoor[zone]:
            continue
        for other in data.borders[zone]:
            if data.outdoor[other]:
                continue  # walls to the outdoors stay (§9)
            pair = (min(zone, other), max(zone, other))
            opened.add(pair)
            if pair in connected:
                continue
            connected.add(pair)
            a, b = pair
            edge = Edge(len(edges), f"{MOLD_EDGE}{base.zone_ids[a]}|{base.zone_ids[b]}", a, b,
                        ConnectionKind.OPENING, "", -1, True)
            adjacent[a].append((b, edge.index))
            adjacent[b].append((a, edge.index))
            edges.append(edge)
    # sight: the airlock's outer door never carries it (§12.3)
    for e in data.outside_doors:
        edges[e] = replace(edges[e], sight=False)
    street_like = list(base.street_like)
    for zone, face in enumerate(mold):
        if face == 2:
            street_like[zone] = False  # Active Mold sees like a room
        elif face == 1:
            street_like[zone] = True  # Inactive Mold sees like a corridor
    lines, sight, through_openings = _sight_lines(base, data, edges, opened, street_like, mold, before)
    variant = replace(
        base,
        edges=tuple(edges),
        edge_by_id={e.connection_id: e.index for e in edges},
        adjacent=tuple(tuple(a) for a in adjacent),
        street_like=tuple(street_like),
        sight=sight,
        memo={},
        _distance_cache={},
        _sight_cache={},
        _step_cache={},
        _row_cache={},
        _zombie_caches=({}, {}, {}, {}),
    )
    _CASTS[id(variant)] = _Casts(variant, mold, lines, through_openings)
    return variant


def _sight_lines(base: ZoneGraph, data: InvaderBoard, edges: Sequence[Edge], opened: set[tuple[int, int]],
                 street_like: Sequence[bool], mold: tuple[int, ...], before: _Casts | None,
                 ) -> tuple[tuple[tuple[Line, ...], ...], tuple[tuple[Line, ...], ...], frozenset[tuple[int, int]]]:
    """Per zone, the line cast along each of its runs (``_straight_runs``), and the distinct straight
    lines leaving it (the graph's sight): (zone entered, edge crossed) steps, stopping two zones into
    anything that sees like a room (the core's sight stops at the first, Sharp Senses' at the second).
    From the configuration ``before``, only the runs through a zone whose Mold changed are cast
    again (nothing else along the others changed); the others keep their steps, a Mold opening
    renamed to its index among ``edges``."""
    mold_edge: dict[tuple[int, int], int] = {}
    for edge in edges[len(base.edges):]:
        mold_edge[(edge.a, edge.b)] = mold_edge[(edge.b, edge.a)] = edge.index
    opening_of: dict[tuple[int, int], int] = {}  # an open wall crossed where no connection is drawn
    for a, b in opened:
        e = mold_edge.get((a, b))
        if e is None:
            e = next((e for other, e in base.adjacent[a] if other == b and base.edges[e].door < 0), None)
            if e is None:
                e = next((e for other, e in base.adjacent[a] if other == b), -1)
        opening_of[(a, b)] = opening_of[(b, a)] = e
    runs_of = _straight_runs(data)
    first_opening = len(base.edges)

    def crosses_openings(line: Line) -> bool:
        return any(via >= first_opening for _there, via in line)

    if before is None:
        lines = tuple(tuple(_cast(zone, run, data.covered, opening_of, street_like) for run in runs)
                      for zone, runs in enumerate(runs_of))
        return lines, tuple(tuple(_distinct(list(found))) for found in lines), frozenset(
            (zone, n) for zone, found in enumerate(lines) for n, line in enumerate(found) if crosses_openings(line))
    edge_by_id = {edge.connection_id: edge.index for edge in edges[first_opening:]}
    renamed = {e: edge_by_id.get(edge.connection_id, -1)
               for e, edge in enumerate(before.variant.edges[first_opening:], start=first_opening)}
    through = _runs_through(data)
    again = {run for z, (was, now) in enumerate(zip(before.mold, mold, strict=True)) if was != now for run in through[z]}
    changed: dict[int, list[Line]] = {}  # zone → its lines, where one changed
    for zone, n in again:
        found = changed.get(zone) or changed.setdefault(zone, list(before.lines[zone]))
        found[n] = _cast(zone, runs_of[zone][n], data.covered, opening_of, street_like)
    if any(old != new for old, new in renamed.items()):  # Mold openings numbered anew
        for zone, n in before.through_openings - again:
            found = changed.get(zone) or changed.setdefault(zone, list(before.lines[zone]))
            found[n] = tuple((there, renamed[via] if via >= first_opening else via) for there, via in found[n])
    lines = tuple(tuple(changed[zone]) if zone in changed else found for zone, found in enumerate(before.lines))
    sight = tuple(tuple(_distinct(changed[zone])) if zone in changed else seen
                  for zone, seen in enumerate(before.variant.sight))
    return lines, sight, (before.through_openings - again) | {
        (zone, n) for zone, n in again if crosses_openings(lines[zone][n])}


_THROUGH: dict[int, tuple[InvaderBoard, tuple[tuple[tuple[int, int], ...], ...]]] = {}


def _runs_through(data: InvaderBoard) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per zone, the runs (start zone, run index) that leave it or cross it, once per board."""
    known = _THROUGH.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    through: list[list[tuple[int, int]]] = [[] for _ in range(data.base.zone_count)]
    for zone, runs in enumerate(_straight_runs(data)):
        for n, run in enumerate(runs):
            for z in dict.fromkeys((zone, *(nxt for nxt, _cell, _next in run))):
                through[z].append((zone, n))
    if len(_THROUGH) > _VARIANT_LIMIT:
        _THROUGH.clear()
    found = tuple(tuple(t) for t in through)
    _THROUGH[id(data)] = (data, found)
    return found


Run = tuple[tuple[int, int, int], ...]  # the zone borders a straight line crosses: (next zone, cell, next cell)
_RUNS: dict[int, tuple[InvaderBoard, tuple[tuple[Run, ...], ...]]] = {}


def _straight_runs(data: InvaderBoard) -> tuple[tuple[Run, ...], ...]:
    """Per zone, the straight lines leaving it across the grid (from each cell at the end of a run of
    the zone, each way), as the zone borders they cross up to the board's edge or an empty cell:
    the same for every Mold configuration, worked out once per board."""
    known = _RUNS.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    cols, rows, grid = data.cols, data.rows, data.grid
    cells_of: list[list[int]] = [[] for _ in range(data.base.zone_count)]
    for cell, zone in enumerate(grid):
        if zone >= 0:
            cells_of[zone].append(cell)
    runs_of = []
    for zone, cells in enumerate(cells_of):
        runs: list[Run] = []
        for cell in cells:
            r, c = divmod(cell, cols)
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nc, nr = c + dc, r + dr
                if 0 <= nc < cols and 0 <= nr < rows and grid[nr * cols + nc] == zone:
                    continue  # only cells at the end of a run of the zone start a line that way
                crossed: list[tuple[int, int, int]] = []
                here = zone
                while 0 <= nc < cols and 0 <= nr < rows:
                    there = grid[nr * cols + nc]
                    if there != here:
                        if there < 0:
                            break
                        crossed.append((there, (nr - dr) * cols + (nc - dc), nr * cols + nc))
                        here = there
                    nc, nr = nc + dc, nr + dr
                runs.append(tuple(crossed))
        runs_of.append(tuple(runs))
    if len(_RUNS) > _VARIANT_LIMIT:
        _RUNS.clear()
    found = tuple(runs_of)
    _RUNS[id(data)] = (data, found)
    return found


def _cast(zone: int, run: Run, covered: dict[tuple[int, int], tuple[int, ...]], opening_of: dict[tuple[int, int], int],
          street_like: Sequence[bool]) -> tuple[tuple[int, int], ...]:
    """One straight line's (zone entered, edge crossed) steps: it stops where nothing drawn carries
    sight across a border, and at its second room-like zone."""
    steps: list[tuple[int, int]] = []
    seen = {zone}
    current = zone
    rooms = 0
    for nxt, here_cell, next_cell in run:
        via = opening_of.get((current, nxt), -1)
        if via < 0:
            covering = covered.get((here_cell, next_cell), ())
            via = covering[0] if covering else -1
        if via < 0:
            break
        if nxt not in seen:
            steps.append((nxt, via))
            seen.add(nxt)
        current = nxt
        if not street_like[nxt]:
            rooms += 1
            if rooms >= 2:
                break
    return tuple(steps)


def _distinct(lines: list[tuple[tuple[int, int], ...]]) -> list[tuple[tuple[int, int], ...]]:
    unique = list(dict.fromkeys(line for line in lines if line))
    prefixes = {line[:n] for line in unique for n in range(1, len(line))}
    return [line for line in unique if line not in prefixes]


def orthogonal_neighbours(graph: Any, zone: int) -> tuple[int, ...]:
    """Zones sharing a border with ``zone`` (for Mold chains: corners do not count)."""
    return board_of(graph).borders[zone]


def distance_cells(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
