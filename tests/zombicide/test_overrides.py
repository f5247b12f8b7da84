"""Manual override of counters, noise and decks: checked by the engine (a refusal says why and changes
nothing), told by events, logged by the session like play, so undone and replayed like it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from boards import arrange, hand, new_game, sketch_board, survivor

from game.rules.core.base import IllegalCommand
from game.rules.core.session import SaveData, Session
from game.rules.zombicide import engine
from game.rules.zombicide.commands import DeckShuffled, EndTurn
from game.rules.zombicide.overrides import (
    OVERRIDE_SEAT,
    CardPutOnTop,
    CounterSet,
    NoiseSet,
    PutCardOnTop,
    ReshuffleDeck,
    SetCounter,
    SetNoise,
)

BOARD = sketch_board("s s s", markers=[("start", (0, 0)), ("spawn", (0, 2))])
SEATS = {"A": ["joe", "cathy"]}


def game():
    return new_game(BOARD, SEATS)


def override(state, command):
    return engine.apply(state, OVERRIDE_SEAT, command)


def test_experience_set_by_hand_moves_the_danger_level_and_learns_its_skill():
    state, events = override(game(), SetCounter("joe", "xp", 8))
    joe = survivor(state, "joe")
    yellow = state.tables.catalog.survivor("joe").skills_at("yellow")[0].text
    assert joe.xp == 8 and joe.level == 1 and yellow in joe.skills
    assert CounterSet("joe", "xp", 8) in events and any(e.kind == "skill_gained" for e in events)
    state, _ = override(state, SetCounter("joe", "xp", 2))  # lowered: the level follows, skills stay
    assert survivor(state, "joe").level == 0 and yellow in survivor(state, "joe").skills


def test_wounds_set_by_hand_take_wound_cards_and_never_eliminate():
    state = arrange(game(), survivors={"joe": {"hand": ("crowbar", ""), "reserve": ("pistol", "", "")}})
    state, events = override(state, SetCounter("joe", "wounds", 1))
    assert survivor(state, "joe").wounds == 1 and hand(state, "joe").count("wound") == 1
    assert hand(state, "joe")[:2] == ["crowbar", ""]  # cards stay; the Wound card takes a free slot
    state, _ = override(state, SetCounter("joe", "wounds", 0))
    assert survivor(state, "joe").wounds == 0 and "wound" not in hand(state, "joe")
    with pytest.raises(IllegalCommand, match="eliminate"):
        override(state, SetCounter("joe", "wounds", 2))
    full = arrange(game(), survivors={"joe": {"hand": ("crowbar", "crowbar"), "reserve": ("pistol",) * 3}})
    with pytest.raises(IllegalCommand, match="no free slot"):
        override(full, SetCounter("joe", "wounds", 1))


def test_actions_set_by_hand_are_the_actions_left_this_turn():
    state, _ = override(game(), SetCounter("joe", "actions", 5))
    assert survivor(state, "joe").actions_left == 5
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    with pytest.raises(IllegalCommand, match="no turn left"):
        override(state, SetCounter("joe", "actions", 2))
    with pytest.raises(IllegalCommand, match="below 0"):
        override(state, SetCounter("cathy", "actions", -1))
    with pytest.raises(IllegalCommand, match="no counter"):
        override(state, SetCounter("cathy", "luck", 1))  # type: ignore[arg-type]


def test_noise_set_by_hand():
    state, events = override(game(), SetNoise("r0c1", 3))
    assert state.noise[state.graph.index["r0c1"]] == 3 and events == (NoiseSet("r0c1", 3),)
    with pytest.raises(IllegalCommand, match="no zone"):
        override(state, SetNoise("nowhere", 1))


def test_a_named_equipment_card_goes_on_top_from_the_deck_or_the_discard_pile():
    state = game()
    state, events = override(state, PutCardOnTop("equipment", "shotgun"))
    assert state.card_kinds[state.equipment_deck[0]] == "shotgun" and events == (CardPutOnTop("equipment", "shotgun"),)
    deck = state.equipment_deck
    shotguns = tuple(c for c in deck if state.card_kinds[c] == "shotgun")
    discarded = replace(state, equipment_deck=tuple(c for c in deck if c not in shotguns), equipment_discard=shotguns)
    state, _ = override(discarded, PutCardOnTop("equipment", "shotgun"))  # none left in the deck
    assert state.equipment_deck[0] == shotguns[0] and state.equipment_discard == shotguns[1:]
    assert len(state.equipment_deck) == len(deck) - len(shotguns) + 1
    with pytest.raises(IllegalCommand, match="no Molotov is left"):
        override(state, PutCardOnTop("equipment", "molotov"))  # kept out of the deck
    with pytest.raises(IllegalCommand, match="no equipment card"):
        override(state, PutCardOnTop("equipment", "laser"))


def test_a_named_zombie_card_goes_on_top_and_is_drawn_next():
    state = arrange(game(), dice=(1,))
    number = state.zombie_deck[-1]
    state, _ = override(state, PutCardOnTop("zombie", str(number)))
    assert state.zombie_deck[0] == number
    for who in ("joe", "cathy"):
        state, events = engine.apply(state, "A", EndTurn(who))
    assert any(e.kind == "card_drawn" and e.card == str(number) for e in events)
    with pytest.raises(IllegalCommand, match="no zombie card"):
        override(state, PutCardOnTop("zombie", "999"))


def test_a_deck_reshuffled_by_hand_takes_its_discard_pile_back_and_keeps_vests_out():
    state = game()
    deck = state.equipment_deck
    kinds = state.card_kinds + ("bulletproof_vest",)  # a vest out of a competitive game, say
    vest = len(kinds) - 1
    state = replace(state, card_kinds=kinds, equipment_deck=deck[3:], equipment_discard=deck[:3] + (vest,))
    shuffled, events = override(state, ReshuffleDeck("equipment"))
    assert sorted(shuffled.equipment_deck) == sorted(deck)
    assert shuffled.equipment_discard == (vest,)
    assert events == (DeckShuffled("equipment", len(deck)),) and shuffled.rng != state.rng
    zombies = replace(state, zombie_deck=state.zombie_deck[5:], zombie_discard=state.zombie_deck[:5])
    zombies, _ = override(zombies, ReshuffleDeck("zombie"))
    assert sorted(zombies.zombie_deck) == sorted(state.zombie_deck) and zombies.zombie_discard == ()


def test_overrides_are_logged_undone_and_replayed():
    session = Session(engine.ZombicideRules(), BOARD, {"players": [{"seat": "A", "survivors": ["joe", "cathy"]}]}, 3)
    before = session.state
    for command in (SetCounter("joe", "xp", 9), SetNoise("r0c2", 2), PutCardOnTop("zombie", "3"),
                    ReshuffleDeck("equipment"), SetCounter("cathy", "wounds", 1)):
        session.play(OVERRIDE_SEAT, command)
    after = session.state
    loaded = Session.load(engine.ZombicideRules(), BOARD, SaveData.from_json(session.save().to_json(), "game.json"))
    assert loaded.state == after and loaded.hash() == session.hash()
    for _ in range(5):
        session.undo()
    assert session.state == before
