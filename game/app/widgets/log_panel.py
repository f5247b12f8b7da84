"""The game log: a pygame_gui panel that tells every event in words and scrolls back.

New lines follow the end of the log unless the player has scrolled back to read; then the view
stays put until they scroll down again. Scroll with the wheel, the scroll bar, the Back and Latest buttons or
by dragging a finger over the text.

The panel keeps the whole log but its text box holds only the latest lines (laying out a long text
box takes pygame_gui seconds): Back at the top of the box brings the next older page in.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.i18n import _, ngettext

MAX_LINES = 20000  # the whole log of a long game; only the oldest beyond this are dropped
SHOWN_LINES = 60  # lines the text box holds while following the end
PAGE_LINES = 60  # lines Back brings in at the top, and how far past SHOWN_LINES the box grows
TONE_COLOURS = {
    "plain": "#ece6d8",
    "zombie": "#ff8a7a",
    "danger": "#ff5a4a",
    "good": "#9fe0a0",
    "dice": "#f0c060",
    "phase": "#9fd8ff",
    "card": "#e0b0ff",
}
TITLE_PX = 30
BUTTON_PX = 64
LINE_PX = 26
WHEEL_ROWS = 3  # lines one notch of the wheel scrolls (pygame_gui's own step is about one and a half)

Line = str | tuple[str, str]  # text, or (text, tone)


class LogPanel:
    """``LogPanel(manager, rect)``; ``add_lines(lines)``; scrolls back with wheel, bar, buttons or finger."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, container=None, title: str = ""):
        self.manager = manager
        self.title = title or _("Log")
        self.lines: list[tuple[str, str]] = []
        self.first_shown = 0  # index in ``lines`` of the text box's first line
        self._drag_y: float | None = None
        self._drag_moved = 0.0
        self.panel = UIPanel(pygame.Rect(rect), manager=manager, container=container, object_id="#log_panel")
        self._build()

    # --- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        w, h = self.panel.relative_rect.size
        inner_w = max(40, w - 12)
        self.title_label = UILabel(pygame.Rect(8, 2, inner_w - 2 * BUTTON_PX - 8, TITLE_PX - 2), self.title,
                                   manager=self.manager, container=self.panel,
                                   object_id=ObjectID(object_id="#log_title"))
        self.up_button = UIButton(pygame.Rect(w - 2 * BUTTON_PX - 10, 2, BUTTON_PX, TITLE_PX - 2), _("Back"),
                                  manager=self.manager, container=self.panel, tool_tip_text=_("Scroll back"),
                                  object_id=ObjectID(object_id="#log_up", class_id="@log_button"))
        self.down_button = UIButton(pygame.Rect(w - BUTTON_PX - 6, 2, BUTTON_PX, TITLE_PX - 2), _("Latest"),
                                    manager=self.manager, container=self.panel, tool_tip_text=_("Latest lines"),
                                    object_id=ObjectID(object_id="#log_down", class_id="@log_button"))
        self.text_box = UITextBox(self._shown_html(), pygame.Rect(4, TITLE_PX + 2, inner_w + 2, max(30, h - TITLE_PX - 10)),
                                  manager=self.manager, container=self.panel,
                                  object_id=ObjectID(object_id="#log_text"))
        self._tune_wheel()
        self.scroll_to_end()

    def _html(self, lines: Iterable[tuple[str, str]] | None = None) -> str:
        return "".join(self._line_html(text, tone) for text, tone in (self.lines if lines is None else lines))

    def _shown_html(self) -> str:
        older = ""
        if self.first_shown > 0:
            words = ngettext("{n} older line: Back at the top shows it", "{n} older lines: Back at the top shows them",
                             self.first_shown).format(n=self.first_shown)
            older = f"<font color='{TONE_COLOURS['phase']}'>{html.escape(words)}</font><br>"
        return older + self._html(self.lines[self.first_shown:])

    def _reshow(self) -> None:
        self.text_box.set_text(self._shown_html())
        self._tune_wheel()

    def _tune_wheel(self) -> None:
        """The text box makes its scroll bar anew as the text grows: give each one the log's wheel step.
        pygame_gui moves the text by about ``scroll_wheel_speed`` pixels a notch."""
        bar = self.text_box.scroll_bar
        if bar is not None:
            bar.scroll_wheel_speed = WHEEL_ROWS * LINE_PX

    @property
    def shown_lines(self) -> int:
        """Lines the text box holds now."""
        return len(self.lines) - self.first_shown

    def show_older(self) -> bool:
        """Bring the next older page into the box, the view at its top. False when all are shown."""
        if self.first_shown <= 0:
            return False
        self.first_shown = max(0, self.first_shown - PAGE_LINES)
        self._reshow()
        self._set_offset_px(0.0)
        return True

    @staticmethod
    def _line_html(text: str, tone: str) -> str:
        colour = TONE_COLOURS.get(tone, TONE_COLOURS["plain"])
        return f"<font color='{colour}'>{html.escape(text, quote=False)}</font><br>"

    @property
    def rect(self) -> pygame.Rect:
        return self.panel.rect

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move or resize the panel (on a window resize); the lines and the view are kept."""
        self.panel.set_relative_position(rect.topleft)
        self.panel.set_dimensions(rect.size)
        for element in (self.title_label, self.up_button, self.down_button, self.text_box):
            element.kill()
        self._build()

    def kill(self) -> None:
        self.panel.kill()

    # --- lines ----------------------------------------------------------------------------------

    def add_lines(self, lines: Iterable[Line]) -> None:
        new = [(line, "plain") if isinstance(line, str) else (line[0], line[1]) for line in lines]
        new = [(text, tone) for text, tone in new if text]
        if not new:
            return
        follow = self.at_end
        offset = self._offset_px()
        self.lines.extend(new)
        if len(self.lines) > MAX_LINES:
            dropped = len(self.lines) - MAX_LINES
            del self.lines[:dropped]
            self.first_shown = max(0, self.first_shown - dropped)
        if follow and self.shown_lines > SHOWN_LINES + PAGE_LINES:  # start the box afresh, now and then
            self.first_shown = len(self.lines) - SHOWN_LINES
            self._reshow()
        elif self.shown_lines > 4 * (SHOWN_LINES + PAGE_LINES):  # read back for very long: follow again
            self.first_shown = len(self.lines) - SHOWN_LINES
            self._reshow()
            follow = True
        else:
            self.text_box.append_html_text(self._html(new))
        self._tune_wheel()
        if follow:
            self.scroll_to_end()
        else:
            self._set_offset_px(offset)

    def clear(self) -> None:
        self.lines.clear()
        self.first_shown = 0
        self.text_box.set_text("")
        self._tune_wheel()

    # --- scrolling ------------------------------------------------------------------------------

    def _content_px(self) -> float:
        layout = self.text_box.text_box_layout
        return float(layout.layout_rect.height) if layout is not None else 0.0

    def _view_px(self) -> float:
        wrap = self.text_box.text_wrap_rect
        return float(wrap[3]) if wrap is not None else float(self.text_box.rect.height)

    def _offset_px(self) -> float:
        bar = self.text_box.scroll_bar
        return bar.start_percentage * self._content_px() if bar is not None else 0.0

    def _set_offset_px(self, offset_px: float) -> None:
        bar = self.text_box.scroll_bar
        content = self._content_px()
        if bar is None or content <= 0:
            return
        furthest = max(0.0, 1.0 - self._view_px() / content)
        bar.set_scroll_from_start_percentage(min(max(offset_px / content, 0.0), furthest))
        self.text_box.update(0.0)

    @property
    def at_end(self) -> bool:
        bar = self.text_box.scroll_bar
        if bar is None:
            return True
        return self._offset_px() + self._view_px() >= self._content_px() - LINE_PX / 2

    @property
    def scrolled_back_px(self) -> float:
        """How far above the newest line the view is (0 when following the log)."""
        if self.text_box.scroll_bar is None:
            return 0.0
        return max(0.0, self._content_px() - self._view_px() - self._offset_px())

    def scroll_by(self, rows: float) -> None:
        """Positive rows scroll back towards older lines."""
        self._set_offset_px(self._offset_px() - rows * LINE_PX)

    def scroll_to_end(self) -> None:
        self._set_offset_px(self._content_px())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons and finger drags over the text; call it with every event. True when used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.up_button:
                if self._offset_px() <= 1.0 and self.show_older():
                    return True
                self.scroll_by(max(3.0, self._view_px() / LINE_PX - 2))
                return True
            if event.ui_element is self.down_button:
                self.scroll_to_end()
                return True
            return False
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            screen = pygame.display.get_surface()
            size = screen.get_size() if screen is not None else (1, 1)
            pos = (event.x * size[0], event.y * size[1])
            if event.type == pygame.FINGERDOWN:
                if self.text_box.rect.collidepoint(pos):
                    self._drag_y, self._drag_moved = pos[1], 0.0
                    return True
                return False
            if self._drag_y is None:
                return False
            if event.type == pygame.FINGERMOTION:
                dy = pos[1] - self._drag_y
                self._drag_y = pos[1]
                self._drag_moved += abs(dy)
                self._set_offset_px(self._offset_px() - dy)
            else:
                self._drag_y = None
            return True
        return False  # the wheel is pygame_gui's own (the text box's scroll bar)
