"""One save envelope for every game: the saves today's build wrote before the envelope still load and
resume the same game; tables, bands and campaigns of today still load; a changed content is told
by file, and the save replays or is refused with that reason; newer saves are refused; save lists
go on past bad files."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from game.platform import envelope, registry
from game.platform.envelope import SaveFileError
from game.rules.core.session import Session
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.campaign import load_campaign
from game.table.saves import load_table

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "fixtures" / "saves"


@pytest.mark.parametrize("name, game, log_length", [
    ("zombicide-game-v1.json", "zombicide", 26),
])
def test_game_saves_from_before_the_envelope_resume_the_same_game(name, game, log_length):
    raw = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
    loaded = envelope.load_game(SAMPLES / name)
    assert loaded.entry.id == game
    assert len(loaded.session.log) == log_length
    assert loaded.session.hash() == raw["session"]["final_hash"]  # the very position that was saved
    assert loaded.extra == raw["extra"]
    assert loaded.info.status.round == raw["round"]
    if raw.get("campaign"):
        assert loaded.campaign == raw["campaign"] and loaded.info.campaign == "Long Night"
    else:
        assert loaded.campaign is None


def test_a_frozen_envelope_save_resumes_the_same_game():
    raw = json.loads((SAMPLES / "zombieworld-game-rules2.json").read_text(encoding="utf-8"))
    loaded = envelope.load_game(SAMPLES / "zombieworld-game-rules2.json")
    assert loaded.entry.id == "zombieworld" and len(loaded.session.log) == len(raw["log"]) == 30
    assert loaded.session.hash() == raw["final_hash"]
    assert loaded.info.status.round == raw["status"]["round"] == 2
    assert loaded.extra == raw["extra"] and loaded.campaign == raw["campaign"]
    assert loaded.info.campaign == "Long Night"


@pytest.mark.parametrize("name", ["zombieworld-game-v1.json", "zombieworld-game-v2.json"])
def test_a_game_saved_under_earlier_rules_that_no_longer_replays_is_refused_and_kept(name):
    """Zombieworld's rules were corrected (rules version 2): its deployment dice now come first, so a
    game saved under version 1 no longer replays. It is refused with that reason and left as it was."""
    copy = SAMPLES / name
    before = copy.read_bytes()
    entry, saved = envelope.read_envelope(copy)  # the old format itself still converts
    assert (entry.id, saved.ruleset_version) == ("zombieworld", "1")
    with pytest.raises(SaveFileError) as refused:
        envelope.load_game(copy)
    message = str(refused.value)
    assert str(copy) in message and "rules version 1" in message and "now version 2" in message
    assert "no longer replays" in message
    assert copy.read_bytes() == before


def test_a_resumed_old_save_is_written_again_in_the_envelope(tmp_path):
    loaded = envelope.load_game(SAMPLES / "zombicide-game-v1.json")
    path = envelope.write_game(tmp_path / "again.json", loaded.entry, loaded.session, extra=loaded.extra)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["kind"], data["game"], data["box"], data["game_schema"]) == ("deadtable-save", "zombicide",
                                                                               "rue_morgue", 1)
    assert data["content"]["files"] and "game/rules/zombicide/content/rue_morgue/equipment.toml" in data["content"]["files"]
    assert data["board"] == "maps/missions/rm-tutorial-1.toml"
    assert data["content"]["files"]["maps/missions/rm-tutorial-1.toml"]
    assert any(name.startswith("maps/zombicide/") for name in data["content"]["files"])  # its modules too
    assert envelope.load_game(path).session.hash() == loaded.session.hash()


def test_tables_bands_and_campaigns_of_today_still_load():
    for name in ("table-v1.json", "table-current.json"):
        table = load_table(SAMPLES / name)
        assert table.pieces and Path(table.source).resolve() == REPO / "maps" / "missions" / "tutorial-2x2.toml"
    band = Band.from_json((SAMPLES / "band-v1.json").read_text(encoding="utf-8"), "band-v1.json")
    assert band.name == "Night Watch" and len(band.members) == 4
    campaign = load_campaign(SAMPLES / "campaign-v2.json")
    assert campaign.name == "Long Night" and campaign.games == 1


@pytest.fixture
def saved_game(tmp_path) -> tuple[Path, Session]:
    loaded = envelope.load_game(SAMPLES / "zombicide-game-v1.json")
    path = envelope.write_game(tmp_path / "game.json", loaded.entry, loaded.session)
    return path, loaded.session


def test_changed_content_that_replays_the_same_is_told_by_file(saved_game):
    path, session = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    data["content"]["files"]["game/rules/zombicide/content/rue_morgue/skills.toml"] = "0000000000000000"
    data["content"]["hash"] = "changed"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = envelope.load_game(path)
    assert loaded.session.hash() == session.hash()
    assert len(loaded.notes) == 1
    assert "skills.toml (changed)" in loaded.notes[0] and "replays to the same position" in loaded.notes[0]


def test_changed_content_that_no_longer_replays_is_refused_with_the_reason(saved_game):
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    data["content"]["files"]["maps/missions/rm-tutorial-1.toml"] = "0000000000000000"
    data["content"]["files"]["maps/zombicide/99X.tmx"] = "0000000000000000"
    data["content"]["hash"] = "changed"
    data["final_hash"] = "not-what-it-replays-to"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        envelope.load_game(path)
    message = str(refused.value)
    assert message.startswith(str(path)) and "\n" not in message
    assert "rm-tutorial-1.toml (changed)" in message and "99X.tmx (gone)" in message and "no longer replays" in message


@pytest.mark.parametrize("change, words", [
    ({"envelope_version": 2}, "newer Deadtable (envelope version 2"),
    ({"game_schema": 9}, "newer Deadtable (Zombicide save schema 9"),
    ({"game": "city_of_dread"}, "unknown game 'city_of_dread' (known: zombicide, zombieworld"),
    ({"box": "no_such_box"}, "unknown Zombicide box 'no_such_box' (known: rue_morgue"),
    ({"status": {"round": "abc"}}, "status → round"),
    ({"saved_at": "yesterday"}, "saved_at"),
    ({"log": {"seat": "A"}}, "log"),
])
def test_a_bad_envelope_says_what_and_where(saved_game, change, words):
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(change)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        envelope.load_game(path)
    assert words in str(refused.value) and str(path) in str(refused.value)


def test_save_lists_go_on_past_bad_files_and_mixed_time_zones(saved_game, tmp_path):
    path, _ = saved_game
    naive = tmp_path / "naive.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = "2026-01-02T03:04:05"  # no time zone
    naive.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "round.json").write_text(json.dumps({**data, "status": {"round": "abc"}}), encoding="utf-8")
    (tmp_path / "table.json").write_text(json.dumps({"kind": "deadtable-table", "schema_version": 1}))
    os.utime(naive, (1_000_000, 1_000_000))
    saves, bad = envelope.list_saves(tmp_path)
    assert [info.path.name for info in saves] == ["game.json", "naive.json"]
    assert saves[1].saved_at.tzinfo is not None
    reasons = {entry.path.name: entry.reason for entry in bad}
    assert set(reasons) == {"deep.json", "round.json"}  # a table save is no game, and no fault either
    assert "status → round" in reasons["round.json"]


def test_a_save_of_a_game_this_build_lacks_names_the_file_and_the_known_games(tmp_path):
    shutil.copy(SAMPLES / "zombicide-game-v1.json", tmp_path / "x.json")
    data = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    data["kind"] = "deadtable-chess-game"
    (tmp_path / "x.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"x.json: not a Deadtable game save \(kind is 'deadtable-chess-game'\)"):
        envelope.read_info(tmp_path / "x.json")
    with pytest.raises(registry.UnknownGameError, match=r"x.json: unknown game 'chess' \(known: zombicide, zombieworld"):
        registry.game("chess", tmp_path / "x.json")


def test_the_window_tells_the_player_which_content_changed(saved_game, tmp_path):
    from game.app.app import DeadtableApp

    path, session = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    data["content"]["files"]["game/rules/zombicide/content/rue_morgue/zombies.toml"] = "0000000000000000"
    data["content"]["hash"] = "changed"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert envelope.content_changes(path) == ["game/rules/zombicide/content/rue_morgue/zombies.toml (changed)"]
    app = DeadtableApp(size=(1024, 700), save_dir=tmp_path)
    app.open_start()
    assert app.resume_game(path)
    assert type(app.scenes.top).__name__ == "GameScene"
    assert app.scenes.top.controller.session.hash() == session.hash()
    assert app.message is not None and app.message.alive()
    assert "zombies.toml (changed)" in app.message.text_block.html_text
