"""Manual override brings a survivor of the box into the game and takes survivors off, by mouse and
finger: logged commands the engine's state follows, undone and redone, saved and resumed."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).parent))

from test_play_scene import (  # noqa: E402
    button,
    finger_tap,
    mouse_click,
    new_scene,
    screen_of_piece,
    screen_of_zone,
    settle,
)

from game.app.zombicide.controller import AddSurvivor, RemoveSurvivor  # noqa: E402
from game.app.zombicide.game_scene import GameScene  # noqa: E402


def ids(controller) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.id for s in controller.state.survivors]


def zone_of(controller, survivor_id: str) -> str:  # type: ignore[no-untyped-def]
    state = controller.state
    return state.graph.zone_ids[state.survivors[state.survivor_index(survivor_id)].zone]


def test_add_and_remove_survivors_then_undo_redo_and_resume(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    start = c.session.hash()
    mouse_click(host, button(scene.tools, "Override").rect.center)
    zone = next(iter(c.targets("bruno").moves))
    finger_tap(host, screen_of_zone(scene, zone))
    assert scene.override_zone == zone

    # Add survivor… lists the box's survivors not in the game; a finger picks Cathy
    mouse_click(host, button(scene.actions, "Add survivor").rect.center)
    assert scene.dialog is not None
    bench_names = scene.dialog.options
    assert "Cathy" in bench_names and "Bruno Sala" not in bench_names
    assert all(b.rect.height >= 48 for b in scene.dialog.buttons.buttons)
    finger_tap(host, scene.dialog.button_for(bench_names.index("Cathy")).rect.center)
    settle(host, scene)
    assert ids(c) == ["bruno", "ines", "idris", "cathy"] and zone_of(c, "cathy") == zone
    assert c.session.log[-1].command == AddSurvivor("cathy", zone, "P1")
    assert [sid for _, sid in scene.roster] == ids(c)  # a roster chip for her
    assert scene.table.state.pieces["cathy"].zone == zone  # and her miniature in the zone
    assert any("Cathy joins" in (line if isinstance(line, str) else line[0]) for line in scene.log.lines)

    # tap Idris's miniature, Remove selected: he leaves, his cards go to the discard pile
    axe = c.state.survivors[c.state.survivor_index("idris")].slots[0]
    mouse_click(host, screen_of_piece(scene, "idris"))
    assert scene.table.selected == "idris"
    finger_tap(host, button(scene.actions, "Remove selected").rect.center)
    settle(host, scene)
    assert ids(c) == ["bruno", "ines", "cathy"] and "idris" not in scene.table.state.pieces
    assert c.session.log[-1].command == RemoveSurvivor("idris")
    assert axe in c.state.equipment_discard
    assert [sid for _, sid in scene.roster] == ids(c)

    # out of override, Cathy plays like anyone else: she is picked and moves
    mouse_click(host, button(scene.tools, "Override").rect.center)
    rect = next(r for r, sid in scene.roster if sid == "cathy")
    finger_tap(host, rect.center)
    assert c.selected == "cathy" and "cathy" in c.playable_survivors()
    target = next(iter(c.targets("cathy").moves))
    mouse_click(host, screen_of_zone(scene, target))
    settle(host, scene)
    assert zone_of(c, "cathy") == target
    played = c.session.hash()

    # undo by key and button back to the start; redo brings everything again
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    mouse_click(host, button(scene.tools, "Undo").rect.center)
    assert ids(c) == ["bruno", "ines", "idris", "cathy"]
    assert "idris" in scene.table.state.pieces and [sid for _, sid in scene.roster] == ids(c)
    finger_tap(host, button(scene.tools, "Undo").rect.center)
    assert ids(c) == ["bruno", "ines", "idris"] and c.session.hash() == start
    for _ in range(3):
        finger_tap(host, button(scene.tools, "Redo").rect.center)
        settle(host, scene)
    assert c.session.hash() == played

    # saved and resumed: the overrides are in the log and replay to the same game
    path = scene.save(tmp_path / "override.json")
    resumed = GameScene.resume(host, path)
    assert resumed.controller.session.hash() == played
    assert [sid for _, sid in resumed.roster] == ["bruno", "ines", "cathy"]


def test_the_acting_survivor_cannot_be_removed(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    target = next(iter(c.targets("bruno").moves))
    mouse_click(host, screen_of_zone(scene, target))  # Bruno's turn has begun
    settle(host, scene)
    before = c.session.hash()
    mouse_click(host, button(scene.tools, "Override").rect.center)
    finger_tap(host, screen_of_piece(scene, "bruno"))
    finger_tap(host, button(scene.actions, "Remove selected").rect.center)
    assert c.session.hash() == before and "bruno" in ids(c)
    assert "turn" in scene.status_text  # the reason is shown
