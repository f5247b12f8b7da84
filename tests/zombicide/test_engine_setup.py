"""Setting up a Zombicide game: survivors, starting equipment, decks, first player, spawn dice."""

from __future__ import annotations

import copy

import pytest
from boards import SIX, catalog_with, hand, new_game, sketch_board, zone_of

from game.rules.zombicide import engine
from game.rules.zombicide.catalog import load_catalog

BOARD = sketch_board(
    """
s s s
    d
r=r s
""",
    markers=[("start", (0, 0)), ("spawn", (0, 2), {"locators": (1, 2, 3)}), ("exit", (1, 2))],
)


def test_survivors_start_in_the_start_zone_each_with_a_weapon():
    state = new_game(BOARD)
    catalog = load_catalog()
    assert [s.id for s in state.survivors] == list(SIX)
    for s in state.survivors:
        assert zone_of(state, s.id) == "r0c0"
        weapons = [k for k in hand(state, s.id) if k and catalog.equipment(k).kind == "weapon"]
        assert weapons, f"{s.id} starts unarmed"
        assert s.actions_left == catalog.setup.actions_per_turn
        assert s.level == 0 and s.xp == 0


def test_each_team_hands_out_one_of_each_starting_weapon():
    state = new_game(BOARD)
    first_three = [hand(state, sid)[0] for sid in SIX[:3]]
    assert first_three == list(load_catalog().setup.starting_weapons_per_team)


def test_kept_out_cards_never_reach_the_equipment_deck():
    state = new_game(BOARD)
    kinds = [state.card_kinds[c] for c in state.equipment_deck]
    for kept_out in load_catalog().setup.kept_out_of_deck:
        assert kept_out not in kinds
    # every card of the box is either dealt or in the deck, exactly once
    dealt = [c for s in state.survivors for c in s.slots if c >= 0]
    assert len(set(dealt) | set(state.equipment_deck)) == len(dealt) + len(state.equipment_deck)


def test_decks_are_shuffled_by_the_seed():
    a, b, c = new_game(BOARD, seed=1), new_game(BOARD, seed=1), new_game(BOARD, seed=2)
    assert a.equipment_deck == b.equipment_deck and a.zombie_deck == b.zombie_deck
    assert (a.equipment_deck, a.zombie_deck) != (c.equipment_deck, c.zombie_deck)
    assert sorted(a.zombie_deck) == sorted(load_catalog().zombie_deck_numbers())


@pytest.mark.parametrize(("count", "dice"), [(6, 4), (7, 5), (8, 5), (9, 6), (12, 7)])
def test_spawn_dice_follow_the_starting_survivor_count(count, dice):
    catalog = load_catalog()
    ids = [s.id for s in catalog.survivors][:count]
    state = new_game(BOARD, {"A": ids})
    assert state.spawn_dice == dice


def test_first_player_is_the_agreed_seat():
    state = new_game(BOARD, first_seat="B")
    assert state.current_seat == "B"
    assert engine.current_seats(state) == frozenset({"B"})
    assert engine.legal_commands(state, "A") == []


def test_setup_reads_the_mission_setup_table():
    board = sketch_board(
        "s s",
        markers=[("start", (0, 0))],
        setup={"players": [{"seat": "solo", "survivors": ["joe", "parker"]}], "spawn_dice": 3},
    )
    state = engine.setup(board, None, 5)
    assert [s.id for s in state.survivors] == ["joe", "parker"]
    assert state.spawn_dice == 3


def test_bad_setups_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="unknown survivor"):
        new_game(BOARD, {"A": ["nobody"]})
    with pytest.raises(ValueError, match="twice"):
        new_game(BOARD, {"A": ["joe"], "B": ["joe"]})
    with pytest.raises(ValueError, match="setup"):
        engine.setup(BOARD, {"players": "joe"}, 1)
    with pytest.raises(ValueError, match="6 to 12"):
        new_game(BOARD, {"A": ["joe"]}, strict_survivor_count=True)
    with pytest.raises(ValueError, match="starting zone"):
        new_game(sketch_board("s s"))


def test_starts_with_skills_hand_out_their_card():
    catalog = load_catalog()
    starter = catalog.skill("starts_with")
    assert starter.parameter == "equipment"
    from game.rules.zombicide.catalog import SkillRef

    joe = catalog.survivor("joe")
    changed = joe.model_copy(update={"blue": (SkillRef(skill="starts_with", parameter="pistol"),)})
    custom = catalog.model_copy(update={"survivors": tuple(changed if s.id == "joe" else s for s in catalog.survivors)})
    state = new_game(BOARD, {"A": ["joe"]}, catalog=custom)
    assert "pistol" in hand(state, "joe")


def test_a_custom_zombie_deck_is_used():
    catalog = catalog_with([{"blue": "1 skinner_walker"}] * 3)
    state = new_game(BOARD, catalog=catalog)
    assert sorted(state.zombie_deck) == [1, 2, 3]


def test_the_player_view_hides_deck_order_and_future_dice():
    state = new_game(BOARD)
    view = engine.player_view(state, "A")
    assert sorted(view.equipment_deck) == list(view.equipment_deck) == sorted(state.equipment_deck)
    assert view.rng.seed == 0 and view.rng.internal == ()
    assert view.survivors == state.survivors


def test_a_setup_changed_after_a_game_sets_up_the_next_one_anew():
    """What a set-up prepares once for a board and setup is kept by the setup's value: a caller's
    setup changed in place between two games is read again."""
    spec = {"players": [{"seat": "A", "survivors": list(SIX[:3])}]}
    first = engine.setup(BOARD, spec, 1)
    spec["players"][0]["survivors"].append(SIX[3])
    spec["spawn_dice"] = 9
    second = engine.setup(BOARD, spec, 1)
    assert [s.id for s in first.survivors] == list(SIX[:3])
    assert [s.id for s in second.survivors] == list(SIX[:4])
    assert first.spawn_dice != 9 and second.spawn_dice == 9


def test_a_kept_setup_deals_each_seed_as_a_new_one_would():
    """The set-up prepared once deals the same game as a set-up read afresh (a copy of the setup:
    nothing kept by identity), seed after seed, and a bad setup is refused every time."""
    spec = {"players": [{"seat": "A", "survivors": list(SIX[:3])}, {"seat": "B", "survivors": list(SIX[3:])}]}
    for seed in (1, 2, 3):
        kept = engine.setup(BOARD, spec, seed)
        fresh = engine.setup(BOARD, engine.parse_setup(copy.deepcopy(spec), BOARD), seed)
        assert kept == fresh and kept.rng.draws == fresh.rng.draws
    for _ in range(2):
        with pytest.raises(ValueError, match="unknown survivor"):
            engine.setup(BOARD, {"players": [{"seat": "A", "survivors": ["nobody"]}]}, 1)
