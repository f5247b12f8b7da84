"""The art, maps and missions we ship: complete, loadable, and remade byte for byte by their scripts."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections import deque
from pathlib import Path
from xml.etree import ElementTree

import pygame
import pytest

from game.board.lint import is_warning, validate_paths
from game.board.loader import check_module, load_module
from game.board.mission import load_board
from game.board.model import (
    DOOR_COLORS,
    STREET_LIKE_KINDS,
    Board,
    BoardModule,
    ConnectionKind,
    Layout,
    MarkerKind,
    TerrainKind,
    ZoneKind,
)
from tests.tiled_editor import tiled_editor

REPO = Path(__file__).resolve().parent.parent
ASSETS = REPO / "assets"
MAPS = REPO / "maps"
MISSIONS = sorted(p for p in (MAPS / "missions").glob("*.toml") if not p.name.startswith("inv-"))  # Invader's: tests/zombicide/invader
ZOMBICIDE_MAPS = sorted((MAPS / "zombicide").glob("*.tmx"))
FREE_TABLES = sorted((MAPS / "zombieworld").glob("*.tmx"))
ALL_MAPS = ZOMBICIDE_MAPS + FREE_TABLES
TILE_SIDE = re.compile(r"^(\d+)([RV])$")


def load_image(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


# --- tokens -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def manifest() -> dict[str, dict[str, object]]:
    return json.loads((ASSETS / "tokens" / "tokens.json").read_text(encoding="utf-8"))


def test_every_token_has_a_round_128px_image(manifest: dict[str, dict[str, object]]) -> None:
    assert manifest
    for name, entry in manifest.items():
        path = ASSETS / "tokens" / str(entry["file"])
        assert path.is_file(), name
        image = load_image(path)
        assert image.get_size() == (128, 128), name
        for corner in ((0, 0), (127, 0), (0, 127), (127, 127), (10, 10)):
            assert image.get_at(corner).a == 0, f"{name}: corner {corner} is not transparent"
        assert image.get_at((64, 64)).a == 255, f"{name}: the middle of the base is not opaque"
        assert entry["side"] in ("survivor", "zombie", "token"), name
        assert str(entry["label"]).strip(), name
        assert isinstance(entry["base_cm"], float) and 2.0 <= entry["base_cm"] <= 5.0, name


def test_twelve_survivors_of_our_own_with_their_own_colours(manifest: dict[str, dict[str, object]]) -> None:
    ours = {name: entry for name, entry in manifest.items() if entry.get("ours")}
    assert len(ours) == 12
    assert all(entry["side"] == "survivor" and entry["base_cm"] == 2.5 for entry in ours.values())
    assert len({entry["color"] for entry in ours.values()}) == 12
    assert len({entry["label"] for entry in ours.values()}) == 12


def test_zombie_tokens_cover_the_boxes(manifest: dict[str, dict[str, object]]) -> None:
    zombies = {name for name, entry in manifest.items() if entry["side"] == "zombie"}
    assert {"walker", "runner", "fatty", "abomination", "crawler", "a_bomb", "zw_walker"} <= zombies
    assert {"skinner_walker", "skinner_runner", "skinner_fatty"} <= zombies
    assert manifest["fatty"]["base_cm"] == 3.0 and manifest["skinner_fatty"]["base_cm"] == 3.0
    assert manifest["abomination"]["base_cm"] == 4.0 and manifest["a_bomb"]["base_cm"] == 4.0
    assert manifest["zw_dog"]["side"] == "survivor" and manifest["zw_survivor"]["side"] == "survivor"


def test_the_zombie_catalogue_names_tokens_we_have(manifest: dict[str, dict[str, object]]) -> None:
    catalogue = REPO / "game" / "rules" / "zombicide" / "content" / "rue_morgue" / "zombies.toml"
    if not catalogue.is_file():
        pytest.skip("no Rue Morgue zombie catalogue")
    data = tomllib.loads(catalogue.read_text(encoding="utf-8"))
    tokens = [z["token"] for z in data.get("zombie", []) if "token" in z]
    assert tokens
    assert [t for t in tokens if t not in manifest] == []


# --- markers and doors ------------------------------------------------------------------------


def test_every_marker_kind_has_an_image() -> None:
    folder = ASSETS / "markers"
    for kind in MarkerKind:
        plain = folder / f"{kind.value}.png"
        coloured = list(folder.glob(f"{kind.value}_*.png"))
        assert plain.is_file() or coloured, kind.value
    for color in ("red", "blue", "pink", "green"):
        assert (folder / f"spawn_{color}.png").is_file()
        assert (folder / f"objective_{color}.png").is_file()
    for color in ("blue", "green"):
        assert (folder / f"bed_{color}.png").is_file()
    for path in folder.glob("*.png"):
        image = load_image(path)
        if path.name.startswith("door_"):
            assert image.get_size() == (96, 32), path.name
        else:
            assert image.get_size() == (96, 96), path.name
            assert image.get_at((0, 0)).a == 0, f"{path.name}: corner is not transparent"


def test_every_door_colour_has_open_and_closed_images() -> None:
    for color in DOOR_COLORS:
        for state in ("open", "closed"):
            assert (ASSETS / "markers" / f"door_{color}_{state}.png").is_file(), (color, state)


# --- tileset ----------------------------------------------------------------------------------


def test_tileset_names_every_tile_and_matches_its_image() -> None:
    root = ElementTree.parse(ASSETS / "tiles" / "deadtable.tsx").getroot()
    tile_px = int(root.get("tilewidth", "0"))
    assert tile_px == 40 and root.get("tileheight") == "40"
    image_node = root.find("image")
    assert image_node is not None
    image = load_image(ASSETS / "tiles" / str(image_node.get("source")))
    columns = int(root.get("columns", "0"))
    count = int(root.get("tilecount", "0"))
    assert image.get_width() == columns * tile_px
    assert image.get_height() == -(-count // columns) * tile_px
    names = {}
    for tile in root.findall("tile"):
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        names[int(tile.get("id", "-1"))] = props.get("tile")
    assert sorted(names) == list(range(count))
    assert len(set(names.values())) == count
    needed = {"asphalt", "asphalt_crossing_h", "asphalt_crossing_v", "sidewalk", "kerb_n", "wood_floor",
              "tiled_floor", "linoleum", "carpet", "grass", "dirt", "helipad_concrete", "gravel", "rubble",
              "water", "roof"}
    assert needed <= set(names.values())


# --- maps -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ALL_MAPS, ids=lambda p: p.name)
def test_every_shipped_map_loads_clean(path: Path) -> None:
    module, problems = check_module(path)
    assert problems == []
    assert module is not None
    assert module.module_id == path.stem
    assert module.tile_layers and all(cell is not None for cell in module.tile_layers[0].cells)


def test_the_lint_finds_nothing_in_the_shipped_maps() -> None:
    problems = validate_paths([MAPS])
    assert [str(p) for p in problems if not is_warning(p)] == []
    assert [str(p) for p in problems] == []


def test_module_ids_are_unique_and_the_zombicide_tiles_come_in_pairs() -> None:
    ids = [load_module(path).module_id for path in ALL_MAPS]
    assert len(ids) == len(set(ids))
    assert sorted(p.stem for p in ZOMBICIDE_MAPS) == sorted(f"{n}{side}" for n in range(1, 10) for side in "RV")


@pytest.mark.parametrize("path", ZOMBICIDE_MAPS, ids=lambda p: p.name)
def test_zombicide_modules_are_30cm_squares_with_street_or_building_edge_middles(path: Path) -> None:
    module = load_module(path)
    assert module.game == "zombicide" and module.layout is Layout.ZONES
    assert (module.width_cm, module.height_cm) == (30.0, 30.0)
    assert module.scale_px_per_cm == 20.0
    # The middle band of each edge is all street-like or all building, so modules fit in any rotation.
    along = [10.25 + 0.5 * i for i in range(19)]
    edges = {
        "north": [(t, 0.25) for t in along], "south": [(t, 29.75) for t in along],
        "west": [(0.25, t) for t in along], "east": [(29.75, t) for t in along],
    }
    for edge, points in edges.items():
        street_like = {zone_kind(module, p) in STREET_LIKE_KINDS for p in points}
        assert len(street_like) == 1, f"{path.name}: the middle of the {edge} edge mixes street and building"


def zone_kind(module: BoardModule, point: tuple[float, float]) -> ZoneKind:
    for zone in module.zones:
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        if min(xs) <= point[0] < max(xs) and min(ys) <= point[1] < max(ys):
            return zone.kind
    raise AssertionError(f"{module.module_id}: no zone at {point}")


def test_special_sides_have_their_special_zones() -> None:
    kinds = {p.stem: {z.kind.value for z in load_module(p).zones} for p in ZOMBICIDE_MAPS}
    for n in range(1, 7):
        assert {"hallway", "hospital_room", "locker_room"} <= kinds[f"{n}V"], f"{n}V"
    assert kinds["7V"] == {"wasteland"}
    assert {"camp", "tent"} <= kinds["8V"] and {"camp", "tent"} <= kinds["9V"]
    assert "helipad" in kinds["9R"]
    for n in range(1, 9):
        assert {"street", "room"} <= kinds[f"{n}R"], f"{n}R"
    helipad = load_module(MAPS / "zombicide" / "9R.tmx")
    assert any(b.kind.value == "fence" for b in helipad.barriers)
    assert any(m.kind is MarkerKind.STAIRS for m in helipad.markers)


@pytest.mark.parametrize("path", FREE_TABLES, ids=lambda p: p.name)
def test_free_tables_have_buildings_terrain_and_four_deployment_areas(path: Path) -> None:
    table = load_module(path)
    assert table.game == "zombieworld" and table.layout is Layout.FREE
    assert (table.width_cm, table.height_cm) == (120.0, 120.0)
    buildings = [t for t in table.terrain if t.kind is TerrainKind.BUILDING]
    assert len(buildings) >= 3
    for building in buildings:
        assert building.height_cm > 0 and building.label
        assert any(p.kind.value == "door" for p in building.portals), building.label
    assert any(t.kind is TerrainKind.OBSTACLE and t.height_cm > 0 for t in table.terrain)
    assert any(t.kind is TerrainKind.DIFFICULT for t in table.terrain)
    assert any(t.kind is TerrainKind.COVER and t.cover in (1, 2) for t in table.terrain)
    assert any(b.height_cm > 0 for b in table.barriers)
    assert any(m.kind is MarkerKind.LAMP for m in table.markers)
    deployments = [m for m in table.markers if m.kind is MarkerKind.DEPLOYMENT]
    quadrants = {(int(m.position[0] // 60), int(m.position[1] // 60)) for m in deployments}
    assert quadrants == {(0, 0), (1, 0), (0, 1), (1, 1)}


@pytest.mark.skipif(tiled_editor() is None, reason="the Tiled editor is not installed")
def test_real_tiled_accepts_every_map(tmp_path: Path) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    for path in ALL_MAPS:
        out = tmp_path / f"{path.stem}.json"
        result = subprocess.run([str(tiled_editor()), "--export-map", "json", str(path), str(out)], env=env,
                                capture_output=True, timeout=120)
        assert result.returncode == 0, (path.name, result.stderr[-500:])
        exported = json.loads(out.read_text(encoding="utf-8"))
        classes = {o.get("type") or o.get("class") for layer in exported["layers"] for o in layer.get("objects", [])}
        assert "" not in classes and None not in classes, path.name


# --- missions ---------------------------------------------------------------------------------


def reachable_from_start(board: Board) -> set[str]:
    links: dict[str, set[str]] = {zone: set() for zone in board.zones}
    for c in board.connections:
        if c.kind is ConnectionKind.FENCE and not c.has_stairs:
            continue
        links[c.a].add(c.b)
        links[c.b].add(c.a)
    starts = [m.zone for m in board.markers if m.kind is MarkerKind.START]
    assert len(starts) == 1
    seen = {starts[0]}
    queue = deque(seen)
    while queue:
        for other in links[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


@pytest.mark.parametrize("path", MISSIONS, ids=lambda p: p.name)
def test_missions_assemble_and_every_zone_can_be_reached(path: Path) -> None:
    board = load_board(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["id"] == path.stem
    tiles = [TILE_SIDE.match(Path(m["map"]).stem) for m in data["modules"]]
    assert all(tiles)
    numbers = [int(t.group(1)) for t in tiles if t]
    assert len(numbers) == len(set(numbers)), "a physical tile is used twice"
    assert len({m.get("rotation", 0) for m in data["modules"]}) >= 2, "use rotations"
    assert reachable_from_start(board) == set(board.zones)
    kinds = [m.kind for m in board.markers]
    assert MarkerKind.EXIT in kinds and MarkerKind.SPAWN in kinds


def test_tutorial_uses_the_hospital_and_the_wasteland() -> None:
    data = tomllib.loads((MAPS / "missions" / "tutorial-2x2.toml").read_text(encoding="utf-8"))
    assert sorted(Path(m["map"]).stem for m in data["modules"]) == ["2V", "4V", "6V", "7V"]
    board = load_board(MAPS / "missions" / "tutorial-2x2.toml")
    locators = sorted(n for m in board.markers if m.kind is MarkerKind.SPAWN for n in m.locators)
    assert locators == [1, 2, 3]
    exit_zone = next(m.zone for m in board.markers if m.kind is MarkerKind.EXIT)
    assert any(m.kind is MarkerKind.HELICOPTER and m.zone == exit_zone for m in board.markers)
    assert any(m.kind is MarkerKind.EVENT_TRIGGER for m in board.markers)


def test_safehouse_has_keyed_blue_and_pink_doors_and_six_locators() -> None:
    path = MAPS / "missions" / "safehouse-3x2.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    used = {Path(m["map"]).stem for m in data["modules"]}
    assert {"2R", "5R", "6R", "9R"} <= used and len(used) == 6
    board = load_board(path)
    door_colors = {c.color for c in board.connections if c.kind is ConnectionKind.DOOR}
    assert {"blue", "pink"} <= door_colors
    objective_colors = {m.color for m in board.markers if m.kind is MarkerKind.OBJECTIVE}
    assert {"blue", "pink"} <= objective_colors
    assert data["setup"]["door_keys"] == {"blue": "blue", "pink": "pink"}
    locators = sorted(n for m in board.markers if m.kind is MarkerKind.SPAWN for n in m.locators)
    assert locators == [1, 2, 3, 4, 5, 6]
    assert any(m.kind is MarkerKind.HELICOPTER for m in board.markers)
    assert any(c.kind is ConnectionKind.FENCE and c.has_stairs for c in board.connections)


def test_city_uses_nine_modules_and_coloured_spawn_zones() -> None:
    board = load_board(MAPS / "missions" / "city-3x3.toml")
    assert len(board.modules) == 9
    assert len({placed.rotation for placed in board.modules}) >= 3
    spawn_colors = {m.color for m in board.markers if m.kind is MarkerKind.SPAWN}
    assert {"red", "blue", "green"} <= spawn_colors


# --- the scripts are deterministic ------------------------------------------------------------


def files_under(folder: Path, suffixes: tuple[str, ...]) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix in suffixes
    }


def test_make_assets_remakes_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(REPO / "tools" / "make_assets.py"), str(tmp_path)],
                            capture_output=True, timeout=300, env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr[-1000:]
    made = files_under(tmp_path, (".png", ".tsx", ".json"))
    committed = files_under(ASSETS, (".png", ".tsx", ".json"))
    assert sorted(made) == sorted(committed)
    assert [name for name in made if made[name] != committed[name]] == []


def test_make_maps_remakes_the_committed_maps_byte_for_byte(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(REPO / "tools" / "make_maps.py"), str(tmp_path)],
                            capture_output=True, timeout=300, env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr[-1000:]
    made = files_under(tmp_path, (".tmx", ".toml"))
    committed = {k: v for k, v in files_under(MAPS, (".tmx", ".toml")).items()
                 if k.split("/")[0] in ("zombicide", "zombieworld", "missions")}
    assert sorted(made) == sorted(committed)
    assert [name for name in made if made[name] != committed[name]] == []
