"""``record`` behaves as ``dataclass(frozen=True, slots=True)`` does: the same constructor, equality,
hashing, repr text, ``replace``, refusals and pydantic round trip, with fewer generated methods."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from game.rules.core.frozen import record


@record
class Step:
    survivor: str
    to: str
    via: tuple[str, ...] = ()
    seen: list[int] = field(default_factory=list, compare=False, repr=False)
    kind: str = "step"


@dataclass(frozen=True, slots=True)
class PlainStep:  # the same fields, made by the dataclass module
    survivor: str
    to: str
    via: tuple[str, ...] = ()
    seen: list[int] = field(default_factory=list, compare=False, repr=False)
    kind: str = "step"


@record
class Child(Step):
    extra: int = 0

    def __post_init__(self) -> None:
        if self.extra < 0:
            raise ValueError("extra must not be negative")


@record
class OwnWords:
    name: str

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OwnWords) and other.name.lower() == self.name.lower()

    def __hash__(self) -> int:
        return hash(self.name.lower())


names = st.text(max_size=8)


@given(names, names, st.lists(names, max_size=3).map(tuple), st.lists(st.integers(), max_size=3))
def test_a_record_reads_compares_and_hashes_as_the_dataclass_does(survivor, to, via, seen):
    ours, theirs = Step(survivor, to, via, seen), PlainStep(survivor, to, via, seen)
    assert repr(ours) == repr(theirs).replace("PlainStep", "Step")
    assert hash(ours) == hash(theirs)
    assert ours == Step(survivor, to, via, [99])  # compare=False fields are not compared
    assert ours != Step(survivor + "x", to, via)
    assert Step(survivor, to) == Step(survivor=survivor, to=to, via=(), kind="step")
    assert dataclasses.astuple(ours) == dataclasses.astuple(theirs)


def test_a_record_refuses_changes_like_a_frozen_dataclass():
    step = Step("ana", "z1")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'to'"):
        step.to = "z2"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del step.to  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.other = 1  # type: ignore[attr-defined]
    assert not hasattr(step, "__dict__")  # slotted
    assert step.to == "z1"


def test_defaults_factories_replace_and_match_args():
    first, second = Step("ana", "z1"), Step("ana", "z1")
    assert first.seen == [] and first.seen is not second.seen  # a fresh list each
    assert Step.__match_args__ == ("survivor", "to", "via", "seen", "kind")
    moved = dataclasses.replace(first, to="z2")
    assert moved == Step("ana", "z2") and first.to == "z1"
    assert [f.name for f in dataclasses.fields(Step)] == ["survivor", "to", "via", "seen", "kind"]
    with pytest.raises(TypeError):
        Step("ana")  # type: ignore[call-arg]


def test_inherited_fields_post_init_and_the_class_own_methods():
    child = Child("ana", "z1", extra=2)
    assert (child.survivor, child.extra) == ("ana", 2)
    assert child != Step("ana", "z1")  # another class is never equal
    assert repr(child) == "Child(survivor='ana', to='z1', via=(), kind='step', extra=2)"
    with pytest.raises(ValueError, match="negative"):
        Child("ana", "z1", extra=-1)
    assert repr(OwnWords("Ana")) == "<Ana>"
    assert OwnWords("Ana") == OwnWords("ANA") and hash(OwnWords("Ana")) == hash(OwnWords("ana"))


def test_pydantic_reads_and_writes_a_record_as_it_does_the_dataclass():
    ours, theirs = TypeAdapter(Step), TypeAdapter(PlainStep)
    data = {"survivor": "ana", "to": "z1", "via": ["z0"], "kind": "step"}
    assert ours.validate_python(data) == Step("ana", "z1", ("z0",))
    assert ours.dump_python(Step("ana", "z1", ("z0",))) == theirs.dump_python(PlainStep("ana", "z1", ("z0",)))
    assert ours.json_schema()["required"] == theirs.json_schema()["required"]


def test_copies_and_worker_processes_rebuild_a_record():
    step = Child("ana", "z1", ("z0",), [3], extra=2)
    assert copy.copy(step) == step and copy.deepcopy(step) == step
    again = pickle.loads(pickle.dumps(step))  # how a process pool hands results back; never for data files
    assert again == step and again.seen == [3]
