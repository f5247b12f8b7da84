"""Loading a mission, arranging a crowded zone, saving and loading a table."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import Section, figure, time_ms

REPO_ROOT = Path(__file__).resolve().parent.parent
MISSION = REPO_ROOT / "maps" / "missions" / "city-3x3.toml"
MISSION_LOAD_TARGET_MS = 150.0
SAVE_TARGET_MS = 20.0
ARRANGE_TARGET_MS = 1.0
COLD_RUNS = 5
WARM_RUNS = 30
SAVE_RUNS = 50
SAVE_PIECES = 150

_COLD_PROBE = """
import json, sys, time
start = time.perf_counter()
from game.board.mission import load_board
imported = time.perf_counter()
load_board(sys.argv[1])
done = time.perf_counter()
print(json.dumps({"import_ms": (imported - start) * 1000, "load_ms": (done - imported) * 1000}))
"""


def mission_load() -> list[str]:
    if not MISSION.exists():
        return [f"skipped: {MISSION.relative_to(REPO_ROOT)} does not exist yet"]
    from game.board import mission

    lines = []
    cold_load, cold_import = [], []
    for _ in range(COLD_RUNS):
        result = subprocess.run(
            [sys.executable, "-c", _COLD_PROBE, str(MISSION)],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            return [f"error: the cold load failed: {result.stderr.strip().splitlines()[-1:]}"]
        probe = json.loads(result.stdout.strip().splitlines()[-1])
        cold_load.append(probe["load_ms"])
        cold_import.append(probe["import_ms"])
    lines.append(figure("cold load (fresh process, imports apart)", cold_load, MISSION_LOAD_TARGET_MS))
    lines.append(figure("  imports before it (fresh process)", cold_import))

    mission.clear_module_cache()
    start = time.perf_counter()
    mission.load_board(MISSION)
    lines.append(figure("first load in this process", [(time.perf_counter() - start) * 1000], MISSION_LOAD_TARGET_MS))
    lines.append(figure("warm load (maps cached)", time_ms(lambda: mission.load_board(MISSION), WARM_RUNS), MISSION_LOAD_TARGET_MS))

    def reparse() -> None:
        mission.clear_module_cache()
        mission.load_board(MISSION)

    lines.append(figure("warm load (maps parsed again)", time_ms(reparse, WARM_RUNS // 3), MISSION_LOAD_TARGET_MS))
    return lines


def arrange() -> list[str]:
    from game.table.arrange import arrange_in_polygon
    from game.table.state import Piece, PieceSide

    pieces = [
        Piece(id=f"walker-{i}", token="walker", label="Walker", side=PieceSide.ZOMBIE, base_cm=3.0, x_cm=0.0, y_cm=0.0)
        for i in range(30)
    ]
    shift = iter(range(10**9))

    def fresh_l_zone() -> None:  # a new polygon each time: the layout cache never helps
        dx = next(shift) * 0.001
        arrange_in_polygon(((dx, 0.0), (20.0 + dx, 0.0), (20.0 + dx, 8.0), (8.0 + dx, 8.0), (8.0 + dx, 20.0), (dx, 20.0)), pieces)

    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    return [
        figure("30 pieces, L-shaped zone, uncached", time_ms(fresh_l_zone, 200), ARRANGE_TARGET_MS),
        figure("30 pieces, crowded square zone, cached", time_ms(lambda: arrange_in_polygon(square, pieces), 200), ARRANGE_TARGET_MS),
    ]


def save_and_load() -> list[str]:
    from game.table.saves import load_table, save_table
    from game.table.state import CameraState, Piece, PieceSide, TableState

    # Beside the repository, on the disk that holds the real saves (fsync costs depend on it).
    with tempfile.TemporaryDirectory(prefix=".bench-saves-", dir=REPO_ROOT) as folder:
        board = Path(folder) / "board.tmx"
        board.write_text("<map/>", encoding="utf-8")
        state = TableState(source=str(board), camera=CameraState(60.0, 45.0, 12.0))
        for i in range(SAVE_PIECES):
            side = PieceSide.SURVIVOR if i < 6 else PieceSide.ZOMBIE
            state.add(
                Piece(
                    id=f"piece-{i}", token="walker", label=f"Walker {i}", side=side, base_cm=2.5,
                    x_cm=i * 0.731, y_cm=i * 0.377, facing_deg=i * 7.0 % 360, zone=f"1R:z{i % 9}",
                )
            )
        path = Path(folder) / "table.json"
        saves = time_ms(lambda: save_table(path, state), SAVE_RUNS)
        loads = time_ms(lambda: load_table(path), SAVE_RUNS)
        size_kib = path.stat().st_size / 1024
    return [
        figure(f"save, {SAVE_PIECES} pieces (atomic, fsync, .bak)", saves, SAVE_TARGET_MS),
        figure(f"load, {SAVE_PIECES} pieces (validate)", loads),
        f"{'save file size':<44} {size_kib:8.1f} KiB",
    ]


SECTIONS: list[Section] = [
    ("mission load: maps/missions/city-3x3.toml", mission_load),
    ("arrange pieces in a zone", arrange),
    ("table save and load", save_and_load),
]
