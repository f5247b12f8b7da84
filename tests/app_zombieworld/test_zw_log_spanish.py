"""Zombieworld's log in Spanish along seeded played games: every event's line (and each roll's pop-up
title) has no English word and no untranslated string — weapons, qualities and zombies by their
Spanish names, the rolls' purposes, results and modifiers in Spanish."""

from __future__ import annotations

import pytest

from game import i18n
from game.app.zombieworld.event_text import describe, names_of, roll_name
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from tests.spanish_probe import english_words
from tests.zombieworld.helpers import play_out

BANDS = {"red": "Blue Line", "blue": "Fire Crew"}  # as the game screen names the seats


@pytest.mark.parametrize("seed", [3, 11, 5, 21])
def test_a_played_game_logs_in_spanish(spanish, seed):
    states, log = play_out(seed, steps=300)
    lines: list[str] = []
    for before, (seat, command) in zip(states, log, strict=False):
        after, events = engine.apply(before, seat, command)
        names = names_of(before, after)
        for event in events:
            line = describe(event, after, names, BANDS)
            if line is not None:
                lines.append(line[0])
            if isinstance(event, c.DiceRolled):
                lines.append(roll_name(event.purpose))
    kept = [m.name for state in states for m in (*state.models, *state.departed)]
    kept += [piece.label for piece in states[0].table.pieces if piece.label] + ["Blue", "Line", "Fire", "Crew"]
    assert len(lines) > 100
    found = english_words(lines, kept)
    assert found == {}, found
    assert i18n.untranslated() == frozenset()
