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


def flat_token(pid, x, y, base=2.5):
    return Piece(id=pid, token="noise", label="Noise", side="token", base_cm=base, x_cm=x, y_cm=y)


def test_a_miniature_passes_over_a_flat_token_without_moving_it():
    physics = TablePhysics([piece("a", 0, 0), flat_token("noise-1", 6, 0)])
    physics.grab(0, "a", (0, 0))
    drag(physics, 0, [(x, 0.3) for x in range(0, 7)] + [(6, 0.3)] * 10, 0.05)
    ax, ay = physics.position("a")
    assert math.hypot(ax - 6, ay - 0.3) < 0.2  # a stands on the token
    assert physics.position("noise-1") == (6, 0)


def test_a_dragged_flat_token_slides_under_a_miniature_without_pushing_it():
    physics = TablePhysics([piece("a", 6, 0), flat_token("noise-1", 0, 0)])
    physics.grab(0, "noise-1", (0, 0))
    drag(physics, 0, [(x, 0) for x in range(0, 7)] + [(6, 0)] * 10, 0.05)
    assert math.hypot(physics.position("noise-1")[0] - 6, physics.position("noise-1")[1]) < 0.2
    assert physics.position("a") == (6, 0)


def test_flat_tokens_still_meet_walls_and_each_other():
    physics = TablePhysics([flat_token("t1", 0, 0), flat_token("t2", 6, 0)], walls=[((12, -30), (12, 30))])
    physics.grab(0, "t1", (0, 0))
    drag(physics, 0, [(x, 0.3) for x in range(0, 21, 2)] + [(20, 0.3)] * 10, 0.05)
    t1x, _ = physics.position("t1")
    t2x, _ = physics.position("t2")
    assert t2x > 6.5  # shoved along by the other token
    assert t1x < t2x < 12 - 1.25 + 0.1  # and both stopped by the wall


def test_a_miniature_standing_on_a_flat_token_is_picked_first():
    physics = TablePhysics([flat_token("noise-1", 0, 0, base=3.0), piece("a", 0.8, 0)])
    assert physics.piece_at((0.2, 0)) == "a"  # nearer the token's centre, but the miniature is on top
    assert physics.piece_at((-1.3, 0)) == "noise-1"  # only the token is there
