"""Tents (digest §15.3): dealt face down onto the camp's tent zones, revealed by the first survivor
who walks in (its zombies are placed then), hidden from sight, searchable only when the card says so."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.zombicide.boxes.rue_morgue.commands import TentRevealed
from game.rules.zombicide.boxes.rue_morgue.content import tent

Game = Any  # the engine's working copy (game.Game)


def tent_at(state: Any, zone: int) -> int:
    """The tent slot of ``zone`` (its index among the board's tent zones), or -1."""
    zones = state.graph.box_data.tent_zones  # asked at every step a survivor takes
    return zones.index(zone) if zone in zones else -1


def reveal(game: Game, zone: int) -> None:
    """A survivor's first entry into a tent flips its card and places its zombies."""
    n = tent_at(game, zone)
    if n < 0:
        return
    tents = game.box_state.tents
    card_id = tents[n] if n < len(tents) else ""
    if not card_id or game.box_state.tents_revealed[n]:
        return
    revealed = list(game.box_state.tents_revealed)
    revealed[n] = True
    game.box_state = replace(game.box_state, tents_revealed=tuple(revealed))
    card = tent(game.tables.catalog, card_id)
    game.events.append(TentRevealed(game.zid(zone), card_id))
    for group in card.spawn:
        game.place(zone, game.tables.zombie_index[group.zombie], group.count)


def searchable(state: Any, zone: int) -> bool:
    """A revealed tent whose card can be searched (the Administrative and Infirmary tents)."""
    n = tent_at(state, zone)
    if n < 0:
        return False
    card_id = state.box_state.tents[n]
    return bool(card_id) and state.box_state.tents_revealed[n] and tent(state.tables.catalog, card_id).searchable


def hidden(state: Any, zone: int) -> bool:
    """A tent not revealed yet: whatever is in it shows when a survivor walks in."""
    n = tent_at(state, zone)
    return n >= 0 and bool(state.box_state.tents[n]) and not state.box_state.tents_revealed[n]


def face_down(box_state: Any) -> Any:
    """What the players see of the tents: an unrevealed tent's card stays face down ("")."""
    shown = tuple(card if revealed else "" for card, revealed in zip(box_state.tents, box_state.tents_revealed,
                                                                     strict=True))
    return replace(box_state, tents=shown)
