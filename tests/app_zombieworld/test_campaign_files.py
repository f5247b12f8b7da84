"""Campaigns and bands on disk: a purchase or a game is kept only once its write succeeded; a
campaign link is kept relative to the save's folder and may not lead out of the save folder;
campaign and band files naming unknown content or out-of-range numbers are refused with their
reason, and the lists go on past them."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from game.app.zombieworld import campaign_scene
from game.app.zombieworld.campaign_scene import CampaignPlay, commit, saved_campaigns, start_campaign
from game.app.zombieworld.saves import CampaignLink, ZwSaveError, bands_dir, save_band_file, saved_bands
from game.rules.zombieworld.campaign import CampaignError, Purchase, load_campaign, spend
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.presets import preset_bands

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tests" / "fixtures" / "saves" / "campaign-v2.json"


def rich_play(tmp_path: Path) -> CampaignPlay:
    play = start_campaign(tmp_path, preset_bands()[:2], "Long Night")
    band = play.campaign.band("red")
    commit(play, play.campaign.model_copy(update={"bands": (band.model_copy(update={"glory": 20}),
                                                            *play.campaign.bands[1:])}))
    return play


def test_a_purchase_whose_write_fails_is_not_bought(tmp_path, monkeypatch):
    play = rich_play(tmp_path)
    before = play.campaign
    on_disk = play.path.read_bytes()
    member = before.band("red").band.members[0].name
    purchase = Purchase(kind="item", member=member, what="blade")
    after = spend(before, "red", purchase, load_catalog())
    assert after.band("red").glory < before.band("red").glory

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("game.atomic.os.replace", full)
    with pytest.raises(CampaignError, match="No space left on device.*previous save is intact"):
        commit(play, after)
    monkeypatch.undo()
    assert play.campaign == before and play.path.read_bytes() == on_disk
    commit(play, after)
    assert play.campaign == after and load_campaign(play.path) == after


def test_a_game_whose_write_fails_is_not_recorded_and_can_be_recorded_later(tmp_path, monkeypatch):
    play = rich_play(tmp_path)
    before = play.campaign

    def refuse(campaign, path):
        raise CampaignError(f"{path}: could not write the save (Read-only file system); the previous save is intact")

    finished = _finished_state(play)
    monkeypatch.setattr(campaign_scene, "save_campaign", refuse)
    report = campaign_scene.record(play, finished, load_catalog(), 3)
    assert len(report) == 1 and "could not be added" in report[0] and "Read-only" in report[0]
    assert play.campaign == before and not play.recorded
    monkeypatch.undo()
    report = campaign_scene.record(play, finished, load_catalog(), 3)
    assert play.recorded and play.campaign.games == before.games + 1 and load_campaign(play.path).games == 1


def _finished_state(play: CampaignPlay):
    from game.board.mission import load_board
    from game.rules.zombieworld import commands as c
    from game.rules.zombieworld import engine
    from game.rules.zombieworld.campaign import next_setup
    from game.rules.zombieworld.simulate import DEFAULT_TABLE

    state = engine.setup(load_board(DEFAULT_TABLE), next_setup(play.campaign, "massacre"), 3)
    for _ in range(10):
        if engine.outcome(state) is not None:
            break
        seat = sorted(engine.current_seats(state))[0]
        state, _ = engine.apply(state, seat, c.Withdraw())
    assert engine.outcome(state) is not None
    return state


def test_a_campaign_link_is_kept_relative_to_the_save_and_never_leads_out(tmp_path):
    play = start_campaign(tmp_path, preset_bands()[:2], "Winter")
    save = tmp_path / "game.json"
    link = CampaignLink(play.path, "Winter", 0)
    data = link.to_json(save)
    assert data == {"path": "campaigns/winter.json", "relative_to": "save", "name": "Winter", "games_at_start": 0}
    assert CampaignLink.from_json(data, save) == CampaignLink(play.path.resolve(), "Winter", 0)
    for outside in ({**data, "path": "/etc/passwd"}, {**data, "path": "../../../../etc/passwd"}):
        with pytest.raises(ZwSaveError, match="campaign link"):
            CampaignLink.from_json(outside, save)


@pytest.mark.parametrize("change, words", [
    ({"games": -3}, "games"),
    ({"glory": 5_000_000}, "glory"),
    ({"rank": "god"}, "unknown rank 'god'"),
    ({"hand": ["lightsaber"]}, "unknown item 'lightsaber'"),
    ({"members": 250}, "members"),
])
def test_a_campaign_file_with_nonsense_is_refused_and_the_list_goes_on(tmp_path, change, words):
    folder = tmp_path / "campaigns"
    folder.mkdir()
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    band = data["bands"][0]
    if "games" in change:
        data["games"] = change["games"]
    if "glory" in change:
        band["glory"] = change["glory"]
    if "rank" in change:
        band["band"]["members"][0]["rank"] = change["rank"]
    if "hand" in change:
        band["band"]["members"][0]["hand"] = change["hand"]
    if "members" in change:
        band["band"]["members"] = band["band"]["members"] * change["members"]
    (folder / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    (folder / "good.json").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CampaignError) as refused:
        load_campaign(folder / "bad.json")
    assert "bad.json" in str(refused.value) and words in str(refused.value)
    rows = {path.name: (campaign, reason) for path, campaign, reason in saved_campaigns(tmp_path)}
    assert rows["good.json"][0] is not None and rows["bad.json"][0] is None and words in rows["bad.json"][1]


def test_a_band_file_with_nonsense_is_a_row_with_its_reason(tmp_path):
    good = save_band_file(preset_bands()[0], tmp_path)
    (bands_dir(tmp_path) / "god.json").write_text(
        good.read_text(encoding="utf-8").replace('"rank": "born"', '"rank": "god"'), encoding="utf-8")
    (bands_dir(tmp_path) / "huge.json").write_text('{"name": "x", "members": [' + "1" * 5000 + "]}", encoding="utf-8")
    rows = {path.name: (band, reason) for path, band, reason in saved_bands(tmp_path)}
    assert rows[good.name][0] is not None
    assert rows["god.json"][0] is None and "unknown rank 'god'" in rows["god.json"][1]
    assert rows["huge.json"][0] is None and "digits" in rows["huge.json"][1]
