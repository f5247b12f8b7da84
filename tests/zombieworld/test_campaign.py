"""Campaigns: Glory banked, bands carried between games, recovery rolls, spending, saving."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.zombieworld import engine
from game.rules.zombieworld.campaign import (
    CampaignError,
    Purchase,
    load_campaign,
    new_campaign,
    next_setup,
    record_game,
    save_campaign,
    spend,
)
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.scoring import glory_total
from game.rules.zombieworld.state import Model, SeatScore
from game.rules.zombieworld.working import Game

sys.path.insert(0, str(Path(__file__).parent))
from helpers import TOWN, two_bands  # noqa: E402

CATALOG = load_catalog()


def finished_game(seed: int = 1):
    """A game over: red won, Bo hurt and carrying a medkit, Di out of action, Cy devoured, a
    frightened survivor found."""
    campaign = new_campaign("Long summer", two_bands().bands)
    state = engine.setup(TOWN, next_setup(campaign, "massacre", spawn_dice=0), seed)
    found = Model(id="red:found1", side="red", kind="survivor", profile="frightened", name="Found survivor 1",
                  x=5, y=5, hand=("pistol",))
    models = tuple(replace(m, wounds=1, objects=("medkit",)) if m.id == "red:Bo" else m
                   for m in state.models if m.id not in ("red:Di", "red:Cy")) + (found,)
    state = replace(state, models=models, finished=True, winners=("red",),
                    scores=(("blue", SeatScore()), ("red", SeatScore(zombies_killed=10, members_lost=2, survivors_found=1))),
                    fallen=(("red:Di", "out_of_action"), ("red:Cy", "devoured")))
    return campaign, state


def test_a_game_banks_glory_and_carries_the_band_over():
    campaign, state = finished_game()
    after, report = record_game(campaign, state, CATALOG, seed=3)
    red = after.band("red")
    assert red.glory == glory_total(state, "red", CATALOG) == 3 + 2 - 2 + 2
    names = {m.name for m in red.band.members}
    assert "Cy" not in names and "Found survivor 1" in names  # devoured; found for good
    bo = next(m for m in red.band.members if m.name == "Bo")
    assert bo.wounds == 1 and bo.objects == ("medkit",)
    assert after.games == 1 and after.history == ("massacre: red",)
    assert any("Cy was devoured" in line for line in report)


def test_recovery_rolls_give_all_three_outcomes():
    outcomes = set()
    for seed in range(60):
        campaign, state = finished_game()
        after, _ = record_game(campaign, state, CATALOG, seed=seed)
        red = after.band("red")
        di = next((m for m in red.band.members if m.name == "Di"), None)
        if di is None:
            outcomes.add("dead")
        elif "Di" in red.recovering:
            outcomes.add("recovering")
            assert all(m.band.members for m in [red])
            setup = next_setup(after, "massacre")
            assert "Di" not in {m.name for m in setup.bands[0].band.members}
        else:
            assert di.wounds == 2
            outcomes.add("plays hurt")
    assert outcomes == {"dead", "recovering", "plays hurt"}


def test_a_recovered_member_returns_healed_without_upgrades():
    campaign, state = finished_game()
    for seed in range(60):
        after, _ = record_game(campaign, state, CATALOG, seed=seed)
        if "Di" in after.band("red").recovering:
            break
    red = after.band("red")
    members = tuple(m.model_copy(update={"improvements": ("skill",)}) if m.name == "Di" else m for m in red.band.members)
    after = after.model_copy(update={"bands": (red.model_copy(update={"band": red.band.model_copy(update={"members": members})}),
                                               after.band("blue"))})
    second = engine.setup(TOWN, next_setup(after, "massacre", spawn_dice=0), 2)
    second = replace(second, finished=True)
    later, _ = record_game(after, second, CATALOG, seed=1)
    di = next(m for m in later.band("red").band.members if m.name == "Di")
    assert di.improvements == () and di.wounds == 0 and "Di" not in later.band("red").recovering


def test_glory_buys_items_improvements_ranks_healing_and_recruits():
    campaign, state = finished_game()
    campaign, _ = record_game(campaign, state, CATALOG, seed=3)
    campaign = campaign.model_copy(update={"bands": (campaign.band("red").model_copy(update={"glory": 12}),
                                                     campaign.band("blue"))})
    glory = 12
    campaign = spend(campaign, "red", Purchase(kind="heal", member="Bo"), CATALOG)
    campaign = spend(campaign, "red", Purchase(kind="improve", member="Ana", what="move"), CATALOG)
    red = campaign.band("red")
    assert red.glory == glory - 1 - 5
    assert next(m for m in red.band.members if m.name == "Bo").wounds == 0
    before = campaign
    with pytest.raises(CampaignError, match="already been improved"):
        spend(campaign, "red", Purchase(kind="improve", member="Ana", what="move"), CATALOG)
    with pytest.raises(CampaignError, match="improve every attribute first"):
        spend(campaign, "red", Purchase(kind="rank_up", member="Bo"), CATALOG)
    with pytest.raises(CampaignError, match="costs 7 Glory"):
        spend(campaign, "red", Purchase(kind="item", member="Bo", what="machine_gun"), CATALOG)
    assert campaign == before
    rich = campaign.model_copy(update={"bands": (campaign.band("red").model_copy(update={"glory": 40}), campaign.band("blue"))})
    for attribute in ("skill", "move", "combat"):
        rich = spend(rich, "red", Purchase(kind="improve", member="Bo", what=attribute), CATALOG)
    rich = spend(rich, "red", Purchase(kind="rank_up", member="Bo"), CATALOG)
    bo = next(m for m in rich.band("red").band.members if m.name == "Bo")
    assert bo.rank == "expert" and bo.improvements == ()
    while len(rich.band("red").band.members) < 6:
        rich = spend(rich, "red", Purchase(kind="recruit", member="Eve", what="frightened"), CATALOG)
    assert [m.name for m in rich.band("red").band.members].count("Eve") == 1  # recruits get distinct names
    with pytest.raises(CampaignError, match="at most 6"):
        spend(rich, "red", Purchase(kind="recruit", member="Fay", what="rookie"), CATALOG)


def test_improvements_and_wounds_reach_the_table():
    campaign, state = finished_game()
    campaign, _ = record_game(campaign, state, CATALOG, seed=3)
    red = campaign.band("red")
    campaign = campaign.model_copy(update={"bands": (red.model_copy(update={"glory": 10}), campaign.band("blue"))})
    campaign = spend(campaign, "red", Purchase(kind="improve", member="Ana", what="move"), CATALOG)
    game = engine.setup(TOWN, next_setup(campaign, "massacre", spawn_dice=0), 5)
    working = Game(game)
    assert working.profile(game.model("red:Ana")).move_cm == 25
    assert game.model("red:Bo").wounds == 1


def test_saving_and_loading_round_trip_and_a_broken_file_is_named(tmp_path):
    campaign, state = finished_game()
    campaign, _ = record_game(campaign, state, CATALOG, seed=3)
    path = tmp_path / "campaign.json"
    save_campaign(campaign, path)
    assert load_campaign(path) == campaign
    path.write_text('{"name": "x", "bands": []}', encoding="utf-8")
    with pytest.raises(CampaignError, match="campaign.json: bands"):
        load_campaign(path)
    with pytest.raises(CampaignError, match="missing.json: no such campaign"):
        load_campaign(tmp_path / "missing.json")


def test_a_wrong_field_in_a_saved_band_or_campaign_names_the_file_and_the_place(tmp_path):
    from game.rules.zombieworld.band import Band
    from game.rules.zombieworld.campaign import CampaignError, load_campaign

    with pytest.raises(ValueError, match=r"^mine\.json: members\.0\.rank: "):
        Band.from_json('{"name": "Mine", "members": [{"name": "Ana"}]}', "mine.json")
    broken = tmp_path / "winter.json"
    broken.write_text('{"schema_version": 2, "name": "Winter", "bands": "none"}', encoding="utf-8")
    with pytest.raises(CampaignError, match=r"winter\.json: bands: "):
        load_campaign(broken)
