"""Playing Zombieworld Evolution in the window: the free table with the bands and the zombies, the
acting survivor's card, its legal actions, the log, animated dice, undo/redo and saves.

Pick up a miniature to see where it can go: the green area is what its move has left, the amber
ring what a sprint could add at best, both traced along straight legs and stopped by walls,
buildings without a door and heights. While it is dragged the tape tells the centimetres used and
left; it turns red beyond the allowance or through a wall, and a refused drop slides back with the
engine's reason. Tap an enemy (or press Shoot) to see range band, line of sight, cover and the odds
before firing.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.table_scene import TableScene, _Slide
from game.app.zombicide.dialogs import (
    ACCENT,
    BUTTON_H_PX,
    MUTED,
    PANEL_EDGE,
    PANEL_FILL,
    TEXT,
    Button,
    ButtonSet,
    ChoiceDialog,
    fit_text,
    flow_buttons,
)
from game.app.zombicide.game_scene import event_pointer
from game.app.zombieworld.animation import EventAnimator
from game.app.zombieworld.controller import (
    MovePreview,
    Outcome,
    ShotPreview,
    ZombieworldController,
    _beside_body,
    _inside_body,
    seat_points,
)
from game.app.zombieworld.dice import DiceTray
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.event_text import alliance_text, describe, level_place, names_of, where_text
from game.app.zombieworld.saves import ZwSaveError, autosave_path, load_game, save_game
from game.board.geometry import point_in_polygon
from game.board.mission import load_board
from game.board.model import Board, MarkerKind, TerrainKind
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import ZOMBIES, Model, Vehicle
from game.table.physics import TablePhysics
from game.table.state import Piece, PieceSide, TableState

Point = tuple[float, float]

TOP_BAR_PX = 68
LEFT_PANEL_PX = 330
RIGHT_PANEL_PX = 330
BOTTOM_BAR_PX = 132
STATUS_SECONDS = 5.0
# The log's text box lays out all its text again on each change, so it holds a window of the latest
# lines: past LOG_PANEL_LINES it is rebuilt with the last LOG_KEPT_LINES (a pause only now and then).
LOG_PANEL_LINES = 180
LOG_KEPT_LINES = 90
SEAT_COLORS = {"red": (222, 74, 60), "blue": (72, 136, 236), "green": (80, 190, 110), "amber": (236, 170, 50),
               ZOMBIES: (128, 176, 76)}
WALK_TINT = (90, 220, 120)
SPRINT_TINT = (245, 185, 60)
LEGAL_TAPE = (120, 236, 140)
ILLEGAL_TAPE = (236, 70, 60)
TARGET_TINT = (245, 140, 50)
EDGE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west", "any": "any"}
# A save with fsync costs tens of ms: written when an activation or a round ends (and on quit),
# not after every command.
RAISED_TINT = (240, 220, 120)
AUTOSAVE_AFTER = (c.ActivationEnded, c.RoundStarted, c.GameEnded)
TOOLS = (("undo", "Undo"), ("redo", "Redo"), ("save", "Save"), ("fit", "Fit"), ("tape", "Tape"),
         ("speed", "Speed 1×"), ("menu", "Menu"))
SPEEDS = (1.0, 2.0, 4.0)
ALLIANCE_ROW_PX = 48
ALLIANCE_FIXED = (110, 200, 130)  # the frame round the alliance line: binding, or only a promise
ALLIANCE_FRAGILE = (236, 170, 50)


@dataclass(slots=True)
class _Press:
    where: str
    pos: Point


@dataclass(slots=True)
class _Drag:
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
        self.drag: _Drag | None = None
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
        from game.app.table_scene import _Pointer

        self.pointers[pid] = _Pointer("piece", pos, pos, piece=hit)
        self._drag_pointer = pid
        self.drag = _Drag(hit, (piece.x_cm, piece.y_cm), (piece.x_cm - world[0], piece.y_cm - world[1]),
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


class ZombieworldGameScene(Scene):
    """One Zombieworld game in the window. Build it with ``new_game`` or ``resume`` (not pushed)."""

    def __init__(self, app: Any, controller: ZombieworldController, save_path: Path | None = None):
        self.app = app
        self.controller = controller
        self.board = controller.board
        self.save_path = save_path
        self.window_size = self._window_size()
        self.table = ZwTable(self, without_parked_cars(self.board), self.window_size)
        self.tools = ButtonSet()
        self.actions = ButtonSet()
        self.aim_buttons = ButtonSet()
        self.roster: list[tuple[pygame.Rect, str]] = []
        self.dialog: ChoiceDialog | None = None
        self.jump_armed = False  # the next drag of the acting survivor is a jump, even where it could walk
        self.bottom_px = BOTTOM_BAR_PX  # the action bar's height: grows with the number of actions
        self.presses: dict[int, _Press] = {}
        self.dice = DiceTray()
        self.anim = EventAnimator()
        self._carried: set[str] = set()  # riders placed by a vehicle's trip
        self.speed_index = 0
        self.aiming = False
        self.aim: ShotPreview | None = None
        self.aim_shots: int | None = None
        self.status_text = ""
        self.status_until = 0.0
        self._status_words: tuple[str, pygame.Surface] | None = None  # the text and its picture
        self._aim_pictures: tuple[ShotPreview, tuple[int, int], list] | None = None  # for this aim and panel size
        self.clock_s = 0.0
        self.log_panel: Any = None
        self.log_lines: list[tuple[str, str]] = []
        self.ended_shown = False
        self._chrome: pygame.Surface | None = None
        self._chrome_signature: tuple = ()
        self._layer: pygame.Surface | None = None
        self._layer_signature: tuple = ()
        self.layout(self.window_size)
        self.sync_pieces()
        self.table.fit()
        scenario = self.state.catalog.scenario(self.state.scenario) if self.state.catalog else None
        self.log([(f"{self.board.title or self.controller.table_path.stem}: "
                   f"{scenario.name if scenario else self.state.scenario}", "phase")])
        if self.state.alliances:  # the engine keeps no events of the set-up (nor its alliance roll)
            rolled = " — rolled before play" if controller.session.setup_spec.alliance == "roll" else ""
            self.log([(alliance_text(self.state, self.band_names()) + rolled, "phase")])
        self.log([(self.turn_text(), "phase")])

    # --- building ------------------------------------------------------------------------------

    @classmethod
    def new_game(cls, app: Any, table_path: Path, bands: Any, scenario_id: str, seed: int,
                 **options: Any) -> ZombieworldGameScene:
        board = load_board(Path(table_path))
        controller = ZombieworldController.new(board, Path(table_path), list(bands), scenario_id, seed, **options)
        return cls(app, controller)

    @classmethod
    def resume(cls, app: Any, save_path: Path) -> ZombieworldGameScene:
        session, table_path, extra = load_game(Path(save_path))
        scene = cls(app, ZombieworldController(session, table_path), Path(save_path))
        scene.log([(f"Resumed from {Path(save_path).name}: {len(session.log)} actions played so far", "phase")])
        speed = extra.get("speed")
        if isinstance(speed, int) and 0 <= speed < len(SPEEDS):
            scene.speed_index = speed
            scene.dice.speed = scene.anim.speed = SPEEDS[speed]
        return scene

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return self.controller.state

    def band_names(self) -> dict[str, str]:
        return {seat: self.controller.band_name(seat) for seat in self.state.seats}

    def alliance_line(self) -> str:
        """The band panel's alliance line (empty without an alliance)."""
        return alliance_text(self.state, self.band_names())

    def _window_size(self) -> tuple[int, int]:
        screen = getattr(self.app, "screen", None)
        return screen.get_size() if screen is not None else (1280, 800)

    # --- layout --------------------------------------------------------------------------------

    def table_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(LEFT_PANEL_PX, TOP_BAR_PX, max(1, w - LEFT_PANEL_PX - RIGHT_PANEL_PX),
                           max(1, h - TOP_BAR_PX - self.bottom_px))

    def actions_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(LEFT_PANEL_PX + 8, h - self.bottom_px + 10, w - LEFT_PANEL_PX - RIGHT_PANEL_PX - 16,
                           self.bottom_px - 44)

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        area = self.table_rect()
        self.table.set_viewport(area.x, area.y, area.w, area.h, size)
        self.tools.buttons = flow_buttons(pygame.Rect(8, 8, w - 16, TOP_BAR_PX - 16),
                                          [(label, key, "tool") for key, label in TOOLS], min_w_px=84,
                                          height_px=TOP_BAR_PX - 16)
        self._layout_log(pygame.Rect(w - RIGHT_PANEL_PX + 8, TOP_BAR_PX + 4, RIGHT_PANEL_PX - 16,
                                     h - TOP_BAR_PX - 12))
        self.refresh()
        if self.dialog is not None:
            self.dialog.layout(pygame.Rect(0, 0, w, h))

    def _layout_log(self, rect: pygame.Rect) -> None:
        self.log_rect = rect
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        from game.app.zombicide.log_panel import LogPanel

        if self.log_panel is not None:
            self.log_panel.kill()
        self.log_panel = LogPanel(manager, rect)
        if self.log_lines:
            self.log_panel.add_lines(list(self.log_lines[-LOG_KEPT_LINES:]))

    def leave(self) -> None:
        if self.log_panel is not None:
            self.log_panel.kill()
            self.log_panel = None

    def log(self, lines: list[tuple[str, str]]) -> None:
        self.log_lines.extend(lines)
        del self.log_lines[:-400]
        if self.log_panel is None:
            return
        if len(self.log_panel.lines) + len(lines) > LOG_PANEL_LINES:  # start afresh with the latest lines
            self._layout_log(self.log_rect)
        else:
            self.log_panel.add_lines(lines)

    def refresh(self) -> None:
        """Buttons follow the game: the tools' states, the legal actions, the aiming panel."""
        ctl = self.controller
        for button in self.tools.buttons:
            button.enabled = True
            if button.key == "undo":
                button.enabled = ctl.session.can_undo()
            elif button.key == "redo":
                button.enabled = ctl.session.can_redo()
            elif button.key == "tape":
                button.toggled = self.table.tool == "tape"
            elif button.key == "speed":
                button.label = f"Speed {SPEEDS[self.speed_index]:g}×"
        labels = self.action_labels()
        self.fit_bottom_bar(labels)
        self.actions.buttons = flow_buttons(self.actions_rect(), labels, height_px=BUTTON_H_PX)
        self._layout_roster()
        self._layout_aim()

    def fit_bottom_bar(self, labels: list[tuple[str, str, str]]) -> None:
        """The action bar grows a row at a time so every legal action has its button (up to a third
        of the window); the table gives up the room."""
        w, h = self.window_size
        wide = pygame.Rect(0, 0, w - LEFT_PANEL_PX - RIGHT_PANEL_PX - 16, 10_000)
        laid = flow_buttons(wide, labels, height_px=BUTTON_H_PX)
        rows = len({b.rect.top for b in laid}) or 1
        needed = rows * (BUTTON_H_PX + 8) - 8 + 44
        bottom = max(BOTTOM_BAR_PX, min(needed, h // 3))
        if bottom != self.bottom_px:
            self.bottom_px = bottom
            area = self.table_rect()
            self.table.set_viewport(area.x, area.y, area.w, area.h, self.window_size)

    def _layout_roster(self) -> None:
        self.roster = []
        y = TOP_BAR_PX + 34 + (ALLIANCE_ROW_PX if self.state.alliances else 0)
        for seat in self.state.seats:
            y += 28
            for m in self.state.models:
                if m.side == seat:
                    self.roster.append((pygame.Rect(10, y, LEFT_PANEL_PX - 20, 34), m.id))
                    y += 38
        self.card_top = y + 10

    def action_labels(self) -> list[tuple[str, str, str]]:
        if self.controller.outcome() is not None:
            return [("See the result", "result", "turn")]
        labels: list[tuple[str, str, str]] = []
        for index, option in enumerate(self.controller.legal()):
            label = self.option_label(option)
            if label is not None:
                labels.append((label[0], f"do:{index}", label[1]))
        return labels

    def option_label(self, option: Any) -> tuple[str, str] | None:
        state = self.state
        name = lambda model_id: state.model(model_id).name  # noqa: E731
        catalog = state.catalog
        item = (lambda i: catalog.item_name(i)) if catalog is not None else (lambda i: i)
        if isinstance(option, c.Activate):
            return f"Activate {name(option.model)}", "move"
        if isinstance(option, c.ShootTemplate):
            return f"Shoot ({item(option.weapon)})", "attack"
        if isinstance(option, c.Sprint):
            return f"Sprint (+{engine.SPRINT_DICE} dice × {engine.SPRINT_STEP_CM:g} cm)", "move"
        if isinstance(option, c.Fight):
            return "Fight on", "attack"
        if isinstance(option, c.Disengage):
            return "Disengage", "move"
        if isinstance(option, c.Reload):
            return "Reload", "items"
        if isinstance(option, c.SwapWeapons):
            return "Swap weapons", "items"
        if isinstance(option, c.Search):
            return ("Search the building" if option.piece < 0 else "Search the prop"), "search"
        if isinstance(option, c.UseItem):
            if option.target and self.controller.model(option.target) is None:  # a scope or silencer for a weapon
                return f"Fit {item(option.item)} to {item(option.target)}", "items"
            on = f" on {name(option.target)}" if option.target and option.target != option.model else ""
            return f"Use {item(option.item)}{on}", "items"
        if isinstance(option, c.Mount):
            return (f"Put on {item(option.item)}" if "skate" in option.item else f"Get on {item(option.item)}"), "move"
        if isinstance(option, c.Dismount):
            return ("Get off and park it" if option.leave else f"Get off ({engine.GEAR_CHANGE_CM:g} cm)"), "move"
        if isinstance(option, c.FirstAid):
            return f"First aid on {name(option.target or option.model)}", "items"
        if isinstance(option, c.Entrench):
            return "Dig in", "other"
        if isinstance(option, c.PickUp):
            return "Pick up", "items"
        if isinstance(option, c.ChangeSeat):
            return ("Take the wheel" if option.seat == 0 else f"Move to seat {option.seat}"), "move"
        if isinstance(option, c.BoardTemplate):
            return f"Get into {self.vehicle_label(option.vehicle)}", "move"
        if isinstance(option, c.Climb):
            return self.climb_label(option), "move"
        if isinstance(option, c.JumpTemplate):
            return ("Jump: drag to land (armed)" if self.jump_armed else "Jump (then drag)"), "move"
        if isinstance(option, c.ExchangeTemplate):
            mates = [name(m) for m in option.partners]
            return f"Exchange with {mates[0] if len(mates) == 1 else '…'}", "items"
        if isinstance(option, c.EndActivation):
            return "End activation", "turn"
        if isinstance(option, c.Withdraw):
            return "Withdraw band", "danger"
        return None

    def climb_label(self, option: Any) -> str:
        """Stairs to a floor or the roof, or a ladder up to a roof or down from it."""
        if getattr(option, "ladder", -1) >= 0:
            return "Down the ladder" if option.level == 0 else "Up the ladder to the roof"
        if option.level == 0:
            return "Go down to the ground"
        table = self.state.table
        index = table.building_at(self.state.model(option.model).position) if table is not None else None
        floors = table.piece(index).floors if index is not None and table is not None else option.level + 1
        return "Climb to the roof" if option.level >= floors else f"Climb to floor {option.level}"

    def vehicle_label(self, vehicle_id: str) -> str:
        catalog = self.state.catalog
        spec = catalog.vehicle(self.state.vehicle(vehicle_id).vehicle) if catalog is not None else None
        return f"the {spec.name}" if spec is not None else "the vehicle"

    # --- what is shown -------------------------------------------------------------------------

    def level_tag(self, model: Model) -> str:
        """The badge of a model off the ground: R on a roof, its floor's number upstairs, S part-way
        up stairs or a ladder, T on top of an obstacle; empty on the ground or in a vehicle."""
        table = self.state.table
        if model.vehicle or table is None:
            return ""
        if model.stairs_cm > 0:
            return "S"
        if model.level > 0:
            index = table.building_at(model.position)
            piece = table.piece(index) if index is not None else None
            return "R" if piece is not None and piece.roof and model.level >= piece.floors else str(model.level)
        return "T" if table.standing_top_cm(model.position) > 0 else ""

    def driver_at(self, world: Point) -> str | None:
        """The acting driver when ``world`` is on its vehicle's body: dragging the body drives it."""
        drive = self.controller.template(c.DriveTemplate)
        if drive is None:
            return None
        vehicle = self.state.vehicle(drive.vehicle)
        return drive.model if _inside_body(vehicle, world) and drive.model in self.table.state.pieces else None

    def sync_pieces(self, snap_from: dict[str, Point] | None = None) -> None:
        pieces = model_pieces(self.state.models, self.state.vehicles, self.state.catalog)
        self.table.state.pieces = pieces
        self.table.rebuild_physics()
        selected = self.controller.selected
        self.table.selected = selected if selected in pieces else None
        for piece_id, start in (snap_from or {}).items():
            piece = pieces.get(piece_id)
            if piece is not None and math.dist(start, (piece.x_cm, piece.y_cm)) > 0.01:
                self.table.physics.set_position(piece_id, start)
                self.table.slides[piece_id] = _Slide(start, (piece.x_cm, piece.y_cm))
        self.refresh()

    def place_riders(self) -> None:
        """Riders of a vehicle under way sit on their seats of the body as it is drawn; once its trip
        is over they go back to the seats the state gives them."""
        catalog = self.state.catalog
        riding = self.anim.riders()
        moved = set()
        for model_id, seat, body in riding:
            piece = self.table.state.pieces.get(model_id)
            spec = catalog.vehicle(body.vehicle) if catalog is not None else None
            places = seat_points(body, spec.seats if spec is not None else 4)
            if piece is not None and 0 <= seat < len(places):
                piece.x_cm, piece.y_cm = places[seat]
                self.table.physics.set_position(model_id, places[seat])
                moved.add(model_id)
        for model_id in self._carried - moved:
            piece = self.table.state.pieces.get(model_id)
            final = model_pieces(self.state.models, self.state.vehicles, catalog).get(model_id)
            if piece is not None and final is not None:
                piece.x_cm, piece.y_cm = final.x_cm, final.y_cm
                self.table.physics.set_position(model_id, (final.x_cm, final.y_cm))
        self._carried = moved

    def finish_animation(self) -> None:
        self.anim.skip()
        self.place_riders()

    def status(self, text: str) -> None:
        self.status_text = text
        self.status_until = self.clock_s + STATUS_SECONDS

    def status_words(self) -> pygame.Surface:
        """The status line's picture, rendered once per message rather than every frame."""
        if self._status_words is None or self._status_words[0] != self.status_text:
            self._status_words = (self.status_text, text_with_halo(self.status_text, 18, color=(255, 226, 160)))
        return self._status_words[1]

    def turn_text(self) -> str:
        state = self.state
        winners = self.controller.outcome()
        if winners is not None:
            names = ", ".join(self.controller.band_name(s) for s in winners) or "nobody"
            return f"Game over — {names} {'win' if len(winners) > 1 else 'wins'}"
        seat = self.controller.seat
        who = self.controller.band_name(seat) if seat else "—"
        active = self.controller.active_model()
        doing = f" · {active.name} acting ({state.active.remaining_cm:.1f} cm left)" if active and state.active else ""
        return f"Round {state.round}/{state.rounds} · {who} to play{doing}"

    def blocked(self) -> bool:
        return self.dialog is not None

    # --- intents -------------------------------------------------------------------------------

    def play(self, command: Any, snap_from: dict[str, Point] | None = None) -> Outcome:
        before = self.state
        outcome = self.controller.play(command)
        if not outcome.ok:
            self.status(outcome.reason)
            self.sync_pieces(snap_from=snap_from)
            return outcome
        self.aiming, self.aim, self.aim_shots = False, None, None
        self.jump_armed = False
        self.dice.add(outcome.events, self.state)
        self.anim.add(outcome.events, before, SEAT_COLORS)
        names = names_of(before, self.state)
        self.log([line for e in outcome.events if (line := describe(e, self.state, names, self.band_names()))])
        moved = {e.model: before.model(e.model).position for e in outcome.events
                 if isinstance(e, c.ModelMoved | c.Fled | c.TookCover | c.Jumped) and _has(before, e.model)}
        if snap_from:
            moved.update({k: v for k, v in snap_from.items() if k not in moved})
        self.sync_pieces(snap_from=moved)
        if any(isinstance(e, AUTOSAVE_AFTER) for e in outcome.events):
            self.autosave()
        return outcome

    def play_quietly(self, command: Any) -> None:
        """``play`` for a dialog's choice (the outcome shows in the status line and the log)."""
        self.play(command)

    def dragging(self, drag: _Drag) -> None:
        drag.preview = self.controller.move_preview(drag.model, drag.point, drag.waypoints, self.jump_armed)

    def add_waypoint(self) -> bool:
        """Pin the tape where the dragged miniature is now: the move goes round this corner."""
        drag = self.table.drag
        if drag is None:
            return False
        last = drag.waypoints[-1] if drag.waypoints else drag.origin
        if math.dist(last, drag.point) < 0.5:
            return False
        drag.waypoints.append(drag.point)
        self.dragging(drag)
        self.status(f"Waypoint {len(drag.waypoints)} pinned")
        return True

    def drop(self, drag: _Drag) -> Outcome | None:
        preview = self.controller.move_preview(drag.model, drag.point, drag.waypoints, self.jump_armed)
        leave = self.controller.template(c.LeaveTemplate)
        if leave is not None and leave.model == drag.model and engine.at_exit(self.state.table, drag.point, leave.edge):
            outcome = self.play(c.LeaveTable(drag.model, (*drag.waypoints, drag.point)),
                                snap_from={drag.model: drag.point})
            return outcome
        if not preview.legal:
            self.status(f"Refused: {preview.reason}")
            self.sync_pieces(snap_from={drag.model: drag.point})
            return Outcome(False, preview.reason)
        return self.play(preview.command, snap_from={drag.model: drag.point})

    def tap_model(self, model_id: str) -> None:
        self.sync_pieces()
        if model_id in self.controller.shot_targets() or (self.aiming and model_id != self.controller.selected):
            self.open_aim(model_id)
            return
        if model_id in self.controller.activatable():
            self.controller.selected = model_id
            self.play(c.Activate(model_id))
            return
        self.controller.selected = model_id
        self.table.selected = model_id
        self.refresh()

    def tap_table(self, world: Point) -> None:
        if self.aim is not None:
            self.aim = None
            self.refresh()

    def open_aim(self, target_id: str) -> None:
        preview = self.controller.shot_preview(target_id, self.aim_shots)
        if preview is None:
            self.status("Nobody here can shoot now")
            return
        self.aiming = True
        self.aim = preview
        self.refresh()

    def _layout_aim(self) -> None:
        if self.aim is None:
            self.aim_buttons.buttons = []
            return
        panel = self.aim_rect()
        y = panel.bottom - BUTTON_H_PX - 12
        self.aim_buttons.buttons = [
            Button(pygame.Rect(panel.left + 14, y, 64, BUTTON_H_PX), "−", "fewer", "tool"),
            Button(pygame.Rect(panel.left + 84, y, 64, BUTTON_H_PX), "+", "more", "tool"),
            Button(pygame.Rect(panel.right - 290, y, 150, BUTTON_H_PX), "Fire", "fire", "attack",
                   enabled=self.aim.legal),
            Button(pygame.Rect(panel.right - 130, y, 116, BUTTON_H_PX), "Cancel", "cancel", "turn"),
        ]

    def aim_rect(self) -> pygame.Rect:
        area = self.table_rect()
        rect = pygame.Rect(0, 0, min(560, area.width - 20), 300)
        rect.midbottom = (area.centerx, area.bottom - 10)
        return rect

    def press_aim(self, key: str) -> None:
        aim = self.aim
        if aim is None:
            return
        template = self.controller.template(c.ShootTemplate)
        if key == "cancel":
            self.aim, self.aiming = None, False
        elif key in ("fewer", "more") and template is not None:
            shots = aim.shots + (1 if key == "more" else -1)
            self.aim_shots = max(template.shots_min, min(template.shots_max, shots))
            self.open_aim(aim.target)
        elif key == "fire" and aim.command is not None:
            self.play(aim.command)
        self.refresh()

    def press_tool(self, key: str) -> None:
        if key == "undo":
            self.undo()
        elif key == "redo":
            before = self.state
            outcome = self.controller.redo()
            if outcome.ok:
                self.dice.add(outcome.events, self.state)
                self.anim.add(outcome.events, before, SEAT_COLORS)
                names = names_of(before, self.state)
                self.log([line for e in outcome.events if (line := describe(e, self.state, names, self.band_names()))])
                self.sync_pieces()
        elif key == "save":
            self.save()
        elif key == "fit":
            self.table.fit()
        elif key == "tape":
            self.table.toggle_tape()
        elif key == "speed":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
            self.dice.speed = self.anim.speed = SPEEDS[self.speed_index]
        elif key == "menu":
            self.autosave()
            opener = getattr(self.app, "open_start", None)
            if opener is not None:
                opener()
                return
        self.refresh()

    def press_action(self, key: str) -> None:
        if key == "result":
            self.show_end()
            return
        if not key.startswith("do:"):
            return
        options = self.controller.legal()
        index = int(key.split(":", 1)[1])
        if index >= len(options):
            return
        option = options[index]
        if isinstance(option, c.ShootTemplate):
            self.aiming = True
            self.controller.selected = option.model
            if option.targets:
                self.open_aim(option.targets[0])
            self.status("Tap a target (orange) to see the odds")
            self.refresh()
        elif isinstance(option, c.Withdraw):
            self.open_dialog(ChoiceDialog("Withdraw the whole band?", ["It counts as failing the last check."],
                                          ["Yes, withdraw"], lambda _n: self.play_quietly(c.Withdraw()),
                                          cancel=True))
        elif isinstance(option, c.ExchangeTemplate):
            self.open_exchange(option)
        elif isinstance(option, c.JumpTemplate):
            self.jump_armed = not self.jump_armed
            who = self.state.model(option.model).name
            self.status(f"Drag {who} onto where it lands: at most {option.max_gap_cm:g} cm across, "
                        f"{option.max_height_cm:g} cm up or down" if self.jump_armed else "Jump put away")
            self.refresh()
        elif isinstance(option, c.BoardTemplate):  # walk to the nearer side's doors, then get in
            model, vehicle = self.state.model(option.model), self.state.vehicle(option.vehicle)
            door = _beside_body(vehicle, model.position)
            path = (door,) if math.dist(door, model.position) > 0.3 else ()
            self.play(c.BoardVehicle(option.model, option.vehicle, path), snap_from={model.id: model.position})
        else:
            self.play(option)

    def open_exchange(self, option: c.ExchangeTemplate) -> None:
        """Pick the band mate (when more than one is close), then the item to give or to take."""
        mates = list(option.partners)
        if len(mates) == 1:
            self.open_exchange_items(option.model, mates[0])
            return
        names = [self.state.model(m).name for m in mates]
        self.open_dialog(ChoiceDialog("Exchange equipment with whom?",
                                      [f"Band mates within {engine.EXCHANGE_CM:g} cm, on the same level."],
                                      names, lambda n: self.open_exchange_items(option.model, mates[n]), cancel=True))

    def exchange_choices(self, model_id: str, other_id: str) -> list[tuple[str, c.Exchange]]:
        """Each item either survivor carries, as a labelled one-item exchange."""
        me, mate = self.state.model(model_id), self.state.model(other_id)
        catalog = self.state.catalog
        item = catalog.item_name if catalog is not None else (lambda i: i.replace("_", " "))
        choices = []
        for thing in (*me.hand, *me.backpack, *me.objects, *me.elements):
            choices.append((f"Give {item(thing)} to {mate.name}", c.Exchange(model_id, other_id, give=(thing,))))
        for thing in (*mate.hand, *mate.backpack, *mate.objects, *mate.elements):
            choices.append((f"Take {item(thing)} from {mate.name}", c.Exchange(model_id, other_id, take=(thing,))))
        return choices

    def open_exchange_items(self, model_id: str, other_id: str) -> None:
        choices = self.exchange_choices(model_id, other_id)
        if not choices:
            self.status("Neither of them carries anything")
            return
        mate = self.state.model(other_id).name
        self.open_dialog(ChoiceDialog(f"Exchange with {mate}", ["One item per exchange; it uses the action.",
                                                                 "A weapon goes to a free hand, else the backpack."],
                                      [label for label, _ in choices],
                                      lambda n: self.play_quietly(choices[n][1]), cancel=True))

    def open_dialog(self, dialog: ChoiceDialog) -> None:
        self.dialog = dialog
        dialog.layout(pygame.Rect(0, 0, *self.window_size))

    def undo(self) -> bool:
        self.dice.clear()
        self.anim.clear()
        if not self.controller.undo():
            self.status("Nothing to undo")
            return False
        self.aim, self.aiming, self.jump_armed = None, False, False
        self.ended_shown = False
        self.sync_pieces()
        self.log([("Undone", "plain")])
        self.status("Undone")
        return True

    def save(self, path: Path | None = None, quiet: bool = False) -> Path | None:
        target = path or self.save_path or Path(getattr(self.app, "save_dir", Path("saves"))) / (
            f"zombieworld-{self.controller.table_path.stem}.json")
        try:
            written = save_game(target, self.controller.session, self.controller.table_path,
                                {"speed": self.speed_index})
        except ZwSaveError as error:
            self.status(f"Could not save: {error.what}")
            return None
        if not quiet:
            self.save_path = written
            self.status(f"Saved to {written.name}")
        return written

    def autosave(self) -> Path | None:
        return self.save(autosave_path(Path(getattr(self.app, "save_dir", Path("saves")))), quiet=True)

    def on_quit(self) -> None:
        self.autosave()

    def show_end(self) -> None:
        self.autosave()
        pusher = getattr(self.app, "push", None)
        end = ZombieworldEndScene(self.app, self.controller, self)
        if pusher is not None:
            pusher(end)
        else:
            self.app.scenes.push(end)

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, event.mod)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3 and self.table.drag is not None:
            return self.add_waypoint() or True
        if self.log_panel is not None and self.log_panel.handle_event(event):
            return True
        pointer = event_pointer(event, self.window_size)
        if pointer is None:
            if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                return self.table.handle_event(event)
            return False
        phase, pid, pos = pointer
        if phase == "down":
            return self.pointer_down(pid, pos, event)
        if phase == "move":
            press = self.presses.get(pid)
            if press is None or press.where == "table":
                return self.table.handle_event(event)
            return True
        return self.pointer_up(pid, pos, event)

    def pointer_down(self, pid: int, pos: Point, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            self.presses[pid] = _Press("dialog", pos)
            return self.dialog.press(pid, pos)
        if self.table.drag is not None and pid != self.table._drag_pointer:
            self.presses[pid] = _Press("waypoint", pos)  # a second finger's tap pins a corner of the tape
            self.add_waypoint()
            return True
        if self.dice.busy and self.table_rect().collidepoint(pos):
            self.dice.skip()
            self.presses[pid] = _Press("dice", pos)
            return True
        if self.anim.busy and self.table_rect().collidepoint(pos):
            self.finish_animation()  # a new touch on the table does not wait for the last one's show
        for where, buttons in (("aim", self.aim_buttons), ("tools", self.tools), ("actions", self.actions)):
            if buttons.press(pid, pos):
                self.presses[pid] = _Press(where, pos)
                return True
        if self.aim is not None and self.aim_rect().collidepoint(pos):
            self.presses[pid] = _Press("panel", pos)
            return True
        for rect, _model in self.roster:
            if rect.collidepoint(pos):
                self.presses[pid] = _Press("roster", pos)
                return True
        if self.table_rect().collidepoint(pos):
            self.presses[pid] = _Press("table", pos)
            return self.table.handle_event(event)
        self.presses[pid] = _Press("panel", pos)
        return True

    def pointer_up(self, pid: int, pos: Point, event: pygame.event.Event) -> bool:
        press = self.presses.pop(pid, None)
        if press is None:
            return self.table.handle_event(event)
        if press.where == "waypoint":
            return True
        if press.where == "dialog" and self.dialog is not None:
            dialog = self.dialog
            dialog.release(pid, pos)
            if dialog.closed and self.dialog is dialog:
                self.dialog = None
            return True
        for where, buttons, handler in (("aim", self.aim_buttons, self.press_aim),
                                        ("tools", self.tools, self.press_tool),
                                        ("actions", self.actions, self.press_action)):
            if press.where == where:
                button = buttons.release(pid, pos)
                if button is not None:
                    handler(button.key)
                return True
        if press.where == "roster":
            for rect, model_id in self.roster:
                if rect.collidepoint(pos):
                    self.tap_model(model_id)
            return True
        if press.where == "table":
            return self.table.handle_event(event)
        return True

    def handle_key(self, key: int, mod: int = 0) -> bool:
        ctrl = mod & pygame.KMOD_CTRL
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.press_tool("redo")
        elif ctrl and key == pygame.K_s:
            self.save()
        elif key == pygame.K_ESCAPE and (self.aim is not None or self.dialog is not None):
            self.aim, self.aiming, self.dialog = None, False, None
            self.refresh()
        elif key == pygame.K_SPACE and self.dice.busy:
            self.dice.skip()
        elif key == pygame.K_w and self.table.drag is not None:
            self.add_waypoint()
        else:
            return self.table.handle_key(key, mod)
        return True

    # --- frame ---------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        self.clock_s += dt_s
        size = self._window_size()
        if size != self.window_size:
            self.layout(size)
        self.dice.update(dt_s)
        self.table.update(dt_s)
        self.anim.update(dt_s)
        self.place_riders()
        if not self.dice.busy and not self.anim.busy and self.dialog is None and self.controller.outcome() is not None \
                and not self.ended_shown:
            self.ended_shown = True
            self.show_end()
        if self.status_until and self.clock_s > self.status_until:
            self.status_text, self.status_until = "", 0.0

    def draw(self, surface: pygame.Surface) -> None:
        area = self.table_rect()
        self.table.draw(surface)
        old = surface.get_clip()
        surface.set_clip(area)
        surface.blit(self.overlay_layer(), area.topleft)
        self.anim.draw(surface, self.table.camera.world_to_screen, self.table.camera.zoom_px_per_cm)
        self.draw_drag(surface)
        self.draw_aim_line(surface)
        surface.set_clip(old)
        chrome = self.chrome()
        w, h = self.window_size
        for rect in (pygame.Rect(0, 0, w, area.top), pygame.Rect(0, area.top, area.left, h - area.top),
                     pygame.Rect(area.right, area.top, w - area.right, h - area.top),
                     pygame.Rect(area.left, area.bottom, area.width, h - area.bottom)):
            surface.blit(chrome, rect, rect)
        if self.aim is not None:
            self.draw_aim_panel(surface)
        self.dice.draw(surface, area)
        if self.status_text:
            words = self.status_words()
            box = words.get_rect(midbottom=(area.centerx, area.bottom - 12 - (310 if self.aim else 0)))
            pygame.draw.rect(surface, (20, 20, 20), box.inflate(24, 12), border_radius=8)
            pygame.draw.rect(surface, ACCENT, box.inflate(24, 12), 2, border_radius=8)
            surface.blit(words, box)
        if self.dialog is not None:
            self.dialog.draw(surface)

    # overlays on the table

    def overlay_layer(self) -> pygame.Surface:
        """Seat rings, the acting model's reach, targets: redrawn only when the view or the game changes."""
        cam = self.table.camera
        area = self.table_rect()
        drag = self.table.drag
        signature = (area.size, cam.center_x_cm, cam.center_y_cm, cam.zoom_px_per_cm, id(self.state),
                     self.controller.selected, self.aiming, self.aim.target if self.aim else None,
                     drag.model if drag else None, tuple(self.table.slides), self.anim.frame_key())
        if self._layer is not None and signature == self._layer_signature:
            return self._layer
        if self._layer is None or self._layer.get_size() != area.size:
            self._layer = pygame.Surface(area.size, pygame.SRCALPHA)
        layer = self._layer
        layer.fill((0, 0, 0, 0))
        self._layer_signature = signature

        def px(point: Point) -> tuple[float, float]:
            x, y = cam.world_to_screen(point)
            return (x - area.left, y - area.top)

        zoom = cam.zoom_px_per_cm
        active = self.controller.active_model()
        reach = self.controller.reach(active.id) if active is not None and not active.vehicle else None
        if reach is not None:
            if len(reach.sprint) >= 3:
                points = [px(p) for p in reach.sprint]
                pygame.draw.polygon(layer, (*SPRINT_TINT, 34), points)
                pygame.draw.polygon(layer, (*SPRINT_TINT, 200), points, 2)
            if len(reach.walk) >= 3:
                points = [px(p) for p in reach.walk]
                pygame.draw.polygon(layer, (*WALK_TINT, 60), points)
                pygame.draw.polygon(layer, (*WALK_TINT, 230), points, 3)
        for vehicle in self.anim.shown_vehicles(self.state.vehicles):
            self.draw_vehicle(layer, vehicle, px)
        radius = max(5, BASE_RADIUS_CM * zoom)
        ready = set(self.controller.activatable())
        targets = set(self.controller.shot_targets()) if self.aiming or self.aim else set()
        pieces = self.table.state.pieces
        for m in self.state.models:
            piece = pieces.get(m.id)
            centre = px((piece.x_cm, piece.y_cm) if piece is not None and m.vehicle else m.position)  # riders on seats
            colour = SEAT_COLORS.get(m.side, (200, 200, 200))
            pygame.draw.circle(layer, (*colour, 235), centre, radius + max(2, zoom * 0.3), max(2, round(zoom * 0.25)))
            if m.id in ready:
                pygame.draw.circle(layer, (*ACCENT, 150), centre, radius + max(5, zoom * 0.7), 2)
            if m.id in targets:
                pygame.draw.circle(layer, (*TARGET_TINT, 70), centre, radius * 1.9)
                pygame.draw.circle(layer, (*TARGET_TINT, 255), centre, radius * 1.9, 3)
            tag = self.level_tag(m)
            if tag:  # off the ground: a gold outline and a badge (R roof, 1 2 floors, S stairs, T top)
                pygame.draw.circle(layer, (*RAISED_TINT, 255), centre, radius + max(4, zoom * 0.6), 2)
                size = max(8, round(radius * 0.5))
                badge = (centre[0] + radius * 0.85, centre[1] - radius * 0.85)
                pygame.draw.circle(layer, (30, 30, 34, 255), badge, size)
                pygame.draw.circle(layer, (*RAISED_TINT, 255), badge, size, 2)
                letter = font(max(10, size + 3)).render(tag, True, RAISED_TINT)
                layer.blit(letter, letter.get_rect(center=badge))
            if m.wounds:
                for n in range(m.wounds):
                    pygame.draw.circle(layer, (200, 30, 30, 255),
                                       (centre[0] - radius + n * max(5, radius * 0.5), centre[1] - radius), max(3, radius * 0.22))
        if active is not None:
            piece = pieces.get(active.id)
            centre = px((piece.x_cm, piece.y_cm) if piece is not None and active.vehicle else active.position)
            pygame.draw.circle(layer, (*ACCENT, 255), centre, radius + max(6, zoom * 0.9), 3)
        for bang in self.state.bangs:
            centre = px((bang.x, bang.y))
            pygame.draw.circle(layer, (255, 120, 40, 90), centre, max(10, zoom * 1.6))
            label = font(max(11, min(18, round(zoom)))).render(f"BANG {bang.value}", True, (255, 220, 160))
            layer.blit(label, label.get_rect(center=centre))
        if self.state.objective is not None:
            pygame.draw.circle(layer, (230, 210, 90, 200), px(self.state.objective), max(8, 8.0 * zoom), 2)
        return layer

    def draw_vehicle(self, layer: pygame.Surface, vehicle: Vehicle, px: Any) -> None:
        """A top-down car drawn in code: body in its owner's colour, windscreen and lights at the front,
        wheels at the corners; red edge when out of control, a cross when broken down."""
        body_colour = SEAT_COLORS.get(vehicle.owner, (150, 156, 162))
        shade = tuple(max(0, v - 60) for v in body_colour)
        for along in (0.32, -0.32):  # an axle wider than the body: its wheels show on both sides
            wheel = vehicle_outline(vehicle, (along - 0.09, along + 0.09), 0.56)
            pygame.draw.polygon(layer, (24, 24, 24, 255), [px(p) for p in wheel])
        pygame.draw.polygon(layer, (*body_colour, 255), [px(p) for p in vehicle_outline(vehicle)])
        pygame.draw.polygon(layer, (*shade, 255), [px(p) for p in vehicle_outline(vehicle, (-0.3, 0.2), 0.38)])
        pygame.draw.polygon(layer, (150, 200, 230, 255), [px(p) for p in vehicle_outline(vehicle, (0.2, 0.33), 0.4)])
        for lamp in (vehicle_outline(vehicle, (0.46, 0.5), 0.45)[:2]):
            pygame.draw.circle(layer, (255, 240, 170, 255), px(lamp), max(2, self.table.camera.zoom_px_per_cm * 0.4))
        edge = ILLEGAL_TAPE if vehicle.out_of_control else (20, 20, 20)
        pygame.draw.polygon(layer, (*edge, 255), [px(p) for p in vehicle_outline(vehicle)], 3 if vehicle.out_of_control else 2)
        nose = vehicle_outline(vehicle, (0.5, 0.62), 0.0)
        pygame.draw.line(layer, (250, 250, 250, 220), px(nose[2]), px(nose[0]), 2)
        if vehicle.broken:
            corners = [px(p) for p in vehicle_outline(vehicle)]
            pygame.draw.line(layer, (220, 40, 40, 255), corners[0], corners[2], 4)
            pygame.draw.line(layer, (220, 40, 40, 255), corners[1], corners[3], 4)
        elif vehicle.running:
            tail = vehicle_outline(vehicle, (-0.62, -0.55), 0.2)
            pygame.draw.circle(layer, (200, 200, 200, 120), px(tail[2]), max(3, self.table.camera.zoom_px_per_cm * 0.6))

    def draw_drag(self, surface: pygame.Surface) -> None:
        drag = self.table.drag
        if drag is None or drag.preview is None or drag.point == drag.origin:
            return
        cam = self.table.camera
        preview = drag.preview
        colour = LEGAL_TAPE if preview.legal else ILLEGAL_TAPE
        if preview.end_pose is not None:
            self.draw_ghost(surface, preview, colour)
        tape = preview.path or (drag.origin, *drag.waypoints, drag.point)
        corners = [cam.world_to_screen(p) for p in tape]
        a, b = corners[0], corners[-1]
        pygame.draw.lines(surface, (20, 20, 20), False, corners, 8)
        pygame.draw.lines(surface, colour, False, corners, 5)
        pygame.draw.circle(surface, colour, a, 5)
        for corner in corners[1:-1]:
            pygame.draw.circle(surface, (20, 20, 20), corner, 8)
            pygame.draw.circle(surface, colour, corner, 6)
        straight_cm = sum(math.dist(p, q) for p, q in zip((drag.origin, *drag.waypoints),
                                                             (*drag.waypoints, drag.point), strict=True))
        turns = ""
        if preview.turns:
            turns = f" with {preview.turns} turn{'s' if preview.turns > 1 else ''} (+{preview.turn_cost_cm:g} cm each)"
        if isinstance(preview.command, c.Jump):
            place = level_place(self.state, preview.point, preview.command.level, jumped=True)
            used = f"Jump to {place}: {preview.cost_cm:.1f} cm · {max(0.0, preview.left_cm):.1f} left" \
                if preview.legal else f"Jump to {place} ({preview.cost_cm:.1f} cm): refused"
        elif preview.path and preview.legal:
            used = f"Drive {preview.cost_cm:.1f} cm{turns} · {max(0.0, preview.left_cm):.1f} of " \
                   f"{preview.allowance_cm:g} left"
        elif preview.path:
            used = f"Drive {preview.cost_cm:.1f} cm{turns}: refused"
        elif preview.legal:
            used = f"{preview.cost_cm:.1f} cm used · {max(0.0, preview.left_cm):.1f} left"
        elif preview.cost_cm > preview.allowance_cm:
            used = f"{preview.cost_cm:.1f} cm: over the {preview.allowance_cm:.1f} cm left"
        else:
            used = f"{straight_cm:.1f} cm: refused"
        lines = [used] if preview.legal else [used, preview.reason]
        y = b[1] - 34
        for line in reversed(lines):
            words = text_with_halo(line, 20 if line is used else 16, color=colour if line is used else (255, 200, 190))
            box = words.get_rect(midbottom=(b[0], y))
            box.clamp_ip(self.table_rect())
            surface.blit(words, box)
            y -= words.get_height() + 2

    def draw_ghost(self, surface: pygame.Surface, preview: MovePreview, colour: tuple[int, int, int]) -> None:
        """The body where the drive would leave it, in outline, its front marked."""
        vehicle = self.controller.model(preview.model)
        if vehicle is None or not vehicle.vehicle or preview.end_pose is None:
            return
        x, y, facing = preview.end_pose
        body = dataclasses.replace(self.state.vehicle(vehicle.vehicle), x=x, y=y, facing=facing)
        cam = self.table.camera
        outline = [cam.world_to_screen(p) for p in vehicle_outline(body)]
        pygame.draw.polygon(surface, (20, 20, 20), outline, 5)
        pygame.draw.polygon(surface, colour, outline, 3)
        nose = [cam.world_to_screen(p) for p in vehicle_outline(body, (0.3, 0.5), 0.5)[:2]]
        pygame.draw.line(surface, colour, nose[0], nose[1], 5)

    def draw_aim_line(self, surface: pygame.Surface) -> None:
        aim = self.aim
        if aim is None:
            return
        cam = self.table.camera
        shooter, target = self.controller.model(aim.shooter), self.controller.model(aim.target)
        if shooter is None or target is None:
            return
        colour = {"point blank": (120, 236, 140), "in range": (255, 210, 90)}.get(aim.band, ILLEGAL_TAPE)
        if not aim.sees:
            colour = ILLEGAL_TAPE
        a, b = cam.world_to_screen(shooter.position), cam.world_to_screen(target.position)
        pygame.draw.line(surface, (20, 20, 20), a, b, 6)
        _dashed(surface, colour, a, b, 3)
        ring = max(6, aim.range_cm * cam.zoom_px_per_cm)
        pygame.draw.circle(surface, (*colour,), a, ring, 1)

    def draw_aim_panel(self, surface: pygame.Surface) -> None:
        rect = self.aim_rect()
        for picture, (dx, dy) in self.aim_panel_pictures(rect.size):
            surface.blit(picture, (rect.left + dx, rect.top + dy))
        self.aim_buttons.draw(surface)

    def aim_panel_pictures(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The shot panel's frame and words, each at its offset in the panel: rendered once per aim, not every frame."""
        aim = self.aim
        assert aim is not None
        if self._aim_pictures is not None and self._aim_pictures[0] is aim and self._aim_pictures[1] == size:
            return self._aim_pictures[2]
        width = size[0]
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (22, 24, 26, 240), layer.get_rect(), border_radius=14)
        pygame.draw.rect(layer, (*TARGET_TINT, 255), layer.get_rect(), 2, border_radius=14)
        pictures = [(layer, (0, 0))]
        shooter = self.controller.model(aim.shooter)
        target = self.controller.model(aim.target)
        title = f"{shooter.name if shooter else '?'} shoots at {target.name if target else '?'} · {aim.weapon}"
        pictures.append((fit_text(title, 22, width - 28), (14, 10)))
        rows = [
            ("Range", f"{aim.distance_cm:.1f} cm of {aim.range_cm:g} cm — {aim.band}"),
            ("Line of sight", "clear" if aim.sees else "blocked"),
            ("Cover", aim.cover),
            ("Shots", f"{aim.shots} ({aim.dice} dice)" if aim.legal else str(aim.shots)),
        ]
        if aim.legal and aim.needs:
            total = sum(v for _, v in aim.modifiers)
            rows.append(("Needs", f"{aim.needs}+ on die {total:+d}  ({', '.join(f'{k} {v:+d}' for k, v in aim.modifiers)})"))
            rows.append(("Chance", f"{aim.chance_per_die:.0%} a die · {aim.chance_any:.0%} at least one wound · "
                                   f"{aim.expected_wounds:.1f} expected"))
        elif aim.reason:
            rows.append(("Why not", aim.reason))
        y = 46
        for label, value in rows:
            pictures.append((font(15).render(label, True, MUTED), (14, y + 2)))
            pictures.append((fit_text(value, 17, width - 140), (124, y)))
            y += 28
        self._aim_pictures = (aim, size, pictures)
        return pictures

    # panels

    def chrome(self) -> pygame.Surface:
        ctl = self.controller
        signature = (self.window_size, id(self.state), ctl.selected, self.aiming, self.table.tool, self.speed_index,
                     tuple(id(b) for b in self.tools.pressed.values()),
                     tuple(id(b) for b in self.actions.pressed.values()),
                     tuple((b.label, b.enabled, b.toggled) for b in self.tools.buttons + self.actions.buttons))
        if self._chrome is None or self._chrome_signature != signature:
            if self._chrome is None or self._chrome.get_size() != self.window_size:
                self._chrome = pygame.Surface(self.window_size)
                if pygame.display.get_surface() is not None:
                    self._chrome = self._chrome.convert()
            self._chrome.fill((16, 18, 20))
            self.draw_panels(self._chrome)
            self._chrome_signature = signature
        return self._chrome

    def draw_panels(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        state = self.state
        pygame.draw.rect(surface, (22, 24, 26), (0, 0, w, TOP_BAR_PX))
        pygame.draw.line(surface, PANEL_EDGE, (0, TOP_BAR_PX - 1), (w, TOP_BAR_PX - 1))
        self.tools.draw(surface)
        last = self.tools.buttons[-1].rect.right if self.tools.buttons else 0
        if w - last > 200:
            scenario = state.catalog.scenario(state.scenario).name if state.catalog else state.scenario
            surface.blit(fit_text(f"{self.board.title or 'Zombieworld'} — {scenario}", 20, w - last - 30),
                         (last + 16, 8))
            surface.blit(fit_text(self.turn_text(), 15, w - last - 30), (last + 16, 38))
        pygame.draw.rect(surface, (20, 22, 24), (0, TOP_BAR_PX, LEFT_PANEL_PX, h - TOP_BAR_PX))
        surface.blit(font(18).render("Bands", True, TEXT), (12, TOP_BAR_PX + 8))
        if state.alliances:
            y = TOP_BAR_PX + 36
            colour = ALLIANCE_FIXED if state.alliance_fixed else ALLIANCE_FRAGILE
            pygame.draw.rect(surface, colour, (10, y, LEFT_PANEL_PX - 20, ALLIANCE_ROW_PX - 4), 1, border_radius=6)
            pairs, kind = self.alliance_line().rsplit(", ", 1)  # the bands, then the kind in its colour
            surface.blit(fit_text(pairs, 14, LEFT_PANEL_PX - 36), (18, y + 4))
            surface.blit(font(14).render(kind.capitalize(), True, colour), (18, y + 22))
        ready = set(self.controller.activatable())
        active = state.active.model if state.active else None
        last_seat = None
        for rect, model_id in self.roster:
            m = state.model(model_id)
            if m.side != last_seat:
                last_seat = m.side
                colour = SEAT_COLORS.get(m.side, TEXT)
                pygame.draw.circle(surface, colour, (18, rect.top - 14), 6)
                score = state.score(m.side)
                text = f"{self.controller.band_name(m.side)} · {score.zombies_killed} zombies killed"
                surface.blit(fit_text(text, 16, LEFT_PANEL_PX - 44), (30, rect.top - 25))
            chosen = model_id == self.controller.selected
            fill = (58, 62, 66) if chosen else (32, 34, 36)
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            edge = ACCENT if model_id == active else SEAT_COLORS.get(m.side, PANEL_EDGE)
            pygame.draw.rect(surface, edge, rect, 3 if model_id == active else 1, border_radius=8)
            mark = "acting" if model_id == active else "ready" if model_id in ready else "done" if m.activated else ""
            colour = TEXT if not m.activated or model_id == active else MUTED
            surface.blit(fit_text(m.name, 16, 120), (rect.left + 10, rect.top + 7))
            rank = m.profile if m.kind == "survivor" else m.kind
            info = f"{rank} · {m.wounds} wd" + (f" · {mark}" if mark else "")
            surface.blit(font(13).render(info, True, colour), (rect.left + 132, rect.top + 10))
        self.draw_card(surface, pygame.Rect(10, self.card_top, LEFT_PANEL_PX - 20, h - self.card_top - 10))
        pygame.draw.rect(surface, (22, 24, 26), (LEFT_PANEL_PX, h - self.bottom_px, w - LEFT_PANEL_PX - RIGHT_PANEL_PX,
                                                 self.bottom_px))
        self.actions.draw(surface)
        hint = self.hint()
        if hint:
            surface.blit(fit_text(hint, 15, self.actions_rect().width),
                         (self.actions_rect().left, h - 26))
        pygame.draw.rect(surface, (20, 22, 24), (w - RIGHT_PANEL_PX, TOP_BAR_PX, RIGHT_PANEL_PX, h - TOP_BAR_PX))
        if self.log_panel is None:
            self._draw_plain_log(surface)

    def rider_targets(self) -> list[str]:
        charge = self.controller.template(c.ChargeTemplate)
        return [t for t in (charge.targets if charge is not None else ()) if _rides(self.state, t)]

    def hint(self) -> str:
        legal = self.controller.legal()
        move = next((o for o in legal if isinstance(o, c.MoveTemplate)), None)
        parts = []
        if move is not None:
            parts.append(f"Drag {self.state.model(move.model).name} to move ({move.max_cm:.1f} cm left; "
                         "tap with another finger, right-click or W to pin a corner); drop on an enemy to charge"
                         + (" (on a parked car: its rider)" if self.rider_targets() else ""))
        drive = next((o for o in legal if isinstance(o, c.DriveTemplate)), None)
        if drive is not None:
            parts.append(f"drag {self.vehicle_label(drive.vehicle)} to drive (up to {drive.max_cm:g} cm)")
        if any(isinstance(o, c.LeaveVehicleTemplate) for o in legal):
            parts.append("drag the rider out beside the doors to get out")
        if any(isinstance(o, c.BoardTemplate) for o in legal):
            parts.append("drop on a vehicle to get in")
        jump = next((o for o in legal if isinstance(o, c.JumpTemplate)), None)
        if jump is not None:
            parts.append(f"drag onto a roof, an upper floor or an obstacle's top within {jump.max_gap_cm:g} cm to jump")
        leave = next((o for o in legal if isinstance(o, c.LeaveTemplate)), None)
        if leave is not None:
            parts.append(f"reach the {EDGE_NAMES.get(leave.edge, leave.edge)} edge to leave")
        if any(isinstance(o, c.Activate) for o in legal):
            parts.append("tap a ringed survivor to activate it")
        return "; ".join(parts)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        model = self.controller.model(self.controller.selected or "")
        if model is None or rect.height < 60:
            return
        pygame.draw.rect(surface, PANEL_FILL, rect, border_radius=12)
        pygame.draw.rect(surface, SEAT_COLORS.get(model.side, PANEL_EDGE), rect, 2, border_radius=12)
        catalog = self.state.catalog
        y = rect.top + 10
        surface.blit(fit_text(model.name, 22, rect.width - 20), (rect.left + 12, y))
        y += 32
        lines = []
        if catalog is not None and model.kind == "survivor":
            profile, wounds, move_cm = engine.profile(self.state, model.id)
            lines.append(f"{catalog.rank(model.profile).name}")
            lines.append(f"Move {move_cm:g} cm · Skill {profile.skill} · Combat {profile.combat_dice}")
            lines.append(f"Wounds {model.wounds}/{wounds}")
            where = where_text(self.state, model)
            if where:
                lines.append(where)
            name = catalog.item_name
            if model.hand:
                lines.append("Hand: " + ", ".join(name(i) for i in model.hand))
            if model.backpack:
                lines.append("Backpack: " + ", ".join(name(i) for i in model.backpack))
            if model.objects:
                lines.append("Objects: " + ", ".join(name(i) for i in model.objects))
            for quality in (catalog.virtue(model.virtue) if model.virtue else None,
                            catalog.defect(model.defect) if model.defect else None):
                if quality is not None:
                    lines.append(f"{quality.name}")
            if model.unloaded:
                lines.append("Unloaded: " + ", ".join(name(i) for i in model.unloaded))
        else:
            lines.append(model.kind.capitalize())
            lines.append(f"Wounds {model.wounds}")
            where = where_text(self.state, model)
            if where:
                lines.append(where)
        for line in lines:
            if y > rect.bottom - 22:
                break
            surface.blit(fit_text(line, 15, rect.width - 24), (rect.left + 12, y))
            y += 24

    def _draw_plain_log(self, surface: pygame.Surface) -> None:
        r = self.log_rect
        pygame.draw.rect(surface, PANEL_FILL, r, border_radius=12)
        surface.blit(font(18).render("Log", True, TEXT), (r.left + 12, r.top + 8))
        y = r.bottom - 10
        for text, _tone in reversed(self.log_lines):
            words = fit_text(text, 14, r.width - 24)
            y -= words.get_height() + 4
            if y < r.top + 36:
                break
            surface.blit(words, (r.left + 12, y))


def _rides(state: Any, model_id: str) -> bool:
    return any(m.id == model_id and m.vehicle for m in state.models)


def _has(state: Any, model_id: str) -> bool:
    return any(m.id == model_id for m in state.models)


def _dashed(surface: pygame.Surface, colour: tuple[int, ...], a: tuple[float, float], b: tuple[float, float],
            width: int, dash_px: float = 12.0) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    steps = max(1, int(length // dash_px))
    for n in range(0, steps, 2):
        t0, t1 = n / steps, min(1.0, (n + 1) / steps)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


__all__ = ["ZombieworldGameScene", "ZwTable", "model_pieces"]
