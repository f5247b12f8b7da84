"""Bad clients, differing content, a save that fails, a host process killed outright: each refused
with its reason or recovered from, and the host keeps running."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.net import protocol as p
from game.net.autosave import Autosave
from game.net.client import AsyncClient, content_answer, make_hello
from game.net.content import content_of_this_copy
from game.net.host import Host
from game.platform import envelope
from tests.net.harness import REPO, WAIT_S, Player, new_host, play_script, seat_players, start, zombicide_game
from tests.net.test_play import _crash

GAME = zombicide_game()


async def _refusal(player: Player) -> p.Refused:
    found = await player.until(lambda m: isinstance(m, p.Refused))
    assert isinstance(found, p.Refused)
    return found


async def _bad_clients(tmp_path: Path) -> None:
    host = new_host(GAME, tmp_path / "net.json")
    url = await start(host)
    try:
        a, b, c = await seat_players(host, url, GAME, ["A", "B", "C"])
        hash_before = host.session.hash()

        await a.client.send_raw("{not json")
        assert "not JSON" in (await _refusal(a)).reason
        await a.client.send_raw(json.dumps({"type": "teleport"}))
        assert "unknown message type 'teleport'" in (await _refusal(a)).reason
        await a.client.send_raw(json.dumps([1, 2]))
        assert "not a JSON object" in (await _refusal(a)).reason
        await a.client.send_raw(json.dumps({"type": "chat", "text": "x" * (p.MAX_MESSAGE_BYTES + 10)}))
        assert "too long" in (await _refusal(a)).reason
        await a.client.send_raw(json.dumps({"type": "chat", "text": "hi", "seat": "B"}))
        assert "chat" in (await _refusal(a)).reason  # no field beyond the message's own
        await a.send(make_hello("again", host.code, "A"))
        assert (await _refusal(a)).template == "a hello is only sent once"

        # out of turn, and acting for another seat: the command is for the sender's own seat only
        first_seat, first_command = GAME.script[0]
        other = next(pl for pl in (a, b, c) if pl.seat != first_seat)
        await other.command(first_command)
        refused = await _refusal(other)
        assert refused.reason == "it is not your turn" and refused.command == first_command
        mover = next(pl for pl in (a, b, c) if pl.seat == first_seat)
        await mover.command(json.dumps({"kind": "no such command"}))
        assert "not a command of this game" in (await _refusal(mover)).reason
        await mover.send(p.Command(command=first_command, seen=host.number + 5))
        assert "ahead of the host" in (await _refusal(mover)).reason

        # a spectator cannot play
        watcher = Player(url, "watcher", None, GAME)
        watcher._code = host.code
        assert isinstance(await watcher.join(seat=None), p.Welcome)
        await watcher.command(first_command)
        assert "spectator" in (await _refusal(watcher)).reason

        # flooding: refused with a reason, then the host hangs up on the flooder only
        for n in range(400):
            try:
                await c.client.send(p.Chat(text=f"spam {n}"))
            except ConnectionClosed:
                break
        flood = await c.until(lambda m: isinstance(m, p.Refused) and "too many" in m.reason)
        assert flood.reason == "too many messages: slow down"
        with pytest.raises(ConnectionClosed):
            await c.until(lambda m: False)

        assert host.session.hash() == hash_before  # nothing changed
        await mover.command(first_command)  # and the host still plays
        assert isinstance(await mover.until(lambda m: isinstance(m, p.Update | p.Refused)), p.Update)
        assert host.session.hash() == GAME.local_hashes()[1]
    finally:
        await host.stop()


def test_bad_clients_are_refused_with_a_reason_and_the_host_keeps_running(tmp_path):
    asyncio.run(_bad_clients(tmp_path))


async def _hellos(tmp_path: Path) -> None:
    host = new_host(GAME, tmp_path / "net.json")
    url = await start(host)
    try:
        async def first_answer(hello: p.Hello) -> object:
            client = AsyncClient()
            await client.connect(url, hello)
            return await client.recv(WAIT_S)

        good = make_hello("ana", host.code, "A")
        wrong_code = await first_answer(good.model_copy(update={"code": "NOPE"}))
        assert isinstance(wrong_code, p.Refused) and wrong_code.reason == "wrong join code"
        old = await first_answer(good.model_copy(update={"protocol": p.PROTOCOL_VERSION + 1}))
        assert isinstance(old, p.Refused) and "protocol version" in old.reason
        nameless = await first_answer(good.model_copy(update={"name": "\x07\u202e\u200b\t"}))
        assert isinstance(nameless, p.Refused) and nameless.reason == "a name is needed"
        no_seat = await first_answer(good.model_copy(update={"seat": "Z"}))
        assert isinstance(no_seat, p.Refused) and no_seat.reason == "there is no seat Z (seats: A, B, C)"

        # content: the host names each file that differs
        assert good.content_files == {}  # the hello carries one digest of everything
        files = dict(content_of_this_copy()[1])
        mission = "maps/missions/rm-tutorial-1.toml"
        files[mission] = "0" * 16
        some_content = next(name for name in host.content if name.startswith("game/rules/zombicide/content/"))
        del files[some_content]
        mismatch = await first_answer(good.model_copy(update={"content_files": files, "content_hash": "x"}))
        assert isinstance(mismatch, p.ContentMismatch)
        assert mismatch.files == sorted([f"{mission} (changed)", f"{some_content} (missing)"])

        taken = await first_answer(good)
        assert isinstance(taken, p.Welcome) and taken.seat == "A"
        again = await first_answer(make_hello("bob", host.code, "A"))
        assert isinstance(again, p.Refused) and again.reason == "seat A is held by ana, who is playing"
    finally:
        await host.stop()


def test_hellos_wrong_code_version_name_seat_or_content(tmp_path):
    asyncio.run(_hellos(tmp_path))


async def _content_asked(tmp_path: Path) -> None:
    host = new_host(GAME, tmp_path / "net.json")
    url = await start(host)
    try:
        other_copy = make_hello("ana", host.code, "A").model_copy(update={"content_hash": "another copy"})

        async def asked() -> tuple[AsyncClient, p.ContentRequest]:
            client = AsyncClient()
            await client.connect(url, other_copy)
            request = p.parse_host(await asyncio.wait_for(client.socket.recv(), WAIT_S))
            assert isinstance(request, p.ContentRequest) and request.paths == sorted(host.content)
            return client, request

        # a copy that differs somewhere else: the game's files are the same, it is welcome
        client, request = await asked()
        for answer in content_answer(request):
            await client.send(answer)
        assert isinstance(await client.recv(WAIT_S), p.Welcome)
        await client.socket.close()
        # one of the game's files differs: named, in chunks of one file
        client, request = await asked()
        theirs = dict(content_of_this_copy()[1])
        changed = request.paths[-1]
        theirs[changed] = "0" * 16
        for n, path in enumerate(request.paths):
            await client.send(p.ContentDigests(files={path: theirs[path]}, more=n < len(request.paths) - 1))
        mismatch = await client.recv(WAIT_S)
        assert isinstance(mismatch, p.ContentMismatch) and mismatch.files == [f"{changed} (changed)"]
        # no answer that makes sense: refused with the reason
        client, request = await asked()
        await client.send(p.Ready())
        refusal = await client.recv(WAIT_S)
        assert isinstance(refusal, p.Refused) and "digests" in refusal.reason
    finally:
        await host.stop()


def test_a_different_copy_is_asked_for_its_game_files(tmp_path):
    asyncio.run(_content_asked(tmp_path))


def test_no_content_message_passes_the_size_limit_however_much_content():
    hello = make_hello("a" * p.NAME_CHARS, "CODE12", "A" * 50, "t" * p.TOKEN_CHARS)
    assert len(p.encode(hello)) < 1024
    paths = [f"maps/player/some-long-folder-name/board-number-{n:05d}.tmx" for n in range(20_000)]
    answers = content_answer(p.ContentRequest(paths=paths))
    assert len(answers) == -(-len(paths) // p.CONTENT_CHUNK_FILES)
    assert all(len(p.encode(answer).encode("utf-8")) < p.MAX_MESSAGE_BYTES for answer in answers)
    assert [a.more for a in answers] == [True] * (len(answers) - 1) + [False]
    assert sum(len(a.files) for a in answers) == len(paths)
    assert all(p.parse(p.encode(answer)) == answer for answer in answers[:3])  # the host reads them back


async def _failed_saves(tmp_path: Path, monkeypatch) -> None:
    save = tmp_path / "net.json"
    host = new_host(GAME, save)
    url = await start(host)
    port = host.port
    try:
        # from the start on, the envelope cannot be written, but the journal can
        written = save.read_text()

        def full_disk(*args, **kwargs):
            raise envelope.SaveFileError(save, "could not write the save (No space left on device)")

        monkeypatch.setattr(envelope, "write_game", full_disk)
        players = await seat_players(host, url, GAME, ["A", "B", "C"])
        await play_script(GAME, players, range(2))

        # the journal cannot be written either: the command is taken back and refused, nothing changed
        def no_journal(*args, **kwargs):
            raise OSError("No space left on device")

        with monkeypatch.context() as patch:
            patch.setattr(Autosave, "record", no_journal)
            seat, text = GAME.script[2]
            mover = next(pl for pl in players if pl.seat == seat)
            await mover.command(text)
            refused = await _refusal(mover)
            assert "could not save" in refused.reason and "taken back" in refused.reason
            assert host.number == 2 and host.session.hash() == GAME.local_hashes()[2]
            assert not host.session.can_redo()

        await play_script(GAME, players, range(2, 5))
        await host.autosave.flush()
        assert "No space left" in host.autosave.error and save.read_text() == written

        # the host dies: restarted from the envelope written before anyone joined, and its journal,
        # every player gets their seat back and the game goes on where everyone saw it
        monkeypatch.undo()
        await _crash(host)
        host = Host.open(save)
        assert host.number == 5 and host.session.hash() == GAME.local_hashes()[5] and host.started
        url = await start(host, port)
        for player in players:
            player.url = url
            welcome = await player.join(token=player.token)
            assert isinstance(welcome, p.Welcome) and welcome.seat == player.seat
            await player.until_update(host.number)
        await play_script(GAME, players, range(5, 7))
        await host.autosave.flush()
        assert envelope.load_game(save).session.hash() == GAME.local_hashes()[7]
        assert not host.autosave.journal.exists()  # emptied once the envelope holds everything
    finally:
        await host.stop()


def test_a_command_that_cannot_be_journaled_is_taken_back_and_the_journal_covers_a_failed_save(
        tmp_path, monkeypatch):
    asyncio.run(_failed_saves(tmp_path, monkeypatch))


# --- a real host process, killed outright -------------------------------------------------------------


def _start_process(source: Path, port: int, save: Path, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    process = subprocess.Popen([sys.executable, str(REPO / "main.py"), "host", str(source), "--port", str(port),
                                "--bind", "127.0.0.1", "--save", str(save), *extra],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    address = code = ""
    assert process.stdout is not None
    for line in process.stdout:  # the host prints its address and code once it listens
        if "ws://127.0.0.1:" in line:
            address = line.split("address:")[1].strip()
        if "join code:" in line:
            code = line.split("join code:")[1].strip()
            break
    assert address and code, process.stderr.read() if process.stderr else "no output"
    return process, address, code


async def _killed_host(tmp_path: Path) -> None:
    setup = tmp_path / "setup.json"
    setup.write_text(GAME.ruleset.setup_to_json(GAME.setup))
    save = tmp_path / "net.json"
    process, url, code = _start_process(REPO / "maps" / "missions" / "rm-tutorial-1.toml", 0, save,
                                        "--setup", str(setup), "--seed", str(GAME.seed))
    port = int(url.rsplit(":", 1)[1])
    try:
        players = []
        for seat in ("A", "B", "C"):
            player = Player(url, f"player {seat}", seat, GAME)
            player._code = code
            assert isinstance(await player.join(), p.Welcome)
            players.append(player)
        for player in players:
            await player.send(p.Ready())
        for player in players:
            await player.until(lambda m: isinstance(m, p.Lobby) and m.started)
        await play_script(GAME, players, range(3))
        seat, text = GAME.script[3]
        await next(pl for pl in players if pl.seat == seat).command(text)  # in flight when the host dies
        process.send_signal(signal.SIGKILL)  # a crash: no goodbye, no chance to save
        process.wait(WAIT_S)
        for player in players:
            with pytest.raises(ConnectionClosed):
                await player.until(lambda m: False)

        process, url, code_again = _start_process(save, port, save)
        assert code_again == code
        numbers = set()
        for player in players:
            welcome = await player.join(token=player.token)
            assert isinstance(welcome, p.Welcome) and welcome.seat == player.seat
            update = await player.until(lambda m: isinstance(m, p.Update))
            numbers.add(update.number)
        # the command in flight was applied and journaled before the crash, or never applied: never half
        (reached,) = numbers
        assert reached in (3, 4)
        assert Host.open(save).session.hash() == GAME.local_hashes()[reached]
        await play_script(GAME, players, range(reached, 6))  # sent again when it was lost
        assert players[0].update is not None and players[0].update.number == 6
        local = GAME.session()
        for seat, text in GAME.script[:6]:
            local.play(seat, GAME.ruleset.command_from_json(text))
        process.send_signal(signal.SIGTERM)
        process.wait(WAIT_S)
        assert envelope.load_game(save).session.hash() == local.hash()  # a host closed cleanly: the envelope
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(WAIT_S)


def test_a_killed_host_process_restarts_from_its_autosave(tmp_path):
    asyncio.run(_killed_host(tmp_path))
