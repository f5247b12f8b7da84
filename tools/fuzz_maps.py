"""The map and tileset inputs of the fuzz corpus, and what every input shares (``Case``, the entry
points, the image and map builders). ``tools/make_fuzz_corpus.py`` writes them with the others."""

from __future__ import annotations

import base64
import json
import math
import struct
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from game import limits  # noqa: E402

BIG_BYTES = 64 * 1024  # inputs larger than this are written at test time, never committed
MAP_ARGS = ("--map", "{file}", "--screenshot", "{out}", "--size", "64x64", "--allow-root", "{corpus}")
MISSION_ARGS = ("--mission", "{file}", "--screenshot", "{out}", "--size", "64x64", "--allow-root", "{corpus}")
VALIDATE_ARGS = ("--validate", "{file}", "--allow-root", "{corpus}")
SAVE_ARGS = ("--save", "{file}", "--screenshot", "{out}", "--size", "64x64")


@dataclass(frozen=True)
class Case:
    """One input and what opening it must give."""

    id: str
    kind: str  # map, tileset, mission, game-save, table-save, limit
    file: str  # relative to the corpus folder
    args: tuple[str, ...]
    words: tuple[str, ...] = ()  # what the one line must say
    place: str = ""  # where in the file, when the message names a place
    expect: str = "refused"  # "opens" for the valid bases (controls), "warns" for one --validate warning
    big: bool = False
    uses: tuple[str, ...] = ()  # other corpus files it names (a tileset, an image)
    content: bytes = field(default=b"", repr=False, compare=False)

    def manifest(self) -> dict[str, Any]:
        entry = asdict(self)
        entry.pop("content")
        entry["args"] = list(self.args)
        entry["words"] = list(self.words)
        entry["uses"] = list(self.uses)
        return entry


def text_bytes(value: str) -> bytes:
    return value.encode("utf-8")


def json_bytes(value: Any) -> bytes:
    return text_bytes(json.dumps(value, indent=1, ensure_ascii=False) + "\n")


# --- images --------------------------------------------------------------------------------------


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, colours: Callable[[int, int], tuple[int, int, int]]) -> bytes:
    """A real RGB PNG."""
    rows = b"".join(b"\x00" + b"".join(bytes(colours(x, y)) for x in range(width)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(rows, 9))
            + png_chunk(b"IEND", b""))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that declares a size and holds one tiny, wrong pixel stream: only its header is read."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\x00" * 64))
            + png_chunk(b"IEND", b""))


def jpeg_header_only(width: int, height: int) -> bytes:
    frame = struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" \
        + b"\xff\xc0" + frame + b"\xff\xd9"


def gif_header_only(width: int, height: int) -> bytes:
    return b"GIF89a" + struct.pack("<HH", width, height) + b"\x00\x00\x00;"


def bmp_header_only(width: int, height: int) -> bytes:
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + len(info), 0, 0, 54) + info


TILE_COLOURS = ((92, 92, 88), (120, 110, 90), (70, 90, 110), (150, 60, 50))


def tiles_png() -> bytes:
    return png(80, 80, lambda x, y: TILE_COLOURS[(y // 40) * 2 + x // 40])


TILESET = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="40" tileheight="40" tilecount="4" columns="2">
 <image source="tiles.png" width="80" height="80"/>
</tileset>
"""


# --- maps ----------------------------------------------------------------------------------------

FLOOR_CSV = ",\n".join(",".join(str(1 + (row // 5 + col // 5) % 4) for col in range(15)) for row in range(15))


def _zone(object_id: int, x: int, y: int, kind: str, name: str = "") -> str:
    named = f' name="{name}"' if name else ""
    return (f'  <object id="{object_id}"{named} type="zone" x="{x}" y="{y}" width="200" height="200">\n'
            f'   <properties>\n    <property name="kind" value="{kind}"/>\n   </properties>\n  </object>\n')


def base_map(module: str = "C1") -> str:
    """A valid 15 × 15 zone module of 40 px tiles at 20 px per cm: nine zones, doors, walls, markers."""
    kinds = ("room", "room", "street", "street", "street", "street", "room", "street", "street")
    zones = "".join(_zone(i + 1, (i % 3) * 200, (i // 3) * 200, kind, "kitchen" if i == 0 else "")
                    for i, kind in enumerate(kinds))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="15" height="15" tilewidth="40" tileheight="40" infinite="0" nextlayerid="6" nextobjectid="19">
 <properties>
  <property name="game" value="zombicide"/>
  <property name="module" value="{module}"/>
  <property name="scale" type="float" value="20"/>
  <property name="title" value="Corpus crossing"/>
 </properties>
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="floor" width="15" height="15">
  <data encoding="csv">
{FLOOR_CSV}
</data>
 </layer>
 <objectgroup id="2" name="zones">
{zones} </objectgroup>
 <objectgroup id="3" name="doors">
  <object id="10" name="front" type="door" x="60" y="190" width="80" height="20">
   <properties>
    <property name="color" value="blue"/>
   </properties>
  </object>
  <object id="11" type="opening" x="190" y="60" width="20" height="80"/>
  <object id="12" type="door" x="190" y="460" width="20" height="80"/>
 </objectgroup>
 <objectgroup id="4" name="walls">
  <object id="13" type="wall" x="200" y="400">
   <polyline points="0,0 200,0"/>
  </object>
  <object id="14" type="fence" x="400" y="395" width="200" height="10"/>
 </objectgroup>
 <objectgroup id="5" name="markers">
  <object id="15" type="spawn" x="480" y="80" width="40" height="40"/>
  <object id="16" type="start" x="280" y="280" width="40" height="40"/>
  <object id="17" type="objective" x="80" y="80" width="40" height="40"/>
  <object id="18" type="exit" x="480" y="480" width="40" height="40"/>
 </objectgroup>
</map>
"""


def edit_text(text: str, edits: dict[str, str]) -> str:
    for old, new in edits.items():
        if old not in text:
            raise ValueError(f"the base has no {old[:60]!r}")
        text = text.replace(old, new, 1)
    return text


def _deflate(data: bytes, wbits: int) -> bytes:
    """zlib (wbits 15) or gzip (31) data, the same bytes on every run."""
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return packer.compress(data) + packer.flush()


def _bomb(megabytes: int, wbits: int) -> bytes:
    """``megabytes`` MB of zero tiles packed into a few hundred KB (a decompression bomb)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    zeros = bytes(1 << 20)
    return b"".join(packer.compress(zeros) for _ in range(megabytes)) + packer.flush()


def _csv_layer(width: int, height: int, cell: str = "1") -> str:
    return (f'<layer id="9" name="big" width="{width}" height="{height}">\n  <data encoding="csv">\n'
            + ",".join([cell] * (width * height)) + "\n</data>\n </layer>")


def _b64_layer(data: bytes, compression: str = "", width: int = 15, height: int = 15) -> str:
    packed = base64.b64encode(data).decode("ascii")
    attribute = f' compression="{compression}"' if compression else ""
    return (f'<layer id="9" name="packed" width="{width}" height="{height}">\n  <data encoding="base64"{attribute}>'
            f"{packed}</data>\n </layer>")


def _zones_grid(count: int, size_px: int = 8) -> str:
    per_row = max(1, 600 // size_px)
    return "".join(
        f'  <object id="{100 + i}" type="zone" x="{(i % per_row) * size_px}" y="{(i // per_row) * size_px}" '
        f'width="{size_px}" height="{size_px}"><properties><property name="kind" value="street"/></properties></object>\n'
        for i in range(count))


FLOOR_LAYER = '<layer id="1" name="floor" width="15" height="15">'
ZONES_END = " </objectgroup>\n <objectgroup id=\"3\" name=\"doors\">"
KITCHEN = '<object id="1" name="kitchen" type="zone" x="0" y="0" width="200" height="200">'
ZONE_2 = '<object id="2" type="zone" x="200" y="0" width="200" height="200">'
WALL_POINTS = '<polyline points="0,0 200,0"/>'
TILESET_REF = '<tileset firstgid="1" source="tiles.tsx"/>'
GAME_PROP = '<property name="game" value="zombicide"/>'
MODULE_PROP = '<property name="module" value="C1"/>'
SCALE_PROP = '<property name="scale" type="float" value="20"/>'
MAP_SIZE = 'width="15" height="15" tilewidth="40" tileheight="40"'
DOOR_12 = '<object id="12" type="door" x="190" y="460" width="20" height="80"/>'
CSV_START = '<data encoding="csv">\n1,'

ZONES_LAYER = "layer 'zones'"


def _map_edits() -> Iterator[tuple[str, tuple[str, ...], str, dict[str, str] | str]]:
    """(id, words, place, edits or a whole text) for each malformed map."""
    base = base_map()
    # XML itself
    yield "empty-file", ("malformed XML",), "", ""
    yield "truncated", ("malformed XML",), "", base[: len(base) // 2]
    yield "unclosed-tag", ("malformed XML",), "", base.replace("</map>", "")
    yield "garbage", ("malformed XML",), "", "\x01\x02 not xml at all"
    yield "not-utf8", ("malformed XML",), "", base.replace("Corpus crossing", "Corpus \udcff crossing")
    yield "doctype", ("document type",), "", base.replace("<map ", '<!DOCTYPE map [<!ELEMENT map ANY>]>\n<map ', 1)
    laughs = '<!ENTITY l0 "lol">' + "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    yield "billion-laughs", ("document type",), "", base.replace(
        "<map ", f"<!DOCTYPE map [{laughs}]>\n<map ", 1).replace("Corpus crossing", "&l9;")
    yield "external-entity", ("document type",), "", base.replace(
        "<map ", '<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<map ', 1).replace("Corpus crossing", "&x;")
    yield "deep-nesting", ("nest",), "", base.replace("</map>", "<g>" * 5000 + "</g>" * 5000 + "</map>")
    yield "root-not-map", ("not a Tiled map",), "", TILESET
    yield "nul-reference", ("malformed XML",), "", base.replace("Corpus crossing", "Corpus &#0; crossing")
    # the map's size
    for attribute, value in (("width", "0"), ("width", "-5"), ("width", "1e9"), ("width", "abc"), ("width", "30000"),
                             ("height", "1025"), ("tilewidth", "0"), ("tilewidth", "5000"), ("tileheight", "nan")):
        words = (f"map attribute '{attribute}'", "whole number")
        yield f"map-{attribute}-{value}", words, "", {f'{attribute}="{"15" if attribute == "width" or attribute == "height" else "40"}"': f'{attribute}="{value}"'}
    yield "map-30000x30000", ("map attribute 'width'",), "", {MAP_SIZE: 'width="30000" height="30000" tilewidth="40" tileheight="40"'}
    yield "map-side-px", ("each side at most 8192 px",), "", {MAP_SIZE: 'width="300" height="15" tilewidth="40" tileheight="40"'}
    yield "map-pixels", ("pixels in all",), "", {MAP_SIZE: 'width="1000" height="1000" tilewidth="8" tileheight="8"'}
    yield "infinite", ("infinite maps",), "", {'infinite="0"': 'infinite="1"'}
    # properties
    yield "no-module", ("'module' is missing",), "", {MODULE_PROP: ""}
    yield "module-chars", ("letters, digits",), "", {MODULE_PROP: '<property name="module" value="../evil"/>'}
    yield "no-game", ("'game' is missing",), "", {GAME_PROP: ""}
    yield "game-chars", ("lower-case letters",), "", {GAME_PROP: '<property name="game" value="Zombi cide"/>'}
    yield "no-scale", ("'scale' is missing",), "", {SCALE_PROP: ""}
    for name, value in (("zero", "0"), ("negative", "-20"), ("tiny", "1e-300"), ("huge", "1e300"), ("small", "0.01"),
                        ("large", "5000")):
        yield f"scale-{name}", ("'scale'", "from 0.1 to 1000"), "", {SCALE_PROP: f'<property name="scale" type="float" value="{value}"/>'}
    for name, value in (("nan", "nan"), ("inf", "inf"), ("text", "abc")):
        yield f"scale-{name}", ("'scale'",), "", {SCALE_PROP: f'<property name="scale" type="float" value="{value}"/>'}
    yield "scale-string-text", ("'scale'",), "", {SCALE_PROP: '<property name="scale" value="twenty"/>'}
    yield "scale-board-too-big", ("cm across",), "", {SCALE_PROP: '<property name="scale" type="float" value="0.2"/>'}
    yield "layout-unknown", ("'layout'",), "", {GAME_PROP: GAME_PROP + '<property name="layout" value="hex"/>'}
    yield "reserved-property", ("reserved",), "", {GAME_PROP: GAME_PROP + '<property name="width" value="3"/>'}
    yield "class-property", ("custom class",), "", {GAME_PROP: GAME_PROP + '<property name="x2" type="class" propertytype="P"/>'}
    yield "int-property", ("whole number",), "", {GAME_PROP: GAME_PROP + '<property name="n" type="int" value="x"/>'}
    yield "int-property-5000-digits", ("whole number",), "", {GAME_PROP: GAME_PROP + f'<property name="n" type="int" value="{"9" * 5000}"/>'}
    yield "float-property", ("a number",), "", {GAME_PROP: GAME_PROP + '<property name="f" type="float" value="1e999"/>'}
    yield "bool-property", ("true or false",), "", {GAME_PROP: GAME_PROP + '<property name="b" type="bool" value="maybe"/>'}
    yield "many-properties", ("custom properties",), "", {GAME_PROP: GAME_PROP + "".join(
        f'<property name="p{i}" value="v"/>' for i in range(limits.MAX_PROPERTIES + 1))}
    yield "attribute-not-number", ("attribute",), ZONES_LAYER, {KITCHEN: KITCHEN.replace('x="0"', 'x="left"')}
    # tilesets
    yield "tileset-missing", ("not found",), "", {TILESET_REF: '<tileset firstgid="1" source="gone.tsx"/>'}
    yield "tileset-etc-passwd", ("lies outside",), "", {TILESET_REF: '<tileset firstgid="1" source="/etc/passwd"/>'}
    yield "tileset-dotdot", ("lies outside",), "", {TILESET_REF: '<tileset firstgid="1" source="../../../../../../etc/passwd"/>'}
    yield "tileset-dotdot-repo", ("lies outside",), "", {TILESET_REF: '<tileset firstgid="1" source="../../../../pyproject.toml"/>'}
    yield "tileset-firstgid-0", ("firstgid",), "", {TILESET_REF: '<tileset firstgid="0" source="tiles.tsx"/>'}
    yield "tileset-firstgid-text", ("firstgid",), "", {TILESET_REF: '<tileset firstgid="one" source="tiles.tsx"/>'}
    yield "tileset-not-tsx", ("not a Tiled tileset",), "", {TILESET_REF: '<tileset firstgid="1" source="zz-base.tmx"/>'}
    for name in ("bad-xml", "doctype", "image-etc", "image-dotdot", "image-missing", "image-text", "image-declared-huge",
                 "image-declared-zero", "image-no-size", "png-huge", "png-long", "jpeg-huge", "gif-huge", "bmp-huge",
                 "tile-1px", "tilecount-huge", "spacing-negative", "margin-huge", "tile-image-etc", "no-image",
                 "tile-size-zero", "many-tiles"):
        yield f"tsx-{name}", TSX_WORDS[name], "", {TILESET_REF: f'<tileset firstgid="1" source="tilesets/{name}.tsx"/>'}
    yield "many-tilesets", ("tilesets",), "", {TILESET_REF: TILESET_REF * (limits.MAX_TILESETS + 1)}
    yield "embedded-tileset-huge-image", ("image size",), "", {TILESET_REF: (
        '<tileset firstgid="1" name="e" tilewidth="40" tileheight="40"><image source="tiles.png" '
        'width="1000000000" height="1000000000"/></tileset>')}
    yield "image-layer-etc", ("lies outside",), "", {ZONES_END: ZONES_END.replace(
        " </objectgroup>\n", ' </objectgroup>\n <imagelayer id="8" name="pic"><image source="/etc/passwd"/></imagelayer>\n', 1)}
    # tile data
    raw = struct.pack("<225I", *([1] * 225))
    yield "zlib-bomb", ("inflates past",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(_bomb(400, 15), "zlib")
                                                               + "\n " + FLOOR_LAYER}
    yield "gzip-bomb", ("inflates past",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(_bomb(100, 31), "gzip")
                                                               + "\n " + FLOOR_LAYER}
    yield "gzip-two-members", ("bytes after",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(
        _deflate(raw, 31) + _deflate(raw, 31), "gzip") + "\n " + FLOOR_LAYER}
    yield "zlib-truncated", ("cut short",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(_deflate(raw, 15)[:8], "zlib")
                                                                + "\n " + FLOOR_LAYER}
    yield "zlib-garbage", ("not valid zlib",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(b"garbage!" * 8, "zlib")
                                                                  + "\n " + FLOOR_LAYER}
    yield "base64-short", ("expected 225",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(raw[:-4]) + "\n " + FLOOR_LAYER}
    yield "base64-odd-bytes", ("expected 225",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(raw + b"\1") + "\n " + FLOOR_LAYER}
    yield "base64-invalid", ("Base64",), "layer 'packed'", {FLOOR_LAYER: (
        '<layer id="9" name="packed" width="15" height="15"><data encoding="base64">A</data></layer>\n ' + FLOOR_LAYER)}
    yield "zstd", ("compression",), "layer 'packed'", {FLOOR_LAYER: _b64_layer(raw, "zstd") + "\n " + FLOOR_LAYER}
    yield "xml-tiles", ("CSV or Base64",), "layer 'floor'", {CSV_START: '<data>\n<tile gid="1"/>\n1,'}
    yield "chunk", ("infinite",), "layer 'floor'", {CSV_START: '<data encoding="csv"><chunk x="0" y="0"/>\n1,'}
    yield "no-data", ("no data",), "layer 'big'", {FLOOR_LAYER: '<layer id="9" name="big" width="15" height="15"/>\n ' + FLOOR_LAYER}
    yield "csv-letter", ("not a tile number",), "layer 'floor'", {CSV_START: '<data encoding="csv">\nx,'}
    yield "csv-5000-digits", ("not a tile number",), "layer 'floor'", {CSV_START: f'<data encoding="csv">\n{"9" * 5000},'}
    yield "csv-above-32-bits", ("above 4294967295",), "layer 'floor'", {CSV_START: '<data encoding="csv">\n9999999999,'}
    yield "csv-too-many", ("more than its 225",), "layer 'floor'", {CSV_START: '<data encoding="csv">\n' + "1," * 300 + "1,"}
    yield "layer-width-0", ("tile layer size",), "layer 'floor'", {FLOOR_LAYER: FLOOR_LAYER.replace('width="15"', 'width="0"')}
    yield "layer-width-1e9", ("tile layer size",), "layer 'floor'", {FLOOR_LAYER: FLOOR_LAYER.replace('width="15"', 'width="1e9"')}
    yield "layer-cells", ("262,144",), "layer 'big'", {FLOOR_LAYER: _csv_layer(600, 600, "0").replace(
        ",".join(["0"] * 360_000), "0") + "\n " + FLOOR_LAYER}
    yield "map-cells", ("tiles in all",), "layer 'big'", {FLOOR_LAYER: "".join(
        f'<layer id="{20 + i}" name="big" width="512" height="512"><data encoding="csv">0</data></layer>\n '
        for i in range(5)) + FLOOR_LAYER}
    yield "many-layers", ("layers",), "", {FLOOR_LAYER: "".join(
        f'<objectgroup id="{30 + i}" name="g{i}"/>\n ' for i in range(limits.MAX_LAYERS + 1)) + FLOOR_LAYER}
    # objects
    yield "many-objects", ("objects",), "", {ZONES_END: "".join(
        f'  <object id="{1000 + i}" type="spawn" x="480" y="80" width="4" height="4"/>\n'
        for i in range(limits.MAX_OBJECTS)) + ZONES_END}
    yield "many-zones", ("zones: at most 500",), "", {ZONES_END: _zones_grid(limits.MAX_ZONES + 1, 4) + ZONES_END}
    ring = " ".join(f"{100 + 90 * math.cos(i / 100):.1f},{100 + 90 * math.sin(i / 100):.1f}"
                    for i in range(limits.MAX_POLYGON_POINTS + 1))
    yield "polygon-points", ("points: at most",), ZONES_LAYER, {KITCHEN: KITCHEN.replace(
        ' width="200" height="200">', f'><polygon points="{ring}"/>')}
    yield "map-points", ("polygon and polyline points",), "", {ZONES_END: "".join(
        f'  <object id="{2000 + i}" type="wall" x="0" y="0"><polyline points="{" ".join(["0,0 1,1"] * 60)}"/></object>\n'
        for i in range(90)) + ZONES_END}
    yield "coordinate-1e9", ("beyond",), ZONES_LAYER, {KITCHEN: KITCHEN.replace('x="0"', 'x="1e9"')}
    yield "point-1e308", ("beyond",), "layer 'walls'", {WALL_POINTS: '<polyline points="0,0 1e308,0"/>'}
    yield "point-inf", ("beyond",), "layer 'walls'", {WALL_POINTS: '<polyline points="0,0 inf,0"/>'}
    yield "point-nan", ("pairs of numbers",), "layer 'walls'", {WALL_POINTS: '<polyline points="0,0 nan,0"/>'}
    yield "points-malformed", ("pairs of numbers",), "layer 'walls'", {WALL_POINTS: '<polyline points="0;0 200"/>'}
    yield "duplicate-object-ids", ("used twice",), "layer 'doors'", {DOOR_12: DOOR_12.replace('id="12"', 'id="2"')}
    yield "ellipse", ("ellipses",), ZONES_LAYER, {KITCHEN: KITCHEN.replace(">", "><ellipse/>", 1)}
    yield "point-object", ("point objects",), ZONES_LAYER, {KITCHEN: KITCHEN.replace(">", "><point/>", 1)}
    yield "text-object", ("text objects",), ZONES_LAYER, {KITCHEN: KITCHEN.replace(">", "><text>hi</text>", 1)}
    yield "template-object", ("template",), ZONES_LAYER, {KITCHEN: KITCHEN.replace('name="kitchen"', 'name="kitchen" template="t.tx"')}
    yield "tile-object", ("tile objects",), ZONES_LAYER, {KITCHEN: KITCHEN.replace('name="kitchen"', 'name="kitchen" gid="1"')}
    yield "rotated", ("rotated",), ZONES_LAYER, {KITCHEN: KITCHEN.replace('name="kitchen"', 'name="kitchen" rotation="45"')}
    yield "zone-no-kind", ("no 'kind'",), ZONES_LAYER, {'<property name="kind" value="room"/>': ""}
    yield "zone-kind-unknown", ("unknown zone kind",), ZONES_LAYER, {'<property name="kind" value="room"/>': '<property name="kind" value="lava"/>'}
    yield "class-unknown", ("unknown object class",), "layer 'markers'", {'type="exit"': 'type="teleporter"'}
    yield "class-missing", ("no class",), "layer 'markers'", {' type="exit"': ""}
    yield "zones-overlap", ("overlaps",), ZONES_LAYER, {ZONE_2: ZONE_2.replace('x="200"', 'x="150"')}
    yield "zone-self-crossing", ("crosses itself",), ZONES_LAYER, {KITCHEN: KITCHEN.replace(
        ' width="200" height="200">', '><polygon points="0,0 200,200 200,0 0,200"/>')}
    yield "zone-duplicate-name", ("duplicate zone name",), ZONES_LAYER, {ZONE_2: ZONE_2.replace('type="zone"', 'name="kitchen" type="zone"')}
    yield "door-off-border", ("not on the border",), "layer 'doors'", {DOOR_12: DOOR_12.replace('x="190"', 'x="90"')}
    yield "door-colour", ("unknown door color",), "layer 'doors'", {'<property name="color" value="blue"/>': '<property name="color" value="ultraviolet"/>'}
    yield "marker-outside", ("outside every zone",), "layer 'markers'", {'type="exit" x="480" y="480"': 'type="exit" x="900" y="900"'}
    yield "locators-bad", ("locators",), "layer 'markers'", {'type="spawn" x="480" y="80" width="40" height="40"/>': (
        'type="spawn" x="480" y="80" width="40" height="40"><properties><property name="locators" value="1,x"/></properties></object>')}
    yield "height-negative", ("height_cm",), "layer 'walls'", {'type="fence" x="400" y="395" width="200" height="10"/>': (
        'type="fence" x="400" y="395" width="200" height="10"><properties><property name="height_cm" type="float" value="-3"/></properties></object>')}
    yield "no-zones", ("no zone objects",), "", {_zones_block(): ""}
    yield "size-negative", ("negative",), "layer 'walls'", {'type="fence" x="400" y="395" width="200" height="10"/>':
                                                            'type="fence" x="400" y="395" width="200" height="-1"/>'}
    yield "marker-colour-path", ("one plain word",), "layer 'markers'", {
        'type="start" x="280" y="280" width="40" height="40"/>': 'type="start" x="280" y="280" width="40" height="40">'
        '<properties><property name="color" value="../../../etc/passwd"/></properties></object>'}
    yield "free-with-zone", ("free table",), ZONES_LAYER, {GAME_PROP: GAME_PROP + '<property name="layout" value="free"/>'}


def _grid_map(tiles: int, tile_px: int, zones: str) -> str:
    """A map of ``tiles`` × ``tiles`` small tiles, no tile layer, holding only ``zones``."""
    text = edit_text(base_map(), {MAP_SIZE: f'width="{tiles}" height="{tiles}" tilewidth="{tile_px}" tileheight="{tile_px}"',
                              _zones_block(): f' <objectgroup id="2" name="zones">\n{zones} </objectgroup>\n'})
    start, end = text.index(" <tileset"), text.index(" <objectgroup id=\"2\"")
    text = text[:start] + text[end:]
    start, end = text.index(' <objectgroup id="3" name="doors">'), text.index("</map>")
    return text[:start] + text[end:]


def _zone_polygon(object_id: int, points: list[tuple[float, float]]) -> str:
    outline = " ".join(f"{x:g},{y:g}" for x, y in points)
    return (f'  <object id="{object_id}" type="zone" x="0" y="0"><properties><property name="kind" value="street"/>'
            f'</properties><polygon points="{outline}"/></object>\n')


ZONES_TAG = '<objectgroup id="2" name="zones">'
ZONES_END_TAGS = ' </objectgroup>\n <objectgroup id="3" name="doors">'


def _in_group(attributes: str, depth: int = 1) -> dict[str, str]:
    """The zones layer put inside ``depth`` nested groups, the outer one with ``attributes``."""
    opening = "".join(f'<group id="{40 + i}" name="g{i}"{attributes if i == 0 else ""}>' for i in range(depth))
    return {ZONES_TAG: opening + ZONES_TAG, ZONES_END_TAGS: " </objectgroup>" + "</group>" * depth + ZONES_END_TAGS[14:]}


def _layer_cases() -> Iterator[tuple[str, tuple[str, ...], str, dict[str, str]]]:
    """Layers as Tiled writes them, gone wrong: offsets, groups, hidden layers."""
    yield "offset-letters", ('offsetx="abc"', "must be a number"), "layer 'zones'", {
        ZONES_TAG: ZONES_TAG.replace(">", ' offsetx="abc">')}
    yield "offset-beyond", ("offsetx = 1e12 px lies beyond",), "layer 'zones'", {
        ZONES_TAG: ZONES_TAG.replace(">", ' offsetx="1e12">')}
    yield "offset-moves-zones-off", ("not on the border of two different zones",), "layer 'doors', object 10", {
        ZONES_TAG: ZONES_TAG.replace(">", ' offsetx="2000">')}
    yield "group-offset-nan", ('offsety="nan"', "must be a number"), "layer 'g0'", _in_group(' offsety="nan"')
    yield "group-nested-too-deep", ("nest", "deep"), "", _in_group("", depth=40)
    yield "visible-maybe", ('visible="maybe"', "true or false"), "layer 'zones'", {
        ZONES_TAG: ZONES_TAG.replace(">", ' visible="maybe">')}
    yield "opacity-text", ('opacity="half"', "must be a number"), "layer 'zones'", {
        ZONES_TAG: ZONES_TAG.replace(">", ' opacity="half">')}
    yield "zones-layer-hidden", ("layer is hidden in Tiled", "show the layer"), "layer 'zones'", {
        ZONES_TAG: ZONES_TAG.replace(">", ' visible="0">')}
    yield "zones-in-hidden-group", ("layer is hidden in Tiled", "show the layer"), "layer 'zones'", _in_group(
        ' visible="0"')


def _work_cases() -> Iterator[tuple[str, tuple[str, ...], str, str]]:
    """Maps that stay within every count but would make the loader or the board builder work too long."""
    steps = 63  # 64 points along the top of a zigzag strip, 64 back along its bottom: 128 in all
    strips = []
    for i in range(78):  # 78 × 128 points: just under the map's 10,000
        top = [(x * 600 / steps, 7 * i + 5 * (x % 2)) for x in range(steps + 1)]
        bottom = [(x * 600 / steps, 7 * (i + 1) + 5 * (x % 2)) for x in reversed(range(steps + 1))]
        strips.append(_zone_polygon(100 + i, top + bottom))
    yield "zone-overlap-work", ("too intricate",), "", _grid_map(15, 40, "".join(strips))
    circle = [(1920 + 1900 * math.cos(2 * math.pi * k / 128), 1920 + 1900 * math.sin(2 * math.pi * k / 128))
              for k in range(128)]
    yield "zone-grid-work", ("cell tests",), "", _grid_map(480, 8, _zone_polygon(100, circle))
    yield "board-cells", ("zone grid would have",), "", _grid_map(
        600, 8, _zone_polygon(100, [(0, 0), (4800, 0), (4800, 4800), (0, 4800)]))
    stripes = "".join(_zone_polygon(100 + i, [(8 * i, 0), (8 * i + 8, 0), (8 * i + 8, 4000), (8 * i, 4000)])
                      for i in range(500))
    yield "sight-steps", ("sight lines",), "", _grid_map(500, 8, stripes)


def _zones_block() -> str:
    text = base_map()
    start = text.index(' <objectgroup id="2" name="zones">')
    end = text.index(' <objectgroup id="3" name="doors">')
    return text[start:end]


TSX_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
TSX_WORDS: dict[str, tuple[str, ...]] = {
    "bad-xml": ("malformed XML",), "doctype": ("document type",), "image-etc": ("lies outside",),
    "image-dotdot": ("lies outside",), "image-missing": ("not found",), "image-text": ("not a PNG",),
    "image-declared-huge": ("image size",), "image-declared-zero": ("image size",), "image-no-size": ("image size",),
    "png-huge": ("each side",), "png-long": ("pixels",), "jpeg-huge": ("each side",), "gif-huge": ("pixels",),
    "bmp-huge": ("each side",), "tile-1px": ("cuts",), "tilecount-huge": ("tilecount",),
    "spacing-negative": ("margin and spacing",), "margin-huge": ("margin and spacing",),
    "tile-image-etc": ("lies outside",), "no-image": ("has no image",), "tile-size-zero": ("tile size",),
    "many-tiles": ("describes",),
}


def tileset_text(name: str) -> str:
    image = ' <image source="../tiles.png" width="80" height="80"/>\n'
    head = '<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="40" tileheight="40" tilecount="4" columns="2">\n'
    bodies = {
        "bad-xml": head + image,
        "doctype": '<!DOCTYPE tileset [<!ENTITY a "b">]>\n' + head + image + "</tileset>\n",
        "image-etc": head + ' <image source="/etc/passwd" width="80" height="80"/>\n</tileset>\n',
        "image-dotdot": head + ' <image source="../../../../../../../etc/hostname" width="80" height="80"/>\n</tileset>\n',
        "image-missing": head + ' <image source="../nothing.png" width="80" height="80"/>\n</tileset>\n',
        "image-text": head + ' <image source="not-an-image.png" width="80" height="80"/>\n</tileset>\n',
        "image-declared-huge": head + ' <image source="../tiles.png" width="1000000000" height="1000000000"/>\n</tileset>\n',
        "image-declared-zero": head + ' <image source="../tiles.png" width="0" height="0"/>\n</tileset>\n',
        "image-no-size": head + ' <image source="../tiles.png"/>\n</tileset>\n',
        "png-huge": head + ' <image source="huge.png" width="80" height="80"/>\n</tileset>\n',
        "png-long": head + ' <image source="long.png" width="80" height="80"/>\n</tileset>\n',
        "jpeg-huge": head + ' <image source="huge.jpg" width="80" height="80"/>\n</tileset>\n',
        "gif-huge": head + ' <image source="huge.gif" width="80" height="80"/>\n</tileset>\n',
        "bmp-huge": head + ' <image source="huge.bmp" width="80" height="80"/>\n</tileset>\n',
        "tile-1px": head.replace('tilewidth="40" tileheight="40"', 'tilewidth="1" tileheight="1"')
        + ' <image source="../tiles.png" width="16000" height="16000"/>\n</tileset>\n',
        "tilecount-huge": head.replace('tilecount="4"', 'tilecount="999999999"') + image + "</tileset>\n",
        "spacing-negative": head.replace('columns="2"', 'columns="2" spacing="-40"') + image + "</tileset>\n",
        "margin-huge": head.replace('columns="2"', 'columns="2" margin="100000"') + image + "</tileset>\n",
        "tile-image-etc": head + ' <tile id="0"><image source="/etc/passwd" width="40" height="40"/></tile>\n</tileset>\n',
        "no-image": head + "</tileset>\n",
        "tile-size-zero": head.replace('tilewidth="40"', 'tilewidth="0"') + image + "</tileset>\n",
        "many-tiles": head + image + "".join(f' <tile id="{i}"/>\n' for i in range(limits.MAX_TILESET_TILES + 1))
        + "</tileset>\n",
    }
    return TSX_HEAD + bodies[name]


def map_cases() -> list[Case]:
    files: list[Case] = [
        Case("map-base", "map", "maps/zz-base.tmx", MAP_ARGS, expect="opens", content=text_bytes(base_map())),
        Case("map-base-validate", "map", "maps/zz-base.tmx", VALIDATE_ARGS, expect="opens", content=text_bytes(base_map())),
    ]
    for name, words, place, edit in (*_map_edits(), *_layer_cases(), *_work_cases()):
        text = edit if isinstance(edit, str) else edit_text(base_map(), edit)
        data = text.encode("utf-8", "surrogateescape")
        uses = (f"maps/tilesets/{name.removeprefix('tsx-')}.tsx",) if name.startswith("tsx-") else ()
        files.append(Case(f"map-{name}", "map", f"maps/{name}.tmx", MAP_ARGS, words, place, content=data, uses=uses))
    # a few also through --validate, each with one problem: one line, naming the file and the place
    zone_6 = '<object id="6" type="zone" x="400" y="200" width="200" height="200">\n   <properties>\n    ' \
             '<property name="kind" value="street"/>'
    lava = edit_text(base_map(), {zone_6: zone_6.replace('value="street"', 'value="lava"')})
    files.append(Case("validate-zone-kind-unknown", "map", "maps/validate-zone-kind.tmx", VALIDATE_ARGS,
                      ("unknown zone kind 'lava'",), "layer 'zones', object 6", content=text_bytes(lava)))
    for name in ("tileset-etc-passwd", "scale-tiny", "zlib-bomb", "duplicate-object-ids", "csv-letter", "board-cells",
                 "sight-steps", "map-width-1e9"):
        original = next(case for case in files if case.id == f"map-{name}")
        files.append(Case(f"validate-{name}", "map", original.file, VALIDATE_ARGS, original.words, original.place,
                          content=original.content))
    # designers' slips: the map opens, and --validate gives one warning naming the place and the fix
    spawn = 'type="spawn" x="480" y="80" width="40" height="40"/>'
    for name, words, place, edit in (
            ("typo-colour", ("unknown property 'colour'", "did you mean 'color'?"), "layer 'doors', object 12",
             {DOOR_12: DOOR_12.replace("/>", '><properties><property name="colour" value="blue"/></properties></object>')}),
            ("typo-open-case", ("unknown property 'Open'", "did you mean 'open'?"), "layer 'doors', object 12",
             {DOOR_12: DOOR_12.replace("/>", '><properties><property name="Open" type="bool" value="true"/>'
                                             '</properties></object>')}),
            ("typo-map-titel", ("unknown property 'titel'", "did you mean 'title'?"), "",
             {GAME_PROP: GAME_PROP + '<property name="titel" value="Corpus"/>'}),
            ("spawn-orange", ("'color' = 'orange' is not one of",), "layer 'markers', object 15",
             {spawn: spawn.replace("/>", '><properties><property name="color" value="orange"/></properties></object>')}),
            ("zone-gap", ("of the module uncovered", "around x = "), "",
             {ZONE_2: ZONE_2.replace('width="200"', 'width="150"')}),
            ("hidden-door", ("object is hidden in Tiled", "show it"), "layer 'doors', object 12",
             {DOOR_12: DOOR_12.replace('type="door"', 'type="door" visible="0"')})):
        files.append(Case(f"warn-{name}", "map", f"maps/warn-{name}.tmx", VALIDATE_ARGS, words, place, expect="warns",
                          content=text_bytes(edit_text(base_map(), edit))))
    # as Tiled writes them, and valid: decimal offsets, and an offset group whose layer moves back
    cancelled = _in_group(' offsetx="40" offsety="-40"')
    cancelled[ZONES_TAG] = cancelled[ZONES_TAG].replace(ZONES_TAG, ZONES_TAG.replace(">", ' offsetx="-40" offsety="40">'))
    for name, edit in (("offset-decimal", {ZONES_TAG: ZONES_TAG.replace(">", ' offsetx="0.5" offsety="-0.25">')}),
                       ("group-offsets-cancel", cancelled)):
        files.append(Case(f"opens-{name}", "map", f"maps/opens-{name}.tmx", VALIDATE_ARGS, expect="opens",
                          content=text_bytes(edit_text(base_map(), edit))))
    return files


def tileset_support() -> list[Case]:
    """The files the tileset cases point at (not cases themselves)."""
    support = {
        "maps/tiles.tsx": text_bytes(TILESET),
        "maps/tiles.png": tiles_png(),
        "maps/tilesets/not-an-image.png": b"this is text, not a picture\n",
        "maps/tilesets/huge.png": png_header_only(100_000, 100_000),
        "maps/tilesets/long.png": png_header_only(16_000, 16_000),
        "maps/tilesets/huge.jpg": jpeg_header_only(60_000, 60_000),
        "maps/tilesets/huge.gif": gif_header_only(10_000, 10_000),
        "maps/tilesets/huge.bmp": bmp_header_only(1_000_000, 10),
    }
    cases = [Case(f"support-{path}", "support", path, (), expect="support", content=data) for path, data in support.items()]
    for name in TSX_WORDS:
        cases.append(Case(f"support-tsx-{name}", "support", f"maps/tilesets/{name}.tsx", (), expect="support",
                          content=text_bytes(tileset_text(name))))
    return cases
