"""Replay mode: the game's moves played again from the mission start, on a copy of the session.

The live game is never touched: the replay runs on its own controller (``GameController.replay_copy``)
and leaving it hands the live controller back as it was. The player steps forward or back, or lets
it play on its own; the scene animates each step and keeps the log panel in step.
No pygame here.
"""

from __future__ import annotations

from dataclasses import field

from game.app.zombicide.controller import GameController
from game.rules.core.frozen import mutable_record


@mutable_record
class ReplayPlayer:
    """Where a replay stands, whether it plays on its own, and the log lines each step added."""

    live: GameController
    controller: GameController
    live_log: list = field(default_factory=list)  # the log panel's lines when the replay began
    playing: bool = False
    step_lines: list[int] = field(default_factory=list)  # lines added by each step played so far

    @classmethod
    def start(cls, live: GameController, live_log: list) -> ReplayPlayer:
        return cls(live, live.replay_copy(), list(live_log))

    @property
    def step(self) -> int:
        """Moves played so far."""
        return self.controller.replay_position()[0]

    @property
    def steps(self) -> int:
        """Moves in the game being replayed."""
        return self.controller.replay_position()[1]

    def at_end(self) -> bool:
        return not self.controller.can_redo()

    def at_start(self) -> bool:
        return not self.controller.can_undo()

    def toggle(self) -> bool:
        """Play or pause (at the end it stays paused)."""
        self.playing = not self.playing and not self.at_end()
        return self.playing

    def position_text(self) -> str:
        return f"Move {self.step} of {self.steps}"
