"""The engine says why an action is missing (``why_not``) and what a Move costs (``move_cost``):
a hospital room or a street cannot be searched, leaving zombies costs actions, a Bow's range, and
a reason is given only for kinds the survivor really may not play."""

from __future__ import annotations

from boards import arrange, catalog_with, new_game
from test_engine_rue_morgue import HOSPITAL, NOTHING, TEAM

from game.rules.zombicide import engine
from game.rules.zombicide.commands import Move
from game.rules.zombicide.why_not import TURN_KINDS, move_cost, offered_kinds, why_not


def game(**survivors):  # type: ignore[no-untyped-def]
    return arrange(new_game(HOSPITAL, TEAM, catalog=catalog_with([NOTHING] * 8)), survivors=survivors)


def reasons_of(state, survivor: str, kind: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.text() for r in why_not(state, survivor) if r.kind == kind]


def test_a_hospital_room_cannot_be_searched_and_says_so() -> None:
    state = game(joe={"zone": "r2c0", "hand": ["crowbar"]})
    assert "search" not in offered_kinds(state, state.survivor_index("joe"))
    assert reasons_of(state, "joe", "search") == ["Hospital rooms can't be searched"]


def test_a_street_cannot_be_searched_and_a_room_can() -> None:
    state = game(joe={"zone": "r0c0"})
    assert reasons_of(state, "joe", "search") == ["Streets can't be searched: only building rooms"]
    locker = game(joe={"zone": "r2c1"})  # the locker room: searchable
    assert reasons_of(locker, "joe", "search") == []
    assert "search" in offered_kinds(locker, locker.survivor_index("joe"))


def test_leaving_zombies_costs_actions_and_the_move_list_knows_it() -> None:
    state = arrange(game(joe={"zone": "r0c0", "actions": 1}), zombies={"r0c0": {"skinner_walker": 1}})
    reason = next(r for r in why_not(state, "joe") if r.kind == "move")
    assert reason.template == "Leaving costs {cost} actions ({zombies} zombie here)"
    assert reason.text() == "Leaving costs 2 actions (1 zombie here)"
    rich = arrange(game(joe={"zone": "r0c0", "actions": 3}), zombies={"r0c0": {"skinner_walker": 2}})
    moves = [c for c in engine.legal_commands(rich, "A") if isinstance(c, Move) and c.survivor == "joe"]
    assert moves and {move_cost(rich, m) for m in moves} == {3}
    assert not [r for r in why_not(rich, "joe") if r.kind == "move"]
    calm = game(joe={"zone": "r0c0", "actions": 3})
    assert {move_cost(calm, m) for m in engine.legal_commands(calm, "A") if isinstance(m, Move)} == {1}


def test_a_bow_says_its_range_when_nothing_is_within_it() -> None:
    state = arrange(game(joe={"zone": "r0c0", "hand": ["bow"]}), zombies={"r0c2": {"skinner_walker": 1}})
    assert reasons_of(state, "joe", "ranged") == ["Bow: range 0–1, no zombies in sight within it"]
    assert reasons_of(state, "joe", "melee") == ["No melee weapon in hand"]
    near = arrange(game(joe={"zone": "r0c0", "hand": ["bow"]}), zombies={"r0c1": {"skinner_walker": 1}})
    assert "ranged" in offered_kinds(near, near.survivor_index("joe")) and not reasons_of(near, "joe", "ranged")


def test_a_reason_only_for_what_is_not_offered_and_one_for_every_missing_turn_kind() -> None:
    positions = [game(joe={"zone": zone, "hand": hand}) for zone in ("r0c0", "r1c1", "r2c0", "r2c1")
                 for hand in ([], ["crowbar"], ["bow", "crowbar"])]
    for state in positions:
        offered = offered_kinds(state, state.survivor_index("joe"))
        said = {r.kind for r in why_not(state, "joe")}
        assert not said & offered
        assert {"move", "door", "melee", "ranged", "search", "trade", "reload", "take_objective"} - offered <= said


def test_a_survivor_waiting_for_another_hears_why_for_every_kind() -> None:
    state = game(joe={"zone": "r0c0"}, dan={"zone": "r0c0"})
    state, _ = engine.apply(state, "A", Move("joe", "r0c1"))  # Joe is now the survivor acting
    reasons = why_not(state, "dan")
    assert {r.kind for r in reasons} == set(TURN_KINDS)
    assert all(r.fields == {"other": "Joe", "survivor": "Dan"} or "Dan" in r.text() for r in reasons)
