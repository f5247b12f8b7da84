"""Frozen, slotted records for the rules engines' commands, events and states (and the rest of the
game's value classes): quick to build and quick to declare; ``mutable_record`` for mutable ones.

``record`` is ``dataclass(frozen=True, slots=True)`` with the same fields, equality, hashing, repr
text, ``replace`` and pydantic schema, but cheaper in two ways:

- Its ``__init__`` stores each field straight into its slot; the dataclass's goes through
  ``object.__setattr__`` (a global lookup, a method lookup and a call per field), which bot play-outs
  pay by the million.
- Declaring one compiles nothing: its ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` are
  template functions compiled once per shape (how many fields, which have defaults) and renamed for
  the class, and every record shares one ``__setattr__`` and ``__delattr__`` that refuse. The
  dataclass module compiles six snippets per class, and compiling was most of start-up's class
  building. (So ``__dataclass_params__.frozen`` reads False: a record is frozen by those two
  methods.)
"""

from __future__ import annotations

import builtins
import dataclasses
import re
from functools import cache
from types import CodeType, FunctionType
from typing import Any, TypeVar, dataclass_transform

C = TypeVar("C", bound=type)

_FACTORY = object()  # default of a parameter whose field has a default_factory
_PLACEHOLDER = re.compile(r"_[fsdg]\d+_")  # the templates' stand-ins for field names, setters, defaults


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: C) -> C:
    """``@record`` on a class with annotated fields: see the module's text."""
    own = cls.__dict__
    _give_doc(cls)
    # frozen by the two shared methods below: the dataclass writes a pair for every class
    made: Any = dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    made.__setattr__ = _refuse_assignment
    made.__delattr__ = _refuse_deletion
    if "__getstate__" not in own:  # copies and worker processes rebuild it past the refusals
        made.__getstate__ = _field_values
        made.__setstate__ = _set_field_values
    fields = dataclasses.fields(made)
    _set_methods(made, own, fields)
    return made


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def mutable_record(cls: C) -> C:
    """``dataclass(slots=True)`` declared as cheaply as a ``record``: the same fields, ``__init__``,
    equality and repr text, mutable, and unhashable unless the class writes ``__hash__`` (as the
    dataclass leaves it)."""
    own = cls.__dict__
    _give_doc(cls)
    made: Any = dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    _set_methods(made, own, dataclasses.fields(made), hashed=False)
    if "__hash__" not in own:
        made.__hash__ = None
    return made


def _give_doc(cls: type) -> None:
    """The dataclass's default text for a class without one, which it would build with inspect,
    slowly."""
    if not cls.__dict__.get("__doc__"):
        names = ", ".join(name for name in cls.__dict__.get("__annotations__", {}))
        cls.__doc__ = f"{cls.__name__}({names})"


def _refuse_assignment(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _field_values(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _set_field_values(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=True):
        object.__setattr__(self, f.name, value)


def _set_methods(cls: Any, own: Any, fields: tuple[dataclasses.Field, ...], hashed: bool = True) -> None:
    """Give ``cls`` its ``__init__`` and, unless it writes them itself, ``__repr__``, ``__eq__`` and
    (when ``hashed``: frozen and compared) ``__hash__``, by the fields it compares or marks
    ``hash=True``."""
    made = {"__init__": _init_function(cls, fields)}
    if "__repr__" not in own:
        made["__repr__"] = _specialize(_REPR, [f.name for f in fields if f.repr], {})
    if "__eq__" not in own:
        made["__eq__"] = _specialize(_EQ, [f.name for f in fields if f.compare], {})
    if hashed and "__hash__" not in own:
        hashed_names = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        made["__hash__"] = _specialize(_HASH, hashed_names, {})
    for name, function in made.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        setattr(cls, name, function)


def _init_function(cls: type, fields: tuple[dataclasses.Field, ...]) -> FunctionType:
    """An ``__init__`` with the dataclass's signature and defaults that stores each field into its
    slot. Its template depends only on which fields are parameters, have defaults or factories."""
    signature: list[str] = ["self"]
    body: list[str] = []
    scope: dict[str, Any] = {"FACTORY": _FACTORY}
    defaults: list[Any] = []
    names: list[str] = []
    for n, f in enumerate(fields):
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: keyword-only fields are not handled")
        scope[f"_s{n}_"] = _slot(cls, f.name).__set__
        param = f"_f{len(names)}_"  # the n-th parameter's stand-in
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            scope[f"_g{n}_"] = f.default_factory
        elif f.default is not dataclasses.MISSING:
            scope[f"_d{n}_"] = f.default
        if f.init:
            if has_factory or f.default is not dataclasses.MISSING:
                defaults.append(_FACTORY if has_factory else f.default)
            elif defaults:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            signature.append(param)
            names.append(f.name)
            value = f"(_g{n}_() if {param} is FACTORY else {param})" if has_factory else param
        elif has_factory:
            value = f"_g{n}_()"
        elif f.default is not dataclasses.MISSING:
            value = f"_d{n}_"
        else:
            continue  # init=False without a default: left unset, as the dataclass leaves it
        body.append(f"    _s{n}_(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__({', '.join(signature)}):\n" + ("\n".join(body) or "    pass")
    function = _specialize(source, names, scope)
    function.__defaults__ = tuple(defaults) or None
    return function


# the other methods' templates, by the number of fields they read (_f0_, _f1_, ...)
_REPR = 'def __repr__(self):\n    return self.__class__.__qualname__ + f"({fields})"'
_EQ = ("def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
       "        return ({mine}) == ({theirs})\n    return NotImplemented")
_HASH = "def __hash__(self):\n    return hash(({mine}))"


def _specialize(template: str, names: list[str], scope: dict[str, Any]) -> FunctionType:
    """The template's function with ``_f0_``, ``_f1_``... renamed to ``names``: its code is compiled
    once per shape and renamed (locals, attribute names, string constants) for each class."""
    source = template.format(
        fields=", ".join(f"_f{n}_={{self._f{n}_!r}}" for n in range(len(names))),
        mine="".join(f"self._f{n}_," for n in range(len(names))),
        theirs="".join(f"other._f{n}_," for n in range(len(names))),
    ) if "{" in template else template
    code = _compiled(source)
    renames = {f"_f{n}_": name for n, name in enumerate(names)}

    def renamed(text: str) -> str:
        return _PLACEHOLDER.sub(lambda match: renames.get(match.group(), match.group()), text)

    code = code.replace(
        co_varnames=tuple(renames.get(v, v) for v in code.co_varnames),
        co_names=tuple(renames.get(v, v) for v in code.co_names),
        co_consts=tuple(renamed(c) if isinstance(c, str) else c for c in code.co_consts),
    )
    return FunctionType(code, {**scope, "__builtins__": builtins}, code.co_name)


@cache
def _compiled(source: str) -> CodeType:
    """The code of the one function ``source`` defines."""
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - a template of our own with placeholder names
    function = next(v for k, v in scope.items() if k != "__builtins__")
    return function.__code__  # type: ignore[no-any-return]


def _slot(cls: type, name: str) -> Any:
    """The slot that holds field ``name`` (a base record's own, for an inherited field)."""
    own = cls.__dict__.get(name)
    return own if own is not None else next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__)


def layout_twin(cls: type) -> type | None:
    """A plain class with the same slots as the record ``cls`` (whose refusing ``__setattr__``
    makes every slot store a call): a new object is filled as the twin, with plain attribute stores,
    then made a ``cls`` (the layouts match, so Python allows the change of class). None when ``cls``
    is not a slotted class straight under ``object``."""
    if cls not in _TWINS:
        slots = cls.__dict__.get("__slots__")
        plain = cls.__bases__ == (object,) and isinstance(slots, tuple) and "__dict__" not in slots
        _TWINS[cls] = type(f"_{cls.__name__}Twin", (object,), {"__slots__": slots}) if plain else None
    return _TWINS[cls]


_TWINS: dict[type, type | None] = {}


def maker_for(cls: type) -> Any:
    """``cls(...)`` for the hot paths (the events of every command): the same arguments and defaults,
    the record filled as its layout twin with plain stores (``layout_twin``) instead of through its
    ``__init__`` and a setter call per field. Only for a record straight under ``object`` whose fields
    are all parameters with no default factory and no ``__post_init__``."""
    fields = dataclasses.fields(cls)
    twin = layout_twin(cls)
    if twin is None or hasattr(cls, "__post_init__") or any(
            not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__} cannot be made through its layout twin")
    scope: dict[str, Any] = {"new_": object.__new__, "cls": cls, "twin": twin}
    params = []
    for n, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"default{n}"] = f.default
            params.append(f"{f.name}=default{n}")
    lines = [f"def make({', '.join(params)}):", "    new = new_(twin)",
             *(f"    new.{f.name} = {f.name}" for f in fields), "    new.__class__ = cls", "    return new"]
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
    return scope["make"]


def slot_stores(cls: type, target: str, values: dict[str, str]) -> list[str]:
    """The lines that make ``target``, a new ``cls`` whose fields take ``values`` (field → code),
    through ``cls``'s layout twin (the scope's ``twin``) when it has one, else through the slots'
    setters (the scope's ``set<n>``, numbered as the fields). The scope also holds ``new_``
    (``object.__new__``) and ``cls``."""
    names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    if layout_twin(cls) is not None:
        return [f"    {target} = new_(twin)", *(f"    {target}.{name} = {values[name]}" for name in names),
                f"    {target}.__class__ = cls"]
    return [f"    {target} = new_(cls)", *(f"    set{n}({target}, {values[name]})" for n, name in enumerate(names))]
