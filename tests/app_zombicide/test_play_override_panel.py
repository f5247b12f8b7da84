"""The override panel offers every override the engine has: a survivor's XP, wounds and actions left, a
zone's noise, a named card on top of a deck, a deck shuffled with its discard pile. Each is an
engine command played through the window: logged, undone, and refused with the engine's reason."""

from __future__ import annotations

import sys
from pathlib import Path

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

from game.app.zombicide.controller import PutCardOnTop, ReshuffleDeck, SetCounter, SetNoise  # noqa: E402


def choose(host, scene, text: str) -> None:  # type: ignore[no-untyped-def]
    """Tap the dialog's option that reads ``text`` (turning its pages with More… when needed)."""
    for _ in range(20):
        assert scene.dialog is not None, "no dialog is open"
        if text in scene.dialog.options:
            finger_tap(host, scene.dialog.button_for(scene.dialog.options.index(text)).rect.center)
            settle(host, scene)
            return
        assert "More…" in scene.dialog.options, f"{text!r} is not among {scene.dialog.options}"
        mouse_click(host, scene.dialog.button_for(scene.dialog.options.index("More…")).rect.center)
    raise AssertionError(f"{text!r} never showed")


def test_counters_noise_and_decks_through_the_override_panel(tmp_path):
    host, scene = new_scene(tmp_path)
    c = scene.controller
    start = c.session.hash()
    mouse_click(host, button(scene.tools, "Override").rect.center)
    labels = [label for label, _, _ in scene.action_labels()]
    assert {"Counters…", "Noise…", "Decks…"} <= set(labels)

    # Bruno's experience: the values come from the engine, his danger level follows
    mouse_click(host, screen_of_piece(scene, "bruno"))
    scene.press_action("ov:counters")
    assert scene.dialog is not None and scene.dialog.options[0].startswith("Experience (now 0)")
    choose(host, scene, "Experience (now 0)")
    threshold = c.state.tables.xp_thresholds[1]
    choose(host, scene, str(threshold))
    bruno = c.state.survivors[c.state.survivor_index("bruno")]
    assert bruno.xp == threshold and bruno.level == 1
    assert c.session.log[-1].command == SetCounter("bruno", "xp", threshold)
    assert any("danger level" in (line if isinstance(line, str) else line[0]) for line in scene.log.lines)

    # a wound by hand, then the actions he has left
    scene.press_action("ov:counters")
    choose(host, scene, "Wounds (now 0)")
    choose(host, scene, "1")
    assert c.state.survivors[c.state.survivor_index("bruno")].wounds == 1
    scene.press_action("ov:counters")
    choose(host, scene, "Actions left (now 3)")
    choose(host, scene, "5")
    assert c.state.survivors[c.state.survivor_index("bruno")].actions_left == 5

    # noise in a zone tapped on the board
    zone = next(iter(c.targets("bruno").moves))
    finger_tap(host, screen_of_zone(scene, zone))
    scene.press_action("ov:noise")
    choose(host, scene, "2")
    assert c.state.noise[c.state.graph.index[zone]] == 2 and c.session.log[-1].command == SetNoise(zone, 2)

    # a named card on top of each deck, and a shuffle
    scene.press_action("ov:decks")
    choose(host, scene, "Equipment: put a card on top…")
    choose(host, scene, "Shotgun")
    assert c.state.card_kinds[c.state.equipment_deck[0]] == "shotgun"
    assert c.session.log[-1].command == PutCardOnTop("equipment", "shotgun")
    scene.press_action("ov:decks")
    choose(host, scene, "Zombies: put a card on top…")
    assert scene.dialog is not None and scene.dialog.options[0].startswith("Zombie card 1")
    choose(host, scene, scene.dialog.options[2])
    assert c.state.zombie_deck[0] == 3
    scene.press_action("ov:decks")
    choose(host, scene, "Shuffle the zombie deck with its discard pile")
    assert c.session.log[-1].command == ReshuffleDeck("zombie")

    # the engine's refusal shows and changes nothing: two wounds would eliminate him
    before = c.session.hash()
    outcome = scene.play_override(c.override_set_counter, "bruno", "wounds", 2)
    assert not outcome.ok and c.session.hash() == before and "eliminate" in scene.status_text

    # every override undoes
    for _ in range(len(c.session.log)):
        mouse_click(host, button(scene.tools, "Undo").rect.center)
    assert c.session.hash() == start
