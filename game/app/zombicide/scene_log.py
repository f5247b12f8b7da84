"""The game scene's log panel: the engine's events in plain English, and the overrides' own lines."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.render import font
from game.app.widgets.dialogs import PANEL_EDGE, PANEL_FILL, TEXT, fit_text
from game.app.widgets.log_panel import LogPanel
from game.app.zombicide.event_text import describe, tone, zone_names_for
from game.board.model import Board


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


class LogAdapter:
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
        names = zone_names_for(board)
        for event in events:
            if isinstance(event, (SurvivorAdded, SurvivorRemoved)):
                lines.append((_override_words(event, state, board), "phase"))
            else:
                lines.append((describe(event, state, names), tone(event)))
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
