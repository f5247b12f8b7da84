"""Deployment in the window (book 10.1): the set-up screen's switch lets the players place their
figures; the deployment dice's order shows in the turn line and the log; the zones are shaded;
a drag places a figure (or says why not), "Done deploying" hands over to the next band, and play
begins after the last."""

from __future__ import annotations

from game.app.zombieworld.event_text import describe
from game.app.zombieworld.game_drawing import DEPLOY_TINT
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.game_words import hint, turn_text
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import (
    TOWN,
    log_shows,
    mouse_drag,
    mouse_release,
    new_app,
    run_until,
    screen_of,
    tap,
)


def _button(buttons, label: str):
    return next((b for b in buttons.buttons if b.label == label and b.enabled), None)  # a slot offered once


def _deploying_game(tmp_path) -> tuple[object, ZombieworldGameScene]:
    app = new_app(tmp_path)
    bands = preset_bands()[:2]
    scene = ZombieworldGameScene.new_game(app, TOWN, bands, "massacre", 3, deploy="players", d10=(2, 9))
    app.show(scene)
    app.frame(1 / 60, [])
    return app, scene


def test_the_set_up_switch_lets_the_players_deploy(tmp_path) -> None:
    app = new_app(tmp_path)
    setup = ZombieworldSetupScene(app)
    app.show(setup)
    app.frame(1 / 60, [])
    for key in ("band:0", "band:1", "next", "next", "next"):
        tap(app, next(b for b in setup.buttons.buttons if b.key == key).rect.center)
    switch = next(b for b in setup.buttons.buttons if b.key == "deploy")
    assert not setup.players_deploy
    tap(app, switch.rect.center)
    assert setup.players_deploy
    tap(app, next(b for b in setup.buttons.buttons if b.key == "next").rect.center)
    game = app.scenes.top
    assert isinstance(game, ZombieworldGameScene)
    assert game.controller.session.setup_spec.deploy == "players"
    assert game.state.deploying and game.state.round == 0


def test_drags_place_the_figures_and_done_hands_over_to_the_next_band(tmp_path) -> None:
    app, scene = _deploying_game(tmp_path)
    state = scene.state
    first, second = state.deploy_order
    assert (first, second) == ("blue", "red")  # red rolled 2, blue 9
    names = scene.band_names()
    assert turn_text(scene).startswith(f"Deployment · {names['blue']} places its figures")
    assert log_shows(scene, lambda text: text == f"Deployment order (a D10 each): {names['blue']}, then {names['red']}")
    assert "within 15 cm of its table edge" in hint(scene) and "25 cm from rival survivors" in hint(scene)
    template = scene.controller.template(c.DeployTemplate)
    assert template is not None and template.seat == "blue"

    # the zones are shaded: a point in the north edge strip of the north-east quadrant
    scene.table.camera.fit((60, 0, 60, 60))
    app.frame(1 / 60, [])
    x, y = screen_of(scene, (100.0, 10.0))
    tints = {tuple(app.screen.get_at((x + dx, y + dy)))[:3] for dx in range(-3, 4) for dy in range(-3, 4)}
    assert any(abs(t[0] - DEPLOY_TINT[0]) < 60 and t[2] > t[0] for t in tints)

    # a drag into the middle of the quadrant is refused, with the rule's words
    mara = scene.controller.model("blue:Mara")
    start = screen_of(scene, mara.position)
    mouse_drag(app, start, screen_of(scene, (90.0, 40.0)))
    assert scene.table.drag is not None and not scene.table.drag.preview.legal
    mouse_release(app, screen_of(scene, (90.0, 40.0)))
    assert scene.controller.model("blue:Mara").position == mara.position
    assert "15 cm of the table edge" in scene.status_text
    run_until(app, lambda: not scene.table.slides)  # she slides back to where she stood

    # a drag along the edge places her
    goal = (100.0, 8.0)
    mouse_drag(app, start, screen_of(scene, goal))
    mouse_release(app, screen_of(scene, goal))
    placed = scene.controller.model("blue:Mara")
    assert abs(placed.x - goal[0]) < 0.6 and abs(placed.y - goal[1]) < 0.6
    assert log_shows(scene, lambda text: text.startswith("Mara deploys at"))

    done = _button(scene.actions, "Done deploying")
    assert done is not None
    tap(app, done.rect.center)
    assert scene.state.deploying == ("red",)
    assert log_shows(scene, lambda text: text == f"{names['blue']} has deployed")
    assert turn_text(scene).startswith(f"Deployment · {names['red']} places its figures")
    tap(app, _button(scene.actions, "Done deploying").rect.center)
    assert not scene.state.deploying and scene.state.round == 1
    assert turn_text(scene).startswith("Round 1/")


def test_the_log_tells_each_figure_and_band_deployed(tmp_path) -> None:
    _app, scene = _deploying_game(tmp_path)
    names = scene.band_names()
    line = describe(c.Deployed("blue:Mara", (100.0, 8.0)), scene.state, None, names)
    assert line == ("Mara deploys at 100, 8 cm", "move")
    assert describe(c.BandDeployed("red"), scene.state, None, names) == (f"{names['red']} has deployed", "phase")
