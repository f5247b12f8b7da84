"""Starting network play from the window: host a game beside it (a ``HostThread``) and join it as
its first player, join someone else's, and open the game screen once the host starts the game.

No pygame here; the scenes call these.
"""

from __future__ import annotations

import getpass
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.app.net.link import NetLink
from game.app.net.remote import RemoteSession
from game.board.mission import load_board
from game.i18n import _
from game.net.client import NetClient
from game.net.content import ELSEWHERE, find_elsewhere
from game.net.host import Host, HostError, HostThread
from game.platform import registry
from game.platform.registry import REPO_ROOT
from game.rules.core.session import Session

DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"


class NetStartError(Exception):
    """Hosting or joining could not begin; the message is for the player."""


@dataclass
class Hosting:
    """This window's host: the thread it runs in, and what to give friends."""

    thread: HostThread
    addresses: tuple[str, ...]
    code: str
    stopped: bool = False

    @property
    def host(self) -> Host:
        return self.thread.host

    def stop(self) -> None:
        """Close the host (its clients are told); a second call does nothing."""
        if not self.stopped:
            self.stopped = True
            self.thread.stop()

    def start_now(self) -> None:
        """Start the game now: the seats nobody holds go to the game's bot."""
        self.thread.call(self.thread.host.start_game)

    def give_to_bot(self, seat: str) -> None:
        self.thread.call(self.thread.host.give_to_bot, seat)

    def decide_vote(self, yes: bool) -> None:
        """The host player's word on an undo or redo vote settles it (docs/network.md)."""
        self.thread.call(self.thread.host.decide_vote, yes)


def player_name() -> str:
    try:
        return getpass.getuser()[:20] or "Player"
    except (OSError, KeyError):
        return "Player"


def url_of(address: str, port: int | None = None) -> str:
    """``ws://address:port`` from what a player types ("192.168.1.20", "host:8765", a full URL)."""
    address = address.strip()
    if "://" in address:
        return address
    if ":" not in address:
        address = f"{address}:{port or DEFAULT_PORT}"
    return f"ws://{address}"


PLAYABLE_GAMES = ("zombicide", "zombieworld", "city_of_horror")  # the games whose screens play a remote game (docs/network.md)
NEW_GAME_GAMES = ("zombicide",)  # the games a new network game starts for from a mission (the others: a save)


def new_game_setup(mission: Path) -> str:
    """The set-up of a new network game of ``mission``: the mission's own table, with two players
    of three survivors each (the box's default team, as the quick start picks it)."""
    from game.app.zombicide.game_save import mission_setup
    from game.app.zombicide.new_game_scene import default_team
    from game.rules.zombicide.catalog import load_catalog
    from game.rules.zombicide.registration import box_of_setup

    board = load_board(mission)
    table = board.properties.get("setup")
    box = box_of_setup(table if isinstance(table, dict) else {})
    team = default_team(load_catalog(box))
    setup = mission_setup(board, {"players": [{"seat": "Player 1", "survivors": team[:3]},
                                              {"seat": "Player 2", "survivors": team[3:]}]})
    return str(registry.game("zombicide").ruleset(setup.box).setup_to_json(setup))


def host_game(source: Path, port: int, name: str, save_dir: Path) -> tuple[Hosting, NetLink]:
    """Host the mission or save at ``source`` on ``port``, and join it from this window for its first
    seat. NetStartError says why not."""
    is_save = source.suffix.lower() == ".json"
    target = None if is_save else Path(save_dir) / f"net-{source.stem}.json"
    try:
        setup = None if is_save else new_game_setup(source)
        host = Host.open(source, save_path=target, setup_json=setup)
    except (HostError, OSError, ValueError) as error:
        raise NetStartError(str(error)) from None
    return start_hosting(host, port, name)


def host_session(game: str, session: Session, port: int, name: str, save_dir: Path) -> tuple[Hosting, NetLink]:
    """Host a new game of ``game`` whose ``session`` a set-up screen made, saved in ``save_dir``."""
    try:
        host = Host(registry.game(game), session, Path(save_dir) / "net.json")
    except (HostError, OSError, ValueError) as error:
        raise NetStartError(str(error)) from None
    host.save_path = Path(save_dir) / f"net-{game}-{host.code.lower()}.json"
    return start_hosting(host, port, name)


def start_hosting(host: Host, port: int, name: str) -> tuple[Hosting, NetLink]:
    """Run ``host`` beside the window on ``port`` and join it from this window for its first seat."""
    try:
        thread = HostThread(host, port)
        bound = thread.start()
    except (HostError, OSError) as error:
        raise NetStartError(str(error)) from None
    hosting = Hosting(thread, tuple(host.addresses()), host.code)
    seats = list(getattr(host.session.state, "seats", ()))
    link = join_game(f"ws://{LOOPBACK}:{bound}", name, host.code, seats[0] if seats else None)
    return hosting, link


def join_game(url: str, name: str, code: str, seat: str | None = None) -> NetLink:
    client = NetClient()
    client.connect(url, name, code, seat)
    return NetLink(client, name=name, address=url, code=code)


def remote_session(link: NetLink) -> tuple[Any, RemoteSession]:
    """(the registry's game entry, the session) of the game the host welcomed this window to."""
    welcome = link.welcome
    if welcome is None:
        raise NetStartError("the host has not welcomed this window yet")
    entry = registry.game(welcome.game)
    ruleset = entry.ruleset(welcome.box)
    board = load_board(board_path(welcome))
    return entry, RemoteSession(link, ruleset, board, ruleset.setup_from_json(welcome.setup))


def board_path(welcome: Any) -> Path:
    """This copy's file of the host's board: in the repository, or (a board from outside it, sent by
    name and digest) the file of that name and digest among the maps; NetStartError when it is missing."""
    if not welcome.board.startswith(ELSEWHERE):
        return REPO_ROOT / welcome.board
    found = find_elsewhere(welcome.board, welcome.board_digest)
    if found is None:
        raise NetStartError(_("The host's board {name} is not on this machine: put a copy in your maps folder")
                            .format(name=welcome.board.removeprefix(ELSEWHERE)))
    return found


def open_remote_game(app: Any, link: NetLink, hosting: Hosting | None = None) -> Any:
    """The game screen of the game the host started, shown in ``app``."""
    entry, session = remote_session(link)
    if entry.id not in PLAYABLE_GAMES:
        raise NetStartError(f"{entry.name} cannot be played over the network from this window yet")
    if entry.id == "city_of_horror":
        from game.app.net.coh_scene import NetCohScene

        scene: Any = NetCohScene(app, link, session, hosting)
    elif entry.id == "zombieworld":
        from game.app.net.zombieworld_scene import NetZombieworldScene

        scene = NetZombieworldScene(app, link, session, Path(session.board.source), hosting)
    else:
        from game.app.net.zombicide_scene import NetZombicideScene

        scene = NetZombicideScene(app, link, session, Path(session.board.source), hosting)
    app.show(scene)
    return scene
