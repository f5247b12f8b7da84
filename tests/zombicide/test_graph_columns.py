"""Distances worked out for one zone alone are the whole tables' own: ``zombie_distances_to`` is a
column of ``zombie_distances`` (one-way crossings included) and ``visible``/``zone_range`` give what
every viewer sees, on every shipped mission of each box, doors shut and doors open."""

from __future__ import annotations

import gc

import pytest
from boards import shipped_missions

from game.board.mission import load_board
from game.rules.zombicide.boxes import box_rules
from game.rules.zombicide.graph import UNREACHABLE, build_graph

MISSIONS = [(box, path) for box in ("rue_morgue", "green_horde", "invader") for path in shipped_missions(box)]


@pytest.mark.parametrize(("box", "path"), MISSIONS, ids=[path.stem for _, path in MISSIONS])
def test_a_zone_alone_gives_the_tables_column(box, path):
    graph = build_graph(load_board(path), box_rules(box))
    for doors in (graph.doors_open_at_start, (True,) * len(graph.doors_open_at_start)):
        alone = [graph.zombie_distances_to(zone, doors) for zone in range(graph.zone_count)]  # before any table
        table = build_graph(load_board(path), box_rules(box)).zombie_distances(doors)
        assert alone == [tuple(row[zone] for row in table) for zone in range(graph.zone_count)]
        assert any(UNREACHABLE > d > 1 for column in alone for d in column)  # the walks went somewhere
        assert graph.zombie_distances_to(0, doors) == alone[0]  # the same once the table is known
        graph.zombie_distances(doors)
        assert graph.zombie_distances_to(0, doors) == alone[0]
        for viewer in range(graph.zone_count):
            seen = graph.visible(doors)[viewer]
            assert viewer not in seen and len(set(seen)) == len(seen)
            assert all(graph.zone_range(viewer, zone, doors) >= 1 for zone in seen)
        assert list(graph.visible(doors)) == [graph.visible(doors)[z] for z in range(graph.zone_count)]


def test_the_sight_rows_a_board_keeps_do_not_point_back_at_it():
    """The board's caches hold its sight rows: rows holding the board would make a reference cycle,
    which batches of games (the collector run seldom) would leave behind with every board a box
    makes in play (Invader's Mold)."""
    graph = build_graph(load_board(shipped_missions("invader")[0]), box_rules("invader"))
    rows = graph.visible(graph.doors_open_at_start)
    assert rows[0] == rows[0] and rows is graph.visible(graph.doors_open_at_start)
    assert not any(referent is graph for referent in gc.get_referents(rows))
