"""Many independent games at once: on this machine's cores, or on a Dask cluster.

``run_batch(play, seeds)`` calls ``play(seed)`` for every seed and returns the results in seed
order, whatever order they finish in, so a run with 8 jobs gives exactly the figures of a run
with one. ``play`` must be picklable: a module-level function, or a ``functools.partial`` of one
over plain data (a mission's path, not its loaded board).

- ``jobs`` processes on this machine (default: every core); ``jobs=1`` plays in this process.
- ``cluster="tcp://host:8786"`` sends the games to a Dask scheduler instead (``pip install
  deadtable[cluster]``): each worker needs this repository and its content at the same version.
- A progress bar on standard error (tqdm) shows games done, games per second and the time left.
- Ctrl-C stops the run: the games already finished are returned (``interrupted`` is True), the
  others are cancelled, and the caller prints what was done.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from game.platform.collector import collect_seldom, few_collections

Result = TypeVar("Result")


class ClusterError(Exception):
    """The Dask cluster cannot be used; ``what`` says why."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


@dataclass
class BatchResult(Generic[Result]):
    results: list[Result] = field(default_factory=list)  # in the order of the seeds that finished
    seeds: list[int] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    planned: int = 0

    @property
    def done(self) -> int:
        return len(self.results)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what is left and keeps what is done; they
    only play games, so their cycle collector runs seldom (``collector``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    collect_seldom()


def _progress_bar(total: int, label: str, shown: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, unit=" games", desc=label, file=sys.stderr, disable=not shown, dynamic_ncols=True,
                smoothing=0.1, leave=False)


def run_batch(play: Callable[[int], Result], seeds: Sequence[int], *, jobs: int | None = None,
              cluster: str | None = None, progress: bool = True, label: str = "playing",
              clock: Callable[[], float] = time.perf_counter) -> BatchResult[Result]:
    """``play(seed)`` for every seed; see the module's docstring."""
    batch: BatchResult[Result] = BatchResult(planned=len(seeds))
    finished: dict[int, Result] = {}
    started = clock()
    bar = _progress_bar(len(seeds), label, progress)
    try:
        if cluster:
            _on_cluster(play, seeds, cluster, finished, bar)
        elif (jobs or default_jobs()) <= 1 or len(seeds) <= 1:
            with few_collections():
                for seed in seeds:
                    finished[seed] = play(seed)
                    bar.update(1)
        else:
            _on_cores(play, seeds, jobs or default_jobs(), finished, bar)
    except KeyboardInterrupt:
        batch.interrupted = True
    finally:
        bar.close()
    batch.seconds = clock() - started
    batch.seeds = [seed for seed in seeds if seed in finished]
    batch.results = [finished[seed] for seed in batch.seeds]
    return batch


def _on_cores(play: Callable[[int], Result], seeds: Sequence[int], jobs: int, finished: dict[int, Result],
              bar: Any) -> None:
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(seeds)), initializer=_ignore_interrupts)
    try:
        pending: dict[Future[Result], int] = {pool.submit(play, seed): seed for seed in seeds}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finished[pending.pop(future)] = future.result()
                bar.update(1)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_cluster(play: Callable[[int], Result], seeds: Sequence[int], address: str, finished: dict[int, Result],
                bar: Any) -> None:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--cluster needs dask.distributed: pip install 'deadtable[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        futures = client.map(play, list(seeds), pure=False)
        seed_of = {future.key: seed for future, seed in zip(futures, seeds, strict=True)}
        try:
            for future in as_completed(futures):
                finished[seed_of[future.key]] = future.result()
                bar.update(1)
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    finally:
        client.close()


def interrupted_line(batch: BatchResult[Any]) -> str:
    """What a stopped run did, for the caller to print above its figures."""
    return f"stopped: {batch.done} of {batch.planned} games played in {batch.seconds:.1f} s; the figures below are theirs"
