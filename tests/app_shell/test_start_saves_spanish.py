"""A game saved in English is listed in Spanish: the start screen's Continue button and the Load list
give the mission's Spanish title (its ``title_es``) and "ronda", not the English the save was written
with ("Tutorial: the crossroads, round 1")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.app.app import DeadtableApp
from game.app.start_scene import StartScene
from game.app.zombieworld.hooks import start_tutorial
from tests.spanish_probe import english_words


def button_text(start: StartScene, key: str) -> str:
    return start.buttons[key].text


@pytest.fixture
def spanish_start(tmp_path) -> Iterator[tuple[DeadtableApp, StartScene]]:
    """The start screen in Spanish, with the Zombieworld tutorial saved in English (``zw-tutorial.json``)."""
    app = DeadtableApp(size=(1000, 650), save_dir=tmp_path)
    scene = start_tutorial(app)
    app.show(scene)
    app.frame(1 / 60, [])
    assert scene.save(tmp_path / "zw-tutorial.json", quiet=True) is not None
    i18n.set_language("es")
    try:
        app.open_start()
        app.frame(1 / 60, [])
        start = app.scenes.top
        assert isinstance(start, StartScene)
        yield app, start
    finally:
        i18n.set_language("en")


def test_a_save_made_in_english_is_listed_in_spanish(spanish_start) -> None:
    app, start = spanish_start
    shown = button_text(start, "continue")
    assert "Tutorial: el cruce" in shown and "ronda 1" in shown, shown
    assert english_words([shown], ["Zombieworld"]) == {}, shown
    start.go("load")
    app.frame(1 / 60, [])
    listed = [b.text for key, b in start.buttons.items() if key.startswith("save")]
    assert listed and all("Tutorial: el cruce" in text and "ronda 1" in text for text in listed), listed


def test_the_start_screens_tips_are_in_spanish(spanish_start) -> None:
    app, start = spanish_start
    start.go("games")
    app.frame(1 / 60, [])
    games = [b.tool_tip_text for key, b in start.buttons.items() if key.startswith("new_") and b.tool_tip_text]
    assert any("centímetros" in tip for tip in games), games
    assert english_words(games, ["Zombieworld", "City of Horror"]) == {}, games
    start.go("load")
    app.frame(1 / 60, [])
    tips = [b.tool_tip_text for key, b in start.buttons.items() if key.startswith("save")]
    assert tips and all("Tutorial: el cruce" in tip and "zw-tutorial.json" in tip for tip in tips), tips
