"""Zombieworld roofs (stairs and ladders up, sight and shooting from them, jumps, zombies placed on
them), climbing walls and obstacles (every case of the movement table), and zombies on stairs,
upper floors and raised places."""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.model import Terrain, TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    Figure,
    Table,
    Wall,
    can_see,
    destination_problem,
    make_piece,
    path_cost,
)
from game.rules.zombieworld.spawning import spawn_zombie
from game.rules.zombieworld.state import ZOMBIES, Activation, State
from game.rules.zombieworld.working import Game

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, arranged_state, two_bands  # noqa: E402


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def house(index: int, x0: float, y0: float, x1: float, y1: float, height: float = 12.0, floors: int = 2,
          roof: bool = True, label: str = "House", portals=()):
    piece = make_piece(index, TerrainKind.BUILDING, box(x0, y0, x1, y1), height, label=label, portals=portals)
    return replace(piece, floors=floors, roof=roof)


def table_of(*pieces, walls=()) -> Table:
    return Table.build(120, 120, pieces, walls)


def arranged(table: Table, positions: dict[str, tuple[float, float]],
             zombies: dict[str, tuple[float, float]] | None = None, dice: tuple[int, ...] = (),
             d10: tuple[int, ...] = (), active: str | None = None, remaining_cm: float = 20.0, **changes) -> State:
    """Red's turn on the given table with only the named models; dice queued."""
    return arranged_state(positions, zombies, dice=dice, d10=d10, active=active, remaining_cm=remaining_cm,
                          changes=changes, table=table, places=(), vehicles=())


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def refused(state: State, seat: str, command: object, words: str) -> None:
    with pytest.raises(IllegalCommand, match=words):
        engine.apply(state, seat, command)


def zombies_act(state: State) -> tuple[State, tuple]:
    """End red's only activation: the zombies play next, then blue (one survivor far off in a
    corner) waits for its turn."""
    model = replace(state.model(state.active.model), activated=True)
    blue = replace(engine.setup(TOWN, two_bands(spawn_dice=0), 1).model("blue:Di"), x=118, y=118)
    state = replace(state, order=("red", ZOMBIES, "blue"),
                    models=(*(model if m.id == model.id else m for m in state.models), blue))
    return engine.apply(state, "red", c.EndActivation(state.active.model))


# --- climbing walls and obstacles: the movement table -------------------------------------------


@pytest.mark.parametrize(("height", "cost"), [(2.0, 0.0), (2.99, 0.0), (3.0, 3.0), (7.5, 7.5), (10.0, 10.0)])
def test_crossing_an_obstacle_is_free_under_3_cm_and_costs_its_height_up_to_10(height, cost):
    # book 11.2: a crossed obstacle costs its height, the base going from touching it to its far side
    table = table_of(make_piece(0, TerrainKind.OBSTACLE, box(50, 40, 52, 80), height, label="Fence"))
    result = path_cost(table, [(40, 60), (60, 60)])
    over = 2 + 2 * BASE_RADIUS_CM if cost else 0.0
    assert result.ok and result.cost_cm == pytest.approx(20 - over + cost, abs=1e-6)


def test_a_wall_over_10_cm_stops_a_move_and_a_walker_stops_at_anything_over_3_cm():
    tall = table_of(make_piece(0, TerrainKind.OBSTACLE, box(50, 40, 52, 80), 10.5, label="Wall"))
    assert "too high" in path_cost(tall, [(40, 60), (60, 60)]).problem
    hedge = table_of(make_piece(0, TerrainKind.OBSTACLE, box(50, 40, 52, 80), 3.5, label="Hedge"))
    assert path_cost(hedge, [(40, 60), (60, 60)]).cost_cm == pytest.approx(20 - 2 - 2 * BASE_RADIUS_CM + 3.5, abs=1e-6)
    assert "too high" in path_cost(hedge, [(40, 60), (60, 60)], max_climb_cm=3.0).problem
    low = table_of(make_piece(0, TerrainKind.OBSTACLE, box(50, 40, 52, 80), 3.0, label="Fence"))
    assert path_cost(low, [(40, 60), (60, 60)], max_climb_cm=3.0).cost_cm == pytest.approx(20 - 4.5 + 3.0, abs=1e-6)
    # drawn as a wall line rather than a piece: the same limits
    walls = table_of(walls=(Wall((50, 40), (50, 80), 12.0, "wall"),))
    assert "too high" in path_cost(walls, [(40, 60), (60, 60)]).problem


def test_a_ladder_over_a_high_wall_lets_it_be_crossed_for_the_stairs_entry_and_its_height():
    ladder = make_piece(0, TerrainKind.STAIRS, box(47, 58, 53, 62), label="Ladder")
    wall_line = Wall((50, 40), (50, 80), 12.0, "wall")
    table = table_of(ladder, walls=(wall_line,))
    over = path_cost(table, [(40, 60), (60, 60)])
    assert over.ok and over.cost_cm == pytest.approx(20 + 5 + 12)
    # away from the ladder the wall still stops the move; walkers never use ladders over walls
    assert not path_cost(table, [(40, 50), (60, 50)]).ok
    assert not path_cost(table, [(40, 60), (60, 60)], ladders=False).ok
    # the same with a tall obstacle piece and a ladder against it
    block = make_piece(1, TerrainKind.OBSTACLE, box(50, 40, 52, 80), 14.0, label="Container")
    table = table_of(ladder, block)
    assert path_cost(table, [(40, 60), (60, 60)]).cost_cm == pytest.approx(20 + 5 + 14)
    assert not path_cost(table, [(40, 70), (60, 70)]).ok


def test_a_move_may_end_on_top_of_an_obstacle_only_when_the_whole_base_fits():
    crate = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 5.0, label="Crates")
    hedge = make_piece(1, TerrainKind.OBSTACLE, box(70, 40, 72, 80), 4.0, label="Hedge")
    table = table_of(crate, hedge)
    mover = Figure("m", 40, 54)
    assert destination_problem(table, mover, (54, 54), []) == ""
    assert table.standing_top_cm((54, 54)) == 5.0
    assert "does not fit" in destination_problem(table, mover, (50.5, 54), [])  # hanging over the edge
    assert "does not fit" in destination_problem(table, mover, (71, 60), [])  # a hedge 2 cm wide
    # through the engine: onto the crates (5 cm climbed), standing 5 cm up
    state = arranged(table, {"red:Bo": (40, 54)}, active="red:Bo")
    after, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((54, 54),)))
    assert after.active.remaining_cm == pytest.approx(20 - 14 - 5)
    assert Game(after).height_of(after.model("red:Bo")) == 5.0
    refused(state, "red", c.MoveModel("red:Bo", ((50.5, 54),)), "does not fit")


def test_bases_up_on_an_obstacle_do_not_block_the_ground_beside_it_but_block_each_other():
    crate = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 5.0, label="Crates")
    table = table_of(crate)
    up_there = Figure("u", 54, 54, base_cm=5.0)
    assert "overlap" in destination_problem(table, Figure("m", 40, 54), (54.5, 54), [up_there])


# --- roofs --------------------------------------------------------------------------------------


def test_a_building_gets_a_roof_from_its_roof_property():
    hall = TOWN.terrain[0]
    for value, expected in ((True, True), ("true", True), ("yes", True), (False, False), ("no", False)):
        board = replace(TOWN, terrain=(replace(hall, properties={**hall.properties, "roof": value}), *TOWN.terrain[1:]))
        assert Table.from_board(board).piece(0).roof is expected
    bare = replace(TOWN, terrain=(replace(hall, properties={k: v for k, v in hall.properties.items() if k != "roof"}),
                                  *TOWN.terrain[1:]))
    assert not Table.from_board(bare).piece(0).roof
    # only buildings have roofs
    crate = Terrain(TerrainKind.OBSTACLE, box(1, 1, 3, 3), 4.0, properties={"roof": True})
    board = replace(TOWN, terrain=(*TOWN.terrain, crate))
    assert not Table.from_board(board).pieces[-1].roof


def test_the_stairs_go_on_up_to_the_roof_with_no_roll_and_not_beyond():
    table = table_of(house(0, 20, 20, 50, 50, portals=[((35, 50), (39, 50), "door", False, "d1")]))
    state = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", **{"red:Bo": {"level": 1}})
    options = engine.legal_commands(state, "red")
    assert c.Climb("red:Bo", 2) in options and c.Climb("red:Bo", 0) in options
    after, events = engine.apply(state, "red", c.Climb("red:Bo", 2))
    assert after.model("red:Bo").level == 2
    assert after.active.remaining_cm == pytest.approx(20 - 5 - 6)
    assert not of(events, c.DiceRolled)  # the roof is open air: nobody hides there
    assert Game(after).on_roof(after.model("red:Bo"))
    refused(state, "red", c.Climb("red:Bo", 3), "floors 0 to 1 and a roof")
    flat = arranged(table_of(house(0, 20, 20, 50, 50, roof=False)), {"red:Bo": (30, 30)}, active="red:Bo",
                    **{"red:Bo": {"level": 1}})
    refused(flat, "red", c.Climb("red:Bo", 2), "floors 0 to 1;")
    assert c.Climb("red:Bo", 2) not in engine.legal_commands(flat, "red")


def test_nothing_to_search_on_a_roof_and_the_roof_keeps_its_walker_inside_its_outline():
    table = table_of(house(0, 20, 20, 50, 50))
    state = arranged(table, {"red:Bo": (30, 30)}, active="red:Bo", **{"red:Bo": {"level": 2}})
    assert not any(isinstance(o, c.Search) for o in engine.legal_commands(state, "red"))
    refused(state, "red", c.Search("red:Bo"), "nothing to search on a roof")
    refused(state, "red", c.MoveModel("red:Bo", ((30, 60),)), "take the stairs down")
    after, _ = engine.apply(state, "red", c.MoveModel("red:Bo", ((40, 40),)))
    assert after.model("red:Bo").position == (40, 40)


def ladder_table(roof: bool = True) -> Table:
    """A roofed house (12 cm, two floors, no door) with a ladder against its south wall."""
    return table_of(house(0, 20, 20, 50, 50, roof=roof),
                    make_piece(1, TerrainKind.STAIRS, box(33, 50, 37, 54), label="Ladder"))


def test_a_ladder_outside_takes_a_model_from_its_foot_up_to_the_roof_and_back_down():
    state = arranged(ladder_table(), {"red:Bo": (35, 53)}, active="red:Bo")
    up = c.Climb("red:Bo", 2, ladder=1)
    assert up in engine.legal_commands(state, "red")
    after, events = engine.apply(state, "red", up)
    bo = after.model("red:Bo")
    assert bo.level == 2 and after.table.building_at(bo.position) == 0
    assert math.dist(bo.position, (35, 52)) < 6  # just inside the wall, by the ladder
    assert after.active.remaining_cm == pytest.approx(20 - 5 - 12)
    assert of(events, c.Climbed)[0].level == 2
    down = replace(after, active=Activation("red:Bo", 20))
    assert c.Climb("red:Bo", 0, ladder=1) in engine.legal_commands(down, "red")
    back, _ = engine.apply(down, "red", c.Climb("red:Bo", 0, ladder=1))
    bo = back.model("red:Bo")
    assert bo.level == 0 and back.table.building_at(bo.position) is None and 1 in [p.index for p in
                                                                                  back.table.ladders_at(bo.position)]


def test_ladders_are_refused_away_from_them_without_a_roof_and_short_of_cm():
    away = arranged(ladder_table(), {"red:Bo": (60, 70)}, active="red:Bo")
    refused(away, "red", c.Climb("red:Bo", 2, ladder=1), "foot of the ladder")
    flat = arranged(ladder_table(roof=False), {"red:Bo": (35, 53)}, active="red:Bo")
    refused(flat, "red", c.Climb("red:Bo", 2, ladder=1), "reaches no roof")
    assert not any(isinstance(o, c.Climb) for o in engine.legal_commands(flat, "red"))
    # short of cm it stops part-way up (see the stairs tests); only stepping on needs its 5 cm
    short = arranged(ladder_table(), {"red:Bo": (35, 53)}, active="red:Bo", remaining_cm=4)
    refused(short, "red", c.Climb("red:Bo", 2, ladder=1), "stepping onto the stairs costs 5 cm")
    not_a_ladder = arranged(ladder_table(), {"red:Bo": (35, 53)}, active="red:Bo")
    refused(not_a_ladder, "red", c.Climb("red:Bo", 2, ladder=0), "not a ladder")
    far_on_roof = arranged(ladder_table(), {"red:Bo": (30, 25)}, active="red:Bo", **{"red:Bo": {"level": 2}})
    refused(far_on_roof, "red", c.Climb("red:Bo", 0, ladder=1), "top of the ladder")


def test_from_a_roof_the_eyes_see_over_lower_buildings_and_walls_below_the_roof_edge_hide():
    tower = house(0, 10, 40, 30, 60, height=14.0)
    shed = house(1, 40, 40, 50, 60, height=6.0, floors=1, roof=False)
    table = table_of(tower, shed)
    target = Figure("z", 60, 50, kind="zombie")
    assert can_see(table, Figure("s", 28, 50, base_cm=14.0), target)  # at the roof's edge, over the shed
    assert not can_see(table, Figure("s", 28, 50), target)  # the same spot downstairs: walls all round
    # a zombie at the foot of the tower's wall is hidden by the roof's edge from the middle of the roof
    assert not can_see(table, Figure("s", 12, 50, base_cm=14.0), Figure("z", 31.5, 50, kind="zombie"))


def test_shooting_from_a_roof_more_than_10_cm_up_gets_plus_one():
    table = table_of(house(0, 20, 20, 50, 50, height=12.0))
    state = arranged(table, {"red:Ana": (48, 35)}, zombies={"zq": (62, 35)}, active="red:Ana", dice=(3, 3),
                     **{"red:Ana": {"level": 2}})
    after, events = engine.apply(state, "red", c.Shoot("red:Ana", (("zq", 2),)))
    shot = next(e for e in of(events, c.DiceRolled) if e.purpose == "shot")
    assert ("shooting from above", 1) in shot.modifiers


def two_roofs(second_height: float = 12.0, second_roof: bool = True) -> Table:
    return table_of(house(0, 10, 10, 30, 30, height=12.0),
                    house(1, 36, 10, 56, 30, height=second_height, roof=second_roof, label="East house"))


def test_a_jump_from_roof_to_roof_needs_no_window_and_rolls_no_entry():
    state = arranged(two_roofs(), {"red:Bo": (28.5, 15)}, active="red:Bo", dice=(2,), **{"red:Bo": {"level": 2}})
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (37.5, 15), 2))
    bo = after.model("red:Bo")
    assert (bo.x, bo.y, bo.level) == (pytest.approx(42.5), 15, 2)
    assert [e.purpose for e in of(events, c.DiceRolled)] == ["landing"]  # 12 cm up: a landing check
    assert after.active.remaining_cm == pytest.approx(20 - (0.25 + 6 + 0.25 + 5))  # to the edge, gap, in, run on
    # down to a roof 4 cm lower costs the drop too
    lower = arranged(two_roofs(second_height=8.0), {"red:Bo": (28.5, 15)}, active="red:Bo", dice=(2,),
                     **{"red:Bo": {"level": 2}})
    after, _ = engine.apply(lower, "red", c.Jump("red:Bo", (37.5, 15), 2))
    assert after.active.remaining_cm == pytest.approx(20 - (0.25 + 6 + 0.25 + 5) - 4)
    # the east house has no roof: its top floor is level 1, and the wall has no window
    flat = arranged(two_roofs(second_roof=False), {"red:Bo": (28.5, 15)}, active="red:Bo",
                    **{"red:Bo": {"level": 2}})
    refused(flat, "red", c.Jump("red:Bo", (37.5, 15), 2), "upper floors 1 to 1$")
    # onto its first floor (8 cm up): its wall has no window to jump through
    walled = arranged(two_roofs(second_height=16.0, second_roof=False), {"red:Bo": (28.5, 15)}, active="red:Bo",
                      **{"red:Bo": {"level": 2}})
    refused(walled, "red", c.Jump("red:Bo", (37.5, 15), 1), "jump through a window")


def test_a_jump_from_the_top_of_an_obstacle_onto_a_roof_and_off_a_roof_onto_an_obstacle():
    shed = house(0, 10, 10, 30, 30, height=8.0, floors=1)
    container = make_piece(1, TerrainKind.OBSTACLE, box(34, 10, 44, 30), 5.0, label="Container")
    table = table_of(shed, container)
    state = arranged(table, {"red:Bo": (36, 20)}, active="red:Bo")
    assert any(isinstance(o, c.JumpTemplate) for o in engine.legal_commands(state, "red"))
    after, events = engine.apply(state, "red", c.Jump("red:Bo", (28, 20), 1))
    bo = after.model("red:Bo")
    assert bo.level == 1 and after.table.building_at(bo.position) == 0
    assert after.active.remaining_cm == pytest.approx(20 - (0.75 + 4 + 0.75 + 3 + 5))  # edge, gap, in, up, run on
    assert not of(events, c.DiceRolled)  # from 5 cm up: no landing check
    back = arranged(table, {"red:Bo": (28, 20)}, active="red:Bo", dice=(2,), **{"red:Bo": {"level": 1}})
    after, _ = engine.apply(back, "red", c.Jump("red:Bo", (36.5, 20), 0))
    bo = after.model("red:Bo")
    assert bo.level == 0 and Game(after).height_of(bo) == 5.0
    refused(back, "red", c.Jump("red:Bo", (33, 20), 0), "land on a raised place")  # the gap between them


def test_a_zombie_scattered_onto_a_roofed_building_stands_on_its_roof():
    table = table_of(house(0, 0, 0, 120, 120, height=10.0, floors=1))
    state = arranged(table, {"red:Bo": (60, 60)}, active="red:Bo")
    game = Game(state)
    zombie = spawn_zombie(game, (60, 60), "round")
    assert zombie.level == 1 and game.on_roof(zombie) and game.height_of(zombie) == 10.0
    assert math.dist(zombie.position, (60, 60)) == pytest.approx(40, abs=0.01)


# --- zombies on stairs, upper floors, roofs and raised places -----------------------------------


def test_a_zombie_on_a_roof_throws_itself_off_toward_a_lower_survivor_and_its_move_ends():
    table = table_of(house(0, 20, 20, 50, 50))
    state = arranged(table, {"red:Bo": (70, 35)}, zombies={"zr": (47, 35)}, active="red:Bo",
                     **{"zr": {"level": 2}})
    after, events = zombies_act(state)
    zombie = after.model("zr")
    assert zombie.level == 0 and after.table.building_at(zombie.position) is None
    assert 50 < zombie.x < 54 and zombie.y == pytest.approx(35)  # landed at the foot of the wall
    assert of(events, c.ModelMoved)


def test_a_zombie_on_a_roof_walks_toward_its_edge_when_the_edge_is_out_of_reach():
    # a low building: from the middle of its roof the zombie still sees a survivor far off
    table = table_of(house(0, 10, 20, 50, 50, height=6.0, floors=1))
    state = arranged(table, {"red:Bo": (110, 35)}, zombies={"zr": (15, 35)}, active="red:Bo",
                     **{"zr": {"level": 1}})
    after, _ = zombies_act(state)
    zombie = after.model("zr")
    assert zombie.level == 1 and zombie.x == pytest.approx(25)


def test_a_zombie_upstairs_jumps_out_of_a_window_toward_a_survivor_on_the_street():
    table = table_of(house(0, 20, 20, 50, 50, roof=False, portals=[((50, 33), (50, 37), "window", False, "w")]))
    state = arranged(table, {"red:Bo": (70, 35)}, zombies={"zu": (45, 35)}, active="red:Bo",
                     **{"zu": {"level": 1}})
    after, _ = zombies_act(state)
    zombie = after.model("zu")
    assert zombie.level == 0 and zombie.x > 50 and after.table.building_at(zombie.position) is None


def again(state: State, active: str = "red:Bo") -> State:
    """The same table a round later: red's survivor acting again, every model ready."""
    models = tuple(replace(m, activated=False) for m in state.models if m.id != "blue:Di")
    return replace(state, models=models, active=Activation(active, 20.0), order=("red", "blue", ZOMBIES), turn=0)


def test_a_zombie_takes_the_stairs_part_way_per_move_toward_a_survivor_in_its_building():
    # floors hide the survivor upstairs from the zombie below: the air horn calls it
    table = table_of(house(0, 20, 20, 50, 50, height=18.0, floors=3, roof=False,
                           portals=[((50, 33), (50, 37), "window", False, "w")]))
    state = arranged(table, {"red:Bo": (45, 35)}, zombies={"zd": (25, 35)}, active="red:Bo",
                     **{"red:Bo": {"level": 2, "horn": True}})
    after, events = zombies_act(state)
    zombie = after.model("zd")  # 5 cm onto the stairs, 5 cm up the 6 cm storey
    assert (zombie.level, zombie.stairs_cm, zombie.position) == (0, 5.0, (25, 35))
    assert [(e.model, e.level, e.stairs_cm) for e in of(events, c.Climbed)] == [("zd", 0, 5.0)]
    # on the stairs already, its next move is 10 cm of height: past floor 1 up to floor 2
    after, events = zombies_act(again(replace(after, models=tuple(
        replace(m, horn=True) if m.id == "red:Bo" else m for m in after.models))))
    assert (after.model("zd").level, after.model("zd").stairs_cm) == (2, 0.0)
    # and down again toward a survivor it sees on the ground floor of its building
    state = arranged(table, {"red:Bo": (45, 35)}, zombies={"zd": (25, 35)}, active="red:Bo",
                     **{"zd": {"level": 2}, "red:Bo": {"horn": True}})
    after, _ = zombies_act(state)
    assert (after.model("zd").level, after.model("zd").stairs_cm) == (1, 1.0)


def test_a_zombie_at_the_foot_of_a_ladder_climbs_to_a_survivor_on_the_roof():
    # the roof's edge hides a survivor on it from the foot of the wall: the air horn calls them
    state = arranged(ladder_table(), {"red:Bo": (35, 40)}, zombies={"zl": (35, 53)}, active="red:Bo",
                     **{"red:Bo": {"level": 2, "horn": True}})
    after, events = zombies_act(state)
    zombie = after.model("zl")  # 5 cm onto the ladder, 5 of its 12 cm: part-way up, at its foot
    assert (zombie.level, zombie.ladder, zombie.stairs_cm, zombie.position) == (0, 1, 5.0, (35, 53))
    after, events = zombies_act(again(replace(after, models=tuple(
        replace(m, horn=True) if m.id == "red:Bo" else m for m in after.models))))
    zombie = after.model("zl")
    assert zombie.level == 2 and zombie.ladder == -1 and after.table.building_at(zombie.position) == 0
    assert of(events, c.Climbed)
    # farther off, it heads for the ladder's foot first
    state = arranged(ladder_table(), {"red:Bo": (35, 40)}, zombies={"zl": (35, 64)}, active="red:Bo",
                     **{"red:Bo": {"level": 2, "horn": True}})
    after, _ = zombies_act(state)
    zombie = after.model("zl")
    assert zombie.level == 0 and math.dist(zombie.position, (35, 52)) < 3


def test_zombies_enter_a_building_only_to_charge_a_survivor_within_reach():
    door = [((34, 50), (38, 50), "door", True, "d")]
    table = table_of(house(0, 20, 20, 50, 50, roof=False, floors=1, height=6.0, portals=door))
    # 14 cm away: beyond its 10 cm, so it walks up to the door but does not go in
    far = arranged(table, {"red:Bo": (36, 40)}, zombies={"zf": (36, 56.5)}, active="red:Bo")
    after, _ = zombies_act(far)
    zombie = after.model("zf")
    assert after.table.building_at(zombie.position) is None and zombie.y < 56.5
    # within its move: it charges in through the door and fights
    near = arranged(table, {"red:Bo": (36, 46)}, zombies={"zn": (36, 51.5)}, active="red:Bo",
                    **{"red:Bo": {"charged_reaction_used": True}})
    after, events = zombies_act(near)
    moved = [e for e in of(events, c.ModelMoved) if e.model == "zn"]
    assert moved and after.table.building_at(moved[-1].path[-1]) == 0
    assert of(events, c.MeleeFought)


def test_a_zombie_on_top_of_crates_drops_off_toward_a_survivor_below():
    crate = make_piece(0, TerrainKind.OBSTACLE, box(50, 50, 58, 58), 5.0, label="Crates")
    state = arranged(table_of(crate), {"red:Bo": (70, 54)}, zombies={"zc": (55, 54)}, active="red:Bo")
    after, _ = zombies_act(state)
    zombie = after.model("zc")
    assert 58 < zombie.x < 61 and Game(after).height_of(zombie) == 0.0
