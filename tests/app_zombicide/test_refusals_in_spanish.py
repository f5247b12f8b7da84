"""The Zombicide window's own refusals (a zone out of reach, a card dropped on its own slot, nothing
to redo) speak the player's language, with the survivor's name filled in."""

from __future__ import annotations

from pathlib import Path

from game.app.zombicide.controller import GameController
from game.board.mission import load_board

REPO = Path(__file__).resolve().parents[2]
SETUP = {"players": [{"seat": "P1", "survivors": ["bruno", "ines", "idris"]}]}


def controller() -> GameController:
    return GameController.new(load_board(REPO / "maps" / "missions" / "rm-tutorial-1.toml"), SETUP, 7)


def test_the_windows_refusals_are_said_in_spanish(spanish):
    game = controller()
    here = game._zone_of("bruno")
    start = game.state
    assert game.move_to("bruno", here).reason == f"{game.survivor_name('bruno')} ya está ahí"
    far = next(z for z in game.state.graph.zone_ids if z not in game.targets("bruno").moves and z != here)
    refused = game.move_to("bruno", far)
    assert not refused.ok and refused.reason == f"{game.survivor_name('bruno')} no puede llegar a esa zona ahora"
    assert game.swap_slots("bruno", 0, 0).reason == "suelta la carta en otro hueco"
    assert game.state is start  # nothing changed


def test_the_same_refusals_stay_english_in_english():
    game = controller()
    assert game.move_to("bruno", game._zone_of("bruno")).reason == f"{game.survivor_name('bruno')} is already there"
    assert game.swap_slots("bruno", 0, 0).reason == "drop the card on another slot"
