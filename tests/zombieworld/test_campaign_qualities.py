"""Campaign shop between games: virtues and defects with their costs and restrictions, refusals
in words, the kit rules kept for bought items, and campaign files of the older schema."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.campaign import (
    SCHEMA_VERSION,
    Campaign,
    CampaignError,
    Purchase,
    load_campaign,
    new_campaign,
    next_setup,
    record_game,
    refusal,
    save_campaign,
    spend,
)
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.state import BandEntry

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, police  # noqa: E402

CATALOG = load_catalog()


def campaign_with(glory: int) -> Campaign:
    dogs = Band(name="Dogs", band_type="citizens", members=(
        Member(name="Rosa", rank="hardened", hand=("hunting_rifle",)),
        Member(name="Teo", rank="rookie", hand=("baseball_bat",)),
        Member(name="Ines", rank="rookie", hand=("pistol",)),
        Member(name="Rex", rank="dog"),
    ))
    campaign = new_campaign("Quality time", (BandEntry(seat="red", band=police("Red")), BandEntry(seat="blue", band=dogs)))
    return campaign.model_copy(update={"bands": tuple(b.model_copy(update={"glory": glory}) for b in campaign.bands)})


def member(campaign: Campaign, seat: str, name: str) -> Member:
    return next(m for m in campaign.band(seat).band.members if m.name == name)


def test_a_virtue_costs_three_glory_and_a_second_one_is_refused():
    campaign = campaign_with(7)
    after = spend(campaign, "red", Purchase(kind="virtue", member="Ana", what="marksman"), CATALOG)
    assert member(after, "red", "Ana").virtue == "marksman"
    assert after.band("red").glory == 4 and after.band("blue").glory == 7
    second = Purchase(kind="virtue", member="Ana", what="agile")
    assert "already has the virtue Marksman" in refusal(after, "red", second, CATALOG)
    with pytest.raises(CampaignError, match="one of each at most"):
        spend(after, "red", second, CATALOG)
    # the bought virtue reaches the table: +1 to each shooting die
    game = engine.setup(TOWN, next_setup(after, "massacre", spawn_dice=0), 3)
    assert game.model("red:Ana").virtue == "marksman"


def test_a_defect_banks_three_glory_within_its_restrictions():
    campaign = campaign_with(0)
    after = spend(campaign, "red", Purchase(kind="defect", member="Bo", what="obese"), CATALOG)
    assert member(after, "red", "Bo").defect == "obese" and after.band("red").glory == 3
    refusals = {
        # Di holds only a bat: trigger-happy needs a firearm that fires two or more shots
        ("Di", "trigger_happy"): "needs a starting firearm",
        # Cy carries a bat in the backpack: a weakling has no backpack
        ("Cy", "weakling"): "backpack holds 0",
        ("Bo", "scrawny"): "already has the defect Obese",
    }
    for (name, defect), reason in refusals.items():
        why = refusal(after, "red", Purchase(kind="defect", member=name, what=defect), CATALOG)
        assert reason in why, (name, defect, why)
    assert refusal(after, "red", Purchase(kind="defect", member="Ana", what="trigger_happy"), CATALOG) == ""
    assert "dogs take no virtues" in refusal(after, "blue", Purchase(kind="virtue", member="Rex", what="agile"), CATALOG)
    assert "no defect called" in refusal(after, "red", Purchase(kind="defect", member="Ana", what="lazy"), CATALOG)


def test_an_unaffordable_virtue_and_illegal_kit_are_refused_with_the_reason():
    campaign = campaign_with(2)
    assert "costs 3 Glory" in refusal(campaign, "red", Purchase(kind="virtue", member="Ana", what="agile"), CATALOG)
    rich = campaign_with(20)
    # a scope is fitted to a weapon, not carried among the objects
    assert "fitted to a weapon" in refusal(rich, "red", Purchase(kind="item", member="Di", what="scope"), CATALOG)
    # Ana already carries a vest; a second object fits, a third does not
    after = spend(rich, "red", Purchase(kind="item", member="Ana", what="medkit"), CATALOG)
    assert member(after, "red", "Ana").objects == ("vest", "medkit")
    assert "no free object slot" in refusal(after, "red", Purchase(kind="item", member="Ana", what="flashlight"), CATALOG)
    # a slacker has one object slot: Ana (two objects) may not become one
    assert "only 1 object" in refusal(after, "red", Purchase(kind="defect", member="Ana", what="slacker"), CATALOG)


def test_an_older_campaign_file_loads_and_counts_rounds_from_then_on(tmp_path):
    campaign = campaign_with(4)
    path = tmp_path / "old.json"
    save_campaign(campaign, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["schema_version"] = 1
    del data["rounds_played"]
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_campaign(path)
    assert loaded.schema_version == SCHEMA_VERSION and loaded.rounds_played == 0 and loaded.band("red").glory == 4
    state = engine.setup(TOWN, next_setup(loaded, "massacre", spawn_dice=0), 2)
    state = replace(state, finished=True, round=5)
    recorded, _ = record_game(loaded, state, CATALOG, seed=1)
    assert recorded.rounds_played == 5 and recorded.games == 1
    data["schema_version"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CampaignError, match=r"old.json: written by a newer Deadtable \(campaign schema"):
        load_campaign(path)
    path.write_text("{broken", encoding="utf-8")
    with pytest.raises(CampaignError, match="old.json: corrupt campaign: invalid JSON"):
        load_campaign(path)
