"""Network play on loopback: a host process (``main.py host``) and clients in this one.

- the command round trip: a client sends a command and receives its update (target p95 ≤ 20 ms),
  over a whole Zombicide tutorial and a City of Horror round with three players;
- messages per second with 6 clients: a City of Horror game of six players, every update sent to
  all six (the messages the host sent, counted by the clients, over the time the game took).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import figure
from game.net import protocol as p
from game.net.client import AsyncClient, make_hello
from tests.net.harness import Game, city_of_horror_game, zombicide_game

REPO = Path(__file__).resolve().parent.parent
ROUND_TRIP_TARGET_MS = 20.0


class _HostProcess:
    def __init__(self, game: Game, folder: Path):
        setup = folder / "setup.json"
        setup.write_text(game.ruleset.setup_to_json(game.setup), encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, str(REPO / "main.py"), "host", str(game.board.source), "--port", "0", "--bind",
             "127.0.0.1", "--setup", str(setup), "--seed", str(game.seed), "--save", str(folder / "net.json")],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        self.url = self.code = ""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if "ws://127.0.0.1:" in line:
                self.url = line.split("address:")[1].strip()
            if "join code:" in line:
                self.code = line.split("join code:")[1].strip()
                break
        if not self.code:
            raise RuntimeError(self.process.stderr.read() if self.process.stderr else "the host did not start")

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(30)


async def _play(url: str, code: str, script: list[tuple[str, str]], seats: list[str]) -> tuple[list[float], int, float]:
    """(round trips in ms, messages the clients received, seconds the game took)."""
    clients: dict[str, AsyncClient] = {}
    received = 0
    for seat in seats:
        client = AsyncClient()
        await client.connect(url, make_hello(f"bench {seat}", code, seat))
        clients[seat] = client
    for client in clients.values():
        await client.send(p.Ready())

    async def drain(client: AsyncClient, number: int) -> None:
        nonlocal received
        while client.last_update < number:
            await client.recv(30)
            received += 1

    for client in clients.values():  # the lobby and the first view
        while True:
            message = await client.recv(30)
            received += 1
            if isinstance(message, p.Lobby) and message.started:
                break
    trips = []
    start = time.perf_counter()
    for number, (seat, text) in enumerate(script, start=1):
        client = clients[seat]
        await drain(client, number - 1)
        sent = time.perf_counter()
        await client.send(p.Command(command=text, seen=client.last_update))
        while client.last_update < number:
            message = await client.recv(30)
            received += 1
            if isinstance(message, p.Refused):
                raise RuntimeError(f"command {number} refused: {message.reason}")
        trips.append((time.perf_counter() - sent) * 1000)
    for client in clients.values():
        await drain(client, len(script))
    elapsed = time.perf_counter() - start
    for client in clients.values():
        await client.close()
    return trips, received, elapsed


def _run(game: Game) -> tuple[list[float], int, float]:
    with tempfile.TemporaryDirectory() as folder:
        host = _HostProcess(game, Path(folder))
        try:
            return asyncio.run(_play(host.url, host.code, game.script, list(game.session().state.seats)))
        finally:
            host.close()


def round_trip() -> list[str]:
    lines = []
    every: list[float] = []
    for label, game in (("Zombicide tutorial, 3 players", zombicide_game()),
                        ("City of Horror round, 3 players", city_of_horror_game())):
        trips, _, _ = _run(game)
        every.extend(trips)
        lines.append(figure(f"command round trip: {label}", trips, ROUND_TRIP_TARGET_MS))
    lines.append(figure("command round trip: both", every, ROUND_TRIP_TARGET_MS))
    return lines


CHAT_LINES = 60  # each of the 6 clients at once: within the host's flood burst


async def _chatter(url: str, code: str, seats: list[str]) -> tuple[int, float]:
    """Every client sends ``CHAT_LINES`` chat lines at once; (lines received by all, seconds)."""
    clients = []
    for seat in seats:
        client = AsyncClient()
        await client.connect(url, make_hello(f"bench {seat}", code, seat))
        await client.recv(30)  # the welcome
        clients.append(client)
    expected = CHAT_LINES * len(clients)

    async def listen(client: AsyncClient) -> int:
        lines = 0
        while lines < expected:
            if isinstance(await client.recv(30), p.ChatLine):
                lines += 1
        return lines

    start = time.perf_counter()
    listeners = [asyncio.ensure_future(listen(client)) for client in clients]
    for n in range(CHAT_LINES):
        for client in clients:
            await client.send(p.Chat(text=f"line {n}"))
    received = sum(await asyncio.gather(*listeners))
    elapsed = time.perf_counter() - start
    for client in clients:
        await client.close()
    return received, elapsed


def six_clients() -> list[str]:
    game = city_of_horror_game(limit=300, round_only=False, players=6)
    script = game.script
    trips, received, elapsed = _run(game)
    with tempfile.TemporaryDirectory() as folder:
        host = _HostProcess(game, Path(folder))
        try:
            lines, chat_s = asyncio.run(_chatter(host.url, host.code, list(game.session().state.seats)))
        finally:
            host.close()
    return [f"6 clients, City of Horror game: {received / elapsed:7.0f} messages/s received   "
            f"({received} messages, {len(script)} commands in {elapsed:.2f} s, {len(script) / elapsed:.0f} commands/s)",
            figure("command round trip with 6 clients", trips, ROUND_TRIP_TARGET_MS),
            f"6 clients chatting at once: {lines / chat_s:7.0f} messages/s relayed   "
            f"({CHAT_LINES * 6} lines sent, {lines} received in {chat_s:.2f} s)"]


async def _host_work(game: Game, folder: Path) -> tuple[list[float], float]:
    """(processor ms of each command as the loop handles it, all processor ms a command with the
    envelope writes of the worker thread)."""
    from game.net.host import Host

    host = Host(game.entry, game.session(), folder / "net.json")
    figures = []
    began = time.process_time()
    for seat, text in game.script:
        start = time.process_time()
        await host._play(seat, game.ruleset.command_from_json(text))
        for viewer in host.seats:
            p.encode(host._update_for(viewer, (), "command"))
        figures.append((time.process_time() - start) * 1000)
    await host.autosave.flush()
    return figures, (time.process_time() - began) * 1000 / len(game.script)


def host_work() -> list[str]:
    """The host's processor time per command, with no network: apply, journal, legal commands, each
    seat's update as JSON and the envelope written by the worker thread (process time counts every
    thread, and not the time spent waiting for a loaded machine)."""
    lines = []
    for label, game in (("Zombicide tutorial", zombicide_game()), ("City of Horror round", city_of_horror_game())):
        with tempfile.TemporaryDirectory() as folder:
            figures, whole_ms = asyncio.run(_host_work(game, Path(folder)))
        lines.append(figure(f"host processor time a command: {label}", figures))
        lines.append(f"  with the envelope writes beside: {whole_ms:.2f} ms a command on average")
    return lines


SECTIONS = [("network: host processor time per command", host_work),
            ("network: command round trip on loopback", round_trip),
            ("network: messages per second with 6 clients", six_clients)]
