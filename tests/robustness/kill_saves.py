"""Kill a process while it saves, again and again, and check that nothing was lost, mixed or left over.

A forked child writes, in a loop, a table save, a Zombicide game save, a Zombieworld game save and a
Zombieworld campaign, each carrying a counter that changes on every write (every piece of the table
carries it, so a file mixing two writes would show two counters). The parent kills it with SIGKILL
after a random (seeded) delay, runs the start-up clean-up (``clean_stale_temps``) and checks every
file: each save and its ``.bak`` loads whole, with one counter, and no temporary file of ours is left.
Every slot is saved once before the first kill, so a slot that is missing at the end was lost.
Used by ``test_kill_during_save.py`` (a few hundred kills) and ``bench/saves_kill.py`` (thousands).
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.atomic import TEMP_PATTERN, backup_path, clean_stale_temps, release_slot
from game.platform import envelope
from game.rules.zombieworld.campaign import load_campaign, save_campaign
from game.table.saves import load_table, save_table
from game.table.state import TableState

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "fixtures" / "saves"
SLOTS = ("table.json", "zombicide.json", "zombieworld.json", "campaign.json")
MAX_DELAY_S = 0.03


@dataclass
class KillReport:
    kills: int = 0
    mid_write: int = 0  # kills that left a temporary file behind (the write was cut)
    cleaned: int = 0  # temporary files of ours removed by the start-up clean-up
    foreign_temps: int = 0  # temporary files of the campaign writer, which is not ours (it cleans nothing)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class Writers:
    """What the child saves: built once in the parent, so the forked child starts writing at once."""

    table: TableState
    zombicide: Any
    zombieworld: Any
    campaign: Any

    @classmethod
    def build(cls) -> Writers:
        table = load_table(SAMPLES / "table-current.json")
        zombicide = envelope.load_game(SAMPLES / "zombicide-game-v1.json")
        zombieworld = envelope.load_game(SAMPLES / "zombieworld-game-rules2.json")
        return cls(table, zombicide, zombieworld, load_campaign(SAMPLES / "campaign-v2.json"))

    def write(self, folder: Path, counter: int) -> None:
        kind = counter % len(SLOTS)
        target = folder / SLOTS[kind]
        if kind == 0:
            for piece in self.table.pieces.values():
                piece.facing_deg = float(counter % 360)
                piece.label = f"write {counter}"
            save_table(target, self.table)
        elif kind in (1, 2):
            loaded = self.zombicide if kind == 1 else self.zombieworld
            envelope.write_game(target, loaded.entry, loaded.session, extra={"counter": counter})
        else:
            save_campaign(replace_counter(self.campaign, counter), target)


def replace_counter(campaign: Any, counter: int) -> Any:
    return campaign.model_copy(update={"rounds_played": counter})


def _child(writers: Writers, folder: Path, start: int) -> None:
    counter = start
    try:
        while True:
            writers.write(folder, counter)
            counter += 1
    finally:
        os._exit(0)


def check_folder(folder: Path, replay: bool = False) -> list[str]:
    """What is wrong with the saves in ``folder`` (nothing, when every file loads whole)."""
    problems: list[str] = []
    for name in SLOTS:
        for path in (folder / name, backup_path(folder / name)):
            if not path.exists():
                continue
            try:
                _check_one(path, name, replay)
            except Exception as error:  # any failure to load is what this check reports
                problems.append(f"{path.name}: {type(error).__name__}: {error}")
    return problems


def _check_one(path: Path, slot: str, replay: bool) -> None:
    if slot == "table.json":
        state = load_table(path)
        labels = {piece.label for piece in state.pieces.values()}
        if len(labels) != 1:
            raise ValueError(f"pieces from several writes: {sorted(labels)}")
    elif slot == "campaign.json":
        load_campaign(path)
    else:
        _, saved = envelope.read_envelope(path)
        if not isinstance(saved.extra.get("counter"), int):
            raise ValueError("no counter")
        if replay:
            envelope.load_game(path)


def our_temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if TEMP_PATTERN.match(p.name)]


def run_kills(folder: Path, kills: int, seed: int, writers: Writers | None = None) -> KillReport:
    """``kills`` rounds of fork, write, SIGKILL, clean up, check."""
    writers = writers or Writers.build()
    chooser = random.Random(seed)
    report = KillReport()
    started = time.monotonic()
    for kind in range(len(SLOTS)):  # every slot saved once whole first, as a player's folder would be
        writers.write(folder, kind)
        release_slot(folder / SLOTS[kind])  # a window keeps its slot until it closes: let the children in
    counter = 1000
    for _ in range(kills):
        pid = os.fork()
        if pid == 0:
            _child(writers, folder, counter)
        time.sleep(chooser.random() * MAX_DELAY_S)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        counter += 1001  # the next child starts on the next slot: a slow machine still reaches them all
        report.kills += 1
        left = our_temps(folder)
        report.mid_write += bool(left)
        removed = clean_stale_temps(folder)
        report.cleaned += len(removed)
        report.problems.extend(f"after kill {report.kills}: {p}" for p in check_folder(folder))
        still = our_temps(folder)
        if still:
            report.problems.append(f"after kill {report.kills}: temporary files left: {[p.name for p in still]}")
    report.foreign_temps = sum(1 for p in folder.iterdir() if p.name.startswith(".campaign.json."))
    report.problems.extend(f"at the end: {p}" for p in check_folder(folder, replay=True))
    report.seconds = time.monotonic() - started
    return report


def describe(report: KillReport) -> str:
    return json.dumps({k: v for k, v in vars(replace(report, problems=report.problems[:5])).items()})
