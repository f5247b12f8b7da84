"""The validator's board-wide checks: zone-coverage gaps, duplicate module ids, a table of the
wrong game inside a mission."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.board.lint import is_warning
from game.platform.validate import validate_paths  # the board lint with the games' checks

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "maps"
ZONE_9 = '<object id="9" type="zone" x="400" y="400" width="200" height="200">'


def _map(folder: Path, name: str, edit: tuple[str, str] = ("", "")) -> Path:
    for extra in ("tiles.tsx", "tiles.png"):
        shutil.copy(FIXTURES / extra, folder / extra)
    text = (FIXTURES / "module_3x3.tmx").read_text()
    if edit[0]:
        assert edit[0] in text
        text = text.replace(*edit)
    (folder / name).write_text(text)
    return folder / name


def test_a_zone_board_with_a_gap_gets_a_warning_with_a_place(tmp_path: Path) -> None:
    path = _map(tmp_path, "gap.tmx", (ZONE_9, ZONE_9.replace('width="200"', 'width="120"')))
    (problem,) = validate_paths([path])
    assert is_warning(problem) and problem.object_id is None
    assert "the zones leave 40.00 cm² of the module uncovered" in problem.what  # 80 × 200 px at 20 px/cm
    assert "around x = 5" in problem.what and "a piece there stands in no zone" in problem.what
    x_px = float(problem.what.split("x = ")[1].split(",")[0])
    assert 520 <= x_px <= 600  # inside the gap


def test_a_fully_covered_board_has_no_gap_warning(tmp_path: Path) -> None:
    assert validate_paths([_map(tmp_path, "whole.tmx")]) == []


def test_two_maps_with_one_module_id(tmp_path: Path) -> None:
    first = _map(tmp_path, "a.tmx")
    second = _map(tmp_path, "b.tmx", ('<object id="1" name="kitchen"', '<object id="1" name="larder"'))
    problems = validate_paths([tmp_path])
    assert len(problems) == 1, problems
    (problem,) = problems
    assert not is_warning(problem)
    assert problem.path == str(second) and "'T1' is also the id of" in problem.what and str(first) in problem.what
    third = _map(tmp_path, "c.tmx", ('value="T1"', 'value="T2"'))
    assert [p.path for p in validate_paths([first, third])] == []


def test_another_box_folder_may_reuse_the_printed_tile_ids(tmp_path: Path) -> None:
    (tmp_path / "first_box").mkdir()
    (tmp_path / "second_box").mkdir()
    _map(tmp_path / "first_box", "a.tmx")
    _map(tmp_path / "second_box", "a.tmx", ('<object id="1" name="kitchen"', '<object id="1" name="larder"'))
    assert validate_paths([tmp_path]) == []


def test_a_table_of_another_game_inside_a_mission(tmp_path: Path) -> None:
    _map(tmp_path, "zw.tmx", ('<property name="game" value="zombicide"/>', '<property name="game" value="zombieworld"/>'))
    _map(tmp_path, "anygame.tmx", ('<property name="game" value="zombicide"/>', '<property name="game" value="any"/>'))
    mission = tmp_path / "mission.toml"
    text = 'schema_version = 1\nid = "m"\ntitle = "M"\ngame = "zombicide"\n\n[[modules]]\nmap = "{map}"\ncol = 0\nrow = 0\n'
    mission.write_text(text.format(map="zw.tmx"))
    problems = [p for p in validate_paths([mission])]
    assert len(problems) == 1, problems
    assert problems[0].layer == "modules[0]"
    assert "is a zombieworld table, not a zombicide one" in problems[0].what
    mission.write_text(text.format(map="anygame.tmx"))
    assert validate_paths([mission]) == []
