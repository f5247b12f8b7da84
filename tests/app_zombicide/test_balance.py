"""main.py balance: a report per mission with its win rate and interval, where survivors fell, who killed them."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app.zombicide import balance

REPO = Path(__file__).resolve().parents[2]
NIGHT_SHIFT = REPO / "maps" / "missions" / "rm-night-shift.toml"


@pytest.mark.parametrize("won, games, expected", [
    (5, 10, (0.2366, 0.7634)),
    (0, 20, (0.0, 0.1611)),
    (20, 20, (0.8389, 1.0)),
    (45, 50, (0.7864, 0.9565)),
])
def test_the_wilson_interval(won: int, games: int, expected: tuple[float, float]) -> None:
    low, high = balance.wilson_interval(won, games)
    assert (round(low, 4), round(high, 4)) == expected


def test_ratings_read_the_win_rate() -> None:
    assert [balance.rating(rate) for rate in (0.95, 0.8, 0.79, 0.6, 0.45, 0.25, 0.19, 0.0)] == [
        "Easy", "Easy", "Fair", "Fair", "Hard", "Very hard", "Brutal", "Brutal"]


def test_a_report_is_written_and_read_back(tmp_path: Path) -> None:
    lines: list[str] = []
    status = balance.run_cli([str(NIGHT_SHIFT), "--games", "6", "--jobs", "1", "--no-progress", "--out", str(tmp_path)],
                             lines.append)
    assert status == 0, lines
    assert len(lines) == 1 and "Night Shift" in lines[0] and "95 %" in lines[0]
    report = balance.last_report("rm-night-shift", tmp_path)
    assert report is not None and report.games == 6 and 0 <= report.won <= 6
    assert report.interval == pytest.approx(balance.wilson_interval(report.won, 6))
    assert report.rating == balance.rating(report.won / 6)
    text = (tmp_path / "rm-night-shift.md").read_text(encoding="utf-8")
    assert f"**Rating: {report.rating}**" in text
    assert "## Where survivors fell" in text and "## Which zombies did the killing" in text
    assert ":hl-" not in text  # zones by the names the board shows, never their ids
    deaths = pygame.image.load(str(tmp_path / "rm-night-shift-deaths.png"))
    assert max(deaths.get_size()) <= balance.HEAT_MAX_SIDE_PX
    assert pygame.image.load(str(tmp_path / "rm-night-shift-rounds.png")).get_size() == (720, 320)


def test_a_broken_report_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "rm-tutorial-1.json").write_text('{"mission_id": "rm-tutorial-1", "games": 0}', encoding="utf-8")
    assert balance.last_report("rm-tutorial-1", tmp_path) is None
    assert balance.last_report("no-such-mission", tmp_path) is None


def test_bad_arguments_and_missions_are_told(tmp_path: Path) -> None:
    lines: list[str] = []
    assert balance.run_cli(["--games", "0"], lines.append) == 2
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "zombicide"\n[[modules]]\nmap = "nowhere.tmx"\n', encoding="utf-8")
    assert balance.run_cli([str(broken), "--games", "1", "--jobs", "1", "--no-progress", "--out", str(tmp_path)],
                           lines.append) == 1
    assert "broken.toml" in lines[-1]


def test_the_mission_picker_shows_the_last_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app.zombicide.new_game_scene import difficulty_words, list_missions

    monkeypatch.setattr(balance, "REPORTS_DIR", tmp_path)
    monkeypatch.setattr(balance, "SHIPPED_REPORTS", tmp_path / "shipped")
    assert "not measured yet" in difficulty_words("rm-night-shift")
    shipped = balance.BalanceReport(mission_id="rm-night-shift", games=50, won=40, interval=(0.67, 0.89),
                                    rating="Easy", bot="planner")
    (tmp_path / "shipped").mkdir()
    (tmp_path / "shipped" / "rm-night-shift.json").write_text(shipped.model_dump_json(), encoding="utf-8")
    assert "Easy: the planner bot won 40 of 50 games" in difficulty_words("rm-night-shift")  # ours, shipped
    record = balance.BalanceReport(mission_id="rm-night-shift", games=40, won=14, interval=(0.22, 0.51),
                                   rating="Very hard", bot="planner")
    (tmp_path / "rm-night-shift.json").write_text(record.model_dump_json(), encoding="utf-8")
    night_shift = next(m for m in list_missions() if m.id == "rm-night-shift")
    assert "Very hard: the planner bot won 14 of 40 games" in night_shift.summary_html()  # the player's own first


def test_a_report_without_pictures_for_shipping(tmp_path: Path) -> None:
    lines: list[str] = []
    assert balance.run_cli([str(NIGHT_SHIFT), "--games", "2", "--jobs", "1", "--no-progress", "--no-pictures",
                            "--out", str(tmp_path)], lines.append) == 0, lines
    text = (tmp_path / "rm-night-shift.md").read_text(encoding="utf-8")
    assert "## Where survivors fell" in text and ".png" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md", "rm-night-shift.json", "rm-night-shift.md"]
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "| [rm-night-shift](rm-night-shift.md) |" in index and "/2 (" in index


def test_a_report_tells_how_far_the_mission_walks_and_which_objectives_were_taken(tmp_path: Path) -> None:
    lines: list[str] = []
    assert balance.run_cli([str(NIGHT_SHIFT), "--games", "3", "--jobs", "1", "--no-progress", "--no-pictures",
                            "--out", str(tmp_path)], lines.append) == 0, lines
    text = (tmp_path / "rm-night-shift.md").read_text(encoding="utf-8")
    # Night Shift: take its four objectives, no exit goal (tests/zombicide/test_mission_walk.py)
    assert "the shortest walk through the 4 objectives the goals want and out is" not in text
    assert "## The walk" in text and "the shortest walk through the 4 objectives the goals want is 19 zones" in text
    table = text.split("## Objectives taken", 1)[1].split("##", 1)[0]
    rows = [row for row in table.splitlines() if row.startswith("| ") and "of 3 |" in row]
    assert len(rows) == 4 and ":hl-" not in table and ":rm-" not in table  # the names the board shows
    report = balance.last_report("rm-night-shift", tmp_path)
    assert report is not None and report.walk == 19
    assert "| 19 |" in (tmp_path / "README.md").read_text(encoding="utf-8")


def test_a_report_tells_why_the_games_were_lost(tmp_path: Path) -> None:
    from game.rules.zombicide.simulate import end_reason

    assert end_reason("won", False, "") == "" and end_reason("over", False, "") == ""
    assert end_reason(None, True, "") == "round_limit"
    assert end_reason("lost", True, "mold_joined_spawns") == "survivor_lost"
    assert end_reason("lost", False, "mold_joined_spawns") == "mold_joined_spawns"
    assert end_reason("lost", False, "") == "other"
    lines: list[str] = []
    mission = REPO / "maps" / "missions" / "inv-m1.toml"  # its first three games lose a survivor
    assert balance.run_cli([str(mission), "--games", "3", "--jobs", "1", "--no-progress", "--no-pictures",
                            "--out", str(tmp_path)], lines.append) == 0, lines
    text = (tmp_path / "inv-m1.md").read_text(encoding="utf-8")
    report = balance.last_report("inv-m1", tmp_path)
    assert report is not None
    table = text.split("## Why games were lost", 1)[1].split("##", 1)[0]
    cells = [row.rsplit("|", 2)[1].strip() for row in table.splitlines() if row.startswith("| ")]
    counts = [int(cell) for cell in cells if cell.isdigit()]
    assert sum(counts) == 3 - report.won and "a survivor was lost" in table


def test_the_mission_picker_says_when_a_mission_rolls_its_own_spawn_dice() -> None:
    from game import i18n
    from game.app.zombicide.new_game_scene import list_missions

    missions = {m.id: m for m in list_missions()}
    assert "This mission rolls 2 spawn dice, whatever the team." in missions["rm-night-shift"].summary_html()
    assert "This mission rolls 1 spawn die," in missions["rm-tutorial-1"].summary_html()
    assert "spawn di" not in missions["rm-tutorial-2"].summary_html()  # the box's table: nothing to say
    i18n.set_language("es")
    try:
        assert "Esta misión tira 3 dados de aparición" in missions["rm-quarantine"].summary_html()
    finally:
        i18n.set_language("en")
