"""The Invader bot's own reading of the xenos: a Tank's attack takes 2 Armor and the Abomination's 3,
the team keeps clear of xenos nobody's hit can kill, M10's old tanks go to an Airlock before a new
one is taken; the rebalanced missions (M8, M10)."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from game.rules.zombicide import engine
from game.rules.zombicide.bots import whose_turn
from game.rules.zombicide.boxes.invader import bots as inv_bots
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.state import mission
from game.rules.zombicide.commands import Move
from tests.zombicide.test_planner_crowds import MISSIONS_DIR, _card, _setup, _with, _zombies

_xenos = _zombies


def test_a_tank_attack_takes_two_armor_and_the_abomination_three() -> None:
    state = _setup("inv-m8")
    wounds = {kind: inv_bots.attack_wounds(state, state.tables.zombie_index[kind])
              for kind in ("worker", "tank", "hunter", "spoiler_abomination")}
    assert wounds == {"worker": 1, "tank": 2, "hunter": 1, "spoiler_abomination": 3}
    assert state.box.bot.attack_wounds is inv_bots.attack_wounds


def _beside_a_tank(damage_two: bool):
    """The whole team in the start zone of M8, a Tank in a neighbouring corridor."""
    state = _setup("inv-m8")
    start = state.survivors[0].zone
    doors = state.doors_open
    tank_zone = next(n for n in state.graph.neighbours(start, doors) if not board_of(state.graph).outdoor[n])
    state = _xenos(state, tank_zone, "tank", 1)
    if damage_two:
        state = _with(state, 0, slots=(_card(state, "heavy_shotgun"), *state.survivors[0].slots[1:]))
    return state, start, tank_zone


def test_the_team_keeps_clear_of_a_tank_nobody_can_kill() -> None:
    state, start, tank_zone = _beside_a_tank(damage_two=False)
    seat, legal = whose_turn(state)
    i = next(n for n, s in enumerate(state.survivors) if any(getattr(c, "survivor", "") == s.id for c in legal))
    mine = [c for c in legal if getattr(c, "survivor", "") == state.survivors[i].id]
    command = inv_bots.keep_clear(state, i, mine, _flat_route(state))
    assert isinstance(command, Move)
    to = state.graph.index[command.to]
    reach = {tank_zone, *state.graph.neighbours(tank_zone, state.doors_open)}
    assert to not in reach and not sum(state.zombies[to])
    engine.apply(state, seat, command)  # legal
    # routes go round the Tank's zone and where it walks next, but not round the team's own zone
    assert inv_bots.blocked(state, tank_zone) and not inv_bots.blocked(state, start)


def test_a_damage_two_weapon_in_hand_lets_the_team_face_the_tank() -> None:
    state, start, tank_zone = _beside_a_tank(damage_two=True)
    seat, legal = whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", "") == state.survivors[0].id]
    assert inv_bots.keep_clear(state, 0, mine, _flat_route(state)) is None
    assert not inv_bots.blocked(state, tank_zone)


def _flat_route(state):
    from game.rules.zombicide.bots import Route

    n = state.graph.zone_count
    return Route(targets=(), cost=(1,) * n, step=(-1,) * n, can_open=True)


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
    assert mission(_setup("inv-m8")).xeno_cards == "all" and len(_setup("inv-m8").zombie_deck) == 54
