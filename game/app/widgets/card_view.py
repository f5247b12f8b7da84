"""A card shown whole, drawn by us (no publisher art): a title band, the card's kind, its figures in
rows ("Range 0–1", "Dice 1"…) and sections of lines (a survivor's skills by level, a zombie card's
spawns). ``CardViewScene`` shows one over the game (built on ``CardScene``: Back or Esc returns).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIImage

from game.app.render import font
from game.app.widgets.card_scene import BUTTON_H, CardScene
from game.app.widgets.dialogs import TEXT, fit_text
from game.i18n import _, language
from game.rules.core.frozen import record

CARD_FILL = (236, 228, 208)
CARD_INK = (34, 30, 26)
CARD_MUTED = (96, 88, 78)
KIND_COLOURS = {"weapon": (150, 56, 46), "item": (56, 90, 150), "zombie": (70, 110, 60), "sewer": (60, 80, 70),
                "survivor": (84, 84, 120), "other": (90, 90, 90)}


@record
class CardFace:
    """What a card shows: ``kind_label`` in words ("Weapon", "Sewer card"), ``colour`` a key of
    ``KIND_COLOURS``, figures as (label, value) rows, then titled sections of lines."""

    title: str
    kind_label: str
    colour: str = "other"
    rows: tuple[tuple[str, str], ...] = ()
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    note: str = ""


def local_text(content: Any, field: str) -> str:
    """A content item's ``field`` in the current language (its ``<field>_es`` column, when the data has one)."""
    if language() == "es":
        spanish = getattr(content, f"{field}_es", "")
        if spanish:
            return str(spanish)
    return str(getattr(content, field, ""))


def local_name(content: Any) -> str:
    return local_text(content, "name")


def local_description(content: Any) -> str:
    return local_text(content, "description")


def card_lines(face: CardFace) -> list[tuple[str, str, int]]:
    """The card's lines below its title band: (label, value, size) — a section title has no value."""
    lines: list[tuple[str, str, int]] = [(label, value, 20) for label, value in face.rows]
    for title, items in face.sections:
        lines.append((title, "", 20))
        lines.extend((f"• {item}", "", 17) for item in items)
    if face.note:
        lines.append((face.note, "", 16))
    return lines


def draw_card(face: CardFace, size: tuple[int, int]) -> pygame.Surface:
    """The card drawn at ``size`` (its lines shrink to fit the height)."""
    w, h = size
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, CARD_FILL, card.get_rect(), border_radius=18)
    band_h = max(64, h // 7)
    colour = KIND_COLOURS.get(face.colour, KIND_COLOURS["other"])
    pygame.draw.rect(card, colour, (0, 0, w, band_h), border_top_left_radius=18, border_top_right_radius=18)
    pygame.draw.rect(card, CARD_INK, card.get_rect(), 3, border_radius=18)
    title = fit_text(face.title, 30, w - 40)
    card.blit(title, title.get_rect(midleft=(20, band_h // 2 - 8)))
    kind = font(15).render(face.kind_label, True, TEXT)
    card.blit(kind, kind.get_rect(midleft=(22, band_h - 14)))
    lines = card_lines(face)
    room = h - band_h - 24
    scale = min(1.0, room / max(1, sum(size_px + 10 for _, _, size_px in lines)))
    y = band_h + 14
    for label, value, size_px in lines:
        px = max(11, int(size_px * scale))
        ink = CARD_MUTED if size_px == 16 else CARD_INK
        words = font(px).render(label, True, ink)
        if words.get_width() > w - 40:
            words = pygame.transform.smoothscale(words, (w - 40, words.get_height()))
        card.blit(words, (20, y))
        if value:
            figure = font(px).render(value, True, ink)
            card.blit(figure, figure.get_rect(topright=(w - 20, y)))
        y += px + int(10 * scale)
    return card


class CardViewScene(CardScene):
    """One card over the game: the card drawn on the page, Back (or Esc, or a tap anywhere else)
    returns to the game. Modal: the game below gets no pointer while it is shown."""

    page = "card"
    opaque = True

    def __init__(self, app: Any, face: CardFace):
        super().__init__(app, face.kind_label)
        self.face = face
        self.image: UIImage | None = None

    def back(self) -> None:
        pop = getattr(self.app, "pop", None)
        if pop is not None:
            pop(self)
        else:
            self.app.scenes.remove(self)
        self.leave()

    def card_size(self, window: tuple[int, int], top: int) -> tuple[int, int]:
        w, h = window
        height = max(300, h - top - 30)
        return min(w - 40, max(340, int(height * 0.72)) + 8), height

    def _page_card(self, container: Any, width: int, height: int) -> None:
        card_h = height - BUTTON_H - 30
        surface = draw_card(self.face, (width - 32, card_h))
        self.image = UIImage(pygame.Rect(16, 10, width - 32, card_h), surface, manager=self.app.ui, container=container)
        self._button(pygame.Rect((width - 200) // 2, height - BUTTON_H - 10, 200, BUTTON_H), _("Back"), self.back,
                     container, key="back")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                              pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION,
                              pygame_gui.UI_BUTTON_PRESSED)

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        return [("card", pygame.Rect(self.image.rect))] if self.image is not None else []


__all__ = ["CardFace", "CardViewScene", "draw_card", "local_name"]
