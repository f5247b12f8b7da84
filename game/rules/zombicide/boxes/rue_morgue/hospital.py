"""The hospital (digest §5.3, §15.1): each room spawns when its own door opens, and the outer door
(hallway to street) spawns every room behind an open door or an opening."""

from __future__ import annotations

from typing import Any

from game.board.model import ZoneKind
from game.rules.zombicide.boxes.rue_morgue.triggers import waits_for_trigger

Game = Any  # the engine's working copy (game.Game)


def open_hospital(game: Game, edge: Any) -> None:
    """The hospital's outer door (hallway to street): every room behind an open door or an opening
    spawns now."""
    graph = game.graph
    kinds = (graph.kinds[edge.a], graph.kinds[edge.b])
    if ZoneKind.HALLWAY not in kinds or not all(graph.street_like[z] for z in (edge.a, edge.b)):
        return
    hallway = edge.a if kinds[0] == ZoneKind.HALLWAY else edge.b
    seen, stack = {hallway}, [hallway]
    rooms: list[int] = []
    while stack:
        here = stack.pop()
        for other, e in graph.adjacent[here]:
            step = graph.edges[e]
            if step.door >= 0 and not game.doors_open[step.door]:
                continue
            if graph.kinds[other] == ZoneKind.HALLWAY and other not in seen:
                seen.add(other)
                stack.append(other)
            elif not graph.street_like[other] and step.walkable:
                rooms.append(other)
                if step.door >= 0:
                    game.doors_spawned[step.door] = True
    for room in sorted(set(rooms)):
        b = graph.building[room]
        if b >= 0 and not game.buildings_spawned[b]:
            game.buildings_spawned[b] = True
            game.queue.extend(("draw", z, "building") for z in graph.buildings[b]
                              if not waits_for_trigger(game, z) and not graph.no_spawn[z])
