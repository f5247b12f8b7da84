"""The floor art of the shipped Zombicide modules: sidewalks and kerbs meet across every module edge."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.board.loader import load_module
from game.board.model import BoardModule

REPO = Path(__file__).resolve().parent.parent
TILESET = REPO / "assets" / "tiles" / "deadtable.tsx"
ZOMBICIDE_MAPS = sorted((REPO / "maps" / "zombicide").glob("*.tmx"))

sys.path.insert(0, str(REPO / "tools"))
from make_maps import kerb_tile  # noqa: E402

# Walking clockwise along each edge of a module: the cell at position p, and which compass sides
# of that cell face out of the module, ahead along the walk and behind it.
EDGES = {
    "n": (lambda p, last: (p, 0), "n", "e", "w"),
    "e": (lambda p, last: (last, p), "e", "s", "n"),
    "s": (lambda p, last: (last - p, last), "s", "w", "e"),
    "w": (lambda p, last: (0, last - p), "w", "n", "s"),
}


def tile_names() -> dict[int, str]:
    root = ElementTree.parse(TILESET).getroot()
    names = {}
    for tile in root.iter("tile"):
        prop = tile.find("properties/property[@name='tile']")
        assert prop is not None
        names[int(tile.get("id", "-1"))] = prop.get("value", "")
    return names


def floor_names(module: BoardModule) -> list[list[str]]:
    """The floor layer of a module as tile names, row by row."""
    root = ElementTree.parse(TILESET).getroot()
    columns = int(root.get("columns", "1"))
    names = tile_names()
    layer = module.tile_layers[0]
    grid: list[list[str]] = []
    for row in range(layer.height):
        line = []
        for col in range(layer.width):
            cell = layer.cells[row * layer.width + col]
            assert cell is not None and not (cell.flip_x or cell.flip_y or cell.flip_diagonal)
            x, y, w, h = cell.src
            line.append(names[(y // h) * columns + x // w])
        grid.append(line)
    return grid


def pavement(name: str) -> str | None:
    if name.startswith("asphalt"):
        return "road"
    if name == "sidewalk" or name.startswith("kerb"):
        return "sidewalk"
    return None


def kerb_sides(name: str) -> set[str]:
    """The sides of a sidewalk tile that have a full kerb (corner nubs excepted)."""
    if not name.startswith("kerb_") or name.startswith("kerb_corner_"):
        return set()
    return set(name.removeprefix("kerb_"))


Edge = list[tuple[str | None, bool, bool, bool]]  # pavement, kerb outward, kerb ahead, kerb behind


def edge_strips(path: Path) -> Iterator[tuple[str, Edge]]:
    grid = floor_names(load_module(path))
    last = len(grid) - 1
    assert all(len(line) == last + 1 for line in grid), "Zombicide modules are square"
    for edge, (cell, outward, ahead, behind) in EDGES.items():
        strip: Edge = []
        for p in range(last + 1):
            col, row = cell(p, last)
            name = grid[row][col]
            sides = kerb_sides(name)
            strip.append((pavement(name), outward in sides, ahead in sides, behind in sides))
        yield f"{path.stem} {edge}", strip


def all_street_edges() -> list[tuple[str, Edge]]:
    return [(label, strip) for path in ZOMBICIDE_MAPS for label, strip in edge_strips(path)
            if any(kind is not None for kind, *_ in strip)]


def seam_mismatches(first: Edge, second: Edge) -> list[str]:
    """Where two edges placed against each other disagree (the second is walked the other way)."""
    problems = []
    for p, (kind, out, ahead, behind) in enumerate(first):
        other_kind, other_out, other_ahead, other_behind = second[len(second) - 1 - p]
        if kind is None or other_kind is None:
            continue  # a wall or a park meets the street: nothing to line up
        if kind != other_kind:
            problems.append(f"cell {p}: {kind} meets {other_kind}")
        elif (ahead, behind) != (other_behind, other_ahead):
            problems.append(f"cell {p}: kerb lines do not continue")
        if out or other_out:
            problems.append(f"cell {p}: a kerb faces the seam")
    return problems


def test_the_modules_have_streets_reaching_their_edges() -> None:
    edges = all_street_edges()
    assert len({label.split()[0] for label, _ in edges}) >= 9
    assert any(kind == "sidewalk" for _, strip in edges for kind, *_ in strip)
    assert any(kind == "road" for _, strip in edges for kind, *_ in strip)


def test_sidewalks_and_kerbs_line_up_whatever_modules_meet_in_any_rotation() -> None:
    # Turning a module keeps its edges clockwise, so every edge against every edge covers every
    # pair of modules in every rotation.
    edges = all_street_edges()
    failures = [f"{a} against {b}: {problem}"
                for a, first in edges for b, second in edges
                for problem in seam_mismatches(first, second)]
    assert failures == []


def test_the_seam_check_sees_a_sidewalk_meeting_a_road() -> None:
    (_, strip), = [(label, s) for label, s in all_street_edges() if label == "1R n"]
    broken = list(strip)
    road_at = next(p for p, (kind, *_) in enumerate(strip) if kind == "road")
    broken[road_at] = ("sidewalk", False, False, False)
    assert seam_mismatches(broken, strip) != []


@pytest.mark.parametrize(("roads", "expected"), [
    ({(5, 4)}, "kerb_n"),
    ({(5, 4), (6, 5)}, "kerb_ne"),
    ({(4, 5), (5, 6)}, "kerb_sw"),
    ({(6, 4)}, "kerb_corner_ne"),
    ({(4, 6)}, "kerb_corner_sw"),
    ({(5, 4), (5, 6)}, "sidewalk"),  # a strip between two roads has no single kerb
    (set(), "sidewalk"),
])
def test_kerb_tile_follows_the_road(roads: set[tuple[int, int]], expected: str) -> None:
    assert kerb_tile(5, 5, lambda col, row: (col, row) in roads) == expected
