"""Mission files: a good one assembles; each kind of mistake gives one clear, placed message."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.board import mission
from game.board.errors import MapFormatError
from game.board.mission import check_mission, load_board, load_mission
from game.board.model import ConnectionKind, Layout, MarkerKind

pytestmark = pytest.mark.usefixtures("tmp_path_roots")  # tests/fixtures/ and tmp_path may be read

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "missions"
MAPS = FIXTURES / "maps"
HEADER = 'schema_version = 1\nid = "test"\ntitle = "Test"\ngame = "zombicide"\n'


def module_entry(map_path: Path | str, col: int, row: int, rotation: int = 0) -> str:
    return f'\n[[modules]]\nmap = "{Path(map_path).as_posix()}"\ncol = {col}\nrow = {row}\nrotation = {rotation}\n'


def write_mission(tmp_path: Path, body: str, header: str = HEADER) -> Path:
    path = tmp_path / "mission.toml"
    path.write_text(header + body, encoding="utf-8")
    return path


def write_map(tmp_path: Path, module_id: str, *, scale: float = 20.0) -> Path:
    """A copy of the 1R test map with another module id (and scale, to change its size in cm)."""
    text = (MAPS / "1R.tmx").read_text(encoding="utf-8")
    text = text.replace('value="1R"', f'value="{module_id}"').replace('value="20"', f'value="{scale:g}"')
    path = tmp_path / f"{module_id}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    return [str(p) for p in check_mission(path)]


def only_problem(path: Path):
    problems = check_mission(path)
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


@pytest.fixture(autouse=True)
def fresh_module_cache():
    mission.clear_module_cache()
    yield
    mission.clear_module_cache()


# --- a good mission -------------------------------------------------------------------------


def test_fixture_mission_assembles():
    path = FIXTURES / "two_modules.toml"
    assert check_mission(path) == []
    board = load_mission(path)
    assert board.title == "Two modules" and board.game == "zombicide" and board.layout == Layout.ZONES
    assert board.source == str(path)
    assert (board.width_cm, board.height_cm) == (20.0, 10.0)
    assert board.properties["setup"] == {"survivors": 6}
    assert board.properties["mission_id"] == "two-modules"
    # 2V turned 270° brings its street to its left edge, against 1R's street.
    street = next(c for c in board.connections if {c.a, c.b} == {"1R:s1", "2V:s1"})
    assert street.kind == ConnectionKind.OPEN
    door = next(c for c in board.connections if c.id == "door:2V:d1")
    assert (door.color, door.is_open) == ("blue", True)
    untouched = next(c for c in board.connections if c.id == "door:1R:d1")
    assert (untouched.color, untouched.is_open) == ("neutral", False)
    spawn = next(m for m in board.markers if m.kind == MarkerKind.SPAWN and m.locators)
    assert spawn.zone == "2V:s1" and spawn.locators == (1, 2) and spawn.color == "red"
    assert board.zone_at(spawn.position) == "2V:s1"
    start = next(m for m in board.markers if m.kind == MarkerKind.START)
    assert start.position == pytest.approx(board.zones["1R:s1"].center)


def test_load_board_opens_missions_and_single_maps():
    assert load_board(FIXTURES / "two_modules.toml").title == "Two modules"
    single = load_board(MAPS / "1R.tmx")
    assert single.title == "Test street and two rooms"
    assert list(single.zones) == ["1R:s1", "1R:r1", "1R:r2"]
    assert single.source == str(MAPS / "1R.tmx")


def test_load_board_refuses_other_files(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    with pytest.raises(MapFormatError, match=r"notes\.txt: not a mission \(\.toml\) or a map \(\.tmx\)"):
        load_board(other)
    with pytest.raises(MapFormatError, match="map file not found"):
        load_board(tmp_path / "missing.tmx")
    with pytest.raises(MapFormatError, match="mission file not found"):
        load_board(tmp_path / "missing.toml")


def test_modules_are_cached_until_the_file_changes(tmp_path, monkeypatch):
    calls: list[Path] = []
    real = mission._check_module_file

    def counting(path):
        calls.append(path)
        return real(path)

    monkeypatch.setattr(mission, "_check_module_file", counting)
    map_path = write_map(tmp_path, "3R")
    path = write_mission(tmp_path, module_entry(map_path, 0, 0))
    load_mission(path)
    load_mission(path)
    assert len(calls) == 1
    stat = map_path.stat()
    os.utime(map_path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    load_mission(path)
    assert len(calls) == 2


# --- mistakes -------------------------------------------------------------------------------


def test_toml_syntax_error_names_the_line(tmp_path):
    path = write_mission(tmp_path, "\n[[modules]]\nmap = \n")
    problem = only_problem(path)
    assert problem.path == str(path)
    assert "TOML syntax error" in problem.what and "line 7" in problem.what
    with pytest.raises(MapFormatError, match="TOML syntax error"):
        load_mission(path)


def test_unknown_keys_are_refused_with_their_place(tmp_path):
    body = module_entry(MAPS / "1R.tmx", 0, 0).replace("rotation = 0", "rotation = 0\nflip = true")
    path = write_mission(tmp_path, 'author = "me"\n' + body)
    found = {(p.layer, p.what) for p in check_mission(path)}
    assert found == {("", "unknown key 'author'"), ("modules[0]", "unknown key 'flip'")}


def test_missing_keys_are_named(tmp_path):
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0).replace("col = 0\n", ""),
                         header='schema_version = 1\nid = "x"\ngame = "zombicide"\n')
    found = {(p.layer, p.what) for p in check_mission(path)}
    assert found == {("", "missing key 'title'"), ("modules[0]", "missing key 'col'")}


def test_a_mission_needs_modules(tmp_path):
    problem = only_problem(write_mission(tmp_path, ""))
    assert "missing key 'modules'" in problem.what


def test_wrong_value_types_are_reported(tmp_path):
    body = module_entry(MAPS / "1R.tmx", 0, 0).replace("col = 0", 'col = "zero"')
    problem = only_problem(write_mission(tmp_path, body))
    assert problem.layer == "modules[0]" and problem.what.startswith("col:") and "'zero'" in problem.what


def test_rotation_must_be_a_right_angle(tmp_path):
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0) + module_entry(MAPS / "2V.tmx", 1, 0, 45))
    problem = only_problem(path)
    assert problem.layer == "modules[1]"
    assert "rotation must be 0, 90, 180 or 270, not 45" in problem.what
    assert "layer 'modules[1]'" in str(problem)


def test_newer_schema_version_is_refused(tmp_path):
    header = HEADER.replace("schema_version = 1", "schema_version = 2")
    problem = only_problem(write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0), header=header))
    assert problem.layer == "schema_version" and "schema_version 2 is newer" in problem.what


def test_missing_map_file(tmp_path):
    problem = only_problem(write_mission(tmp_path, module_entry("maps/nowhere.tmx", 0, 0)))
    assert problem.layer == "modules[0]" and "map file not found: maps/nowhere.tmx" in problem.what


def test_relative_map_paths_start_at_the_mission_file(tmp_path):
    write_map(tmp_path, "4R")
    (tmp_path / "missions").mkdir()
    path = tmp_path / "missions" / "m.toml"
    path.write_text(HEADER + module_entry("../4R.tmx", 0, 0), encoding="utf-8")
    assert list(load_mission(path).zones) == ["4R:s1", "4R:r1", "4R:r2"]


def test_same_module_twice(tmp_path):
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0) + module_entry(MAPS / "1R.tmx", 1, 0))
    problem = only_problem(path)
    assert problem.layer == "modules[1]" and problem.what == "module 1R is already used by modules[0]"


def test_a_tile_cannot_be_used_on_both_sides(tmp_path):
    other_side = write_map(tmp_path, "1V")
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0) + module_entry(other_side, 1, 0))
    problem = only_problem(path)
    assert problem.layer == "modules[1]"
    assert problem.what == "tile 1 is used on both sides: 1V here and 1R in modules[0]"


def test_two_modules_on_one_cell(tmp_path):
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 1, 1) + module_entry(MAPS / "2V.tmx", 1, 1, 90))
    problem = only_problem(path)
    assert problem.layer == "modules[1]" and "col 1, row 1 is already taken by modules[0]" in problem.what


def test_modules_of_different_sizes(tmp_path):
    big = write_map(tmp_path, "5R", scale=10.0)  # the same pixels at half the scale: 20 × 20 cm
    path = write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0) + module_entry(big, 1, 0))
    problem = only_problem(path)
    assert problem.layer == "modules[1]"
    assert problem.what == "module 5R is 20×20 cm but 1R is 10×10 cm: every module must be the same size"


def test_markers_must_name_known_zones(tmp_path):
    body = module_entry(MAPS / "1R.tmx", 0, 0) + "".join(
        f'\n[[markers]]\nkind = "spawn"\nzone = "{zone}"\n' for zone in ("1R:s1", "1R:z99", "2V:s1", "s1")
    )
    found = {(p.layer, p.what) for p in check_mission(write_mission(tmp_path, body))}
    assert found == {
        ("markers[1]", "module 1R has no zone 'z99'"),
        ("markers[2]", "zone '2V:s1' names module 2V, which is not in this mission"),
        ("markers[3]", "zone 's1' must be written <module>:<zone>, for example 1R:z3"),
    }


def test_marker_kind_must_be_known(tmp_path):
    body = module_entry(MAPS / "1R.tmx", 0, 0) + '\n[[markers]]\nkind = "dragon"\nzone = "1R:s1"\n'
    problem = only_problem(write_mission(tmp_path, body))
    assert problem.layer == "markers[0]" and problem.what.startswith("kind:") and "'dragon'" in problem.what


def test_door_overrides_must_name_a_door(tmp_path):
    body = module_entry(MAPS / "1R.tmx", 0, 0) + "".join(
        f'\n[[doors]]\nid = "{door}"\nopen = true\n' for door in ("1R:d1", "1R:d12", "1R:o1")
    )
    found = {(p.layer, p.what) for p in check_mission(write_mission(tmp_path, body))}
    assert found == {
        ("doors[1]", "module 1R has no door 'd12'"),
        ("doors[2]", "'1R:o1' is opening, not a door"),
    }


def test_problems_inside_a_map_are_passed_on(tmp_path):
    broken = tmp_path / "7R.tmx"
    broken.write_text("<map this is not xml", encoding="utf-8")
    problems = check_mission(write_mission(tmp_path, module_entry(broken, 0, 0)))
    assert any(p.path.endswith("7R.tmx") for p in problems), [str(p) for p in problems]
    assert any(p.layer == "modules[0]" and "cannot be used" in p.what for p in problems)
    with pytest.raises(MapFormatError) as caught:
        load_mission(tmp_path / "mission.toml")
    assert "7R.tmx" in str(caught.value)


def test_every_problem_is_reported_at_once(tmp_path):
    body = (
        module_entry(MAPS / "1R.tmx", 0, 0)
        + module_entry(MAPS / "1R.tmx", 0, 0)
        + '\n[[markers]]\nkind = "exit"\nzone = "1R:nope"\n'
    )
    with pytest.raises(MapFormatError) as caught:
        load_mission(write_mission(tmp_path, body))
    layers = [p.layer for p in caught.value.problems]
    assert layers.count("modules[1]") == 2  # same cell and same module
    assert "markers[0]" in layers


def test_three_by_three_crossroads_join_into_one_street_network():
    board = load_mission(FIXTURES / "cross_3x3.toml")
    assert (board.width_cm, board.height_cm) == (90.0, 90.0)
    assert len(board.zones) == 9 * 21
    assert len(board.buildings) == 9 * 4  # four blocks of four rooms on every module
    assert all(len(rooms) == 4 for rooms in board.buildings.values())
    streets = [z for z in board.zones.values() if z.is_street_like]
    # Street borders, within and across modules, link all 45 street zones whatever the turns.
    neighbours: dict[str, set[str]] = {z.id: set() for z in streets}
    for c in board.connections:
        if c.kind == ConnectionKind.OPEN:
            neighbours[c.a].add(c.b)
            neighbours[c.b].add(c.a)
    reached, frontier = {"5R:sc"}, ["5R:sc"]
    while frontier:
        for other in neighbours[frontier.pop()] - reached:
            reached.add(other)
            frontier.append(other)
    assert reached == set(neighbours)
    # Every connection is drawn where its two zones meet.
    for c in board.connections:
        (ax, ay), (bx, by) = c.segment
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        if abs(bx - ax) >= abs(by - ay):
            sides = {board.zone_at((cx, cy - 0.5)), board.zone_at((cx, cy + 0.5))}
        else:
            sides = {board.zone_at((cx - 0.5, cy)), board.zone_at((cx + 0.5, cy))}
        assert sides == {c.a, c.b}, c
    # From a room, sight crosses the street through its door into the room opposite, no further.
    assert [[(s.zone, s.via) for s in line] for line in board.sight_lines["5R:a2"]] == [
        [("5R:a0", "opening:5R:oa2")],
        [("5R:sw", "door:5R:da"), ("5R:c0", "door:5R:dc")],
    ]


# --- tokens laid on street borders ------------------------------------------------------------

TWO_STREETS = module_entry(MAPS / "1R.tmx", 0, 0) + module_entry(MAPS / "2V.tmx", 1, 0, 270)


def test_a_mission_lays_barriers_and_hedges_on_street_borders(tmp_path):
    body = TWO_STREETS + '\n[[edges]]\nzones = ["2V:s1", "1R:s1"]\nkind = "barrier"\n'
    board = load_mission(write_mission(tmp_path, body))
    (joined,) = [c for c in board.connections if {c.a, c.b} == {"1R:s1", "2V:s1"}]
    assert joined.kind == ConnectionKind.BARRIER and joined.id == "barrier:1R:s1|2V:s1"
    hedged = load_mission(write_mission(tmp_path, TWO_STREETS + '\n[[edges]]\nzones = ["1R:s1", "2V:s1"]\nkind = "hedge"\n'))
    assert {c.kind for c in hedged.connections if {c.a, c.b} == {"1R:s1", "2V:s1"}} == {ConnectionKind.HEDGE}


def test_an_unknown_edge_kind_is_named_with_its_place(tmp_path):
    body = TWO_STREETS + '\n[[edges]]\nzones = ["1R:s1", "2V:s1"]\nkind = "moat"\n'
    problem = only_problem(write_mission(tmp_path, body))
    assert problem.layer == "edges[0]" and "'moat'" in problem.what and "barrier" in problem.what
    assert str(write_mission(tmp_path, body)) in str(problem)


def test_edge_tokens_need_two_known_zones_with_a_street_border(tmp_path):
    body = TWO_STREETS + "".join(
        f'\n[[edges]]\nzones = ["{a}", "{b}"]\nkind = "barrier"\n'
        for a, b in (("1R:s1", "1R:z9"), ("1R:s1", "1R:s1"), ("1R:s1", "9Q:s1"))
    )
    found = {(p.layer, p.what) for p in check_mission(write_mission(tmp_path, body))}
    assert found == {
        ("edges[0]", "module 1R has no zone 'z9'"),
        ("edges[1]", "an edge lies between two different zones"),
        ("edges[2]", "zone '9Q:s1' names module 9Q, which is not in this mission"),
    }
    no_border = TWO_STREETS + '\n[[edges]]\nzones = ["1R:s1", "1R:r2"]\nkind = "hedge"\n'
    problem = only_problem(write_mission(tmp_path, no_border))
    assert problem.layer == "edges" and problem.what == "1R:s1 and 1R:r2 share no street border to lay a hedge on"


def test_a_spanish_title_is_shown_in_spanish_and_checked(tmp_path):
    header = HEADER + 'title_es = "Prueba"\nstory_es = "Una historia."\n'
    board = load_mission(write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0), header))
    assert board.title_in("es") == "Prueba" and board.title_in("en") == "Test" == board.title
    plain = load_mission(write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0)))
    assert plain.title_in("es") == "Test"  # no Spanish: the English title
    empty = only_problem(write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0), HEADER + 'title_es = ""\n'))
    assert empty.what.startswith("title_es:")
    long_story = HEADER + f'story_es = "{"x" * 2001}"\n'
    assert only_problem(write_mission(tmp_path, module_entry(MAPS / "1R.tmx", 0, 0), long_story)).what.startswith(
        "story_es:")


def test_our_zones_carry_their_spanish_labels():
    board = load_mission(Path(__file__).resolve().parents[1] / "maps" / "missions" / "rm-last-flight.toml")
    labelled = [zone for zone in board.zones.values() if zone.label]
    assert labelled and all(zone.label_in("es") != zone.label or zone.label in ("Bar", "Reactor") for zone in labelled)
    assert all(zone.label_in("en") == zone.label for zone in labelled)


def test_a_free_table_opened_alone_keeps_its_spanish_title():
    board = load_board(Path(__file__).resolve().parent.parent / "maps" / "zombieworld" / "zw-crossroads.tmx")
    assert board.title_in("es") == "La gasolinera del cruce" and board.title_in("en") == "Crossroads Petrol Station"
