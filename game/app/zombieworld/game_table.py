"""The table under a Zombieworld game: the miniatures as table pieces (riders on their seats),
vehicle bodies' outlines, the board without the parked cars the state draws, and the free table
whose drags and taps go to the game screen (the engine, not the physics, decides where a model may
stand)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import field
from typing import TYPE_CHECKING, Any

from game.app.table_scene import FIT_MARGIN_PX, TableScene, _Pointer
from game.app.zombieworld.controller import MovePreview, seat_points
from game.board.geometry import point_in_polygon
from game.board.model import Board, MarkerKind, TerrainKind
from game.rules.core.frozen import mutable_record
from game.rules.zombieworld.containers import CONTAINER_PROP
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import ZOMBIES, Model, Vehicle
from game.table.physics import TablePhysics
from game.table.state import Piece, PieceSide, TableState

if TYPE_CHECKING:
    from game.app.zombieworld.game_scene import ZombieworldGameScene

Point = tuple[float, float]


@mutable_record
class Drag:
    model: str
    origin: Point
    offset: Point
    point: Point
    preview: MovePreview | None = None
    waypoints: list[Point] = field(default_factory=list)  # the tape's corners, in order


def model_pieces(models: tuple[Model, ...], vehicles: tuple[Vehicle, ...] = (), catalog: Any = None) -> dict[str, Piece]:
    """The miniatures as table pieces; riders sit on their seats of the vehicle's body."""
    seats: dict[str, Point] = {}
    for vehicle in vehicles:
        spec = catalog.vehicle(vehicle.vehicle) if catalog is not None else None
        places = seat_points(vehicle, spec.seats if spec is not None else 4)
        for m in models:
            if m.vehicle == vehicle.id and 0 <= m.seat < len(places):
                seats[m.id] = places[m.seat]
    pieces = {}
    for m in models:
        token = {"zombie": "zw_walker", "dog": "zw_dog"}.get(m.kind, "zw_survivor")
        side = PieceSide.ZOMBIE if m.side == ZOMBIES else PieceSide.SURVIVOR
        x, y = seats.get(m.id, m.position)
        base = 2 * BASE_RADIUS_CM * (0.7 if m.id in seats else 1.0)
        pieces[m.id] = Piece(id=m.id, token=token, label=m.name, side=side, base_cm=base, x_cm=x, y_cm=y)
    return pieces


def vehicle_outline(vehicle: Vehicle, along_share: tuple[float, float] = (-0.5, 0.5),
                    across_share: float = 0.5) -> list[Point]:
    """Corners of a slice of the body in cm (shares of its length and width), facing its way."""
    cos, sin = math.cos(vehicle.facing), math.sin(vehicle.facing)
    corners = []
    for along, across in ((along_share[1], -across_share), (along_share[1], across_share),
                          (along_share[0], across_share), (along_share[0], -across_share)):
        a, b = along * vehicle.length_cm, across * vehicle.width_cm
        corners.append((vehicle.x + a * cos - b * sin, vehicle.y + a * sin + b * cos))
    return corners


def container_boxes_cm(state: Any) -> list[tuple[float, float, float, float]]:
    """The bounding boxes of the scenario's crates (left, top, right, bottom in cm): names keep off them."""
    table = state.table
    if not state.containers or table is None:
        return []
    boxes = []
    for piece in table.pieces:
        if piece.prop == CONTAINER_PROP and piece.polygon:
            xs, ys = [x for x, _y in piece.polygon], [y for _x, y in piece.polygon]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def without_parked_cars(board: Board) -> Board:
    """The board as the table draws it: a vehicle marker and the scenery car under it are the
    vehicle itself, drawn from the state (it may drive away), so their pictures are left out."""
    markers = [m.position for m in board.markers if m.kind is MarkerKind.VEHICLE]
    kept = tuple(t for t in board.terrain if not any(point_in_polygon(p, t.polygon) for p in markers)
                 or t.kind is TerrainKind.BUILDING)
    others = tuple(m for m in board.markers if m.kind is not MarkerKind.VEHICLE)
    return dataclasses.replace(board, terrain=kept, markers=others) if markers else board


class ZwTable(TableScene):
    """The free table of a game: a held miniature follows the pointer through everything (the engine,
    not the physics, decides where it may stand), and drops and taps go to the scene."""

    def __init__(self, scene: ZombieworldGameScene, board: Board, window_size: tuple[int, int]):
        self.scene = scene
        self.drag: Drag | None = None
        self._drag_pointer: int | None = None
        super().__init__(board, TableState(source=board.source), window_size=window_size)

    def rebuild_physics(self) -> None:
        self.physics = TablePhysics(self.state.pieces.values(), [], pieces_collide=False)
        self.pointers.clear()
        self.slides.clear()
        self._pinch = None
        self.camera.settle()
        self.drag, self._drag_pointer = None, None

    def _remember(self) -> None:  # the game's own undo replaces the table's
        pass

    def fit(self, margin_px: int = FIT_MARGIN_PX) -> None:
        """The whole table, or while a tutorial's prompts show the part of it they are about."""
        tutorial = getattr(self.scene, "tutorial", None)
        view = tutorial.fit_rect_cm() if tutorial is not None else None
        self.camera.fit(view or self.board_rect_cm, margin_px, self.covered_px())

    def _pointer_down(self, intent: Any) -> None:
        pid, pos = intent.pointer_id, intent.pos_px
        if intent.pan_only or self.tool == "tape" or self.drag is not None or self.scene.blocked():
            super()._pointer_down(intent) if not self.scene.blocked() else self._start_pan(pid, pos)
            return
        world = self._world(pos)
        hit = self.physics.piece_at(world) or self.scene.driver_at(world)
        if hit is None:
            self._start_pan(pid, pos)
            return
        piece = self.state.pieces[hit]
        self.pointers[pid] = _Pointer("piece", pos, pos, piece=hit)
        self._drag_pointer = pid
        self.drag = Drag(hit, (piece.x_cm, piece.y_cm), (piece.x_cm - world[0], piece.y_cm - world[1]),
                          (piece.x_cm, piece.y_cm))

    def _pointer_move(self, pid: int, pos: Point) -> None:
        pointer = self.pointers.get(pid)
        if pointer is None or pid != self._drag_pointer or self.drag is None:
            super()._pointer_move(pid, pos)
            return
        if math.dist(pos, pointer.start_px) > 8:
            pointer.moved = True
        pointer.last_px = pos
        if not pointer.moved:
            return
        world = self._world(pos)
        point = (world[0] + self.drag.offset[0], world[1] + self.drag.offset[1])
        self.drag.point = point
        piece = self.state.pieces.get(self.drag.model)
        if piece is not None:
            piece.x_cm, piece.y_cm = point
            self.physics.set_position(piece.id, point)
        self.scene.dragging(self.drag)

    def _pointer_up(self, pid: int, pos: Point) -> None:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return
        if pid == self._drag_pointer and self.drag is not None:
            self.pointers.pop(pid)
            drag, self.drag, self._drag_pointer = self.drag, None, None
            if pointer.moved:
                self.scene.drop(drag)
            else:
                self.scene.tap_model(drag.model)
            return
        tapped = pointer.role == "pan" and not pointer.moved and len(self.pointers) == 1 and self.tool == "move"
        super()._pointer_up(pid, pos)
        if tapped:
            self.scene.tap_table(self._world(pos))
