"""Rue Morgue's own zombie cards (digest §9.5): Sewer cards spawn at the manholes of every tile a
survivor stands on, Bed cards wake a Crawler on every bed of their colour on such tiles."""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.boxes.rue_morgue.content import tent
from game.rules.zombicide.boxes.rue_morgue.crawlers import crawler_kind
from game.rules.zombicide.boxes.rue_morgue.helicopter import in_flight
from game.rules.zombicide.boxes.rue_morgue.state import board_of

Game = Any  # the engine's working copy (game.Game)


def occupied_tiles(game: Game) -> set[str]:
    """Tiles with a survivor on the board (a zone on several tiles occupies each of them, §2.1)."""
    tiles = game.graph.tiles
    return {tile for s in game.survivors if s.in_play and not in_flight(game, s) for tile in tiles[s.zone]}


def sewer_card(game: Game, zone: int, number: int, level: int) -> None:
    """Every sewer zone on a tile with survivors gets the card's zombies."""
    tiles = occupied_tiles(game)
    for sewer in board_of(game.graph).sewers:
        if sewer.tile in tiles:
            for t, n in game.tables.card_lines[number][level]:
                game.place(sewer.zone, t, n)


def bed_card(game: Game, zone: int, number: int, level: int) -> None:
    """One Crawler per bed of the card's colour on a tile with survivors, revealed tents included."""
    crawler = crawler_kind(game.tables)
    if crawler < 0:
        return
    colour = game.tables.zombie_cards[number].bed_colour
    tiles = occupied_tiles(game)
    tokens = board_of(game.graph)
    for bed in tokens.beds:
        if bed.tile in tiles and bed.color == colour:
            game.place(bed.zone, crawler, 1)
    for n, zone_of_tent in enumerate(tokens.tent_zones):
        card_id = game.box_state.tents[n]
        if card_id and game.box_state.tents_revealed[n] and tiles.intersection(game.graph.tiles[zone_of_tent]):
            beds = tent(game.tables.catalog, card_id).beds.count(colour)
            game.place(zone_of_tent, crawler, beds)
