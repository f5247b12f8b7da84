"""Reading TOML data files into pydantic models, every fault told as one ``ContentError`` that names
the file, the place in it (a line and column, or a table, entry and key) and what is wrong."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from game.datacheck import tree_problem
from game.limits import MAX_DATA_FILE_BYTES, MAX_NESTING, MIB

ModelT = TypeVar("ModelT", bound=BaseModel)

_QUOTED_INPUT_LIMIT = 40  # characters; a longer wrong value is not quoted back


class ContentError(Exception):
    """A broken data file: ``path`` names the file, ``where`` the table/key or line, ``what`` the fault."""

    def __init__(self, path: Path | str, where: str, what: str) -> None:
        self.path = Path(path)
        self.where = where
        self.what = what
        super().__init__(f"{self.path}: {where}: {what}")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file; a missing or unreadable file, or a syntax error, becomes a ContentError
    (a syntax error names its line and column)."""
    try:
        size = path.stat().st_size
        if size > MAX_DATA_FILE_BYTES:
            raise ContentError(path, "file", f"the file is {size:,} bytes: at most {MAX_DATA_FILE_BYTES // MIB} MB")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, "file", "the file is missing") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ContentError(path, "file", f"cannot be read: {error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(r"\(at line (\d+), column (\d+)\)", message)
        where = f"line {found.group(1)}, column {found.group(2)}" if found else "TOML syntax"
        what = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or "invalid TOML"
        raise ContentError(path, where, f"TOML syntax error: {what}") from None
    except RecursionError:
        raise ContentError(path, "file", f"lists and tables nest more than {MAX_NESTING} deep") from None
    except ValueError as error:  # a number too long for Python to read
        what = "a number has more than 4,300 digits" if "digits" in str(error) else str(error)
        raise ContentError(path, "file", f"a TOML value cannot be read: {what}") from None
    problem = tree_problem(data)
    if problem is not None:
        raise ContentError(path, *problem)
    return data


def check_unique(path: Path, table: str, ids: Sequence[Any]) -> None:
    """Refuse a value listed twice in ``ids`` (one per entry of ``[[table]]``, in file order),
    naming the second entry."""
    seen: set[Any] = set()
    for index, item_id in enumerate(ids):
        if item_id in seen:
            raise ContentError(path, f"[[{table}]] #{index + 1}", f"duplicate id {item_id!r}")
        seen.add(item_id)


def validate(path: Path, model: type[ModelT], data: Mapping[str, Any], at: Sequence[str | int] = ()) -> ModelT:
    """``model`` read from the part of a file's ``data`` found at ``at`` (the whole file when empty);
    the first fault becomes a ContentError placed in the file's own terms."""
    value: Any = data
    for step in at:
        value = value[step]
    try:
        return model.model_validate(value)
    except ValidationError as error:
        where, what = explain_validation_error(error, data, at)
        raise ContentError(path, where, what) from None


def explain_validation_error(error: ValidationError, data: Any, at: Sequence[str | int] = ()) -> tuple[str, str]:
    """(where, what) of the first fault: ``where`` as ``describe_location`` words for the place
    ``at`` + the error's location in ``data``; ``what`` in plain words."""
    errors = error.errors(include_url=False)
    first = errors[0]
    hint = ""
    if first["type"] == "missing":
        # a misspelt key shows as a missing key beside an unknown one: name the unknown one
        parent = first["loc"][:-1]
        unknown = [e for e in errors if e["type"] == "extra_forbidden" and e["loc"][:-1] == parent]
        if unknown:
            missing = [repr(e["loc"][-1]) for e in errors if e["type"] == "missing" and e["loc"][:-1] == parent]
            first, hint = unknown[0], f"; {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing"
    loc = [*at, *(s for s in first["loc"] if not (isinstance(s, str) and s.startswith("function-")))]
    what = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        what = f"unknown key (check its spelling{hint})"
    elif first["type"] == "missing":
        what = "required key is missing"
    elif first["type"] not in ("value_error", "assertion_error") and isinstance(first.get("input"), str | int | float):
        found = repr(first["input"])
        if len(found) <= _QUOTED_INPUT_LIMIT:
            what = f"{what} (found {found})"
    return describe_location(loc, data), what


def describe_location(loc: Sequence[str | int], data: Any) -> str:
    """A pydantic location in words a content author can follow: an entry of a top-level array of
    tables is ``[[card]] #3 (id = 'pistol')``, a deeper list item ``combines_with[0]``, and keys are
    joined by arrows: ``[[card]] #3 (id = 'pistol') → damage``."""
    parts: list[str] = []
    node = data
    for index, step in enumerate(loc):
        if isinstance(step, int) and isinstance(node, list):
            entry = node[step] if 0 <= step < len(node) else None
            label = ""
            if isinstance(entry, Mapping):
                for key in ("id", "number"):
                    if key in entry:
                        label = f" ({key} = {entry[key]!r})"
                        break
            parent = parts.pop() if parts else "entry"
            if index == 1 and isinstance(entry, Mapping):
                parts.append(f"[[{parent}]] #{step + 1}{label}")
            else:
                parts.append(f"{parent}[{step}]{label}")
            node = entry
        else:
            parts.append(str(step))
            node = node.get(step) if isinstance(node, Mapping) else None
    return " → ".join(parts) if parts else "top level"
