"""The property vocabulary's warnings, ``--validate --json`` and template instances in maps."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from game.board.lint import validate_json, validate_paths
from game.board.loader import check_module
from game.board.vocabulary import ENUMS, MAP_PROPERTIES, all_classes, classes_for

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

REPO = Path(__file__).resolve().parents[1]
TYPOS = REPO / "tests" / "fixtures" / "maps" / "typos"
TEMPLATES = REPO / "maps" / "templates"

# (file, object id or None for the map) → the words each warning holds
EXPECTED_WARNINGS = {
    ("zone_typos.tmx", None): ("unknown property 'titel'", "did you mean 'title'?"),
    ("zone_typos.tmx", 3): ("unknown property 'colour'", "did you mean 'color'?"),
    ("zone_typos.tmx", 4): ("'color' = 'orange' is not one of: red, blue, green, pink",),
    ("free_typos.tmx", 3): ("unknown property 'lable'", "did you mean 'label'?"),
}


def _warnings(name: str) -> list[str]:
    return [str(p) for p in validate_paths([TYPOS / name])]


def test_each_typo_gets_a_warning_with_its_place_and_a_suggestion() -> None:
    lines = _warnings("zone_typos.tmx") + _warnings("free_typos.tmx")
    assert all("warning: " in line for line in lines)
    for (name, object_id), words in EXPECTED_WARNINGS.items():
        place = f"{name}: layer 'things', object {object_id}:" if object_id and name.startswith("zone") else name
        matching = [line for line in lines if place in line and all(word in line for word in words)]
        assert len(matching) == 1, (place, words, lines)


def test_a_wrong_case_name_suggests_the_right_one() -> None:
    assert any("unknown property 'Open'" in line and "did you mean 'open'?" in line
               for line in _warnings("zone_typos.tmx"))


def test_free_table_values_outside_their_type_and_a_building_without_height() -> None:
    lines = [line for line in _warnings("free_typos.tmx") if "object 1:" in line]
    assert len(lines) == 3, lines
    assert any("'floors' = 'two' must be a whole number" in line for line in lines)
    assert any("'roof' = 'yes' must be true or false" in line for line in lines)
    assert any("property 'height_cm' is missing" in line for line in lines)
    assert not [line for line in _warnings("free_typos.tmx") if "object 2:" in line]  # a correct building


def test_every_property_a_shipped_map_uses_is_in_the_vocabulary() -> None:
    for path in sorted((REPO / "maps").rglob("*.tmx")):
        root = ElementTree.parse(path).getroot()
        map_names = {spec.name for spec in MAP_PROPERTIES}
        assert {p.get("name") for p in root.findall("./properties/property")} <= map_names, path
        layout = next((p.get("value") for p in root.findall("./properties/property") if p.get("name") == "layout"),
                      "zones")
        classes = classes_for(str(layout))
        for obj in root.iter("object"):
            cls = obj.get("type") or obj.get("class") or ""
            names = {p.get("name") for p in obj.findall("./properties/property")}
            assert names <= {spec.name for spec in classes[cls]}, (path, obj.get("id"), names)


def test_every_enum_a_property_names_exists() -> None:
    for specs in (MAP_PROPERTIES, *all_classes().values()):
        for spec in specs:
            assert spec.enum in ("", "Game") or spec.enum in ENUMS, spec
            if spec.enum in ENUMS and spec.default != "":
                assert str(spec.default) in ENUMS[spec.enum], spec


def test_json_gives_file_layer_object_position_severity_and_message() -> None:
    out = io.StringIO()
    broken = REPO / "tests" / "fixtures" / "maps" / "broken" / "door_not_on_border.tmx"
    code = validate_json([str(broken), str(TYPOS / "zone_typos.tmx")], out)
    document = json.loads(out.getvalue())
    assert code == 1
    assert document["files_checked"] == 2
    assert document["errors"] == 1
    assert document["warnings"] == 4
    error = next(p for p in document["problems"] if p["severity"] == "error")
    assert error["file"] == "tests/fixtures/maps/broken/door_not_on_border.tmx"
    assert Path(error["path"]) == broken
    assert (error["layer"], error["object_id"], error["x_px"], error["y_px"]) == ("things", 3, 20.0, 90.0)
    assert error["message"].startswith("door is not on the border")
    spawn = next(p for p in document["problems"] if p["object_id"] == 4)
    assert (spawn["severity"], spawn["layer"], spawn["x_px"], spawn["y_px"]) == ("warning", "things", 20.0, 20.0)
    assert not spawn["message"].startswith("warning")
    titel = next(p for p in document["problems"] if "titel" in p["message"])
    assert (titel["object_id"], titel["x_px"]) == (None, None)


def test_main_json_flag_prints_one_document_and_needs_validate() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(REPO / "main.py"), *args], capture_output=True, text=True,
                              cwd=REPO, timeout=120)

    result = run("--allow-root", "tests/fixtures", "--validate", str(TYPOS), "--json")
    assert result.returncode == 0, result.stderr  # warnings only
    document = json.loads(result.stdout)
    assert document["errors"] == 0 and document["warnings"] == len(document["problems"]) == 8
    refused = run("--json")
    assert refused.returncode == 2 and "only with --validate" in refused.stderr


def test_a_template_instance_loads_as_the_object_it_stands_for(tmp_path: Path) -> None:
    shutil.copy(TYPOS / "zone_typos.tmx", tmp_path / "drawn.tmx")
    (tmp_path / "door.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object type="door" width="20" height="80">\n'
        '  <properties>\n   <property name="color" value="blue"/>\n   <property name="open" type="bool" value="false"/>\n'
        '  </properties>\n </object>\n</template>\n')
    text = (tmp_path / "drawn.tmx").read_text()
    start = text.index('  <object id="3" type="door"')
    end = text.index("</object>", start) + len("</object>")
    text = text[:start] + '  <object id="3" template="door.tx" x="90" y="60">\n   <properties>\n' \
        '    <property name="open" type="bool" value="true"/>\n   </properties>\n  </object>' + text[end:]
    (tmp_path / "drawn.tmx").write_text(text)
    module, problems = check_module(tmp_path / "drawn.tmx")
    assert problems == []
    assert module is not None
    (door,) = module.portals
    assert (door.color, door.is_open, door.zones) == ("blue", True, ("z1", "z2"))  # its own open, the template's colour
    whats = [p.what for p in validate_paths([tmp_path / "drawn.tmx"])]  # the door's typos went with it
    assert len(whats) == 2 and "titel" in whats[0] and "orange" in whats[1], whats


def test_a_missing_template_is_named_at_each_instance(tmp_path: Path) -> None:
    text = (TYPOS / "zone_typos.tmx").read_text()
    text = text.replace('<object id="4" type="spawn" x="20" y="20" width="40" height="40">',
                        '<object id="5" template="gone.tx" x="20" y="120"/>\n'
                        '  <object id="4" template="gone.tx" x="20" y="20">')
    (tmp_path / "gone.tmx").write_text(text)
    _, problems = check_module(tmp_path / "gone.tmx")
    assert [(p.layer, p.object_id) for p in problems] == [("things", 5), ("things", 4)]
    assert all("template file 'gone.tx' not found" in p.what for p in problems)
