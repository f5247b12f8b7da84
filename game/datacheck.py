"""Checks every parsed data file passes before its content is used: nesting and NUL characters.

A JSON or TOML document is walked without recursion; the first list or table nested deeper than
``MAX_NESTING``, or the first string (or key) holding a NUL character, is reported with its place
(``pieces.walker-3.label``, ``modules[2].map``).
"""

from __future__ import annotations

from game.limits import MAX_NESTING

MAX_PLACE_PARTS = 8  # a deeper place is shown by its first steps and "…"


def place_of(parts: tuple[str | int, ...]) -> str:
    """``("modules", 2, "map")`` → ``modules[2].map``."""
    text = ""
    for part in parts[:MAX_PLACE_PARTS]:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text + ("…" if len(parts) > MAX_PLACE_PARTS else "")


def tree_problem(document: object, max_depth: int = MAX_NESTING) -> tuple[str, str] | None:
    """(place, what) of the first thing in ``document`` no file may hold, or None."""
    stack: list[tuple[object, int, tuple[str | int, ...]]] = [(document, 0, ())]
    while stack:
        value, depth, parts = stack.pop()
        if isinstance(value, dict | list):
            if depth >= max_depth:
                return place_of(parts) or "the file", f"lists and tables nest more than {max_depth} deep"
            if isinstance(value, dict):
                for key, item in value.items():
                    if isinstance(key, str) and "\x00" in key:
                        return place_of(parts) or "the file", "a key holds a NUL character"
                    stack.append((item, depth + 1, (*parts, str(key))))
            else:
                stack.extend((item, depth + 1, (*parts, index)) for index, item in enumerate(value))
        elif isinstance(value, str) and "\x00" in value:
            return place_of(parts) or "the file", "the text holds a NUL character"
    return None
