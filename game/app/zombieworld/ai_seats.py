"""Solo Zombieworld: at the set-up each seat is Human or AI; in the game an AI seat is played by the
tactical band (``game.rules.zombieworld.tactics``), one command at a time once the table, the dice
and the log are still, each shown like a player's. Hot-seat stays: Human seats play as before.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pygame

from game.app.widgets.dialogs import Button
from game.app.zombieworld.band_list import seat_word
from game.i18n import _
from game.rules.zombieworld.tactics import tactical_bot

SEAT_ROW_PX = 64  # beside Back and Start, as tall as they are


def _own_set(owner: object, name: str) -> set[str]:
    """The set kept on ``owner`` under ``name``, made empty the first time (mixins have no __init__)."""
    found: set[str] | None = getattr(owner, name, None)
    if found is None:
        found = set()
        setattr(owner, name, found)
    return found


class SeatChoice:
    """The set-up scene's part: one toggle per seat, Human or AI (a mixin: the scene gives ``playing``)."""

    @property
    def ai_chosen(self) -> set[str]:
        return _own_set(self, "_ai_chosen")

    def seat_buttons(self, area: pygame.Rect) -> list[Button]:
        scene: Any = self
        seats = [seat for seat, _band in scene.playing()]
        if not seats:
            return []
        gap = 8
        width = (area.width - gap * (len(seats) - 1)) // len(seats)
        return [Button(pygame.Rect(area.left + n * (width + gap), area.top, width, area.height),
                       self.seat_label(seat), f"seat:{seat}", "other", toggled=seat in self.ai_chosen)
                for n, seat in enumerate(seats)]

    def seat_label(self, seat: str) -> str:
        return (_("{seat}: AI") if seat in self.ai_chosen else _("{seat}: Human")).format(seat=seat_word(seat))

    def toggle_seat(self, seat: str) -> None:
        if seat in self.ai_chosen:
            self.ai_chosen.discard(seat)
        else:
            self.ai_chosen.add(seat)


class AiSeats:
    """The game scene's part that plays the AI seats (a mixin: the scene gives ``controller``,
    ``dice``, ``anim``, ``pending_lines``, ``dialog``, ``aiming`` and ``play``)."""

    @property
    def ai_seats(self) -> set[str]:
        return _own_set(self, "_ai_seats")

    def ai_turn(self) -> bool:
        """The seat to play is an AI's and the game goes on."""
        scene: Any = self
        return scene.controller.seat in self.ai_seats and scene.controller.outcome() is None

    def update_ai_seats(self) -> None:
        """Each frame: when an AI seat plays and everything shown has finished, its next command."""
        scene: Any = self
        if not self.ai_turn() or scene.dice.busy or scene.anim.busy or scene.pending_lines or scene.dialog is not None:
            return
        controller = scene.controller
        seat = controller.seat
        seed = len(controller.session.log) * 7919 + 17  # the same moment always gets the same play
        command = tactical_bot(controller.state, seat, Random(seed))
        if command is None:  # nothing left but withdrawing: the seat's player decides that
            self.ai_seats.discard(seat)
            return
        scene.play(command)
