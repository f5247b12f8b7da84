"""Reading a JSON document from disk, every failure told in words a player understands.

Before parsing: the file's size (``MAX_SAVE_FILE_BYTES`` unless the caller gives another limit).
While parsing: numbers longer than ``MAX_NUMBER_CHARS`` characters, NaN and infinities, and a key
given twice in one object are refused (``json`` would take the last one silently). After parsing:
nesting deeper than ``MAX_NESTING`` and NUL characters (``game.datacheck``).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from game.datacheck import tree_problem
from game.i18n import N_
from game.limits import MAX_NUMBER_CHARS, MAX_SAVE_FILE_BYTES, MIB
from game.rules.core.reasons import Said


class JsonReadError(Exception):
    """A JSON file that cannot be read or parsed; ``what`` says why (the caller names the file)."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


class _Refused(ValueError):
    """A value the parser met that no Deadtable file holds."""


def _integer(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number has {len(text):,} digits (at most {MAX_NUMBER_CHARS})")
    return int(text)


def _decimal(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number is {len(text):,} characters long (at most {MAX_NUMBER_CHARS})")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text} is too large")
    return value


def _constant(text: str) -> float:
    raise _Refused(f"{text} is not a number a Deadtable file holds")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused(f"the key {key[:60]!r} is given twice in one object")
        result[key] = value
    return result


def parse_json(text: str) -> object:
    """``json.loads`` with the refusals above; raises JsonReadError (without a file name)."""
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_decimal, parse_constant=_constant,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise JsonReadError(Said(N_("invalid JSON at line {line}, column {column}: {problem}"), line=error.lineno,
                                 column=error.colno, problem=error.msg)) from None
    except _Refused as error:
        raise JsonReadError(str(error)) from None
    except RecursionError:
        raise JsonReadError(Said(N_("lists and objects nest too deeply"))) from None
    except ValueError as error:  # what json itself refuses outside JSONDecodeError
        raise JsonReadError(Said(N_("invalid JSON ({problem})"), problem=str(error))) from None
    problem = tree_problem(data)
    if problem is not None:
        place, what = problem
        raise JsonReadError(f"{place}: {what}")
    return data


def read_json(path: str | os.PathLike[str], document: str, *, max_bytes: int = MAX_SAVE_FILE_BYTES) -> object:
    """The parsed content of ``path``; ``document`` names it in messages ("save file", "token manifest")."""
    source = Path(path)
    try:
        size = source.stat().st_size
        if size > max_bytes:
            raise JsonReadError(Said(N_("the {document} is {size} bytes: at most {most} MB"), document=Said(document),
                                     size=f"{size:,}", most=f"{max_bytes / MIB:g}"))
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise JsonReadError(Said(N_("no such {document}"), document=Said(document))) from error
    except UnicodeDecodeError as error:
        raise JsonReadError(Said(N_("not a Deadtable {document} (the file is not UTF-8 text)"), document=Said(document))) from error
    except OSError as error:
        raise JsonReadError(Said(N_("could not read the file ({problem})"), problem=str(error.strerror or error))) from error
    except ValueError as error:  # a path with a NUL byte
        raise JsonReadError(Said(N_("could not read the file ({problem})"), problem=str(error))) from error
    try:
        return parse_json(text)
    except JsonReadError as error:
        raise JsonReadError(Said(N_("corrupt {document}: {problem}"), document=Said(document), problem=error.what)) from None
