"""Rue Morgue's part of the set-up (digest §3): the Team Actions each team keeps, the tent cards
dealt face down, the event triggers unfired and the helicopters on their tokens."""

from __future__ import annotations

from typing import Any

from game.rules.core.rng import RngState, shuffled
from game.rules.zombicide.boxes.rue_morgue.content import tents
from game.rules.zombicide.boxes.rue_morgue.state import Helicopter, RueMorgueState, board_of
from game.rules.zombicide.boxes.rue_morgue.team_actions import check_setup


def setup_state(catalog: Any, spec: Any, graph: Any, rng: RngState) -> tuple[RueMorgueState, RngState]:
    """Dealt after the equipment deck is shuffled and before the zombie deck is, from the game's RNG."""
    check_setup(catalog, spec)
    tokens = board_of(graph)
    tent_cards = [t.id for t in tents(catalog) for _ in range(t.count)]
    tent_order, rng = shuffled(rng, tent_cards)
    dealt = tuple(tent_order[n] if n < len(tent_order) else "" for n in range(len(tokens.tent_zones)))
    state = RueMorgueState(
        tents=dealt,
        tents_revealed=(False,) * len(dealt),
        triggers_fired=(False,) * len(tokens.trigger_tiles),
        helicopters=tuple(Helicopter(z) for z in tokens.helicopters),
    )
    return state, rng
