"""Setting up a Zombieworld game, one step at a time: two to four bands (ready-made, saved or built
now), a scenario, a table, then start. Every choice is a big button; Back and Next walk the steps.
With two bands chosen a campaign may start instead, under the name typed beside it (the bands'
names when blank); saved campaigns are listed with their games, rounds and bands, a tap resumes
one. A campaign's next game skips the bands step. The Start step also offers the optional verbal
alliances when three bands or more play: which bands are allied, fixed, fragile or rolled, and
whether the kind may flip each round."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.seeds import new_seed
from game.app.widgets.card_view import local_name
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_FILL, TEXT, Button, ButtonSet, fit_text
from game.app.zombieworld.ai_seats import SEAT_ROW_PX, SeatChoice
from game.app.zombieworld.band_builder import BandBuilderScene
from game.app.zombieworld.band_list import (
    ROW_GAP_PX,
    ROW_PX,
    SEATS,
    draw_band_row,
    draw_row,
    grid_rows,
    names_of,
    route_taps,
    seat_colour,
    seat_word,
    stack_rows,
)
from game.app.zombieworld.campaign_scene import (
    CampaignPlay,
    ZombieworldCampaignScene,
    campaign_summary,
    saved_campaigns,
    start_campaign,
)
from game.app.zombieworld.game_scene import ZombieworldGameScene
from game.app.zombieworld.navigation import hooks
from game.app.zombieworld.saves import link_campaign, saved_bands, table_choices
from game.i18n import N_, _, ngettext
from game.rules.zombieworld import engine
from game.rules.zombieworld.band import Band, band_cost, band_problems
from game.rules.zombieworld.campaign import CampaignError, next_setup
from game.rules.zombieworld.catalog import load_catalog
from game.rules.zombieworld.presets import preset_bands
from game.table.saves import DEFAULT_SAVE_DIR

STEPS = (N_("Bands"), N_("Scenario"), N_("Table"), N_("Start"))
MIN_BANDS = 2
MAX_BANDS = len(SEATS)  # one per deployment area of the shipped tables
ALLIANCE_KINDS = (
    ("fixed", N_("Fixed"), N_("A binding pact: allies can never shoot or charge each other")),
    ("fragile", N_("Fragile"), N_("Only a promise: the game stops nobody from betraying it")),
    ("roll", N_("Rolled at the start"), N_("A die before play: 1-{fixed} fixed, {fragile}-6 fragile")),
)
DEPLOY_ROW_PX = 60
DEPLOY_TEXT = {  # the deployment switch: (title, explanation), by whether the players place their figures
    False: (N_("Deployment: by the game (tap to place your own)"),
            N_("The deployment dice set the order; each band starts in its own area")),
    True: (N_("Deployment: you place your figures (tap for the game's)"),
           N_("Highest deployment die first: drag your figures into a quadrant's edge strip, then Done deploying")),
}
FLIPS_TEXT = N_("Each later round, a die on {flip_on}+ swaps the kind")
NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"))
ALLIANCE_NEEDS = engine.alliance_problem(0)  # the engine's words when too few bands play
NAME_ENTRY_PX = 56
VICTORY_TEXT = {
    "most_zombie_kills": N_("The band that kills the most zombies wins"),
    "fewest_wounds_taken": N_("The band that takes the fewest wounds wins"),
    "exit_opposite_edge": N_("Get your band off the table by the far edge"),
    "exit_any_edge": N_("Get your band off the table by any edge"),
    "most_hostile_kills": N_("The band that kills the most rival survivors wins"),
    "near_objective": N_("Hold the middle of the table at the end"),
    "rescue": N_("Find the missing person and keep them alive"),
    "most_antidotes": N_("Find the most antidotes"),
}


class ZombieworldSetupScene(SeatChoice, Scene):
    def __init__(self, app: Any, campaign: Any = None, seed: int | None = None):
        self.app = app
        self.catalog = load_catalog()
        self.save_dir = Path(getattr(app, "save_dir", DEFAULT_SAVE_DIR))
        self.campaign = campaign  # a CampaignPlay: its bands play, the bands step is skipped
        self.step = 1 if campaign is not None else 0
        self.chosen: list[Band] = []
        self.scenario = "massacre"
        self.tables = table_choices()
        self.table = self.tables[0][0] if self.tables else None
        self.seed = seed if seed is not None else new_seed()  # the games it starts play this seed
        self.buttons = ButtonSet()
        self.status = ""
        self.alliances_on = False  # the optional verbal alliances
        self.allied: list[tuple[str, str]] = []  # pairs of seats, in the order they were tapped
        self.alliance_kind = "fixed"
        self.alliance_flips = False
        self.players_deploy = False  # the players place their bands' figures, in the deployment dice's order
        self.name_entry: Any = None  # the campaign name's pygame_gui text line, on the bands step
        self.name_rect = pygame.Rect(0, 0, 0, 0)
        self.reload_bands()
        self.reload_campaigns()
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    def table_key(self, path: Path) -> str:
        """A table's button key: its file name, or its whole path when a player's file shares the name."""
        return path.name if sum(p.name == path.name for p, _title in self.tables) == 1 else str(path)

    def pick_table(self, path: Path) -> None:
        """Play on ``path`` (a table opened from a file): listed if the lists had missed it."""
        found = next((p for p, _title in self.tables if p.resolve() == Path(path).resolve()), None)
        if found is None:
            self.tables.append((Path(path), Path(path).stem))
            found = Path(path)
        self.table = found
        title = next((t for p, t in self.tables if p == found), found.stem)
        self.status = _("The table is {title}: pick the bands and the scenario").format(title=title)
        self.layout(self.window_size)

    def reload_bands(self) -> None:
        self.bands: list[tuple[Band, str]] = [(b, _("ready-made")) for b in preset_bands()]
        for path, band, problem in saved_bands(self.save_dir):
            if band is not None and not band_problems(band, self.catalog):
                self.bands.append((band, _("saved · {file}").format(file=path.name)))
            elif problem:
                self.status = problem

    def reload_campaigns(self) -> None:
        self.campaigns = [(path, found) for path, found, problem in saved_campaigns(self.save_dir) if found]
        problems = [problem for _, found, problem in saved_campaigns(self.save_dir) if problem]
        if problems:
            self.status = problems[0]

    def scenarios(self) -> list[Any]:
        return [s for s in self.catalog.scenarios if s.victory != "pick_any" and "standard" in s.modes]

    # --- layout --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        buttons: list[Button] = []
        area = pygame.Rect(40, 140, w - 80, h - 260)
        if self.step == 0:
            list_w = max(240, min(760, area.width - 260))
            for index, rect in enumerate(grid_rows(area, len(self.bands), list_w)):
                buttons.append(Button(rect, "", f"band:{index}", "other"))
            side_left = area.left + list_w + 20
            side = pygame.Rect(side_left, area.top, max(240, min(460, area.right - side_left)), area.height)
            step = ROW_PX + ROW_GAP_PX
            top = side.top
            if self.campaign is None:  # for a newcomer: a short game that teaches, between Back and Next
                buttons.append(Button(pygame.Rect(264, h - 96, min(360, max(0, w - 264 - 284)), 64),
                                      _("New? Play the tutorial"), "tutorial", "move"))
            buttons.append(Button(pygame.Rect(side.left, top, side.width, ROW_PX), _("Build a new band"), "build",
                                  "search"))
            buttons.append(Button(pygame.Rect(side.left, top + step, side.width, ROW_PX), _("Clear choice"),
                                  "clear", "turn"))
            self.name_rect = pygame.Rect(side.left, top + 2 * step + 26, side.width, NAME_ENTRY_PX)
            buttons.append(Button(pygame.Rect(side.left, self.name_rect.bottom + ROW_GAP_PX, side.width, ROW_PX),
                                  _("Start a campaign"), "campaign", "move", enabled=len(self.chosen) == 2))
            listed = pygame.Rect(side.left, self.name_rect.bottom + ROW_GAP_PX + step + 30, side.width, 0)
            listed.height = max(0, side.bottom - listed.top)
            for index, rect in enumerate(stack_rows(listed, len(self.campaigns))):
                buttons.append(Button(rect, "", f"resume:{index}", "search"))
        elif self.step == 1:
            for scenario, rect in zip(self.scenarios(), grid_rows(area, len(self.scenarios()), min(900, area.width)),
                                      strict=False):
                buttons.append(Button(rect, "", f"scenario:{scenario.id}", "other"))
        elif self.step == 2:
            for (path, _title), rect in zip(self.tables, grid_rows(area, len(self.tables), min(760, area.width)),
                                            strict=False):
                buttons.append(Button(rect, "", f"table:{self.table_key(path)}", "other"))
        elif self.step == 3:
            self._prune_alliances()
            buttons.extend(self._alliance_buttons(self.alliance_rect()))
            summary = self.summary_rect()
            buttons.append(Button(pygame.Rect(summary.left, summary.bottom + ROW_GAP_PX, summary.width, DEPLOY_ROW_PX),
                                  "", "deploy", "other"))
            buttons.extend(self.seat_buttons(pygame.Rect(264, h - 96, max(0, w - 264 - 284), SEAT_ROW_PX)))
        buttons.append(Button(pygame.Rect(40, h - 96, 200, 64), _("Back"), "back", "turn"))
        self._place_name_entry()
        last = self.step == len(STEPS) - 1
        buttons.append(Button(pygame.Rect(w - 260, h - 96, 220, 64), _("Start the game") if last else _("Next"),
                              "next", "move", enabled=self.can_advance()))
        self.buttons.buttons = buttons

    def _place_name_entry(self) -> None:
        """The campaign name's text line on the bands step (kept across layouts so typing survives),
        gone on the other steps."""
        manager = getattr(self.app, "ui", None)
        wanted = self.step == 0 and self.campaign is None and manager is not None
        if not wanted:
            self.leave()
            return
        if self.name_entry is None or not self.name_entry.alive():
            from pygame_gui.elements import UITextEntryLine

            self.name_entry = UITextEntryLine(self.name_rect, manager=manager, placeholder_text=self.default_name())
            self.name_entry.set_text_length_limit(60)
        else:
            self.name_entry.set_dimensions(self.name_rect.size)
            self.name_entry.set_relative_position(self.name_rect.topleft)
        if self.name_entry.placeholder_text != self.default_name():
            self.name_entry.placeholder_text = self.default_name()
            self.name_entry.rebuild()

    def default_name(self) -> str:
        return names_of(self.chosen) if len(self.chosen) == 2 else _("Pick two bands")

    def campaign_name(self) -> str:
        """The name typed for a new campaign ("" when none)."""
        return self.name_entry.get_text() if self.name_entry is not None and self.name_entry.alive() else ""

    def type_name(self, text: str) -> None:
        """Put ``text`` in the campaign name line (as typing would)."""
        if self.name_entry is not None and self.name_entry.alive():
            self.name_entry.set_text(text[:60])

    def leave(self) -> None:
        if self.name_entry is not None:
            self.name_entry.kill()
            self.name_entry = None

    def can_advance(self) -> bool:
        if self.step == 0:
            return MIN_BANDS <= len(self.chosen) <= MAX_BANDS
        if self.step == 2:
            return self.table is not None
        if self.step == 3:
            return not (self.alliances_on and not self.allied)
        return True

    # --- the optional verbal alliances ---------------------------------------------------------

    def playing(self) -> list[tuple[str, Band]]:
        """The seats and bands of the game being set up."""
        if self.campaign is not None:
            return [(b.seat, b.band) for b in self.campaign.campaign.bands]
        return list(zip(SEATS, self.chosen, strict=False))

    def alliance_problem(self) -> str:
        """Why alliances cannot be used ("" when they can)."""
        if not engine.alliance_problem(len(self.playing())):
            return ""
        return _("Needs {n} bands or more: two allies would have nobody left to fight").format(n=engine.ALLIANCE_MIN_BANDS)

    def alliance_pairs(self) -> list[tuple[str, str]]:
        """Every pair of seats that could ally, red with blue first."""
        seats = [seat for seat, _ in self.playing()]
        return [(a, b) for index, a in enumerate(seats) for b in seats[index + 1:]]

    def alliance_options(self) -> dict[str, Any]:
        """The alliance fields of the ZombieworldSetup (none when the rule is off)."""
        if not self.alliances_on or not self.allied or self.alliance_problem():
            return {}
        return {"alliances": tuple(self.allied), "alliance": self.alliance_kind, "alliance_flips": self.alliance_flips}

    def _prune_alliances(self) -> None:
        """Pairs stay only while both their bands play; the rule goes off with fewer than three bands."""
        if self.alliance_problem():
            self.alliances_on = False
        possible = self.alliance_pairs()
        self.allied = [pair for pair in self.allied if pair in possible]

    def alliance_rect(self) -> pygame.Rect:
        w, h = self.window_size
        left = self.summary_rect().right + 24
        return pygame.Rect(left, 140, max(240, min(760, w - 40 - left)), max(200, h - 140 - 124))

    def summary_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(40, 140, max(300, min(560, (w - 104) // 2)), h - 300 - DEPLOY_ROW_PX - ROW_GAP_PX)

    def deploy_options(self) -> dict[str, Any]:
        """The set-up's deployment field: the players place their figures, or the engine does."""
        return {"deploy": "players"} if self.players_deploy else {}

    def _alliance_buttons(self, area: pygame.Rect) -> list[Button]:
        """The switch, then (when on) a button per pair of bands, the three kinds and the flip."""
        pairs = self.alliance_pairs() if self.alliances_on else []
        pair_rows = (len(pairs) + 2) // 3
        rows = 1 + (pair_rows + len(ALLIANCE_KINDS) + 1 if self.alliances_on else 0)
        headings_px = 2 * 26 if self.alliances_on else 0
        row_px = max(44, min(ROW_PX, (area.height - 44 - headings_px) // max(1, rows) - ROW_GAP_PX))
        y = area.top + 44
        label = _("Alliances: on (tap to turn off)") if self.alliances_on else _("Alliances: off (tap to use them)") \
            if not self.alliance_problem() else _("Alliances: off (needs {n} bands or more)").format(
                n=_(NUMBER_WORDS[engine.ALLIANCE_MIN_BANDS]))
        buttons = [Button(pygame.Rect(area.left, y, area.width, row_px), label, "alliances", "turn",
                          enabled=not self.alliance_problem())]
        y += row_px + ROW_GAP_PX
        if not self.alliances_on:
            return buttons
        y += 26  # "Who is allied"
        column_px = (area.width - 2 * ROW_GAP_PX) // 3
        for index, (a, b) in enumerate(pairs):
            rect = pygame.Rect(area.left + (index % 3) * (column_px + ROW_GAP_PX),
                               y + (index // 3) * (row_px + ROW_GAP_PX), column_px, row_px)
            buttons.append(Button(rect, "", f"ally:{a}+{b}", "other"))
        y += pair_rows * (row_px + ROW_GAP_PX) + 26  # "What kind"
        for kind, _title, _text in ALLIANCE_KINDS:
            buttons.append(Button(pygame.Rect(area.left, y, area.width, row_px), "", f"alliance_kind:{kind}", "other"))
            y += row_px + ROW_GAP_PX
        buttons.append(Button(pygame.Rect(area.left, y, area.width, row_px), "", "alliance_flips", "other"))
        return buttons

    def press_alliance(self, key: str) -> None:
        if key == "alliances":
            if not self.alliance_problem():
                self.alliances_on = not self.alliances_on
                if self.alliances_on and not self.allied:
                    self.allied = self.alliance_pairs()[:1]  # a first pair to start from
        elif key.startswith("ally:"):
            a, b = key.split(":", 1)[1].split("+")
            if (a, b) in self.allied:
                self.allied.remove((a, b))
            else:
                self.allied.append((a, b))
        elif key.startswith("alliance_kind:"):
            self.alliance_kind = key.split(":", 1)[1]
        elif key == "alliance_flips":
            self.alliance_flips = not self.alliance_flips

    def alliance_summary(self) -> str:
        options = self.alliance_options()
        if not options:
            return _("Alliances: none")
        names = dict(self.playing())
        pairs = ", ".join(f"{names[a].name} + {names[b].name}" for a, b in options["alliances"])
        kind = _(next(title for k, title, _text in ALLIANCE_KINDS if k == options["alliance"])).lower()
        told = _("Allies: {pairs} · {kind}").format(pairs=pairs, kind=kind)
        return told + _(" · may flip each round") if options["alliance_flips"] else told

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.press("back")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.name_entry is not None \
                and event.ui_element is self.name_entry:
            if len(self.chosen) == 2:  # Enter after the name starts the campaign
                self.start_campaign()
            return True
        if event.type == pygame.FINGERUP and self.name_entry is not None and self.name_entry.alive():
            w, h = self.window_size
            if self.name_rect.collidepoint(event.x * w, event.y * h):
                self.focus_name()  # pygame_gui answers the mouse only: a finger on the line focuses it here
                return True
        return route_taps(self.buttons, event, self.window_size, self.press)

    def focus_name(self) -> None:
        """Ready the name line for typing; on a touch screen the system keyboard comes up."""
        manager = getattr(self.app, "ui", None)
        if manager is not None and self.name_entry is not None:
            manager.set_focus_set(self.name_entry)
            pygame.key.start_text_input()

    def press(self, key: str) -> None:
        self.status = ""
        if key.startswith("band:"):
            band = self.bands[int(key.split(":")[1])][0]
            if band in self.chosen:
                self.chosen.remove(band)
            elif len(self.chosen) < MAX_BANDS:
                self.chosen.append(band)
            else:
                self.chosen[-1] = band
        elif key == "clear":
            self.chosen.clear()
        elif key == "build":
            self.app.show(BandBuilderScene(self.app, on_done=self._built))
            return
        elif key == "tutorial":
            hooks().tutorial(self.app)
            return
        elif key.startswith("scenario:"):
            self.scenario = key.split(":", 1)[1]
        elif key.startswith("table:"):
            self.table = next((p for p, _ in self.tables if self.table_key(p) == key.split(":", 1)[1]), self.table)
        elif key == "campaign":
            self.start_campaign()
            return
        elif key == "alliances" or key.startswith(("ally:", "alliance_kind:", "alliance_flips")):
            self.press_alliance(key)
        elif key == "deploy":
            self.players_deploy = not self.players_deploy
        elif key.startswith("seat:"):
            self.toggle_seat(key[5:])
        elif key.startswith("resume:"):
            self.resume_campaign(int(key.split(":")[1]))
            return
        elif key == "back":
            if self.step == 1 and self.campaign is not None:
                self.back_to_campaign()
                return
            if self.step == 0:
                opener = getattr(self.app, "open_start", None)
                if opener is not None:
                    opener()
                return
            self.step -= 1
        elif key == "next":
            if self.step == len(STEPS) - 1:
                self.start()
                return
            self.step += 1
        self.layout(self.window_size)

    def pick(self, band: Band) -> None:
        """Choose ``band`` (a listed one) for the next free seat."""
        match = next((b for b, _ in self.bands if b == band), None)
        if match is not None and match not in self.chosen and len(self.chosen) < MAX_BANDS:
            self.chosen.append(match)
        self.layout(self.window_size)

    def _built(self, band: Band | None) -> None:
        self.reload_bands()
        if band is not None:
            self.pick(band)
        self.app.show(self)

    def start(self) -> Any:
        if self.table is None or (self.campaign is None and not MIN_BANDS <= len(self.chosen) <= MAX_BANDS):
            return None
        self._prune_alliances()
        options = {**self.alliance_options(), **self.deploy_options()}
        try:
            if self.campaign is not None:
                campaign = self.campaign.campaign
                setup = next_setup(campaign, self.scenario)
                seats = {entry.seat for entry in setup.bands}  # a band with everyone recovering sits out
                if "alliances" in options:
                    options["alliances"] = tuple(p for p in options["alliances"] if set(p) <= seats)
                scene = ZombieworldGameScene.new_game(self.app, self.table, setup.bands, self.scenario, self.seed,
                                                      check_bands=False, **options)
                play = CampaignPlay(campaign, self.campaign.path, games_at_start=campaign.games)
                scene.campaign_play = play  # type: ignore[attr-defined]
                link_campaign(scene.controller.session, play.link())  # every save of the game keeps it
            else:
                scene = ZombieworldGameScene.new_game(self.app, self.table, self.chosen, self.scenario, self.seed,
                                                      **options)
        except (ValueError, OSError, CampaignError) as error:
            self.status = f"Could not start: {error}"
            return None
        scene.ai_seats.update(self.ai_chosen)
        self.app.show(scene)
        return scene

    def start_campaign(self) -> Any:
        """A new campaign with the two chosen bands, saved at once; then its first scenario."""
        if len(self.chosen) != 2:
            return None
        try:
            self.campaign = start_campaign(self.save_dir, self.chosen, self.campaign_name())
        except OSError as error:
            self.status = f"Could not save the campaign: {error}"
            return None
        self.step = 1
        self.layout(self.window_size)
        return self.campaign

    def resume_campaign(self, index: int) -> Any:
        path, found = self.campaigns[index]
        scene = ZombieworldCampaignScene(self.app, CampaignPlay(found, path))
        self.app.show(scene)
        return scene

    def back_to_campaign(self) -> None:
        self.app.show(ZombieworldCampaignScene(self.app, self.campaign))

    # --- drawing -------------------------------------------------------------------------------

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        surface.fill((18, 20, 22))
        heading = _("Campaign: {name}").format(name=self.campaign.campaign.name) if self.campaign is not None else \
            _("new game")
        title = text_with_halo(f"Zombieworld Evolution — {heading}", 34, color=(255, 224, 130))
        surface.blit(title, (40, 24))
        x = 40
        for index, name in enumerate(STEPS):
            colour = ACCENT if index == self.step else TEXT if index < self.step else MUTED
            words = font(20).render(f"{index + 1}. {_(name)}", True, colour)
            surface.blit(words, (x, 82))
            if index == self.step:
                pygame.draw.line(surface, ACCENT, (x, 110), (x + words.get_width(), 110), 3)
            x += words.get_width() + 40
        for button in self.buttons.buttons:
            key = button.key
            button.toggled = (key.startswith("band:") and self.bands[int(key[5:])][0] in self.chosen) or \
                key == f"scenario:{self.scenario}" or (self.table is not None and key == f"table:{self.table_key(self.table)}") \
                or (key.startswith("ally:") and tuple(key[5:].split("+")) in self.allied) \
                or key == f"alliance_kind:{self.alliance_kind}" or (key == "alliance_flips" and self.alliance_flips) \
                or (key == "deploy" and self.players_deploy) or (key.startswith("seat:") and key[5:] in self.ai_chosen)
        self.buttons.draw(surface)
        for button in self.buttons.buttons:
            self._label(surface, button)
        if self.step == 0:
            hint = _("Pick two to four bands: they play red, blue, green and amber in the order picked. "
                     "A campaign takes two.")
            surface.blit(font(17).render(hint, True, MUTED), (40, h - 150))
            label = _("Name of a new campaign (tap to type)") if self.name_entry is not None else ""
            surface.blit(fit_text(label, 16, self.name_rect.width), (self.name_rect.left, self.name_rect.top - 24))
            if self.campaigns:
                heading = _("Saved campaigns (tap to resume)")
                top = self.name_rect.bottom + ROW_GAP_PX + ROW_PX + ROW_GAP_PX + 4
                surface.blit(fit_text(heading, 16, self.name_rect.width), (self.name_rect.left, top))
        if self.step == 3:
            self._summary(surface, self.summary_rect())
            self._alliance_words(surface, self.alliance_rect())
        if self.status:
            words = text_with_halo(self.status, 18, color=(255, 180, 160))
            surface.blit(words, words.get_rect(midbottom=(w // 2, h - 110)))

    def _label(self, surface: pygame.Surface, button: Button) -> None:
        rect, key = button.rect, button.key
        if key.startswith("band:"):
            band, where = self.bands[int(key[5:])]
            seat = self.chosen.index(band) if band in self.chosen else None
            draw_band_row(surface, rect, band, self.catalog, where, seat)
        elif key.startswith("resume:"):
            _path, found = self.campaigns[int(key.split(":")[1])]
            draw_row(surface, rect, found.name, campaign_summary(found))
        elif key.startswith("scenario:"):
            scenario = self.catalog.scenario(key.split(":", 1)[1])
            surface.blit(fit_text(local_name(scenario), 20, rect.width - 24), (rect.left + 14, rect.top + 6))
            text = _(VICTORY_TEXT[scenario.victory]) if scenario.victory in VICTORY_TEXT else \
                scenario.victory.replace("_", " ")
            text += " · " + ngettext("{n} round", "{n} rounds", scenario.rounds).format(n=scenario.rounds) \
                if scenario.rounds else ""
            surface.blit(fit_text(text, 14, rect.width - 28), (rect.left + 14, rect.top + 34))
        elif key.startswith("ally:"):
            seats = key[5:].split("+")
            names = dict(self.playing())
            for n, ally in enumerate(seats):
                top = rect.top + 6 + n * (rect.height - 12) // 2
                pygame.draw.circle(surface, seat_colour(ally), (rect.left + 16, top + (rect.height - 12) // 4), 7)
                surface.blit(fit_text(names[ally].name, 16, rect.width - 40), (rect.left + 30, top))
        elif key.startswith("alliance_kind:"):
            _kind, title, text = next(k for k in ALLIANCE_KINDS if k[0] == key.split(":", 1)[1])
            self._option_row(surface, rect, _(title), _(text).format(fixed=engine.ALLIANCE_FIXED_UP_TO,
                                                                     fragile=engine.ALLIANCE_FIXED_UP_TO + 1))
        elif key == "alliance_flips":
            title = _("May flip each round: yes") if self.alliance_flips else _("May flip each round: no")
            self._option_row(surface, rect, title, _(FLIPS_TEXT).format(flip_on=engine.ALLIANCE_FLIP_ON))
        elif key == "deploy":
            title, text = DEPLOY_TEXT[self.players_deploy]
            self._option_row(surface, rect, _(title), _(text))
        elif key.startswith("table:"):
            path, title = next(((p, t) for p, t in self.tables if self.table_key(p) == key.split(":", 1)[1]),
                               (Path(key), key))
            surface.blit(fit_text(title, 20, rect.width - 24), (rect.left + 14, rect.top + 6))
            surface.blit(fit_text(path.name, 14, rect.width - 28), (rect.left + 14, rect.top + 34))

    @staticmethod
    def _option_row(surface: pygame.Surface, rect: pygame.Rect, title: str, text: str) -> None:
        """A title over its one-line explanation; on one line when a short window makes rows thin."""
        if rect.height >= 52:
            draw_row(surface, rect, title, text)
            return
        words = fit_text(f"{title} — {text}", 17, rect.width - 28)
        surface.blit(words, words.get_rect(midleft=(rect.left + 14, rect.centery)))

    def _summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PANEL_FILL, rect, border_radius=14)
        lines = [(_("{seat}: {band} ({points} pts)").format(seat=seat_word(seat), band=band.name,
                                                           points=band_cost(band, self.catalog)), seat_colour(seat))
                 for seat, band in self.playing()]
        lines.append((_("Scenario: {name}").format(name=local_name(self.catalog.scenario(self.scenario))), TEXT))
        title = next((t for p, t in self.tables if p == self.table), "")
        lines.append((_("Table: {name}").format(name=title), TEXT))
        lines.append((self.alliance_summary(), TEXT))
        lines.append((_("Seed: {seed}").format(seed=self.seed), MUTED))
        y = rect.top + 20
        for text, colour in lines:
            size_px = next((n for n in range(22, 13, -1) if font(n).size(text)[0] <= rect.width - 48), 0)
            words = font(size_px).render(text, True, colour) if size_px else fit_text(text, 14, rect.width - 48)
            surface.blit(words, (rect.left + 24, y))
            y += 40

    def _alliance_words(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The panel's heading, why it is off when it must be, and the headings over pairs and kinds."""
        surface.blit(font(22).render(_("Alliances (optional rule)"), True, ACCENT), (area.left, area.top + 6))
        switch = next((b for b in self.buttons.buttons if b.key == "alliances"), None)
        if switch is None:
            return
        below = switch.rect.bottom + 8
        if self.alliance_problem():
            surface.blit(fit_text(self.alliance_problem(), 16, area.width), (area.left, below))
            return
        if not self.alliances_on:
            text = _("Bands may give their word to spare each other; each still plays for its own victory")
            surface.blit(fit_text(text, 16, area.width), (area.left, below))
            return
        pairs = [b for b in self.buttons.buttons if b.key.startswith("ally:")]
        kinds = [b for b in self.buttons.buttons if b.key.startswith("alliance_kind:")]
        surface.blit(font(16).render(_("Who is allied (tap each pair)"), True, MUTED), (area.left, below - 4))
        if kinds:
            surface.blit(font(16).render(_("What kind of alliance"), True, MUTED), (area.left, kinds[0].rect.top - 24))
        if not self.allied and pairs:
            warn = _("Pick a pair, or turn alliances off")
            surface.blit(font(16).render(warn, True, (255, 180, 160)), (area.right - font(16).size(warn)[0], below - 4))
