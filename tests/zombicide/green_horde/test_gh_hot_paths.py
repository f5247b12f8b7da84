"""What the Green Horde box keeps between calls on its hot paths (the listing's cards, the siege
engine's targets) answers as the rules do: it follows the cards and the board."""

from __future__ import annotations

from dataclasses import replace

from boards import arrange, survivor
from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.commands import ThrowBile, ThrowTorch
from game.rules.zombicide.boxes.green_horde.siege import siege_targets
from game.rules.zombicide.boxes.green_horde.state import board_of
from game.rules.zombicide.graph import UNREACHABLE


def test_the_listing_follows_the_card_behind_a_slot_not_the_slot():
    state = arrange(engine.setup(FARM, FARM_SETUP, 1), survivors={"asim": {"zone": "r2c2", "hand": ("dragon_bile",)}})
    legal = engine.legal_commands(state, "A")
    assert ThrowBile("asim", 0, "r2c1") in legal and not any(isinstance(c, ThrowTorch) for c in legal)
    card = survivor(state, "asim").slots[0]
    kinds = list(state.card_kinds)
    kinds[card] = "torch"  # the same slots, another card in the hand
    state = replace(state, card_kinds=tuple(kinds))
    legal = engine.legal_commands(state, "A")
    assert ThrowTorch("asim", 0, "r2c2") in legal and not any(isinstance(c, ThrowBile) for c in legal)


def test_a_siege_engine_fires_at_every_zone_at_range_two_or_more():
    state = engine.setup(FARM, FARM_SETUP, 1)
    apart = board_of(state.graph).siege_range
    zone_ids = state.graph.zone_ids
    for zone in range(state.graph.zone_count):
        assert siege_targets(state, zone) == tuple(
            z for z in range(state.graph.zone_count) if 2 <= apart[zone][z] < UNREACHABLE)
    yard = zone_ids.index("r0c1")
    assert zone_ids.index("r0c3") in siege_targets(state, yard)
    assert zone_ids.index("r0c2") not in siege_targets(state, yard)  # next door: too close
