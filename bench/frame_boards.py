"""4K frames on the largest shipped board of each game (the 3×3 mission is ``bench.frame``'s):
150 miniatures, panning at fit, ×2 and ×4, as ``bench.frame`` measures them."""

from __future__ import annotations

from pathlib import Path

from bench import Section
from bench.frame import REPO, _crowd, measure

BOARDS = (
    REPO / "maps" / "missions" / "gh-07-blood-and-fire.toml",
    REPO / "maps" / "missions" / "inv-m8.toml",
    REPO / "maps" / "zombieworld" / "zw-crossroads.tmx",
    REPO / "maps" / "city_of_horror" / "coh-city.tmx",
)
SIZE = (3840, 2160)
FRAMES = 240  # as bench.frame: the same panning speed


def run_boards(paths: tuple[Path, ...] = BOARDS) -> list[str]:
    from game.board.mission import load_board

    lines: list[str] = []
    for path in paths:
        board = load_board(path)
        lines.extend(measure(board, _crowd(board, path), SIZE, FRAMES, [f"board: {path.relative_to(REPO)}"],
                             with_stepping=False))
    return lines


SECTIONS: list[Section] = [("4K frames on each game's largest board", run_boards)]


if __name__ == "__main__":  # python -m bench.frame_boards
    for line in run_boards():
        print(line)
