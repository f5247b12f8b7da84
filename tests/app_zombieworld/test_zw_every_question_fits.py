"""Zombieworld's questions and menu fit at 1000×650, 1920×1080 and 3840×2160, in English and
Spanish: More… with its "Why not?" lines, the withdraw question and the menu's pages keep a button
per option inside the window, overlapping nothing. (The set-up, game and end screens:
test_zw_layout.)"""

from __future__ import annotations

import pytest

from game import i18n
from game.app.widgets.action_bar import MORE_KEY
from game.app.widgets.game_menu import GameMenu
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, new_app
from tests.layout_check import dialog_problems, layout_problems, ui_rects

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_zombieworld_questions_and_menu_fit(tmp_path, size, language):
    i18n.set_language(language)
    try:
        found: list[str] = []
        app = new_app(tmp_path, size)
        game = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 5)
        app.show(game)
        app.frame(1 / 60, [])
        withdraw = next(n for n, option in enumerate(game.controller.legal()) if isinstance(option, c.Withdraw))
        game.press_action(f"do:{withdraw}")
        assert game.dialog is not None
        found += dialog_problems(game.dialog, size, "withdraw?")
        game.dialog = None
        game.play(c.Activate(game.controller.activatable()[0]))
        game.skip_all()
        app.frame(1 / 60, [])
        game.open_kind(MORE_KEY)
        assert game.dialog is not None and any(line.startswith("·") for line in game.dialog.lines)
        found += dialog_problems(game.dialog, size, "More…")
        game.dialog = None
        app.frame(1 / 60, [])
        app.open_menu(game)
        app.frame(1 / 60, [])
        menu = app.scenes.top
        assert isinstance(menu, GameMenu)
        for page in ("main", "help", "settings"):
            menu.go(page)
            app.frame(1 / 60, [])
            found += [f"menu/{page}: {p}" for p in layout_problems(ui_rects(app.ui), size)]
        assert found == [], "\n".join(found[:20])
    finally:
        i18n.set_language("en")
