"""Zombieworld's engine says why an action is missing: another band's turn, an action already used,
an empty hand, melee; never for an action it offers."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.why_not import KINDS, offered_kinds, why_not

sys.path.insert(0, str(Path(__file__).parent))
from helpers import arranged_state  # noqa: E402

OPEN_ROW_Y = 60.0  # a clear east-west street on the town square


def said(state, seat: str, kind: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.text() for r in why_not(state, seat) if r.kind == kind]


def test_between_activations_only_activate_and_withdraw_are_offered_and_the_rest_say_why() -> None:
    state = arranged_state({"red:Ana": (20, OPEN_ROW_Y), "blue:Ana": (90, OPEN_ROW_Y)})
    assert offered_kinds(state, "red") == {"activate", "withdraw"}
    assert said(state, "red", "shoot") == ["Activate a model first"]
    assert said(state, "red", "activate") == []
    assert {r.kind for r in why_not(state, "blue")} == set(KINDS)
    assert said(state, "blue", "activate") == ["It is red's turn"]


def test_an_acting_survivor_hears_why_it_may_not_shoot_or_fight() -> None:
    state = arranged_state({"red:Di": (20, OPEN_ROW_Y)}, active="red:Di")  # a baseball bat only
    assert said(state, "red", "shoot") == ["No firearm in hand"]
    assert said(state, "red", "fight") == ["Di is not in melee"]
    assert said(state, "red", "activate") == ["Di is acting: end their activation first"]
    assert said(state, "red", "end_activation") == []
    used = replace(state, active=replace(state.active, action_used=True))
    assert said(used, "red", "search") == ["Di has already used the action"]


def test_a_shooter_with_nobody_in_sight_names_its_weapon() -> None:
    state = arranged_state({"red:Ana": (20, OPEN_ROW_Y)}, active="red:Ana")
    assert "shoot" not in offered_kinds(state, "red")
    assert said(state, "red", "shoot") == ["Assault rifle: no enemy in sight"]
    seen = arranged_state({"red:Ana": (20, OPEN_ROW_Y)}, {"z1": (40, OPEN_ROW_Y)}, active="red:Ana")
    assert "shoot" in offered_kinds(seen, "red") and said(seen, "red", "shoot") == []


def test_no_reason_is_ever_given_for_an_offered_kind_along_a_played_game() -> None:
    from helpers import play_out

    states, _ = play_out(7, steps=120)
    for state in states[::3]:
        for seat in ("red", "blue"):
            offered = offered_kinds(state, seat)
            assert not offered & {r.kind for r in why_not(state, seat)}
            kinds = {type(o) for o in engine.legal_commands(state, seat)}
            if c.EndActivation in kinds:
                assert said(state, seat, "end_activation") == []
