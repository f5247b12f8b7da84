"""Skill hooks: each skill changes exactly the rule it names."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine, skills
from game.rules.zombicide.commands import Attack, ChooseOption, EndTurn, Heal, Move, Search

BOARD = sketch_board("r=r s s", markers=[("start", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(**setup):
    return new_game(BOARD, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4), **setup)


def attacked_by(state, zombies, rounds=1):
    state = arrange(state, zombies={"r0c0": zombies})
    for _ in range(rounds):
        state, _ = engine.apply(state, "A", EndTurn("joe"))
        while state.pending is not None:
            state, _ = engine.apply(state, "A", ChooseOption(0))
    return state


def test_tough_turns_away_one_attack_per_zombies_phase():
    plain = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"]}}), {"skinner_walker": 1})
    tough = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"], "skills": ("tough",)}}),
                        {"skinner_walker": 1})
    assert survivor(plain, "joe").wounds == 1
    assert survivor(tough, "joe").wounds == 0
    two = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"], "skills": ("tough",)}}),
                      {"skinner_walker": 2})
    assert survivor(two, "joe").wounds == 1  # only one attack per phase is turned away
    again = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"], "skills": ("tough",)}}),
                        {"skinner_walker": 1}, rounds=2)
    assert survivor(again, "joe").wounds == 0  # and it works again the next phase


def test_ironclad_ignores_one_zombie_type():
    state = attacked_by(arrange(game(), survivors={"joe": {"skills": ("ironclad:skinner_walker",)}}),
                        {"skinner_walker": 3, "crawler": 1})
    assert survivor(state, "joe").wounds == 1 and survivor(state, "joe").alive


def test_hold_on_to_life_keeps_the_equipment_while_a_slot_is_free():
    state = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"], "skills": ("hold_on_to_life",)}}),
                        {"skinner_walker": 1})
    assert "crowbar" in hand(state, "joe") and survivor(state, "joe").wounds == 1


def test_low_profile_and_steady_hand_keep_friends_out_of_the_shot():
    board = sketch_board("s s", markers=[("start", (0, 0))])
    for shooter_skill, target_skill in ((("steady_hand",), ()), ((), ("low_profile",))):
        state = new_game(board, {"A": ["joe", "dan"]}, catalog=catalog_with([NOTHING] * 4))
        state = arrange(state, survivors={"joe": {"hand": ["pistol"], "skills": shooter_skill},
                                          "dan": {"zone": "r0c1", "skills": target_skill}},
                        zombies={"r0c1": {"skinner_walker": 1}}, dice=[6])
        state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c1"))
        assert survivor(state, "dan").wounds == 0
        assert state.zombies_in(state.graph.index["r0c1"]) == 0


def test_search_plus_one_card_offers_two_cards_one_after_the_other():
    state = arrange(game(), survivors={"joe": {"skills": ("search_plus_one_card",)}}, equipment_top=["knife", "sword"])
    state, events = engine.apply(state, "A", Search("joe"))
    assert [e.card for e in events if e.kind == "card_drawn"] == ["knife", "sword"]
    state, _ = engine.apply(state, "A", ChooseOption(2))
    assert state.pending is not None and state.pending.card >= 0
    state, _ = engine.apply(state, "A", ChooseOption(3))
    assert "knife" in hand(state, "joe") and "sword" in hand(state, "joe")


def test_free_move_action_is_spent_before_the_others():
    state = arrange(game(), survivors={"joe": {"zone": "r0c2", "free_actions": ("move",)}})
    state, _ = engine.apply(state, "A", Move("joe", "r0c3"))
    assert survivor(state, "joe").actions_left == 3 and survivor(state, "joe").free_actions == ()


def test_dice_and_damage_hooks_read_their_parameter():
    assert skills.dice_bonus(("plus_one_die:melee",), "melee") == 1
    assert skills.dice_bonus(("plus_one_die:melee",), "ranged") == 0
    assert skills.dice_bonus(("plus_one_die:combat",), "ranged") == 1
    assert skills.damage_for(("super_strength",), "melee", "crowbar", 1) == 3
    assert skills.damage_for(("plus_one_damage_with:crowbar",), "melee", "crowbar", 1) == 2
    assert skills.extra_actions(("plus_one_action", "medic")) == 1


LONG = sketch_board("s s s s s", markers=[("start", (0, 0))])


def long_game(skills, **arrangement):
    state = new_game(LONG, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4))
    return arrange(state, survivors={"joe": {"skills": skills}}, **arrangement)


def test_a_move_crosses_one_zone_unless_a_skill_says_more():
    with pytest.raises(IllegalCommand, match="at most 1 zone"):
        engine.apply(long_game(()), "A", Move("joe", "r0c2", via=("r0c1",)))
    state, _ = engine.apply(long_game(("plus_one_zone_per_move",)), "A", Move("joe", "r0c2", via=("r0c1",)))
    assert survivor(state, "joe").zone == 2 and survivor(state, "joe").actions_left == 2
    assert Move("joe", "r0c2", ("r0c1",)) in engine.legal_commands(long_game(("two_zones_per_move",)), "A")


def test_sprint_goes_three_zones_once_per_turn():
    state, _ = engine.apply(long_game(("sprint",)), "A", Move("joe", "r0c3", via=("r0c1", "r0c2")))
    assert survivor(state, "joe").zone == 3
    with pytest.raises(IllegalCommand):
        engine.apply(state, "A", Move("joe", "r0c1", via=("r0c2",)))


def test_zombies_on_the_way_end_the_move():
    state = long_game(("sprint",), zombies={"r0c1": {"skinner_walker": 1}})
    moved, events = engine.apply(state, "A", Move("joe", "r0c2", via=("r0c1",)))
    assert survivor(moved, "joe").zone == 1 and survivor(moved, "joe").sprint_used
    assert [e.kind for e in events][-2:] == ["survivor_moved", "move_stopped"]
    assert all(not c.via for c in engine.legal_commands(state, "A") if isinstance(c, Move))


def test_charge_is_free_and_must_end_among_zombies():
    state = long_game(("charge",), zombies={"r0c2": {"skinner_walker": 1}})
    state, _ = engine.apply(state, "A", Move("joe", "r0c2", via=("r0c1",), charge=True))
    assert survivor(state, "joe").zone == 2 and survivor(state, "joe").actions_left == 3
    with pytest.raises(IllegalCommand, match="zone holding zombies"):
        engine.apply(long_game(("charge",)), "A", Move("joe", "r0c1", charge=True))


def test_moves_of_several_zones_follow_the_zombies_as_they_stand():
    """A survivor's Sprints and Charges are kept between listings of the same doors and zombies: zombies
    standing elsewhere give other ones."""
    def moves(state):
        return {(c.to, c.via, c.charge) for c in engine.legal_commands(state, "A")
                if isinstance(c, Move) and (c.via or c.charge)}

    far = long_game(("sprint", "charge"), zombies={"r0c2": {"skinner_walker": 1}})
    assert moves(far) == {("r0c2", ("r0c1",), False), ("r0c2", ("r0c1",), True)}  # a Sprint stops among zombies
    near = long_game(("sprint", "charge"), zombies={"r0c1": {"skinner_walker": 1}})  # the same board and doors
    assert moves(near) == {("r0c1", (), True)}  # nowhere past them, and the Charge goes one zone
    assert moves(long_game(("sprint", "charge"))) == {("r0c2", ("r0c1",), False), ("r0c3", ("r0c1", "r0c2"), False)}


def test_medic_heals_one_wound_per_turn():
    state = new_game(LONG, {"A": ["cathy", "joe"]}, catalog=catalog_with([NOTHING] * 4))
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"], "reserve": ["wound"], "wounds": 1}})
    assert Heal("cathy", "joe") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Heal("cathy", "joe"))
    assert survivor(state, "joe").wounds == 0 and "wound" not in hand(state, "joe")
    assert survivor(state, "cathy").actions_left == 3
    with pytest.raises(IllegalCommand, match="already healed"):
        engine.apply(arrange(state, survivors={"joe": {"reserve": ["wound"], "wounds": 1}}), "A", Heal("cathy", "joe"))


def test_roll_6_adds_dice_while_sixes_come_up():
    state = long_game(("roll_6_plus_one_die:melee",), zombies={"r0c0": {"skinner_walker": 5}}, dice=[6, 6, 2])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, events = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    rolled = [v for e in events if e.kind == "dice_rolled" for v in e.values]
    assert rolled == [6, 6, 2]  # one die, then one more per 6
    assert survivor(state, "joe").xp == 2


def test_frenzy_adds_a_die_per_wound():
    state = long_game(("frenzy:melee",), zombies={"r0c0": {"skinner_walker": 5}})
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"], "reserve": ["wound"], "wounds": 1}})
    _, events = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert len(next(e for e in events if e.kind == "dice_rolled").values) == 2


def test_reaper_takes_one_more_identical_zombie():
    state = long_game(("reaper:melee",), zombies={"r0c0": {"skinner_walker": 3}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert state.zombies_in(0) == 1 and survivor(state, "joe").xp == 2


def test_loud_draws_every_unseeing_zombie_until_the_next_turn():
    from game.rules.zombicide.commands import Shout

    board = sketch_board(
        """
s s s
o   o
r=r=r
""",
        markers=[("start", (0, 0))],
    )
    state = new_game(board, {"A": ["maddie", "joe"]}, catalog=catalog_with([NOTHING] * 4))
    state = arrange(state, survivors={"joe": {"zone": "r0c2"}}, zombies={"r1c1": {"skinner_walker": 1}},
                    noise={"r0c2": 3})
    quiet = state
    state, _ = engine.apply(state, "A", Shout("maddie"))
    with pytest.raises(IllegalCommand, match="once per turn"):
        engine.apply(state, "A", Shout("maddie"))
    for game_state in (quiet, state):
        after, _ = engine.apply(game_state, "A", EndTurn("maddie"))
        after, _ = engine.apply(after, "A", EndTurn("joe"))
        where = [state.graph.zone_ids[z] for z in range(state.graph.zone_count) if after.zombies_in(z)]
        # unseeing, the walker follows the louder zone (r0c2), or Maddie's Loud (r0c0)
        assert where == (["r1c2"] if game_state is quiet else ["r1c0"])
    state = after
    assert state.loud == (0, 0)
    state, _ = engine.apply(state, "A", EndTurn("maddie"))  # a new turn: the Loud is over
    assert state.loud == (-1, -1)


def test_lucky_offers_one_re_roll_per_action_and_the_new_dice_stand():
    state = long_game(("lucky",), zombies={"r0c0": {"skinner_walker": 1}}, dice=[1, 6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert state.pending.kind == "reroll" and state.pending.options[1].endswith("(Lucky)")
    state, events = engine.apply(state, "A", ChooseOption(1))
    assert [e.values for e in events if e.kind == "dice_rolled"] == [(6,)]
    assert state.pending is None and state.zombies_in(0) == 0


def test_keeping_the_dice_resolves_the_first_roll():
    state = long_game(("lucky",), zombies={"r0c0": {"skinner_walker": 1}}, dice=[1, 6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    state, _ = engine.apply(state, "A", ChooseOption(0))
    assert state.zombies_in(0) == 1 and state.pending is None


def test_plenty_of_ammo_re_rolls_matching_weapons_and_stacks_with_a_turn_re_roll():
    state = long_game(("one_reroll_per_turn",), zombies={"r0c1": {"skinner_walker": 1}}, dice=[1, 1, 6])
    state = arrange(state, survivors={"joe": {"hand": ["pistol"], "reserve": ["plenty_of_ammo_light"]}})
    ammo = state.tables.equipment["pistol"].ammo
    assert ammo == "light"
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c1"))
    assert len(state.pending.options) == 3
    state, _ = engine.apply(state, "A", ChooseOption(1))  # the turn's re-roll
    assert len(state.pending.options) == 2  # Plenty of Ammo is left
    state, _ = engine.apply(state, "A", ChooseOption(1))
    assert state.pending is None and state.zombies_in(1) == 0
    assert survivor(state, "joe").reroll_used


def test_a_hockey_mask_turns_away_the_first_wound_each_round():
    state = attacked_by(arrange(game(), survivors={"joe": {"hand": ["crowbar"], "reserve": ["hockey_mask"]}}),
                        {"skinner_walker": 2})
    assert survivor(state, "joe").wounds == 1
    assert "hockey_mask" in hand(state, "joe") or "crowbar" in hand(state, "joe")


def test_jump_goes_exactly_two_zones_over_zombies_once_per_turn():
    from game.rules.zombicide.commands import Jump

    state = long_game(("jump",), zombies={"r0c1": {"skinner_walker": 2}})
    assert Jump("joe", "r0c2") in engine.legal_commands(state, "A")
    state, _ = engine.apply(state, "A", Jump("joe", "r0c2"))
    assert survivor(state, "joe").zone == 2 and survivor(state, "joe").actions_left == 2
    with pytest.raises(IllegalCommand, match="once per turn"):
        engine.apply(state, "A", Jump("joe", "r0c4"))
    with pytest.raises(IllegalCommand, match="2 zones away"):
        engine.apply(long_game(("jump",)), "A", Jump("joe", "r0c1"))


def test_born_leader_gives_an_action_for_the_next_turn():
    from game.rules.zombicide.commands import GiveAction

    state = new_game(LONG, {"A": ["travis", "joe"]}, catalog=catalog_with([NOTHING] * 4))
    state, _ = engine.apply(state, "A", GiveAction("travis", "joe"))
    with pytest.raises(IllegalCommand, match="once per turn"):
        engine.apply(state, "A", GiveAction("travis", "joe"))
    state, _ = engine.apply(state, "A", EndTurn("travis"))
    state, events = engine.apply(state, "A", Move("joe", "r0c1"))
    assert survivor(state, "joe").actions_left == 3  # 3 + 1 - 1


def test_lock_it_down_closes_a_door_that_never_spawns_again():
    from game.rules.zombicide.commands import CloseDoor, OpenDoor

    board = sketch_board(
        """
s s
d
r
""",
        markers=[("start", (0, 0))],
    )
    walker = {"blue": "1 skinner_walker", "yellow": "1 skinner_walker", "orange": "1 skinner_walker", "red": "1 skinner_walker"}
    state = new_game(board, {"A": ["joe"]}, catalog=catalog_with([walker] * 4))
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"], "skills": ("lock_it_down",), "actions": 4}})
    state, _ = engine.apply(state, "A", OpenDoor("joe", "r0c0~r1c0"))
    assert state.zombies_in(state.graph.index["r1c0"]) == 1
    assert CloseDoor("joe", "r0c0~r1c0") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", CloseDoor("joe", "r0c0~r1c0"))
    assert state.doors_open == (False,) and any(e.kind == "door_closed" for e in events)
    state, _ = engine.apply(state, "A", OpenDoor("joe", "r0c0~r1c0"))
    assert state.zombies_in(state.graph.index["r1c0"]) == 1  # no second spawn


def test_point_blank_picks_targets_in_the_shooters_zone():
    state = long_game(("point_blank",), zombies={"r0c0": {"skinner_fatty": 1, "skinner_runner": 1}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["pistol"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    runner = state.tables.zombie_index["skinner_runner"]
    assert state.zombies[0][runner] == 0


def test_barbarian_rolls_a_die_per_actor_in_the_zone():
    state = long_game(("barbarian",), zombies={"r0c0": {"skinner_walker": 3}})
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    _, events = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert len(next(e for e in events if e.kind == "dice_rolled").values) == 4  # 3 zombies and Joe


def test_a_flashlight_in_hand_draws_two_cards():
    state = arrange(game(), survivors={"joe": {"hand": ["flashlight"]}}, equipment_top=["knife", "sword"])
    _, events = engine.apply(state, "A", Search("joe"))
    assert [e.card for e in events if e.kind == "card_drawn"] == ["knife", "sword"]


def test_can_start_at_a_higher_level():
    from game.rules.zombicide.catalog import SkillRef

    catalog = catalog_with([NOTHING] * 4)
    joe = catalog.survivor("joe")
    changed = joe.model_copy(update={"blue": (SkillRef(skill="can_start_at", parameter="yellow"),)})
    catalog = catalog.model_copy(update={"survivors": tuple(changed if s.id == "joe" else s for s in catalog.survivors)})
    state = new_game(BOARD, {"A": ["joe"]}, catalog=catalog, start_levels={"joe": "yellow"})
    joe_state = survivor(state, "joe")
    assert joe_state.level == 1 and joe_state.xp == 7 and joe_state.actions_left == 4
    with pytest.raises(ValueError, match="cannot start at"):
        new_game(BOARD, {"A": ["dan"]}, catalog=catalog, start_levels={"dan": "yellow"})


def test_hit_and_run_gives_a_free_move_that_zombies_do_not_slow():
    state = long_game(("hit_and_run",), zombies={"r0c0": {"skinner_walker": 3}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    state, _ = engine.apply(state, "A", Move("joe", "r0c1"))
    assert survivor(state, "joe").zone == 1 and survivor(state, "joe").actions_left == 2


def test_sudden_charge_needs_the_zone_emptied():
    state = long_game(("sudden_charge",), zombies={"r0c0": {"skinner_walker": 2}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert "move" not in survivor(state, "joe").free_actions
    state = long_game(("sudden_charge",), zombies={"r0c0": {"skinner_walker": 1}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert "move" in survivor(state, "joe").free_actions


def test_hold_your_nose_searches_anywhere_for_free_after_a_kill():
    state = long_game(("hold_your_nose",), zombies={"r0c0": {"skinner_walker": 1}}, dice=[6],
                      equipment_top=["knife"])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    assert Search("joe") not in engine.legal_commands(state, "A")  # a street
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))
    assert Search("joe") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Search("joe"))
    assert survivor(state, "joe").actions_left == 2
    assert [e.card for e in events if e.kind == "card_drawn"] == ["knife"]


def test_shove_pushes_every_zombie_out_of_the_zone():
    from game.rules.zombicide.commands import Shove

    state = long_game(("shove",), zombies={"r0c1": {"skinner_walker": 2, "skinner_runner": 1}})
    state = arrange(state, survivors={"joe": {"zone": "r0c1"}})
    state, _ = engine.apply(state, "A", Shove("joe", "r0c2"))
    assert state.zombies_in(1) == 0 and state.zombies_in(2) == 3
    assert survivor(state, "joe").actions_left == 3
    with pytest.raises(IllegalCommand, match="once per turn"):
        engine.apply(arrange(state, zombies={"r0c1": {"skinner_walker": 1}}), "A", Shove("joe", "r0c0"))


def test_lifesaver_pulls_friends_out_of_a_zombie_zone():
    from game.rules.zombicide.commands import Rescue

    state = new_game(LONG, {"A": ["joe", "dan"]}, catalog=catalog_with([NOTHING] * 4))
    state = arrange(state, survivors={"joe": {"skills": ("lifesaver",)}, "dan": {"zone": "r0c1"}},
                    zombies={"r0c1": {"skinner_walker": 2}})
    assert Rescue("joe", "r0c1") in engine.legal_commands(state, "A")
    state, _ = engine.apply(state, "A", Rescue("joe", "r0c1"))
    assert survivor(state, "dan").zone == 0 and survivor(state, "joe").actions_left == 3


def test_a_quiet_turn_makes_a_survivor_rotten_and_zombies_ignore_it():
    board = sketch_board("s s s", markers=[("start", (0, 0))])
    state = new_game(board, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4))
    state = arrange(state, survivors={"joe": {"skills": ("rotten",), "hand": ["crowbar"]}},
                    zombies={"r0c0": {"skinner_walker": 1}, "r0c2": {"skinner_walker": 1}})
    state, events = engine.apply(state, "A", EndTurn("joe"))
    assert survivor(state, "joe").rotten and survivor(state, "joe").wounds == 0
    assert not any(e.kind == "zombie_attacked" for e in events)
    assert state.zombies_in(2) == 1  # nothing to hear: the far walker stays
    state = arrange(state, dice=[1])
    state, _ = engine.apply(state, "A", Attack("joe", 0, "r0c0"))  # a combat action loses the token
    assert not survivor(state, "joe").rotten


def test_bloodlust_moves_into_the_zombies_and_strikes_for_one_action():
    from game.rules.zombicide.commands import Bloodlust

    state = long_game(("bloodlust:melee",), zombies={"r0c2": {"skinner_walker": 1}}, dice=[6])
    state = arrange(state, survivors={"joe": {"hand": ["crowbar"]}})
    state, _ = engine.apply(state, "A", Bloodlust("joe", "r0c2", 0, via=("r0c1",)))
    assert survivor(state, "joe").zone == 2 and state.zombies_in(2) == 0
    assert survivor(state, "joe").actions_left == 2
    quiet = arrange(long_game(("bloodlust:melee",)), survivors={"joe": {"hand": ["crowbar"]}})
    with pytest.raises(IllegalCommand, match="zone with zombies"):
        engine.apply(quiet, "A", Bloodlust("joe", "r0c1", 0))
