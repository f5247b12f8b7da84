"""Shared helpers of the City of Horror tests: set-ups, seeded random play-outs and the game's
bookkeeping invariants (every card, Antidote and zombie accounted for)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from random import Random
from typing import Any

from game.rules.city_of_horror.catalog import load_catalog
from game.rules.city_of_horror.commands import TRADE_COMMANDS, Pass
from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.city_of_horror.setup import SetupSpec
from game.rules.city_of_horror.state import (
    ANTIDOTES_IN_BOX,
    FOOD_TOKENS,
    ZOMBIE_CAP,
    ZOMBIES_IN_BOX,
    State,
)

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay")
COLOURS = ("red", "green", "blue", "yellow", "violet", "white")


def spec(players: int = 4, **extra: Any) -> SetupSpec:
    return SetupSpec.model_validate({
        "players": [{"seat": NAMES[n], "colour": COLOURS[n]} for n in range(players)], **extra})


def random_command(state: State, seat: str, chooser: Random, pass_rate: float = 0.5) -> Any:
    """A legal command of ``seat``; windows are often passed and trades are rare, so games end."""
    commands = list(Rules.legal_commands(state, seat))
    plays = [c for c in commands if not isinstance(c, TRADE_COMMANDS)]
    if plays and chooser.random() < 0.95:
        commands = plays
    if Pass() in commands and chooser.random() < pass_rate:
        return Pass()
    return commands[int(chooser.random() * len(commands))]


def play_out(setup: SetupSpec, seed: int, max_steps: int = 5000) -> Iterator[tuple[State, str, Any, State, tuple[Any, ...]]]:
    """(before, seat, command, after, events) for each step of a seeded random game."""
    state = Rules.setup(None, setup, seed)
    chooser = Random(seed)
    for _ in range(max_steps):
        seats = sorted(Rules.current_seats(state))
        if not seats:
            return
        seat = seats[int(chooser.random() * len(seats))]
        command = random_command(state, seat, chooser)
        after, events = Rules.apply(state, seat, command)
        yield state, seat, command, after, events
        state = after
    raise AssertionError(f"seed {seed}: the game did not end in {max_steps} steps")


def check_invariants(state: State) -> None:
    """Every Action card, Antidote, Food token and zombie is somewhere it may be."""
    cards = (list(state.deck) + [c for hand in state.hands for c in hand] + list(state.discard)
             + [c for place in state.places for c in place.cards] + [p.card for p in state.stack]
             + [c for offer in state.offers for c in offer.give_cards] + [c for packet in state.packets for c in packet])
    assert Counter(cards) == Counter(load_catalog().deck()), "Action cards lost or made up"
    for place in state.places:
        assert 0 <= place.zombies <= ZOMBIE_CAP, place
    assert state.reserve() >= 0 and sum(p.zombies for p in state.places) <= ZOMBIES_IN_BOX
    if state.stage.kind not in ("helicopter", "over"):
        antidotes = (state.supply + sum(state.antidotes) + sum(p.antidotes for p in state.places)
                     + sum(o.give_antidotes for o in state.offers))
        assert antidotes == ANTIDOTES_IN_BOX, "Antidotes lost or made up"
    food = list(state.food_pile) + list(state.food_up) + [v for values in state.food for v in values]
    assert not Counter(food) - Counter(FOOD_TOKENS), "a Food token that does not exist"
    alive = [c for c in state.characters if c.location]
    assert all(c.location in {p.id for p in state.places} or c.location == "unplaced" for c in alive)
    assert len({c.id for c in state.characters}) == len(state.characters)
    assert state.first in state.seats and state.straggler in state.track
