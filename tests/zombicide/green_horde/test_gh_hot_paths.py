"""What the Green Horde box keeps between calls on its hot paths (the listing's cards, the siege
engine's targets) answers as the rules do: it follows the cards and the board."""

from __future__ import annotations

from dataclasses import replace

from boards import arrange, survivor
from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.commands import (
    HORDE_TARGET,
    FireSiegeEngine,
    ThrowBile,
    ThrowTorch,
)
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


def test_a_siege_engine_s_shots_follow_the_zombies_the_horde_and_the_survivor():
    state = arrange(engine.setup(FARM, FARM_SETUP, 1), survivors={"asim": {"zone": "r0c1"}, "seli": {"zone": "r0c1"}},
                    zombies={"r0c3": {"orc_walker": 1}})

    def shots(state, survivor_id: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
        return [(c.zone, c.ammunition) for c in engine.legal_commands(state, "A")
                if isinstance(c, FireSiegeEngine) and c.survivor == survivor_id]

    every = ("scattered", "concentrated", "stone")
    assert shots(state, "asim") == [("r0c3", a) for a in every] == shots(state, "seli")
    zombies = list(state.zombies)
    zone = state.graph.zone_ids.index
    zombies[zone("r2c0")], zombies[zone("r0c3")] = zombies[zone("r0c3")], zombies[zone("r2c0")]
    moved = replace(state, zombies=tuple(zombies))  # the walker gone from r0c3 to r2c0
    assert shots(moved, "asim") == [("r2c0", a) for a in every]
    horde = list(moved.box_state.horde) or [0] * moved.tables.type_count
    horde[moved.tables.zombie_index["orc_walker"]] = 1
    gathered = replace(moved, box_state=replace(moved.box_state, horde=tuple(horde)))
    assert shots(gathered, "asim") == [("r2c0", a) for a in every] + [(HORDE_TARGET, a) for a in every]
