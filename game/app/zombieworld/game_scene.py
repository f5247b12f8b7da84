"""Playing Zombieworld Evolution in the window: the free table with the bands and the zombies, the
acting survivor's card, its legal actions, the log, animated dice, undo/redo and saves.

Pick up a miniature to see where it can go: the green area is what its move has left, the amber
ring what a sprint could add at best, both traced along straight legs and stopped by walls,
buildings without a door and heights. While it is dragged the tape tells the centimetres used and
left; it turns red beyond the allowance or through a wall, and a refused drop slides back with the
engine's reason. Tap an enemy (or press Shoot) to see range band, line of sight, cover and the odds
before firing.

This module holds the screen's state, layout and input; ``game_table`` the table under it,
``game_words`` its labels and hints, ``game_drawing`` how it is drawn.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame

from game.app.input import event_pointer
from game.app.scenes import Scene
from game.app.table_scene import _Slide
from game.app.widgets.action_bar import KIND_PREFIX, MORE_KEY, ActionBar, Offer, bar_rows_px, why_not_lines
from game.app.widgets.card_view import local_name
from game.app.widgets.dialogs import BUTTON_H_PX, Button, ButtonSet, ChoiceDialog, flow_buttons
from game.app.zombieworld.action_kinds import option_kind, zombieworld_kinds
from game.app.zombieworld.ai_seats import AiSeats
from game.app.zombieworld.animation import EventAnimator
from game.app.zombieworld.controller import (
    Outcome,
    ShotPreview,
    ZombieworldController,
    _beside_body,
    _inside_body,
    seat_points,
)
from game.app.zombieworld.dice import DiceTray
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.event_text import alliance_text, describe, names_of
from game.app.zombieworld.game_drawing import (
    ALLIANCE_ROW_PX,
    BOTTOM_BAR_PX,
    LEFT_PANEL_PX,
    RIGHT_PANEL_PX,
    SEAT_COLORS,
    TOP_BAR_PX,
    GamePainter,
)
from game.app.zombieworld.game_table import (
    Drag,
    ZwTable,
    container_boxes_cm,
    model_pieces,
    without_parked_cars,
)
from game.app.zombieworld.game_words import level_tag, option_label, turn_text
from game.app.zombieworld.saves import ZwSaveError, autosave_path, load_game, save_game
from game.app.zombieworld.tutorial import ZwTutorial
from game.board.mission import load_board
from game.i18n import N_, _, language, phrase, said
from game.rules.core.frozen import mutable_record
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.state import Model
from game.rules.zombieworld.why_not import why_not as engine_why_not

Point = tuple[float, float]

STATUS_SECONDS = 5.0
# The log's text box lays out all its text again on each change, so it holds a window of the latest
# lines: past LOG_PANEL_LINES it is rebuilt with the last LOG_KEPT_LINES (a pause only now and then).
LOG_PANEL_LINES = 180
LOG_KEPT_LINES = 90
# A save with fsync costs tens of ms: written when an activation or a round ends (and on quit),
# not after every command.
AUTOSAVE_AFTER = (c.ActivationEnded, c.RoundStarted, c.GameEnded)
TOOLS = (("undo", N_("Undo")), ("redo", N_("Redo")), ("save", N_("Save")), ("fit", N_("Fit")), ("tape", N_("Tape")),
         ("speed", N_("Speed 1×")), ("skip", N_("Skip")), ("menu", N_("Menu")))
SPEEDS = (1.0, 2.0, 4.0)


@mutable_record
class _Press:
    where: str
    pos: Point


class ZombieworldGameScene(AiSeats, Scene):
    """One Zombieworld game in the window. Build it with ``new_game`` or ``resume`` (not pushed)."""

    def __init__(self, app: Any, controller: ZombieworldController, save_path: Path | None = None):
        self.app = app
        self.controller = controller
        self.board = controller.board
        self.save_path = save_path
        self.window_size = self._window_size()
        self.table = ZwTable(self, without_parked_cars(self.board), self.window_size)
        self.table.renderer.labels.avoid(container_boxes_cm(controller.state))  # names give way to crates
        self.tools = ButtonSet()
        self.actions = ActionBar(zombieworld_kinds())
        self.aim_buttons = ButtonSet()
        self.roster: list[tuple[pygame.Rect, str]] = []
        self.dialog: ChoiceDialog | None = None
        self.jump_armed = False  # the next drag of the acting survivor is a jump, even where it could walk
        self.bottom_px = BOTTOM_BAR_PX  # the action bar's height: one or two rows of fixed slots
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
        self.clock_s = 0.0
        self.log_panel: Any = None
        self.log_lines: list[tuple[str, str]] = []
        # lines of events not yet shown on the table, each with the roll it waits for (None: the
        # table's animation): the log and the header follow the table, never run ahead of it
        self.pending_lines: list[tuple[tuple[str, str], Any]] = []
        self.header_shown = ""
        self.ended_shown = False
        self.painter = GamePainter(self)
        self.tutorial = ZwTutorial.for_scene(self)  # the table's step prompts, if its file has any
        settings = getattr(app, "settings", None)
        if settings is not None:
            self.apply_settings(settings)
        self.layout(self.window_size)
        self.sync_pieces()
        self.table.fit()
        scenario = self.state.catalog.scenario(self.state.scenario) if self.state.catalog else None
        self.log([(f"{self.board.title_in(language()) or self.controller.table_path.stem}: "
                   f"{local_name(scenario) if scenario else self.state.scenario}", "phase")])
        if self.state.alliances:  # the engine keeps no events of the set-up (nor its alliance roll)
            rolled = _(" — rolled before play") if controller.session.setup_spec.alliance == "roll" else ""
            self.log([(alliance_text(self.state, self.band_names()) + rolled, "phase")])
        if len(self.state.deploy_order) > 1:  # the deployment dice, rolled at set-up
            order = _(", then ").join(self.controller.band_name(seat) for seat in self.state.deploy_order)
            self.log([(_("Deployment order (a D10 each): {order}").format(order=order), "phase")])
        self.log_opening()
        self.log([(turn_text(self), "phase")])

    def log_opening(self) -> None:
        """A new game: what happened before the first activation (the first round's spawns, a
        zombies' turn that came first, any kill or wound it scored), as the engine told it."""
        opening = getattr(self.controller.session.ruleset, "opening_events", ())
        if self.controller.session.log or not opening:
            return
        names, bands = names_of(self.state), self.band_names()
        shown = [e for e in opening if not (isinstance(e, c.DiceRolled) and e.purpose in ("deployment order", "alliance"))]
        lines = [line for e in shown if (line := describe(e, self.state, names, bands))]
        if lines:
            self.log([(_("Before the first activation:"), "phase"), *lines])

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
        if scene.tutorial is not None:  # a resumed tutorial goes on at its step
            scene.tutorial.restore(extra.get("tutorial"))
        scene.log([(_("Resumed from {file}: {n} actions played so far").format(file=Path(save_path).name,
                                                                                n=len(session.log)), "phase")])
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

    @property
    def left_handed(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return getattr(settings, "handedness", "right") == "left"

    @property
    def roster_x(self) -> int:
        """Where the bands' panel (roster and card) starts: left, or right for a left hand. The two
        side panels are as wide, so the table does not move."""
        return self.window_size[0] - LEFT_PANEL_PX if self.left_handed else 0

    @property
    def log_x(self) -> int:
        return 0 if self.left_handed else self.window_size[0] - RIGHT_PANEL_PX

    def apply_settings(self, settings: Any) -> None:
        """The menu's settings: the animation speed (the hand is read at each layout)."""
        from game.app.widgets.game_menu import finite_speed

        self.dice.speed = self.anim.speed = finite_speed(settings.animation_speed)
        if settings.animation_speed in SPEEDS:  # the Speed button shows the same speed
            self.speed_index = SPEEDS.index(settings.animation_speed)

    def table_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(LEFT_PANEL_PX, TOP_BAR_PX, max(1, w - LEFT_PANEL_PX - RIGHT_PANEL_PX),
                           max(1, h - TOP_BAR_PX - self.bottom_px))

    def bar_span(self) -> tuple[int, int]:
        """Where the action bar's strip runs (its left edge and width): under the table, and under
        the log as well (which then ends above it) when the table's width cannot give every kind a slot."""
        w = self.window_size[0]
        if not self.bar_under_log():
            return LEFT_PANEL_PX, w - LEFT_PANEL_PX - RIGHT_PANEL_PX
        return (0 if self.left_handed else LEFT_PANEL_PX), w - LEFT_PANEL_PX

    def bar_rows(self) -> int:
        """One row of slots, or two in a window tall enough to spare them."""
        return 2 if self.window_size[1] >= 700 else 1

    def bar_under_log(self) -> bool:
        w = self.window_size[0]
        rows = self.bar_rows()
        between = pygame.Rect(0, 0, w - LEFT_PANEL_PX - RIGHT_PANEL_PX - 16, bar_rows_px(rows))
        return self.actions.capacity(between, rows) * rows < sum(1 for k in self.actions.kinds if not k.fixed)

    def log_bottom_px(self) -> int:
        """Where the log's panel ends: the window's foot, or the bar's top when the bar runs under it."""
        h = self.window_size[1]
        return h - self.bottom_px if self.bar_under_log() else h

    def actions_rect(self) -> pygame.Rect:
        h = self.window_size[1]
        left, width = self.bar_span()
        return pygame.Rect(left + 8, h - self.bottom_px + 10, width - 16, self.bottom_px - 44)

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        area = self.table_rect()
        self.table.set_viewport(area.x, area.y, area.w, area.h, size)
        self.tools.buttons = flow_buttons(pygame.Rect(8, 8, w - 16, TOP_BAR_PX - 16),
                                          [(_(label), key, "tool") for key, label in TOOLS], min_w_px=84,
                                          height_px=TOP_BAR_PX - 16)
        self.fit_bottom_bar()
        self._layout_log(pygame.Rect(self.log_x + 8, TOP_BAR_PX + 4, RIGHT_PANEL_PX - 16,
                                     self.log_bottom_px() - TOP_BAR_PX - 12))
        self.refresh()
        if self.tutorial is not None:  # over the table, or below the roster in a narrow window
            self.tutorial.layout(self.table_rect(), pygame.Rect(self.roster_x + 10, self.card_top, LEFT_PANEL_PX - 20,
                                                                h - self.card_top - 10))
        if self.dialog is not None:
            self.dialog.layout(pygame.Rect(0, 0, w, h))

    def _layout_log(self, rect: pygame.Rect) -> None:
        self.log_rect = rect
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        from game.app.widgets.log_panel import LogPanel

        if self.log_panel is not None:
            self.log_panel.kill()
        self.log_panel = LogPanel(manager, rect)
        if self.log_lines:
            self.log_panel.add_lines(list(self.log_lines[-LOG_KEPT_LINES:]))

    def leave(self) -> None:
        if self.tutorial is not None:
            self.tutorial.kill()
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
                button.label = _("Speed {speed}×").format(speed=f"{SPEEDS[self.speed_index]:g}")
        self.fit_bottom_bar()
        self.actions.update(self.actions_rect(), self.action_offers(), self.why_not())
        self._layout_roster()
        self._layout_aim()

    def fit_bottom_bar(self) -> None:
        """The action bar takes two rows when one cannot hold every kind and the window is tall
        enough; its height follows the window alone, so its slots never move during play."""
        rows = self.actions.rows_needed(self.bar_span()[1] - 16, self.bar_rows())
        bottom = max(BOTTOM_BAR_PX, bar_rows_px(rows) + 44)
        if bottom != self.bottom_px:
            self.bottom_px = bottom
            area = self.table_rect()
            self.table.set_viewport(area.x, area.y, area.w, area.h, self.window_size)

    def action_offers(self) -> list[Offer]:
        """The legal options as the bar's offers (``do:<n>``, n counting every legal option)."""
        if self.controller.outcome() is not None:
            return [Offer("result", _("See the result"), "result", "turn")]
        offers = []
        for index, option in enumerate(self.controller.legal()):
            label = option_label(self, option)
            if label is not None:
                offers.append(Offer(option_kind(option), label[0], f"do:{index}", label[1]))
        return offers

    def why_not(self) -> dict[str, list[str]]:
        """Per bar kind, why it is not offered now (the engine's reasons, in words, the band named)."""
        seat = self.controller.seat or next(iter(self.state.seats), None)
        if seat is None:
            return {}
        reasons: dict[str, list[str]] = {}
        for reason in engine_why_not(self.state, seat):
            fields = dict(reason.fields)
            if "seat" in fields:
                fields["band"] = self.controller.band_name(str(fields["seat"])) if fields["seat"] else ""
            reasons.setdefault(reason.kind, []).append(phrase(reason.template, **{key: said(value) for key, value in fields.items()}))
        return reasons

    def open_kind(self, key: str) -> None:
        """A slot offered several times lists its options; a slot not offered says why."""
        slot = self.actions.slots.get(key)
        if slot is None:
            return
        if key == MORE_KEY:
            lines = why_not_lines(self.actions.why_lines(), self.window_size[1], len(slot.offers))
            title = _("More actions")
        elif not slot.offers:
            self.status(slot.why[0] if slot.why else _("{action}: not possible now").format(action=slot.kind.title))
            return
        else:
            lines, title = [], slot.kind.title
        offers = list(slot.offers)
        self.open_dialog(ChoiceDialog(title, lines, [o.label for o in offers],
                                      lambda n: self.press_action(offers[n].key), cancel=True))

    def _layout_roster(self) -> None:
        self.roster = []
        y = TOP_BAR_PX + 34 + (ALLIANCE_ROW_PX if self.state.alliances else 0)
        for seat in self.state.seats:
            y += 28
            for m in self.state.models:
                if m.side == seat:
                    self.roster.append((pygame.Rect(self.roster_x + 10, y, LEFT_PANEL_PX - 20, 34), m.id))
                    y += 38
        self.card_top = y + 10





    # --- what is shown -------------------------------------------------------------------------


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

    def show_events(self, events: Any, before: Any) -> None:
        """One command's events: rolls to the dice tray, the rest to the table's animation, and
        their log lines queued until the table has shown them."""
        rolls = self.dice.add(events, self.state)
        if self.tutorial is not None:
            self.tutorial.played(events)
        self.anim.add(events, before, SEAT_COLORS)
        names, bands = names_of(before, self.state), self.band_names()
        for event in events:
            line = describe(event, self.state, names, bands)
            if line:
                self.pending_lines.append((line, rolls.get(id(event))))
        self.release_lines()

    def table_busy(self) -> bool:
        return self.anim.busy or bool(self.table.slides)

    def release_lines(self, everything: bool = False) -> None:
        """Log the waiting lines the table has shown: a roll's line once its dice have settled,
        any other once the rolls before it are shown and the table's animation is over."""
        shown = []
        while self.pending_lines:
            line, roll = self.pending_lines[0]
            if not everything and (not self.dice.shown(roll) if roll is not None else
                                   (self.dice.busy or self.table_busy())):
                break
            shown.append(line)
            self.pending_lines.pop(0)
        if shown:
            self.log(shown)
        if not self.pending_lines:
            self.header_shown = turn_text(self)

    def header_text(self) -> str:
        """The round line as the table shows it (it waits with the log for the animation)."""
        return self.header_shown if self.pending_lines and self.header_shown else turn_text(self)

    def skip_all(self) -> None:
        """Skip: every roll, animation and slide shown at once, the log and the header caught up."""
        self.dice.clear()
        self.finish_animation()
        self.table.finish_slides()
        self.release_lines(everything=True)

    def dice_avoid(self, event: Any) -> list[Point]:
        """Where the roll's models stand on screen (and the acting one, and the target aimed at)."""
        ids = {part for part in str(getattr(event, "model", "")).split(",") if part}
        active = self.controller.active_model()
        if active is not None:
            ids.add(active.id)
        if self.aim is not None:
            ids.add(self.aim.target)
        to_screen = self.table.camera.world_to_screen
        return [to_screen((m.x, m.y)) for m in self.state.models if m.id in ids and m.x >= 0]

    def status(self, text: str) -> None:
        self.status_text = text
        self.status_until = self.clock_s + STATUS_SECONDS



    def option_label(self, option: Any) -> tuple[str, str] | None:
        return option_label(self, option)

    def level_tag(self, model: Model) -> str:
        return level_tag(self, model)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def draw_above_ui(self, surface: pygame.Surface) -> None:
        self.painter.draw_above_ui(surface)

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """What the screen draws by hand, for the layout checks: its buttons, the roster's rows, the
        card and the header's lines (the log is a pygame_gui panel)."""
        shown = [(f"tool {b.label!r}", b.rect) for b in self.tools.buttons]
        shown += [(f"action {b.label!r}", b.rect) for b in self.actions.buttons]
        shown += [(f"aim {b.label!r}", b.rect) for b in self.aim_buttons.buttons]
        shown += [(f"roster {model_id}", rect) for rect, model_id in self.roster]
        shown += self.painter.header_rects()
        return shown

    def blocked(self) -> bool:
        return self.dialog is not None

    # --- intents -------------------------------------------------------------------------------

    def play(self, command: Any, snap_from: dict[str, Point] | None = None) -> Outcome:
        before = self.state
        outcome = self.controller.play(command)
        if not outcome.ok:
            self.status(said(outcome.reason))
            self.sync_pieces(snap_from=snap_from)
            return outcome
        self.aiming, self.aim, self.aim_shots = False, None, None
        self.jump_armed = False
        self.show_events(outcome.events, before)
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

    def dragging(self, drag: Drag) -> None:
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
        self.status(_("Waypoint {n} pinned").format(n=len(drag.waypoints)))
        return True

    def drop(self, drag: Drag) -> Outcome | None:
        preview = self.controller.move_preview(drag.model, drag.point, drag.waypoints, self.jump_armed)
        leave = self.controller.template(c.LeaveTemplate)
        if leave is not None and leave.model == drag.model and engine.at_exit(self.state.table, drag.point, leave.edge):
            outcome = self.play(c.LeaveTable(drag.model, (*drag.waypoints, drag.point)),
                                snap_from={drag.model: drag.point})
            return outcome
        if not preview.legal:
            self.status(_("Refused: {reason}").format(reason=said(preview.reason)))
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

    def look_at(self, model_id: str) -> None:
        """A name tapped in the roster: its card and its miniature picked out, nothing played (an
        activation is the action bar's "Activate" or a tap on the ringed miniature)."""
        self.controller.selected = model_id
        self.table.selected = model_id if model_id in self.table.state.pieces else None
        self.refresh()

    def tap_table(self, world: Point) -> None:
        decision = self.state.decision
        if decision is not None and decision.kind == "flee_direction":  # flee toward the tapped point
            runner = self.controller.model(decision.model)
            if runner is not None and math.dist(world, runner.position) > 0.5:
                angle = math.degrees(math.atan2(world[1] - runner.y, world[0] - runner.x)) % 360
                self.play(c.FleeToward(runner.id, round(angle, 1)))
                return
        if self.aim is not None:
            self.aim = None
            self.refresh()

    def open_aim(self, target_id: str) -> None:
        preview = self.controller.shot_preview(target_id, self.aim_shots)
        if preview is None:
            self.status(_("Nobody here can shoot now"))
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
        step_w = 64 if panel.width >= 460 else 48  # a narrow window's panel keeps its four buttons apart
        rest_left = panel.left + 14 + 2 * step_w + 18
        rest_w = panel.right - 14 - rest_left
        cancel_w = min(116, int(rest_w * 0.45))
        fire_w = min(150, rest_w - cancel_w - 6)
        self.aim_buttons.buttons = [
            Button(pygame.Rect(panel.left + 14, y, step_w, BUTTON_H_PX), "−", "fewer", "tool"),
            Button(pygame.Rect(panel.left + 20 + step_w, y, step_w, BUTTON_H_PX), "+", "more", "tool"),
            Button(pygame.Rect(panel.right - 20 - cancel_w - fire_w, y, fire_w, BUTTON_H_PX), _("Fire"), "fire", "attack",
                   enabled=self.aim.legal),
            Button(pygame.Rect(panel.right - 14 - cancel_w, y, cancel_w, BUTTON_H_PX), _("Cancel"), "cancel", "turn"),
        ]

    def aim_rect(self) -> pygame.Rect:
        area = self.table_rect()
        width = min(560, area.width - 20)
        rect = pygame.Rect(0, 0, width, min(self.painter.aim_panel_px(width), area.height - 20))
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
                self.show_events(outcome.events, before)
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
        elif key == "skip":
            self.skip_all()
        elif key == "menu":
            opener = getattr(self.app, "open_menu", None)
            if opener is not None:
                opener(self)
                return
        self.refresh()

    def press_action(self, key: str) -> None:
        if key == MORE_KEY or key.startswith(KIND_PREFIX):
            self.open_kind(key)
            return
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
            self.status(_("Tap a target (orange) to see the odds"))
            self.refresh()
        elif isinstance(option, c.Withdraw):
            self.open_dialog(ChoiceDialog(_("Withdraw the whole band?"), [_("It counts as failing the last check.")],
                                          [_("Yes, withdraw")], lambda _n: self.play_quietly(c.Withdraw()),
                                          cancel=True))
        elif isinstance(option, c.ExchangeTemplate):
            self.open_exchange(option)
        elif isinstance(option, c.JumpTemplate):
            self.jump_armed = not self.jump_armed
            who = self.state.model(option.model).name
            self.status(_("Drag {who} onto where it lands: at most {gap} cm across, {height} cm up or down").format(
                who=who, gap=f"{option.max_gap_cm:g}", height=f"{option.max_height_cm:g}") if self.jump_armed else _("Jump put away"))
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
        self.open_dialog(ChoiceDialog(_("Exchange equipment with whom?"),
                                      [_("Band mates within {cm} cm, on the same level.").format(cm=f"{engine.EXCHANGE_CM:g}")],
                                      names, lambda n: self.open_exchange_items(option.model, mates[n]), cancel=True))

    def exchange_choices(self, model_id: str, other_id: str) -> list[tuple[str, c.Exchange]]:
        """Each item either survivor carries, as a labelled one-item exchange."""
        me, mate = self.state.model(model_id), self.state.model(other_id)
        catalog = self.state.catalog
        item = (lambda i: local_name(catalog.item(i))) if catalog is not None else (lambda i: i.replace("_", " "))
        choices = []
        for thing in (*me.hand, *me.backpack, *me.objects, *me.elements):
            choices.append((_("Give {item} to {name}").format(item=item(thing), name=mate.name), c.Exchange(model_id, other_id, give=(thing,))))
        for thing in (*mate.hand, *mate.backpack, *mate.objects, *mate.elements):
            choices.append((_("Take {item} from {name}").format(item=item(thing), name=mate.name), c.Exchange(model_id, other_id, take=(thing,))))
        return choices

    def open_exchange_items(self, model_id: str, other_id: str) -> None:
        choices = self.exchange_choices(model_id, other_id)
        if not choices:
            self.status(_("Neither of them carries anything"))
            return
        mate = self.state.model(other_id).name
        self.open_dialog(ChoiceDialog(_("Exchange with {name}").format(name=mate), [
            _("One item per exchange; it uses the action."), _("A weapon goes to a free hand, else the backpack.")],
                                      [label for label, _ in choices],
                                      lambda n: self.play_quietly(choices[n][1]), cancel=True))

    def open_dialog(self, dialog: ChoiceDialog) -> None:
        self.dialog = dialog
        dialog.layout(pygame.Rect(0, 0, *self.window_size))

    def undo(self) -> bool:
        self.dice.clear()
        self.anim.clear()
        self.release_lines(everything=True)
        if not self.controller.undo():
            self.status(_("Nothing to undo"))
            return False
        self.aim, self.aiming, self.jump_armed = None, False, False
        self.ended_shown = False
        self.sync_pieces()
        self.log([(_("Undone"), "plain")])
        self.status(_("Undone"))
        return True

    def save(self, path: Path | None = None, quiet: bool = False) -> Path | None:
        target = path or self.save_path or Path(getattr(self.app, "save_dir", Path("saves"))) / (
            f"zombieworld-{self.controller.table_path.stem}.json")
        try:
            extra: dict[str, Any] = {"speed": self.speed_index}
            if self.tutorial is not None:
                extra["tutorial"] = self.tutorial.progress()
            written = save_game(target, self.controller.session, self.controller.table_path, extra)
        except ZwSaveError as error:
            self.status(_("Could not save: {what}").format(what=error.what))
            return None
        if not quiet:
            self.save_path = written
            self.status(_("Saved to {file}").format(file=written.name))
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
        if self.tutorial is not None and self.tutorial.handle_event(event):  # Next, Skip step, End tutorial
            return True
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
                    self.look_at(model_id)
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
        elif self.dialog is None and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and \
                (shortcut := self.actions.for_key(pygame.key.name(key))) is not None:
            self.press_action(shortcut.key)
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
        self.release_lines()
        self.update_ai_seats()
        if self.tutorial is not None:
            scenes = getattr(self.app, "scenes", None)
            self.tutorial.update(not (self.dice.busy or self.table_busy() or self.pending_lines),
                                 self.dialog is None and (scenes is None or scenes.top is self))
        if not self.dice.busy and not self.anim.busy and not self.pending_lines and self.dialog is None \
                and self.controller.outcome() is not None and not self.ended_shown:
            self.ended_shown = True
            self.show_end()
        if self.status_until and self.clock_s > self.status_until:
            self.status_text, self.status_until = "", 0.0


    # overlays on the table








    # panels








def _has(state: Any, model_id: str) -> bool:
    return any(m.id == model_id for m in state.models)


__all__ = ["ZombieworldGameScene"]
