"""Joining from the window: a Zombieworld game hosted elsewhere (a ``HostThread`` in the test), the
Join form, the lobby as a spectator, taking a seat, the game screen opening for both, and a command
played in the window reaching the host."""

from __future__ import annotations

import pytest

from game.app.net.lobby_scene import LobbyScene
from game.app.net.setup_scenes import JoinScene
from game.app.net.zombieworld_scene import NetZombieworldScene
from game.app.start_scene import StartScene
from game.net.client import NetClient
from game.net.host import Host, HostThread
from game.net.protocol import Chat, Ready
from game.platform import registry
from game.rules.core.session import Session
from tests.layout_check import screen_problems
from tests.net_window.net_ui import client_poll_until, frames_until, new_app, tap, type_into


@pytest.fixture
def zombieworld_host(tmp_path):
    from tests.platform.conformance import _zombieworld_game

    ruleset, board, setup = _zombieworld_game(0)
    host = Host(registry.game("zombieworld"), Session(ruleset, board, setup, 7), tmp_path / "zw-net.json")
    thread = HostThread(host, 0, "127.0.0.1")
    port = thread.start()
    yield host, f"127.0.0.1:{port}"
    thread.stop()


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_join_take_a_seat_and_play_zombieworld(tmp_path, zombieworld_host, size):
    """At each window size, the screens' layout is checked on the way (the lobby, the game with chat)."""
    from game.app.net.link import NetLink

    host, address = zombieworld_host
    first = sorted(host.session.ruleset.current_seats(host.session.state))[0]  # the window takes the band to act
    second = next(seat for seat in host.seats if seat != first)
    app = new_app(tmp_path / "window", size)
    friend = NetLink(NetClient(), name="Bea")
    try:
        tap(app, app.scenes.top.buttons["join"])
        join = app.scenes.top
        assert isinstance(join, JoinScene)
        type_into(app, join.entries["name"], "Ana")
        type_into(app, join.entries["address"], address)
        type_into(app, join.entries["code"], host.code.lower())  # the code is read in capitals
        tap(app, join.buttons["next"])
        lobby = app.scenes.top
        assert isinstance(lobby, LobbyScene)
        frames_until(app, lambda: lobby.link.welcome is not None and f"take_{first}" in lobby.buttons, "the lobby")
        assert lobby.link.seat is None  # a spectator until a seat is taken
        assert screen_problems(app, lobby, "lobby") == []
        tap(app, lobby.buttons[f"take_{first}"])
        frames_until(app, lambda: lobby.link.seat == first and lobby.ready, "the seat, ready")
        friend.client.connect(f"ws://{address}", "Bea", host.code, second)
        client_poll_until(friend, lambda m: friend.welcome is not None, "a welcome")
        friend.send(Ready())
        frames_until(app, lambda: isinstance(app.scenes.top, NetZombieworldScene), "the game screen")
        game = app.scenes.top
        frames_until(app, lambda: bool(game.controller.legal()), "the first update, with the band's options")
        assert game.controller.seat == first
        logged = len(host.session.log)
        command = next(c for c in game.controller.legal() if type(c).__name__ == "Activate")
        outcome = game.play(command)
        assert outcome.ok, outcome.reason
        assert len(host.session.log) == logged + 1
        assert any(type(e).__name__ == "Activated" and e.model == command.model for e in outcome.events)
        assert game.state == host.session.ruleset.player_view(host.session.state, first)  # the host's view, here
        friend.send(Chat(text="una línea de chat " * 6))
        frames_until(app, lambda: bool(game.net_overlay.chat_lines()), "the chat line")
        assert screen_problems(app, game, "game") == []
    finally:
        friend.close()
        app._leave_all()


def test_a_wrong_join_code_says_why_and_goes_back(tmp_path, zombieworld_host):
    host, address = zombieworld_host
    app = new_app(tmp_path / "window")
    try:
        tap(app, app.scenes.top.buttons["join"])
        join = app.scenes.top
        type_into(app, join.entries["address"], address)
        type_into(app, join.entries["code"], "WRONG1")
        tap(app, join.buttons["next"])
        frames_until(app, lambda: app.message is not None, "the message")
        assert isinstance(app.scenes.top, StartScene)
        assert "code" in app.message.text_block.html_text.lower()  # the host's reason
        assert host.spectators == [] and all(hold.holder is None for hold in host.seats.values())
    finally:
        app._leave_all()
