"""Run fuzz-corpus inputs through the real entry point, ``main.py``, each in its own process under a
time and a memory limit, and judge what came out.

A refused input must end with status 1 within the limits, print no traceback, and say why in
exactly one line that names the file, the place (when the case has one) and the case's words. A
valid base must open (status 0). Used by ``test_fuzz_corpus.py`` and by ``bench/fuzz.py``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import resource
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "robustness" / "corpus"
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024  # address space of one run
CPU_LIMIT_S = 30
WALL_LIMIT_S = 60
FILE_LIMIT_BYTES = 64 * 1024 * 1024  # nothing a refused input makes the game write is near this

# What can go wrong with one input, worst first (the bench counts each).
VERDICTS = ("hang", "blow-up", "traceback", "accepted", "refused", "wrong-file", "wrong-place", "wrong-message",
            "several-lines", "bad-status", "ok")


@dataclass(frozen=True)
class Outcome:
    case_id: str
    verdict: str
    detail: str
    seconds: float


def load_tool(name: str) -> Any:
    """``tools/<name>.py`` as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_generator() -> Any:
    """``tools/make_fuzz_corpus.py`` as a module."""
    return load_tool("make_fuzz_corpus")


def load_manifest(corpus: Path = CORPUS) -> list[dict[str, Any]]:
    return list(json.loads((corpus / "manifest.json").read_text(encoding="utf-8")))


def limit_resources() -> None:
    """Run in the child before ``main.py`` starts: a memory, CPU-time and file-size ceiling."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT_S, CPU_LIMIT_S))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT_BYTES, FILE_LIMIT_BYTES))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the ceiling fails instead of killing


def shown(path: Path) -> str:
    """The path as the game names it: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def run_case(case: dict[str, Any], root: Path, out_dir: Path) -> Outcome:
    """Open one input with ``main.py`` and judge the result."""
    file = root / case["file"]
    given = shown(file)
    values = {"{file}": given, "{out}": str(out_dir / f"{case['id']}.png"), "{corpus}": shown(root)}
    args = [values.get(arg, arg) for arg in case["args"]]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DEADTABLE_EXTRA_ROOTS", None)
    started = time.monotonic()
    try:
        result = subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO, env=env, text=True,
                                capture_output=True, timeout=WALL_LIMIT_S, preexec_fn=limit_resources,
                                errors="replace")
    except subprocess.TimeoutExpired:
        return Outcome(case["id"], "hang", f"no answer in {WALL_LIMIT_S} s", time.monotonic() - started)
    seconds = time.monotonic() - started
    verdict, detail = judge(case, given, result.returncode, result.stdout, result.stderr)
    return Outcome(case["id"], verdict, detail, seconds)


def judge(case: dict[str, Any], given: str, status: int, stdout: str, stderr: str) -> tuple[str, str]:
    """(verdict, detail) for one finished run."""
    if status < 0 or "MemoryError" in stderr:
        return "blow-up", f"status {status}: {stderr.strip()[-300:]}"
    if "Traceback" in stderr:
        return "traceback", stderr.strip()[-600:]
    if case["expect"] == "opens":
        return ("ok", "") if status == 0 else ("refused", (stderr or stdout).strip()[-300:])
    if case["expect"] == "warns":  # --validate: exit 0, one warning line, then the summary
        if status != 0:
            return "refused", (stderr or stdout).strip()[-300:]
        lines = [line for line in stdout.splitlines() if line.strip()]
        if not (lines and lines[-1].endswith("0 problems, 1 warning")):
            return "several-lines", " | ".join(lines)[:600]
        return _judge_line(case, given, lines[:-1])
    if status == 0:
        return "accepted", (stdout + stderr).strip()[-300:] or "exit status 0"
    if status != 1:
        return "bad-status", f"status {status}: {(stderr or stdout).strip()[-300:]}"
    if case["args"][0] == "--validate":
        lines = [line for line in stdout.splitlines() if line.strip()]
        summary = lines[-1] if lines else ""
        lines = lines[:-1]
        if not summary.endswith("1 problem"):
            return "several-lines", f"summary {summary!r}; {lines}"
    elif case["args"][0] == "scenario":  # a scenario that cannot be read is one FAIL line
        lines = [line for line in (*stdout.splitlines(), *stderr.splitlines())
                 if line.startswith("FAIL ") or line.startswith("scenario: ")]
    else:
        lines = [line for line in stderr.splitlines() if line.strip()]
    return _judge_line(case, given, lines)


def _judge_line(case: dict[str, Any], given: str, lines: list[str]) -> tuple[str, str]:
    """The one line a case must give: naming the file, the place and the words."""
    if len(lines) != 1:
        return "several-lines", " | ".join(lines)[:600]
    line = lines[0]
    if given not in line:
        return "wrong-file", f"{line!r} does not name {given}"
    if case["place"] and case["place"] not in line:
        return "wrong-place", f"{line!r} does not name the place {case['place']!r}"
    missing = [word for word in case["words"] if word not in line]
    if missing:
        return "wrong-message", f"{line!r} lacks {missing}"
    return "ok", line


def run_all(cases: list[dict[str, Any]], roots: dict[bool, Path], out_dir: Path,
            workers: int | None = None) -> list[Outcome]:
    """Every case in parallel (one process each); ``roots[big]`` is the folder holding its file."""
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2) as pool:
        return list(pool.map(lambda case: run_case(case, roots[bool(case["big"])], out_dir), cases))


def tally(outcomes: list[Outcome]) -> dict[str, int]:
    counts = dict.fromkeys(VERDICTS, 0)
    for outcome in outcomes:
        counts[outcome.verdict] = counts.get(outcome.verdict, 0) + 1
    return counts
