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


def _table(rng: Random, pieces: int) -> Table:
    terrain = []
    for index in range(pieces):
        kind = KINDS[rng.randrange(len(KINDS))]
        x, y = rng.uniform(0, 90), rng.uniform(0, 70)
        w, h = rng.uniform(2, 14), rng.uniform(2, 14)
        portals = [((x, y + h / 2 - 1.5), (x, y + h / 2 + 1.5), rng.choice(("window", "door")), rng.random() < 0.5,
                    f"p{index}")] if kind is TerrainKind.BUILDING else []
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
