"""``record`` behaves as ``dataclass(frozen=True, slots=True)`` does, and ``mutable_record`` as
``dataclass(slots=True)``: the same constructor, equality, hashing, repr text, ``replace``, refusals
and pydantic round trip, with methods made from shared templates."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from game.rules.core.frozen import maker_for, mutable_record, record


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


@record
class Door:
    zone: str
    open: bool = False


@record
class Shot:  # the same shape as Door: the same template, its own names and defaults
    weapon: str
    hits: int = 2


def test_records_of_one_shape_keep_their_own_names_and_defaults():
    assert inspect.signature(Door).parameters.keys() == {"zone", "open"}
    assert inspect.signature(Shot).parameters.keys() == {"weapon", "hits"}
    assert Door("z1") == Door(zone="z1", open=False) and Door("z1").open is False
    assert Shot(weapon="bow").hits == 2 and repr(Shot("bow", 3)) == "Shot(weapon='bow', hits=3)"
    assert Door.__init__.__qualname__ == "Door.__init__" and Shot.__repr__.__qualname__ == "Shot.__repr__"
    with pytest.raises(TypeError, match="open"):
        Shot("bow", open=True)  # type: ignore[call-arg]


def test_init_false_fields_and_the_order_of_defaults():
    @record
    class Counted:
        name: str
        seen: list[str] = field(default_factory=list, init=False)
        marked: int = field(default=7, init=False)

    counted = Counted("ana")
    assert (counted.seen, counted.marked) == ([], 7) and "seen" not in inspect.signature(Counted).parameters
    with pytest.raises(TypeError, match="non-default argument 'to' follows default argument"):
        @record
        class Wrong:
            via: str = ""
            to: str  # type: ignore[misc]


@mutable_record
class Tally:
    name: str
    kills: int = 0
    seen: list[str] = field(default_factory=list)


@dataclass(slots=True)
class PlainTally:
    name: str
    kills: int = 0
    seen: list[str] = field(default_factory=list)


def test_a_mutable_record_is_a_slotted_dataclass():
    ours, theirs = Tally("ana"), PlainTally("ana")
    assert repr(ours) == repr(theirs).replace("PlainTally", "Tally")
    ours.kills += 2
    assert ours == Tally("ana", 2) and ours != Tally("ana", 3) and ours != PlainTally("ana", 2)
    assert Tally("a").seen is not Tally("a").seen
    with pytest.raises(TypeError, match="unhashable"):
        hash(ours)  # as the dataclass leaves an eq class that is not frozen
    with pytest.raises(AttributeError):
        ours.other = 1  # type: ignore[attr-defined]
    assert dataclasses.replace(ours, kills=5) == Tally("ana", 5)
    assert dataclasses.asdict(ours) == dataclasses.asdict(PlainTally("ana", 2))


def test_kept_per_object_answers_each_object_once_whatever_the_order_it_is_asked_in() -> None:
    from game.rules.core.kept import kept_per_object

    made: list[object] = []

    @kept_per_object(2)
    def size_of(obj: tuple[int, ...]) -> int:
        made.append(obj)
        return len(obj)

    one, two, three = (1,), (1, 2), (1, 2, 3)
    assert [size_of(one), size_of(one), size_of(two), size_of(one), size_of(two)] == [1, 1, 2, 1, 2]
    assert made == [one, two]  # the last one asked answers at once; the others from the entries
    assert size_of(three) == 3  # a third: the entries are dropped, the last one asked stays
    assert size_of(three) == 3 and size_of(two) == 2
    assert made == [one, two, three, two]


def test_maker_for_makes_the_record_its_class_makes() -> None:
    make = maker_for(Door)
    made, built = make("d1"), Door("d1")
    assert made.__class__ is Door
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert make("d2", True) == Door("d2", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.zone = "d3"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(made)) == built
    assert TypeAdapter(Door).dump_python(made) == TypeAdapter(Door).dump_python(built)
    with pytest.raises(TypeError, match="layout twin"):
        maker_for(Step)  # a default factory: only its __init__ makes it
    with pytest.raises(TypeError, match="layout twin"):
        maker_for(Child)  # a base record and a __post_init__
