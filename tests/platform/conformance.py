"""What the conformance suite needs to know about each game, beyond its registry entry: how to start
a small seeded game, pick a random legal command, make a twin of a state whose only difference is
one owner's secrets, and name pairs of commands that differ only in a seat's secret.

Every registered game must have an adapter here (a test fails otherwise). ``python -m
tests.platform.conformance GAME SEED STEPS`` prints a digest of a seeded random play-out, which the
suite compares across processes with different ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random
from typing import Any

from game import roots
from game.board.mission import load_board
from game.platform import registry
from game.rules.core.rng import new_rng
from game.rules.core.session import state_hash

REPO = Path(__file__).resolve().parents[2]
NOBODY = None  # the owner of secrets no seat holds: deck order, dice to come

NewGame = Callable[[int], tuple[Any, Any, Any]]  # seed → (ruleset, board, setup)
RandomCommand = Callable[[Any, Any, str, Random], Any]  # (ruleset, state, seat, chooser) → command or None
Twin = Callable[[Any, "str | None", Random], Any]  # (state, owner, chooser) → state differing in owner's secrets
SecretPairs = Callable[[Any, Any, str], list[tuple[Any, Any]]]  # (ruleset, state, seat) → command pairs


@dataclass(frozen=True)
class Adapter:
    new_game: NewGame
    random_command: RandomCommand
    twin: Twin
    secret_pairs: SecretPairs


def _pick_legal(ruleset: Any, state: Any, seat: str, chooser: Random) -> Any:
    commands = list(ruleset.legal_commands(state, seat))
    return commands[int(chooser.random() * len(commands))] if commands else None


def _no_secret_pairs(ruleset: Any, state: Any, seat: str) -> list[tuple[Any, Any]]:
    return []


# --- Zombicide ---------------------------------------------------------------------------------------


def _zombicide_game(seed: int) -> tuple[Any, Any, Any]:
    from game.app.zombicide.game_save import mission_setup

    board = load_board(REPO / "maps" / "missions" / ("rm-field-hospital.toml" if seed % 2 else "rm-tutorial-1.toml"))
    setup = mission_setup(board, {"players": [{"seat": "A", "survivors": ["marta", "juno"]},
                                              {"seat": "B", "survivors": ["bruno", "ines"]}]})
    return registry.game("zombicide").ruleset(setup.box), board, setup


def _zombicide_twin(state: Any, owner: str | None, chooser: Random) -> Any:
    """Zombicide keeps no seat's secrets; nobody's are the decks' order, the face-down tent cards and
    the dice to come."""
    if owner is not NOBODY:
        return state
    equipment, zombies = list(state.equipment_deck), list(state.zombie_deck)
    chooser.shuffle(equipment)
    chooser.shuffle(zombies)
    box_state = state.box_state
    if getattr(box_state, "tents", ()):  # Rue Morgue: which tent lies under each face-down tent card
        face_down = [n for n, shown in enumerate(box_state.tents_revealed) if not shown]
        cards = [box_state.tents[n] for n in face_down]
        chooser.shuffle(cards)
        tents = list(box_state.tents)
        for n, card in zip(face_down, cards, strict=True):
            tents[n] = card
        box_state = replace(box_state, tents=tuple(tents))
    return replace(state, equipment_deck=tuple(equipment), zombie_deck=tuple(zombies), box_state=box_state,
                   rng=replace(new_rng(int(chooser.random() * 1e9)), draws=state.rng.draws, forced=state.rng.forced))


# --- Zombieworld -------------------------------------------------------------------------------------


def _zombieworld_game(seed: int) -> tuple[Any, Any, Any]:
    from tests.zombieworld.helpers import two_bands

    board = load_board(REPO / "maps" / "zombieworld" / "zw-town-square.tmx")
    return registry.game("zombieworld").ruleset("evolution"), board, two_bands()


def _zombieworld_command(ruleset: Any, state: Any, seat: str, chooser: Random) -> Any:
    from game.rules.zombieworld import commands as c
    from tests.zombieworld.helpers import random_command

    command = random_command(state, seat, chooser)
    if command is None and state.active is not None:
        command = c.EndActivation(state.active.model)
    return command


def _zombieworld_twin(state: Any, owner: str | None, chooser: Random) -> Any:
    """Everything on a Zombieworld table is public; nobody's secret is the dice to come."""
    if owner is not NOBODY:
        return state
    return replace(state, rng=replace(new_rng(int(chooser.random() * 1e9)), draws=state.rng.draws,
                                      forced=state.rng.forced))


# --- the toy game of hidden hands and sealed choices (tests/platform/toy_game.py) ------------------------


def _toy_game(seed: int) -> tuple[Any, Any, Any]:
    from tests.platform.toy_game import ShowdownRules, ShowdownSetup

    with roots.allowed(REPO / "tests" / "fixtures"):  # the toy game plays on a test fixture map
        board = load_board(REPO / "tests" / "fixtures" / "maps" / "module_3x3.tmx")
    return ShowdownRules(), board, ShowdownSetup(seats=("ana", "ben", "cai"))


def _toy_twin(state: Any, owner: str | None, chooser: Random) -> Any:
    """Another hand for ``owner`` (its cards swapped with the deck's), or the deck and dice reshuffled."""
    deck = list(state.deck)
    if owner is NOBODY:
        chooser.shuffle(deck)
        return replace(state, deck=tuple(deck), rng=replace(new_rng(int(chooser.random() * 1e9)), draws=state.rng.draws))
    index = state.seats.index(owner)
    hand = list(state.hands[index])
    if state.decision is not None and state.decision.answers[index]:
        return state  # a sealed pick must stay in the hand
    for n in range(min(len(hand), len(deck))):
        hand[n], deck[n] = deck[n], hand[n]
    chooser.shuffle(deck)
    hands = list(state.hands)
    hands[index] = tuple(sorted(hand))
    decision = state.decision
    if decision is not None:
        options = list(decision.options)
        options[index] = tuple(str(c) for c in hands[index])
        decision = replace(decision, options=tuple(options))
    return replace(state, hands=tuple(hands), deck=tuple(deck), decision=decision)


def _toy_secret_pairs(ruleset: Any, state: Any, seat: str) -> list[tuple[Any, Any]]:
    """Two different sealed picks of ``seat`` while another seat still has to pick (the last pick
    reveals every card, so it is no secret)."""
    waiting = ruleset.current_seats(state)
    if seat not in waiting or len(waiting) < 2:
        return []
    commands = ruleset.legal_commands(state, seat)
    return [(commands[0], commands[-1])] if len(commands) >= 2 else []


# --- City of Horror: hands, food, peeked Invasion cards, sealed Movement cards and ballots ------------------


def _coh_game(seed: int) -> tuple[Any, Any, Any]:
    from game.rules.city_of_horror.setup import SetupSpec

    board = load_board(REPO / "maps" / "city_of_horror" / "coh-city.tmx")
    names = ("ana", "ben", "cai", "dee", "eve")[:3 + seed % 3]
    colours = ("red", "green", "blue", "yellow", "violet")
    setup = SetupSpec.model_validate({"players": [{"seat": n, "colour": c} for n, c in zip(names, colours, strict=False)],
                                      "draft": seed % 4 == 3})
    return registry.game("city_of_horror").ruleset("base"), board, setup


def _coh_command(ruleset: Any, state: Any, seat: str, chooser: Random) -> Any:
    """A random legal command; windows are mostly passed and trades are rare, so that short play-outs
    reach the sealed Movement cards and ballots."""
    from game.rules.city_of_horror.commands import TRADE_COMMANDS, Pass

    commands = list(ruleset.legal_commands(state, seat))
    plays = [c for c in commands if not isinstance(c, TRADE_COMMANDS)]
    if plays and chooser.random() < 0.9:
        commands = plays
    if Pass() in commands and chooser.random() < 0.7:
        return Pass()
    return commands[int(chooser.random() * len(commands))] if commands else None


def _coh_twin(state: Any, owner: str | None, chooser: Random) -> Any:
    """Nobody's secrets: the deck, the face-down Food, the Invasion cards nobody has seen, the face-down
    cards on the locations and the RNG. A seat's: its hand, its Food values, its draft packet and its
    sealed answer while others still have to answer."""
    from game.rules.city_of_horror.catalog import load_catalog

    deck = list(state.deck)
    if owner is NOBODY:
        chooser.shuffle(deck)
        food = list(state.food_pile)
        chooser.shuffle(food)
        catalog = load_catalog()
        seen = {number for _, number in state.known}
        invasion = [card if number <= state.revealed or number in seen else
                    sorted(catalog.hour(number))[int(chooser.random() * len(catalog.hour(number)))]
                    for number, card in enumerate(state.invasion, start=1)]
        places = []
        for place in state.places:
            shown = state.stage.kind == "distribute" and state.stage.location == place.id
            if place.cards and not shown and deck:
                swapped = tuple(deck.pop(0) if deck else card for card in place.cards)
                deck.extend(place.cards)
                place = replace(place, cards=swapped)
            places.append(place)
        return replace(state, deck=tuple(deck), food_pile=tuple(food), invasion=tuple(invasion), places=tuple(places),
                       rng=replace(new_rng(int(chooser.random() * 1e9)), draws=state.rng.draws))
    index = state.seats.index(owner)
    hands = list(state.hands)
    hand = list(hands[index])
    for n in range(min(len(hand), len(deck))):
        hand[n], deck[n] = deck[n], hand[n]
    chooser.shuffle(deck)
    hands[index] = tuple(sorted(hand))
    foods = list(state.food)
    pile = list(state.food_pile)
    mine = list(foods[index])
    for n, value in enumerate(mine):  # each token for one of another value from the pile
        other = next((k for k, found in enumerate(pile) if found != value), None)
        if other is not None:
            mine[n], pile[other] = pile[other], value
    foods[index] = tuple(mine)
    twin = replace(state, hands=tuple(hands), deck=tuple(deck), food=tuple(foods), food_pile=tuple(pile))
    decision = state.decision
    if decision is not None and owner in decision.seats and len(decision.waiting()) >= 1:
        at = decision.seats.index(owner)
        picked, options = decision.answers[at], decision.options[at]
        if picked and len(options) > 1 and state.stage.kind != "draft":
            answers = list(decision.answers)
            answers[at] = next(option for option in options if option != picked)
            twin = replace(twin, decision=replace(decision, answers=tuple(answers)))
    return twin


def _coh_secret_pairs(ruleset: Any, state: Any, seat: str) -> list[tuple[Any, Any]]:
    """Two different sealed answers of ``seat`` (a Movement card, a ballot) while another seat still has
    to answer (the last answer reveals them all)."""
    decision = state.decision
    if decision is None or state.stage.kind not in ("pick", "pick_tower", "ballot"):
        return []
    if seat not in decision.waiting() or len(decision.waiting()) < 2:
        return []
    commands = ruleset.legal_commands(state, seat)
    sealed = [c for c in commands if type(c).__name__ in ("PickMovement", "Vote")]
    return [(sealed[0], sealed[-1])] if len(sealed) >= 2 else []


ADAPTERS: dict[str, Adapter] = {
    "zombicide": Adapter(_zombicide_game, _pick_legal, _zombicide_twin, _no_secret_pairs),
    "zombieworld": Adapter(_zombieworld_game, _zombieworld_command, _zombieworld_twin, _no_secret_pairs),
    "showdown": Adapter(_toy_game, _pick_legal, _toy_twin, _toy_secret_pairs),
    "city_of_horror": Adapter(_coh_game, _coh_command, _coh_twin, _coh_secret_pairs),
}


def play_out(game_id: str, seed: int, steps: int) -> tuple[list[Any], list[tuple[str, Any]], list[Any]]:
    """A seeded random play-out: the states, the (seat, command) log and every event."""
    adapter = ADAPTERS[game_id]
    ruleset, board, setup = adapter.new_game(seed)
    state = ruleset.setup(board, setup, seed)
    chooser = Random(seed)
    states, log, events = [state], [], []
    for _ in range(steps):
        seats = sorted(ruleset.current_seats(state))
        if not seats:
            break
        seat = seats[int(chooser.random() * len(seats))]
        command = adapter.random_command(ruleset, state, seat, chooser)
        if command is None:
            break
        state, new_events = ruleset.apply(state, seat, command)
        states.append(state)
        log.append((seat, command))
        events.extend(new_events)
    return states, log, events


def digest(game_id: str, seed: int, steps: int) -> str:
    states, log, events = play_out(game_id, seed, steps)
    text = "\n".join([*(repr(e) for e in events), *(repr(c) for c in log), state_hash(states[-1])])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main(argv: Sequence[str]) -> int:
    if argv[0] == "showdown":
        from tests.platform.toy_game import GAME

        registry.register(GAME)
    print(digest(argv[0], int(argv[1]), int(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
