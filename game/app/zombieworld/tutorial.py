"""A Zombieworld tutorial on the game screen: the mission file's steps (``[[tutorial]]``) shown by the
game-neutral ``TutorialPrompt`` over the top of the table, each ringing the spot (cm) or the model
it points at, and moving on when the table has shown the event it waits for (once the dice and the
animation are over, with the log). The step rides in the save's extras, so Continue goes on there.

A tutorial's table comes from the same file's ``[setup]`` (``rules.zombieworld.tutorial_setup``);
the hooks' ``tutorial`` opens the one shipped, ``TUTORIAL_PATH``, from the start screen.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame

from game.app.widgets.tutorial_prompt import TutorialPrompt, draw_pointer
from game.rules.zombieworld.tutorial_setup import tutorial_view

REPO = Path(__file__).resolve().parents[3]
TUTORIAL_PATH = REPO / "maps" / "zombieworld" / "zw-tutorial.toml"
POINTER_CM = 3.5  # the ring round a spot or a model: a little wider than a base
POINTER_MIN_PX = 16
RING_SIDES = 24
PANEL_SHARE = 0.8  # of the table's height at most: in a small window the words come first
DOCK_BELOW_PX = 560  # a table narrower than this keeps the panel off it, in the bands' panel
DOCK_MIN_H_PX = 240


class ZwTutorial:
    """The prompts of one game screen; ``None`` from ``for_scene`` when its table has no tutorial."""

    def __init__(self, scene: Any, prompt: TutorialPrompt):
        self.scene = scene
        self.prompt = prompt
        self.waiting: list[Any] = []  # events played, told to the guide once the table has shown them
        self.table_rect = pygame.Rect(0, 0, 1, 1)
        self.docked = False
        self.view_cm = tutorial_view(scene.board)  # what Fit frames while the prompts show
        prompt.on_step = scene.autosave  # Continue goes on at the step the tutorial is on

    @classmethod
    def for_scene(cls, scene: Any) -> ZwTutorial | None:
        prompt = TutorialPrompt.for_board(scene.app, scene.board)
        return cls(scene, prompt) if prompt is not None else None

    @property
    def visible(self) -> bool:
        return self.prompt.visible

    @property
    def rect(self) -> pygame.Rect:
        return self.prompt.rect

    def layout(self, table: pygame.Rect, side: pygame.Rect) -> None:
        """Over the top of the table; in a narrow window (``table`` narrower than ``DOCK_BELOW_PX``),
        in the bands' panel below the roster (``side``, where the card goes), so the table stays whole."""
        self.table_rect = pygame.Rect(table)
        self.docked = table.width < DOCK_BELOW_PX and side.height >= DOCK_MIN_H_PX
        if self.docked:  # panel_rect leaves 10 px each side and 8 above: the bands' panel's own margins
            room = pygame.Rect(side.left - 2, side.top - 8, side.width + 4, side.height + 8)
            self.prompt.layout(self.prompt.panel_rect(room, every_step=True, share=1.0))
        else:
            self.prompt.layout(self.prompt.panel_rect(table, every_step=True, share=PANEL_SHARE))
        self._report()

    def covers_card(self) -> bool:
        """Whether the panel sits where the survivor's card is drawn (a narrow window)."""
        return self.docked and self.prompt.step is not None

    def _report(self) -> None:
        """Fit frames the board below the panel while it shows over the table."""
        covered = self.prompt.rect.bottom - self.table_rect.top if self.prompt.step is not None and not self.docked else 0
        self.scene.table.report_panel("tutorial", (0, max(0, covered), 0, 0))

    def fit_rect_cm(self) -> tuple[float, float, float, float] | None:
        """The part of the table Fit frames while a step shows (the file's ``view_cm``)."""
        return self.view_cm if self.prompt.step is not None else None

    def kill(self) -> None:
        self.prompt.kill()

    def played(self, events: Any) -> None:
        self.waiting.extend(events)

    def update(self, table_shown: bool, on_top: bool) -> None:
        """Tell the guide what the table has shown; hide the panel under a dialog or another screen."""
        if table_shown and self.waiting:
            events, self.waiting = self.waiting, []
            self.prompt.observe(events)
            self._report()
        self.prompt.set_visible(on_top)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.prompt.handle_event(event):
            return False
        self._report()
        return True

    def progress(self) -> dict[str, Any]:
        return self.prompt.guide.progress()

    def restore(self, progress: Any) -> None:
        self.prompt.restore(progress)

    def pointed_at(self) -> tuple[float, float] | None:
        """Where the step points on the table, in cm: its spot, or its model while on the table."""
        step = self.prompt.step
        if step is None or not self.visible:
            return None
        if step.spot_cm is not None:
            return step.spot_cm
        if step.model is not None:
            model = next((m for m in self.scene.state.models if m.id == step.model), None)
            if model is not None and model.x >= 0:
                piece = self.scene.table.state.pieces.get(model.id)  # where it is drawn (mid-slide too)
                return (piece.x_cm, piece.y_cm) if piece is not None else model.position
        return None

    def draw_pointer(self, surface: pygame.Surface, clock_s: float) -> None:
        """A pulsing ring round the spot or the model the step points at (the painter clips it to the table)."""
        at = self.pointed_at()
        if at is None:
            return
        camera = self.scene.table.camera
        cx, cy = camera.world_to_screen(at)
        edge = camera.world_to_screen((at[0] + POINTER_CM, at[1]))
        radius = max(POINTER_MIN_PX, abs(edge[0] - cx))
        ring = [(cx + radius * math.cos(2 * math.pi * k / RING_SIDES), cy + radius * math.sin(2 * math.pi * k / RING_SIDES))
                for k in range(RING_SIDES)]
        draw_pointer(surface, ring, clock_s)

