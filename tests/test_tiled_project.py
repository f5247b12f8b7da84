"""The Tiled project and templates: written from the vocabulary, and maps drawn from them load."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from game.board.lint import validate_paths
from game.board.loader import check_module
from game.board.model import BoardModule
from game.board.vocabulary import ENUMS, all_classes
from tests.robustness.corpus_runner import load_tool
from tests.tiled_editor import tiled_editor

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

REPO = Path(__file__).resolve().parents[1]
MAPS = REPO / "maps"
TILED = tiled_editor()


def _tool() -> ModuleType:
    return load_tool("make_tiled_project")


def test_the_shipped_project_and_templates_are_what_the_tool_writes() -> None:
    tool = _tool()
    files = tool.written_files()
    for name, text in files.items():
        assert (MAPS / name).read_text(encoding="utf-8") == text, f"run tools/make_tiled_project.py: {name} differs"
    shipped = {f"templates/{p.name}" for p in (MAPS / "templates").glob("*.tx")}
    assert shipped == {name for name in files if name.startswith("templates/")}


def test_the_project_has_every_enum_and_a_class_per_object_class() -> None:
    document = json.loads((MAPS / "deadtable.tiled-project").read_text(encoding="utf-8"))
    types = {t["name"]: t for t in document["propertyTypes"]}
    assert len(types) == len(document["propertyTypes"])  # names are unique
    assert [t["id"] for t in document["propertyTypes"]] == list(range(1, len(types) + 1))
    for name, values in ENUMS.items():
        assert types[name]["type"] == "enum" and types[name]["values"] == list(values)
    assert {"zombicide", "zombieworld", "city_of_horror", "any"} <= set(types["Game"]["values"])
    for cls, specs in all_classes().items():
        members = {m["name"]: m for m in types[cls]["members"]}
        for spec in specs:
            assert (spec.name in members) == spec.class_member, (cls, spec.name)
            if spec.name in members and spec.enum:
                assert members[spec.name]["propertyType"] == spec.enum
    assert "kind" not in {m["name"] for m in types["zone"]["members"]}  # Tiled would drop a default kind
    assert document["extensionsPath"] == "extensions"


def _map_with_templates(folder: Path, layout: str, objects: list[str]) -> Path:
    templates = Path(os.path.relpath(MAPS / "templates", folder)).as_posix()
    game = "zombieworld" if layout == "free" else "zombicide"
    body = "\n".join(line.replace("T/", f"{templates}/") for line in objects)
    path = folder / f"{layout}.tmx"
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="15" height="15"
 tilewidth="40" tileheight="40" infinite="0" nextlayerid="3" nextobjectid="20">
 <properties>
  <property name="game" value="{game}"/>
  <property name="module" value="first-{layout}"/>
  <property name="scale" type="float" value="20"/>
  <property name="layout" propertytype="Layout" value="{layout}"/>
 </properties>
 <objectgroup id="2" name="objects">
{body}
 </objectgroup>
</map>
""")
    return path


ZONE_BOARD = [
    '  <object id="1" template="T/zone.tx" x="0" y="0" width="300" height="600"/>',
    '  <object id="2" template="T/zone.tx" x="300" y="0" width="300" height="300">',
    '   <properties><property name="kind" propertytype="ZoneKind" value="room"/></properties></object>',
    '  <object id="3" template="T/zone.tx" x="300" y="300" width="300" height="300"/>',
    '  <object id="4" template="T/door.tx" x="290" y="70" width="20" height="160">',
    '   <properties><property name="color" propertytype="DoorColor" value="blue"/></properties></object>',
    '  <object id="5" template="T/spawn_zone.tx" x="40" y="40"/>',
    '  <object id="6" template="T/objective.tx" x="400" y="100"/>',
    '  <object id="7" template="T/exit.tx" x="100" y="500"/>',
    '  <object id="8" template="T/wall_run.tx" x="300" y="450"><polyline points="0,0 0,150"/></object>',
]
FREE_TABLE = [
    '  <object id="1" template="T/building.tx" x="80" y="80"/>',
    '  <object id="2" template="T/building_door.tx" x="120" y="230"/>',
    '  <object id="3" template="T/tree.tx" x="400" y="400"/>',
    '  <object id="4" template="T/vehicle_spot.tx" x="300" y="80"/>',
    '  <object id="5" template="T/wall_run.tx" x="40" y="500"/>',
]


def _same_module(first: BoardModule, second: BoardModule) -> None:
    for field in dataclasses.fields(BoardModule):
        if field.name not in ("path", "properties"):
            assert getattr(first, field.name) == getattr(second, field.name), field.name


@pytest.mark.parametrize(("layout", "objects"), [("zones", ZONE_BOARD), ("free", FREE_TABLE)])
def test_a_map_drawn_from_the_templates_loads_clean(tmp_path: Path, layout: str, objects: list[str]) -> None:
    path = _map_with_templates(tmp_path, layout, objects)
    assert validate_paths([path]) == []
    module, _ = check_module(path)
    assert module is not None
    if layout == "zones":
        assert [z.kind.value for z in module.zones] == ["street", "room", "street"]
        (door,) = module.portals
        assert (door.color, door.is_open, set(door.zones)) == ("blue", False, {"z1", "z2"})
        assert sorted(m.kind.value for m in module.markers) == ["exit", "objective", "spawn"]
        assert [b.points for b in module.barriers] == [((15.0, 22.5), (15.0, 30.0))]  # its own polyline
    else:
        (building, *_) = module.terrain
        assert (building.height_cm, building.properties["floors"], len(building.portals)) == (8.0, 1, 1)
        assert {t.label for t in module.terrain} == {"House", "Tree"}


@pytest.mark.skipif(TILED is None, reason="Tiled is not installed")
@pytest.mark.parametrize(("layout", "objects"), [("zones", ZONE_BOARD), ("free", FREE_TABLE)])
def test_tiled_detaches_the_templates_into_the_same_board(tmp_path: Path, layout: str, objects: list[str]) -> None:
    path = _map_with_templates(tmp_path, layout, objects)
    detached = tmp_path / "detached.tmx"
    result = subprocess.run([str(TILED), "--detach-templates", "--export-map", str(path), str(detached)],
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert "template=" not in detached.read_text()
    ours, problems = check_module(path)
    theirs, their_problems = check_module(detached)
    assert problems == their_problems == []
    assert ours is not None and theirs is not None
    _same_module(ours, theirs)
