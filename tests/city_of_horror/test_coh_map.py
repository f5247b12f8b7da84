"""The city map: ours, made by ``tools/make_coh_map.py`` byte for byte, clean for the map lint and for
the game's own check, with every location's parts and the Straggler track where the game looks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.board.loader import check_module
from game.board.mission import load_board
from game.platform.validate import validate_paths
from game.rules.city_of_horror.catalog import SLOTS
from game.rules.city_of_horror.registration import CITY_MAP, validate_board

REPO = Path(__file__).resolve().parents[2]


def test_the_tool_remakes_the_committed_map(tmp_path):
    result = subprocess.run([sys.executable, str(REPO / "tools" / "make_coh_map.py"), str(tmp_path)],
                            capture_output=True, timeout=300, env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr[-1000:]
    assert (tmp_path / CITY_MAP.name).read_bytes() == CITY_MAP.read_bytes()


def test_the_map_is_clean_and_square():
    module, problems = check_module(CITY_MAP)
    assert problems == [] and module is not None
    assert module.game == "city_of_horror" and module.width_cm == module.height_cm == 64.0
    assert [str(p) for p in validate_paths([CITY_MAP.parent])] == []


def test_every_location_has_its_parts_and_spaces_for_its_largest_side():
    board = load_board(CITY_MAP)
    assert validate_board(board) == []
    spaces = {slot: 0 for slot in SLOTS}
    for zone in board.zones.values():
        if zone.kind == "location" and zone.properties.get("part") == "space":
            spaces[str(zone.properties["location"])] += 1
    assert spaces == {"1": 4, "2": 4, "3": 4, "4": 4, "water_tower": 3, "crossroads": 0}
