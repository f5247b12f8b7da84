"""Boards drawn as ASCII sketches: zones, borders, buildings, sight, markers, tiles, and the
faults a sketch can hold, each named by its line and column."""

import pytest
from boards import sketch_board as sketch_with_cells

from game.board.model import ConnectionKind, MarkerKind, ZoneKind
from game.rules.zombicide.sketch import SketchMarker, sketch_board

SKETCH = """
s s|s
  d
r=r s
"""


def test_sketch_zones_connections_and_buildings():
    board = sketch_board(SKETCH, [SketchMarker(kind=MarkerKind.SPAWN, zone="r0c0", locators=(1,))])
    assert set(board.zones) == {"r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2"}
    assert board.zones["r1c0"].kind == ZoneKind.ROOM
    kinds = {c.id: (c.kind, c.is_open) for c in board.connections}
    assert kinds["r0c0~r0c1"] == (ConnectionKind.OPEN, True)
    assert "r0c1~r0c2" not in kinds  # wall
    assert kinds["r0c1~r1c1"] == (ConnectionKind.DOOR, False)
    assert kinds["r1c0~r1c1"][0] == ConnectionKind.OPENING
    assert "r0c0~r1c0" not in kinds  # a room next to a street is walled by default
    assert kinds["r0c2~r1c2"] == (ConnectionKind.OPEN, True)
    assert list(board.buildings.values()) == [("r1c0", "r1c1")]
    assert board.zones["r1c0"].building == board.zones["r1c1"].building == "b0"
    assert board.markers[0].zone == "r0c0" and board.markers[0].locators == (1,)
    # sight from r0c0 runs east to r0c1 and stops at the wall
    assert [[s.zone for s in line] for line in board.sight_lines["r0c0"]] == [["r0c1"]]


def test_sketch_tiles():
    board = sketch_board("s s s s", tile_cols=2)
    assert [board.zones[z].module_id for z in ("r0c0", "r0c1", "r0c2", "r0c3")] == ["T0_0", "T0_0", "T1_0", "T1_0"]


@pytest.mark.parametrize(
    ("sketch", "message"),
    [("s x s", "line 1, column 3: unknown zone letter 'x'"), ("s?s", "line 1, column 2: unknown border '?'"), ("", "empty")],
)
def test_sketch_errors(sketch, message):
    with pytest.raises(ValueError, match=message):
        sketch_board(sketch)




def test_a_marker_off_the_sketch_is_refused():
    with pytest.raises(ValueError, match=r"markers\[1\]: zone 'r1c0' is not on the sketch"):
        sketch_board("s s", [SketchMarker(kind=MarkerKind.START, zone="r0c0"), SketchMarker(kind=MarkerKind.EXIT, zone="r1c0")])


def test_camp_and_wasteland_are_street_like():
    board = sketch_board("c w r")
    kinds = {c.id: c.kind for c in board.connections}
    assert (board.zones["r0c0"].kind, board.zones["r0c1"].kind) == (ZoneKind.CAMP, ZoneKind.WASTELAND)
    assert kinds == {"r0c0~r0c1": ConnectionKind.OPEN}  # the room beside them is walled
    assert list(board.buildings.values()) == [("r0c2",)]


def test_coloured_doors_fences_and_stairs():
    board = sketch_board("rbrkrorfrFr")
    found = {c.id: (c.kind, c.color, c.is_open, c.has_stairs) for c in board.connections}
    assert found == {
        "r0c0~r0c1": (ConnectionKind.DOOR, "blue", False, False),
        "r0c1~r0c2": (ConnectionKind.DOOR, "pink", False, False),
        "r0c2~r0c3": (ConnectionKind.DOOR, "neutral", True, False),
        "r0c3~r0c4": (ConnectionKind.FENCE, "", True, False),
        "r0c4~r0c5": (ConnectionKind.FENCE, "", True, True),
    }


def test_setup_is_kept_as_a_mission_keeps_its_own():
    board = sketch_board("s s", setup={"goals": ["all_in_exit"]})
    assert board.properties["setup"] == {"goals": ["all_in_exit"]}
    assert "setup" not in sketch_board("s s").properties


def test_the_rules_tests_write_markers_as_kind_and_cell():
    board = sketch_with_cells(
        "s s\n\nr s", markers=[("start", (0, 0)), ("spawn", (1, 1), {"locators": (2, 3), "color": "blue"})],
        tile_rows=1, setup={"spawn_dice": 3},
    )
    assert [(m.kind, m.zone, m.color, m.locators) for m in board.markers] == [
        (MarkerKind.START, "r0c0", "", ()),
        (MarkerKind.SPAWN, "r1c1", "blue", (2, 3)),
    ]
    assert board.markers[1].position == board.zones["r1c1"].center == (15.0, 15.0)
    assert board.zones["r1c0"].module_id == "T0_1" and board.properties["setup"] == {"spawn_dice": 3}


def test_barriers_are_drawn_with_an_x():
    board = sketch_board("sxs s")
    kinds = {frozenset((c.a, c.b)): c.kind for c in board.connections}
    assert kinds[frozenset(("r0c0", "r0c1"))] == ConnectionKind.BARRIER
    assert kinds[frozenset(("r0c1", "r0c2"))] == ConnectionKind.OPEN


def test_a_zone_may_cover_several_tiles_and_a_marker_name_its_tile():
    from game.rules.zombicide.graph import build_graph

    board = sketch_board("s s s s", [SketchMarker(kind="sewer", zone="r0c1", tile="T1_0")], tile_cols=2,
                         zone_tiles={"r0c1": ["T1_0"]})
    graph = build_graph(board)
    assert graph.tiles == (("T0_0",), ("T0_0", "T1_0"), ("T1_0",), ("T1_0",))
    assert board.markers[0].properties["tile"] == "T1_0"
    with pytest.raises(ValueError, match="no tile 'T9_0'"):
        sketch_board("s s", tile_cols=1, zone_tiles={"r0c0": ["T9_0"]})
    with pytest.raises(ValueError, match="is not on tile 'T1_0'"):
        sketch_board("s s", [SketchMarker(kind="sewer", zone="r0c0", tile="T1_0")], tile_cols=1)
