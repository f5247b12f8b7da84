"""The shell in Spanish: the start screen's pages, the menu and its settings, the free table with
its toolbar, tray, help and messages, driven by taps with the language set to "es"; no string
shown is missing from the catalogue, and the layout still fits at three window sizes."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app.widgets.game_menu import GameMenu
from tests.app_shell.shell_ui import TOWN, new_app, press_key, tap_at
from tests.layout_check import layout_problems, ui_rects

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_menu_settings_and_free_table_in_spanish(tmp_path, size):
    app = new_app(tmp_path, size)
    app.change_settings(app.settings.model_copy(update={"language": "es"}))
    assert i18n.language() == "es"
    app.open_start()
    app.frame(0.02, [])
    start = app.scenes.top
    problems: list[str] = []
    problems += [f"start/home: {p}" for p in layout_problems(ui_rects(app.ui), size)]
    for page, key in (("games", "new"), ("table", "table"), ("load", "load"), ("help", "help")):
        tap_at(app, start.buttons[key].rect.center, False)
        assert start.page == page
        problems += [f"start/{page}: {p}" for p in layout_problems(ui_rects(app.ui), size)]
        tap_at(app, start.buttons["back"].rect.center, False)
        assert start.page == "home"
    assert start.buttons["new"].text == "Nueva partida"
    press_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and menu.buttons["settings"].text == "Ajustes"
    for page in ("help", "settings"):
        tap_at(app, menu.buttons[page].rect.center, False)
        problems += [f"menu/{page}: {p}" for p in layout_problems(ui_rects(app.ui), size)]
        tap_at(app, menu.buttons["back"].rect.center, False)
    tap_at(app, menu.buttons["resume"].rect.center, False)
    # the free table, its tray and its help window
    assert app.open_table_source(TOWN)
    app.frame(0.02, [])
    tap_at(app, app.buttons["tray"].rect.center, False)
    assert app.table is not None and app.table.tray_open
    assert app.buttons["tray"].text == "Bandeja" and app.mode_text().startswith("Mover")
    problems += [f"table: {p}" for p in layout_problems(ui_rects(app.ui), size)]
    tap_at(app, app.buttons["menu"].rect.center, False)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and menu.host is app.table
    tap_at(app, menu.buttons["help"].rect.center, False)
    assert menu.page == "help"
    problems += [f"table menu/help: {p}" for p in layout_problems(ui_rects(app.ui), size)]
    app.screenshot(tmp_path / "table.png")  # the tray's names and the toolbar are drawn
    assert problems == []
    assert i18n.untranslated() == frozenset()
