"""Frozen, slotted records for the rules engines' commands, events and states: quick to build and
quick to declare.

``record`` is ``dataclass(frozen=True, slots=True)`` with the same fields, equality, hashing, repr
text, ``replace`` and pydantic schema, but cheaper in two ways:

- Its ``__init__`` stores each field straight into its slot; the dataclass's goes through
  ``object.__setattr__`` (a global lookup, a method lookup and a call per field), which bot play-outs
  pay by the million.
- Its ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` are written by one ``exec`` per class,
  and every record shares one ``__setattr__`` and ``__delattr__`` that refuse; the dataclass module
  runs one ``exec`` per method, and parsing those snippets was a quarter of start-up. (So
  ``__dataclass_params__.frozen`` reads False: a record is frozen by those two methods.)
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

C = TypeVar("C", bound=type)

_FACTORY = object()  # default of a parameter whose field has a default_factory


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: C) -> C:
    """``@record`` on a class with annotated fields: see the module's text."""
    own = cls.__dict__
    # frozen by the two shared methods below: the dataclass writes a pair for every class
    made: Any = dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    made.__setattr__ = _refuse_assignment
    made.__delattr__ = _refuse_deletion
    if "__getstate__" not in own:  # copies and worker processes rebuild it past the refusals
        made.__getstate__ = _field_values
        made.__setstate__ = _set_field_values
    fields = dataclasses.fields(made)
    scope: dict[str, Any] = {"FACTORY": _FACTORY}
    source = [_init_source(made, fields, scope)]
    # as the dataclass does: what the class writes itself is kept
    if "__repr__" not in own:
        source.append(_repr_source(fields))
    if "__eq__" not in own:
        compared = _tuple_of("self", [f for f in fields if f.compare])
        other = _tuple_of("other", [f for f in fields if f.compare])
        source.append(f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
                      f"        return {compared} == {other}\n    return NotImplemented")
    if "__hash__" not in own:  # frozen and compared: hashed by the fields it compares (or marks hash=True)
        hashed = [f for f in fields if (f.compare if f.hash is None else f.hash)]
        source.append(f"def __hash__(self):\n    return hash({_tuple_of('self', hashed)})")
    exec("\n".join(source), scope)  # noqa: S102 - code built from the class's own field names
    for name in ("__init__", "__repr__", "__eq__", "__hash__"):
        if name in scope:
            function = scope[name]
            function.__qualname__ = f"{made.__qualname__}.{name}"
            function.__module__ = made.__module__
            setattr(made, name, function)
    return made


def _refuse_assignment(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _field_values(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _set_field_values(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=True):
        object.__setattr__(self, f.name, value)


def _init_source(cls: type, fields: tuple[dataclasses.Field, ...], scope: dict[str, Any]) -> str:
    """An ``__init__`` with the dataclass's signature and defaults that stores each field into its
    slot; the slots' setters and the defaults go into ``scope``."""
    signature: list[str] = ["self"]
    body: list[str] = []
    for n, f in enumerate(fields):
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: keyword-only fields are not handled")
        scope[f"set{n}"] = _slot(cls, f.name).__set__
        value = f.name
        if f.default is not dataclasses.MISSING:
            scope[f"default{n}"] = f.default
            default = f"default{n}"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"factory{n}"] = f.default_factory
            default = "FACTORY"
            value = f"(factory{n}() if {f.name} is FACTORY else {f.name})"
        else:
            default = ""
        if f.init:
            signature.append(f"{f.name}={default}" if default else f.name)
        elif default:
            value = f"factory{n}()" if default == "FACTORY" else default
        else:
            continue  # init=False without a default: left unset, as the dataclass leaves it
        body.append(f"    set{n}(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    return f"def __init__({', '.join(signature)}):\n" + ("\n".join(body) or "    pass")


def _slot(cls: type, name: str) -> Any:
    """The slot that holds field ``name`` (a base record's own, for an inherited field)."""
    return next(klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__)


def _repr_source(fields: tuple[dataclasses.Field, ...]) -> str:
    """The dataclass's own ``__repr__`` text without its guard against self-containing objects (frozen
    objects built from finished parts cannot contain themselves); state hashes are reprs."""
    shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields if f.repr)
    return f'def __repr__(self):\n    return self.__class__.__qualname__ + f"({shown})"'


def _tuple_of(owner: str, fields: list[dataclasses.Field]) -> str:
    return "(" + "".join(f"{owner}.{f.name}," for f in fields) + ")"
