"""One rule for walls: on a zone map a wall stands on a border between zones, or it is refused with its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.loader import check_module

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"

pytestmark = pytest.mark.usefixtures("tmp_path_roots")


def _with_wall(tmp_path: Path, polyline: str) -> Path:
    text = (FIXTURES / "module_3x3.tmx").read_text(encoding="utf-8")
    wall = f' <object id="40" type="wall" x="0" y="0">\n   <polyline points="{polyline}"/>\n  </object>\n'
    text = text.replace(' <objectgroup id="4" name="walls">\n', f' <objectgroup id="4" name="walls">\n {wall}')
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((FIXTURES / name).read_bytes())
    target = tmp_path / "walled.tmx"
    target.write_text(text, encoding="utf-8")
    return target


def test_a_wall_along_a_zone_border_is_taken(tmp_path: Path) -> None:
    module, problems = check_module(_with_wall(tmp_path, "200,0 200,200"))
    assert module is not None and problems == []


def test_a_wall_through_a_zone_is_refused_with_its_object_and_place(tmp_path: Path) -> None:
    module, problems = check_module(_with_wall(tmp_path, "20,100 180,100"))
    assert len(problems) == 1
    problem = problems[0]
    assert problem.object_id == 40
    assert "runs through zone 'Kitchen'" in problem.what and "cm" in problem.what
    assert "walled.tmx" in str(problem)


def test_a_wall_that_leaves_the_border_halfway_is_refused(tmp_path: Path) -> None:
    _module, problems = check_module(_with_wall(tmp_path, "200,0 200,200 300,200 300,300"))
    assert [p.object_id for p in problems] == [40]
