"""Handling miniatures with pymunk: the only module that imports pymunk.

A top-down space with no gravity. Each miniature is a circle on a dynamic body held in place by
pivot and gear joints to a static body (table friction). Each pointer (mouse or finger) that grabs a
miniature is a kinematic body joined to it by a ``PivotJoint``, as in pymunk's mouse-drag example.
The space is stepped with a fixed time step, and speeds are capped so that a miniature never jumps
through a thin wall in one step. Physics only moves pieces around: it decides no rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pymunk

from game.rules.core.frozen import mutable_record
from game.table.state import Piece, PieceSide

Point = tuple[float, float]
Segment = tuple[Point, Point]

STEP_S = 1 / 240
MAX_SPEED_CM_S = 240.0  # one step moves at most 1 cm: less than any base's radius plus a wall
MAX_CATCH_UP_S = 0.1  # after a long frame, do not try to simulate more than this
DRAG_FORCE = 60000.0
DRAG_ERROR_BIAS = (1 - 0.15) ** 60  # as pymunk's example: close 15 % of the gap every 1/60 s
TABLE_FRICTION_FORCE = 4000.0
WALL_RADIUS_CM = 0.25
SETTLED_SPEED_CM_S = 0.5

PIECE_CATEGORY = 0b001  # miniatures
WALL_CATEGORY = 0b010
FLAT_CATEGORY = 0b100  # flat tokens (noise, objectives): miniatures stand on them, never push them


def _capped_velocity(body: pymunk.Body, gravity: tuple[float, float], damping: float, dt: float) -> None:
    pymunk.Body.update_velocity(body, gravity, damping, dt)
    speed = body.velocity.length
    if speed > MAX_SPEED_CM_S:
        body.velocity = body.velocity * (MAX_SPEED_CM_S / speed)


@mutable_record
class _Grip:
    piece_id: str
    pointer_body: pymunk.Body
    joint: pymunk.PivotJoint


class TablePhysics:
    """Miniatures as pymunk circles, dragged by any number of pointers at once."""

    def __init__(self, pieces: Iterable[Piece], walls: Sequence[Segment] = (), pieces_collide: bool = True):
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.pieces_collide = pieces_collide
        self._table = self.space.static_body
        self._bodies: dict[str, pymunk.Body] = {}
        self._shapes: dict[str, pymunk.Circle] = {}
        self._friction: dict[str, tuple[pymunk.Constraint, ...]] = {}
        self._grips: dict[int, _Grip] = {}
        self._accumulated_s = 0.0
        self._awake = True  # something may be moving; cleared once everything has come to rest
        # Categories collide only when each is in the other's mask: walls stop everything; on free
        # tables miniatures push miniatures and flat tokens push flat tokens, never one the other.
        mask = (PIECE_CATEGORY | WALL_CATEGORY) if pieces_collide else WALL_CATEGORY
        self._piece_filter = pymunk.ShapeFilter(categories=PIECE_CATEGORY, mask=mask)
        flat_mask = (FLAT_CATEGORY | WALL_CATEGORY) if pieces_collide else WALL_CATEGORY
        self._flat_filter = pymunk.ShapeFilter(categories=FLAT_CATEGORY, mask=flat_mask)
        for start, end in walls:
            if start == end:
                continue
            wall = pymunk.Segment(self._table, start, end, WALL_RADIUS_CM)
            wall.filter = pymunk.ShapeFilter(categories=WALL_CATEGORY, mask=PIECE_CATEGORY | FLAT_CATEGORY)
            wall.friction = 0.0
            self.space.add(wall)
        for piece in pieces:
            self.add_piece(piece)

    # --- building ------------------------------------------------------------------------------

    def add_piece(self, piece: Piece) -> None:
        radius = max(0.1, piece.radius_cm)
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, radius))
        body.position = (piece.x_cm, piece.y_cm)
        body.velocity_func = _capped_velocity
        shape = pymunk.Circle(body, radius)
        shape.friction = 0.0
        shape.elasticity = 0.0
        shape.filter = self._flat_filter if piece.side == PieceSide.TOKEN else self._piece_filter
        slide = pymunk.PivotJoint(self._table, body, (0, 0), (0, 0))
        slide.max_bias = 0
        slide.max_force = TABLE_FRICTION_FORCE
        turn = pymunk.GearJoint(self._table, body, 0.0, 1.0)
        turn.max_bias = 0
        turn.max_force = TABLE_FRICTION_FORCE
        self.space.add(body, shape, slide, turn)
        self._bodies[piece.id] = body
        self._shapes[piece.id] = shape
        self._friction[piece.id] = (slide, turn)

    def remove_piece(self, piece_id: str) -> None:
        for pointer_id, grip in list(self._grips.items()):
            if grip.piece_id == piece_id:
                self.release(pointer_id)
        body = self._bodies.pop(piece_id, None)
        shape = self._shapes.pop(piece_id, None)
        joints = self._friction.pop(piece_id, ())
        if body is not None and shape is not None:
            self.space.remove(body, shape, *joints)

    # --- queries -------------------------------------------------------------------------------

    def position(self, piece_id: str) -> Point:
        p = self._bodies[piece_id].position
        return (p.x, p.y)

    def positions(self) -> dict[str, Point]:
        return {pid: (b.position.x, b.position.y) for pid, b in self._bodies.items()}

    def piece_at(self, point_cm: Point) -> str | None:
        """The piece whose base contains the point: a miniature before a flat token it stands on,
        then the nearest centre when bases touch."""
        best: tuple[bool, float, str] | None = None
        for pid, shape in self._shapes.items():
            body = shape.body
            assert body is not None, "every piece's shape is attached to its body"
            centre = body.position
            gap = (centre - point_cm).length
            rank = (shape.filter.categories == FLAT_CATEGORY, gap, pid)
            if gap <= shape.radius and (best is None or rank < best):
                best = rank
        return best[2] if best else None

    def held_piece(self, pointer_id: int) -> str | None:
        grip = self._grips.get(pointer_id)
        return grip.piece_id if grip else None

    def held_pieces(self) -> dict[int, str]:
        return {pointer: grip.piece_id for pointer, grip in self._grips.items()}

    def is_settled(self) -> bool:
        if self._grips:
            return False
        if self._awake:
            self._awake = any(b.velocity.length >= SETTLED_SPEED_CM_S for b in self._bodies.values())
        return not self._awake

    # --- moving --------------------------------------------------------------------------------

    def set_position(self, piece_id: str, point_cm: Point) -> None:
        body = self._bodies[piece_id]
        body.position = point_cm
        body.velocity = (0, 0)
        self.space.reindex_shapes_for_body(body)
        self._awake = True

    def grab(self, pointer_id: int, piece_id: str, point_cm: Point) -> None:
        """Join the pointer to the miniature at the grabbed point (a pointer holds one piece)."""
        self.release(pointer_id)
        body = self._bodies[piece_id]
        pointer_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        pointer_body.position = point_cm
        joint = pymunk.PivotJoint(pointer_body, body, (0, 0), body.world_to_local(point_cm))
        joint.max_force = DRAG_FORCE
        joint.error_bias = DRAG_ERROR_BIAS
        self.space.add(pointer_body, joint)
        self._grips[pointer_id] = _Grip(piece_id, pointer_body, joint)

    def move_pointer(self, pointer_id: int, point_cm: Point) -> None:
        grip = self._grips.get(pointer_id)
        if grip is not None:
            grip.pointer_body.position = point_cm

    def release(self, pointer_id: int) -> str | None:
        grip = self._grips.pop(pointer_id, None)
        if grip is None:
            return None
        self.space.remove(grip.pointer_body, grip.joint)
        self._awake = True
        return grip.piece_id

    def step(self, dt_s: float) -> int:
        """Advance by ``dt_s`` in fixed steps; returns the number of steps taken."""
        self._accumulated_s = min(self._accumulated_s + dt_s, MAX_CATCH_UP_S)
        steps = 0
        while self._accumulated_s >= STEP_S:
            self.space.step(STEP_S)
            self._awake = True
            self._accumulated_s -= STEP_S
            steps += 1
        return steps
