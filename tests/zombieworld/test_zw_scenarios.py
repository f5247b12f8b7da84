"""Zombieworld scenario files: every file under tests/zombieworld/scenarios plays through the engine
and matches what the rules say; malformed files give one clear message naming the file and the
place; ``main.py scenario`` sends each file to the game that claims it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.zombieworld.scenario import (
    ScenarioError,
    claims,
    find_in_order,
    run_cli,
    run_scenario,
)

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SCENARIO_FILES = sorted(SCENARIOS.rglob("*.toml"))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.relative_to(SCENARIOS).as_posix() for p in SCENARIO_FILES])
def test_scenario(path):
    result = run_scenario(path)
    if result.known_gap:
        assert not result.passed, f"{path.name} now passes: remove its known_gap line"
        pytest.xfail(result.known_gap)
    assert result.passed, "\n".join(result.transcript)


def test_there_are_scenarios_for_every_section():
    sections = {path.parent.name for path in SCENARIO_FILES}
    assert len(SCENARIO_FILES) >= 60
    assert {"melee", "reactions", "charges", "movement", "jumps", "vehicles", "casualties", "spawning", "searching",
            "bands", "deployment"} <= sections
    assert all(path.parent.parent == SCENARIOS for path in SCENARIO_FILES)  # one folder per section


def zombieworld_examples() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    return [block for block in re.findall(r"^```toml[^\n]*\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
            if 'game = "zombieworld"' in block]


def test_the_docs_show_zombieworld_examples():
    assert len(zombieworld_examples()) >= 2


@pytest.mark.parametrize("number", range(len(zombieworld_examples())))
def test_every_zombieworld_example_in_the_docs_runs_and_passes(tmp_path, number):
    path = tmp_path / f"example_{number + 1}.toml"
    path.write_text(zombieworld_examples()[number], encoding="utf-8")
    result = run_scenario(path)
    assert result.passed and not result.known_gap, "\n".join(result.transcript)
    lines: list[str] = []
    assert run_cli(["-q", str(path)], out=lines.append) == 0
    assert lines == [f"PASS {path}", "1 passed, 0 failed"]


# --- what a file must say -----------------------------------------------------------------------

GOOD = """
game = "zombieworld"
title = "a walk"
[table]
size = [60, 60]
[[survivor]]
seat = "red"
name = "Ana"
at = [10.0, 10.0]
[turn]
active = "red:Ana"
[[step]]
command = { kind = "move", model = "red:Ana", path = [[20.0, 10.0]] }
events = [{ kind = "model_moved", model = "red:Ana", cost_cm = 10.0 }]
[expect.state.models."red:Ana"]
at = [20.0, 10.0]
"""


def write(tmp_path: Path, text: str, name: str = "scenario.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_plays_and_passes(tmp_path):
    result = run_scenario(write(tmp_path, GOOD))
    assert result.passed, "\n".join(result.transcript)


def test_a_wrong_expectation_fails_and_says_why(tmp_path):
    result = run_scenario(write(tmp_path, GOOD.replace("at = [20.0, 10.0]", "at = [21.0, 10.0]")))
    assert not result.passed
    assert any("red:Ana at" in failure for failure in result.failures), result.failures


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ('title = "a walk"', 'title = "a walk', "line 3", "TOML syntax error"),
        ('at = [10.0, 10.0]', 'at = [10.0, 10.0]\nwounds = "one"', "[[survivor]] #1 → wounds", "integer"),
        ('name = "Ana"', 'name = "Ana"\nnmae = "x"', "[[survivor]] #1 → nmae", "unknown key"),
        ('[[step]]', '[[step]]\ndice = [7]', "[[step]] #1 → dice", "1 to 6"),
        ('title = "a walk"', "", "title", "required key is missing"),
        ('size = [60, 60]', 'size = [60, 60]\nsketch = "..Q"', "[table]", "'Q' is not a sketch character"),
    ],
)
def test_malformed_files_name_the_place(tmp_path, old, new, where, what):
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert caught.value.path == path
    assert caught.value.where.startswith(where), caught.value.where
    assert what in caught.value.what


def test_a_bad_command_names_its_step(tmp_path):
    path = write(tmp_path, GOOD.replace('kind = "move"', 'kind = "moove"'))
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert caught.value.where.startswith("[[step]] #1 → command")


def test_the_cli_reports_a_broken_file_in_one_line(tmp_path):
    path = write(tmp_path, GOOD.replace("[table]", "[tabel]"))
    lines: list[str] = []
    assert run_cli([str(path)], out=lines.append) == 1
    assert lines[0].startswith(f"FAIL {path}: tabel: unknown key")
    assert lines[-1] == "0 passed, 1 failed"


def test_zombieworld_files_and_folders_holding_them_are_claimed(tmp_path):
    ours = write(tmp_path, GOOD)
    assert claims(ours) and claims(tmp_path)
    lines: list[str] = []
    assert run_cli(["-q", str(tmp_path)], out=lines.append) == 0
    assert lines == [f"PASS {ours}", "1 passed, 0 failed"]


def test_main_sends_each_file_to_its_game(tmp_path):
    import subprocess
    import sys

    ours = write(tmp_path, GOOD)
    repo = Path(__file__).resolve().parents[2]
    zombicide = repo / "tests" / "zombicide" / "scenarios" / "movement"
    result = subprocess.run([sys.executable, str(repo / "main.py"), "scenario", "-q", str(ours), str(zombicide)],
                            capture_output=True, text=True, cwd=repo, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"PASS {ours}" in result.stdout
    assert result.stdout.count("PASS") > 1


def test_events_match_as_an_ordered_subset_with_a_tolerance():
    from game.rules.zombieworld.commands import ModelMoved, Wounded

    events = [ModelMoved("a", ((1.0, 2.0),), 5.0), Wounded("a", 1), ModelMoved("a", ((3.0, 2.0),), 2.0)]
    assert find_in_order([{"kind": "model_moved", "cost_cm": 2.01}], events) is None
    assert find_in_order([{"kind": "wounded"}, {"kind": "model_moved", "cost_cm": 2.0}], events) is None
    assert find_in_order([{"kind": "model_moved", "cost_cm": 2.0}, {"kind": "wounded"}], events) is not None
    assert find_in_order([{"kind": "model_moved", "cost_cm": 2.5}], events) is not None
