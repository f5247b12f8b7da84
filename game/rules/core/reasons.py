"""Why an action is not offered now, as every engine says it: an English template with named fields
(marked with ``game.i18n.N_`` where it is written), which the window translates, then fills."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an action ``kind`` is not offered now: ``template`` (English, with ``{fields}``) and its fields."""

    kind: str
    template: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The reason in English."""
        return self.template.format(**self.fields)


__all__ = ["Reason"]
