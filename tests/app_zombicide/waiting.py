"""Waiting in UI tests: frames until a condition holds, within a generous bound, never a fixed count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def frames_until(frame: Callable[[], object], condition: Callable[[], bool], what: str, limit: int = 600) -> None:
    """Run ``frame()`` until ``condition()`` holds (checked before each frame); a condition that still
    does not hold after ``limit`` frames fails the test, saying ``what`` was awaited."""
    for _ in range(limit):
        if condition():
            return
        frame()
    assert condition(), f"{what}: still not so after {limit} frames"


def held_pieces_arrived(scene: Any) -> bool:
    """Every miniature a pointer holds on a game scene's table has reached the zone under that pointer
    (pymunk pulls it there over a few frames; a drop counts where the miniature stands)."""
    table = getattr(scene, "table", None)
    if table is None or not hasattr(table, "physics"):
        return True
    for pointer_id, piece in table.physics.held_pieces().items():
        pointer = table.pointers.get(pointer_id)
        if pointer is not None:
            under = scene.board.zone_at(table.camera.screen_to_world(pointer.last_px))
            if scene.board.zone_at(table.physics.position(piece)) != under:
                return False
    return True
