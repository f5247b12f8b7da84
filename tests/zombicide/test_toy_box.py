"""The plug-in seam, proven by a toy box registered from this test (``toy_box``): its command, token,
decision, phase step, zombie kind, survivor field and edge and zone kinds all work through the
engine, and a game of it saves, loads and replays to the same hash. No file in ``game/`` knows it."""

from __future__ import annotations

import pytest
from boards import arrange, new_game, sketch_board, survivor, zombies_at, zone_of
from toy_box import RULES, TOY_ID, BeaconLit, BeaconsDoused, LightBeacon

from game.rules.core.base import IllegalCommand
from game.rules.core.session import SaveData, Session
from game.rules.zombicide import engine
from game.rules.zombicide.boxes import register_box, unregister_box
from game.rules.zombicide.commands import ChooseOption, EndTurn, MakeNoise, Move, TakeObjective
from game.rules.zombicide.registration import ruleset


@pytest.fixture(autouse=True, scope="module")
def toy_box():
    register_box(TOY_ID, "Toy box", RULES)
    yield
    unregister_box(TOY_ID)


BOARD = sketch_board("s s s s s", markers=[("start", (0, 0)), ("spawn", (0, 4)), ("objective", (0, 0))])
ALONE = {"A": ["ada"]}


def toy_game(seats=ALONE, board=BOARD, seed=1, **setup):
    return new_game(board, seats, seed, box=TOY_ID, **setup)


def end_every_turn(state):
    """End every survivor's turn: the zombies' phase runs, to the next round or a decision."""
    start = state.round
    while state.phase == "players" and state.round == start:
        (seat,) = engine.current_seats(state)
        active = next(s for s in state.survivors if s.seat == seat and s.in_play and not s.done)
        state, _ = engine.apply(state, seat, EndTurn(active.id))
    return state


def test_the_box_plays_on_its_own_content():
    state = toy_game()
    assert state.box is RULES and state.tables.zombie_ids == ("walker", "glower")
    assert survivor(state, "ada").box_fields.beacons_lit == 0
    assert state.box_state.beacons == ()
    assert "ToyState" not in repr(state) and "beacons=()" in repr(state)  # box fields print flat


def test_legal_commands_list_its_command_after_make_noise():
    legal = engine.legal_commands(toy_game(), "A")
    kinds = [type(c) for c in legal]
    assert LightBeacon("ada") in legal
    assert kinds.index(LightBeacon) == kinds.index(MakeNoise) + 1
    assert kinds.index(LightBeacon) < kinds.index(TakeObjective)


# two streets, each with an open door into a row of rooms joined by openings
ROOMS = sketch_board(
    """
s s s
o   o
r=r=r
""",
    markers=[("start", (0, 0)), ("spawn", (0, 1))],
)


def test_its_token_is_placed_and_read_by_the_zombies():
    state = arrange(toy_game({"A": ["ada", "bo"]}, board=ROOMS), survivors={"bo": {"zone": "r0c2"}},
                    zombies={"r1c1": {"walker": 1}})
    state, events = engine.apply(state, "A", LightBeacon("ada"))
    assert BeaconLit("r0c0", "ada") in events
    assert state.box_state.beacons == (0,)
    assert survivor(state, "ada").box_fields.beacons_lit == 1
    assert LightBeacon("ada") not in engine.legal_commands(state, "A")
    with pytest.raises(IllegalCommand, match="already burns"):
        engine.apply(state, "A", LightBeacon("ada"))
    # the walker sees nobody; Ada and Bo are as near, but the beacon makes Ada's street the louder
    state = end_every_turn(state)
    assert zombies_at(state, "r1c0") == {"walker": 1} and zombies_at(state, "r1c2") == {}


def test_without_a_beacon_the_same_walker_splits():
    state = arrange(toy_game({"A": ["ada", "bo"]}, board=ROOMS), survivors={"bo": {"zone": "r0c2"}},
                    zombies={"r1c1": {"walker": 1}})
    state = end_every_turn(state)
    assert zombies_at(state, "r1c0") == {"walker": 1} and zombies_at(state, "r1c2") == {"walker": 1}


def test_its_phase_step_asks_its_decision_which_pauses_and_resumes_the_game():
    state, _ = engine.apply(toy_game(), "A", LightBeacon("ada"))
    state = arrange(state, zombie_top=(1,))
    state, events = engine.apply(state, "A", EndTurn("ada"))
    kinds = [e.kind for e in events]
    assert state.pending is not None and state.pending.kind == "toy_douse"
    assert state.phase == "zombies" and engine.current_seats(state) == frozenset({"A"})
    assert engine.legal_commands(state, "A") == [ChooseOption(0), ChooseOption(1)]
    # the step comes at its hook: after the spawn, before the end of the round
    assert kinds.index("zombie_spawned") < kinds.index("decision_needed")
    assert "noise_cleared" not in kinds
    with pytest.raises(IllegalCommand, match="decision"):
        engine.apply(state, "A", MakeNoise("ada"))
    state, events = engine.apply(state, "A", ChooseOption(1))
    assert BeaconsDoused(1) in events and state.box_state.beacons == ()
    assert [e.kind for e in events].index("toy_beacons_doused") < [e.kind for e in events].index("noise_cleared")
    assert state.phase == "players" and state.round == 2 and state.pending is None


def test_keeping_the_beacons_asks_again_next_round():
    state, _ = engine.apply(toy_game(), "A", LightBeacon("ada"))
    state, _ = engine.apply(state, "A", EndTurn("ada"))
    state, _ = engine.apply(state, "A", ChooseOption(0))
    assert state.box_state.beacons == (0,) and state.round == 2
    state, _ = engine.apply(state, "A", EndTurn("ada"))
    assert state.pending is not None and state.pending.kind == "toy_douse" and state.round == 2


def test_its_zombie_kind_spawns_and_acts():
    state = arrange(toy_game(), zombie_top=(2,))
    state, events = engine.apply(state, "A", EndTurn("ada"))
    assert any(e.kind == "zombie_spawned" and e.zombie == "glower" and e.zone == "r0c4" for e in events)
    assert not any(isinstance(e, BeaconLit) for e in events)  # spawned after the activations
    state, events = engine.apply(state, "A", EndTurn("ada"))  # round 2: the glower activates
    moved = [e for e in events if e.kind == "zombie_moved" and e.zombie == "glower"]
    assert moved and moved[0].to_zone == "r0c3"
    assert BeaconLit("r0c3", "glower") in events  # its own behaviour, after its activation
    assert state.pending is not None and state.pending.kind == "toy_douse"


def test_a_game_of_the_box_saves_loads_and_replays_to_the_same_hash():
    rules = ruleset(TOY_ID)
    assert rules.command_from_json(rules.command_to_json(LightBeacon("ada"))) == LightBeacon("ada")
    session = Session(rules, BOARD, {"box": TOY_ID, "players": [{"seat": "A", "survivors": ["ada", "bo"]}]}, seed=5)
    session.play("A", LightBeacon("ada"))
    session.play("A", Move("ada", "r0c1"))
    session.play("A", LightBeacon("ada"))  # her third action ends her turn
    session.play("A", EndTurn("bo"))
    assert session.state.pending is not None
    session.play("A", ChooseOption(1))
    text = session.save().to_json()
    assert '"toy_light_beacon"' in text
    loaded = Session.load(ruleset(TOY_ID), BOARD, SaveData.from_json(text, "toy.json"))
    assert loaded.hash() == session.hash() and loaded.state == session.state
    assert survivor(loaded.state, "ada").box_fields.beacons_lit == 2


def test_the_rue_morgue_adapter_refuses_the_toy_command():
    with pytest.raises(ValueError):
        ruleset("rue_morgue").command_from_json('{"kind": "toy_light_beacon", "survivor": "ada"}')


# --- edge and zone kinds ----------------------------------------------------------------------------

# a street, a hedge, more street; below, water behind ledges
WATERSIDE = sketch_board(
    """
ses s s
l l
W W
""",
    markers=[("start", (0, 0)), ("spawn", (0, 3))],
)


def test_a_hedge_is_walked_across_but_blocks_sight():
    state = toy_game(board=WATERSIDE)
    graph = state.graph
    here, beyond = graph.index["r0c0"], graph.index["r0c1"]
    assert beyond in graph.neighbours(here, state.doors_open)
    assert beyond not in graph.visible(state.doors_open)[here]
    state, _ = engine.apply(state, "A", Move("ada", "r0c1"))
    assert zone_of(state, "ada") == "r0c1"


def test_an_undeclared_edge_kind_is_crossed_by_nobody():
    rue_morgue = new_game(WATERSIDE, {"A": ["joe"]})  # Rue Morgue declares no hedge
    graph = rue_morgue.graph
    assert graph.index["r0c1"] not in graph.neighbours(graph.index["r0c0"], rue_morgue.doors_open)


def test_leaving_the_water_by_a_ledge_costs_an_action_and_zombies_never_climb_it():
    state = arrange(toy_game(board=WATERSIDE), survivors={"ada": {"zone": "r1c0"}})
    graph = state.graph
    water, street = graph.index["r1c0"], graph.index["r0c0"]
    assert graph.step_extra(water, street) == 1 and graph.step_extra(street, water) == 0
    assert street in graph.neighbours(water, state.doors_open)
    assert street not in graph.zombie_neighbours(water, state.doors_open)
    assert water in graph.zombie_neighbours(street, state.doors_open)
    state, events = engine.apply(state, "A", Move("ada", "r0c0"))
    assert survivor(state, "ada").actions_left == 1 and events[-1].actions == 2
    # with one action left the climb is neither listed nor allowed
    state = arrange(toy_game(board=WATERSIDE), survivors={"ada": {"zone": "r1c0", "actions": 1}})
    assert Move("ada", "r0c0") not in engine.legal_commands(state, "A")
    with pytest.raises(IllegalCommand, match="costs 2 actions"):
        engine.apply(state, "A", Move("ada", "r0c0"))


def test_zombies_in_the_water_stay_there():
    state = arrange(toy_game(board=WATERSIDE), zombies={"r1c1": {"walker": 1}})
    state = end_every_turn(state)  # Ada is in r0c0: no way out of the water for the walker
    assert zombies_at(state, "r1c1") == {"walker": 1}


TOY_SCENARIO = """
title = "Another box in a scenario file: its zombie kinds, and its own keys for set-up and checks"
box = "toy"
beacons = ["r0c3"]

[board]
sketch = "s|s s s"

[[survivor]]
id = "ada"
zone = "r0c0"

[[zombies]]
zone = "r0c2"
zombies = "1 walker + 1 glower"

[[step]]
note = "a beacon behind the wall: the zombies cannot walk there, so they follow the one they can reach"
command = { kind = "toy_light_beacon", survivor = "ada" }
events = [{ kind = "toy_beacon_lit", zone = "r0c0", by = "ada" }]
state = { beacons = ["r0c0", "r0c3"] }

[[step]]
command = { kind = "end_turn", survivor = "ada" }

[[step]]
choose = "keep the beacons"

[expect.state]
beacons = ["r0c0", "r0c3"]
zombies = { r0c2 = "nothing", r0c3 = "1 walker + 1 glower" }
"""


def test_a_scenario_file_plays_another_box_with_its_own_keys(tmp_path):
    from game.rules.zombicide.scenario import ScenarioError, run_scenario

    path = tmp_path / "toy.toml"
    path.write_text(TOY_SCENARIO, encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, "\n".join(result.transcript)
    path.write_text(TOY_SCENARIO.replace('beacons = ["r0c3"]', 'beacons = ["r9c9"]', 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match="no zone 'r9c9'"):
        run_scenario(path)
