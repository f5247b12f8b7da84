"""Benchmarks: each prints figures beside their targets and asserts nothing.

A benchmark module offers ``SECTIONS``, a list of ``(title, function)`` pairs whose functions
return the lines to print, or a ``run() -> list[str]`` function (one section named after the module).
``python -m bench`` runs them all; ``python -m bench io`` runs only the named modules.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

Section = tuple[str, Callable[[], list[str]]]


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def time_ms(action: Callable[[], object], runs: int) -> list[float]:
    """Wall-clock milliseconds of ``runs`` calls of ``action``."""
    figures = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        figures.append((time.perf_counter() - start) * 1000)
    return figures


def figure(label: str, values_ms: Sequence[float], target_ms: float | None = None) -> str:
    """``label  p50 … ms  p95 … ms  (n=…)  target ≤ … ms``."""
    text = f"{label:<44} p50 {percentile(values_ms, 0.5):8.2f} ms"
    if len(values_ms) > 1:
        text += f"   p95 {percentile(values_ms, 0.95):8.2f} ms   (n={len(values_ms)})"
    if target_ms is not None:
        text += f"   target ≤ {target_ms:g} ms"
    return text
