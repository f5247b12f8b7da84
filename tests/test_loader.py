"""The Tiled map loader: .tmx files to plain board data in cm."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.board.errors import MapFormatError
from game.board.lint import validate_paths
from game.board.loader import check_module, load_module
from game.board.model import (
    BarrierKind,
    BoardModule,
    Layout,
    MarkerKind,
    PortalKind,
    TerrainKind,
    ZoneKind,
)
from tests.tiled_editor import tiled_editor

pytestmark = pytest.mark.usefixtures("tmp_path_roots")  # tests/fixtures/ and tmp_path may be read

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "maps"
MODULE_3X3 = FIXTURES / "module_3x3.tmx"
FREE_TABLE = FIXTURES / "free_table.tmx"
NEWCOMER = FIXTURES / "newcomer_corner.tmx"
FIXTURE_TILES = "tests/fixtures/maps/tiles.png"


@pytest.fixture(scope="module")
def module_3x3() -> BoardModule:
    return load_module(MODULE_3X3)


@pytest.fixture(scope="module")
def free_table() -> BoardModule:
    return load_module(FREE_TABLE)


def flat(points: object) -> list[float]:
    """Points as one flat list, for pytest.approx."""
    return [coordinate for point in points for coordinate in point]  # type: ignore[attr-defined]


def rewrite_copy(tmp_path: Path, source: Path, edit: dict[str, str], name: str = "edited.tmx") -> Path:
    """A copy of a fixture map (with its tileset) after plain text replacements."""
    for extra in ("tiles.tsx", "tiles.png"):
        shutil.copy(FIXTURES / extra, tmp_path / extra)
    text = source.read_text(encoding="utf-8")
    for old, new in edit.items():
        assert old in text, old
        text = text.replace(old, new)
    target = tmp_path / name
    target.write_text(text, encoding="utf-8")
    return target


# --- map header and cm -----------------------------------------------------------------------


def test_header_and_size_in_cm(module_3x3: BoardModule) -> None:
    assert module_3x3.module_id == "T1"
    assert module_3x3.game == "zombicide"
    assert module_3x3.layout is Layout.ZONES
    assert module_3x3.title == "Test crossing"
    assert module_3x3.scale_px_per_cm == 20
    assert module_3x3.tile_px == (40, 40)
    assert module_3x3.tile_cm == (2.0, 2.0)
    # 15 tiles × 40 px / 20 px per cm
    assert (module_3x3.width_cm, module_3x3.height_cm) == (30.0, 30.0)
    assert module_3x3.path == "tests/fixtures/maps/module_3x3.tmx"


@pytest.mark.parametrize("scale", [8, 20, 25.5, 40])
def test_every_coordinate_is_pixels_over_scale(tmp_path: Path, scale: float) -> None:
    path = rewrite_copy(tmp_path, MODULE_3X3, {'type="float" value="20"': f'type="float" value="{scale}"'})
    module = load_module(path)
    assert module.width_cm == pytest.approx(600 / scale)
    kitchen = module.zone("kitchen")
    assert flat(kitchen.polygon) == pytest.approx(
        flat([(0, 0), (200 / scale, 0), (200 / scale, 200 / scale), (0, 200 / scale)])
    )
    front = next(p for p in module.portals if p.id == "front")
    # door rectangle x=60..140 px, centred on y=200 px
    assert flat([front.a, front.b]) == pytest.approx([60 / scale, 200 / scale, 140 / scale, 200 / scale])
    spawn = next(m for m in module.markers if m.kind is MarkerKind.SPAWN)
    assert spawn.position == pytest.approx((500 / scale, 100 / scale))
    assert spawn.size == pytest.approx((40 / scale, 40 / scale))


def test_an_integer_scale_property_works(tmp_path: Path) -> None:
    path = rewrite_copy(
        tmp_path, MODULE_3X3, {'name="scale" type="float" value="20"': 'name="scale" type="int" value="10"'}
    )
    assert load_module(path).width_cm == 60.0


# --- zones, portals, markers, barriers -------------------------------------------------------


def test_zones_names_kinds_and_labels(module_3x3: BoardModule) -> None:
    ids = [z.id for z in module_3x3.zones]
    assert ids == ["kitchen", "z2", "z3", "z4", "z5", "z6", "z7", "z8", "z9"]
    kinds = {z.id: z.kind for z in module_3x3.zones}
    assert [k for k, kind in kinds.items() if kind is ZoneKind.ROOM] == ["kitchen", "z2", "z7"]
    assert module_3x3.zone("kitchen").label == "Kitchen"
    assert module_3x3.zone("z2").label == ""
    assert module_3x3.zone("z5").object_id == 5


def test_polygon_zone_points_are_offset_by_the_object_position(module_3x3: BoardModule) -> None:
    # object 7: x=0 y=400, points relative to it
    assert module_3x3.zone("z7").polygon == ((0.0, 20.0), (10.0, 20.0), (10.0, 30.0), (0.0, 30.0))


def test_doors_and_openings_join_the_zones_on_either_side(module_3x3: BoardModule) -> None:
    portals = {p.id: p for p in module_3x3.portals}
    assert set(portals) == {"front", "d11", "d12"}
    front, opening, side_door = portals["front"], portals["d11"], portals["d12"]
    assert front.kind is PortalKind.DOOR and front.zones == ("kitchen", "z4")
    assert front.color == "blue" and front.is_open
    assert opening.kind is PortalKind.OPENING and opening.zones == ("kitchen", "z2")
    # a vertical rectangle gives a vertical segment on the border x = 10 cm
    assert (opening.a, opening.b) == ((10.0, 3.0), (10.0, 7.0))
    assert side_door.zones == ("z7", "z8")
    assert side_door.color == "neutral" and not side_door.is_open
    assert side_door.center == (10.0, 25.0)


def test_markers_know_their_zone_colour_and_locators(module_3x3: BoardModule) -> None:
    by_kind = {m.kind: m for m in module_3x3.markers}
    assert set(by_kind) == {MarkerKind.SPAWN, MarkerKind.START, MarkerKind.OBJECTIVE, MarkerKind.EXIT}
    spawn = by_kind[MarkerKind.SPAWN]
    assert spawn.zone == "z3" and spawn.locators == (1, 4) and spawn.color == "red"
    assert by_kind[MarkerKind.START].zone == "z5"
    assert by_kind[MarkerKind.START].locators == ()
    assert by_kind[MarkerKind.OBJECTIVE].zone == "kitchen"
    assert by_kind[MarkerKind.OBJECTIVE].color == "blue"
    assert by_kind[MarkerKind.EXIT].zone == "z9"


@pytest.mark.parametrize(
    ("value", "expected"),
    [("2", (2,)), ("1, 3,6", (1, 3, 6)), ("", ())],
)
def test_locators_text_forms(tmp_path: Path, value: str, expected: tuple[int, ...]) -> None:
    path = rewrite_copy(
        tmp_path, MODULE_3X3, {'name="locators" value="1,4"': f'name="locators" value="{value}"'}
    )
    spawn = next(m for m in load_module(path).markers if m.kind is MarkerKind.SPAWN)
    assert spawn.locators == expected


def test_locators_that_are_not_numbers_are_a_problem(tmp_path: Path) -> None:
    path = rewrite_copy(
        tmp_path, MODULE_3X3, {'name="locators" value="1,4"': 'name="locators" value="one,4"'}
    )
    with pytest.raises(MapFormatError) as raised:
        load_module(path)
    (problem,) = raised.value.problems
    assert (problem.layer, problem.object_id) == ("markers", 15)
    assert "'locators' = 'one,4' must be numbers separated by commas" in problem.what


def test_polyline_wall_and_thin_rectangle_fence(module_3x3: BoardModule) -> None:
    wall, fence = module_3x3.barriers
    assert wall.kind is BarrierKind.WALL and wall.object_id == 13
    assert wall.points == ((10.0, 20.0), (20.0, 20.0))
    # fence: rectangle y = 395..405 px, its long centre line at y = 400 px
    assert fence.kind is BarrierKind.FENCE
    assert fence.points == ((20.0, 20.0), (30.0, 20.0))


# --- class (Tiled 1.9) and type (Tiled 1.8, 1.10+) --------------------------------------------


def test_class_attribute_reads_like_type(tmp_path: Path, module_3x3: BoardModule) -> None:
    text = MODULE_3X3.read_text(encoding="utf-8")
    count = len(re.findall(r'<object id="\d+"( name="\w+")? type=', text))
    assert count == 18
    with_class = rewrite_copy(tmp_path, MODULE_3X3, {'" type="': '" class="'}, "class.tmx")
    assert 'type="zone"' not in with_class.read_text(encoding="utf-8")
    module = load_module(with_class)
    strip = {"path": "", "properties": {}, "tile_layers": ()}
    assert _comparable(module, **strip) == _comparable(module_3x3, **strip)


def test_an_object_with_both_attributes_uses_them(tmp_path: Path) -> None:
    path = rewrite_copy(tmp_path, MODULE_3X3, {'id="18" type="exit"': 'id="18" type="exit" class="exit"'})
    assert any(m.kind is MarkerKind.EXIT for m in load_module(path).markers)


def test_an_object_without_class_is_a_problem(tmp_path: Path) -> None:
    path = rewrite_copy(tmp_path, MODULE_3X3, {'<object id="18" type="exit"': '<object id="18"'})
    module, problems = check_module(path)
    assert module is not None
    (problem,) = problems
    assert (problem.layer, problem.object_id) == ("markers", 18)
    assert problem.what.startswith("object has no class (one of: zone, door")


def _comparable(module: BoardModule, **changes: object) -> BoardModule:
    from dataclasses import replace

    return replace(
        module,
        zones=tuple(replace(z, properties={}) for z in module.zones),
        portals=tuple(replace(p, properties={}) for p in module.portals),
        markers=tuple(replace(m, properties={}) for m in module.markers),
        **changes,  # type: ignore[arg-type]
    )


# --- tiles ---------------------------------------------------------------------------------


def test_tile_refs_give_image_source_rect_and_flips(module_3x3: BoardModule) -> None:
    floor, detail = module_3x3.tile_layers
    assert (floor.name, floor.width, floor.height, len(floor.cells)) == ("floor", 15, 15, 225)
    first = floor.cells[0]  # gid 1 with the horizontal flip bit
    assert first is not None
    assert first.image == FIXTURE_TILES
    assert first.src == (0, 0, 40, 40)
    assert (first.flip_x, first.flip_y, first.flip_diagonal) == (True, False, False)
    plain = floor.cells[1]
    assert plain is not None and plain.src == (0, 0, 40, 40) and not plain.flip_x
    last = floor.cells[224]  # gid 2 flipped vertically and diagonally
    assert last is not None
    assert last.src == (40, 0, 40, 40)
    assert (last.flip_x, last.flip_y, last.flip_diagonal) == (False, True, True)
    third = floor.cells[10]  # gid 3: second row of the 2-column tileset
    assert third is not None and third.src == (0, 40, 40, 40)
    # the detail layer is empty but for one tile, gid 4
    assert [i for i, cell in enumerate(detail.cells) if cell is not None] == [7 * 15 + 7]
    only = detail.cells[7 * 15 + 7]
    assert only is not None and only.src == (40, 40, 40, 40)


def test_tile_image_paths_outside_the_repo_are_absolute(tmp_path: Path) -> None:
    path = rewrite_copy(tmp_path, MODULE_3X3, {})
    cell = load_module(path).tile_layers[0].cells[0]
    assert cell is not None
    assert Path(cell.image) == (tmp_path / "tiles.png").resolve()
    assert Path(cell.image).is_file()


def test_base64_zlib_tile_layer(free_table: BoardModule) -> None:
    (ground,) = free_table.tile_layers
    assert (ground.width, ground.height) == (20, 15)
    # the fixture's cells run through gids 1, 2, 3, 4 again and again
    rects = [(0, 0), (40, 0), (0, 40), (40, 40)]
    for index, cell in enumerate(ground.cells):
        assert cell is not None
        assert cell.src[:2] == rects[index % 4]
        assert cell.image == FIXTURE_TILES


def test_shipped_tileset_resolves_to_the_assets_folder() -> None:
    module = load_module(REPO / "maps" / "zombicide" / "1R.tmx")
    images = {cell.image for layer in module.tile_layers for cell in layer.cells if cell is not None}
    assert images == {"assets/tiles/deadtable.png"}


def test_embedded_tileset_with_collision_shapes_and_grouped_layers(tmp_path: Path) -> None:
    embedded = (
        '<tileset firstgid="1" name="tiles" tilewidth="40" tileheight="40" tilecount="4" columns="2">\n'
        '  <image source="tiles.png" width="80" height="80"/>\n'
        '  <tile id="0"><objectgroup draworder="index" id="2">'
        '<object id="1" x="0" y="0" width="40" height="40"/></objectgroup></tile>\n'
        " </tileset>"
    )
    path = rewrite_copy(
        tmp_path,
        MODULE_3X3,
        {
            '<tileset firstgid="1" source="tiles.tsx"/>': embedded,
            '<objectgroup id="2" name="zones">': '<group id="20" name="board">\n <objectgroup id="2" name="zones">',
            ' <objectgroup id="3" name="doors">': ' </group>\n <objectgroup id="3" name="doors">',
        },
    )
    module, problems = check_module(path)
    assert problems == []
    assert module is not None
    assert len(module.zones) == 9 and len(module.portals) == 3 and len(module.markers) == 4
    assert module.tile_layers[0].cells[0] is not None


# --- free tables ---------------------------------------------------------------------------


def test_free_table_terrain(free_table: BoardModule) -> None:
    assert free_table.layout is Layout.FREE
    assert free_table.game == "zombieworld"
    assert (free_table.width_cm, free_table.height_cm) == (40.0, 30.0)
    assert free_table.zones == () and free_table.portals == ()
    kinds = [t.kind for t in free_table.terrain]
    assert kinds == [
        TerrainKind.BUILDING,
        TerrainKind.BUILDING,
        TerrainKind.OBSTACLE,
        TerrainKind.DIFFICULT,
        TerrainKind.COVER,
        TerrainKind.IMPASSABLE,
        TerrainKind.STAIRS,
    ]
    shop, warehouse, obstacle, difficult, cover, _, stairs = free_table.terrain
    assert shop.polygon == ((4.0, 4.0), (16.0, 4.0), (16.0, 12.0), (4.0, 12.0))
    assert (shop.height_cm, shop.label, shop.properties["floors"]) == (6.0, "Shop", 2)
    assert warehouse.polygon[3:] == ((30.0, 20.0), (30.0, 10.0), (24.0, 10.0))
    assert obstacle.height_cm == 2.5
    assert difficult.polygon == ((2.0, 22.0), (8.0, 22.0), (10.0, 26.0), (2.0, 28.0))
    assert cover.cover == 2
    assert stairs.polygon[0] == (16.0, 8.0)


def test_free_table_doors_and_windows_join_their_building(free_table: BoardModule) -> None:
    shop, warehouse = free_table.terrain[:2]
    door, window = shop.portals
    assert (door.id, door.kind, door.is_open) == ("shop-door", PortalKind.DOOR, True)
    assert (door.a, door.b) == ((8.0, 12.0), (11.0, 12.0))
    assert door.zones is None
    assert (window.kind, window.a, window.b) == (PortalKind.WINDOW, (4.0, 6.0), (4.0, 9.0))
    # a window on the inner edge of an L-shaped building
    (inner,) = warehouse.portals
    assert (inner.kind, inner.a, inner.b) == (PortalKind.WINDOW, (30.0, 13.0), (30.0, 16.0))
    assert all(not t.portals for t in free_table.terrain[2:])


def test_free_table_walls_and_markers(free_table: BoardModule) -> None:
    polyline, rectangle = free_table.barriers
    assert polyline.points == ((4.0, 20.0), (20.0, 20.0), (20.0, 26.0))
    assert polyline.height_cm == 3.0
    assert rectangle.points == ((37.25, 22.0), (37.25, 26.0))
    kinds = [m.kind for m in free_table.markers]
    assert kinds == [MarkerKind.DEPLOYMENT, MarkerKind.DEPLOYMENT, MarkerKind.LAMP, MarkerKind.VEHICLE]
    assert all(m.zone is None for m in free_table.markers)
    assert free_table.markers[0].size == (4.0, 30.0)
    assert free_table.markers[3].position == (16.0, 16.5)


# --- errors --------------------------------------------------------------------------------


def test_load_module_raises_with_every_problem(tmp_path: Path) -> None:
    path = rewrite_copy(
        tmp_path,
        MODULE_3X3,
        {
            '<property name="game" value="zombicide"/>': "",
            '<property name="kind" value="room"/>\n   </properties>\n  </object>\n  <object id="3"': '<property name="kind" value="attic"/>\n   </properties>\n  </object>\n  <object id="3"',
        },
    )
    with pytest.raises(MapFormatError) as raised:
        load_module(path)
    lines = str(raised.value).splitlines()
    assert len(lines) == 1  # the header stops the conversion; the rest follows once it is fixed
    assert "map property 'game' is missing" in lines[0]


def test_a_bad_file_never_raises_anything_but_map_format_error(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.tmx"
    garbage.write_bytes(b"\x00\xff not xml at all")
    module, problems = check_module(garbage)
    assert module is None
    assert "malformed XML at line 1" in problems[0].what
    with pytest.raises(MapFormatError):
        load_module(tmp_path / "absent.tmx")


def test_infinite_maps_are_refused(tmp_path: Path) -> None:
    path = rewrite_copy(tmp_path, MODULE_3X3, {'infinite="0"': 'infinite="1"'})
    module, problems = check_module(path)
    assert module is None
    assert any("infinite maps are not supported" in p.what for p in problems)


# --- a map made from maps/README.md alone -----------------------------------------------------


def test_newcomer_map_loads_and_validates_clean() -> None:
    assert validate_paths([NEWCOMER]) == []
    module = load_module(NEWCOMER)
    assert module.module_id == "newcomer-corner"
    yard = module.zone("yard")
    assert yard.kind is ZoneKind.STREET and len(yard.polygon) == 6
    portals = {p.id: p for p in module.portals}
    assert portals["back-door"].zones == ("yard", "office")
    assert portals["back-door"].color == "blue"
    assert portals["d5"].kind is PortalKind.OPENING and portals["d5"].zones == ("hall", "office")
    spawn = next(m for m in module.markers if m.kind is MarkerKind.SPAWN)
    assert (spawn.zone, spawn.locators) == ("yard", (1, 4))
    cell = module.tile_layers[0].cells[0]
    assert cell is not None and cell.image == "assets/tiles/deadtable.png"


def test_newcomer_map_assembles_into_a_board() -> None:
    from game.board.mission import load_board

    board = load_board(NEWCOMER)
    pairs = {frozenset((c.a, c.b)): c for c in board.connections}
    door = pairs[frozenset(("newcomer-corner:yard", "newcomer-corner:office"))]
    assert door.kind.value == "door"
    assert frozenset(("newcomer-corner:hall", "newcomer-corner:office")) in pairs
    # rooms reach the yard only through the door
    assert frozenset(("newcomer-corner:yard", "newcomer-corner:hall")) not in pairs


# --- real Tiled ----------------------------------------------------------------------------

TILED = tiled_editor()
GOOD_MAPS = sorted((REPO / "maps").rglob("*.tmx")) + sorted(FIXTURES.glob("*.tmx"))


def _tiled_version() -> tuple[int, int]:
    assert TILED is not None
    result = subprocess.run(
        [TILED, "--version"], capture_output=True, text=True, env=_tiled_env(), timeout=30
    )
    found = re.search(r"(\d+)\.(\d+)", result.stdout + result.stderr)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def _tiled_env() -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def _object_classes(module: BoardModule) -> dict[int, str]:
    classes: dict[int, str] = {z.object_id: "zone" for z in module.zones}
    classes |= {p.object_id: p.kind.value for p in module.portals}
    classes |= {b.object_id: b.kind.value for b in module.barriers}
    classes |= {m.object_id: m.kind.value for m in module.markers}
    for terrain in module.terrain:
        classes[terrain.object_id] = terrain.kind.value
        classes |= {p.object_id: p.kind.value for p in terrain.portals}
    return classes


@pytest.mark.skipif(TILED is None, reason="the Tiled editor (tiled) is not installed")
@pytest.mark.parametrize("path", GOOD_MAPS, ids=lambda p: str(p.relative_to(REPO)))
def test_real_tiled_opens_the_map_and_reads_what_we_read(path: Path, tmp_path: Path) -> None:
    assert TILED is not None
    out = tmp_path / "export.json"
    result = subprocess.run(
        [TILED, "--export-map", "json", str(path), str(out)],
        capture_output=True,
        text=True,
        env=_tiled_env(),
        timeout=60,
    )
    assert result.returncode == 0 and out.is_file(), result.stderr
    exported = json.loads(out.read_text(encoding="utf-8"))
    module = load_module(path)
    scale = module.scale_px_per_cm
    assert exported["width"] * exported["tilewidth"] / scale == pytest.approx(module.width_cm)
    objects = {
        o["id"]: o for layer in exported["layers"] if layer["type"] == "objectgroup" for o in layer["objects"]
    }
    ours = _object_classes(module)
    assert set(ours) <= set(objects)
    writes_class = 'class="' in path.read_text(encoding="utf-8")
    for object_id, cls in ours.items():
        theirs = objects[object_id].get("type") or objects[object_id].get("class") or ""
        if theirs or not writes_class or _tiled_version() >= (1, 9):
            # Tiled before 1.9 does not know the class attribute; every other case must agree
            assert theirs == cls, (object_id, theirs, cls)
    for zone in module.zones:
        obj = objects[zone.object_id]
        if "polygon" in obj:
            expected = [((obj["x"] + p["x"]) / scale, (obj["y"] + p["y"]) / scale) for p in obj["polygon"]]
        else:
            x, y, w, h = obj["x"], obj["y"], obj["width"], obj["height"]
            expected = [
                (x / scale, y / scale),
                ((x + w) / scale, y / scale),
                ((x + w) / scale, (y + h) / scale),
                (x / scale, (y + h) / scale),
            ]
        assert flat(zone.polygon) == pytest.approx(flat(expected))


@pytest.mark.parametrize(
    ("edit", "name", "layer", "object_id"),
    [
        ('<property name="label" value="Kitchen"/>', "width", "zones", 1),
        ('<property name="label" value="Kitchen"/>', "visible", "zones", 1),
        ('<property name="title" value="Test crossing"/>', "version", "", None),
    ],
)
def test_property_names_the_reader_keeps_for_itself(
    tmp_path: Path, edit: str, name: str, layer: str, object_id: int | None
) -> None:
    path = rewrite_copy(
        tmp_path,
        MODULE_3X3,
        {edit: edit.replace('name="label"', f'name="{name}"').replace('name="title"', f'name="{name}"')},
    )
    module, problems = check_module(path)
    assert module is None
    (problem,) = problems
    assert (problem.layer, problem.object_id) == (layer, object_id)
    assert f"property name '{name}' is reserved" in problem.what


def test_layer_color_is_reserved_but_object_color_is_not(tmp_path: Path) -> None:
    layer_color = (
        '<objectgroup id="3" name="doors">\n  <properties><property name="color" value="red"/></properties>'
    )
    path = rewrite_copy(tmp_path, MODULE_3X3, {'<objectgroup id="3" name="doors">': layer_color})
    _, problems = check_module(path)
    assert [(p.layer, p.object_id) for p in problems] == [("doors", None)]
    assert "property name 'color' is reserved" in problems[0].what
    assert any(p.color == "blue" for p in load_module(MODULE_3X3).portals)


@pytest.mark.parametrize("compression", ["", "gzip", "zlib"])
def test_base64_tile_layers_with_any_supported_compression(tmp_path: Path, compression: str) -> None:
    import base64
    import gzip
    import struct
    import zlib

    raw = struct.pack("<225I", *([2] * 225))
    packed = {"": raw, "gzip": gzip.compress(raw), "zlib": zlib.compress(raw)}[compression]
    attribute = f' compression="{compression}"' if compression else ""
    text = MODULE_3X3.read_text(encoding="utf-8")
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    data = f'<data encoding="base64"{attribute}>\n{base64.b64encode(packed).decode()}\n'
    path = rewrite_copy(tmp_path, MODULE_3X3, {text[start:end]: data})
    floor = load_module(path).tile_layers[0]
    assert {cell.src for cell in floor.cells if cell is not None} == {(40, 0, 40, 40)}
    assert len(floor.cells) == 225


def test_zstd_and_xml_tile_layers_are_refused_with_a_hint(tmp_path: Path) -> None:
    text = MODULE_3X3.read_text(encoding="utf-8")
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    zstd = rewrite_copy(
        tmp_path, MODULE_3X3, {text[start:end]: '<data encoding="base64" compression="zstd">AAAA'}, "z.tmx"
    )
    xml = rewrite_copy(tmp_path, MODULE_3X3, {text[start:end]: '<data><tile gid="1"/>'}, "x.tmx")
    assert "use zlib" in check_module(zstd)[1][0].what
    assert "must be CSV or Base64" in check_module(xml)[1][0].what


@pytest.mark.parametrize(
    ("old", "new", "layer", "object_id", "words"),
    [
        (
            'name="scale" type="float" value="20"',
            'name="scale" type="float" value="abc"',
            "",
            None,
            "'scale' = 'abc' must be a number",
        ),
        (
            '<property name="label" value="Kitchen"/>',
            '<property name="label" type="int" value="x"/>',
            "zones",
            1,
            "must be a whole number",
        ),
        (
            'name="open" type="bool" value="true"',
            'name="open" type="bool" value="maybe"',
            "doors",
            10,
            "must be true or false",
        ),
        (
            'points="0,0 200,0 200,200 0,200"',
            'points="0,0 abc"',
            "zones",
            7,
            "points must be pairs of numbers",
        ),
        (
            '<object id="2" type="zone" x="200"',
            '<object id="2" type="zone" x="wide"',
            "zones",
            2,
            'x="wide" must be a number',
        ),
        (
            '<object id="18" type="exit" x="480"',
            '<object id="18" type="exit" x="nan"',
            "markers",
            18,
            'x="nan" must be a number',
        ),
        ("1,1,1,1,1610612738", "1,1,1,1,x", "floor", None, "tile layer data holds 'x', not a tile number"),
        ('<tileset firstgid="1" source', "<tileset source", "", None, "tileset 'tiles.tsx' needs a firstgid"),
        (
            '<layer id="6" name="detail"',
            '<layer id="6" name="detail" visible="maybe"',
            "detail",
            None,
            "must be true or false",
        ),
    ],
)
def test_values_the_reader_cannot_read_are_named_with_their_place(
    tmp_path: Path, old: str, new: str, layer: str, object_id: int | None, words: str
) -> None:
    module, problems = check_module(rewrite_copy(tmp_path, MODULE_3X3, {old: new}))
    assert module is None
    (problem,) = problems
    assert (problem.layer, problem.object_id) == (layer, object_id)
    assert words in problem.what
