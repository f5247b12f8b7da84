"""A door opened or closed: the step table and the sight rows worked out from the last configuration's
(only the zones beside the door, or seeing through it, asked again) are those of a board that never
saw the last configuration, on every shipped mission of each box, every door in turn."""

from __future__ import annotations

import pytest
from boards import shipped_missions

from game.board.mission import load_board
from game.rules.zombicide.boxes import box_rules
from game.rules.zombicide.graph import SightRows, build_graph

MISSIONS = [(box, path) for box in ("rue_morgue", "green_horde", "invader") for path in shipped_missions(box)]


def _flipped(doors: tuple[bool, ...], *flips: int) -> tuple[bool, ...]:
    return tuple(not is_open if d in flips else is_open for d, is_open in enumerate(doors))


def _steps(graph, doors, zombies):
    """Every zone's steps asked edge by edge (``can_step``), as a board with no table kept would."""
    return tuple(tuple(other for other, e in graph.adjacent[z]
                       if graph.can_step(graph.edges[e], z, doors, zombies) and not graph.blocked[other])
                 for z in range(graph.zone_count))


@pytest.mark.parametrize(("box", "path"), MISSIONS, ids=[path.stem for _, path in MISSIONS])
def test_a_door_changed_gives_the_fresh_boards_steps_and_sight(box, path):
    graph = build_graph(load_board(path), box_rules(box))
    doors = graph.doors_open_at_start
    for deeper in (False, True):
        for door in range(len(doors)):
            for before, after in ((doors, _flipped(doors, door)), (_flipped(doors, door), _flipped(doors, door, 0))):
                graph.neighbours_table(before)
                graph.zombie_neighbours_table(before)
                rows = graph.visible(before, deeper)
                for zone in range(graph.zone_count):
                    rows.ranges(zone)  # every row read, then kept or read again
                assert graph.neighbours_table(after) == _steps(graph, after, False)
                assert graph.zombie_neighbours_table(after) == _steps(graph, after, True)
                fresh = SightRows(graph, after, 2 if deeper else 1)  # no row taken from another configuration
                kept = graph.visible(after, deeper)
                assert [kept.ranges(z) for z in range(graph.zone_count)] == [fresh.ranges(z) for z in range(graph.zone_count)]
                assert list(kept) == list(fresh)


def test_the_rows_a_door_does_not_cross_are_kept_not_worked_out_again():
    """Invader's survivors work doors at nearly every turn: a zone whose sight lines cross none of the
    doors changed keeps the very row read before, and a row crossing one is read again."""
    graph = build_graph(load_board(shipped_missions("invader")[0]), box_rules("invader"))
    doors = graph.doors_open_at_start
    before = graph.visible(doors)
    rows = [before.ranges(z) for z in range(graph.zone_count)]
    door = next(d for d in range(len(doors)) if any(
        graph.edges[e].door == d for lines in graph.sight for line in lines for _z, e in line))
    after = graph.visible(_flipped(doors, door))
    crossing = {z for z, lines in enumerate(graph.sight) for line in lines for _z, e in line if graph.edges[e].door == door}
    assert crossing and len(crossing) < graph.zone_count
    for zone in range(graph.zone_count):
        assert (after.ranges(zone) is rows[zone]) == (zone not in crossing)
