"""A board outside the repository travels by name and digest, never as a path: the host sends
``elsewhere:NAME``, a client finds its own copy of that name and digest in its map folders, and a
client without one is told which file it lacks."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import roots
from game.app.net.start import NetStartError, board_path
from game.board.mission import load_board
from game.net import protocol as p
from game.net.client import AsyncClient, content_answer, make_hello
from game.net.content import ELSEWHERE, file_digest
from game.net.host import Host
from game.platform import map_sources, registry
from game.platform.registry import REPO_ROOT
from game.rules.core.session import Session
from tests.net.harness import WAIT_S, start
from tests.zombieworld.helpers import two_bands

TABLE = REPO_ROOT / "maps" / "zombieworld" / "zw-town-square.tmx"


def outside_table(root: Path) -> Path:
    """A copy of a shipped table outside the repository (its tiles found as from the maps folder)."""
    (root / "maps" / "tables").mkdir(parents=True)
    (root / "assets").symlink_to(REPO_ROOT / "assets")
    copy = root / "maps" / "tables" / "my-table.tmx"
    shutil.copyfile(TABLE, copy)
    return copy


async def first_answers(url: str, code: str, seat: str) -> tuple[list[str], list[object]]:
    """Every message the host sent a client until its welcome or refusal (raw and parsed)."""
    client = AsyncClient()
    await client.connect(url, make_hello("ana", code, seat))
    raw: list[str] = []
    found: list[object] = []
    while not found or not isinstance(found[-1], p.Welcome | p.ContentMismatch | p.Refused):
        raw.append(str(await asyncio.wait_for(client.socket.recv(), WAIT_S)))
        message = p.parse_host(raw[-1])
        found.append(message)
        if isinstance(message, p.ContentRequest):
            for answer in content_answer(message):
                await client.send(answer)
    await client.socket.close()
    return raw, found


def test_a_board_outside_the_repository_travels_by_name_and_digest(tmp_path, monkeypatch):
    table = outside_table(tmp_path / "host-side")
    ruleset = registry.game("zombieworld").ruleset("evolution")
    with roots.allowed(tmp_path):  # as ``main.py --allow-root`` does
        board = load_board(table)
    host = Host(registry.game("zombieworld"), Session(ruleset, board, two_bands(), 7), tmp_path / "net.json")
    assert host.board_ref == ELSEWHERE + "my-table.tmx"
    assert all(not Path(name).is_absolute() for name in host.content)

    async def scenario() -> None:
        url = await start(host)
        try:
            seat = next(iter(host.seats))
            # this copy has no such board: told which file it lacks, and no path of the host's
            monkeypatch.setattr(map_sources, "_user_folders", [tmp_path / "nothing-here"])
            raw, found = await first_answers(url, host.code, seat)
            assert isinstance(found[0], p.ContentRequest) and found[0].elsewhere == {
                host.board_ref: file_digest(table)}
            assert isinstance(found[-1], p.ContentMismatch)
            assert found[-1].files == [f"{host.board_ref} (missing)"]
            assert not any(str(tmp_path) in text for text in raw)
            # a copy of it among the player's maps: welcome, and the window finds that copy
            mine = tmp_path / "my-maps" / "downloaded"
            mine.mkdir(parents=True)
            shutil.copyfile(table, mine / "my-table.tmx")
            monkeypatch.setattr(map_sources, "_user_folders", [tmp_path / "my-maps"])
            raw, found = await first_answers(url, host.code, seat)
            welcome = found[-1]
            assert isinstance(welcome, p.Welcome), welcome
            assert welcome.board == host.board_ref and welcome.board_digest == file_digest(table)
            assert not any(str(tmp_path) in text for text in raw)
            assert board_path(welcome) == mine / "my-table.tmx"
        finally:
            await host.stop()

    asyncio.run(scenario())


def test_a_missing_board_is_named_for_the_player():
    welcome = SimpleNamespace(board=ELSEWHERE + "nowhere-table.tmx", board_digest="0" * 16)
    with pytest.raises(NetStartError, match="nowhere-table.tmx"):
        board_path(welcome)
    assert board_path(SimpleNamespace(board="maps/zombieworld/zw-town-square.tmx", board_digest="")) == TABLE
