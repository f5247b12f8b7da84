"""The end screen: the result over the dimmed board, and the game's figures.

``app.push(EndScene(app, state, title))`` when ``outcome(state)`` is not None. Buttons: look at
the board (closes the screen), a new game, the start screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.app.scenes import Scene
from game.rules.zombicide.state import LEVEL_NAMES, ZombicideState

LEVEL_COLOURS = {"blue": "#6aa8ff", "yellow": "#f2d640", "orange": "#ff9a3a", "red": "#ff4a3a"}
RESULT_TITLES = {"won": "VICTORY", "lost": "DEFEAT", "over": "GAME OVER", None: "GAME IN PROGRESS"}
RESULT_COLOURS = {"won": (240, 200, 90), "lost": (220, 60, 50), "over": (230, 230, 230), None: (200, 200, 200)}
BUTTON_H = 64


@dataclass(frozen=True, slots=True)
class SurvivorFigures:
    name: str
    seat: str
    level: str
    xp: int
    fate: str  # "alive", "dead", "escaped"


@dataclass(frozen=True, slots=True)
class GameFigures:
    result: str | None
    rounds: int
    kills: int
    deaths: int
    escaped: int
    xp_total: int
    objectives_taken: int
    objectives: int
    survivors: tuple[SurvivorFigures, ...]
    winners: tuple[str, ...] = ()
    reason: str = ""  # why the game ended, in words


def end_reason(state: ZombicideState) -> str:
    """Why the mission ended: the goal reached, or who was lost."""
    from game.app.zombicide.goal_words import GOAL_WORDS

    goals = tuple(getattr(state.setup, "goals", ()) or ())
    if state.result == "won":
        return ("Done: " + "; then ".join(GOAL_WORDS.get(g, g.replace("_", " ")) for g in goals) + ".") if goals else ""
    if state.result != "lost":
        return ""
    dead = [s.name for s in state.survivors if not s.alive]
    if dead and len(dead) == len(state.survivors):
        return "Every survivor was killed."
    if dead:
        who = ", ".join(dead[:-1]) + " and " + dead[-1] if len(dead) > 1 else dead[0]
        return f"{who} did not make it, and this mission needs every survivor."
    return ""


def game_figures(state: ZombicideState) -> GameFigures:
    """What the end screen shows, read from the final state."""
    survivors = tuple(
        SurvivorFigures(name=s.name, seat=s.seat, level=LEVEL_NAMES[min(s.level, len(LEVEL_NAMES) - 1)], xp=s.xp,
                        fate="dead" if not s.alive else "escaped" if s.escaped else "alive")
        for s in state.survivors
    )
    return GameFigures(
        result=state.result,
        rounds=state.round,
        kills=state.kills,
        deaths=sum(1 for s in survivors if s.fate == "dead"),
        escaped=sum(1 for s in survivors if s.fate == "escaped"),
        xp_total=sum(s.xp for s in survivors),
        objectives_taken=sum(1 for taken in state.objectives_taken if taken),
        objectives=len(state.objectives_taken),
        survivors=survivors,
        winners=tuple(state.winners),
        reason=end_reason(state),
    )


def figures_html(figures: GameFigures, title: str = "") -> str:
    lines = []
    if title:
        lines.append(f"<b>{title}</b>")
    if figures.reason:
        lines.append(f"<font color='#f0c060'>{figures.reason}</font>")
    lines.append(f"Rounds played: <b>{figures.rounds}</b>")
    lines.append(f"Zombies killed: <b>{figures.kills}</b>")
    lines.append(f"Survivors lost: <b>{figures.deaths}</b>   Escaped: <b>{figures.escaped}</b>")
    lines.append(f"Experience earned: <b>{figures.xp_total} XP</b>")
    if figures.objectives:
        lines.append(f"Objectives taken: <b>{figures.objectives_taken} of {figures.objectives}</b>")
    if figures.winners:
        lines.append("Winning team: <b>" + ", ".join(figures.winners) + "</b>")
    lines.append("")
    for s in figures.survivors:
        colour = LEVEL_COLOURS.get(s.level, "#ece6d8")
        fate = {"dead": "<font color='#ff6a5a'>dead</font>", "escaped": "<font color='#9fe0a0'>escaped</font>",
                "alive": "alive"}[s.fate]
        lines.append(f"<b>{s.name}</b> ({s.seat}): {s.xp} XP, <font color='{colour}'>{s.level} level</font>, {fate}")
    return "<br>".join(lines)


class EndScene(Scene):
    """An overlay with the result; ``figures`` holds the numbers it shows."""

    opaque = False

    def __init__(self, app, state, title: str = ""):
        """``state``: the final ZombicideState, or a Session (its state and its board's title are used)."""
        self.app = app
        board = getattr(state, "board", None)
        if isinstance(getattr(state, "state", None), ZombicideState):
            state = state.state
        self.title = title or getattr(board, "title", "")
        self.figures = game_figures(state)
        self.panel: UIPanel | None = None
        self.buttons: dict[str, UIButton] = {}
        self._font: pygame.font.Font | None = None
        self._shade: pygame.Surface | None = None

    def layout(self, size: tuple[int, int]) -> None:
        self.leave()
        w, h = size
        pw, ph = min(760, w - 40), min(120 + 34 * (len(self.figures.survivors) + 8), h - 140)
        self.panel = UIPanel(pygame.Rect((w - pw) // 2, h - ph - 20, pw, ph), manager=self.app.ui,
                             object_id="#end_panel")
        UITextBox(figures_html(self.figures, self.title), pygame.Rect(12, 12, pw - 32, ph - BUTTON_H - 40),
                  manager=self.app.ui, container=self.panel, object_id=ObjectID(object_id="#end_figures"))
        bw = (pw - 32 - 2 * 10) // 3
        y = ph - BUTTON_H - 18
        for n, (key, text) in enumerate((("board", "Look at the board"), ("again", "New game"),
                                         ("menu", "Start screen"))):
            self.buttons[key] = UIButton(pygame.Rect(12 + n * (bw + 10), y, bw, BUTTON_H), text, manager=self.app.ui,
                                         container=self.panel,
                                         object_id=ObjectID(class_id="@start_primary" if key == "again"
                                                            else "@start_button", object_id=f"#end_{key}"))
        self._shade = None

    def leave(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons.clear()

    def update(self, dt_s: float) -> None:
        if self.panel is None and self in self.app.scenes.scenes:  # pushed without app.push
            self.layout(self.app.screen.get_size())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("board"):
                self.app.pop(self)
                return True
            if event.ui_element is self.buttons.get("again"):
                self.app.open_start()
                start = self.app.scenes.top
                if hasattr(start, "go"):
                    start.go("mission")
                return True
            if event.ui_element is self.buttons.get("menu"):
                self.app.open_start()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return True
        # the board below stays still while the result is shown
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.FINGERDOWN,
                              pygame.FINGERUP, pygame.FINGERMOTION, pygame.MOUSEWHEEL, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._shade is None or self._shade.get_size() != (w, h):
            self._shade = pygame.Surface((w, h), pygame.SRCALPHA)
            self._shade.fill((8, 6, 8, 170))
            self._font = pygame.font.Font(None, max(72, min(150, h // 7)))
        surface.blit(self._shade, (0, 0))
        assert self._font is not None
        text = RESULT_TITLES.get(self.figures.result, "GAME OVER")
        colour = RESULT_COLOURS.get(self.figures.result, (230, 230, 230))
        top = self.panel.rect.top if self.panel is not None else h // 3
        shadow = self._font.render(text, True, (0, 0, 0))
        title = self._font.render(text, True, colour)
        y = max(8, top // 2 - title.get_height() // 2)
        # a dark band from the title down to the figures: the game's own "Mission won/lost" banner,
        # drawn in that stretch, must not show through
        band_top = max(0, y - 28)
        band = pygame.Surface((w, max(1, top - 6 - band_top)), pygame.SRCALPHA)
        band.fill((8, 6, 8, 248))
        surface.blit(band, (0, band_top))
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + 4, y + 4)))
        surface.blit(title, title.get_rect(midtop=(w // 2, y)))
