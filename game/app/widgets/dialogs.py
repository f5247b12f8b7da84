"""Touch-sized buttons and the modal choice dialog (searches, trades, wounds, skills, re-rolls).

Drawn with plain pygame so a finger and a mouse behave the same: a button fires when the press
that began on it is released on it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.app.render import font
from game.i18n import _
from game.rules.core.frozen import mutable_record

BUTTON_H_PX = 56  # every touch target is at least this tall
HEADER_PX = 58  # a dialog's title band
LINE_PX = 28
PANEL_FILL = (26, 29, 31)
PANEL_EDGE = (88, 94, 96)
TEXT = (240, 236, 226)
MUTED = (150, 150, 146)
ACCENT = (232, 176, 64)

GROUP_COLORS = {
    "move": (52, 112, 74), "door": (150, 112, 40), "attack": (150, 56, 46), "search": (56, 90, 150),
    "items": (84, 84, 120), "trade": (84, 84, 120), "turn": (70, 70, 74), "other": (64, 76, 84),
    "tool": (54, 60, 64), "danger": (140, 40, 36), "option": (58, 66, 74),
}
HEADER_FILL = (40, 36, 30)


@mutable_record
class Button:
    rect: pygame.Rect
    label: str
    key: str
    group: str = "tool"
    enabled: bool = True
    toggled: bool = False


def fitted(text: str, size_px: int, width_px: int) -> tuple[str, int]:
    """The words ``fit_text`` draws for ``text`` (cut with an ellipsis when nothing fits) and their size."""
    for size in range(size_px, 10, -1):
        if font(size).size(text)[0] <= width_px:
            return text, size
    while len(text) > 2 and font(11).size(text + "…")[0] > width_px:
        text = text[:-1]
    return text + "…", 11


def fit_text(text: str, size_px: int, width_px: int) -> pygame.Surface:
    """The text in ``size_px`` or smaller, cut with an ellipsis when it still does not fit."""
    words, size = fitted(text, size_px, width_px)
    return font(size).render(words, True, TEXT)


# the sizes a button's name tries, most readable first: one line, then two, then three; a word
# wider than the button then makes the line smaller
NAME_TRIES = ((1, 17), (1, 16), (1, 15), (2, 16), (2, 15), (2, 14), (2, 13), (3, 13), (3, 12), (1, 14), (1, 13),
              (1, 12), (1, 11))


def fit_lines(text: str, width_px: int, height_px: int, most_lines: int = 3, cut: bool = True,
              tries: Sequence[tuple[int, int]] = NAME_TRIES) -> tuple[int, list[str]]:
    """``text`` whole in as few lines (up to ``most_lines``) and as large as fits ``width_px`` ×
    ``height_px``: its size and lines, trying ``tries`` (lines, size) in order. When nothing fits whole,
    one line cut with an ellipsis (no lines when not ``cut``)."""
    for lines_n, size in tries:
        if lines_n > most_lines or lines_n * font(size).get_linesize() > height_px:
            continue
        lines = wrap(text, size, width_px)
        if len(lines) <= lines_n and all(font(size).size(line)[0] <= width_px for line in lines):
            return size, lines
    if not cut:
        return 0, []
    words, size = fitted(text, 17, width_px)
    return size, [words]


def is_whole(lines: Sequence[str], text: str) -> bool:
    """Whether ``lines`` hold every word of ``text`` (nothing cut)."""
    return " ".join(lines) == " ".join(text.split())


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` pixels at ``size``."""
    lines: list[str] = []
    for word in text.split():
        if lines and font(size).size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def draw_button(target: pygame.Surface, button: Button, pressed: bool = False, label_dy_px: int = 0,
                label_right_px: int = 0, lines: tuple[int, Sequence[str]] | None = None) -> list[str]:
    """One button; its name in one line fitted to it, or the ``lines`` (size, words) given. Gives
    back the words drawn."""
    base: tuple[int, ...] = GROUP_COLORS.get(button.group, GROUP_COLORS["tool"])
    if not button.enabled:
        base = (48, 50, 52)
    elif button.toggled:
        base = tuple(min(255, c + 60) for c in base)
    if pressed and button.enabled:
        base = tuple(max(0, c - 25) for c in base)
    pygame.draw.rect(target, (10, 10, 10), button.rect.move(0, 2), border_radius=10)
    pygame.draw.rect(target, base, button.rect, border_radius=10)
    edge = ACCENT if button.toggled else tuple(min(255, c + 40) for c in base)
    pygame.draw.rect(target, edge, button.rect, 2, border_radius=10)
    if lines is None:  # room kept at the right for a badge
        words, size = fitted(button.label, 17, button.rect.width - 14 - label_right_px)
        lines = (size, [words])
    size, texts = lines
    step = font(size).get_linesize()
    top = button.rect.centery + label_dy_px - step * len(texts) // 2
    for n, text in enumerate(texts):
        surface = font(size).render(text, True, TEXT)
        if not button.enabled:
            surface.set_alpha(120)
        target.blit(surface, surface.get_rect(midtop=(button.rect.centerx - label_right_px // 2, top + n * step)))
    return list(texts)


def flow_buttons(area: pygame.Rect, labels: Sequence[tuple[str, str, str]], min_w_px: int = 120,
                 gap_px: int = 8, height_px: int = BUTTON_H_PX) -> list[Button]:
    """(label, key, group) laid out left to right in rows inside ``area``; widths follow the words."""
    buttons = []
    x, y = area.left, area.top
    for label, key, group in labels:
        width = max(min_w_px, min(area.width, font(17).size(label)[0] + 28))
        if x + width > area.right and x > area.left:
            x, y = area.left, y + height_px + gap_px
        if y + height_px > area.bottom:
            break
        buttons.append(Button(pygame.Rect(x, y, width, height_px), label, key, group))
        x += width + gap_px
    return buttons


def flow_buttons_with_more(area: pygame.Rect, labels: Sequence[tuple[str, str, str]], more: tuple[str, str, str],
                           kept: Sequence[str] = (), min_w_px: int = 120, gap_px: int = 8,
                           height_px: int = BUTTON_H_PX) -> tuple[list[Button], list[str]]:
    """``flow_buttons``, but nothing is silently left out: when the labels do not all fit, the last
    ones (never those whose key is in ``kept``) give way to the ``more`` button, and their keys are
    returned, in order, for it to offer."""
    if len(flow_buttons(area, labels, min_w_px, gap_px, height_px)) == len(labels):
        return flow_buttons(area, labels, min_w_px, gap_px, height_px), []
    shown = list(labels)
    hidden: list[str] = []
    while shown:
        movable = [i for i, (_label, key, _group) in enumerate(shown) if key not in kept]
        if not movable:
            break
        index = movable[-1]
        hidden.insert(0, shown.pop(index)[1])
        tried = [*[entry for entry in shown if entry[1] not in kept], more, *[entry for entry in shown if entry[1] in kept]]
        buttons = flow_buttons(area, tried, min_w_px, gap_px, height_px)
        if len(buttons) == len(tried):
            return buttons, hidden
    return flow_buttons(area, [more, *[entry for entry in labels if entry[1] in kept]], min_w_px, gap_px,
                        height_px), [key for _label, key, _group in labels if key not in kept]


class ButtonSet:
    """Buttons that fire on release over the button the press began on."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.pressed: dict[int, Button] = {}  # pointer id → button held

    def at(self, pos: tuple[float, float]) -> Button | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button
        return None

    def press(self, pointer: int, pos: tuple[float, float]) -> bool:
        button = self.at(pos)
        if button is None:
            return False
        self.pressed[pointer] = button
        return True

    def release(self, pointer: int, pos: tuple[float, float]) -> Button | None:
        held = self.pressed.pop(pointer, None)
        if held is not None and held.enabled and held.rect.collidepoint(pos):
            return held
        return None

    def draw(self, target: pygame.Surface) -> None:
        held = set(id(b) for b in self.pressed.values())
        for button in self.buttons:
            draw_button(target, button, id(button) in held)


class ChoiceDialog:
    """A modal question with one big button per option (and an optional Cancel)."""

    def __init__(self, title: str, lines: Sequence[str], options: Sequence[str], on_choose: Callable[[int], object],
                 cancel: bool = False):
        self.title = title
        self.lines = list(lines)
        self.options = list(options)
        self.on_choose = on_choose
        self.cancel = cancel
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = ButtonSet()
        self.closed = False

    def layout(self, window: pygame.Rect) -> None:
        """Options one under the other; more than fit in a column go into two or three columns."""
        gap = 8
        head = HEADER_PX + 12 + LINE_PX * len(self.lines)
        foot = BUTTON_H_PX + 24 if self.cancel else 16
        room = max(BUTTON_H_PX, window.height - 60 - head - foot)
        per_column = max(1, (room + gap) // (BUTTON_H_PX + gap))
        columns = max(1, min(3, math.ceil(len(self.options) / per_column)))
        rows = max(1, math.ceil(len(self.options) / columns))
        column_w = 600 if columns == 1 else 320
        width = min(column_w * columns + 40 + gap * (columns - 1), window.width - 40)
        column_w = (width - 40 - gap * (columns - 1)) // columns
        height = min(head + rows * (BUTTON_H_PX + gap) - gap + foot + 12, window.height - 40)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = window.center
        top = self.rect.top + head
        buttons = []
        for index, option in enumerate(self.options):
            column, row = divmod(index, rows)
            rect = pygame.Rect(self.rect.left + 20 + column * (column_w + gap), top + row * (BUTTON_H_PX + gap),
                               column_w, BUTTON_H_PX)
            if rect.bottom > self.rect.bottom - foot + 8:
                break
            buttons.append(Button(rect, option, str(index), "option"))
        if self.cancel:
            rect = pygame.Rect(self.rect.right - 180, self.rect.bottom - BUTTON_H_PX - 12, 160, BUTTON_H_PX)
            buttons.append(Button(rect, _("Cancel"), "cancel", "turn"))
        self.buttons.buttons = buttons

    def press(self, pointer: int, pos: tuple[float, float]) -> bool:
        self.buttons.press(pointer, pos)
        return True  # modal: every press is the dialog's

    def release(self, pointer: int, pos: tuple[float, float]) -> bool:
        button = self.buttons.release(pointer, pos)
        if button is None:
            return True
        self.closed = True
        if button.key != "cancel":
            self.on_choose(int(button.key))
        return True

    def button_for(self, option: int) -> Button:
        return next(b for b in self.buttons.buttons if b.key == str(option))

    def draw(self, target: pygame.Surface) -> None:
        shade = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        target.blit(shade, (0, 0))
        r = self.rect
        pygame.draw.rect(target, (6, 6, 8), r.move(0, 6), border_radius=16)
        pygame.draw.rect(target, PANEL_FILL, r, border_radius=16)
        header = pygame.Rect(r.left, r.top, r.width, HEADER_PX)
        pygame.draw.rect(target, HEADER_FILL, header, border_top_left_radius=16, border_top_right_radius=16)
        pygame.draw.line(target, ACCENT, (r.left + 2, header.bottom), (r.right - 3, header.bottom), 2)
        pygame.draw.rect(target, ACCENT, r, 2, border_radius=16)
        title = fit_text(self.title, 26, r.width - 40)
        target.blit(title, title.get_rect(midleft=(r.left + 20, header.centery)))
        for n, line in enumerate(self.lines):
            words = fit_text(line, 18, r.width - 40)
            words.set_alpha(215)
            target.blit(words, (r.left + 20, header.bottom + 10 + LINE_PX * n))
        self.buttons.draw(target)
