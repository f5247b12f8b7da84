"""The window's client: ``NetClient`` beside a ``HostThread``, never blocking, coming back by itself
to its seat after a drop."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.net import protocol as p
from game.net.client import NetClient
from game.net.host import Host, HostThread
from game.net.views import decode_legal
from tests.net.harness import WAIT_S, new_host, zombicide_game

GAME = zombicide_game()


def _wait_for(client: NetClient, found: list[Any], condition: Callable[[Any], bool]) -> Any:
    """Poll as a window does each frame until a message meets ``condition`` (bounded). ``found``
    holds what was polled and not yet looked at; the messages before the one returned are dropped."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found.extend(client.poll())
        while found:
            message = found.pop(0)
            if condition(message):
                return message
        time.sleep(0.005)  # a frame's wait between polls, not a wait for the result
    raise AssertionError("nothing came that meets the condition")


def test_a_window_client_plays_and_comes_back_after_a_drop(tmp_path):
    host = new_host(GAME, tmp_path / "net.json")
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    url = f"ws://127.0.0.1:{port}"
    clients = {seat: NetClient() for seat in ("A", "B", "C")}
    seen: dict[str, list[Any]] = {seat: [] for seat in clients}
    try:
        assert clients["A"].poll() == []  # nothing yet, and no wait
        for seat, client in clients.items():
            client.connect(url, f"player {seat}", host.code.lower(), seat)  # the code is not case-sensitive
            welcome = _wait_for(client, seen[seat], lambda m: isinstance(m, p.Welcome))
            assert welcome.seat == seat and client.connected and client.seat == seat
            client.send(p.Ready())
        for seat, client in clients.items():
            _wait_for(client, seen[seat], lambda m: isinstance(m, p.Lobby) and m.started)

        for n, (seat, text) in enumerate(GAME.script[:4]):
            client = clients[seat]
            if client.last_update < n:  # the client has seen the update before this command
                _wait_for(client, seen[seat], lambda m, n=n: isinstance(m, p.Update) and m.number == n)
            client.send_command(text)
            answer = _wait_for(client, seen[seat],
                               lambda m, n=n: isinstance(m, p.Refused) or (isinstance(m, p.Update) and m.number == n + 1))
            assert isinstance(answer, p.Update) and answer.number == n + 1, answer

        # the connection drops under B: its client reconnects with its token, to its seat
        victim = clients["B"]
        token = victim.token
        holder = host.seats["B"].connection
        assert holder is not None and thread.loop is not None
        thread.loop.call_soon_threadsafe(holder.socket.transport.abort)
        back = _wait_for(victim, seen["B"], lambda m: isinstance(m, p.Welcome) and m.token == token)
        assert back.seat == "B"
        update = _wait_for(victim, seen["B"], lambda m: isinstance(m, p.Update) and m.cause == "join")
        assert update.number == 4 and victim.connected

        victim.send(p.Chat(text="back"))
        line = _wait_for(clients["C"], seen["C"], lambda m: isinstance(m, p.ChatLine))
        assert (line.name, line.text) == ("player B", "back")
    finally:
        for client in clients.values():
            client.close()
        thread.stop()
    assert not thread._thread and all(client.closed for client in clients.values())


def test_a_wrong_address_or_code_ends_with_a_reason(tmp_path):
    host = new_host(GAME, tmp_path / "net.json")
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    try:
        client = NetClient()
        client.connect(f"ws://127.0.0.1:{port}", "eve", "WRONG1", "A")
        found: list[Any] = []
        refused = _wait_for(client, found, lambda m: isinstance(m, p.Refused))
        assert refused.reason == "wrong join code"
        client.close()

        stranger = NetClient()
        stranger.connect("ws://127.0.0.1:1", "eve", host.code, "A")  # nobody listens there
        closing = _wait_for(stranger, [], lambda m: isinstance(m, p.HostClosing))
        assert "lost" in closing.reason and stranger.closed
        stranger.close()
    finally:
        thread.stop()


def test_the_host_player_starts_with_bots_from_the_window(tmp_path):
    host = new_host(GAME, tmp_path / "net.json", bot="planner")
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    client = NetClient()
    try:
        client.connect(f"ws://127.0.0.1:{port}", "solo", host.code, "A")
        pending: list[Any] = []
        _wait_for(client, pending, lambda m: isinstance(m, p.Welcome))
        thread.call(host.start_game)  # B and C go to the bot; it plays their turns as they come
        latest: p.Update | None = None
        lobby: p.Lobby | None = None
        acted: set[int] = set()
        deadline = time.monotonic() + WAIT_S
        while len(acted) < 6:  # the window's loop: poll, look at the latest view, play when it is A's turn
            assert time.monotonic() < deadline, f"A played {len(acted)} times"
            for message in [*pending, *client.poll()]:
                if isinstance(message, p.Update):
                    latest = message
                elif isinstance(message, p.Lobby) and message.started:
                    lobby = message
            pending.clear()
            if lobby and latest and latest.number == client.last_update and "A" in latest.turn and latest.legal \
                    and latest.number not in acted:
                client.send_command(GAME.ruleset.command_to_json(decode_legal(latest.legal)[0]))
                acted.add(latest.number)
            time.sleep(0.005)  # a frame
        assert lobby is not None
        assert [(s.seat, s.bot) for s in lobby.seats] == [("A", None), ("B", "planner"), ("C", "planner")]
        assert {"A", "B", "C"} <= {entry.seat for entry in host.session.log}
    finally:
        client.close()
        thread.stop()


def test_a_window_client_finds_its_seat_again_after_the_host_dies_and_restarts(tmp_path):
    save = tmp_path / "net.json"
    host = new_host(GAME, save)
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    clients = {seat: NetClient() for seat in ("A", "B", "C")}
    found: dict[str, list[Any]] = {seat: [] for seat in clients}
    second = None
    try:
        for seat, client in clients.items():
            client.connect(f"ws://127.0.0.1:{port}", f"player {seat}", host.code, seat)
            _wait_for(client, found[seat], lambda m: isinstance(m, p.Welcome))
            client.send(p.Ready())
        seat, text = GAME.script[0]
        _wait_for(clients[seat], found[seat], lambda m: isinstance(m, p.Lobby) and m.started)
        clients[seat].send_command(text)
        _wait_for(clients[seat], found[seat], lambda m: isinstance(m, p.Update) and m.number == 1)

        async def crash() -> None:  # the host's process dies: every connection cut, nobody told
            from tests.net.test_play import _crash

            await _crash(host)

        thread.call(crash)
        deadline = time.monotonic() + WAIT_S
        while any(client.connected for client in clients.values()):
            assert time.monotonic() < deadline, "the clients did not see the drop"
            time.sleep(0.005)
        thread.stop()

        second = HostThread(Host.open(save), port=port, bind="127.0.0.1")
        second.start()
        for seat, client in clients.items():  # each comes back by itself, to its seat, at update 1
            welcome = _wait_for(client, found[seat], lambda m: isinstance(m, p.Welcome))
            assert welcome.seat == seat and welcome.token == client.token
            update = _wait_for(client, found[seat], lambda m: isinstance(m, p.Update))
            assert update.number == 1 and update.cause == "join"
    finally:
        for client in clients.values():
            client.close()
        thread.stop()
        if second is not None:
            second.stop()
