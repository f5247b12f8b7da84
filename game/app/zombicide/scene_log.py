"""The game scene's log panel: the engine's events in plain English, and the overrides' own lines."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.render import font
from game.app.widgets.dialogs import PANEL_EDGE, PANEL_FILL, TEXT, fit_text
from game.app.widgets.log_panel import LogPanel
from game.app.zombicide.event_text import describe, tone, zone_names_for
from game.board.model import Board
from game.i18n import _, language, phrase


def _override_words(event: Any, state: Any, board: Board) -> str:
    """The log's sentence for a survivor brought in or taken off by hand."""
    from game.app.zombicide.controller import SurvivorAdded

    catalog = state.tables.catalog
    name = next((s.name for s in catalog.survivors if s.id == event.survivor), event.survivor)
    zone = board.zones.get(event.zone)
    where = zone.label_in(language()) if zone is not None and zone.label else event.zone.split(":")[-1]
    if isinstance(event, SurvivorAdded):
        return phrase("Override: {name} joins the game in {where} ({seat}).", name=name, where=where, seat=event.seat)
    return phrase("Override: {name} is taken off the board.", name=name)


def _event_line(event: Any, state: Any, board: Board, zone_names: dict[str, str]) -> tuple[str, str]:
    """(sentence, tone) for one event; the sentence is empty for an event the log does not tell."""
    from game.app.zombicide.controller import SurvivorAdded, SurvivorRemoved

    if isinstance(event, (SurvivorAdded, SurvivorRemoved)):
        return _override_words(event, state, board), "phase"
    return describe(event, state, zone_names), tone(event)


class LogAdapter:
    """The log panel on the right: the app's LogPanel when there is a UI manager, else drawn here.

    ``lines`` is the whole log (undo marks and replays count in it); the panel shows the first
    ``shown`` of them. A command's lines wait (``hold_events``) until the animation shows their
    event (``reveal_events``), so the log never tells what the table has not shown yet."""

    def __init__(self, app: Any):
        self.app = app
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[Any] = []  # text, or (text, tone)
        self.shown = 0
        self.held_events: list[int] = []  # for each line not shown yet: the event it tells, counted in its command
        self.panel: Any = None

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        manager = getattr(self.app, "ui", None)
        if manager is None:
            return
        if self.panel is not None and hasattr(self.panel, "kill"):
            self.panel.kill()
        self.panel = LogPanel(manager, rect)
        if self.shown:
            self.panel.add_lines(list(self.lines[: self.shown]))

    def _show_up_to(self, count: int) -> None:
        if count > self.shown:
            new = self.lines[self.shown: count]
            self.shown = count
            if self.panel is not None:
                self.panel.add_lines(new)

    def add(self, lines: list[Any]) -> None:
        self.reveal_all()
        self.lines.extend(lines)
        self._show_up_to(len(self.lines))

    def set_lines(self, lines: list[Any]) -> None:
        """Show exactly ``lines`` (a replay shows its own, then the game's again; undo drops some)."""
        self.lines = list(lines)
        self.shown = len(self.lines)
        self.held_events = []
        if self.panel is not None:
            self.panel.clear()
            self.panel.add_lines(list(self.lines))

    def shown_lines(self) -> list[Any]:
        return self.lines[: self.shown]

    def add_events(self, events: Any, state: Any, board: Board) -> None:
        self.add(self.event_lines(events, state, board))

    def hold_events(self, events: Any, state: Any, board: Board) -> None:
        """A command's lines, kept back until ``reveal_events`` says the table shows their events."""
        self.reveal_all()
        names = zone_names_for(board)
        for number, event in enumerate(events):
            line = _event_line(event, state, board, names)
            if line[0]:
                self.lines.append(line)
                self.held_events.append(number)

    def reveal_events(self, count: int) -> None:
        """Show the held lines of the command's first ``count`` events."""
        ready = 0
        while ready < len(self.held_events) and self.held_events[ready] < count:
            ready += 1
        if ready:
            del self.held_events[:ready]
            self._show_up_to(self.shown + ready)

    def reveal_all(self) -> None:
        self.held_events = []
        self._show_up_to(len(self.lines))

    @staticmethod
    def event_lines(events: Any, state: Any, board: Board) -> list[Any]:
        names = zone_names_for(board)
        lines = [_event_line(event, state, board, names) for event in events]
        return [line for line in lines if line[0]]

    def handle_event(self, event: pygame.event.Event) -> bool:
        handler = getattr(self.panel, "handle_event", None)
        return bool(handler(event)) if handler is not None else False

    def draw(self, surface: pygame.Surface) -> None:
        if self.panel is not None:
            return  # pygame_gui draws it
        r = self.rect
        pygame.draw.rect(surface, PANEL_FILL, r, border_radius=12)
        pygame.draw.rect(surface, PANEL_EDGE, r, 2, border_radius=12)
        surface.blit(font(18).render(_("Log"), True, TEXT), (r.left + 12, r.top + 8))
        y = r.bottom - 10
        for line in reversed(self.shown_lines()):
            words = fit_text(line if isinstance(line, str) else line[0], 14, r.width - 24)
            y -= words.get_height() + 4
            if y < r.top + 36:
                break
            surface.blit(words, (r.left + 12, y))
