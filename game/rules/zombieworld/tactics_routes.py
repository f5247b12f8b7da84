"""How far, walking, every spot of a table is from a goal: a grid of walkable steps (each checked
with the engine's own path pricing, so walls, buildings and their doors and windows count as in
play) and the walking distance to the goal from every grid spot. The tactical band scores a spot
by it, so its survivors walk round buildings instead of into their walls.

Pure rules code. The grid of a table is built once and kept (a table never changes in play); the
distances to a goal are kept for the last few goals.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict

from game.rules.zombieworld.geometry import path_cost
from game.rules.zombieworld.geometry.table import Table

Point = tuple[float, float]

CELL_CM = 4.0
DOOR_STEP_CM = 2.0
KEPT_TABLES = 4
KEPT_FIELDS = 64
NEIGHBOURS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Walks:
    """The walkable grid of one table: nodes (grid spots and the spots either side of every door or
    window) and the steps between them with their cost in cm."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.columns = max(1, int(table.width_cm // CELL_CM))
        self.rows = max(1, int(table.height_cm // CELL_CM))
        self.points: list[Point] = [((i + 0.5) * table.width_cm / self.columns, (j + 0.5) * table.height_cm / self.rows)
                                    for j in range(self.rows) for i in range(self.columns)]
        self.steps: list[list[tuple[int, float]]] = [[] for _ in self.points]
        for j in range(self.rows):
            for i in range(self.columns):
                for di, dj in NEIGHBOURS:
                    ni, nj = i + di, j + dj
                    if 0 <= ni < self.columns and 0 <= nj < self.rows:
                        self._link(j * self.columns + i, nj * self.columns + ni)
        for piece in table.pieces:
            for a, b, _kind, _opened in piece.portals:
                self._door(a, b)
        self.buildings = [table.building_at(point) for point in self.points]
        self._fields: OrderedDict[int, list[float]] = OrderedDict()

    def _link(self, one: int, other: int) -> bool:
        a, b = self.points[one], self.points[other]
        forth = path_cost(self.table, [a, b])
        back = path_cost(self.table, [b, a])
        if forth.ok:
            self.steps[one].append((other, forth.cost_cm))
        if back.ok:
            self.steps[other].append((one, back.cost_cm))
        return forth.ok or back.ok

    def _door(self, a: Point, b: Point) -> None:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        length = math.dist(a, b) or 1.0
        normal = (-(b[1] - a[1]) / length, (b[0] - a[0]) / length)
        sides = []
        for sign in (1, -1):
            spot = (mid[0] + sign * normal[0] * DOOR_STEP_CM, mid[1] + sign * normal[1] * DOOR_STEP_CM)
            if not self.table.on_table(spot):
                return
            self.points.append(spot)
            self.steps.append([])
            sides.append(len(self.points) - 1)
        self._link(sides[0], sides[1])
        for side in sides:
            x, y = self.points[side]
            i, j = int(x * self.columns / self.table.width_cm), int(y * self.rows / self.table.height_cm)
            for nj in range(j - 1, j + 2):
                for ni in range(i - 1, i + 2):
                    if 0 <= ni < self.columns and 0 <= nj < self.rows:
                        self._link(side, nj * self.columns + ni)

    def node_near(self, point: Point) -> int:
        """The grid spot whose cell holds ``point``."""
        i = min(self.columns - 1, max(0, int(point[0] * self.columns / self.table.width_cm)))
        j = min(self.rows - 1, max(0, int(point[1] * self.rows / self.table.height_cm)))
        return j * self.columns + i

    def field(self, goal: Point) -> list[float]:
        """Walking distance to ``goal`` from every node (inf where it cannot be walked to)."""
        start = self.node_near(goal)
        kept = self._fields.get(start)
        if kept is not None:
            self._fields.move_to_end(start)
            return kept
        distance = [math.inf] * len(self.points)
        distance[start] = math.dist(goal, self.points[start])
        queue = [(distance[start], start)]
        while queue:
            cost, node = heapq.heappop(queue)
            if cost > distance[node]:
                continue
            for other, step in self.steps[node]:  # steps are walked towards the goal: the reverse links hold
                total = cost + step
                if total < distance[other]:
                    distance[other] = total
                    heapq.heappush(queue, (total, other))
        self._fields[start] = distance
        if len(self._fields) > KEPT_FIELDS:
            self._fields.popitem(last=False)
        return distance

    def walking_cm(self, point: Point, goal: Point) -> float:
        """About how far ``point`` is from ``goal`` on foot: through the nearest grid spots that
        have a way there, plus the straight bit to reach them."""
        distance = self.field(goal)
        i = min(self.columns - 1, max(0, int(point[0] * self.columns / self.table.width_cm)))
        j = min(self.rows - 1, max(0, int(point[1] * self.rows / self.table.height_cm)))
        best = math.inf
        building = self.table.building_at(point)
        for nj in range(j - 1, j + 2):
            for ni in range(i - 1, i + 2):
                if 0 <= ni < self.columns and 0 <= nj < self.rows:
                    node = nj * self.columns + ni
                    if self.buildings[node] == building:  # no straight bit through a building's wall
                        best = min(best, distance[node] + math.dist(point, self.points[node]) * 1.5)
        return best if best < math.inf else math.dist(point, goal) * 3.0


_WALKS: OrderedDict[Table, Walks] = OrderedDict()


def walks_of(table: Table) -> Walks:
    """The table's walkable grid, built on first use and kept (equal tables share one)."""
    found = _WALKS.get(table)
    if found is not None:
        _WALKS.move_to_end(table)
        return found
    found = Walks(table)
    _WALKS[table] = found
    if len(_WALKS) > KEPT_TABLES:
        _WALKS.popitem(last=False)
    return found
