"""The JSON of a seat's view and of its events, and back into the very objects the game screens draw.

A view is a game state (a frozen dataclass). Its compared fields travel; the fields left out of
equality (``field(compare=False)``: the zone graph, the tables, the box's rules, the setup) are
derived from the board and the setup, which the client has (the welcome names them, the content is
matched by hash), so the client rebuilds them once: ``view_template(ruleset, board, setup)`` is a
state set up with seed 0 whose compared fields are then replaced by those received.

The JSON describes itself, because the games keep some values under fields typed ``Any`` (a box's
own state, a survivor's box fields): a dataclass is ``{"$t": "<module>:<class>", field: value...}``,
a pydantic model ``{"$m": kind, "v": {...}}``, an enum ``{"$e": kind, "v": value}``, a tuple a
JSON list, a list ``{"$l": [...]}``, a set ``{"$s": [...]}``, a mapping ``{"$d": [[key, value]...]}``;
words the engine said (a decision's options, a refusal) ``{"$w": template, "f": {field: value}}`` and a
zone id among their fields ``{"$z": id}``, so each client says them in its own player's language.
Reading never imports and never evaluates: a kind must name a class of a ``game.`` module already
loaded (the client loaded the game's rules to draw it), and be a dataclass, a model or an enum.
Events and legal commands travel the same way (``encode_events``, ``encode_legal`` and back).
Shapes and kinds are checked; the values' types are not (some fields hold other types than they
declare): a client trusts its host's values as it trusts its own rules.
"""

from __future__ import annotations

import dataclasses
import enum
import string
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ValidationError

from game.rules.core.reasons import Said, ZoneId, counted

GAME_PACKAGE = "game."
MAX_DEPTH = 60
MAX_SAID_CHARS = 2000  # the longest words the engine says are a few hundred characters


class ViewCodecError(ValueError):
    """A view or an event that cannot be read back; the message says what and where."""


def _kind(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


@cache
def _sent_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.compare and f.init)


@cache
def _is_dataclass(cls: type) -> bool:
    return dataclasses.is_dataclass(cls)


Memo = dict[int, tuple[Any, Any]]  # id of a tuple or dataclass → (it, its wire form): kept alive while used


def to_wire(value: Any, memo: Memo | None = None) -> Any:
    """``value`` as plain JSON data (see the module's doc for the shapes). ``memo``: the wire form of
    each tuple and dataclass already encoded, by identity, for several views of one unchanged state
    (the seats' views share most of their parts); never kept past that state."""
    if isinstance(value, Said):  # words the engine said travel as their template, said on the client
        wire = {"$w": value.template, "f": {key: to_wire(item, memo) for key, item in value.fields.items()}}
        if value.plural:  # words that count: their plural template too (the count is a field)
            wire["p"] = value.plural
        return wire
    if isinstance(value, ZoneId):
        return {"$z": str(value)}
    if value is None or isinstance(value, bool | int | str):
        return value
    kind: type = type(value)
    if (memo is not None and isinstance(value, tuple)) or _is_dataclass(kind):
        known = memo.get(id(value)) if memo is not None else None
        if known is not None and known[0] is value:
            return known[1]
        wire = _compound_to_wire(value, memo)
        if memo is not None:
            memo[id(value)] = (value, wire)
        return wire
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("a view holds a number JSON cannot carry")
        return value
    if isinstance(value, enum.Enum):
        return {"$e": _kind(type(value)), "v": to_wire(value.value)}
    if isinstance(value, tuple):
        return [to_wire(item) for item in value]
    if isinstance(value, list):
        return {"$l": [to_wire(item, memo) for item in value]}
    if isinstance(value, frozenset | set):
        return {"$s": sorted((to_wire(item, memo) for item in value), key=repr)}
    if isinstance(value, Mapping):
        return {"$d": [[to_wire(key, memo), to_wire(item, memo)] for key, item in value.items()]}
    if isinstance(value, BaseModel):
        return {"$m": _kind(type(value)), "v": value.model_dump(mode="json")}
    raise TypeError(f"cannot send a {type(value).__name__} over the network")


def _compound_to_wire(value: Any, memo: Memo | None) -> Any:
    if isinstance(value, tuple):
        return [to_wire(item, memo) for item in value]
    kind: type = type(value)
    data = {"$t": _kind(kind)}
    data.update({name: to_wire(getattr(value, name), memo) for name in _sent_fields(kind)})
    return data


def _class(kind: Any) -> type:
    if not isinstance(kind, str):
        raise ViewCodecError("a kind is not text")
    module_name, _, name = kind.partition(":")
    module = sys.modules.get(module_name) if module_name.startswith(GAME_PACKAGE) else None
    found: Any = module
    for part in name.split("."):
        found = getattr(found, part, None) if found is not None and part.isidentifier() else None
    if not isinstance(found, type) or not (dataclasses.is_dataclass(found) or issubclass(found, BaseModel | enum.Enum)):
        raise ViewCodecError(f"unknown kind {kind[:120]!r}")
    return found


def from_wire(data: Any, depth: int = 0) -> Any:
    """The value ``to_wire`` wrote (ViewCodecError when it is not such data)."""
    if depth > MAX_DEPTH:
        raise ViewCodecError("the data is nested too deeply")
    if data is None or isinstance(data, bool | int | str | float):
        return data
    if isinstance(data, list):
        return tuple(from_wire(item, depth + 1) for item in data)
    if not isinstance(data, dict):
        raise ViewCodecError(f"unexpected {type(data).__name__}")
    if "$w" in data:
        return _said_from_wire(data, depth)
    if "$z" in data and isinstance(data["$z"], str):
        return ZoneId(data["$z"])
    if "$t" in data:
        cls = _class(data["$t"])
        fields = {name: from_wire(data[name], depth + 1) for name in _sent_fields(cls) if name in data}
        try:
            return cls(**fields)
        except (TypeError, ValueError) as error:
            raise ViewCodecError(f"{cls.__name__} cannot be rebuilt ({error})") from None
    if "$m" in data:
        model = _class(data["$m"])
        try:
            return model.model_validate(data.get("v"))  # type: ignore[attr-defined]
        except (ValidationError, AttributeError) as error:
            raise ViewCodecError(f"{model.__name__} cannot be read ({error})") from None
    if "$e" in data:
        member = _class(data["$e"])
        try:
            return member(from_wire(data.get("v"), depth + 1))
        except ValueError as error:
            raise ViewCodecError(str(error)) from None
    if "$l" in data and isinstance(data["$l"], list):
        return [from_wire(item, depth + 1) for item in data["$l"]]
    if "$s" in data and isinstance(data["$s"], list):
        return frozenset(from_wire(item, depth + 1) for item in data["$s"])
    if "$d" in data and isinstance(data["$d"], list):
        pairs = []
        for pair in data["$d"]:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ViewCodecError("a mapping entry is not [key, value]")
            pairs.append((from_wire(pair[0], depth + 1), from_wire(pair[1], depth + 1)))
        return MappingProxyType(dict(pairs))
    raise ViewCodecError("an object of unknown shape")


def _said_from_wire(data: dict[str, Any], depth: int) -> Said:
    template, fields = data["$w"], data.get("f")
    if not isinstance(template, str) or not isinstance(fields, dict) or not all(isinstance(k, str) for k in fields):
        raise ViewCodecError("words said are not a template and its fields")
    check_template(template, fields)
    plural = data.get("p", "")
    if not isinstance(plural, str) or (plural and not isinstance(fields.get("count"), int)):
        raise ViewCodecError("words that count need a plural template and a whole count")
    if plural:
        check_template(plural, fields)
    try:
        if plural:
            rest = {key: from_wire(item, depth + 1) for key, item in fields.items() if key != "count"}
            return counted(template, plural, fields["count"], **rest)
        return Said(template, **{key: from_wire(item, depth + 1) for key, item in fields.items()})
    except (KeyError, IndexError, ValueError) as error:
        raise ViewCodecError(f"words said do not fit their template ({error})") from None


def check_template(template: str, fields: dict[str, Any]) -> None:
    """A template from the wire names its fields plainly: ``{name}``, never an attribute, an index, a
    conversion or a format (``{f.__class__}`` or ``{f:>999999999}`` would read or build what no
    engine says)."""
    if len(template) > MAX_SAID_CHARS:
        raise ViewCodecError(f"words said are {len(template)} characters long (at most {MAX_SAID_CHARS})")
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as error:
        raise ViewCodecError(f"words said are not a template ({error})") from None
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion or name not in fields:
            raise ViewCodecError(f"words said name a field as {{{name}}}: only plain names of their fields")


# --- views ---------------------------------------------------------------------------------------------


def encode_view(view: Any, memo: Memo | None = None) -> dict[str, Any]:
    """The JSON object of a view: its compared fields (the derived ones stay behind). ``memo``: see
    ``to_wire`` (the views of one state for several seats)."""
    encoded = to_wire(view, memo)
    if not isinstance(encoded, dict) or "$t" not in encoded:
        raise TypeError(f"a view is a dataclass, not {type(view).__name__}")
    return encoded


def decode_view(data: Any, template: Any) -> Any:
    """The view ``data`` describes, with the derived fields of ``template`` (``view_template``)."""
    if not isinstance(data, dict) or data.get("$t") != _kind(type(template)):
        raise ViewCodecError(f"not a view of {type(template).__name__}")
    values = {}
    cls: type = type(template)
    for name in _sent_fields(cls):
        if name not in data:
            raise ViewCodecError(f"the view lacks {name!r}")
        try:
            values[name] = from_wire(data[name])
        except ViewCodecError as error:
            raise ViewCodecError(f"the view's {name!r}: {error}") from None
    return dataclasses.replace(template, **values)


def view_template(ruleset: Any, board: Any, setup_spec: Any) -> Any:
    """A state of the game on ``board`` with ``setup_spec`` whose derived fields a view reuses."""
    return ruleset.setup(board, setup_spec, 0)


# --- events --------------------------------------------------------------------------------------------


def encode_events(events: Iterable[Any]) -> list[Any]:
    return [to_wire(event) for event in events]


def decode_events(items: Any) -> tuple[Any, ...]:
    if not isinstance(items, list):
        raise ViewCodecError("the events are not a list")
    return tuple(from_wire(item) for item in items)


def encode_legal(commands: Iterable[Any]) -> list[Any]:
    """A seat's ``legal_commands`` (commands, or templates of commands such as Zombieworld's moves)."""
    return [to_wire(command) for command in commands]


def decode_legal(items: Any) -> list[Any]:
    if not isinstance(items, list):
        raise ViewCodecError("the legal commands are not a list")
    return [from_wire(item) for item in items]
