"""Games in parallel give the figures of games in series; Ctrl-C keeps what was done; a Dask cluster works too."""

from __future__ import annotations

import functools
from pathlib import Path
from random import Random

import pytest

from game.platform import batch
from game.platform.batch import run_batch

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"


def seeded_figure(scale: int, seed: int) -> tuple[int, int]:
    """A stand-in for a game: a figure that depends only on its seed."""
    return seed, Random(seed).randrange(1000) * scale


def test_results_come_in_seed_order_whatever_the_number_of_jobs() -> None:
    play = functools.partial(seeded_figure, 3)
    serial = run_batch(play, range(10, 22), jobs=1, progress=False)
    parallel = run_batch(play, range(10, 22), jobs=2, progress=False)
    assert parallel.results == serial.results == [seeded_figure(3, seed) for seed in range(10, 22)]
    assert (parallel.interrupted, parallel.done, parallel.planned) == (False, 12, 12)


class _InterruptingBar:
    """A progress bar whose third tick is the moment the player presses Ctrl-C."""

    def __init__(self) -> None:
        self.ticks = 0

    def update(self, _count: int) -> None:
        self.ticks += 1
        if self.ticks == 3:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_games_already_played(monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    monkeypatch.setattr(batch, "_progress_bar", lambda total, label, shown: _InterruptingBar())
    stopped = run_batch(functools.partial(seeded_figure, 1), range(40), jobs=jobs, progress=False)
    assert stopped.interrupted
    assert 2 <= stopped.done < 40
    assert stopped.results == [seeded_figure(1, seed) for seed in stopped.seeds]


def test_zombicide_simulate_on_two_processes_gives_the_same_figures() -> None:
    from game.board.mission import load_board
    from game.rules.zombicide.simulate import BOTS, players_for, simulate

    board = load_board(TUTORIAL)
    setup = {"players": players_for(["parker", "bruno", "oso", "otis", "cathy", "hektor"])}
    serial = simulate(board, setup, 4, 7, BOTS["planner"], 30)
    parallel = simulate(board, setup, 4, 7, BOTS["planner"], 30, mission=TUTORIAL, jobs=2)
    assert parallel.games == serial.games and len(serial.games) == 4


def test_a_local_dask_cluster_of_two_workers_plays_the_same_games() -> None:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_cluster = run_batch(functools.partial(seeded_figure, 5), range(8), cluster=cluster.scheduler_address,
                               progress=False)
    assert on_cluster.results == [seeded_figure(5, seed) for seed in range(8)]


def test_an_unreachable_cluster_is_told() -> None:
    with pytest.raises(batch.ClusterError, match="cannot reach the Dask scheduler"):
        run_batch(functools.partial(seeded_figure, 1), range(3), cluster="tcp://127.0.0.1:9", progress=False)
