"""The host of a network game: the only authority. It runs the engine through a ``Session``, checks
every message (the sender's seat, the turn, the rules), saves the game after every command, and
sends each connection only what its seat may see (``player_view`` and ``events_for``).

``Host`` is asyncio (the ``websockets`` server); ``HostThread`` runs one beside a window. The order
of a command is: check → apply → save → tell everyone. A command whose save fails is taken back and
refused, so a crash never leaves a command half-applied: a restarted host resumes from the last save
and the clients come back to their seats with their tokens (kept in the save's ``extra``).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import socket as sockets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.board.errors import one_line
from game.board.mission import load_board
from game.i18n import N_
from game.net import protocol as p
from game.net.autosave import Autosave, Snapshot, frozen_copy, journal_path, replay_journal
from game.net.content import ELSEWHERE, content_of_this_copy, differing_files, whole_digest, wire_path
from game.net.phone import PHONE_MESSAGES, phone_page
from game.net.said_wire import said_to_wire
from game.net.seats import (
    FLOOD_CLOSE_AFTER,
    Flood,
    SeatHold,
    UndoVote,
    clean_chat,
    clean_name,
    join_code,
    new_token,
)
from game.net.views import Memo, encode_events, encode_legal, encode_view, to_wire
from game.platform import envelope, registry
from game.platform.registry import REPO_ROOT, GameEntry
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Reason
from game.rules.core.session import Session
from game.rules.core.visibility import SPECTATOR, events_for

HELLO_TIMEOUT_S = 10.0
CLOSE_TIMEOUT_S = 2.0  # a client that does not answer a closing handshake by then is cut off
SAVE_DIR = REPO_ROOT / "saves"
EXTRA_KEY = "net"  # the host's own part of the save's ``extra``: join code, update number, seat holders


def why(refused_type: str, template: str, **fields: Any) -> Reason:
    """A refusal of a message of type ``refused_type``: an English template (marked with ``N_``) and
    its fields, which the window translates, then fills (``game.i18n.phrase``)."""
    return Reason(refused_type, template, {name: str(value) for name, value in fields.items()})


def not_understood(refused_type: str, error: p.ProtocolError) -> Reason:
    return why(refused_type, N_("the message was not understood: {problem}"), problem=error.reason)


def refused(reason: Reason, command: str | None = None, ask: int = 0) -> p.Refused:
    return p.Refused(reason=reason.text(), template=reason.template, fields=dict(reason.fields), refused=reason.kind,
                     command=command, ask=ask)


class HostError(Exception):
    """A game that cannot be hosted; the message names the file and says why."""


@dataclass(eq=False)
class Connection:
    socket: ServerConnection
    name: str
    seat: str | None  # None: a spectator
    token: str
    flood: Flood = field(default_factory=Flood)
    phone: bool = False  # a seat's phone page: it plays the seat's commands and chats, nothing else


class Host:
    """A hosted game. ``await start(port)`` listens; ``await stop()`` says goodbye and closes."""

    def __init__(self, entry: GameEntry, session: Session, save_path: Path, *, code: str | None = None,
                 title: str = "", bot: str | None = None, saved: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None):
        self.entry = entry
        self.session = session
        self.title = title
        self.autosave = Autosave(Path(save_path), entry, title)
        self.extra = {k: v for k, v in (extra or {}).items() if k != EXTRA_KEY}
        saved = saved or {}
        self.code = code or str(saved.get("code") or join_code())
        self.number = int(saved.get("update", 0))
        self.bot_name = bot or (next(iter(entry.bots), None) if entry.bots else None)
        state = session.state
        self.seats: dict[str, SeatHold] = {seat: SeatHold(seat, seat) for seat in getattr(state, "seats", ())}
        for seat, holding in dict(saved.get("seats", {})).items():
            if seat in self.seats and isinstance(holding, dict):
                hold = self.seats[seat]
                hold.holder, hold.token, hold.bot = holding.get("holder"), holding.get("token"), holding.get("bot")
                hold.ready = True
        self.started = bool(saved.get("started", False))
        self.spectators: list[Connection] = []
        self.phones: list[Connection] = []  # the seats' phone pages (game/net/phone.py)
        self.vote: UndoVote | None = None
        self.board = session.board
        self.board_ref = wire_path(getattr(self.board, "source", ""))  # never a path outside the repository
        box = entry.box_of_setup(entry.codec.setup_json(session))
        self.box = box
        stamp = envelope.content_stamp(entry, box, self.board)
        self.autosave.content = stamp
        self.content = {wire_path(path): digest for path, digest in stamp.files.items()}
        self.content_hash = whole_digest(self.content)
        self.zone_ids = frozenset(getattr(self.board, "zones", {}) or {})
        self.server: Server | None = None
        self.port = 0
        self.on_change: Callable[[], None] | None = None  # a window beside the host redraws its lobby
        self._refresh_legal()

    # --- opening a game ------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, game: str | None = None, seed: int = 1, setup_json: str | None = None,
             save_path: str | Path | None = None, code: str | None = None, bot: str | None = None) -> Host:
        """A host for the save or the mission/map at ``path`` (a new game: its setup is
        ``setup_json``, else the board's own ``[setup]`` table). HostError says what is wrong."""
        source = Path(path)
        if source.suffix.lower() == ".json":
            try:
                loaded = envelope.load_game(source)
            except envelope.SaveFileError as error:
                raise HostError(str(error)) from None
            saved = dict(loaded.extra[EXTRA_KEY]) if isinstance(loaded.extra.get(EXTRA_KEY), dict) else {}
            # the changes told to the players after the envelope was last written
            saved["update"], seats = replay_journal(loaded.session, journal_path(source), int(saved.get("update", 0)))
            saved.update(seats or {})
            return cls(loaded.entry, loaded.session, Path(save_path or source), code=code, title=loaded.info.title,
                       bot=bot, saved=saved, extra=loaded.extra)
        try:
            board = load_board(source)
            entry = registry.game(game, source) if game else registry.game_playing_on(board.game, source)
            table = board.properties.get("setup")
            text = setup_json if setup_json is not None else json.dumps(dict(table) if isinstance(table, Mapping) else {})
            box = entry.box_of_setup(json.loads(text))
            ruleset = entry.ruleset(box)
            session = Session(ruleset, board, ruleset.setup_from_json(text), seed)
        except Exception as error:  # a board, a setup or a game that cannot start: one line for the player
            hint = "" if setup_json is not None else " (give the players with --setup FILE.json)"
            raise HostError(f"{source}: cannot host this game: {one_line(str(error), 300)}{hint}") from None
        target = Path(save_path) if save_path else None
        host = cls(entry, session, target or SAVE_DIR / "net.json", code=code, bot=bot)
        if target is None:
            host.save_path = SAVE_DIR / f"net-{entry.id}-{host.code.lower()}.json"
        return host

    @property
    def save_path(self) -> Path:
        return self.autosave.path

    @save_path.setter
    def save_path(self, path: Path) -> None:
        self.autosave.path = Path(path)

    # --- serving --------------------------------------------------------------------------------------

    async def start(self, port: int = 0, bind: str = "0.0.0.0") -> int:
        """Listen on ``port`` (0: any free one); returns the port."""
        self.server = await serve(self._handle, bind, port, max_size=4 * p.MAX_MESSAGE_BYTES,
                                  ping_interval=10, ping_timeout=20, close_timeout=CLOSE_TIMEOUT_S,
                                  process_request=phone_page)
        self.port = self.server.sockets[0].getsockname()[1] if self.server.sockets else port
        self._save()
        return self.port

    async def stop(self, reason: str = "the host closed the game") -> None:
        """Tell every client the host is closing, then close."""
        await self._broadcast(p.HostClosing(reason=reason))
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
            self.server = None
        await self.autosave.flush()

    def addresses(self) -> list[str]:
        """The addresses to give friends: this machine's addresses on its networks, then loopback."""
        found: list[str] = []
        # no route out: only the names the machine has
        with contextlib.suppress(OSError), sockets.socket(sockets.AF_INET, sockets.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            found.append(probe.getsockname()[0])
        with contextlib.suppress(OSError):
            found.extend(sockets.gethostbyname_ex(sockets.gethostname())[2])
        found.append("127.0.0.1")
        unique = [a for n, a in enumerate(found) if a not in found[:n] and not (a.startswith("127.") and a != "127.0.0.1")]
        return [f"ws://{address}:{self.port}" for address in unique]

    # --- a connection ----------------------------------------------------------------------------------

    async def _handle(self, socket: ServerConnection) -> None:
        connection: Connection | None = None
        try:
            connection = await self._greet(socket)
            if connection is None:
                return
            closing = None
            async for data in socket:
                if closing is not None:
                    continue  # read, not heeded: the closing handshake waits behind what was sent
                await self._receive(connection, data)
                if connection.flood.refused > FLOOD_CLOSE_AFTER:
                    closing = asyncio.ensure_future(socket.close(1008, "too many messages"))
        except ConnectionClosed:
            pass
        finally:
            if connection is not None:
                self._drop(connection)

    async def _greet(self, socket: ServerConnection) -> Connection | None:
        try:
            data = await asyncio.wait_for(socket.recv(), HELLO_TIMEOUT_S)
        except TimeoutError:
            await self._refuse_and_close(socket, why("hello", N_("no hello came")))
            return None
        try:
            hello = p.parse(data)
        except p.ProtocolError as error:
            await self._refuse_and_close(socket, not_understood("hello", error))
            return None
        if not isinstance(hello, p.Hello):
            await self._refuse_and_close(socket, why(hello.type, N_("the first message must be a hello")))
            return None
        if hello.protocol != p.PROTOCOL_VERSION:
            await self._refuse_and_close(socket, why("hello", N_("this host speaks protocol version {host}, not {client}: use "
                                                               "the same Deadtable version"),
                                                       host=p.PROTOCOL_VERSION, client=hello.protocol))
            return None
        if hello.code.strip().upper() != self.code:
            await self._refuse_and_close(socket, why("hello", N_("wrong join code")))
            return None
        name = clean_name(hello.name)
        if not name:
            await self._refuse_and_close(socket, why("hello", N_("a name is needed")))
            return None
        if hello.phone:
            return await self._greet_phone(socket, name, hello.phone)
        differing = await self._differing_content(socket, hello)
        if differing is None:
            return None
        if differing:
            await self._send(socket, p.ContentMismatch(files=differing))
            await socket.close(1008, "content differs")
            return None
        seat, token, problem = self._seat_for(hello)
        if problem is not None:
            await self._refuse_and_close(socket, problem)
            return None
        connection = Connection(socket, name, seat, token)
        self._attach(connection)
        await self._send(socket, self._welcome(seat, token, self.seats[seat].phone_code if seat is not None else ""))
        await self._broadcast_lobby()
        await self._send_update(connection, [], "join")
        return connection

    def _welcome(self, seat: str | None, token: str, phone_code: str = "") -> p.Welcome:
        return p.Welcome(seat=seat, token=token, game=self.entry.id, box=self.box, board=self.board_ref,
                         board_digest=self.content.get(self.board_ref, ""), setup=self._public_setup(),
                         seats=list(self.seats), phone_code=phone_code)

    async def _greet_phone(self, socket: ServerConnection, name: str, phone_code: str) -> Connection | None:
        """A seat's phone page, known by the seat's phone code: it sees what the seat sees."""
        hold = next((h for h in self.seats.values() if h.phone_code == phone_code.strip().upper()), None)
        if hold is None:
            await self._refuse_and_close(socket, why("hello", N_("wrong phone code")))
            return None
        connection = Connection(socket, name, hold.seat, "", phone=True)
        self.phones.append(connection)
        await self._send(socket, self._welcome(hold.seat, ""))
        await self._send_update(connection, [], "join")
        return connection

    async def _differing_content(self, socket: ServerConnection, hello: p.Hello) -> list[str] | None:
        """The game's files the client has otherwise ([] when the same), None when it did not answer.
        The same copy says so with one digest; otherwise the host asks for its game's files."""
        if hello.content_files:
            return differing_files(self.content, hello.content_files)
        elsewhere = {path: digest for path, digest in self.content.items() if path.startswith(ELSEWHERE)}
        if hello.content_hash == content_of_this_copy()[0] and not elsewhere:
            return []
        await self._send(socket, p.ContentRequest(paths=sorted(self.content), elsewhere=elsewhere))
        theirs: dict[str, str] = {}
        try:
            while True:
                answer = p.parse(await asyncio.wait_for(socket.recv(), HELLO_TIMEOUT_S))
                if not isinstance(answer, p.ContentDigests):
                    raise p.ProtocolError("the content's digests were expected")
                theirs.update(answer.files)
                if not answer.more or len(theirs) > len(self.content):
                    break
        except (TimeoutError, p.ProtocolError) as error:
            await self._refuse_and_close(socket, why("hello", N_("the content's digests did not come ({problem})"),
                                                     problem=str(error)[:100]))
            return None
        return differing_files(self.content, theirs)

    def _seat_for(self, hello: p.Hello) -> tuple[str | None, str, Reason | None]:
        """(seat, token, refusal): the seat a hello may have."""
        if hello.token:
            for hold in self.seats.values():
                if hold.token == hello.token:
                    return hold.seat, hello.token, None
        if hello.seat is None:
            return None, new_token(), None
        wanted = self.seats.get(hello.seat)
        if wanted is None:
            return None, "", why("hello", N_("there is no seat {seat} (seats: {seats})"), seat=hello.seat[:40],
                                 seats=", ".join(self.seats))
        if wanted.holder is not None and not wanted.left and wanted.bot is None:
            if wanted.connected:
                return None, "", why("hello", N_("seat {seat} is held by {holder}, who is playing"), seat=wanted.seat,
                                     holder=wanted.holder)
            return None, "", why("hello", N_("seat {seat} is held by {holder}, who dropped: join as a spectator and "
                                             "take the seat over"), seat=wanted.seat, holder=wanted.holder)
        return wanted.seat, new_token(), None

    def _attach(self, connection: Connection) -> None:
        if connection.seat is None:
            self.spectators.append(connection)
            return
        hold = self.seats[connection.seat]
        previous = hold.connection
        if previous is not None and previous is not connection:  # the same player from a new connection
            previous.seat = None
            asyncio.ensure_future(previous.socket.close(1000, "reconnected elsewhere"))
        if hold.token != connection.token:  # a new holder: the last one's phone page no longer shows the seat
            hold.ready = False
            hold.phone_code = join_code()
            for phone in [c for c in self.phones if c.seat == hold.seat]:
                phone.seat = None
                asyncio.ensure_future(phone.socket.close(1000, "the seat has a new holder"))
        hold.holder, hold.token, hold.connection, hold.left, hold.bot = (
            connection.name, connection.token, connection, False, None)
        self._seats_changed()

    def _drop(self, connection: Connection) -> None:
        if connection.phone:
            self.phones.remove(connection)
            return
        if connection in self.spectators:
            self.spectators.remove(connection)
        if connection.seat is not None:
            hold = self.seats[connection.seat]
            if hold.connection is connection:
                hold.connection = None
            if self.vote is not None:
                self.vote.waiting.discard(connection.seat)
                asyncio.ensure_future(self._settle_vote())
        asyncio.ensure_future(self._broadcast_lobby())

    async def _refuse_and_close(self, socket: ServerConnection, reason: Reason) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._send(socket, refused(reason))
            await socket.close(1008, reason.text()[:100])

    # --- messages ----------------------------------------------------------------------------------------

    async def _receive(self, connection: Connection, data: str | bytes) -> None:
        if not connection.flood.allow():
            if connection.flood.refused % 50 == 1:  # told now and then, not for every message
                await self._refuse(connection, why("", N_("too many messages: slow down")))
            return
        try:
            message = p.parse(data)
        except p.ProtocolError as error:
            await self._refuse(connection, not_understood("", error))
            return
        handler = self._HANDLERS.get(message.type)
        if connection.phone and message.type not in PHONE_MESSAGES:
            await self._refuse(connection, why(message.type, N_("a phone page plays its seat's moves and chats, "
                                                                "nothing else")))
            return
        if handler is None:
            await self._refuse(connection, why(message.type, N_("a hello is only sent once")))
            return
        await handler(self, connection, message)

    async def _on_ready(self, connection: Connection, message: p.Ready) -> None:
        if connection.seat is None:
            await self._refuse(connection, why(message.type, N_("a spectator has no seat to be ready in")))
            return
        self.seats[connection.seat].ready = message.ready
        self._maybe_start()
        await self._broadcast_lobby()
        await self._play_bots()

    async def _on_command(self, connection: Connection, message: p.Command) -> None:
        seat = connection.seat
        refusal = self._command_refusal(seat, message)
        if refusal is not None or seat is None:
            await self._refuse(connection, refusal or why("command", ""), message.command, message.ask)
            return
        ruleset = self.session.ruleset
        try:
            command = ruleset.command_from_json(message.command)
        except Exception as error:  # the game's own reader: pydantic or ValueError
            await self._refuse(connection, why(message.type, N_("not a command of this game ({problem})"),
                                               problem=str(error)[:200]), message.command, message.ask)
            return
        try:
            await self._play(seat, command, message.ask)
        except IllegalCommand as refusal_:
            plain = str(refusal_.reason).replace("{", "{{").replace("}", "}}")  # the engine's own words, already filled
            answer = refused(why(message.type, plain), message.command, message.ask)
            words = said_to_wire(refusal_.reason)  # and, when it said them with a template, the words whole
            await self._send(connection.socket, answer if words is None else answer.model_copy(update={"said": words}))
            return
        except OSError as error:
            await self._refuse(connection, why(message.type, N_("the host could not save the game ({problem}); the "
                                                                "command was taken back"), problem=str(error)),
                               message.command, message.ask)
            return
        await self._play_bots()

    def _command_refusal(self, seat: str | None, message: p.Command) -> Reason | None:
        if seat is None:
            return why(message.type, N_("a spectator cannot play: take a seat first"))
        if not self.started:
            return why(message.type, N_("the game has not started: every seat must be held and ready"))
        hold = self.seats[seat]
        if message.seen > self.number:
            return why(message.type, N_("your game is ahead of the host's (it was restarted): look at the table again"))
        if message.seen < hold.legal_changed:
            return why(message.type, N_("the game changed since your last update: look again"))
        if seat not in self.session.ruleset.current_seats(self.session.state):
            return why(message.type, N_("it is not your turn"))
        return None

    async def _play(self, seat: str, command: Any, ask: int = 0) -> None:
        """Apply, journal (taken back if it cannot be written), tell everyone; the envelope follows."""
        events = self.session.play(seat, command)
        try:
            self._change({"op": "play", "seat": seat, "command": self.session.ruleset.command_to_json(command)})
        except OSError:
            self.session.undo()
            self.session.queue(())
            raise
        await self._cancel_vote()
        await self._broadcast_update(events, "command", seat, ask)

    def _change(self, line: dict[str, Any]) -> None:
        """Count and journal a change of the game (OSError, the count unchanged, when the journal
        cannot be written), then have the envelope written."""
        self.number += 1
        try:
            self.autosave.record(self.number, line)
        except OSError:
            self.number -= 1
            raise
        self._refresh_legal()
        self._save_soon()

    async def _on_undo(self, connection: Connection, message: BaseModel) -> None:
        seat = connection.seat
        action = "undo" if isinstance(message, p.Undo) else "redo"
        possible = self.session.can_undo() if action == "undo" else self.session.can_redo()
        if seat is None:
            await self._refuse(connection, why(action, N_("a spectator cannot undo or redo")))
        elif not possible:
            await self._refuse(connection, why(action, N_("there is nothing to undo") if action == "undo" else N_("there is nothing to redo")))
        elif self.vote is not None:
            await self._refuse(connection, why(action, N_("a vote is already open")))
        else:
            voters = {h.seat for h in self.seats.values() if h.connected and h.bot is None and h.seat != seat}
            self.vote = UndoVote(by=seat, name=connection.name, action=action, waiting=voters)
            await self._broadcast(self._vote_message(None))
            await self._settle_vote()

    async def _on_vote(self, connection: Connection, message: p.UndoVote) -> None:
        vote = self.vote
        if vote is None or connection.seat not in vote.waiting:
            await self._refuse(connection, why(message.type, N_("there is no vote for you to answer")))
            return
        if not message.yes:
            await self.decide_vote(False)
            return
        vote.waiting.discard(connection.seat)
        await self._settle_vote()

    async def decide_vote(self, yes: bool) -> None:
        """The host player's decision on the open vote (also a "no" from any voter)."""
        vote = self.vote
        if vote is None:
            return
        if yes:
            vote.waiting.clear()
            await self._settle_vote()
            return
        self.vote = None
        await self._broadcast(p.UndoAsked(by=vote.by, name=vote.name, action=vote.action,  # type: ignore[arg-type]
                                          waiting=[], decided="refused"))

    async def _settle_vote(self) -> None:
        vote = self.vote
        if vote is None:
            return
        if vote.waiting:
            await self._broadcast(self._vote_message(None))
            return
        self.vote = None
        undo = vote.action == "undo"
        if (self.session.can_undo() if undo else self.session.can_redo()):
            events: tuple[Any, ...] = ()
            if undo:
                self.session.undo()
            else:
                events = self.session.redo()
            last = self.session.log[-1] if not undo else None
            try:
                self._change({"op": "undo"} if last is None else
                             {"op": "play", "seat": last.seat, "command": self.session.ruleset.command_to_json(last.command)})
            except OSError:  # not saved: not done
                if undo:
                    self.session.redo()
                else:
                    self.session.undo()
                await self._broadcast(self._vote_message("refused", vote))
                return
            await self._broadcast(self._vote_message("done", vote))
            await self._broadcast_update(events, vote.action)
        else:
            await self._broadcast(self._vote_message("refused", vote))

    def _vote_message(self, decided: str | None, vote: UndoVote | None = None) -> p.UndoAsked:
        vote = vote or self.vote
        assert vote is not None
        return p.UndoAsked.model_validate({"by": vote.by, "name": vote.name, "action": vote.action,
                                           "waiting": sorted(vote.waiting), "decided": decided})

    async def _cancel_vote(self) -> None:
        if self.vote is not None:  # a command was played: the vote is about a game that moved on
            vote, self.vote = self.vote, None
            await self._broadcast(self._vote_message("refused", vote))

    async def _on_chat(self, connection: Connection, message: p.Chat) -> None:
        text = clean_chat(message.text)
        if not text:
            await self._refuse(connection, why(message.type, N_("an empty chat line")))
            return
        await self._broadcast(p.ChatLine(name=connection.name, seat=connection.seat, text=text))

    async def _on_ping(self, connection: Connection, message: p.Ping) -> None:
        if message.zone is not None:
            if message.zone not in self.zone_ids:
                await self._refuse(connection, why(message.type, N_("the board has no zone {zone}"), zone=message.zone[:40]))
                return
        elif message.x_cm is None or message.y_cm is None:
            await self._refuse(connection, why(message.type, N_("a ping names a zone or a point of the board")))
            return
        else:
            width, height = getattr(self.board, "width_cm", 1e9), getattr(self.board, "height_cm", 1e9)
            if not (0 <= message.x_cm <= width and 0 <= message.y_cm <= height):
                await self._refuse(connection, why(message.type, N_("the point is off the board")))
                return
        await self._broadcast(p.PingShown(name=connection.name, seat=connection.seat, zone=message.zone,
                                          x_cm=message.x_cm, y_cm=message.y_cm))

    async def _on_take_seat(self, connection: Connection, message: p.TakeSeat) -> None:
        hold = self.seats.get(message.seat)
        if hold is None:
            await self._refuse(connection, why(message.type, N_("there is no seat {seat}"), seat=message.seat[:40]))
            return
        if hold.connection is connection:
            await self._refuse(connection, why(message.type, N_("you hold this seat already")))
            return
        if not hold.gone:
            await self._refuse(connection, why(message.type, N_("seat {seat} is held by {holder}, who is playing"),
                                               seat=hold.seat, holder=hold.holder or ""))
            return
        if connection.seat is not None:  # leaving one's own seat for this one
            mine = self.seats[connection.seat]
            mine.connection, mine.left = None, True
        elif connection in self.spectators:
            self.spectators.remove(connection)
        previous = hold.connection
        if previous is not None and previous is not connection:
            previous.seat = None
        connection.seat, connection.token = hold.seat, new_token()
        hold.token = None
        self._attach(connection)
        hold.ready = True
        self._maybe_start()
        await self._send(connection.socket, self._welcome(hold.seat, connection.token, hold.phone_code))
        await self._broadcast_lobby()
        await self._send_update(connection, [], "seat")
        await self._play_bots()

    async def _on_bye(self, connection: Connection, message: p.Bye) -> None:
        if connection.seat is not None:
            self.seats[connection.seat].left = True
        await connection.socket.close(1000, "bye")

    _HANDLERS: dict[str, Callable[..., Any]] = {
        "ready": _on_ready, "command": _on_command, "undo": _on_undo, "redo": _on_undo, "undo_vote": _on_vote,
        "chat": _on_chat, "ping": _on_ping, "take_seat": _on_take_seat, "bye": _on_bye,
    }

    # --- seats and bots ---------------------------------------------------------------------------------------

    def _maybe_start(self) -> None:
        if not self.started and all(h.bot is not None or (h.holder is not None and h.ready) for h in self.seats.values()):
            self.started = True
            self._seats_changed()

    def start_game(self) -> None:
        """The host player starts now: every seat nobody holds goes to the bot."""
        for hold in self.seats.values():
            if hold.holder is None or hold.left:
                hold.bot = self.bot_name
        self.started = True
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # before serving (the headless host's --bots)
            self._save()
        else:
            self._seats_changed()
            asyncio.ensure_future(self._started_now())

    async def _started_now(self) -> None:
        await self._broadcast_lobby()
        await self._play_bots()

    async def give_to_bot(self, seat: str, bot: str | None = None) -> None:
        """A seat whose player has gone is played by the game's bot from now on (until someone takes it)."""
        hold = self.seats[seat]
        name = bot or self.bot_name
        if name is None:
            raise HostError(f"{self.entry.name} has no bot")
        registry.bot(self.entry.id, name)  # an unknown bot raises here, before the seat changes hands
        if hold.connection is not None:
            hold.connection.seat = None
            with contextlib.suppress(ConnectionClosed):
                await hold.connection.socket.close(1000, "your seat was given to a bot")
        hold.connection, hold.bot, hold.token, hold.left = None, name, None, True
        self._seats_changed()
        await self._broadcast_lobby()
        await self._play_bots()

    async def _play_bots(self, limit: int = 10_000) -> None:
        """Let the bots play while the game waits only for bot seats."""
        for _ in range(limit):
            if not self.started or self.session.ruleset.outcome(self.session.state) is not None:
                return
            waiting = sorted(self.session.ruleset.current_seats(self.session.state))
            bots = [s for s in waiting if s in self.seats and self.seats[s].bot is not None]
            if not bots:
                return
            seat = bots[0]
            state = self.session.state
            legal = list(self.session.ruleset.legal_commands(state, seat))
            if not legal:
                return
            play = registry.bot(self.entry.id, self.seats[seat].bot or "")
            chooser = Random(self.session.seed * 1_000_003 + len(self.session.log))  # replayable
            command = bot_move(play, self.session.ruleset, state, seat, legal, chooser)
            if command is None:
                return
            await self._play(seat, command)
            await asyncio.sleep(0)

    # --- what goes out ----------------------------------------------------------------------------------------

    def _public_setup(self) -> str:
        return str(self.session.ruleset.setup_to_json(self.session.setup_spec))

    def _refresh_legal(self) -> None:
        ruleset, state = self.session.ruleset, self.session.state
        turn = ruleset.current_seats(state)
        for hold in self.seats.values():
            legal = encode_legal(ruleset.legal_commands(state, hold.seat)) if hold.seat in turn else []
            if legal != hold.legal:
                hold.legal, hold.legal_changed = legal, self.number

    def _update_for(self, seat: str | None, events: Any, cause: str, memo: Memo | None = None, by: str | None = None,
                    ask: int = 0) -> p.Update:
        ruleset, state = self.session.ruleset, self.session.state
        outcome = ruleset.outcome(state)
        viewer = seat if seat is not None else SPECTATOR
        shown = events_for(events, viewer, revealed=outcome is not None)
        return p.Update.model_validate({
            "number": self.number, "cause": cause, "view": encode_view(ruleset.player_view(state, viewer), memo),
            "events": encode_events(shown), "legal": self.seats[seat].legal if seat is not None else [],
            "turn": sorted(ruleset.current_seats(state)), "outcome": to_wire(outcome),
            "can_undo": self.session.can_undo(), "can_redo": self.session.can_redo(), "by": by, "ask": ask})

    async def _send_update(self, connection: Connection, events: Any, cause: str) -> None:
        await self._send(connection.socket, self._update_for(connection.seat, events, cause))

    async def _broadcast_update(self, events: Any, cause: str, by: str | None = None, ask: int = 0) -> None:
        """Every connection's update: each viewer's text made once (a seat's phone shares it, the
        spectators one), all before the first is sent, the views sharing the encoding of their common
        parts; then sent."""
        memo: Memo = {}
        texts: dict[str | None, str] = {}
        connections = self._connections()
        for connection in connections:
            if connection.seat not in texts:
                texts[connection.seat] = p.encode(self._update_for(connection.seat, events, cause, memo, by, ask))
        for connection in connections:
            with contextlib.suppress(ConnectionClosed):
                await connection.socket.send(texts[connection.seat])
        if self.on_change is not None:
            self.on_change()

    async def _broadcast_lobby(self) -> None:
        await self._broadcast(p.Lobby(seats=[h.info() for h in self.seats.values()],
                                      spectators=[c.name for c in self.spectators], started=self.started))
        if self.on_change is not None:
            self.on_change()

    def _connections(self) -> list[Connection]:
        return ([h.connection for h in self.seats.values() if h.connection is not None] + list(self.spectators)
                + list(self.phones))

    async def _broadcast(self, message: BaseModel) -> None:
        text = p.encode(message)
        for connection in self._connections():
            with contextlib.suppress(ConnectionClosed):
                await connection.socket.send(text)

    async def _send(self, socket: ServerConnection, message: BaseModel) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(p.encode(message))

    async def _refuse(self, connection: Connection, reason: Reason, command: str | None = None, ask: int = 0) -> None:
        await self._send(connection.socket, refused(reason, command, ask))

    # --- the autosave ----------------------------------------------------------------------------------------

    def _snapshot(self) -> Snapshot:
        net = {"code": self.code, "update": self.number, **self._seats_held()}
        return frozen_copy(self.session), {**self.extra, EXTRA_KEY: net}

    def _save(self) -> None:
        """The game and who holds each seat, at once (before serving, or with no loop running)."""
        self.autosave.now(self._snapshot())

    def _save_soon(self) -> None:
        self.autosave.soon(self._snapshot)

    def _seats_held(self) -> dict[str, Any]:
        return {"started": self.started, "seats": {seat: hold.saved() for seat, hold in self.seats.items()}}

    def _seats_changed(self) -> None:
        """Who holds each seat (and their tokens) goes to the journal before anyone is told: a
        restarted host gives every player their seat back."""
        try:
            self.autosave.record(self.number, {"op": "seats", **self._seats_held()})
        except OSError as error:
            self.autosave.error = str(error)  # the envelope below still tries
        self._save_soon()


def bot_move(play: Callable[..., Any], ruleset: Any, state: Any, seat: str, legal: list[Any], chooser: Random) -> Any:
    """The bot's command. The games' bots take different arguments: (state, seat, commands, rng),
    (state, seat, rng), or the seat's own view (view, seat)."""
    names = list(inspect.signature(play).parameters)
    if names and names[0] == "view":
        return play(ruleset.player_view(state, seat), seat)
    if "commands" in names:
        return play(state, seat, legal, chooser)
    return play(state, seat, chooser)


class HostThread:
    """A host running in a background thread beside a window: ``start()`` returns once it listens."""

    def __init__(self, host: Host, port: int = 0, bind: str = "0.0.0.0"):
        self.host = host
        self.port = port
        self.bind = bind
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._listening = threading.Event()
        self._stopped: asyncio.Event | None = None
        self.error: BaseException | None = None

    def start(self, timeout_s: float = 10.0) -> int:
        self._thread = threading.Thread(target=self._run, name="deadtable-host", daemon=True)
        self._thread.start()
        if not self._listening.wait(timeout_s) or self.error is not None:
            raise HostError(f"the host did not start ({self.error or 'timed out'})")
        return self.host.port

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # told to the window through start() or .error
            self.error = error
            self._listening.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        await self.host.start(self.port, self.bind)
        self._listening.set()
        await self._stopped.wait()
        await self.host.stop()

    def call(self, function: Callable[..., Any], *args: Any) -> None:
        """Run ``function(*args)`` on the host's loop, from the window's thread: a method of the host,
        plain (``start_game``) or a coroutine function (``give_to_bot``, ``decide_vote``)."""
        loop = self.loop
        if loop is None:
            raise HostError("the host is not running")

        def run() -> None:
            result = function(*args)
            if inspect.isawaitable(result):
                asyncio.ensure_future(result)

        loop.call_soon_threadsafe(run)

    def stop(self, timeout_s: float = 10.0) -> None:
        """Close the host (clients are told) and end its thread; stopping twice does nothing."""
        if self._thread is None:
            return
        if self.loop is not None and self._stopped is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended (the host failed)
                self.loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout_s)
        self._thread = None
        self.loop = None
