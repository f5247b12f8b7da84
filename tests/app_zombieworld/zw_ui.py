"""Shared pieces for the Zombieworld screen tests: the app off-screen, games that reach a given
moment, and synthetic mouse and finger drags."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.app.app import DeadtableApp
from game.app.zombieworld import dice
from game.app.zombieworld.controller import ZombieworldController
from game.app.zombieworld.end_scene import ZombieworldEndScene
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.board.mission import load_board
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.geometry import path_cost
from game.rules.zombieworld.presets import preset_bands

REPO = Path(__file__).resolve().parents[2]
TOWN = REPO / "maps" / "zombieworld" / "zw-town-square.tmx"
SIZE = (1600, 960)
Point = tuple[float, float]


def forget_fonts() -> None:
    """Other tests may have quit pygame: cached fonts and faces are no longer valid."""
    from game.app import render
    from game.app.widgets import dice as dice_view

    render.font.cache_clear()
    dice_view._FACES.clear()
    dice._D10.clear()


def new_app(save_dir: Path, size: tuple[int, int] = SIZE) -> DeadtableApp:
    app = DeadtableApp(size=size, save_dir=save_dir)
    forget_fonts()
    return app


def acting_controller(seed: int) -> ZombieworldController | None:
    """A game on the town square whose first activation passed (None when it failed)."""
    board = load_board(TOWN)
    controller = ZombieworldController.new(board, TOWN, preset_bands()[:2], "massacre", seed)
    ready = controller.activatable()
    if not ready or not controller.play(c.Activate(ready[0])).ok:
        return None
    template = controller.template(c.MoveTemplate)
    return controller if template is not None else None


def find_spots(controller: ZombieworldController) -> dict[str, Point] | None:
    """Points around the acting model: one it can walk to, one beyond its move over open ground,
    and one within its move but behind a wall or building side."""
    model = controller.active_model()
    assert model is not None
    allowance = controller.allowance_cm(model.id)
    table = controller.state.table
    spots: dict[str, Point] = {}
    for step in range(72):
        angle = step * math.pi / 36
        dx, dy = math.cos(angle), math.sin(angle)
        near = (model.x + dx * allowance * 0.5, model.y + dy * allowance * 0.5)
        far = (model.x + dx * (allowance + 6), model.y + dy * (allowance + 6))
        if "within" not in spots and all(controller.move_preview(model.id, (near[0] + ox, near[1] + oy)).legal
                                         for ox, oy in ((0, 0), (0.6, 0), (-0.6, 0), (0, 0.6), (0, -0.6))):
            spots["within"] = near
        far_cost = path_cost(table, [model.position, far])
        if "beyond" not in spots and far_cost.ok and table.on_table(far, 1.5) and far_cost.cost_cm > allowance + 2:
            spots["beyond"] = far
        for share in (0.3, 0.5, 0.7, 0.9):
            point = (model.x + dx * allowance * share, model.y + dy * allowance * share)
            cost = path_cost(table, [model.position, point])
            if "wall" not in spots and not cost.ok and table.on_table(point, 1.5):
                spots["wall"] = point
    return spots if len(spots) == 3 else None


def game_with_spots() -> tuple[int, dict[str, Point]]:
    for seed in range(1, 200):
        controller = acting_controller(seed)
        if controller is None:
            continue
        spots = find_spots(controller)
        if spots is not None:
            return seed, spots
    raise AssertionError("no seed gives an acting model near a wall")


def open_game(app: DeadtableApp, seed: int) -> ZombieworldGameScene:
    """A town-square game whose first activation passed: ``seed``, or the next seed where it does
    (an activation roll may fail)."""
    for tried in range(seed, seed + 40):
        scene = ZombieworldGameScene.new_game(app, TOWN, preset_bands()[:2], "massacre", tried)
        app.show(scene)
        app.frame(1 / 60, [])
        ready = scene.controller.activatable()
        scene.tap_model(ready[0])
        scene.skip_all()
        if scene.controller.active_model() is not None:
            break
    model = scene.controller.active_model()
    if model is not None:  # close in, so a pixel is a small fraction of a centimetre
        scene.table.camera.fit((model.x - 30, model.y - 30, 60, 60))
    app.frame(1 / 60, [])
    return scene


def screen_of(scene: ZombieworldGameScene, point: Point) -> tuple[int, int]:
    x, y = scene.table.camera.world_to_screen(point)
    return round(x), round(y)


def mouse_drag(app: DeadtableApp, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for n in range(1, steps + 1):
        pos = (round(start[0] + (end[0] - start[0]) * n / steps), round(start[1] + (end[1] - start[1]) * n / steps))
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    for event in events:
        app.frame(1 / 60, [event])


def mouse_release(app: DeadtableApp, end: tuple[int, int]) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def finger_drag(app: DeadtableApp, start: tuple[int, int], end: tuple[int, int], steps: int = 8,
                release: bool = True) -> None:
    w, h = app.screen.get_size()

    def finger(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
        return pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=3, touch_id=1,
                                  pressure=1.0)

    app.frame(1 / 60, [finger(pygame.FINGERDOWN, start)])
    for n in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * n / steps, start[1] + (end[1] - start[1]) * n / steps)
        app.frame(1 / 60, [finger(pygame.FINGERMOTION, pos)])
    if release:
        app.frame(1 / 60, [finger(pygame.FINGERUP, end)])


def run_until(app: DeadtableApp, done: Callable[[], bool], frame_s: float = 1 / 60, most_s: float = 60.0) -> None:
    """Frames until ``done()`` holds (at most ``most_s`` of game time, a generous bound): it must."""
    for _ in range(math.ceil(most_s / frame_s)):
        if done():
            return
        app.frame(frame_s, [])
    assert done(), f"still not done after {most_s:g} s of frames"


def tap(app: DeadtableApp, pos: tuple[int, int]) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def activate_by_tap(app: DeadtableApp, scene: ZombieworldGameScene) -> bool | None:
    """Once the table is still, tap Activate (and the first model its list offers), then let the roll
    play out: whether a model now acts (its roll may fail), None when the game is over or a
    decision waits instead."""
    def settled() -> bool:
        return not scene.dice.busy and not scene.anim.busy and scene.dialog is None

    run_until(app, settled)
    if scene.controller.outcome() is not None or scene.state.decision is not None:
        return None
    activate = scene.actions.button_of_kind("activate")
    assert activate is not None and activate.enabled
    tap(app, activate.rect.center)
    if scene.dialog is not None:  # several may act: the slot lists them
        tap(app, scene.dialog.button_for(0).rect.center)
    assert isinstance(scene.controller.session.log[-1].command, c.Activate)
    run_until(app, settled)
    app.frame(1 / 60, [])
    return scene.state.active is not None


def offer_of(scene: ZombieworldGameScene, label: str, starts: bool = False) -> Any:
    """The action bar's offer labelled ``label`` (or starting with it), wherever the bar shows it."""
    return next((o for o in scene.actions.all_offers() if (o.label.startswith(label) if starts else o.label == label)),
                None)


def tap_offer(app: DeadtableApp, scene: ZombieworldGameScene, offer: Any,
              tapper: Callable[[tuple[int, int]], None] | None = None) -> None:
    """Tap the bar's way to ``offer``: its slot, or the slot (or More…) that lists it, then its line."""
    press = tapper or (lambda pos: tap(app, pos))
    route = scene.actions.route(offer.key)
    assert route is not None, f"the bar offers no way to {offer.label!r}"
    button, line = route
    press(button.rect.center)
    if line is not None:
        assert scene.dialog is not None, f"{button.label!r} opened no list"
        press(scene.dialog.button_for(line).rect.center)


def finish_by_withdrawing(app: DeadtableApp, game: ZombieworldGameScene) -> ZombieworldEndScene:
    # Each seat withdraws on its turn; frames in between let a running animation or reaction finish.
    for _ in range(40):
        if game.controller.outcome() is not None:
            break
        game.play(c.Withdraw())
        app.frame(1 / 30, [])
    assert game.controller.outcome() is not None
    for _ in range(400):
        app.frame(1 / 30, [])
        if isinstance(app.scenes.top, ZombieworldEndScene):
            break
    end = app.scenes.top
    assert isinstance(end, ZombieworldEndScene)
    app.frame(1 / 60, [])
    return end


def log_shows(scene: ZombieworldGameScene, shows: Callable[[str], bool], max_frames: int = 900) -> bool:
    """Whether a log line for which ``shows`` holds appears: the log waits for the table to show
    each event, so frames run (a generous bound) until the line is there."""
    for _ in range(max_frames):
        if any(shows(text) for text, _tone in scene.log_lines):
            return True
        scene.app.frame(1 / 30, [])
    return any(shows(text) for text, _tone in scene.log_lines)


def log_caught_up(scene: ZombieworldGameScene, max_frames: int = 900) -> None:
    """Frames until every event played is in the log (a generous bound): it must be."""
    for _ in range(max_frames):
        if not scene.pending_lines:
            return
        scene.app.frame(1 / 30, [])
    assert not scene.pending_lines, "the log never caught up with the table"
