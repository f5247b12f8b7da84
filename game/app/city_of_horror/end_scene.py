"""The end of a City of Horror game: who boarded the helicopter and how the points add up, seat by seat
(once the game is over nothing is secret any more)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.city_of_horror.overlays import frame, shade, write
from game.app.city_of_horror.words import COLOUR_RGB, antidotes, character_name, character_state
from game.app.scenes import Scene
from game.app.widgets.dialogs import ACCENT, MUTED, TEXT, Button, ButtonSet
from game.i18n import _
from game.rules.city_of_horror.catalog import load_catalog
from game.rules.city_of_horror.registration import GAME
from game.rules.city_of_horror.state import State

BUTTON_H = 56


def score_lines(state: State, seat: str) -> list[str]:
    """How a seat's score adds up: its living characters, Antidotes left, Food, Canned Food."""
    if not state.in_game(seat):
        return [_("Nobody boarded: 0")]
    catalog = load_catalog()
    index = state.index(seat)
    lines = []
    for character in state.alive_characters(seat):
        card = catalog.characters[character.id]
        value = card.fit if character.fit else card.exhausted
        lines.append(f"{character_name(character.id)} {character_state(character)}: {value}")
    if state.antidotes[index]:
        lines.append(_("{antidotes} left: {n}").format(antidotes=antidotes(state.antidotes[index]), n=state.antidotes[index]))
    if state.food[index]:
        lines.append(_("Food ({values}): {total}").format(values=", ".join(str(v) for v in state.food[index]),
                                                          total=sum(state.food[index])))
    canned = state.hands[index].count("canned_food")
    if canned:
        lines.append(_("Canned Food: {n}").format(n=canned))
    return lines


def headline(state: State) -> str:
    if not state.winners:
        return _("Nobody made it to the helicopter")
    if len(state.winners) == 1:
        return _("{seat} wins!").format(seat=state.winners[0])
    return _("Shared win: {seats}").format(seats=_(" and ").join(state.winners))


class CohEndScene(Scene):
    """Over the table: the result. "Back to the table" closes it, "Start screen" and "New game" leave."""

    opaque = False

    def __init__(self, app: Any, game_scene: Any):
        self.app = app
        self.game_scene = game_scene
        self.buttons = ButtonSet()
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    @property
    def state(self) -> State:
        return self.game_scene.controller.state  # type: ignore[no-any-return]

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        self.rect = pygame.Rect(0, 0, min(1100, w - 40), min(700, h - 40))
        self.rect.center = (w // 2, h // 2)
        labels = ((_("Back to the table"), "table"), (_("New game"), "new"), (_("Start screen"), "start"))
        width = (self.rect.width - 40 - 16 * (len(labels) - 1)) // len(labels)
        self.buttons.buttons = [
            Button(pygame.Rect(self.rect.left + 20 + n * (width + 16), self.rect.bottom - BUTTON_H - 16, width, BUTTON_H),
                   label, key, "move" if key == "new" else "turn")
            for n, (label, key) in enumerate(labels)]

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        top = frame(surface, self.rect, _("The helicopter has left"))
        state = self.state
        write(surface, headline(state), (self.rect.left + 20, top), 30, ACCENT, width=self.rect.width - 40)
        scores = dict(state.scores)
        count = len(state.seats)
        columns = min(3, count)
        width = (self.rect.width - 40) // columns
        for n, seat in enumerate(state.seats):
            col, row = n % columns, n // columns
            x = self.rect.left + 20 + col * width
            y = top + 50 + row * 220
            colour = COLOUR_RGB.get(state.colour(seat), TEXT)
            write(surface, _("{seat}: {points} VP").format(seat=seat, points=scores.get(seat, 0)), (x, y), 22, colour, width=width - 10)
            for index, line in enumerate(score_lines(state, seat)[:7]):
                write(surface, line, (x + 8, y + 30 + index * 22), 15, MUTED, width=width - 20)
        self.buttons.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            self.buttons.press(-1, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
            self._released(-1, event.pos)
            return True
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            w, h = self.window_size
            pos = (event.x * w, event.y * h)
            if event.type == pygame.FINGERDOWN:
                self.buttons.press(event.finger_id, pos)
            else:
                self._released(event.finger_id, pos)
            return True
        return event.type in (pygame.MOUSEMOTION, pygame.FINGERMOTION, pygame.MOUSEWHEEL)

    def _released(self, pointer: int, pos: tuple[float, float]) -> None:
        button = self.buttons.release(pointer, pos)
        if button is None:
            return
        if button.key == "table":
            self.app.pop(self)
        elif button.key == "start":
            self.app.open_start()
        elif button.key == "new":  # through the registry: the hooks module imports this screen
            GAME.app_hooks().new_game(self.app, GAME.boxes[0].id)
