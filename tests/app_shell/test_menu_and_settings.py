"""The menu on every screen (Menu button and Esc), its settings kept and applied at once, and the
free table reached from the start screen with its own game's pieces."""

from __future__ import annotations

import json

import pygame
import pytest

from game import i18n
from game.app.start_scene import StartScene
from game.app.widgets.game_menu import GameMenu
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.platform import registry
from game.rules.zombieworld.presets import preset_bands
from game.settings import Settings, load_settings, save_settings
from tests.app_shell.shell_ui import TOWN, TUTORIAL, new_app, press_key, tap_at


def scroll_into_view(app, button) -> bool:
    """Turn the wheel over the list until ``button`` shows whole inside it (a generous bound)."""
    view = button.ui_container.ui_container  # the scrolling list's window onto its rows
    for _ in range(200):
        if view.get_rect().contains(button.rect):
            pygame.mouse.set_pos(button.rect.center)  # the hand moves from the wheel to the row
            app.frame(0.02, [])
            return True
        pygame.mouse.set_pos(view.get_rect().center)
        app.frame(0.02, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0,
                                            flipped=False, touch=False)])
    return view.get_rect().contains(button.rect)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("finger", [False, True])
def test_the_start_screen_menu_opens_by_button_and_esc_and_keeps_settings(tmp_path, finger):
    app = new_app(tmp_path)
    app.open_start()
    app.frame(0.02, [])
    start = app.scenes.top
    assert isinstance(start, StartScene)
    press_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and not menu.in_game
    assert "save_leave" not in menu.buttons  # nothing to save on the start screen
    press_key(app, pygame.K_ESCAPE)  # Esc resumes
    assert app.scenes.top is start and start.buttons["new"].visible
    tap_at(app, start.buttons["menu"].rect.center, finger)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    tap_at(app, menu.buttons["settings"].rect.center, finger)
    assert menu.page == "settings"
    tap_at(app, menu.buttons["lang_es"].rect.center, finger)
    tap_at(app, menu.buttons["left_handed"].rect.center, finger)
    tap_at(app, menu.buttons["speed_2"].rect.center, finger)
    saved, problem = load_settings(tmp_path / "settings.json")
    assert problem is None
    assert (saved.language, saved.handedness, saved.animation_speed) == ("es", "left", 2.0)
    assert i18n.language() == "es"
    assert menu.buttons["back"].text == "Atrás" and menu.buttons["lang_es"].is_selected
    tap_at(app, menu.buttons["back"].rect.center, finger)
    tap_at(app, menu.buttons["resume"].rect.center, finger)
    assert app.scenes.top is start
    # the start screen was laid out again in Spanish, with nothing left in English
    assert start.buttons["new"].text == "Nueva partida" and start.buttons["new"].visible
    assert i18n.untranslated() == frozenset()


def test_saved_settings_apply_when_the_app_starts(tmp_path):
    save_settings(Settings(language="es", animation_speed=4.0), tmp_path / "settings.json")
    app = new_app(tmp_path)
    assert app.settings.language == "es"
    app.apply_settings()
    app.open_start()
    assert app.scenes.top.buttons["load"].text == "Cargar una partida"


def test_a_broken_settings_file_names_itself_and_the_defaults_are_used(tmp_path):
    (tmp_path / "settings.json").write_text('{"handedness": "middle"}', encoding="utf-8")
    app = new_app(tmp_path)
    assert app.settings == Settings()
    assert app.settings_problem is not None and "settings.json" in app.settings_problem
    assert "handedness" in app.settings_problem


@pytest.mark.parametrize("finger", [False, True])
def test_zombieworld_menu_is_modal_and_save_and_quit_leaves_to_the_start_screen(tmp_path, finger):
    app = new_app(tmp_path)
    game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
    app.show(game)
    app.frame(0.02, [])
    tap_at(app, next(b for b in game.tools.buttons if b.key == "menu").rect.center, finger)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and menu.in_game
    before = game.controller.session.hash()
    ready = game.controller.activatable()
    roster_rect = next(rect for rect, model in game.roster if model == ready[0])
    tap_at(app, roster_rect.center, finger)  # under the menu: nothing happens to the game
    assert app.scenes.top is menu and game.controller.session.hash() == before
    tap_at(app, menu.buttons["help"].rect.center, finger)
    assert menu.page == "help"
    press_key(app, pygame.K_ESCAPE)
    assert menu.page == "main"
    tap_at(app, menu.buttons["save_leave"].rect.center, finger)
    assert isinstance(app.scenes.top, StartScene)
    saved = list(tmp_path.glob("zombieworld-*.json"))
    assert saved and json.loads(saved[0].read_text(encoding="utf-8"))["game"] == "zombieworld"
    assert app.scenes.top.buttons["continue"].is_enabled


def test_zombicide_esc_opens_the_menu_and_quit_saves(tmp_path):
    app = new_app(tmp_path)
    registry.game("zombicide").app_hooks().quick_start(app, TUTORIAL, 1)
    game = app.scenes.top
    app.frame(0.02, [])
    game.table.selected = None
    press_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and menu.host is game
    press_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is game
    menu_button = next(b for b in game.tools.buttons if b.key == "menu")
    tap_at(app, menu_button.rect.center, False)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    tap_at(app, menu.buttons["quit"].rect.center, False)
    assert not app.running
    app.quit_scenes()
    assert any(tmp_path.glob("*.json"))


@pytest.mark.parametrize("finger", [False, True])
def test_the_free_table_opens_from_the_start_screen_with_its_games_pieces(tmp_path, finger):
    app = new_app(tmp_path)
    app.open_start()
    app.frame(0.02, [])
    start = app.scenes.top
    tap_at(app, start.buttons["table"].rect.center, finger)
    assert start.page == "table"
    key = f"table_{TOWN.stem}"
    assert key in start.buttons and "Zombieworld" in start.buttons[key].text
    assert "table_rm-tutorial-1" in start.buttons
    row = start.buttons[key]
    assert scroll_into_view(app, row)
    tap_at(app, row.rect.center, finger)
    assert app.table is not None and app.table.state.source == str(TOWN.resolve())
    tray = [entry.token for entry in app.table.tray]
    assert tray and all(not token.startswith("survivor_") for token in tray)
    assert {"zw_survivor", "zw_walker"} <= set(tray)
    pieces = app.table.state.pieces.values()
    assert pieces and not any(piece.token.startswith("survivor_") for piece in pieces)
    # its menu: Esc opens it; Save and quit saves the table and goes back to the start screen
    press_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu) and menu.host is app.table
    tap_at(app, menu.buttons["save_leave"].rect.center, finger)
    assert isinstance(app.scenes.top, StartScene) and app.table is None
    assert (tmp_path / f"{TOWN.stem}.json").is_file()


@pytest.mark.parametrize("finger", [False, True])
def test_left_handed_mirrors_zombieworlds_panels_and_the_free_tables_tray(tmp_path, finger):
    app = new_app(tmp_path)
    game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
    app.show(game)
    app.frame(0.02, [])
    table = game.table_rect()
    assert all(rect.right <= table.left for rect, _model in game.roster) and game.log_rect.left >= table.right
    tap_at(app, next(b for b in game.tools.buttons if b.key == "menu").rect.center, finger)
    menu = app.scenes.top
    tap_at(app, menu.buttons["settings"].rect.center, finger)
    tap_at(app, menu.buttons["left_handed"].rect.center, finger)
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is game
    table = game.table_rect()
    assert all(rect.left >= table.right for rect, _model in game.roster) and game.log_rect.right <= table.left
    ready = game.controller.activatable()
    row = next(rect for rect, model in game.roster if model == ready[0])
    tap_at(app, row.center, finger)  # the mirrored roster still answers where it is drawn
    assert game.controller.selected == ready[0]
    assert app.open_table_source(TOWN)
    app.table.toggle_tray()
    assert app.table.tray_rect().left == app.table.camera.viewport_x_px
