"""The fuzz corpus: hundreds of malformed maps, tilesets, missions, scenario files of the three games,
game saves (both games, envelope and older formats), table saves, campaigns and bands, and an input
past each limit of ``game/limits.py``, each opened by ``main.py`` in its own process under a time and
a memory limit (``corpus_runner``).

Every malformed input must be refused in exactly one line naming the file and the place, with no
traceback, no hang and no blow-up; every valid base must open. The small inputs live in
``tests/robustness/corpus/`` (written by ``tools/make_fuzz_corpus.py``); the big ones are written
by the same script into a temporary folder.
"""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from game import limits
from tests.robustness import corpus_runner

REPO = Path(__file__).resolve().parents[2]
MANIFEST = corpus_runner.load_manifest()
MIN_MALFORMED = 300


@pytest.fixture(scope="session")
def generator():
    return corpus_runner.load_generator()


@pytest.fixture(scope="session")
def outcomes(generator, tmp_path_factory) -> dict[str, corpus_runner.Outcome]:
    """Every case run once, in parallel: the big inputs from a fresh folder, the rest from the corpus."""
    big = tmp_path_factory.mktemp("big-corpus")
    generator.write_big(big)
    out = tmp_path_factory.mktemp("shots")
    results = corpus_runner.run_all(MANIFEST, {False: corpus_runner.CORPUS, True: big}, out)
    return {outcome.case_id: outcome for outcome in results}


def test_the_corpus_holds_at_least_300_malformed_inputs_of_every_kind():
    refused = [case for case in MANIFEST if case["expect"] == "refused"]
    assert len(refused) >= MIN_MALFORMED
    kinds = {case["kind"] for case in refused}
    assert {"map", "mission", "game-save", "table-save", "limit"} <= kinds
    ids = {case["id"] for case in refused}
    for game in ("zombicide", "zombieworld"):
        assert sum(1 for i in ids if i.startswith(f"{game}-save-")) >= 40
        assert any(i.startswith(f"{game}-legacy-") for i in ids)  # the formats before the envelope
    assert sum(1 for case in MANIFEST if case["expect"] == "opens") >= 5  # each kind's valid base


def test_the_committed_corpus_is_what_the_script_writes(generator, tmp_path):
    generator.write_small(tmp_path)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    committed = sorted(p.relative_to(corpus_runner.CORPUS) for p in corpus_runner.CORPUS.rglob("*") if p.is_file())
    assert written == committed, "run: python tools/make_fuzz_corpus.py"
    _, mismatch, errors = filecmp.cmpfiles(tmp_path, corpus_runner.CORPUS, [str(p) for p in written], shallow=False)
    assert not mismatch and not errors, f"stale corpus files {mismatch + errors}: run python tools/make_fuzz_corpus.py"


def test_every_limit_has_inputs_that_pass_it(generator):
    names = {name for name in vars(limits) if name.isupper()}
    listed = set(generator.LIMIT_CASES) | set(generator.LIMITS_LATER) | set(generator.NOT_INPUT_LIMITS)
    assert names == listed, f"limits without inputs: {sorted(names - listed)}; gone: {sorted(listed - names)}"
    by_id = {case["id"]: case for case in MANIFEST}
    for name, case_ids in generator.LIMIT_CASES.items():
        for case_id in case_ids:
            assert by_id[case_id]["expect"] == "refused", f"{name}: {case_id}"


@pytest.mark.parametrize("case", MANIFEST, ids=[case["id"] for case in MANIFEST])
def test_each_input_gets_one_clear_line(case, outcomes):
    outcome = outcomes[case["id"]]
    assert outcome.verdict == "ok", f"{outcome.verdict}: {outcome.detail}"
    assert outcome.seconds < corpus_runner.WALL_LIMIT_S


def test_no_run_ended_in_a_traceback_a_hang_or_a_blow_up(outcomes):
    counts = corpus_runner.tally(list(outcomes.values()))
    assert counts["traceback"] == counts["hang"] == counts["blow-up"] == 0, counts
    assert counts["accepted"] == counts["wrong-file"] == 0, counts
    assert counts["ok"] == len(MANIFEST)


def test_the_judge_sees_what_goes_wrong():
    """The runner's verdicts, on made-up results (so a passing corpus means what it says)."""
    case = {"id": "x", "expect": "refused", "args": ["--map", "{file}"], "place": "layer 'zones'",
            "words": ["lava"]}
    good = "deadtable: maps/x.tmx: layer 'zones', object 3: unknown zone kind 'lava'\n"
    assert corpus_runner.judge(case, "maps/x.tmx", 1, "", good)[0] == "ok"
    assert corpus_runner.judge(case, "maps/x.tmx", 0, "", "")[0] == "accepted"
    assert corpus_runner.judge(case, "maps/x.tmx", 1, "", "Traceback (most recent call last):\n")[0] == "traceback"
    assert corpus_runner.judge(case, "maps/x.tmx", -9, "", "")[0] == "blow-up"
    assert corpus_runner.judge(case, "maps/y.tmx", 1, "", good)[0] == "wrong-file"
    assert corpus_runner.judge(case, "maps/x.tmx", 1, "", good + good)[0] == "several-lines"
    assert corpus_runner.judge(case, "maps/x.tmx", 1, "", good.replace("zones", "doors"))[0] == "wrong-place"
    assert corpus_runner.judge(case, "maps/x.tmx", 1, "", good.replace("lava", "swamp"))[0] == "wrong-message"
    validate = {**case, "args": ["--validate", "{file}"]}
    assert corpus_runner.judge(validate, "maps/x.tmx", 1, good[11:] + "1 file checked, 1 problem\n", "")[0] == "ok"
    assert corpus_runner.judge(validate, "maps/x.tmx", 1, good[11:] * 2 + "1 file checked, 2 problems\n",
                               "")[0] == "several-lines"
