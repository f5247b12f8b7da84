"""The table: pan and zoom, drag miniatures (mouse or several fingers), tape measure, range ring,
and the tray that adds miniatures and flat tokens (drag one out, or tap it) and takes them back.

Every pointer (the mouse or a finger) gets a role when it goes down: it holds a miniature, pans
(two of them pinch-zoom), twists the selected miniature, or lays the tape.
"""

from __future__ import annotations

import copy
import math
from dataclasses import replace

import pygame

from game.app.assets import ImageStore
from game.app.input import (
    Intent,
    PointerDown,
    PointerInput,
    PointerMove,
    PointerUp,
    WheelPan,
    WheelZoom,
)
from game.app.render import TableRenderer, TableView
from game.app.scenes import Scene
from game.board.model import Board, Layout
from game.rules.core.frozen import mutable_record
from game.table.arrange import arrange_zone
from game.table.camera import ZOOM_STEP, Camera, Insets
from game.table.physics import TablePhysics
from game.table.state import Piece, TableState
from game.table.tape import Tape
from game.table.tray import TrayEntry, new_piece, tray_entries

Point = tuple[float, float]

TAP_PX = 8.0  # a press that moves less than this is a tap
KEY_PAN_PX = 80.0
SLIDE_S = 0.22
TAPE_GRAB_PX = 28.0
DEFAULT_RING_CM = 6.0
UNDO_DEPTH = 50
TRAY_SLOT_PX = 72  # each tray entry is a touch target at least this big
TRAY_GAP_PX = 6
TRAY_PAD_PX = 8
FIT_MARGIN_PX = 24


@mutable_record
class _Pointer:
    role: str  # "piece", "pan", "twist", "tape", "tape_end", "tape_pending", "tray"
    start_px: Point
    last_px: Point
    moved: bool = False
    piece: str | None = None
    twist_from_deg: float = 0.0
    facing_from_deg: float = 0.0
    partner: int | None = None
    entry: TrayEntry | None = None  # tray pointers: the entry pressed


@mutable_record
class _Slide:
    start: Point
    end: Point
    elapsed_s: float = 0.0


class TableScene(Scene):
    """Owns the camera, the physics space and what the table shows; edits ``state`` in place."""

    def __init__(self, board: Board, state: TableState, images: ImageStore | None = None,
                 window_size: tuple[int, int] = (1280, 720)):
        self.board = board
        self.state = state
        self.window_size = window_size
        self.renderer = TableRenderer(board, images)
        self.camera = Camera(window_size[0], window_size[1])
        self.input = PointerInput()
        self.pointers: dict[int, _Pointer] = {}
        self.slides: dict[str, _Slide] = {}
        self.piece_scale: dict[str, float] = {}
        self.selected: str | None = None
        self.tool = "move"  # or "tape"
        self.tape: Tape | None = None
        self.ring_cm: float | None = None
        self.door_open: dict[str, bool] = {}
        self.undo_stack: list[dict[str, Piece]] = []
        self.tray = tray_entries(board.layout, self.renderer.images.tokens)
        self.tray_open = False
        self.tray_side = "right"  # "left" for a left hand (settings): the tray along the view's left edge
        self.panels_px: dict[str, Insets] = {}  # panels scenes draw over the table view
        self._pinch: tuple[float, float] | None = None  # start distance px, start zoom px per cm
        self._pinch_mid: Point | None = None
        self.rebuild_physics()
        if state.camera.zoom_px_per_cm > 0 and (state.camera.center_x_cm or state.camera.center_y_cm):
            self.camera.load_state(state.camera)
        else:
            self.fit()

    # --- set-up --------------------------------------------------------------------------------

    @property
    def is_free_table(self) -> bool:
        return self.board.layout == Layout.FREE

    def rebuild_physics(self) -> None:
        """A fresh space from the table state (after a load or an undo)."""
        walls = list(self.board.walls) if self.is_free_table else []
        if self.is_free_table:
            for terrain in self.board.terrain:
                walls.extend(_blocking_edges(terrain))
        self.physics = TablePhysics(self.state.pieces.values(), walls, pieces_collide=self.is_free_table)
        self.pointers.clear()
        self.slides.clear()
        self._pinch = None
        self.camera.settle()
        if not self.is_free_table:
            for zone in {p.zone for p in self.state.pieces.values() if p.zone}:
                self._arrange(zone, animate=False)

    def replace_board(self, board: Board, pieces: dict[str, Piece]) -> None:
        """The board was saved again (its map reloaded): draw the new one under ``pieces``."""
        self.board = board
        self.renderer = TableRenderer(board, self.renderer.images)
        self.state.pieces = pieces
        self.tray = tray_entries(board.layout, self.renderer.images.tokens)
        if self.selected not in pieces:
            self.selected = None
        self.undo_stack.clear()  # an undo would put pieces back on the old board
        self.rebuild_physics()
        self.camera.keep_near(self.board_rect_cm)

    def set_viewport(self, x: int, y: int, w: int, h: int, window_size: tuple[int, int]) -> None:
        self.window_size = window_size
        self.camera.set_viewport(x, y, w, h)

    def fit(self, margin_px: int = FIT_MARGIN_PX) -> None:
        """Frame the whole board in the part of the view no panel covers (``covered_px``)."""
        self.camera.fit(self.board_rect_cm, margin_px, self.covered_px())

    @property
    def board_rect_cm(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, self.board.width_cm, self.board.height_cm)

    def report_panel(self, name: str, covered_px: Insets) -> None:
        """A scene draws a panel over the table view, covering (left, top, right, bottom) pixels of
        its sides: Fit frames the board beside it. Reporting the same name again replaces it."""
        self.panels_px[name] = covered_px

    def withdraw_panel(self, name: str) -> None:
        self.panels_px.pop(name, None)

    def covered_px(self) -> Insets:
        """How far panels drawn over the view reach in from each side: reported ones and the tray."""
        covered = [0, 0, 0, 0]
        strips = list(self.panels_px.values())
        if self.tray_open:
            width = self.tray_rect().width
            strips.append((width, 0, 0, 0) if self.tray_side == "left" else (0, 0, width, 0))
        for strip in strips:
            covered = [max(have, int(side)) for have, side in zip(covered, strip, strict=True)]
        return (covered[0], covered[1], covered[2], covered[3])

    def board_in_free_view(self) -> bool:
        """Whether the whole board shows in the part of the view no panel covers."""
        x, y, w, h = self.camera.free_rect_px(self.covered_px())
        left, top = self.camera.world_to_screen((0.0, 0.0))
        right, bottom = self.camera.world_to_screen((self.board.width_cm, self.board.height_cm))
        slack = 1.0
        return left >= x - slack and top >= y - slack and right <= x + w + slack and bottom <= y + h + slack

    def sync_camera_to_state(self) -> None:
        self.state.camera = self.camera.to_state()

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, event.mod)
        if event.type == pygame.WINDOWFOCUSLOST:
            self.cancel_pointers()
            return False
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.display.get_surface() else None
        intents = self.input.translate(event, self.window_size, mouse)
        for intent in intents:
            self.handle_intent(intent)
        return bool(intents)

    def handle_key(self, key: int, mod: int = 0) -> bool:
        centre = self.camera.viewport_center_px
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: KEY_PAN_PX, pygame.K_RIGHT: -KEY_PAN_PX}.get(key, 0)
            dy = {pygame.K_UP: KEY_PAN_PX, pygame.K_DOWN: -KEY_PAN_PX}.get(key, 0)
            self.pan(dx, dy)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(centre, ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(centre, 1 / ZOOM_STEP)
        elif key == pygame.K_HOME:
            self.fit()
        elif key == pygame.K_t:
            self.toggle_tape()
        elif key == pygame.K_r:
            self.rotate_selected(-15.0 if mod & pygame.KMOD_SHIFT else 15.0)
        elif key == pygame.K_LEFTBRACKET:
            self.change_ring(-1.0)
        elif key == pygame.K_RIGHTBRACKET:
            self.change_ring(1.0)
        elif key == pygame.K_g:
            self.toggle_ring()
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected()
        elif key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_ESCAPE:
            if self.tape is not None:
                self.tape = None
            elif self.selected is not None:
                self.selected = None
            else:
                return False
        else:
            return False
        return True

    def handle_intent(self, intent: Intent) -> None:
        if isinstance(intent, PointerDown):
            self._pointer_down(intent)
        elif isinstance(intent, PointerMove):
            if intent.pressed:
                self._pointer_move(intent.pointer_id, intent.pos_px)
        elif isinstance(intent, PointerUp):
            self._pointer_up(intent.pointer_id, intent.pos_px)
        elif isinstance(intent, WheelZoom):
            self.camera.zoom_at(intent.pos_px, ZOOM_STEP ** max(-3, min(3, round(intent.steps) or (1 if intent.steps > 0 else -1))))
        elif isinstance(intent, WheelPan):
            self.pan(intent.dx_px, intent.dy_px)

    def cancel_pointers(self) -> None:
        for pointer_id in list(self.pointers):
            self._pointer_up(pointer_id, self.pointers[pointer_id].last_px)
        self.input.cancel_all()

    # --- actions (keys and toolbar) ------------------------------------------------------------

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.camera.pan_by_px(dx_px, dy_px)
        self.camera.keep_near((0, 0, self.board.width_cm, self.board.height_cm))

    def zoom_by(self, factor: float) -> None:
        self.camera.zoom_at(self.camera.viewport_center_px, factor)

    def toggle_tape(self) -> None:
        self.tool = "move" if self.tool == "tape" else "tape"
        if self.tool == "move":
            self.tape = None

    def toggle_ring(self) -> None:
        self.ring_cm = None if self.ring_cm is not None else DEFAULT_RING_CM

    def change_ring(self, delta_cm: float) -> None:
        self.ring_cm = max(1.0, min(100.0, (self.ring_cm or DEFAULT_RING_CM) + delta_cm))

    def rotate_selected(self, degrees: float) -> bool:
        """Turn the selected miniature's facing (free tables only: zones have no facing)."""
        piece = self.state.pieces.get(self.selected or "")
        if piece is None or not self.is_free_table:
            return False
        self._remember()
        piece.facing_deg = (piece.facing_deg + degrees) % 360
        return True

    def toggle_tray(self) -> None:
        """Open or close the tray. A board shown whole stays whole beside the open tray; a board
        framed by Fit is framed again in the room the closed tray leaves."""
        framed = self.board_in_free_view()
        fitted = self.is_fitted()
        self.tray_open = not self.tray_open
        if (self.tray_open and framed and not self.board_in_free_view()) or (not self.tray_open and fitted):
            self.fit()

    def is_fitted(self, margin_px: int = FIT_MARGIN_PX) -> bool:
        """Whether the camera shows what Fit would show now (nobody has panned or zoomed since)."""
        framing = replace(self.camera)
        framing.fit(self.board_rect_cm, margin_px, self.covered_px())
        tolerance_cm = 0.5 / self.camera.zoom_px_per_cm
        return (framing.zoom_level == self.camera.zoom_level and not self.camera.is_between_steps
                and abs(framing.center_x_cm - self.camera.center_x_cm) < tolerance_cm
                and abs(framing.center_y_cm - self.camera.center_y_cm) < tolerance_cm)

    def delete_selected(self) -> bool:
        """Take the selected piece off the table (undo brings it back)."""
        if self.selected not in self.state.pieces:
            return False
        self._remember()
        self._remove(self.selected)
        return True

    def place_from_tray(self, entry: TrayEntry, at_cm: Point | None = None) -> Piece:
        """Put a new piece on the table: at ``at_cm``, else beside the selected piece, else mid-view."""
        if at_cm is None:
            selected = self.state.pieces.get(self.selected or "")
            at_cm = (selected.x_cm, selected.y_cm) if selected else self._world(self.camera.viewport_center_px)
        at_cm = (max(0.0, min(self.board.width_cm, at_cm[0])), max(0.0, min(self.board.height_cm, at_cm[1])))
        self._remember()
        piece = self._add(entry, at_cm)
        self._drop(piece.id)
        return piece

    def _add(self, entry: TrayEntry, at_cm: Point) -> Piece:
        zone = None if self.is_free_table else self._zone_near(at_cm)
        piece = new_piece(entry, self.state, self.renderer.images.tokens, at_cm, zone)
        self.state.add(piece)
        self.physics.add_piece(piece)
        self.selected = piece.id
        return piece

    def _take_from_tray(self, pid: int, pointer: _Pointer, pos: Point) -> None:
        """A drag leaves the tray: the new piece follows the pointer like any held piece."""
        assert pointer.entry is not None
        self._remember()
        world = self._world(pos)
        piece = self._add(pointer.entry, world)
        self.physics.grab(pid, piece.id, world)
        pointer.role, pointer.piece, pointer.entry = "piece", piece.id, None

    def _remove(self, piece_id: str) -> None:
        piece = self.state.pieces.pop(piece_id, None)
        self.physics.remove_piece(piece_id)
        self.slides.pop(piece_id, None)
        self.piece_scale.pop(piece_id, None)
        if self.selected == piece_id:
            self.selected = None
        if piece is not None and piece.zone and not self.is_free_table:
            self._arrange(piece.zone, animate=True)

    def _zone_near(self, point: Point) -> str | None:
        """The zone under ``point``, else the zone whose centre is nearest."""
        found = self.board.zone_at(point)
        if found is not None or not self.board.zones:
            return found
        return min(self.board.zones.values(), key=lambda zone: math.dist(zone.center, point)).id

    # --- the tray ------------------------------------------------------------------------------

    def tray_layout(self) -> tuple[pygame.Rect, list[tuple[TrayEntry, pygame.Rect]]]:
        """The tray panel along the right (or left) edge of the table view, and each entry's touch target."""
        cam = self.camera
        pitch = TRAY_SLOT_PX + TRAY_GAP_PX
        per_column = max(1, (cam.viewport_h_px - 2 * TRAY_PAD_PX + TRAY_GAP_PX) // pitch)
        columns = max(1, -(-len(self.tray) // per_column))
        rows = min(len(self.tray), per_column)
        width = 2 * TRAY_PAD_PX + columns * pitch - TRAY_GAP_PX
        height = 2 * TRAY_PAD_PX + max(1, rows) * pitch - TRAY_GAP_PX
        left = cam.viewport_x_px if self.tray_side == "left" else cam.viewport_x_px + cam.viewport_w_px - width
        panel = pygame.Rect(left, cam.viewport_y_px, width, height)
        slots = []
        for index, entry in enumerate(self.tray):
            column, row = divmod(index, per_column)
            slots.append((entry, pygame.Rect(panel.left + TRAY_PAD_PX + column * pitch,
                                             panel.top + TRAY_PAD_PX + row * pitch, TRAY_SLOT_PX, TRAY_SLOT_PX)))
        return panel, slots

    def tray_rect(self) -> pygame.Rect:
        return self.tray_layout()[0]

    def tray_entry_at(self, pos: Point) -> TrayEntry | None:
        for entry, rect in self.tray_layout()[1]:
            if rect.collidepoint(pos):
                return entry
        return None

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.state.pieces = self.undo_stack.pop()
        if self.selected not in self.state.pieces:
            self.selected = None
        self.rebuild_physics()
        return True

    def _remember(self) -> None:
        self.undo_stack.append(copy.deepcopy(self.state.pieces))
        del self.undo_stack[:-UNDO_DEPTH]

    # --- pointers ------------------------------------------------------------------------------

    def _world(self, pos_px: Point) -> Point:
        return self.camera.screen_to_world(pos_px)

    def _holder_of(self, piece_id: str | None) -> int | None:
        for pointer_id, pointer in self.pointers.items():
            if pointer.role == "piece" and pointer.piece == piece_id:
                return pointer_id
        return None

    def _pointer_down(self, intent: PointerDown) -> None:
        pid, pos = intent.pointer_id, intent.pos_px
        if pid in self.pointers:
            self._pointer_up(pid, pos)
        world = self._world(pos)
        if intent.pan_only:
            self._start_pan(pid, pos)
            return
        if self.tray_open and self.tray_rect().collidepoint(pos):
            self.pointers[pid] = _Pointer("tray", pos, pos, entry=self.tray_entry_at(pos))
            return
        if self.tool == "tape" and not any(p.role.startswith("tape") for p in self.pointers.values()):
            role = "tape_pending"
            if self.tape is not None and math.dist(self.camera.world_to_screen(self.tape.end_cm), pos) <= TAPE_GRAB_PX:
                role = "tape_end"
            self.pointers[pid] = _Pointer(role, pos, pos)
            return
        hit = self.physics.piece_at(world)
        holder = self._holder_of(self.selected)
        if self.is_free_table and holder is not None and self.selected is not None and hit in (None, self.selected):
            anchor = self.pointers[holder].last_px
            self.pointers[pid] = _Pointer("twist", pos, pos, piece=self.selected, partner=holder,
                                          twist_from_deg=_angle_deg(anchor, pos),
                                          facing_from_deg=self.state.pieces[self.selected].facing_deg)
            self._remember()
            return
        if hit is not None and self._holder_of(hit) is None and self.tool != "tape":
            self._remember()
            self.slides.pop(hit, None)
            self.physics.grab(pid, hit, world)
            self.pointers[pid] = _Pointer("piece", pos, pos, piece=hit)
            self.selected = hit
            return
        self._start_pan(pid, pos)

    def _start_pan(self, pid: int, pos: Point) -> None:
        self.pointers[pid] = _Pointer("pan", pos, pos)
        self._reset_pinch()

    def _pan_pointers(self) -> list[_Pointer]:
        return [p for p in self.pointers.values() if p.role == "pan"][:2]

    def _reset_pinch(self) -> None:
        pans = self._pan_pointers()
        if len(pans) == 2:
            self._pinch = (max(1.0, math.dist(pans[0].last_px, pans[1].last_px)), self.camera.zoom_px_per_cm)
        else:
            if self._pinch is not None:  # the fingers lift: rest on a cached zoom step
                self.camera.settle(self._pinch_mid)
            self._pinch = None

    def _pointer_move(self, pid: int, pos: Point) -> None:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return
        if math.dist(pos, pointer.start_px) > TAP_PX:
            pointer.moved = True
        previous = pointer.last_px
        if pointer.role == "pan":
            pans = self._pan_pointers()
            if len(pans) == 2 and pointer in pans and self._pinch is not None:
                other = pans[1] if pans[0] is pointer else pans[0]
                old_mid = ((previous[0] + other.last_px[0]) / 2, (previous[1] + other.last_px[1]) / 2)
                pointer.last_px = pos
                mid = ((pos[0] + other.last_px[0]) / 2, (pos[1] + other.last_px[1]) / 2)
                self.pan(mid[0] - old_mid[0], mid[1] - old_mid[1])
                start_distance, start_zoom = self._pinch
                ratio = max(1.0, math.dist(pos, other.last_px)) / start_distance
                self.camera.set_zoom_at(mid, start_zoom * ratio)
                self._pinch_mid = mid
                return
            pointer.last_px = pos
            if pointer.moved:
                self.pan(pos[0] - previous[0], pos[1] - previous[1])
            return
        pointer.last_px = pos
        if pointer.role == "tray":
            if pointer.entry is not None and pointer.moved and not self.tray_rect().collidepoint(pos):
                self._take_from_tray(pid, pointer, pos)
            return
        if pointer.role == "piece":
            self.physics.move_pointer(pid, self._world(pos))
            for twist_id, other in self.pointers.items():
                if other.partner == pid:
                    self._twist(twist_id)
        elif pointer.role == "twist":
            self._twist(pid)
        elif pointer.role == "tape_pending" and pointer.moved:
            start_world = self._world(pointer.start_px)
            start, radius = self._snap(start_world)
            self.tape = Tape(start_cm=start, end_cm=self._world(pos), start_radius_cm=radius)
            pointer.role = "tape"
            self._move_tape_end(pos)
        elif pointer.role in ("tape", "tape_end"):
            self._move_tape_end(pos)

    def _twist(self, twist_id: int) -> None:
        twist = self.pointers[twist_id]
        anchor = self.pointers.get(twist.partner) if twist.partner is not None else None
        piece = self.state.pieces.get(twist.piece or "")
        if anchor is None or piece is None:
            return
        turned = _angle_deg(anchor.last_px, twist.last_px) - twist.twist_from_deg
        piece.facing_deg = (twist.facing_from_deg + turned) % 360

    def _snap(self, world: Point) -> tuple[Point, float]:
        """A point on a miniature's base snaps to its centre, measuring from the base's edge."""
        hit = self.physics.piece_at(world)
        if hit is None:
            return world, 0.0
        piece = self.state.pieces[hit]
        return self.physics.position(hit), piece.radius_cm * self.piece_scale.get(hit, 1.0)

    def _move_tape_end(self, pos: Point) -> None:
        if self.tape is None:
            return
        end, radius = self._snap(self._world(pos))
        self.tape.end_cm, self.tape.end_radius_cm = end, radius

    def _pointer_up(self, pid: int, pos: Point) -> None:
        pointer = self.pointers.pop(pid, None)
        if pointer is None:
            return
        if pointer.role == "piece":
            piece_id = self.physics.release(pid)
            for twist_id, other in list(self.pointers.items()):
                if other.partner == pid:
                    self.pointers.pop(twist_id)
                    self._start_pan(twist_id, other.last_px)
            if piece_id is not None:
                if self.tray_open and self.tray_rect().collidepoint(pos):
                    self._remove(piece_id)
                else:
                    self._drop(piece_id)
        elif pointer.role == "tray":
            if pointer.entry is not None and not pointer.moved:
                self.place_from_tray(pointer.entry)
        elif pointer.role == "pan":
            self._reset_pinch()
            if not pointer.moved and not self.pointers and self.tool == "move":
                self.selected = None
        elif pointer.role == "tape_pending":
            point, radius = self._snap(self._world(pos))
            if self.tape is None:
                self.tape = Tape(start_cm=point, end_cm=point, start_radius_cm=radius)
            else:
                self.tape.add_waypoint(self.tape.end_cm)
                self.tape.end_cm, self.tape.end_radius_cm = point, radius

    # --- dropping and arranging ----------------------------------------------------------------

    def _drop(self, piece_id: str) -> None:
        piece = self.state.pieces[piece_id]
        x, y = self.physics.position(piece_id)
        if self.is_free_table:
            piece.x_cm, piece.y_cm = x, y
            return
        old_zone = piece.zone
        new_zone = self.board.zone_at((x, y)) or old_zone
        piece.x_cm, piece.y_cm, piece.zone = x, y, new_zone
        for zone in dict.fromkeys(z for z in (new_zone, old_zone) if z):
            self._arrange(zone, animate=True)

    def _arrange(self, zone_id: str, animate: bool) -> None:
        held = set(self.physics.held_pieces().values())
        occupants = [p for p in self.state.in_zone(zone_id) if p.id not in held]
        if not occupants or zone_id not in self.board.zones:
            return
        arrangement = arrange_zone(self.board, zone_id, occupants)
        for piece in occupants:
            target = arrangement.positions.get(piece.id)
            if target is None:
                continue
            self.piece_scale[piece.id] = arrangement.scale
            start = self.physics.position(piece.id)
            piece.x_cm, piece.y_cm = target
            if animate and math.dist(start, target) > 0.01:
                self.slides[piece.id] = _Slide(start, target)
            else:
                self.slides.pop(piece.id, None)
                self.physics.set_position(piece.id, target)

    # --- frame ---------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        if not self.physics.is_settled():
            self.physics.step(dt_s)
            held = self.physics.held_pieces().values()
            moving = self.state.pieces.keys() if self.is_free_table else held
            for piece_id in moving:
                piece = self.state.pieces[piece_id]
                piece.x_cm, piece.y_cm = self.physics.position(piece_id)
        for piece_id, slide in list(self.slides.items()):
            slide.elapsed_s += dt_s
            t = min(1.0, slide.elapsed_s / SLIDE_S)
            eased = 1 - (1 - t) ** 3
            self.physics.set_position(piece_id, (slide.start[0] + (slide.end[0] - slide.start[0]) * eased,
                                                 slide.start[1] + (slide.end[1] - slide.start[1]) * eased))
            if t >= 1.0:
                del self.slides[piece_id]

    def finish_slides(self) -> None:
        """Every piece sliding into place stands at its end at once (a Skip)."""
        for piece_id, slide in list(self.slides.items()):
            self.physics.set_position(piece_id, slide.end)
        self.slides.clear()

    def pieces_as_shown(self) -> list[Piece]:
        """The pieces with sliding ones where their animation has them this frame."""
        shown = []
        for piece in self.state.pieces.values():
            if piece.id in self.slides:
                x, y = self.physics.position(piece.id)
                piece = replace(piece, x_cm=x, y_cm=y)
            shown.append(piece)
        return shown

    def view(self) -> TableView:
        return TableView(selected=self.selected, tape=self.tape, ring_cm=self.ring_cm, door_open=self.door_open,
                         piece_scale=self.piece_scale, show_facing=self.is_free_table)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.camera, self.pieces_as_shown(), self.view())
        if self.tray_open:
            holding = any(p.role == "piece" for p in self.pointers.values())
            panel, slots = self.tray_layout()
            self.renderer.draw_tray(surface, panel, slots, holding)


def _angle_deg(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def _blocking_edges(terrain) -> list[tuple[Point, Point]]:
    """Walls and building outlines stop miniatures, except where a door or window opens them."""
    from game.board.model import TerrainKind

    if terrain.kind == TerrainKind.WALL:
        return list(zip(terrain.polygon, terrain.polygon[1:], strict=False))
    if terrain.kind not in (TerrainKind.BUILDING, TerrainKind.IMPASSABLE) or len(terrain.polygon) < 3:
        return []
    ring = list(terrain.polygon)
    edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
    doors = [p for p in terrain.portals if p.kind == "door"]
    result: list[tuple[Point, Point]] = []
    for a, b in edges:
        pieces = [(a, b)]
        for door in doors:
            pieces = [part for seg in pieces for part in _cut(seg, door.a, door.b)]
        result.extend(pieces)
    return result


def _cut(seg: tuple[Point, Point], d0: Point, d1: Point) -> list[tuple[Point, Point]]:
    """The segment minus the part a door covers (the door must lie on it)."""
    (ax, ay), (bx, by) = seg
    length_sq = (bx - ax) ** 2 + (by - ay) ** 2
    if length_sq == 0:
        return [seg]

    def along(p: Point) -> float:
        return ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length_sq

    def off_line(p: Point) -> float:
        return abs((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) / math.sqrt(length_sq)

    if off_line(d0) > 0.5 or off_line(d1) > 0.5:
        return [seg]
    t0, t1 = sorted((along(d0), along(d1)))
    if t1 <= 0 or t0 >= 1:
        return [seg]
    parts = []
    if t0 > 0:
        parts.append(((ax, ay), (ax + (bx - ax) * t0, ay + (by - ay) * t0)))
    if t1 < 1:
        parts.append(((ax + (bx - ax) * t1, ay + (by - ay) * t1), (bx, by)))
    return parts
