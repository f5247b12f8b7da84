"""Random scenery: counts by the setup table's dice, separations, deployment strips, and a
table the engine can play on."""

from __future__ import annotations

from game.board.model import MarkerKind, TerrainKind
from game.rules.core.base import IllegalCommand
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.scenery import SCENERY_TABLE, box_gap, random_scenery
from tests.zombieworld.helpers import two_bands

SEEDS = range(12)


def test_counts_follow_the_dice_of_the_setup_table():
    ranges = {rule.kind: (rule.dice + rule.bonus, rule.dice * rule.sides + rule.bonus) for rule in SCENERY_TABLE}
    seen: dict[str, set[int]] = {kind: set() for kind in ranges}
    for seed in range(40):
        scenery = random_scenery(seed, 180, 120)
        for kind, count in scenery.counts:
            low, high = ranges[kind]
            assert low <= count <= high, (kind, count)
            seen[kind].add(count)
        placed = {kind: sum(1 for p in scenery.placed if p.kind == kind) for kind in ranges}
        for kind, count in scenery.counts:
            assert placed[kind] + scenery.dropped.count(kind) == count
    assert len(seen["building"]) == 3 and len(seen["street_furniture"]) > 5  # the dice really vary


def test_pieces_keep_their_separation_or_say_they_could_not():
    spaced_total = placed_total = 0
    separation = {rule.kind: rule.separation_cm for rule in SCENERY_TABLE}
    for seed in SEEDS:
        scenery = random_scenery(seed, 180, 120)
        for index, piece in enumerate(scenery.placed):
            earlier = scenery.placed[:index]
            gaps = [box_gap(piece.box, other.box) for other in earlier]
            assert all(g > 1.0 for g in gaps), "pieces never overlap"
            if piece.spaced:
                for other, gap in zip(earlier, gaps, strict=True):
                    if other.kind == piece.kind:
                        assert gap >= separation[piece.kind]
                    else:
                        assert gap >= 5.0
            spaced_total += piece.spaced
            placed_total += 1
    assert spaced_total >= 0.85 * placed_total


def test_the_same_seed_gives_the_same_table():
    first, again, other = random_scenery(5), random_scenery(5), random_scenery(6)
    assert first.placed == again.placed and first.board.terrain == again.board.terrain
    assert first.placed != other.placed


def test_the_board_has_buildings_with_doors_props_lamps_and_clear_deployment_strips():
    for seed in SEEDS:
        board = random_scenery(seed).board
        buildings = [t for t in board.terrain if t.kind is TerrainKind.BUILDING]
        assert 3 <= len(buildings) <= 5
        assert all(any(p.kind.value == "door" for p in b.portals) for b in buildings)
        deployments = [m for m in board.markers if m.kind is MarkerKind.DEPLOYMENT]
        quadrants = {(int(m.position[0] // 60), int(m.position[1] // 60)) for m in deployments}
        assert quadrants == {(0, 0), (1, 0), (0, 1), (1, 1)}
        assert any(m.kind is MarkerKind.LAMP for m in board.markers)
        for terrain in board.terrain:
            xs = [p[0] for p in terrain.polygon]
            ys = [p[1] for p in terrain.polygon]
            assert min(xs) >= 15 and min(ys) >= 15 and max(xs) <= 105 and max(ys) <= 105
    props = {dict(t.properties).get("prop") for s in SEEDS for t in random_scenery(s).board.terrain}
    assert {"bin", "crates", "drums"} & props


def test_a_wide_table_has_six_deployment_areas():
    board = random_scenery(1, 180, 120).board
    assert (board.width_cm, board.height_cm) == (180, 120)
    assert sum(1 for m in board.markers if m.kind is MarkerKind.DEPLOYMENT) == 6


def test_the_engine_plays_on_a_random_table():
    board = random_scenery(2).board
    state = engine.setup(board, two_bands(), 3)
    seat = sorted(engine.current_seats(state))[0]
    activate = next(o for o in engine.legal_commands(state, seat) if isinstance(o, c.Activate))
    state, events = engine.apply(state, seat, activate)
    assert any(isinstance(e, c.Activated) for e in events)
    if state.active is not None:
        model = state.model(state.active.model)
        try:
            state, _ = engine.apply(state, seat, c.MoveModel(model.id, ((model.x, model.y + 3),)))
        except IllegalCommand as problem:
            assert str(problem)
