"""Picking survivors by mouse and finger: a refused pick says why, unticking one leaves the others
with their players, and a survivor's card can be read before picking."""

from __future__ import annotations

import pytest
from test_around_start import app, press, tap  # noqa: F401 (the fixture)

from game.app.zombicide.new_game_scene import ZombicideNewGameScene


def survivors_page(app):  # noqa: F811
    start = app.scenes.top
    tap(app, start.buttons["new"], False)
    tap(app, start.buttons["new_rue_morgue"], False)
    scene = app.scenes.top
    assert isinstance(scene, ZombicideNewGameScene)
    tap(app, scene.buttons["next"], False)
    assert scene.page == "survivors"
    return scene


def note_text(scene) -> str:
    from pygame_gui.elements import UILabel

    labels = [e for e in scene.root.get_container().elements if isinstance(e, UILabel)]
    return labels[-1].text


def owners(scene) -> dict[str, str]:
    return {s: seat["seat"] for seat in scene.seats() for s in seat["survivors"]}


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_a_seventh_pick_for_one_player_is_refused_with_its_reason(app, finger):  # noqa: F811
    scene = survivors_page(app)
    tap(app, scene.buttons["players_1"], finger)
    assert scene.players == 1 and len(scene.picked) == 6
    before = list(scene.picked)
    extra = next(s.id for s in scene.catalog.survivors if s.id not in scene.picked)
    press(app, scene, f"survivor_{extra}", finger)
    assert scene.picked == before  # nothing changed
    assert "at most 6 survivors" in note_text(scene) and "add a player" in note_text(scene)
    tap(app, scene.buttons["players_2"], finger)  # with a second player, the same pick is taken
    press(app, scene, f"survivor_{extra}", finger)
    assert extra in scene.picked and "at most" not in note_text(scene)


def test_unticking_one_survivor_keeps_every_other_survivors_player(app):  # noqa: F811
    scene = survivors_page(app)
    tap(app, scene.buttons["players_3"], True)
    before = owners(scene)
    assert len(set(before.values())) == 3
    dropped = scene.seats()[0]["survivors"][0]
    press(app, scene, f"survivor_{dropped}", True)
    after = owners(scene)
    assert dropped not in after
    assert after == {s: seat for s, seat in before.items() if s != dropped}  # nobody changed hands
    newcomer = next(s.id for s in scene.catalog.survivors if s.id not in scene.picked and s.id != dropped)
    press(app, scene, f"survivor_{newcomer}", False)
    assert owners(scene)[newcomer] == before[dropped]  # the player one short gets the next pick
    assert {s: seat for s, seat in owners(scene).items() if s != newcomer} == after


def test_a_survivors_card_shows_before_picking(app):  # noqa: F811
    scene = survivors_page(app)
    survivor = next(s for s in scene.catalog.survivors if s.id not in scene.picked)
    press(app, scene, f"card_{survivor.id}", True)
    assert survivor.id not in scene.picked  # reading the card picks nobody
    from pygame_gui.elements import UITextBox

    box = next(e for e in scene.root.get_container().elements if isinstance(e, UITextBox))
    assert survivor.name in box.html_text and survivor.description.split()[0] in box.html_text
    for level in ("Blue", "Yellow", "Orange", "Red"):
        assert level in box.html_text
    blue = scene.catalog.skill(survivor.blue[0].skill).name
    assert blue in box.html_text
