"""Mold (rules digest §9): where it comes, what it takes away, how it ends the game.

A Mold token (either face) takes the zone's objective and door tokens away for good, opens its walls
but those to the outdoors, and leaves the zone unsearchable and without its special room; a door
next to it can no longer be worked. A Spoiler Abomination standing in a room or a corridor with no
Active Mold makes it Active; Hellfire turns Active Mold Inactive. Two spawn zones joined by an
unbroken chain of Active Mold zones (sharing a border, corners do not count) lose the game. The box
has 15 Mold tokens: once all are on the board, no new zone gets one.
"""

from __future__ import annotations

from itertools import compress, count
from operator import itemgetter
from typing import Any

from game.rules.zombicide.boxes.invader.board import board_of, graph_in_play
from game.rules.zombicide.boxes.invader.commands import MoldChanged, SpawnZoneChanged, TokenRemoved
from game.rules.zombicide.boxes.invader.content import token_count
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE, NO_MOLD
from game.rules.zombicide.state import evolved

FACE_WORDS = {NO_MOLD: "none", INACTIVE: "inactive", ACTIVE: "active"}
Game = Any


def mold_of(state: Any) -> tuple[int, ...]:
    mold = state.box_state.mold
    return tuple(mold) if mold else (NO_MOLD,) * state.graph.zone_count


def is_mold(state: Any, zone: int) -> bool:
    mold = state.box_state.mold
    return bool(mold) and mold[zone] != NO_MOLD


def set_mold(game: Game, zone: int, face: int, why: str) -> bool:
    """Put Mold of ``face`` in ``zone`` (or flip it): tokens removed, the board changed; False when
    nothing changes or no Mold token is left for a new zone."""
    mold = list(mold_of(game))
    before = mold[zone]
    if before == face:
        return False
    if before == NO_MOLD and face != NO_MOLD:
        if board_of(game.graph).outdoor[zone]:
            return False  # Mold grows in rooms and corridors only
        if sum(1 for m in mold if m != NO_MOLD) >= token_count(game.tables.catalog, "mold"):
            return False
    mold[zone] = face
    game.box_state = evolved(game.box_state, mold=tuple(mold))
    game.events.append(MoldChanged(game.zid(zone), FACE_WORDS[face], FACE_WORDS[before], why))
    if before == NO_MOLD:
        _clear_tokens(game, zone, why)
    game.graph = graph_in_play(game.graph, game.box_state)
    return True


def _clear_tokens(game: Game, zone: int, why: str) -> None:
    """A new Mold zone loses its objectives and every door token of its openings, for good."""
    state = game.box_state
    gone = list(state.objectives_gone)
    for n, point in enumerate(game.graph.objectives):
        if point.zone == zone and not game.objectives_taken[n]:
            game.objectives_taken[n] = True
            gone.append(n)
            colour = state.objective_colours[n] if state.objective_colours else point.color
            game.events.append(TokenRemoved("objective", game.zid(zone), colour, "mold"))
    doors_gone = list(state.doors_gone)
    for _other, e in game.graph.adjacent[zone]:
        edge = game.graph.edges[e]
        if edge.door < 0 or edge.door in doors_gone:
            continue
        doors_gone.append(edge.door)
        game.doors_open[edge.door] = True
        game.doors_spawned[edge.door] = True
        game.events.append(TokenRemoved("door", game.zid(zone), edge.connection_id, "mold"))
    game.box_state = evolved(game.box_state, objectives_gone=tuple(gone), doors_gone=tuple(doors_gone),
                             sealed=tuple(d for d in state.sealed if d not in doors_gone))


def spread(game: Game) -> None:
    """Every zone holding a Mold-spreading xeno (not outdoors) turns to Active Mold."""
    global _LAST_SPREAD
    tables, graph, mold = game.tables, game.graph, game.box_state.mold
    # read as they stand: a read that made the working copy's own list cost a copy, and a new tuple in
    # the next state
    zombies = game.as_it_stands("zombies")
    last = _LAST_SPREAD  # the zombies, Mold and board with which nothing spread last time, most often again
    if last[0] is zombies and last[1] is mold and last[2] is graph and last[3] is tables:
        return
    for t in _spreaders(tables):
        if game.in_supply(t) >= tables.miniatures[t]:
            continue  # every one of them is still in the box
        outdoor = board_of(game.graph).outdoor
        # the zones holding one, found in one pass in C (asked after every command and step); Mold
        # never moves a zombie, so the zones found stay those holding one
        for zone in list(compress(count(), map(itemgetter(t), zombies))):
            if not outdoor[zone]:
                mold = game.box_state.mold  # read afresh: each new Mold zone changes it
                if (mold[zone] if mold else NO_MOLD) != ACTIVE:
                    set_mold(game, zone, ACTIVE, "abomination")
    if zombies.__class__ is tuple and game.box_state.mold is mold and game.graph is graph:  # nothing spread
        _LAST_SPREAD = (zombies, mold, graph, tables)


# the zombies, Mold, board and tables with which nothing spread (every spreader's zone already Active
# or outdoors, or none on the board): the same again spreads nothing. Safe: all are immutable (a working
# copy's list of zombies is never kept), and held here their ids cannot be reused.
_LAST_SPREAD: tuple[Any, Any, Any, Any] = (None, None, None, None)


# id of a game's tables → (the tables, the xeno types that spread Mold): asked after every command
_SPREADERS: dict[int, tuple[Any, tuple[int, ...]]] = {}


def _spreaders(tables: Any) -> tuple[int, ...]:
    global _LAST_SPREADERS
    last = _LAST_SPREADERS  # the same game's tables again: no look-up
    if last[0] is tables:
        return last[1]
    entry = _SPREADERS.get(id(tables))
    if entry is None or entry[0] is not tables:
        if len(_SPREADERS) > 8:
            _SPREADERS.clear()
        entry = _SPREADERS[id(tables)] = (tables, tuple(
            t for t in range(tables.type_count) if "spreads_mold" in tables.specials[t]))
    _LAST_SPREADERS = entry
    return entry[1]


_LAST_SPREADERS: tuple[Any, tuple[int, ...]] = (None, ())


def joined_spawns(state: Any) -> bool:
    """Two spawn zones (each under Active Mold) joined by a chain of Active Mold zones."""
    global _LAST_JOINED
    # asked after every command and step: the answer of the same Mold, spawns and board again
    box, graph = state.box_state, state.graph
    mold, gone, spawns, borders = box.mold, box.spawns_gone, graph.spawns, board_of(graph).borders
    last = _LAST_JOINED
    if last[0] is mold and last[1] is gone and last[2] is spawns and last[3] is borders:
        return last[4]
    answer = _joined_spawns(state)
    _LAST_JOINED = (mold, gone, spawns, borders, answer)
    return answer


_LAST_JOINED: tuple[Any, Any, Any, Any, bool] = (None, None, None, None, False)


def _joined_spawns(state: Any) -> bool:
    mold = mold_of(state)
    gone = set(state.box_state.spawns_gone)
    spawn_zones = {p.zone for n, p in enumerate(state.graph.spawns) if n not in gone and mold[p.zone] == ACTIVE}
    if len(spawn_zones) < 2:
        return False
    borders = board_of(state.graph).borders
    seen: set[int] = set()
    for start in spawn_zones:
        if start in seen:
            continue
        component, stack = {start}, [start]
        while stack:
            here = stack.pop()
            for there in borders[here]:
                if there not in component and mold[there] == ACTIVE:
                    component.add(there)
                    stack.append(there)
        seen |= component
        if len(component & spawn_zones) >= 2:
            return True
    return False


def threats(state: Any) -> list[tuple[int, str]]:
    """The zones Mold threatens now, for the window: where a Mold-spreading xeno may step next (its
    zone turns Active), and the zones whose turning Active would join two spawn zones (the loss)."""
    mold, graph = mold_of(state), state.graph
    outdoor = board_of(graph).outdoor
    doors = tuple(state.doors_open)
    found: dict[int, str] = {}
    spreaders = [t for t in range(state.tables.type_count) if "spreads_mold" in state.tables.specials[t]]
    for zone, counts in enumerate(state.zombies):
        if any(counts[t] for t in spreaders):
            for there in graph.zombie_neighbours(zone, doors):
                if mold[there] != ACTIVE and not outdoor[there]:
                    found.setdefault(there, "Mold spreads here if the Abomination comes")
    if state.box_state.mold:
        borders = board_of(graph).borders
        for zone in range(graph.zone_count):
            if mold[zone] == ACTIVE or not any(mold[z] == ACTIVE for z in borders[zone]):
                continue
            turned = list(mold)
            turned[zone] = ACTIVE
            if joined_spawns(_with_mold(state, tuple(turned))):
                found[zone] = "Active Mold here joins two spawn zones: the mission is lost"
    return sorted(found.items())


def _with_mold(state: Any, mold: tuple[int, ...]) -> Any:
    return evolved(state, box_state=evolved(state.box_state, mold=mold))


def set_spawn(game: Game, n: int, active: bool, why: str) -> None:
    """Turn spawn token ``n`` on or off (a coloured spawn zone waking)."""
    spawns = list(game.box_state.spawns_on)
    if spawns[n] == active:
        return
    spawns[n] = active
    game.box_state = evolved(game.box_state, spawns_on=tuple(spawns))
    point = game.graph.spawns[n]
    colour = game.box_state.spawn_colours[n] if game.box_state.spawn_colours else point.color
    game.events.append(SpawnZoneChanged(game.zid(point.zone), colour, active, why))
