"""The Tiled extension (maps/extensions/deadtable.js): its reading of the validator's JSON (in Node),
and the whole loop in real Tiled under Xvfb: save a map, the validator runs, each problem is
reported, and its callback selects the object."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from game.board.lint import validate_json
from tests.tiled_editor import tiled_editor

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

REPO = Path(__file__).resolve().parents[1]
EXTENSION = REPO / "maps" / "extensions" / "deadtable.js"
TYPOS = REPO / "tests" / "fixtures" / "maps" / "typos" / "zone_typos.tmx"
NODE = shutil.which("node")
TILED = tiled_editor()
XVFB_RUN = shutil.which("xvfb-run")
TILED_BOUND_S = 90  # Tiled starts, saves and validates in a few seconds; this only bounds a hang


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_the_extension_reads_every_problem_of_the_validators_json(tmp_path: Path) -> None:
    out = io.StringIO()
    broken = REPO / "tests" / "fixtures" / "maps" / "broken" / "door_not_on_border.tmx"
    validate_json([str(TYPOS), str(broken)], out)
    (tmp_path / "answer.json").write_text(out.getvalue())
    script = (
        "const fs = require('fs');"
        f"eval(fs.readFileSync({json.dumps(str(EXTENSION))}, 'utf8') + '; globalThis.read = deadtableIssues;');"
        f"const answer = fs.readFileSync({json.dumps(str(tmp_path / 'answer.json'))}, 'utf8');"
        "console.log(JSON.stringify({ok: read(answer), bad: read('not json')}));"
    )
    result = subprocess.run([str(NODE), "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    issues = json.loads(result.stdout)
    ok = issues["ok"]
    assert [i["severity"] for i in ok] == ["warning"] * 4 + ["error"]
    assert ok[0] == {"severity": "warning", "objectId": None, "x": None, "y": None,
                     "text": "the map: unknown property 'titel': did you mean 'title'?"}
    assert ok[4]["text"].startswith("layer 'things', object 3: door is not on the border")
    assert (ok[4]["objectId"], ok[4]["x"], ok[4]["y"]) == (3, 20, 90)
    (bad,) = issues["bad"]
    assert bad["severity"] == "error" and "could not be read" in bad["text"]


DRIVER = """
var results = {loaded: typeof deadtableReport, reported: [], selected: null};
var calls = [];
var original = deadtableReport;
deadtableReport = function (issue, activated) { results.reported.push(issue); calls.push([issue, activated]);
                                                original(issue, activated); };
var map = tiled.open(MAP);
map.setProperty("title", "saved by Tiled");
tiled.trigger("Save");
for (var i = 0; i < calls.length; ++i) {
    if (calls[i][0].objectId === 4) {
        calls[i][1]();
        results.selected = map.selectedObjects.map(function (o) { return o.id; });
    }
}
var out = new TextFile(OUT, TextFile.WriteOnly);  // written whole on commit
out.write(JSON.stringify(results));
out.commit();
tiled.trigger("Quit");
"""


@pytest.mark.skipif(TILED is None or XVFB_RUN is None, reason="Tiled or xvfb-run is not installed")
def test_real_tiled_reports_the_problems_on_save_and_selects_the_object(tmp_path: Path) -> None:
    home = tmp_path / "home"
    extensions = home / ".config" / "tiled" / "extensions"  # Tiled's own extensions folder on Linux
    extensions.mkdir(parents=True)
    shutil.copy(EXTENSION, extensions / "a_deadtable.js")  # loaded before the driver
    folder = REPO / "saves" / "maps" / f"tiled-test-{uuid.uuid4().hex}"  # inside the repository: main.py is found
    folder.mkdir(parents=True)
    try:
        shutil.copy(TYPOS, folder / "map.tmx")
        result = tmp_path / "result.json"
        (extensions / "z_driver.js").write_text(
            f"var MAP = {json.dumps(str(folder / 'map.tmx'))}; var OUT = {json.dumps(str(result))};\n" + DRIVER)
        env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
        process = subprocess.Popen([str(XVFB_RUN), "-a", str(TILED)], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + TILED_BOUND_S
            while not result.exists() and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
        assert result.exists(), "Tiled did not finish the save"
        results = json.loads(result.read_text())
        assert "saved by Tiled" in (folder / "map.tmx").read_text()
    finally:
        shutil.rmtree(folder)
    assert results["loaded"] == "function"
    texts = [issue["text"] for issue in results["reported"]]
    assert len(texts) == 4 and all(issue["severity"] == "warning" for issue in results["reported"])
    assert any("'colour': did you mean 'color'?" in text for text in texts)
    assert any("object 4" in text and "'orange'" in text for text in texts)
    assert results["selected"] == [4]
