"""A mission's tutorial: step prompts written in the mission file (``[[tutorial]]``), so designers
write them. The board layer checks their shape and the zones they name; each game checks that the
events a step waits for, and the table spots or models a step points at, are its own (its
``validate_board``). The format: docs/tutorials.md."""

from __future__ import annotations

import math
import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictStr, field_validator

MAX_STEPS = 100
MAX_PROMPT_CHARS = 400
NEXT = "next"  # the step ends when the player taps Next
EVENT_KIND = re.compile(r"^[a-z][a-z0-9_]{0,59}$")


class TutorialStep(BaseModel):
    """One prompt: its words (English, and Spanish next to them), what it points at (a zone of a
    zone game; a spot in cm or a model of a free-table game), and what ends it: ``until = "next"``
    (the player taps Next) or an event kind of the game, counted only when one of the event's fields
    equals ``match`` (a phase, a zone id, a model id…) if it is given."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: Annotated[StrictStr, Field(min_length=1, max_length=MAX_PROMPT_CHARS)]
    text_es: Annotated[StrictStr, Field(min_length=1, max_length=MAX_PROMPT_CHARS)] | None = None
    zone: StrictStr | None = None
    spot_cm: tuple[float, float] | None = None  # a point of a free table, in cm from its top-left corner
    model: Annotated[StrictStr, Field(min_length=1, max_length=100)] | None = None  # a model's id
    until: StrictStr = NEXT
    match: Annotated[StrictStr, Field(min_length=1, max_length=100)] | None = None

    @field_validator("until")
    @classmethod
    def _event_kind(cls, value: str) -> str:
        if not EVENT_KIND.match(value):
            raise ValueError(f"until {value[:40]!r} must be \"next\" or an event kind such as survivor_moved")
        return value

    @field_validator("spot_cm")
    @classmethod
    def _finite(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and not all(math.isfinite(v) for v in value):
            raise ValueError("spot_cm must be two finite numbers of cm, [x, y]")
        return value

    def text_in(self, language: str) -> str:
        """The prompt in ``language`` when the file gives it, else in English."""
        return self.text_es if language == "es" and self.text_es else self.text


def tutorial_steps(properties: object) -> tuple[TutorialStep, ...]:
    """The steps a loaded board carries (``Board.properties["tutorial"]``), already checked."""
    steps = getattr(properties, "get", lambda key, default=None: default)("tutorial", ())
    return tuple(step if isinstance(step, TutorialStep) else TutorialStep.model_validate(step) for step in steps or ())
