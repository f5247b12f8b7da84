"""The first game of a fresh window is laid out once: its widgets, built with the scene at the
window's size, stay; any later game clears the window and lays itself out again."""

from __future__ import annotations

from game.platform import registry
from tests.app_shell.shell_ui import TUTORIAL, new_app


def test_a_fresh_window_keeps_the_widgets_its_first_game_built(tmp_path):
    app = new_app(tmp_path)
    hooks = registry.game("zombicide").app_hooks()
    hooks.quick_start(app, TUTORIAL, 1)
    first = app.scenes.top
    panel = first.log.panel
    assert panel.panel.alive() and panel.lines and "Tutorial" in panel.lines[0][0]
    assert first.laid_out_size == app.screen.get_size()
    assert len(app.ui.get_root_container().elements) == len(set(app.ui.get_root_container().elements))

    hooks.quick_start(app, TUTORIAL, 2)  # a second game: the first one's widgets go, the new ones are built
    second = app.scenes.top
    assert second is not first and app.scenes.scenes == [second]
    assert not panel.panel.alive() and second.log.panel.panel.alive()
    assert second.log.panel.lines and "Tutorial" in second.log.panel.lines[0][0]


def test_a_game_built_for_another_size_is_laid_out_again(tmp_path):
    app = new_app(tmp_path)
    hooks = registry.game("zombicide").app_hooks()
    hooks.quick_start(app, TUTORIAL, 1)
    scene = app.scenes.top
    app.scenes.scenes.clear()
    scene.laid_out_size = (640, 480)  # as if the window changed size after the scene was built
    app.show(scene)
    assert scene.laid_out_size == app.screen.get_size() and scene.log.panel.panel.alive()


def test_a_resumed_game_is_laid_out_again_after_what_it_restored(tmp_path, monkeypatch):
    from game.app.zombicide.game_scene import GameScene

    app = new_app(tmp_path)
    hooks = registry.game("zombicide").app_hooks()
    hooks.quick_start(app, TUTORIAL, 1)
    saved = app.scenes.top.autosave() or next(tmp_path.glob("*.json"))
    layouts = []
    original = GameScene.layout
    monkeypatch.setattr(GameScene, "layout", lambda scene, size: layouts.append(size) or original(scene, size))
    fresh = new_app(tmp_path / "again")
    assert hooks.resume(fresh, saved)
    assert len(layouts) == 2  # when built, then by the window once its speed, tutorial and seats are back
    assert fresh.scenes.top.laid_out_size == fresh.screen.get_size()


def test_a_game_opened_straight_from_a_mission_names_its_seats_in_the_players_language(tmp_path, spanish):
    """``main.py --mission M --scene game`` seats two players named as the new-game pages name them."""
    from game import i18n

    app = new_app(tmp_path)  # a new window speaks its settings' language
    i18n.set_language("es")
    registry.game("zombicide").app_hooks().quick_start(app, TUTORIAL, 1)
    assert [seat.seat for seat in app.scenes.top.controller.state.setup.players] == ["Jugador 1", "Jugador 2"]
