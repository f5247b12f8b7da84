"""Green Horde through the engine: a new game, the inventory, spawn tokens, the window's questions,
saves and replays with the box's own commands, and the player's view."""

from __future__ import annotations

import pytest
from boards import arrange, survivor
from gh_boards import FARM, FARM_SETUP, SIX, players

from game.rules.core.session import SaveData, Session
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.commands import (
    FireSiegeEngine,
    MoveSiegeEngine,
    ThrowBile,
    ThrowTorch,
)
from game.rules.zombicide.boxes.green_horde.wounds import armour_of
from game.rules.zombicide.commands import EndTurn, Move
from game.rules.zombicide.registration import ruleset


def farm(seed=1, **setup):  # type: ignore[no-untyped-def]
    return engine.setup(FARM, {**FARM_SETUP, **setup}, seed)


def kinds(state, survivor_id):  # type: ignore[no-untyped-def]
    return [state.card_kinds[c] if c >= 0 else "" for c in survivor(state, survivor_id).slots]


def test_every_survivor_starts_with_one_starting_card_and_eight_slots():
    state = farm()
    dealt = sorted(kinds(state, s)[0] for s in SIX)
    assert dealt == sorted(["spiked_bow_start", "nordic_sword_start", "telekinetic_blast_start"] + ["short_sword_start"] * 3)
    assert all(len(survivor(state, s).slots) == 8 and kinds(state, s)[1:] == [""] * 7 for s in SIX)
    deck = [state.card_kinds[c] for c in state.equipment_deck]
    assert len(deck) == 72 - 6 and not any(k.endswith("_start") or k == "spare_short_sword" for k in deck)
    assert sorted(state.box_state.vault) == ["bone_kukri", "bone_sword", "dwarven_axe", "lava_spray", "steel_bow", "war_cleaver"]


def test_more_than_six_survivors_get_spare_starting_cards_and_more_spawn_tokens():
    eight = ("asim", "seli", "berin", "johannes", "megan", "rolf", "oda", "tamsin")
    state = farm(players=players(eight))
    assert [kinds(state, s)[0] for s in ("oda", "tamsin")] == ["spare_short_sword"] * 2
    assert [state.graph.zone_ids[t.zone] for t in state.box_state.spawn_tokens] == ["r0c4", "r0c4", "r2c0"]
    from game.rules.zombicide.boxes.green_horde.necromancers import spawn_token_limit
    from game.rules.zombicide.game import Game

    assert spawn_token_limit(Game(state)) == 7


def test_spawn_tokens_and_pieces_come_from_the_board():
    state = farm()
    graph = state.graph
    assert [graph.zone_ids[t.zone] for t in state.box_state.spawn_tokens] == ["r0c4", "r2c0"]
    assert [graph.zone_ids[z] for z in state.box_state.siege_engines] == ["r0c1"]
    assert [graph.zone_ids[z] for z in state.box_state.bile] == ["r2c2"]
    assert state.box_state.horde == (0,) * 5


def test_the_box_state_prints_flat_in_the_state_hash():
    text = repr(farm())
    assert "GreenHordeState" not in text and "spawn_tokens=(SpawnToken(" in text and "horde=(0, 0, 0, 0, 0)" in text


def test_armour_reads_the_body_slot_and_the_shields():
    state = arrange(farm(), survivors={"rolf": {"hand": ("shield",), "reserve": ("chainmail",)},
                                      "seli": {"hand": ("nordic_shield",)}})
    assert armour_of(state, survivor(state, "rolf")).needed == 4
    assert armour_of(state, survivor(state, "rolf")).rerolls == ("shield",)
    assert armour_of(state, survivor(state, "seli")).needed == 4
    assert armour_of(state, survivor(state, "asim")).needed == 0
    assert armour_of(state, survivor(state, "berin")).needed == 5  # Iron hide


def test_the_siege_engine_and_bile_are_listed_and_played():
    state = arrange(farm(), survivors={"asim": {"zone": "r0c1"}}, zombies={"r0c3": {"orc_walker": 2}})
    legal = engine.legal_commands(state, "A")
    assert MoveSiegeEngine("asim", "r0c2") in legal
    assert FireSiegeEngine("asim", "r0c3", "scattered") in legal
    assert FireSiegeEngine("asim", "r0c2", "stone") not in legal  # no zombie there to aim at
    state = arrange(state, survivors={"asim": {"hand": ("dragon_bile", "torch")}})
    legal = engine.legal_commands(state, "A")
    assert ThrowBile("asim", 0, "r0c2") in legal and not any(isinstance(c, ThrowTorch) for c in legal)


def test_a_game_with_the_box_s_commands_saves_loads_and_replays_to_the_same_hash():
    rules = ruleset("green_horde")
    session = Session(rules, FARM, {**FARM_SETUP, "auto_wounds": True}, seed=3)
    session.play("A", Move("asim", "r0c1"))
    for command in (EndTurn("asim"), EndTurn("seli"), EndTurn("berin"), EndTurn("johannes"), EndTurn("megan"),
                    EndTurn("rolf")):
        seat = "A" if command.survivor in SIX[:3] else "B"
        session.play(seat, command)
    assert session.state.round == 2  # B plays first now
    for survivor_id in SIX[3:]:
        session.play("B", EndTurn(survivor_id))
    hauled = next(c for c in engine.legal_commands(session.state, "A") if isinstance(c, MoveSiegeEngine))
    session.play("A", hauled)
    assert '"gh_move_siege_engine"' in session.save().to_json()
    text = session.save().to_json()
    loaded = Session.load(ruleset("green_horde"), FARM, SaveData.from_json(text, "gh.json"))
    assert loaded.hash() == session.hash() and loaded.state == session.state
    assert loaded.state.box_state.siege_engines != FARM_STATE_ENGINES
    assert rules.command_from_json(rules.command_to_json(FireSiegeEngine("asim", "horde", "stone"))) == FireSiegeEngine(
        "asim", "horde", "stone")


FARM_STATE_ENGINES = (1,)


def test_the_player_s_view_hides_the_vault_order():
    state = farm(seed=5)
    view = engine.player_view(state, "A")
    assert view.box_state.vault == tuple(sorted(state.box_state.vault))
    assert view.box_state.spawn_tokens == state.box_state.spawn_tokens


def test_a_goal_of_the_box_is_refused_in_rue_morgue():
    with pytest.raises(ValueError, match="kill_necromancers"):
        engine.parse_setup({"players": players(("joe",)), "goals": ["kill_necromancers"]})
