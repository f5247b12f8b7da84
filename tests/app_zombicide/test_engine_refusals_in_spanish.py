"""The Zombicide engine's refusals, reached through the window's controller (a command or an
Override the engine refuses), read in the player's language, with the survivor's name and a card's
Spanish name filled in; in English they read as the engine wrote them."""

from __future__ import annotations

from game.app.zombicide.controller import GameController
from game.rules.core.base import IllegalCommand
from game.rules.zombicide.commands import Attack
from tests.app_zombicide.test_refusals_in_spanish import controller

BOW = 0  # Bruno's slot holding the Bow (rm-tutorial-1)


def out_of_reach(game: GameController) -> str:
    """A zone Bruno sees but his Bow does not reach."""
    return next(zone for zone in game.state.graph.zone_ids if "reaches" in engine_reason(game, Attack("bruno", BOW, zone)))


def engine_reason(game: GameController, command: object) -> str:
    try:
        game.session.ruleset.check(game.state, game.seat, command)
    except IllegalCommand as refusal:
        return str(refusal.reason)  # the engine's English
    return ""


def test_engine_refusals_are_said_in_spanish(spanish):
    game = controller()
    start = game.state
    bruno = game.survivor_name("bruno")
    far = out_of_reach(game)
    refused = game.play(Attack("bruno", BOW, far))
    assert not refused.ok and refused.reason.startswith("Arco alcanza 0–1 zonas, no ")
    wounds = game.override_set_counter("bruno", "wounds", 9)
    assert not wounds.ok and wounds.reason == f"2 heridas eliminan a {bruno}: retira en su lugar al superviviente del tablero"
    here = game._zone_of("bruno")
    assert game.override_place_survivor("bruno", here).reason == f"{bruno} ya está ahí"
    assert game.state is start  # nothing changed


def test_the_same_engine_refusals_stay_english_in_english():
    game = controller()
    bruno = game.survivor_name("bruno")
    refused = game.play(Attack("bruno", BOW, out_of_reach(game)))
    assert refused.reason.startswith("Bow reaches 0–1 zones, not ")
    assert game.override_set_counter("bruno", "wounds", 9).reason == (
        f"2 wounds eliminate {bruno}: take the survivor off the board instead")
    assert game.override_place_survivor("bruno", game._zone_of("bruno")).reason == f"{bruno} already stands there"
