"""The map lint behind ``main.py --validate``: check maps (.tmx) and missions (.toml), report every problem."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from game.board import propcheck
from game.board.errors import WARNING_PREFIX, MapFormatError, MapProblem, one_line
from game.board.geometry import point_in_polygon, polygon_area, polygon_bounds
from game.board.loader import check_module, file_of_shown, shown_path
from game.board.model import Board, BoardModule, Layout

SQUARE_TOLERANCE_CM = 1e-6
GAP_TOLERANCE_CM2 = 0.01
GAP_PROBES_PER_SIDE = 200  # where a coverage gap is shown: the first of these probes it holds
ANY_GAME = "any"  # a map any game may use


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


def _coverage_gap(module: BoardModule) -> MapProblem | None:
    """A zone board's zones should cover the whole module: a piece on a gap stands in no zone."""
    if module.layout is not Layout.ZONES or not module.zones:
        return None
    gap_cm2 = module.width_cm * module.height_cm - sum(polygon_area(zone.polygon) for zone in module.zones)
    if gap_cm2 <= GAP_TOLERANCE_CM2:
        return None  # zones do not overlap (the loader refuses it), so the areas add up
    step = max(module.width_cm, module.height_cm) / GAP_PROBES_PER_SIDE
    boxes = [(zone.polygon, polygon_bounds(zone.polygon)) for zone in module.zones]
    where = ""
    for row in range(GAP_PROBES_PER_SIDE):
        y = (row + 0.5) * step
        for col in range(GAP_PROBES_PER_SIDE):
            x = (col + 0.5) * step
            if x < module.width_cm and y < module.height_cm and not any(
                    left <= x <= right and top <= y <= bottom and point_in_polygon((x, y), polygon)
                    for polygon, (left, top, right, bottom) in boxes):
                scale = module.scale_px_per_cm
                where = f" (one is around x = {x * scale:.0f}, y = {y * scale:.0f} px)"
                break
        if where:
            break
    return MapProblem(module.path, f"{WARNING_PREFIX}the zones leave {gap_cm2:.2f} cm² of the module uncovered{where}:"
                                   " a piece there stands in no zone")


def _check_file(path: Path, board_check: BoardCheck | None = None) -> tuple[list[MapProblem], BoardModule | None]:
    """The file's problems, and its module when it is a map that loads without a problem."""
    if path.suffix.lower() == ".toml":
        from game.board.mission import read_mission  # missions build on the loader: import late

        board, problems = read_mission(path)
        if board is not None and board_check is not None:
            problems.extend(board_check(path, board.game, board))
        return list(problems), None
    module, problems = check_module(path)
    clean = module is not None and not problems
    if module is not None and not problems:
        problems.extend(_board_problems(module))  # what only shows when the map is laid out as a board
    if module is not None:
        problems.extend(_warnings(module))
        if clean:
            gap = _coverage_gap(module)
            problems.extend([gap] if gap is not None else [])
        root = propcheck.read_map(path, module.path)
        if root is not None:
            problems.extend(propcheck.property_warnings(root, module.path))
        if board_check is not None:
            problems.extend(board_check(path, module.game, None))
    return problems, module if clean else None


def _duplicate_module_ids(modules: Sequence[BoardModule]) -> list[MapProblem]:
    """Module ids name a box's tiles (``1R`` … ``9V``) and the zones on them: two maps of one folder may
    not share one. Each box keeps its tiles in a folder of its own, where the printed ids repeat."""
    first: dict[tuple[Path, str], BoardModule] = {}
    found: list[MapProblem] = []
    for module in modules:
        earlier = first.setdefault((Path(module.path).parent, module.module_id), module)
        if earlier is not module:
            found.append(MapProblem(module.path, f"map property 'module' = '{module.module_id}' is also the id of "
                                                 f"{earlier.path}: module ids must be unique"))
    return found


def _validate(paths: Sequence[str | Path], board_check: BoardCheck | None = None) -> tuple[int, list[MapProblem]]:
    files, problems = _files_under(paths)
    modules: list[BoardModule] = []
    for path in files:
        try:
            found, module = _check_file(path, board_check)
        except Exception as error:  # a checker bug must not hide the other files' problems
            problems.append(MapProblem(shown_path(path), f"could not be checked: {type(error).__name__}: {error}"))
            continue
        problems.extend(found)
        if module is not None:
            modules.append(module)
    problems.extend(_duplicate_module_ids(modules))
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


def problem_records(problems: Sequence[MapProblem]) -> list[dict[str, object]]:
    """Each problem as a plain record: file (as shown and absolute), layer, object id, the object's
    position in map pixels when the map has that object, severity and message."""
    places: dict[Path, dict[int, propcheck.ObjectPlace]] = {}
    records: list[dict[str, object]] = []
    for problem in problems:
        file = file_of_shown(problem.path)
        place = None
        if problem.object_id is not None and file.suffix.lower() == ".tmx":
            if file not in places:
                root = propcheck.read_map(file, problem.path) if file.is_file() else None
                places[file] = propcheck.object_places(root) if root is not None else {}
            place = places[file].get(problem.object_id)
        warning = is_warning(problem)
        records.append({
            "file": problem.path,
            "path": str(file),
            "layer": problem.layer or (place.layer if place else ""),
            "object_id": problem.object_id,
            "x_px": place.x_px if place else None,
            "y_px": place.y_px if place else None,
            "severity": "warning" if warning else "error",
            "message": one_line(problem.what.removeprefix(WARNING_PREFIX) if warning else problem.what),
        })
    return records


def validate_json(paths: Sequence[str], out: TextIO = sys.stdout, board_check: BoardCheck | None = None) -> int:
    """``--validate --json``: one JSON document with every problem as a record (``problem_records``)
    and the counts; the exit code as ``validate_cli``."""
    checked, problems = _validate(paths, board_check)
    records = problem_records(problems)
    errors = sum(1 for record in records if record["severity"] == "error")
    document = {"files_checked": checked, "errors": errors, "warnings": len(records) - errors, "problems": records}
    print(json.dumps(document, ensure_ascii=False, indent=1), file=out)
    return 1 if errors else 0
