"""The planner's choices that do not need a whole game: each shipped mission's team, and the order
in which it heads for objectives."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import _targets, _wakes_spawn
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.simulate import MISSION_TEAMS, mission_team, players_for

MISSIONS_DIR = Path(__file__).resolve().parents[2] / "maps" / "missions"
SHIPPED = sorted(path.stem for path in MISSIONS_DIR.glob("rm-*.toml"))


def test_every_shipped_mission_has_a_team() -> None:
    assert SHIPPED and sorted(MISSION_TEAMS) == SHIPPED


@pytest.mark.parametrize("mission", SHIPPED)
def test_a_mission_team_is_six_known_survivors_with_a_pilot_when_the_helicopter_flies(mission: str) -> None:
    catalog = load_catalog("rue_morgue")
    team = mission_team(mission, [s.id for s in catalog.survivors])
    assert team == list(MISSION_TEAMS[mission]) and len(set(team)) == 6
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    if board.properties["setup"].get("helicopter_flies"):
        skills = {ref.text for name in team for ref in catalog.survivor(name).skills_at("blue")}
        assert "helicopter_pilot" in skills


def test_an_unknown_mission_plays_the_catalogues_first_six() -> None:
    known = [f"s{n}" for n in range(8)]
    assert mission_team("no-such-mission", known) == known[:6]
    assert mission_team("rm-airlift", known) == known[:6]  # its team is not in this catalogue


def test_the_objective_that_wakes_a_spawn_zone_comes_last() -> None:
    board = load_board(MISSIONS_DIR / "rm-airlift.toml")
    state = engine.setup(board, {"players": players_for(MISSION_TEAMS["rm-airlift"])}, 0)
    waking = [n for n in range(len(state.graph.objectives)) if _wakes_spawn(state, n)]
    assert [state.graph.objectives[n].color for n in waking] == ["blue"]
    heading_for = {zone for targets in _targets(state) for zone in targets}
    assert state.graph.objectives[waking[0]].zone not in heading_for
    quiet = {p.zone for n, p in enumerate(state.graph.objectives) if n not in waking}
    assert quiet <= heading_for


def test_an_objective_whose_colour_opens_a_door_is_not_put_off() -> None:
    board = load_board(MISSIONS_DIR / "rm-night-shift.toml")
    state = engine.setup(board, {"players": players_for(MISSION_TEAMS["rm-night-shift"])}, 0)
    key = next(n for n, p in enumerate(state.graph.objectives) if p.color == "blue")
    assert not _wakes_spawn(state, key)


def test_simulate_plays_the_mission_team_and_can_override_the_spawn_dice() -> None:
    from game.rules.zombicide.simulate import run_cli

    lines: list[str] = []
    mission = str(MISSIONS_DIR / "rm-tutorial-1.toml")
    status = run_cli([mission, "--games", "1", "--bot", "planner", "--spawn-dice", "2"], out=lines.append)
    assert status == 0
    assert f"({', '.join(MISSION_TEAMS['rm-tutorial-1'])})" in lines[0] and "2 spawn dice" in lines[0]
    assert run_cli([mission, "--spawn-dice", "0"], out=lines.append) == 2
