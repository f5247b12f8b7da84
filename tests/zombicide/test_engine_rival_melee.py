"""Competitive mode: melee attacks against rival survivors."""

from __future__ import annotations

import pytest
from boards import arrange, catalog_with, hand, sketch_board, survivor, zombies_at

from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack

BOARD = sketch_board("s s s", markers=[("start", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(competitive=True, **arrangement):
    spec = {
        "players": [
            {"seat": "A", "team": "red", "survivors": ["joe", "dan"]},
            {"seat": "B", "team": "blue", "survivors": ["jane", "oso"]},
        ],
        "competitive": competitive,
    }
    state = engine.setup(BOARD, spec, 3, catalog=catalog_with([NOTHING] * 4))
    people = {"joe": {"hand": ["crowbar"]}, "dan": {"zone": "r0c2"}, "jane": {"hand": ["pistol", "knife"]},
              "oso": {"zone": "r0c2"}}
    people.update(arrangement.pop("survivors", {}))
    return arrange(state, survivors=people, **arrangement)


def test_melee_hits_a_rival_first_then_the_zombies():
    start = game(zombies={"r0c0": {"skinner_walker": 1}}, dice=[6])
    strike = Attack("joe", 0, "r0c0", rival="jane")
    assert strike in engine.legal_commands(start, "A")
    assert Attack("joe", 0, "r0c0", rival="dan") not in engine.legal_commands(start, "A")  # a team-mate
    state, _ = engine.apply(start, "A", strike)
    # the crowbar's one hit goes to jane; the walker is left standing
    assert survivor(state, "jane").wounds == 1
    assert hand(state, "jane")[1] == "wound"  # her last card goes, as with any survivor's hit
    assert zombies_at(state, "r0c0") == {"skinner_walker": 1}
    assert survivor(state, "joe").xp == 0  # hurting a survivor gives no experience
    # two crowbars fired together (Swordmaster): the first hit finishes the wounded rival, the
    # second goes to the walker
    two = game(survivors={"joe": {"hand": ["crowbar", "crowbar"], "skills": ("swordmaster",)},
                          "jane": {"hand": ["pistol", "wound"], "wounds": 1}},
               zombies={"r0c0": {"skinner_walker": 1}}, dice=[6, 6])
    state, events = engine.apply(two, "A", Attack("joe", 0, "r0c0", rival="jane"))
    assert not survivor(state, "jane").alive and zombies_at(state, "r0c0") == {}
    assert any(e.kind == "survivor_eliminated" for e in events)


def test_melee_against_rivals_needs_competitive_mode_and_a_rival_in_reach():
    with pytest.raises(IllegalCommand):
        engine.apply(game(competitive=False, dice=[6]), "A", Attack("joe", 0, "r0c0", rival="jane"))
    assert not any(getattr(c, "rival", "") for c in engine.legal_commands(game(competitive=False), "A"))
    with pytest.raises(IllegalCommand):
        engine.apply(game(dice=[6]), "A", Attack("joe", 0, "r0c0", rival="oso"))  # another zone
    with pytest.raises(IllegalCommand):
        engine.apply(game(dice=[6]), "A", Attack("joe", 0, "r0c0", rival="dan"))  # a team-mate


def test_a_rivals_vest_turns_melee_wounds_away():
    start = game(survivors={"jane": {"hand": ["pistol", "knife"], "reserve": ["bulletproof_vest"]}}, dice=[6])
    state, _ = engine.apply(start, "A", Attack("joe", 0, "r0c0", rival="jane"))
    assert survivor(state, "jane").wounds == 0
