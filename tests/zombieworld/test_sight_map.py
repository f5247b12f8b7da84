"""The shared sight of every figure by every other (``SightMap``) answers exactly as ``sight`` does
for each shooter alone, on seeded random tables, and again after figures move (only the pairs a move
can touch are worked out again)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.geometry import rectangle
from game.board.mission import load_board
from game.board.model import TerrainKind
from game.rules.zombieworld.geometry import (
    Figure,
    Table,
    Wall,
    make_piece,
    targets_in_sight,
    visible_fraction,
)
from game.rules.zombieworld.geometry.sight_map import SightMap

REPO = Path(__file__).resolve().parents[2]
KINDS = (TerrainKind.BUILDING, TerrainKind.OBSTACLE, TerrainKind.DIFFICULT, TerrainKind.COVER,
         TerrainKind.IMPASSABLE, TerrainKind.WALL)


def _table(rng: Random, pieces: int, openings_across: bool = False) -> Table:
    """Random pieces; a building has an opening on its left wall, and with ``openings_across`` maybe
    one facing it on the right wall and others on the top and bottom walls."""
    terrain = []
    for index in range(pieces):
        kind = KINDS[rng.randrange(len(KINDS))]
        x, y = rng.uniform(0, 90), rng.uniform(0, 70)
        w, h = rng.uniform(2, 14), rng.uniform(2, 14)
        portals = [((x, y + h / 2 - 1.5), (x, y + h / 2 + 1.5), rng.choice(("window", "door")), rng.random() < 0.5,
                    f"p{index}")] if kind is TerrainKind.BUILDING else []
        if portals and openings_across:
            sides = [((x + w, y + h / 2 - 1.5), (x + w, y + h / 2 + 1.5)), ((x + w / 2 - 1, y), (x + w / 2 + 1, y)),
                     ((x + w / 2 - 1, y + h), (x + w / 2 + 1, y + h))]
            portals += [(a, b, rng.choice(("window", "door")), rng.random() < 0.5, f"p{index}-{n}")
                        for n, (a, b) in enumerate(sides) if rng.random() < 0.6]
        piece = make_piece(index, kind, rectangle(x, y, w, h), rng.uniform(0.5, 9), rng.randrange(3), "", portals)
        if kind is TerrainKind.BUILDING and rng.random() < 0.4:
            piece = replace(piece, floors=2, roof=rng.random() < 0.5)
        terrain.append(piece)
    walls = [Wall((rng.uniform(0, 100), rng.uniform(0, 80)), (rng.uniform(0, 100), rng.uniform(0, 80)),
                  rng.uniform(1, 5), "fence") for _ in range(rng.randrange(3))]
    return Table.build(100, 80, terrain, walls)


def _figures(rng: Random, count: int) -> list[Figure]:
    kinds = ("survivor", "zombie", "dog")
    return [Figure(f"m{i}", rng.uniform(1, 99), rng.uniform(1, 79), rng.choice((1.25, 1.25, 2.0)), rng.choice(kinds),
                   rng.choice((0.0, 0.0, 6.0))) for i in range(count)]


def _same_as_alone(sight: SightMap, table: Table, figures: list[Figure], portals: frozenset[str]) -> None:
    for shooter in figures:
        assert sight.targets_in_sight(shooter.id) == targets_in_sight(table, shooter, figures, portals)
        assert sight.targets_in_sight(shooter.id, 30.0) == targets_in_sight(table, shooter, figures, portals, 30.0)
        for target in figures[:4]:
            if target.id != shooter.id:
                assert sight.fraction(shooter.id, target.id) == visible_fraction(table, shooter, target, figures, portals)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(2, 24))
def test_every_pair_is_seen_as_each_shooter_alone_sees_it(seed: int, pieces: int, count: int) -> None:
    rng = Random(seed)
    table = _table(rng, pieces)
    figures = _figures(rng, count)
    portals = frozenset(f"p{i}" for i in range(pieces) if rng.random() < 0.3)
    sight = SightMap(table, figures, portals)
    _same_as_alone(sight, table, figures, portals)
    for _ in range(3):  # moves, arrivals and departures: only what they touch is traced again
        moved = list(figures)
        for _ in range(rng.randrange(1, 3)):
            k = rng.randrange(len(moved))
            moved[k] = replace(moved[k], x=min(99.0, max(1.0, moved[k].x + rng.uniform(-10, 10))),
                               y=min(79.0, max(1.0, moved[k].y + rng.uniform(-10, 10))))
        if rng.random() < 0.3 and len(moved) > 2:
            moved.pop(rng.randrange(len(moved)))
        if rng.random() < 0.3:
            moved.append(replace(_figures(rng, 1)[0], id=f"n{rng.randrange(10_000)}"))
        sight.update(moved)
        assert sight.pairs_traced <= len(moved) * (len(moved) - 1) // 2
        figures = moved
        _same_as_alone(sight, table, figures, portals)


def test_a_move_traces_again_only_the_pairs_it_can_touch() -> None:
    table = Table.from_board(load_board(REPO / "maps" / "zombieworld" / "zw-town-square.tmx"))
    figures = _figures(Random(5), 30)
    sight = SightMap(table, figures)
    assert sight.pairs_traced == 30 * 29 // 2
    sight.update(figures)
    assert sight.pairs_traced == 0  # nothing moved: every answer kept
    moved = [replace(figures[0], x=figures[0].x + 1.0), *figures[1:]]
    sight.update(moved)
    assert 29 <= sight.pairs_traced < 30 * 29 // 2
    for shooter in moved:
        assert sight.targets_in_sight(shooter.id) == targets_in_sight(table, shooter, moved)


def _edge_case_figures(rng: Random, table: Table, count: int) -> list[Figure]:
    """Figures where exact sight is hardest: on a piece's corner or edge, touching it from outside,
    inside it (a building's middle), and lined up so that a line runs through a corner or along an
    edge of a piece."""
    figures: list[Figure] = []
    pieces = [p for p in table.pieces if p.sight_height_cm > 0] or list(table.pieces)
    for i in range(count):
        radius = rng.choice((1.25, 1.25, 2.0))
        kind = rng.choice(("survivor", "zombie", "dog"))
        base = rng.choice((0.0, 0.0, 6.0))
        if not pieces:
            x, y = rng.uniform(1, 99), rng.uniform(1, 79)
        else:
            min_x, min_y, max_x, max_y = rng.choice(pieces).bounds
            corner_x, corner_y = rng.choice((min_x, max_x)), rng.choice((min_y, max_y))
            way = rng.randrange(8)
            if way == 0:  # on a corner
                x, y = corner_x, corner_y
            elif way == 1:  # on an edge
                x, y = rng.uniform(min_x, max_x), corner_y
            elif way == 2:  # touching an edge from outside
                x, y = corner_x + (radius if corner_x == max_x else -radius), rng.uniform(min_y, max_y)
            elif way == 3:  # inside (a building's middle)
                x, y = (min_x + max_x) / 2, (min_y + max_y) / 2
            elif way == 4 and figures:  # the line from another figure runs through this corner
                other = rng.choice(figures)
                scale = rng.choice((0.5, 1.0, 1.5, 2.0))
                x, y = corner_x + (corner_x - other.x) * scale, corner_y + (corner_y - other.y) * scale
            elif way == 6:  # level with the building's openings: a line may pass through two of them
                x = rng.choice((min_x - rng.uniform(0.5, 20), max_x + rng.uniform(0.5, 20), (min_x + max_x) / 2))
                y = (min_y + max_y) / 2 + rng.choice((0.0, 0.0, 0.5, -1.0))
            elif way == 5 and figures:  # on the line of an edge, in line with another on it
                x, y = rng.uniform(-20, 120), corner_y
                figures.append(Figure(f"e{i}", rng.uniform(-20, 120), corner_y, radius, kind, base))
            else:
                x, y = rng.uniform(1, 99), rng.uniform(1, 79)
        figures.append(Figure(f"m{i}", x, y, radius, kind, base))
    return figures


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(1, 30), st.integers(2, 16))
def test_edge_cases_are_seen_as_each_shooter_alone_sees_them(seed: int, pieces: int, count: int) -> None:
    """Lines through a corner or along an edge, models touching terrain or inside a building: every
    pair's fraction, targets and cover are the old function's (``targets_in_sight``, the reference)."""
    rng = Random(seed)
    table = _table(rng, pieces, openings_across=True)
    figures = _edge_case_figures(rng, table, count)
    portals = frozenset(f"p{i}{suffix}" for i in range(pieces) for suffix in ("", "-0", "-1", "-2")
                        if rng.random() < 0.3)
    sight = SightMap(table, figures, portals)
    for shooter in figures:
        assert sight.targets_in_sight(shooter.id) == targets_in_sight(table, shooter, figures, portals)
        for target in figures:
            if target.id != shooter.id:
                assert sight.fraction(shooter.id, target.id) == visible_fraction(table, shooter, target, figures,
                                                                                 portals)


def test_rays_hidden_by_different_pieces_are_settled_without_tracing() -> None:
    """No single piece cuts the whole corridor between the two (so the survey leaves the pair open),
    but one piece lies across the upper ray and another across the centre and lower rays: each ray
    is settled as hidden without tracing, and the share is ``sight``'s own."""
    table = Table.build(100, 100, [
        make_piece(0, TerrainKind.IMPASSABLE, rectangle(30, 50.3, 4, 10), 9.0),
        make_piece(1, TerrainKind.IMPASSABLE, rectangle(40, 40, 4, 10.2), 9.0),
    ], [])
    figures = [Figure("a", 10, 50), Figure("b", 60, 50), Figure("c", 10, 80)]
    sight = SightMap(table, figures)
    assert sight.directions_traced == 0
    assert sight.fraction("a", "b") == visible_fraction(table, figures[0], figures[1], figures) == 0.0
    assert sight.fraction("b", "a") == visible_fraction(table, figures[1], figures[0], figures) == 0.0
    _same_as_alone(sight, table, figures, frozenset())


def test_a_base_across_a_ray_is_settled_without_tracing() -> None:
    """A figure stands across the centre ray and a tall piece across the upper one; the lower ray
    is clear: sight stops after two hidden rays, so nothing is seen, without tracing."""
    table = Table.build(100, 100, [make_piece(0, TerrainKind.IMPASSABLE, rectangle(30, 50.3, 4, 10), 9.0)], [])
    figures = [Figure("a", 10, 50), Figure("b", 60, 50), Figure("c", 45, 50)]
    sight = SightMap(table, figures)
    assert sight.directions_traced == 0
    _same_as_alone(sight, table, figures, frozenset())
    assert sight.fraction("a", "b") == 0.0


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(0, 10_000))
def test_crowded_tables_are_seen_as_each_shooter_alone_sees_them(seed: int) -> None:
    """Many pieces and up to 40 figures, some in files (bases across each other's rays): the
    answers of the pairs settled at once or ray by ray are ``sight``'s own."""
    rng = Random(seed)
    table = _table(rng, 40, openings_across=True)
    figures = _figures(rng, rng.randrange(20, 41))
    for k in range(0, len(figures) - 2, 3):  # every third figure between the next two
        a, b = figures[k + 1], figures[k + 2]
        figures[k] = replace(figures[k], x=(a.x + b.x) / 2 + rng.uniform(-1.5, 1.5),
                             y=(a.y + b.y) / 2 + rng.uniform(-1.5, 1.5))
    portals = frozenset(f"p{i}" for i in range(40) if rng.random() < 0.3)
    _same_as_alone(SightMap(table, figures, portals), table, figures, portals)
