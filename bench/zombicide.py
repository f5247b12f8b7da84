"""Zombicide engine figures beside their targets: the zombies' phase, ``legal_commands``, and whole
random play-outs per second on one core, for Rue Morgue's missions and Green Horde's.

The measuring is ``game.rules.zombicide.benchmark``'s (run once per shipped mission); these
sections pick its figures out and set them beside the targets.
"""

from __future__ import annotations

import gc
import io
import os
import re
import time
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

from game.rules.zombicide import benchmark

REPO_ROOT = Path(__file__).resolve().parent.parent
GREEN_HORDE = ("maps/missions/gh-tutorial.toml", "maps/missions/gh-07-blood-and-fire.toml")  # its smallest, its big map
MISSIONS = tuple(REPO_ROOT / path for path in benchmark.DEFAULT_MISSIONS + GREEN_HORDE)
CITY = REPO_ROOT / "maps" / "missions" / "city-3x3.toml"
GAMES_PER_BOT = 20

ZOMBIE_PHASE_TARGET_MS = 5.0
LEGAL_COMMANDS_TARGET_MS = 0.2
PLAY_OUTS_TARGET_PER_S = 100.0

_ZOMBIE_PHASE = re.compile(r"zombies' phase with 200 zombies.*?:\s*([\d.]+) ms")
_LEGAL = re.compile(r"legal_commands\s+([\d.]+) ms\s+apply\s+([\d.]+) ms\s+\((\d+) samples\)")
_PLAY_OUTS = re.compile(r"^\s*(random|greedy)\s+play-outs\s+([\d.]+)/s\s+commands\s+([\d.]+)/s\s+(\d+) commands/game\s+(.*)$")


@cache
def measured(path: Path) -> tuple[str, ...]:
    """The benchmark's printed lines for one mission (measured once, shared by the sections)."""
    printed = io.StringIO()
    with redirect_stdout(printed):
        benchmark.bench_mission(str(path), games=GAMES_PER_BOT)
    return tuple(printed.getvalue().splitlines())


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def _unread(path: Path) -> list[str]:
    """The benchmark's own lines when its format changed and a figure cannot be picked out."""
    return [f"{path.name}: no figure found in the benchmark's output:", *measured(path)]


def zombie_phase() -> list[str]:
    for line in measured(CITY):
        found = _ZOMBIE_PHASE.search(line)
        if found:
            ms = float(found.group(1))
            return [
                f"{CITY.name}: one zombies' phase with 200 zombies (moves, splits, spawns) {ms:8.2f} ms"
                f"   target ≤ {ZOMBIE_PHASE_TARGET_MS:g} ms   {verdict(ms <= ZOMBIE_PHASE_TARGET_MS)}"
            ]
    return _unread(CITY)


def legal_commands() -> list[str]:
    lines: list[str] = []
    for path in MISSIONS:
        found = next((m for m in map(_LEGAL.search, measured(path)) if m), None)
        if found is None:
            lines.extend(_unread(path))
            continue
        legal_ms, apply_ms, samples = float(found.group(1)), float(found.group(2)), int(found.group(3))
        lines.append(
            f"{path.name:<20} legal_commands {legal_ms:7.3f} ms   apply {apply_ms:7.3f} ms   ({samples} random states)"
            f"   target ≤ {LEGAL_COMMANDS_TARGET_MS:g} ms   {verdict(legal_ms <= LEGAL_COMMANDS_TARGET_MS)}"
        )
    return lines


def play_outs() -> list[str]:
    lines: list[str] = []
    for path in MISSIONS:
        rows = [m for m in map(_PLAY_OUTS.match, measured(path)) if m]
        if not rows:
            lines.extend(_unread(path))
            continue
        for row in rows:
            bot, per_second = row.group(1), float(row.group(2))
            target = f"   target ≥ {PLAY_OUTS_TARGET_PER_S:g}/s   {verdict(per_second >= PLAY_OUTS_TARGET_PER_S)}" \
                if bot == "random" else ""
            lines.append(
                f"{path.name:<20} {bot:<6} bot {per_second:8.1f} games/s   {row.group(4)} commands/game"
                f"   {row.group(5)}{target}"
            )
    lines.append(f"({GAMES_PER_BOT} games per bot and mission, 6 survivors of the mission's box, at most 40 rounds, one core)")
    return lines


MISSIONS_DIR = REPO_ROOT / "maps" / "missions"
TUTORIAL = MISSIONS_DIR / "rm-tutorial-1.toml"
TUTORIAL_TARGET_PER_S = 450.0  # issue 18 §4: the Kotlin port's ~222 on one core, doubled
TUTORIAL_GAMES = 200
WARM_UP_SEED = 10_000  # the warm-up games' first seed: none of them is timed
WARMED_TEAM = "the issue's team, warmed"
INVADER_MISSIONS = tuple(sorted(MISSIONS_DIR.glob("inv-m*.toml"), key=lambda p: int(p.stem.removeprefix("inv-m"))))
GREEN_HORDE_MISSIONS = tuple(sorted(MISSIONS_DIR.glob("gh-*.toml")))


def _random_games(path: Path, games: int, issue_team: bool = False, warm_up_games: int = 1
                  ) -> tuple[float, int, dict[str, int], float]:
    """Whole random play-outs of one mission on one core, the set-up counted: games per second,
    commands per game, the results, and games per second of this process's CPU time (the figure a
    loaded machine spoils least). The team is the mission's own (``simulate``'s), three a seat, or
    with ``issue_team`` the benchmark's six (``benchmark.players_for``). The timed games (seeds 0 up)
    come after ``warm_up_games`` others (seeds from 10,000), which fill the box's and the engine's
    per-board memos."""
    from game.board.mission import load_board
    from game.rules.zombicide.bots import play_out, random_bot
    from game.rules.zombicide.catalog import load_catalog
    from game.rules.zombicide.simulate import mission_team, players_for

    board = load_board(path)
    setup = board.properties.get("setup")
    box = str(setup.get("box") or "rue_morgue") if isinstance(setup, dict) else "rue_morgue"
    players = benchmark.players_for(board) if issue_team else {
        "players": players_for(mission_team(path.stem, [s.id for s in load_catalog(box).survivors])),
        "auto_wounds": True}
    for seed in range(WARM_UP_SEED, WARM_UP_SEED + warm_up_games):
        play_out(board, players, seed, random_bot, max_rounds=40)
    # the garbage of the missions timed before is not this one's: without it, when the cycle collector
    # ran fell differently (inv-m8 after the ten others: 84-93 games/s, 113 with this collection)
    gc.collect()
    cpu_started = time.process_time()
    elapsed, commands, results = benchmark.timed_play_outs(board, players, games)
    cpu_s = time.process_time() - cpu_started
    return games / elapsed, commands // games, results, games / cpu_s if cpu_s > 0 else float("inf")


def machine_load() -> str:
    """How busy the machine was: figures on one core fall when other processes share it."""
    try:
        one_minute = os.getloadavg()[0]
    except OSError:  # not offered on every system
        return "load average unknown"
    return f"load average {one_minute:.1f} on {os.cpu_count()} cores"


def tutorial_play_outs() -> list[str]:
    """The issue's figure: random play-outs of the first tutorial, one core, with two teams.

    The issue's "about 169" was taken with ``game.rules.zombicide.benchmark``'s six (Joe, Dan, Cathy,
    Jane, Terry, Oso: about 55 commands a game), so that team's figure is the one its target is set
    against; the mission's own team plays about 80 commands a game, and its figure is shown beside it."""
    lines = []
    for issue_team, team in ((True, "the issue's team (benchmark)"), (False, "the mission's team")):
        per_second, commands, results, per_cpu_second = _random_games(TUTORIAL, TUTORIAL_GAMES, issue_team)
        target = (f"target ≥ {TUTORIAL_TARGET_PER_S:g}/s   {verdict(per_second >= TUTORIAL_TARGET_PER_S)}"
                  if issue_team else "(the same target, stricter: more commands a game)")
        lines.append(f"{TUTORIAL.name:<20} {team:<29} random bot {per_second:8.1f} games/s "
                     f"({per_cpu_second:.1f} per CPU second)   {commands} commands/game   {results}   {target}")
    # the same games after as many others in the same process, the engine's per-board memos (routes,
    # sight, set-ups) filled as in a long ``simulate`` or ``balance`` run: the steady rate, as the
    # issue's Kotlin figure is taken once its JVM has warmed up; no timed game was played before
    warmed = _random_games(TUTORIAL, TUTORIAL_GAMES, issue_team=True, warm_up_games=TUTORIAL_GAMES)[0]
    lines.append(f"{TUTORIAL.name:<20} {WARMED_TEAM:<29} random bot {warmed:8.1f} games/s   the same "
                 f"{TUTORIAL_GAMES} games, after {TUTORIAL_GAMES} others in the same process   "
                 f"target ≥ {TUTORIAL_TARGET_PER_S:g}/s   {verdict(warmed >= TUTORIAL_TARGET_PER_S)}")
    lines.append(f"({TUTORIAL_GAMES} games a team, 6 survivors on two seats, at most 40 rounds, one core; "
                 f"{machine_load()})")
    return lines


def _box_play_outs(paths: tuple[Path, ...], box_name: str) -> list[str]:
    """Random play-outs of every mission of a box, each mission beside the target, then all of them."""
    lines: list[str] = []
    total_s = 0.0
    slowest = float("inf")
    for path in paths:
        per_second, commands, results, per_cpu_second = _random_games(path, GAMES_PER_BOT)
        total_s += GAMES_PER_BOT / per_second
        slowest = min(slowest, per_second)
        lines.append(f"{path.name:<30} random bot {per_second:8.1f} games/s ({per_cpu_second:.1f} per CPU second)"
                     f"   {commands} commands/game   {results}"
                     f"   {verdict(per_second >= PLAY_OUTS_TARGET_PER_S)}")
    per_second = len(paths) * GAMES_PER_BOT / total_s if total_s else 0.0
    lines.append(f"all {box_name} missions  random bot {per_second:8.1f} games/s (the slowest {slowest:.1f})"
                 f"   target every mission ≥ {PLAY_OUTS_TARGET_PER_S:g}/s   {verdict(slowest >= PLAY_OUTS_TARGET_PER_S)}")
    lines.append(f"({GAMES_PER_BOT} games per mission, 6 survivors on two seats, at most 40 rounds, one core; "
                 f"{machine_load()})")
    return lines


def invader_play_outs() -> list[str]:
    """Whole random play-outs of every Invader mission per second (the set-up counted), one core."""
    return _box_play_outs(INVADER_MISSIONS, "Invader")


def green_horde_play_outs() -> list[str]:
    """Whole random play-outs of every Green Horde mission per second (the set-up counted), one core."""
    return _box_play_outs(GREEN_HORDE_MISSIONS, "Green Horde")


SECTIONS = [
    ("Zombicide: zombies' phase, 200 zombies on the 3×3 mission", zombie_phase),
    ("Zombicide: legal_commands on random states", legal_commands),
    ("Zombicide: whole play-outs per second", play_outs),
    ("Zombicide: random play-outs of rm-tutorial-1 (issue 18 §4)", tutorial_play_outs),
    ("Zombicide Invader: whole play-outs per second", invader_play_outs),
    ("Zombicide Green Horde: whole play-outs per second", green_horde_play_outs),
]
