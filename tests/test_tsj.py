"""JSON tilesets (.tsj) load like .tsx ones, and a broken one is told with its file and place."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.board import tsj
from game.board.loader import check_module

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "maps"

pytestmark = pytest.mark.usefixtures("tmp_path_roots")


def test_a_map_with_a_json_tileset_loads_as_with_the_xml_one() -> None:
    from_xml, xml_problems = check_module(FIXTURES / "module_3x3.tmx")
    from_json, json_problems = check_module(FIXTURES / "module_3x3_tsj.tmx")
    assert xml_problems == [] and json_problems == []
    assert from_xml is not None and from_json is not None
    assert from_json.zones == from_xml.zones
    assert from_json.tile_layers == from_xml.tile_layers


def test_tile_properties_survive_the_conversion() -> None:
    """deadtable.tsj was exported from assets/tiles/deadtable.tsx by Tiled 1.8."""
    data = json.loads((FIXTURES / "deadtable.tsj").read_text(encoding="utf-8"))
    element = tsj.tileset_element(data, "1", FIXTURES, FIXTURES)
    original = ElementTree.parse(REPO / "assets" / "tiles" / "deadtable.tsx").getroot()

    def names(root: ElementTree.Element) -> dict[str, str]:
        return {tile.get("id", ""): tile.find("properties/property").get("value", "")  # type: ignore[union-attr]
                for tile in root.findall("tile")}

    assert names(element) == names(original)
    image = element.find("image")
    assert image is not None and (FIXTURES / image.get("source", "")).resolve() == (
        REPO / "assets" / "tiles" / "deadtable.png").resolve()


@pytest.mark.parametrize("text, expected", [
    ("{not json", "corrupt JSON tileset"),
    ('["a list"]', "not a Tiled tileset"),
    ('{"type": "map", "tilewidth": 40}', "not a Tiled tileset"),
    ('{"type": "tileset", "tilewidth": "forty", "tileheight": 40}', "tilewidth must be a whole number"),
    ('{"type": "tileset", "tilewidth": 40, "tileheight": 40, "tiles": [{"id": 0}, {"id": -1}]}',
     "tiles[1].id must be a whole number"),
    ('{"type": "tileset", "tilewidth": 40, "tileheight": 40, "image": "tiles.png",'
     ' "tiles": [{"id": 0, "properties": [{"name": "tile", "value": {"x": 1}}]}]}',
     "tiles[0].properties[0].value must be text"),
])
def test_a_broken_json_tileset_names_its_file_and_place(tmp_path: Path, text: str, expected: str) -> None:
    (tmp_path / "tiles.png").write_bytes((FIXTURES / "tiles.png").read_bytes())
    (tmp_path / "tiles.tsj").write_text(text, encoding="utf-8")
    (tmp_path / "board.tmx").write_text((FIXTURES / "module_3x3_tsj.tmx").read_text(encoding="utf-8"), encoding="utf-8")
    module, problems = check_module(tmp_path / "board.tmx")
    assert module is None
    assert len(problems) == 1
    assert "board.tmx → tiles.tsj" in str(problems[0]) and expected in str(problems[0])


def test_a_missing_json_tileset_is_told(tmp_path: Path) -> None:
    (tmp_path / "board.tmx").write_text((FIXTURES / "module_3x3_tsj.tmx").read_text(encoding="utf-8"), encoding="utf-8")
    module, problems = check_module(tmp_path / "board.tmx")
    assert module is None and len(problems) == 1 and "not found" in str(problems[0])
