"""Saves written before Rue Morgue became a plug-in still load and replay to the same position: the
JSON kinds of commands, the "table" seat of overrides and the state's hash are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from game.platform.envelope import load_game
from game.rules.zombicide.overrides import OVERRIDE_SEAT, PlaceZombies

FROZEN = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "zombicide-game-v1.json"


def test_the_frozen_v1_sample_replays_to_its_recorded_hash():
    recorded = json.loads(FROZEN.read_text(encoding="utf-8"))["session"]
    game = load_game(FROZEN)
    assert recorded["final_hash"] and game.session.hash() == recorded["final_hash"]
    assert len(game.session.log) == len(recorded["log"]) == 26
    overrides = [entry for entry in game.session.log if isinstance(entry.command, PlaceZombies)]
    assert overrides and all(entry.seat == OVERRIDE_SEAT == "table" for entry in overrides)
