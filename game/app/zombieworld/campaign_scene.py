"""Zombieworld campaigns in the window: starting and resuming one, and the screen between games
(standings, each band's survivors, Glory spent on big buttons, next game or save and quit).

A campaign lives in ``<save dir>/campaigns/<name>.json``, written atomically after every change.
A game played for a campaign carries a ``CampaignPlay`` on its game scene (``campaign_play``), which
the victory screen reads to fold the game in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.zombicide.dialogs import ACCENT, MUTED, PANEL_FILL, TEXT, Button, ButtonSet, fit_text
from game.app.zombicide.game_scene import event_pointer
from game.rules.zombieworld.band import Band, Member
from game.rules.zombieworld.campaign import (
    ATTRIBUTES,
    RANK_LADDER,
    Campaign,
    CampaignError,
    Purchase,
    load_campaign,
    new_campaign,
    record_game,
    save_campaign,
    spend,
)
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.rules.zombieworld.state import BandEntry

CAMPAIGN_FOLDER = "campaigns"
SEATS = ("red", "blue")
SEAT_COLORS = {"red": (222, 74, 60), "blue": (72, 136, 236)}
ROW_PX = 56
OFFER_PX = 56
MAX_ITEM_OFFERS = 8


@dataclass
class CampaignPlay:
    """The campaign a game on the table belongs to, and where it is saved."""

    campaign: Campaign
    path: Path
    recorded: bool = False


def campaign_dir(save_dir: Path) -> Path:
    return Path(save_dir) / CAMPAIGN_FOLDER


def campaign_path(save_dir: Path, name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"
    return campaign_dir(save_dir) / f"{slug}.json"


def start_campaign(save_dir: Path, bands: Sequence[Band]) -> CampaignPlay:
    """A new campaign for ``bands`` (red first), saved under a name not yet taken."""
    base = " vs ".join(b.name for b in bands)
    name, number = base, 2
    while campaign_path(save_dir, name).exists():
        name, number = f"{base} {number}", number + 1
    entries = [BandEntry(seat=seat, band=band) for seat, band in zip(SEATS, bands, strict=False)]
    play = CampaignPlay(new_campaign(name, entries), campaign_path(save_dir, name))
    write(play)
    return play


def write(play: CampaignPlay) -> None:
    play.path.parent.mkdir(parents=True, exist_ok=True)
    save_campaign(play.campaign, play.path)


def saved_campaigns(save_dir: Path) -> list[tuple[Path, Campaign | None, str]]:
    """Every campaign file: (path, campaign, "") or (path, None, the problem)."""
    found: list[tuple[Path, Campaign | None, str]] = []
    folder = campaign_dir(save_dir)
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.json")):
        try:
            found.append((path, load_campaign(path), ""))
        except CampaignError as problem:
            found.append((path, None, str(problem)))
    return found


def record(play: CampaignPlay, state: Any, catalog: Catalog, seed: int) -> tuple[str, ...]:
    """Fold the finished game in once (a second call changes nothing) and save."""
    if play.recorded:
        return ()
    play.campaign, report = record_game(play.campaign, state, catalog, seed)
    play.recorded = True
    write(play)
    return report


def offers(campaign: Campaign, seat: str, member_index: int | None, catalog: Catalog) -> list[tuple[str, Purchase]]:
    """What the band at ``seat`` may buy now (for the chosen member, and recruits), each checked by
    ``spend`` itself so every button shown works."""
    band = campaign.band(seat)
    wanted: list[tuple[str, Purchase]] = []
    members = band.band.members
    if member_index is not None and 0 <= member_index < len(members):
        member = members[member_index]
        name = member.name
        if member.wounds:
            wanted.append(("Heal a wound · 1", Purchase(kind="heal", member=name)))
        for attribute in ATTRIBUTES:
            wanted.append((f"Improve {attribute} · 5", Purchase(kind="improve", member=name, what=attribute)))
        wanted.append(("Rise in rank · 5", Purchase(kind="rank_up", member=name)))
        items = sorted(catalog.item_ids(), key=lambda i: (catalog.item_cost(i), i))
        shown = 0
        for item in items:
            if shown >= MAX_ITEM_OFFERS or catalog.item_cost(item) == 0:
                continue
            purchase = Purchase(kind="item", member=name, what=item)
            if _allowed(campaign, seat, purchase, catalog):
                wanted.append((f"{catalog.item_name(item)} · {catalog.item_cost(item)}", purchase))
                shown += 1
    for rank in RANK_LADDER:
        wanted.append((f"Recruit {rank} · {catalog.rank(rank).cost}",
                       Purchase(kind="recruit", member="Recruit", what=rank)))
    return [(label, p) for label, p in wanted if _allowed(campaign, seat, p, catalog)]


def _allowed(campaign: Campaign, seat: str, purchase: Purchase, catalog: Catalog) -> bool:
    try:
        spend(campaign, seat, purchase, catalog)
    except (CampaignError, KeyError, ValueError):
        return False
    return True


class ZombieworldCampaignScene(Scene):
    """Between two campaign games: tap a survivor, then an offer to buy it for them."""

    def __init__(self, app: Any, play: CampaignPlay, report: Sequence[str] = ()):
        self.app = app
        self.play = play
        self.report = tuple(report)
        self.catalog = load_catalog()
        self.seat = play.campaign.bands[0].seat
        self.member: int | None = 0 if play.campaign.bands[0].band.members else None
        self.status = ""
        self.buttons = ButtonSet()
        self.offer_list: list[tuple[str, Purchase]] = []
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    @classmethod
    def resume(cls, app: Any, path: Path) -> ZombieworldCampaignScene:
        return cls(app, CampaignPlay(load_campaign(path), Path(path)))

    # --- layout --------------------------------------------------------------------------------

    def columns(self) -> list[pygame.Rect]:
        w, h = self.window_size
        bands = self.campaign.bands
        width = (w - 80 - 440) // max(1, len(bands))
        return [pygame.Rect(40 + n * width, 130, width - 16, h - 260) for n in range(len(bands))]

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        buttons: list[Button] = []
        for column, band in zip(self.columns(), self.campaign.bands, strict=False):
            for index, _member in enumerate(band.band.members):
                rect = pygame.Rect(column.left + 8, column.top + 70 + index * (ROW_PX + 6), column.width - 16, ROW_PX)
                if rect.bottom > column.bottom:
                    break
                buttons.append(Button(rect, "", f"member:{band.seat}:{index}", "other"))
        self.offer_list = offers(self.campaign, self.seat, self.member, self.catalog)
        panel = self.offer_rect()
        for index, (label, _purchase) in enumerate(self.offer_list):
            offer_column, row = divmod(index, max(1, (panel.height - 50) // (OFFER_PX + 6)))
            rect = pygame.Rect(panel.left + 10 + offer_column * 205, panel.top + 44 + row * (OFFER_PX + 6), 195, OFFER_PX)
            if rect.right > panel.right:
                break
            buttons.append(Button(rect, label, f"buy:{index}", "search"))
        buttons.append(Button(pygame.Rect(40, h - 96, 240, 64), "Save and quit", "quit", "turn"))
        buttons.append(Button(pygame.Rect(w - 280, h - 96, 240, 64), "Next game", "next", "move"))
        self.buttons.buttons = buttons

    def offer_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(w - 460, 130, 420, h - 260)

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return True
        pointer = event_pointer(event, self.window_size)
        if pointer is None:
            return False
        phase, pid, pos = pointer
        if phase == "down":
            self.buttons.press(pid, pos)
        elif phase == "up":
            button = self.buttons.release(pid, pos)
            if button is not None:
                self.press(button.key)
        return True

    def press(self, key: str) -> None:
        self.status = ""
        if key.startswith("member:"):
            _, seat, index = key.split(":")
            self.seat, self.member = seat, int(index)
        elif key.startswith("buy:"):
            label, purchase = self.offer_list[int(key[4:])]
            try:
                self.play.campaign = spend(self.campaign, self.seat, purchase, self.catalog)
            except CampaignError as refusal:
                self.status = str(refusal)
            else:
                write(self.play)
                self.status = f"Bought: {label.rsplit(' · ', 1)[0]}"
        elif key == "quit":
            write(self.play)
            opener = getattr(self.app, "open_start", None)
            if opener is not None:
                opener()
            return
        elif key == "next":
            self.next_game()
            return
        self.layout(self.window_size)

    def next_game(self) -> Any:
        """The set-up for the next game: scenario and table, the bands as the campaign has them."""
        from game.app.zombieworld.setup_scene import ZombieworldSetupScene

        write(self.play)
        setup = ZombieworldSetupScene(self.app, campaign=CampaignPlay(self.campaign, self.play.path))
        self.app.show(setup)
        return setup

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        surface.fill((18, 20, 22))
        title = text_with_halo(f"Campaign: {self.campaign.name}", 32, color=(255, 224, 130))
        surface.blit(title, (40, 22))
        standings = sorted(self.campaign.bands, key=lambda b: -b.glory)
        line = "Standings: " + "  ·  ".join(f"{b.band.name} {b.glory} Glory" for b in standings)
        line += f"  ·  {self.campaign.games} games played"
        surface.blit(fit_text(line, 18, w - 80), (40, 70))
        if self.report:
            surface.blit(fit_text("Last game: " + "; ".join(self.report), 15, w - 80), (40, 98))
        for button in self.buttons.buttons:
            button.toggled = button.key == f"member:{self.seat}:{self.member}"
        for column, band in zip(self.columns(), self.campaign.bands, strict=False):
            pygame.draw.rect(surface, PANEL_FILL, column, border_radius=12)
            pygame.draw.rect(surface, SEAT_COLORS.get(band.seat, TEXT), column, 2, border_radius=12)
            surface.blit(fit_text(band.band.name, 22, column.width - 24), (column.left + 12, column.top + 10))
            surface.blit(font(18).render(f"Glory: {band.glory}", True, ACCENT), (column.left + 12, column.top + 40))
        self.buttons.draw(surface)
        for button in self.buttons.buttons:
            if button.key.startswith("member:"):
                _, seat, index = button.key.split(":")
                self._member_label(surface, button.rect, self.campaign.band(seat), int(index))
        panel = self.offer_rect()
        pygame.draw.rect(surface, PANEL_FILL, panel.inflate(0, 0), 2, border_radius=12)
        chosen = self._chosen_member()
        heading = f"Spend {self.campaign.band(self.seat).band.name}'s Glory" + (f" on {chosen.name}" if chosen else "")
        surface.blit(fit_text(heading, 18, panel.width - 20), (panel.left + 10, panel.top + 12))
        if not self.offer_list:
            surface.blit(font(16).render("Nothing affordable", True, MUTED), (panel.left + 10, panel.top + 50))
        if self.status:
            words = text_with_halo(self.status, 18, color=(255, 200, 160))
            surface.blit(words, words.get_rect(midbottom=(w // 2, h - 110)))

    def _chosen_member(self) -> Member | None:
        members = self.campaign.band(self.seat).band.members
        return members[self.member] if self.member is not None and 0 <= self.member < len(members) else None

    def _member_label(self, surface: pygame.Surface, rect: pygame.Rect, band: Any, index: int) -> None:
        member = band.band.members[index]
        rank = "Dog" if member.is_dog else self.catalog.rank(member.rank).name
        surface.blit(fit_text(f"{member.name} · {rank}", 18, rect.width - 20), (rect.left + 10, rect.top + 5))
        facts = [f"{member.wounds} wounds" if member.wounds else "unhurt"]
        if member.improvements:
            facts.append("improved " + ", ".join(member.improvements))
        if member.name in band.recovering:
            facts.append("misses the next game")
        kit = [self.catalog.item_name(i) for i in member.carried()]
        if kit:
            facts.append(", ".join(kit))
        surface.blit(fit_text(" · ".join(facts), 14, rect.width - 20), (rect.left + 10, rect.top + 31))


def seed_for_record() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)
