"""``main.py balance [MISSIONS...] --games N``: how hard each Zombicide mission is, measured by bots.

For each mission (a file, a folder of them, or by default every shipped Zombicide mission) it
plays ``--games`` games with the mission's own team (``simulate``'s, on every core or a Dask
cluster) and writes, in ``--out`` (default ``saves/reports/``):

- ``<mission>.md``: the win rate with its 95 % interval (Wilson), the rounds, the survivors lost,
  why the games not won ended (a survivor lost, the round limit, the mission's own loss such as
  Mold linking two spawn zones), where survivors fell and which zombies felled them, and a rating
  a player understands;
- ``<mission>-deaths.png``: the board with a heat map of where survivors fell;
- ``<mission>-rounds.png``: how many rounds the games lasted, won and lost;
- ``<mission>.json``: the figures the mission picker reads to show each mission's difficulty.

The figures are the bot's: a mission the bot loses may still be fair for people. The report says
which bot played, so a rating is never read as more than it is.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.i18n import N_
from game.platform.batch import ClusterError, default_jobs
from game.roots import DEFAULT_SAVE_DIR, REPO_ROOT

REPORTS_DIR = DEFAULT_SAVE_DIR / "reports"
SHIPPED_REPORTS = REPO_ROOT / "docs" / "balance"  # ours, measured before release: `make balance` writes them
SHIPPED_MISSIONS = REPO_ROOT / "maps" / "missions"
MAX_REPORT_BYTES = 64 * 1024
Z_95 = 1.959964  # the normal quantile of a two-sided 95 % interval
# (lowest win rate, rating) from the easiest down: the bot's win rate, in words a player reads
RATINGS = ((0.8, N_("Easy")), (0.6, N_("Fair")), (0.4, N_("Hard")), (0.2, N_("Very hard")), (0.0, N_("Brutal")))
HEAT_MAX_SIDE_PX = 1000


class BalanceReport(BaseModel):
    """The part of a report the mission picker reads (``<mission>.json``)."""

    model_config = ConfigDict(extra="ignore")

    mission_id: str = Field(max_length=200)
    games: int = Field(ge=1)
    won: int = Field(ge=0)
    interval: tuple[float, float]
    rating: str = Field(max_length=40)
    bot: str = Field(max_length=40)
    walk: int | None = None  # zones of the mission's shortest walk (mission_walk), to compare missions by


def wilson_interval(won: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: sound at 0 % and 100 % and for few games."""
    if games <= 0:
        return (0.0, 1.0)
    rate = won / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rating(win_rate: float) -> str:
    return next(words for lowest, words in RATINGS if win_rate >= lowest)


def last_report(mission_id: str, folder: Path | None = None) -> BalanceReport | None:
    """The mission's last report: the player's own (in ``REPORTS_DIR`` unless told), else the one
    shipped in ``SHIPPED_REPORTS``; None when there is none or it cannot be read."""
    if folder is not None:
        return _read_report(folder / f"{mission_id}.json")
    return _read_report(REPORTS_DIR / f"{mission_id}.json") or _read_report(SHIPPED_REPORTS / f"{mission_id}.json")


def _read_report(path: Path) -> BalanceReport | None:
    try:
        if not path.is_file() or path.stat().st_size > MAX_REPORT_BYTES:
            return None
        return BalanceReport.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValidationError):
        return None


@dataclass
class MissionFigures:
    mission_id: str
    title: str
    games: list[Any]  # simulate.GameFigures
    bot: str
    survivors: list[str]
    seconds: float
    interrupted: bool
    zone_names: dict[str, str]  # zone id → the name the board shows
    zombie_names: dict[str, str]  # zombie kind id → its name on the cards
    walk: Any = None  # mission_walk.MissionWalk: how far the mission makes the team walk
    objectives: tuple[tuple[str, str], ...] = ()  # (zone name, colour) of each objective, in the board's order

    @property
    def won(self) -> int:
        return sum(1 for game in self.games if game.result == "won")


def _histogram(values: Sequence[int]) -> list[tuple[int, int]]:
    counts = Counter(values)
    return [(value, counts[value]) for value in range(min(values), max(values) + 1)] if values else []


def _shown_path(mission_path: Path) -> str:
    """The mission's path from the repository when it lies inside it (a shipped report names no
    folder of the machine that wrote it), else as given."""
    repo = Path(__file__).resolve().parents[3]
    try:
        return mission_path.resolve().relative_to(repo).as_posix()
    except ValueError:
        return mission_path.as_posix()


def markdown(figures: MissionFigures, mission_path: Path, deaths_png: str, rounds_png: str) -> str:
    n = len(figures.games)
    low, high = wilson_interval(figures.won, n)
    rate = figures.won / n if n else 0.0
    rounds = sorted(game.rounds for game in figures.games)
    lost = [game.deaths for game in figures.games]
    killers = Counter(figures.zombie_names.get(kind, kind) or "no zombie attack (left behind, or friendly fire)"
                      for game in figures.games for _zone, kind in game.losses)
    places = Counter(figures.zone_names.get(zone, zone) or "unknown" for game in figures.games for zone, _kind in game.losses)
    lines = [
        f"# {figures.title}: balance report",
        "",
        f"Mission file `{_shown_path(mission_path)}`; {n} games by the **{figures.bot}** bot with "
        f"{len(figures.survivors)} survivors ({', '.join(figures.survivors)}); {figures.seconds:.1f} s.",
        *(["", "**Stopped with Ctrl-C**: the figures are those of the games played."] if figures.interrupted else []),
        "",
        f"**Rating: {rating(rate)}** — the bot won {figures.won} of {n} games: {rate:.0%} "
        f"(95 % interval {low:.0%}–{high:.0%}).",
        "",
        "| figure | value |",
        "| --- | --- |",
        f"| win rate | {rate:.1%} ({low:.1%}–{high:.1%}) |",
        f"| rounds | mean {sum(rounds) / n:.1f}, median {rounds[n // 2]}, {rounds[0]}–{rounds[-1]} |" if n else "| rounds | — |",
        f"| survivors lost per game | mean {sum(lost) / n:.2f}, none lost in {lost.count(0)} games |" if n else "",
        f"| games still going at the round limit | {sum(1 for g in figures.games if g.result == 'unfinished')} |",
        "",
        *_walk_lines(figures),
        *_end_lines(figures),
        "## Where survivors fell",
        "",
        *([f"![where survivors fell]({deaths_png})", ""] if deaths_png else []),
        "| zone | survivors lost |",
        "| --- | --- |",
        *[f"| {zone} | {count} |" for zone, count in places.most_common(12)],
        *(["| — | none |"] if not places else []),
        "",
        "## Which zombies did the killing",
        "",
        "The zombie kind that attacked a survivor's zone last before they fell.",
        "",
        "| zombie | survivors lost | share |",
        "| --- | --- | --- |",
        *[f"| {kind} | {count} | {count / max(1, sum(killers.values())):.0%} |" for kind, count in killers.most_common()],
        *(["| — | none | — |"] if not killers else []),
        "",
        "## Rounds",
        "",
        *([f"![rounds per game]({rounds_png})", ""] if rounds_png else []),
        "| rounds | games won | games lost |",
        "| --- | --- | --- |",
        *[f"| {value} | {sum(1 for g in figures.games if g.rounds == value and g.result == 'won')} | "
          f"{sum(1 for g in figures.games if g.rounds == value and g.result != 'won')} |"
          for value, count in _histogram(rounds) if count],
        "",
        "The rating reads the bot's win rate: Easy from 80 %, Fair from 60 %, Hard from 40 %, Very hard "
        "from 20 %, Brutal below. A weak bot makes missions look harder than they are for people.",
        "",
    ]
    return "\n".join(lines)


END_WORDS = {
    "survivor_lost": "a survivor was lost",
    "round_limit": "still going at the round limit",
    "command_cap": "abandoned at the command cap (the bot repeated itself)",
    "mold_joined_spawns": "the Mold linked two spawn zones",
    "goal_out_of_reach": "a goal could no longer be reached",
    "other": "another loss the mission's rules decide",
}


def _end_lines(figures: MissionFigures) -> list[str]:
    """Why the games the bot did not win ended, with counts (a loss the mission's own rules give
    shows its trigger as the rules name it)."""
    ends = Counter(getattr(game, "end", "") or ("" if game.result == "won" else "other") for game in figures.games)
    ends.pop("", None)
    if not ends:
        return []
    return [
        "## Why games were lost",
        "",
        "| how the game ended | games |",
        "| --- | --- |",
        *[f"| {END_WORDS.get(end, f'the mission rule `{end}`')} | {count} |" for end, count in ends.most_common()],
        "",
    ]


def _walk_lines(figures: MissionFigures) -> list[str]:
    """How far the mission makes the team walk, and how often each objective was taken: a long walk
    or an objective never reached points at the mission, not the bot."""
    walk = figures.walk
    lines: list[str] = []
    if walk is not None:
        exit_text = (f"the exit is {walk.to_exit} zone{'' if walk.to_exit == 1 else 's'} from the start"
                     if walk.to_exit is not None else "no exit to reach")
        route = (f"the shortest walk through the {walk.objectives} objectives the goals want"
                 f"{' and out' if walk.leaves else ''} is {walk.walk} zones"
                 if walk.walk is not None else "the goals cannot all be reached on foot")
        lines += ["## The walk", "",
                  f"With every door open, {exit_text}; {route}. The index (README.md) compares the walks "
                  "of every mission.", ""]
    if figures.objectives and figures.games:
        n = len(figures.games)
        lines += ["## Objectives taken", "", "| objective | colour | games where it was taken |", "| --- | --- | --- |"]
        for k, (zone, colour) in enumerate(figures.objectives):
            taken = sum(1 for game in figures.games if k < len(game.objectives_taken) and game.objectives_taken[k])
            lines.append(f"| {zone} | {colour or '—'} | {taken} of {n} |")
        lines.append("")
    return lines


# --- pictures ----------------------------------------------------------------------------------


def _font(size: int) -> Any:
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def deaths_picture(board: Any, figures: MissionFigures, target: Path) -> None:
    """The board, dimmed, with a red disc on each zone where survivors fell (area ∝ their number)."""
    import pygame

    from game.app.assets import ImageStore
    from game.app.render import BoardArt

    art = BoardArt(board, ImageStore()).base
    scale = min(1.0, HEAT_MAX_SIDE_PX / max(art.get_size()))
    picture = pygame.transform.smoothscale(art, (max(1, round(art.get_width() * scale)),
                                                 max(1, round(art.get_height() * scale))))
    shade = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 90))
    picture.blit(shade, (0, 0))
    px_per_cm = picture.get_width() / board.width_cm
    counts = Counter(zone for game in figures.games for zone, _kind in game.losses if zone in board.zones)
    most = max(counts.values(), default=1)
    largest_px = max(8.0, 3.5 * px_per_cm)
    font = _font(max(14, round(1.4 * px_per_cm)))
    for zone_id, count in counts.items():
        x, y = board.zones[zone_id].center
        centre = (round(x * px_per_cm), round(y * px_per_cm))
        radius = max(4, round(largest_px * math.sqrt(count / most)))
        disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        pygame.draw.circle(disc, (220, 30, 30, 150), (radius + 1, radius + 1), radius)
        pygame.draw.circle(disc, (255, 220, 220, 230), (radius + 1, radius + 1), radius, 2)
        picture.blit(disc, (centre[0] - radius - 1, centre[1] - radius - 1))
        label = font.render(str(count), True, (255, 255, 255))
        picture.blit(label, label.get_rect(center=centre))
    pygame.image.save(picture, str(target))


def rounds_picture(figures: MissionFigures, target: Path) -> None:
    """Bars of games per number of rounds, won (green) stacked on lost (red)."""
    import pygame

    width, height, margin = 720, 320, 40
    picture = pygame.Surface((width, height))
    picture.fill((250, 250, 246))
    rounds = [game.rounds for game in figures.games]
    bars = _histogram(rounds)
    font = _font(20)
    if bars:
        tallest = max(count for _, count in bars)
        slot = (width - 2 * margin) / len(bars)
        for index, (value, _count) in enumerate(bars):
            won = sum(1 for g in figures.games if g.rounds == value and g.result == "won")
            lost = sum(1 for g in figures.games if g.rounds == value and g.result != "won")
            x = margin + index * slot + slot * 0.15
            bottom: float = height - margin
            for share, color in ((lost, (200, 70, 60)), (won, (70, 160, 80))):
                bar_px = (height - 2 * margin) * share / tallest
                pygame.draw.rect(picture, color, pygame.Rect(round(x), round(bottom - bar_px), max(1, round(slot * 0.7)),
                                                             round(bar_px)))
                bottom -= bar_px
            label = font.render(str(value), True, (40, 40, 40))
            picture.blit(label, label.get_rect(midtop=(round(x + slot * 0.35), height - margin + 6)))
    caption = font.render("games per number of rounds: won (green), lost (red)", True, (40, 40, 40))
    picture.blit(caption, (margin, 10))
    pygame.draw.line(picture, (80, 80, 80), (margin, height - margin), (width - margin, height - margin), 2)
    pygame.image.save(picture, str(target))


# --- the command ---------------------------------------------------------------------------------


def _missions(named: Sequence[str]) -> list[Path]:
    from game.rules.zombicide.simulate import claims

    if not named:
        return [path for path in sorted(SHIPPED_MISSIONS.glob("*.toml")) if claims(path)]
    found: list[Path] = []
    for given in named:
        path = Path(given)
        found.extend(sorted(p for p in path.glob("*.toml") if claims(p)) if path.is_dir() else [path])
    return found


def _zone_name(zone: Any) -> str:
    """A zone as the board names it; a nameless street is told by its kind and the tile it lies on."""
    return zone.label or f"{str(zone.kind).replace('_', ' ')} on tile {zone.module_id}"


def report_mission(path: Path, games: int, seed: int, bot_name: str, out_dir: Path, jobs: int,
                   cluster: str | None, progress: bool, pictures: bool = True) -> MissionFigures:
    """Play and write one mission's report (``pictures``: with its heat map and rounds chart); raises
    ValueError (or MapFormatError) when it cannot be played."""
    from game.board.mission import load_board
    from game.rules.zombicide import engine
    from game.rules.zombicide.boxes import DEFAULT_BOX
    from game.rules.zombicide.catalog import load_catalog
    from game.rules.zombicide.mission_walk import mission_walk
    from game.rules.zombicide.simulate import BOTS, mission_team, players_for, simulate

    board = load_board(path)
    setup_table = board.properties.get("setup")
    box = str(setup_table.get("box", DEFAULT_BOX)) if isinstance(setup_table, dict) else DEFAULT_BOX
    mission_id = str(board.properties.get("mission_id", path.stem))
    catalog = load_catalog(box)
    survivors = mission_team(mission_id, [s.id for s in catalog.survivors])
    summary = simulate(board, {"players": players_for(survivors)}, games, seed, BOTS[bot_name], mission=path,
                       jobs=jobs, cluster=cluster, progress=progress)
    zone_names = {zone_id: _zone_name(zone) for zone_id, zone in board.zones.items()}
    fresh = engine.setup(board, {"players": players_for(survivors)}, seed)
    objectives = tuple((zone_names.get(fresh.graph.zone_ids[p.zone], fresh.graph.zone_ids[p.zone]), p.color)
                       for p in fresh.graph.objectives)
    figures = MissionFigures(mission_id, board.title or path.stem, summary.games, bot_name, survivors,
                             summary.seconds, summary.interrupted, zone_names,
                             {kind.id: kind.name for kind in catalog.zombies}, mission_walk(fresh), objectives)
    if not figures.games:
        return figures
    out_dir.mkdir(parents=True, exist_ok=True)
    deaths_png, rounds_png = (f"{mission_id}-deaths.png", f"{mission_id}-rounds.png") if pictures else ("", "")
    if pictures:
        deaths_picture(board, figures, out_dir / deaths_png)
        rounds_picture(figures, out_dir / rounds_png)
    _write(out_dir / f"{mission_id}.md", markdown(figures, path, deaths_png, rounds_png))
    n = len(figures.games)
    record = BalanceReport(mission_id=mission_id, games=n, won=figures.won, interval=wilson_interval(figures.won, n),
                           rating=rating(figures.won / n), bot=bot_name,
                           walk=figures.walk.walk if figures.walk is not None else None)
    _write(out_dir / f"{mission_id}.json", record.model_dump_json(indent=2) + "\n")
    return figures


def write_index(out_dir: Path) -> Path:
    """``README.md`` in ``out_dir``: every report there, by mission, with its rating and win rate."""
    rows = []
    for path in sorted(out_dir.glob("*.json")):
        report = _read_report(path)
        if report is None:
            continue
        low, high = report.interval
        rows.append(f"| [{report.mission_id}]({report.mission_id}.md) | {report.rating} | "
                    f"{report.won}/{report.games} ({report.won / report.games:.0%}, 95 % {low:.0%}–{high:.0%}) | "
                    f"{report.bot} | {'—' if report.walk is None else report.walk} |")
    text = "\n".join([
        "# How hard each mission is",
        "",
        "Measured by bots with `python main.py balance` (`make balance` writes this folder). The mission picker "
        "shows each mission's rating from here until the player measures it again.",
        "",
        "The walk is the zones from the start through every objective the goals want (and out, when they "
        "want it), every door open: a long walk makes a mission hard whoever plays it.",
        "",
        "| mission | rating | won | bot | walk |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        "",
    ])
    target = out_dir / "README.md"
    _write(target, text)
    return target


def _write(target: Path, text: str) -> None:
    """Replace a report file whole (a temporary file, then a rename): a reader never sees half of it.
    Reports are made again at will, so no backup and no lock is kept."""
    import os
    import tempfile

    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None) -> int:
    write = out or (lambda line: print(line, file=sys.stdout))
    from game.rules.zombicide.simulate import BOTS

    parser = argparse.ArgumentParser(prog="main.py balance", add_help=False, exit_on_error=False)
    parser.add_argument("missions", nargs="*")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=sorted(BOTS), default="planner")
    parser.add_argument("--out", default=str(REPORTS_DIR))
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--cluster", default=None)
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--no-pictures", action="store_true")
    parser.add_argument("-h", "--help", action="store_true")
    try:
        args, unknown = parser.parse_known_args(list(argv))
    except (argparse.ArgumentError, SystemExit) as error:
        write(f"balance: {error}")
        return 2
    if args.help:
        write("usage: main.py balance [MISSION|FOLDER ...] [--games N] [--seed S] [--bot planner|greedy|random] "
              "[--out DIR] [--jobs N] [--cluster ADDRESS] [--no-progress] [--no-pictures]")
        return 0
    if unknown or args.games < 1 or (args.jobs is not None and args.jobs < 1):
        write(f"balance: {'unknown argument ' + unknown[0] if unknown else '--games and --jobs must be at least 1'}")
        return 2
    from game.board.errors import MapFormatError, describe_error

    status = 0
    out_dir = Path(args.out)
    for path in _missions(args.missions):
        try:
            figures = report_mission(path, args.games, args.seed, args.bot, out_dir, args.jobs or default_jobs(),
                                     args.cluster, not args.no_progress, pictures=not args.no_pictures)
        except ClusterError as error:
            write(f"balance: {error.what}")
            return 1
        except (MapFormatError, OSError, ValueError) as error:
            write(f"balance: {describe_error(error)}")
            status = 1
            continue
        n = len(figures.games)
        if not n:
            write(f"{figures.title}: stopped before a game was played")
            return 1
        low, high = wilson_interval(figures.won, n)
        write(f"{figures.title}: {rating(figures.won / n)}, won {figures.won}/{n} ({figures.won / n:.0%}, 95 % "
              f"{low:.0%}–{high:.0%}) → {out_dir / (figures.mission_id + '.md')}")
        if figures.interrupted:
            write("stopped with Ctrl-C: the report holds the games played")
            return 1
    if out_dir.is_dir():
        write_index(out_dir)
    return status

