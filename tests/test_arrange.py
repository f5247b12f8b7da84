"""Pieces lined up inside a zone: inside, apart, stable, shrunk when crowded."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.model import Board, BoardZone, Layout, ZoneKind
from game.table.arrange import (
    Arrangement,
    arrange_in_polygon,
    arrange_zone,
    disc_inside,
    ordered_pieces,
)
from game.table.state import Piece, PieceSide

SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
L_SHAPE = ((0.0, 0.0), (20.0, 0.0), (20.0, 8.0), (8.0, 8.0), (8.0, 20.0), (0.0, 20.0))


def make_board(zones: dict[str, tuple[tuple[float, float], ...]]) -> Board:
    board_zones = {
        zone_id: BoardZone(
            id=zone_id,
            module_id="m",
            kind=ZoneKind.STREET,
            polygon=polygon,
            center=(sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon)),
            area_cm2=0.0,
        )
        for zone_id, polygon in zones.items()
    }
    return Board(
        title="hand-made",
        game="zombicide",
        layout=Layout.ZONES,
        width_cm=40.0,
        height_cm=40.0,
        modules=(),
        zones=board_zones,
        connections=(),
        walls=(),
        fences=(),
        markers=(),
        terrain=(),
        buildings={},
        sight_lines={},
        cell_cm=1.0,
        zone_grid=(),
        grid_size=(0, 0),
    )


def piece(piece_id: str, token: str = "walker", side: str = PieceSide.ZOMBIE, base_cm: float = 3.0) -> Piece:
    return Piece(id=piece_id, token=token, label=token, side=side, base_cm=base_cm, x_cm=0.0, y_cm=0.0)


def walkers(count: int, base_cm: float = 3.0) -> list[Piece]:
    return [piece(f"walker-{i}", base_cm=base_cm) for i in range(1, count + 1)]


def assert_inside_and_apart(arrangement: Arrangement, pieces: list[Piece], polygon) -> None:
    radius = {p.id: p.radius_cm * arrangement.scale for p in pieces}
    assert set(arrangement.positions) == set(radius)
    assert 0 < arrangement.scale <= 1
    for piece_id, centre in arrangement.positions.items():
        assert disc_inside(centre, radius[piece_id], polygon), (piece_id, centre, arrangement.scale)
    items = list(arrangement.positions.items())
    for i, (id_a, a) in enumerate(items):
        for id_b, b in items[i + 1 :]:
            assert math.dist(a, b) >= radius[id_a] + radius[id_b] - 1e-9, (id_a, id_b)


def test_thirty_minis_fit_inside_one_zone_without_overlap():
    board = make_board({"m:z1": SQUARE})
    pieces = walkers(30)
    arrangement = arrange_zone(board, "m:z1", pieces)
    assert arrangement.scale < 1  # 30 bases of 3 cm cannot stand in 10 × 10 cm at full size
    assert arrangement.scale > 0.3  # …but are not shrunk more than needed
    assert_inside_and_apart(arrangement, pieces, SQUARE)


def test_few_minis_keep_full_size_and_a_margin_from_the_border():
    pieces = walkers(4)
    arrangement = arrange_in_polygon(SQUARE, pieces)
    assert arrangement.scale == 1.0
    assert_inside_and_apart(arrangement, pieces, SQUARE)
    for centre in arrangement.positions.values():
        assert disc_inside(centre, 1.5 + 0.2, SQUARE)


def test_l_shaped_zone_holds_every_piece_inside_its_arms():
    for count in (1, 3, 8, 30):
        pieces = walkers(count)
        arrangement = arrange_in_polygon(L_SHAPE, pieces)
        assert_inside_and_apart(arrangement, pieces, L_SHAPE)
        for x, y in arrangement.positions.values():
            assert not (x > 8 and y > 8), "a piece stands in the missing corner of the L"


def test_rows_are_centred_in_the_zone():
    pieces = walkers(3)
    positions = arrange_in_polygon(SQUARE, pieces).positions
    xs = sorted(x for x, _ in positions.values())
    ys = {round(y, 6) for _, y in positions.values()}
    assert len(ys) <= 2
    mean_x = sum(xs) / len(xs)
    mean_y = sum(y for _, y in positions.values()) / len(positions)
    assert abs(mean_x - 5.0) < 1.0 and abs(mean_y - 5.0) < 2.0
    two = arrange_in_polygon(SQUARE, walkers(2)).positions
    (ax, ay), (bx, by) = two["walker-1"], two["walker-2"]
    assert ay == by and ax < bx and abs((ax + bx) / 2 - 5.0) < 1e-9


def test_order_is_survivors_then_zombies_by_type_then_natural_id():
    pieces = [
        piece("runner-1", token="runner"),
        piece("walker-10"),
        piece("walker-2"),
        piece("marker-1", token="noise", side=PieceSide.TOKEN),
        piece("survivor-2", token="ana", side=PieceSide.SURVIVOR),
        piece("survivor-1", token="bruno", side=PieceSide.SURVIVOR),
        piece("abomination-1", token="abomination"),
    ]
    assert [p.id for p in ordered_pieces(pieces)] == [
        "survivor-1",
        "survivor-2",
        "walker-2",
        "walker-10",
        "runner-1",
        "abomination-1",
        "marker-1",
    ]


def test_a_joining_piece_leaves_the_others_in_their_order_and_close_to_their_place():
    before_pieces = walkers(5)
    before = arrange_in_polygon(L_SHAPE, before_pieces).positions
    after = arrange_in_polygon(L_SHAPE, [*before_pieces, piece("walker-6")]).positions
    moved = {pid: math.dist(before[pid], after[pid]) for pid in before}
    # Same rows, same sequence: only the partial last row re-centres, by at most half a cell.
    assert max(moved.values()) <= 3.0 * 1.12 / 2 + 1e-9
    assert sorted(before, key=lambda pid: (round(before[pid][1], 6), before[pid][0])) == sorted(
        before, key=lambda pid: (round(after[pid][1], 6), after[pid][0])
    )
    # The input order does not matter.
    shuffled = arrange_in_polygon(L_SHAPE, list(reversed(before_pieces))).positions
    assert shuffled == before


def test_full_rows_do_not_move_when_a_piece_joins():
    wide = ((0.0, 0.0), (30.0, 0.0), (30.0, 10.0), (0.0, 10.0))
    before = arrange_in_polygon(wide, walkers(8)).positions
    after = arrange_in_polygon(wide, walkers(9)).positions
    assert all(before[pid] == after[pid] for pid in before if before[pid][1] == min(y for _, y in before.values()))


def test_empty_zone_gives_no_positions():
    board = make_board({"m:z1": SQUARE})
    assert arrange_zone(board, "m:z1", []) == Arrangement(positions={}, scale=1.0)


def test_unknown_zone_is_named_in_the_error():
    board = make_board({"m:z1": SQUARE})
    with pytest.raises(KeyError, match="m:z9"):
        arrange_zone(board, "m:z9", walkers(1))


def test_mixed_base_sizes_never_overlap():
    pieces = [*walkers(6, base_cm=2.5), piece("abomination-1", token="abomination", base_cm=5.0)]
    arrangement = arrange_in_polygon(SQUARE, pieces)
    assert_inside_and_apart(arrangement, pieces, SQUARE)


def test_degenerate_polygons_do_not_crash():
    for polygon in ((), ((1.0, 1.0),), ((0.0, 0.0), (5.0, 0.0), (10.0, 0.0))):
        arrangement = arrange_in_polygon(polygon, walkers(3))
        assert len(arrangement.positions) == 3
        assert 0 < arrangement.scale <= 1
    sliver = ((0.0, 0.0), (10.0, 0.0), (10.0, 0.01), (0.0, 0.01))
    arrangement = arrange_in_polygon(sliver, walkers(3))
    assert all(0 <= x <= 10 and 0 <= y <= 0.01 for x, y in arrangement.positions.values())


@settings(max_examples=60, deadline=None)
@given(
    x=st.floats(-50, 50),
    y=st.floats(-50, 50),
    width=st.floats(2.0, 40.0),
    height=st.floats(2.0, 40.0),
    notch=st.floats(0.1, 0.9),
    count=st.integers(1, 40),
    base_cm=st.floats(1.5, 5.0),
)
def test_any_l_shape_holds_any_crowd_inside_and_apart(x, y, width, height, notch, count, base_cm):
    polygon = (
        (x, y),
        (x + width, y),
        (x + width, y + height * notch),
        (x + width * notch, y + height * notch),
        (x + width * notch, y + height),
        (x, y + height),
    )
    pieces = walkers(count, base_cm=base_cm)
    arrangement = arrange_in_polygon(polygon, pieces)
    if arrangement.scale > 0.05:
        assert_inside_and_apart(arrangement, pieces, polygon)



# --- markers stay visible ----------------------------------------------------------------------


def disc_clear_of_rect(centre, radius_cm, rect) -> bool:
    left, top, right, bottom = rect
    nearest = (min(max(centre[0], left), right), min(max(centre[1], top), bottom))
    return math.dist(centre, nearest) >= radius_cm - 1e-9


def board_with_markers(markers):
    from dataclasses import replace

    return replace(make_board({"m:z1": ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))}), markers=markers)


def test_pieces_keep_clear_of_a_marker_in_the_middle_of_their_zone():
    from game.board.model import Marker, MarkerKind

    board = board_with_markers((Marker(MarkerKind.SPAWN, (10.0, 10.0), zone="m:z1", color="red"),))
    without = arrange_in_polygon(board.zones["m:z1"].polygon, walkers(6))
    assert any(not disc_clear_of_rect(c, 1.5, (8.7, 8.7, 11.3, 11.3)) for c in without.positions.values())
    for count in (1, 6, 20):
        pieces = walkers(count)
        arrangement = arrange_zone(board, "m:z1", pieces)
        assert_inside_and_apart(arrangement, pieces, board.zones["m:z1"].polygon)
        for centre in arrangement.positions.values():
            assert disc_clear_of_rect(centre, 1.5 * arrangement.scale, (8.7, 8.7, 11.3, 11.3)), (count, centre)


def test_explicit_reserved_rectangles_and_an_empty_reservation():
    pieces = walkers(4)
    reserved = ((3.0, 3.0, 7.0, 7.0),)
    arrangement = arrange_in_polygon(SQUARE, pieces, reserved)
    assert_inside_and_apart(arrangement, pieces, SQUARE)
    for centre in arrangement.positions.values():
        assert disc_clear_of_rect(centre, 1.5 * arrangement.scale, reserved[0])
    board = board_with_markers(())
    assert arrange_zone(board, "m:z1", pieces, reserved=()) == arrange_in_polygon(board.zones["m:z1"].polygon, pieces)


def test_a_zone_filled_by_its_marker_still_places_every_piece_inside():
    pieces = walkers(5)
    arrangement = arrange_in_polygon(SQUARE, pieces, ((-1.0, -1.0, 11.0, 11.0),))
    assert_inside_and_apart(arrangement, pieces, SQUARE)


def test_deployment_areas_and_markers_of_other_zones_are_not_reserved():
    from game.board.model import Marker, MarkerKind
    from game.table.arrange import marker_rects

    board = board_with_markers((
        Marker(MarkerKind.DEPLOYMENT, (10.0, 10.0), size=(20.0, 20.0)),
        Marker(MarkerKind.START, (30.0, 30.0)),
        Marker(MarkerKind.OBJECTIVE, (19.5, 5.0), size=(2.0, 2.0), color="red"),
    ))
    assert marker_rects(board, "m:z1") == ((18.5, 4.0, 20.5, 6.0),)
    assert len(marker_rects(board)) == 2
    assert marker_rects(board, "nowhere") == ()


def test_shipped_missions_leave_every_marker_uncovered():
    from game.board.mission import load_board
    from game.table.arrange import marker_rects
    from game.table.setup import default_pieces

    for mission in ("tutorial-2x2", "city-3x3"):
        board = load_board(f"maps/missions/{mission}.toml")
        pieces = default_pieces(board)
        by_zone: dict[str, list[Piece]] = {}
        for p in pieces:
            by_zone.setdefault(p.zone or "", []).append(p)
        for zone_id, group in by_zone.items():
            scale = arrange_zone(board, zone_id, group).scale
            for p in group:
                for rect in marker_rects(board, zone_id):
                    assert disc_clear_of_rect((p.x_cm, p.y_cm), p.radius_cm * scale, rect), (mission, p.id, rect)
