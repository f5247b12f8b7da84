"""Every game hosted from the window: Host → a new City of Horror or Zombieworld game (set up on the
game's own page after the name and port), or a Zombicide mission of any box; the lobby opens, Start
now fills the other seats with bots and the game's network screen opens on the host's game."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.net.coh_scene import NetCohScene
from game.app.net.host_setup import HostedCohSetup, HostedZombieworldSetup
from game.app.net.lobby_scene import LobbyScene
from game.app.net.setup_scenes import HostScene
from game.app.net.zombicide_scene import NetZombicideScene
from game.app.net.zombieworld_scene import NetZombieworldScene
from tests.layout_check import screen_problems
from tests.net_window.net_ui import frames_until, new_app, tap, type_into


def host_form(app, key: str) -> HostScene:
    """Start screen → Host → the choice ``key`` → port 0 (any free) and a name."""
    tap(app, app.scenes.top.buttons["host"])
    scene = app.scenes.top
    assert isinstance(scene, HostScene) and scene.page == "pick"
    tap(app, scene.buttons[key])
    assert scene.page == "port", key
    type_into(app, scene.entries["port"], "0")
    type_into(app, scene.entries["name"], "Ana")
    return scene


def press_setup(app, scene, key: str) -> None:
    """Press the set-up page's hand-drawn button ``key`` with synthetic clicks."""
    tap(app, next(b for b in scene.buttons.buttons if b.key == key))


@pytest.fixture
def app(tmp_path):
    window = new_app(tmp_path / "window")
    yield window
    window._leave_all()


def start_now(app, lobby: LobbyScene, screen: type):
    frames_until(app, lambda: lobby.link.welcome is not None and lobby.link.lobby is not None, "the welcome")
    assert lobby.host is not None and lobby.link.seat is not None
    tap(app, lobby.buttons["start_now"])
    frames_until(app, lambda: isinstance(app.scenes.top, screen), f"the {screen.__name__}")
    game = app.scenes.top
    frames_until(app, lambda: bool(game.remote.turn), "the first update")
    return game


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
def test_host_a_new_city_of_horror_game_from_its_set_up_page(app, tmp_path):
    form = host_form(app, "new_city_of_horror")
    assert screen_problems(app, form, "host port") == []
    tap(app, form.buttons["next"])
    setup = app.scenes.top
    assert isinstance(setup, HostedCohSetup)
    players = setup.count + 1
    press_setup(app, setup, "more")  # one player more, as the set-up page asks
    if setup.compact():
        press_setup(app, setup, "page")  # a small window shows the boards on a page of their own
    press_setup(app, setup, "board:church")  # the Church's B side
    if setup.compact():
        press_setup(app, setup, "page")
    press_setup(app, setup, "start")
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene), setup.status
    host = lobby.host.host
    assert host.entry.id == "city_of_horror" and len(host.seats) == players
    assert host.session.setup_spec.sides.get("church") == "B"
    game = start_now(app, lobby, NetCohScene)
    assert game.state == host.session.ruleset.player_view(host.session.state, lobby.link.seat)
    assert all(hold.bot for seat, hold in host.seats.items() if seat != lobby.link.seat)
    assert host.save_path.parent == tmp_path / "window"


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
def test_host_a_new_zombieworld_game_from_its_set_up_page(app):
    form = host_form(app, "new_zombieworld")
    tap(app, form.buttons["next"])
    setup = app.scenes.top
    assert isinstance(setup, HostedZombieworldSetup)
    for band, _where in setup.bands[:2]:
        setup.pick(band)
    while setup.step < 3:
        press_setup(app, setup, "next")
    scenario, table = setup.scenario, setup.table
    press_setup(app, setup, "next")  # Start the game
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene), setup.status
    host = lobby.host.host
    assert host.entry.id == "zombieworld" and host.session.setup_spec.scenario == scenario
    assert Path(host.board.source).resolve() == Path(table).resolve()
    assert [b.band.name for b in host.session.setup_spec.bands] == [b.name for b in setup.chosen]
    game = start_now(app, lobby, NetZombieworldScene)
    assert game.state == host.session.ruleset.player_view(host.session.state, lobby.link.seat)


def test_host_a_zombicide_mission_of_another_box(app):
    form = host_form(app, "mission_gh-01-dragon-bile")
    tap(app, form.buttons["next"])
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene), form.problem
    host = lobby.host.host
    assert host.entry.id == "zombicide" and host.box == "green_horde"
    start_now(app, lobby, NetZombicideScene)


def test_a_campaign_is_not_hosted(app):
    form = host_form(app, "new_zombieworld")
    tap(app, form.buttons["next"])
    setup = app.scenes.top
    for band, _where in setup.bands[:2]:
        setup.pick(band)
    assert setup.start_campaign() is None and "one machine" in setup.status
    assert app.scenes.top is setup
