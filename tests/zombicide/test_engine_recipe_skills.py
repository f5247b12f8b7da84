"""Skills that work through recipe data: 2 cocktails are better than 1."""

from __future__ import annotations

from boards import arrange, catalog_with, hand, new_game, sketch_board

from game.rules.zombicide import engine
from game.rules.zombicide import skills as sk
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import Combine

BOARD = sketch_board("r s", markers=[("start", (0, 0))])
NOTHING = {"blue": "nothing", "yellow": "nothing", "orange": "nothing", "red": "nothing"}


def game(skills=()):
    state = new_game(BOARD, {"A": ["joe"]}, catalog=catalog_with([NOTHING] * 4))
    return arrange(state, survivors={"joe": {"hand": ["crowbar"], "reserve": ["glass_bottle", "gasoline"],
                                             "skills": tuple(skills)}})


def test_every_skill_named_by_recipe_data_is_a_known_recipe_skill():
    catalog = load_catalog("rue_morgue")
    named = {skill for card in catalog.equipment_cards for combo in card.combines_with for skill in combo.skill_makes_count}
    assert named == set(sk.RECIPE_SKILLS)


def test_two_cocktails_make_two_molotovs_and_one_without_the_skill():
    plain, _ = engine.apply(game(), "A", Combine("joe", 2, 3))
    assert hand(plain, "joe").count("molotov") == 1
    skilled, events = engine.apply(game(["two_cocktails"]), "A", Combine("joe", 3, 2))
    assert hand(skilled, "joe").count("molotov") == 2
    assert any(getattr(e, "count", 0) == 2 for e in events)


def test_the_largest_count_a_survivor_may_use_wins():
    assert sk.made_count(("two_cocktails",), 1, {"two_cocktails": 2, "other": 3}) == 2
    assert sk.made_count(("two_cocktails", "other"), 1, {"two_cocktails": 2, "other": 3}) == 3
    assert sk.made_count((), 1, {"two_cocktails": 2}) == 1
