"""Zombieworld in Spanish: the set-up's four steps by taps, the game's first round (log, hints, roster,
table labels) and the victory screen draw no English word, and no marked string lacks its translation."""

from __future__ import annotations

import pytest

from game import i18n
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from tests.app_zombieworld.zw_ui import finish_by_withdrawing, new_app, run_until, tap
from tests.spanish_probe import DrawnText, english_words


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def press(app, scene, key: str) -> None:
    button = next(b for b in scene.buttons.buttons if b.key == key)
    tap(app, button.rect.center)


def test_set_up_game_and_end_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    press(app, setup, "band:0")
    press(app, setup, "band:1")
    press(app, setup, "next")
    press(app, setup, "scenario:survival")
    press(app, setup, "next")
    press(app, setup, f"table:{setup.tables[-1][0].name}")
    press(app, setup, "next")
    assert setup.step == 3
    press(app, setup, "next")
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    run_until(app, lambda: not game.anim.busy)
    lines = [text for text, _tone in game.log_panel.lines]
    assert any(line.startswith("— Ronda 1 —") for line in lines)
    end = finish_by_withdrawing(app, game)
    assert isinstance(end, ZombieworldEndScene)
    app.frame(1 / 60, [])
    state = game.controller.state
    names = [game.controller.band_name(seat) for seat in state.seats]
    names += [m.name for m in (*state.models, *state.departed)]
    names += [title for _path, title in setup.tables]
    assert any("Empezar la partida" in text for text in drawn.texts)  # the set-up's last button
    assert english_words(drawn.texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()
