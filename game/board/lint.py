"""The map lint behind ``main.py --validate``: check maps (.tmx) and missions (.toml), report every problem."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from game.board.errors import MapFormatError, MapProblem, one_line
from game.board.loader import check_module, shown_path
from game.board.model import Board, BoardModule, Layout

WARNING_PREFIX = "warning: "
SQUARE_TOLERANCE_CM = 1e-6


def is_warning(problem: MapProblem) -> bool:
    return problem.what.startswith(WARNING_PREFIX)


def _warnings(module: BoardModule) -> list[MapProblem]:
    found: list[MapProblem] = []
    if module.layout is Layout.ZONES and abs(module.width_cm - module.height_cm) > SQUARE_TOLERANCE_CM:
        found.append(
            MapProblem(
                module.path,
                f"{WARNING_PREFIX}module is {module.width_cm:g} × {module.height_cm:g} cm, not square:"
                " missions can only turn square modules",
            )
        )
    return found


def _board_problems(module: BoardModule) -> list[MapProblem]:
    """A map shown alone is a board too: its zone grid and sight lines must stay within the limits."""
    from game.board.assemble import board_from_module  # the board builder sits above the loader: import late

    try:
        board_from_module(module)
    except MapFormatError as error:
        return list(error.problems)
    return []


def _files_under(paths: Sequence[str | Path]) -> tuple[list[Path], list[MapProblem]]:
    files: list[Path] = []
    problems: list[MapProblem] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted({*path.rglob("*.tmx"), *path.rglob("*.toml")})
            if not found:
                problems.append(MapProblem(str(path), "folder holds no .tmx map or .toml mission"))
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() in (".tmx", ".toml"):
                files.append(path)
            else:
                problems.append(MapProblem(str(path), "not a map (.tmx) or a mission (.toml)"))
        else:
            problems.append(MapProblem(str(path), "no such file or folder"))
    return list(dict.fromkeys(files)), problems


# Checks a caller adds per file: (path, the file's ``game`` property, its board when it is a mission
# that assembles) → more problems. The game registry adds its own this way.
BoardCheck = Callable[[Path, str, Board | None], list[MapProblem]]


def _check_file(path: Path, board_check: BoardCheck | None = None) -> list[MapProblem]:
    if path.suffix.lower() == ".toml":
        from game.board.mission import read_mission  # missions build on the loader: import late

        board, problems = read_mission(path)
        if board is not None and board_check is not None:
            problems.extend(board_check(path, board.game, board))
        return list(problems)
    module, problems = check_module(path)
    if module is not None and not problems:
        problems.extend(_board_problems(module))  # what only shows when the map is laid out as a board
    if module is not None:
        problems.extend(_warnings(module))
        if board_check is not None:
            problems.extend(board_check(path, module.game, None))
    return problems


def _validate(paths: Sequence[str | Path], board_check: BoardCheck | None = None) -> tuple[int, list[MapProblem]]:
    files, problems = _files_under(paths)
    for path in files:
        try:
            problems.extend(_check_file(path, board_check))
        except Exception as error:  # a checker bug must not hide the other files' problems
            problems.append(MapProblem(shown_path(path), f"could not be checked: {type(error).__name__}: {error}"))
    # a folder with maps and the missions that use them would report each map problem twice
    return len(files), list(dict.fromkeys(problems))


def validate_paths(paths: Sequence[str | Path], board_check: BoardCheck | None = None) -> list[MapProblem]:
    """Every problem (and warning) in the given maps, missions and folders (searched recursively)."""
    return _validate(paths, board_check)[1]


def validate_cli(paths: Sequence[str], out: TextIO = sys.stdout, board_check: BoardCheck | None = None) -> int:
    """Print one line per problem and a summary; 0 when there is no error (warnings allowed), else 1."""
    checked, problems = _validate(paths, board_check)
    for problem in problems:
        print(one_line(str(problem)), file=out)
    warnings = sum(1 for p in problems if is_warning(p))
    errors = len(problems) - warnings
    summary = f"{checked} file{'s' if checked != 1 else ''} checked, {errors} problem{'s' if errors != 1 else ''}"
    if warnings:
        summary += f", {warnings} warning{'s' if warnings != 1 else ''}"
    print(summary, file=out)
    return 1 if errors else 0
