"""Zombicide in Spanish beyond Tutorial 1: the New game screen of every box (each mission's title,
story and rules, the survivors and their cards, the options), then a Green Horde and an Invader
mission played for some rounds. Every string any font draws is recorded; none is English, and no
marked string lacks its translation."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import pytest

from game import i18n
from game.app.widgets.card_view import local_name
from game.app.zombicide import new_game_scene
from game.app.zombicide.new_game_scene import ZombicideNewGameScene
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot
from game.rules.zombicide.boxes import BOXES
from tests.spanish_probe import DrawnText, english_words

sys.path.insert(0, str(Path(__file__).parent))
from test_full_mission import game_shown, launch  # noqa: E402

BOX_MISSIONS = {"rue_morgue": "rm-tutorial-1", "green_horde": "gh-tutorial", "invader": "inv-m0"}


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def data_names(picking: ZombicideNewGameScene) -> list[str]:
    """Names kept as they are in every language: the survivors' and the boxes' own names."""
    return [local_name(s) for s in picking.catalog.survivors] + [name for name, _module in BOXES.values()]


def open_box(driver, box: str) -> ZombicideNewGameScene:  # type: ignore[no-untyped-def]
    start = driver.app.scenes.top
    driver.tap_gui(start.buttons["new"], finger=False)
    driver.tap_gui(start.buttons[f"new_{box}"], finger=True)
    picking = driver.app.scenes.top
    assert isinstance(picking, ZombicideNewGameScene) and picking.box == box
    return picking


def walk_the_new_game_screen(driver, picking: ZombicideNewGameScene, mission_id: str) -> None:  # type: ignore[no-untyped-def]
    """Every mission's summary, then the survivors (a card, a second player) and the options (each
    toggled), ending on ``mission_id``'s options."""
    for mission in picking.missions:
        driver.tap_gui(picking.buttons[f"mission_{mission.id}"])
        assert picking.mission is mission
    driver.tap_gui(picking.buttons[f"mission_{mission_id}"])
    driver.tap_gui(picking.buttons["next"])
    assert picking.page == "survivors"
    survivor = picking.catalog.survivors[-1].id
    driver.tap_gui(picking.buttons[f"card_{survivor}"])
    assert picking.previewed == survivor
    driver.tap_gui(picking.buttons["players_3"])
    driver.tap_gui(picking.buttons["next"])
    assert picking.page == "options"
    for key in ("crawlers", "auto_wounds", "crawlers", "auto_wounds"):
        if key in picking.buttons:
            driver.tap_gui(picking.buttons[key])


@pytest.mark.parametrize("box", sorted(BOX_MISSIONS))
def test_the_new_game_screen_of_every_box_speaks_spanish(tmp_path, monkeypatch, spanish, box):
    drawn = DrawnText(monkeypatch)
    driver = launch(tmp_path)
    picking = open_box(driver, box)
    drawn.clear()  # from here on: the box's New game screen
    picking.layout(driver.size)
    walk_the_new_game_screen(driver, picking, BOX_MISSIONS[box])
    texts = list(drawn.texts)
    shown = {m.id: m.shown_title() for m in picking.missions}
    assert all(any(title in text for text in texts) for title in shown.values())  # every title, in Spanish
    assert all(title != m.title for m, title in zip(picking.missions, shown.values(), strict=True)
               if m.title_es and m.title_es != m.title)
    assert any("Semilla" in text for text in texts) and any("Despellejados" in text for text in texts) == (
        "crawlers" in picking.options)
    assert english_words(texts, data_names(picking)) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


@pytest.mark.parametrize("box", ["green_horde", "invader"])
def test_a_box_mission_played_in_spanish_shows_no_english(tmp_path, monkeypatch, spanish, box):
    drawn = DrawnText(monkeypatch)
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 5)
    driver = launch(tmp_path)
    picking = open_box(driver, box)
    names = data_names(picking)
    drawn.clear()
    walk_the_new_game_screen(driver, picking, BOX_MISSIONS[box])
    driver.tap_gui(picking.buttons["next"])  # Start the game
    scene = driver.scene
    driver.frames_until(lambda: game_shown(scene), "the mission is shown")
    driver.set_speed(i18n._("Instant"))
    rng = Random(5)
    rounds_wanted = 3
    for _ in range(300):
        c = scene.controller
        if c.outcome() is not None or c.state.round > rounds_wanted:
            break
        legal = engine.legal_commands(c.state, c.seat)
        driver.perform(greedy_bot(c.state, c.seat, legal, rng))
    assert scene.controller.state.round > rounds_wanted or scene.controller.outcome() is not None
    driver.frames_until(lambda: not scene.director.busy, "the last events are shown")
    scene.layout(scene.window_size)  # every widget made again, in case it was drawn before the count began
    driver.frame()
    texts = list(drawn.texts)
    assert any(scene.board.title_in("es") in text for text in texts)
    texts += [piece.label for piece in scene.table.state.pieces.values()]  # drawn when the table is zoomed in
    assert english_words(texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()
