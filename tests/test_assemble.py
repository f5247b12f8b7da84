"""Board assembly on small hand-made modules: zone graph, rotations, walls, buildings, sight lines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.board.assemble import DoorOverride, assemble, board_from_module, place_module
from game.board.errors import MapFormatError
from game.board.geometry import rectangle
from game.board.model import (
    Barrier,
    BarrierKind,
    Board,
    BoardModule,
    ConnectionKind,
    Layout,
    Marker,
    MarkerKind,
    PlacedModule,
    Portal,
    PortalKind,
    Terrain,
    TerrainKind,
    Zone,
    ZoneKind,
)

SIZE_CM = 10.0  # 5 × 5 tiles of 2 cm


def module(
    module_id: str,
    zones: list[Zone],
    portals: list[Portal] = (),  # type: ignore[assignment]
    barriers: list[Barrier] = (),  # type: ignore[assignment]
    markers: list[Marker] = (),  # type: ignore[assignment]
    layout: Layout = Layout.ZONES,
    terrain: list[Terrain] = (),  # type: ignore[assignment]
) -> BoardModule:
    return BoardModule(
        path=f"{module_id}.tmx",
        module_id=module_id,
        game="zombicide",
        layout=layout,
        scale_px_per_cm=20.0,
        width_cm=SIZE_CM,
        height_cm=SIZE_CM,
        tile_px=(40, 40),
        zones=tuple(zones),
        portals=tuple(portals),
        barriers=tuple(barriers),
        markers=tuple(markers),
        terrain=tuple(terrain),
    )


def street_and_rooms(module_id: str, *, door_zones: bool = True) -> BoardModule:
    """A street along the top (2 rows), room r1 bottom-left, room r2 bottom-right.

    Door d1 on the street/r1 border at x 2..4; opening o1 between r1 and r2 at y 6..8.
    """
    return module(
        module_id,
        [
            Zone("s1", ZoneKind.STREET, rectangle(0, 0, 10, 4)),
            Zone("r1", ZoneKind.ROOM, rectangle(0, 4, 4, 6)),
            Zone("r2", ZoneKind.ROOM, rectangle(4, 4, 6, 6)),
        ],
        [
            Portal("d1", PortalKind.DOOR, (2, 4), (4, 4), zones=("s1", "r1") if door_zones else None, color="blue"),
            Portal("o1", PortalKind.OPENING, (4, 6), (4, 8), zones=("r1", "r2") if door_zones else None),
        ],
        markers=[Marker(MarkerKind.SPAWN, (1, 1), size=(1.0, 2.0), color="red")],
    )


def three_streets(module_id: str, barriers: list[Barrier], markers: list[Marker] = ()) -> BoardModule:  # type: ignore[assignment]
    """Three horizontal street bands: n (y 0..4), m (y 4..6), s (y 6..10)."""
    return module(
        module_id,
        [
            Zone("n", ZoneKind.STREET, rectangle(0, 0, 10, 4)),
            Zone("m", ZoneKind.STREET, rectangle(0, 4, 10, 2)),
            Zone("s", ZoneKind.STREET, rectangle(0, 6, 10, 4)),
        ],
        barriers=barriers,
        markers=markers,
    )


def connection(board: Board, a: str, b: str):
    found = [c for c in board.connections if {c.a, c.b} == {a, b}]
    assert len(found) <= 1, found
    return found[0] if found else None


def sees(board: Board, viewer: str) -> set[str]:
    return {step.zone for line in board.sight_lines[viewer] for step in line}


def either_side(board: Board, segment) -> set[str | None]:
    """The zones just either side of the middle of a segment (perpendicular to it)."""
    (ax, ay), (bx, by) = segment
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    if abs(bx - ax) >= abs(by - ay):
        return {board.zone_at((cx, cy - 0.5)), board.zone_at((cx, cy + 0.5))}
    return {board.zone_at((cx - 0.5, cy)), board.zone_at((cx + 0.5, cy))}


# --- placement ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rotation", "expected"),
    [(0, (1.0, 3.0)), (90, (7.0, 1.0)), (180, (9.0, 7.0)), (270, (3.0, 9.0))],
)
def test_to_board_turns_clockwise(rotation, expected):
    placed = place_module(street_and_rooms("1R"), 0, 0, rotation)
    # (1, 3) is near the top-left; turning clockwise takes the top-left corner to the top-right.
    assert placed.to_board((1.0, 3.0)) == pytest.approx(expected)


def test_to_board_adds_the_grid_origin():
    placed = place_module(street_and_rooms("1R"), 2, 1, 90)
    assert placed.origin_cm == (20.0, 10.0)
    assert placed.to_board((0.0, 0.0)) == pytest.approx((30.0, 10.0))


def test_place_module_refuses_odd_rotation():
    with pytest.raises(ValueError, match="rotation"):
        place_module(street_and_rooms("1R"), 0, 0, 45)


coordinate = st.floats(min_value=0, max_value=SIZE_CM, allow_nan=False)


@given(coordinate, coordinate, st.sampled_from([0, 90, 180, 270]))
def test_turning_four_times_is_identity(x, y, rotation):
    base = street_and_rooms("1R")
    point = (x, y)
    quarter = place_module(base, 0, 0, 90)
    for _ in range(4):
        point = quarter.to_board(point)
    assert point == pytest.approx((x, y), abs=1e-9)
    turned = place_module(base, 0, 0, rotation).to_board((x, y))
    assert 0 <= turned[0] <= SIZE_CM and 0 <= turned[1] <= SIZE_CM


@given(coordinate, coordinate, st.sampled_from([0, 90, 180, 270]), st.integers(0, 3), st.integers(0, 3))
def test_to_board_round_trips_through_the_opposite_turn(x, y, rotation, col, row):
    base = street_and_rooms("1R")
    forward = place_module(base, col, row, rotation)
    back = place_module(base, 0, 0, (360 - rotation) % 360)
    bx, by = forward.to_board((x, y))
    local = (bx - forward.origin_cm[0], by - forward.origin_cm[1])
    assert back.to_board(local) == pytest.approx((x, y), abs=1e-9)


# --- a single module ------------------------------------------------------------------------


def test_single_module_zones_grid_and_connections():
    board = board_from_module(street_and_rooms("1R"))
    assert board.layout == Layout.ZONES
    assert (board.width_cm, board.height_cm) == (10.0, 10.0)
    assert board.cell_cm == 2.0 and board.grid_size == (5, 5)
    assert list(board.zones) == ["1R:s1", "1R:r1", "1R:r2"]
    assert board.zone_at((5.0, 1.0)) == "1R:s1"
    assert board.zone_at((1.0, 9.0)) == "1R:r1"
    assert board.zone_at((9.9, 9.9)) == "1R:r2"
    assert board.zone_at((10.5, 1.0)) is None
    assert board.zone_at((-0.1, 1.0)) is None
    door = connection(board, "1R:s1", "1R:r1")
    assert door.id == "door:1R:d1" and door.kind == ConnectionKind.DOOR and door.color == "blue"
    assert door.is_open is False
    opening = connection(board, "1R:r1", "1R:r2")
    assert opening.id == "opening:1R:o1" and opening.kind == ConnectionKind.OPENING
    # A room touching the street with no door is not connected to it.
    assert connection(board, "1R:s1", "1R:r2") is None
    zone = board.zones["1R:r2"]
    assert zone.area_cm2 == pytest.approx(36.0)
    assert zone.center == pytest.approx((7.0, 7.0))
    assert zone.kind == ZoneKind.ROOM and not zone.is_street_like


def test_portal_zones_found_from_the_grid_when_the_loader_gives_none():
    board = board_from_module(street_and_rooms("1R", door_zones=False))
    assert {connection(board, "1R:s1", "1R:r1").id, connection(board, "1R:r1", "1R:r2").id} == {
        "door:1R:d1",
        "opening:1R:o1",
    }


def test_door_off_any_border_is_reported():
    bad = module(
        "1R",
        [Zone("s1", ZoneKind.STREET, rectangle(0, 0, 10, 10))],
        [Portal("d7", PortalKind.DOOR, (2, 5), (4, 5))],
    )
    with pytest.raises(MapFormatError, match="d7 of module 1R .* does not sit on the border of two zones"):
        board_from_module(bad, source="maps/bad.tmx")


def test_door_joining_zones_it_does_not_sit_between_is_reported():
    bad = module(
        "1R",
        [
            Zone("s1", ZoneKind.STREET, rectangle(0, 0, 10, 4)),
            Zone("r1", ZoneKind.ROOM, rectangle(0, 4, 4, 6)),
            Zone("r2", ZoneKind.ROOM, rectangle(4, 4, 6, 6)),
        ],
        [Portal("d1", PortalKind.DOOR, (2, 4), (4, 4), zones=("s1", "r2"))],
    )
    with pytest.raises(MapFormatError, match="door 1R:d1 is not on the border between 1R:s1 and 1R:r2"):
        board_from_module(bad)


def test_walls_follow_building_perimeters_and_are_merged():
    board = board_from_module(street_and_rooms("1R"))
    walls = {tuple(sorted(w)) for w in board.walls}
    # Street/room border at y=4 except the door (x 2..4); r1/r2 border at x=4 except the opening.
    assert walls == {
        ((0.0, 4.0), (2.0, 4.0)),
        ((4.0, 4.0), (10.0, 4.0)),
        ((4.0, 4.0), (4.0, 6.0)),
        ((4.0, 8.0), (4.0, 10.0)),
    }
    assert board.fences == ()


def test_buildings_are_rooms_joined_by_openings():
    board = board_from_module(street_and_rooms("1R"))
    assert dict(board.buildings) == {"b1": ("1R:r1", "1R:r2")}
    assert board.zones["1R:r1"].building == "b1"
    assert board.zones["1R:s1"].building is None


def test_separate_rooms_are_separate_buildings_even_across_modules():
    # Two modules side by side: 1R's r2 touches 2R's r1 across the module edge, with no portal.
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0), place_module(street_and_rooms("2R"), 1, 0)],
        title="t",
        game="zombicide",
    )
    assert dict(board.buildings) == {"b1": ("1R:r1", "1R:r2"), "b2": ("2R:r1", "2R:r2")}
    assert connection(board, "1R:r2", "2R:r1") is None
    walls = {tuple(sorted(w)) for w in board.walls}
    assert ((10.0, 4.0), (10.0, 10.0)) in walls


def test_markers_move_with_their_module():
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0, 0), place_module(street_and_rooms("2V"), 1, 0, 90)],
        title="t",
        game="zombicide",
    )
    spawn = [m for m in board.markers if m.zone == "2V:s1"]
    assert len(spawn) == 1
    # (1, 1) turned 90° clockwise in a 10 cm module is (9, 1), then shifted by one module.
    assert spawn[0].position == pytest.approx((19.0, 1.0))
    assert spawn[0].size == (2.0, 1.0)
    assert board.zone_at(spawn[0].position) == "2V:s1"


def test_extra_markers_sit_at_the_centre_of_their_zone():
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0, 180)],
        title="t",
        game="zombicide",
        extra_markers=[Marker(MarkerKind.OBJECTIVE, (0, 0), zone="1R:r1", color="blue")],
    )
    objective = [m for m in board.markers if m.kind == MarkerKind.OBJECTIVE]
    assert objective[0].position == pytest.approx(board.zones["1R:r1"].center)
    assert board.zone_at(objective[0].position) == "1R:r1"


def test_extra_marker_in_an_unknown_zone_is_reported():
    with pytest.raises(MapFormatError, match=r"markers\[0\].*unknown zone 1R:nowhere"):
        assemble(
            [place_module(street_and_rooms("1R"), 0, 0)],
            title="t",
            game="zombicide",
            source="m.toml",
            extra_markers=[Marker(MarkerKind.START, (0, 0), zone="1R:nowhere")],
        )


def test_door_overrides_change_colour_and_state():
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0)],
        title="t",
        game="zombicide",
        door_overrides={"1R:d1": DoorOverride(color="pink", is_open=True)},
    )
    door = connection(board, "1R:s1", "1R:r1")
    assert (door.color, door.is_open) == ("pink", True)
    with pytest.raises(MapFormatError, match="no door 1R:d9"):
        assemble(
            [place_module(street_and_rooms("1R"), 0, 0)],
            title="t",
            game="zombicide",
            door_overrides={"1R:d9": DoorOverride(is_open=True)},
        )


def test_modules_of_different_sizes_are_refused():
    small = street_and_rooms("1R")
    big = BoardModule(**{**{f: getattr(small, f) for f in small.__slots__}, "module_id": "2R", "width_cm": 20.0})
    with pytest.raises(MapFormatError, match="same size"):
        assemble([place_module(small, 0, 0), place_module(big, 1, 0)], title="t", game="zombicide")


# --- rotation and module edges --------------------------------------------------------------


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_door_on_a_turned_module_joins_the_same_zones_in_the_right_place(rotation):
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0), place_module(street_and_rooms("2V"), 1, 0, rotation)],
        title="t",
        game="zombicide",
    )
    door = next(c for c in board.connections if c.id == "door:2V:d1")
    assert {door.a, door.b} == {"2V:s1", "2V:r1"}
    assert either_side(board, door.segment) == {"2V:s1", "2V:r1"}
    opening = next(c for c in board.connections if c.id == "opening:2V:o1")
    assert either_side(board, opening.segment) == {"2V:r1", "2V:r2"}
    expected_centre = place_module(street_and_rooms("2V"), 1, 0, rotation).to_board((3.0, 4.0))
    centre = ((door.segment[0][0] + door.segment[1][0]) / 2, (door.segment[0][1] + door.segment[1][1]) / 2)
    assert centre == pytest.approx(expected_centre)
    # The door is still in the walls' gap: no wall runs over its middle.
    for (ax, ay), (bx, by) in board.walls:
        on_line = (ax == bx == centre[0] and min(ay, by) < centre[1] < max(ay, by)) or (
            ay == by == centre[1] and min(ax, bx) < centre[0] < max(ax, bx)
        )
        assert not on_line


def test_street_continues_across_module_edges():
    # 2V turned 270° puts its street on its left side, touching 1R's street at x=10, y 0..4.
    board = assemble(
        [place_module(street_and_rooms("1R"), 0, 0), place_module(street_and_rooms("2V"), 1, 0, 270)],
        title="t",
        game="zombicide",
    )
    link = connection(board, "1R:s1", "2V:s1")
    assert link is not None and link.kind == ConnectionKind.OPEN
    assert link.id == "open:1R:s1|2V:s1"
    assert tuple(sorted(link.segment)) == ((10.0, 0.0), (10.0, 4.0))
    # The rest of that module edge has a room on one side: no connection, a wall.
    assert connection(board, "1R:r2", "2V:s1") is None
    assert ((10.0, 4.0), (10.0, 10.0)) in {tuple(sorted(w)) for w in board.walls}
    # Looking east along the street from 1R reaches 2V's street.
    assert "2V:s1" in sees(board, "1R:s1")


def test_two_by_two_board_joins_streets_both_ways():
    one = street_and_rooms("1R")
    board = assemble(
        [
            place_module(one, 0, 0, 0),
            place_module(street_and_rooms("2R"), 1, 0, 0),
            place_module(street_and_rooms("3R"), 0, 1, 90),
            place_module(street_and_rooms("4R"), 1, 1, 180),
        ],
        title="t",
        game="zombicide",
    )
    assert (board.width_cm, board.height_cm) == (20.0, 20.0)
    assert board.grid_size == (10, 10)
    assert connection(board, "1R:s1", "2R:s1").kind == ConnectionKind.OPEN
    # 3R turned 90°: street on the right (x 6..10, y 10..20); 4R turned 180°: street at the bottom.
    assert board.zone_at((9.0, 15.0)) == "3R:s1"
    assert board.zone_at((15.0, 19.0)) == "4R:s1"
    assert connection(board, "3R:s1", "4R:s1").kind == ConnectionKind.OPEN
    assert tuple(sorted(connection(board, "3R:s1", "4R:s1").segment)) == ((10.0, 16.0), (10.0, 20.0))
    assert connection(board, "1R:r2", "3R:s1") is None  # a room above a street: wall
    # Rooms and streets meet rooms all along y = 10: one merged wall across the board.
    assert ((0.0, 10.0), (20.0, 10.0)) in {tuple(sorted(w)) for w in board.walls}
    assert len(board.buildings) == 4
    assert all(len(zones) == 2 for zones in board.buildings.values())


# --- barriers -------------------------------------------------------------------------------


def test_fence_connects_without_movement_and_lets_sight_through():
    board = board_from_module(
        three_streets(
            "9R",
            [
                Barrier(BarrierKind.FENCE, ((0, 4), (10, 4))),
                Barrier(BarrierKind.WALL, ((0, 6), (10, 6))),
            ],
        )
    )
    fence = connection(board, "9R:n", "9R:m")
    assert fence.kind == ConnectionKind.FENCE and fence.id == "fence:9R:n|9R:m"
    assert fence.has_stairs is False
    assert connection(board, "9R:m", "9R:s") is None
    assert board.fences == (((0.0, 4.0), (10.0, 4.0)),)
    assert ((0.0, 6.0), (10.0, 6.0)) in board.walls
    assert sees(board, "9R:n") == {"9R:m"}  # through the fence, not through the wall
    assert sees(board, "9R:s") == set()


def test_stairs_on_a_fence_make_a_crossing():
    board = board_from_module(
        three_streets(
            "9R",
            [Barrier(BarrierKind.FENCE, ((0, 4), (10, 4)))],
            markers=[Marker(MarkerKind.STAIRS, (5.0, 4.5), size=(1, 1))],
        )
    )
    assert connection(board, "9R:n", "9R:m").has_stairs is True
    assert connection(board, "9R:m", "9R:s").has_stairs is False


def test_partial_wall_leaves_an_open_border_and_blocks_only_its_lines():
    board = board_from_module(three_streets("5R", [Barrier(BarrierKind.WALL, ((0, 6), (6, 6)))]))
    link = connection(board, "5R:m", "5R:s")
    assert link.kind == ConnectionKind.OPEN
    assert tuple(sorted(link.segment)) == ((6.0, 6.0), (10.0, 6.0))
    assert sees(board, "5R:n") == {"5R:m", "5R:s"}
    lines = board.sight_lines["5R:n"]
    assert (("5R:m", "open:5R:n|5R:m"), ("5R:s", "open:5R:m|5R:s")) in [
        tuple((s.zone, s.via) for s in line) for line in lines
    ]


def test_hedge_connects_but_blocks_sight():
    board = board_from_module(three_streets("3V", [Barrier(BarrierKind.HEDGE, ((0, 4), (10, 4)))]))
    assert connection(board, "3V:n", "3V:m").kind == ConnectionKind.HEDGE
    assert sees(board, "3V:n") == set()
    assert sees(board, "3V:m") == {"3V:s"}


def test_ledge_connects_and_lets_sight_through():
    board = board_from_module(three_streets("4V", [Barrier(BarrierKind.LEDGE, ((0, 4), (10, 4)))]))
    assert connection(board, "4V:n", "4V:m").kind == ConnectionKind.LEDGE
    assert sees(board, "4V:n") == {"4V:m", "4V:s"}


def test_corridors_and_the_outdoors_meet_only_through_a_portal():
    board = board_from_module(
        module(
            "1I",
            [
                Zone("out", ZoneKind.OUTDOOR, rectangle(0, 0, 10, 4)),
                Zone("hall", ZoneKind.CORRIDOR, rectangle(0, 4, 10, 2)),
                Zone("lab", ZoneKind.CORRIDOR, rectangle(0, 6, 10, 4)),
            ],
        )
    )
    assert connection(board, "1I:out", "1I:hall") is None
    assert ((0.0, 4.0), (10.0, 4.0)) in board.walls
    assert connection(board, "1I:hall", "1I:lab").kind == ConnectionKind.OPEN
    assert sees(board, "1I:lab") == {"1I:hall"}


# --- sight lines ----------------------------------------------------------------------------


def test_sight_runs_along_streets_and_one_zone_into_buildings():
    # Street on top of three modules in a row; every module has rooms below with a door.
    board = assemble(
        [place_module(street_and_rooms(f"{n}R"), n - 1, 0) for n in (1, 2, 3)],
        title="t",
        game="zombicide",
    )
    # From the first street zone: east through both other streets, and into r1 by its door.
    assert sees(board, "1R:s1") == {"2R:s1", "3R:s1", "1R:r1"}
    east = [tuple(s.zone for s in line) for line in board.sight_lines["1R:s1"]]
    assert ("2R:s1", "3R:s1") in east
    # From the middle street: only its own module's door lies straight below it.
    assert sees(board, "2R:s1") == {"1R:s1", "3R:s1", "2R:r1"}
    # From a room: through the door into the street and along it, and one room by the opening.
    lines = [tuple(s.zone for s in line) for line in board.sight_lines["2R:r1"]]
    assert ("2R:s1",) in lines  # north through the door, then the board edge
    assert ("2R:r2",) in lines
    assert sees(board, "2R:r1") == {"2R:s1", "2R:r2"}
    # A room sees one room deep: r2 sees r1 but nothing past it.
    assert sees(board, "2R:r2") == {"2R:r1"}


def test_sight_from_a_room_crosses_a_street_into_the_room_opposite():
    # Rooms above and below a street, doors facing each other at x 4..6.
    board = board_from_module(
        module(
            "6R",
            [
                Zone("up", ZoneKind.ROOM, rectangle(0, 0, 10, 4)),
                Zone("st", ZoneKind.STREET, rectangle(0, 4, 10, 2)),
                Zone("down", ZoneKind.ROOM, rectangle(0, 6, 10, 4)),
            ],
            [
                Portal("d1", PortalKind.DOOR, (4, 4), (6, 4), zones=("up", "st")),
                Portal("d2", PortalKind.DOOR, (4, 6), (6, 6), zones=("st", "down"), is_open=True),
            ],
        )
    )
    lines = [tuple((s.zone, s.via) for s in line) for line in board.sight_lines["6R:up"]]
    assert lines == [(("6R:st", "door:6R:d1"), ("6R:down", "door:6R:d2"))]
    assert sees(board, "6R:st") == {"6R:up", "6R:down"}


def test_lines_list_doors_whatever_their_state_and_are_distinct():
    board = board_from_module(street_and_rooms("1R"))
    for lines in board.sight_lines.values():
        as_tuples = [tuple(line) for line in lines]
        assert len(as_tuples) == len(set(as_tuples))
        assert all(line for line in lines)
    # The door starts closed but its line is there; the engine decides at play time.
    assert [tuple((s.zone, s.via) for s in line) for line in board.sight_lines["1R:s1"]] == [
        (("1R:r1", "door:1R:d1"),)
    ]


def test_l_shaped_street_sees_around_its_own_corner_only_in_straight_lines():
    # An L-shaped street (left column and bottom row) and a street block filling the rest.
    board = board_from_module(
        module(
            "7R",
            [
                Zone("l", ZoneKind.STREET, ((0, 0), (2, 0), (2, 8), (10, 8), (10, 10), (0, 10))),
                Zone("block", ZoneKind.ROOM, rectangle(2, 0, 8, 8)),
            ],
            [Portal("d1", PortalKind.DOOR, (2, 2), (2, 4), zones=("l", "block"))],
        )
    )
    assert board.zone_at((1.0, 9.0)) == "7R:l"
    assert board.zones["7R:l"].area_cm2 == pytest.approx(2 * 8 + 10 * 2)
    # The centroid of an L may fall outside it; the centre used for tokens must be inside.
    assert board.zone_at(board.zones["7R:l"].center) == "7R:l"
    assert sees(board, "7R:l") == {"7R:block"}
    assert sees(board, "7R:block") == {"7R:l"}


def test_finer_grid_when_zones_do_not_follow_tiles():
    # A border at x = 5 cm, half way through a 2 cm tile: the grid becomes 1 cm.
    board = board_from_module(
        module(
            "8R",
            [
                Zone("w", ZoneKind.STREET, rectangle(0, 0, 5, 10)),
                Zone("e", ZoneKind.STREET, rectangle(5, 0, 5, 10)),
            ],
        )
    )
    assert board.cell_cm == 1.0
    assert board.zone_at((4.9, 5.0)) == "8R:w"
    assert board.zone_at((5.1, 5.0)) == "8R:e"
    assert connection(board, "8R:w", "8R:e").kind == ConnectionKind.OPEN


def test_off_grid_corners_fall_back_to_tile_cells():
    board = board_from_module(
        module(
            "8V",
            [
                Zone("w", ZoneKind.STREET, rectangle(0, 0, 4.33, 10)),
                Zone("e", ZoneKind.STREET, ((4.33, 0), (10, 0), (10, 10), (4.33, 10))),
            ],
        )
    )
    assert board.cell_cm == 2.0
    assert board.zone_at((1.0, 1.0)) == "8V:w" and board.zone_at((9.0, 1.0)) == "8V:e"
    assert connection(board, "8V:w", "8V:e").kind == ConnectionKind.OPEN


# --- free tables ----------------------------------------------------------------------------


def test_free_table_keeps_terrain_and_walls_in_board_cm():
    table = module(
        "street-fight",
        [],
        barriers=[Barrier(BarrierKind.WALL, ((1, 1), (3, 2)), height_cm=4.0), Barrier(BarrierKind.FENCE, ((5, 5), (5, 9)))],
        layout=Layout.FREE,
        terrain=[
            Terrain(
                TerrainKind.BUILDING,
                rectangle(6, 1, 3, 3),
                height_cm=8.0,
                portals=(Portal("d1", PortalKind.DOOR, (6, 2), (6, 3)),),
            )
        ],
    )
    board = board_from_module(table, source="maps/street-fight.tmx")
    assert board.layout == Layout.FREE
    assert board.zones == {} and board.connections == () and board.sight_lines == {}
    assert board.walls == (((1, 1), (3, 2)),)
    assert board.fences == (((5, 5), (5, 9)),)
    assert board.terrain[0].polygon == rectangle(6, 1, 3, 3)
    assert board.terrain[0].portals[0].id == "street-fight:d1"
    assert board.source == "maps/street-fight.tmx"
    assert board.zone_at((2.0, 2.0)) is None


def test_a_three_by_three_board_assembles():
    modules = []
    for n in range(9):
        col, row = n % 3, n // 3
        modules.append(place_module(street_and_rooms(f"{n + 1}R"), col, row, (n * 90) % 360))
    board = assemble(modules, title="big", game="zombicide", properties={"setup": {"survivors": 6}})
    assert len(board.zones) == 27
    assert board.properties["setup"] == {"survivors": 6}
    assert isinstance(board.modules[0], PlacedModule)
    # Every connection joins zones that really touch at its segment.
    for c in board.connections:
        assert either_side(board, c.segment) == {c.a, c.b}, c
    # Sight is symmetric for neighbours seen through a single crossing.
    for zone, lines in board.sight_lines.items():
        for line in lines:
            first = line[0]
            back = {tuple(s.zone for s in ln)[0] for ln in board.sight_lines[first.zone]}
            assert zone in back
