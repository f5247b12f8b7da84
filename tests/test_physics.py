"""Dragging miniatures through pymunk: pointers, walls, several pieces at once."""

import math

from game.table.physics import TablePhysics
from game.table.state import Piece


def piece(pid, x, y, base=2.5):
    return Piece(id=pid, token="walker", label=pid, side="zombie", base_cm=base, x_cm=x, y_cm=y)


def drag(physics, pointer, path, seconds_per_point=0.1):
    for point in path:
        physics.move_pointer(pointer, point)
        physics.step(seconds_per_point)


def test_a_grabbed_piece_follows_the_pointer_and_stays_when_released():
    physics = TablePhysics([piece("a", 0, 0)])
    physics.grab(0, "a", (0.5, 0))
    drag(physics, 0, [(5.5, 0), (10.5, 3), (20.5, 10)] + [(20.5, 10)] * 5)
    x, y = physics.position("a")
    assert math.hypot(x - 20, y - 10) < 0.2
    assert physics.release(0) == "a"
    for _ in range(20):
        physics.step(0.05)
    assert math.hypot(physics.position("a")[0] - x, physics.position("a")[1] - y) < 0.5
    assert physics.is_settled()


def test_a_wall_stops_a_dragged_piece():
    physics = TablePhysics([piece("a", 0, 0)], walls=[((10, -30), (10, 30))])
    physics.grab(0, "a", (0, 0))
    drag(physics, 0, [(x, 0) for x in range(0, 41, 2)] + [(40, 0)] * 10, 0.03)
    x, _ = physics.position("a")
    assert x < 10 - 1.25 + 0.1  # the base touches the wall and goes no further
    assert x > 5


def test_pieces_push_each_other_instead_of_overlapping():
    physics = TablePhysics([piece("a", 0, 0), piece("b", 6, 0)])
    physics.grab(0, "a", (0, 0))
    drag(physics, 0, [(x, 0.3) for x in range(0, 9)] + [(8, 0.3)] * 10, 0.05)
    ax, ay = physics.position("a")
    bx, by = physics.position("b")
    assert math.hypot(bx - ax, by - ay) >= 2.5 - 0.1
    assert bx > 6.5  # b was shoved along


def test_zone_boards_let_pieces_pass_over_each_other():
    physics = TablePhysics([piece("a", 0, 0), piece("b", 6, 0)], pieces_collide=False)
    physics.grab(0, "a", (0, 0))
    drag(physics, 0, [(x, 0) for x in range(0, 7)] + [(6, 0)] * 10, 0.05)
    assert math.hypot(physics.position("a")[0] - 6, physics.position("a")[1]) < 0.2
    assert physics.position("b") == (6, 0)


def test_two_pointers_drag_two_pieces_at_once():
    physics = TablePhysics([piece("a", 0, 0), piece("b", 20, 0)])
    physics.grab(1, "a", (0, 0))
    physics.grab(2, "b", (20, 0))
    assert physics.held_pieces() == {1: "a", 2: "b"}
    for t in range(1, 11):
        physics.move_pointer(1, (0, t))
        physics.move_pointer(2, (20, -t))
        physics.step(0.05)
    for _ in range(6):
        physics.step(0.05)
    assert math.hypot(*(a - b for a, b in zip(physics.position("a"), (0, 10), strict=True))) < 0.2
    assert math.hypot(*(a - b for a, b in zip(physics.position("b"), (20, -10), strict=True))) < 0.2


def test_piece_at_set_position_and_remove():
    physics = TablePhysics([piece("a", 0, 0), piece("b", 2, 0, base=3)])
    assert physics.piece_at((0.2, 0)) == "a"
    assert physics.piece_at((2.9, 0)) == "b"
    assert physics.piece_at((10, 10)) is None
    physics.set_position("a", (30, 30))
    assert physics.piece_at((30, 30)) == "a"
    physics.grab(0, "a", (30, 30))
    physics.remove_piece("a")
    assert physics.piece_at((30, 30)) is None
    assert physics.held_piece(0) is None
