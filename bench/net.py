"""Network play on loopback: a host process (``main.py host``) and clients in this one.

- the command round trip: a client sends a command and receives its update (target p95 ≤ 20 ms),
  over a whole Zombicide tutorial and a City of Horror round with three players;
- messages per second with 6 clients: a City of Horror game of six players, every update sent to
  all six (the messages the host sent, counted by the clients, over the time the game took).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

from bench import figure
from game.board.mission import load_board
from game.net import protocol as p
from game.net.client import AsyncClient, make_hello
from game.platform import registry
from game.rules.core.session import Session

REPO = Path(__file__).resolve().parent.parent
ROUND_TRIP_TARGET_MS = 20.0
SEED = 4242


def _script(ruleset: Any, board: Any, setup: Any, choose: Any, limit: int) -> list[tuple[str, str]]:
    session = Session(ruleset, board, setup, SEED)
    chooser = Random(SEED)
    script = []
    while len(script) < limit and ruleset.outcome(session.state) is None:
        waiting = sorted(ruleset.current_seats(session.state))
        if not waiting:
            break
        seat = waiting[0]
        command = choose(ruleset, session.state, seat, chooser)
        if command is None:
            break
        session.play(seat, command)
        script.append((seat, ruleset.command_to_json(command)))
    return script


def _zombicide() -> tuple[Path, str, list[tuple[str, str]]]:
    from game.rules.zombicide.bots import planner_bot
    from game.rules.zombicide.engine import parse_setup

    mission = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
    board = load_board(mission)
    choices = {"players": [{"seat": s, "survivors": [n]} for s, n in (("A", "marta"), ("B", "bruno"), ("C", "juno"))]}
    setup = parse_setup(choices, board)
    ruleset = registry.game("zombicide").ruleset(setup.box)
    script = _script(ruleset, board, setup, lambda r, st, seat, ch: planner_bot(st, seat, r.legal_commands(st, seat), ch),
                     200)
    return mission, ruleset.setup_to_json(setup), script


def _city_of_horror(players: int, limit: int) -> tuple[Path, str, list[tuple[str, str]]]:
    from game.rules.city_of_horror.commands import TRADE_COMMANDS, Pass
    from game.rules.city_of_horror.setup import SetupSpec

    def choose(ruleset: Any, state: Any, seat: str, chooser: Random) -> Any:
        commands = [c for c in ruleset.legal_commands(state, seat) if not isinstance(c, TRADE_COMMANDS)]
        if Pass() in commands and chooser.random() < 0.7:
            return Pass()
        return commands[int(chooser.random() * len(commands))] if commands else None

    table = REPO / "maps" / "city_of_horror" / "coh-city.tmx"
    board = load_board(table)
    names = ("ana", "ben", "cai", "dee", "eve", "fay")[:players]
    colours = ("red", "green", "blue", "yellow", "violet", "white")
    setup = SetupSpec.model_validate({"players": [{"seat": n, "colour": c} for n, c in zip(names, colours, strict=False)]})
    ruleset = registry.game("city_of_horror").ruleset("base")
    return table, ruleset.setup_to_json(setup), _script(ruleset, board, setup, choose, limit)


class _HostProcess:
    def __init__(self, source: Path, setup_json: str, folder: Path):
        setup = folder / "setup.json"
        setup.write_text(setup_json, encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, str(REPO / "main.py"), "host", str(source), "--port", "0", "--bind", "127.0.0.1",
             "--setup", str(setup), "--seed", str(SEED), "--save", str(folder / "net.json")],
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


def _run(source: Path, setup_json: str, script: list[tuple[str, str]]) -> tuple[list[float], int, float]:
    seats = sorted({seat for seat, _ in script} | set(_seats(setup_json)))
    with tempfile.TemporaryDirectory() as folder:
        host = _HostProcess(source, setup_json, Path(folder))
        try:
            return asyncio.run(_play(host.url, host.code, script, seats))
        finally:
            host.close()


def _seats(setup_json: str) -> list[str]:
    data = json.loads(setup_json)
    return [player["seat"] for player in data.get("players", [])]


def round_trip() -> list[str]:
    lines = []
    every: list[float] = []
    for label, (source, setup_json, script) in (("Zombicide tutorial, 3 players", _zombicide()),
                                                 ("City of Horror, 3 players", _city_of_horror(3, 150))):
        trips, _, _ = _run(source, setup_json, script)
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
    source, setup_json, script = _city_of_horror(6, 300)
    trips, received, elapsed = _run(source, setup_json, script)
    with tempfile.TemporaryDirectory() as folder:
        host = _HostProcess(source, setup_json, Path(folder))
        try:
            lines, chat_s = asyncio.run(_chatter(host.url, host.code, _seats(setup_json)))
        finally:
            host.close()
    return [f"6 clients, City of Horror game: {received / elapsed:7.0f} messages/s received   "
            f"({received} messages, {len(script)} commands in {elapsed:.2f} s, {len(script) / elapsed:.0f} commands/s)",
            figure("command round trip with 6 clients", trips, ROUND_TRIP_TARGET_MS),
            f"6 clients chatting at once: {lines / chat_s:7.0f} messages/s relayed   "
            f"({CHAT_LINES * 6} lines sent, {lines} received in {chat_s:.2f} s)"]


SECTIONS = [("network: command round trip on loopback", round_trip),
            ("network: messages per second with 6 clients", six_clients)]
