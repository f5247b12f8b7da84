"""The resting layer: what lies still is drawn into the board's chunks once. Whatever moves, opens,
appears or goes, the picture once everything rests is the one a renderer drawing afresh makes."""

from dataclasses import replace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.assets import ImageStore
from game.app.render import TableRenderer, TableView
from game.table.camera import Camera
from tests.test_render import make_board, walker

SIZE = (800, 500)


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def camera_on(board, extra_levels=0, centre=None):
    cam = Camera(*SIZE)
    cam.fit((0, 0, board.width_cm, board.height_cm))
    cam.zoom_level += extra_levels
    if centre is not None:
        cam.center_x_cm, cam.center_y_cm = centre
    return cam


def settled_frame(renderer, cam, pieces, view=None, limit=500):
    """Draw until every piece rests and every chunk is smooth (the limit only guards a bug)."""
    screen = pygame.Surface(SIZE)
    for _ in range(limit):
        renderer.draw(screen, cam, pieces, view)
        if renderer.layer.all_at_rest and renderer.complete:
            return screen
    raise AssertionError("the table never came to rest")


def afresh(board, cam, pieces, view=None):
    return settled_frame(TableRenderer(board, ImageStore()), cam, pieces, view)


def same_picture(a, b):
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_a_moving_piece_is_drawn_over_the_chunks_and_leaves_no_trace_where_it_stood():
    board = make_board()
    cam = camera_on(board)
    renderer = TableRenderer(board, ImageStore())
    pieces = [walker("w1", 10, 10), walker("w2", 30, 10)]
    settled_frame(renderer, cam, pieces)
    moved = [replace(pieces[0], x_cm=14, y_cm=15), pieces[1]]
    screen = pygame.Surface(SIZE)
    renderer.draw(screen, cam, moved)
    assert not renderer.layer.all_at_rest  # w1 is drawn over the chunks while it moves
    fresh = afresh(board, cam, moved)
    old_spot = [round(v) for v in cam.world_to_screen((10, 10))]
    new_spot = [round(v) for v in cam.world_to_screen((14, 15))]
    assert screen.get_at(old_spot) == fresh.get_at(old_spot)  # no ghost where it stood
    assert screen.get_at(new_spot) == fresh.get_at(new_spot)
    assert same_picture(settled_frame(renderer, cam, moved), fresh)


def test_the_selected_piece_is_never_drawn_into_the_chunks():
    board = make_board()
    cam = camera_on(board)
    renderer = TableRenderer(board, ImageStore())
    pieces = [walker("w1", 10, 10)]
    screen = pygame.Surface(SIZE)
    for _ in range(3):
        renderer.draw(screen, cam, pieces, TableView(selected="w1"))
        assert not renderer.layer.all_at_rest


def test_a_door_that_opens_is_redrawn_in_its_chunk():
    board = make_board()
    cam = camera_on(board)
    renderer = TableRenderer(board, ImageStore())
    settled_frame(renderer, cam, [], TableView(door_open={"M:d1": False}))
    opened = TableView(door_open={"M:d1": True})
    assert same_picture(settled_frame(renderer, cam, [], opened), afresh(board, cam, [], opened))


MOVES = st.lists(st.tuples(st.sampled_from(["move", "add", "remove", "door", "zoom", "pan"]),
                           st.integers(0, 7), st.floats(2, 38), st.floats(2, 18)), min_size=1, max_size=8)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(MOVES)
def test_after_any_changes_the_resting_picture_is_the_one_drawn_afresh(moves):
    board = make_board()
    pieces = {f"w{i}": walker(f"w{i}", 4 + 4 * i, 6 + (i % 3) * 4) for i in range(4)}
    doors = {"M:d1": False}
    levels, centre = 0, None
    renderer = TableRenderer(board, ImageStore())
    settled_frame(renderer, camera_on(board), list(pieces.values()), TableView(door_open=dict(doors)))
    for kind, n, x, y in moves:
        pid = f"w{n}"
        if kind == "move" and pid in pieces:
            pieces[pid] = replace(pieces[pid], x_cm=x, y_cm=y)
        elif kind == "add":
            pieces[pid] = walker(pid, x, y)
        elif kind == "remove":
            pieces.pop(pid, None)
        elif kind == "door":
            doors["M:d1"] = not doors["M:d1"]
        elif kind == "zoom":
            levels = n % 4 * 3
        else:
            centre = (x, y)
        cam = camera_on(board, levels, centre)
        view = TableView(door_open=dict(doors))
        screen = pygame.Surface(SIZE)
        renderer.draw(screen, cam, list(pieces.values()), view)  # one frame mid-change, as a player sees it
    cam = camera_on(board, levels, centre)
    view = TableView(door_open=dict(doors))
    shown = settled_frame(renderer, cam, list(pieces.values()), view)
    assert same_picture(shown, afresh(board, cam, list(pieces.values()), view))


def test_resting_chunks_stay_under_their_memory_cap():
    board = make_board(width_cm=200, height_cm=200)
    renderer = TableRenderer(board, ImageStore())
    renderer.layer.cache_limit_bytes = 1
    cam = camera_on(board, extra_levels=6, centre=(100, 100))
    settled_frame(renderer, cam, [walker("w1", 100, 100)])
    assert len(renderer.layer._chunks) == 1
    assert renderer.layer.cached_bytes == sum(c.get_width() * c.get_height() * c.get_bytesize()
                                              for c in renderer.layer._chunks.values())
