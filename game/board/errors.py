"""Problems found in a map or mission file, each naming the file and the place."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import said
from game.rules.core.frozen import record

WARNING_PREFIX = "warning: "  # a problem that does not stop the map from loading


@record
class MapProblem:
    path: str
    what: str
    layer: str = ""  # object layer name, or the mission section ("modules[2]")
    object_id: int | None = None

    def __str__(self) -> str:
        place = self.path
        if self.layer:
            place += f": layer '{self.layer}'"
        if self.object_id is not None:
            place += f", object {self.object_id}"
        return f"{place}: {self.what}"


class MapFormatError(Exception):
    """A map or mission that cannot be used; carries every problem found."""

    def __init__(self, problems: Sequence[MapProblem]):
        if not problems:
            raise ValueError("MapFormatError needs at least one problem")
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def single(cls, path: str, what: str, layer: str = "", object_id: int | None = None) -> MapFormatError:
        return cls([MapProblem(path=path, what=what, layer=layer, object_id=object_id)])


MAX_MESSAGE_CHARS = 600


def one_line(text: str, max_chars: int = MAX_MESSAGE_CHARS) -> str:
    """A message as one line: its lines joined by "; " (a validation library's links to its docs
    left out), cut to ``max_chars``."""
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.strip().startswith("For further information visit")]
    joined = "; ".join(lines)
    return joined if len(joined) <= max_chars else joined[: max_chars - 1] + "…"


def describe_error(error: Exception) -> str:
    """One line for a player: a map's first problem (with how many more), or the error's own text."""
    if isinstance(error, MapFormatError):
        first = str(error.problems[0])
        more = len(error.problems) - 1
        return one_line(first) + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")
    what, path = getattr(error, "what", None), getattr(error, "path", None)
    if isinstance(what, str) and hasattr(what, "template") and isinstance(path, str):  # a save's words: said
        return one_line(f"{path}: {said(what)}")
    return one_line(str(error))
