"""City of Horror's public log, drawn on the table's canvas (which turns to face a side of a touch
table, so it cannot be a pygame_gui panel): the same behaviour as the other games' log panel.

New lines follow the end unless the reader has scrolled back; then the same lines stay in view. Scroll
with the wheel over it (a few lines a notch), the Back and Latest buttons, or a finger dragged over it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.city_of_horror.overlays import write
from game.app.widgets.dialogs import ACCENT, TEXT, Button, ButtonSet, wrap
from game.app.widgets.log_panel import BAR_COLOUR, BAR_MIN_PX, BAR_TRACK, BAR_W_PX, WHEEL_ROWS
from game.i18n import _

Rect = pygame.Rect
TITLE_PX = 34
ROW_PX = 19
TEXT_SIZE = 14
BUTTON_W_PX = 84


class CanvasLog:
    """``CanvasLog()``; ``layout(rect)``, ``set_lines(lines)``, ``draw(canvas)``; ``wheel``, ``press``,
    ``drag`` and ``release`` with canvas points."""

    def __init__(self) -> None:
        self.rect = Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.rows: list[str] = []
        self.back_rows = 0  # how many rows above the newest the view ends (0: following the log)
        self.buttons = ButtonSet()
        self._drags: dict[int, float] = {}  # pointer → the y it was last dragged at
        self._drag_px = 0.0  # a finger's movement not yet a whole row

    # --- layout and lines ---------------------------------------------------------------------------

    @property
    def text_rect(self) -> Rect:
        return Rect(self.rect.left, self.rect.top + TITLE_PX, self.rect.width, max(0, self.rect.height - TITLE_PX))

    @property
    def room_rows(self) -> int:
        return max(1, (self.text_rect.height - 6) // ROW_PX)

    def layout(self, rect: Rect) -> None:
        if rect != self.rect:
            self.rect = Rect(rect)
            self.rows = self._wrapped(self.lines)
            self._clamp()
        top = self.rect.top + 2
        right = self.rect.right - 4
        self.buttons.buttons = [
            Button(Rect(right - 2 * BUTTON_W_PX - 6, top, BUTTON_W_PX, TITLE_PX - 6), _("Back"), "log_back", "tool"),
            Button(Rect(right - BUTTON_W_PX, top, BUTTON_W_PX, TITLE_PX - 6), _("Latest"), "log_latest", "tool"),
        ]

    def _wrapped(self, lines: Sequence[str]) -> list[str]:
        width = max(20, self.rect.width - 24 - BAR_W_PX)
        return [row for line in lines for row in wrap(line, TEXT_SIZE, width)]

    def set_lines(self, lines: Sequence[str]) -> None:
        """The whole public log now; a reader scrolled back keeps the same lines in view."""
        if list(lines) == self.lines:
            return
        if lines[:len(self.lines)] == self.lines:
            added = self._wrapped(lines[len(self.lines):])
            self.rows += added
            if self.back_rows:
                self.back_rows += len(added)
        else:
            self.rows = self._wrapped(lines)
        self.lines = list(lines)
        self._clamp()

    @property
    def furthest_back(self) -> int:
        return max(0, len(self.rows) - self.room_rows)

    @property
    def at_end(self) -> bool:
        return self.back_rows == 0

    def _clamp(self) -> None:
        self.back_rows = min(max(0, self.back_rows), self.furthest_back)

    def scroll_by(self, rows: int) -> None:
        """Positive rows scroll back towards older lines."""
        self.back_rows += rows
        self._clamp()

    def visible_lines(self) -> list[str]:
        end = len(self.rows) - self.back_rows
        return self.rows[max(0, end - self.room_rows):end]

    # --- input (canvas points) ----------------------------------------------------------------------

    def wheel(self, pos: tuple[float, float], notches: int) -> bool:
        if not notches or not self.rect.collidepoint(pos):
            return False
        self.scroll_by(WHEEL_ROWS * notches)
        return True

    def press(self, pointer: int, pos: tuple[float, float]) -> bool:
        if self.buttons.press(pointer, pos):
            return True
        if self.text_rect.collidepoint(pos):
            self._drags[pointer] = pos[1]
            self._drag_px = 0.0
            return True
        return False

    def drag(self, pointer: int, pos: tuple[float, float]) -> bool:
        """A finger or mouse held on the text moves it with them (down: towards older lines)."""
        if pointer not in self._drags:
            return False
        self._drag_px += pos[1] - self._drags[pointer]
        self._drags[pointer] = pos[1]
        rows = int(self._drag_px / ROW_PX)
        if rows:
            self._drag_px -= rows * ROW_PX
            self.scroll_by(rows)
        return True

    def release(self, pointer: int, pos: tuple[float, float]) -> bool:
        if self._drags.pop(pointer, None) is not None:
            return True
        button = self.buttons.release(pointer, pos)
        if button is None:
            return False
        if button.key == "log_latest":
            self.back_rows = 0
        else:
            self.scroll_by(max(3, self.room_rows - 2))
        return True

    def holds(self, pointer: int) -> bool:
        return pointer in self.buttons.pressed or pointer in self._drags

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface) -> None:
        write(canvas, _("Log"), (self.rect.left + 12, self.rect.top + 6), 18, ACCENT,
              width=self.buttons.buttons[0].rect.left - self.rect.left - 20)
        self.buttons.draw(canvas)
        text = self.text_rect
        y = text.top + 2
        for row in self.visible_lines():
            write(canvas, row, (text.left + 12, y), TEXT_SIZE, TEXT, width=text.width - 24 - BAR_W_PX)
            y += ROW_PX
        if len(self.rows) > self.room_rows:
            track = Rect(text.right - BAR_W_PX - 4, text.top + 2, BAR_W_PX, text.height - 6)
            pygame.draw.rect(canvas, BAR_TRACK, track, border_radius=BAR_W_PX // 2)
            thumb_h = max(BAR_MIN_PX, track.height * self.room_rows // len(self.rows))
            share = 1.0 - self.back_rows / max(1, self.furthest_back)
            thumb_y = track.top + round((track.height - thumb_h) * share)
            pygame.draw.rect(canvas, BAR_COLOUR, (track.left, thumb_y, BAR_W_PX, thumb_h), border_radius=BAR_W_PX // 2)
