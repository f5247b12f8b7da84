"""Tutorial prompts over the table, for any game: the mission file's steps (``game.board.tutorial``)
shown one at a time in a pygame_gui panel, each pointing at a zone of the board.

``TutorialGuide`` is the bookkeeping (no pygame): which step is shown, and whether the events a
command produced end it. ``TutorialPrompt`` is the panel: the step's words, Next (a step the player
reads) or Skip step (a step that waits for something to happen on the table), and End tutorial.
``draw_pointer`` rings the zone a step points at. A scene feeds the guide the events its table has
shown, and routes pygame_gui's button presses to ``handle_event``.
"""

from __future__ import annotations

import dataclasses
import html
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game import i18n
from game.board.tutorial import NEXT, TutorialStep, tutorial_steps
from game.i18n import _

POINTER_COLOUR = (255, 214, 90)
BUTTON_H_PX = 40
TITLE_H_PX = 24
TEXT_PX = 18  # the theme's text box font, near enough to measure the words' lines
LINE_PX = 28
NARROW_PX = 320  # a panel narrower than this (beside the table) writes smaller
NARROW_TEXT_PX = 14  # the theme's #tutorial_text_narrow
NARROW_LINE_PX = 23
BESIDE_LOG_PX = 110  # what a panel beside the table leaves of its column (the log's latest lines)


def event_values(event: Any) -> set[str]:
    """The words an event carries (its phase, zones, survivor…), for a step's ``match``."""
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        values = [getattr(event, f.name) for f in dataclasses.fields(event)]
    else:
        values = list(getattr(event, "__dict__", {}).values())
    return {str(v) for v in values if isinstance(v, (str, int)) and not isinstance(v, bool)}


class TutorialGuide:
    """The steps of a tutorial and the one shown now."""

    def __init__(self, steps: Sequence[TutorialStep]):
        self.steps = tuple(steps)
        self.index = 0
        self.ended = not self.steps

    @property
    def step(self) -> TutorialStep | None:
        return None if self.ended or self.index >= len(self.steps) else self.steps[self.index]

    def _advance(self) -> None:
        self.index += 1
        if self.index >= len(self.steps):
            self.ended = True

    def observe(self, events: Iterable[Any]) -> bool:
        """Events the table has shown; True when they ended the step (or several steps in turn)."""
        moved = False
        for event in events:
            step = self.step
            if step is None or step.until == NEXT:
                break
            if getattr(event, "kind", "") == step.until and (step.match is None or step.match in event_values(event)):
                self._advance()
                moved = True
        return moved

    def next(self) -> None:
        """Next, or Skip step: the player moves on."""
        if self.step is not None:
            self._advance()

    def end(self) -> None:
        self.ended = True

    def progress(self) -> dict[str, Any]:
        """Where the tutorial is, as plain JSON for a save's app extras (the engine never knows it)."""
        return {"step": self.index, "ended": self.ended}

    def restore(self, progress: Any) -> bool:
        """Go back to a saved ``progress``; anything that is not one (an old save, a hand-edited
        file, a mission with fewer steps now) leaves the guide at its first step. True when restored."""
        if not isinstance(progress, dict):
            return False
        step, ended = progress.get("step"), progress.get("ended")
        if not isinstance(step, int) or isinstance(step, bool) or not isinstance(ended, bool):
            return False
        if not 0 <= step <= len(self.steps):
            return False
        self.index = step
        self.ended = ended or step >= len(self.steps)
        return True


class TutorialPrompt:
    """The panel of a tutorial's steps, laid out by the scene; ``None`` from ``for_board`` when the
    board's mission has no tutorial."""

    def __init__(self, manager: pygame_gui.UIManager | None, guide: TutorialGuide):
        self.manager = manager
        self.guide = guide
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.panel: UIPanel | None = None
        self.buttons: dict[str, UIButton] = {}
        self.shown: tuple[int, bool] | None = None  # (step, ended) the panel shows
        self.hidden_for_dialog = False
        self.on_step: Callable[[], object] | None = None  # called when the player or the table moves the step on

    @classmethod
    def for_board(cls, app: Any, board: Any) -> TutorialPrompt | None:
        steps = tutorial_steps(getattr(board, "properties", {}))
        return cls(getattr(app, "ui", None), TutorialGuide(steps)) if steps else None

    @property
    def step(self) -> TutorialStep | None:
        return self.guide.step

    def text(self) -> str:
        step = self.step
        return step.text_in(i18n.language()) if step is not None else ""

    def panel_rect(self, table: pygame.Rect, every_step: bool = False, share: float = 0.5) -> pygame.Rect:
        """The panel: along the top of the table (Fit keeps the board below it), as tall as its
        words need (``every_step``: as the longest step's, so the board below never moves), within
        ``share`` of the table's height."""
        width = min(620, table.width - 20)
        texts = [s.text_in(i18n.language()) for s in self.guide.steps] if every_step else [self.text()]
        height = min(max(self.height_px(width, text) for text in texts), int(table.height * share))
        return pygame.Rect(table.centerx - width // 2, table.top + 8, width, height)

    def beside_rect(self, column: pygame.Rect) -> pygame.Rect:
        """The panel at the top of a side ``column`` (a short window, where over the table it would
        leave too little board): as tall as the wordiest step needs, so nothing below it moves
        from step to step."""
        tallest = max(self.height_px(column.width, step.text_in(i18n.language())) for step in self.guide.steps)
        return pygame.Rect(column.left, column.top, column.width, min(tallest, column.height - BESIDE_LOG_PX))

    def height_px(self, width_px: int, text: str | None = None) -> int:
        """The panel's height for ``width_px``: the words (the step's) wrapped, its title and its buttons."""
        from game.app.render import font

        words = (self.text() if text is None else text).split()
        line_w, lines, room = 0, 1, max(60, width_px - 40)
        narrow = width_px < NARROW_PX
        face = font(NARROW_TEXT_PX if narrow else TEXT_PX)
        for word in words:
            size = face.size(word + " ")[0]
            if line_w + size > room and line_w:
                lines, line_w = lines + 1, 0
            line_w += size
        line_px = NARROW_LINE_PX if narrow else LINE_PX
        return TITLE_H_PX + 2 + lines * line_px + 18 + self.button_rows(width_px) * (BUTTON_H_PX + 6) + 8

    @staticmethod
    def button_rows(width_px: int) -> int:
        """A narrow panel puts Next above End tutorial, each as wide as the panel (their words fit)."""
        return 2 if width_px < NARROW_PX else 1

    @property
    def visible(self) -> bool:
        return self.panel is not None and self.panel.visible

    def set_visible(self, visible: bool) -> None:
        """Hidden while a dialog asks something (its buttons must not sit under the panel), shown
        again after; a panel the app hid (under an end screen) stays hidden."""
        if self.panel is None:
            return
        if not visible and self.panel.visible:
            self.panel.hide()
            self.hidden_for_dialog = True
        elif visible and self.hidden_for_dialog:
            self.panel.show()
            self.hidden_for_dialog = False

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.shown = None
        self.refresh()

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons = {}

    def refresh(self) -> None:
        """Rebuild the panel when the step changed (or hide it once the tutorial is over)."""
        now = (self.guide.index, self.guide.ended)
        if now == self.shown:
            return
        self.shown = now
        self.kill()
        self.hidden_for_dialog = False
        step = self.step
        if step is None or self.manager is None:
            return
        w, h = self.rect.size
        self.panel = UIPanel(self.rect, manager=self.manager, object_id=ObjectID(object_id="#tutorial_panel"))
        inner_w = w - 12
        UILabel(pygame.Rect(8, 2, inner_w - 16, TITLE_H_PX),
                _("Tutorial · step {n} of {total}").format(n=self.guide.index + 1, total=len(self.guide.steps)),
                manager=self.manager, container=self.panel, object_id=ObjectID(object_id="#tutorial_title"))
        buttons_h = self.button_rows(w) * (BUTTON_H_PX + 6)
        UITextBox(html.escape(self.text(), quote=False), pygame.Rect(4, TITLE_H_PX + 2, inner_w, h - TITLE_H_PX - buttons_h - 10),
                  manager=self.manager, container=self.panel,
                  object_id=ObjectID(object_id="#tutorial_text_narrow" if w < NARROW_PX else "#tutorial_text"))
        label = _("Next") if step.until == NEXT else _("Skip step")
        if self.button_rows(w) == 2:  # a narrow panel: Next above End tutorial, each as wide as the panel
            next_rect = pygame.Rect(8, h - 2 * BUTTON_H_PX - 16, inner_w - 12, BUTTON_H_PX)
            end_rect = pygame.Rect(8, h - BUTTON_H_PX - 10, inner_w - 12, BUTTON_H_PX)
        else:
            button_w = min(170, (inner_w - 24) // 2)
            y = h - BUTTON_H_PX - 10
            next_rect = pygame.Rect(inner_w - button_w - 4, y, button_w, BUTTON_H_PX)
            end_rect = pygame.Rect(8, y, button_w, BUTTON_H_PX)
        self.buttons["next"] = UIButton(next_rect, label, manager=self.manager, container=self.panel,
                                        object_id=ObjectID(object_id="#tutorial_next"))
        self.buttons["end"] = UIButton(end_rect, _("End tutorial"),
                                       manager=self.manager, container=self.panel,
                                       object_id=ObjectID(object_id="#tutorial_end"))

    def observe(self, events: Iterable[Any]) -> None:
        if self.guide.observe(events):
            self.refresh()
            self._stepped()

    def _stepped(self) -> None:
        if self.on_step is not None:  # the scene keeps its autosave in step with the tutorial
            self.on_step()

    def restore(self, progress: Any) -> None:
        """Show the step a saved game was on (``TutorialGuide.restore``)."""
        if self.guide.restore(progress):
            self.refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Next, Skip step and End tutorial; True when the press was one of them."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.buttons.get("next"):
            self.guide.next()
        elif event.ui_element is self.buttons.get("end"):
            self.guide.end()
        else:
            return False
        self.refresh()
        self._stepped()
        return True


def draw_pointer(surface: pygame.Surface, points: Sequence[tuple[float, float]], clock_s: float) -> None:
    """A pulsing outline round the zone a step points at (``points``: its polygon on screen)."""
    if len(points) < 3:
        return
    pulse = 0.5 + 0.5 * math.sin(clock_s * 5)
    pygame.draw.polygon(surface, POINTER_COLOUR, points, 3 + round(4 * pulse))
