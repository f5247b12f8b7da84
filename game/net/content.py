"""The content a client plays with, by file: the hello carries one digest of it all; when that is not
the host's, the host asks for the digests of its game's files (``ContentRequest``) and names every
file that differs from its own (a different map or card list would show a different game). However
much content there is, no message passes the size limit: the answer comes in chunks.

The digests are those of the save envelope's content stamp (``game.platform.envelope``): the first
16 hex digits of each file's SHA-256, by repository-relative path.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.platform import registry
from game.platform.envelope import portable
from game.platform.registry import REPO_ROOT

CONTENT_FOLDERS = ("maps",)  # besides each game's own content files
ELSEWHERE = "elsewhere:"  # a file outside the repository travels by name (and digest), never by its path


def wire_path(path: str | Path) -> str:
    """How a content file is named on the wire: relative to the repository, or ``elsewhere:NAME``."""
    named = portable(path)
    return ELSEWHERE + Path(named).name if Path(named).is_absolute() else named


def find_elsewhere(name: str, digest: str) -> Path | None:
    """This copy's file ``name`` (an ``elsewhere:`` file of the host) with ``digest``: in the maps
    folder or the player's map folders."""
    from game.platform.map_sources import user_folders

    bare = Path(name.removeprefix(ELSEWHERE)).name
    for folder in (REPO_ROOT / "maps", *user_folders()):
        for candidate in sorted(Path(folder).rglob(bare)) if Path(folder).is_dir() else ():
            if candidate.is_file() and file_digest(candidate) == digest:
                return candidate
    return None


def file_digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "missing"


def whole_digest(files: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def local_content() -> tuple[str, dict[str, str]]:
    """(digest of everything, digest of each file) for the maps and every game's content here."""
    paths: set[Path] = set()
    for folder in CONTENT_FOLDERS:
        paths.update(p for p in (REPO_ROOT / folder).rglob("*") if p.is_file())
    for entry in registry.games():
        for box in entry.boxes:
            paths.update(Path(p) for p in entry.content_files(box.id))
    files = {portable(path): file_digest(path) for path in sorted(paths)}
    return whole_digest(files), files


def differing_files(host_files: dict[str, str], client_files: dict[str, str]) -> list[str]:
    """The host's files the client lacks or has otherwise, each with what differs."""
    found = []
    for name, digest in sorted(host_files.items()):
        theirs = client_files.get(name)
        if theirs == digest:
            continue
        found.append(f"{name} ({'missing' if theirs in (None, 'missing') else 'changed'})")
    return found




_content_cache: tuple[str, dict[str, str]] | None = None


def content_of_this_copy() -> tuple[str, dict[str, str]]:
    """``local_content()``, computed once per process (the files do not change mid-game)."""
    global _content_cache
    if _content_cache is None:
        _content_cache = local_content()
    return _content_cache


def digest_chunks(paths: list[str], chunk: int, elsewhere: dict[str, str] | None = None) -> list[dict[str, str]]:
    """This copy's digests of ``paths`` ("missing" where it has none), ``chunk`` files at a time (at
    least one chunk, maybe empty). An ``elsewhere:`` file is looked for by name, with the host's
    digest from ``elsewhere``."""
    files = content_of_this_copy()[1]

    def digest_of(path: str) -> str:
        if path.startswith(ELSEWHERE):
            return (elsewhere or {}).get(path, "missing") if find_elsewhere(path, (elsewhere or {}).get(path, "")) \
                else "missing"
        return files.get(path) or file_digest(REPO_ROOT / path)

    found = [(path, digest_of(path)) for path in paths]
    return [dict(found[n:n + chunk]) for n in range(0, len(found), chunk)] or [{}]
