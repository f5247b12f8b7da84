"""Firearms are read from their profiles as the book prints them (range - shots - points)."""

from __future__ import annotations

import shutil

import pytest

from game.rules.core.datafile import ContentError
from game.rules.zombieworld.catalog import CONTENT_ROOT, load_catalog, parse_firearm_card


@pytest.mark.parametrize(("card", "read"), [
    ("40 - 3 a 6 - 7", (40.0, 3, 6, False, 7)),
    ("15-1 a 2-2", (15.0, 1, 2, False, 2)),  # the book's own example of a pistol (book 6.1)
    ("30 - 2 - 4", (30.0, 2, 2, False, 4)),
    ("15 - 1 por miniatura - 3", (15.0, 1, 1, True, 3)),
    ("50 - 1 a 2", (50.0, 1, 2, False, None)),
])
def test_cards_read_as_printed(card, read):
    assert parse_firearm_card(card) == read


@pytest.mark.parametrize("card", ["40", "40 - 3 to 6 - 7", "forty - 3 - 7", "40 - 6 a 3 - 7", "40 - - 7", "40 - 0 - 7"])
def test_cards_that_do_not_read_are_refused(card):
    with pytest.raises(ValueError, match="profile|shots|numbers|at least 1"):
        parse_firearm_card(card)


def test_the_shipped_weapons_are_their_cards():
    catalog = load_catalog()
    rifle = catalog.firearm("assault_rifle")
    assert (rifle.range_cm, rifle.shots_min, rifle.shots_max, rifle.cost) == (35.0, 1, 3, 5)
    grenade = catalog.firearm("grenade")
    assert grenade.per_figure and grenade.template_diameter_cm == 8


def _broken(tmp_path, old: str, new: str):
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, copy)
    path = copy / "equipment.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog(copy)
    return caught.value


def test_a_bad_card_names_the_weapon_and_the_key(tmp_path):
    error = _broken(tmp_path, 'card = "40 - 3 a 6 - 7"', 'card = "40 - 3 hasta 6 - 7"')
    assert error.where == "[[firearm]] #1 (id = 'machine_gun') → card"
    assert "N a M" in error.what


def test_numbers_typed_beside_the_card_are_refused(tmp_path):
    error = _broken(tmp_path, 'card = "40 - 3 a 6 - 7"', 'card = "40 - 3 a 6 - 7"\nrange_cm = 45')
    assert error.where.startswith("[[firearm]] #1 (id = 'machine_gun')")
    assert "read from the card" in error.what
