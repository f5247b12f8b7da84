"""Faster construction for frozen, slotted dataclasses, the rules engines' commands, events and states.

``dataclass(frozen=True)`` writes an ``__init__`` that stores every field through
``object.__setattr__`` (a global lookup, a method lookup and a call per field). ``fast_init`` swaps in
an ``__init__`` with the same signature and defaults that stores each field straight into its slot,
and a ``__repr__`` writing the same text without the dataclass's recursion guard: objects,
equality, hashing and repr text stay exactly as the dataclass made them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

C = TypeVar("C", bound=type)

_FACTORY = object()  # default of a parameter whose field has a default_factory


def fast_init(cls: C) -> C:
    """Give a frozen, slotted dataclass a quicker ``__init__``; use below ``@dataclass``."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_init is for frozen, slotted dataclasses")
    scope: dict[str, Any] = {"FACTORY": _FACTORY}
    signature: list[str] = ["self"]
    body: list[str] = []
    for n, f in enumerate(dataclasses.fields(cls)):
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: keyword-only fields are not handled")
        scope[f"set{n}"] = cls.__dict__[f.name].__set__
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
    source = f"def __init__({', '.join(signature)}):\n" + ("\n".join(body) or "    pass")
    exec(source, scope)  # noqa: S102 - code built from the class's own field names
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    if params.repr and getattr(cls.__repr__, "__wrapped__", None) is not None:
        _plain_repr(cls)
    return cls


def _plain_repr(cls: type) -> None:
    """The dataclass's own ``__repr__`` text without its guard against self-containing objects (frozen
    objects built from finished parts cannot contain themselves); state hashes are reprs."""
    shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in dataclasses.fields(cls) if f.repr)
    scope: dict[str, Any] = {}
    exec(f'def __repr__(self):\n    return self.__class__.__qualname__ + f"({shown})"', scope)  # noqa: S102
    scope["__repr__"].__qualname__ = f"{cls.__qualname__}.__repr__"
    cls.__repr__ = scope["__repr__"]  # type: ignore[method-assign]
