"""Green Horde's content as data: the book's counts and the cards it names, our own marked as ours,
every cross-reference checked, every skill handled by the engine."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.rules.core.datafile import ContentError
from game.rules.zombicide.boxes.green_horde.content import book_skills
from game.rules.zombicide.catalog import CONTENT_ROOT, load_catalog, skill_homes

BOX = "green_horde"

# The book's equipment list (digest §1.4): name → copies.
BOOK_EQUIPMENT = {
    "Aaahh! Orc Walker": 4, "Water": 2, "Torch": 4, "Spiked Bow": 2, "Steel Bow": 1, "Long Bow": 2,
    "Plate Armour": 1, "Crossbow": 2, "Hand Crossbow": 2, "Repeating Crossbow": 2, "Dragon Bile": 4,
    "Ball Lightning": 2, "Falchion": 2, "Salted Meat": 2, "Scimitar": 2, "Chainmail": 2, "War Cleaver": 1,
    "Healing": 1, "Lava Spray": 1, "Curved Dagger": 4, "Shield": 2, "Nordic Shield": 2, "Short Sword": 4,
    "Bone Sword": 1, "Nordic Sword": 2, "Telekinetic Blast": 2, "Axe": 2, "Double-bladed Axe": 2,
    "Dwarven Axe": 1, "Bone Kukri": 1, "Apples": 2, "Dwarven Hammer": 2, "Plenty of Arrows": 3,
    "Plenty of Bolts": 3, "Speed": 1, "Repulse": 1, "Earthquake": 1, "Deadly Wind": 2, "Ghost Sight": 1,
}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(BOX)


def test_the_78_equipment_cards_of_the_book(catalog):
    counts: Counter[str] = Counter()
    for card in catalog.equipment_cards:
        if card.id != "spare_short_sword":
            counts[card.name] += card.deck_count
    assert dict(counts) == BOOK_EQUIPMENT and sum(counts.values()) == 78


def test_starting_and_vault_cards(catalog):
    starting = sorted(c.id for c in catalog.equipment_cards if c.starting for _ in range(c.deck_count))
    assert [s for s in starting if s != "spare_short_sword"] == sorted(
        ["spiked_bow_start", "nordic_sword_start", "telekinetic_blast_start"] + ["short_sword_start"] * 3)
    vault = sorted(c.id for c in catalog.equipment_cards if c.vault)
    assert vault == ["bone_kukri", "bone_sword", "dwarven_axe", "lava_spray", "steel_bow", "war_cleaver"]
    assert all(not c.in_equipment_deck and c.id in catalog.setup.kept_out_of_deck for c in catalog.equipment_cards if c.vault)
    assert catalog.equipment("spare_short_sword").ours and not catalog.equipment("hand_crossbow").ours


def test_the_book_known_stats(catalog):
    hand = catalog.equipment("hand_crossbow")
    assert (hand.range_min, hand.range_max, hand.dice, hand.accuracy, hand.damage, hand.dual, hand.reload) == (0, 1, 2, 3, 1, True, True)
    repeating = catalog.equipment("repeating_crossbow")
    assert (repeating.dice, repeating.accuracy, repeating.damage, repeating.dual, repeating.ammo) == (3, 5, 1, True, "bolts")
    assert catalog.equipment("chainmail").armour == 4 and catalog.equipment("chainmail").slot == "body"
    blast = catalog.equipment("telekinetic_blast")
    assert (blast.attack, blast.range_max, blast.dice, blast.accuracy, blast.dual, blast.opens_doors_at_range) == (
        "magic", 1, 1, 4, True, True)
    axe = catalog.equipment("axe")
    assert axe.opens_doors and not axe.door_roll and axe.noisy_door and not axe.noisy_attack
    assert catalog.equipment("long_bow").range_min == 1 and catalog.equipment("long_bow").range_max == 3


def test_the_zombies_of_the_book(catalog):
    stats = {z.id: (z.actions, z.damage_to_kill, z.xp, z.wounds_per_attack, z.miniatures) for z in catalog.zombies}
    assert stats == {
        "orc_walker": (1, 1, 1, 2, 35), "orc_fatty": (1, 2, 1, 3, 14), "orc_runner": (2, 1, 1, 1, 14),
        "orc_abomination": (1, 3, 5, 3, 1), "orc_necromancer": (1, 1, 1, 2, 1),
    }
    assert catalog.zombie("orc_abomination").armour_piercing and catalog.zombie("orc_abomination").never_splits


def test_the_zombie_deck(catalog):
    assert sorted(catalog.zombie_deck_numbers()) == list(range(167, 221))
    kinds = Counter(card.kind for card in catalog.zombie_deck)
    assert kinds["necromancer"] == 6 and kinds["extra_activation"] == 4 and kinds["horde_arrives"] == 5
    first = catalog.zombie_card(167)
    assert [(g.zombie, g.count) for g in first.red] == [("orc_fatty", 2)]
    assert [(g.zombie, g.count) for g in first.orange] == [("orc_walker", 5)]
    assert [(g.zombie, g.count) for g in first.yellow] == [("orc_runner", 4)] and first.blue == ()
    assert not first.ours and all(c.ours for c in catalog.zombie_deck if c.number != 167)


def test_the_book_survivors(catalog):
    asim = catalog.survivor("asim")
    assert [r.text for r in asim.all_skill_refs()] == [
        "taunt", "plus_one_action", "plus_one_free_melee_action", "plus_one_free_move_action",
        "plus_one_to_dice_roll:melee", "bloodlust:melee", "reaper:combat"]
    assert asim.body_card == "curved_dagger" and not asim.ours
    assert catalog.survivor("johannes").body_card == "crossbow"
    assert [r.text for r in catalog.survivor("seli").red] == ["plus_one_free_move_action", "zombie_link", "roll_6_plus_one_die:combat"]
    assert len(catalog.survivors) == 12


def test_the_82_skills_of_the_book_are_all_handled_by_the_engine(catalog):
    entries = book_skills(catalog)
    assert [e.number for e in entries] == list(range(1, 83))
    held = {e.skill.partition(":")[0] for e in entries}
    assert held == {s.id for s in catalog.skills}
    homes = skill_homes([s.id for s in catalog.skills])
    assert [s.id for s in catalog.skills if not homes[s.id]] == []


def test_a_body_card_naming_no_card_is_refused_with_its_place(tmp_path):
    shutil.copytree(CONTENT_ROOT / BOX, tmp_path / BOX)
    survivors = tmp_path / BOX / "survivors.toml"
    survivors.write_text(survivors.read_text().replace('body_card = "crossbow"', 'body_card = "ballista"'))
    with pytest.raises(ContentError) as caught:
        load_catalog(BOX, tmp_path)
    assert "survivors.toml" in str(caught.value) and "johannes" in str(caught.value) and "'ballista'" in str(caught.value)


def test_a_necromancer_card_naming_a_walker_is_refused(tmp_path):
    shutil.copytree(CONTENT_ROOT / BOX, tmp_path / BOX)
    deck = tmp_path / BOX / "zombie_deck.toml"
    deck.write_text(deck.read_text().replace('zombie = "orc_necromancer"', 'zombie = "orc_walker"', 1))
    with pytest.raises(ContentError, match="is no necromancer"):
        load_catalog(BOX, tmp_path)


def test_magic_without_a_spell_is_refused(tmp_path):
    shutil.copytree(CONTENT_ROOT / BOX, tmp_path / BOX)
    cards = tmp_path / BOX / "equipment.toml"
    cards.write_text(cards.read_text().replace('spell = "combat"', "", 1))
    with pytest.raises(ContentError, match="combat spell"):
        load_catalog(BOX, tmp_path)


def test_the_content_folder_is_the_box_s():
    assert (Path(CONTENT_ROOT) / BOX / "book_skills.toml").is_file()
