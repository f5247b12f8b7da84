"""The end screen: the result over the dimmed board, and the game's figures.

``app.push(EndScene(app, state, title))`` when ``outcome(state)`` is not None. Buttons: look at
the board (closes the screen), a new game, the start screen.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.app.render import FONT_PATH, font
from game.app.scenes import Scene
from game.i18n import N_, _, language, ngettext
from game.rules.core.frozen import record
from game.rules.zombicide.state import LEVEL_NAMES, ZombicideState

LEVEL_COLOURS = {"blue": "#6aa8ff", "yellow": "#f2d640", "orange": "#ff9a3a", "red": "#ff4a3a"}
RESULT_TITLES = {"won": N_("VICTORY"), "lost": N_("DEFEAT"), "over": N_("GAME OVER"), None: N_("GAME IN PROGRESS")}
RESULT_COLOURS = {"won": (240, 200, 90), "lost": (220, 60, 50), "over": (230, 230, 230), None: (200, 200, 200)}
LEVEL_WORDS = {"blue": N_("blue level"), "yellow": N_("yellow level"), "orange": N_("orange level"),
               "red": N_("red level")}
BUTTON_H = 64


@record
class SurvivorFigures:
    name: str
    seat: str
    level: str
    xp: int
    fate: str  # "alive", "dead", "escaped"


@record
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


def title_font(size_px: int) -> pygame.font.Font:
    """The app's font, opened afresh (pygame's default font spaces "DEFE AT"; a cached one may
    belong to an earlier pygame session)."""
    try:
        return pygame.font.Font(str(FONT_PATH), size_px)
    except (OSError, pygame.error):
        return font(size_px)


def end_reason(state: ZombicideState) -> str:
    """Why the mission ended: the goal reached, or who was lost."""
    from game.app.zombicide.goal_words import goals_told

    goals = tuple(getattr(state.setup, "goals", ()) or ())
    if state.result == "won":
        done = goals_told(goals, state.box, state.setup)
        return _("Done: {goals}.").format(goals=done) if goals else ""
    if state.result != "lost":
        return ""
    dead = [s.name for s in state.survivors if not s.alive]
    if dead and len(dead) == len(state.survivors):
        return _("Every survivor was killed.")
    if dead:
        who = _("{some} and {last}").format(some=", ".join(dead[:-1]), last=dead[-1]) if len(dead) > 1 else dead[0]
        return ngettext("{who} did not make it, and this mission needs every survivor.",
                        "{who} did not make it, and this mission needs every survivor.", len(dead)).format(who=who)
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
    n = figures.rounds
    lines.append(ngettext("<b>{n}</b> round played", "<b>{n}</b> rounds played", n).format(n=n))
    n = figures.kills
    lines.append(ngettext("<b>{n}</b> zombie killed", "<b>{n}</b> zombies killed", n).format(n=n))
    lost = ngettext("<b>{n}</b> survivor lost", "<b>{n}</b> survivors lost", figures.deaths).format(n=figures.deaths)
    escaped = ngettext("<b>{n}</b> escaped", "<b>{n}</b> escaped", figures.escaped).format(n=figures.escaped)
    lines.append(f"{lost}   {escaped}")
    lines.append(_("Experience earned: <b>{xp} XP</b>").format(xp=figures.xp_total))
    if figures.objectives:
        lines.append(ngettext("Objectives taken: <b>{taken} of {n}</b>", "Objectives taken: <b>{taken} of {n}</b>",
                              figures.objectives).format(taken=figures.objectives_taken, n=figures.objectives))
    if figures.winners:
        lines.append(_("Winning team: <b>{teams}</b>").format(teams=", ".join(figures.winners)))
    lines.append("")
    for s in figures.survivors:
        colour = LEVEL_COLOURS.get(s.level, "#ece6d8")
        fate = {"dead": "<font color='#ff6a5a'>" + _("dead") + "</font>",
                "escaped": "<font color='#9fe0a0'>" + _("escaped") + "</font>", "alive": _("alive")}[s.fate]
        level = f"<font color='{colour}'>{_(LEVEL_WORDS.get(s.level, s.level))}</font>"
        lines.append(_("<b>{name}</b> ({seat}): {xp} XP, {level}, {fate}").format(
            name=s.name, seat=s.seat, xp=s.xp, level=level, fate=fate))
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
        self.title = title or (board.title_in(language()) if board is not None else "")
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
        for n, (key, text) in enumerate((("board", _("Look at the board")), ("again", _("New game")),
                                         ("menu", _("Start screen")))):
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
            self._font = title_font(max(56, min(120, h // 9)))
        surface.blit(self._shade, (0, 0))
        assert self._font is not None
        text = _(RESULT_TITLES.get(self.figures.result, RESULT_TITLES["over"]))
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
