"""Many bot games of one Zombicide mission, with the figures a designer balances a mission by.

    python main.py simulate MISSION --games N --seed S [--bot random|greedy|planner|search|search-deep] [--survivors team|6|ID,ID...]
        [--spawn-dice D]

``--spawn-dice`` overrides the mission's spawn dice for a balancing trial without editing its file.
``--jobs N`` plays on N processes (default: every core), ``--cluster ADDRESS`` on a Dask cluster;
the figures are the same either way. A progress bar shows games per second and the time left;
Ctrl-C stops and prints the figures of the games played.

Game ``n`` uses seed ``S + n`` for the dice and for the bot's own choices, so a run repeats
exactly. A game still going after ``--max-rounds`` rounds counts as unfinished; one that has played
``--max-commands`` commands without ending (a bot repeating itself within a round) is abandoned, with
its reason, and the other games go on.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from game.board.model import Board
from game.platform.batch import ClusterError, default_jobs, run_batch
from game.rules.core.frozen import record
from game.rules.zombicide import engine
from game.rules.zombicide.bots import Bot, greedy_bot, planner_bot, random_bot, whose_turn
from game.rules.zombicide.boxes import DEFAULT_BOX
from game.rules.zombicide.catalog import ContentError, load_catalog
from game.rules.zombicide.search import deep_search_bot, search_bot

BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "planner": planner_bot, "search": search_bot,
                        "search-deep": deep_search_bot}
SURVIVORS_PER_SEAT = 3
USAGE = (
    "usage: simulate MISSION [--games N] [--seed S] [--bot random|greedy|planner|search|search-deep] [--survivors team|N|ID,ID...] "
    "[--max-rounds R] [--max-commands C] [--spawn-dice D] [--jobs N] [--cluster ADDRESS] [--no-progress]"
)
MAX_COMMANDS = 20000  # per game: ten times a long game's; only a bot that loops reaches it

# The team each shipped mission is played with by default, in seat order (three a seat; in each seat the
# first gets the Bow, the second the Crowbar, the third the Fire Axe). Parker flies the helicopter and his
# Steady Hand shoots the Bow into a zone shared with friends; Otis brings his own axe; Oso is Tough;
# Bruno rolls an extra melee die; Cathy heals; Hektor pulls friends out of a crowd.
STRONG_TEAM = ("parker", "bruno", "oso", "otis", "cathy", "hektor")
MISSION_TEAMS: dict[str, tuple[str, ...]] = {
    "rm-tutorial-1": STRONG_TEAM,
    "rm-tutorial-2": STRONG_TEAM,
    "rm-night-shift": STRONG_TEAM,
    "rm-field-hospital": STRONG_TEAM,
    "rm-airlift": STRONG_TEAM,
    "rm-supply-run": STRONG_TEAM,
    "rm-quarantine": STRONG_TEAM,
    "rm-last-flight": STRONG_TEAM,
}


def claims(path: str | Path) -> bool:
    """A Zombicide mission file (``game = "zombicide"``): ``main.py simulate`` sends it here."""
    target = Path(path)
    if target.suffix.lower() != ".toml" or not target.is_file():
        return False
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return data.get("game") == "zombicide"


def mission_team(mission_id: str, known: Sequence[str]) -> list[str]:
    """The mission's own team when it has one (and the catalogue knows them all), else the first six."""
    team = MISSION_TEAMS.get(mission_id, ())
    if team and all(name in known for name in team):
        return list(team)
    return list(known[:6])


@record
class GameFigures:
    seed: int
    result: str  # "won", "lost", "over" (a competitive game), "unfinished" or "abandoned" (the command cap)
    rounds: int
    deaths: int
    zombies_killed: int
    commands: int
    # each survivor lost: the zone, and the zombie kind whose attack came last before it fell ("" if none)
    losses: tuple[tuple[str, str], ...] = ()
    objectives_taken: tuple[bool, ...] = ()  # in the board's order of objectives
    # why a game that was not won ended (``end_reason``); "" for a game won
    end: str = ""


@dataclass
class Summary:
    games: list[GameFigures] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False  # stopped with Ctrl-C: the figures are those of the games played
    planned: int = 0

    def count(self, result: str) -> int:
        return sum(1 for game in self.games if game.result == result)

    def rate(self, result: str) -> float:
        return self.count(result) / len(self.games) if self.games else 0.0

    def lines(self) -> list[str]:
        n = len(self.games)
        if not n:
            return ["no games played"]
        rounds = [game.rounds for game in self.games]
        stopped = [f"stopped: {n} of {self.planned} games played; the figures are theirs"] if self.interrupted else []
        results = "   ".join(
            f"{name} {self.rate(name) * 100:.1f}% ({self.count(name)})"
            for name in ("won", "lost", "over", "unfinished", "abandoned")
            if name in ("won", "lost") or self.count(name)
        )
        abandoned = [game for game in self.games if game.result == "abandoned"]
        if abandoned:
            seeds = ", ".join(f"{game.seed} (round {game.rounds})" for game in abandoned[:10])
            stopped.append(f"abandoned {len(abandoned)} of {n} games at the cap of {abandoned[0].commands} commands "
                           f"without an end (a bot repeating itself?): seeds {seeds}{', …' if len(abandoned) > 10 else ''}")
        deaths = sum(game.deaths for game in self.games)
        kills = sum(game.zombies_killed for game in self.games)
        speed = f"{n / self.seconds:.1f}" if self.seconds > 0 else "inf"
        return [
            *stopped,
            f"win rate {self.rate('won') * 100:.1f}%   {results}",
            f"rounds: mean {sum(rounds) / n:.1f}  min {min(rounds)}  max {max(rounds)}",
            f"deaths per game {deaths / n:.2f}   zombies killed per game {kills / n:.1f} (total {kills})",
            f"{speed} games/s ({n} games in {self.seconds:.2f} s, "
            f"{sum(game.commands for game in self.games) / n:.0f} commands per game)",
        ]


def players_for(survivor_ids: Sequence[str]) -> list[dict[str, Any]]:
    """Seats P1, P2, ... of up to three survivors each, in the order given."""
    return [
        {"seat": f"P{n // SURVIVORS_PER_SEAT + 1}", "survivors": list(survivor_ids[n : n + SURVIVORS_PER_SEAT])}
        for n in range(0, len(survivor_ids), SURVIVORS_PER_SEAT)
    ]


def play_game(board: Board, setup: Mapping[str, Any], seed: int, bot: Bot, max_rounds: int,
              max_commands: int = MAX_COMMANDS) -> GameFigures:
    """One game to its end (or to ``max_rounds``, or abandoned after ``max_commands``), every seat
    played by ``bot``."""
    state = engine.setup(board, setup, seed)
    rng = Random(seed)
    commands = 0
    losses: list[tuple[str, str]] = []
    last_attack: dict[str, str] = {}  # zone → the zombie kind that attacked there last
    said = ""  # the mission's own word for a loss, when the rules give one
    while state.result is None and state.round <= max_rounds:
        if commands >= max_commands:
            break
        turn = whose_turn(state)
        if turn is None:
            break
        seat, legal = turn
        state, events = engine.apply(state, seat, bot(state, seat, legal, rng))
        commands += 1
        losses.extend(_losses(events, state, last_attack))
        said = said or next((str(getattr(e, "detail", "")) for e in events if getattr(e, "what", None) == "lost"), "")
    capped = state.result is None and commands >= max_commands
    return GameFigures(
        seed=seed,
        result=state.result or ("abandoned" if capped else "unfinished"),
        rounds=min(state.round, max_rounds),
        deaths=sum(1 for s in state.survivors if not s.alive),
        zombies_killed=state.kills,
        commands=commands,
        losses=tuple(losses),
        objectives_taken=tuple(state.objectives_taken),
        end="command_cap" if capped else end_reason(state.result, bool(losses), said),
    )


def end_reason(result: str | None, survivor_lost: bool, said: str) -> str:
    """Why a game that was not won ended: "round_limit" (still going), "survivor_lost" (a survivor
    fell), the mission's own reason (a box's "lost" event: "mold_joined_spawns", "goal_out_of_reach",
    an event's trigger), else "other"."""
    if result in ("won", "over"):
        return ""
    if result is None:
        return "round_limit"
    if survivor_lost:
        return "survivor_lost"
    return said or "other"


def _losses(events: Sequence[Any], state: Any, last_attack: dict[str, str]) -> list[tuple[str, str]]:
    """(zone, zombie kind) for each survivor eliminated in ``events``: where they stood, and the last
    zombie kind that attacked there (wounds are often shared out in a later command than the attack)."""
    found: list[tuple[str, str]] = []
    names = state.graph.zone_ids
    zone_of = {survivor.id: names[survivor.zone] for survivor in state.survivors
               if isinstance(survivor.zone, int) and 0 <= survivor.zone < len(names)}
    for event in events:
        kind = getattr(event, "kind", "")
        if kind == "zombie_attacked":
            last_attack[event.zone] = event.zombie
        elif kind == "survivor_eliminated":
            zone = str(zone_of.get(event.survivor, "") or "")
            found.append((zone, last_attack.get(zone, "")))
    return found


def rolls_spawn_dice(state: Any) -> bool:
    """Whether the mission rolls spawn dice to pick its spawn zones: a box that keeps its own spawn
    zones (Green Horde's tokens) or spawn zones without locators (Invader's) draw at every zone."""
    return state.box.spawn_zones is None and any(point.locators for point in state.graph.spawns)


def _play_on(board: Board, setup: Mapping[str, Any], bot: Bot, max_rounds: int, max_commands: int,
             seed: int) -> GameFigures:
    return play_game(board, setup, seed, bot, max_rounds, max_commands)


@functools.lru_cache(maxsize=4)
def _mission_board(mission: str) -> Board:
    from game.board.mission import load_board

    return load_board(mission)


def _play_mission(mission: str, setup: dict[str, Any], bot_name: str, max_rounds: int, max_commands: int,
                  seed: int) -> GameFigures:
    """One game in a worker process: the board is loaded there once (a loaded board does not pickle)."""
    return play_game(_mission_board(mission), setup, seed, BOTS[bot_name], max_rounds, max_commands)


def simulate(board: Board, setup: Mapping[str, Any], games: int, seed: int, bot: Bot = greedy_bot,
             max_rounds: int = 60, clock: Callable[[], float] = time.perf_counter, *, mission: Path | None = None,
             jobs: int = 1, cluster: str | None = None, progress: bool = False,
             max_commands: int = MAX_COMMANDS) -> Summary:
    """``games`` games with seeds ``seed``, ``seed + 1``…; with ``mission`` (the board's file) they may
    run on ``jobs`` processes or a Dask ``cluster`` (game.platform.batch), with the same figures."""
    seeds = range(seed, seed + games)
    bot_name = next((name for name, known in BOTS.items() if known is bot), None)
    play: Callable[[int], GameFigures]
    if mission is not None and bot_name is not None and (jobs > 1 or cluster):
        play = functools.partial(_play_mission, str(mission), dict(setup), bot_name, max_rounds, max_commands)
    else:
        play = functools.partial(_play_on, board, setup, bot, max_rounds, max_commands)
        jobs, cluster = 1, None
    batch = run_batch(play, seeds, jobs=jobs, cluster=cluster, progress=progress, clock=clock)
    return Summary(games=batch.results, seconds=batch.seconds, interrupted=batch.interrupted, planned=games)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line instead of argparse's usage block and exit
        raise _UsageError(message)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py simulate", add_help=False)
    parser.add_argument("mission")
    parser.add_argument("--games", type=_positive, default=20)
    parser.add_argument("--seed", type=_whole, default=1)
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy")
    parser.add_argument(
        "--survivors", default="team", help="team (the mission's own), how many (the catalogue's first ones) or ids"
    )
    parser.add_argument("--max-rounds", type=_positive, default=60)
    parser.add_argument("--max-commands", type=_positive, default=MAX_COMMANDS)
    parser.add_argument("--spawn-dice", type=_positive, default=None)
    parser.add_argument("--jobs", type=_positive, default=None)
    parser.add_argument("--cluster", default=None)
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("-h", "--help", action="store_true")
    return parser


def pick_survivors(wanted: str, known: Sequence[str]) -> list[str]:
    """``"6"`` → the catalogue's first six; ``"joe,cathy"`` → those; raises _UsageError otherwise."""
    text = wanted.strip()
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= len(known):
            raise _UsageError(f"--survivors: between 1 and {len(known)} survivors, not {count}")
        return list(known[:count])
    picked = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in picked if name not in known]
    if unknown or not picked:
        raise _UsageError(f"--survivors: unknown survivor {', '.join(unknown) or repr(wanted)} (known: {', '.join(known)})")
    if len(set(picked)) != len(picked):
        raise _UsageError("--survivors: a survivor is named twice")
    return picked


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    """Play the games and print the figures. Exit status 2 on bad usage, 1 when the mission
    cannot be played, 0 otherwise."""
    write = out or (lambda line: print(line, file=sys.stdout))
    try:
        args = build_parser().parse_args(list(argv))
    except _UsageError as error:
        write(f"simulate: {error}; {USAGE}")
        return 2
    if args.help:
        write(USAGE)
        return 0

    from game.board.errors import MapFormatError
    from game.board.mission import load_board

    path = Path(args.mission)
    try:
        board = load_board(path)
    except MapFormatError as error:
        write(f"simulate: {str(error).splitlines()[0]}")
        return 1
    except OSError as error:
        write(f"simulate: {path}: cannot read: {error.strerror or error}")
        return 1
    mission_setup = board.properties.get("setup")
    box = mission_setup.get("box", DEFAULT_BOX) if isinstance(mission_setup, Mapping) else DEFAULT_BOX
    try:
        catalog = load_catalog(str(box))
        known = [s.id for s in catalog.survivors]
        if args.survivors.strip() == "team":
            survivors = mission_team(str(board.properties.get("mission_id", path.stem)), known)
        else:
            survivors = pick_survivors(args.survivors, known)
    except _UsageError as error:
        write(f"simulate: {error}")
        return 2
    except (ContentError, ValueError, KeyError) as error:
        write(f"simulate: {path}: cannot load the content of box {box!r}: {error}")
        return 1
    setup: dict[str, Any] = {"players": players_for(survivors)}
    if args.spawn_dice is not None:
        setup["spawn_dice"] = args.spawn_dice
    try:
        first = engine.setup(board, setup, args.seed)
    except ValueError as error:
        write(f"simulate: {path}: the mission cannot be set up: {str(error).splitlines()[0]}")
        return 1
    if args.spawn_dice is not None and not rolls_spawn_dice(first):
        write(f"simulate: {path}: --spawn-dice: this mission rolls no spawn dice (box {box!r} draws a Zombie card"
              " at every spawn zone); change its spawn zones instead")
        return 2

    write(
        f"{board.title or path.stem} ({path}): {args.games} games, {args.bot} bot, {len(survivors)} survivors "
        f"({', '.join(survivors)}), seeds {args.seed}..{args.seed + args.games - 1}, at most {args.max_rounds} rounds"
        f" and {args.max_commands} commands a game"
        + (f", {args.spawn_dice} spawn dice" if args.spawn_dice is not None else "")
    )
    try:
        summary = simulate(board, setup, args.games, args.seed, BOTS[args.bot], args.max_rounds, mission=path,
                           jobs=args.jobs or default_jobs(), cluster=args.cluster, progress=not args.no_progress,
                           max_commands=args.max_commands)
    except ClusterError as error:
        write(f"simulate: {error.what}")
        return 1
    for line in summary.lines():
        write(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(run_cli(sys.argv[1:]))
