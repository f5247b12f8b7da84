"""Playing a Zombicide mission in the window: the table, the survivor's card, action buttons,
highlighted targets on the board, decision dialogs, animated resolution, undo/redo, manual
override and step-by-step replay.

Layout: a top bar of tools; the roster and the selected survivor's card on the left; the log on
the right; the legal actions along the bottom; the table in the middle. Tap a highlighted zone to
move there (or drag the survivor onto it); tap a highlighted door to open it; tap an orange zone
to shoot at it; a zone that is both asks which. An illegal drop slides back and the reason shows
in the status line. The goals sit under the roster; the log follows undo and redo.

The scene is one class in parts: this module (layout, intents, dialogs, input, the frame),
``scene_history`` (undo, redo, replay, saves), ``scene_drawing``, ``scene_bar`` (the action bar, its "why not", the cards shown whole) and ``scene_overrides``. Every
rule comes from the engine: what may be played, the odds of an attack, the goals, the trade partners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.app.input import event_pointer
from game.app.scenes import Scene
from game.app.table_scene import TableScene, _Slide
from game.app.widgets.action_bar import KIND_PREFIX, MORE_KEY, ActionBar, Offer, bar_rows_px
from game.app.widgets.chrome import ChromeCache
from game.app.widgets.dialogs import ButtonSet, ChoiceDialog, flow_buttons_with_more
from game.app.widgets.tutorial_prompt import TutorialPrompt
from game.app.zombicide.action_kinds import zombicide_kinds
from game.app.zombicide.bot_seats import BotSeats
from game.app.zombicide.box_marks import BoxMarks
from game.app.zombicide.card_actions import CardActions
from game.app.zombicide.cards import zombie_face
from game.app.zombicide.controller import (
    ActionChoice,
    GameController,
    Outcome,
    ShotOption,
    odds_summary,
    shot_lines,
)
from game.app.zombicide.director import AnimationDirector, mission_words
from game.app.zombicide.end_scene import EndScene
from game.app.zombicide.game_save import load_game
from game.app.zombicide.gestures import Gestures
from game.app.zombicide.hint_panel import HintTools
from game.app.zombicide.replay import ReplayPlayer
from game.app.zombicide.scene_bar import SceneBar
from game.app.zombicide.scene_decisions import SceneDecisions
from game.app.zombicide.scene_drawing import (
    EXIT_TINT,
    ROSTER_CHIP_PX,
    TOP_BAR_PX,
    SceneDrawing,
    _halo_text,
    _without_zone_labels,
)
from game.app.zombicide.scene_history import SceneHistory
from game.app.zombicide.scene_log import LogAdapter
from game.app.zombicide.scene_overrides import OverrideTools, _override, _zombie_of
from game.app.zombicide.scene_sides import SceneSides
from game.app.zombicide.survivor_card import SurvivorCardPanel
from game.app.zombicide.view_model import PieceMaker, door_states, table_layout
from game.board.mission import load_board
from game.board.model import Board
from game.i18n import N_, _, ngettext
from game.rules.core.frozen import mutable_record
from game.rules.zombicide import engine
from game.rules.zombicide.commands import Attack
from game.rules.zombicide.state import ZombicideSetup
from game.rules.zombicide.why_not import move_cost
from game.table.state import PieceSide, TableState

Point = tuple[float, float]

LEFT_PANEL_PX = 340  # at 1920 px wide and more; narrower windows get narrower side panels
RIGHT_PANEL_PX = 330
FIT_MARGIN_PX = 10
TALL_WINDOW_PX = 800  # below this height the roster chips are compact and the goals sit above the log
COMPACT_CHIP_PX = 40
ROUND_LINE_PX = 20
GOALS_SLACK_PX = 24  # room for the goals to grow a line above the log
STATUS_SECONDS = 5.0
TAP_SLACK_PX = 12  # a press that moves less than this is a tap

PHASE_WORDS = {"players": N_("players' phase"), "zombies": N_("the zombies move"), "end": N_("end of the round"),
               "setup": N_("setting up")}


def phase_words(phase: str) -> str:
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase.replace("_", " ")
TOOLS = (
    ("undo", N_("Undo")), ("redo", N_("Redo")), ("override", N_("Override")), ("speed", "Speed 1×"), ("skip", N_("Skip")),
    ("replay", N_("Replay")), ("step", N_("Step")), ("save", N_("Save")), ("fit", N_("Fit")), ("hint", N_("Hint")),
    ("bot", N_("Bot")), ("menu", N_("Menu")),
)
TOOLS_MORE = "tools_more"  # the top bar's More…: the tools a narrow window (or long words) leaves no room for


@mutable_record
class _Press:
    where: str  # "tools", "actions", "card", "roster", "dialog", "table", "log"
    pos: Point


class GameTable(TableScene):
    """The table of a game: drops and taps become intents for the scene instead of free moves."""

    def __init__(self, scene: GameScene, board: Board, state: TableState, window_size: tuple[int, int]):
        self.scene = scene
        self._release: tuple[str, bool, str | None, Point] | None = None
        super().__init__(board, state, window_size=window_size)

    def _remember(self) -> None:  # the game's own undo replaces the table's
        pass

    def fit(self, margin_px: int = FIT_MARGIN_PX) -> None:
        """The whole board in view, below the tutorial's panel when it shows."""
        top = 0
        if getattr(self.scene, "tutorial", None) is not None:  # (the table is built before the scene's panels)
            area = self.scene.table_rect()
            top = self.scene.open_table_rect(area).top - area.top
        self.camera.fit((0, 0, self.board.width_cm, self.board.height_cm), margin_px=margin_px,
                        covered_px=(0, max(0, top), 0, 0))

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
        if moved and self.scene.gestures.drop_aim(piece_id, self._world(pos)):
            return
        if not moved:
            self.scene.tap_piece(piece_id)
            self.scene.sync_pieces(snap_from={piece_id: at_cm})
            return
        self.scene.drop_piece(piece_id, at_cm)


class GameScene(SceneHistory, SceneDrawing, SceneBar, SceneDecisions, OverrideTools, HintTools, BotSeats, SceneSides,
                Scene):
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
        self.director.banners = controller.state.box.event_banners
        self.director.piece_events = controller.state.box.table_piece_events
        # the scene writes the zone names itself, large enough to read at any zoom
        self.table = GameTable(self, _without_zone_labels(self.board, controller.state.box.kept_markers), TableState(source=str(self.mission_path)),
                               self.window_size)
        self.card_panel = SurvivorCardPanel(pygame.Rect(0, 0, 10, 10))
        self.gestures = Gestures(self)  # the boxes' aimed shots and card drops
        self.card_actions = CardActions(self)  # a card's actions aimed from the survivor's card
        self.box_marks = BoxMarks(self)  # the box's piles, tokens across borders and threatened zones
        self.tools = ButtonSet()
        self.actions = ActionBar(zombicide_kinds(controller.state.box.command_labels))
        self.more_labels: list[tuple[str, str, str]] = []  # actions under More…
        self.roster: list[tuple[pygame.Rect, str]] = []
        self.dialog: ChoiceDialog | None = None
        self.dialog_offers: list[Offer] = []  # the bar's offers the open dialog lists, line by line
        self.presses: dict[int, _Press] = {}
        self.hover_pos: Point | None = None  # the mouse, for the door an "Open door" button names
        self.override = False
        self.override_zone: str | None = None
        self.replay: ReplayPlayer | None = None
        self.status_text = ""
        self.status_until = 0.0
        self.clock_s = 0.0
        self.log_lines: list[str] = []
        self.log = LogAdapter(app)
        self.log_marks: dict[int, int] = {}  # commands in effect → log lines then (undo cuts the log back)
        self.animated: tuple[Any, tuple[Any, ...]] | None = None  # (state before, events) while they are shown
        self.tutorial = TutorialPrompt.for_board(app, self.board)  # the mission's step prompts, if any
        if self.tutorial is not None:
            self.tutorial.on_step = self.autosave  # Continue goes on at the step the tutorial is on
        self.tutorial_place: pygame.Rect | None = None  # where the tutorial's panel was laid out
        self.tutorial_step_seen = 0  # the first step's zone is in view: Fit shows the whole board
        self.tutorial_events: list[Any] = []  # events played, told to the tutorial once the table shows them
        self.ended_shown = False
        self._chrome = ChromeCache()
        self.laid_out_size: tuple[int, int] | None = None
        self.layout(self.window_size)
        self.sync_pieces()
        self.table.fit()
        self.rebuild_log()

    # --- building ----------------------------------------------------------------------------

    @classmethod
    def new_game(cls, app: Any, mission_path: Path, setup: ZombicideSetup | dict, seed: int,
                 bot_seats: Sequence[str] = (), board: Board | None = None) -> GameScene:
        """A new game of the mission at ``mission_path``; ``board`` is that mission when the caller
        has loaded it already (start-up loads it once)."""
        board = board or load_board(mission_path)
        scene = cls(app, GameController.new(board, setup, seed), mission_path)
        if bot_seats:
            scene.restore_bot_seats(list(bot_seats))
            scene.laid_out_size = None  # changed since its layout: the app lays it out again
        return scene

    @classmethod
    def resume(cls, app: Any, save_path: Path) -> GameScene:
        session, extra = load_game(Path(save_path))
        scene = cls(app, GameController(session, session.board), Path(session.board.source), Path(save_path))
        speed = extra.get("speed")
        if isinstance(speed, int) and 0 <= speed < 3:
            scene.director.speed_index = speed
        if scene.tutorial is not None:
            scene.tutorial.restore(extra.get("tutorial"))
        scene.restore_bot_seats(extra.get("bot_seats"))
        scene.laid_out_size = None  # speed, tutorial and seats restored after its layout: laid out again
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
        return pygame.Rect(self.middle_x(), TOP_BAR_PX, max(1, w - left - right), max(1, h - TOP_BAR_PX - self.bottom_bar_px()))

    def bottom_bar_px(self) -> int:
        """The action bar's height: two rows of slots when one row cannot hold every kind and the
        window is tall enough to spare the room."""
        w, h = self.window_size
        left, right = self.side_panels_px()
        return bar_rows_px(self.actions.rows_needed(w - left - right - 16, 2 if h >= 600 else 1))

    def layout(self, size: tuple[int, int]) -> None:
        resized = size != self.window_size
        self.window_size = size
        w, h = size
        area = self.table_rect()
        self.table.set_viewport(area.x, area.y, area.w, area.h, size)
        tool_area = pygame.Rect(8, 8, w - 16, TOP_BAR_PX - 16)
        # widths for the longest label a tool takes ("Replay" reads "Exit replay" during a replay)
        widest = {"replay": _("Exit replay"), "speed": _("Speed {speed}").format(speed=_("Instant"))}
        self.tools.buttons, self.hidden_tools = flow_buttons_with_more(
            tool_area, [(widest.get(key, _(label)), key, "tool") for key, label in TOOLS],
            (_("More…"), TOOLS_MORE, "tool"), kept=("menu",), min_w_px=84, height_px=TOP_BAR_PX - 16)
        for button in self.tools.buttons:  # the widest words set the size; each button then shows its own
            button.label = _(dict(TOOLS).get(button.key, "More…"))
        self.actions.kinds = zombicide_kinds(self.controller.state.box.command_labels)  # in the language now chosen
        self.layout_roster()
        right = self.side_panels_px()[1]
        log_top = TOP_BAR_PX + 4
        if self.goals_on_right() and self.goals_rect().height:
            log_top = self.goals_rect().bottom + GOALS_SLACK_PX
        self.tutorial_place = self.tutorial_rect(area, pygame.Rect(self.log_side_x() + 8, log_top, right - 16,
                                                                    h - log_top - 8))
        if self.tutorial is not None and self.tutorial_place is not None:
            self.tutorial.layout(self.tutorial_place)
            if not self.tutorial_place.colliderect(area):  # beside the table: the log gives it its top
                log_top = self.tutorial_place.bottom + 8
        self.log.layout(pygame.Rect(self.log_side_x() + 8, log_top, right - 16, h - log_top - 8))
        self.refresh_buttons()
        if self.dialog is not None:
            self.dialog.layout(pygame.Rect(0, 0, w, h))
        if resized:  # a new window size (a resumed game's window, a resize): the whole board again
            self.table.fit()
        self.laid_out_size = size  # its widgets are built for this size (the app need not build them again)

    def layout_roster(self) -> None:
        """One chip per survivor of the game (two columns), the card below them (and the goals
        between, when the window is tall enough)."""
        h = self.window_size[1]
        left = self.side_panels_px()[0]
        survivors = self.controller.state.survivors
        chip_w = (left - 24) // 2
        chip_h = self.chip_px()
        top = self.roster_top_px()
        self.roster = []
        gap = self.chip_gap_px()
        for n, s in enumerate(survivors):
            col, row = n % 2, n // 2
            rect = pygame.Rect(self.card_side_x() + 8 + col * (chip_w + 8), top + row * (chip_h + gap), chip_w, chip_h)
            self.roster.append((rect, s.id))
        card_top = top + 4 + math.ceil(len(survivors) / 2) * (chip_h + gap)
        goals = 0 if self.goals_on_right() else self.goals_rect().height
        card_top += goals + 6 if goals else 0
        self.card_panel.rect = pygame.Rect(self.card_side_x() + 8, card_top, left - 16, max(100, h - card_top - 8))

    def round_line_in_top_bar(self) -> bool:
        """Whether the tools leave room for the title and the round line in the top bar."""
        last = self.tools.buttons[-1].rect.right if self.tools.buttons else 0
        return self.window_size[0] - last > 200

    def roster_top_px(self) -> int:
        """Below the round line, which heads the left panel when the top bar has no room for it."""
        return TOP_BAR_PX + 6 + (0 if self.round_line_in_top_bar() else ROUND_LINE_PX)

    def chip_px(self) -> int:
        return ROSTER_CHIP_PX if self.window_size[1] >= TALL_WINDOW_PX else COMPACT_CHIP_PX

    def chip_gap_px(self) -> int:
        return 6 if self.chip_px() == ROSTER_CHIP_PX else 4

    def goals_on_right(self) -> bool:
        """In a short window the goals sit above the log, leaving the left panel to the card."""
        return self.window_size[1] < TALL_WINDOW_PX

    def actions_rect(self) -> pygame.Rect:
        """The action bar's panel, under the table: nothing of the bar is ever drawn outside it."""
        w, h = self.window_size
        left, right = self.side_panels_px()
        return pygame.Rect(self.middle_x() + 8, h - self.bottom_bar_px(), w - left - right - 16, self.bottom_bar_px())

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
                button.label = _("Speed {speed}").format(speed=self.director.speed_label())
            elif button.key == "skip":
                button.enabled = self.director.busy
            elif button.key == "replay":
                button.toggled = self.replaying
                button.label = _("Exit replay") if self.replaying else _("Replay")
            elif button.key == "step":
                button.enabled = self.replaying and c.can_redo()
        self.refresh_bar()

    def action_labels(self) -> list[tuple[str, str, str]]:
        """The bottom bar: the selected survivor's legal actions, grouped; override tools in that mode;
        the playback controls during a replay."""
        if self.replay is not None:
            replay = self.replay
            return [(_("Step back"), "rp:back", "tool"), (_("Pause") if replay.playing else _("Play"), "rp:play", "move"),
                    (_("Step"), "rp:step", "tool"), (_("Exit replay"), "rp:exit", "turn")]
        if self.override:
            return self.override_labels()
        if self.controller.outcome() is not None or self.controller.pending is not None:
            return []
        choices = self.controller.action_choices()
        labels: list[tuple[str, str, str]] = []
        grouped: dict[str, list[ActionChoice]] = {}
        for choice in choices:
            grouped.setdefault(choice.group, []).append(choice)
        for group, title in (("move", N_("Move…")), ("trade", N_("Trade…")), ("items", N_("Ready a weapon…"))):
            if grouped.get(group):
                labels.append((_(title), f"group:{group}", group))
        box = self.controller.state.box
        for group in grouped:
            if group.startswith("gather:"):  # one action, several picks: one button opens the picking
                kind = group.split(":", 1)[1]
                title = box.command_labels.get(kind) or kind.replace("_", " ").capitalize()
                labels.append((f"{title}…", group, "items"))
        for n, choice in enumerate(choices):
            if choice.group not in ("move", "trade", "items") and not choice.group.startswith("gather:"):
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
        """The round line; while a command is animated, the round and phase the table has reached."""
        shown = self.shown_phase()
        if shown is not None:
            number, phase = shown
            return _("Round {n} · {phase}").format(n=number, phase=phase_words(phase))
        state = self.controller.state
        if state.result is not None:
            return _("Round {n}: {result}").format(n=state.round, result=mission_words(state.result))
        if state.pending is not None:
            return _("Round {n} · {seat} decides").format(n=state.round, seat=state.pending.seat)
        seat = self.controller.seat
        if state.phase == "players":
            return _("Round {n} · {seat} to play").format(n=state.round, seat=seat or "—")
        return _("Round {n} · {phase}").format(n=state.round, phase=phase_words(state.phase))

    def shown_phase(self) -> tuple[int, str] | None:
        """(round, phase) as far as the animation has gone, or None when nothing is being animated."""
        if self.animated is None or not self.director.busy:
            return None
        before, events = self.animated
        number, phase = before.round, before.phase
        for event in events[: self.director.shown_events()]:
            if getattr(event, "kind", "") == "phase_started":
                number, phase = event.round, event.phase
        return number, phase

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
        self.log.hold_events(outcome.events, state, self.board)
        self.tutorial_events.extend(outcome.events)
        self.animated = (before, tuple(outcome.events)) if self.director.busy else None
        self.follow_animation()
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
        """What each die of an attack needs (the engine's odds), for the dice the director shows."""
        if not isinstance(command, Attack):
            return None
        try:
            odds = engine.attack_odds(self.controller.state, command)
        except engine.IllegalCommand:
            return None
        return None if odds.kills_everything else odds.needed

    def tap_piece(self, piece_id: str) -> None:
        state = self.controller.state
        piece = self.table.state.pieces.get(piece_id)
        if piece is not None and self.card_actions.tap_target(piece.zone):
            return
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
            zombie = _zombie_of(piece_id)
            targets = self.controller.targets()
            if zombie is not None and not self.override and piece.zone not in targets.moves \
                    and piece.zone not in targets.shots:  # nothing to do there: the tap reads its card
                self.show_card(zombie_face(state.tables.catalog, zombie[1]))
                return
            self.tap_zone(piece.zone)

    def tap_table(self, world: Point) -> None:
        if self.replay is not None:
            return  # a replay only looks
        zone = self.board.zone_at(world)
        if self.box_marks.tap(self.table.camera.world_to_screen(world)) or self.card_actions.tap_target(zone):
            return
        door = self.door_near(world)
        if door is not None and not self.override:
            self.tap_door(door)
            return
        if zone is not None:
            self.tap_zone(zone)

    def pointed_door(self) -> str | None:
        """The door of the "Open door" button under the mouse or held by a finger (lit on the board)."""
        return next((str(c.command.door) for c in self.gestures.pointed_choices() if c.group == "door"), None)

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
            self.status(_("Override: zone {zone} picked").format(zone=self.controller.zone_name(zone)))
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
                self.status(_("A replay only shows the game: Exit replay to play"))
            elif zone is None:
                self.status(_("Drop pieces inside a zone"))
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
            self.status(_("Zombies move on their own: turn on Override to move them by hand"))
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
        Trade (the trade dialog); on the table it offers to discard it (free, at any time); when the
        engine refuses, or the player cancels, it slides back."""
        giver = self.controller.selected
        other = self.survivor_at(pos)
        if giver is not None and other is None and self.table_rect().collidepoint(pos):
            self.card_panel.snap_back(pos, slot)
            self.offer_discard(giver, slot)
            return None
        if giver is None or other is None or other == giver:
            self.card_panel.snap_back(pos, slot)
            self.status(_("Drop the card on another survivor in the zone to trade it, or on the table to discard it"))
            return None
        offers, reason = self.controller.trade_offers(giver, slot, other)
        if not offers:
            self.card_panel.snap_back(pos, slot)
            self.status(reason)
            return Outcome(False, reason=reason)
        card = self.controller.card_name(self.controller.state.survivors[self.controller.state.survivor_index(giver)].slots[slot])
        lines = [_("{who} offers {card}").format(who=self.controller.survivor_name(giver), card=card)]
        self.open_dialog(ChoiceDialog(_("Trade with {other}").format(other=self.controller.survivor_name(other)), lines,
                                      [o.label for o in offers], lambda n: self.play(offers[n].command), cancel=True))
        return None

    def offer_discard(self, survivor_id: str, slot: int) -> None:
        """Discarding a card is free at any time, the survivor's turn over or not: the player confirms."""
        state = self.controller.state
        card = state.survivors[state.survivor_index(survivor_id)].slots[slot]
        if card < 0:
            return
        name = self.controller.card_name(card)
        self.open_dialog(ChoiceDialog(_("Discard {card}?").format(card=name), [_("{who} drops it (free)").format(
            who=self.controller.survivor_name(survivor_id))], [_("Discard {card}").format(card=name)],
            lambda n: self.after_discard(survivor_id, slot), cancel=True))

    def after_discard(self, survivor_id: str, slot: int) -> None:
        before, doors = self.controller.state, door_states(self.controller.state)
        self.after(self.controller.discard(survivor_id, slot), before, doors)

    def open_shot_dialog(self, shots: list[ShotOption]) -> None:
        options = [_("{weapon}: {odds}, {hits} hits expected").format(weapon=s.weapon, odds=odds_summary(s.odds),
                                                                         hits=f"{s.expected_hits:.1f}") for s in shots]
        self.open_dialog(ChoiceDialog(_("Which weapon?"), shot_lines(shots), options,
                                      lambda n: self.play(shots[n].command), cancel=True))

    def open_move_or_shoot_dialog(self, zone: str, move: Any, shots: list[ShotOption]) -> None:
        """A zone that is both a move and a shot target: the player says which (a tap never guesses)."""
        options = [_("Move here")] + [_("Shoot: {weapon} ({odds})").format(weapon=s.weapon, odds=odds_summary(s.odds))
                                      for s in shots]
        commands = [move] + [s.command for s in shots]
        self.open_dialog(ChoiceDialog(_("{zone}: move or shoot?").format(zone=self.controller.zone_name(zone)),
                                      shot_lines(shots), options,
                                      lambda n: self.play(commands[n]), cancel=True))

    def open_group_dialog(self, group: str) -> None:
        choices = [c for c in self.controller.action_choices() if c.group == group]
        titles = {"move": _("Move where?"), "trade": _("Trade"), "items": _("Ready a weapon")}
        labels = [c.label for c in choices]
        if group == "move":  # each destination's cost, from the engine
            costs = [move_cost(self.controller.state, c.command) for c in choices]
            labels = [f"{label} · " + (ngettext("{n} action", "{n} actions", n).format(n=n) if n else _("free"))
                      for label, n in zip(labels, costs, strict=True)]
        self.open_dialog(ChoiceDialog(titles.get(group, group), [], labels,
                                      lambda n: self.play(choices[n].command), cancel=True))

    def open_gather_dialog(self, kind: str, picked: tuple[int, ...] = ()) -> None:
        """Several picks for one action (a box's gathered kind): each pick is added in turn, then
        "Done" plays them as one command."""
        choices = self.controller.gathered(kind)
        left = [n for n in range(len(choices)) if n not in picked]
        title = _(self.controller.state.box.command_labels.get(kind) or kind.replace("_", " ").capitalize())
        lines = [_("Picked: {cards}").format(cards=", ".join(choices[n].label for n in picked))] if picked else [
            _("Pick one, then more or Done")]
        options = [choices[n].label for n in left] + ([_("Done: {n} for one action").format(n=len(picked))] if picked else [])

        def chosen(option: int) -> None:
            if option < len(left):
                self.open_gather_dialog(kind, (*picked, left[option]))
            else:
                self.play(self.controller.joined([choices[n].command for n in picked]))

        self.open_dialog(ChoiceDialog(title, lines, options, chosen, cancel=True))

    def play_in_order(self, command: Any, chosen: tuple[str, ...] = ()) -> None:
        """A command whose acting order the players pick: "Who acts first?", then next, until one is left."""
        ids = self.controller.to_order(command)
        if not ids:
            self.play(command)
            return
        left = [sid for sid in ids if sid not in chosen]
        if len(left) == 1:
            self.play(replace(command, order=(*chosen, left[0])))
            return
        title = _("Who acts first?") if not chosen else _("Who acts next?")
        lines = [_("So far: {names}").format(names=_(", then ").join(self.controller.survivor_name(s) for s in chosen))
                 ] if chosen else []
        self.open_dialog(ChoiceDialog(title, lines, [self.controller.survivor_name(s) for s in left],
                                      lambda n: self.play_in_order(command, (*chosen, left[n])), cancel=True))

    def open_dialog(self, dialog: ChoiceDialog) -> None:
        self.dialog = dialog
        self.dialog_offers = []
        dialog.layout(pygame.Rect(0, 0, *self.window_size))

    def press_tool(self, key: str) -> None:
        if key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "override":
            self.override = not self.override
            self.override_zone = None
            self.status(_("Override on: drag any piece anywhere; tap a zone, then add or remove") if self.override
                        else _("Override off"))
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
        elif key == "menu":
            self.app.open_menu(self)
        elif key in ("hint", "bot"):
            self.open_hint() if key == "hint" else self.toggle_bot_seat()
        elif key == TOOLS_MORE:
            self.open_more_tools(dict(TOOLS))
        self.refresh_buttons()

    def press_action(self, key: str) -> None:
        if key.startswith("rp:"):
            self.press_replay(key[3:])
        elif key == MORE_KEY:
            self.open_more_dialog()
        elif self.override and self.press_override(key):
            return
        elif key.startswith(KIND_PREFIX):
            self.open_kind(key)
            return
        elif key.startswith("group:"):
            self.open_group_dialog(key.split(":", 1)[1])
        elif key.startswith("gather:"):
            self.open_gather_dialog(key.split(":", 1)[1])
        elif key.startswith("do:"):
            choices = self.controller.action_choices()  # "do:<n>" counts every choice, grouped ones too
            index = int(key.split(":", 1)[1])
            if index < len(choices):
                self.play_in_order(choices[index].command)
        self.refresh_buttons()

    # --- replay -------------------------------------------------------------------------------

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key, event.mod)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:  # the tutorial's buttons, the log's Back and Latest
            return (self.tutorial is not None and self.tutorial.handle_event(event)) or self.log.handle_event(event)
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
            self.card_panel.lit_slots = self.gestures.slot_targets(self.card_panel.drag_from)
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
                self.tap_bar(button.key)
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
            if swap is not None and self.controller.selected and not self.gestures.drop_on_slot(*swap, pos):
                self.play(self.controller.swap_command(self.controller.selected, *swap))
            elif lifted is not None and not self.card_panel.rect.collidepoint(pos):
                self.drop_card(lifted, pos)
            elif math.dist(pos, press.pos) < TAP_SLACK_PX and not self.card_actions.tap_slot(lifted):
                self.show_card_at(lifted)  # a tap on a card with nothing to do now: the card shown whole
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
        elif self.hint_key(key, mod) or self.bot_key(key, mod):
            pass
        elif self.dialog is None and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and \
                (shortcut := self.actions.for_key(pygame.key.name(key))) is not None:
            self.tap_bar(shortcut.key)
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
        self.follow_animation()
        self.table.update(dt_s)
        self.card_panel.update(dt_s)
        beat, _ = self.director.current()
        if beat is not None and self.controller.selected in beat.flash:
            self.card_panel.flash_s = 0.3
        if was_busy and not self.director.busy:
            self.refresh_buttons()
        if self.tutorial_place is not None and self.tutorial is not None and self.tutorial.step is None:
            self.layout(size)  # the tutorial is over: the log takes back the room of its panel
        self.follow_tutorial_step()
        if self.tutorial is not None:  # hidden under a dialog, and under the menu or another scene on top
            scenes = getattr(self.app, "scenes", None)
            self.tutorial.set_visible(self.dialog is None and (scenes is None or scenes.top is self))
        self.update_hint()
        self.update_bot_seats()
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

    def follow_animation(self) -> None:
        """The log shows the lines of the events the table has shown; all of them once it is still."""
        if self.director.busy:
            self.log.reveal_events(self.director.shown_events())
        else:
            self.animated = None
            self.log.reveal_all()
            if self.tutorial is not None and self.tutorial_events:
                self.tutorial.observe(self.tutorial_events)
            self.tutorial_events.clear()

    def show_end(self) -> None:
        self.autosave()
        scenes = getattr(self.app, "scenes", None)
        if scenes is not None:
            scenes.push(EndScene(self.app, self.controller.session))


__all__ = ["EXIT_TINT", "GameScene", "GameTable", "PieceSide", "_halo_text", "event_pointer"]
