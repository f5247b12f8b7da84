"""Paths written in files stay inside their roots (symbolic links included), and the shared readers
refuse what no Deadtable file holds: JSON with 5,000-digit numbers, NaN, duplicate keys, deep nesting
or NUL characters; images too large for their header; a mission naming a map through a link out."""

from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path

import pytest

from game import limits, roots
from game.board.images import ImageHeaderError, image_size
from game.board.mission import check_mission
from game.jsonfile import JsonReadError, parse_json, read_json
from game.roots import OutsideRootsError, confine, confine_content, content_roots, save_roots

REPO = Path(__file__).resolve().parents[2]


# --- roots -----------------------------------------------------------------------------------------


def test_content_roots_are_maps_assets_and_the_user_maps_folder():
    assert content_roots()[:3] == (REPO / "maps", REPO / "assets", REPO / "saves" / "maps")


@pytest.mark.parametrize("text", ["/etc/passwd", "../../../../../../etc/passwd", "../../pyproject.toml",
                                  "../missions/../../README.md", "maps/x\x00.tmx", "a" * 2000, ""])
def test_paths_leading_out_are_refused(text):
    with pytest.raises(OutsideRootsError):
        confine_content(text, REPO / "maps" / "missions", "map")


@pytest.mark.parametrize("text", ["../zombicide/1R.tmx", str(REPO / "maps" / "zombicide" / "1R.tmx"),
                                  "./../zombicide/../zombicide/1R.tmx"])
def test_paths_inside_the_roots_resolve(text):
    assert confine_content(text, REPO / "maps" / "missions", "map") == REPO / "maps" / "zombicide" / "1R.tmx"


def test_a_symbolic_link_inside_a_root_that_points_out_is_refused(tmp_path):
    inside = tmp_path / "maps"
    inside.mkdir()
    (inside / "honest.tmx").write_text("<map/>")
    os.symlink("/etc/passwd", inside / "sneaky.tmx")
    with roots.allowed(inside):
        assert confine_content("honest.tmx", inside, "map") == (inside / "honest.tmx").resolve()
        with pytest.raises(OutsideRootsError, match="lies outside"):
            confine_content("sneaky.tmx", inside, "map")


def test_an_allowed_folder_is_allowed_only_inside_its_block(tmp_path):
    (tmp_path / "m.tmx").write_text("<map/>")
    with pytest.raises(OutsideRootsError):
        confine_content("m.tmx", tmp_path, "map")
    with roots.allowed(tmp_path):
        assert confine_content("m.tmx", tmp_path, "map") == (tmp_path / "m.tmx").resolve()
    with pytest.raises(OutsideRootsError):
        confine_content("m.tmx", tmp_path, "map")


def test_extra_roots_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(roots.EXTRA_ROOTS_ENV, os.pathsep.join([str(tmp_path), ""]))
    assert confine_content("x.tmx", tmp_path, "map") == (tmp_path / "x.tmx").resolve()


def test_a_campaign_link_stays_beside_its_save(tmp_path):
    save = tmp_path / "game.json"
    allowed = save_roots(save)
    assert confine("campaigns/c.json", tmp_path, allowed, "link") == (tmp_path / "campaigns" / "c.json").resolve()
    with pytest.raises(OutsideRootsError):
        confine("../c.json", tmp_path, allowed, "link")


def test_a_mission_naming_a_map_through_a_link_out_of_the_roots_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "m.tmx").write_text((REPO / "maps" / "zombicide" / "1R.tmx").read_text())
    folder = tmp_path / "missions"
    folder.mkdir()
    os.symlink(outside, folder / "linked")
    mission = folder / "m.toml"
    mission.write_text('schema_version = 1\nid = "m"\ntitle = "M"\ngame = "zombicide"\n'
                       '[[modules]]\nmap = "linked/m.tmx"\ncol = 0\nrow = 0\n')
    with roots.allowed(folder):
        problems = check_mission(mission)
    assert [p.layer for p in problems] == ["modules[0]"] and "lies outside" in problems[0].what


# --- the JSON reader -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ('{"a": ' + "9" * 5000 + "}", "5,000 digits"),
    ('{"a": 1e400}', "too large"),
    ('{"a": NaN}', "NaN"),
    ('{"a": -Infinity}', "-Infinity"),
    ('{"a": 1, "a": 2}', "given twice"),
    ('{"a": ' + "[" * 40 + "]" * 40 + "}", "nest more than 32 deep"),
    ("[" * 200_000 + "]" * 200_000, "nest too deeply"),
    ('{"a\\u0000": 1}', "NUL"),
    ('{"a": ["\\u0000"]}', "a[0]: the text holds a NUL"),
])
def test_the_json_reader_refuses_what_no_file_holds(text, words):
    with pytest.raises(JsonReadError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_json(text)


def test_the_json_reader_keeps_what_files_do_hold():
    document = {"n": -12345678901234567890, "x": 1.5e300, "deep": [[[[1]]]], "text": "é ✓"}
    assert parse_json(json.dumps(document)) == document


def test_a_file_over_its_size_limit_is_not_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(limits.MAX_SAVE_FILE_BYTES + 1)
    with pytest.raises(JsonReadError, match="at most 16 MB"):
        read_json(path, "save file")
    with pytest.raises(JsonReadError, match="at most 1 MB"):
        read_json(path, "manifest", max_bytes=limits.MIB)


# --- image headers ---------------------------------------------------------------------------------


def _png(width: int, height: int) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", 13) + b"IHDR" + header + struct.pack(">I", zlib.crc32(b"IHDR" + header))
    return b"\x89PNG\r\n\x1a\n" + chunk


def test_image_sizes_come_from_the_header_of_each_format(tmp_path):
    samples = {
        "a.png": (_png(300, 200), ("PNG", 300, 200)),
        "a.gif": (b"GIF89a" + struct.pack("<HH", 40, 30) + b"\0" * 8, ("GIF", 40, 30)),
        "a.bmp": (b"BM" + b"\0" * 12 + struct.pack("<Iii", 40, 64, -32) + b"\0" * 8, ("BMP", 64, 32)),
        "a.jpg": (b"\xff\xd8\xff\xe0\x00\x04ab\xff\xc0\x00\x0b\x08" + struct.pack(">HH", 480, 640) + b"\x01\x01\x11\x00",
                  ("JPEG", 640, 480)),
    }
    for name, (data, expected) in samples.items():
        (tmp_path / name).write_bytes(data)
        assert image_size(tmp_path / name) == expected, name
    (tmp_path / "b.svg").write_text("<svg/>")
    with pytest.raises(ImageHeaderError, match="not a PNG"):
        image_size(tmp_path / "b.svg")
    (tmp_path / "cut.png").write_bytes(_png(1, 1)[:14])
    with pytest.raises(ImageHeaderError):
        image_size(tmp_path / "cut.png")
    (tmp_path / "frameless.jpg").write_bytes(b"\xff\xd8\xff\xd9")
    with pytest.raises(ImageHeaderError):
        image_size(tmp_path / "frameless.jpg")


# --- the limits, written down twice ----------------------------------------------------------------


def _shown(name: str, value: float) -> str:
    if name.endswith("_BYTES"):
        return f"{value // limits.MIB:g} MB"
    return f"{value:,g}" if isinstance(value, float) else f"{value:,}"


def test_maps_readme_lists_every_limit_with_its_value():
    text = (REPO / "maps" / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(" `"): line.split("|")[2].strip() for line in text.splitlines()
            if line.startswith("| `MAX_") or line.startswith("| `MIN_")}
    for name, value in vars(limits).items():
        if name.startswith(("MAX_", "MIN_")):
            assert rows.get(name) == _shown(name, value), f"maps/README.md §5: {name} = {_shown(name, value)}"
    assert set(rows) <= set(vars(limits))


def test_a_token_image_leading_out_of_the_roots_is_refused(tmp_path):
    from game.table.setup import TokenManifestError, load_token_manifest

    manifest = tmp_path / "tokens.json"
    manifest.write_text(json.dumps({"walker": {"file": "../../../../etc/passwd", "label": "W", "side": "zombie",
                                               "base_cm": 2.5}}))
    with pytest.raises(TokenManifestError, match="walker.*lies outside"):
        load_token_manifest(manifest)
    manifest.write_text(json.dumps({"walker": {"file": "walker.png", "label": "W", "side": "zombie", "base_cm": 2.5}}))
    assert load_token_manifest(manifest)["walker"].file == "walker.png"


def test_a_campaign_link_may_be_written_relative_to_its_save(tmp_path):
    from game.platform.envelope import SaveFileError, resolve_campaign_link

    save = tmp_path / "game.json"
    inside = resolve_campaign_link({"path": "campaigns/c.json", "relative_to": "save"}, save)
    assert inside == (tmp_path / "campaigns" / "c.json").resolve()
    with pytest.raises(SaveFileError, match="campaign link"):
        resolve_campaign_link({"path": "../c.json", "relative_to": "save"}, save)
    with pytest.raises(SaveFileError, match="campaign link"):  # older links are relative to the repository
        resolve_campaign_link({"path": "campaigns/c.json"}, save)
