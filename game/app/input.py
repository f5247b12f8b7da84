"""pygame events → pointer intents, so the table handles a mouse and fingers the same way.

The mouse's left button is pointer 0, its right or middle button is the panning pointer, and each
finger gets its own pointer id from 1 up. SDL sends every touch a second time as a mouse event with
``event.touch`` set: those duplicates are dropped here.
"""

from __future__ import annotations

import pygame

from game.rules.core.frozen import record

Point = tuple[float, float]

MOUSE_POINTER = 0
PAN_POINTER = -1  # right or middle mouse button: always pans
FIRST_FINGER_POINTER = 1


@record
class PointerDown:
    pointer_id: int
    pos_px: Point
    pan_only: bool = False  # right/middle mouse: pan, never grab


@record
class PointerMove:
    pointer_id: int
    pos_px: Point
    pressed: bool = True  # False: the mouse hovers with no button held


@record
class PointerUp:
    pointer_id: int
    pos_px: Point


@record
class WheelZoom:
    pos_px: Point
    steps: float  # > 0 zooms in


@record
class WheelPan:
    dx_px: float
    dy_px: float


Intent = PointerDown | PointerMove | PointerUp | WheelZoom | WheelPan

WHEEL_PAN_PX = 40.0


class PointerInput:
    """Translates pygame events; keeps which finger is which pointer and which buttons are held."""

    def __init__(self) -> None:
        self._fingers: dict[tuple[int, int], int] = {}
        self._mouse_buttons: set[int] = set()

    @staticmethod
    def is_touch_duplicate(event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                              pygame.MOUSEWHEEL) and bool(getattr(event, "touch", False))

    def _finger_pointer(self, event: pygame.event.Event, create: bool) -> int | None:
        key = (getattr(event, "touch_id", 0), event.finger_id)
        if key not in self._fingers and create:
            used = set(self._fingers.values())
            pointer = FIRST_FINGER_POINTER
            while pointer in used:
                pointer += 1
            self._fingers[key] = pointer
        return self._fingers.get(key)

    def translate(self, event: pygame.event.Event, window_size: tuple[int, int],
                  mouse_pos: Point | None = None) -> list[Intent]:
        if self.is_touch_duplicate(event):
            return []
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self._mouse_buttons.add(event.button)
            pointer = MOUSE_POINTER if event.button == 1 else PAN_POINTER
            return [PointerDown(pointer, tuple(event.pos), pan_only=pointer == PAN_POINTER)]
        if t == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            if event.button not in self._mouse_buttons:
                return []
            self._mouse_buttons.discard(event.button)
            if event.button != 1 and self._mouse_buttons & {2, 3}:
                return []  # the other pan button is still held
            return [PointerUp(MOUSE_POINTER if event.button == 1 else PAN_POINTER, tuple(event.pos))]
        if t == pygame.MOUSEMOTION:
            pos = tuple(event.pos)
            intents: list[Intent] = []
            if 1 in self._mouse_buttons:
                intents.append(PointerMove(MOUSE_POINTER, pos))
            else:
                intents.append(PointerMove(MOUSE_POINTER, pos, pressed=False))
            if self._mouse_buttons & {2, 3}:
                intents.append(PointerMove(PAN_POINTER, pos))
            return intents
        if t == pygame.MOUSEWHEEL:
            dx = getattr(event, "precise_x", event.x)
            dy = getattr(event, "precise_y", event.y)
            if getattr(event, "flipped", False):
                dx, dy = -dx, -dy
            intents = []
            if dy:
                intents.append(WheelZoom(mouse_pos or (0, 0), dy))
            if dx:
                intents.append(WheelPan(-dx * WHEEL_PAN_PX, 0.0))
            return intents
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            w, h = window_size
            pos = (event.x * w, event.y * h)
            if t == pygame.FINGERDOWN:
                finger = self._finger_pointer(event, create=True)
                assert finger is not None
                return [PointerDown(finger, pos)]
            finger = self._finger_pointer(event, create=False)
            if finger is None:
                return []
            if t == pygame.FINGERMOTION:
                return [PointerMove(finger, pos)]
            del self._fingers[(getattr(event, "touch_id", 0), event.finger_id)]
            return [PointerUp(finger, pos)]
        return []

    def cancel_all(self) -> None:
        """Forget every held button and finger (the window lost focus)."""
        self._fingers.clear()
        self._mouse_buttons.clear()


def event_pointer(event: pygame.event.Event, size: tuple[int, int]) -> tuple[str, int, Point] | None:
    """("down" | "move" | "up", pointer id, position in px) for mouse and finger events, else None.
    Mouse events SDL makes from touches are dropped: the finger events already carry them."""
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        if getattr(event, "touch", False):
            return None
        if event.type != pygame.MOUSEMOTION and event.button != 1:
            return None
        phase = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEBUTTONUP: "up", pygame.MOUSEMOTION: "move"}[event.type]
        return phase, 0, (float(event.pos[0]), float(event.pos[1]))
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        phase = {pygame.FINGERDOWN: "down", pygame.FINGERUP: "up", pygame.FINGERMOTION: "move"}[event.type]
        return phase, 1 + int(event.finger_id), (event.x * size[0], event.y * size[1])
    return None
