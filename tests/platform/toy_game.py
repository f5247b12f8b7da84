"""Showdown, a toy game of hidden hands and sealed choices that exercises what City of Horror will
need from the platform: per-seat secrets in the state, a shuffled deck nobody may see, events some
seats see and others see redacted, and a decision several seats answer at once, in secret.

Each seat is dealt a hand of numbered cards from a shuffled deck. Every round all seats seal one card
at once; when the last one is in, the cards are revealed together, the highest wins the round, and
each seat draws a card that only it sees.
After ``ROUNDS`` rounds the seat with most wins takes the game (ties share it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from game.platform.registry import BoxEntry, GameEntry, SaveStatus
from game.rules.core.base import IllegalCommand
from game.rules.core.rng import RngState, new_rng, shuffled
from game.rules.core.sealed import ChoiceSealed, ChoicesRevealed, SealedDecision
from game.rules.core.visibility import Audience, only

GAME_ID = "showdown"
ROUNDS = 3
HAND = 4
DECK = tuple(range(1, 13))


class ShowdownSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: tuple[str, ...] = Field(min_length=2, max_length=4)


@dataclass(frozen=True, slots=True)
class Play:
    """Seal one card of the hand for this round."""

    card: int
    kind: Literal["play"] = "play"


Command = Annotated[Play, Field(discriminator="kind")]
COMMANDS: TypeAdapter = TypeAdapter(Command)


@dataclass(frozen=True, slots=True)
class CardDealt:
    seat: str
    card: int
    kind: Literal["card_dealt"] = "card_dealt"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> CardDealtFaceDown:
        return CardDealtFaceDown(self.seat)


@dataclass(frozen=True, slots=True)
class CardDealtFaceDown:
    seat: str
    kind: Literal["card_dealt_face_down"] = "card_dealt_face_down"


@dataclass(frozen=True, slots=True)
class RoundWon:
    round: int
    seats: tuple[str, ...]
    kind: Literal["round_won"] = "round_won"


@dataclass(frozen=True, slots=True)
class State:
    seats: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]  # per seat: its secret
    deck: tuple[int, ...]  # nobody's: the order of what is left
    rng: RngState
    round: int = 1
    wins: tuple[int, ...] = ()
    decision: SealedDecision | None = None
    played: tuple[tuple[str, int], ...] = ()  # revealed plays, in order
    board: Any = field(default=None, compare=False, repr=False)


def _decision(seats: tuple[str, ...], hands: tuple[tuple[int, ...], ...], round_number: int) -> SealedDecision:
    return SealedDecision(f"round {round_number}", seats, tuple(tuple(str(c) for c in hand) for hand in hands))


def setup(board: Any, setup_spec: Any, seed: int) -> State:
    spec = setup_spec if isinstance(setup_spec, ShowdownSetup) else ShowdownSetup.model_validate(setup_spec)
    deck, rng = shuffled(new_rng(seed), DECK)
    hands = tuple(tuple(sorted(deck[n * HAND:(n + 1) * HAND])) for n in range(len(spec.seats)))
    rest = deck[len(spec.seats) * HAND:]
    return State(seats=spec.seats, hands=hands, deck=rest, rng=rng, wins=(0,) * len(spec.seats),
                 decision=_decision(spec.seats, hands, 1), board=board)


def current_seats(state: State) -> frozenset[str]:
    return state.decision.waiting() if state.decision is not None else frozenset()


def legal_commands(state: State, seat: str) -> list[Play]:
    if state.decision is None or seat not in state.decision.waiting():
        return []
    return [Play(int(card)) for card in state.decision.options_of(seat)]


def apply(state: State, seat: str, command: Any) -> tuple[State, tuple[Any, ...]]:
    if state.decision is None:
        raise IllegalCommand("the game is over")
    if not isinstance(command, Play):
        raise IllegalCommand(f"unknown command {command!r}")
    decision = state.decision.answer(seat, str(command.card))
    events: list[Any] = [ChoiceSealed(decision.topic, seat, str(command.card))]
    if not decision.complete:
        return replace(state, decision=decision), tuple(events)
    answers = decision.reveal()
    events.append(ChoicesRevealed(decision.topic, answers))
    cards = [int(card) for _, card in answers]
    best = max(cards)
    winners = tuple(seat for seat, card in answers if int(card) == best)
    events.append(RoundWon(state.round, winners))
    hands = tuple(tuple(c for c in hand if c != int(card)) for hand, (_, card) in zip(state.hands, answers, strict=True))
    deck = list(state.deck)
    refilled = []
    for seat_name, hand in zip(state.seats, hands, strict=True):  # each seat draws one card, in secret
        if deck:
            card_drawn = deck.pop(0)
            events.append(CardDealt(seat_name, card_drawn))
            hand = tuple(sorted((*hand, card_drawn)))
        refilled.append(hand)
    hands = tuple(refilled)
    wins = tuple(w + (1 if s in winners else 0) for s, w in zip(state.seats, state.wins, strict=True))
    next_round = state.round + 1
    done = next_round > ROUNDS
    return replace(state, hands=hands, deck=tuple(deck), wins=wins, round=next_round,
                   played=state.played + tuple((s, int(c)) for s, c in answers),
                   decision=None if done else _decision(state.seats, hands, next_round)), tuple(events)


def check(state: State, seat: str, command: Any) -> None:
    apply(state, seat, command)


def outcome(state: State) -> tuple[str, ...] | None:
    if state.decision is not None:
        return None
    best = max(state.wins)
    return tuple(s for s, w in zip(state.seats, state.wins, strict=True) if w == best)


def player_view(state: State, seat: str) -> State:
    """Another seat's hand shows as that many zeros; the deck as its size; sealed picks as "?"."""
    hands = tuple(hand if own == seat else (0,) * len(hand) for own, hand in zip(state.seats, state.hands, strict=True))
    return replace(state, hands=hands, deck=(0,) * len(state.deck), rng=RngState(seed=0, draws=state.rng.draws),
                   decision=state.decision.view_for(seat) if state.decision is not None else None)


class ShowdownRules:
    name = GAME_ID
    version = "1"
    setup = staticmethod(setup)
    current_seats = staticmethod(current_seats)
    legal_commands = staticmethod(legal_commands)
    check = staticmethod(check)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)
    player_view = staticmethod(player_view)

    @staticmethod
    def command_to_json(command: Any) -> str:
        return COMMANDS.dump_json(command).decode()

    @staticmethod
    def command_from_json(text: str) -> Any:
        return COMMANDS.validate_json(text)

    @staticmethod
    def setup_to_json(setup_spec: Any) -> str:
        spec = setup_spec if isinstance(setup_spec, ShowdownSetup) else ShowdownSetup.model_validate(setup_spec)
        return spec.model_dump_json()

    @staticmethod
    def setup_from_json(text: str) -> ShowdownSetup:
        return ShowdownSetup.model_validate_json(text)


class ShowdownCodec:
    schema = 1
    migrations: Mapping[int, Any] = {}
    legacy_kinds: Mapping[str, Any] = {}

    def status(self, state: State) -> SaveStatus:
        result = outcome(state)
        return SaveStatus(round=state.round, result=None if result is None else "won by " + ", ".join(result))

    def setup_json(self, session: Any) -> dict[str, Any]:
        return dict(json.loads(session.ruleset.setup_to_json(session.setup_spec)))


GAME = GameEntry(
    id=GAME_ID,
    name="Showdown",
    summary="A toy game of hidden hands and sealed choices (tests only).",
    boxes=(BoxEntry("base", "Showdown"),),
    ruleset=lambda box: ShowdownRules(),
    plays_on=("showdown",),
    board_words="any map",
    codec=ShowdownCodec(),
    content_files=lambda box: (Path(__file__),),
    app="",
    menu=(),
    box_of_setup=lambda setup: "base",
)
