"""The content files: 21 characters, 40 Action cards of 18 kinds, 20 Invasion cards (4 per hour, ours
but the rulebook's one), six locations with both sides; a broken file is one clear error naming it and
the place."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.rules.city_of_horror.catalog import CONTENT_ROOT, LOCATIONS, load_catalog
from game.rules.core.datafile import ContentError


def test_the_box_counts():
    catalog = load_catalog()
    assert len(catalog.characters) == 21
    assert len(catalog.cards) == 18 and len(catalog.deck()) == 40
    copies = Counter(catalog.deck())
    assert copies["shotgun"] == 4 and copies["pepper_spray"] == 3 and copies["chainsaw"] == 1
    assert {c for c, card in catalog.cards.items() if card.explosion} == {
        "molotov_cocktail", "rescue_flare", "makeshift_bomb"}
    assert [len(catalog.hour(h)) for h in range(5)] == [4, 4, 4, 4, 4]
    assert tuple(catalog.locations) == LOCATIONS
    values = {c.id: (c.fit, c.exhausted) for c in catalog.characters.values()}
    assert values["blonde"] == (5, 3) and values["granny"] == (5, 2) and values["student"] == (3, 2)


def test_only_the_rulebooks_invasion_card_is_not_ours():
    catalog = load_catalog()
    assert [card for card in catalog.invasions if not catalog.is_ours(card)] == ["03-a"]
    example = catalog.invasions["03-a"]
    assert example.moves == (("1", "4"),) and example.straggler == 1
    assert dict(example.zombies) == {"1": 3, "2": 2, "3": 1, "water_tower": 2, "crossroads": 1}


def test_locations_sides_match_the_digest():
    catalog = load_catalog()
    table = {(loc, side): (catalog.side(loc, side).spaces, catalog.side(loc, side).attack)
             for loc in LOCATIONS for side in "AB"}
    assert table[("church", "A")] == (4, 3) and table[("church", "B")] == (3, "more")
    assert table[("hospital", "A")] == (3, "more") and table[("hospital", "B")] == (4, 2)
    assert table[("water_tower", "A")] == (2, 4) and table[("crossroads", "B")] == (0, 1)
    assert (catalog.side("water_tower", "A", collapsed=True).spaces,
            catalog.side("water_tower", "A", collapsed=True).attack) == (3, "more")


@pytest.mark.parametrize("file, old, new, words", [
    ("characters.toml", 'id = "punk"', 'id = "pnuk"', "[[character]] #15 (id = 'pnuk'): the engine has no ability"),
    ("characters.toml", "fit = 5\nexhausted = 3", "fit = -5\nexhausted = 3",
     "[[character]] #1 (id = 'blonde') → fit: Input should be greater than or equal to 0"),
    ("actions.toml", "copies = 4", "copies = four", "line"),
    ("locations.toml", 'effect = "bank_b"', 'effect = "bank_c"', "→ B → effect: the engine has no effect 'bank_c'"),
    ("invasions.toml", '{ at = "2", antidotes = 2 }', '{ at = "water_tower", antidotes = 2 }',
     "supplies land only on locations 1 to 4"),
    ("invasions.toml", 'moves = [["crossroads", "2"]]', 'moves = [["crossroads", "9"]]', "unknown location '9'"),
])
def test_a_broken_content_file_is_named_with_the_place(tmp_path: Path, file, old, new, words):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog(folder)
    assert caught.value.path == path
    assert words in str(caught.value), str(caught.value)
