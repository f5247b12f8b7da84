"""Right after a find the window offers what the rules allow for free, and only then: the item for a
frightened survivor just found (book 16.1.3), and keeping a find with no room instead of something
carried (book 16.2). Buttons, hint, log and the ground drawn follow the engine."""

from __future__ import annotations

from dataclasses import replace

from game.app.zombieworld.game_words import hint
from game.rules.zombieworld.state import Model
from tests.app_zombieworld.zw_ui import log_shows, new_app, open_game, tap_offer


def _put(scene, state) -> None:
    session = scene.controller.session
    session._states[session._cursor] = state
    scene.sync_pieces()


def _button(scene, label: str):
    return next((o for o in scene.actions.all_offers() if o.label == label), None)


def test_a_find_with_no_room_offers_to_keep_it_instead(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = open_game(app, 3)
    model = scene.controller.active_model()
    assert model is not None
    finder = replace(model, objects=("vest", "flashlight"), mounted="")
    state = replace(scene.state, models=tuple(finder if m.id == model.id else m for m in scene.state.models),
                    active=replace(scene.state.active, found_item="medkit"),
                    ground_items=((model.x, model.y, "medkit"),))
    _put(scene, state)
    app.frame(1 / 60, [])
    assert "no room for the Medical kit" in hint(scene)
    keep = _button(scene, "Keep Medical kit, leave Flashlight")
    assert keep is not None and _button(scene, "Keep Medical kit, leave Protective vest") is not None
    tap_offer(app, scene, keep)
    after = scene.state.model(model.id)
    assert after.objects == ("vest", "medkit")
    assert [g[2] for g in scene.state.ground_items] == ["flashlight"]
    assert log_shows(scene, lambda text: f"{model.name} keeps the Medical kit and leaves the Flashlight on the ground" == text)
    assert _button(scene, "Keep Medical kit, leave Protective vest") is None  # once, at the moment of the find


def test_a_survivor_just_found_can_be_handed_an_item_by_a_button(tmp_path) -> None:
    app = new_app(tmp_path)
    scene = open_game(app, 3)
    model = scene.controller.active_model()
    assert model is not None
    finder = replace(model, backpack=("pistol",))
    found = Model(id=f"{model.side}:found1", side=model.side, kind="survivor", profile="frightened",
                  name="Found survivor 1", x=model.x + 3.0, y=model.y, activated=True)
    models = tuple(finder if m.id == model.id else m for m in scene.state.models) + (found,)
    state = replace(scene.state, models=models, active=replace(scene.state.active, found_survivor=found.id))
    _put(scene, state)
    app.frame(1 / 60, [])
    assert "Found survivor 1 may be given" in hint(scene)
    give = _button(scene, "Give Pistol or revolver to Found survivor 1 (free)")
    assert give is not None
    tap_offer(app, scene, give)
    assert scene.state.model(found.id).hand == ("pistol",)
    assert not scene.state.active.action_used
    assert log_shows(scene, lambda text: text == f"{model.name} gives Pistol or revolver to Found survivor 1")
    assert _button(scene, "Give Pistol or revolver to Found survivor 1 (free)") is None
