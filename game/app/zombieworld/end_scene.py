"""The victory screen of a Zombieworld game: who won the scenario, and each band's Glory line by line."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.input import event_pointer
from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.widgets.card_view import local_name
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_FILL, TEXT, Button, ButtonSet, fit_text
from game.app.zombieworld.band_list import seat_word
from game.app.zombieworld.campaign_scene import ZombieworldCampaignScene, play_for_link, record
from game.app.zombieworld.navigation import hooks
from game.app.zombieworld.saves import campaign_link
from game.i18n import _, ngettext, said
from game.rules.zombieworld.campaign import CampaignError, recovery_seed
from game.rules.zombieworld.scoring import glory

SEAT_COLORS = {"red": (222, 74, 60), "blue": (72, 136, 236), "green": (80, 190, 110), "amber": (236, 170, 50)}


def result_lines(controller: Any) -> tuple[str, list[tuple[str, str, list[tuple[str, int]]]]]:
    """The headline and, per seat, (seat, band name, glory lines)."""
    state = controller.state
    winners = controller.outcome() or ()
    names = [controller.band_name(s) for s in winners]
    if not names:
        headline = _("Nobody wins this time")
    elif len(names) == 1:
        headline = _("{band} wins!").format(band=names[0])
    else:
        headline = _("A draw: {bands}").format(bands=_(" and ").join(names))
    bands = []
    for seat in state.seats:
        lines = list(glory(state, seat, state.catalog)) if state.catalog is not None else []
        bands.append((seat, controller.band_name(seat), lines))
    return headline, bands


class ZombieworldEndScene(Scene):
    """Pushed over the game when it ends; "Back to the table" pops it, "Start screen" opens the start
    screen, "New game" opens the setup; a campaign game offers "Campaign" instead, which records the
    game and opens the campaign screen. A game is a campaign game when its scene carries a
    ``campaign_play`` or, after a save and a resume, when its session is linked to a campaign."""

    opaque = False

    def __init__(self, app: Any, controller: Any, game_scene: Any = None):
        self.app = app
        self.controller = controller
        self.game_scene = game_scene
        session = getattr(controller, "session", None)
        self.link = campaign_link(session) if session is not None else None
        self._linked_play: Any = None  # the campaign read through ``link``, kept so it is recorded once
        self.status = ""
        self.buttons = ButtonSet()
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.window_size
        rect = pygame.Rect(0, 0, min(760, w - 40), min(560, h - 40))
        rect.center = (w // 2, h // 2)
        return rect

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        panel = self.panel_rect()
        y = panel.bottom - 76
        campaign_game = self.campaign_play() is not None or self.link is not None
        last = (_("Campaign"), "campaign") if campaign_game else (_("New game"), "new")
        self.buttons.buttons = [
            Button(pygame.Rect(panel.left + 24, y, 220, 56), _("Back to the table"), "back", "turn"),
            Button(pygame.Rect(panel.centerx - 90, y, 180, 56), _("Start screen"), "menu", "turn"),
            Button(pygame.Rect(panel.right - 244, y, 220, 56), last[0], last[1], "move"),
        ]

    def campaign_play(self) -> Any:
        """The campaign this game belongs to: the one it was started for, or else the one its saved
        link names (read once; None when it is not a campaign game or cannot be read yet)."""
        play = getattr(self.game_scene, "campaign_play", None)
        return play if play is not None else self._linked_play

    def open_campaign(self) -> Any:
        """Fold this game into its campaign (once) and show the campaign screen."""
        state = self.controller.state
        try:
            play = self.campaign_play()
            if play is None and self.link is not None:
                play = self._linked_play = play_for_link(self.link)
            if play is None:
                return None
            games = play.games_at_start if play.games_at_start is not None else play.campaign.games
            report = record(play, state, state.catalog, recovery_seed(self.controller.session.seed, games))
        except (CampaignError, OSError) as problem:
            self.status = _("Could not record the game: {problem}").format(problem=problem)
            return None
        scene = ZombieworldCampaignScene(self.app, play, report)
        self.app.show(scene)
        return scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        pointer = event_pointer(event, self.window_size)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.press("back")
            return True
        if pointer is None:
            return event.type in (pygame.MOUSEWHEEL,)
        phase, pid, pos = pointer
        if phase == "down":
            self.buttons.press(pid, pos)
        elif phase == "up":
            button = self.buttons.release(pid, pos)
            if button is not None:
                self.press(button.key)
        return True  # modal

    def press(self, key: str) -> None:
        if key == "back":
            popper = getattr(self.app, "pop", None)
            if popper is not None:
                popper(self)
            else:
                self.app.scenes.remove(self)
        elif key == "menu":
            opener = getattr(self.app, "open_start", None)
            if opener is not None:
                opener()
        elif key == "campaign":
            self.open_campaign()
        elif key == "new":
            hooks().open_setup(self.app)

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel = self.panel_rect()
        pygame.draw.rect(surface, PANEL_FILL, panel, border_radius=18)
        pygame.draw.rect(surface, ACCENT, panel, 3, border_radius=18)
        headline, bands = result_lines(self.controller)
        title = text_with_halo(headline, 40, color=(255, 224, 130))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + 22)))
        state = self.controller.state
        scenario = local_name(state.catalog.scenario(state.scenario)) if state.catalog else state.scenario
        played = ngettext("{n} round played", "{n} rounds played", state.round).format(n=state.round)
        sub = font(17).render(f"{scenario} · {played}", True, MUTED)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.top + 78)))
        columns = max(1, len(bands))
        col_w = (panel.width - 48) // columns
        winners = set(self.controller.outcome() or ())
        for n, (seat, name, lines) in enumerate(bands):
            box = pygame.Rect(panel.left + 24 + n * col_w, panel.top + 118, col_w - 12, panel.height - 218)
            pygame.draw.rect(surface, (32, 35, 38), box, border_radius=12)
            colour = SEAT_COLORS.get(seat, TEXT)
            pygame.draw.rect(surface, colour, box, 3 if seat in winners else 1, border_radius=12)
            surface.blit(fit_text(name, 22, box.width - 24), (box.left + 12, box.top + 10))
            # the edge colour is the seat's: say so, and mark the winner in words the font can draw
            seat_words = _("{seat} seat").format(seat=seat_word(seat)) + (_(" · winner") if seat in winners else "")
            tag = font(14).render(seat_words, True, colour)
            surface.blit(tag, tag.get_rect(topright=(box.right - 12, box.top + 14)))
            score = state.score(seat)
            facts = [_("Zombies killed: {n}").format(n=score.zombies_killed),
                     _("Hostile survivors killed: {n}").format(n=score.hostile_killed),
                     _("Wounds taken: {n}").format(n=score.wounds_taken), _("Members lost: {n}").format(n=score.members_lost)]
            y = box.top + 46
            for fact in facts:
                surface.blit(font(15).render(fact, True, MUTED), (box.left + 12, y))
                y += 22
            y += 8
            total = sum(points for _, points in lines)
            surface.blit(font(18).render(_("Glory: {n}").format(n=total), True, ACCENT), (box.left + 12, y))
            y += 28
            for label, points in lines:
                if y > box.bottom - 20:
                    break
                surface.blit(fit_text(f"{points:+d}  {said(label)}", 15, box.width - 24), (box.left + 12, y))
                y += 22
        self.buttons.draw(surface)
        if self.status:
            words = font(16).render(self.status, True, (255, 180, 160))
            surface.blit(words, words.get_rect(midbottom=(panel.centerx, panel.bottom - 84)))
