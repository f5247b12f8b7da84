"""Rendering on off-screen surfaces: the board where the board is, tokens where they stand."""

import pygame
import pytest

from game.app.assets import ImageStore
from game.app.render import SHADOW_PAD_MAX_PX, TableRenderer, TableView
from game.board.model import (
    Board,
    BoardModule,
    BoardZone,
    Connection,
    ConnectionKind,
    Layout,
    PlacedModule,
    ZoneKind,
)
from game.table.camera import Camera
from game.table.state import Piece
from game.table.tape import Tape


def rect(x0, y0, x1, y1):
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def make_board(layout=Layout.ZONES, walls=(), width_cm=40.0, height_cm=20.0):
    """Two zones side by side: a street (x < 20) and a room (x > 20) joined by a door."""
    module = BoardModule(path="test.tmx", module_id="M", game="zombicide", layout=layout, scale_px_per_cm=20,
                         width_cm=width_cm, height_cm=height_cm, tile_px=(40, 40))
    zones = {}
    if layout == Layout.ZONES:
        zones = {
            "M:street": BoardZone("M:street", "M", ZoneKind.STREET, rect(0, 0, 20, 20), (10, 10), 400, label="Street"),
            "M:room": BoardZone("M:room", "M", ZoneKind.ROOM, rect(20, 0, 40, 20), (30, 10), 400, building="b1"),
        }
    cols, rows = int(width_cm), int(height_cm)
    grid = tuple(
        (("M:street" if c < 20 else "M:room") if zones else None) for r in range(rows) for c in range(cols)
    )
    door = Connection("M:d1", "M:street", "M:room", ConnectionKind.DOOR, ((20, 8), (20, 12)), "blue", False)
    return Board(title="test", game="zombicide", layout=layout, width_cm=width_cm, height_cm=height_cm,
                 modules=(PlacedModule(module, 0, 0, 0, (0, 0)),), zones=zones,
                 connections=(door,) if zones else (), walls=tuple(walls), fences=(), markers=(), terrain=(),
                 buildings={"b1": ("M:room",)} if zones else {}, sight_lines={}, cell_cm=1.0, zone_grid=grid,
                 grid_size=(cols, rows))


def walker(pid, x, y, zone=None, side="zombie"):
    return Piece(id=pid, token="no-such-token", label=pid, side=side, base_cm=2.5, x_cm=x, y_cm=y, zone=zone)


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def camera_on(board, w=800, h=500):
    cam = Camera(w, h)
    cam.fit((0, 0, board.width_cm, board.height_cm))
    return cam


def test_board_pixels_are_drawn_where_the_board_is():
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    screen = pygame.Surface((800, 500))
    renderer.draw(screen, cam, [])
    street = screen.get_at([round(v) for v in cam.world_to_screen((5, 15))])[:3]
    room = screen.get_at([round(v) for v in cam.world_to_screen((35, 15))])[:3]
    outside = screen.get_at((2, 2))[:3]
    assert street != outside and room != outside and street != room
    assert renderer.art.screen_rect(cam).collidepoint(cam.world_to_screen((5, 15)))


def test_a_tokens_colour_appears_at_its_position_and_nowhere_far():
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    empty = pygame.Surface((800, 500))
    renderer.draw(empty, cam, [])
    screen = pygame.Surface((800, 500))
    renderer.draw(screen, cam, [walker("w1", 10, 10)])
    cx, cy = (round(v) for v in cam.world_to_screen((10, 10)))
    assert screen.get_at((cx, cy)) != empty.get_at((cx, cy))
    far = [round(v) for v in cam.world_to_screen((30, 5))]
    assert screen.get_at(far) == empty.get_at(far)


def test_close_up_a_tokens_shadow_stays_within_its_capped_spread():
    """Close up, a quarter of a token's width would be a broad blur: its soft shadow darkens the
    board near it, but no further than SHADOW_PAD_MAX_PX past it (a wider blur costs every frame)."""
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    cam.zoom_level += 10
    cam.center_x_cm, cam.center_y_cm = 10.0, 10.0
    empty = pygame.Surface((800, 500))
    renderer.draw(empty, cam, [])
    screen = pygame.Surface((800, 500))
    renderer.draw(screen, cam, [walker("w1", 10, 10)])
    cx, cy = (round(v) for v in cam.world_to_screen((10, 10)))
    diameter_px = round(2.5 * cam.zoom_px_per_cm)
    assert diameter_px // 4 > SHADOW_PAD_MAX_PX  # so close up, the cap is what bounds the blur
    lift_px = diameter_px // 12  # the token stands lifted up and left of its shadow
    changed = [x for x in range(cx, 800) if screen.get_at((x, cy)) != empty.get_at((x, cy))]
    reach_px = max(changed) - cx
    assert diameter_px / 2 + lift_px < reach_px <= diameter_px / 2 + lift_px + SHADOW_PAD_MAX_PX + 1


def test_selection_tape_ring_and_door_state_change_the_picture():
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    pieces = [walker("w1", 10, 10)]
    plain = pygame.Surface((800, 500))
    renderer.draw(plain, cam, pieces)
    dressed = pygame.Surface((800, 500))
    view = TableView(selected="w1", ring_cm=4, tape=Tape((2, 2), (18, 2)), door_open={"M:d1": True})
    renderer.draw(dressed, cam, pieces, view)
    for world in [(10, 10 - 1.25 - 4), (10, 2), (20, 10)]:  # ring, tape, door
        p = [round(v) for v in cam.world_to_screen(world)]
        assert dressed.get_at(p) != plain.get_at(p), world


def test_zoomed_in_only_visible_chunks_are_made_and_the_cache_is_capped():
    board = make_board(width_cm=200, height_cm=200)
    renderer = TableRenderer(board, ImageStore())
    cam = Camera(640, 480, 100, 100, 30)  # 66 px per cm: the whole board would be 13000 px wide
    screen = pygame.Surface((640, 480))
    for _ in range(3):
        renderer.draw(screen, cam, [])
    assert renderer.complete
    chunk_px = 256 * cam.zoom_px_per_cm / renderer.art.bake_px_per_cm
    assert renderer.art.cached_bytes <= (640 / chunk_px + 2) * (480 / chunk_px + 2) * chunk_px**2 * 4
    renderer.art.cache_limit_bytes = 1
    cam.pan_by_px(2000, 0)
    renderer.draw(screen, cam, [])
    assert len(renderer.art._chunks) == 1


def test_free_table_walls_and_facing_are_drawn():
    board = make_board(layout=Layout.FREE, walls=[((10, 0), (10, 20))])
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    screen = pygame.Surface((800, 500))
    renderer.draw(screen, cam, [])
    wall = screen.get_at([round(v) for v in cam.world_to_screen((10, 10))])[:3]
    floor = screen.get_at([round(v) for v in cam.world_to_screen((5, 10))])[:3]
    assert sum(wall) < sum(floor)


def test_between_steps_the_board_is_the_nearest_step_stretched():
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    exact = camera_on(board)
    between = camera_on(board)
    between.set_zoom_at(between.viewport_center_px, exact.zoom_px_per_cm * 1.05)
    assert between.is_between_steps and between.zoom_level == exact.zoom_level
    surface = pygame.Surface((800, 500))
    renderer.draw(surface, between, [walker("w1", 30, 10)])
    left, _ = between.world_to_screen((0, 0))
    right, _ = between.world_to_screen((40, 0))
    row = round(between.world_to_screen((0, 10))[1])
    inside = surface.get_at((round(left) + 4, row))[:3]
    outside = surface.get_at((round(left) - 6, row))[:3]
    assert inside != outside
    assert surface.get_at((round(right) - 4, row))[:3] != surface.get_at((round(right) + 8, row))[:3]
    assert right - left == pytest.approx(40 * exact.zoom_px_per_cm * 1.05)


@pytest.mark.parametrize("kind", ["fences", "hedges", "ledges"])
def test_fences_hedges_and_ledges_each_have_a_visible_look(kind):
    """A blocking edge is never invisible: the board changes along it, and only near it."""
    from dataclasses import replace

    plain_board = make_board(layout=Layout.FREE)
    edged_board = replace(plain_board, **{kind: (((10.0, 2.0), (10.0, 18.0)),)})
    cam = camera_on(plain_board)
    plain, edged = pygame.Surface((800, 500)), pygame.Surface((800, 500))
    TableRenderer(plain_board, ImageStore()).draw(plain, cam, [])
    TableRenderer(edged_board, ImageStore()).draw(edged, cam, [])
    changed_on_line = sum(
        plain.get_at(p) != edged.get_at(p)
        for y_cm in range(3, 18) for p in [[round(v) for v in cam.world_to_screen((10, y_cm))]])
    assert changed_on_line >= 13
    far = [round(v) for v in cam.world_to_screen((25, 10))]
    assert plain.get_at(far) == edged.get_at(far)


def test_hedges_and_ledges_of_a_module_reach_the_assembled_board(fixture_roots):
    from pathlib import Path

    from game.board.mission import load_board

    green_horde = Path(__file__).resolve().parents[1] / "maps" / "zombicide" / "green_horde"
    board = load_board(green_horde / "1V.tmx")
    assert len(board.hedges) >= 4
    ledged = load_board(green_horde / "2R.tmx")
    assert len(ledged.ledges) >= 2


def test_a_name_gives_way_to_the_miniature_under_it_and_to_other_names():
    """The selected survivor's name goes under its miniature, or over it when another miniature
    stands just below; other pieces' names never cover a miniature nor a name."""
    board = make_board()
    renderer = TableRenderer(board, ImageStore())
    cam = camera_on(board)
    screen = pygame.Surface((800, 500))
    marta = Piece(id="marta", token="no-such-token", label="Marta Quiroga", side="survivor", base_cm=2.5, x_cm=10, y_cm=8)
    renderer.draw(screen, cam, [marta], TableView(selected="marta"))
    (alone,) = renderer.name_rects
    cx, cy = cam.world_to_screen((10, 8))
    assert alone.top > cy  # under the miniature
    below = walker("skinner", 10, 10.6)
    nearby = [walker(f"walker{n}", 10 + 2.6 * n, 8) for n in (1, 2)]
    renderer.draw(screen, cam, [marta, below, *nearby], TableView(selected="marta"))
    names, bodies = renderer.name_rects, []
    for piece in (marta, below, *nearby):
        x, y = cam.world_to_screen((piece.x_cm, piece.y_cm))
        d = round(piece.base_cm * cam.zoom_px_per_cm)
        bodies.append(pygame.Rect(round(x) - d // 2, round(y) - d // 2, d, d))
    assert names[0].bottom < cy  # over it: the Skinner stands under it
    assert len(names) >= 2  # names besides the selected one's are written
    for n, name in enumerate(names):
        assert name.collidelist(bodies) < 0, name
        assert name.collidelist(names[:n] + names[n + 1:]) < 0
