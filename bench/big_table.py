"""A 200×200-tile free table: load and first frame in seconds, and the whole process's peak memory.

Run in a child process so the figure is the table's own (a fresh interpreter, one window of
1920×1080, SDL's dummy driver). The table is generated: 20-px tiles of the test tileset, so it
stays inside the map size limit (``game.limits``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TILES_PER_SIDE = 200
FIRST_FRAME_TARGET_S = 1.0
PEAK_TARGET_MB = 200

CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, sys.argv[2])
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
from game import roots
pygame.init()
screen = pygame.display.set_mode((1920, 1080))
from game.app.assets import ImageStore
from game.app.render import TableRenderer
from game.board.mission import load_board
from game.table.camera import Camera
with roots.allowed(os.path.dirname(sys.argv[1])):
    start = time.perf_counter()
    board = load_board(sys.argv[1])
    loaded = time.perf_counter()
    renderer = TableRenderer(board, ImageStore())
    camera = Camera(1920, 1080)
    camera.fit((0, 0, board.width_cm, board.height_cm))
    renderer.draw(screen, camera, [])
    drawn = time.perf_counter()
print(json.dumps({"load_s": loaded - start, "frame_s": drawn - loaded,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _write_table(folder: Path) -> Path:
    fixtures = REPO / "tests" / "fixtures" / "maps"
    (folder / "tiles.png").write_bytes((fixtures / "tiles.png").read_bytes())
    (folder / "tiles20.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="tiles20" tilewidth="20" '
        'tileheight="20" tilecount="16" columns="4">\n <image source="tiles.png" width="80" height="80"/>\n</tileset>\n',
        encoding="utf-8")
    n = TILES_PER_SIDE
    cells = ",\n".join(",".join(str(1 + (row * 7 + col * 3) % 16) for col in range(n)) for row in range(n))
    path = folder / "big.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" '
        f'width="{n}" height="{n}" tilewidth="20" tileheight="20" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        ' <properties>\n  <property name="game" value="zombieworld"/>\n  <property name="layout" value="free"/>\n'
        '  <property name="module" value="big"/>\n  <property name="scale" type="float" value="10"/>\n'
        '  <property name="title" value="Big table"/>\n </properties>\n'
        ' <tileset firstgid="1" source="tiles20.tsx"/>\n'
        f' <layer id="1" name="ground" width="{n}" height="{n}">\n  <data encoding="csv">\n{cells}\n</data>\n </layer>\n'
        '</map>\n', encoding="utf-8")
    return path


def run() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        table = _write_table(Path(folder))
        result = subprocess.run([sys.executable, "-c", CHILD, str(table), str(REPO)], capture_output=True, text=True,
                                timeout=300)
    if result.returncode != 0:
        return [f"error: the child process failed: {result.stderr.strip().splitlines()[-1:]}"]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    return [
        f"{TILES_PER_SIDE}×{TILES_PER_SIDE}-tile free table: load {figures['load_s']:.2f} s, first frame "
        f"{figures['frame_s']:.2f} s (target ≤ {FIRST_FRAME_TARGET_S:g} s)",
        f"  whole process peak memory {figures['peak_mb']:.0f} MB (target ≤ {PEAK_TARGET_MB} MB)",
    ]
