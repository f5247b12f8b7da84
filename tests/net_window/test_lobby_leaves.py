"""Closing the window (every scene left) while in the lobby ends the connection and the host this
window runs: no thread of theirs lives on (they pinged the host every few seconds, touching the global
``random`` module under later work: the hypothesis warning of ``test_unrotate_undoes_rotate``). A game
opened from the lobby keeps them."""

from __future__ import annotations

import threading
import time

from game.app.net.lobby_scene import LobbyScene
from tests.net_window.net_ui import frames_until, host_and_start, host_to_lobby, new_app

NET_THREADS = ("deadtable-host", "deadtable-net")
MOST_WAIT_S = 20.0


def net_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name in NET_THREADS and t.is_alive()]


def until_no_net_threads() -> list[str]:
    deadline = time.monotonic() + MOST_WAIT_S
    while net_threads() and time.monotonic() < deadline:
        time.sleep(0.05)
    return net_threads()


def test_leaving_every_scene_in_the_lobby_ends_the_connection_and_the_host(tmp_path) -> None:
    assert until_no_net_threads() == [], "an earlier test left its threads"
    app = new_app(tmp_path, (1280, 800))
    lobby, friend = host_to_lobby(app)
    assert isinstance(app.scenes.top, LobbyScene)
    friend.close()
    assert "deadtable-host" in net_threads()
    app._leave_all()  # what closing the window does
    assert until_no_net_threads() == []


def test_a_game_opened_from_the_lobby_keeps_its_connection_and_host(tmp_path) -> None:
    app = new_app(tmp_path, (1280, 800))
    game, friend = host_and_start(app)
    try:
        frames_until(app, lambda: not game.link.gone, "the game is connected")
        assert game.host is not None and "deadtable-host" in net_threads()
        assert not game.link.client.closed
    finally:
        friend.close()
        app._leave_all()
    assert until_no_net_threads() == []
