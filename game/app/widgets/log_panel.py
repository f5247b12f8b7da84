"""The game log: a panel that tells every event in words and scrolls back over the whole game.

New lines follow the end of the log unless the player has scrolled back to read; then the view
stays put until they scroll down again. Scroll with the wheel, the bar at the right, the Back and
Latest buttons or by dragging a finger over the text.

The text is drawn here, not by a pygame_gui text box: a text box lays out and redraws all its lines
on every append (tens of milliseconds, a dropped frame per zombie while the zombies' phase plays).
Each line is wrapped once when it arrives, and only the rows in view are rendered, each once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from game.i18n import _

MAX_LINES = 20000  # the whole log of a long game; only the oldest beyond this are dropped
TONE_COLOURS = {
    "plain": "#ece6d8",
    "zombie": "#ff8a7a",
    "danger": "#ff5a4a",
    "good": "#9fe0a0",
    "dice": "#f0c060",
    "phase": "#9fd8ff",
    "card": "#e0b0ff",
}
TEXT_BACKGROUND = (16, 19, 22)
BAR_COLOUR = (120, 128, 138)
BAR_TRACK = (36, 41, 47)
TITLE_PX = 30
BUTTON_PX = 64
LINE_PX = 26  # a scrolling step: a row of text and its spacing
TEXT_PX = 15
MARGIN_PX = 6
BAR_W_PX = 8
BAR_MIN_PX = 24
WHEEL_ROWS = 3  # lines one notch of the wheel scrolls
RENDERED_ROWS_KEPT = 400  # rendered rows kept for scrolling back and forth
FONT_FILE = Path(pygame_gui.__file__).resolve().parent / "data" / "NotoSans-Regular.ttf"

Line = str | tuple[str, str]  # text, or (text, tone)


def _wrap(text: str, font: pygame.font.Font, width_px: int) -> list[str]:
    """The rows ``text`` takes at ``width_px``: greedy by words; a word too long alone is cut."""
    rows: list[str] = []
    row = ""
    for word in text.split(" "):
        candidate = f"{row} {word}" if row else word
        if font.size(candidate)[0] <= width_px:
            row = candidate
            continue
        if row:
            rows.append(row)
        row = word
        while len(row) > 1 and font.size(row)[0] > width_px:
            cut = len(row) - 1
            while cut > 1 and font.size(row[:cut])[0] > width_px:
                cut -= 1
            rows.append(row[:cut])
            row = row[cut:]
    rows.append(row)
    return rows


class LogTextView(UIImage):
    """The text area: shows what the panel composes, scrolls with the wheel and with its bar."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, container, owner: LogPanel):
        super().__init__(rect, pygame.Surface(rect.size), manager=manager, container=container,
                         object_id=ObjectID(object_id="#log_text"))
        self.owner = owner
        self.dragging_bar = False

    def bar_rect(self) -> pygame.Rect:
        """The strip at the right where the bar runs, on the screen."""
        return pygame.Rect(self.rect.right - BAR_W_PX - 4, self.rect.top, BAR_W_PX + 4, self.rect.height)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.hovered and event.y:
            self.owner.scroll_by(WHEEL_ROWS * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar_rect().collidepoint(event.pos):
            self.dragging_bar = True
            self.owner.scroll_to_bar(event.pos[1] - self.rect.top)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging_bar:
            self.owner.scroll_to_bar(event.pos[1] - self.rect.top)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging_bar:
            self.dragging_bar = False
            return True
        return False


class LogPanel:
    """``LogPanel(manager, rect)``; ``add_lines(lines)``; scrolls back with wheel, bar, buttons or finger."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, container=None, title: str = ""):
        self.manager = manager
        self.title = title or _("Log")
        self.lines: list[tuple[str, str]] = []
        self.rows: list[tuple[str, str]] = []  # the wrapped rows of every line: text, colour
        self.row_counts: list[int] = []  # rows per line, to drop the oldest lines' rows
        self.offset_px = 0.0  # from the top of the whole text to the top of the view
        self._rendered: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._first_row = 0  # rows dropped with the oldest lines, so cached renders keep their keys
        self._drag_y: float | None = None
        self._font = pygame.font.Font(str(FONT_FILE), TEXT_PX) if FONT_FILE.exists() else pygame.font.Font(None, 20)
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
        self.text_view = LogTextView(pygame.Rect(4, TITLE_PX + 2, inner_w + 2, max(30, h - TITLE_PX - 10)),
                                     self.manager, self.panel, self)
        self._rewrap()
        self.scroll_to_end()

    @property
    def _text_w_px(self) -> int:
        return max(20, self.text_view.rect.width - 2 * MARGIN_PX - BAR_W_PX)

    def _wrapped(self, text: str, tone: str) -> list[tuple[str, str]]:
        colour = TONE_COLOURS.get(tone, TONE_COLOURS["plain"])
        return [(row, colour) for row in _wrap(text, self._font, self._text_w_px)]

    def _rewrap(self) -> None:
        self.rows, self.row_counts = [], []
        self._rendered.clear()
        self._first_row = 0
        for text, tone in self.lines:
            wrapped = self._wrapped(text, tone)
            self.rows.extend(wrapped)
            self.row_counts.append(len(wrapped))

    @property
    def rect(self) -> pygame.Rect:
        return self.panel.rect

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move or resize the panel (on a window resize); the lines and the view are kept."""
        back = self.scrolled_back_px
        self.panel.set_relative_position(rect.topleft)
        self.panel.set_dimensions(rect.size)
        for element in (self.title_label, self.up_button, self.down_button, self.text_view):
            element.kill()
        self._build()
        self._set_offset_px(self._content_px() - self._view_px() - back)

    def kill(self) -> None:
        self.panel.kill()

    # --- lines ----------------------------------------------------------------------------------

    def add_lines(self, lines: Iterable[Line]) -> None:
        new = [(line, "plain") if isinstance(line, str) else (line[0], line[1]) for line in lines]
        new = [(text, tone) for text, tone in new if text]
        if not new:
            return
        back = self.scrolled_back_px
        self.lines.extend(new)
        for text, tone in new:
            wrapped = self._wrapped(text, tone)
            self.rows.extend(wrapped)
            self.row_counts.append(len(wrapped))
        if len(self.lines) > MAX_LINES:
            dropped = len(self.lines) - MAX_LINES
            dropped_rows = sum(self.row_counts[:dropped])
            del self.lines[:dropped], self.row_counts[:dropped], self.rows[:dropped_rows]
            self._first_row += dropped_rows
            self.offset_px = max(0.0, self.offset_px - dropped_rows * LINE_PX)
        if back <= LINE_PX / 2:  # following the end
            self.scroll_to_end()
        else:  # reading back: the same lines stay in view
            self._compose()

    def clear(self) -> None:
        self.lines.clear()
        self._rewrap()
        self.offset_px = 0.0
        self._compose()

    def visible_lines(self) -> list[str]:
        """The rows in view now, top to bottom (for tests and for reading aloud)."""
        first, last = self._visible_rows()
        return [self.rows[n][0] for n in range(first, last)]

    # --- drawing --------------------------------------------------------------------------------

    def _visible_rows(self) -> tuple[int, int]:
        first = max(0, int((self.offset_px - MARGIN_PX) // LINE_PX))
        last = min(len(self.rows), int((self.offset_px + self._view_px()) // LINE_PX) + 1)
        return first, last

    def _row_surface(self, n: int) -> pygame.Surface:
        key = n + self._first_row
        surface = self._rendered.get(key)
        if surface is None:
            text, colour = self.rows[n]
            surface = self._font.render(text, True, colour)
            self._rendered[key] = surface
            if len(self._rendered) > RENDERED_ROWS_KEPT:
                self._rendered.popitem(last=False)
        else:
            self._rendered.move_to_end(key)
        return surface

    def _compose(self) -> None:
        view = self.text_view
        image = pygame.Surface(view.rect.size)
        image.fill(TEXT_BACKGROUND)
        first, last = self._visible_rows()
        for n in range(first, last):
            y = MARGIN_PX + n * LINE_PX - round(self.offset_px)
            surface = self._row_surface(n)
            image.blit(surface, (MARGIN_PX, y + (LINE_PX - surface.get_height()) // 2))
        content, height = self._content_px(), self._view_px()
        if content > height:
            track = pygame.Rect(view.rect.width - BAR_W_PX - 2, 2, BAR_W_PX, view.rect.height - 4)
            pygame.draw.rect(image, BAR_TRACK, track, border_radius=BAR_W_PX // 2)
            thumb_h = self._thumb_px(track.height)
            thumb_y = track.top + round((track.height - thumb_h) * self.offset_px / max(1.0, content - height))
            pygame.draw.rect(image, BAR_COLOUR, (track.left, thumb_y, BAR_W_PX, thumb_h), border_radius=BAR_W_PX // 2)
        view.set_image(image)

    def _thumb_px(self, track_px: float) -> int:
        return max(BAR_MIN_PX, round(track_px * self._view_px() / max(1.0, self._content_px())))

    # --- scrolling ------------------------------------------------------------------------------

    def _content_px(self) -> float:
        return float(len(self.rows) * LINE_PX + 2 * MARGIN_PX)

    def _view_px(self) -> float:
        return float(self.text_view.rect.height)

    def _set_offset_px(self, offset_px: float) -> None:
        furthest = max(0.0, self._content_px() - self._view_px())
        self.offset_px = min(max(offset_px, 0.0), furthest)
        self._compose()

    @property
    def at_end(self) -> bool:
        return self.scrolled_back_px <= LINE_PX / 2

    @property
    def scrolled_back_px(self) -> float:
        """How far above the newest line the view is (0 when following the log)."""
        return max(0.0, self._content_px() - self._view_px() - self.offset_px)

    def scroll_by(self, rows: float) -> None:
        """Positive rows scroll back towards older lines."""
        self._set_offset_px(self.offset_px - rows * LINE_PX)

    def scroll_to_end(self) -> None:
        self._set_offset_px(self._content_px())

    def scroll_to_bar(self, y_px: float) -> None:
        """The bar dragged or pressed at ``y_px`` from the view's top: its thumb centred there."""
        track_px = self._view_px() - 4
        thumb_px = self._thumb_px(track_px)
        share = min(max((y_px - 2 - thumb_px / 2) / max(1.0, track_px - thumb_px), 0.0), 1.0)
        self._set_offset_px(share * (self._content_px() - self._view_px()))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons and finger drags over the text; call it with every event. True when used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.up_button:
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
                if self.text_view.rect.collidepoint(pos):
                    self._drag_y = pos[1]
                    return True
                return False
            if self._drag_y is None:
                return False
            if event.type == pygame.FINGERMOTION:
                dy = pos[1] - self._drag_y
                self._drag_y = pos[1]
                self._set_offset_px(self.offset_px - dy)
            else:
                self._drag_y = None
            return True
        return False  # the wheel and the bar are the text view's own (pygame_gui hands it their events)
