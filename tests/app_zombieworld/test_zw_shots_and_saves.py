"""Choosing a target shows what the engine will use (range band, sight, cover, the number to reach
and every modifier) before the shot; the dice and the log follow; a save resumes the same game."""

from __future__ import annotations

import json
import math

import pytest

from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.saves import ZwSaveError, load_game
from game.rules.core.session import state_hash
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.presets import preset_bands
from tests.app_zombieworld.zw_ui import TOWN, log_shows, new_app, screen_of, tap


def scene_ready_to_shoot(app, seed: int = 1) -> ZombieworldGameScene:
    scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", seed)
    app.show(scene)
    for _ in range(80):
        legal = scene.controller.legal()
        if any(isinstance(o, c.ShootTemplate) for o in legal):
            break
        step = next((o for o in legal if isinstance(o, c.Activate)), None) or \
            next((o for o in legal if isinstance(o, c.EndActivation)), None)
        assert step is not None
        assert scene.play(step).ok
    scene.dice.clear()
    shooter = scene.controller.active_model()
    scene.table.camera.fit((shooter.x - 40, shooter.y - 40, 80, 80))
    app.frame(1 / 60, [])
    return scene


def test_tapping_a_target_previews_the_numbers_the_engine_then_rolls(tmp_path):
    app = new_app(tmp_path)
    scene = scene_ready_to_shoot(app)
    template = scene.controller.template(c.ShootTemplate)
    shooter = scene.controller.active_model()
    nearest = min(template.targets, key=lambda t: math.dist(scene.controller.state.model(t).position, shooter.position))
    target = scene.controller.state.model(nearest)
    tap(app, screen_of(scene, target.position))
    aim = scene.aim
    assert aim is not None and aim.target == target.id and aim.legal
    assert aim.sees and aim.range_cm == template.range_cm
    assert aim.band in ("point blank", "in range", "out of range")
    to_hit = scene.controller.state.catalog.tables.to_hit
    assert aim.needs == getattr(to_hit, aim.cover)
    total = sum(v for _, v in aim.modifiers)
    assert aim.chance_per_die == pytest.approx(sum(1 for d in range(1, 7) if d + total >= aim.needs) / 6)
    if template.shots_max > template.shots_min:  # the + button asks for one more shot
        plus = next(b for b in scene.aim_buttons.buttons if b.key == "more")
        tap(app, plus.rect.center)
        assert scene.aim.shots == template.shots_min + 1
        aim = scene.aim
    scene.draw(app.screen)
    fire = next(b for b in scene.aim_buttons.buttons if b.key == "fire")
    logged = len(scene.controller.session.log)
    tap(app, fire.rect.center)
    assert len(scene.controller.session.log) == logged + 1
    assert scene.controller.session.log[-1].command == aim.command
    # the same state and command give the same roll: read it back from a replay of the log
    session = scene.controller.session
    session.undo()
    events = session.redo()
    roll = next(e for e in events if isinstance(e, c.DiceRolled) and e.purpose == "shot")
    assert roll.target == aim.needs
    assert roll.modifiers == aim.modifiers
    assert len(roll.dice) == aim.dice
    assert log_shows(scene, lambda text: "shot roll" in text)
    assert scene.dice.busy  # the roll is animated with its modifiers
    assert scene.aim is None


def test_an_unseen_or_friendly_target_says_why_not(tmp_path):
    app = new_app(tmp_path)
    scene = scene_ready_to_shoot(app)
    shooter = scene.controller.active_model()
    friend = next(m for m in scene.controller.state.models if m.side == shooter.side and m.id != shooter.id)
    preview = scene.controller.shot_preview(friend.id)
    assert preview is not None and not preview.legal and "own band" in preview.reason
    assert preview.chance_per_die == 0.0


def test_a_save_round_trip_resumes_the_same_game(tmp_path):
    app = new_app(tmp_path)
    scene = scene_ready_to_shoot(app)
    save = next(b for b in scene.tools.buttons if b.key == "save")
    tap(app, save.rect.center)
    assert scene.save_path is not None and scene.save_path.exists()
    assert scene.status_text.startswith("Saved to")
    resumed = ZombieworldGameScene.resume(app, scene.save_path)
    assert state_hash(resumed.controller.state) == state_hash(scene.controller.state)
    assert len(resumed.controller.session.log) == len(scene.controller.session.log)
    assert resumed.controller.template(c.ShootTemplate) == scene.controller.template(c.ShootTemplate)
    app.show(resumed)
    undo = next(b for b in resumed.tools.buttons if b.key == "undo")
    tap(app, undo.rect.center)
    assert len(resumed.controller.session.log) == len(scene.controller.session.log) - 1


def test_a_broken_save_names_the_file_and_the_problem(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(ZwSaveError) as error:
        load_game(bad)
    assert "broken.json" in str(error.value) and "invalid JSON" in str(error.value)
    app = new_app(tmp_path)
    scene = scene_ready_to_shoot(app)
    path = scene.save(tmp_path / "game.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["log"][0]["command"]["model"] = "nobody"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ZwSaveError) as error:
        load_game(path)
    assert "does not replay" in error.value.what
