"""What the window asks the engine: an attack's odds with every modifier, the goals' progress and the
trade partners. The odds come from the rules that roll, so they never disagree with the dice."""

from __future__ import annotations

from random import Random

import pytest
from boards import TOWN, arrange, new_game, players, sketch_board

from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, DiceRolled, EndTurn, Move

STREET = sketch_board("s s s", markers=[("start", (0, 0)), ("spawn", (0, 2))])


def test_odds_count_every_die_the_engine_rolls():
    """In random games, the first attack roll has exactly the dice the odds announced."""
    checked = 0
    for seed in range(12):
        rng = Random(seed)
        state = engine.setup(TOWN, {"players": players(("joe", "dan", "cathy"), ("jane", "terry", "oso"))}, seed)
        for _ in range(250):
            if state.result is not None:
                break
            (seat,) = engine.current_seats(state)
            legal = engine.legal_commands(state, seat)
            attacks = [c for c in legal if isinstance(c, Attack) and not c.second_zone]
            command = attacks[0] if attacks and rng.random() < 0.7 else legal[int(rng.random() * len(legal))]
            odds = engine.attack_odds(state, command) if isinstance(command, Attack) else None
            state, events = engine.apply(state, seat, command)
            rolled = next((e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack"), None)
            if odds is not None and not odds.kills_everything:
                assert rolled is not None and len(rolled.values) == odds.dice, (command, odds)
                assert odds.dice == sum(m.amount for m in odds.modifiers if m.what == "dice")
                checked += 1
    assert checked > 20


def test_skills_and_dual_weapons_show_as_modifiers_with_their_source():
    state = arrange(new_game(STREET, {"A": ["joe"]}), zombies={"r0c1": {"skinner_walker": 2}},
                    survivors={"joe": {"hand": ("pistol", "pistol"),
                                       "skills": ("plus_one_die:ranged", "plus_one_to_dice_roll:ranged")}})
    odds = engine.attack_odds(state, Attack("joe", 0, "r0c1"))
    named = {(m.what, m.amount, m.name) for m in odds.modifiers}
    assert {("dice", 1, "Pistol"), ("dice", 1, "Pistol (Dual)"), ("dice", 1, "+1 die: ranged")} <= named
    assert ("needed", -1, "+1 to dice roll: ranged") in named and ("needed", 4, "Pistol") in named
    assert odds.dice == 4 and odds.needed == 3 and odds.distance == 1 and odds.damage == 1
    assert odds.chance == pytest.approx(1 - (2 / 6) ** 4)
    assert odds.expected_hits == pytest.approx(4 * 4 / 6)
    plain = arrange(state, survivors={"joe": {"skills": ()}})
    assert engine.attack_odds(plain, Attack("joe", 0, "r0c1")).chance == pytest.approx(1 - (3 / 6) ** 2)


def test_rerolls_raise_the_chance_and_friendly_fire_is_announced():
    state = arrange(new_game(STREET, {"A": ["joe", "cathy"]}), zombies={"r0c1": {"skinner_walker": 1}},
                    survivors={"joe": {"hand": ("pistol", ""), "skills": ("lucky",)}, "cathy": {"zone": "r0c1"}})
    odds = engine.attack_odds(state, Attack("joe", 0, "r0c1"))
    assert odds.rerolls == ("lucky",) and odds.chance == pytest.approx(1 - (3 / 6) ** 2)
    assert ("note", 1) in {(m.what, m.amount) for m in odds.modifiers if m.source == "rule"}


def test_goal_progress_counts_what_the_rules_count():
    state = new_game(TOWN, {"A": ["joe", "dan"]}, goals=["take_all_objectives", "all_in_exit"])
    objectives, exit_goal = engine.goal_progress(state)
    assert (objectives.goal, objectives.done, objectives.total, objectives.reached) == ("take_all_objectives", 0, 2, False)
    assert exit_goal.total == 2 and exit_goal.done == 0 and exit_goal.zones == ("r2c4",)
    state = arrange(state, survivors={"joe": {"zone": "r2c4"}})
    assert engine.goal_progress(state)[1].done == 1
    rivals = engine.setup(TOWN, {"players": players(("joe",), ("dan",), teams=("red", "blue")), "competitive": True}, 1)
    rivals = arrange(rivals, survivors={"dan": {"xp": 3}})
    race = engine.goal_progress(rivals)[-1]
    assert race.goal == "most_experience" and race.teams == ("blue",) and race.done == 3 and race.total == 3


def test_trade_partners_stand_in_the_same_zone():
    state = new_game(STREET, {"A": ["joe", "cathy", "dan"]})
    assert engine.trade_partners(state, "joe") == ("cathy", "dan")
    state, _ = engine.apply(state, "A", Move("dan", "r0c1"))
    assert engine.trade_partners(state, "joe") == ("cathy",)
    state, _ = engine.apply(state, "A", EndTurn("dan"))
    assert engine.trade_partners(state, "nobody") == ()
