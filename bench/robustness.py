"""Robustness figures: thousands of kills during saves, the whole fuzz corpus, and random mutants of
the valid bases, each mutant opened by ``main.py`` in its own process under a time and memory limit.
Prints counts (the issue's: tracebacks, hangs, blow-ups, wrong files) and timings; asserts nothing."""

from __future__ import annotations

import random
import resource
import tempfile
from pathlib import Path

from bench import Section, percentile

REPO_ROOT = Path(__file__).resolve().parent.parent
KILLS = 2000
KILL_SEED = 7
MUTANTS = 400
MUTANT_SEED = 11


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def kills() -> list[str]:
    from tests.robustness.kill_saves import run_kills

    with tempfile.TemporaryDirectory() as folder:
        report = run_kills(Path(folder), KILLS, KILL_SEED)
    return [
        f"kills (SIGKILL at a random moment)          {report.kills}",
        f"kills that cut a write (a temp file left)   {report.mid_write}",
        f"temp files of ours cleaned on start         {report.cleaned}",
        f"saves lost, mixed or corrupt                {len(report.problems)}",
        f"campaign-writer temp files left (not ours)  {report.foreign_temps}",
        f"time                                        {report.seconds:.1f} s "
        f"({report.seconds / max(1, report.kills) * 1000:.1f} ms a kill)",
        *[f"problem: {problem}" for problem in report.problems[:5]],
    ]


def _verdict_lines(outcomes, title: str) -> list[str]:
    from tests.robustness.corpus_runner import tally

    counts = tally(outcomes)
    seconds = [outcome.seconds * 1000 for outcome in outcomes]
    lines = [f"{title}: {len(outcomes)} runs"]
    lines += [f"  {verdict:<14} {count}" for verdict, count in counts.items() if count or verdict in
              ("traceback", "hang", "blow-up", "wrong-file", "accepted")]
    lines.append(f"  per run: p50 {percentile(seconds, 0.5):.0f} ms, p95 {percentile(seconds, 0.95):.0f} ms, "
                 f"max {max(seconds):.0f} ms")
    slowest = sorted(outcomes, key=lambda outcome: -outcome.seconds)[:5]
    lines.append("  slowest: " + ", ".join(f"{o.case_id} {o.seconds:.1f} s" for o in slowest))
    lines += [f"  {o.case_id}: {o.verdict}: {o.detail[:200]}" for o in outcomes if o.verdict not in ("ok",)][:10]
    return lines


def corpus() -> list[str]:
    from tests.robustness import corpus_runner

    generator = corpus_runner.load_generator()
    manifest = corpus_runner.load_manifest()
    with tempfile.TemporaryDirectory() as big, tempfile.TemporaryDirectory() as out:
        generator.write_big(Path(big))
        before = _children_cpu_s()
        outcomes = corpus_runner.run_all(manifest, {False: corpus_runner.CORPUS, True: Path(big)}, Path(out))
        cpu = _children_cpu_s() - before
    malformed = sum(1 for case in manifest if case["expect"] == "refused")
    return [f"{malformed} malformed inputs, {len(manifest) - malformed} valid bases; "
            f"{cpu:.0f} s of CPU in the runs ({cpu / 2:.0f} s on two idle cores)",
            *_verdict_lines(outcomes, "curated corpus")]


# --- random mutants --------------------------------------------------------------------------------

NASTY = (b"1e999", b"-1", b"0", b"NaN", b"9" * 5000, b'"\\u0000"', b"[" * 64, b"{}", b"\xff\xfe", b"/etc/passwd",
         b"../../../../etc/passwd", b"&x;", b"<!DOCTYPE x>", b"null", b"true", b"1e-300", b"1e300")


def mutate(data: bytes, chooser: random.Random) -> bytes:
    """One to three random edits: flip, delete, duplicate, truncate, or splice in a nasty value."""
    out = bytearray(data)
    for _ in range(chooser.randint(1, 3)):
        if not out:
            break
        at = chooser.randrange(len(out))
        move = chooser.randrange(6)
        if move == 0:
            out[at] = chooser.randrange(256)
        elif move == 1:
            del out[at:at + chooser.randint(1, 64)]
        elif move == 2:
            span = bytes(out[at:at + chooser.randint(1, 256)])
            out[at:at] = span * chooser.randint(1, 50)
        elif move == 3:
            del out[at:]
        else:
            end = at + chooser.randint(0, 12)
            out[at:end] = chooser.choice(NASTY)
    return bytes(out)


def mutants() -> list[str]:
    from tests.robustness import corpus_runner

    generator = corpus_runner.load_generator()
    bases = [case for case in generator.all_cases() if case.expect == "opens" and case.args[0] != "--validate"]
    chooser = random.Random(MUTANT_SEED)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as out:
        root = Path(folder)
        generator.write_big(root)  # the bases' neighbours: tilesets, images, the second module
        cases = []
        for number in range(MUTANTS):
            base = bases[number % len(bases)]
            target = Path(base.file).with_name(f"mutant-{number}{Path(base.file).suffix}")
            (root / target).write_bytes(mutate(base.content, chooser))
            cases.append({"id": f"mutant-{number}-of-{base.id}", "file": str(target), "args": list(base.args),
                          "expect": "either", "place": "", "words": [], "big": False})
        before = _children_cpu_s()
        outcomes = corpus_runner.run_all(cases, {False: root, True: root}, Path(out))
        cpu = _children_cpu_s() - before
    judged = [o if o.verdict != "accepted" else o.__class__(o.case_id, "ok", "a valid mutant", o.seconds)
              for o in outcomes]
    opened = sum(1 for o in outcomes if o.verdict == "accepted")
    return [f"{MUTANTS} mutants of {len(bases)} valid bases (seed {MUTANT_SEED}); {opened} still valid and opened; "
            f"{cpu:.0f} s of CPU", *_verdict_lines(judged, "random mutants")]


SECTIONS: list[Section] = [
    ("Kills during saves (table, Zombicide, Zombieworld, campaign)", kills),
    ("Fuzz corpus through main.py (time and memory limits)", corpus),
    ("Random mutants through main.py", mutants),
]
