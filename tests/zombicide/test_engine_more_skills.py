"""The skills that came last: Everything at hand, Matching set!, Destiny, Is that all you've got?"""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, ChooseOption, EndTurn, OpenDoor, Search

BOARD = sketch_board("r=r s s", markers=[("start", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(skills=(), **arrangement):
    state = new_game(BOARD, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4))
    people = arrangement.pop("survivors", {})
    joe = {"skills": tuple(skills), **people.pop("joe", {})}
    return arrange(state, survivors={"joe": joe, **people}, **arrangement)


def card_kinds(state, survivor_id):
    return [state.card_kinds[c] if c >= 0 else "" for c in survivor(state, survivor_id).slots]


def test_everything_at_hand_attacks_with_a_reserve_weapon():
    plain = game(survivors={"joe": {"reserve": ["crowbar"]}}, zombies={"r0c0": {"skinner_walker": 1}})
    assert not any(isinstance(c, Attack) for c in engine.legal_commands(plain, "A"))
    with pytest.raises(IllegalCommand):
        engine.apply(plain, "A", Attack("joe", 2, "r0c0"))
    ready = game(("everything_at_hand",), survivors={"joe": {"reserve": ["crowbar"]}},
                 zombies={"r0c0": {"skinner_walker": 1}}, dice=[6])
    assert Attack("joe", 2, "r0c0") in engine.legal_commands(ready, "A")
    state, _ = engine.apply(ready, "A", Attack("joe", 2, "r0c0"))
    assert state.zombies_in(state.graph.index["r0c0"]) == 0


def test_everything_at_hand_opens_doors_with_a_reserve_crowbar():
    board = sketch_board("s\nd\nr", markers=[("start", (0, 0))])

    def door_game(skills=()):
        state = new_game(board, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4))
        return arrange(state, survivors={"joe": {"skills": skills, "reserve": ["crowbar"]}})

    door = next(e.connection_id for e in door_game().graph.edges if e.door >= 0)
    plain = door_game()
    assert OpenDoor("joe", door) not in engine.legal_commands(plain, "A")
    ready = door_game(("everything_at_hand",))
    assert OpenDoor("joe", door) in engine.legal_commands(ready, "A")
    state, _ = engine.apply(ready, "A", OpenDoor("joe", door))
    assert all(state.doors_open)


def test_matching_set_brings_the_second_copy_of_a_dual_weapon():
    start = game(("matching_set",), equipment_top=["pistol", "knife", "pistol"])

    def pistols(state):
        return sum(1 for c in state.equipment_deck if state.card_kinds[c] == "pistol")

    state, events = engine.apply(start, "A", Search("joe"))
    drawn = [e.card for e in events if e.kind == "card_drawn"]
    assert drawn == ["pistol", "pistol"]
    assert any(e.kind == "deck_shuffled" for e in events)
    assert pistols(state) == pistols(start) - 2 and len(state.equipment_deck) == len(start.equipment_deck) - 2
    state, _ = engine.apply(state, "A", ChooseOption(1))
    state, _ = engine.apply(state, "A", ChooseOption(2))
    assert card_kinds(state, "joe")[:2] == ["pistol", "pistol"]
    # a weapon that is not Dual brings nothing more
    _, events = engine.apply(game(("matching_set",), equipment_top=["crowbar", "crowbar"]), "A", Search("joe"))
    assert [e.card for e in events if e.kind == "card_drawn"] == ["crowbar"]


def test_destiny_swaps_a_drawn_card_once_per_turn():
    state = game(("destiny",), equipment_top=["knife", "sword", "crowbar"])
    state, _ = engine.apply(state, "A", Search("joe"))
    labels = state.pending.options
    assert "Destiny" in labels[-1]
    state, events = engine.apply(state, "A", ChooseOption(len(labels) - 1))
    assert [e.card for e in events if e.kind == "card_drawn"] == ["sword"]
    assert state.pending is not None and state.card_kinds[state.pending.card] == "sword"
    assert not any("Destiny" in label for label in state.pending.options)  # once per turn
    assert survivor(state, "joe").destiny_used
    plain = game(equipment_top=["knife"])
    plain, _ = engine.apply(plain, "A", Search("joe"))
    assert not any("Destiny" in label for label in plain.pending.options)


def test_is_that_all_youve_got_trades_a_card_for_a_wound():
    state = game(("is_that_all_youve_got",), survivors={"joe": {"hand": ["crowbar", "knife"]}},
                 zombies={"r0c0": {"skinner_walker": 1}})
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    options = state.pending.options
    choice = next(n for n, label in enumerate(options) if "ignores the wound" in label and "Knife" in label)
    state, events = engine.apply(state, "A", ChooseOption(choice))
    assert survivor(state, "joe").wounds == 0
    assert "knife" not in hand(state, "joe") and "crowbar" in hand(state, "joe")
    assert any(e.kind == "survivor_wounded" and e.ignored for e in events)


def test_plus_one_free_team_action_plays_a_second_card():
    from game.rules.zombicide.boxes.rue_morgue.commands import UseTeamAction

    long_board = sketch_board("s s s s", markers=[("start", (0, 0))])

    def team_game(skills=()):
        state = new_game(long_board, {"A": ["joe", "dan"]}, catalog=catalog_with([NOTHING] * 4),
                         team_actions={"survivors": ["move", "charge"]})
        return arrange(state, survivors={"dan": {"skills": tuple(skills)}})

    for skills, second_allowed in (((), False), (("plus_one_free_team_action",), True)):
        state, _ = engine.apply(team_game(skills), "A", UseTeamAction("joe", "move", ("dan",), "r0c1"))
        assert not any(isinstance(c, UseTeamAction) and c.card == "move" for c in engine.legal_commands(state, "A"))
        with pytest.raises(IllegalCommand):
            engine.apply(state, "A", UseTeamAction("joe", "move", ("dan",), "r0c2"))  # never the same card twice
        second = UseTeamAction("joe", "charge", ("dan",), "r0c2")
        if second_allowed:
            state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}, "dan": {"hand": ["crowbar"]}},
                            zombies={"r0c2": {"skinner_walker": 1}})
            state, events = engine.apply(state, "A", second)
            assert any(e.kind == "team_action_used" for e in events)
            assert {survivor(state, s).zone for s in ("joe", "dan")} == {state.graph.index["r0c2"]}
        else:
            with pytest.raises(IllegalCommand, match="one Team Action"):
                engine.apply(state, "A", second)
