"""City of Horror over the network in the window: a host (a ``HostThread``), this window seated at
one seat, a friend (a ``NetClient`` with its own ``RemoteSession``) at another and the host's bot at
the third. The window makes its secret picks and votes in its own panel, pressed with synthetic
events, sees the reveals animated, and never holds another seat's hand or sealed pick."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from random import Random

import pytest

from game import i18n
from game.app.city_of_horror.overlays import ListOverlay, PrivatePanel, Reveal
from game.app.net.coh_scene import NetCohScene
from game.app.net.link import NetLink
from game.app.net.lobby_scene import LobbyScene
from game.app.net.remote import RemoteSession
from game.app.net.start import join_game
from game.board.mission import load_board
from game.net import client as client_module
from game.net.client import NetClient
from game.net.host import Host, HostThread
from game.net.protocol import Ready, Update, parse_host
from game.net.views import decode_view, view_template
from game.platform import registry
from game.platform.registry import REPO_ROOT
from game.rules.city_of_horror.commands import TRADE_COMMANDS, Pass
from game.rules.core.base import IllegalCommand
from game.rules.core.session import Session
from tests.layout_check import screen_problems
from tests.net.test_secrets import check_coh_view
from tests.net_window.net_ui import client_poll_until, frames_until, new_app, tap

SEATS = (("ana", "red"), ("ben", "green"), ("cai", "blue"))
PLAY_S = 150.0
SEED = 834_271_905


@pytest.fixture
def coh_host(tmp_path):
    entry = registry.game("city_of_horror")
    ruleset = entry.ruleset("base")
    board = load_board(REPO_ROOT / "maps" / "city_of_horror" / "coh-city.tmx")
    setup = ruleset.setup_from_json(json.dumps({"players": [{"seat": s, "colour": c} for s, c in SEATS]}))
    host = Host(entry, Session(ruleset, board, setup, SEED), tmp_path / "coh-net.json")
    thread = HostThread(host, 0, "127.0.0.1")
    port = thread.start()
    yield host, thread, f"ws://127.0.0.1:{port}"
    thread.stop()


def press(app, scene, key: str) -> None:
    """Press the button ``key`` of the scene's overlay, or of its bar, with synthetic clicks."""
    buttons = scene.overlay.buttons.buttons if scene.overlay is not None else scene.bar.buttons
    button = next(b for b in buttons if b.key == key)
    tap(app, button)


def first_key(buttons, prefixes: tuple[str, ...]) -> str | None:
    """The key of the first button starting with the first of ``prefixes`` any has."""
    keys = [b.key for b in buttons]
    return next((k for prefix in prefixes for k in keys if k.startswith(prefix)), None)


def panel_choice(panel: PrivatePanel) -> str | None:
    """The first thing the panel offers to play (never a trade, never putting the panel away)."""
    return first_key(panel.buttons.buttons, ("play:", "value:", "group:", "item:"))


PUBLIC_CHOICES = ("pubpick:ana", "pub:", "pubcmd:ana")


def bar_choice(scene: NetCohScene) -> str | None:
    """A public choice of the bar, else Done, else its Choose… slot (a list opens when it offers several)."""
    return first_key(scene.bar.buttons, (*PUBLIC_CHOICES, "done", "kind:choice"))


def friend_turn(friend: RemoteSession, chooser: Random) -> None:
    """The friend plays one of its legal commands, mostly passing, never trading."""
    for message in friend.link.poll():
        if hasattr(message, "view") and hasattr(message, "cause"):
            friend.receive(message)
    legal = [c for c in friend.legal_commands("ben") if not isinstance(c, TRADE_COMMANDS)]
    if not legal:
        return
    command = Pass() if Pass() in legal and chooser.random() < 0.7 else legal[int(chooser.random() * len(legal))]
    with contextlib.suppress(IllegalCommand):  # the game moved on meanwhile: look again next frame
        friend.play("ben", command)


def seat_the_window_and_a_friend(app, host, thread, url, link, friend_link):  # type: ignore[no-untyped-def]
    """The window (``link``, at ana) and the friend (at ben) join and are ready; the host starts the game
    (cai is its bot). The window's City of Horror screen, the friend's remote session and the rules."""
    lobby = LobbyScene(app, link)
    app.show(lobby)
    frames_until(app, lambda: link.welcome is not None and link.lobby is not None, "the welcome")
    friend_link.client.connect(url, "Ben", host.code, "ben")
    client_poll_until(friend_link, lambda m: friend_link.welcome is not None, "a welcome")
    welcome = friend_link.welcome
    ruleset = registry.game(welcome.game).ruleset(welcome.box)
    friend = RemoteSession(friend_link, ruleset, load_board(REPO_ROOT / welcome.board),
                           ruleset.setup_from_json(welcome.setup))
    friend_link.send(Ready())
    link.send(Ready())
    frames_until(app, lambda: (info := link.seat_info("ben")) is not None and info.ready, "the friend ready")
    thread.call(host.start_game)  # the third seat goes to the host's bot
    frames_until(app, lambda: isinstance(app.scenes.top, NetCohScene), "the City of Horror screen")
    scene = app.scenes.top
    frames_until(app, lambda: bool(scene.remote.turn), "the first update")
    return scene, friend, ruleset


def assert_no_problems(problems: list) -> None:  # type: ignore[type-arg]
    assert problems == []


def play_to_the_reveals(app, scene, friend: RemoteSession, check_panel=None, each_frame=None):  # type: ignore[no-untyped-def]
    """Play the window's seat by synthetic presses (the friend by its remote session) until both the
    Movement cards and a vote have been revealed; ``check_panel`` looks at each sealed panel the first
    time, ``each_frame`` after every frame. The reveals (topic, seats) and the sealed needs met."""
    chooser = Random(5)
    reveals: list[tuple[str, tuple[str, ...]]] = []
    mine_sealed: list[str] = []
    deadline = time.monotonic() + PLAY_S
    while not (any(t.startswith("movement") for t, _ in reveals) and any("vote" in t for t, _ in reveals)):
        assert time.monotonic() < deadline, f"no movement and vote reveal yet: {reveals}"
        overlay = scene.overlay
        if isinstance(overlay, Reveal):
            if not reveals or reveals[-1][0] != overlay.topic or overlay.age_s == 0:
                reveals.append((overlay.topic, tuple(seat for seat, _ in overlay.answers)))
            frames_until(app, lambda o=overlay: o.finished, "the reveal's cards turned")
            press(app, scene, "done")
        elif isinstance(overlay, PrivatePanel):
            assert not scene.net_overlay.entry.visible  # the chat line waits under the player's panel
            key = panel_choice(overlay)
            if key is None:
                press(app, scene, "hide")
            else:
                if overlay.need in ("pick", "ballot") and overlay.need not in mine_sealed:
                    if check_panel is not None:
                        check_panel(f"the {overlay.need} panel")
                    mine_sealed.append(overlay.need)
                press(app, scene, key)
        elif isinstance(overlay, ListOverlay):  # the Choose… slot's list: pick from it, else put it away
            key = first_key(overlay.buttons.buttons, tuple(f"pick:{choice}" for choice in PUBLIC_CHOICES))
            if key is None:
                scene._set_overlay(None)
            else:
                press(app, scene, key)
        elif (key := bar_choice(scene)) is not None:
            press(app, scene, key)
        friend_turn(friend, chooser)
        app.frame(0.02, events=[])
        if each_frame is not None:
            each_frame()
    return reveals, mine_sealed


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_city_of_horror_picks_votes_and_reveals_in_the_window(tmp_path, coh_host, monkeypatch, size):
    """At each window size the table's and the panels' layout is checked on the way."""
    host, thread, url = coh_host
    wire: list[tuple[threading.Thread, str]] = []  # every message a connection receives, as sent

    def recorded(text: str):
        wire.append((threading.current_thread(), text))
        return parse_host(text)

    monkeypatch.setattr(client_module, "parse_host", recorded)
    app = new_app(tmp_path / "window", size)
    link = join_game(url, "Ana", host.code, "ana")
    friend_link = NetLink(NetClient(), name="Ben")
    try:
        scene, friend, ruleset = seat_the_window_and_a_friend(app, host, thread, url, link, friend_link)
        assert screen_problems(app, scene, "table") == []

        reveals, mine_sealed = play_to_the_reveals(
            app, scene, friend, lambda what: assert_no_problems(screen_problems(app, scene, what)))
        movement = next(seats for topic, seats in reveals if topic.startswith("movement"))
        assert set(movement) == {"ana", "ben", "cai"}  # everyone's card, turned over at once
        assert "pick" in mine_sealed and "ballot" in mine_sealed  # made in the window's own panel
        friend_link.close()  # the game stands still: the window catches up with the host
        frames_until(app, lambda: scene.remote.number == host.number, "the last update")
        assert scene.state == host.session.ruleset.player_view(host.session.state, "ana")
        # the wire: every view the window was sent shows it its own secrets only
        window_wire = [text for thread, text in wire if thread is link.client._thread]
        assert str(SEED) not in "\n".join(window_wire)
        template = view_template(ruleset, scene.board, scene.remote.setup_spec)
        updates = [m for m in map(parse_host, window_wire) if isinstance(m, Update)]
        assert len(updates) > 20
        assert sum(check_coh_view(decode_view(u.view, template), "ana", "the window") for u in updates)
    finally:
        friend_link.close()
        app._leave_all()


def test_city_of_horror_over_the_network_in_spanish_draws_no_english(tmp_path, coh_host, monkeypatch, spanish):
    """A Spanish window at 1000×650 playing a hosted game to the Movement and vote reveals: every word
    drawn is Spanish, and a refusal from the host (an English host's engine) reads in Spanish."""
    from game.app.city_of_horror.words import refusal_words
    from game.rules.city_of_horror import commands as coh
    from game.rules.city_of_horror.catalog import load_catalog
    from tests.spanish_probe import DrawnText, english_words

    host, thread, url = coh_host
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path / "window", (1000, 650))
    link = join_game(url, "Ana", host.code, "ana")
    friend_link = NetLink(NetClient(), name="Ben")
    catalog = load_catalog()
    names = ["Ana", "Ben", "Cai", "ana", "ben", "cai", host.code, "http://127.0.0.1/phone",  # the phone page's address
             *(ch.name_es for ch in catalog.characters.values()),
             *(card.name_es for card in catalog.cards.values())]
    seen: dict[str, str] = {}

    def look() -> None:
        seen.update({w: t for w, t in english_words(drawn.texts, names).items() if w not in seen})
        drawn.clear()

    try:
        scene, friend, _ruleset = seat_the_window_and_a_friend(app, host, thread, url, link, friend_link)
        look()
        chooser, deadline = Random(3), time.monotonic() + PLAY_S
        while host.session.ruleset.current_seats(host.session.state) != frozenset({"ana"}):  # ana's turn to place:
            assert time.monotonic() < deadline, "ana never came to place"  # nobody else acts meanwhile
            friend_turn(friend, chooser)
            app.frame(0.02, events=[])
        frames_until(app, lambda: scene.remote.number == host.number, "the last update")  # a stale view is refused
        state = host.session.state
        mine = next(c.character for c in host.session.ruleset.legal_commands(state, "ana")
                    if isinstance(c, coh.PlaceCharacter))  # one of ana's characters to place
        elsewhere = next(place for place in catalog.locations if place not in state.stage.options)
        command = coh.PlaceCharacter(mine, elsewhere)  # a location ana did not draw: the drawn ones are named
        try:
            host.session.ruleset.apply(state, "ana", command)
        except IllegalCommand as local:
            expected = refusal_words(local.reason)  # what a local Spanish game says
        refused = scene._play("ana", command)
        assert refused == expected and english_words([refused], names) == {}
        drawn_places = [catalog.locations[place] for place in state.stage.options]
        assert all(f"{entry.article_es} {entry.name_es}" in refused for entry in drawn_places), refused
        assert host.session.state is state  # nothing changed
        scene.message = refused
        app.frame(0.02, events=[])
        look()
        reveals, _sealed = play_to_the_reveals(app, scene, friend, each_frame=look)
        assert any(topic.startswith("movement") for topic, _ in reveals)
        assert seen == {}, "\n".join(f"{word}: {text}" for word, text in seen.items())
        assert i18n.untranslated() == frozenset()
    finally:
        friend_link.close()
        app._leave_all()
        drawn.close()
