"""The tutorial's ring round a zone is drawn under the zones' names: a ringed zone's name stays whole."""

from __future__ import annotations

from game.app.widgets.tutorial_prompt import POINTER_COLOUR
from game.platform import registry
from tests.app_shell.shell_ui import TUTORIAL, new_app


def test_the_ring_round_a_zone_leaves_its_name_whole(tmp_path):
    app = new_app(tmp_path)
    registry.game("zombicide").app_hooks().quick_start(app, TUTORIAL, 1)
    scene = app.scenes.top
    step = scene.tutorial.step
    assert step is not None and step.zone  # the first step rings a zone: the EXIT
    camera = scene.table.camera
    for _zoom_in in range(6):  # close enough that the ringed zone's name has its own place
        places = {zone: rect for zone, _label, rect, _faded in scene.zone_label_places()}
        if step.zone in places:
            break
        camera.zoom_at(camera.world_to_screen(scene.board.zones[step.zone].center), 1.25)
    name = places[step.zone]
    app.frame(0.02, [])
    ring = tuple(POINTER_COLOUR)
    assert ring not in [tuple(app.screen.get_at((x, name.centery)))[:3] for x in range(name.left + 2, name.right - 2)]
    zone = scene.board.zones[step.zone]  # the ring itself is drawn round the zone
    edge = [camera.world_to_screen(p) for p in zone.polygon]
    assert any(tuple(app.screen.get_at((round(x), round(y))))[:3] == ring for x, y in edge)
