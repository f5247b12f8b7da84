"""What a network game adds over a game screen: the chat panel, pings on the board, the
"reconnecting…" banner, the undo vote and the seats whose player has left.

The game screen hands it the table's rectangle and camera; it draws over the table and answers the
clicks on its own widgets (pygame_gui: the chat line, the vote's and the seats' buttons).
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.app.net.link import NetLink
from game.app.render import text_with_halo
from game.i18n import _
from game.net.protocol import CHAT_CHARS, Chat, Ping, PingShown, TakeSeat, UndoAsked, UndoVote
from game.rules.core.frozen import record

PING_SECONDS = 4.0
PING_TINT = (255, 90, 200)
BANNER_TINT = (255, 200, 90)
CHAT_LINES = 5
CHAT_W_PX = 420
LINE_PX = 22
ENTRY_H_PX = 32
BUTTON_H_PX = 34
EDGE_PX = 10
QUESTION_PX = 32  # the vote's question, above the buttons


@record
class ShownPing:
    ping: PingShown
    until_s: float


class NetOverlay:
    """The network's widgets over one game screen."""

    def __init__(self, app: Any, link: NetLink, hosting: Any = None):
        self.app = app
        self.link = link
        self.hosting = hosting  # this window's host: it may give a left seat to a bot
        self.area = pygame.Rect(0, 0, 10, 10)
        self.buttons_top_px = 48
        self.clock_s = 0.0
        self.pings: list[ShownPing] = []
        self.vote: UndoAsked | None = None
        self.entry: UITextEntryLine | None = None
        self.buttons: dict[str, UIButton] = {}
        self._seats_shown: tuple[tuple[str, str], ...] = ()

    # --- layout -------------------------------------------------------------------------------------

    def layout(self, table_area: pygame.Rect, buttons_top_px: int | None = None) -> None:
        """Over ``table_area``; the buttons start at ``buttons_top_px`` (below a panel the screen
        shows at the table's top), else near the table's top."""
        self.area = pygame.Rect(table_area)
        self.buttons_top_px = buttons_top_px if buttons_top_px is not None else self.area.top + 14
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        if self.entry is not None:
            self.entry.kill()
        rect = self.chat_rect()
        self.entry = UITextEntryLine(pygame.Rect(rect.left, rect.bottom - ENTRY_H_PX, rect.width, ENTRY_H_PX),
                                     manager=manager, placeholder_text=_("Say something to the table…"))
        self.entry.set_text_length_limit(CHAT_CHARS)
        self._rebuild_buttons()

    def chat_rect(self) -> pygame.Rect:
        """The chat's corner of the table: its last lines and the line to type in."""
        width = min(CHAT_W_PX, self.half_px())
        height = CHAT_LINES * LINE_PX + ENTRY_H_PX + 8
        return pygame.Rect(self.area.left + EDGE_PX, self.area.bottom - height - EDGE_PX - 44, width, height)

    def half_px(self) -> int:
        """The width of each side of the table the overlay uses: the chat left, the buttons right."""
        return max(120, (self.area.width - 3 * EDGE_PX) // 2)

    def _rebuild_buttons(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        wanted: list[tuple[str, str]] = []
        if self.vote is not None and self.vote.decided is None and self.link.seat in self.vote.waiting:
            wanted += [("vote_yes", _("Yes, undo") if self.vote.action == "undo" else _("Yes, redo")),
                       ("vote_no", _("No"))]
        for seat, label in self.left_seats():
            wanted.append((f"take:{seat}", _("Take {seat}").format(seat=label)))
            if self.hosting is not None:
                wanted.append((f"bot:{seat}", _("Give {seat} to a bot").format(seat=label)))
        x, y = self.area.right - EDGE_PX, self.buttons_top_px + QUESTION_PX
        for key, text in wanted:
            width = min(self.half_px(), max(110, 12 * len(text) + 24))
            self.buttons[key] = UIButton(pygame.Rect(x - width, y, width, BUTTON_H_PX), text, manager=manager)
            y += BUTTON_H_PX + 6
        self._seats_shown = tuple(self.left_seats())

    def left_seats(self) -> list[tuple[str, str]]:
        """(seat, label) of every seat whose player has gone and no bot plays (a spectator may take it)."""
        lobby = self.link.lobby
        if lobby is None or not lobby.started:
            return []
        return [(info.seat, info.label) for info in lobby.seats
                if not info.connected and info.bot is None and info.seat != self.link.seat]

    def kill(self) -> None:
        if self.entry is not None:
            self.entry.kill()
            self.entry = None
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()

    # --- what arrives --------------------------------------------------------------------------------

    def show_ping(self, ping: PingShown) -> None:
        self.pings.append(ShownPing(ping, self.clock_s + PING_SECONDS))

    def ask_vote(self, asked: UndoAsked) -> None:
        self.vote = asked if asked.decided is None else None
        self._rebuild_buttons()

    def update(self, dt_s: float) -> None:
        self.clock_s += dt_s
        self.pings = [p for p in self.pings if p.until_s > self.clock_s]
        if tuple(self.left_seats()) != self._seats_shown:
            self._rebuild_buttons()

    # --- the player's intents --------------------------------------------------------------------------

    def say(self, text: str) -> bool:
        text = text.strip()
        return bool(text) and self.link.send(Chat(text=text[:CHAT_CHARS]))

    def ping_zone(self, zone: str | None, point_cm: tuple[float, float]) -> bool:
        if zone:
            return self.link.send(Ping(zone=zone))
        return self.link.send(Ping(x_cm=point_cm[0], y_cm=point_cm[1]))

    @property
    def typing(self) -> bool:
        """The chat line has the keyboard: keys are words, not the screen's shortcuts."""
        return self.entry is not None and self.entry.is_focused

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT) and self.typing:
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            if self.entry is not None and self.say(self.entry.get_text()):
                self.entry.set_text("")
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is None:
                return False
            if key in ("vote_yes", "vote_no"):
                if self.hosting is not None:  # the host player's word settles it
                    self.hosting.decide_vote(key == "vote_yes")
                else:
                    self.link.send(UndoVote(yes=key == "vote_yes"))
                self.vote = None
            elif key.startswith("take:"):
                self.link.send(TakeSeat(seat=key.split(":", 1)[1]))
            elif key.startswith("bot:") and self.hosting is not None:
                self.hosting.give_to_bot(key.split(":", 1)[1])
            self._rebuild_buttons()
            return True
        return False

    # --- drawing -------------------------------------------------------------------------------------

    def banner_text(self) -> str:
        if self.link.gone:
            return _("The host has closed the game")
        if not self.link.connected:
            return _("Connection lost: reconnecting…")
        return ""

    def vote_question(self) -> str:
        if self.vote is None or self.vote.decided is not None:
            return ""
        asked = _("{name} asks to undo the last move") if self.vote.action == "undo" else \
            _("{name} asks to redo the move undone")
        return asked.format(name=self.vote.name)

    def chat_lines(self) -> list[str]:
        return [f"{line.name}: {line.text}" for line in self.link.chat[-CHAT_LINES:]]

    def draw(self, surface: pygame.Surface, camera: Any, board: Any) -> None:
        old = surface.get_clip()
        surface.set_clip(self.area)
        self._draw_pings(surface, camera, board)
        surface.set_clip(old)
        lines = self.chat_lines()
        if lines:
            rect = self.chat_rect()
            top = rect.bottom - ENTRY_H_PX - 6 - len(lines) * LINE_PX
            shade = pygame.Surface((rect.width, len(lines) * LINE_PX + 6), pygame.SRCALPHA)
            shade.fill((15, 15, 18, 170))
            surface.blit(shade, (rect.left, top - 4))
            for n, text in enumerate(lines):
                words = text_with_halo(_fit(text, rect.width // 9), 16, (235, 235, 225))
                surface.blit(words, (rect.left + 6, top + n * LINE_PX))
        question = self.vote_question()
        if question:
            words = text_with_halo(_fit(question, self.half_px() // 9), 18, BANNER_TINT)
            surface.blit(words, words.get_rect(topright=(self.area.right - EDGE_PX, self.buttons_top_px)))
        banner = self.banner_text()
        if banner:
            words = text_with_halo(banner, 24, BANNER_TINT)
            box = words.get_rect(midtop=(self.area.centerx, self.area.top + 12))
            pygame.draw.rect(surface, (30, 20, 10), box.inflate(28, 14), border_radius=10)
            surface.blit(words, box)

    def _draw_pings(self, surface: pygame.Surface, camera: Any, board: Any) -> None:
        for shown in self.pings:
            ping = shown.ping
            left_s = shown.until_s - self.clock_s
            pulse = 0.5 + 0.5 * math.sin(left_s * 8)
            alpha = int(120 + 100 * pulse)
            zone = board.zones.get(ping.zone) if ping.zone else None
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            if zone is not None and len(zone.polygon) >= 3:
                points = [camera.world_to_screen(p) for p in zone.polygon]
                pygame.draw.polygon(layer, (*PING_TINT, alpha // 3), points)
                pygame.draw.polygon(layer, (*PING_TINT, alpha), points, 5)
                centre = camera.world_to_screen(zone.center)
            elif ping.x_cm is not None and ping.y_cm is not None:
                centre = camera.world_to_screen((ping.x_cm, ping.y_cm))
                radius = int(18 + 14 * pulse)
                pygame.draw.circle(layer, (*PING_TINT, alpha), (round(centre[0]), round(centre[1])), radius, 5)
            else:
                continue
            surface.blit(layer, (0, 0))
            tag = text_with_halo(ping.name, 18, PING_TINT)
            surface.blit(tag, tag.get_rect(midbottom=(round(centre[0]), round(centre[1]) - 20)))

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """What the overlay draws by hand (for the layout checks)."""
        rects = []
        question = self.vote_question()
        if question:
            words = text_with_halo(_fit(question, self.half_px() // 9), 18, BANNER_TINT)
            rects.append(("vote question", words.get_rect(topright=(self.area.right - EDGE_PX, self.buttons_top_px))))
        lines = self.chat_lines()
        if lines:
            rect = self.chat_rect()
            rects.append(("chat lines", pygame.Rect(rect.left, rect.bottom - ENTRY_H_PX - 10 - len(lines) * LINE_PX,
                                                    rect.width, len(lines) * LINE_PX + 4)))
        return rects


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(1, chars - 1)] + "…"
