"""A decision several seats answer at once, in secret: each answer stays sealed until every seat has
answered, then all are revealed together (City of Horror's movement cards and votes).

``SealedDecision`` is plain frozen data that an engine keeps on its state. ``answer`` records one
seat's pick (refusing a seat that is not asked, has answered, or picks what is not offered);
``view_for(seat)`` hides the other seats' picks for ``player_view``; ``reveal`` gives the picks in
seat order once all are in. The events an engine emits for it are here too: ``ChoiceSealed``, seen
by the answering seat only (the others see ``SealedAnswerGiven``: that the seat has answered), and
``ChoicesRevealed``, seen by everyone.
"""

from __future__ import annotations

from typing import Literal

from game.i18n import N_
from game.rules.core.base import IllegalCommand, Seat
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.core.visibility import Audience, only

SEALED = "?"  # what a view shows in place of another seat's answer


@record
class SealedDecision:
    """``topic`` names the decision (for events and screens); ``seats`` must each answer with one of
    their ``options`` (same order as ``seats``); ``answers`` holds what each has picked ("" not yet)."""

    topic: str
    seats: tuple[Seat, ...]
    options: tuple[tuple[str, ...], ...]
    answers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.options) != len(self.seats):
            raise ValueError("a sealed decision needs one list of options per seat")
        if not self.answers:
            object.__setattr__(self, "answers", ("",) * len(self.seats))
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("a seat is asked twice in one sealed decision")

    def waiting(self) -> frozenset[Seat]:
        """The seats still to answer."""
        return frozenset(seat for seat, picked in zip(self.seats, self.answers, strict=True) if not picked)

    @property
    def complete(self) -> bool:
        return all(self.answers)

    def options_of(self, seat: Seat) -> tuple[str, ...]:
        return self.options[self.seats.index(seat)] if seat in self.seats else ()

    def answer(self, seat: Seat, choice: str) -> SealedDecision:
        """This decision with ``seat``'s sealed ``choice``; IllegalCommand says why one is refused."""
        if seat not in self.seats:
            raise IllegalCommand(Said(N_("{seat} is not asked to choose now"), seat=seat))
        index = self.seats.index(seat)
        if self.answers[index]:
            raise IllegalCommand(Said(N_("{seat} has already chosen; the choice is sealed"), seat=seat))
        if choice not in self.options[index]:
            raise IllegalCommand(Said(N_("that is not one of {seat}'s options"), seat=seat))
        answers = list(self.answers)
        answers[index] = choice
        return SealedDecision(self.topic, self.seats, self.options, tuple(answers))

    def view_for(self, seat: Seat) -> SealedDecision:
        """What ``seat`` may know: its own options and answer, and only whether the others have
        answered (their options may be their secrets, such as the cards in their hands)."""
        shown = tuple(picked if own == seat or not picked else SEALED
                      for own, picked in zip(self.seats, self.answers, strict=True))
        options = tuple(offered if own == seat else () for own, offered in zip(self.seats, self.options, strict=True))
        return SealedDecision(self.topic, self.seats, options, shown)

    def reveal(self) -> tuple[tuple[Seat, str], ...]:
        """Every seat's answer, in seat order; only once all are in."""
        if not self.complete:
            raise ValueError(f"{self.topic}: waiting for {', '.join(sorted(self.waiting()))}")
        return tuple(zip(self.seats, self.answers, strict=True))


@record
class SealedAnswerGiven:
    """What every other seat sees when ``seat`` answers: that it has, not what."""

    topic: str
    seat: Seat
    kind: Literal["sealed_answer_given"] = "sealed_answer_given"


@record
class ChoiceSealed:
    """``seat`` sealed ``choice`` for ``topic``; only that seat sees the choice."""

    topic: str
    seat: Seat
    choice: str
    kind: Literal["choice_sealed"] = "choice_sealed"

    def audience(self) -> Audience:
        return only(self.seat)

    def redacted(self) -> SealedAnswerGiven:
        return SealedAnswerGiven(self.topic, self.seat)


@record
class ChoicesRevealed:
    """Every answer to ``topic``, shown to everyone at once."""

    topic: str
    answers: tuple[tuple[Seat, str], ...]
    kind: Literal["choices_revealed"] = "choices_revealed"
