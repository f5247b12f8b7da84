"""Playing a Zombicide mission in the window: the table, the survivor's card, action buttons,
highlighted targets on the board, decision dialogs, animated resolution, undo/redo, manual
override and step-by-step replay.

Layout: a top bar of tools; the roster and the selected survivor's card on the left; the log on
the right; the legal actions along the bottom; the table in the middle. Tap a highlighted zone to
move there (or drag the survivor onto it); tap a highlighted door to open it; tap an orange zone
to shoot at it; a zone that is both asks which. An illegal drop slides back and the reason shows
in the status line. The goals sit under the roster; the log follows undo and redo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.app.render import TableView, font, text_with_halo
from game.app.scenes import Scene
from game.app.table_scene import TableScene, _Slide
from game.app.zombicide.controller import (
    ActionChoice,
    GameController,
    Outcome,
    ShotOption,
    game_rules,
)
from game.app.zombicide.dialogs import (
    ACCENT,
    BUTTON_H_PX,
    MUTED,
    PANEL_EDGE,
    PANEL_FILL,
    TEXT,
    ButtonSet,
    ChoiceDialog,
    draw_button,
    fit_text,
    flow_buttons,
)
from game.app.zombicide.director import AnimationDirector, draw_banner
from game.app.zombicide.replay import ReplayPlayer
from game.app.zombicide.survivor_card import SurvivorCardPanel
from game.app.zombicide.view_model import PieceMaker, danger_colour, door_states, survivor_card, table_layout
from game.board.mission import load_board
from game.board.model import Board
from game.rules.zombicide.commands import Attack
from game.rules.zombicide.state import ZombicideSetup
from game.table.state import PieceSide, TableState

Point = tuple[float, float]

TOP_BAR_PX = 72
LEFT_PANEL_PX = 340  # at 1920 px wide and more; narrower windows get narrower side panels
RIGHT_PANEL_PX = 330
BOTTOM_BAR_PX = 80  # one row of touch-sized buttons; more actions go under "More…"
FIT_MARGIN_PX = 10
BAR_GAP_PX = 8
ROSTER_CHIP_PX = 52
STATUS_SECONDS = 5.0
MOVE_TINT = (90, 220, 120)
SHOT_TINT = (245, 140, 50)
DOOR_TINT = (255, 214, 90)
ZONE_TINT = (120, 200, 255)
EXIT_TINT = (110, 235, 255)

PHASE_WORDS = {"zombies": "the zombies move", "end": "end of the round", "setup": "setting up"}
TOOLS = (
    ("undo", "Undo"), ("redo", "Redo"), ("override", "Override"), ("speed", "Speed 1×"), ("skip", "Skip"),
    ("replay", "Replay"), ("step", "Step"), ("save", "Save"), ("fit", "Fit"),
)


@dataclass(slots=True)
class _Press:
    where: str  # "tools", "actions", "card", "roster", "dialog", "table", "log"
    pos: Point


def event_pointer(event: pygame.event.Event, size: tuple[int, int]) -> tuple[str, int, Point] | None:
    """("down" | "move" | "up", pointer id, position in px) for mouse and finger events, else None.
    Mouse events SDL makes from touches are dropped: the finger events already carry them."""
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        if getattr(event, "touch", False):
            return None
        if event.type != pygame.MOUSEMOTION and event.button != 1:
            return None
        phase = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEBUTTONUP: "up", pygame.MOUSEMOTION: "move"}[event.type]
        return phase, 0, (float(event.pos[0]), float(event.pos[1]))
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        phase = {pygame.FINGERDOWN: "down", pygame.FINGERUP: "up", pygame.FINGERMOTION: "move"}[event.type]
        return phase, 1 + int(event.finger_id), (event.x * size[0], event.y * size[1])
    return None


class GameTable(TableScene):
    """The table of a game: drops and taps become intents for the scene instead of free moves."""

    def __init__(self, scene: GameScene, board: Board, state: TableState, window_size: tuple[int, int]):
        self.scene = scene
        self._release: tuple[str, bool, str | None, Point] | None = None
        super().__init__(board, state, window_size=window_size)

    def _remember(self) -> None:  # the game's own undo replaces the table's
        pass

    def fit(self) -> None:
        self.camera.fit((0, 0, self.board.width_cm, self.board.height_cm), margin_px=FIT_MARGIN_PX)

    def _pointer_down(self, intent: Any) -> None:
        if self.scene.director.busy or self.scene.dialog is not None:
            hit = self.physics.piece_at(self._world(intent.pos_px))
            if hit is not None:
                self._start_pan(intent.pointer_id, intent.pos_px)
                return
        super()._pointer_down(intent)

    def _pointer_up(self, pid: int, pos: Point) -> None:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return
        self._release = (pointer.role, pointer.moved, pointer.piece, pos)
        tapped_table = pointer.role == "pan" and not pointer.moved and len(self.pointers) == 1
        super()._pointer_up(pid, pos)
        if tapped_table:
            self.scene.tap_table(self._world(pos))

    def _drop(self, piece_id: str) -> None:
        role, moved, _, pos = self._release or ("piece", True, piece_id, (0.0, 0.0))
        at_cm = self.physics.position(piece_id)
        if not moved:
            self.scene.tap_piece(piece_id)
            self.scene.sync_pieces(snap_from={piece_id: at_cm})
            return
        self.scene.drop_piece(piece_id, at_cm)


class GameScene(Scene):
    """One game in the window. Build it with ``new_game`` or ``resume``; push it on the app's scenes."""

    def __init__(self, app: Any, controller: GameController, mission_path: Path, save_path: Path | None = None):
        self.app = app
        self.controller = controller
        self.board = controller.board
        self.mission_path = Path(mission_path)
        self.save_path = save_path
        self.window_size = self._window_size()
        self.maker = PieceMaker(controller.state)
        self.director = AnimationDirector(self.board, self.maker, self._names())
        # the scene writes the zone names itself, large enough to read at any zoom
        self.table = GameTable(self, _without_zone_labels(self.board), TableState(source=str(self.mission_path)),
                               self.window_size)
        self.card_panel = SurvivorCardPanel(pygame.Rect(0, 0, 10, 10))
        self.tools = ButtonSet()
        self.actions = ButtonSet()
        self.more_labels: list[tuple[str, str, str]] = []  # actions that did not fit the bar
        self.roster: list[tuple[pygame.Rect, str]] = []
        self.dialog: ChoiceDialog | None = None
        self.presses: dict[int, _Press] = {}
        self.hover_pos: Point | None = None  # the mouse, for the door an "Open door" button names
        self.override = False
        self.override_zone: str | None = None
        self.replay: ReplayPlayer | None = None
        self.status_text = ""
        self.status_until = 0.0
        self.clock_s = 0.0
        self.log_lines: list[str] = []
        self.log = _LogAdapter(app)
        self.log_marks: dict[int, int] = {}  # commands in effect → log lines then (undo cuts the log back)
        self.ended_shown = False
        self._chrome: pygame.Surface | None = None
        self._chrome_signature: tuple = ()
        self.layout(self.window_size)
        self.sync_pieces()
        self.table.fit()
        self.rebuild_log()

    def rebuild_log(self) -> None:
        """The log told again from the session: the mission's start, then every command in effect."""
        c = self.controller
        lines: list[Any] = [("Mission: " + (self.board.title or self.mission_path.stem), "phase")]
        self.log_marks = {0: len(lines)}
        for done, (state, events) in enumerate(c.history() if c.can_undo() else [], start=1):
            lines += self.log.event_lines(events, state, self.board)
            self.log_marks[done] = len(lines)
        self.log.set_lines(lines)

    def follow_undo(self) -> None:
        """The log loses the lines of the commands no longer in effect."""
        done = len(self.controller.session.log)
        if done not in self.log_marks:
            self.rebuild_log()
            return
        self.log.set_lines(self.log.lines[: self.log_marks[done]])

    @property
    def replaying(self) -> bool:
        return self.replay is not None

    @property
    def live_controller(self) -> GameController:
        """The game itself (while a replay runs, ``controller`` is the replay's)."""
        return self.replay.live if self.replay is not None else self.controller

    # --- building ----------------------------------------------------------------------------

    @classmethod
    def new_game(cls, app: Any, mission_path: Path, setup: ZombicideSetup | dict, seed: int) -> GameScene:
        board = load_board(mission_path)
        return cls(app, GameController.new(board, setup, seed), mission_path)

    @classmethod
    def resume(cls, app: Any, save_path: Path) -> GameScene:
        session, extra = _load_session(Path(save_path))
        scene = cls(app, GameController(session, session.board), Path(session.board.source), Path(save_path))
        speed = extra.get("speed")
        if isinstance(speed, int) and 0 <= speed < 3:
            scene.director.speed_index = speed
        return scene

    def _window_size(self) -> tuple[int, int]:
        screen = getattr(self.app, "screen", None)
        return screen.get_size() if screen is not None else (1280, 800)

    def _names(self) -> dict[str, str]:
        state = self.controller.state
        names = {s.id: s.name for s in state.tables.catalog.survivors}
        names.update({s.id: s.name for s in state.survivors})
        names.update({z.id: z.name for z in state.tables.catalog.zombies})
        names.update({e.id: e.name for e in state.tables.catalog.equipment_cards})
        return names

    # --- layout --------------------------------------------------------------------------------

    def side_panels_px(self) -> tuple[int, int]:
        """Widths of the left (roster and card) and right (log) panels for this window."""
        w = self.window_size[0]
        if w >= 1800:
            return LEFT_PANEL_PX, RIGHT_PANEL_PX
        if w >= 1500:
            return 320, 290
        return 300, 250

    def table_rect(self) -> pygame.Rect:
        w, h = self.window_size
        left, right = self.side_panels_px()
        return pygame.Rect(left, TOP_BAR_PX, max(1, w - left - right), max(1, h - TOP_BAR_PX - BOTTOM_BAR_PX))

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        area = self.table_rect()
        self.table.set_viewport(area.x, area.y, area.w, area.h, size)
        tool_area = pygame.Rect(8, 8, w - 16, TOP_BAR_PX - 16)
        # widths for the longest label a tool takes ("Replay" reads "Exit replay" during a replay)
        widest = {"replay": "Exit replay", "speed": "Speed Instant"}
        self.tools.buttons = flow_buttons(tool_area, [(widest.get(key, label), key, "tool") for key, label in TOOLS],
                                          min_w_px=84, height_px=TOP_BAR_PX - 16)
        self.layout_roster()
        right = self.side_panels_px()[1]
        self.log.layout(pygame.Rect(w - right + 8, TOP_BAR_PX + 4, right - 16, h - TOP_BAR_PX - 12))
        self.refresh_buttons()
        if self.dialog is not None:
            self.dialog.layout(pygame.Rect(0, 0, w, h))

    def layout_roster(self) -> None:
        """One chip per survivor of the game (two columns), the card below them."""
        h = self.window_size[1]
        left = self.side_panels_px()[0]
        survivors = self.controller.state.survivors
        chip_w = (left - 24) // 2
        self.roster = []
        for n, s in enumerate(survivors):
            col, row = n % 2, n // 2
            rect = pygame.Rect(8 + col * (chip_w + 8), TOP_BAR_PX + 6 + row * (ROSTER_CHIP_PX + 6), chip_w, ROSTER_CHIP_PX)
            self.roster.append((rect, s.id))
        card_top = TOP_BAR_PX + 10 + math.ceil(len(survivors) / 2) * (ROSTER_CHIP_PX + 6)
        goals = self.goals_rect().height
        card_top += goals + 6 if goals else 0
        self.card_panel.rect = pygame.Rect(8, card_top, left - 16, max(100, h - card_top - 8))

    def actions_rect(self) -> pygame.Rect:
        w, h = self.window_size
        left, right = self.side_panels_px()
        return pygame.Rect(left + 8, h - BOTTOM_BAR_PX + (BOTTOM_BAR_PX - BUTTON_H_PX) // 2, w - left - right - 16,
                           BUTTON_H_PX)

    def refresh_buttons(self) -> None:
        c = self.controller
        for button in self.tools.buttons:
            button.enabled = True
            if button.key == "undo":
                button.enabled = c.can_undo() and not self.replaying
            elif button.key == "redo":
                button.enabled = c.can_redo() and not self.replaying
            elif button.key == "override":
                button.toggled = self.override
                button.enabled = not self.replaying
            elif button.key == "speed":
                button.label = "Speed " + self.director.speed_label()
            elif button.key == "skip":
                button.enabled = self.director.busy
            elif button.key == "replay":
                button.toggled = self.replaying
                button.label = "Exit replay" if self.replaying else "Replay"
            elif button.key == "step":
                button.enabled = self.replaying and c.can_redo()
        self.actions.buttons, self.more_labels = self.bar_buttons(self.action_labels())

    def bar_buttons(self, labels: list[tuple[str, str, str]]) -> tuple[list[Any], list[tuple[str, str, str]]]:
        """The bottom bar's buttons, and what did not fit: a second row floats just above the bar
        when needed; beyond that, the rest go under a last "More…" button (the end-of-turn buttons
        always stay)."""
        bar = self.actions_rect()
        area = pygame.Rect(bar.left, bar.top, bar.width, 2 * BUTTON_H_PX + BAR_GAP_PX)

        def laid_out(items: list[tuple[str, str, str]]) -> list[Any]:
            buttons = flow_buttons(area, items, height_px=BUTTON_H_PX, gap_px=BAR_GAP_PX)
            for button in buttons:
                if button.rect.top > bar.top:  # the second row goes above the bar, over the table
                    button.rect.y -= 2 * (BUTTON_H_PX + BAR_GAP_PX)
            return buttons

        buttons = laid_out(labels)
        if len(buttons) == len(labels):
            return buttons, []
        kept = [label for label in labels if label[2] == "turn"]
        rest = [label for label in labels if label[2] != "turn"]
        shown: list[tuple[str, str, str]] = []
        for label in rest:
            trial = shown + [label] + kept + [("More…", "more", "other")]
            if len(laid_out(trial)) < len(trial):
                break
            shown.append(label)
        hidden = [label for label in rest if label not in shown]
        return laid_out(shown + kept + [("More…", "more", "other")]), hidden

    def action_labels(self) -> list[tuple[str, str, str]]:
        """The bottom bar: the selected survivor's legal actions, grouped; override tools in that mode;
        the playback controls during a replay."""
        if self.replay is not None:
            replay = self.replay
            return [("Step back", "rp:back", "tool"), ("Pause" if replay.playing else "Play", "rp:play", "move"),
                    ("Step", "rp:step", "tool"), ("Exit replay", "rp:exit", "turn")]
        if self.override:
            labels = [("Add survivor…", "add-survivor", "move"), ("Remove selected", "remove", "turn")]
            types = [z.id for z in self.controller.state.tables.catalog.zombies]
            labels += [(f"+ {self._names().get(t, t)}", f"add:{t}", "danger") for t in types]
            return labels
        if self.controller.outcome() is not None or self.controller.pending is not None:
            return []
        choices = self.controller.action_choices()
        labels: list[tuple[str, str, str]] = []
        grouped: dict[str, list[ActionChoice]] = {}
        for choice in choices:
            grouped.setdefault(choice.group, []).append(choice)
        for group, title in (("move", "Move…"), ("trade", "Trade…"), ("items", "Ready a weapon…")):
            if grouped.get(group):
                labels.append((title, f"group:{group}", group))
        for n, choice in enumerate(choices):
            if choice.group not in ("move", "trade", "items"):
                labels.append((choice.label, f"do:{n}", choice.group))
        return labels

    # --- what is shown -------------------------------------------------------------------------

    def sync_pieces(self, snap_from: dict[str, Point] | None = None) -> None:
        """The table shows the game's state; pieces in ``snap_from`` slide home from there."""
        state = self.controller.state
        if [sid for _, sid in self.roster] != [s.id for s in state.survivors]:
            names = {s.id: s.name for s in state.survivors}
            self.maker.survivor_names.update(names)
            self.director.names.update(names)
            self.layout_roster()
        layout = table_layout(self.controller.view(), self.board, self.maker)
        self.table.state.pieces = layout.pieces
        self.table.door_open = door_states(self.controller.state)
        selected = self.controller.selected
        self.table.rebuild_physics()
        if self.override and self.table.selected in layout.pieces:
            selected = self.table.selected  # override picks any piece, zombies too, for Remove selected
        self.table.selected = selected if selected in layout.pieces else None
        for piece_id, start in (snap_from or {}).items():
            piece = layout.pieces.get(piece_id)
            if piece is not None and math.dist(start, (piece.x_cm, piece.y_cm)) > 0.01:
                self.table.physics.set_position(piece_id, start)
                self.table.slides[piece_id] = _Slide(start, (piece.x_cm, piece.y_cm))

    def status(self, text: str) -> None:
        self.status_text = text
        self.status_until = self.clock_s + STATUS_SECONDS

    def turn_text(self) -> str:
        state = self.controller.state
        if state.result is not None:
            return f"Round {state.round}: mission {state.result}"
        if state.pending is not None:
            return f"Round {state.round} · {state.pending.seat} decides"
        seat = self.controller.seat
        if state.phase == "players":
            return f"Round {state.round} · {seat or '—'} to play"
        return f"Round {state.round} · {PHASE_WORDS.get(state.phase, state.phase.replace('_', ' '))}"

    # --- intents -------------------------------------------------------------------------------

    def after(self, outcome: Outcome, before: Any, doors_before: dict[str, bool], hit_on: int | None = None,
              snap_from: dict[str, Point] | None = None) -> None:
        """Animate what a command did, or show why it was refused."""
        if not outcome.ok:
            self.status(outcome.reason)
            self.sync_pieces(snap_from=snap_from)
            self.refresh_buttons()
            return
        from game.app.zombicide import view_model

        state = self.controller.state
        self.director.start(outcome.events, before, state, hit_on, doors_before, view_model.door_states(state))
        self.log.add_events(outcome.events, state, self.board)
        if self.replay is None:
            done = len(self.controller.session.log)
            self.log_marks = {k: v for k, v in self.log_marks.items() if k < done}
            self.log_marks[done] = len(self.log.lines)
        self.sync_pieces()
        self.override_zone = self.override_zone if self.override else None
        if self.replay is None and any(getattr(e, "kind", "") == "phase_started" and e.phase == "players"
                                       for e in outcome.events):
            self.autosave()
        self.refresh_buttons()

    def play(self, command: Any, snap_from: dict[str, Point] | None = None) -> Outcome:
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        hit_on = self.hit_on(command)
        outcome = self.controller.play(command)
        self.after(outcome, before, doors, hit_on, snap_from)
        return outcome

    def hit_on(self, command: Any) -> int | None:
        if not isinstance(command, Attack):
            return None
        from game.rules.zombicide import skills as sk

        state = self.controller.state
        s = state.survivors[state.survivor_index(command.survivor)]
        card = s.slots[command.slot]
        if card < 0:
            return None
        weapon = state.tables.equipment[state.card_kinds[card]]
        return max(1, weapon.accuracy - sk.roll_bonus(s.skills, weapon.attack or "melee"))

    def tap_piece(self, piece_id: str) -> None:
        state = self.controller.state
        piece = self.table.state.pieces.get(piece_id)
        if state.survivor_index(piece_id) >= 0:
            waiting = piece_id not in self.controller.playable_survivors()
            if self.replay is None and not self.override and waiting and piece is not None and piece.zone in self.controller.targets().moves:
                self.tap_zone(piece.zone)  # a survivor who cannot act now: the tap means its zone
                return
            if self.controller.selected == piece_id or not self.override:
                self.controller.select(piece_id)
            self.table.selected = piece_id
            self.refresh_buttons()
            return
        if piece is not None and piece.zone:
            self.table.selected = piece_id
            self.tap_zone(piece.zone)

    def tap_table(self, world: Point) -> None:
        if self.replay is not None:
            return  # a replay only looks
        zone = self.board.zone_at(world)
        door = self.door_near(world)
        if door is not None and not self.override:
            self.tap_door(door)
            return
        if zone is not None:
            self.tap_zone(zone)

    def pointed_door(self) -> str | None:
        """The door of the "Open door" button under the mouse or held by a finger (lit on the board)."""
        buttons = list(self.actions.pressed.values())
        hovered = self.actions.at(self.hover_pos) if self.hover_pos is not None else None
        if hovered is not None:
            buttons.append(hovered)
        for button in buttons:
            if button.key.startswith("do:"):
                choices = self.controller.action_choices()
                index = int(button.key.split(":", 1)[1])
                if index < len(choices) and choices[index].group == "door":
                    return str(choices[index].command.door)
        return None

    def door_near(self, world: Point) -> str | None:
        """A highlighted door within a finger's reach of ``world``."""
        doors = self.controller.targets().doors
        reach_cm = max(1.5, 28 / max(self.table.camera.zoom_px_per_cm, 0.1))
        for connection in self.board.connections:
            if connection.id in doors:
                (ax, ay), (bx, by) = connection.segment
                if math.dist(((ax + bx) / 2, (ay + by) / 2), world) <= reach_cm:
                    return connection.id
        return None

    def tap_door(self, door: str) -> Outcome:
        command = self.controller.targets().doors[door]
        return self.play(command)

    def tap_zone(self, zone: str) -> Outcome | None:
        if self.override:
            self.override_zone = zone
            self.status(f"Override: zone {self.controller.zone_name(zone)} picked")
            return None
        targets = self.controller.targets()
        shots = targets.shots.get(zone)
        if zone in targets.moves and shots:
            self.open_move_or_shoot_dialog(zone, targets.moves[zone], shots)
            return None
        if zone in targets.moves:
            return self.play(targets.moves[zone])
        if shots:
            if len(shots) == 1:
                return self.play(shots[0].command)
            self.open_shot_dialog(shots)
            return None
        selected = self.controller.selected
        if selected and self.controller.seat is not None and selected in self.controller.playable_survivors():
            before, doors = self.controller.state, door_states(self.controller.state)
            outcome = self.controller.move_to(selected, zone)
            self.after(outcome, before, doors)
            return outcome
        return None

    def drop_piece(self, piece_id: str, at_cm: Point) -> Outcome | None:
        zone = self.board.zone_at(at_cm)
        state = self.controller.state
        is_survivor = state.survivor_index(piece_id) >= 0
        piece = self.table.state.pieces.get(piece_id)
        home = piece.zone if piece is not None else None
        if zone is None or zone == home or self.replay is not None:
            self.sync_pieces(snap_from={piece_id: at_cm})
            if self.replay is not None:
                self.status("A replay only shows the game: Exit replay to play")
            elif zone is None:
                self.status("Drop pieces inside a zone")
            return None
        if self.override:
            if is_survivor:
                return self.play(_override("survivor", piece_id, zone), snap_from={piece_id: at_cm})
            parsed = _zombie_of(piece_id)
            if parsed is None:
                self.sync_pieces(snap_from={piece_id: at_cm})
                return None
            return self.play(_override("zombie", parsed[1], zone, parsed[0]), snap_from={piece_id: at_cm})
        if not is_survivor:
            self.sync_pieces(snap_from={piece_id: at_cm})
            self.status("Zombies move on their own: turn on Override to move them by hand")
            return None
        self.controller.select(piece_id)
        move = self.controller.targets(piece_id).moves.get(zone)
        if move is not None:
            return self.play(move)
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome = self.controller.move_to(piece_id, zone)
        self.after(outcome, before, doors, snap_from={piece_id: at_cm})
        return outcome

    def survivor_at(self, pos: Point) -> str | None:
        """The survivor whose roster chip or miniature is under ``pos`` (screen px)."""
        for rect, survivor_id in self.roster:
            if rect.collidepoint(pos):
                return survivor_id
        if not self.table_rect().collidepoint(pos):
            return None
        world = self.table.camera.screen_to_world(pos)
        reach_cm = 24 / max(self.table.camera.zoom_px_per_cm, 0.1)  # a finger's slack around the base
        best, best_cm = None, math.inf
        for piece in self.table.state.pieces.values():
            if self.controller.state.survivor_index(piece.id) < 0:
                continue
            gap_cm = math.dist(world, (piece.x_cm, piece.y_cm)) - piece.radius_cm
            if gap_cm <= reach_cm and gap_cm < best_cm:
                best, best_cm = piece.id, gap_cm
        return best

    def drop_card(self, slot: int, pos: Point) -> Outcome | None:
        """A card of the selected survivor dropped outside its card: on another survivor it offers a
        Trade (the trade dialog); anywhere else, or when the engine refuses, it slides back."""
        giver = self.controller.selected
        other = self.survivor_at(pos)
        if giver is None or other is None or other == giver:
            self.card_panel.snap_back(pos, slot)
            self.status("Drop the card on another survivor in the zone: their name on the left or their miniature")
            return None
        offers, reason = self.controller.trade_offers(giver, slot, other)
        if not offers:
            self.card_panel.snap_back(pos, slot)
            self.status(reason)
            return Outcome(False, reason=reason)
        card = self.controller.card_name(self.controller.state.survivors[self.controller.state.survivor_index(giver)].slots[slot])
        lines = [f"{self.controller.survivor_name(giver)} offers {card}"]
        self.open_dialog(ChoiceDialog(f"Trade with {self.controller.survivor_name(other)}", lines,
                                      [o.label for o in offers], lambda n: self.play(offers[n].command), cancel=True))
        return None

    def open_shot_dialog(self, shots: list[ShotOption]) -> None:
        options = [f"{s.weapon}: {s.hit_chance:.0%} to hit, {s.expected_hits:.1f} hits expected" for s in shots]
        self.open_dialog(ChoiceDialog("Which weapon?", [], options, lambda n: self.play(shots[n].command), cancel=True))

    def open_move_or_shoot_dialog(self, zone: str, move: Any, shots: list[ShotOption]) -> None:
        """A zone that is both a move and a shot target: the player says which (a tap never guesses)."""
        options = ["Move here"] + [f"Shoot: {s.weapon} ({s.hit_chance:.0%} to hit)" for s in shots]
        commands = [move] + [s.command for s in shots]
        self.open_dialog(ChoiceDialog(f"{self.controller.zone_name(zone)}: move or shoot?", [], options,
                                      lambda n: self.play(commands[n]), cancel=True))

    def open_group_dialog(self, group: str) -> None:
        choices = [c for c in self.controller.action_choices() if c.group == group]
        titles = {"move": "Move where?", "trade": "Trade", "items": "Ready a weapon"}
        self.open_dialog(ChoiceDialog(titles.get(group, group), [], [c.label for c in choices],
                                      lambda n: self.play(choices[n].command), cancel=True))

    def open_dialog(self, dialog: ChoiceDialog) -> None:
        self.dialog = dialog
        dialog.layout(pygame.Rect(0, 0, *self.window_size))

    def pending_dialog(self) -> ChoiceDialog | None:
        pending = self.controller.pending
        if pending is None:
            return None
        state = self.controller.state
        who = state.survivors[pending.survivor].name if 0 <= pending.survivor < len(state.survivors) else ""
        lines: list[str] = []
        if pending.kind == "keep_card":
            title = f"{who} found: {self.controller.card_name(pending.card)}"
            if pending.more_cards:
                lines.append("Also drawn: " + ", ".join(self.controller.card_name(c) for c in pending.more_cards))
        elif pending.kind == "wound":
            title = f"Wounds to share ({pending.remaining} left)"
        elif pending.kind == "skill":
            title = f"{who} reached a new danger level: pick a skill"
        elif pending.kind == "deal":
            title = f"{who} deals the spawn cards: pick where the next one goes"
        elif pending.kind == "friendly_fire":
            title = f"{who}'s shot strays: pick who takes the hit"
        else:
            title = f"{who}: re-roll the dice?"
        options = list(pending.options)
        if pending.kind in ("wound", "friendly_fire"):
            options = [option + self.deaths_of(n) for n, option in enumerate(options)]
            if any(option.endswith(" DIES") for option in options):
                lines.append("Careful: a choice marked DIES kills that survivor")
        return ChoiceDialog(title, lines, options, self.controller_choose)

    def deaths_of(self, option: int) -> str:
        """" — Marta DIES" when choosing ``option`` of the pending decision eliminates a survivor."""
        from game.rules.zombicide import engine
        from game.rules.zombicide.commands import ChooseOption, SurvivorEliminated

        state, seat = self.controller.state, self.controller.seat
        if seat is None:
            return ""
        try:
            _, events = engine.apply(state, seat, ChooseOption(option))
        except Exception:  # an option the engine refuses says nothing more
            return ""
        dead = [self.controller.survivor_name(e.survivor) for e in events if isinstance(e, SurvivorEliminated)]
        return f" \u2014 {' and '.join(dead)} DIES" if dead else ""

    def controller_choose(self, option: int) -> None:
        from game.rules.zombicide.commands import ChooseOption

        self.play(ChooseOption(option))

    def press_tool(self, key: str) -> None:
        if key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "override":
            self.override = not self.override
            self.override_zone = None
            self.status("Override on: drag any piece anywhere; tap a zone, then add or remove" if self.override
                        else "Override off")
        elif key == "speed":
            self.director.cycle_speed()
        elif key == "skip":
            self.director.skip()
        elif key == "replay":
            if self.replaying:
                self.exit_replay()
            else:
                self.enter_replay()
        elif key == "step":
            self.step_replay()
        elif key == "save":
            self.save()
        elif key == "fit":
            self.table.fit()
        self.refresh_buttons()

    def press_action(self, key: str) -> None:
        if key.startswith("rp:"):
            self.press_replay(key[3:])
        elif key == "more":
            hidden = list(self.more_labels)
            self.open_dialog(ChoiceDialog("More actions", [], [label for label, _, _ in hidden],
                                          lambda n: self.press_action(hidden[n][1]), cancel=True))
        elif key == "add-survivor":
            self.open_bench_dialog()
        elif key.startswith("group:"):
            self.open_group_dialog(key.split(":", 1)[1])
        elif key.startswith("do:"):
            choices = self.controller.action_choices()  # "do:<n>" counts every choice, grouped ones too
            index = int(key.split(":", 1)[1])
            if index < len(choices):
                self.play(choices[index].command)
        elif key.startswith("add:"):
            zone = self.override_zone or self._selected_zone()
            if zone is None:
                self.status("Tap a zone first")
                return
            self.play(_override("add", key.split(":", 1)[1], zone))
        elif key == "remove":
            picked = self.table.selected or ""
            if self.controller.state.survivor_index(picked) >= 0:
                self.remove_survivor(picked)
                return
            parsed = _zombie_of(picked)
            if parsed is None:
                self.status("Tap a zombie or a survivor first")
                return
            self.play(_override("remove", parsed[1], parsed[0]))
        self.refresh_buttons()

    def open_bench_dialog(self) -> None:
        """Override: pick a survivor of the box who is not in the game; it joins in the picked zone."""
        zone = self.override_zone or self._selected_zone()
        if zone is None:
            self.status("Tap a zone first")
            return
        bench = self.controller.bench()
        if not bench:
            self.status("Every survivor of the box is already in the game")
            return
        names = self._names()
        self.open_dialog(ChoiceDialog(f"Who joins in {self.controller.zone_name(zone)}?", [],
                                      [names.get(b, b) for b in bench],
                                      lambda n: self.add_survivor(bench[n], zone), cancel=True))

    def add_survivor(self, survivor_id: str, zone: str) -> Outcome:
        """Override: a survivor of the box joins the game (a logged, undoable command)."""
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome = self.controller.override_add_survivor(survivor_id, zone)
        self.after(outcome, before, doors)
        if outcome.ok:
            self.table.selected = survivor_id
        return outcome

    def remove_survivor(self, survivor_id: str) -> Outcome:
        """Override: a survivor leaves the game (its cards are discarded); undo brings it back."""
        if self.director.busy:
            self.director.skip()
        before, doors = self.controller.state, door_states(self.controller.state)
        outcome = self.controller.override_remove_survivor(survivor_id)
        self.after(outcome, before, doors)
        if outcome.ok:
            self.table.selected = None
        return outcome

    def _selected_zone(self) -> str | None:
        piece = self.table.state.pieces.get(self.table.selected or "")
        return piece.zone if piece is not None else None

    def undo(self) -> bool:
        if self.replay is not None:
            return self.step_back()
        self.director.skip()
        if not self.controller.undo():
            self.status("Nothing to undo")
            return False
        self.dialog = None
        self.follow_undo()
        self.sync_pieces()
        self.refresh_buttons()
        self.status("Undone")
        return True

    def redo(self) -> bool:
        if self.replay is not None:
            return self.step_replay()
        return self._redo()

    def _redo(self) -> bool:
        before, doors = self.controller.state, door_states(self.controller.state)
        upcoming = self.controller.next_command()
        hit_on = self.hit_on(upcoming) if upcoming is not None else None
        outcome = self.controller.redo()
        if not outcome.ok:
            self.status("Nothing to redo")
            return False
        self.after(outcome, before, doors, hit_on)
        return True

    # --- replay -------------------------------------------------------------------------------

    def enter_replay(self) -> ReplayPlayer:
        """Play the game again from the mission start, on a copy: the live game stays as it is."""
        self.director.skip()
        self.dialog = None
        self.override, self.override_zone = False, None
        self.replay = ReplayPlayer.start(self.controller, self.log.lines)
        self.controller = self.replay.controller
        self.log.set_lines([(f"Replay from the start: {self.replay.steps} moves", "phase")])
        self.sync_pieces()
        self.refresh_buttons()
        self.status(f"Replay: {self.replay.steps} moves. Play, or step through them")
        return self.replay

    def exit_replay(self) -> None:
        """Back to the live game, exactly where it was."""
        replay = self.replay
        if replay is None:
            return
        self.director.skip()
        self.dialog = None
        self.controller = replay.live
        self.replay = None
        self.log.set_lines(replay.live_log)
        self.sync_pieces()
        self.refresh_buttons()
        self.status("Back to the game")

    def press_replay(self, key: str) -> None:
        replay = self.replay
        if replay is None:
            return
        if key == "play":
            if replay.at_end() and not replay.playing:
                self.status("End of the replay: Step back, or Exit replay")
            replay.toggle()
        elif key == "step":
            replay.playing = False
            self.step_replay()
        elif key == "back":
            replay.playing = False
            self.step_back()
        elif key == "exit":
            self.exit_replay()

    def step_replay(self) -> bool:
        """One move of the replay forward, animated."""
        replay = self.replay
        if replay is None or replay.at_end():
            if replay is not None:
                replay.playing = False
                self.status("End of the replay")
            self.refresh_buttons()
            return False
        self.director.skip()
        lines = len(self.log.lines)
        done = self._redo()
        replay.step_lines.append(len(self.log.lines) - lines)
        self.refresh_buttons()
        return done

    def step_back(self) -> bool:
        """One move of the replay back; its log lines go too."""
        replay = self.replay
        if replay is None or replay.at_start():
            self.status("At the start of the replay")
            return False
        self.director.skip()
        self.controller.undo()
        added = replay.step_lines.pop() if replay.step_lines else 0
        if added:
            self.log.set_lines(self.log.lines[:-added])
        self.sync_pieces()
        self.refresh_buttons()
        return True

    def save(self, path: Path | None = None, quiet: bool = False) -> Path | None:
        target = path or self.save_path or Path(getattr(self.app, "save_dir", Path("saves"))) / (
            f"zombicide-{self.mission_path.stem}.json")
        try:
            written = _save_session(target, self.live_controller.session, {"speed": self.director.speed_index})
        except Exception as error:  # a save that fails never ends the game
            self.status(f"Could not save: {error}")
            return None
        if not quiet:
            self.save_path = written
            self.status(f"Saved to {written.name}")
        return written

    def autosave(self) -> Path | None:
        try:
            from game.app.zombicide.game_save import autosave_path

            target = autosave_path(Path(getattr(self.app, "save_dir", Path("saves"))))
        except ImportError:
            target = Path(getattr(self.app, "save_dir", Path("saves"))) / "zombicide-autosave.json"
        return self.save(target, quiet=True)

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, event.mod)
        pointer = event_pointer(event, self.window_size)
        if pointer is None:
            if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                return self.table.handle_event(event)
            return False
        phase, pid, pos = pointer
        if pid == 0:
            self.hover_pos = pos
        if phase == "down":
            return self.pointer_down(pid, pos, event)
        if phase == "move":
            press = self.presses.get(pid)
            if press is not None and press.where == "card":
                self.card_panel.move(pos)
                return True
            if press is None or press.where == "table":
                return self.table.handle_event(event)
            if press.where == "log":
                self.log.handle_event(event)
            return True
        return self.pointer_up(pid, pos, event)

    def pointer_down(self, pid: int, pos: Point, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            self.presses[pid] = _Press("dialog", pos)
            return self.dialog.press(pid, pos)
        if self.tools.press(pid, pos):
            self.presses[pid] = _Press("tools", pos)
            return True
        if self.actions.press(pid, pos):
            self.presses[pid] = _Press("actions", pos)
            return True
        for rect, _survivor_id in self.roster:
            if rect.collidepoint(pos):
                self.presses[pid] = _Press("roster", pos)
                return True
        if self.card_panel.rect.collidepoint(pos):
            self.presses[pid] = _Press("card", pos)
            self.card_panel.press(pos, self.selected_card())
            return True
        if self.table_rect().collidepoint(pos):
            self.presses[pid] = _Press("table", pos)
            return self.table.handle_event(event)
        self.presses[pid] = _Press("log" if self.log.rect.collidepoint(pos) else "panel", pos)
        self.log.handle_event(event)
        return True

    def pointer_up(self, pid: int, pos: Point, event: pygame.event.Event) -> bool:
        press = self.presses.pop(pid, None)
        if press is None:
            return self.table.handle_event(event)
        if press.where == "dialog" and self.dialog is not None:
            dialog = self.dialog
            dialog.release(pid, pos)
            if dialog.closed and self.dialog is dialog:
                self.dialog = None
            return True
        if press.where == "tools":
            button = self.tools.release(pid, pos)
            if button is not None:
                self.press_tool(button.key)
            return True
        if press.where == "actions":
            button = self.actions.release(pid, pos)
            if button is not None:
                self.press_action(button.key)
            return True
        if press.where == "roster":
            for rect, survivor_id in self.roster:
                if rect.collidepoint(pos):
                    self.controller.select(survivor_id)
                    self.table.selected = survivor_id
                    self.refresh_buttons()
            return True
        if press.where == "card":
            lifted = self.card_panel.drag_from
            swap = self.card_panel.release(pos)
            if self.replay is not None:
                if lifted is not None:
                    self.card_panel.snap_back(pos, lifted)
                return True
            if swap is not None and self.controller.selected:
                self.play(_swap_command(self.controller, self.controller.selected, *swap))
            elif lifted is not None and not self.card_panel.rect.collidepoint(pos):
                self.drop_card(lifted, pos)
            return True
        if press.where == "table":
            return self.table.handle_event(event)
        if press.where == "log":
            self.log.handle_event(event)
        return True

    def handle_key(self, key: int, mod: int = 0) -> bool:
        ctrl = mod & pygame.KMOD_CTRL
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif key == pygame.K_SPACE:
            self.director.skip()
        elif key == pygame.K_ESCAPE and self.dialog is not None and self.dialog.cancel:
            self.dialog = None
        else:
            return self.table.handle_key(key, mod)
        return True

    # --- frame ---------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        self.clock_s += dt_s
        size = self._window_size()
        if size != self.window_size:
            self.layout(size)
        was_busy = self.director.busy
        self.director.update(dt_s)
        self.table.update(dt_s)
        self.card_panel.update(dt_s)
        beat, _ = self.director.current()
        if beat is not None and self.controller.selected in beat.flash:
            self.card_panel.flash_s = 0.3
        if was_busy and not self.director.busy:
            self.refresh_buttons()
        if self.replay is not None:
            if self.replay.playing and not self.director.busy:
                self.step_replay()
        elif not self.director.busy and self.dialog is None:
            if self.controller.pending is not None:
                self.dialog = self.pending_dialog()
                if self.dialog is not None:
                    self.dialog.layout(pygame.Rect(0, 0, *self.window_size))
            elif self.controller.outcome() is not None and not self.ended_shown:
                self.ended_shown = True
                self.show_end()
        if self.status_until and self.clock_s > self.status_until:
            self.status_text, self.status_until = "", 0.0

    def show_end(self) -> None:
        self.autosave()
        scenes = getattr(self.app, "scenes", None)
        try:
            from game.app.zombicide.end_scene import EndScene  # type: ignore[import-not-found]
        except ImportError:
            return
        try:
            end = EndScene(self.app, self.controller.session)
        except TypeError:
            return
        if scenes is not None:
            scenes.push(end)

    def selected_card(self):  # type: ignore[no-untyped-def]
        selected = self.controller.selected
        if selected is None:
            return None
        return survivor_card(self.controller.view(), selected)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        area = self.table_rect()
        animating = self.director.busy
        if animating:
            pieces, scale, doors = self.director.frame()
            table.renderer.draw(surface, table.camera, pieces, TableView(door_open=doors, piece_scale=scale))
        else:
            table.draw(surface)
        old = surface.get_clip()
        surface.set_clip(area)
        self.draw_exits(surface)
        if not animating:
            self.draw_highlights(surface)
        self.draw_zone_labels(surface)
        if animating:
            self.director.draw_overlay(surface, table.camera, area)
        elif (result := self.controller.outcome()) is not None:
            draw_banner(surface, area, f"Mission {result}", 0.5)
        surface.set_clip(old)
        chrome = self.chrome()
        w, h = self.window_size
        for rect in (pygame.Rect(0, 0, w, area.top), pygame.Rect(0, area.top, area.left, h - area.top),
                     pygame.Rect(area.right, area.top, w - area.right, h - area.top),
                     pygame.Rect(area.left, area.bottom, area.width, h - area.bottom)):
            surface.blit(chrome, rect, rect)
        if self.status_text:
            words = _halo_text(self.status_text, 18, (255, 226, 160))
            box = words.get_rect(midbottom=(area.centerx, area.bottom - 8))
            pygame.draw.rect(surface, (20, 20, 20), box.inflate(20, 10), border_radius=8)
            surface.blit(words, box)
        self.draw_floating_actions(surface, area)
        self.card_panel.draw_ghost(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def draw_floating_actions(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The action bar's second row, over the bottom of the table on a dark band."""
        floating = [b for b in self.actions.buttons if b.rect.bottom <= area.bottom]
        if not floating:
            return
        top = min(b.rect.top for b in floating) - BAR_GAP_PX
        band = pygame.Surface((area.width, area.bottom - top), pygame.SRCALPHA)
        band.fill((18, 20, 22, 200))
        surface.blit(band, (area.left, top))
        held = {id(b) for b in self.actions.pressed.values()}
        for button in floating:
            draw_button(surface, button, id(button) in held)

    def chrome(self) -> pygame.Surface:
        """The bars and panels around the table, redrawn only when what they show changes."""
        c = self.controller
        card = self.card_panel
        signature = (
            self.window_size, id(c.state), c.selected, self.override, self.replaying, self.director.speed_index,
            self.director.busy, card.drag_from, card.drag_pos, card.flash_s > 0, len(self.log.lines),
            tuple(id(b) for b in self.tools.pressed.values()), tuple(id(b) for b in self.actions.pressed.values()),
            tuple((b.label, b.enabled, b.toggled) for b in self.tools.buttons + self.actions.buttons),
        )
        if self._chrome is None or self._chrome_signature != signature:
            if self._chrome is None or self._chrome.get_size() != self.window_size:
                self._chrome = pygame.Surface(self.window_size)
                if pygame.display.get_surface() is not None:
                    self._chrome = self._chrome.convert()
            self._chrome.fill((16, 18, 20))
            self.draw_panels(self._chrome)
            self._chrome_signature = signature
        return self._chrome

    def trade_partners(self) -> list[str]:
        """While a card is dragged: the survivors standing with the selected one (where it may go)."""
        state = self.controller.state
        giver = state.survivor_index(self.controller.selected or "")
        if self.card_panel.drag_from is None or giver < 0:
            return []
        zone = state.survivors[giver].zone
        return [s.id for n, s in enumerate(state.survivors) if n != giver and s.in_play and s.zone == zone]

    def draw_trade_targets(self, surface: pygame.Surface, cam: Any) -> None:
        """Rings round the miniatures a dragged card may be dropped on."""
        for survivor_id in self.trade_partners():
            piece = self.table.state.pieces.get(survivor_id)
            if piece is not None:
                centre = cam.world_to_screen((piece.x_cm, piece.y_cm))
                radius = max(14.0, piece.radius_cm * cam.zoom_px_per_cm + 6)
                pygame.draw.circle(surface, MOVE_TINT, centre, radius, 4)

    def exit_zones(self) -> list[str]:
        """The zones the mission's goals send the survivors to (none when no goal needs them)."""
        state = self.controller.state
        if not {"all_in_exit", "escape_all"} & set(state.setup.goals):
            return []
        return [state.graph.zone_ids[n] for n in state.graph.exits]

    def goal_lines(self) -> list[tuple[str, bool]]:
        """The mission's goals in words with progress: (text, reached)."""
        state = self.controller.state
        exits = self.exit_zones()
        where = " or ".join(dict.fromkeys(self.controller.zone_name(z) for z in exits)) or "the exit"
        standing = [s for s in state.survivors if s.alive]
        lines: list[tuple[str, bool]] = []
        for goal in state.setup.goals:
            if goal == "take_all_objectives":
                taken, total = sum(state.objectives_taken), len(state.objectives_taken)
                lines.append((f"Objectives {taken}/{total}", taken == total))
            elif goal == "all_in_exit":
                there = sum(1 for s in standing if s.escaped or state.graph.zone_ids[s.zone] in exits)
                lines.append((f"Everyone to {where} at an End Phase ({there}/{len(standing)})",
                              bool(standing) and there == len(standing)))
            elif goal == "escape_all":
                gone = sum(1 for s in standing if s.escaped)
                lines.append((f"Everyone escapes from {where} ({gone}/{len(standing)})",
                              bool(standing) and gone == len(standing)))
        if state.setup.competitive:
            lines.append(("Rivals: the team with the most experience wins", False))
        return lines

    def goal_rows(self, width_px: int) -> list[pygame.Surface]:
        """The goals box's lines, wrapped to ``width_px``."""
        rows = [font(16).render("Goals", True, ACCENT)]
        for text, done in self.goal_lines():
            colour = (159, 224, 160) if done else TEXT
            line = "Done:" if done else "\u2022"
            for word in text.split():
                trial = f"{line} {word}"
                if font(14).size(trial)[0] > width_px:
                    rows.append(font(14).render(line, True, colour))
                    line = "   " + word
                else:
                    line = trial
            rows.append(font(14).render(line, True, colour))
        return rows if len(rows) > 1 else []

    def goals_rect(self) -> pygame.Rect:
        """Below the roster, above the survivor's card."""
        left = self.side_panels_px()[0]
        top = TOP_BAR_PX + 6 + math.ceil(len(self.roster) / 2) * (ROSTER_CHIP_PX + 6)
        rows = self.goal_rows(left - 40)
        height = sum(r.get_height() + 2 for r in rows) + 12 if rows else 0
        return pygame.Rect(8, top, left - 16, height)

    def draw_goals(self, surface: pygame.Surface) -> None:
        box = self.goals_rect()
        rows = self.goal_rows(box.width - 24)
        if not rows:
            return
        pygame.draw.rect(surface, (28, 30, 26), box, border_radius=10)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=10)
        y = box.top + 6
        for row in rows:
            surface.blit(row, (box.left + 12, y))
            y += row.get_height() + 2

    def draw_exits(self, surface: pygame.Surface) -> None:
        """Exit zones: a bright outline and an EXIT tag, so the goal is found on the board."""
        cam = self.table.camera
        for zone_id in self.exit_zones():
            zone = self.board.zones.get(zone_id)
            if zone is None or len(zone.polygon) < 3:
                continue
            points = [cam.world_to_screen(p) for p in zone.polygon]
            pygame.draw.polygon(surface, EXIT_TINT, points, 5)
            tag = _halo_text("EXIT", 18, EXIT_TINT)
            x, y = cam.world_to_screen(zone.center)
            surface.blit(tag, tag.get_rect(center=(round(x), round(y))))

    def token_rects(self) -> list[pygame.Rect]:
        """Screen boxes of the miniatures on the table (zone names keep off them)."""
        cam = self.table.camera
        zoom = cam.zoom_px_per_cm
        rects = []
        for piece in self.table.state.pieces.values():
            x, y = cam.world_to_screen((piece.x_cm, piece.y_cm))
            r = max(4.0, piece.radius_cm * zoom)
            rects.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
        return rects

    def zone_label_places(self) -> list[tuple[str, pygame.Surface, pygame.Rect, bool]]:
        """(zone id, label, where, faded) for each zone name: along the top of the zone, else along its
        bottom when a miniature stands under the top; faded when both places would cover one."""
        cam = self.table.camera
        zoom = cam.zoom_px_per_cm
        inset_cm = max(0.9, 8 / max(zoom, 0.1))
        tokens = self.token_rects()
        places = []
        for zone in self.board.zones.values():
            if not zone.label or len(zone.polygon) < 3:
                continue
            xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
            width_px = int((max(xs) - min(xs)) * zoom * 0.92)
            if width_px < 40:
                continue
            label = _zone_label(zone.label, width_px)
            if label is None:
                continue
            middle_cm = (min(xs) + max(xs)) / 2
            x, top = cam.world_to_screen((middle_cm, min(ys) + inset_cm))
            _, bottom = cam.world_to_screen((middle_cm, max(ys) - inset_cm))
            candidates = [label.get_rect(midtop=(round(x), round(top))), label.get_rect(midbottom=(round(x), round(bottom)))]
            free = next((rect for rect in candidates if rect.collidelist(tokens) < 0), None)
            places.append((zone.id, label, free or candidates[0], free is None))
        return places

    def draw_zone_labels(self, surface: pygame.Surface) -> None:
        """Zone names in a size that stays readable, never hiding a miniature."""
        for _, label, rect, faded in self.zone_label_places():
            surface.blit(_faded(label) if faded else label, rect)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        cam = self.table.camera
        area = self.table_rect()
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        offset = (-area.left, -area.top)

        def on_layer(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            return [(x + offset[0], y + offset[1]) for x, y in points]

        if self.override:
            if self.override_zone in self.board.zones:
                points = on_layer([cam.world_to_screen(p) for p in self.board.zones[self.override_zone].polygon])
                pygame.draw.polygon(layer, (*ZONE_TINT, 60), points)
                pygame.draw.polygon(layer, (*ZONE_TINT, 230), points, 4)
            surface.blit(layer, area.topleft)
            return
        if self.replay is not None:  # nothing may be played in a replay: no targets, a badge instead
            badge = _halo_text(f"Replay · {self.replay.position_text()}", 22, (255, 214, 120))
            box = badge.get_rect(topleft=(area.left + 14, area.top + 12))
            pygame.draw.rect(surface, (20, 18, 14), box.inflate(20, 10), border_radius=10)
            pygame.draw.rect(surface, ACCENT, box.inflate(20, 10), 2, border_radius=10)
            surface.blit(badge, box)
            return
        self.draw_trade_targets(surface, cam)
        targets = self.controller.targets()
        labels = []
        for zone_id in targets.moves:
            zone = self.board.zones.get(zone_id)
            if zone is not None and len(zone.polygon) >= 3:
                points = on_layer([cam.world_to_screen(p) for p in zone.polygon])
                pygame.draw.polygon(layer, (*MOVE_TINT, 64), points)
                pygame.draw.polygon(layer, (*MOVE_TINT, 235), points, 4)
        for zone_id, shots in targets.shots.items():
            zone = self.board.zones.get(zone_id)
            if zone is not None and len(zone.polygon) >= 3:
                points = on_layer([cam.world_to_screen(p) for p in zone.polygon])
                pygame.draw.polygon(layer, (*SHOT_TINT, 55), points)
                pygame.draw.polygon(layer, (*SHOT_TINT, 240), points, 4)
                best = max(s.hit_chance for s in shots)
                words = f"Move or shoot {best:.0%}" if zone_id in targets.moves else f"Shoot {best:.0%}"
                low_cm = max(p[1] for p in zone.polygon) - max(1.2, 14 / max(cam.zoom_px_per_cm, 0.1))
                labels.append((cam.world_to_screen((zone.center[0], low_cm)), words))
        pointed = self.pointed_door()
        for connection in self.board.connections:
            if connection.id in targets.doors:
                (ax, ay), (bx, by) = connection.segment
                centre = on_layer([cam.world_to_screen(((ax + bx) / 2, (ay + by) / 2))])[0]
                radius = max(16, math.dist((ax, ay), (bx, by)) * cam.zoom_px_per_cm * 0.6)
                lit = connection.id == pointed
                pygame.draw.circle(layer, (*DOOR_TINT, 150 if lit else 70), centre, radius * (1.35 if lit else 1))
                pygame.draw.circle(layer, (*DOOR_TINT, 255), centre, radius * (1.35 if lit else 1), 7 if lit else 4)
        surface.blit(layer, area.topleft)
        for centre, text in labels:
            label = _halo_text(text, 18, (255, 210, 150))
            surface.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))

    def draw_panels(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        pygame.draw.rect(surface, (22, 24, 26), (0, 0, w, TOP_BAR_PX))
        pygame.draw.line(surface, PANEL_EDGE, (0, TOP_BAR_PX - 1), (w, TOP_BAR_PX - 1))
        self.tools.draw(surface)
        last = self.tools.buttons[-1].rect.right if self.tools.buttons else 0
        if w - last > 200:
            surface.blit(fit_text(self.board.title or self.mission_path.stem, 20, w - last - 30), (last + 16, 10))
            surface.blit(font(15).render(self.turn_text(), True, MUTED), (last + 16, 40))
        left, right = self.side_panels_px()
        pygame.draw.rect(surface, (20, 22, 24), (0, TOP_BAR_PX, left, h - TOP_BAR_PX))
        state = self.controller.view()
        playable = set(self.controller.playable_survivors())
        partners = set(self.trade_partners())
        for rect, survivor_id in self.roster:
            s = state.survivors[state.survivor_index(survivor_id)]
            chosen = survivor_id == self.controller.selected
            fill = (60, 64, 68) if chosen else (34, 36, 38)
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = ACCENT if chosen else MOVE_TINT if survivor_id in partners else danger_colour(s.level)
            pygame.draw.rect(surface, edge, rect, 3 if chosen or survivor_id in partners else 2, border_radius=10)
            colour = TEXT if s.in_play else MUTED
            surface.blit(fit_text(s.name, 16, rect.width - 16), (rect.left + 8, rect.top + 5))
            info = "out" if not s.in_play else f"{s.actions_left} act · {s.wounds} wd" + (" · ready" if survivor_id in playable else "")
            surface.blit(font(13).render(info, True, colour if survivor_id in playable else MUTED), (rect.left + 8, rect.top + 28))
        self.draw_goals(surface)
        self.card_panel.draw(surface, self.selected_card())
        pygame.draw.rect(surface, (22, 24, 26), (left, h - BOTTOM_BAR_PX, w - left - right, BOTTOM_BAR_PX))
        self.actions.draw(surface)
        if not self.actions.buttons:
            hint = "Animating…" if self.director.busy else "Waiting for a decision" if self.controller.pending else ""
            if hint:
                surface.blit(font(16).render(hint, True, MUTED), self.actions_rect().topleft)
        pygame.draw.rect(surface, (20, 22, 24), (w - right, TOP_BAR_PX, right, h - TOP_BAR_PX))
        self.log.draw(surface)


# --- helpers ---------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _halo_text(text: str, size_px: int, color: tuple[int, int, int]) -> pygame.Surface:
    return text_with_halo(text, size_px, color=color)


def _zombie_of(piece_id: str) -> tuple[str, str] | None:
    """(zone, zombie type) of a zombie piece id ``z:<zone>:<type>:<n>`` (zone ids hold colons)."""
    if not piece_id.startswith("z:"):
        return None
    parts = piece_id[2:].rsplit(":", 2)
    return (parts[0], parts[1]) if len(parts) == 3 else None


def _override(what: str, subject: str, zone: str, from_zone: str = "") -> Any:
    from game.app.zombicide import controller as ctl

    if what == "survivor":
        return ctl.PlaceSurvivor(subject, zone)
    if what == "zombie":
        return ctl.ShiftZombies(from_zone, zone, subject)
    if what == "add":
        return ctl.PlaceZombies(zone, subject)
    return ctl.RemoveZombies(zone, subject)


def _override_words(event: Any, state: Any, board: Board) -> str:
    """The log's sentence for a survivor brought in or taken off by hand."""
    from game.app.zombicide.controller import SurvivorAdded

    catalog = state.tables.catalog
    name = next((s.name for s in catalog.survivors if s.id == event.survivor), event.survivor)
    zone = board.zones.get(event.zone)
    where = zone.label if zone is not None and zone.label else event.zone.split(":")[-1]
    if isinstance(event, SurvivorAdded):
        return f"Override: {name} joins the game in {where} ({event.seat})."
    return f"Override: {name} is taken off the board."


def _without_zone_labels(board: Board) -> Board:
    return replace(board, zones={zid: replace(zone, label="") for zid, zone in board.zones.items()})


@lru_cache(maxsize=512)
def _faded(label: pygame.Surface) -> pygame.Surface:
    """A zone name see-through enough to show the miniature under it."""
    faded = label.copy()
    faded.set_alpha(70)
    return faded


@lru_cache(maxsize=512)
def _zone_label(text: str, width_px: int) -> pygame.Surface | None:
    """A zone's name on a dark pill, at the largest readable size that fits ``width_px``."""
    for size in (16, 15, 14, 13, 12):
        words = text_with_halo(text, size, color=(246, 240, 226))
        if words.get_width() + 12 <= width_px:
            break
    else:
        return None
    pill = pygame.Surface((words.get_width() + 12, words.get_height() + 2), pygame.SRCALPHA)
    pygame.draw.rect(pill, (12, 12, 14, 150), pill.get_rect(), border_radius=pill.get_height() // 2)
    pill.blit(words, (6, 1))
    return pill


def _swap_command(controller: GameController, survivor_id: str, slot_a: int, slot_b: int) -> Any:
    from game.rules.zombicide.commands import Rearrange

    state = controller.state
    slots = list(state.survivors[state.survivor_index(survivor_id)].slots)
    slots[slot_a], slots[slot_b] = slots[slot_b], slots[slot_a]
    return Rearrange(survivor_id, tuple(slots))


def _load_session(path: Path):  # type: ignore[no-untyped-def]
    """The session of a game save, played by the window's ruleset (manual override included)."""
    import json

    from game.rules.core.session import SaveData, Session

    try:
        from game.app.zombicide.game_save import load_game

        session, extra = load_game(path)
        session.ruleset = game_rules()
        return session, extra
    except ImportError:
        pass
    except Exception as error:  # maybe a log with override commands the plain engine refuses
        first_error = error
    else:  # pragma: no cover
        first_error = None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        mission = Path(data["mission"])
        if not mission.is_absolute():
            mission = Path(__file__).resolve().parents[3] / mission
        board = load_board(mission)
        save = SaveData.from_json(json.dumps(data["session"]), source=str(path))
        return Session.load(game_rules(), board, save), dict(data.get("extra", {}))
    except Exception:
        if first_error is not None:
            raise first_error from None
        raise


def _save_session(path: Path, session: Any, extra: dict) -> Path:
    try:
        from game.app.zombicide.game_save import save_game
    except ImportError:
        from game.table.atomic import atomic_write_text

        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, session.save().to_json())
        return path
    return save_game(path, session, extra)


class _LogAdapter:
    """The log panel on the right: the app's LogPanel when there is a UI manager, else drawn here."""

    def __init__(self, app: Any):
        self.app = app
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[Any] = []  # text, or (text, tone)
        self.panel: Any = None

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        try:
            from game.app.zombicide.log_panel import LogPanel  # type: ignore[import-not-found]
        except ImportError:
            return
        if self.panel is not None and hasattr(self.panel, "kill"):
            self.panel.kill()
        self.panel = LogPanel(manager, rect)
        if self.lines:
            self.panel.add_lines(list(self.lines))

    def add(self, lines: list[Any]) -> None:
        self.lines.extend(lines)
        if self.panel is not None:
            self.panel.add_lines(lines)

    def set_lines(self, lines: list[Any]) -> None:
        """Show exactly ``lines`` (a replay shows its own, then the game's again; undo drops some)."""
        self.lines = list(lines)
        if self.panel is not None:
            self.panel.clear()
            self.panel.add_lines(list(self.lines))

    def add_events(self, events: Any, state: Any, board: Board) -> None:
        self.add(self.event_lines(events, state, board))

    @staticmethod
    def event_lines(events: Any, state: Any, board: Board) -> list[Any]:
        from game.app.zombicide.controller import SurvivorAdded, SurvivorRemoved

        lines: list[Any] = []
        try:
            from game.app.zombicide.event_text import describe, tone, zone_names_for

            names = zone_names_for(board)
        except ImportError:
            describe = tone = names = None  # type: ignore[assignment]
        for event in events:
            if isinstance(event, (SurvivorAdded, SurvivorRemoved)):
                lines.append((_override_words(event, state, board), "phase"))
            elif describe is not None:
                lines.append((describe(event, state, names), tone(event)))
            else:
                lines.append(getattr(event, "kind", "").replace("_", " "))
        return [line for line in lines if line and (isinstance(line, str) or line[0])]

    def handle_event(self, event: pygame.event.Event) -> None:
        handler = getattr(self.panel, "handle_event", None)
        if handler is not None:
            handler(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.panel is not None:
            return  # pygame_gui draws it
        r = self.rect
        pygame.draw.rect(surface, PANEL_FILL, r, border_radius=12)
        pygame.draw.rect(surface, PANEL_EDGE, r, 2, border_radius=12)
        surface.blit(font(18).render("Log", True, TEXT), (r.left + 12, r.top + 8))
        y = r.bottom - 10
        for line in reversed(self.lines):
            words = fit_text(line if isinstance(line, str) else line[0], 14, r.width - 24)
            y -= words.get_height() + 4
            if y < r.top + 36:
                break
            surface.blit(words, (r.left + 12, y))


__all__ = ["GameScene", "GameTable", "PieceSide", "event_pointer"]
