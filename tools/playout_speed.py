"""``python tools/playout_speed.py MISSION [GAMES]``: random play-outs of one Zombicide mission with its
own team (``simulate``'s), seeds 0 to GAMES-1, at most 40 rounds, on one core, after one warm-up game:
games per CPU-second, commands a game, and a digest of every game's result, length and final state.

The digest is the check of an engine change that must leave the rules alone: the same games give the
same digest. The work done is fixed by the seeds, so the same command under ``valgrind
--tool=callgrind`` counts the instructions a game (a run of GAMES minus a run of 0, which counts the
imports, the set-up and the warm-up game), a figure the machine's load does not move."""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.board.mission import load_board  # noqa: E402
from game.platform.collector import few_collections  # noqa: E402
from game.rules.zombicide.bots import play_out, random_bot  # noqa: E402
from game.rules.zombicide.catalog import load_catalog  # noqa: E402
from game.rules.zombicide.simulate import mission_team, players_for  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print(__doc__)
        return 2
    path = REPO_ROOT / "maps" / "missions" / f"{argv[0]}.toml"
    games = int(argv[1]) if len(argv) > 1 else 40
    board = load_board(path)
    setup = board.properties.get("setup")
    box = str(setup.get("box") or "rue_morgue") if isinstance(setup, dict) else "rue_morgue"
    team = mission_team(path.stem, [s.id for s in load_catalog(box).survivors])
    players = {"players": players_for(team), "auto_wounds": True}
    play_out(board, players, 10_000, random_bot, max_rounds=40)  # the box's caches warmed
    digest = hashlib.sha256()
    commands = 0
    started = time.process_time()
    with few_collections():  # as ``simulate`` plays its batches
        for seed in range(games):
            stats = play_out(board, players, seed, random_bot, max_rounds=40)
            digest.update(f"{stats.result}|{stats.rounds}|{stats.commands}|{stats.final_hash}\n".encode())
            commands += stats.commands
    seconds = time.process_time() - started
    per_second = f"{games / seconds:.1f}" if seconds > 0 else "inf"
    print(f"{path.stem}: {games} games, {per_second} games per CPU-second, "
          f"{commands // max(games, 1)} commands a game, digest {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
