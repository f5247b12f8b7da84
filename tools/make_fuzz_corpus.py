"""Write the fuzz corpus: malformed maps, tilesets, missions, game saves and table saves, and an input
past every limit of ``game/limits.py``, each with the entry point that opens it and what the one-line
refusal must say.

    python tools/make_fuzz_corpus.py                 # the small inputs, into tests/robustness/corpus/
    python tools/make_fuzz_corpus.py --big DIR       # also the big ones (file-size limits, bombs) into DIR

Every input starts from a valid base (written too, as a control that must open) and changes one
thing. ``manifest.json`` lists each case: its file, the ``main.py`` arguments (``{file}``, ``{out}``
and ``{corpus}`` are filled in by the runner), and the words and place its message must hold.
``tests/robustness/test_fuzz_corpus.py`` runs them all; ``make bench`` runs them and random mutants.

Deterministic: the same code writes the same bytes. Inputs over ``BIG_BYTES`` are never committed:
the test writes them into a temporary folder with ``write_big``.

Adding a kind (campaigns, bands and Zombicide scenario files are next): write a function returning
``Case`` objects like ``map_cases`` (its base file, one edit per case, the entry point that reads
that kind, e.g. ``main.py scenario {file}``), and add it to ``KINDS``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from fuzz_maps import (  # noqa: E402  (the map and tileset inputs, and what every input shares)
    BIG_BYTES,
    MAP_ARGS,
    MISSION_ARGS,
    REPO,
    SAVE_ARGS,
    SCALE_PROP,
    TILESET_REF,
    TSX_HEAD,
    VALIDATE_ARGS,
    Case,
    base_map,
    edit_text,
    json_bytes,
    map_cases,
    png,
    png_chunk,
    text_bytes,
    tileset_support,
    tileset_text,
)

from game import limits  # noqa: E402

DEFAULT_OUT = REPO / "tests" / "robustness" / "corpus"


# --- missions ------------------------------------------------------------------------------------

BASE_MISSION = """schema_version = 1
id = "corpus"
title = "Corpus mission"
game = "zombicide"

[[modules]]
map = "../maps/zz-base.tmx"
col = 0
row = 0

[[modules]]
map = "second.tmx"
col = 1
row = 0
rotation = 90

[[markers]]
kind = "objective"
zone = "C2:z5"
color = "blue"

[[doors]]
id = "C1:front"
open = true
"""
SECOND = 'map = "second.tmx"'
WIDE_MISSION = """schema_version = 1
id = "wide"
title = "Two modules of 2 m, 30 m apart"
game = "zombicide"

[[modules]]
map = "wide1.tmx"
col = 0
row = 0

[[modules]]
map = "wide2.tmx"
col = 15
row = 0
"""


def _mission_edits() -> Iterator[tuple[str, tuple[str, ...], str, dict[str, str] | str]]:
    yield "syntax", ("TOML syntax error",), "", BASE_MISSION.replace('title = "Corpus mission"', "title = ")
    yield "not-utf8", ("cannot read the mission",), "", BASE_MISSION.replace("Corpus", "Corpus \udcff")
    yield "empty", ("missing key",), "", ""
    yield "deep-arrays", ("nest",), "", BASE_MISSION + "deep = " + "[" * 5000 + "]" * 5000 + "\n"
    yield "deep-tables", ("nest",), "", BASE_MISSION + "\n[setup]\nx = " + "{a = " * 40 + "1" + "}" * 40 + "\n"
    yield "int-5000-digits", ("cannot be read",), "", BASE_MISSION.replace("col = 0", "col = " + "9" * 5000, 1)
    yield "nul-in-map", ("NUL",), "modules[1].map", {SECOND: 'map = "second\\u0000.tmx"'}
    yield "nul-in-title", ("NUL",), "title", {'title = "Corpus mission"': 'title = "Corpus\\u0000mission"'}
    yield "map-etc-passwd", ("lies outside",), "modules[1]", {SECOND: 'map = "/etc/passwd"'}
    yield "map-dotdot", ("lies outside",), "modules[1]", {SECOND: 'map = "../../../../../../etc/passwd"'}
    yield "map-dotdot-repo", ("lies outside",), "modules[1]", {SECOND: 'map = "../../../../README.md"'}
    yield "map-missing", ("map file not found",), "modules[1]", {SECOND: 'map = "gone.tmx"'}
    yield "map-is-mission", ("cannot be used",), "modules[1]", {SECOND: 'map = "base.toml"'}
    yield "map-empty", ("map",), "modules[1]", {SECOND: 'map = ""'}
    yield "map-long", ("map",), "modules[1]", {SECOND: f'map = "{"a" * 2000}.tmx"'}
    yield "map-broken", ("cannot be used",), "modules[1]", {SECOND: 'map = "../maps/zone-kind-unknown.tmx"'}
    yield "col-1e9", ("col",), "modules[0]", {"col = 0": "col = 1000000000"}
    yield "col-negative", ("col",), "modules[0]", {"col = 0": "col = -1"}
    yield "row-16", ("row",), "modules[1]", {"row = 0\nrotation": "row = 16\nrotation"}
    yield "col-float", ("col",), "modules[0]", {"col = 0": "col = 0.5"}
    yield "rotation-45", ("rotation must be",), "modules[1]", {"rotation = 90": "rotation = 45"}
    yield "rotation-text", ("rotation",), "modules[1]", {"rotation = 90": 'rotation = "90"'}
    yield "schema-newer", ("newer",), "schema_version", {"schema_version = 1": "schema_version = 99"}
    yield "schema-text", ("schema_version",), "schema_version", {"schema_version = 1": 'schema_version = "1"'}
    yield "schema-zero", ("schema_version",), "schema_version", {"schema_version = 1": "schema_version = 0"}
    yield "no-id", ("missing key 'id'",), "", {'id = "corpus"\n': ""}
    yield "unknown-key", ("unknown key",), "", {'id = "corpus"': 'id = "corpus"\nauthor = "me"'}
    yield "no-modules", ("modules",), "", BASE_MISSION.split("[[modules]]")[0]
    yield "too-many-modules", ("modules",), "modules", BASE_MISSION + "".join(
        f'\n[[modules]]\nmap = "second.tmx"\ncol = {i % 16}\nrow = {1 + i // 16}\n' for i in range(limits.MAX_MODULES))
    yield "too-many-markers", ("markers",), "markers", BASE_MISSION + "".join(
        '\n[[markers]]\nkind = "noise"\nzone = "C1:z5"\n' for _ in range(limits.MAX_MISSION_ENTRIES))
    yield "locators-many", ("locators",), "markers[0]", {'color = "blue"': 'color = "blue"\nlocators = [' + ", ".join(["1"] * 65) + "]"}
    yield "marker-kind", ("kind",), "markers[0]", {'kind = "objective"': 'kind = "treasure"'}
    yield "marker-colour-path", ("plain word",), "markers[0]", {'color = "blue"': 'color = "../../../etc/passwd"'}
    yield "door-colour-unknown", ("door color",), "doors[0]", {'open = true': 'open = true\ncolor = "ultraviolet"'}
    yield "marker-zone-format", ("must be written",), "markers[0]", {'zone = "C2:z5"': 'zone = "z5"'}
    yield "marker-zone-unknown", ("has no zone",), "markers[0]", {'zone = "C2:z5"': 'zone = "C2:z99"'}
    yield "marker-module-unknown", ("not in this mission",), "markers[0]", {'zone = "C2:z5"': 'zone = "Q9:z5"'}
    yield "door-unknown", ("has no door",), "doors[0]", {'id = "C1:front"': 'id = "C1:back"'}
    yield "door-is-opening", ("not a door",), "doors[0]", {'id = "C1:front"': 'id = "C1:d11"'}
    yield "same-cell", ("already taken",), "modules[1]", {"col = 1": "col = 0"}
    yield "module-twice", ("already used",), "modules[1]", {SECOND: 'map = "../maps/zz-base.tmx"'}
    yield "board-too-wide", ("each side at most",), "", WIDE_MISSION
    yield "title-int", ("title",), "title", {'title = "Corpus mission"': "title = 7"}
    yield "title-empty", ("title",), "title", {'title = "Corpus mission"': 'title = ""'}
    yield "id-empty", ("id",), "id", {'id = "corpus"': 'id = ""'}
    yield "game-path", ("game id",), "game", {'game = "zombicide"': 'game = "../../../etc/passwd"'}
    yield "setup-not-table", ("setup",), "setup", {'game = "zombicide"': 'game = "zombicide"\nsetup = 3'}


def mission_cases() -> list[Case]:
    second = base_map("C2").replace(TILESET_REF, TILESET_REF.replace('"tiles.tsx"', '"../maps/tiles.tsx"'))
    wide = {name: second.replace('value="C2"', f'value="{name.upper()}"').replace(
        SCALE_PROP, '<property name="scale" type="float" value="3"/>') for name in ("w1", "w2")}
    cases = [
        Case("support-second", "support", "missions/second.tmx", (), expect="support", content=text_bytes(second)),
        Case("support-wide1", "support", "missions/wide1.tmx", (), expect="support", content=text_bytes(wide["w1"])),
        Case("support-wide2", "support", "missions/wide2.tmx", (), expect="support", content=text_bytes(wide["w2"])),
        Case("mission-base", "mission", "missions/base.toml", MISSION_ARGS, expect="opens", content=text_bytes(BASE_MISSION)),
        Case("mission-base-validate", "mission", "missions/base.toml", VALIDATE_ARGS, expect="opens",
             content=text_bytes(BASE_MISSION)),
    ]
    for name, words, place, edit in _mission_edits():
        text = edit if isinstance(edit, str) else edit_text(BASE_MISSION, edit)
        data = text.encode("utf-8", "surrogateescape")
        cases.append(Case(f"mission-{name}", "mission", f"missions/{name}.toml", MISSION_ARGS, words, place,
                          content=data, big=len(data) > BIG_BYTES))
    other_game = second.replace('<property name="game" value="zombicide"/>', '<property name="game" value="zombieworld"/>')
    cases.append(Case("support-second-zombieworld", "support", "missions/second-zombieworld.tmx", (), expect="support",
                      content=text_bytes(other_game)))
    wrong_game = edit_text(BASE_MISSION, {SECOND: 'map = "second-zombieworld.tmx"'})
    cases.append(Case("validate-mission-wrong-game", "mission", "missions/wrong-game.toml", VALIDATE_ARGS,
                      ("is a zombieworld table, not a zombicide one",), "modules[1]", content=text_bytes(wrong_game)))
    unknown_game = edit_text(BASE_MISSION, {'game = "zombicide"': 'game = "chess"'})
    cases.append(Case("validate-mission-game-unknown", "mission", "missions/game-unknown.toml", VALIDATE_ARGS,
                      ("'game' = 'chess' is unknown",), content=text_bytes(unknown_game)))
    return cases


# --- game saves ----------------------------------------------------------------------------------


def _base_envelopes() -> dict[str, dict[str, Any]]:
    """Today's envelope of each game, from the frozen samples of the tests (their board is shipped)."""
    from game.platform.envelope import read_envelope

    found = {}
    for game, sample in (("zombicide", "zombicide-game-v1.json"), ("zombieworld", "zombieworld-game-rules2.json")):
        _, envelope = read_envelope(REPO / "tests" / "fixtures" / "saves" / sample)
        found[game] = envelope.model_dump(mode="json") | {"campaign": None}  # a link would lie outside saves/
    return found


def _legacy(name: str) -> dict[str, Any]:
    return dict(json.loads((REPO / "tests" / "fixtures" / "saves" / name).read_text(encoding="utf-8")))


def _set(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with ``a.b.0.c`` set (or removed, for ``DELETE``)."""
    copy = json.loads(json.dumps(data))
    parts = path.split(".")
    node = copy
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last: Any = int(parts[-1]) if isinstance(node, list) else parts[-1]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return copy


DELETE = object()


class Raw:
    """JSON text written as it is (for what ``json.dumps`` cannot write: NaN, 5,000 digits, duplicates)."""

    def __init__(self, text: str):
        self.text = text


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _game_edits(game: str) -> Iterator[tuple[str, tuple[str, ...], str, Any]]:
    yield "kind-other", ("not a Deadtable save", "deadtable-chess"), "", ("kind", "deadtable-chess")
    yield "envelope-newer", ("newer Deadtable",), "", ("envelope_version", 2)
    yield "envelope-text", ("envelope_version",), "", ("envelope_version", "one")
    yield "envelope-bool", ("envelope_version",), "", ("envelope_version", True)
    yield "envelope-zero", ("envelope_version",), "", ("envelope_version", 0)
    yield "game-unknown", ("unknown game 'chess'",), "", ("game", "chess")
    yield "game-missing", ("'game' is missing",), "", ("game", DELETE)
    yield "box-unknown", ("box",), "", ("box", "moon_base")
    yield "schema-newer", ("newer Deadtable",), "", ("game_schema", 2)
    yield "schema-zero", ("game_schema",), "", ("game_schema", 0)
    yield "schema-text", ("game_schema",), "", ("game_schema", "1")
    yield "rules-newer", ("newer Deadtable", "rules version"), "", ("ruleset_version", "99")
    yield "rules-text", ("rules version", "not a version number"), "", ("ruleset_version", "banana")
    yield "saved-at-text", ("saved_at",), "", ("saved_at", "yesterday")
    yield "saved-at-9999", ("year 9999",), "", ("saved_at", "9999-12-31T23:59:59-23:59")
    yield "saved-at-year-1", ("year 1",), "", ("saved_at", "0001-01-01T00:00:00+23:59")
    yield "title-long", ("title",), "", ("title", "t" * 10_000)
    yield "title-nul", ("NUL",), "title", ("title", "a\u0000b")
    yield "board-etc-passwd", ("lies outside",), "", ("board", "/etc/passwd")
    yield "board-dotdot", ("lies outside",), "", ("board", "../../../../../etc/passwd")
    yield "board-nul", ("NUL",), "board", ("board", "maps/missions/x\u0000.toml")
    yield "board-missing", ("board",), "", ("board", "maps/missions/gone.toml")
    yield "board-not-a-board", ("board",), "", ("board", "maps/README.md")
    yield "round-text", ("round",), "", ("status.round", "abc")
    yield "round-negative", ("round",), "", ("status.round", -1)
    yield "round-huge", ("round",), "", ("status.round", 10**30)
    yield "round-5000-digits", ("digits",), "", Raw('"round": ' + "9" * 5000)
    yield "seed-1e400", ("too large",), "", Raw('"seed": 1e400')
    yield "seed-nan", ("NaN",), "", Raw('"seed": NaN')
    yield "seed-text", ("seed",), "", ("seed", "lucky")
    yield "seed-fraction", ("seed",), "", ("seed", 1.5)
    yield "round-true", ("round",), "", ("status.round", True)
    yield "setup-list", ("setup",), "", ("setup", [])
    yield "log-not-list", ("log",), "", ("log", {})
    yield "log-entry-text", ("log",), "", ("log", ["move north"])
    yield "log-command-unknown", ("replay",), "", ("log.0.command", {"kind": "teleport"})
    yield "log-deep", ("nest",), "", ("log.0.command.deep", _nested(40))
    yield "log-very-deep", ("nest",), "", Raw('"deep": ' + "[" * 100_000 + "]" * 100_000)
    yield "final-hash-wrong", ("replay",), "", ("final_hash", "0000000000000000")
    yield "extra-not-dict", ("extra",), "", ("extra", [1, 2])
    yield "unknown-key", ("unknown key",), "", ("cheats", True)
    yield "content-bad", ("content",), "", ("content", {"hash": 3})
    yield "duplicate-key", ("given twice",), "", Raw('"title": "one", "title": "two"')
    yield "campaign-etc", ("campaign link",), "", ("campaign", {"path": "/etc/passwd", "name": "x", "games_at_start": 0})
    yield "campaign-dotdot", ("campaign link",), "", ("campaign", {"path": "../../../etc/x.json", "name": "x",
                                                                    "games_at_start": 0})
    yield "campaign-repo", ("campaign link",), "", ("campaign", {"path": "pyproject.toml", "name": "x", "games_at_start": 0})
    yield "campaign-nul", ("NUL",), "", ("campaign", {"path": "saves/a\u0000.json", "name": "x", "games_at_start": 0})


def _write_edit(base: dict[str, Any], edit: Any) -> bytes:
    if isinstance(edit, Raw):  # a raw member added at the top of the object
        body = json.dumps(base, indent=1, ensure_ascii=False)
        return text_bytes("{\n " + edit.text + ",\n" + body[2:] + "\n")
    path, value = edit
    return json_bytes(_set(base, path, value))


def game_save_cases() -> list[Case]:
    cases: list[Case] = []
    for game, base in _base_envelopes().items():
        cases.append(Case(f"{game}-save-base", "game-save", f"saves/{game}-base.json", SAVE_ARGS, expect="opens",
                          content=json_bytes(base)))
        for name, words, place, edit in _game_edits(game):
            data = _write_edit(base, edit)
            cases.append(Case(f"{game}-save-{name}", "game-save", f"saves/{game}-{name}.json", SAVE_ARGS, words,
                              place, content=data, big=len(data) > BIG_BYTES))
        long_log = _set(base, "log", base["log"] * (limits.MAX_COMMANDS // len(base["log"]) + 1))
        data = json_bytes(long_log)
        cases.append(Case(f"{game}-save-log-too-long", "game-save", f"saves/{game}-log-too-long.json", SAVE_ARGS,
                          ("log",), content=data, big=len(data) > BIG_BYTES))
    legacy_zc = _legacy("zombicide-game-v1.json")
    legacy_zw = _legacy("zombieworld-game-v2.json")
    legacy = [
        ("zombicide-legacy-schema", ("older format",), ("schema_version", 99), legacy_zc),
        ("zombicide-legacy-no-session", ("older Zombicide save",), ("session", DELETE), legacy_zc),
        ("zombicide-legacy-mission-etc", ("lies outside",), ("mission", "/etc/passwd"), legacy_zc),
        ("zombicide-legacy-round-text", ("round",), ("round", "abc"), legacy_zc),
        ("zombieworld-legacy-table-etc", ("lies outside",), ("table", "/etc/passwd"), legacy_zw),
        ("zombieworld-legacy-campaign-etc", ("campaign link",), ("campaign.path", "/etc/passwd"), legacy_zw),
        ("zombieworld-legacy-campaign-dotdot", ("campaign link",), ("campaign.path", "../../../../tmp/x.json"), legacy_zw),
        ("zombieworld-legacy-schema", ("older format",), ("schema_version", 7), legacy_zw),
    ]
    for name, words, (path, value), base in legacy:
        cases.append(Case(name, "game-save", f"saves/{name}.json", SAVE_ARGS, words, content=json_bytes(_set(base, path, value))))
    for name, data, words in (("save-empty", b"", ("invalid JSON",)), ("save-array", b"[1, 2]\n", ("no JSON object",)),
                              ("save-not-utf8", b'{"kind": "\xff\xfe"}', ("not UTF-8",)),
                              ("save-bom", b"\xef\xbb\xbf{}", ("invalid JSON",))):
        cases.append(Case(name, "game-save", f"saves/{name}.json", SAVE_ARGS, words, content=data))
    return cases


# --- table saves ---------------------------------------------------------------------------------


def _table_edits() -> Iterator[tuple[str, tuple[str, ...], str, Any]]:
    piece = "pieces.survivor-1"
    yield "schema-newer", ("newer Deadtable",), "", ("schema_version", 2)
    yield "schema-text", ("schema_version",), "", ("schema_version", "1")
    yield "kind-other", ("not a Deadtable save",), "", ("kind", "deadtable-sandwich")
    yield "source-etc-passwd", ("lies outside",), "", ("source", "/etc/passwd")
    yield "source-dotdot", ("lies outside",), "", ("source", "../../../../etc/passwd")
    yield "source-nul", ("NUL",), "source", ("source", "maps/missions/a\u0000.toml")
    yield "source-missing", ("missing",), "", ("source", "maps/missions/gone.toml")
    yield "source-not-a-board", ("board cannot be loaded",), "", ("source", "maps/README.md")
    yield "base-1e300", ("base_cm",), f"{piece}.base_cm", (f"{piece}.base_cm", 1e300)
    yield "base-zero", ("base_cm",), f"{piece}.base_cm", (f"{piece}.base_cm", 0)
    yield "base-negative", ("base_cm",), f"{piece}.base_cm", (f"{piece}.base_cm", -2.5)
    yield "x-1e300", ("x_cm",), f"{piece}.x_cm", (f"{piece}.x_cm", 1e300)
    yield "y-text", ("y_cm",), f"{piece}.y_cm", (f"{piece}.y_cm", "north")
    yield "x-nan", ("NaN",), "", Raw('"nan": NaN')
    yield "x-infinity", ("Infinity",), "", Raw('"inf": -Infinity')
    yield "x-1e400", ("too large",), "", Raw('"big": 1e400')
    yield "x-5000-digits", ("digits",), "", Raw('"long": ' + "1" * 5000)
    yield "side-martian", ("side",), f"{piece}.side", (f"{piece}.side", "martian")
    yield "token-unknown", ("unknown token",), f"{piece}.token", (f"{piece}.token", "dragon")
    yield "token-empty", ("token",), f"{piece}.token", (f"{piece}.token", "")
    yield "zone-missing", ("no zone",), f"{piece}.zone", (f"{piece}.zone", "2V:atlantis")
    yield "piece-id-empty", ("piece id is empty",), "", ("pieces. ", {"token": "walker", "side": "zombie", "base_cm": 2,
                                                                       "x_cm": 1, "y_cm": 1})
    yield "duplicate-piece-id", ("given twice",), "", Raw('"pieces": {"a": {}, "a": {}}')
    yield "facing-1e9", ("facing_deg",), f"{piece}.facing_deg", (f"{piece}.facing_deg", 1e9)
    yield "facing-true", ("facing_deg",), f"{piece}.facing_deg", (f"{piece}.facing_deg", True)
    yield "x-quoted", ("x_cm",), f"{piece}.x_cm", (f"{piece}.x_cm", "12")
    yield "label-long", ("label",), f"{piece}.label", (f"{piece}.label", "L" * 5000)
    yield "label-nul", ("NUL",), f"{piece}.label", (f"{piece}.label", "a\u0000")
    yield "zoom-zero", ("zoom_px_per_cm",), "camera.zoom_px_per_cm", ("camera.zoom_px_per_cm", 0)
    yield "zoom-tiny", ("zoom_px_per_cm",), "camera.zoom_px_per_cm", ("camera.zoom_px_per_cm", 1e-300)
    yield "zoom-huge", ("zoom_px_per_cm",), "camera.zoom_px_per_cm", ("camera.zoom_px_per_cm", 1e6)
    yield "camera-far", ("center_x_cm",), "camera.center_x_cm", ("camera.center_x_cm", -1e12)
    yield "saved-at-text", ("saved_at",), "saved_at", ("saved_at", "noon")
    yield "unknown-key", ("Extra inputs",), "cheat", ("cheat", 1)
    yield "pieces-list", ("pieces",), "pieces", ("pieces", [])
    yield "deep", ("nest",), "", Raw('"deep": ' + "[" * 50 + "]" * 50)
    yield "very-deep", ("nest",), "", Raw('"deep": ' + "{\"a\": " * 100_000 + "1" + "}" * 100_000)
    yield "piece-extra-field", ("Extra inputs",), f"{piece}.owner", (f"{piece}.owner", "me")


def table_save_cases() -> list[Case]:
    base = _legacy("table-current.json")
    cases = [Case("table-save-base", "table-save", "tables/base.json", SAVE_ARGS, expect="opens", content=json_bytes(base))]
    for name, words, place, edit in _table_edits():
        data = _write_edit(base, edit)
        cases.append(Case(f"table-save-{name}", "table-save", f"tables/{name}.json", SAVE_ARGS, words, place,
                          content=data, big=len(data) > BIG_BYTES))
    piece = base["pieces"]["survivor-1"]
    many = _set(base, "pieces", {f"walker-{i}": {**piece, "zone": None} for i in range(limits.MAX_PIECES + 1)})
    fifty_thousand = _set(base, "pieces", {f"walker-{i}": {**piece, "zone": None} for i in range(50_000)})
    for name, document in (("pieces-over-limit", many), ("pieces-50000", fifty_thousand)):
        data = json_bytes(document)
        cases.append(Case(f"table-save-{name}", "table-save", f"tables/{name}.json", SAVE_ARGS, ("pieces",),
                          content=data, big=len(data) > BIG_BYTES))
    return cases


# --- Zombieworld campaigns and bands ---------------------------------------------------------------

CHECK_ARGS = ("check", "{file}")


def _band_edits(prefix: str) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    """Faults of a band, at ``prefix`` (a band file's top level, or a campaign band's ``band``)."""
    member = f"{prefix}members.0"
    yield "rank-god", ("unknown rank 'god'",), (f"{member}.rank", "god")
    yield "item-unknown", ("unknown item 'lightsaber'",), (f"{member}.hand", ["lightsaber"])
    yield "virtue-unknown", ("unknown virtue",), (f"{member}.virtue", "omnipotent")
    yield "vehicle-unknown", ("unknown vehicle",), (f"{prefix}vehicles", ["tank"])
    yield "type-unknown", ("unknown band type",), (f"{prefix}band_type", "martians")
    yield "no-members", ("members",), (f"{prefix}members", [])
    yield "wounds-9", ("wounds",), (f"{member}.wounds", 9)
    yield "name-empty", ("name",), (f"{member}.name", "")
    yield "members-text", ("members",), (f"{prefix}members", "everyone")
    yield "extra-key", ("extra",), (f"{member}.superpower", "flight")


def campaign_cases() -> list[Case]:
    base = _legacy("campaign-v2.json")
    cases = [Case("campaign-base", "campaign", "campaigns/base.json", CHECK_ARGS, expect="opens",
                  content=json_bytes(base))]
    edits: list[tuple[str, tuple[str, ...], Any]] = [
        ("games-negative", ("games",), ("games", -3)),
        ("games-huge", ("games",), ("games", limits.MAX_CAMPAIGN_GAMES + 1)),
        ("games-text", ("games",), ("games", "many")),
        ("glory-huge", ("glory",), ("bands.0.glory", limits.MAX_GLORY + 1)),
        ("glory-very-negative", ("glory",), ("bands.0.glory", -limits.MAX_GLORY - 1)),
        ("schema-newer", ("newer Deadtable",), ("schema_version", 9)),
        ("no-bands", ("bands",), ("bands", DELETE)),
        ("bands-none", ("bands",), ("bands", "none")),
        ("name-nul", ("NUL",), ("name", "Long\u0000Night")),
        ("deep", ("nest",), ("history", _nested(limits.MAX_NESTING + 5))),
        ("members-over-limit", ("members",),
         ("bands.0.band.members", base["bands"][0]["band"]["members"] * (limits.MAX_BAND_MEMBERS // 4 + 2))),
        ("members-250", ("members",), ("bands.0.band.members", base["bands"][0]["band"]["members"] * 63)),
    ]
    edits += [(f"band-{name}", words, (f"bands.0.{path}", value))
              for name, words, (path, value) in _band_edits("band.")]
    for name, words, (path, value) in edits:
        data = json_bytes(_set(base, path, value)) if name != "name-nul" else \
            json_bytes(base).replace(b'"Long Night"', b'"Long\\u0000Night"', 1)
        cases.append(Case(f"campaign-{name}", "campaign", f"campaigns/{name}.json", CHECK_ARGS, words,
                          content=data, big=len(data) > BIG_BYTES))
    for name, data, words in (
            ("digits-5000", text_bytes('{"schema_version": 2, "name": "X", "bands": [], "games": ' + "9" * 5000 + "}"),
             ("digits",)),
            ("not-utf8", b'{"name": "\xff\xfe", "bands": [], "games": 0}', ("not UTF-8",)),
            ("truncated", json_bytes(base)[:300], ("invalid JSON",)),
            ("nan", text_bytes('{"schema_version": 2, "name": "X", "bands": [], "games": NaN}'), ("NaN",))):
        cases.append(Case(f"campaign-{name}", "campaign", f"campaigns/{name}.json", CHECK_ARGS, words, content=data))
    return cases


def band_cases() -> list[Case]:
    base = _legacy("band-v1.json")
    cases = [Case("band-base", "band", "bands/base.json", CHECK_ARGS, expect="opens", content=json_bytes(base))]
    for name, words, (path, value) in _band_edits(""):
        data = json_bytes(_set(base, path, value))
        cases.append(Case(f"band-{name}", "band", f"bands/{name}.json", CHECK_ARGS, words, content=data))
    many = _set(base, "members", base["members"] * (limits.MAX_BAND_MEMBERS // len(base["members"]) + 2))
    cases.append(Case("band-members-over-limit", "band", "bands/members-over-limit.json", CHECK_ARGS, ("members",),
                      content=json_bytes(many)))
    for name, data, words in (
            ("digits-5000", text_bytes('{"name": "X", "members": [' + "1" * 5000 + "]}"), ("digits",)),
            ("duplicate-key", text_bytes('{"name": "X", "name": "Y", "members": []}'), ("twice",)),
            ("not-utf8", b'{"name": "\xff", "members": []}', ("not UTF-8",))):
        cases.append(Case(f"band-{name}", "band", f"bands/{name}.json", CHECK_ARGS, words, content=data))
    return cases


# --- scenario files (all three games) ------------------------------------------------------------

SCENARIO_ARGS = ("scenario", "{file}")
ZOMBICIDE_SCENARIO = (REPO / "tests" / "zombicide" / "scenarios" / "combat" / "melee_only_own_zone.toml")
ZOMBIEWORLD_SCENARIO = (REPO / "tests" / "zombieworld" / "scenarios" / "jumps" / "jump_gap_over_ten_cm_refused.toml")
CITY_OF_HORROR_SCENARIO = (REPO / "tests" / "city_of_horror" / "scenarios" / "setup" / "hands_after_placement.toml")


def _scenario_sketch(rows: int, cols: int) -> str:
    return "\n\n".join(" ".join("s" * cols) for _ in range(rows))


def scenario_cases() -> list[Case]:
    """A passing scenario of each game, and broken ones: syntax, paths, limits, unknown words."""
    zc = ZOMBICIDE_SCENARIO.read_text(encoding="utf-8")
    zw = ZOMBIEWORLD_SCENARIO.read_text(encoding="utf-8")
    coh = CITY_OF_HORROR_SCENARIO.read_text(encoding="utf-8")
    huge_sketch = _scenario_sketch(60, 50)  # 3,000 zones
    over_zones = _scenario_sketch(20, 21)  # 420 zones
    deep = "x = " + "[" * (limits.MAX_NESTING + 5) + "]" * (limits.MAX_NESTING + 5) + "\n"
    cases = [Case(f"scenario-{game}-base", "scenario", f"scenarios/{game}-base.toml", SCENARIO_ARGS, expect="opens",
                  content=text_bytes(text)) for game, text in (("zombicide", zc), ("zombieworld", zw),
                                                               ("city-of-horror", coh))]
    broken: list[tuple[str, tuple[str, ...], str, str]] = [
        ("zombicide-syntax", ("TOML syntax error",), "line 4", zc.replace("[board]", "[board")),
        ("zombicide-sketch-3000-zones", ("at most",), "sketch",
         zc.replace('sketch = "s s"', f'sketch = """\n{huge_sketch}\n"""')),
        ("zombicide-sketch-420-zones", ("420 zones", f"at most {limits.MAX_SKETCH_ZONES}"), "sketch",
         zc.replace('sketch = "s s"', f'sketch = """\n{over_zones}\n"""')),
        ("zombicide-sketch-unknown-letter", ("unknown zone letter",), "sketch",
         zc.replace('sketch = "s s"', 'sketch = "s Q"')),
        ("zombicide-board-etc-passwd", ("lies outside",), "[board] → path",
         zc.replace('sketch = "s s"', 'path = "/etc/passwd"')),
        ("zombicide-board-dotdot", ("lies outside",), "[board] → path",
         zc.replace('sketch = "s s"', 'path = "../../../../../etc/hosts"')),
        ("zombicide-board-nul", ("NUL",), "board.path", zc.replace('sketch = "s s"', 'path = "maps\\u0000x.toml"')),
        ("zombicide-deep", ("nest",), "", deep + zc),
        ("zombicide-nul-title", ("NUL",), "title", zc.replace("Melee weapons", "Melee\\u0000weapons")),
        ("zombicide-digits", ("digits",), "", zc + "\n[extra]\nn = " + "7" * 5000 + "\n"),
        ("zombieworld-map-etc-passwd", ("lies outside",), "[table] → map",
         zw[:zw.index("[table]")] + '[table]\nmap = "/etc/passwd"\n'),
        ("zombieworld-deep", ("nest",), "", zw.replace('title = "', deep + 'title = "', 1)),
        ("zombieworld-syntax", ("TOML syntax error",), "line", zw.replace("[table]", "[table")),
        ("city-of-horror-syntax", ("TOML syntax error",), "line", coh.replace("[setup]", "[setup")),
        ("city-of-horror-deep", ("nest",), "", coh.replace('title = "', deep + 'title = "', 1)),
    ]
    for name, words, place, text in broken:
        cases.append(Case(f"scenario-{name}", "scenario", f"scenarios/{name}.toml", SCENARIO_ARGS, words, place,
                          content=text_bytes(text)))
    return cases


# --- file sizes (always big) ---------------------------------------------------------------------


def size_cases() -> list[Case]:
    """One file over each size limit, padded with XML or JSON whitespace so that only its size is wrong."""
    map_text = base_map().replace("</map>", " " * (limits.MAX_MAP_FILE_BYTES + 1) + "</map>")
    mission = BASE_MISSION + "\n" + "#" * (limits.MAX_MISSION_FILE_BYTES + 1) + "\n"
    save = _legacy("table-current.json")
    save_text = json.dumps(save)[:-1] + " " * (limits.MAX_SAVE_FILE_BYTES + 1) + "}"
    tsx = tileset_text("bad-xml") + "</tileset>" + " " * (limits.MAX_TILESET_FILE_BYTES + 1)
    image = png(80, 80, lambda x, y: (x, y, 0))
    padded_png = image[:-12] + png_chunk(b"tEXt", b"pad\x00" + b"x" * (limits.MAX_IMAGE_FILE_BYTES + 1)) + image[-12:]
    big_tsx_image = TSX_HEAD + ('<tileset version="1.8" name="t" tilewidth="40" tileheight="40" tilecount="4" columns="2">\n'
                                ' <image source="padded.png" width="80" height="80"/>\n</tileset>\n')
    scenario = ZOMBICIDE_SCENARIO.read_text(encoding="utf-8") + "#" * (limits.MAX_DATA_FILE_BYTES + 1) + "\n"
    return [
        Case("size-scenario", "limit", "scenarios/size-scenario.toml", SCENARIO_ARGS, ("at most 4 MB",),
             content=text_bytes(scenario), big=True),
        Case("size-map", "limit", "maps/size-map.tmx", MAP_ARGS, ("at most 8 MB",), content=text_bytes(map_text), big=True),
        Case("size-mission", "limit", "missions/size-mission.toml", MISSION_ARGS, ("at most 1 MB",),
             content=text_bytes(mission), big=True),
        Case("size-table-save", "limit", "tables/size.json", SAVE_ARGS, ("at most 16 MB",), content=text_bytes(save_text),
             big=True),
        Case("size-game-save", "limit", "saves/size.json", SAVE_ARGS, ("at most 16 MB",), content=text_bytes(save_text.replace(
            "deadtable-table", "deadtable-save")), big=True),
        Case("support-size-tsx", "support", "maps/tilesets/size.tsx", (), expect="support", content=text_bytes(tsx), big=True),
        Case("size-tileset", "limit", "maps/size-tileset.tmx", MAP_ARGS, ("at most 2 MB",), content=text_bytes(edit_text(
            base_map(), {TILESET_REF: '<tileset firstgid="1" source="tilesets/size.tsx"/>'})),
             uses=("maps/tilesets/size.tsx",)),
        Case("support-padded-png", "support", "maps/tilesets/padded.png", (), expect="support", content=padded_png, big=True),
        Case("support-padded-tsx", "support", "maps/tilesets/padded.tsx", (), expect="support", content=text_bytes(big_tsx_image),
             big=True),
        Case("size-image", "limit", "maps/size-image.tmx", MAP_ARGS, ("at most 32 MB",), content=text_bytes(edit_text(
            base_map(), {TILESET_REF: '<tileset firstgid="1" source="tilesets/padded.tsx"/>'})),
             uses=("maps/tilesets/padded.tsx", "maps/tilesets/padded.png")),
    ]


# Each limit of game/limits.py and the inputs that pass it (tests/robustness/test_fuzz_corpus.py checks
# that every limit is listed here or below, and that each input is refused for the right reason).
LIMIT_CASES: dict[str, tuple[str, ...]] = {
    "MAX_MAP_FILE_BYTES": ("size-map",),
    "MAX_TILESET_FILE_BYTES": ("size-tileset",),
    "MAX_IMAGE_FILE_BYTES": ("size-image",),
    "MAX_MISSION_FILE_BYTES": ("size-mission",),
    "MAX_SAVE_FILE_BYTES": ("size-table-save", "size-game-save"),
    "MAX_MAP_TILES": ("map-map-30000x30000", "map-map-width-1e9", "map-map-height-1025"),
    "MAX_LAYER_CELLS": ("map-layer-cells",),
    "MAX_MAP_CELLS": ("map-map-cells",),
    "MAX_LAYERS": ("map-many-layers",),
    "MAX_TILE_PX": ("map-map-tilewidth-5000",),
    "MAX_MAP_SIDE_PX": ("map-map-side-px",),
    "MAX_MAP_PIXELS": ("map-map-pixels",),
    "MAX_TILESETS": ("map-many-tilesets",),
    "MAX_TILESET_TILES": ("map-tsx-tile-1px", "map-tsx-many-tiles", "map-tsx-tilecount-huge"),
    "MAX_TILE_GID": ("map-csv-above-32-bits",),
    "MAX_IMAGE_SIDE_PX": ("map-tsx-png-huge", "map-tsx-jpeg-huge", "map-tsx-bmp-huge", "map-tsx-image-declared-huge",
                          "map-embedded-tileset-huge-image"),
    "MAX_IMAGE_PIXELS": ("map-tsx-png-long", "map-tsx-gif-huge"),
    "MAX_OBJECTS": ("map-many-objects",),
    "MAX_ZONES": ("map-many-zones",),
    "MAX_POLYGON_POINTS": ("map-polygon-points",),
    "MAX_MAP_POINTS": ("map-map-points",),
    "MAX_ZONE_OVERLAP_WORK": ("map-zone-overlap-work",),
    "MAX_PROPERTIES": ("map-many-properties",),
    "MAX_COORDINATE_PX": ("map-coordinate-1e9", "map-point-1e308", "map-point-inf"),
    "MIN_SCALE_PX_PER_CM": ("map-scale-small", "map-scale-tiny", "map-scale-zero"),
    "MAX_SCALE_PX_PER_CM": ("map-scale-large", "map-scale-huge"),
    "MAX_MODULES": ("mission-too-many-modules",),
    "MAX_MISSION_GRID": ("mission-col-1e9", "mission-row-16"),
    "MAX_MISSION_ENTRIES": ("mission-too-many-markers",),
    "MAX_BOARD_SIDE_CM": ("mission-board-too-wide", "map-scale-board-too-big"),
    "MAX_BOARD_CELLS": ("map-board-cells", "validate-board-cells"),
    "MAX_ZONE_GRID_WORK": ("map-zone-grid-work",),
    "MAX_SIGHT_STEPS": ("map-sight-steps", "validate-sight-steps"),
    "MAX_PIECES": ("table-save-pieces-over-limit", "table-save-pieces-50000"),
    "MIN_BASE_CM": ("table-save-base-zero", "table-save-base-negative"),
    "MAX_BASE_CM": ("table-save-base-1e300",),
    "MAX_COORDINATE_CM": ("table-save-x-1e300", "table-save-camera-far"),
    "MIN_SAVED_ZOOM_PX_PER_CM": ("table-save-zoom-zero", "table-save-zoom-tiny"),
    "MAX_SAVED_ZOOM_PX_PER_CM": ("table-save-zoom-huge",),
    "MAX_COMMANDS": ("zombicide-save-log-too-long", "zombieworld-save-log-too-long"),
    "MAX_NESTING": ("map-deep-nesting", "mission-deep-arrays", "mission-deep-tables", "table-save-deep",
                    "table-save-very-deep", "zombicide-save-log-deep", "zombieworld-save-log-very-deep"),
    "MAX_NUMBER_CHARS": ("table-save-x-5000-digits", "zombicide-save-round-5000-digits"),
    "MAX_PATH_CHARS": ("mission-map-long",),
    "MAX_BAND_MEMBERS": ("campaign-members-over-limit", "campaign-members-250", "band-members-over-limit"),
    "MAX_CAMPAIGN_GAMES": ("campaign-games-huge",),
    "MAX_GLORY": ("campaign-glory-huge", "campaign-glory-very-negative"),
    "MAX_SKETCH_ZONES": ("scenario-zombicide-sketch-420-zones", "scenario-zombicide-sketch-3000-zones"),
    "MAX_DATA_FILE_BYTES": ("size-scenario",),
}
# Limits no input of this corpus reaches yet: the readers that check them come next.
LIMITS_LATER: dict[str, str] = {}
# Names in game/limits.py that are not limits on an input.
NOT_INPUT_LIMITS = ("KIB", "MIB", "SAVE_LOCK_WAIT_S", "STALE_TEMP_AGE_S")


KINDS: dict[str, Callable[[], list[Case]]] = {
    "tileset files": tileset_support,
    "maps and tilesets": map_cases,
    "missions": mission_cases,
    "game saves": game_save_cases,
    "table saves": table_save_cases,
    "campaigns": campaign_cases,
    "bands": band_cases,
    "scenario files": scenario_cases,
    "file sizes": size_cases,
}


def all_cases() -> list[Case]:
    """Every case, marked big when it or a file it names is over ``BIG_BYTES``."""
    made = [case for make in KINDS.values() for case in make()]
    sizes = {case.file: len(case.content) for case in made}
    cases = [replace(case, big=case.big or len(case.content) > BIG_BYTES
                     or any(sizes[used] > BIG_BYTES for used in case.uses)) for case in made]
    ids = [case.id for case in cases]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"case ids used twice: {duplicates}")
    return cases


def _write(root: Path, cases: list[Case]) -> None:
    written: dict[str, bytes] = {}
    for case in cases:
        if case.file in written:
            if written[case.file] != case.content:
                raise ValueError(f"{case.file} is written twice with different content")
            continue
        written[case.file] = case.content
        target = root / case.file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(case.content)


def write_small(root: Path) -> list[Case]:
    """Write the committed corpus (every input up to ``BIG_BYTES``) and ``manifest.json`` for all cases."""
    cases = all_cases()
    _write(root, [case for case in cases if not case.big])
    manifest = [case.manifest() for case in cases if case.expect != "support"]
    (root / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return cases


def write_big(root: Path) -> list[Case]:
    """Write the big inputs (and what they refer to) into ``root``, beside a copy of the small ones."""
    cases = all_cases()
    _write(root, cases)
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the committed corpus goes")
    parser.add_argument("--big", type=Path, metavar="DIR", help="also write every input, big ones too, into DIR")
    args = parser.parse_args(argv)
    cases = write_small(args.out)
    refused = [case for case in cases if case.expect == "refused"]
    print(f"{len(refused)} malformed inputs ({sum(c.big for c in refused)} big), "
          f"{sum(c.expect == 'opens' for c in cases)} valid bases, written to {args.out}")
    if args.big:
        write_big(args.big)
        print(f"every input written to {args.big}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
