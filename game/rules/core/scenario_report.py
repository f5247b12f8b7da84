"""The lines a scenario runner prints for a list of files: the play-by-play (unless quiet), then
PASS, FAIL or GAP (a rule the engine does not follow yet) per file, then the tally. Shared by the
games whose scenario files may carry ``known_gap``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.rules.core.datafile import ContentError

USAGE = "usage: scenario [-q] FILE_OR_FOLDER..."


def read_options(argv: Sequence[str], write: Callable[[str], None]) -> tuple[bool, list[str]] | int:
    """(quiet, the files and folders named) from ``scenario [-q] FILE_OR_FOLDER...``, or the exit
    status when there is nothing to run: 0 after ``-h``, 2 for an unknown option."""
    args = list(argv)
    quiet = False
    while args and args[0].startswith("-"):
        flag = args.pop(0)
        if flag in ("-q", "--quiet"):
            quiet = True
        elif flag in ("-h", "--help"):
            write(USAGE)
            return 0
        else:
            write(f"unknown option {flag}; {USAGE}")
            return 2
    return quiet, args


def report_scenarios(files: Sequence[Path], run: Callable[[Path], Any], write: Callable[[str], None],
                     quiet: bool) -> int:
    """Run every file with ``run`` (a result with ``passed``, ``failures``, ``transcript`` and
    ``known_gap``), write what happened, and return how many failed."""
    failed = gaps = 0
    for path in files:
        try:
            result = run(path)
        except ContentError as error:
            failed += 1
            write(f"FAIL {error}")
            continue
        if not quiet:
            for line in result.transcript:
                write(line)
        if result.known_gap and not result.passed:
            gaps += 1
            write(f"GAP  {path}: {result.known_gap}")
        elif result.known_gap:
            failed += 1
            write(f"FAIL {path}: the engine now follows this rule; remove known_gap")
        elif result.passed:
            write(f"PASS {path}")
        else:
            failed += 1
            write(f"FAIL {path}: " + "; ".join(result.failures))
    write(f"{len(files) - failed - gaps} passed, {failed} failed" + (f", {gaps} known gaps" if gaps else ""))
    return failed
