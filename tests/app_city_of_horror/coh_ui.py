"""Plays City of Horror through the window as people would, for tests.

``CohDriver(app)`` sends synthetic mouse or finger taps through ``app.frame`` (the scene turns them
through its rotation like real ones) and only reads the scene to know where to tap: the curtain's
"I am …", a private panel's buttons, the bar's buttons. It never plays on the controller itself.
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pygame

from game.app.app import DeadtableApp
from game.app.city_of_horror.controller import SeatPlan, new_controller
from game.app.city_of_horror.end_scene import CohEndScene
from game.app.city_of_horror.game_scene import CohGameScene
from game.app.city_of_horror.overlays import Curtain, ListOverlay, PrivatePanel, Reveal, TableCurtain
from game.board.mission import load_board
from game.rules.city_of_horror.registration import CITY_MAP

SIZE = (1600, 1000)
FRAME_S = 1 / 30


class DriverError(AssertionError):
    """The window offered no way to do what the test asked."""


def forget_fonts() -> None:
    from game.app import render

    render.font.cache_clear()


def new_app(save_dir: Path, size: tuple[int, int] = SIZE) -> DeadtableApp:
    app = DeadtableApp(size=size, save_dir=save_dir)
    forget_fonts()
    return app


def start_game(app: DeadtableApp, plans: list[SeatPlan], seed: int, setup: dict[str, Any] | None = None,
               save_dir: Path | None = None) -> CohGameScene:
    controller = new_controller(plans, setup or {}, seed, load_board(CITY_MAP), save_dir or app.save_dir)
    scene = CohGameScene(app, controller)
    scene.bot_delay_s = 0.0
    app.show(scene)
    return scene


class CohDriver:
    def __init__(self, app: DeadtableApp, rng: Random | None = None):
        self.app = app
        self.rng = rng or Random(0)
        self.curtains: list[str] = []  # who each curtain called, in order
        self.private_opened: list[str] = []
        self.reveals = 0
        self.taps = 0

    @property
    def scene(self) -> CohGameScene:
        for scene in reversed(self.app.scenes.scenes):
            if isinstance(scene, CohGameScene):
                return scene
        raise DriverError("no City of Horror game is shown")

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        self.app.frame(FRAME_S, events=list(events or []) + pygame.event.get())

    def tap_canvas(self, pos: tuple[float, float], finger: bool | None = None) -> None:
        """A tap at a point of the scene's (turned) canvas, by mouse or finger."""
        scene = self.scene
        x, y = scene.to_window(pos)
        self.tap_window((x, y), self.rng.random() < 0.5 if finger is None else finger)

    def tap_window(self, pos: tuple[float, float], finger: bool) -> None:
        self.taps += 1
        at = (round(pos[0]), round(pos[1]))
        if finger:
            w, h = self.app.screen.get_size()
            finger_event = {"touch_id": 1, "finger_id": 0, "x": pos[0] / w, "y": pos[1] / h, "dx": 0.0, "dy": 0.0,
                            "pressure": 1.0}
            self.frame([pygame.event.Event(pygame.FINGERDOWN, **finger_event),
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=True)])
            self.frame([pygame.event.Event(pygame.FINGERUP, **finger_event),
                        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=True)])
        else:
            self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False)])
            self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False)])

    def tap_key(self, buttons: Any, key: str) -> None:
        for button in buttons.buttons:
            if button.key == key:
                if not button.enabled:
                    raise DriverError(f"the button {button.label!r} is disabled")
                self.tap_canvas(button.rect.center)
                return
        raise DriverError(f"no button {key!r} among {[b.key for b in buttons.buttons]}")

    def tap_offer(self, key: str) -> None:
        """The bar's offer of ``key``: its slot, or the slot (or More…) whose list holds it, then that line."""
        scene = self.scene
        route = scene.bar.route(key)
        if route is None:
            raise DriverError(f"the bar does not offer {key!r}")
        button, index = route
        self.tap_canvas(button.rect.center)
        if index is not None:
            overlay = scene.overlay
            if not isinstance(overlay, ListOverlay):
                raise DriverError(f"the slot {button.label!r} opened no list")
            self.tap_key(overlay.buttons, f"pick:{overlay.picks[index][1]}")

    def bar_keys(self) -> list[str]:
        return [b.key for b in self.scene.bar.buttons]

    def settle(self, limit: int = 400) -> None:
        """Frames until the bots are done and the scene waits for a person (or the game has ended)."""
        scene = self.scene
        for _ in range(limit):
            before = len(scene.controller.session.log)
            self.frame()
            if isinstance(scene.overlay, Reveal):
                return
            if len(scene.controller.session.log) == before and scene.controller.bot_step is not None:
                if not any(scene.controller.is_bot(seat) for seat in scene.controller.ruleset.current_seats(scene.state)):
                    return
                if scene.overlay is not None:
                    return
        raise DriverError("the bots never stopped")

    # --- one step as people would -------------------------------------------------------------------

    def step(self) -> bool:
        """Do the next thing a person would: pass the curtain, answer a private panel, continue a reveal,
        or tap the bar (a public choice, else "Everyone done"). False when the game is over."""
        self.settle()
        scene = self.scene
        if isinstance(self.app.scenes.top, CohEndScene):
            return False
        overlay = scene.overlay
        if isinstance(overlay, Reveal):
            self.reveals += 1
            self.tap_key(overlay.buttons, "done")
            if not overlay.closed:
                self.tap_key(overlay.buttons, "done")
            return True
        if isinstance(overlay, Curtain):
            self.curtains.append(overlay.seat)
            self.tap_key(overlay.buttons, "open")
            if not isinstance(scene.overlay, PrivatePanel):
                raise DriverError("the curtain did not open its player's panel")
            self.private_opened.append(overlay.seat)
            return True
        if isinstance(overlay, PrivatePanel):
            self.answer_panel(overlay)
            return True
        if isinstance(overlay, ListOverlay):
            self.tap_key(overlay.buttons, "close")
            return True
        if isinstance(overlay, TableCurtain):
            self.tap_key(overlay.buttons, "open")
            return True
        keys = self.bar_keys()
        for offer in scene.bar.all_offers():
            if offer.key.startswith(("pubpick:", "pub:", "pubcmd:")):
                self.tap_offer(offer.key)
                return True
        if "done" in keys:
            self.tap_key(scene.bar, "done")
            return True
        if scene.state.over:
            for _ in range(5):
                self.frame()
            return not isinstance(self.app.scenes.top, CohEndScene)
        raise DriverError(f"nothing to tap: {scene.prompt()} {keys}")

    def answer_panel(self, panel: PrivatePanel) -> None:
        """The panel's first real answer (a pick, a ballot, an item, an acceptance…); "act" panels pass."""
        keys = [b.key for b in panel.buttons.buttons]
        for prefix in ("value:", "item:", "play:"):
            for key in keys:
                if not key.startswith(prefix):
                    continue
                if panel.need == "act":
                    break
                self.tap_key(panel.buttons, key)
                return
        passing = [key for key in keys if key.startswith("play:")]
        self.tap_key(panel.buttons, passing[-1] if passing else "hide")

    def offer_a_trade(self, offering: str, partner: str, look: Any = None) -> PrivatePanel:
        """From the table: Trade…, ``offering`` behind the curtain gives their first card for anything
        of ``partner``'s, sends it; ``partner``'s slot opens their curtain. Gives the answer's panel;
        ``look(what)`` is called on the list of who offers and on the offer made."""
        look = look or (lambda what: None)
        scene = self.scene
        self.tap_key(scene.bar, "trade")
        look("trade: who offers")
        self.tap_key(scene.overlay.buttons, f"pick:{offering}")
        self.tap_key(scene.overlay.buttons, "open")
        panel = scene.overlay
        assert isinstance(panel, PrivatePanel) and panel.mode == "offer"
        self.tap_key(panel.buttons, f"trade:partner:{partner}")
        self.tap_key(panel.buttons, "trade:give:0")
        self.tap_key(panel.buttons, "trade:ask_any")
        self.frame()
        look("trade: the offer")
        self.tap_key(panel.buttons, "trade:send")
        self.tap_key(scene.bar, f"offer_for:{partner}")
        assert isinstance(scene.overlay, Curtain)
        self.tap_key(scene.overlay.buttons, "open")
        answer = scene.overlay
        assert isinstance(answer, PrivatePanel) and answer.need == "trade"
        return answer

    def play_to_the_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise DriverError("the game did not end")
