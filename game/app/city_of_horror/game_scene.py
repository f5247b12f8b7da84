"""The City of Horror table on one screen.

The table shows only what everyone may see: the city, each player's colour, hand size, Antidotes and
Food count, the public log. Anything private (a hand, a secret pick, a ballot, the distributor's items,
an offer) is shown only behind the curtain, to the player who taps "I am …". Sealed picks and ballots
are collected one player after another, then shown to all at once. In every open window each person has
an act button, and "Everyone done" passes for all who still have to; a trade can be offered from the
table at any time. Bots play their seats from their own view.

"Turn the table" rotates everything drawn (and the taps) to face a side of a touch table; with
"Auto-turn" on, the view turns to whoever the curtain calls.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.city_of_horror import choices
from game.app.city_of_horror.bar_slots import coh_kinds, coh_offers
from game.app.city_of_horror.board_view import BoardView
from game.app.city_of_horror.controller import CohController, Need
from game.app.city_of_horror.log_view import CanvasLog
from game.app.city_of_horror.overlays import Curtain as CurtainOverlay
from game.app.city_of_horror.overlays import (
    ListOverlay,
    Overlay,
    PrivatePanel,
    Reveal,
    TableCurtain,
    discard_lines,
    location_lines,
    write,
)
from game.app.city_of_horror.words import (
    COLOUR_RGB,
    WINDOW_WORDS,
    antidotes,
    cards,
    describe,
    location_name,
    refusal_words,
    say,
    the_location,
)
from game.app.scenes import Scene
from game.app.widgets.action_bar import KIND_PREFIX, MORE_KEY, ActionBar
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_FILL, TEXT
from game.i18n import N_, _, ngettext
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.effects import effect_turn
from game.rules.city_of_horror.timing import trading_open
from game.rules.core.base import IllegalCommand
from game.rules.core.sealed import ChoicesRevealed

Rect = pygame.Rect
SIDE_PX = 360
BAR_PX = 176
BUTTON_H = 52
ROTATIONS = (0, 90, 180, 270)
SIDE_ROTATION = {"bottom": 0, "right": 90, "top": 180, "left": 270}
BOT_DELAY_S = 0.35
MOUSE_POINTER = -1


class CohGameScene(Scene):
    def __init__(self, app: Any, controller: CohController, resumed: bool = False):
        self.app = app
        self.controller = controller
        self.board_view = BoardView(controller.session.board)
        self.overlay: Overlay | None = None
        self.queue: list[Overlay] = []  # reveals waiting their turn
        self.rotation = 0
        self.auto_turn = any(plan.side != "bottom" for plan in controller.seats)
        self.bar = ActionBar([])  # the shared bar: what does not fit goes under More…, never off the panel
        self.public_lines: list[str] = []
        self.log = CanvasLog()
        self._pointer_pos: tuple[float, float] = (0.0, 0.0)  # the mouse's last window point, for the wheel
        self.events_seen = 0
        self.bot_timer_s = 0.0
        self.bot_delay_s = BOT_DELAY_S
        self.ended_shown = False
        self.public_pending: tuple[str, list[Any], str] | None = None  # seat, commands, title
        self.status = ""
        self.message = ""
        self._bar_key: tuple[Any, ...] = ()
        self._table_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._canvas: pygame.Surface | None = None
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self._absorb_events(show_reveals=False)
        if resumed:
            self._resume_curtain()
        self.layout(self.window_size)

    # --- layout and turning -----------------------------------------------------------------------------

    @property
    def canvas_size(self) -> tuple[int, int]:
        w, h = self.window_size
        return (h, w) if self.rotation in (90, 270) else (w, h)

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = self.canvas_size
        if w >= h:
            board = max(min(h - BAR_PX, w - SIDE_PX), 200)
            self.board_rect = Rect(0, 0, board, h - BAR_PX)
            self.side_rect = Rect(board, 0, w - board, h - BAR_PX)
        else:
            board_h = min(w, h - BAR_PX - 260)
            self.board_rect = Rect(0, 0, w, board_h)
            self.side_rect = Rect(0, board_h, w, h - BAR_PX - board_h)
        self.bar_rect = Rect(0, h - BAR_PX, w, BAR_PX)
        self.log.layout(self._log_rect())
        if self.overlay is not None:
            self.overlay.layout(Rect(0, 0, w, h))
        self._build_bar()

    def turn_to(self, degrees: int) -> None:
        self.rotation = degrees % 360
        self.layout(self.window_size)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A window point in the turned canvas's coordinates."""
        x, y = pos
        cw, ch = self.canvas_size
        if self.rotation == 90:
            return (cw - y, x)
        if self.rotation == 180:
            return (cw - x, ch - y)
        if self.rotation == 270:
            return (y, ch - x)
        return (x, y)

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons that can be pressed now (an overlay's, else the bar's), drawn by hand, in
        window coordinates, for the layout checks."""
        if self.overlay is not None:  # modal: the bar under it takes no press
            buttons = [(f"overlay {b.label!r}", b.rect) for b in self.overlay.buttons.buttons]
        else:
            buttons = [(f"bar {b.label!r}", b.rect) for b in self.bar.buttons]
            buttons += [(f"log {b.label!r}", b.rect) for b in self.log.buttons.buttons]
        shown = []
        for name, rect in buttons:
            corners = [self.to_window(rect.topleft), self.to_window(rect.bottomright)]
            left, right = sorted(x for x, _y in corners)
            top, bottom = sorted(y for _x, y in corners)
            shown.append((name, pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))))
        return shown

    def to_window(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A canvas point in window coordinates (for drivers and tests)."""
        x, y = pos
        cw, ch = self.canvas_size
        if self.rotation == 90:
            return (y, cw - x)
        if self.rotation == 180:
            return (cw - x, ch - y)
        if self.rotation == 270:
            return (ch - y, x)
        return (x, y)

    # --- the course of the game -------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.controller.state

    def update(self, dt_s: float) -> None:
        if isinstance(self.overlay, Reveal):
            self.overlay.update(dt_s)
        if self.overlay is not None and self.overlay.closed:
            self._set_overlay(self.queue.pop(0) if self.queue else None)
        if self.overlay is None and not self.state.over:
            self.bot_timer_s += dt_s
            if self.bot_timer_s >= self.bot_delay_s:
                self.bot_timer_s = 0.0
                self._bots()
        if self.overlay is None:
            self._ask()
        if self.state.over and self.overlay is None and not self.ended_shown:
            self.show_end()
        self._build_bar()

    def _bots(self) -> None:
        """Bots act: their passes at once, then one visible action (so the table can follow it)."""
        for _step in range(200):
            done = self.controller.bot_step()
            if done is None:
                break
            self._absorb_events()
            if not isinstance(done[1], c.Pass) or self.overlay is not None:
                break

    def _ask(self) -> None:
        """A private question waits: the curtain for the first person it is for."""
        for need in self.controller.needs():
            if need.private and need.what != "trade":
                self._curtain(need)
                return

    def _curtain(self, need: Need, optional: bool = False) -> None:
        plan = self.controller.plan(need.seat)
        if self.auto_turn:
            self.turn_to(SIDE_ROTATION.get(plan.side, 0))
        self._set_overlay(CurtainOverlay(need.seat, plan.colour, need.what, lambda: self._open_private(need),
                                         (lambda: self._set_overlay(None)) if optional else None))

    def _open_private(self, need: Need) -> None:
        seat = need.seat
        self._set_overlay(PrivatePanel(seat, need.what, self.controller.view(seat), self.controller.legal(seat),
                                       self.controller.private_events(seat),
                                       lambda command: self._play(seat, command), lambda: None))

    def _resume_curtain(self) -> None:
        """A resumed game starts behind the curtain: the first private question's, else a curtain that
        only opens onto the table."""
        for need in self.controller.needs():
            if need.private and need.what != "trade":
                self._curtain(need)
                return
        self._set_overlay(TableCurtain(lambda: None))

    def _set_overlay(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        if overlay is not None:
            overlay.layout(Rect(0, 0, *self.canvas_size))

    def _play(self, seat: str, command: Any) -> str:
        """Play a person's command; the engine's refusal comes back as its reason (nothing changed)."""
        try:
            self.controller.play(seat, command)
        except IllegalCommand as refusal:
            return refusal_words(refusal.reason)
        self.public_pending = None
        self._absorb_events()
        return ""

    def play_public(self, seat: str, command: Any) -> None:
        problem = self._play(seat, command)
        self.message = problem

    def _absorb_events(self, show_reveals: bool = True) -> None:
        events = self.controller.events
        for event in events[self.events_seen:]:
            if isinstance(event, ChoicesRevealed) and show_reveals and not event.topic.startswith("draft"):
                colours = {seat: self.controller.plan(seat).colour for seat, _ in event.answers}
                self.queue.append(Reveal(event.topic, event.answers, colours, "", lambda: None))
            if event.kind == "votes_counted" and self.queue and isinstance(self.queue[-1], Reveal):
                self.queue[-1].tally = describe(event)
        self.events_seen = len(events)
        self.public_lines = [line for line in (describe(e) for e in self.controller.public_events()) if line]
        if self.overlay is None and self.queue:
            self._set_overlay(self.queue.pop(0))

    def show_end(self) -> None:
        from game.app.city_of_horror.end_scene import CohEndScene

        self.ended_shown = True
        self.app.push(CohEndScene(self.app, self))

    # --- the bar ------------------------------------------------------------------------------------------

    def prompt(self) -> str:
        """What the table is doing, in words (public)."""
        state = self.state
        kind = state.stage.kind
        hour = f"{state.round:02d}:00 · " if state.round else _("Set-up") + " · "
        place = the_location(state.stage.location) if state.stage.location else ""
        seat = state.stage.seat
        if kind == "over":
            return _("The helicopter has left.") + " " + ", ".join(f"{s} {p}" for s, p in state.scores)
        if kind == "place":
            return hour + say(N_("{seat} places a character on a location they drew"), seat=seat)
        if kind == "draft":
            return hour + _("Expert draft: each keeps a card in secret")
        if kind in ("pick", "pick_tower"):
            left = ", ".join(sorted(state.decision.waiting())) if state.decision is not None else ""
            return hour + say(N_("Movement cards, in secret: waiting for {seats}"), seats=left)
        if kind == "ballot":
            left = ", ".join(sorted(state.decision.waiting())) if state.decision is not None else ""
            return hour + say(N_("Vote at {place}: waiting for {seats}"), place=place, seats=left)
        if kind == "tie":
            return hour + say(N_("Tie at {place}: {seat} picks {options}"), place=place, seat=state.first,
                              options=_(" or ").join(state.stage.options))
        if kind == "victim":
            return hour + say(N_("{seat} chooses which character the zombies take"), seat=seat)
        if kind == "distribute":
            return hour + say(N_("{seat} hands out the items of {place}"), seat=seat, place=place)
        if kind == "helicopter":
            return hour + say(N_("The helicopter: {seat} has too few Antidotes and chooses who stays"), seat=seat)
        window = state.window
        if window is None:
            return hour
        if state.stack:
            top = state.stack[-1]
            return hour + say(N_("{seat} plays {card}: anyone to cancel it?"), seat=top.seat,
                              card=choices.value_words("card", top.card))
        if window.kind == "mover":
            return hour + say(N_("Movement: {seat} moves a character to {place}"), seat=window.mover,
                              place=the_location(state.picks[state.index(window.mover)]))
        turn = effect_turn(state)
        moment = _(WINDOW_WORDS[window.kind]) if window.kind in WINDOW_WORDS else window.kind
        if window.location:
            moment = say(N_("{moment} at {place}"), moment=moment, place=the_location(window.location))
        effect = say(N_(" ({seat}'s turn to use its effect)"), seat=turn) if turn else ""
        return hour + say(N_("{moment}: anyone may act"), moment=moment) + effect

    def _build_bar(self) -> None:
        key = (len(self.controller.session.log), id(self.overlay), self.message, repr(self.public_pending),
               self.rotation, self.auto_turn, self.bar_rect.size)
        if key == self._bar_key:
            return
        self._bar_key = key
        bar = self.bar_rect
        area = Rect(bar.left + 12, bar.top + 40, bar.width - 24, bar.height - 48)
        labels: list[tuple[str, str, str]] = []
        if self.public_pending is not None:
            seat, commands, title = self.public_pending
            field = choices.differing_field(commands)
            for value in choices.options(commands, field):
                labels.append((f"{seat}: {choices.value_words(field, value)}", f"pub:{field}:{value!r}", "option"))
            labels.append((_("Back"), "pub_back", "turn"))
        else:
            labels += self._public_choice_labels()
            labels += self._act_labels()
            for seat in self.controller.humans():
                if any(o.partner == seat for o in self.state.offers):
                    labels.append((_("{seat}: an offer").format(seat=seat), f"offer_for:{seat}", "trade"))
        if trading_open(self.state):
            labels.append((_("Trade…"), "trade", "trade"))
        labels.append((_("Discard pile"), "discard", "tool"))
        labels += [(_("Turn the table"), "turn", "tool"), (_("Auto-turn"), "auto_turn", "tool"), (_("Menu"), "menu", "tool")]
        self.bar.kinds = coh_kinds([seat for seat in self.controller.humans()])
        self.bar.update(area, coh_offers(labels))
        for button in self.bar.buttons:
            if button.key == "auto_turn":
                button.toggled = self.auto_turn

    def _public_choice_labels(self) -> list[tuple[str, str, str]]:
        labels: list[tuple[str, str, str]] = []
        for need in self.controller.needs():
            if need.private or need.what in ("act", "trade"):
                continue
            commands: list[Any] = [command for command in self.controller.legal(need.seat)
                                   if isinstance(command, c.PlaceCharacter | c.Move | c.BreakTie | c.ChooseVictim)]
            if need.what == "move":
                commands += [command for command in self.controller.legal(need.seat) if isinstance(command, c.Pass)]
            field = choices.differing_field([x for x in commands if not isinstance(x, c.Pass)]) or "character"
            seen: set[str] = set()
            for command in commands:
                if isinstance(command, c.Pass):
                    labels.append((_("{seat}: no move").format(seat=need.seat), f"pubcmd:{need.seat}:pass", "turn"))
                    continue
                value = getattr(command, field, "")
                key = f"pubpick:{need.seat}:{field}:{value!r}"
                if key in seen:
                    continue
                seen.add(key)
                labels.append((f"{need.seat}: {choices.value_words(field, value)}", key, "move"))
        return labels

    def _act_labels(self) -> list[tuple[str, str, str]]:
        state = self.state
        if state.stage.kind not in ("window", "tie") or state.over:
            return []
        waiting = {need.seat for need in self.controller.needs() if need.what == "act"}
        labels = []
        for seat in self.controller.humans():
            if not state.in_game(seat):
                continue
            if seat in waiting or self.controller.can_act(seat):
                labels.append((_("{seat}: act").format(seat=seat), f"act:{seat}", "attack" if seat in waiting else "other"))
        if waiting:
            labels.append((_("Everyone done"), "done", "turn"))
        return labels

    # --- input --------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self._pointer_pos = event.pos
            return bool(event.buttons[0]) and self.log.drag(MOUSE_POINTER, self.to_canvas(event.pos))
        if event.type == pygame.MOUSEWHEEL and self.overlay is None:
            return self.log.wheel(self.to_canvas(self._pointer_pos), event.y)
        if event.type == pygame.FINGERMOTION:
            w, h = self.window_size
            return self.log.drag(event.finger_id, self.to_canvas((event.x * w, event.y * h)))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            return self.press(MOUSE_POINTER, self.to_canvas(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
            return self.release(MOUSE_POINTER, self.to_canvas(event.pos))
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            w, h = self.window_size
            pos = self.to_canvas((event.x * w, event.y * h))
            if event.type == pygame.FINGERDOWN:
                return self.press(event.finger_id, pos)
            return self.release(event.finger_id, pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and isinstance(self.overlay, ListOverlay):
            self._set_overlay(None)
            return True
        if event.type == pygame.KEYDOWN and self.overlay is None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            button = self.bar.for_key(pygame.key.name(event.key))  # the shortcut shown on a slot
            if button is not None:  # a greyed one says why, as a tap does
                self.message = ""
                self.on_bar(button.key)
                return True
        return False

    def press(self, pointer: int, pos: tuple[float, float]) -> bool:
        if self.overlay is not None:
            return self.overlay.press(pointer, pos)
        if self.bar.press(pointer, pos) or self.log.press(pointer, pos):
            return True
        spot = self.board_view.at(pos)
        if spot == "discard":
            self._set_overlay(ListOverlay(_("The discard pile (open to all)"), discard_lines(self.state),
                                          lambda: None))
            return True
        if spot.startswith("location:"):
            location = spot.removeprefix("location:")
            self._set_overlay(ListOverlay(location_name(location), location_lines(self.controller.public_view(),
                                                                                   location), lambda: None))
            return True
        return False

    def release(self, pointer: int, pos: tuple[float, float]) -> bool:
        if self.overlay is not None:
            self.overlay.release(pointer, pos)
            if self.overlay is not None and self.overlay.closed:
                self._set_overlay(self.queue.pop(0) if self.queue else None)
            return True
        if self.log.holds(pointer):
            return self.log.release(pointer, pos)
        button = self.bar.release(pointer, pos)
        if button is None:
            return False
        self.message = ""
        self.on_bar(button.key)
        return True

    def on_bar(self, key: str) -> None:
        state = self.state
        if key.startswith(KIND_PREFIX):  # a slot offering several: list them; offering none: say so
            slot = self.bar.slots.get(key)
            if slot is not None and slot.offers:
                self._set_overlay(ListOverlay(slot.kind.title.rstrip("…"), [], lambda: None,
                                              [(o.label, o.key) for o in slot.offers], self.on_bar))
            elif slot is not None:
                self.message = _("{action}: not possible now").format(action=slot.kind.title.rstrip("…"))
        elif key == MORE_KEY:
            self._set_overlay(ListOverlay(_("More actions"), [], lambda: None,
                                          [(o.label, o.key) for o in self.bar.hidden], self.on_bar))
        elif key == "done":
            self.controller.everyone_done()
            self._absorb_events()
        elif key.startswith("act:"):
            self._curtain(Need(key[4:], "act", True), optional=True)
        elif key.startswith("offer_for:"):
            self._curtain(Need(key[10:], "trade", True), optional=True)
        elif key == "trade":
            people = [seat for seat in self.controller.humans() if state.in_game(seat)]
            self._set_overlay(ListOverlay(_("Who offers a trade?"), [_("The offer is made behind the curtain.")],
                                          lambda: None, [(seat, seat) for seat in people],
                                          lambda seat: self._curtain(Need(seat, "offer", True), optional=True)))
        elif key == "discard":
            self._set_overlay(ListOverlay(_("The discard pile (open to all)"), discard_lines(state), lambda: None))
        elif key == "turn":
            self.turn_to(self.rotation + 90)
        elif key == "auto_turn":
            self.auto_turn = not self.auto_turn
        elif key == "menu":
            self.app.open_menu(self)
        elif key.startswith("pubcmd:"):
            _head, seat, _rest = key.split(":", 2)
            self.play_public(seat, c.Pass())
        elif key.startswith("pubpick:"):
            _head, seat, field, token = key.split(":", 3)
            commands = [command for command in self.controller.legal(seat)
                        if isinstance(command, c.PlaceCharacter | c.Move | c.BreakTie | c.ChooseVictim)
                        and repr(getattr(command, field, None)) == token]
            self._public_narrow(seat, commands)
        elif key.startswith("pub:") and self.public_pending is not None:
            _head, field, token = key.split(":", 2)
            seat, commands, _title = self.public_pending
            self._public_narrow(seat, [command for command in commands if repr(getattr(command, field)) == token])
        elif key == "pub_back":
            self.public_pending = None

    def _public_narrow(self, seat: str, commands: list[Any]) -> None:
        if not commands:
            return
        if len(commands) == 1 or not choices.differing_field(commands):
            self.public_pending = None
            self.play_public(seat, commands[0])
            return
        self.public_pending = (seat, commands, "")

    def on_quit(self) -> None:
        self.controller.autosave()

    # --- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.rotation and surface.get_size() == self.canvas_size:
            self.draw_canvas(surface)
            return
        if self._canvas is None or self._canvas.get_size() != self.canvas_size:
            self._canvas = pygame.Surface(self.canvas_size)
        self.draw_canvas(self._canvas)
        surface.blit(pygame.transform.rotate(self._canvas, self.rotation), (0, 0))

    def draw_canvas(self, canvas: pygame.Surface) -> None:
        canvas.fill((22, 24, 26))
        if not isinstance(self.overlay, CurtainOverlay | PrivatePanel | TableCurtain):
            canvas.blit(self._table_layer(), (0, 0))
            self.log.set_lines(self.public_lines)
            self.log.draw(canvas)
            self._draw_bar(canvas)
        if self.overlay is not None:
            self.overlay.draw(canvas)

    def _table_layer(self) -> pygame.Surface:
        """The city and the side panel, drawn again only when the game has moved on (or the size changed)."""
        key = (len(self.controller.session.log), len(self.public_lines), self.canvas_size)
        if self._table_cache is None or self._table_cache[0] != key:
            layer = self._table_cache[1] if self._table_cache is not None else None
            if layer is None or layer.get_size() != self.canvas_size:
                layer = pygame.Surface(self.canvas_size)
            layer.fill((22, 24, 26))
            view = self.controller.public_view()
            highlight = self.state.stage.location or (self.state.window.location if self.state.window else "")
            self.board_view.draw(layer, self.board_rect.inflate(-12, -12), view, highlight)
            self._draw_side(layer, view)
            self._table_cache = (key, layer)
        return self._table_cache[1]

    def _side_columns(self) -> int:
        return 2 if self.side_rect.width >= 560 else 1

    def _log_rect(self) -> Rect:
        """The side panel under the players' rows: the public log's."""
        rect = self.side_rect
        top = rect.top + 10 + -(-len(self.state.seats) // self._side_columns()) * 52
        return Rect(rect.left, top, rect.width, max(0, rect.bottom - top))

    def _draw_side(self, canvas: pygame.Surface, view: Any) -> None:
        rect = self.side_rect
        pygame.draw.rect(canvas, PANEL_FILL, rect)
        columns = self._side_columns()
        row_w = (rect.width - 20 - 8 * (columns - 1)) // columns
        for number, seat in enumerate(view.seats):
            plan = self.controller.plan(seat)
            rgb = COLOUR_RGB.get(plan.colour, TEXT)
            alive = len(view.alive_characters(seat))
            row = Rect(rect.left + 10 + (number % columns) * (row_w + 8), rect.top + 10 + (number // columns) * 52,
                       row_w, 46)
            pygame.draw.rect(canvas, (34, 37, 40), row, border_radius=8)
            pygame.draw.rect(canvas, rgb, Rect(row.left, row.top, 10, row.height), border_radius=4)
            name = seat + (" " + _("(bot)") if plan.bot else "") + ("  · " + _("First Player") if seat == view.first else "")
            write(canvas, name, (row.left + 18, row.top + 2), 18, rgb if plan.colour != "white" else TEXT,
                  width=row.width - 24)
            index = view.index(seat)
            detail = " · ".join((cards(len(view.hands[index])), antidotes(view.antidotes[index]),
                                 ngettext("{n} Food", "{n} Food", len(view.food[index])).format(n=len(view.food[index])),
                                 ngettext("{n} character", "{n} characters", alive).format(n=alive)))
            if not alive:
                detail = _("out of the game")
            write(canvas, detail, (row.left + 18, row.top + 24), 14, MUTED, width=row.width - 24)

    def _draw_bar(self, canvas: pygame.Surface) -> None:
        rect = self.bar_rect
        pygame.draw.rect(canvas, (18, 20, 22), rect)
        pygame.draw.line(canvas, ACCENT, rect.topleft, rect.topright, 2)
        text = self.message or self.prompt()
        write(canvas, text, (rect.left + 14, rect.top + 8), 20, (255, 150, 130) if self.message else TEXT,
              width=rect.width - 28)
        self.bar.draw(canvas)

    @property
    def ready(self) -> bool:
        return True

