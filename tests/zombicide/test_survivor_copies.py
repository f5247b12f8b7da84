"""The working copy's survivors: copied unchanged on their first change in an apply (``copier_for``),
then changed in place; the state the apply started from never changes."""

from __future__ import annotations

import dataclasses

from boards import TOWN, players

from game.rules.zombicide import engine
from game.rules.zombicide.game import Game
from game.rules.zombicide.state import Survivor, copier_for

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
