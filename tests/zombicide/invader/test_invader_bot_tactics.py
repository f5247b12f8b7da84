"""The Invader bot's own reading of the xenos (a Tank's attack takes 2 Armor, the Abomination's 3),
M10's old tanks taken to an Airlock before a new one is taken; the rebalanced missions (M8, M10)."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from game.rules.zombicide.boxes.invader import bots as inv_bots
from game.rules.zombicide.boxes.invader.armor import attack_wounds
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.state import mission
from tests.zombicide.test_planner_crowds import MISSIONS_DIR, _setup, _zombies

_xenos = _zombies


def test_a_tank_attack_takes_two_armor_and_the_abomination_three() -> None:
    state = _setup("inv-m8")
    wounds = {kind: attack_wounds(state, state.tables.zombie_index[kind])
              for kind in ("worker", "tank", "hunter", "spoiler_abomination")}
    assert wounds == {"worker": 1, "tank": 2, "hunter": 1, "spoiler_abomination": 3}
    assert state.box.bot.attack_wounds is attack_wounds


def test_m10_takes_its_old_tanks_to_an_airlock_then_to_an_oxygen_supply_room() -> None:
    state = _setup("inv-m10")
    state = replace(state, box_state=replace(state.box_state, goals_done=("take_all",)))
    data = board_of(state.graph)
    wanted = {z for zs in inv_bots.targets(state, [[0]]) for z in zs}
    assert wanted and all(data.airlock[z] for z in wanted)
    state = replace(state, box_state=replace(state.box_state, old_tanks=()))  # every old tank left in an Airlock
    wanted = {z for zs in inv_bots.targets(state, [[0]]) for z in zs}
    assert wanted == set(inv_bots._oxygen_rooms(state))


def test_m8_and_m10_keep_one_spawn_zone_and_say_why() -> None:
    for name in ("inv-m8", "inv-m10"):
        text = (MISSIONS_DIR / f"{name}.toml").read_text(encoding="utf-8")
        data = tomllib.loads(text)
        assert [m["kind"] for m in data["markers"]].count("spawn") == 1
        assert "# Balance (docs/zombicide-invader-rules-choices.md" in text
        state = _setup(name)
        assert len(state.graph.spawns) == 1
    # M10 plays the easier Xeno cards (§16.2): only cards #1-#25 in its deck
    state = _setup("inv-m10")
    assert mission(state).xeno_cards == "easier"
    assert data["setup"]["xeno_cards"] == "easier"
    assert len(state.zombie_deck) == 29 and not [n for n in state.zombie_deck if 25 < n <= 50]  # #51-#54: Extra Activations
    # (M8 too, since issue 18: test_invader_mission_balance.py)
