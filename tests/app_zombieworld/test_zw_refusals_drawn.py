"""Zombieworld's refusals as a Spanish player meets them: the tape's reason while a miniature is held
where it cannot go, the status line after the drop, and the shooting panel's "Why not" are Spanish,
drawn with no English word, and nothing changes."""

from __future__ import annotations

import pytest

from game import i18n
from game.rules.core.reasons import Said
from tests.app_zombieworld.zw_ui import (
    game_with_spots,
    mouse_drag,
    mouse_release,
    new_app,
    open_game,
    screen_of,
)
from tests.spanish_probe import DrawnText, english_words


@pytest.fixture(scope="module")
def spots():
    return game_with_spots()


def shown_names(scene) -> list[str]:  # type: ignore[no-untyped-def]
    state = scene.controller.state
    names = [scene.controller.band_name(seat) for seat in state.seats] + [m.name for m in state.models]
    return names + [piece.label for piece in state.table.pieces if piece.label]


def acting_in_spanish(tmp_path, monkeypatch, seed: int):  # type: ignore[no-untyped-def]
    """The app, a game whose first survivor is acting, the words drawn from now on, and that survivor."""
    app = new_app(tmp_path)
    scene = open_game(app, seed)
    drawn = DrawnText(monkeypatch)
    model = scene.controller.active_model()
    assert model is not None
    return app, scene, drawn, model


@pytest.mark.parametrize("where", ["beyond", "wall"])
def test_a_refused_drag_says_why_in_spanish_on_the_tape_and_the_status_line(tmp_path, monkeypatch, spanish, spots,
                                                                             where):
    seed, points = spots
    app, scene, drawn, model = acting_in_spanish(tmp_path, monkeypatch, seed)
    before = scene.controller.state
    mouse_drag(app, screen_of(scene, model.position), screen_of(scene, points[where]))
    drag = scene.table.drag
    assert drag is not None and drag.preview is not None and not drag.preview.legal
    reason = drag.preview.reason
    assert isinstance(reason, Said)
    spanish_reason = i18n.said(reason)
    assert spanish_reason != str(reason)  # the engine's English, said in Spanish
    drawn.clear()
    scene.draw(app.screen)  # the red tape and its reason, while held
    assert spanish_reason in drawn.texts
    drawn.clear()
    mouse_release(app, screen_of(scene, points[where]))  # its frame draws the status line
    assert scene.controller.state is before
    assert scene.status_text == i18n._("Refused: {reason}").format(reason=spanish_reason)
    assert any(spanish_reason in text for text in drawn.texts)
    assert english_words(drawn.texts, shown_names(scene)) == {}
    assert i18n.untranslated() == frozenset()
    drawn.close()


def test_the_shooting_panel_says_why_not_in_spanish(tmp_path, monkeypatch, spanish, spots):
    seed, _points = spots
    app, scene, drawn, model = acting_in_spanish(tmp_path, monkeypatch, seed)
    enemies = [m for m in scene.controller.state.models if m.side != model.side]
    refused = None
    for enemy in enemies:  # the first enemy this survivor cannot shoot, and the engine's reason
        preview = scene.controller.shot_preview(enemy.id)
        if preview is not None and not preview.legal and isinstance(preview.reason, Said):
            refused = enemy
            break
    assert refused is not None, "every enemy could be shot"
    before = scene.controller.state
    scene.aiming = True
    scene.tap_model(refused.id)
    assert scene.aim is not None and not scene.aim.legal
    drawn.clear()
    scene.draw(app.screen)
    assert i18n._("Why not") in drawn.texts
    assert any(i18n.said(scene.aim.reason) in text for text in drawn.texts)
    assert english_words(drawn.texts, shown_names(scene)) == {}
    assert scene.controller.state is before
    assert i18n.untranslated() == frozenset()
    drawn.close()
