"""A stack of scenes: the top scene gets input first; the ones below only see what it lets through."""

from __future__ import annotations

import pygame


class Scene:
    """One screen or overlay. ``handle_event`` returns True when it used the event."""

    opaque = True  # False: the scenes below are drawn first (an overlay)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt_s: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_above_ui(self, surface: pygame.Surface) -> None:
        """What must cover the widgets too (a modal question over the log and its buttons)."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> Scene | None:
        return self.scenes.pop() if self.scenes else None

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer the event from the top down; the first scene that uses it keeps it."""
        return any(scene.handle_event(event) for scene in reversed(self.scenes))

    def update(self, dt_s: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt_s)

    def _shown(self) -> list[Scene]:
        """The top opaque scene and the overlays above it."""
        first = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                first = index
                break
        return self.scenes[first:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._shown():
            scene.draw(surface)

    def draw_above_ui(self, surface: pygame.Surface) -> None:
        for scene in self._shown():
            above = getattr(scene, "draw_above_ui", None)  # scenes need not derive from Scene
            if above is not None:
                above(surface)
