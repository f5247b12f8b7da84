"""The menu every screen opens with its Menu button or Esc: resume, save and leave, help and
controls, settings (speed, language, window or full screen, left- or right-handed layout).

It is an overlay scene pushed on the app's stack, built of pygame_gui buttons. The screen that
opens it (the host) may offer, all optional:

- ``autosave()`` or ``save()``: what "Save and quit" saves (None when it could not; the plain
  table is saved by the app);
- ``help_html()``: the controls of that screen;
- ``apply_settings(settings)``: follow a new speed or hand (the app re-lays every screen out).

Every settings change is saved at once (``game.settings``) and applied to the open screens.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.app.scenes import Scene
from game.i18n import LANGUAGES, N_, _, system_language
from game.settings import ANIMATION_SPEEDS, Settings

ROW_PX = 56
GAP_PX = 10
LABEL_W_PX = 190
PAGES = ("main", "help", "settings")

GENERAL_HELP_HTML = N_(
    "<b>Menu</b>: the Menu button or Esc opens this menu on every screen.<br>"
    "<b>Pan</b>: drag the empty table, right or middle drag, two fingers, or the arrow keys.<br>"
    "<b>Zoom</b>: wheel, pinch, + / − keys. <b>Fit</b>: Home.<br>"
    "<b>Undo</b>: Ctrl+Z. <b>Redo</b>: Ctrl+Y. <b>Save</b>: Ctrl+S. <b>Full screen</b>: F11.<br>"
    "<b>Skip</b> an animation: Space, or tap the table.<br>"
    "Settings keep the speed, the language, full screen and which hand the panels suit.")


def speed_label(speed: float) -> str:
    return _("Instant") if math.isinf(speed) or speed >= 1e6 else f"{speed:g}×"


def finite_speed(speed: float) -> float:
    """An animation clock's multiplier: "instant" as a very large finite number (no inf × 0)."""
    return 1e9 if math.isinf(speed) else speed


class GameMenu(Scene):
    """The menu over ``host``; ``page`` is one of main, help, settings."""

    opaque = False

    def __init__(self, app: Any, host: Any, page: str = "main", in_game: bool = True):
        self.app = app
        self.host = host
        self.in_game = in_game  # False on the start screen: nothing to save, nowhere to leave to
        self.page = page if page in PAGES else "main"
        self.panel: UIPanel | None = None
        self.actions: dict[Any, Callable[[], object]] = {}
        self.buttons: dict[str, UIButton] = {}
        self.size: tuple[int, int] = app.screen.get_size()

    # --- what the host offers ------------------------------------------------------------------

    def help_html(self) -> str:
        if self.app.table is not None and self.host is self.app.table:  # the free table's own controls
            return str(self.app.table_help_html())
        own = getattr(self.host, "help_html", None)
        return own() if callable(own) else _(GENERAL_HELP_HTML)

    # --- actions -------------------------------------------------------------------------------

    def resume(self) -> None:
        self.app.pop(self)

    def go(self, page: str) -> None:
        self.page = page
        self._build()

    def back(self) -> None:
        if self.page == "main":
            self.resume()
        else:
            self.go("main")

    def save_host(self) -> bool:
        """Save what the host shows; False (and a message) when it could not be saved."""
        if self.app.table is not None and self.app.table is self.host:
            return bool(self.app.save())
        for name in ("autosave", "save"):  # the autosave is what Continue offers first
            save = getattr(self.host, name, None)
            if callable(save):
                return save() is not None
        on_quit = getattr(self.host, "on_quit", None)  # a game that saves itself after every move
        if callable(on_quit):
            on_quit()
        return True

    def save_and_leave(self) -> None:
        """Save, then back to the start screen (the game stays in Continue)."""
        if not self.save_host():
            return
        self.app.pop(self)
        self.app.open_start()

    def quit_app(self) -> None:
        """Close the window; the app's quit saves every open game (``quit_scenes``)."""
        self.app.pop(self)
        self.app.running = False

    def change(self, **fields: Any) -> None:
        """Keep one settings change and apply it (language re-lays every screen out)."""
        self.app.change_settings(self.app.settings.model_copy(update=fields))
        self.size = self.app.screen.get_size()
        self._build()

    # --- the app's scene hooks -----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._build()

    def leave(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.actions.clear()
        self.buttons.clear()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                action()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            return True
        # modal: no pointer reaches the screen under the menu
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                              pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        return []  # every widget of the menu is a pygame_gui element

    # --- building ------------------------------------------------------------------------------

    def _panel_size(self) -> tuple[int, int]:
        w, h = self.size
        if self.page == "main":
            rows = 5 if self.in_game else 4
            return min(520, w - 40), min(h - 40, 70 + rows * (ROW_PX + GAP_PX) + 10)
        if self.page == "settings":
            return min(980, w - 40), min(h - 40, 70 + 5 * (ROW_PX + GAP_PX) + 20)
        return min(900, w - 40), min(h - 40, 620)

    def _build(self) -> None:
        self.leave()
        w, h = self.size
        pw, ph = self._panel_size()
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        self.panel = UIPanel(rect, manager=self.app.ui, object_id="#start_card")
        inner_w, inner_h = pw - 8, ph - 8
        titles = {"main": N_("Menu"), "help": N_("Help and controls"), "settings": N_("Settings")}
        UILabel(pygame.Rect(16, 8, inner_w - 32, 44), _(titles[self.page]), manager=self.app.ui,
                container=self.panel, object_id=ObjectID(object_id="#start_heading"))
        getattr(self, f"_page_{self.page}")(inner_w, inner_h)

    def _button(self, rect: pygame.Rect, text: str, action: Callable[[], object], key: str,
                selected: bool = False, primary: bool = False) -> UIButton:
        button = UIButton(rect, text, manager=self.app.ui, container=self.panel,
                          object_id=ObjectID(class_id="@start_primary" if primary else "@start_button",
                                             object_id=f"#menu_{key}"))
        if selected:
            button.select()
        self.actions[button] = action
        self.buttons[key] = button
        return button

    def _page_main(self, width: int, height: int) -> None:
        bw = width - 40
        rows: list[tuple[str, str, Callable[[], object]]] = [("resume", _("Resume"), self.resume)]
        if self.in_game:
            rows.append(("save_leave", _("Save and quit to the start screen"), self.save_and_leave))
        rows += [("help", _("Help and controls"), lambda: self.go("help")),
                 ("settings", _("Settings"), lambda: self.go("settings")),
                 ("quit", _("Quit Deadtable"), self.quit_app)]
        y = 60
        for key, text, action in rows:
            self._button(pygame.Rect(20, y, bw, ROW_PX), text, action, key, primary=key == "resume")
            y += ROW_PX + GAP_PX

    def _page_help(self, width: int, height: int) -> None:
        UITextBox(self.help_html(), pygame.Rect(16, 56, width - 32, height - 56 - ROW_PX - 24), manager=self.app.ui,
                  container=self.panel, object_id=ObjectID(object_id="#start_detail"))
        self._button(pygame.Rect(16, height - ROW_PX - 12, 200, ROW_PX), _("Back"), self.back, "back")

    def _page_settings(self, width: int, height: int) -> None:
        settings: Settings = self.app.settings
        system = LANGUAGES.get(system_language(), "English")
        groups: list[tuple[str, list[tuple[str, str, dict[str, Any], bool]]]] = [
            (_("Speed"), [(f"speed_{n}", speed_label(speed), {"animation_speed": finite_speed(speed)},
                           speed_label(speed) == speed_label(settings.animation_speed))
                          for n, speed in enumerate(ANIMATION_SPEEDS)]),
            (_("Language"), [("lang_system", _("System ({language})").format(language=system), {"language": ""},
                              settings.language == "")]
             + [(f"lang_{code}", name, {"language": code}, settings.language == code)
                for code, name in LANGUAGES.items()]),
            (_("Display"), [("window", _("Window"), {"fullscreen": False}, not settings.fullscreen),
                            ("fullscreen", _("Full screen"), {"fullscreen": True}, settings.fullscreen)]),
            (_("Panels"), [("right_handed", _("Right-handed"), {"handedness": "right"},
                            settings.handedness == "right"),
                           ("left_handed", _("Left-handed"), {"handedness": "left"},
                            settings.handedness == "left")]),
        ]
        label_w = min(LABEL_W_PX, width // 4)
        y = 60
        for title, options in groups:
            UILabel(pygame.Rect(16, y, label_w - 8, ROW_PX), title, manager=self.app.ui, container=self.panel,
                    object_id=ObjectID(object_id="#start_note"))
            left = 16 + label_w
            each = (width - 16 - left - GAP_PX * (len(options) - 1)) // len(options)
            for index, (key, text, fields, chosen) in enumerate(options):
                self._button(pygame.Rect(left + index * (each + GAP_PX), y, each, ROW_PX), text,
                             partial(self.change, **fields), key, selected=chosen)
            y += ROW_PX + GAP_PX
        self._button(pygame.Rect(16, min(y + 6, height - ROW_PX - 8), 200, ROW_PX), _("Back"), self.back, "back")


def open_menu(app: Any, host: Any, page: str = "main", in_game: bool = True) -> GameMenu:
    """Push the menu over ``host`` (the screen whose Menu button or Esc asked for it)."""
    menu = GameMenu(app, host, page, in_game)
    app.push(menu)
    return menu
