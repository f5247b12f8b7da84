"""What the Green Horde box keeps between calls on its hot paths (the listing's cards, the siege
engine's targets) answers as the rules do: it follows the cards and the board."""

from __future__ import annotations

import shutil
from dataclasses import replace
from types import SimpleNamespace

from boards import arrange, survivor
from gh_boards import FARM, FARM_SETUP

from game.rules.zombicide import engine
from game.rules.zombicide.boxes.green_horde.commands import (
    HORDE_TARGET,
    FireSiegeEngine,
    OpenDoorFromAfar,
    ThrowBile,
    ThrowTorch,
)
from game.rules.zombicide.boxes.green_horde.content import BODY_SLOT
from game.rules.zombicide.boxes.green_horde.inventory import GreenHordeInventory
from game.rules.zombicide.boxes.green_horde.siege import siege_targets
from game.rules.zombicide.boxes.green_horde.state import board_of
from game.rules.zombicide.catalog import CONTENT_ROOT, load_catalog
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import evolved


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


def test_doors_opened_from_afar_follow_the_keys_found_from_the_same_place():
    state = engine.setup(FARM, FARM_SETUP, 1)
    graph = state.graph
    door = graph.edges[graph.doors[0]]
    here = arrange(state, survivors={"asim": {"zone": graph.zone_ids[door.a], "hand": ("telekinetic_blast_start",)}})

    def doors(state) -> set[str]:  # type: ignore[no-untyped-def]
        return {c.door for c in engine.legal_commands(state, "A") if isinstance(c, OpenDoorFromAfar)}

    assert door.connection_id in doors(here)  # no key asked
    locked = evolved(here, setup=here.setup.model_copy(update={"door_keys": {door.color: "blue"}}))
    assert door.connection_id not in doors(locked)
    found = evolved(locked, unlocked_colours=("blue",))  # the same place, the same doors: the key found
    assert door.connection_id in doors(found)
    assert door.connection_id not in doors(locked)  # back to the locked state: no stale answer


def test_the_body_slot_takes_the_pictured_card_of_each_survivor_as_its_catalogue_pictures_it(tmp_path):
    rules = GreenHordeInventory()
    shipped = load_catalog("green_horde")
    crossbow, dagger = (SimpleNamespace(id=name, slot="hand", kind="item") for name in ("crossbow", "curved_dagger"))
    starting_crossbow = SimpleNamespace(id="crossbow_start", slot="hand", kind="item")
    tables = SimpleNamespace(catalog=shipped)
    assert rules.fits(tables, "johannes", BODY_SLOT, crossbow) and rules.fits(tables, "johannes", BODY_SLOT, starting_crossbow)
    assert not rules.fits(tables, "johannes", BODY_SLOT, dagger) and rules.fits(tables, "asim", BODY_SLOT, dagger)
    shutil.copytree(CONTENT_ROOT / "green_horde", tmp_path / "green_horde")
    survivors = tmp_path / "green_horde" / "survivors.toml"
    survivors.write_text(survivors.read_text().replace('body_card = "crossbow"', 'body_card = "curved_dagger"'))
    other = SimpleNamespace(catalog=load_catalog("green_horde", tmp_path))
    assert rules.fits(other, "johannes", BODY_SLOT, dagger) and not rules.fits(other, "johannes", BODY_SLOT, crossbow)
    assert rules.fits(tables, "johannes", BODY_SLOT, crossbow)  # the shipped catalogue again: no stale answer


def _lent_after_a_command(state):  # type: ignore[no-untyped-def]
    """Survivor asim's skills and lent skills once Brothers in arms have lent (as after every command)."""
    from game.rules.zombicide.boxes.green_horde.progression import lend_skills
    from game.rules.zombicide.game import Game

    game = Game(state)
    lend_skills(game)
    s = game.survivors[state.survivor_index("asim")]
    return s.skills, s.box_fields.lent


def test_a_lent_skill_goes_though_the_skill_sets_are_known_to_lend_nothing():
    state = arrange(engine.setup(FARM, FARM_SETUP, 1), survivors={"asim": {"zone": "r0c0"}, "seli": {"zone": "r0c0"}})
    assert _lent_after_a_command(state) == (survivor(state, "asim").skills, ())  # every skill set seen: none lends
    asim = survivor(state, "asim")
    tough = asim.skills + ("tough",)
    seen = arrange(state, survivors={"asim": {"skills": tough}})
    assert _lent_after_a_command(seen) == (tough, ())  # a skill set that lends nothing, now known
    holding = replace(asim, skills=tough, box_fields=evolved(asim.box_fields, lent=("tough",)))
    people = tuple(holding if s.id == "asim" else s for s in state.survivors)
    assert _lent_after_a_command(replace(state, survivors=people)) == (asim.skills, ())  # nobody lends it any more


def test_a_brother_in_arms_lends_once_its_zone_is_shared_after_quiet_commands():
    state = arrange(engine.setup(FARM, FARM_SETUP, 1), survivors={"asim": {"zone": "r0c0"}, "seli": {"zone": "r2c0"}})
    assert _lent_after_a_command(state)[1] == ()  # nobody lends: the quiet case, remembered
    lender = arrange(state, survivors={"seli": {"zone": "r0c0", "skills": ("brother_in_arms:tough",)}})
    assert _lent_after_a_command(lender) == (survivor(state, "asim").skills + ("tough",), ("tough",))


def test_speed_waives_flooded_zones_for_a_survivor_with_the_box_s_fields_and_one_without():
    from game.rules.zombicide.boxes.green_horde.terrain import crosses_freely
    from game.rules.zombicide.state import NO_FIELDS

    state = engine.setup(FARM, FARM_SETUP, 1)
    i = state.survivor_index("asim")
    asim = survivor(state, "asim")
    hasted = replace(state, survivors=tuple(
        replace(s, box_fields=evolved(s.box_fields, hasted=True)) if s.id == "asim" else s for s in state.survivors))
    plain = replace(state, survivors=tuple(replace(s, box_fields=NO_FIELDS) if s.id == "asim" else s
                                           for s in state.survivors))
    assert not crosses_freely(state, i) and crosses_freely(hasted, i) and not crosses_freely(plain, i)
    assert asim.box_fields.__class__.__name__ == "GreenHordeSurvivor"
