"""Team Actions: Move!, Charge! and Fire!, once per team per players' phase."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, new_game, sketch_board, survivor, zombies_at, zone_of

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.rue_morgue.commands import UseTeamAction
from game.rules.zombicide.commands import EndTurn

BOARD = sketch_board("s s s s", markers=[("start", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(cards=("move", "charge"), **arrangement):
    state = new_game(BOARD, {"A": ["joe", "dan", "jane"]}, catalog=catalog_with([NOTHING] * 4),
                     team_actions={"survivors": list(cards)})
    return arrange(state, **arrangement)


def test_move_brings_the_group_along_for_free():
    state, events = engine.apply(game(), "A", UseTeamAction("joe", "move", ("dan", "jane"), "r0c1"))
    assert {zone_of(state, s) for s in ("joe", "dan", "jane")} == {"r0c1"}
    assert survivor(state, "joe").actions_left == 3
    assert any(e.kind == "team_action_used" for e in events)
    with pytest.raises(IllegalCommand, match="one Team Action per players' phase"):
        engine.apply(state, "A", UseTeamAction("joe", "charge", ("dan",), "r0c2"))


def test_origin_mode_sends_each_survivor_its_own_way():
    state, _ = engine.apply(
        game(), "A", UseTeamAction("joe", "move", ("dan",), "r0c0", mode="origin", targets=("r0c1", ""))
    )
    assert zone_of(state, "joe") == "r0c1" and zone_of(state, "dan") == "r0c0"


def test_charge_moves_in_and_swings():
    people = {"joe": {"hand": ["crowbar"]}, "dan": {"hand": ["crowbar"]}, "jane": {"hand": ["crowbar"]}}
    state = game(survivors=people, zombies={"r0c1": {"skinner_walker": 2}}, dice=[6, 6])
    state, _ = engine.apply(state, "A", UseTeamAction("joe", "charge", ("dan",), "r0c1"))
    assert zombies_at(state, "r0c1") == {}
    assert zone_of(state, "joe") == zone_of(state, "dan") == "r0c1"
    assert survivor(state, "joe").xp == 1 and survivor(state, "dan").xp == 1


def test_every_member_must_be_able_to_take_part():
    state = game(survivors={"joe": {"hand": ["crowbar"]}, "dan": {"hand": ["bow"]}},
                 zombies={"r0c1": {"skinner_walker": 1}})
    with pytest.raises(IllegalCommand, match="Dan cannot take part"):
        engine.apply(state, "A", UseTeamAction("joe", "charge", ("dan",), "r0c1"))
    with pytest.raises(IllegalCommand, match="did not pick"):
        engine.apply(state, "A", UseTeamAction("joe", "fire", ("dan",), "r0c1"))
    with pytest.raises(IllegalCommand, match="at least one team-mate"):
        engine.apply(state, "A", UseTeamAction("joe", "move", (), "r0c1"))


def test_fire_shoots_together_and_the_card_comes_back_next_round():
    people = {"joe": {"hand": ["pistol"]}, "dan": {"hand": ["pistol"]}}
    state = game(("fire",), survivors=people, zombies={"r0c1": {"skinner_walker": 2}}, dice=[6, 6])
    legal = engine.legal_commands(state, "A")
    assert UseTeamAction("joe", "fire", ("dan", "jane"), "r0c1") not in legal  # Jane has no ranged weapon
    state, _ = engine.apply(state, "A", UseTeamAction("joe", "fire", ("dan",), "r0c1"))
    assert zombies_at(state, "r0c1") == {}
    for sid in ("joe", "dan", "jane"):
        state, _ = engine.apply(state, "A", EndTurn(sid))
    assert state.box_state.team_actions_used == ()


def test_a_setup_with_too_many_or_unknown_cards_is_refused():
    with pytest.raises(ValueError, match="at most 2"):
        game(("move", "charge", "fire"))
    with pytest.raises(ValueError, match="unknown Team Action"):
        game(("dance",))


def test_refusals_name_the_card_not_its_id(monkeypatch):
    from game.rules.zombicide.boxes.rue_morgue import team_actions as rules

    state = game()
    with pytest.raises(IllegalCommand) as refused:
        engine.apply(state, "A", UseTeamAction("joe", "fire", ("dan",), "r0c1"))
    assert str(refused.value.reason) == "survivors did not pick the Team Action Fire!"
    picked = rules.team_action
    monkeypatch.setattr(rules, "team_action",  # a card of our own that is played into a zone only
                        lambda catalog, card: picked(catalog, card).model_copy(update={"modes": ("destination",)}))
    with pytest.raises(IllegalCommand) as refused:
        engine.apply(state, "A", UseTeamAction("joe", "move", ("dan",), "r0c0", mode="origin", targets=("r0c1", "")))
    assert str(refused.value.reason) == "Move! cannot be played from here"
