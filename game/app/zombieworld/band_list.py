"""The band lists shared by the Zombieworld set-up and campaign screens: seat colours, rows stacked
in an area, the two-line row (title, detail, a figure on the right, a seat dot), a member's facts,
and the tap routing of a screen made of touch buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.app.input import event_pointer
from game.app.render import font
from game.app.widgets.card_view import local_name
from game.app.widgets.dialogs import ACCENT, MUTED, ButtonSet, fit_text
from game.app.zombieworld.content_words import item_name
from game.i18n import N_, _, ngettext
from game.rules.zombieworld.band import Band, Member, band_cost
from game.rules.zombieworld.campaign import ATTRIBUTE_WORDS
from game.rules.zombieworld.catalog import Catalog

SEATS = ("red", "blue", "green", "amber")  # in the order bands are picked
SEAT_WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "amber": N_("amber")}
SEAT_COLORS = {"red": (222, 74, 60), "blue": (72, 136, 236), "green": (80, 190, 110), "amber": (236, 170, 50)}
ROW_PX = 58
ROW_GAP_PX = 8


def seat_word(seat: str) -> str:
    """A seat's colour, capitalised, in the player's language."""
    return (_(SEAT_WORDS[seat]) if seat in SEAT_WORDS else seat).capitalize()


def seat_colour(seat: str | int) -> tuple[int, int, int]:
    """A seat's colour, by its name or by its place (0 red, 1 blue, 2 green, 3 amber)."""
    if isinstance(seat, int):
        seat = SEATS[seat] if 0 <= seat < len(SEATS) else ""
    return SEAT_COLORS.get(seat, (240, 236, 226))


def stack_rows(area: pygame.Rect, count: int, width_px: int | None = None, row_px: int = ROW_PX,
               gap_px: int = ROW_GAP_PX) -> list[pygame.Rect]:
    """Up to ``count`` rows from the top of ``area``, as many as fit whole (``grid_rows`` in one column)."""
    fit = max(0, (area.height + gap_px) // (row_px + gap_px))
    return grid_rows(area, min(count, fit), width_px, row_px, gap_px)


MIN_COLUMN_PX = 220  # a row narrower than this cannot show its title


def grid_rows(area: pygame.Rect, count: int, width_px: int | None = None, row_px: int = ROW_PX,
              gap_px: int = ROW_GAP_PX) -> list[pygame.Rect]:
    """A row for each of ``count`` items: one column when they fit in ``area``'s height, else side by
    side columns sharing ``width_px`` (a small window still offers every scenario and table)."""
    width = width_px or area.width
    per_column = max(1, (area.height + gap_px) // (row_px + gap_px))
    columns = max(1, min(-(-count // per_column), max(1, (width + gap_px) // (MIN_COLUMN_PX + gap_px))))
    column_w = (width - gap_px * (columns - 1)) // columns
    rows = []
    for index in range(count):
        column, row = divmod(index, per_column)
        if column >= columns:
            break
        rows.append(pygame.Rect(area.left + column * (column_w + gap_px), area.top + row * (row_px + gap_px),
                                column_w, row_px))
    return rows


def draw_row(surface: pygame.Surface, rect: pygame.Rect, title: str, detail: str, figure: str = "",
             dot: tuple[int, int, int] | None = None) -> None:
    """The words of a list row drawn over its button: a title, a detail line under it, a figure
    (points, Glory) on the right and, for a band in a seat, the seat's dot on the left."""
    left = rect.left + 14
    if dot is not None:
        pygame.draw.circle(surface, dot, (rect.left + 22, rect.centery), 10)
        left = rect.left + 44
    right = rect.right - 14
    if figure:
        words = font(18).render(figure, True, ACCENT)
        surface.blit(words, words.get_rect(midright=(right, rect.centery)))
        right -= words.get_width() + 12
    surface.blit(fit_text(title, 20, max(20, right - left)), (left, rect.top + 6))
    line = fit_text(detail, 14, max(20, right - left))
    surface.blit(line, (left, rect.top + min(34, rect.height - 20)))


def band_detail(band: Band, catalog: Catalog, where: str = "") -> str:
    unique = catalog.unique_band(band.band_type)
    kind = local_name(unique) if unique else (band.band_type or _("mixed band"))
    members = ngettext("{n} member", "{n} members", len(band.members)).format(n=len(band.members))
    return " · ".join(p for p in (kind, members, where) if p)


def draw_band_row(surface: pygame.Surface, rect: pygame.Rect, band: Band, catalog: Catalog, where: str = "",
                  seat: str | int | None = None) -> None:
    draw_row(surface, rect, band.name, band_detail(band, catalog, where), _("{n} pts").format(n=band_cost(band, catalog)),
             seat_colour(seat) if seat is not None else None)




def member_title(member: Member, catalog: Catalog) -> str:
    return f"{member.name} · {_('Dog') if member.is_dog else local_name(catalog.rank(member.rank))}"


def member_facts(member: Member, catalog: Catalog, recovering: bool = False) -> str:
    """Wounds, improvements, qualities, sitting out, and what the member carries, in one line."""
    facts = [ngettext("{n} wound", "{n} wounds", member.wounds).format(n=member.wounds) if member.wounds
             else _("unhurt")]
    if member.improvements:
        facts.append(_("improved {attributes}").format(attributes=", ".join(
            _(ATTRIBUTE_WORDS.get(a, a)) for a in member.improvements)))
    qualities = [local_name(q) for q in (catalog.virtue(member.virtue) if member.virtue else None,
                                  catalog.defect(member.defect) if member.defect else None) if q is not None]
    if qualities:
        facts.append(", ".join(qualities))
    if recovering:
        facts.append(_("misses the next game"))
    kit = [item_name(catalog, i) for i in member.carried() if i in catalog.item_ids()]
    if kit:
        facts.append(", ".join(kit))
    return " · ".join(facts)


def draw_member_row(surface: pygame.Surface, rect: pygame.Rect, member: Member, catalog: Catalog,
                    recovering: bool = False) -> None:
    draw_row(surface, rect, member_title(member, catalog), member_facts(member, catalog, recovering))


def route_taps(buttons: ButtonSet, event: pygame.event.Event, window_size: tuple[int, int],
               on_press: Callable[[str], Any]) -> bool:
    """Mouse and finger presses on touch buttons: a button fires when the press that began on it
    ends on it. True when the event was a pointer event (consumed)."""
    pointer = event_pointer(event, window_size)
    if pointer is None:
        return False
    phase, pid, pos = pointer
    if phase == "down":
        buttons.press(pid, pos)
    elif phase == "up":
        button = buttons.release(pid, pos)
        if button is not None:
            on_press(button.key)
    return True


def muted_line(surface: pygame.Surface, text: str, pos: tuple[int, int], size_px: int = 16) -> None:
    surface.blit(font(size_px).render(text, True, MUTED), pos)


def names_of(bands: Sequence[Band]) -> str:
    return _(" vs ").join(b.name for b in bands)
