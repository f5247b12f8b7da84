"""A Spanish sweep at 1000×650: every screen of the shell (the start screen's pages, the menu with its
help and settings, the free table with its tray, menu and help) draws no English word — the words are
caught as they are drawn, so an English string that was never marked is found too."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app.widgets.game_menu import GameMenu
from tests.app_shell.shell_ui import TOWN, new_app, press_key, tap_at
from tests.spanish_probe import DrawnText, english_words

SIZE = (1000, 650)
KEPT = ["Deadtable", "Zombicide", "Zombieworld", "City", "Horror", "Green", "Horde", "Invader", "Rue", "Morgue",
        "Tiled", "TOML", "README", "Español", "English"]  # names of games, tools and languages


@pytest.fixture
def spanish():
    yield
    i18n.set_language("en")


def test_the_shell_in_spanish_draws_no_english(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    app.change_settings(app.settings.model_copy(update={"language": "es"}))
    app.open_start()
    app.frame(0.02, [])
    start = app.scenes.top
    seen: dict[str, dict[str, str]] = {}

    def look(where: str) -> None:
        app.frame(0.02, [])
        found = english_words(drawn.texts, [*KEPT, str(tmp_path)])  # the save folder is shown as it is
        if found:
            seen[where] = found
        drawn.clear()

    look("start/home")
    for page, key in (("games", "new"), ("table", "table"), ("load", "load"), ("help", "help")):
        tap_at(app, start.buttons[key].rect.center, False)
        assert start.page == page
        look(f"start/{page}")
        tap_at(app, start.buttons["back"].rect.center, False)
    press_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    look("menu")
    for page in ("help", "settings"):
        tap_at(app, menu.buttons[page].rect.center, False)
        look(f"menu/{page}")
        tap_at(app, menu.buttons["back"].rect.center, False)
    tap_at(app, menu.buttons["resume"].rect.center, False)
    assert app.open_table_source(TOWN)
    look("table")
    tap_at(app, app.buttons["tray"].rect.center, False)
    look("table/tray")
    tap_at(app, app.buttons["menu"].rect.center, False)
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    tap_at(app, menu.buttons["help"].rect.center, False)
    look("table/menu/help")
    assert seen == {}, "\n".join(f"{where}: {found}" for where, found in seen.items())
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_the_settings_beside_the_saves_are_never_listed_as_a_broken_save(tmp_path):
    from game.platform.envelope import list_saves

    app = new_app(tmp_path, SIZE)
    app.change_settings(app.settings.model_copy(update={"language": "es"}))
    assert (tmp_path / "settings.json").is_file()
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")
    saves, bad = list_saves(tmp_path)
    assert saves == [] and [b.path.name for b in bad] == ["notes.json"]


def test_broken_saves_are_listed_with_their_reasons_in_spanish(tmp_path, monkeypatch, spanish):
    """The Continue page lists each broken save greyed with its reason: in Spanish, no English word."""
    import json

    from game.platform.envelope import ENVELOPE_KIND, ENVELOPE_VERSION, list_saves

    (tmp_path / "p1.json").write_text('{"kind": "deadtable-save", "game": ', encoding="utf-8")
    (tmp_path / "p2.json").write_text(json.dumps({"kind": ENVELOPE_KIND, "envelope_version": ENVELOPE_VERSION + 1}),
                                         encoding="utf-8")
    (tmp_path / "p3.json").write_text(json.dumps({"kind": ENVELOPE_KIND, "envelope_version": 1}), encoding="utf-8")
    (tmp_path / "p4.json").write_text(json.dumps({"kind": ENVELOPE_KIND, "envelope_version": 1,
                                                          "game": "zombieworld"}), encoding="utf-8")
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    app.change_settings(app.settings.model_copy(update={"language": "es"}))
    _saves, bad = list_saves(tmp_path)
    assert sorted(b.path.name for b in bad) == ["p1.json", "p2.json", "p3.json", "p4.json"]
    reasons = [i18n.said(b.reason) for b in bad]
    assert any(reason.startswith("archivo de partida dañado: JSON no válido en la línea 1") for reason in reasons)
    assert any("escrita por un Deadtable más nuevo" in reason for reason in reasons)
    assert "falta 'game'" in reasons
    assert any(reason.startswith("falta 'game_schema'") for reason in reasons)
    app.open_start()
    app.frame(0.02, [])
    start = app.scenes.top
    drawn.clear()
    tap_at(app, start.buttons["load"].rect.center, False)
    assert start.page == "load"
    app.frame(0.02, [])
    assert any("JSON no válido" in text for text in drawn.texts)  # the reasons as the list draws them
    assert english_words(drawn.texts, [*KEPT, str(tmp_path), "json", "game", "game_schema"]) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()
