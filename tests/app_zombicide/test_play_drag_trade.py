"""A card dragged from the selected survivor's card onto another survivor (their roster chip or
their miniature) offers a Trade in the trade dialog; a drop anywhere else, or on a survivor the
engine refuses, slides the card back with the reason. Mouse and finger."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pygame  # noqa: E402
from test_play_scene import (  # noqa: E402
    finger_drag,
    finger_tap,
    mouse_click,
    mouse_drag,
    new_scene,
    screen_of_piece,
    screen_of_zone,
    settle,
)

from game.rules.zombicide.commands import Discard, Trade  # noqa: E402


def survivor(controller, survivor_id: str):  # type: ignore[no-untyped-def]
    return controller.state.survivors[controller.state.survivor_index(survivor_id)]


def card_names(controller, survivor_id: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [controller.card_name(c) for c in survivor(controller, survivor_id).slots]


def chip(scene, survivor_id: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return next(r for r, sid in scene.roster if sid == survivor_id).center


def slot_centre(scene, slot: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return scene.card_panel.slot_rects[slot].center


def test_drag_a_card_onto_a_roster_chip_and_a_miniature_trades(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert c.selected == "bruno" and card_names(c, "bruno")[0] == "Bow"
    assert card_names(c, "ines")[0] == "Crowbar" and card_names(c, "idris")[0] == "Fire Axe"
    actions = survivor(c, "bruno").actions_left

    # the mouse drags Bruno's Bow onto Ines's chip: the trade dialog offers the Bow to her
    mouse_drag(host, slot_centre(scene, 0), chip(scene, "ines"))
    assert scene.dialog is not None and "Ines" in scene.dialog.title
    assert "Give Bow to Ines Ferro (hand)" in scene.dialog.options
    assert "Swap Bow for Ines Ferro's Crowbar" in scene.dialog.options
    assert len(c.session.log) == 0  # nothing played until a choice is made
    finger_tap(host, scene.dialog.button_for(scene.dialog.options.index("Swap Bow for Ines Ferro's Crowbar")).rect.center)
    settle(host, scene)
    assert isinstance(c.session.log[-1].command, Trade)
    assert card_names(c, "bruno")[0] == "Crowbar" and card_names(c, "ines")[0] == "Bow"
    assert survivor(c, "bruno").actions_left == actions - 1

    # a finger drags the Crowbar onto Idris's miniature on the board: given into his free hand
    settle(host, scene)
    finger_drag(host, slot_centre(scene, 0), screen_of_piece(scene, "idris"), finger=1)
    assert scene.dialog is not None and "Idris" in scene.dialog.title
    give = scene.dialog.options.index("Give Crowbar to Idris Cole (hand)")
    mouse_click(host, scene.dialog.button_for(give).rect.center)
    settle(host, scene)
    assert card_names(c, "bruno")[0] == "" and "Crowbar" in card_names(c, "idris")[:2]
    assert survivor(c, "bruno").actions_left == actions - 2


def test_a_refused_drop_slides_back_with_the_engines_reason(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    # dropped on the empty table: back to its slot, and the offer to discard it, which is cancelled
    empty = screen_of_zone(scene, next(iter(c.targets("bruno").moves)))
    mouse_drag(host, slot_centre(scene, 0), empty)
    assert scene.dialog is not None and scene.dialog.title == "Discard Bow?" and not c.session.log
    assert scene.card_panel.returning is not None
    host.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert scene.dialog is None and not c.session.log
    host.frames_until(lambda: scene.card_panel.returning is None, "the card slides back to its slot")

    # Bruno walks away (a tap on a highlighted zone); Ines is no longer in his zone
    mouse_click(host, empty)
    settle(host, scene)
    assert survivor(c, "bruno").zone != survivor(c, "ines").zone
    before = c.session.hash()
    finger_drag(host, slot_centre(scene, 0), chip(scene, "ines"), finger=2)
    assert scene.dialog is None and c.session.hash() == before
    assert "not in" in scene.status_text and "Ines" in scene.status_text  # the engine's words
    assert scene.card_panel.returning is not None
    assert card_names(c, "bruno")[0] == "Bow"

    # dropped back on Bruno's own chip: not a trade either
    mouse_drag(host, slot_centre(scene, 0), chip(scene, "bruno"))
    assert scene.dialog is None and c.session.hash() == before


def test_a_card_dropped_on_the_table_is_discarded_for_free_even_after_the_turn(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    c.play(c.describe(next(x for x in c.commands_of("bruno") if x.kind == "end_turn")).command)
    settle(host, scene)
    assert survivor(c, "bruno").done
    c.select("bruno")
    scene.refresh_buttons()
    host.frames(1)
    empty = screen_of_zone(scene, c._zone_of("ines"))
    mouse_drag(host, slot_centre(scene, 0), empty)
    assert scene.dialog is not None and scene.dialog.options == ["Discard Bow"]
    finger_tap(host, scene.dialog.button_for(0).rect.center)
    settle(host, scene)
    assert isinstance(c.session.log[-1].command, Discard)
    assert card_names(c, "bruno")[0] == "" and survivor(c, "bruno").done
    assert any("discards Bow" in (line[0] if isinstance(line, tuple) else str(line)) for line in scene.log.lines)
