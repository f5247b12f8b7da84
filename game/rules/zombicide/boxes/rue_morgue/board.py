"""Rue Morgue's pieces of the board: the helipad's fence and its stairs, tents that hide what is in
them, the crashed helicopter, and the tokens the box reads (sewers, beds, tent slots, event triggers,
the helicopter, its landing zones and its straight flights)."""

from __future__ import annotations

from game.board.model import Board, Connection, ConnectionKind, MarkerKind, ZoneKind
from game.i18n import N_
from game.rules.zombicide.boxes import CROSS_FREELY, CROSS_NEVER, Crossing, EdgeKind, ZoneKindRule
from game.rules.zombicide.boxes.rue_morgue.state import RueMorgueBoard
from game.rules.zombicide.graph import TokenPoint, ZoneGraph


def _fence_crossing(board: Board, connection: Connection, from_zone: str, to_zone: str) -> Crossing:
    """A fence stops walking (digest §2.2) unless a Stairs token makes a passage through it (§15.6)."""
    if connection.has_stairs:
        return CROSS_FREELY
    stairs = {m.zone for m in board.markers if m.kind == MarkerKind.STAIRS and m.zone}
    return CROSS_FREELY if connection.a in stairs and connection.b in stairs else CROSS_NEVER


EDGE_KINDS: dict[str, EdgeKind] = {ConnectionKind.FENCE: EdgeKind(sight=True, crossing=CROSS_NEVER, cross=_fence_crossing)}
# no sight into, out of or through a tent (§15.3)
ZONE_KINDS: dict[str, ZoneKindRule] = {
    ZoneKind.TENT: ZoneKindRule(sight=False, unsearchable_why=N_("A tent is searched only when its card says so")),
    ZoneKind.HOSPITAL_ROOM: ZoneKindRule(unsearchable_why=N_("Hospital rooms can't be searched")),
    ZoneKind.HELIPAD: ZoneKindRule(unsearchable_why=N_("The helipad can't be searched")),
}
# a zone under the crashed helicopter is never entered and blocks sight (§15.4)
BLOCKING_MARKERS: frozenset[str] = frozenset({MarkerKind.CRASHED_HELICOPTER})
LANDING_KINDS = (ZoneKind.HELIPAD, ZoneKind.WASTELAND)  # §16: take-off and landing


def board_data(board: Board, graph: ZoneGraph) -> RueMorgueBoard:
    sewers, beds, helicopters = [], [], []
    tent_zones = [z for z, kind in enumerate(graph.kinds) if kind == ZoneKind.TENT]
    trigger_tiles: list[str] = []
    for marker in board.markers:
        z = graph.index.get(marker.zone) if marker.zone is not None else None
        if z is None:
            continue
        named = marker.properties.get("tile")  # a token on one tile of a zone that spans several
        tile = str(named) if named and named in graph.tiles[z] else graph.tile[z]
        if marker.kind == MarkerKind.SEWER:
            sewers.append(TokenPoint(z, "", tile))
        elif marker.kind == MarkerKind.BED:
            beds.append(TokenPoint(z, marker.color or "blue", tile))
        elif marker.kind == MarkerKind.HELICOPTER:
            helicopters.append(z)
        elif marker.kind == MarkerKind.TENT_SLOT and z not in tent_zones:
            tent_zones.append(z)
        elif marker.kind == MarkerKind.EVENT_TRIGGER and tile not in trigger_tiles:
            trigger_tiles.append(tile)
    return RueMorgueBoard(
        sewers=tuple(sewers),
        beds=tuple(beds),
        tent_zones=tuple(sorted(tent_zones)),
        trigger_tiles=tuple(trigger_tiles),
        helicopters=tuple(helicopters),
        landing=tuple(kind in LANDING_KINDS for kind in graph.kinds),
        flight=_flight_neighbours(board, graph.zone_ids, graph.index),
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
