"""The Rue Morgue missions: they load, set up, and every objective and exit can be reached on foot
(doors opened, coloured doors once their key objective is taken); the first tutorial is won by bots."""

from pathlib import Path

import pytest

from game.app.zombicide.game_save import mission_setup
from game.app.zombicide.new_game_scene import list_missions, read_mission_info
from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot, play_out
from game.rules.zombicide.boxes.rue_morgue.state import board_of

REPO = Path(__file__).resolve().parents[2]
MISSIONS = sorted((REPO / "maps" / "missions").glob("rm-*.toml"))
PLAYERS = {"players": [{"seat": "A", "survivors": ["marta", "juno", "bruno"]},
                       {"seat": "B", "survivors": ["ines", "kasia", "nell"]}]}


def reachable_zones(state) -> set[int]:
    """Zones survivors can walk to from the start, opening doors, keyed doors once their key is taken."""
    graph, setup = state.graph, state.setup
    taken: set[str] = set()
    while True:
        seen = {graph.starts[0]}
        frontier = [graph.starts[0]]
        while frontier:
            zone = frontier.pop()
            for other, e in graph.adjacent[zone]:
                edge = graph.edges[e]
                key = setup.door_keys.get(edge.color) if edge.door >= 0 else None
                if not edge.walkable or graph.blocked[other] or (key is not None and key not in taken):
                    continue
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        now = {p.color for p in graph.objectives if p.zone in seen}
        if now <= taken:
            return seen
        taken |= now


def test_eight_missions_with_the_two_tutorials():
    ids = {read_mission_info(path).id for path in MISSIONS}
    assert {"rm-tutorial-1", "rm-tutorial-2"} <= ids and len(ids) >= 8
    listed = [m.id for m in list_missions()]
    assert listed[:2] == ["rm-tutorial-1", "rm-tutorial-2"]


@pytest.mark.parametrize("path", MISSIONS, ids=lambda p: p.stem)
def test_every_goal_can_be_reached(path):
    board = load_board(path)
    setup = mission_setup(board, PLAYERS)
    state = engine.setup(board, setup, 1)
    graph = state.graph
    assert setup.goals, "a mission says how it is won"
    reach = reachable_zones(state)
    for point in graph.objectives:
        assert point.zone in reach, f"{graph.zone_ids[point.zone]} cannot be reached"
    if "all_in_exit" in setup.goals or "escape_all" in setup.goals:
        assert graph.exits and all(z in reach for z in graph.exits)
    if "take_all_objectives" in setup.goals:
        assert graph.objectives
    assert graph.spawns


def test_the_box_features_are_all_used():
    used = {"helicopter": False, "tent": False, "hospital": False, "coloured_spawn": False, "keyed_door": False}
    for path in MISSIONS:
        board = load_board(path)
        state = engine.setup(board, mission_setup(board, PLAYERS), 1)
        graph = state.graph
        used["helicopter"] |= bool(board_of(graph).helicopters) and state.setup.helicopter_flies
        used["tent"] |= bool(board_of(graph).tent_zones)
        used["hospital"] |= any(str(k) in ("hallway", "hospital_room") for k in graph.kinds)
        used["coloured_spawn"] |= any(s.color not in ("", "red") for s in graph.spawns)
        used["keyed_door"] |= bool(state.setup.door_keys)
    assert all(used.values()), used


def test_the_first_tutorial_can_be_won_by_bots():
    board = load_board(REPO / "maps" / "missions" / "rm-tutorial-1.toml")
    setup = mission_setup(board, PLAYERS)
    results = [play_out(board, setup, seed, greedy_bot, max_rounds=20).result for seed in range(12)]
    assert "won" in results
