"""Zombieworld's window hooks, as the registry names them: the start screen's buttons, resuming a
save (a bad one says why and changes nothing), a save opened with its end screen, and the screens
that lead back to the set-up through the hooks instead of importing it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.navigation import hooks
from game.app.zombieworld.saves import ZwSaveError
from game.app.zombieworld.setup_scene import ZombieworldSetupScene
from game.platform import registry
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, new_app

BOX = "evolution"


@pytest.fixture
def app(tmp_path):
    application = new_app(tmp_path)
    application.open_start()
    return application


def saved_game(app, folder: Path) -> tuple[Path, str]:
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", 4)
    written = scene.save(folder / "zw-game.json", quiet=True)
    assert written is not None
    return written, scene.controller.session.hash()


def test_the_registry_entry_names_hooks_this_module_offers():
    entry = registry.game("zombieworld")
    module = entry.app_hooks()
    assert module is hooks()
    for item in entry.menu:
        assert callable(getattr(module, item.hook)), item.hook
    assert callable(module.resume) and callable(module.open_end)


def test_new_game_opens_the_set_up(app):
    scene = hooks().new_game(app, BOX)
    assert isinstance(scene, ZombieworldSetupScene) and app.scenes.top is scene
    assert scene.chosen == [] and scene.campaign is None


def test_the_band_builder_goes_back_to_the_start_or_on_to_the_set_up_with_its_band(app):
    start = app.scenes.top
    builder = hooks().band_builder(app, BOX)
    assert isinstance(builder, BandBuilderScene) and app.scenes.top is builder
    builder.close(None)
    assert type(app.scenes.top) is type(start)  # Back: the start screen again
    band = preset_bands()[1]
    hooks().band_builder(app, BOX).close(band)
    setup = app.scenes.top
    assert isinstance(setup, ZombieworldSetupScene) and setup.chosen == [band]


def test_resume_opens_the_saved_game(app, tmp_path):
    saved, played = saved_game(app, tmp_path)
    assert hooks().resume(app, saved)
    top = app.scenes.top
    assert isinstance(top, ZombieworldGameScene) and top.controller.session.hash() == played
    assert top.save_path == saved


@pytest.mark.parametrize("damage", ["truncated", "unknown_table", "missing"])
def test_a_bad_save_says_why_and_changes_nothing(app, tmp_path, damage):
    saved, _ = saved_game(app, tmp_path)
    text = saved.read_text(encoding="utf-8")
    if damage == "truncated":
        saved.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "unknown_table":
        data = json.loads(text)
        data["board" if "board" in data else "table"] = "maps/zombieworld/no-such-table.tmx"
        saved.write_text(json.dumps(data), encoding="utf-8")
    else:
        saved.unlink()
    start = app.scenes.top
    assert not hooks().resume(app, saved)
    assert app.scenes.top is start and len(app.scenes.scenes) == 1
    assert app.message is not None and app.message.alive()
    said = app.message.text_block.html_text
    assert (saved.name if damage != "unknown_table" else "no-such-table") in said


def test_open_end_shows_the_result_over_the_resumed_game(app, tmp_path):
    saved, played = saved_game(app, tmp_path)
    hooks().open_end(app, saved)
    end = app.scenes.top
    assert isinstance(end, ZombieworldEndScene)
    game = end.game_scene
    assert isinstance(game, ZombieworldGameScene) and game.controller.session.hash() == played
    assert app.scenes.scenes == [game, end] and game.ended_shown


def test_open_end_of_a_bad_save_raises_naming_the_file_and_shows_nothing_new(app, tmp_path):
    saved, _ = saved_game(app, tmp_path)
    saved.write_text("{", encoding="utf-8")
    start = app.scenes.top
    with pytest.raises(ZwSaveError) as refusal:
        hooks().open_end(app, saved)
    assert saved.name in str(refusal.value)
    assert app.scenes.top is start


def test_the_end_screen_leads_to_a_new_set_up_through_the_hooks(app, tmp_path):
    saved, _ = saved_game(app, tmp_path)
    hooks().open_end(app, saved)
    app.scenes.top.press("new")
    setup = app.scenes.top
    assert isinstance(setup, ZombieworldSetupScene) and setup.campaign is None and len(app.scenes.scenes) == 1
