"""Which side each of the Zombicide screen's panels takes: the survivors' panel (roster, goals,
card) on the left and the log on the right for a right hand; mirrored for a left hand (Settings →
Panels), so that the hand on the mouse or the table is on the side of the cards it plays. The
table and the action bar under it stay between the two panels."""

from __future__ import annotations

from typing import Any


class SceneSides:
    """For ``GameScene``: the x of each side panel, read from the app's settings at each layout."""

    app: Any
    window_size: tuple[int, int]

    def side_panels_px(self) -> tuple[int, int]:  # the survivors' panel's width, the log's
        raise NotImplementedError

    @property
    def left_handed(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return getattr(settings, "handedness", "right") == "left"

    def card_side_x(self) -> int:
        """Where the survivors' panel (roster, goals, card) starts."""
        return self.window_size[0] - self.side_panels_px()[0] if self.left_handed else 0

    def log_side_x(self) -> int:
        """Where the log's panel starts."""
        return 0 if self.left_handed else self.window_size[0] - self.side_panels_px()[1]

    def middle_x(self) -> int:
        """Where the table (and the action bar under it) starts."""
        left, right = self.side_panels_px()
        return right if self.left_handed else left


__all__ = ["SceneSides"]
