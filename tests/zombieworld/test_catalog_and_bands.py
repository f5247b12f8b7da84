"""Content catalogue and band building."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.rules.zombieworld.band import (
    Band,
    BandError,
    Fitting,
    Member,
    band_cost,
    band_problems,
    check_band,
    load_band,
    save_band,
)
from game.rules.zombieworld.catalog import CONTENT_ROOT, ContentError, load_catalog

CATALOG = load_catalog()


def test_catalog_holds_the_rulebook_content():
    assert [r.id for r in CATALOG.ranks] == ["born", "expert", "hardened", "rookie", "frightened"]
    assert CATALOG.rank("born").healthy.skill == 5 and CATALOG.rank("expert").wounded.combat_dice == 1
    assert CATALOG.firearm("hunting_rifle").range_cm == 50
    assert CATALOG.firearm("crossbow").bang == 0 and CATALOG.firearm("crossbow").once_per_round
    assert CATALOG.hand_weapon("chainsaw").bang == 4
    assert len(CATALOG.scenarios) == 10
    assert CATALOG.search_result(30) == ("chainsaw", "frightened_survivor")
    assert CATALOG.search_result(15) == ()
    assert CATALOG.reaction("charged", 1, frozenset({"open", "open_3plus"})) == "flee"
    assert CATALOG.reaction("charged", 1, frozenset({"open"})) == "melee"
    assert CATALOG.reaction("shot_at", 0, frozenset({"engaged"})) == "take_cover"


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    text = (root / name).read_text()
    assert old in text
    (root / name).write_text(text.replace(old, new, 1))
    return root


def test_a_bad_value_names_file_and_entry(tmp_path):
    root = _broken_copy(tmp_path, "equipment.toml", 'card = "30 - 2 - 4"', 'card = "0 - 2 - 4"')
    with pytest.raises(ContentError) as error:
        load_catalog(root)
    assert error.value.path.name == "equipment.toml"
    assert error.value.where == "[[firearm]] #5 (id = 'shotgun') → card"
    assert "a range above 0" in error.value.what and "'0 - 2 - 4'" in error.value.what


def test_a_misspelt_key_names_file_entry_and_key(tmp_path):
    root = _broken_copy(tmp_path, "equipment.toml", 'card = "30 - 2 - 4"', 'crad = "30 - 2 - 4"')
    with pytest.raises(ContentError) as error:
        load_catalog(root)
    assert error.value.path == root / "equipment.toml"
    assert error.value.where == "[[firearm]] #5 (id = 'shotgun') → crad"
    assert error.value.what.startswith("unknown key (check its spelling; 'card'")


def test_a_dangling_search_item_is_reported(tmp_path):
    root = _broken_copy(tmp_path, "tables.toml", 'items = ["crossbow"]', 'items = ["bow"]')
    with pytest.raises(ContentError, match="unknown item 'bow'"):
        load_catalog(root)


def test_an_uncovered_die_face_is_reported(tmp_path):
    root = _broken_copy(tmp_path, "tables.toml", "low = 6\nhigh = 10\nid = \"day\"", "low = 7\nhigh = 10\nid = \"day\"")
    with pytest.raises(ContentError, match="a roll of 6 matches no row"):
        load_catalog(root)


def test_broken_toml_names_the_file(tmp_path):
    root = _broken_copy(tmp_path, "vehicles.toml", "[[vehicle]]", "[[vehicle")
    with pytest.raises(ContentError, match="vehicles.toml: line .*: TOML syntax error") as error:
        load_catalog(root)
    assert error.value.path == root / "vehicles.toml"
    broken_line = (root / "vehicles.toml").read_text().splitlines().index("[[vehicle") + 1
    assert error.value.where.startswith(f"line {broken_line}, column ")


def police_band(**changes) -> Band:
    members = (
        Member(name="Ana", rank="born", hand=("assault_rifle",), objects=("vest",)),
        Member(name="Bo", rank="hardened", hand=("pistol", "blade")),
        Member(name="Cy", rank="rookie", hand=("shotgun",), backpack=("baseball_bat",)),
        Member(name="Di", rank="frightened", hand=("smg",), fittings=(Fitting(item="scope", weapon="smg"),)),
    )
    data = {"name": "Blue line", "band_type": "police", "members": members, **changes}
    return Band(**data)


def test_a_valid_band_and_its_cost():
    band = police_band()
    assert band_problems(band, CATALOG) == []
    # 9+5+3 + 7+2+1 + 5+4+3 + 3+3+3
    assert band_cost(band, CATALOG) == 48


def test_over_budget_and_rank_limits_are_refused():
    members = tuple(Member(name=f"R{i}", rank="rookie", hand=("machine_gun",), backpack=("chainsaw",)) for i in range(4))
    band = Band(name="Too many", band_type="police", members=members)
    problems = band_problems(band, CATALOG)
    assert any("at most 3 Rookie survivor" in p for p in problems)
    assert any("over the 60-point budget" in p for p in problems)
    assert any("no member can lead" in p for p in problems)
    with pytest.raises(BandError):
        check_band(band, CATALOG)


def test_size_limits_and_the_citizens_free_dog():
    two = Band(name="Pair", band_type="police", members=police_band().members[:2])
    assert any("3 to 6 figures" in p for p in band_problems(two, CATALOG))
    six = police_band().members + (
        Member(name="Ed", rank="rookie"),
        Member(name="Fa", rank="frightened"),
    )
    with_dog = Band(name="Dogs", band_type="citizens", members=(*six, Member(name="Rex", rank="dog")))
    assert band_problems(with_dog, CATALOG) == []
    bought = Band(name="Dogs", band_type="police", members=(*six, Member(name="Rex", rank="dog")))
    assert any("not 7" in p for p in band_problems(bought, CATALOG))
    assert band_cost(bought, CATALOG) == band_cost(with_dog, CATALOG) + 3


def test_slots_pairs_and_fittings():
    bad = police_band(members=(
        Member(name="Ana", rank="born", hand=("shotgun", "smg")),
        Member(name="Bo", rank="hardened", hand=("pistol", "pistol"), backpack=("blade",)),
        Member(name="Cy", rank="rookie", hand=("pistol",), fittings=(Fitting(item="scope", weapon="pistol"),)),
        Member(name="Di", rank="frightened", objects=("vest", "medkit", "flashlight")),
        Member(name="Ed", rank="rookie", hand=("medkit",)),
    ))
    problems = band_problems(bad, CATALOG)
    assert any("Shotgun and Submachine gun cannot be held together" in p for p in problems)
    assert any("Bo: with two weapons in hand the backpack must be empty" in p for p in problems)
    assert any("cannot take a scope" in p for p in problems)
    assert any("Di: only 2 objects" in p for p in problems)
    assert any("Ed: Medical kit is not a weapon" in p for p in problems)


def test_qualities_and_unique_band_professions():
    members = list(police_band().members)
    members[0] = members[0].model_copy(update={"virtue": "marksman", "defect": "trigger_happy"})
    members[1] = members[1].model_copy(update={"defect": "trigger_happy", "profession": "swat"})
    members[3] = Member(name="Di", rank="frightened", hand=("crossbow",), defect="trigger_happy")
    problems = band_problems(police_band(members=tuple(members)), CATALOG)
    assert not any(p.startswith("Ana") for p in problems)
    assert any("Bo: a Police and law enforcement band has only members" in p for p in problems)
    assert not any(p.startswith("Bo: Trigger") for p in problems)
    assert any("Di: Trigger-happy needs a starting firearm" in p for p in problems)


def test_mixed_band_abilities_and_free_items():
    members = (
        Member(name="Ana", rank="born", profession="swat", ability="free_entry", hand=("assault_rifle",)),
        Member(name="Bo", rank="hardened", profession="un_nato", ability="one_free_ammo_box",
               hand=("smg",), objects=("ammo_box",), free_items=("ammo_box",)),
        Member(name="Cy", rank="rookie", profession="geeks", ability="own_free_dog", hand=("pistol",)),
        Member(name="Rex", rank="dog", owner="Cy"),
    )
    band = Band(name="Odd lot", kind="mixed", members=members)
    assert band_problems(band, CATALOG) == []
    assert band_cost(band, CATALOG) == 9 + 5 + 7 + 3 + 5 + 2
    wrong = band.model_copy(update={"members": (members[0].model_copy(update={"ability": "free_dog"}), *members[1:])})
    assert any("Ana: pick one of the abilities of the faction Security" in p for p in band_problems(wrong, CATALOG))


def test_individual_mode():
    solo = Band(name="Solo", mode="individual", members=(
        Member(name="Kim", rank="hardened", profession="geeks", ability="charging_reaction_bonus", hand=("pistol",)),
    ))
    assert band_problems(solo, CATALOG) == []
    rich = solo.model_copy(update={"members": (solo.members[0].model_copy(update={"hand": ("machine_gun",)}),)})
    assert any("12-point budget" in p for p in band_problems(rich, CATALOG))


def test_bands_round_trip_as_json(tmp_path):
    band = police_band()
    path = tmp_path / "band.json"
    save_band(band, path)
    assert load_band(path) == band
    path.write_text('{"name": "x", "members": [{"name": "A", "rank": 5}]}')
    with pytest.raises(ValueError, match=r"band.json: members.0.rank"):
        load_band(path)
