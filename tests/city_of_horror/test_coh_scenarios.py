"""Every City of Horror scenario file passes; the runner reports broken files in one line, goes through
``main.py scenario`` beside Zombicide's scenarios, and the examples of docs/scenarios.md run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.city_of_horror import events as ev
from game.rules.city_of_horror.scenario import claims, is_ours, missing_events, run_cli, run_scenario

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "tests" / "city_of_horror" / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.toml"))
DOCS = REPO / "docs" / "scenarios.md"


def test_there_are_at_least_fifty_scenarios():
    assert len(FILES) >= 50


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path):
    result = run_scenario(path)
    assert result.passed, "\n".join(result.transcript)


def doc_examples() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    return re.findall(r"^```toml city-of-horror\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def test_the_docs_show_examples():
    assert len(doc_examples()) >= 2


@pytest.mark.parametrize("number", range(len(doc_examples())))
def test_every_example_in_the_docs_runs_and_passes(tmp_path, number):
    path = tmp_path / f"example_{number + 1}.toml"
    path.write_text(doc_examples()[number], encoding="utf-8")
    result = run_scenario(path)
    assert result.passed, "\n".join(result.transcript)


def test_a_failing_expectation_fails_with_its_reason(tmp_path):
    source = (SCENARIOS / "cards" / "chainsaw_half_rounded_down.toml").read_text(encoding="utf-8")
    path = tmp_path / "wrong.toml"
    path.write_text(source.replace("zombies = { hospital = 2 }", "zombies = { hospital = 1 }"), encoding="utf-8")
    result = run_scenario(path)
    assert not result.passed
    assert result.failures == ["expect zombies at hospital: 2, not 1"]
    lines: list[str] = []
    assert run_cli(["-q", str(path)], out=lines.append) == 1
    assert lines[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("text, words", [
    ('game = "city_of_horror"\ntitle = "x"\n[setup]\nplayers = 3\n', "setup → players: Input should be a valid tuple"),
    ('game = "city_of_horror"\ntitle = "x"\nsetup = { players = [] }\n[situation]\nat = "moon"\n', "situation → at"),
    ('game = "city_of_horror"\ntitle = "x"\n[setup]\nplayers = [{ seat = "A", colour = "red" }, { seat = "B", colour = "green" },'
     ' { seat = "C", colour = "blue" }]\n[situation]\ncharacters = [{ id = "nobody", owner = "A", at = "bank" }]\n',
     "situation → characters[0]: unknown character 'nobody'"),
    ('game = "city_of_horror"\ntitle = "x\n', "line 2, column 11: TOML syntax error"),
])
def test_a_broken_file_is_one_line_naming_the_place(tmp_path, text, words):
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(path)
    assert not result.passed and len(result.failures) == 1
    assert str(path) in result.failures[0] and words in result.failures[0], result.failures[0]


def test_events_match_as_an_ordered_subset():
    events = [ev.ZombiesKilled("bank", 1, "gun"), ev.StragglerMoved("red", "fed"), ev.ZombiesKilled("church", 2, "x")]
    assert missing_events(events, [{"kind": "zombies_killed"}, {"kind": "zombies_killed", "location": "church"}]) == []
    assert missing_events(events, [{"kind": "straggler_moved"}, {"kind": "zombies_killed", "location": "bank"}]) == [
        {"kind": "zombies_killed", "location": "bank"}]


def test_claims_its_files_and_folders():
    assert is_ours(SCENARIOS) and is_ours(FILES[0])
    assert not is_ours(REPO / "tests" / "zombicide" / "scenarios")
    assert claims(FILES[0])


def run_main(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=300)


def test_main_py_runs_both_games_scenarios():
    ours = SCENARIOS / "crossroads"
    result = run_main("scenario", "-q", str(ours), "tests/zombicide/scenarios/movement")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"PASS {ours / 'rulebook_straggler_example.toml'}" in result.stdout
    assert "tests/zombicide/scenarios/movement" in result.stdout
