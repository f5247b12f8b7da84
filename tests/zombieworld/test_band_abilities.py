"""Every band ability of bands.toml is one the engine plays, and the engine reads each of them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.rules.core.datafile import ContentError
from game.rules.zombieworld.catalog import ABILITIES, CONTENT_ROOT, load_catalog

RULES = Path(__file__).resolve().parents[2] / "game" / "rules" / "zombieworld"


def test_every_ability_of_the_bands_file_is_played():
    catalog = load_catalog()
    named = {b.ability for b in catalog.bands.unique} | {a.ability for f in catalog.bands.faction for a in f.abilities}
    assert named == ABILITIES


@pytest.mark.parametrize("ability", sorted(ABILITIES))
def test_the_engine_reads_each_ability(ability):
    sources = [p for p in RULES.rglob("*.py") if p.name != "catalog.py"]
    readers = [p.name for p in sources if f'"{ability}"' in p.read_text(encoding="utf-8")]
    by_free_items = ability in ("two_free_ammo_boxes", "free_medkit", "free_pistol")  # read through free_items
    assert readers or by_free_items, f"no engine module reads {ability!r}"


def test_an_ability_the_engine_does_not_play_is_a_content_error(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, copy)
    bands = copy / "bands.toml"
    bands.write_text(re.sub(r'ability = "reroll_surprise"', 'ability = "reroll_everything"',
                            bands.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog(copy)
    assert caught.value.where == "[[unique]] #7 (id = 'swat') → ability"
    assert "reroll_everything" in caught.value.what
