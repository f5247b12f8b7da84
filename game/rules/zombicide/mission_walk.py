"""How far a mission makes the team walk: from the start through every objective to the exit.

A balance figure (``main.py balance`` prints it): a mission whose shortest walk is long asks the team
to cross many zones where zombies spawn and wander, so a loss there may be the mission's fault, not
the bot's. Distances count zones with every door open (the team opens what it must).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.core.frozen import record
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import ZombicideState

MAX_EXACT_OBJECTIVES = 12  # the shortest order is searched exactly up to this many objectives


@record
class MissionWalk:
    to_exit: int | None  # zones from the start to the nearest exit; None: no exit, or none reachable
    walk: int | None  # zones of the shortest walk through every objective the goals want, then out if they want it
    objectives: int  # the objectives on the walk
    leaves: bool  # the walk ends at the exit (the goals want the team out)


def mission_walk(state: ZombicideState) -> MissionWalk:
    """The walk of a freshly set-up game ``state``."""
    graph = state.graph
    dist = graph.distances(tuple(True for _ in state.doors_open))
    start = graph.starts[0] if graph.starts else 0
    exits = list(graph.exits)
    goals = state.setup.goals
    objectives = [p.zone for p in graph.objectives] if "take_all_objectives" in goals else []
    objectives += [zone for zone in state.box.walk_stops(state) if zone not in objectives]  # the box's own goals
    leaving = "all_in_exit" in goals or "escape_all" in goals

    def to_exit(zone: int) -> int:
        return min((dist[zone][e] for e in exits), default=UNREACHABLE)

    def finish(zone: int) -> int:
        return to_exit(zone) if leaving else 0

    exit_from_start = to_exit(start) if exits else None
    if exit_from_start is not None and exit_from_start >= UNREACHABLE:
        exit_from_start = None
    walk = _shortest_tour(dist, start, objectives, finish)
    return MissionWalk(exit_from_start, walk if walk < UNREACHABLE else None, len(objectives), leaving)


def _shortest_tour(dist: tuple[tuple[int, ...], ...], start: int, stops: list[int], finish: Callable[[int], int]) -> int:
    """Start → every stop in the best order → ``finish(last stop)`` zones; Held-Karp up to
    MAX_EXACT_OBJECTIVES stops, the nearest stop next beyond that."""
    if not stops:
        return finish(start)
    if len(stops) > MAX_EXACT_OBJECTIVES:
        here, left, total = start, list(stops), 0
        while left:
            nearest = min(left, key=lambda z: dist[here][z])
            total += dist[here][nearest]
            left.remove(nearest)
            here = nearest
        return total + finish(here)
    count = len(stops)
    best: dict[tuple[int, int], int] = {(1 << n, n): dist[start][stops[n]] for n in range(count)}
    for mask in range(1, 1 << count):
        for last in range(count):
            walked = best.get((mask, last))
            if walked is None:
                continue
            for following in range(count):
                if mask & (1 << following):
                    continue
                key = (mask | (1 << following), following)
                value = walked + dist[stops[last]][stops[following]]
                if value < best.get(key, UNREACHABLE * 4):
                    best[key] = value
    full = (1 << count) - 1
    return min(best[(full, last)] + finish(stops[last]) for last in range(count))
