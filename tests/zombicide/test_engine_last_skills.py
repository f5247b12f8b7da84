"""The last Rue Morgue skills: Taunt, Tactician, Trick shot, Zombie link, Distributor."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor, zombies_at

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, ChooseOption, EndTurn, Move, Taunt

NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}
ROW = sketch_board("s s s s", markers=[("start", (0, 0))])


def row_game(**arrangement):
    state = new_game(ROW, {"A": ["joe", "cathy"]}, catalog=catalog_with([NOTHING] * 4))
    return arrange(state, **arrangement)


def test_taunt_pulls_the_zombies_of_a_zone_in_sight_one_step_per_action():
    start = row_game(
        survivors={"joe": {"skills": ("taunt",)}, "cathy": {"zone": "r0c3"}},
        zombies={"r0c3": {"skinner_walker": 2, "skinner_runner": 1}},
    )
    assert Taunt("joe", "r0c3") in engine.legal_commands(start, "A")
    state, events = engine.apply(start, "A", Taunt("joe", "r0c3"))
    # the taunted zombies ignore cathy, who shares their zone: walkers 1 step, the runner 2
    assert zombies_at(state, "r0c2") == {"skinner_walker": 2}
    assert zombies_at(state, "r0c1") == {"skinner_runner": 1}
    assert zombies_at(state, "r0c3") == {}
    assert [e.to_zone for e in events if e.kind == "zombie_moved"] == ["r0c2", "r0c2", "r0c1"]
    assert survivor(state, "cathy").wounds == 0
    assert survivor(state, "joe").actions_left == survivor(start, "joe").actions_left  # free
    # once per turn
    assert not any(isinstance(c, Taunt) for c in engine.legal_commands(state, "A"))
    with pytest.raises(IllegalCommand):
        engine.apply(state, "A", Taunt("joe", "r0c2"))


def test_taunted_zombies_that_reach_the_taunter_attack_only_the_taunter():
    start = row_game(
        survivors={"joe": {"skills": ("taunt",), "hand": ["crowbar", "pistol"]}, "cathy": {"zone": "r0c1"}},
        zombies={"r0c1": {"skinner_runner": 1}},
    )
    state, _ = engine.apply(start, "A", Taunt("joe", "r0c1"))
    assert zombies_at(state, "r0c0") == {"skinner_runner": 1}
    # the runner's second action is an attack on joe: his player picks the card lost
    assert state.pending is not None and state.pending.kind == "wound"
    assert all("Joe" in label or "joe" in label.lower() for label in state.pending.options)
    state, _ = engine.apply(state, "A", ChooseOption(1))
    assert survivor(state, "joe").wounds == 1
    assert hand(state, "joe")[:2] == ["crowbar", "wound"]
    assert survivor(state, "cathy").wounds == 0


def test_taunt_needs_the_skill_sight_and_zombies():
    walled = sketch_board("s|s", markers=[("start", (0, 0))])
    state = arrange(
        new_game(walled, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4)),
        survivors={"joe": {"skills": ("taunt",)}}, zombies={"r0c1": {"skinner_walker": 1}},
    )
    with pytest.raises(IllegalCommand):
        engine.apply(state, "A", Taunt("joe", "r0c1"))
    plain = row_game(zombies={"r0c2": {"skinner_walker": 1}})
    with pytest.raises(IllegalCommand):
        engine.apply(plain, "A", Taunt("joe", "r0c2"))
    empty = row_game(survivors={"joe": {"skills": ("taunt",)}})
    with pytest.raises(IllegalCommand):
        engine.apply(empty, "A", Taunt("joe", "r0c2"))


def two_seats(joe_skills=(), **arrangement):
    state = new_game(ROW, {"A": ["joe"], "B": ["cathy"]}, catalog=catalog_with([NOTHING] * 4), first_seat="A")
    return arrange(state, survivors={"joe": {"skills": joe_skills}, **arrangement.pop("survivors", {})}, **arrangement)


def test_tactician_may_wait_for_the_other_seats_and_play_last():
    state = two_seats(("tactician",))
    # seat A's only survivor is a Tactician: B's turn comes first, and A may still step in
    assert engine.current_seats(state) == frozenset({"B"})
    assert Move("cathy", "r0c1") in engine.legal_commands(state, "B")
    assert Move("joe", "r0c1") in engine.legal_commands(state, "A")
    state, _ = engine.apply(state, "B", EndTurn("cathy"))
    assert state.phase == "players" and engine.current_seats(state) == frozenset({"A"})
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    assert state.phase == "players" and state.round == 2  # the zombies have played


def test_tactician_steps_in_between_two_turns_of_another_seat():
    start = arrange(
        new_game(ROW, {"A": ["joe", "dan"], "B": ["cathy"]}, catalog=catalog_with([NOTHING] * 4), first_seat="A"),
        survivors={"cathy": {"skills": ("tactician",)}},
    )
    assert engine.current_seats(start) == frozenset({"A"})
    assert Move("cathy", "r0c1") in engine.legal_commands(start, "B")
    state, _ = engine.apply(start, "A", Move("joe", "r0c1"))
    # joe's turn has begun: nobody steps in before it ends
    assert engine.legal_commands(state, "B") == []
    with pytest.raises(IllegalCommand):
        engine.apply(state, "B", Move("cathy", "r0c1"))
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    state, _ = engine.apply(state, "B", Move("cathy", "r0c1"))  # between joe's and dan's turns
    assert engine.current_seats(state) == frozenset({"B"})
    assert engine.legal_commands(state, "A") == []
    with pytest.raises(IllegalCommand):
        engine.apply(state, "A", Move("dan", "r0c1"))
    state, _ = engine.apply(state, "B", EndTurn("cathy"))
    assert engine.current_seats(state) == frozenset({"A"})
    state, _ = engine.apply(state, "A", EndTurn("dan"))
    assert state.round == 2  # B had no one left to play: the zombies came


def test_without_tactician_a_seat_waits_for_its_turn():
    start = two_seats()
    assert engine.legal_commands(start, "B") == []
    with pytest.raises(IllegalCommand):
        engine.apply(start, "B", Move("cathy", "r0c1"))


def pistols_game(skills, dice=(6, 6)):
    return row_game(
        survivors={"joe": {"zone": "r0c1", "skills": skills, "hand": ["pistol", "pistol"]}, "cathy": {"zone": "r0c3"}},
        zombies={"r0c0": {"skinner_walker": 1}, "r0c2": {"skinner_walker": 1}}, dice=dice,
    )


def test_trick_shot_aims_each_dual_pistol_at_its_own_zone():
    start = pistols_game(("trick_shot",))
    two_zones = Attack("joe", 0, "r0c0", second_zone="r0c2")
    assert two_zones in engine.legal_commands(start, "A")
    state, events = engine.apply(start, "A", two_zones)
    assert [e.values for e in events if e.kind == "dice_rolled"] == [(6,), (6,)]
    assert zombies_at(state, "r0c0") == {} and zombies_at(state, "r0c2") == {}
    assert survivor(state, "joe").actions_left == survivor(start, "joe").actions_left - 1  # one action
    # both dice at one zone still works as before
    state, _ = engine.apply(start, "A", Attack("joe", 0, "r0c0"))
    assert zombies_at(state, "r0c0") == {} and zombies_at(state, "r0c2") == {"skinner_walker": 1}


def test_trick_shot_needs_the_skill_and_a_dual_pair():
    plain = pistols_game(())
    assert not any(getattr(c, "second_zone", "") for c in engine.legal_commands(plain, "A"))
    with pytest.raises(IllegalCommand):
        engine.apply(plain, "A", Attack("joe", 0, "r0c0", second_zone="r0c2"))
    single = arrange(pistols_game(("trick_shot",)), survivors={"joe": {"hand": ["pistol", ""]}})
    with pytest.raises(IllegalCommand):
        engine.apply(single, "A", Attack("joe", 0, "r0c0", second_zone="r0c2"))


def test_trick_shot_second_weapon_waits_for_a_reroll_decision():
    start = pistols_game(("trick_shot", "lucky"), dice=(1, 6, 6))
    state, events = engine.apply(start, "A", Attack("joe", 0, "r0c0", second_zone="r0c2"))
    assert state.pending is not None and state.pending.kind == "reroll"
    assert [e.values for e in events if e.kind == "dice_rolled"] == [(1,)]
    state, events = engine.apply(state, "A", ChooseOption(1))  # Lucky: re-roll the first pistol's die
    assert [e.values for e in events if e.kind == "dice_rolled"][:2] == [(6,), (6,)]
    assert zombies_at(state, "r0c0") == {}
    # the second pistol's own roll offers Lucky again (once per action and weapon roll)
    while state.pending is not None:
        state, _ = engine.apply(state, "A", ChooseOption(0))
    assert zombies_at(state, "r0c2") == {}


EXTRA = {"kind": "extra_activation", "zombie": "skinner_walker"}
SPAWN_ROW = sketch_board("s s s s", markers=[("start", (0, 0)), ("spawn", (0, 3))])


def link_game(skills=("zombie_link",), xp=8):
    state = new_game(SPAWN_ROW, {"A": ["joe"]}, catalog=catalog_with([EXTRA] * 4))
    return arrange(state, survivors={"joe": {"skills": skills, "xp": xp}}, zombies={"r0c2": {"skinner_walker": 1}})


def test_zombie_link_plays_an_extra_turn_before_the_extra_activation():
    state, events = engine.apply(link_game(), "A", EndTurn("joe"))
    assert any(e.kind == "extra_activation" for e in events)
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}  # the ordinary activation came first
    assert state.phase == "players" and state.round == 1
    assert engine.current_seats(state) == frozenset({"A"})
    assert survivor(state, "joe").actions_left == 3
    state, _ = engine.apply(state, "A", Move("joe", "r0c1"))
    # the zombies wait while joe plays
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1}
    state, events = engine.apply(state, "A", EndTurn("joe"))
    # the walker's extra activation finds joe in its zone: it attacks
    assert any(e.kind == "zombie_attacked" for e in events)
    assert survivor(state, "joe").wounds == 1
    assert state.phase == "players" and state.round == 2 and not state.paused_queue


def test_without_zombie_link_or_at_blue_no_extra_turn():
    for start in (link_game(skills=()), link_game(xp=0)):
        state, _ = engine.apply(start, "A", EndTurn("joe"))
        assert state.round == 2


ONE = {level: "1 skinner_walker" for level in ("blue", "yellow", "orange", "red")}
TWO = {level: "2 skinner_walker" for level in ("blue", "yellow", "orange", "red")}
TWO_SPAWNS = sketch_board("s s s s s", markers=[("start", (0, 0)), ("spawn", (0, 3)), ("spawn", (0, 4))])


def deal_game(skills):
    state = new_game(TWO_SPAWNS, {"A": ["joe"]}, catalog=catalog_with([ONE, TWO, NOTHING, NOTHING]))
    return arrange(state, survivors={"joe": {"skills": skills}}, zombie_top=[1, 2])


def test_distributor_draws_the_spawn_cards_first_then_deals_them():
    plain, _ = engine.apply(deal_game(()), "A", EndTurn("joe"))
    assert zombies_at(plain, "r0c3") == {"skinner_walker": 1} and zombies_at(plain, "r0c4") == {"skinner_walker": 2}
    state, events = engine.apply(deal_game(("distributor",)), "A", EndTurn("joe"))
    assert state.pending is not None and state.pending.kind == "deal"
    assert [e.decision for e in events if e.kind == "decision_needed"] == ["deal"]
    assert "r0c3" in state.pending.options[0] and len(state.pending.options) == 2
    assert zombies_at(state, "r0c3") == {} and len(state.zombie_discard) == 2  # both cards drawn already
    walker = next(z.name for z in state.tables.catalog.zombies if z.id == "skinner_walker")
    two = next(n for n, label in enumerate(state.pending.options) if f"2 {walker}" in label)  # by its name, not its id
    state, _ = engine.apply(state, "A", ChooseOption(two))
    # the last card goes to the last zone by itself
    assert zombies_at(state, "r0c3") == {"skinner_walker": 2} and zombies_at(state, "r0c4") == {"skinner_walker": 1}
    assert state.pending is None and state.round == 2


def test_distributor_with_one_kind_of_card_asks_nothing():
    state = arrange(new_game(TWO_SPAWNS, {"A": ["joe"]}, catalog=catalog_with([ONE] * 4)),
                    survivors={"joe": {"skills": ("distributor",)}})
    state, _ = engine.apply(state, "A", EndTurn("joe"))
    assert state.pending is None and state.round == 2
    assert zombies_at(state, "r0c3") == {"skinner_walker": 1} and zombies_at(state, "r0c4") == {"skinner_walker": 1}


def crowd_game(**more):
    state = new_game(ROW, {"A": ["joe", "cathy", "dan"]}, catalog=catalog_with([NOTHING] * 4), **more)
    return arrange(
        state,
        survivors={"joe": {"hand": ["pistol", "pistol"]}, "cathy": {"zone": "r0c1", "hand": ["knife"]},
                   "dan": {"zone": "r0c1", "hand": ["knife"]}},
        zombies={"r0c1": {"skinner_walker": 1}}, dice=[6, 6, 6],
    )


def test_players_choose_which_survivor_a_stray_shot_hits():
    state, events = engine.apply(crowd_game(), "A", Attack("joe", 0, "r0c1"))
    assert state.pending is not None and state.pending.kind == "friendly_fire"
    assert [e.decision for e in events if e.kind == "decision_needed"] == ["friendly_fire"]
    assert len(state.pending.options) == 2 and "Dan" in state.pending.options[1]
    state, _ = engine.apply(state, "A", ChooseOption(1))  # the first hit lands on dan
    assert survivor(state, "dan").wounds == 1 and survivor(state, "cathy").wounds == 0
    state, _ = engine.apply(state, "A", ChooseOption(1))  # dan again
    assert survivor(state, "dan").wounds == 2 and survivor(state, "cathy").wounds == 0
    # two hits spent on survivors: the walker is untouched
    assert zombies_at(state, "r0c1") == {"skinner_walker": 1} and state.pending is None


def test_the_fixed_policy_picks_the_stray_shots_victim_itself():
    state, _ = engine.apply(crowd_game(auto_wounds=True), "A", Attack("joe", 0, "r0c1"))
    assert state.pending is None
    assert survivor(state, "cathy").wounds + survivor(state, "dan").wounds == 2
