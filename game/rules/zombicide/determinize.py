"""One world the players cannot tell from the real one: the hidden parts of a state dealt anew.

A searching bot must not peek at the decks' order, the dice to come or what a box keeps face down.
``determinize`` first forgets them (sorted decks, a fresh dice seed, the face-down parts of the box
put back in a canonical order), then deals them again from the bot's own seed. Two states that
differ only in what is hidden give the same worlds for the same seed: what the bot then decides
cannot depend on the hidden part.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from random import Random
from typing import Any, TypeVar

from game.rules.core.rng import RngState, new_rng
from game.rules.zombicide.state import ZombicideState

T = TypeVar("T")


def _shuffle(items: Sequence[T], rng: Random) -> tuple[T, ...]:
    """Fisher–Yates on ``random()`` only (stable across Python versions)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def _permute_at(values: Sequence[T], places: Sequence[int], rng: Random) -> tuple[T, ...]:
    """``values`` with the entries at ``places`` sorted, then shuffled among those places."""
    result = list(values)
    dealt = _shuffle(sorted((result[n] for n in places), key=repr), rng)
    for n, value in zip(places, dealt, strict=True):
        result[n] = value
    return tuple(result)


def determinize(state: ZombicideState, seed: int) -> ZombicideState:
    """A copy of ``state`` whose hidden parts are dealt from ``seed`` alone (never from their real values)."""
    rng = Random(seed)
    dice = new_rng(int(rng.random() * 2**31))
    return replace(
        state,
        equipment_deck=_shuffle(sorted(state.equipment_deck), rng),
        zombie_deck=_shuffle(sorted(state.zombie_deck), rng),
        rng=RngState(seed=dice.seed, draws=0, forced=state.rng.forced, internal=dice.internal),
        box_state=_redeal_box(state, rng),
    )


def _redeal_box(state: ZombicideState, rng: Random) -> Any:
    """What each box keeps face down, dealt anew among the places the players cannot see into."""
    box_state = state.box_state
    name = state.box.name
    if name == "green_horde":  # the Vault cards still to find: which ones is known, not their order
        return replace(box_state, vault=_shuffle(sorted(box_state.vault), rng))
    if name == "rue_morgue":
        return _redeal_tents(state, rng)
    if name == "invader":
        return _redeal_invader(state, rng)
    return box_state


def _redeal_tents(state: ZombicideState, rng: Random) -> Any:
    """Rue Morgue: the tents not revealed get cards from the tent deck less those face up; which
    tents hold a card is known (the deck's size), which cards were dealt is not."""
    from game.rules.zombicide.boxes.rue_morgue.content import tents as tent_cards

    box_state = state.box_state
    pool = Counter(card.id for card in tent_cards(state.tables.catalog) for _ in range(card.count))
    pool.subtract(card for card, shown in zip(box_state.tents, box_state.tents_revealed, strict=True) if shown and card)
    dealt = iter(_shuffle(sorted(pool.elements()), rng))
    cards = tuple(card if shown or not card else next(dealt, card)
                  for card, shown in zip(box_state.tents, box_state.tents_revealed, strict=True))
    return replace(box_state, tents=cards)


def _redeal_invader(state: ZombicideState, rng: Random) -> Any:
    """Invader: the colours of the objective tokens still face down, and which spawn token of the
    mission's tiles hides its colour (while it is on the board)."""
    box_state = state.box_state
    face_down = [n for n in range(len(box_state.objective_colours)) if n not in box_state.revealed]
    colours = _permute_at(box_state.objective_colours, face_down, rng)
    spawns = list(box_state.spawn_colours)
    secret = box_state.hidden_spawn
    if 0 <= secret < len(spawns) and secret not in box_state.spawns_gone:
        graph = state.graph
        tiles = getattr(state.setup, "hidden_spawn_tiles", ())
        hosts = [n for n, p in enumerate(graph.spawns)
                 if graph.tile[p.zone] in tiles and n not in box_state.spawns_gone]
        if hosts:
            colour = spawns[secret]
            spawns[secret] = graph.spawns[secret].color or "red"
            secret = hosts[int(rng.random() * len(hosts))]
            spawns[secret] = colour
    return replace(box_state, objective_colours=colours, spawn_colours=tuple(spawns), hidden_spawn=secret)
