"""The one JSON reader behind table saves and the token manifest: every failure in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.jsonfile import JsonReadError, read_json
from game.table.saves import SaveError, load_table
from game.table.setup import TokenManifestError, load_token_manifest


def test_reads_a_document(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_text('{"a": [1, 2.5, "é"]}', encoding="utf-8")
    assert read_json(path, "save file") == {"a": [1, 2.5, "é"]}


@pytest.mark.parametrize(("content", "expected"), [
    (None, "no such token manifest"),
    (b"\xff\xfe{", "not a Deadtable token manifest (the file is not UTF-8 text)"),
    (b'{\n "a": 1,\n "b": }', "corrupt token manifest: invalid JSON at line 3, column 7: Expecting value"),
])
def test_failures_name_the_document_and_the_place(tmp_path: Path, content: bytes | None, expected: str) -> None:
    path = tmp_path / "doc.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(JsonReadError) as caught:
        read_json(path, "token manifest")
    assert caught.value.what == expected


def test_a_folder_is_not_readable(tmp_path: Path) -> None:
    with pytest.raises(JsonReadError, match=r"^could not read the file \("):
        read_json(tmp_path, "save file")


def test_saves_and_the_manifest_report_the_same_failure_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"x": tru}', encoding="utf-8")
    with pytest.raises(SaveError) as save_error:
        load_table(path)
    with pytest.raises(TokenManifestError) as manifest_error:
        load_token_manifest(path)
    assert save_error.value.path == manifest_error.value.path == str(path)
    assert save_error.value.what.replace("save file", "X") == manifest_error.value.what.replace("token manifest", "X")
    assert "line 1, column 7" in save_error.value.what
