"""Rue Morgue's own rules on top of the shared Zombicide core (see ``boxes/__init__.py``).

The zombie statistics, the Crawler link and the A-Bomb's specials are catalog data; this module
holds what is not data: the default melee order, what an Aaahh!! card puts on the board, the
Skinner → Crawler rule, Sewer and Bed cards, tents, the hospital, event triggers and the helicopter
commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.board.model import ZoneKind
from game.rules.zombicide.boxes import BoxRules
from game.rules.zombicide.commands import (
    BoardHelicopter,
    ChangeSeat,
    EventTriggered,
    Fly,
    Land,
    LeaveHelicopter,
    StoreEquipment,
    TakeEquipment,
    TakeOff,
    TentRevealed,
)

Game = Any  # the engine's working copy (game.Game), which imports this box


def crawlers_left_behind(natural_dice: Sequence[int], skinners_killed: int) -> int:
    """One Crawler per die that landed on 1, never more than the Skinners the roll killed.

    The dice are read as they landed: "+1 to dice roll" skills do not change the count.
    """
    ones = sum(1 for value in natural_dice if value == 1)
    return min(ones, skinners_killed)


def sewer_card(game: Game, zone: int, number: int, level: int) -> None:
    """Every sewer zone on a tile with survivors gets the card's zombies."""
    tiles = game.occupied_tiles()
    for sewer in game.graph.sewers:
        if sewer.tile in tiles:
            for t, n in game.tables.card_lines[number][level]:
                game.place(sewer.zone, t, n)


def bed_card(game: Game, zone: int, number: int, level: int) -> None:
    """One Crawler per bed of the card's colour on a tile with survivors, revealed tents included."""
    if game.tables.crawler < 0:
        return
    colour = game.tables.zombie_cards[number].bed_colour
    tiles = game.occupied_tiles()
    for bed in game.graph.beds:
        if bed.tile in tiles and bed.color == colour:
            game.place(bed.zone, game.tables.crawler, 1)
    for n, zone_of_tent in enumerate(game.graph.tent_zones):
        tent = game.base.tents[n]
        if tent and game.tents_revealed[n] and game.graph.tile[zone_of_tent] in tiles:
            beds = game.tables.catalog.tent(tent).beds.count(colour)
            game.place(zone_of_tent, game.tables.crawler, beds)


def reveal_tent(game: Game, zone: int) -> None:
    """A survivor's first entry into a tent flips its card and places its zombies."""
    if zone not in game.graph.tent_zones:
        return
    n = game.graph.tent_zones.index(zone)
    tent = game.base.tents[n] if n < len(game.base.tents) else ""
    if not tent or game.tents_revealed[n]:
        return
    game.tents_revealed[n] = True
    card = game.tables.catalog.tent(tent)
    game.events.append(TentRevealed(game.zid(zone), tent))
    for group in card.spawn:
        game.place(zone, game.tables.zombie_index[group.zombie], group.count)


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
            game.queue.extend(
                ("draw", z, "building") for z in graph.buildings[b] if graph.tile[z] not in graph.trigger_tiles
            )


def check_trigger(game: Game, i: int) -> None:
    """The first action a survivor ends in a building or hallway zone of an event-trigger tile
    spawns that tile's building zones, one card each."""
    graph = game.graph
    if not graph.trigger_tiles:
        return
    s = game.survivors[i]
    if not s.in_play:
        return
    zone = s.zone
    tile = graph.tile[zone]
    if tile not in graph.trigger_tiles:
        return
    n = graph.trigger_tiles.index(tile)
    if game.triggers_fired[n] or (graph.street_like[zone] and graph.kinds[zone] != ZoneKind.HALLWAY):
        return
    game.triggers_fired[n] = True
    game.events.append(EventTriggered(tile, s.id))
    rooms = [z for z in range(graph.zone_count) if graph.tile[z] == tile and not graph.street_like[z]]
    game.queue[0:0] = [("draw", z, "trigger") for z in rooms]


RULES = BoxRules(
    name="rue_morgue",
    default_melee_order=("a_bomb", "skinner_runner", "skinner_fatty", "skinner_walker", "crawler"),
    aaahh_zombie="skinner_walker",
    crawlers_left_behind=crawlers_left_behind,
    zombie_cards={"sewer": sewer_card, "bed": bed_card},
    entered_zone=reveal_tent,
    door_opened=open_hospital,
    after_action=check_trigger,
    commands={
        BoardHelicopter: "do_board_helicopter",
        LeaveHelicopter: "do_leave_helicopter",
        ChangeSeat: "do_change_seat",
        TakeOff: "do_take_off",
        Land: "do_land",
        Fly: "do_fly",
        StoreEquipment: "do_store_equipment",
        TakeEquipment: "do_take_equipment",
    },
)
