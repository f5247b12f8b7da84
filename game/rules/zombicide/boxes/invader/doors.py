"""Doors (rules digest §6.3, §8.2): any survivor places or removes a closed Door token on a door
opening of its zone, for free, once per turn. A destroyed door, a door Mold took away and a door
next to a Mold zone cannot be worked; a sealed door opens for a Robot only; the box has 5 neutral
door tokens, so no sixth neutral door closes. Xenos break a closed door in their way: it turns to
its destroyed face and stays open."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombicide.boxes import DoorRules
from game.rules.zombicide.boxes.invader.content import token_count
from game.rules.zombicide.boxes.invader.state import NO_MOLD, hero
from game.rules.zombicide.state import evolved

Game = Any
NEUTRAL = ("", "neutral")


_DESTROYED = Said(N_("that door is destroyed: it stays open"))
_MOLD_TOOK_IT = Said(N_("Mold took that door away"))
_SEALED = Said(N_("that door is sealed: only a Robot opens it"))
_NEXT_TO_MOLD = Said(N_("a door next to Mold cannot be worked"))
_NO_NEUTRAL_TOKEN = Said(N_("every neutral door token is on the board"))


@lru_cache(maxsize=64)  # asked for every door beside a survivor at every listing: made once per name
def _worked_a_door(survivor: str) -> Said:
    return Said(N_("{survivor} has already worked a door this turn"), survivor=survivor)


@lru_cache(maxsize=16)
def _no_token(colour: str) -> Said:
    return Said(N_("every {colour} door token is on the board"), colour=colour)


def usable(state: Any, i: int, door: int, closing: bool) -> str:
    """Why survivor ``i`` cannot work ``door`` now ("" when it can)."""
    s = state.survivors[i]
    box = state.box_state
    if s.box_fields.door_worked:  # ``hero(s)``, inlined: asked for every door beside a survivor at every listing
        return _worked_a_door(s.name)
    if door in box.doors_broken:
        return _DESTROYED
    if door in box.doors_gone:
        return _MOLD_TOOK_IT
    if door in box.sealed:
        return _SEALED
    edge = state.graph.edges[state.graph.doors[door]]
    mold = box.mold  # ``is_mold`` of both sides, inlined (asked for every door beside a survivor at every listing)
    if mold and (mold[edge.a] != NO_MOLD or mold[edge.b] != NO_MOLD):
        return _NEXT_TO_MOLD
    if closing:
        colour = edge.color
        limit = _neutral_tokens(state.tables.catalog) if colour in NEUTRAL else 1
        if _closed_doors(state.graph, tuple(state.doors_open), colour) >= limit:
            return _NO_NEUTRAL_TOKEN if colour in NEUTRAL else _no_token(colour)
    return ""


# the last catalogue asked about and its neutral door tokens (asked for every open door beside a survivor)
_LAST_TOKENS: tuple[Any, int] = (None, 0)


def _neutral_tokens(catalog: Any) -> int:
    global _LAST_TOKENS
    if _LAST_TOKENS[0] is not catalog:
        _LAST_TOKENS = (catalog, token_count(catalog, "door_neutral"))
    return _LAST_TOKENS[1]


# (id of a board's graph, its doors, a colour) → (the graph, how many doors of that colour's tokens are
# closed): asked for every open door beside a survivor at every listing
_CLOSED: dict[tuple[int, tuple[bool, ...], str], tuple[Any, int]] = {}


def _closed_doors(graph: Any, doors_open: tuple[bool, ...], colour: str) -> int:
    """The closed doors that take a token of the same kind as a door of ``colour`` (every neutral
    colour shares the neutral tokens)."""
    global _LAST_CLOSED
    last = _LAST_CLOSED  # the doors of the last listing again (the same tuple while no door changed)
    if last[0] is graph and last[1] is doors_open:
        counts = last[2]
    else:
        counts = {}
        _LAST_CLOSED = (graph, doors_open, counts)
    found = counts.get(colour)
    if found is None:
        key = (id(graph), doors_open, colour)
        entry = _CLOSED.get(key)
        if entry is None or entry[0] is not graph:
            if len(_CLOSED) > 4096:
                _CLOSED.clear()
            closed = sum(
                1 for d, e in enumerate(graph.doors)
                if not doors_open[d] and (graph.edges[e].color in NEUTRAL) == (colour in NEUTRAL)
                and (colour in NEUTRAL or graph.edges[e].color == colour)
            )
            entry = _CLOSED[key] = (graph, closed)
        found = counts[colour] = entry[1]
    return found


# (the board's graph, the doors tuple, colour → closed doors of its kind) of the last listing
_LAST_CLOSED: tuple[Any, Any, dict[str, int]] = (None, None, {})


def worked(game: Game, i: int, door: int, closing: bool) -> None:
    s = game.survivors[i]
    game.change(i, box_fields=evolved(hero(s), door_worked=True))


def broken(game: Game, edge: Any) -> None:
    """Xenos broke a closed door: its destroyed face, open for good. A sealed door holds (their
    action is spent on it all the same)."""
    if edge.door in game.box_state.sealed:
        game.doors_open[edge.door] = False
        return
    if edge.door not in game.box_state.doors_broken:
        game.box_state = evolved(game.box_state, doors_broken=game.box_state.doors_broken + (edge.door,))


DOORS = DoorRules(anyone=True, free=True, spawns_buildings=False, usable=usable, worked=worked)
