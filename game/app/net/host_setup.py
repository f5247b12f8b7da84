"""New network games from the games' own set-up screens: the Host form asks the name and the port,
then the local set-up page of Zombieworld (scenario, table, bands) or City of Horror (players,
boards, rules) asks what it always asks; its Start hosts the game it would have dealt, and the
lobby opens. The window takes the first seat; the others are for friends (or bots: Start now).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app.city_of_horror.setup_scene import CohSetupScene
from game.app.net.lobby_scene import LobbyScene
from game.app.net.start import NetStartError, host_session
from game.app.zombieworld.controller import ZombieworldController
from game.app.zombieworld.setup_scene import MAX_BANDS, MIN_BANDS, ZombieworldSetupScene
from game.board.mission import load_board
from game.i18n import _

NEW_GAMES = ("zombieworld", "city_of_horror")  # the games the Host form sets up through their own pages


class HostedGame:
    """Where a hosted set-up goes: the host's name, port and save folder, and the lobby once hosted."""

    app: Any
    status: str

    def host_with(self, name: str, port: int, save_dir: Path) -> None:
        self.host_name, self.host_port, self.host_dir = name, port, Path(save_dir)

    def host_it(self, game: str, session: Any) -> LobbyScene | None:
        try:
            hosting, link = host_session(game, session, self.host_port, self.host_name, self.host_dir)
        except NetStartError as error:
            self.status = str(error)
            return None
        lobby = LobbyScene(self.app, link, hosting, hosting.addresses)
        self.app.show(lobby)
        return lobby


class HostedCohSetup(HostedGame, CohSetupScene):
    """City of Horror's set-up page, hosting the game it deals (each seat a player's own machine)."""

    def start(self) -> bool:
        controller = self.deal(write_saves=False)
        return controller is not None and self.host_it("city_of_horror", controller.session) is not None


class HostedZombieworldSetup(HostedGame, ZombieworldSetupScene):
    """Zombieworld's set-up page, hosting the game it sets up (a campaign stays on one machine)."""

    def start(self) -> Any:
        if self.table is None or not MIN_BANDS <= len(self.chosen) <= MAX_BANDS:
            return None
        self._prune_alliances()
        options = {**self.alliance_options(), **self.deploy_options()}
        try:
            controller = ZombieworldController.new(load_board(Path(self.table)), Path(self.table), list(self.chosen),
                                                   self.scenario, self.seed, **options)
        except (ValueError, OSError) as error:
            self.status = _("Could not start: {error}").format(error=error)
            return None
        return self.host_it("zombieworld", controller.session)

    def start_campaign(self) -> Any:
        self.status = _("A campaign is played on one machine; host a single game")
        return None


def open_setup(app: Any, game: str, name: str, port: int, save_dir: Path) -> Any:
    """The set-up page of a new network game of ``game``."""
    scene: HostedCohSetup | HostedZombieworldSetup
    scene = HostedCohSetup(app) if game == "city_of_horror" else HostedZombieworldSetup(app)
    scene.host_with(name, port, save_dir)
    app.show(scene)
    return scene
