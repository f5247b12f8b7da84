"""Killed while saving, a few hundred times: every save of the table, both games and a campaign still
loads whole (its previous version as ``.bak`` too), and the start-up clean-up leaves no temporary file
of ours. ``make bench`` runs thousands of kills and prints the figures (``bench/saves_kill.py``)."""

from __future__ import annotations

import sys

import pytest

from tests.robustness.kill_saves import SLOTS, check_folder, our_temps, run_kills

KILLS = 300
SEED = 20261125


@pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")
def test_saves_survive_being_killed_mid_write(tmp_path):
    report = run_kills(tmp_path, KILLS, SEED)
    assert report.problems == []
    assert report.kills == KILLS
    assert report.mid_write > 0, "no kill landed inside a write: the test would prove nothing"
    assert our_temps(tmp_path) == []
    assert all((tmp_path / name).exists() for name in SLOTS)
    assert check_folder(tmp_path, replay=True) == []
