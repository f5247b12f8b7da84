"""Zombieworld table geometry on small hand-made tables and a shipped one."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.board.geometry import rectangle
from game.board.mission import load_board
from game.board.model import TerrainKind
from game.rules.zombieworld.geometry import (
    Figure,
    Table,
    Wall,
    base_distance,
    can_see,
    destination_problem,
    make_piece,
    path_cost,
    scatter_point,
    target_cover,
    visible_fraction,
)

HOUSE_DOOR = ((40.0, 48.0), (40.0, 52.0), "door", False, "front")
HOUSE_WINDOW = ((50.0, 40.0), (54.0, 40.0), "window", False, "w1")


def small_table() -> Table:
    pieces = [
        make_piece(0, TerrainKind.BUILDING, rectangle(40, 40, 20, 20), 10, 0, "House", [HOUSE_DOOR, HOUSE_WINDOW]),
        make_piece(1, TerrainKind.DIFFICULT, rectangle(10, 70, 20, 20), label="Wood"),
        make_piece(2, TerrainKind.OBSTACLE, rectangle(70, 10, 2, 20), 4, label="Fence"),
        make_piece(3, TerrainKind.OBSTACLE, rectangle(80, 10, 2, 20), 12, label="Truck"),
        make_piece(4, TerrainKind.IMPASSABLE, rectangle(10, 10, 10, 10), label="Pond"),
        make_piece(5, TerrainKind.OBSTACLE, rectangle(20, 40, 2, 10), 2, label="Low wall"),
    ]
    return Table.build(100, 100, pieces, [Wall((0, 95), (50, 95), 15, "wall")])


TABLE = small_table()


def man(fid: str, x: float, y: float, kind: str = "survivor") -> Figure:
    return Figure(fid, x, y, 1.25, kind)


def test_edge_to_edge_distance():
    assert math.isclose(base_distance(man("a", 0, 0), man("b", 10, 0)), 7.5)
    assert base_distance(man("a", 0, 0), man("b", 2, 0)) == 0.0


def test_a_building_blocks_sight_except_through_its_window():
    assert not can_see(TABLE, man("a", 30, 50), man("b", 70, 50))  # straight through the walls
    assert can_see(TABLE, man("a", 30, 35), man("b", 66, 35))  # along the outside
    assert can_see(TABLE, man("a", 52, 30), man("b", 52, 45))  # into the house by the window
    assert not can_see(TABLE, man("a", 30, 50), man("b", 45, 50))  # the door is shut
    assert can_see(TABLE, man("a", 30, 50), man("b", 45, 50), open_portals=frozenset({"front"}))
    assert can_see(TABLE, man("a", 45, 45), man("b", 55, 55))  # both inside


def test_other_models_and_high_scenery_block_sight_low_scenery_does_not():
    blocker = man("z", 50, 20, "zombie")
    assert not can_see(TABLE, man("a", 40, 20), man("b", 60, 20), [blocker])
    assert can_see(TABLE, man("a", 10, 45), man("b", 30, 45))  # the 2 cm wall hides the legs only
    assert 0 < visible_fraction(TABLE, man("a", 10, 45), man("b", 30, 45)) < 1
    assert not can_see(TABLE, man("a", 60, 20), man("b", 76, 20))  # a 4 cm fence hides a crouching man
    assert not can_see(TABLE, man("a", 76, 20), man("b", 90, 20))  # 12 cm truck
    assert not can_see(TABLE, man("a", 20, 90), man("b", 20, 99))  # the 15 cm wall


def test_cover_column_from_the_shooter():
    assert target_cover(TABLE, man("a", 52, 30), man("b", 52, 45)).column == "building"
    inside = target_cover(TABLE, man("a", 45, 45), man("b", 55, 55))
    assert inside.column == "open" and inside.same_building
    assert target_cover(TABLE, man("a", 50, 80), man("b", 20, 80)).column == "difficult"
    assert target_cover(TABLE, man("a", 50, 30), man("b", 30, 30)).column == "open"


def test_path_costs_terrain_and_refusals():
    assert math.isclose(path_cost(TABLE, [(30, 5), (60, 5)]).cost_cm, 30)
    # 20 cm across the wood costs double
    assert math.isclose(path_cost(TABLE, [(0, 80), (40, 80)]).cost_cm, 20 + 40)
    # the fence (2 cm thick) is climbed for its height, the base put on its far side (book 11.2)
    assert math.isclose(path_cost(TABLE, [(65, 20), (76, 20)]).cost_cm, 11 - 2 - 2 * 1.25 + 4, abs_tol=1e-6)
    assert "too high" in path_cost(TABLE, [(76, 20), (90, 20)]).problem
    assert "too high" in path_cost(TABLE, [(65, 20), (76, 20)], max_climb_cm=3).problem
    assert "cannot be crossed" in path_cost(TABLE, [(5, 15), (25, 15)]).problem
    assert "door or window" in path_cost(TABLE, [(30, 45), (45, 45)]).problem
    through_door = path_cost(TABLE, [(30, 50), (45, 50)])
    assert through_door.ok and math.isclose(through_door.cost_cm, 15 + 5) and through_door.entered_buildings == (0,)
    assert "too high" in path_cost(TABLE, [(20, 90), (20, 99)]).problem


def test_destination_legality():
    mover = man("a", 30, 5)
    assert destination_problem(TABLE, mover, (30, 30), []) == ""
    assert "overlap" in destination_problem(TABLE, mover, (30, 30), [man("b", 31, 30)])
    assert destination_problem(TABLE, mover, (32.5, 30), [man("b", 30, 30)]) == ""  # touching is fine
    assert "off the table" in destination_problem(TABLE, mover, (99.5, 30), [])
    assert "on top" in destination_problem(TABLE, mover, (81, 20), [])


def test_scatter_clamps_to_the_table_edge():
    point, clamped = scatter_point(TABLE, (90, 50), 0.0, 40, 1.25)
    assert clamped and math.isclose(point[0], 98.75) and math.isclose(point[1], 50)
    point, clamped = scatter_point(TABLE, (50, 50), math.pi / 2, 40, 1.25)
    assert not clamped and math.isclose(point[1], 90)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.floats(2, 98), st.floats(2, 98), st.floats(2, 98), st.floats(2, 98))
def test_sight_between_centres_is_symmetric_without_height_effects(x0, y0, x1, y1):
    flat = Table.build(100, 100, [TABLE.pieces[0], TABLE.pieces[3]], [])
    for x, y in ((x0, y0), (x1, y1)):
        assume(not any(p.bounds[0] - 2 <= x <= p.bounds[2] + 2 and p.bounds[1] - 2 <= y <= p.bounds[3] + 2
                       for p in flat.pieces))
    a, b = man("a", x0, y0, "zombie"), man("b", x1, y1, "zombie")
    assert can_see(flat, a, b) == can_see(flat, b, a) or base_distance(a, b) < 3


def test_shipped_table_loads_into_geometry():
    table = Table.from_board(load_board("maps/zombieworld/zw-town-square.tmx"))
    assert len(table.pieces) == 13 and any(w.kind == "fence" for w in table.walls)
    hall = man("a", 34, 22)
    assert table.building_at(hall.position) is not None
    assert not can_see(table, man("b", 34, 50), hall)


def test_the_per_shooter_view_sees_exactly_what_single_checks_see():
    from random import Random

    from game.rules.zombieworld.geometry import targets_in_sight

    kinds = (TerrainKind.BUILDING, TerrainKind.OBSTACLE, TerrainKind.COVER, TerrainKind.IMPASSABLE)
    for seed in range(3):
        rng = Random(seed)
        pieces = []
        for index in range(40):
            x, y = rng.random() * 100 + 5, rng.random() * 100 + 5
            kind = kinds[index % len(kinds)]
            portals = [((x, y + 2), (x, y + 5), "window", False, f"w{index}")] if kind is TerrainKind.BUILDING else []
            pieces.append(make_piece(index, kind, rectangle(x, y, 4 + rng.random() * 8, 4 + rng.random() * 8),
                                     1 + rng.random() * 6, 1, "", portals))
        table = Table.build(120, 120, pieces, [Wall((10, 60), (70, 20), 2.8, "fence")])
        figures = [man(f"m{i}", rng.random() * 116 + 2, rng.random() * 116 + 2, "zombie" if i % 3 else "survivor")
                   for i in range(25)]
        for shooter in figures[:8]:
            seen = {f.id for f, _ in targets_in_sight(table, shooter, figures)}
            single = {f.id for f in figures if f.id != shooter.id and can_see(table, shooter, f, figures)}
            assert seen == single
