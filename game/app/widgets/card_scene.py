"""A screen of big buttons on a card over the backdrop (the start screen, a game's new-game pages):
pygame_gui buttons a finger can hit, Esc for Back, Enter for the primary button, pages rebuilt on
every change and on every resize."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer

from game.app.backdrop import Backdrop, card_top_px
from game.app.scenes import Scene
from game.i18n import _

BUTTON_H = 64
GAP = 12


class CardScene(Scene):
    """``page`` names the ``_page_<page>(container, width, height)`` method that fills the card."""

    page = ""

    def __init__(self, app: Any, subtitle: str):
        self.app = app
        self.size: tuple[int, int] = app.screen.get_size()
        self.root: UIPanel | None = None
        self.actions: dict[Any, Callable[[], object]] = {}
        self.buttons: dict[str, UIButton] = {}
        self.backdrop = Backdrop(subtitle)
        # each scrolling list shown, and how far down it was scrolled, per (page, list): a page is
        # rebuilt on every pick, and the list must not jump back to its top
        self.scrollers: dict[tuple[str, str], UIScrollingContainer] = {}
        self.scrolled: dict[tuple[str, str], float] = {}

    # --- the app's scene hooks ------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.backdrop.forget()
        self._build()

    def leave(self) -> None:
        for where, scroller in self.scrollers.items():
            bar = scroller.vert_scroll_bar
            self.scrolled[where] = bar.start_percentage if bar is not None else 0.0
        self.scrollers.clear()
        if self.root is not None:
            self.root.kill()
        self.root = None
        self.actions.clear()
        self.buttons.clear()

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)

    def back(self) -> None:
        raise NotImplementedError

    def card_size(self, window: tuple[int, int], top: int) -> tuple[int, int]:
        """The card's width and height for the page shown (a roomy card by default)."""
        w, h = window
        return min(1100, w - 40), max(300, h - top - 30)

    # --- events ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                primary = self.buttons.get("next")
                if primary is not None and primary.is_enabled:
                    self.actions[primary]()
                return True
        return False

    # --- building the pages ---------------------------------------------------------------------

    def _build(self) -> None:
        self.leave()
        w, h = self.size
        top = card_top_px(h)
        card_w, card_h = self.card_size(self.size, top)
        self.root = UIPanel(pygame.Rect((w - card_w) // 2, top, card_w, card_h), manager=self.app.ui,
                            object_id="#start_card")
        getattr(self, f"_page_{self.page}")(self.root, card_w - 8, card_h - 8)

    def _button(self, rect: pygame.Rect, text: str, action: Callable[[], object], container: Any, key: str = "",
                enabled: bool = True, selected: bool = False, tip: str | None = None,
                object_id: str = "@start_button") -> UIButton:
        button = UIButton(rect, text, manager=self.app.ui, container=container, tool_tip_text=tip,
                          object_id=ObjectID(class_id=object_id, object_id=f"#{key}" if key else None))
        if not enabled:
            button.disable()
        if selected:
            button.select()
        self.actions[button] = action
        if key:
            self.buttons[key] = button
        return button

    def _scrolling_list(self, key: str, rect: pygame.Rect, container: Any) -> UIScrollingContainer:
        """A list that scrolls up and down; give it its height with ``_fit_scrolling_list``."""
        scroller = UIScrollingContainer(rect, manager=self.app.ui, container=container, allow_scroll_x=False)
        self.scrollers[(self.page, key)] = scroller
        return scroller

    def _fit_scrolling_list(self, key: str, width: int, height: int) -> None:
        """Set the list's content size, and scroll it back to where it was when its page was last shown."""
        scroller = self.scrollers[(self.page, key)]
        scroller.set_scrollable_area_dimensions((width, max(height, 1)))
        bar = scroller.vert_scroll_bar
        kept = self.scrolled.get((self.page, key), 0.0)
        if bar is not None and kept > 0.0:
            bar.set_scroll_from_start_percentage(kept)

    def _heading(self, container: Any, width: int, text: str) -> None:
        UILabel(pygame.Rect(16, 8, width - 32, 40), text, manager=self.app.ui, container=container,
                object_id=ObjectID(object_id="#start_heading"))

    def _nav(self, container: Any, width: int, height: int, next_text: str | None = None,
             next_action: Callable[[], object] | None = None, next_enabled: bool = True) -> None:
        """Back at the bottom left; the page's primary button (``next``) at the bottom right."""
        y = height - BUTTON_H - 10
        self._button(pygame.Rect(16, y, 200, BUTTON_H), _("Back"), self.back, container, key="back")
        if next_text and next_action is not None:
            self._button(pygame.Rect(width - 16 - 260, y, 260, BUTTON_H), next_text, next_action, container,
                         key="next", enabled=next_enabled, object_id="@start_primary")
