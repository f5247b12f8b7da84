"""Setting up a City of Horror game: three to six players (their names, colours, a person or a bot,
the side of the table they sit at), the First Player, the side of each location board, the expert draft
and the table's own rules. Start deals the game; Back returns to the start screen."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.app.city_of_horror.controller import SIDES, CohController, SeatPlan, check_names, new_controller
from game.app.city_of_horror.overlays import write
from game.app.city_of_horror.words import COLOUR_RGB, colour_name, location_name
from game.app.scenes import Scene
from game.app.widgets.dialogs import ACCENT, MUTED, Button, ButtonSet, draw_button
from game.board.mission import load_board
from game.i18n import N_, _
from game.rules.city_of_horror.catalog import COLOURS, LOCATIONS
from game.rules.city_of_horror.registration import CITY_MAP
from game.table.saves import DEFAULT_SAVE_DIR

DEFAULT_NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay")
WHO = ("", "survivor", "random")  # a person, or one of the bots
SIDE_WORDS = {"bottom": N_("Edge: bottom"), "right": N_("Edge: right"), "top": N_("Edge: top"), "left": N_("Edge: left")}
WHO_WORDS = {"": N_("Person"), "survivor": N_("Bot"), "random": N_("Random bot")}
ROW_PX = 62
COMPACT_BELOW_PX = (1240, 96 + 12 * 52 + 8 + 52 + 48)  # the boards-and-rules column beside the players
BUTTON_H = 52
OPTIONS = (
    ("draft", N_("Expert draft of the Action cards")),
    ("promises_may_be_broken", N_("Every promise may be broken (no locked votes)")),
    ("hold_back", N_("The distributor may keep items back")),
    ("energy_drink_any", N_("Energy Drink may wake anyone's character")),
    ("replica_always", N_("Weapon Replica counts with nobody there")),
    ("seating", N_("Straggler track in seating order")),
)


class CohSetupScene(Scene):
    def __init__(self, app: Any):
        self.app = app
        self.save_dir = Path(getattr(app, "save_dir", DEFAULT_SAVE_DIR))
        self.count = 4
        self.colours = list(COLOURS[1:5]) + [COLOURS[0], COLOURS[5]]  # red, green, violet, blue, yellow, white
        self.who = ["", "survivor", "survivor", "survivor", "survivor", "survivor"]
        self.sides = ["bottom"] * 6
        self.first = -1  # -1: at random
        self.board_sides = dict.fromkeys(LOCATIONS, "A")
        self.options = dict.fromkeys((key for key, _ in OPTIONS), False)
        self.seed = random.SystemRandom().randrange(1, 1_000_000)
        self.buttons = ButtonSet()
        self.entries: list[Any] = []
        self.names = list(DEFAULT_NAMES)
        self.status = ""
        self.rules_page = False  # a small window shows the boards and table rules on a page of their own
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)

    # --- layout ---------------------------------------------------------------------------------------

    def compact(self) -> bool:
        """Whether the boards and table rules need a page of their own (they stand beside the
        players from 1240 px wide and tall enough for their column)."""
        w, h = self.window_size
        return w < COMPACT_BELOW_PX[0] or h < COMPACT_BELOW_PX[1]

    def rules_left(self) -> int:
        return 40 if self.compact() else max(40 + 740, self.window_size[0] - 460)

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        self._keep_names()
        for entry in self.entries:
            entry.kill()
        self.entries = []
        w, h = size
        left = 40
        top = 96
        buttons: list[Button] = []
        compact = self.compact()
        for n in range(self.count if not (compact and self.rules_page) else 0):
            y = top + n * ROW_PX
            entry = UITextEntryLine(pygame.Rect(left + 24, y, 220, BUTTON_H), manager=self.app.ui,
                                    object_id="#coh_name")
            entry.set_text(self.names[n])
            self.entries.append(entry)
            buttons += [
                Button(pygame.Rect(left + 256, y, 130, BUTTON_H), colour_name(self.colours[n]).capitalize(), f"colour:{n}", "option"),
                Button(pygame.Rect(left + 394, y, 150, BUTTON_H), _(WHO_WORDS[self.who[n]]), f"who:{n}", "option"),
                Button(pygame.Rect(left + 552, y, 150, BUTTON_H), _(SIDE_WORDS[self.sides[n]]), f"side:{n}", "option"),
            ]
        y = top + self.count * ROW_PX + 6
        if not (compact and self.rules_page):
            buttons += [
                Button(pygame.Rect(left + 24, y, 150, BUTTON_H), _("− player"), "fewer", "tool", self.count > 3),
                Button(pygame.Rect(left + 182, y, 150, BUTTON_H), _("+ player"), "more", "tool", self.count < 6),
                Button(pygame.Rect(left + 340, y, 362, BUTTON_H), self._first_words(), "first", "option"),
            ]
        if compact:  # one page or the other, and a button to turn it
            words = _("Players…") if self.rules_page else _("Boards and table rules…")
            buttons.append(Button(pygame.Rect(left + 344, h - BUTTON_H - 24, 300, BUTTON_H), words, "page", "tool"))
            if self.rules_page:
                buttons += self._rules_buttons(left, top)
        else:
            buttons += self._rules_buttons(self.rules_left(), top)
        buttons += [
            Button(pygame.Rect(left + 24, h - BUTTON_H - 24, 200, BUTTON_H), _("Back"), "back", "turn"),
            Button(pygame.Rect(w - 300, h - BUTTON_H - 24, 260, BUTTON_H), _("Start the game"), "start", "move"),
        ]
        self.buttons.buttons = buttons

    def _rules_buttons(self, right: int, top: int) -> list[Button]:
        """The boards' sides and the table rules: one column, or two side by side on their own page."""
        buttons: list[Button] = []
        y = top
        for location in LOCATIONS:
            buttons.append(Button(pygame.Rect(right, y, 420, 46),
                                  _("{place}: side {side}").format(place=location_name(location), side=self.board_sides[location]),
                                  f"board:{location}",
                                  "option"))
            y += 52
        y += 8
        if self.compact():  # their own page: the rules in a second column
            right, y = right + 440, top
        for key, words in OPTIONS:
            button = Button(pygame.Rect(right, y, 420, 46), (_("{option}: yes") if self.options[key] else _("{option}: no")).format(option=_(words)),

                            f"option:{key}", "option")
            button.toggled = self.options[key]
            buttons.append(button)
            y += 52
        return buttons

    def leave(self) -> None:
        for entry in self.entries:
            entry.kill()
        self.entries = []

    def _keep_names(self) -> None:
        for n, entry in enumerate(self.entries):
            self.names[n] = entry.get_text()

    def _first_words(self) -> str:
        return _("First Player: at random") if self.first < 0 else _("First Player: {name}").format(
            name=self.names[self.first] or "?")

    # --- input ----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            return self.buttons.press(-1, event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not getattr(event, "touch", False):
            return self._released(-1, event.pos)
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            w, h = self.window_size
            pos = (event.x * w, event.y * h)
            if event.type == pygame.FINGERDOWN:
                return self.buttons.press(event.finger_id, pos)
            return self._released(event.finger_id, pos)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._keep_names()
            return True
        return False

    def _released(self, pointer: int, pos: tuple[float, float]) -> bool:
        button = self.buttons.release(pointer, pos)
        if button is None:
            return False
        self.press_key(button.key)
        return True

    def press_key(self, key: str) -> None:
        self._keep_names()
        self.status = ""
        kind, _, value = key.partition(":")
        if kind == "colour":
            n = int(value)
            taken = set(self.colours[:self.count]) - {self.colours[n]}
            options = [colour for colour in COLOURS if colour not in taken]
            self.colours[n] = options[(options.index(self.colours[n]) + 1) % len(options)]
        elif kind == "who":
            n = int(value)
            self.who[n] = WHO[(WHO.index(self.who[n]) + 1) % len(WHO)]
        elif kind == "side":
            n = int(value)
            self.sides[n] = SIDES[(SIDES.index(self.sides[n]) + 1) % len(SIDES)]
        elif kind == "fewer":
            self.count = max(3, self.count - 1)
            self.first = min(self.first, self.count - 1)
        elif kind == "more":
            self.count = min(6, self.count + 1)
            self._free_colour(self.count - 1)
        elif kind == "first":
            self.first = self.first + 1 if self.first + 1 < self.count else -1
        elif kind == "board":
            self.board_sides[value] = "B" if self.board_sides[value] == "A" else "A"
        elif kind == "option":
            self.options[value] = not self.options[value]
        elif kind == "page":
            self.rules_page = not self.rules_page
        elif kind == "back":
            self.app.open_start()
            return
        elif kind == "start":
            self.start()
            return
        self.layout(self.window_size)

    def _free_colour(self, n: int) -> None:
        taken = set(self.colours[:n])
        if self.colours[n] in taken:
            self.colours[n] = next(colour for colour in COLOURS if colour not in taken)

    # --- starting -------------------------------------------------------------------------------------

    def plans(self) -> list[SeatPlan]:
        return [SeatPlan(self.names[n].strip(), self.colours[n], self.who[n], self.sides[n]) for n in range(self.count)]

    def setup_choices(self) -> dict[str, Any]:
        names = [plan.name for plan in self.plans()]
        rules: dict[str, Any] = {key: self.options[key] for key in (
            "promises_may_be_broken", "hold_back", "energy_drink_any", "replica_always")}
        rules["track"] = "seating" if self.options["seating"] else "cycle"
        return {
            "first_player": names[self.first] if self.first >= 0 else None,
            "sides": {location: side for location, side in self.board_sides.items() if side != "A"},
            "draft": self.options["draft"],
            "rules": rules,
        }

    def start(self) -> bool:
        """Deal the game and open the table; a problem (a name) is shown and nothing starts."""
        from game.app.city_of_horror.game_scene import CohGameScene

        controller = self.deal()
        if controller is None:
            return False
        pygame.display.set_caption("Deadtable — City of Horror")
        self.app.show(CohGameScene(self.app, controller))
        return True

    def deal(self, write_saves: bool = True) -> CohController | None:
        """The game the page sets up (None, and the problem shown, when a name will not do)."""
        self._keep_names()
        problem = check_names([plan.name for plan in self.plans()])
        if problem:
            self.status = problem
            return None
        return new_controller(self.plans(), self.setup_choices(), self.seed, load_board(CITY_MAP), self.save_dir,
                              write_saves=write_saves)

    # --- drawing --------------------------------------------------------------------------------------

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 22, 24))
        write(surface, _("City of Horror — new game"), (40, 24), 34, ACCENT)
        players = not (self.compact() and self.rules_page)
        if players:
            write(surface, _("Players in seating order (clockwise). Bots play empty seats from their own view."),
                  (40, 64), 17, MUTED)
        for n in range(self.count if players else 0):
            y = 96 + n * ROW_PX
            pygame.draw.circle(surface, COLOUR_RGB[self.colours[n]], (50, y + BUTTON_H // 2), 12)
        if not players or not self.compact():
            write(surface, _("Boards (A for a first game) and table rules"), (self.rules_left(), 64), 17, MUTED)
        for button in self.buttons.buttons:
            draw_button(surface, button)
        if self.status:
            write(surface, self.status, (40, self.window_size[1] - 118), 20, (255, 140, 120))
        if players:
            write(surface, _("Edge: the side of a touch table the player sits at; the view turns to face them."),
                  (64, 110 + self.count * ROW_PX + BUTTON_H), 15, MUTED)
        write(surface, _("Seed {seed}").format(seed=self.seed), (264, self.window_size[1] - 58), 15, MUTED)
