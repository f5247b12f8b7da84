"""The working copy's survivors: copied unchanged on their first change in an apply (``copier_for``),
then changed in place; the state the apply started from never changes."""

from __future__ import annotations

import dataclasses

import pytest
from boards import TOWN, players

from game.rules.zombicide import engine
from game.rules.zombicide.game import Game
from game.rules.zombicide.state import Survivor, copier_for, resetter_for

SETUP = {"players": players(("joe", "dan", "cathy"), ("jane", "terry", "oso")), "goals": ["take_all_objectives"]}


def test_copier_gives_an_equal_survivor_of_its_own():
    survivor = engine.setup(TOWN, SETUP, 3).survivors[0]
    copy = copier_for(Survivor)(survivor)
    assert copy is not survivor
    assert copy.__class__ is Survivor
    assert copy == survivor and hash(copy) == hash(survivor) and repr(copy) == repr(survivor)
    assert all(getattr(copy, f.name) is getattr(survivor, f.name) for f in dataclasses.fields(Survivor))


def test_first_change_copies_and_later_ones_change_the_copy_in_place():
    state = engine.setup(TOWN, SETUP, 3)
    before = repr(state)
    game = Game(state)
    first = game.change(0, actions_left=1, acting=True)
    second = game.change(0, actions_left=0)
    assert second is first is game.survivors[0]
    assert (first.actions_left, first.acting) == (0, True)
    assert repr(state) == before  # the base state is untouched
    frozen = game.freeze()
    assert frozen.survivors[0] == dataclasses.replace(state.survivors[0], actions_left=0, acting=True)
    assert frozen.survivors[1:] == state.survivors[1:]


def test_resetter_sets_its_fields_and_copies_the_rest():
    survivor = dataclasses.replace(engine.setup(TOWN, SETUP, 3).survivors[0], done=True, acting=True, xp=4)
    reset = resetter_for(Survivor, {"done": False, "acting": False}, ("actions_left", "free_actions"))
    made = reset(survivor, 5, ("move",))
    assert made is not survivor and made.__class__ is Survivor
    assert made == dataclasses.replace(survivor, done=False, acting=False, actions_left=5, free_actions=("move",))
    with pytest.raises(TypeError, match="not fields of Survivor"):
        resetter_for(Survivor, {"no_such_field": 1}, ())


def test_set_slots_copies_once_then_sets_in_place():
    state = engine.setup(TOWN, SETUP, 3)
    before = repr(state)
    game = Game(state)
    first = game.change(0, actions_left=1)
    game.set_slots(0, (-1,) * len(first.slots))
    assert game.survivors[0] is first and first.slots == (-1,) * len(first.slots)
    game.set_slots(1, state.survivors[0].slots)
    assert game.survivors[1] is not state.survivors[1] and game.survivors[1].slots == state.survivors[0].slots
    assert repr(state) == before  # the base state is untouched
    assert game.freeze().survivors[2:] == state.survivors[2:]


def test_first_change_of_a_command_is_made_with_the_copy_then_in_place():
    state = engine.setup(TOWN, SETUP, 3)
    state = dataclasses.replace(state, survivors=tuple(
        dataclasses.replace(s, actions_left=3, acting=True) for s in state.survivors))
    before = repr(state)
    game = Game(state)
    game.spend(0, "other")  # the first change: a new survivor with its action spent
    first = game.survivors[0]
    assert first is not state.survivors[0] and first is game.owned[0] and first.actions_left == 2
    game.spend(0, "other")  # then in place
    assert game.survivors[0] is first and first.actions_left == 1
    game.end_turn(1)  # a turn ended as its first change
    ended = game.survivors[1]
    assert ended is game.owned[1] and (ended.done, ended.acting, ended.actions_left, ended.free_actions) == (
        True, False, 0, ())
    assert repr(state) == before  # the base state is untouched
    frozen = game.freeze()
    assert frozen.survivors[0] == dataclasses.replace(state.survivors[0], actions_left=1)
    assert frozen.survivors[2:] == state.survivors[2:]


def test_freeze_hands_on_untouched_fields_and_keeps_those_set_or_changed():
    state = engine.setup(TOWN, SETUP, 3)
    game = Game(state)
    assert game.as_it_stands("zombies") is state.zombies  # a read makes no list
    untouched = game.freeze()
    assert untouched.zombies is state.zombies and untouched.noise is state.noise
    assert untouched == state
    game = Game(state)
    game.paused_queue = [("spawn",)]  # set, never read: frozen all the same
    assert game.freeze().paused_queue == (("spawn",),)
    game = Game(state)
    game.noise[0] += 2  # made the working copy's list, then changed
    frozen = game.freeze()
    assert frozen.noise[0] == state.noise[0] + 2 and frozen.zombies == state.zombies
    assert frozen.noise.__class__ is tuple
