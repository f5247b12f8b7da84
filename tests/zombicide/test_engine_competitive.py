"""Competitive mode: rival teams, the most XP wins, Bulletproof Vests stop survivors' wounds."""

from __future__ import annotations

from boards import arrange, catalog_with, hand, sketch_board, survivor

from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack, TakeObjective

BOARD = sketch_board("s s s", markers=[("start", (0, 0)), ("objective", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(**setup):
    spec = {
        "players": [
            {"seat": "A", "team": "red", "survivors": ["joe", "dan"]},
            {"seat": "B", "team": "blue", "survivors": ["jane", "oso"]},
        ],
        "competitive": True,
        "goals": ["take_all_objectives"],
        **setup,
    }
    return engine.setup(BOARD, spec, 3, catalog=catalog_with([NOTHING] * 4))


def test_rival_teams_get_the_same_number_of_vests():
    state = game(vests_per_team=2)
    for sid in ("joe", "dan", "jane", "oso"):
        assert hand(state, sid).count("bulletproof_vest") == 1


def test_the_team_with_the_most_xp_wins_when_the_mission_ends():
    state = arrange(game(), survivors={"jane": {"xp": 3}, "oso": {"xp": 1, "alive": False}})
    state, events = engine.apply(state, "A", TakeObjective("joe"))  # 5 XP for red
    assert engine.outcome(state) == "over"
    assert state.winners == ("red",)
    state = arrange(game(), survivors={"jane": {"xp": 3}, "oso": {"xp": 4, "alive": False}})
    state, _ = engine.apply(state, "A", TakeObjective("joe"))
    assert state.winners == ("blue",)  # the dead survivor's XP still counts


def test_a_vest_stops_two_wounds_from_survivors_then_is_lost():
    state = arrange(
        game(vests_per_team=2),
        survivors={"joe": {"hand": ["pistol", "pistol"]}, "jane": {"zone": "r0c1"}, "oso": {"zone": "r0c2"}},
        dice=[6, 6, 6],
    )
    state, events = engine.apply(state, "A", Attack("joe", 0, "r0c1"))
    jane = survivor(state, "jane")
    assert jane.wounds == 0 and "bulletproof_vest" not in hand(state, "jane")
    assert sum(1 for e in events if e.kind == "survivor_wounded" and e.ignored) == 2
    assert survivor(state, "joe").xp == 0  # shooting survivors gives no XP
