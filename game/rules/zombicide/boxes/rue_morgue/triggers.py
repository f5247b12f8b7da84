"""Event triggers (digest §15.5): a tile's building zones spawn the first time a survivor ends an
action in one of its building or hallway zones, not when a door of the building is opened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.board.model import ZoneKind
from game.rules.core.kept import kept_per_object
from game.rules.zombicide.boxes.rue_morgue.commands import EventTriggered
from game.rules.zombicide.boxes.rue_morgue.helicopter import in_flight
from game.rules.zombicide.boxes.rue_morgue.state import board_of

Game = Any  # the engine's working copy (game.Game)


def waits_for_trigger(game: Game, zone: int) -> bool:
    """A building zone on a tile with an event trigger: a first door does not spawn it."""
    trigger_tiles = board_of(game.graph).trigger_tiles
    return any(tile in trigger_tiles for tile in game.graph.tiles[zone])


def check(game: Game, i: int) -> None:
    """After each action, and when a move stops: the survivor ended it in a building or hallway zone
    on a trigger's tile (a zone over several tiles is on each of them, §2.1)."""
    graph = game.graph
    if not graph.box_data.trigger_tiles:  # asked after every action: no look-up on the way
        return
    s = game.survivors[i]
    here = _zone_triggers(graph)[s.zone]
    if not here or not s.in_play or in_flight(game, s):  # a flying helicopter is never inside a room (§16)
        return
    for n, tile in here:
        if game.box_state.triggers_fired[n]:
            continue
        fired = list(game.box_state.triggers_fired)
        fired[n] = True
        game.box_state = replace(game.box_state, triggers_fired=tuple(fired))
        game.events.append(EventTriggered(tile, s.id))
        rooms = [z for z in range(graph.zone_count)
                 if tile in graph.tiles[z] and not graph.street_like[z] and not graph.no_spawn[z]]
        game.queue[0:0] = [("draw", z, "trigger") for z in rooms]


@kept_per_object(32)
def _zone_triggers(graph: Any) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Per zone: (trigger number, tile) of each trigger tile the zone's building or hallway is on, in
    the zone's tile order; a box may change the board in play: each graph its own."""
    trigger_tiles = graph.box_data.trigger_tiles
    return tuple(
        () if graph.street_like[zone] and graph.kinds[zone] != ZoneKind.HALLWAY
        else tuple((trigger_tiles.index(tile), tile) for tile in graph.tiles[zone] if tile in trigger_tiles)
        for zone in range(graph.zone_count))
