"""The free table at 1000×650, 1920×1080 and 3840×2160, in English and Spanish, on a Zombicide
mission and a Zombieworld table: its toolbar, its tray, its menu and help. No widget overlaps another
or leaves the window, no words are drawn cut, and pygame_gui's "Label Rect is too small" fails."""

from __future__ import annotations

import pytest

from game.app.widgets.game_menu import GameMenu
from tests.app_shell.shell_ui import TOWN, TUTORIAL, new_app, tap_at
from tests.layout_check import CutWords, layout_problems, ui_rects

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_free_table_fits(tmp_path, monkeypatch, size, both_languages):
    cut = CutWords(monkeypatch)
    app = new_app(tmp_path, size)
    found: list[str] = []

    def look(what: str) -> None:
        app.frame(0.02, [])
        shown = ui_rects(app.ui)
        top = app.scenes.top
        shown += top.shown_rects() if hasattr(top, "shown_rects") else []
        found.extend(f"{what}: {p}" for p in layout_problems(shown, size))
        found.extend(cut.take(what))

    for source in (TUTORIAL, TOWN):  # a Zombicide mission, a Zombieworld table
        assert app.open_table_source(source)
        look(f"{source.stem}: table")
        tap_at(app, app.buttons["tray"].rect.center, False)
        look(f"{source.stem}: tray")
        tap_at(app, app.buttons["tray"].rect.center, False)
        tap_at(app, app.buttons["menu"].rect.center, False)
        menu = app.scenes.top
        assert isinstance(menu, GameMenu)
        for page in ("main", "help", "settings"):
            menu.go(page)
            look(f"{source.stem}: menu/{page}")
        menu.go("main")
        tap_at(app, menu.buttons["resume"].rect.center, False)
    assert found == [], "\n".join(found[:30])
