"""One rule for walls on zone maps: a wall stands on a border between zones (or the map's edge).

The zone game only knows walls between two zones: a wall drawn through the middle of a zone would
be drawn but ignored, so Tiled would show a wall the game does not have. Such a wall is refused
with its object id and the place where it leaves the border. Free tables (Zombieworld) take walls
anywhere: there they block sight and movement where they stand.
"""

from __future__ import annotations

import math

from game.board.errors import MapProblem
from game.board.geometry import ZoneFinder
from game.board.model import BarrierKind, BoardModule, Layout, Point, Zone

PROBE_STEP_CM = 0.5  # how far apart the wall is sampled
PROBE_SIDE_CM = 0.25  # how far to each side of the wall a sample looks for its zone


def _inside_one_zone(zones: ZoneFinder, a: Point, b: Point) -> tuple[Point, Zone] | None:
    """The first sample of segment ``a``–``b`` with the same zone on both sides, and that zone."""
    length = math.dist(a, b)
    if length < PROBE_STEP_CM:
        return None
    nx, ny = -(b[1] - a[1]) / length * PROBE_SIDE_CM, (b[0] - a[0]) / length * PROBE_SIDE_CM
    steps = int(length // PROBE_STEP_CM)
    for index in range(1, steps):
        t = index / steps
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        left: Zone | None = zones.zone_at((x + nx, y + ny))
        same = zones.zone_at((x - nx, y - ny)) is left
        if left is not None and same:
            return (x, y), left
    return None


def stray_walls(module: BoardModule) -> list[MapProblem]:
    """One problem per wall of a zone map that runs through a zone instead of along a border."""
    if module.layout is not Layout.ZONES or not module.zones:
        return []
    problems: list[MapProblem] = []
    zones = ZoneFinder(module.zones)
    for barrier in module.barriers:
        if barrier.kind is not BarrierKind.WALL:
            continue
        for a, b in zip(barrier.points, barrier.points[1:], strict=False):
            found = _inside_one_zone(zones, a, b)
            if found is not None:
                (x, y), zone = found
                problems.append(MapProblem(
                    module.path,
                    f"wall runs through zone '{zone.label or zone.id}' at ({x:.1f}, {y:.1f}) cm instead of along a "
                    "border between zones: the game ignores walls inside a zone; move it onto the border or delete it",
                    object_id=barrier.object_id or None))
                break
    return problems
