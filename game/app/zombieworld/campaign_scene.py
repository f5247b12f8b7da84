"""Zombieworld campaigns in the window: starting (named) and resuming one, and the screen between
games (standings, each band's survivors, a shop where Glory buys training, equipment, qualities and
recruits, next game or save and quit).

A campaign lives in ``<save dir>/campaigns/<name>.json``, written atomically after every change.
A game played for a campaign carries a ``CampaignPlay`` on its game scene (``campaign_play``) and a
``CampaignLink`` on its session (``saves.link_campaign``), which every save of the game keeps; the
victory screen reads either to fold the game in, once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.widgets.card_view import local_name, local_text
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_FILL, Button, ButtonSet, fit_text
from game.app.zombieworld.band_list import (
    ATTRIBUTE_WORDS,
    SEATS,
    draw_member_row,
    names_of,
    route_taps,
    seat_colour,
    stack_rows,
)
from game.app.zombieworld.content_words import item_name
from game.app.zombieworld.navigation import hooks
from game.app.zombieworld.saves import CampaignLink
from game.i18n import N_, _, ngettext, said
from game.rules.zombieworld.band import Band
from game.rules.zombieworld.campaign import (
    ATTRIBUTES,
    HEAL_COST,
    IMPROVE_COST,
    MAX_MEMBERS,
    RANK_LADDER,
    RANK_UP_COST,
    Campaign,
    CampaignError,
    Purchase,
    load_campaign,
    new_campaign,
    quality_cost,
    record_game,
    refusal,
    said_of,
    save_campaign,
    spend,
)
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.rules.zombieworld.state import BandEntry

CAMPAIGN_FOLDER = "campaigns"
NAME_MAX_CHARS = 60
ROW_PX = 56
OFFER_PX = 56
OFFER_W_PX = 195
TABS = (("train", N_("Train")), ("kit", N_("Equipment")), ("qualities", N_("Qualities")), ("recruit", N_("Recruit")))


def tab_hint(tab: str, catalog: Catalog) -> str:
    """The line under the shop's tabs: what the tab sells, at the campaign rules' prices."""
    costs = catalog.qualities
    return {
        "train": _("Heal {heal} a wound; +1 to an attribute {improve} (once each); a rank {rank}").format(
            heal=HEAL_COST, improve=IMPROVE_COST, rank=RANK_UP_COST),
        "kit": _("Weapons and objects at their points in Glory, while slots allow"),
        "qualities": _("One virtue ({virtue} Glory) and one defect (gives {defect} Glory) per survivor").format(
            virtue=costs.virtue_cost, defect=-costs.defect_cost),
        "recruit": _("New survivors at their points; {most} members at most").format(most=MAX_MEMBERS),
    }.get(tab, "")


@dataclass
class CampaignPlay:
    """The campaign a game on the table belongs to, and where it is saved; ``games_at_start`` is the
    number of games it had recorded when this game began (None: not tied to a game)."""

    campaign: Campaign
    path: Path
    recorded: bool = False
    games_at_start: int | None = None

    def link(self) -> CampaignLink:
        games = self.campaign.games if self.games_at_start is None else self.games_at_start
        return CampaignLink(self.path, self.campaign.name, games)


@dataclass(frozen=True)
class Offer:
    """One thing on the shop's shelf: its label, the purchase, and why it is refused ("" if it is not)."""

    label: str
    purchase: Purchase
    reason: str = ""


def campaign_dir(save_dir: Path) -> Path:
    return Path(save_dir) / CAMPAIGN_FOLDER


def campaign_path(save_dir: Path, name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"
    return campaign_dir(save_dir) / f"{slug}.json"


def clean_name(text: str) -> str:
    """A typed campaign name: one line, spaces tidied, at most NAME_MAX_CHARS."""
    return " ".join(text.split())[:NAME_MAX_CHARS].strip()


def start_campaign(save_dir: Path, bands: Sequence[Band], name: str = "") -> CampaignPlay:
    """A new campaign for ``bands`` (red first) called ``name`` (the bands' names when blank),
    saved at once under a file not yet taken (a number is added to a name in use)."""
    base = clean_name(name) or names_of(bands)
    name, number = base, 2
    while campaign_path(save_dir, name).exists():
        name, number = f"{base} {number}", number + 1
    entries = [BandEntry(seat=seat, band=band) for seat, band in zip(SEATS, bands, strict=False)]
    campaign = new_campaign(name, entries)
    play = CampaignPlay(campaign, campaign_path(save_dir, name))
    commit(play, campaign)
    return play


def commit(play: CampaignPlay, campaign: Campaign) -> None:
    """Save ``campaign`` as the campaign of ``play``, and only then make it the one in play: a write
    that fails (CampaignError, saying why) leaves both the file and the campaign in play unchanged."""
    save_campaign(campaign, play.path)
    play.campaign = campaign


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


def campaign_summary(campaign: Campaign) -> str:
    """Games and rounds played and the bands, for a list of campaigns."""
    games = ngettext("{n} game", "{n} games", campaign.games).format(n=campaign.games)
    rounds = ngettext("{n} round played", "{n} rounds played", campaign.rounds_played).format(n=campaign.rounds_played)
    return f"{games} · {rounds} · {names_of([b.band for b in campaign.bands])}"


def play_for_link(link: CampaignLink) -> CampaignPlay:
    """The campaign a saved game belongs to, read from its file (CampaignError when it cannot be)."""
    return CampaignPlay(load_campaign(link.path), link.path, games_at_start=link.games_at_start)


def record(play: CampaignPlay, state: Any, catalog: Catalog, seed: int) -> tuple[str, ...]:
    """Fold the finished game in once (a second call changes nothing) and save. A game whose
    campaign has recorded another game since it began (or this one, before a reload) is not added."""
    if play.recorded:
        return ()
    if play.games_at_start is not None and play.campaign.games != play.games_at_start:
        play.recorded = True
        since = play.campaign.games - play.games_at_start
        return (ngettext("This game is not added: {name} has recorded {n} game since it began",
                         "This game is not added: {name} has recorded {n} games since it began", since).format(
            name=play.campaign.name, n=since),)
    campaign, report = record_game(play.campaign, state, catalog, seed)
    try:
        commit(play, campaign)
    except CampaignError as error:  # not recorded: a later try (after freeing the disk) folds it in
        return (_("The game could not be added: {error}").format(error=error),)
    play.recorded = True
    return report


def shop(campaign: Campaign, seat: str, member_index: int | None, catalog: Catalog,
         tab: str = "train") -> list[Offer]:
    """The shelf of one tab for the band at ``seat`` (and its chosen member): every offer, each
    checked by ``spend`` itself; those it may buy first, the refused ones after with the reason."""
    band = campaign.band(seat)
    members = band.band.members
    member = members[member_index] if member_index is not None and 0 <= member_index < len(members) else None
    wanted: list[tuple[str, Purchase]] = []
    if tab == "recruit":
        for rank in RANK_LADDER:
            wanted.append((_("Recruit {rank} · {cost}").format(rank=local_name(catalog.rank(rank)), cost=catalog.rank(rank).cost),
                           Purchase(kind="recruit", member="Recruit", what=rank)))
    elif member is not None and tab == "train":
        if member.wounds:
            wanted.append((_("Heal a wound · {cost}").format(cost=HEAL_COST), Purchase(kind="heal", member=member.name)))
        for attribute in ATTRIBUTES:
            wanted.append((_("Improve {attribute} · {cost}").format(attribute=_(ATTRIBUTE_WORDS.get(attribute, attribute)),
                                                                    cost=IMPROVE_COST),
                           Purchase(kind="improve", member=member.name, what=attribute)))
        wanted.append((_("Rise in rank · {cost}").format(cost=RANK_UP_COST), Purchase(kind="rank_up", member=member.name)))
    elif member is not None and tab == "kit":
        for item in sorted(catalog.item_ids(), key=lambda i: (catalog.item_cost(i), item_name(catalog, i))):
            if catalog.item_cost(item) > 0:
                wanted.append((f"{item_name(catalog, item)} · {catalog.item_cost(item)}",
                               Purchase(kind="item", member=member.name, what=item)))
    elif member is not None and tab == "qualities":
        for virtue in catalog.qualities.virtue:
            wanted.append((f"{local_name(virtue)} · {quality_cost('virtue', catalog)}",
                           Purchase(kind="virtue", member=member.name, what=virtue.id)))
        for defect in catalog.qualities.defect:
            wanted.append((_("{quality} · gives {glory}").format(quality=local_name(defect), glory=-quality_cost("defect", catalog)),
                           Purchase(kind="defect", member=member.name, what=defect.id)))
    shelf = [Offer(label, purchase, said(refusal(campaign, seat, purchase, catalog))) for label, purchase in wanted]
    return [o for o in shelf if not o.reason] + [o for o in shelf if o.reason]


def offers(campaign: Campaign, seat: str, member_index: int | None, catalog: Catalog,
           tab: str = "train") -> list[tuple[str, Purchase]]:
    """What the band at ``seat`` may buy now on one tab: (label, purchase), every one allowed."""
    return [(o.label, o.purchase) for o in shop(campaign, seat, member_index, catalog, tab) if not o.reason]


class ZombieworldCampaignScene(Scene):
    """Between two campaign games: tap a survivor, a tab of the shop, then an offer to buy it for
    them; a refused offer says why."""

    def __init__(self, app: Any, play: CampaignPlay, report: Sequence[str] = ()):
        self.app = app
        self.play = play
        self.report = tuple(report)
        self.catalog = load_catalog()
        self.seat = play.campaign.bands[0].seat
        self.member: int | None = 0 if play.campaign.bands[0].band.members else None
        self.tab = "train"
        self.page = 0
        self.status = ""
        self.buttons = ButtonSet()
        self.shelf: list[Offer] = []  # the current tab's offers, allowed ones first
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    @property
    def offer_list(self) -> list[tuple[str, Purchase]]:
        """The current tab's offers that may be bought now."""
        return [(o.label, o.purchase) for o in self.shelf if not o.reason]

    @classmethod
    def resume(cls, app: Any, path: Path) -> ZombieworldCampaignScene:
        return cls(app, CampaignPlay(load_campaign(path), Path(path)))

    # --- layout --------------------------------------------------------------------------------

    def columns(self) -> list[pygame.Rect]:
        w, h = self.window_size
        bands = self.campaign.bands
        width = (w - 80 - 440) // max(1, len(bands))
        return [pygame.Rect(40 + n * width, 130, width - 16, h - 260) for n in range(len(bands))]

    def offer_rect(self) -> pygame.Rect:
        w, h = self.window_size
        return pygame.Rect(w - 460, 130, 420, h - 260)

    def offer_slots(self) -> list[pygame.Rect]:
        panel = self.offer_rect()
        area = pygame.Rect(panel.left + 10, panel.top + 126, panel.width - 20, panel.height - 136)
        rows = stack_rows(area, 64, OFFER_W_PX, OFFER_PX, 6)
        return [row.move(column * (OFFER_W_PX + 10), 0) for row in rows for column in range(2)]

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        buttons: list[Button] = []
        for column, band in zip(self.columns(), self.campaign.bands, strict=False):
            area = pygame.Rect(column.left + 8, column.top + 70, column.width - 16, column.height - 78)
            for index, rect in enumerate(stack_rows(area, len(band.band.members), row_px=ROW_PX, gap_px=6)):
                buttons.append(Button(rect, "", f"member:{band.seat}:{index}", "other"))
        panel = self.offer_rect()
        tab_w = (panel.width - 20 - 3 * 6) // len(TABS)
        for index, (key, label) in enumerate(TABS):
            rect = pygame.Rect(panel.left + 10 + index * (tab_w + 6), panel.top + 40, tab_w, OFFER_PX)
            buttons.append(Button(rect, _(label), f"tab:{key}", "turn"))
        self.shelf = shop(self.campaign, self.seat, self.member, self.catalog, self.tab)
        slots = self.offer_slots()
        per_page = len(slots) if len(self.shelf) <= len(slots) else max(1, len(slots) - 1)
        pages = max(1, -(-len(self.shelf) // per_page))
        self.page = min(self.page, pages - 1)
        first = self.page * per_page
        for slot, index in zip(slots, range(first, min(len(self.shelf), first + per_page)), strict=False):
            offer = self.shelf[index]
            group = "tool" if offer.reason else "danger" if offer.purchase.kind == "defect" else "search"
            buttons.append(Button(slot, offer.label, f"buy:{index}", group))
        if pages > 1:
            buttons.append(Button(slots[-1], _("More ({page}/{pages})").format(page=self.page + 1, pages=pages), "page", "turn"))
        buttons.append(Button(pygame.Rect(40, h - 96, 240, 64), _("Save and quit"), "quit", "turn"))
        buttons.append(Button(pygame.Rect(w - 280, h - 96, 240, 64), _("Next game"), "next", "move"))
        self.buttons.buttons = buttons

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return True
        return route_taps(self.buttons, event, self.window_size, self.press)

    def press(self, key: str) -> None:
        self.status = ""
        if key.startswith("member:"):
            _, seat, index = key.split(":")
            self.seat, self.member, self.page = seat, int(index), 0
        elif key.startswith("tab:"):
            self.tab, self.page = key[4:], 0
        elif key == "page":
            self.page += 1
            slots = len(self.offer_slots())
            if self.page * max(1, slots - 1) >= len(self.shelf):
                self.page = 0
        elif key.startswith("buy:"):
            self.buy(self.shelf[int(key[4:])])
        elif key == "quit":  # every change was saved when it was made
            opener = getattr(self.app, "open_start", None)
            if opener is not None:
                opener()
            return
        elif key == "next":
            self.next_game()
            return
        self.layout(self.window_size)

    def buy(self, offer: Offer) -> None:
        """Spend on ``offer``; a refusal (known or new) is shown and changes nothing."""
        if offer.reason:
            self.status = offer.reason
            return
        try:
            commit(self.play, spend(self.campaign, self.seat, offer.purchase, self.catalog))
        except CampaignError as refusal_reason:  # refused, or the write failed: nothing is bought
            self.status = said(said_of(refusal_reason))
            return
        purchase = offer.purchase
        if purchase.kind in ("virtue", "defect"):
            quality = self.catalog.virtue(purchase.what) if purchase.kind == "virtue" else \
                self.catalog.defect(purchase.what)
            self.status = _("{name} takes {quality}: {description}").format(
                name=purchase.member, quality=local_name(quality) if quality else purchase.what,
                description=local_text(quality, "description") if quality else "")
        else:
            self.status = _("Bought: {what}").format(what=offer.label.rsplit(" · ", 1)[0])

    def next_game(self) -> Any:
        """The set-up for the next game: scenario and table, the bands as the campaign has them."""
        return hooks().open_setup(self.app, campaign=CampaignPlay(self.campaign, self.play.path))

    # --- drawing -------------------------------------------------------------------------------

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        surface.fill((18, 20, 22))
        title = text_with_halo(_("Campaign: {name}").format(name=self.campaign.name), 32, color=(255, 224, 130))
        surface.blit(title, (40, 22))
        standings = sorted(self.campaign.bands, key=lambda b: -b.glory)
        line = _("Standings: {bands}").format(bands="  ·  ".join(
            _("{band} {glory} Glory").format(band=b.band.name, glory=b.glory) for b in standings))
        line += "  ·  " + campaign_summary(self.campaign).rsplit(" · ", 1)[0]
        surface.blit(fit_text(line, 18, w - 80), (40, 70))
        if self.report:
            report = "; ".join(said(line) for line in self.report)  # the campaign's words, in the player's language
            surface.blit(fit_text(_("Last game: {report}").format(report=report), 15, w - 80), (40, 98))
        for button in self.buttons.buttons:
            button.toggled = button.key in (f"member:{self.seat}:{self.member}", f"tab:{self.tab}")
        for column, band in zip(self.columns(), self.campaign.bands, strict=False):
            pygame.draw.rect(surface, PANEL_FILL, column, border_radius=12)
            pygame.draw.rect(surface, seat_colour(band.seat), column, 2, border_radius=12)
            surface.blit(fit_text(band.band.name, 22, column.width - 24), (column.left + 12, column.top + 10))
            surface.blit(font(18).render(_("Glory: {n}").format(n=band.glory), True, ACCENT), (column.left + 12, column.top + 40))
        panel = self.offer_rect()
        pygame.draw.rect(surface, PANEL_FILL, panel, border_radius=12)
        self.buttons.draw(surface)
        for button in self.buttons.buttons:
            if button.key.startswith("member:"):
                _member, seat, index = button.key.split(":")
                band = self.campaign.band(seat)
                member = band.band.members[int(index)]
                draw_member_row(surface, button.rect, member, self.catalog, member.name in band.recovering)
        chosen = self._chosen_member()
        band_name = self.campaign.band(self.seat).band.name
        heading = (_("Spend {band}'s Glory").format(band=band_name) if self.tab == "recruit" or chosen is None
                   else _("Spend {band}'s Glory on {name}").format(band=band_name, name=chosen.name))
        surface.blit(fit_text(heading, 18, panel.width - 20), (panel.left + 10, panel.top + 12))
        surface.blit(fit_text(tab_hint(self.tab, self.catalog), 14, panel.width - 20), (panel.left + 10, panel.top + 102))
        if not self.shelf:
            surface.blit(font(16).render(_("Choose a survivor first"), True, MUTED), (panel.left + 10, panel.top + 130))
        elif not self.offer_list:
            surface.blit(font(14).render(_("Nothing here can be bought now"), True, MUTED),
                         (panel.left + 10, panel.bottom - 24))
        if self.status:
            words = fit_text(self.status, 18, w - 80)
            back = pygame.Rect(0, 0, words.get_width() + 24, words.get_height() + 10)
            back.midbottom = (w // 2, h - 108)
            pygame.draw.rect(surface, (60, 30, 26), back, border_radius=8)
            surface.blit(words, words.get_rect(center=back.center))

    def _chosen_member(self) -> Any:
        members = self.campaign.band(self.seat).band.members
        return members[self.member] if self.member is not None and 0 <= self.member < len(members) else None
