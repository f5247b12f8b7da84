"""A client of a host: ``AsyncClient`` for asyncio code (tests, bench), ``NetClient`` for a pygame
window (the websocket runs in a background thread with its own asyncio loop; the window polls).

After a drop, ``NetClient`` reconnects by itself with the token of its welcome and gets its seat
and the current view back. A command sent while disconnected waits and is sent on reconnection; the
host refuses it if the game moved on meanwhile (its ``seen`` is stale).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.content import content_of_this_copy, digest_chunks
from game.net.protocol import (
    CONTENT_CHUNK_FILES,
    MAX_HOST_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Bye,
    Command,
    ContentDigests,
    ContentMismatch,
    ContentRequest,
    Hello,
    HostClosing,
    ProtocolError,
    Refused,
    Update,
    Welcome,
    encode,
    parse_host,
)

RECONNECT_WINDOW_S = 60.0  # how long a dropped client keeps trying before it gives up
RECONNECT_DELAYS_S = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0)

def make_hello(name: str, code: str, seat: str | None, token: str | None = None) -> Hello:
    """A hello with one digest of all this copy's content (the host asks for files when it differs)."""
    digest, _files = content_of_this_copy()
    return Hello(name=name, code=code, seat=seat, token=token, content_hash=digest, protocol=PROTOCOL_VERSION)


def content_answer(request: ContentRequest) -> list[ContentDigests]:
    """The messages answering the host's ``content_request``."""
    chunks = digest_chunks(list(request.paths), CONTENT_CHUNK_FILES, dict(request.elsewhere))
    return [ContentDigests(files=chunk, more=n < len(chunks) - 1) for n, chunk in enumerate(chunks)]


class AsyncClient:
    """One websocket connection to a host, for asyncio code: ``await connect(...)``, ``send``, ``recv``."""

    def __init__(self) -> None:
        self.socket: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.last_update = 0

    async def connect(self, url: str, hello: Hello) -> None:
        self.socket = await connect(url, max_size=MAX_HOST_MESSAGE_BYTES, open_timeout=10)
        await self.send(hello)

    async def send(self, message: BaseModel) -> None:
        if self.socket is None:
            raise ConnectionError("not connected")
        await self.socket.send(encode(message))

    async def send_raw(self, text: str | bytes) -> None:
        """Anything at all (tests of bad clients)."""
        if self.socket is None:
            raise ConnectionError("not connected")
        await self.socket.send(text)

    async def recv(self, timeout_s: float = 10.0) -> Any:
        """The next message of the host (ConnectionClosed when the host hung up)."""
        if self.socket is None:
            raise ConnectionError("not connected")
        text = await asyncio.wait_for(self.socket.recv(), timeout_s)
        message = parse_host(text)
        if isinstance(message, ContentRequest):
            for answer in content_answer(message):
                await self.send(answer)
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, Update):
            self.last_update = message.number
        return message

    def command(self, command_json: str) -> Command:
        """A command message on the last update seen."""
        return Command(command=command_json, seen=self.last_update)

    async def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(ConnectionClosed, OSError):
                await self.socket.send(encode(Bye()))
            await self.socket.close()
            self.socket = None


class NetClient:
    """A host's client for a window: never blocks it.

    ``connect(url, name, code, seat)`` starts the connection in a background thread; ``send``
    queues a message; ``poll()`` returns what arrived since the last call (an empty list when
    nothing did). ``connected`` is False while a drop is being repaired. ``close()`` says bye.
    When the host cannot be reached again within ``RECONNECT_WINDOW_S``, ``poll`` gives a
    ``HostClosing`` and ``closed`` becomes True."""

    def __init__(self) -> None:
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[BaseModel] | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._wake: asyncio.Event | None = None
        self._connected = threading.Event()
        self._ready = threading.Event()
        self.closed = False
        self.welcome: Welcome | None = None
        self.token: str | None = None
        self.last_update = 0
        self.error = ""  # the last connection problem, in words

    # --- for the window ---

    def connect(self, url: str, name: str, code: str, seat: str | None, token: str | None = None) -> None:
        if self._thread is not None:
            raise RuntimeError("this client is already connected; close it first")
        self.token = token
        self._thread = threading.Thread(target=self._run, args=(url, name, code, seat), name="deadtable-net",
                                        daemon=True)
        self._thread.start()
        self._ready.wait(10)

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def seat(self) -> str | None:
        return self.welcome.seat if self.welcome is not None else None

    def send(self, message: BaseModel) -> None:
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None or self.closed:
            raise ConnectionError("not connected")
        loop.call_soon_threadsafe(outbox.put_nowait, message)

    def send_command(self, command_json: str) -> None:
        """A command of the game (``ruleset.command_to_json``) on the last update received."""
        self.send(Command(command=command_json, seen=self.last_update))

    def poll(self) -> list[Any]:
        found = []
        while True:
            try:
                found.append(self._inbox.get_nowait())
            except queue.Empty:
                return found

    def close(self) -> None:
        if self._thread is None:
            return
        self._stop.set()
        loop, outbox, wake = self._loop, self._outbox, self._wake
        if loop is not None and outbox is not None and wake is not None and not self.closed:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                loop.call_soon_threadsafe(outbox.put_nowait, Bye())
                loop.call_soon_threadsafe(wake.set)
        self._thread.join(10)
        self._thread = None
        self.closed = True

    # --- the background thread ---

    def _run(self, url: str, name: str, code: str, seat: str | None) -> None:
        asyncio.run(self._main(url, name, code, seat))

    async def _main(self, url: str, name: str, code: str, seat: str | None) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        wake = self._wake = asyncio.Event()
        self._ready.set()
        deadline = self._loop.time() + RECONNECT_WINDOW_S
        attempt = 0
        while not self._stop.is_set():
            try:
                hello = make_hello(name, code, seat, self.token)
                async with connect(url, max_size=MAX_HOST_MESSAGE_BYTES, open_timeout=5) as socket:
                    await socket.send(encode(hello))
                    self._connected.set()
                    attempt = 0
                    finished = await self._exchange(socket)
                if finished:
                    break
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as error:
                self.error = str(error) or type(error).__name__
                if isinstance(error, InvalidURI):
                    break
            self._connected.clear()
            if self._stop.is_set() or self._loop.time() > deadline:
                break
            with contextlib.suppress(TimeoutError):  # close() wakes it at once
                await asyncio.wait_for(wake.wait(), RECONNECT_DELAYS_S[min(attempt, len(RECONNECT_DELAYS_S) - 1)])
            attempt += 1
            if self.token is None and self.welcome is None and attempt > 3:
                break  # never welcomed: a wrong address, not a drop
        self._connected.clear()
        if not self._stop.is_set():
            self._inbox.put(HostClosing(reason=f"the connection to the host was lost ({self.error})"))
        self.closed = True

    async def _exchange(self, socket: ClientConnection) -> bool:
        """Relay messages both ways until the connection drops (False) or the game ends for us (True)."""
        assert self._outbox is not None
        sender = asyncio.ensure_future(self._send_loop(socket))
        try:
            async for text in socket:
                try:
                    message = parse_host(text)
                except ProtocolError as error:
                    self.error = error.reason
                    continue
                if isinstance(message, ContentRequest):
                    for answer in content_answer(message):
                        await socket.send(encode(answer))
                    continue
                if isinstance(message, Welcome):
                    self.welcome, self.token = message, message.token
                elif isinstance(message, Update):
                    self.last_update = message.number
                self._inbox.put(message)
                if isinstance(message, HostClosing | ContentMismatch) or (
                        isinstance(message, Refused) and message.refused == "hello"):
                    self._stop.set()  # the host will not have us: no point in coming back
                    return True
                if self._stop.is_set():
                    return True
            return self._stop.is_set()
        finally:
            sender.cancel()

    async def _send_loop(self, socket: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            message = await self._outbox.get()
            if isinstance(message, Command) and message.seen == 0 and self.last_update:
                message = message.model_copy(update={"seen": self.last_update})
            await socket.send(encode(message))
            if isinstance(message, Bye):
                await socket.close()
                return
