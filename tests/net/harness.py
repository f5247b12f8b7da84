"""What the network tests share: small seeded games of each registered game, a script of their
commands played locally, a host on 127.0.0.1 with a free port, and players that record every byte
the host sent them and wait for conditions with a bound (never a fixed time)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from game.board.mission import load_board
from game.net import protocol as p
from game.net.client import AsyncClient, make_hello
from game.net.host import Host
from game.net.views import decode_events, decode_view, view_template
from game.platform import registry
from game.rules.core.session import Session

REPO = Path(__file__).resolve().parents[2]
WAIT_S = 20.0  # the bound of every wait: generous, a loaded 2-core machine is slow
SECRET_SEED = 918_273_645  # a seed no message may carry


@dataclass
class Game:
    entry: Any
    ruleset: Any
    board: Any
    setup: Any
    seed: int
    script: list[tuple[str, str]]  # (seat, command JSON), played locally to its end or its limit

    def session(self) -> Session:
        return Session(self.ruleset, self.board, self.setup, self.seed)

    def local_hashes(self) -> list[str]:
        session = self.session()
        hashes = [session.hash()]
        for seat, text in self.script:
            session.play(seat, self.ruleset.command_from_json(text))
            hashes.append(session.hash())
        return hashes


def _scripted(entry: Any, ruleset: Any, board: Any, setup: Any, seed: int, limit: int,
              choose: Callable[[Any, Any, str, Random], Any]) -> Game:
    session = Session(ruleset, board, setup, seed)
    chooser = Random(seed)
    script = []
    while len(script) < limit and ruleset.outcome(session.state) is None:
        seats = sorted(ruleset.current_seats(session.state))
        if not seats:
            break
        seat = seats[int(chooser.random() * len(seats))]
        command = choose(ruleset, session.state, seat, chooser)
        if command is None:
            break
        session.play(seat, command)
        script.append((seat, ruleset.command_to_json(command)))
    return Game(entry, ruleset, board, setup, seed, script)


def zombicide_game(mission: str = "rm-tutorial-1.toml", limit: int = 200, survivors: tuple[str, ...] = ("marta", "bruno", "juno"),
                   box: str | None = None) -> Game:
    """A three-seat Zombicide game played by the planner (the tutorial is won in a few dozen commands)."""
    from game.rules.zombicide.bots import planner_bot
    from game.rules.zombicide.engine import parse_setup

    board = load_board(REPO / "maps" / "missions" / mission)
    choices: dict[str, Any] = {"players": [{"seat": seat, "survivors": [name]}
                                           for seat, name in zip("ABC", survivors, strict=False)]}
    if box:
        choices["box"] = box
    setup = parse_setup(choices, board)
    entry = registry.game("zombicide")
    ruleset = entry.ruleset(setup.box)

    def choose(rules: Any, state: Any, seat: str, chooser: Random) -> Any:
        legal = rules.legal_commands(state, seat)
        return planner_bot(state, seat, legal, chooser) if legal else None

    return _scripted(entry, ruleset, board, setup, SECRET_SEED, limit, choose)


def zombieworld_game(limit: int = 40) -> Game:
    from tests.platform.conformance import _zombieworld_command, _zombieworld_game

    ruleset, board, setup = _zombieworld_game(0)
    return _scripted(registry.game("zombieworld"), ruleset, board, setup, SECRET_SEED, limit, _zombieworld_command)


COH_PLAYERS = (("ana", "red"), ("ben", "green"), ("cai", "blue"), ("dee", "yellow"), ("eve", "violet"),
               ("fay", "white"))


def city_of_horror_game(limit: int = 400, round_only: bool = True, players: int = 3) -> Game:
    """A City of Horror game of ``players`` played to the end of its first round (or ``limit`` commands)."""
    from game.rules.city_of_horror.setup import SetupSpec
    from tests.platform.conformance import _coh_command

    board = load_board(REPO / "maps" / "city_of_horror" / "coh-city.tmx")
    setup = SetupSpec.model_validate({"players": [{"seat": n, "colour": c} for n, c in COH_PLAYERS[:players]]})
    entry = registry.game("city_of_horror")
    ruleset = entry.ruleset("base")
    game = _scripted(entry, ruleset, board, setup, SECRET_SEED, limit, _coh_command)
    if round_only:  # cut the script where round 2 begins
        session = game.session()
        for n, (seat, text) in enumerate(game.script):
            session.play(seat, ruleset.command_from_json(text))
            if session.state.round > 1:
                game.script = game.script[: n + 1]
                break
    return game


# --- players -------------------------------------------------------------------------------------------


@dataclass
class Player:
    """A client that keeps every message the host sent it (raw and parsed)."""

    url: str
    name: str
    seat: str | None
    game: Game
    client: AsyncClient = field(default_factory=AsyncClient)
    raw: list[str] = field(default_factory=list)
    messages: list[Any] = field(default_factory=list)
    update: p.Update | None = None
    token: str | None = None
    template: Any = None

    async def join(self, token: str | None = None, seat: str | None = "") -> Any:
        """Connect and say hello; returns the host's first answer (welcome, refused, content_mismatch)."""
        self.client = AsyncClient()
        wanted = self.seat if seat == "" else seat
        await self.client.connect(self.url, make_hello(self.name, self._code, wanted, token))
        first = await self.next()
        if isinstance(first, p.Welcome):
            self.token, self.seat = first.token, first.seat
        return first

    _code: str = ""

    async def next(self) -> Any:
        assert self.client.socket is not None
        text = await asyncio.wait_for(self.client.socket.recv(), WAIT_S)
        self.raw.append(text if isinstance(text, str) else text.decode())
        message = p.parse_host(text)
        self.messages.append(message)
        if isinstance(message, p.Update):
            self.update = message
            self.client.last_update = message.number
        return message

    async def until(self, condition: Callable[[Any], bool]) -> Any:
        """Read messages until one meets ``condition`` (TimeoutError after ``WAIT_S``)."""
        async def reading() -> Any:
            while True:
                message = await self.next()
                if condition(message):
                    return message
        return await asyncio.wait_for(reading(), WAIT_S)

    async def until_update(self, number: int) -> p.Update:
        if self.update is not None and self.update.number >= number:
            return self.update
        found = await self.until(lambda m: isinstance(m, p.Update) and m.number >= number)
        assert isinstance(found, p.Update)
        return found

    async def send(self, message: Any) -> None:
        await self.client.send(message)

    async def command(self, text: str) -> None:
        seen = self.update.number if self.update is not None else 0
        await self.client.send(p.Command(command=text, seen=seen))

    def view(self) -> Any:
        """The last update's view as the game's own state object."""
        assert self.update is not None
        if self.template is None:
            self.template = view_template(self.game.ruleset, self.game.board, self.game.setup)
        return decode_view(self.update.view, self.template)

    def events(self) -> list[Any]:
        return [event for m in self.messages if isinstance(m, p.Update) for event in decode_events(m.events)]

    def kill(self) -> None:
        """Drop the connection as a crash would: no bye, no closing handshake."""
        if self.client.socket is not None:
            self.client.socket.transport.abort()
            self.client.socket = None


def new_host(game: Game, save: Path, **options: Any) -> Host:
    return Host(game.entry, game.session(), save, **options)


async def start(host: Host, port: int = 0) -> str:
    bound = await host.start(port, "127.0.0.1")
    return f"ws://127.0.0.1:{bound}"


async def seat_players(host: Host, url: str, game: Game, seats: list[str]) -> list[Player]:
    """One player per seat, all joined and ready: the game has started."""
    players = []
    for n, seat in enumerate(seats):
        player = Player(url, f"player {n + 1}", seat, game)
        player._code = host.code
        welcome = await player.join()
        assert isinstance(welcome, p.Welcome), welcome
        players.append(player)
    for player in players:
        await player.send(p.Ready())
    for player in players:
        await player.until(lambda m: isinstance(m, p.Lobby) and m.started)
    return players


async def play_script(game: Game, players: list[Player], steps: range,
                      between: Callable[[int], Any] | None = None) -> None:
    """Each scripted command sent by its seat's player; every player waits for its update."""
    by_seat = {player.seat: player for player in players}
    for n in steps:
        if between is not None:
            await between(n)
        seat, text = game.script[n]
        player = by_seat[seat]
        before = player.update.number if player.update is not None else 0
        await player.command(text)
        answer = await player.until(lambda m: isinstance(m, p.Update | p.Refused))
        assert not isinstance(answer, p.Refused), f"command {n} of {seat} refused: {answer.reason}"
        for other in players:
            await other.until_update(before + 1)


def command_json(game: Game, n: int) -> str:
    return json.dumps(json.loads(game.script[n][1]))
