"""Bot seats in the Zombicide window: the top bar's Bot (or the B key) gives the seat that acts now
to the search bot, and gives it back. A bot seat plays one command at a time, each shown like a
player's (the table animates it, Skip hurries it), and only once the table is still; it thinks on a
thread, so the window never freezes. It answers the decisions its seat is asked too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.zombicide.hint_panel import HintSearch, plain_key
from game.i18n import _
from game.rules.zombicide.search import FAST, SearchBudget


class BotSeats:
    """The GameScene's part that lets the bot play seats (a mixin: the scene gives ``controller``,
    ``director``, ``dialog``, ``replay``, ``play``, ``status`` and ``refresh_buttons``)."""

    bot_budget: SearchBudget = FAST
    bot_search: HintSearch | None = None

    @property
    def bot_seats(self) -> set[str]:
        seats: set[str] | None = getattr(self, "_bot_seats", None)
        if seats is None:
            seats = set()
            self._bot_seats = seats
        return seats

    def toggle_bot_seat(self, seat: str | None = None) -> None:
        """Give ``seat`` (the seat that acts now by default) to the bot, or take it back."""
        scene: Any = self
        seat = seat or scene.controller.seat
        if seat is None:
            return
        if seat in self.bot_seats:
            self.bot_seats.discard(seat)
            if self.bot_search is not None:
                self.bot_search.cancel()
                self.bot_search = None
            scene.status(_("Seat {seat} is yours again").format(seat=seat))
        else:
            self.bot_seats.add(seat)
            scene.status(_("The bot plays seat {seat}").format(seat=seat))
        scene.refresh_buttons()

    def restore_bot_seats(self, seats: object) -> None:
        """The bot seats chosen at set-up or saved with the game: names of the game's seats only
        (anything else in a save is left out, never an error)."""
        scene: Any = self
        known = {s.seat for s in scene.controller.state.survivors}
        if isinstance(seats, list):
            self.bot_seats.update(seat for seat in seats if isinstance(seat, str) and seat in known)

    def bot_is_playing(self) -> bool:
        scene: Any = self
        return scene.controller.seat in self.bot_seats and scene.controller.outcome() is None

    def update_bot_seats(self) -> None:
        """Each frame: start the bot's search when its seat acts and the table is still; play its
        answer when it comes (unless the game moved on meanwhile)."""
        scene: Any = self
        controller = scene.controller
        for button in scene.tools.buttons:  # the top bar's Bot is lit while the seat acting is the bot's
            if button.key == "bot":
                button.toggled = self.bot_is_playing()
        search = self.bot_search
        if search is not None and (search.state is not controller.state or not self.bot_is_playing()):
            search.cancel()  # a player played meanwhile, or took the seat back: think again
            self.bot_search = search = None
        if not self.bot_is_playing() or scene.replay is not None or scene.director.busy:
            return
        if search is None:
            seat, legal = controller.seat, controller.legal()
            if seat is None or not legal:
                return
            seed = len(controller.session.log) * 7919 + controller.state.round
            self.bot_search = HintSearch(controller.state, seat, legal, seed, self.bot_budget)
            return
        if not search.done:
            return
        self.bot_search = None
        if search.advice is None:
            self.bot_seats.discard(str(controller.seat))
            scene.status(_("The bot stopped: {reason}").format(reason=search.error))
            return
        if controller.pending is not None:
            scene.dialog = None  # the decision's dialog: the bot answers it
        scene.play(search.advice.command)

    def bot_key(self, key: int, mod: int) -> bool:
        """B gives the seat that acts now to the bot, or takes it back."""
        return plain_key(self, key, mod, pygame.K_b, self.toggle_bot_seat)
