"""A Spanish sweep of the game screens at 1000×650, by the words drawn: a Zombieworld game (its table,
a survivor's card, the "Why not?" of every greyed action, the menu and its help) and its end screen, and
Zombicide's victory and defeat screens. (City of Horror's screens, Zombicide's game screens and the
band builder and campaign have their own Spanish tests.)"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.app.widgets.game_menu import GameMenu
from game.app.zombicide.end_scene import EndScene
from game.app.zombicide.game_save import mission_setup
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.board.mission import load_board
from game.rules.core.session import Session
from game.rules.zombicide.engine import ZombicideRules
from tests.app_shell.shell_ui import tap_at
from tests.app_zombieworld.zw_ui import finish_by_withdrawing, new_app, open_game
from tests.spanish_probe import DrawnText, english_words

SIZE = (1000, 650)
MISSIONS = __import__("pathlib").Path(__file__).resolve().parents[2] / "maps" / "missions"


def test_a_zombieworld_game_its_dialogs_and_its_end_in_spanish(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    scene = open_game(app, 1)
    state = scene.state
    names = [m.name for m in state.models] + [piece.label for piece in state.table.pieces if piece.label]
    names += [scene.controller.band_name(seat) for seat in state.seats]
    seen: dict[str, dict[str, str]] = {}

    def look(where: str) -> None:
        app.frame(1 / 60, [])
        found = english_words(drawn.texts, names)
        if found:
            seen[where] = found
        drawn.clear()

    look("game")
    why = [line for lines in scene.why_not().values() for line in lines]
    assert why and not english_words(why, names)
    scene.press_tool("menu")
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    look("menu")
    tap_at(app, menu.buttons["help"].rect.center, False)
    assert menu.page == "help"
    look("menu/help")
    tap_at(app, menu.buttons["back"].rect.center, False)
    tap_at(app, menu.buttons["resume"].rect.center, False)
    assert app.scenes.top is scene
    end = finish_by_withdrawing(app, scene)
    assert isinstance(end, ZombieworldEndScene)
    look("end")
    assert seen == {}, "\n".join(f"{where}: {found}" for where, found in seen.items())
    assert i18n.untranslated() == frozenset()
    drawn.close()


@pytest.mark.parametrize("result", ["won", "lost"])
def test_zombicides_victory_and_defeat_screens_in_spanish(tmp_path, monkeypatch, spanish, result):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    board = load_board(MISSIONS / "tutorial-2x2.toml")
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe", "dan"]}]}), 4)
    state = session.state
    if result == "lost":
        state = replace(state, survivors=(replace(state.survivors[0], alive=False), *state.survivors[1:]))
    end = EndScene(app, replace(state, result=result), board.title_in("es"))
    app.push(end)
    app.frame(0.02, [])
    names = [s.name for s in state.survivors] + [board.title_in("es")]
    assert any(("VICTORIA" if result == "won" else "DERROTA") in text for text in drawn.texts)
    assert english_words(drawn.texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_the_zombieworld_shooting_panel_and_dice_in_spanish(tmp_path, monkeypatch, spanish):
    """A target tapped: the panel (range, sight, cover, shots, the roll needed with its modifiers, the
    chance) in Spanish, the weapon and the zombie by their Spanish names; then the shot's dice pop-up."""
    import math

    from game.rules.zombieworld import commands as c
    from tests.app_zombieworld.test_zw_shots_and_saves import scene_ready_to_shoot
    from tests.app_zombieworld.zw_ui import screen_of, tap

    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    scene = scene_ready_to_shoot(app)
    template = scene.controller.template(c.ShootTemplate)
    shooter = scene.controller.active_model()
    nearest = min(template.targets, key=lambda t: math.dist(scene.controller.state.model(t).position, shooter.position))
    drawn.clear()
    tap(app, screen_of(scene, scene.controller.state.model(nearest).position))
    assert scene.aim is not None
    app.frame(1 / 60, [])
    state = scene.state
    names = [m.name for m in state.models] + [scene.controller.band_name(seat) for seat in state.seats]
    names += [piece.label for piece in state.table.pieces if piece.label]
    assert any(text.startswith("Línea de visión") for text in drawn.texts)
    assert any(" dispara a " in text for text in drawn.texts)
    assert english_words(drawn.texts, names) == {}
    scene.press_aim("fire")
    for _ in range(120):  # the shot's dice come up
        app.frame(1 / 30, [])
        if any(text.startswith("Modificadores: ") for text in drawn.texts):
            break
    assert any(text.startswith("Modificadores: ") for text in drawn.texts)
    assert english_words(drawn.texts, names) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_a_whole_zombieworld_game_in_spanish_draws_no_english(tmp_path, monkeypatch, spanish):
    """A whole game on the town square, every command a seeded random player's, at 1000×650: each frame's
    words (table, log, header, roster, dice, questions) and the end screen are Spanish."""
    from random import Random

    from game.app.zombieworld.game_scene import ZombieworldGameScene
    from game.rules.zombieworld import engine
    from game.rules.zombieworld.bots import random_bot
    from game.rules.zombieworld.presets import preset_bands
    from tests.app_zombieworld.zw_ui import TOWN
    from tests.zombieworld.test_zw_refusals_spanish import spanish_names

    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, SIZE)
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 7)
    app.show(scene)
    chooser = Random(7)
    state = scene.state
    names = [m.name for m in state.models] + [piece.label for piece in state.table.pieces if piece.label]
    names += [scene.controller.band_name(seat) for seat in state.seats]
    names += sorted(spanish_names(state.catalog))
    seen: dict[str, str] = {}
    played = 0
    while scene.controller.outcome() is None and played < 900:
        app.frame(1 / 60, [])
        scene.skip_all()
        state = scene.controller.state
        seats = sorted(engine.current_seats(state))
        command = random_bot(state, seats[0], chooser) if seats else None
        if command is None:
            break
        scene.play(command)
        played += 1
        names += [m.name for m in state.models if m.name not in names]
        seen.update({word: text for word, text in english_words(drawn.texts, names).items() if word not in seen})
        drawn.clear()
    assert scene.controller.outcome() is not None, f"the game did not end in {played} commands"
    for _ in range(400):
        app.frame(1 / 30, [])
        if isinstance(app.scenes.top, ZombieworldEndScene):
            break
    assert isinstance(app.scenes.top, ZombieworldEndScene)
    app.frame(1 / 60, [])
    seen.update(english_words(drawn.texts, names))
    assert seen == {}, "\n".join(f"{word}: {text}" for word, text in seen.items())
    assert i18n.untranslated() == frozenset()
    drawn.close()
