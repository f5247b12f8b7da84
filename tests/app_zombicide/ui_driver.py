"""Plays Zombicide through the window as a player would, for tests.

``UiDriver(app)`` sends synthetic mouse or finger events through ``app.frame`` (so pygame_gui and
the scenes see exactly what SDL would give them) and turns a command the engine would accept into
gestures: a tap on the survivor's chip in the roster, a tap or a drag on the board (the screen
point comes from the camera), a tap on a highlighted door, an action button, a choice in a
dialog. It never plays a command on the controller itself: it only reads the scene to know where
to tap, then checks that the session logged the command.

A tap by finger arrives as SDL sends it: the finger event and the mouse event SDL makes from it
(marked ``touch``), which pygame_gui uses and the game scene ignores.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pygame
from waiting import frames_until, held_pieces_arrived

from game.app.zombicide.game_scene import GameScene
from game.rules.zombicide.commands import Attack, ChooseOption, Move, OpenDoor, Rearrange, Trade

Point = tuple[float, float]
FRAME_S = 1 / 60
GROUPED = {"move": "Move", "trade": "Trade", "items": "Ready"}  # commands the action bar gathers in a dialog


class DriverError(AssertionError):
    """The window offered no way to play the command, or played something else."""


def same_intent(a: Any, b: Any) -> bool:
    """Two commands a player cannot tell apart on the board: the same move by another equal path."""
    if a == b:
        return True
    if isinstance(a, Move) and isinstance(b, Move):
        return (a.survivor, a.to, a.charge) == (b.survivor, b.to, b.charge)
    if type(a) is type(b) and hasattr(a, "order") and (not a.order or not b.order):
        return replace(a, order=()) == replace(b, order=())  # the order the window asked, or none given
    return False


class UiDriver:
    """Gestures into a ``DeadtableApp``; ``perform(command)`` plays one command through the window.

    ``finger``: None lets the driver alternate mouse and finger by its seeded ``rng``.
    ``shots_dir``: when set, every step leaves a PNG of the window there (for a person to look at)."""

    def __init__(self, app: Any, rng: Random | None = None, shots_dir: Path | None = None):
        self.app = app
        self.rng = rng or Random(0)
        self.shots_dir = Path(shots_dir) if shots_dir is not None else None
        self.shot_number = 0
        self.used: Counter[tuple[str, str]] = Counter()  # (mouse | finger, gesture) → times
        self.last_gesture = ""

    # --- frames and raw gestures -------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def frame(self, events: list[pygame.event.Event] | None = None, dt_s: float = FRAME_S) -> None:
        """One frame of the app with ``events`` and whatever pygame_gui posted (its button presses)."""
        self.app.frame(dt_s, events=list(events or []) + pygame.event.get())

    def frames(self, count: int = 1, dt_s: float = FRAME_S) -> None:
        for _ in range(count):
            self.frame(dt_s=dt_s)

    def frames_until(self, condition: Callable[[], bool], what: str, limit: int = 600, dt_s: float = FRAME_S) -> None:
        """Frames until ``condition()`` holds, within a generous bound; one that never holds fails."""
        frames_until(lambda: self.frame(dt_s=dt_s), condition, what, limit)

    def _finger(self, kind: int, pos: Point, finger_id: int) -> pygame.event.Event:
        w, h = self.size
        return pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0,
                                  pressure=1.0)

    def _mouse(self, kind: int, pos: Point, touch: bool) -> pygame.event.Event:
        at = (round(pos[0]), round(pos[1]))
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=at, rel=(0, 0), buttons=(1, 0, 0), touch=touch)
        return pygame.event.Event(kind, pos=at, button=1, touch=touch)

    def pick_finger(self, finger: bool | None) -> bool:
        return self.rng.random() < 0.5 if finger is None else finger

    def tap(self, pos: Point, finger: bool, what: str = "tap") -> None:
        self.used[("finger" if finger else "mouse", what)] += 1
        self.last_gesture = f"{'finger' if finger else 'mouse'} {what} at ({pos[0]:.0f}, {pos[1]:.0f})"
        if finger:
            down = [self._finger(pygame.FINGERDOWN, pos, 0), self._mouse(pygame.MOUSEBUTTONDOWN, pos, True)]
            up = [self._finger(pygame.FINGERUP, pos, 0), self._mouse(pygame.MOUSEBUTTONUP, pos, True)]
        else:
            down = [self._mouse(pygame.MOUSEMOTION, pos, False), self._mouse(pygame.MOUSEBUTTONDOWN, pos, False)]
            up = [self._mouse(pygame.MOUSEBUTTONUP, pos, False)]
        self.frame(down)
        self.frame(up)
        self.frame()  # what pygame_gui posted on the release

    def drag(self, start: Point, end: Point, finger: bool, steps: int = 8, what: str = "drag") -> None:
        self.used[("finger" if finger else "mouse", what)] += 1
        self.last_gesture = f"{'finger' if finger else 'mouse'} {what} to ({end[0]:.0f}, {end[1]:.0f})"

        def at(kind_finger: int, kind_mouse: int, pos: Point) -> list[pygame.event.Event]:
            if finger:
                return [self._finger(kind_finger, pos, 0), self._mouse(kind_mouse, pos, True)]
            return [self._mouse(kind_mouse, pos, False)]

        self.frame(at(pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN, start))
        for n in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * n / steps, start[1] + (end[1] - start[1]) * n / steps)
            self.frame(at(pygame.FINGERMOTION, pygame.MOUSEMOTION, pos))
        self.frames_until(lambda: held_pieces_arrived(self.app.scenes.top), "the held miniature reaches the pointer")
        self.frame(at(pygame.FINGERUP, pygame.MOUSEBUTTONUP, end))

    def key(self, key: int, ctrl: bool = False) -> None:
        mod = pygame.KMOD_CTRL if ctrl else 0
        self.used[("keyboard", pygame.key.name(key))] += 1
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])

    def tap_gui(self, button: Any, finger: bool | None = None) -> None:
        """A tap on a pygame_gui button (start screen, end screen); one in a scrolled list is first
        scrolled into view, as a player would."""
        if not button.is_enabled:
            raise DriverError(f"the button {button.text!r} is disabled")
        self.scroll_into_view(button)
        self.tap(button.rect.center, self.pick_finger(finger), "gui button")

    def scroll_into_view(self, button: Any) -> None:
        from pygame_gui.elements import UIScrollingContainer

        scroller = next((e for e in self.app.ui.get_sprite_group().sprites() if isinstance(e, UIScrollingContainer)
                         and getattr(e, "scrollable_container", None) is button.ui_container), None)
        if scroller is None or scroller.rect.contains(button.rect) or scroller.vert_scroll_bar is None:
            return
        scroller.vert_scroll_bar.set_scroll_from_start_percentage(
            max(0.0, button.relative_rect.top - 8) / max(1.0, scroller.scrolling_height))
        self.frames_until(lambda: scroller.rect.contains(button.rect), "the list scrolls the button into view")

    def shot(self, name: str) -> Path | None:
        """A PNG of the window in ``shots_dir`` (nothing without one)."""
        if self.shots_dir is None:
            return None
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        self.shot_number = max(self.shot_number, len(list(self.shots_dir.glob("*.png")))) + 1
        path = self.shots_dir / f"{self.shot_number:03d}-{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    # --- the game scene -----------------------------------------------------------------------------

    @property
    def scene(self) -> GameScene:
        for scene in reversed(self.app.scenes.scenes):
            if isinstance(scene, GameScene):
                return scene
        raise DriverError("no game is shown")

    def settle(self, dt_s: float = 0.05, limit: int = 4000) -> None:
        """Frames until the animations end and any decision's dialog is up."""
        scene = self.scene
        shown_beats: set[int] = set()
        for _ in range(limit):
            if not scene.director.busy:
                break
            self.frame(dt_s=dt_s)
            beat, _ = scene.director.current()
            kind = getattr(beat, "kind", "")
            if self.shots_dir is not None and kind not in ("settle", "") and scene.director.index not in shown_beats:
                shown_beats.add(scene.director.index)
                if len(shown_beats) <= 4:
                    self.shot(f"beat-{kind}")
        else:
            raise DriverError("the animation never ended")
        pending = scene.controller.pending
        self.frames_until(lambda: scene.controller.pending is None or scene.dialog is not None,
                          f"a dialog for the {pending.kind if pending else ''} decision opens")

    def tool(self, key: str, finger: bool | None = None) -> None:
        """A button of the game's top bar (undo, redo, speed, save...)."""
        button = next((b for b in self.scene.tools.buttons if b.key == key), None)
        if button is None:
            raise DriverError(f"no tool {key!r} among {[b.key for b in self.scene.tools.buttons]}")
        if not button.enabled:
            raise DriverError(f"the tool {button.label!r} is disabled")
        self.tap(button.rect.center, self.pick_finger(finger), f"tool {key}")

    def set_speed(self, label: str, finger: bool | None = None) -> None:
        """Tap Speed until it reads ``label`` (1×, 2×, Instant)."""
        for _ in range(4):
            if self.scene.director.speed_label() == label:
                return
            self.tool("speed", finger)
        raise DriverError(f"the speed never became {label}")

    def select(self, survivor_id: str, finger: bool) -> None:
        """Tap the survivor's chip in the roster unless it is already the one shown."""
        scene = self.scene
        if scene.controller.selected == survivor_id:
            return
        rect = next((r for r, sid in scene.roster if sid == survivor_id), None)
        if rect is None:
            raise DriverError(f"{survivor_id} has no chip in the roster")
        self.tap(rect.center, finger, "roster")
        if scene.controller.selected != survivor_id:
            raise DriverError(f"tapping {survivor_id}'s chip selected {scene.controller.selected}")

    # --- where to put a finger on the board ------------------------------------------------------------

    def _free(self, world: Point) -> bool:
        scene = self.scene
        screen = scene.table.camera.world_to_screen(world)
        inside = scene.table_rect().inflate(-24, -24).collidepoint(screen)
        status = pygame.Rect(0, 0, scene.table_rect().width, 44)
        status.midbottom = scene.table_rect().midbottom
        return inside and not status.collidepoint(screen) and scene.table.physics.piece_at(world) is None

    def zone_point(self, zone_id: str) -> Point:
        """A screen point inside the zone, on no miniature and near no highlighted door, as far from
        the pieces as the zone allows."""
        scene = self.scene
        zone = scene.board.zones[zone_id]
        xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
        pieces = list(scene.table.state.pieces.values())
        best: Point | None = None
        best_room = -1.0
        for i in range(1, 12):
            for j in range(1, 12):
                world = (min(xs) + (max(xs) - min(xs)) * i / 12, min(ys) + (max(ys) - min(ys)) * j / 12)
                if scene.board.zone_at(world) != zone_id or not self._free(world) or scene.door_near(world):
                    continue
                room = min((math.dist(world, (p.x_cm, p.y_cm)) - p.radius_cm for p in pieces), default=99.0)
                if room > best_room:
                    best, best_room = world, room
        if best is None:
            raise DriverError(f"no free point of zone {zone_id} is on screen")
        return scene.table.camera.world_to_screen(best)

    def door_point(self, door_id: str) -> Point:
        """A screen point a tap on which opens ``door_id``: its middle, or close by if a piece stands there."""
        scene = self.scene
        connection = next(c for c in scene.board.connections if c.id == door_id)
        (ax, ay), (bx, by) = connection.segment
        middle = ((ax + bx) / 2, (ay + by) / 2)
        length = math.dist((ax, ay), (bx, by)) or 1.0
        along, across = ((bx - ax) / length, (by - ay) / length), (-(by - ay) / length, (bx - ax) / length)
        for step_cm in (0.0, 0.5, 1.0, 1.5):
            for direction in (along, across):
                for sign in (1, -1):
                    world = (middle[0] + sign * step_cm * direction[0], middle[1] + sign * step_cm * direction[1])
                    if self._free(world) and scene.door_near(world) == door_id:
                        return scene.table.camera.world_to_screen(world)
        raise DriverError(f"no free point by door {door_id} is on screen")

    # --- commands --------------------------------------------------------------------------------------

    def perform(self, command: Any, finger: bool | None = None) -> Any:
        """Play ``command`` through the window; returns the command the session logged (the same,
        or a move to the same zone by another path of the same length)."""
        scene = self.scene
        c = scene.controller
        finger = self.pick_finger(finger)
        logged = len(c.session.log)
        if scene.director.busy or (c.pending is not None and scene.dialog is None):
            self.settle()
        try:
            if isinstance(command, ChooseOption):
                self._choose(command.option, finger)
            else:
                survivor = getattr(command, "survivor", None)
                if survivor is not None:
                    self.select(survivor, finger)
                self._act(command, finger)
        except DriverError:
            self.shot("failed")
            raise
        if len(c.session.log) != logged + 1:
            self.shot("failed")
            raise DriverError(f"{command} was not played by a {self.last_gesture} (the status line says "
                              f"{scene.status_text!r})")
        played = c.session.log[-1].command
        if not same_intent(played, command):
            raise DriverError(f"the window played {played} instead of {command} on a {self.last_gesture}")
        self.settle()
        self.shot(f"{getattr(command, 'kind', 'command')}-{getattr(command, 'survivor', '')}".rstrip("-"))
        return played

    def _choose(self, option: int, finger: bool) -> None:
        scene = self.scene
        if scene.dialog is None:
            raise DriverError(f"no dialog for option {option}")
        self.shot("dialog")
        self.tap(scene.dialog.button_for(option).rect.center, finger, "dialog")

    def _act(self, command: Any, finger: bool) -> None:
        scene = self.scene
        targets = scene.controller.targets(command.survivor)
        if isinstance(command, Move) and not command.charge and command.to in targets.moves:
            self._move_on_board(command, finger)
        elif isinstance(command, OpenDoor) and command.door in targets.doors:
            self.tap(self.door_point(command.door), finger, "door")
        elif isinstance(command, Attack) and targets.shots.get(command.zone):
            self._shoot_on_board(command, finger)
        elif isinstance(command, Move | Trade | Rearrange):
            self._from_group(command, finger)
        elif getattr(command, "kind", "") in scene.controller.state.box.gathered:
            self._gathered(command, finger)
        else:
            self._action_button(command, finger)

    def _move_on_board(self, command: Move, finger: bool) -> None:
        """A tap on the zone, or the survivor dragged there (half the time each)."""
        scene = self.scene
        target = self.zone_point(command.to)
        piece = scene.table.state.pieces.get(command.survivor)
        if piece is not None and self.rng.random() < 0.5:
            start = scene.table.camera.world_to_screen((piece.x_cm, piece.y_cm))
            if scene.table_rect().collidepoint(start):
                self.drag(start, target, finger, what="drag survivor")
                return
        shot_too = bool(scene.controller.targets(command.survivor).shots.get(command.to))
        self.tap(target, finger, "zone")
        if shot_too:  # a zone that is also a shot target asks: "Move here" comes first
            self._choose(0, finger)

    def _shoot_on_board(self, command: Attack, finger: bool) -> None:
        scene = self.scene
        targets = scene.controller.targets(command.survivor)
        shots = targets.shots[command.zone]
        self.tap(self.zone_point(command.zone), finger, "shoot zone")
        if command.zone in targets.moves:  # move or shoot: "Move here", then one line per weapon
            index = next((n for n, s in enumerate(shots) if s.command == command), None)
            if index is None or scene.dialog is None:
                raise DriverError(f"no move-or-shoot choice for {command}")
            self._choose(1 + index, finger)
        elif len(shots) > 1:  # which weapon: the dialog lists the shots in order
            index = next((n for n, s in enumerate(shots) if s.command == command), None)
            if index is None or scene.dialog is None:
                raise DriverError(f"no weapon choice for {command}")
            self._choose(index, finger)

    def _from_group(self, command: Any, finger: bool) -> None:
        """Move…, Trade… and Ready a weapon… open a dialog listing the group's choices."""
        scene = self.scene
        choices = scene.controller.action_choices(command.survivor)
        group = next((x.group for x in choices if same_intent(x.command, command)), None)
        if group is None:
            raise DriverError(f"no button offers {command}")
        self._bar_button(f"group:{group}", finger, f"no {group} button in the action bar for {command}",
                         f"action {group}")
        listed = [x.command for x in choices if x.group == group]
        index = next((n for n, x in enumerate(listed) if x == command), None)
        if index is None:
            index = next(n for n, x in enumerate(listed) if same_intent(x, command))
        self._choose(index, finger)

    def _gathered(self, command: Any, finger: bool) -> None:
        """One action, several picks (a box's gathered kind): its button, each pick in turn, Done."""
        scene = self.scene
        kind = command.kind
        field_name = scene.controller.state.box.gathered[kind]
        self._bar_button(f"gather:{kind}", finger, f"no button gathers {kind}", f"action {kind}")
        singles = [c.command for c in scene.controller.gathered(kind, command.survivor)]
        picked: list[int] = []
        for value in getattr(command, field_name):
            found = next((n for n, c in enumerate(singles) if getattr(c, field_name) == (value,)), None)
            if found is None:
                raise DriverError(f"no pick {value} for {command}")
            left = [n for n in range(len(singles)) if n not in picked]
            self._choose(left.index(found), finger)
            picked.append(found)
        self._choose(len(singles) - len(picked), finger)  # "Done", after the picks still open

    def _action_button(self, command: Any, finger: bool, ask_order: bool = True) -> None:
        """The action bar's button labelled for ``command``; then, for a command whose acting order
        the players pick, who acts first, next..."""
        order = tuple(getattr(command, "order", ()) or ())
        if ask_order and (order or self.scene.controller.to_order(command)):
            plain = replace(command, order=())
            order = order or self.scene.controller.to_order(plain)  # none given: as the command lists them
            self._action_button(plain, finger, ask_order=False)
            chosen: list[str] = []
            for survivor_id in order[:-1]:
                left = [s for s in self.scene.controller.to_order(plain) if s not in chosen]
                self._choose(left.index(survivor_id), finger)
                chosen.append(survivor_id)
            return
        scene = self.scene
        choices = scene.controller.action_choices(command.survivor)
        index = next((n for n, x in enumerate(choices) if x.command == command), None)
        if index is None:
            raise DriverError(f"no action offers {command}")
        self._bar_button(f"do:{index}", finger, f"the action bar shows no button for {choices[index].label!r}",
                         f"action {getattr(command, 'kind', '')}")

    def _bar_button(self, key: str, finger: bool, missing: str, what: str) -> None:
        """The action bar's button of ``key``; or the slot whose list offers it (a kind offered several
        times), then that line; or More…, then that line."""
        route = self.scene.actions.route(key)
        if route is None:
            raise DriverError(missing)
        button, index = route
        self.tap(button.rect.center, finger, what if index is None else f"{what} ({button.key})")
        if index is not None:
            self._choose(index, finger)


__all__ = ["DriverError", "UiDriver", "same_intent"]
