"""The map lint: one broken fixture per problem, exit codes, the summary, folders, shipped maps."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from game.board.errors import MapProblem
from game.board.lint import is_warning, validate_cli, validate_paths

pytestmark = pytest.mark.usefixtures("tmp_path_roots")  # tests/fixtures/ and tmp_path may be read

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "maps"
BROKEN = FIXTURES / "broken"
SHIPPED_MAPS = REPO / "maps"

# fixture file → (layer, object id, words the message must hold)
EXPECTED: dict[str, tuple[str, int | None, tuple[str, ...]]] = {
    "bad_scale.tmx": ("", None, ("map property 'scale'", "'-20", "must be a positive number")),
    "door_not_on_border.tmx": ("things", 3, ("door is not on the border of two different zones", "'z1'")),
    "duplicate_zone_names.tmx": ("zones", 2, ("duplicate zone name 'corner'", "also object 1", "unique")),
    "ellipse_object.tmx": ("things", 3, ("ellipses are not supported", "rectangle or a polygon")),
    "free_door_off_building.tmx": ("terrain", 2, ("door is not on the outline of any building",)),
    "free_with_zone.tmx": ("zones", 1, ("free table", "has no zones", "building")),
    "malformed_xml.tmx": ("", None, ("malformed XML at line 19, column", "mismatched tag")),
    "marker_outside_zones.tmx": ("things", 3, ("spawn marker lies outside every zone",)),
    "missing_game.tmx": ("", None, ("map property 'game' is missing", "e.g. zombicide")),
    "missing_module.tmx": ("", None, ("map property 'module' is missing",)),
    "missing_scale.tmx": ("", None, ("map property 'scale' is missing", "pixels per cm")),
    "missing_tileset_image.tmx": ("", None, ("tileset 'ghost'", "image 'ghost.png' not found")),
    "missing_tsx.tmx": ("", None, ("tileset file 'nowhere.tsx' not found",)),
    "mission_missing_module.toml": ("modules[1]", None, ("map file not found", "nowhere/9Z.tmx")),
    "no_zones.tmx": ("", None, ("has no zone objects", "class 'zone'")),
    "not_a_map.tmx": ("", None, ("not a Tiled map", "<tileset>")),
    "not_square.tmx": ("", None, ("warning", "10 × 20 cm, not square")),
    "overlapping_zones.tmx": ("zones", 2, ("zone 'z2' overlaps zone 'z1'", "by 10.00 cm²")),
    "point_object.tmx": ("things", 3, ("point objects are not supported",)),
    "reserved_property.tmx": ("things", 3, ("property name 'type' is reserved", "rename it")),
    "rotated_object.tmx": ("things", 3, ("object is rotated (45°)", "must not be rotated")),
    "self_crossing_zone.tmx": ("zones", 2, ("a zone crosses itself", "x = 156, y = 111 px", "no two edges cross")),
    "template_object.tmx": ("things", 3, ("template file 'spawn.tx' not found",)),
    "tile_object.tmx": ("things", 3, ("tile objects", "Insert Tile", "not supported", "draw a rectangle")),
    "unknown_class.tmx": ("things", 3, ("unknown object class 'zombie'", "zone, door, opening", "spawn")),
    "unknown_layout.tmx": ("", None, ("map property 'layout' = 'hexes' is unknown", "zones or free")),
    "unknown_zone_kind.tmx": ("zones", 2, ("unknown zone kind 'swamp'", "street, room, hallway")),
    "zone_without_kind.tmx": ("zones", 2, ("zone has no 'kind' property", "street, room")),
}


def run_cli(paths: list[str | Path]) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = validate_cli([str(p) for p in paths], out=out)
    return code, out.getvalue().splitlines()


def test_every_broken_fixture_has_an_expected_message() -> None:
    on_disk = {p.name for p in BROKEN.iterdir() if p.suffix in (".tmx", ".toml")}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_fixture_reports_its_one_problem(name: str) -> None:
    layer, object_id, words = EXPECTED[name]
    problems = validate_paths([BROKEN / name])
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.path.endswith(name)
    assert problem.layer == layer
    assert problem.object_id == object_id
    line = str(problem)
    assert line.startswith(problem.path)
    if layer:
        assert f"layer '{layer}'" in line
    if object_id is not None:
        assert f"object {object_id}:" in line
    for word in words:
        assert word in line, f"{word!r} not in {line!r}"


def test_only_the_not_square_fixture_is_a_warning() -> None:
    problems = validate_paths([BROKEN])
    warnings = [p for p in problems if is_warning(p)]
    assert [Path(p.path).name for p in warnings] == ["not_square.tmx"]


def test_cli_exit_code_zero_and_summary_for_clean_maps() -> None:
    code, lines = run_cli([FIXTURES / "module_3x3.tmx", FIXTURES / "free_table.tmx"])
    assert code == 0
    assert lines == ["2 files checked, 0 problems"]


def test_cli_exit_code_one_with_one_line_per_problem_then_summary() -> None:
    code, lines = run_cli(
        [BROKEN / "missing_game.tmx", BROKEN / "unknown_class.tmx", FIXTURES / "module_3x3.tmx"]
    )
    assert code == 1
    assert len(lines) == 3
    assert lines[0].startswith("tests/fixtures/maps/broken/missing_game.tmx: map property 'game' is missing")
    assert lines[1].startswith(
        "tests/fixtures/maps/broken/unknown_class.tmx: layer 'things', object 3: unknown"
    )
    assert lines[2] == "3 files checked, 2 problems"


def test_cli_warnings_are_printed_and_counted_but_do_not_fail() -> None:
    code, lines = run_cli([BROKEN / "not_square.tmx"])
    assert code == 0
    assert "not square" in lines[0]
    assert lines[-1] == "1 file checked, 0 problems, 1 warning"


def test_cli_whole_broken_folder() -> None:
    code, lines = run_cli([BROKEN])
    assert code == 1
    errors = len(EXPECTED) - 1  # not_square is a warning
    assert lines[-1] == f"{len(EXPECTED)} files checked, {errors} problems, 1 warning"
    assert len(lines) == len(EXPECTED) + 1


def _copy_good_map(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("module_3x3.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(FIXTURES / name, folder / name)
    return folder / "module_3x3.tmx"


def test_folder_walk_finds_maps_and_missions_at_any_depth(tmp_path: Path) -> None:
    good = _copy_good_map(tmp_path / "a")
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    shutil.copy(BROKEN / "unknown_zone_kind.tmx", deep / "swampy.tmx")
    mission = tmp_path / "missions" / "lost.toml"
    mission.parent.mkdir()
    mission.write_text(
        'schema_version = 1\nid = "lost"\ntitle = "Lost"\ngame = "zombicide"\n\n'
        '[[modules]]\nmap = "../a/module_3x3.tmx"\ncol = 0\nrow = 0\n\n'
        '[[modules]]\nmap = "../a/gone.tmx"\ncol = 1\nrow = 0\n',
        encoding="utf-8",
    )
    (tmp_path / "notes.txt").write_text("not a map", encoding="utf-8")
    code, lines = run_cli([tmp_path])
    assert code == 1
    assert lines[-1] == "3 files checked, 2 problems"
    assert any("swampy.tmx: layer 'zones', object 2: unknown zone kind 'swamp'" in line for line in lines)
    assert any("lost.toml" in line and "map file not found: ../a/gone.tmx" in line for line in lines)
    assert not any(str(good) in line for line in lines[:-1])


def test_a_map_problem_reached_through_a_mission_is_reported_once(tmp_path: Path) -> None:
    shutil.copy(BROKEN / "unknown_zone_kind.tmx", tmp_path / "swampy.tmx")
    (tmp_path / "uses_it.toml").write_text(
        'schema_version = 1\nid = "s"\ntitle = "S"\ngame = "zombicide"\n\n'
        '[[modules]]\nmap = "swampy.tmx"\ncol = 0\nrow = 0\n',
        encoding="utf-8",
    )
    problems = validate_paths([tmp_path])
    swamp = [p for p in problems if "swamp" in p.what and p.path.endswith("swampy.tmx")]
    assert len(swamp) == 1
    # the mission's own line names the map it cannot use (a one-line report names the file opened)
    assert [p.layer for p in problems if p.path.endswith("uses_it.toml")] == ["modules[0]"]
    assert any(p.path.endswith("uses_it.toml") and "swampy.tmx cannot be used" in p.what for p in problems)


def test_a_file_that_is_not_a_map_or_mission(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    code, lines = run_cli([notes])
    assert code == 1
    assert lines == [f"{notes}: not a map (.tmx) or a mission (.toml)", "0 files checked, 1 problem"]


def test_a_missing_path_and_an_empty_folder(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    problems = validate_paths([tmp_path / "nope.tmx", empty])
    assert problems == [
        MapProblem(str(tmp_path / "nope.tmx"), "no such file or folder"),
        MapProblem(str(empty), "folder holds no .tmx map or .toml mission"),
    ]


def test_a_map_given_twice_is_checked_once() -> None:
    code, lines = run_cli([BROKEN / "missing_module.tmx", BROKEN / "missing_module.tmx"])
    assert code == 1
    assert lines[-1] == "1 file checked, 1 problem"


def test_an_unreadable_tmx_with_another_extension_case(tmp_path: Path) -> None:
    upper = tmp_path / "SHOUT.TMX"
    shutil.copy(BROKEN / "missing_scale.tmx", upper)
    problems = validate_paths([upper])
    assert [p.what for p in problems] == ["map property 'scale' is missing (pixels per cm, e.g. 20)"]


def test_good_fixtures_validate_clean() -> None:
    good = sorted(FIXTURES.glob("*.tmx"))
    assert len(good) >= 3
    assert validate_paths(good) == []


def test_every_shipped_map_and_mission_validates_clean() -> None:
    maps = sorted(SHIPPED_MAPS.rglob("*.tmx"))
    missions = sorted(SHIPPED_MAPS.rglob("*.toml"))
    if not maps:
        pytest.skip("maps/ holds no .tmx map yet")
    code, lines = run_cli([SHIPPED_MAPS])
    assert lines == [f"{len(maps) + len(missions)} files checked, 0 problems"]
    assert code == 0
