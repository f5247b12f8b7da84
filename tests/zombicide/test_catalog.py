"""The Zombicide content catalogue: shipped data is complete and consistent; broken files are reported
with the file and the place."""

import shutil
from pathlib import Path

import pytest

from game.rules.zombicide.boxes.rue_morgue.content import crawler_for, team_action, team_actions, tents
from game.rules.zombicide.catalog import (
    CONTENT_ROOT,
    DANGER_LEVELS,
    ContentError,
    load_catalog,
    parse_spawn_line,
    skill_homes,
    skills_markdown,
)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog("rue_morgue")


def test_box_has_86_equipment_cards(catalog):
    assert sum(card.deck_count for card in catalog.equipment_cards) == 86


def test_digest_card_counts(catalog):
    counts = {card.id: card.deck_count for card in catalog.equipment_cards}
    assert counts["aaahh"] == 6
    assert counts["bulletproof_vest"] == 6
    assert counts["la_guillotina"] == 1
    assert counts["chainsaw"] == 2
    assert counts["pistol"] == 4


def test_cards_kept_out_of_the_deck(catalog):
    deck = set(catalog.equipment_deck_ids())
    for card_id in catalog.setup.kept_out_of_deck:
        assert card_id not in deck
        assert not catalog.equipment(card_id).in_equipment_deck
    assert "sniper_rifle" not in deck


def test_starting_pool_is_bow_crowbar_fire_axe(catalog):
    assert set(catalog.starting_pool_ids()) == {"bow", "crowbar", "fire_axe"}
    assert set(catalog.setup.starting_weapons_per_team) == {"bow", "crowbar", "fire_axe"}
    without_pool = catalog.equipment_deck_ids(include_starting_pool=False)
    assert len(without_pool) + len(catalog.starting_pool_ids()) == len(catalog.equipment_deck_ids())
    assert not {"bow", "crowbar", "fire_axe"} & set(without_pool)


def test_weapon_facts_from_the_digest(catalog):
    axe = catalog.equipment("fire_axe")
    assert (axe.opens_doors, axe.noisy_door, axe.noisy_attack, axe.damage) == (True, True, False, 2)
    crowbar = catalog.equipment("crowbar")
    assert (crowbar.opens_doors, crowbar.noisy_door, crowbar.noisy_attack) == (True, False, False)
    mac = catalog.equipment("mac_10")
    assert (mac.range_min, mac.range_max, mac.dice, mac.accuracy, mac.damage) == (0, 1, 5, 5, 1)
    assert mac.dual and mac.reload
    rifle = catalog.equipment("rifle")
    assert (rifle.range_min, rifle.range_max) == (1, 3)
    assert catalog.equipment("molotov").kills_everything


def test_every_combination_resolves_both_ways(catalog):
    combos = 0
    for card in catalog.equipment_cards:
        for combo in card.combines_with:
            combos += 1
            partner = catalog.equipment(combo.partner)
            assert any(back.partner == card.id and back.makes == combo.makes for back in partner.combines_with)
            catalog.equipment(combo.makes)
    assert combos == 4  # bottle<->gasoline, rifle<->scope


def test_zombie_stats_from_the_digest(catalog):
    walker, fatty, runner = (catalog.zombie(z) for z in ("skinner_walker", "skinner_fatty", "skinner_runner"))
    assert (walker.actions, walker.damage_to_kill, walker.xp) == (1, 1, 1)
    assert (fatty.damage_to_kill, [(g.zombie, g.count) for g in fatty.escort]) == (2, [("skinner_walker", 2)])
    assert runner.actions == 2
    a_bomb = catalog.zombie("a_bomb")
    assert a_bomb.damage_to_kill is None and a_bomb.xp == 5 and a_bomb.never_splits
    for skinner in (walker, fatty, runner):
        assert skinner.is_skinner
        assert crawler_for(catalog, skinner.id).id == "crawler"
    assert crawler_for(catalog, "crawler") is None
    assert crawler_for(catalog, "a_bomb") is None


def test_zombie_cards_name_known_zombies(catalog):
    zombie_ids = {z.id for z in catalog.zombies}
    numbers = catalog.zombie_deck_numbers()
    assert list(numbers) == list(range(1, len(numbers) + 1))
    kinds = {card.kind for card in catalog.zombie_deck}
    assert kinds == {"spawn", "extra_activation", "sewer", "bed"}
    for card in catalog.zombie_deck:
        for level in DANGER_LEVELS:
            for group in card.line(level):
                assert group.zombie in zombie_ids
        if card.kind in ("spawn", "sewer"):
            assert card.line("red"), f"card {card.number} spawns nothing at red"
        if card.kind == "extra_activation":
            assert card.zombie in zombie_ids


def test_survivor_skills_exist_with_valid_parameters(catalog):
    skill_ids = {s.id for s in catalog.skills}
    for survivor in catalog.survivors:
        for ref in survivor.all_skill_refs():
            assert ref.skill in skill_ids
            assert (ref.parameter is None) == (catalog.skill(ref.skill).parameter is None), ref.text
        assert [r.skill for r in survivor.yellow] == ["plus_one_action"]
        assert len(survivor.orange) == 2 and len(survivor.red) == 3


def test_free_blue_skills_from_the_digest(catalog):
    for survivor_id in ("parker", "terry", "travis"):
        assert "helicopter_pilot" in [r.skill for r in catalog.survivor(survivor_id).skills_at("blue")]
    for survivor_id in ("dan", "james", "louise"):
        assert "rope_descent" in [r.skill for r in catalog.survivor(survivor_id).skills_at("blue")]


def test_spawn_dice_follow_the_formula(catalog):
    for survivors in range(6, 13):
        assert catalog.spawn_dice(survivors) == 4 + (max(0, survivors - 6) + 1) // 2
    with pytest.raises(ValueError):
        catalog.spawn_dice(5)


def test_danger_levels_from_xp(catalog):
    assert [catalog.danger_level(xp) for xp in (0, 6, 7, 18, 19, 42, 43, 80)] == [
        "blue", "blue", "yellow", "yellow", "orange", "orange", "red", "red"
    ]


def test_tent_and_team_action_content(catalog):
    searchable = {t.id for t in tents(catalog) if t.searchable}
    assert searchable == {"administrative", "infirmary"}
    assert {t.id for t in team_actions(catalog)} == {"charge", "fire", "move"}
    assert team_action(catalog, "charge").needs == "melee_weapon"


def test_unknown_lookups_raise_key_error(catalog):
    with pytest.raises(KeyError, match="no_such"):
        catalog.zombie("no_such")
    with pytest.raises(KeyError):
        catalog.zombie_card(999)


def test_lookups_follow_a_copied_catalogue_not_the_original(catalog):
    first = catalog.survivors[0]
    assert catalog.survivor(first.id) is first  # the original's tables indexed
    renamed = first.model_copy(update={"name": "Someone else"})
    copy = catalog.model_copy(update={"survivors": (renamed, *catalog.survivors[2:])})
    assert copy.survivor(first.id).name == "Someone else"
    with pytest.raises(KeyError):
        copy.survivor(catalog.survivors[1].id)
    assert catalog.survivor(first.id) is first
    assert catalog.survivor(catalog.survivors[1].id) is catalog.survivors[1]


def test_spawn_line_parser():
    groups = parse_spawn_line("2 skinner_walker + 1 skinner_runner")
    assert [(g.zombie, g.count) for g in groups] == [("skinner_walker", 2), ("skinner_runner", 1)]
    assert parse_spawn_line("nothing") == ()
    with pytest.raises(ValueError, match="cannot read"):
        parse_spawn_line("two walkers")


# --- broken content files --------------------------------------------------------------------------


@pytest.fixture
def broken_box(tmp_path):
    shutil.copytree(CONTENT_ROOT / "rue_morgue", tmp_path / "rue_morgue")
    return tmp_path


def edit(root: Path, name: str, old: str, new: str) -> Path:
    path = root / "rue_morgue" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def load_error(root: Path) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_catalog("rue_morgue", root=root)
    return caught.value


def test_copy_of_shipped_content_loads(broken_box):
    assert load_catalog("rue_morgue", root=broken_box).equipment("pistol").dual


def test_toml_syntax_error_names_the_line(broken_box):
    path = edit(broken_box, "zombies.toml", 'name = "Skinner Runner"', 'name = "Skinner Runner')
    error = load_error(broken_box)
    assert error.path == path
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "Skinner Runner" in text)
    assert error.where.startswith(f"line {line},")
    assert "TOML syntax error" in str(error) and str(path) in str(error)


def test_wrong_type_names_entry_and_key(broken_box):
    edit(broken_box, "zombies.toml", "actions = 2", 'actions = "two"')
    error = load_error(broken_box)
    assert error.path.name == "zombies.toml"
    assert error.where == "[[zombie]] #3 (id = 'skinner_runner') → actions"


def test_unknown_key_is_refused(broken_box):
    edit(broken_box, "equipment.toml", 'id = "pistol"', 'id = "pistol"\ndamgae = 3')
    error = load_error(broken_box)
    assert "(id = 'pistol') → damgae" in error.where
    assert "unknown key" in error.what


def test_missing_key_is_reported(broken_box):
    edit(broken_box, "skills.toml", 'name = "Lucky"\n', "")
    error = load_error(broken_box)
    assert error.where.endswith("(id = 'lucky') → name")
    assert error.what == "required key is missing"


def test_unknown_skill_on_a_survivor(broken_box):
    edit(broken_box, "survivors.toml", 'blue = ["medic"]', 'blue = ["medik"]')
    error = load_error(broken_box)
    assert error.path.name == "survivors.toml"
    assert error.where == "[[survivor]] #1 (id = 'cathy') → blue"
    assert "unknown skill 'medik'" in error.what


def test_skill_parameter_is_checked(broken_box):
    edit(broken_box, "survivors.toml", '"ironclad:skinner_walker"', '"ironclad:dragon"')
    error = load_error(broken_box)
    assert "needs a zombie_type parameter" in error.what and "(id = 'oso') → red" in error.where


def test_unknown_zombie_on_a_card(broken_box):
    edit(broken_box, "zombie_deck.toml", 'red = "6 skinner_walker"', 'red = "6 skinner_walkr"')
    error = load_error(broken_box)
    assert error.where == "[[card]] #1 (number = 1) → red"
    assert "unknown zombie type 'skinner_walkr'" in error.what


def test_unreadable_spawn_line(broken_box):
    edit(broken_box, "zombie_deck.toml", 'red = "6 skinner_walker"', 'red = "six walkers"')
    error = load_error(broken_box)
    assert error.where == "[[card]] #1 (number = 1) → red"
    assert "cannot read 'six walkers'" in error.what


def test_one_sided_combination(broken_box):
    edit(broken_box, "equipment.toml", 'combines_with = [{ partner = "rifle", makes = "sniper_rifle", parts = "tucked" }]\n', "")
    error = load_error(broken_box)
    assert "(id = 'rifle') → combines_with" in error.where
    assert "'scope' must list 'rifle'" in error.what


def test_a_combination_whose_two_cards_disagree_on_the_parts(broken_box):
    edit(broken_box, "equipment.toml", 'makes = "sniper_rifle", parts = "tucked" }]', 'makes = "sniper_rifle" }]')
    error = load_error(broken_box)
    assert "combines_with" in error.where and "with the same parts" in error.what


def test_inconsistent_weapon_stats(broken_box):
    edit(broken_box, "equipment.toml", "range_min = 1\nrange_max = 3", "range_min = 3\nrange_max = 1")
    error = load_error(broken_box)
    assert "(id = 'rifle')" in error.where and "range_min 3 is above range_max 1" in error.what


def test_duplicate_ids(broken_box):
    edit(broken_box, "tents.toml", 'id = "mess"', 'id = "barracks"')
    error = load_error(broken_box)
    assert error.where == "[[tent]] #5" and "duplicate id 'barracks'" in error.what


def test_spawn_dice_gap_in_setup(broken_box):
    edit(broken_box, "setup_rules.toml", "survivors_min = 9", "survivors_min = 10")
    error = load_error(broken_box)
    assert error.path.name == "setup_rules.toml"
    assert "without gaps" in error.what


def test_missing_file(broken_box):
    (broken_box / "rue_morgue" / "tents.toml").unlink()
    error = load_error(broken_box)
    assert error.path.name == "tents.toml" and "missing" in error.what


def test_unknown_box():
    with pytest.raises(ContentError, match="no content for box 'season_9'"):
        load_catalog("season_9")


def test_skills_page_lists_every_skill(catalog):
    page = (Path(__file__).resolve().parents[2] / "docs" / "zombicide-skills.md").read_text(encoding="utf-8")
    for skill in catalog.skills:
        assert f"| `{skill.id}` |" in page, f"docs/zombicide-skills.md misses {skill.id}; regenerate it"


def test_skill_homes_find_string_constants(tmp_path, catalog):
    (tmp_path / "moves.py").write_text('SPRINT = "sprint"\nBONUS = "plus_one_die:melee"\nNAME = "sprinter"\n')
    (tmp_path / "catalog.py").write_text('IGNORED = "lucky"\n')
    homes = skill_homes(["sprint", "plus_one_die", "lucky"], tmp_path)
    assert homes == {
        "sprint": ("game/rules/zombicide/moves.py",),
        "plus_one_die": ("game/rules/zombicide/moves.py",),
        "lucky": (),
    }
    page = skills_markdown(catalog, homes)
    assert "| `sprint` |  | " in page and "implemented in `game/rules/zombicide/moves.py`" in page
    assert page.count("| not yet |") == len(catalog.skills) - 2


BOOK_SURVIVORS = {"cathy", "dan", "james", "jane", "joe", "laurie", "louise", "maddie", "oso", "parker", "terry", "travis"}


def test_every_zombie_and_survivor_token_resolves(catalog):
    import json

    manifest_path = Path(__file__).resolve().parents[2] / "assets" / "tokens" / "tokens.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    for zombie in catalog.zombies:
        assert zombie.token in manifest, f"{zombie.id}: no token {zombie.token!r} in {manifest_path}"
        assert manifest[zombie.token]["side"] == "zombie", zombie.id
    for survivor in catalog.survivors:
        assert survivor.token in manifest, f"{survivor.id}: no token {survivor.token!r} in {manifest_path}"
        assert manifest[survivor.token]["side"] == "survivor", survivor.id
    # our own twelve have a portrait each; the book-named ones share the generic survivor token
    ours = {s.id: s.token for s in catalog.survivors if s.id not in BOOK_SURVIVORS}
    assert len(ours) == 12 and len(set(ours.values())) == 12
    assert {s.token for s in catalog.survivors if s.id in BOOK_SURVIVORS} == {"zw_survivor"}


def test_our_survivors_can_fly_and_rope_down(catalog):
    ours = [s for s in catalog.survivors if s.id not in BOOK_SURVIVORS]
    blue_skills = [{r.skill for r in s.skills_at("blue")} for s in ours]
    assert sum("helicopter_pilot" in skills for skills in blue_skills) == 3
    assert sum("rope_descent" in skills for skills in blue_skills) == 3
