"""The validator finds goals the board cannot meet: an exit goal with no exit, objectives with none."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.platform.validate import validate_paths

FIXTURE_MISSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "missions"

pytestmark = pytest.mark.usefixtures("tmp_path_roots")


def _mission(tmp_path: Path, extra: str) -> Path:
    text = (FIXTURE_MISSIONS / "cross_3x3.toml").read_text(encoding="utf-8")
    text = text.replace('map = "cross/', f'map = "{(FIXTURE_MISSIONS / "cross").as_posix()}/')
    path = tmp_path / "goals.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def test_an_exit_goal_on_a_board_without_an_exit_is_found(tmp_path: Path) -> None:
    problems = validate_paths([_mission(tmp_path, '\n[setup]\ngoals = ["all_in_exit"]\n')])
    assert [p.what for p in problems if "goals" in p.what] == [
        "[setup] goals: 'all_in_exit' needs an exit marker in a zone, and the board has none: add one, or change the goal"]
    assert all(p.path.endswith("goals.toml") for p in problems)


def test_goals_the_board_can_meet_pass(tmp_path: Path) -> None:
    markers = '\n[[markers]]\nkind = "exit"\nzone = "1R:st-w"\n[[markers]]\nkind = "objective"\nzone = "5R:sc"\n'
    problems = validate_paths([_mission(tmp_path, markers + '\n[setup]\ngoals = ["take_all_objectives", "all_in_exit"]\n')])
    assert [p for p in problems if "goals" in p.what] == []


def test_an_objective_goal_without_objectives_is_found(tmp_path: Path) -> None:
    problems = validate_paths([_mission(tmp_path, '\n[setup]\ngoals = ["take_all_objectives"]\n')])
    assert any("'take_all_objectives' needs an objective marker" in p.what for p in problems)
