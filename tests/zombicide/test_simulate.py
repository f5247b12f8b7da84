"""``main.py simulate``: many bot games of a mission, figures printed, bad input in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from boards import sketch_board

from game.rules.zombicide.bots import greedy_bot, random_bot
from game.rules.zombicide.simulate import pick_survivors, play_game, players_for, run_cli, simulate

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "maps" / "missions" / "tutorial-2x2.toml"

# a start two zones from the exit and nothing else: the greedy bot walks there and wins
WALK_TO_EXIT = sketch_board("s s s", markers=[("start", (0, 0)), ("exit", (0, 2))], setup={"goals": ["all_in_exit"]})


def run(argv: list[str]) -> tuple[int, list[str]]:
    lines: list[str] = []
    return run_cli(argv, out=lines.append), lines


def test_prints_every_figure_for_a_shipped_mission():
    status, lines = run([str(TUTORIAL), "--games", "3", "--seed", "4", "--bot", "random", "--survivors", "4"])
    assert status == 0
    text = "\n".join(lines)
    assert "3 games, random bot, 4 survivors" in lines[0] and "seeds 4..6" in lines[0]
    assert re.search(r"win rate \d+\.\d%", text)
    assert re.search(r"rounds: mean \d+\.\d  min \d+  max \d+", text)
    assert re.search(r"deaths per game \d+\.\d\d   zombies killed per game \d+\.\d", text)
    assert re.search(r"[\d.]+ games/s", text)


def test_the_same_seed_gives_the_same_figures():
    first = run([str(TUTORIAL), "--games", "2", "--seed", "9"])[1]
    again = run([str(TUTORIAL), "--games", "2", "--seed", "9"])[1]
    assert first[:-1] == again[:-1]  # the last line carries the speed


def test_figures_add_up_over_the_games():
    setup = {"players": players_for(["joe", "cathy", "dan", "jane"])}
    summary = simulate(WALK_TO_EXIT, setup, games=3, seed=1, bot=greedy_bot, max_rounds=10)
    assert [game.seed for game in summary.games] == [1, 2, 3]
    assert all(game.result == "won" and game.deaths == 0 for game in summary.games)
    assert summary.rate("won") == 1.0
    assert "win rate 100.0%" in summary.lines()[0]


def test_a_game_stopped_by_the_round_limit_is_unfinished():
    board = sketch_board("s s|s", markers=[("start", (0, 0)), ("exit", (0, 2))], setup={"goals": ["all_in_exit"]})
    game = play_game(board, {"players": players_for(["joe"])}, seed=3, bot=random_bot, max_rounds=2)
    assert game.result == "unfinished" and game.rounds == 2 and game.commands > 0


def test_a_game_past_the_command_cap_is_abandoned_with_its_reason_and_the_others_go_on():
    """A bot that loops within a round would play forever: the cap ends its game as abandoned (not a
    crash, not a loss), the summary says so with the seeds, and every game of the run is counted."""
    board = sketch_board("s s|s", markers=[("start", (0, 0)), ("exit", (0, 2))], setup={"goals": ["all_in_exit"]})
    setup = {"players": players_for(["joe"])}
    game = play_game(board, setup, seed=3, bot=random_bot, max_rounds=10, max_commands=4)
    assert (game.result, game.end, game.commands) == ("abandoned", "command_cap", 4)
    summary = simulate(board, setup, games=2, seed=3, bot=random_bot, max_rounds=10, max_commands=4)
    assert [g.result for g in summary.games] == ["abandoned", "abandoned"]
    lines = summary.lines()
    assert lines[0].startswith("abandoned 2 of 2 games at the cap of 4 commands without an end")
    assert re.search(r"seeds 3 \(round \d+\), 4 \(round \d+\)$", lines[0]), lines[0]
    assert "abandoned 100.0% (2)" in lines[1]


def test_the_command_line_takes_the_cap():
    status, lines = run([str(TUTORIAL), "--games", "2", "--seed", "4", "--bot", "random", "--max-commands", "3",
                         "--no-progress", "--jobs", "1"])
    assert status == 0
    assert "at most 60 rounds and 3 commands a game" in lines[0]
    assert any(line.startswith("abandoned 2 of 2 games at the cap of 3 commands") for line in lines), lines


def test_seats_hold_three_survivors_each():
    seats = players_for(["a", "b", "c", "d"])
    assert seats == [{"seat": "P1", "survivors": ["a", "b", "c"]}, {"seat": "P2", "survivors": ["d"]}]


def test_survivors_by_count_or_by_name():
    known = ["cathy", "dan", "joe"]
    assert pick_survivors("2", known) == ["cathy", "dan"]
    assert pick_survivors("joe, cathy", known) == ["joe", "cathy"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "required: mission"),
        (["--games", "3"], "required: mission"),
        ([str(TUTORIAL), "--games", "0"], "--games: 0 must be at least 1"),
        ([str(TUTORIAL), "--games", "many"], "'many' is not a whole number"),
        ([str(TUTORIAL), "--bot", "clever"], "invalid choice: 'clever'"),
        ([str(TUTORIAL), "--survivors", "99"], "between 1 and 24 survivors, not 99"),
        ([str(TUTORIAL), "--survivors", "joe,bob"], "unknown survivor bob"),
        ([str(TUTORIAL), "--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(argv, message):
    status, lines = run(argv)
    assert status == 2
    assert len(lines) == 1 and lines[0].startswith("simulate: ") and message in lines[0]


def test_a_missing_mission_gives_one_line_and_status_1(tmp_path):
    status, lines = run([str(tmp_path / "nowhere.toml")])
    assert status == 1
    assert lines == [f"simulate: {tmp_path / 'nowhere.toml'}: mission file not found"]


def test_a_broken_mission_names_the_file_and_gives_status_1(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('schema_version = 1\nid = "x"\ntitle = "x"\ngame = "zombicide"\n[[modules]]\nmap = "gone.tmx"\n')
    status, lines = run([str(broken), "--games", "1"])
    assert status == 1
    assert len(lines) == 1 and str(broken) in lines[0]


def test_a_mission_without_a_start_cannot_be_set_up(tmp_path):
    text = TUTORIAL.read_text(encoding="utf-8").replace('kind = "start"', 'kind = "objective"')
    text = text.replace('"../zombicide/', f'"{(REPO / "maps" / "zombicide").as_posix()}/')
    mission = tmp_path / "no-start.toml"
    mission.write_text(text, encoding="utf-8")
    status, lines = run([str(mission), "--games", "1"])
    assert status == 1
    assert lines == [f"simulate: {mission}: the mission cannot be set up: {mission}: the board has no starting zone"]
