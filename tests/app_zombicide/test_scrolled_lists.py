"""A page's scrolling list stays where the player scrolled it: a pick rebuilds the page, and the list
must not jump back to its top, hiding what was just picked."""

from __future__ import annotations

from pygame_gui.elements import UIScrollingContainer
from test_around_start import app, press, tap  # noqa: F401 (the fixture)

from game.app.zombicide.new_game_scene import ZombicideNewGameScene


def scroller_of(scene) -> UIScrollingContainer:
    return next(e for e in scene.root.get_container().elements if isinstance(e, UIScrollingContainer))


def shows(app, scene, key: str) -> bool:  # noqa: F811
    """Whether the button is inside its list's view once the list has settled (a bounded wait on the state)."""
    for _ in range(200):
        if scroller_of(scene).rect.contains(scene.buttons[key].rect):
            return True
        app.frame(0.02, events=[])
    return False


def open_box(app, box: str) -> ZombicideNewGameScene:  # noqa: F811
    start = app.scenes.top
    tap(app, start.buttons["new"], False)
    tap(app, start.buttons[f"new_{box}"], False)
    scene = app.scenes.top
    assert isinstance(scene, ZombicideNewGameScene) and scene.page == "mission"
    return scene


def test_a_mission_picked_low_in_the_list_stays_in_view(app):  # noqa: F811
    scene = open_box(app, "invader")
    last = scene.missions[-1]
    key = f"mission_{last.id}"
    assert not scroller_of(scene).rect.contains(scene.buttons[key].rect), "the last mission starts out of view"
    press(app, scene, key, False)
    assert scene.mission is last
    assert shows(app, scene, key), "the list kept its place after the page was rebuilt"
    tap(app, scene.buttons["next"], False)
    tap(app, scene.buttons["back"], False)  # back on the mission page: still where the player left it
    assert scene.page == "mission" and shows(app, scene, key)


def test_a_survivor_picked_low_in_the_list_stays_in_view(app):  # noqa: F811
    scene = open_box(app, "rue_morgue")
    tap(app, scene.buttons["next"], False)
    last = scene.catalog.survivors[-1].id
    key = f"survivor_{last}"
    assert not scroller_of(scene).rect.contains(scene.buttons[key].rect), "the last survivor starts out of view"
    was_picked = last in scene.picked
    press(app, scene, key, False)
    assert (last in scene.picked) != was_picked
    assert shows(app, scene, key), "the list kept its place after the page was rebuilt"
