"""Scenario files: every file under tests/zombicide/scenarios plays through the engine and matches
what the rules say; malformed files give one clear message naming the file and the place."""

import re
from pathlib import Path

import pytest

from game.rules.zombicide.scenario import ScenarioError, find_in_order, read_scenario, run_cli, run_scenario

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SCENARIO_FILES = sorted(SCENARIOS.rglob("*.toml"))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.relative_to(SCENARIOS).as_posix() for p in SCENARIO_FILES])
def test_scenario(path):
    result = run_scenario(path)
    if result.known_gap:
        assert not result.passed, f"{path.name} now passes: remove its known_gap line"
        pytest.xfail(result.known_gap)
    assert result.passed, "\n".join(result.transcript)


DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def doc_examples() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    return re.findall(r"^```toml\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def test_the_docs_show_examples():
    assert len(doc_examples()) >= 2


@pytest.mark.parametrize("number", range(len(doc_examples())))
def test_every_example_in_the_docs_runs_and_passes(tmp_path, number):
    path = tmp_path / f"example_{number + 1}.toml"
    path.write_text(doc_examples()[number], encoding="utf-8")
    result = run_scenario(path)
    assert result.passed and not result.known_gap, "\n".join(result.transcript)
    lines: list[str] = []
    assert run_cli(["-q", str(path)], out=lines.append) == 0
    assert lines == [f"PASS {path}", "1 passed, 0 failed"]


# --- event matching ---------------------------------------------------------------------------------


def test_events_match_as_an_ordered_subset():
    from game.rules.zombicide.commands import NoiseMade, SurvivorMoved

    events = [
        SurvivorMoved(survivor="ana", from_zone="a", to_zone="b", actions=1),
        NoiseMade(zone="b", tokens=1),
        SurvivorMoved(survivor="ana", from_zone="b", to_zone="c", actions=1),
    ]
    assert find_in_order([{"kind": "survivor_moved", "to_zone": "c"}], events) is None
    assert find_in_order([{"kind": "noise_made"}, {"kind": "survivor_moved", "to_zone": "c"}], events) is None
    missing = find_in_order([{"kind": "survivor_moved", "to_zone": "c"}, {"kind": "noise_made"}], events)
    assert missing is not None and "#2" in missing
    assert find_in_order([{"kind": "survivor_moved", "actions": 2}], events) is not None


# --- malformed files --------------------------------------------------------------------------------

GOOD = """
title = "a small game"
[board]
sketch = "s s"
[[survivor]]
id = "cathy"
zone = "r0c0"
[[step]]
command = { kind = "move", survivor = "cathy", to = "r0c1" }
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_good_file_reads(tmp_path):
    scenario = read_scenario(write(tmp_path, GOOD))
    assert scenario.survivor[0].zone == "r0c0" and scenario.step[0].command["kind"] == "move"


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ('title = "a small game"', 'title = "a small game', "line 2", "TOML syntax error"),
        ('zone = "r0c0"', 'zone = "r0c0"\nwounds = "one"', "[[survivor]] #1 (id = 'cathy') → wounds", "integer (found 'one')"),
        ('id = "cathy"', 'id = "cathy"\nxpp = 3', "[[survivor]] #1 (id = 'cathy') → xpp", "unknown key"),
        ('command = { kind = "move", survivor = "cathy", to = "r0c1" }', 'dice = [7]\ncommand = {}', "[[step]] #1 → dice", "1 to 6"),
        ('title = "a small game"', "", "title", "required key is missing"),
    ],
)
def test_malformed_files_name_the_place(tmp_path, old, new, where, what):
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ScenarioError) as caught:
        read_scenario(path)
    assert caught.value.path == path
    assert caught.value.where.startswith(where)
    assert what in caught.value.what


def test_cli_reports_broken_files_and_fails(tmp_path):
    path = write(tmp_path, GOOD.replace("[board]", "[bord]"))
    lines: list[str] = []
    assert run_cli([str(path)], out=lines.append) == 1
    assert lines[0] == f"FAIL {path}: bord: unknown key (check its spelling; 'board' is missing)"
    assert lines[-1] == "0 passed, 1 failed"


def test_cli_usage():
    lines: list[str] = []
    assert run_cli([], out=lines.append) == 2
    assert run_cli(["--frobnicate", "x.toml"], out=lines.append) == 2


@pytest.mark.parametrize(
    ("tents", "what"),
    [('{ r0c1 = "palace" }', "unknown tent card 'palace'"), ('{ r0c0 = "barracks" }', "not a tent zone")],
)
def test_bad_tent_cards_name_the_place(tmp_path, tents, what):
    path = write(tmp_path, f'tents = {tents}\n' + GOOD.replace('sketch = "s s"', 'sketch = "s t"'))
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert caught.value.where.startswith("tents → ") and what in caught.value.what


# --- the scenario's own cards, names in commands, facts between steps -------------------------------


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ('zombie_deck_top = ["nobody"]\n' + GOOD, "top level → zombie_deck_top", "no zombie card named 'nobody'"),
        (GOOD + '[[zombie_card]]\nblue = "1 skinner_walker"\n', "[[zombie_card]] #1", "name the card"),
        (GOOD + '[[zombie_card]]\nname = "x"\nblue = "1 goblin"\n', "[[zombie_card]] #1 (name = 'x') → blue",
         "unknown zombie type 'goblin'"),
        (GOOD + '[[equipment_card]]\nlike = "pistol"\n', "[[equipment_card]] #1 → id", "an id of its own"),
        (GOOD + '[[equipment_card]]\nid = "gun"\nlike = "banana"\n', "[[equipment_card]] #1 (id = 'gun') → like",
         "unknown equipment 'banana'"),
        (GOOD.replace('to = "r0c1" }', 'to = "r0c1" }\ndraws = { r0c1 = [3] }'), "[[step]] #1 → draws → r0c1",
         "draws 0 zombie cards in this step, not 1"),
        (GOOD.replace('command = { kind = "move", survivor = "cathy", to = "r0c1" }',
                      'command = { kind = "discard", survivor = "cathy", slot = "pistol" }'),
         "[[step]] #1 → command → slot", "cathy carries no 'pistol'"),
        (GOOD + '[expect.state]\nabsent = { r0c1 = ["pistol"] }\n', "[expect.state] → absent → r0c1",
         "neither a zombie type nor a survivor"),
    ],
)
def test_bad_own_cards_and_names_name_the_place(tmp_path, text, where, what):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert caught.value.where.startswith(where), caught.value.where
    assert what in caught.value.what


def test_facts_after_a_step_and_unwanted_events_fail_with_the_step_named(tmp_path):
    text = GOOD.replace('to = "r0c1" }', 'to = "r0c1" }\nno_events = [{ kind = "survivor_moved" }]\n'
                        'state = { survivors = { cathy = { zone = "r0c0", done = true } } }')
    result = run_scenario(write(tmp_path, text))
    assert not result.passed
    assert result.failures[0].startswith("step 1: an unwanted event happened: survivor_moved")
    assert "after step 1: cathy zone: expected 'r0c0', found 'r0c1'" in result.failures
    assert "after step 1: cathy done: expected True, found False" in result.failures


@pytest.mark.parametrize(
    ("helicopters", "where", "what"),
    [
        ('[{ zone = "r0c9" }]', "helicopters[0] → zone", "no zone 'r0c9'"),
        ('[{ zone = "r0c1", seats = 2 }]', "helicopters[0] → seats", "unknown key"),
        ('[{ zone = "r0c1", pilot = "nobody" }]', "helicopters[0] → pilot", "'nobody' is not in the game"),
        ('[{ zone = "r0c1", hold = ["banana"] }]', "helicopters[0] → hold", "unknown equipment 'banana'"),
        ('{ zone = "r0c1" }', "helicopters", "write helicopters = [{"),
    ],
)
def test_bad_helicopters_name_the_place(tmp_path, helicopters, where, what):
    path = write(tmp_path, f"helicopters = {helicopters}\n" + GOOD)
    with pytest.raises(ScenarioError) as caught:
        run_scenario(path)
    assert caught.value.where.startswith(where), caught.value.where
    assert what in caught.value.what
