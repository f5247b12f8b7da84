"""The Crashed Helicopter token (digest §15.4): a zone it covers even partly is never entered, and no
zombie spawns there nor in a zone it cuts off. Sketch markers cover one zone each; a map's token has a
footprint, and every zone under any part of it is covered."""

from __future__ import annotations

import dataclasses

from game.board.model import Marker, MarkerKind
from game.rules.zombicide.boxes import box_rules
from game.rules.zombicide.graph import build_graph
from game.rules.zombicide.sketch import SketchMarker, sketch_board


def test_a_token_over_the_border_of_two_zones_covers_both():
    board = sketch_board("s s s s", [SketchMarker(kind="start", zone="r0c0")])
    # 12 cm wide, centred on the border of r0c1 (10-20 cm) and r0c2 (20-30 cm)
    wreck = Marker(kind=MarkerKind.CRASHED_HELICOPTER, position=(20.0, 5.0), size=(12.0, 4.0), zone="r0c1")
    graph = build_graph(dataclasses.replace(board, markers=(*board.markers, wreck)), box_rules("rue_morgue"))
    assert graph.blocked == (False, True, True, False)
    assert graph.no_spawn == (False, True, True, True)  # r0c3 lies beyond the wreck: cut off
    assert graph.neighbours(0, ()) == ()


def test_without_a_wreck_every_zone_may_spawn():
    graph = build_graph(sketch_board("s s", [SketchMarker(kind="start", zone="r0c0")]), box_rules("rue_morgue"))
    assert graph.no_spawn == (False, False)
