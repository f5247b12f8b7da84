"""Combat: melee and ranged, targeting priority, friendly fire, Crawlers, Duals, reloads, XP."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, new_game, sketch_board, survivor, zombies_at

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    DiceRolled,
    EndTurn,
    NoiseMade,
    OpenDoor,
    Reload,
    ZombiesKilled,
)

BOARD = sketch_board(
    """
s s s s
  d
r=r
""",
    markers=[("start", (0, 0))],
)
SEATS = {"A": ["joe", "dan"], "B": ["jane"]}
DECK = [{"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}] * 4


def game(**setup):
    return new_game(BOARD, SEATS, catalog=catalog_with(DECK), **setup)


def fight(state, command, seat="A"):
    return engine.apply(state, seat, command)


def killed(events):
    return {e.zombie: e.count for e in events if isinstance(e, ZombiesKilled)}


def test_melee_hit_kills_and_gives_xp():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"]}}, zombies={"r0c0": {"skinner_walker": 1}}, dice=[4])
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert DiceRolled("attack", (4,), "joe") in events
    assert killed(events) == {"skinner_walker": 1}
    assert zombies_at(state, "r0c0") == {}
    assert survivor(state, "joe").xp == 1
    assert state.noise[0] == 0  # the crowbar kills silently


def test_a_miss_kills_nothing():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"]}}, zombies={"r0c0": {"skinner_walker": 1}}, dice=[3])
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert killed(events) == {}
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1}


def test_melee_only_reaches_the_own_zone():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"]}}, zombies={"r0c1": {"skinner_walker": 1}})
    with pytest.raises(IllegalCommand, match="own zone"):
        fight(state, Attack("joe", 0, "r0c1"))


def test_natural_ones_leave_crawlers_capped_by_skinners_killed():
    state = arrange(
        game(), survivors={"joe": {"hand": ["chainsaw"]}}, zombies={"r0c0": {"skinner_walker": 3}}, dice=[6, 6, 1, 1, 1]
    )
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert killed(events) == {"skinner_walker": 2}
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1, "crawler": 2}


def test_the_beginner_variant_has_no_crawlers():
    state = arrange(
        game(crawlers=False), survivors={"joe": {"hand": ["chainsaw"]}}, zombies={"r0c0": {"skinner_walker": 3}},
        dice=[6, 6, 1, 1, 1],
    )
    state, _ = fight(state, Attack("joe", 0, "r0c0"))
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1}


def test_plus_one_to_rolls_does_not_hide_natural_ones():
    state = arrange(
        game(), survivors={"joe": {"hand": ["crowbar"], "skills": ("plus_one_to_dice_roll:melee",)}},
        zombies={"r0c0": {"skinner_walker": 1}}, dice=[3],
    )
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert killed(events) == {"skinner_walker": 1}  # 3 + 1 hits on 4+
    state = arrange(
        game(), survivors={"joe": {"hand": ["crowbar", "crowbar"], "skills": ("plus_one_to_dice_roll:melee",)}},
        zombies={"r0c0": {"skinner_walker": 1}}, dice=[1],
    )
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1}  # 1 + 1 misses, and killed nothing: no crawler


def test_fatties_need_damage_two():
    state = arrange(game(), survivors={"joe": {"hand": ["crowbar"]}}, zombies={"r0c0": {"skinner_fatty": 1}}, dice=[6])
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert killed(events) == {}
    state = arrange(game(), survivors={"joe": {"hand": ["fire_axe"]}}, zombies={"r0c0": {"skinner_fatty": 1}}, dice=[6])
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert killed(events) == {"skinner_fatty": 1}


def test_melee_hits_go_where_the_player_says():
    start = arrange(
        game(), survivors={"joe": {"hand": ["crowbar"]}}, zombies={"r0c0": {"skinner_walker": 1, "skinner_runner": 1}},
        dice=[5],
    )
    _, events = fight(start, Attack("joe", 0, "r0c0"))
    assert killed(events) == {"skinner_runner": 1}  # the default order takes the runner first
    _, events = fight(start, Attack("joe", 0, "r0c0", priority=("skinner_walker",)))
    assert killed(events) == {"skinner_walker": 1}
    with pytest.raises(IllegalCommand, match="unknown zombie type"):
        fight(start, Attack("joe", 0, "r0c0", priority=("vampire",)))


def test_ranged_hits_follow_the_targeting_priority():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol"]}},
        zombies={"r0c1": {"skinner_runner": 1, "skinner_walker": 1}}, dice=[6],
    )
    state, events = fight(state, Attack("joe", 0, "r0c1"))
    assert killed(events) == {"skinner_walker": 1}
    assert any(isinstance(e, NoiseMade) and e.zone == "r0c0" for e in events)  # noise where the shooter stands


def test_a_fatty_shields_runners_from_damage_one_hits():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol", "pistol"]}},
        zombies={"r0c1": {"skinner_fatty": 1, "skinner_runner": 1}}, dice=[6, 6],
    )
    state, events = fight(state, Attack("joe", 0, "r0c1"))
    assert killed(events) == {}


def test_sniper_picks_ranged_targets():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol"], "skills": ("sniper",)}},
        zombies={"r0c1": {"skinner_fatty": 1, "skinner_runner": 1}}, dice=[6],
    )
    state, events = fight(state, Attack("joe", 0, "r0c1"))
    assert killed(events) == {"skinner_runner": 1}


def test_friendly_fire_hits_team_mates_first():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol"]}, "dan": {"zone": "r0c1", "hand": ["crowbar"]}},
        zombies={"r0c1": {"skinner_walker": 1}}, dice=[6],
    )
    state, events = fight(state, Attack("joe", 0, "r0c1"))
    assert killed(events) == {}
    assert survivor(state, "dan").wounds == 1
    assert hand(state, "dan")[0] == "wound"  # a wound from a survivor costs a card too


def test_ranged_at_range_zero_stays_ranged_and_hits_survivors_first():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol"]}, "dan": {"hand": ["crowbar"]}},
        zombies={"r0c0": {"skinner_walker": 1}}, dice=[6],
    )
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    # several team-mates share the zone: the players pick who takes the hit
    assert state.pending is not None and state.pending.kind == "friendly_fire"
    dan = next(n for n, label in enumerate(state.pending.options) if "Dan" in label)
    state, more = engine.apply(state, "A", ChooseOption(dan))
    assert survivor(state, "dan").wounds == 1
    assert killed(events + more) == {}


def test_range_and_line_of_sight():
    state = arrange(
        game(), survivors={"joe": {"hand": ["rifle", "crowbar"]}},
        zombies={"r0c0": {"skinner_walker": 1}, "r0c3": {"skinner_walker": 1}, "r1c1": {"skinner_walker": 1}},
        dice=[6],
    )
    with pytest.raises(IllegalCommand, match="reaches 1–3 zones, not 0"):
        fight(state, Attack("joe", 0, "r0c0"))
    legal = engine.legal_commands(state, "A")
    assert Attack("joe", 0, "r0c3") in legal
    assert Attack("joe", 0, "r0c0") not in legal
    state2 = arrange(state, survivors={"joe": {"zone": "r0c1"}})
    with pytest.raises(IllegalCommand, match="cannot see"):
        fight(state2, Attack("joe", 0, "r1c1"))  # through a closed door
    state2, _ = fight(state2, OpenDoor("joe", "r0c1~r1c1"))
    state2, events = fight(state2, Attack("joe", 0, "r1c1"))
    assert killed(events) == {"skinner_walker": 1}


def test_dual_weapons_fire_together_with_one_noise():
    state = arrange(
        game(), survivors={"joe": {"hand": ["pistol", "pistol"]}}, zombies={"r0c1": {"skinner_walker": 2}}, dice=[6, 6]
    )
    state, events = fight(state, Attack("joe", 1, "r0c1"))
    rolled = [e for e in events if isinstance(e, DiceRolled)]
    assert len(rolled) == 1 and len(rolled[0].values) == 2
    assert killed(events) == {"skinner_walker": 2}
    assert sum(1 for e in events if isinstance(e, NoiseMade)) == 1


def test_knives_add_a_die_to_the_other_melee_weapon():
    state = arrange(game(), survivors={"joe": {"hand": ["knife", "knife"]}}, zombies={"r0c0": {"skinner_walker": 4}})
    _, events = fight(state, Attack("joe", 0, "r0c0"))
    assert len(next(e for e in events if isinstance(e, DiceRolled)).values) == 4
    state = arrange(game(), survivors={"joe": {"hand": ["fire_axe", "knife"]}}, zombies={"r0c0": {"skinner_walker": 4}})
    _, events = fight(state, Attack("joe", 0, "r0c0"))
    assert len(next(e for e in events if isinstance(e, DiceRolled)).values) == 2


def test_reloadable_weapons_need_a_reload_action_and_reload_at_the_end_phase():
    state = arrange(
        game(), survivors={"joe": {"hand": ["mac_10", "mac_10"]}}, zombies={"r0c1": {"skinner_walker": 9}},
    )
    state, _ = fight(state, Attack("joe", 0, "r0c1"))
    assert len(state.unloaded) == 2
    with pytest.raises(IllegalCommand, match="reloaded first"):
        fight(state, Attack("joe", 0, "r0c1"))
    assert Reload("joe") in engine.legal_commands(state, "A")
    reloaded, _ = fight(state, Reload("joe"))
    assert reloaded.unloaded == ()  # one Reload loads both twins
    state, _ = fight(state, EndTurn("joe"))
    state, _ = fight(state, EndTurn("dan"))
    state, _ = fight(state, EndTurn("jane"), seat="B")
    assert state.unloaded == ()


def test_a_molotov_kills_everything_in_the_zone():
    state = arrange(
        game(), survivors={"joe": {"hand": ["molotov"]}, "dan": {"zone": "r0c1"}},
        zombies={"r0c1": {"a_bomb": 1, "skinner_walker": 2}},
    )
    state, events = fight(state, Attack("joe", 0, "r0c1"))
    assert zombies_at(state, "r0c1") == {}
    assert not survivor(state, "dan").alive
    assert hand(state, "joe")[0] == ""
    assert survivor(state, "joe").xp == 7  # 5 for the A-Bomb, 1 per walker
    assert not any(e.kind == "dice_rolled" for e in events)


def test_the_a_bomb_shrugs_off_dice():
    state = arrange(game(), survivors={"joe": {"hand": ["chainsaw"]}}, zombies={"r0c0": {"a_bomb": 1}}, dice=[6] * 5)
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    assert zombies_at(state, "r0c0") == {"a_bomb": 1}


def test_reaching_yellow_adds_an_action_at_once():
    state = arrange(
        game(), survivors={"joe": {"hand": ["crowbar"], "xp": 6}}, zombies={"r0c0": {"skinner_walker": 1}}, dice=[6]
    )
    state, events = fight(state, Attack("joe", 0, "r0c0"))
    joe = survivor(state, "joe")
    assert joe.level == 1 and "plus_one_action" in joe.skills
    assert joe.actions_left == 3  # 3 - 1 + 1
    assert any(e.kind == "danger_level_reached" and e.level == "yellow" for e in events)


def test_reaching_orange_asks_for_a_skill():
    state = arrange(
        game(), survivors={"joe": {"hand": ["crowbar"], "xp": 18}}, zombies={"r0c0": {"skinner_walker": 1}}, dice=[6]
    )
    state, _ = fight(state, Attack("joe", 0, "r0c0"))
    assert state.pending is not None and state.pending.kind == "skill"
    assert state.pending.options == ("plus_one_free_melee_action", "hit_and_run")
    state, events = fight(state, ChooseOption(0))
    joe = survivor(state, "joe")
    assert "plus_one_free_melee_action" in joe.skills and "melee" in joe.free_actions
