"""Green Horde's and Invader's refusals in the player's language: a command the engine refuses in a
mission opened through the window comes back with its reason in Spanish (English under English),
changes nothing, and is what the status line draws."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import i18n
from game.app.zombicide import new_game_scene
from game.rules.zombicide.boxes.green_horde.commands import MeleeStrike
from game.rules.zombicide.boxes.invader.commands import Provoke
from tests.spanish_probe import DrawnText

sys.path.insert(0, str(Path(__file__).parent))
from test_full_mission import game_shown, launch  # noqa: E402
from test_spanish_boxes import BOX_MISSIONS, open_box  # noqa: E402


def open_mission(tmp_path, monkeypatch, box: str):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(new_game_scene, "new_seed", lambda: 5)
    driver = launch(tmp_path)
    picking = open_box(driver, box)
    driver.tap_gui(picking.buttons[f"mission_{BOX_MISSIONS[box]}"])
    for page in ("survivors", "options"):
        driver.tap_gui(picking.buttons["next"])
        assert picking.page == page
    driver.tap_gui(picking.buttons["next"])  # Start the game
    scene = driver.scene
    driver.frames_until(lambda: game_shown(scene), "the mission is shown")
    return driver, scene


def refused(scene, box: str):  # type: ignore[no-untyped-def]
    """A command the engine refuses for the first survivor: a melee strike from an empty hand (Green
    Horde), a Taunt by a survivor without the skill (Invader)."""
    state = scene.controller.state
    survivor = next(s for s in state.survivors if "taunt_within_two" not in s.skills)
    if box == "green_horde":
        empty = next(slot for slot, card in enumerate(survivor.slots) if card < 0)
        return MeleeStrike(survivor.id, empty), survivor
    return Provoke(survivor.id, state.graph.zone_ids[survivor.zone]), survivor


@pytest.mark.parametrize(("box", "language", "expected"), [
    ("green_horde", "es", "golpea con un arma en la mano"),
    ("green_horde", "en", "strike with a weapon in hand"),
    ("invader", "es", "{name} no puede provocar ahora (Provocar, una vez por turno)"),
    ("invader", "en", "{name} cannot taunt now (Taunt, once per turn)"),
])
def test_a_box_refusal_is_said_in_the_players_language(tmp_path, monkeypatch, box, language, expected):
    i18n.set_language(language)
    try:
        drawn = DrawnText(monkeypatch)
        driver, scene = open_mission(tmp_path, monkeypatch, box)
        command, survivor = refused(scene, box)
        before, log = scene.controller.state, len(scene.controller.session.log)
        outcome = scene.controller.play(command)
        assert not outcome.ok and outcome.reason == expected.format(name=survivor.name)
        assert scene.controller.state is before and len(scene.controller.session.log) == log
        scene.status(outcome.reason)
        drawn.clear()
        driver.frame()
        assert any(outcome.reason in text for text in drawn.texts)
        assert i18n.untranslated() == frozenset()
        drawn.close()
    finally:
        i18n.set_language("en")
