"""The survivor's card: actions left, wounds, the experience bar in danger-level colours, skills,
the box's own lines (armour) and the inventory under the box's headings (hands, body, backpack). A card dragged from one slot to another is a Rearrange;
dragged onto another survivor it offers a Trade (the scene decides); refused, it slides back home.
"""

from __future__ import annotations

import pygame

from game.app.render import font
from game.app.widgets.dialogs import ACCENT, MUTED, PANEL_EDGE, PANEL_FILL, TEXT, fit_lines, fit_text, fitted
from game.app.zombicide.event_text import colour_word
from game.app.zombicide.view_model import DANGER_COLOURS, SlotView, SurvivorCardView, danger_colour
from game.i18n import N_, _, said
from game.rules.zombicide.state import LEVEL_NAMES

SLOT_H_PX = 56
PACK_SLOT_H_PX = 42  # the backpack's slots, in rows under the hands
PACK_SLOT_MIN_H_PX = 30  # ... no shorter than this on a short card (a name's line and a finger's tap)
SLOT_MIN_H_PX = 40
XP_H_PX = 48  # the experience's words and bar
WOUND_RED = (200, 50, 44)
LIT_GREEN = (90, 220, 120)
SNAP_BACK_S = 0.25
GHOST_SIZE_PX = (150, 52)
WORN_ROW_MAX = 3  # slots side by side in the first row (two hands and a body)

# the kinds of free actions skills give (skills.SkillHook.free_actions and the boxes')
FREE_ACTION_WORDS = {"move": N_("move"), "search": N_("search"), "melee": N_("melee"), "ranged": N_("ranged"),
                     "magic": N_("magic"), "combat": N_("combat"), "door": N_("door"), "spell": N_("spell"),
                     "enchantment": N_("enchantment"), "machine": N_("machine")}


class SurvivorCardPanel:
    """Draws one survivor's card in ``rect``; knows where its slots are for drags and taps."""

    def __init__(self, rect: pygame.Rect):
        self.rect = rect
        self.slot_rects: list[pygame.Rect] = []
        self.drag_from: int | None = None
        self.drag_pos: tuple[float, float] | None = None
        self.flash_s = 0.0
        self.returning: tuple[tuple[float, float], int, float] | None = None  # from, slot, seconds left
        self._ghost_name = ""
        self._headings: list[tuple[str, tuple[int, int]]] = []
        self.lit_slots: set[int] = set()  # where the lifted card may be dropped to play the box's command

    def slot_at(self, pos: tuple[float, float]) -> int | None:
        for index, rect in enumerate(self.slot_rects):
            if rect.collidepoint(pos):
                return index
        return None

    def press(self, pos: tuple[float, float], card: SurvivorCardView | None) -> bool:
        slot = self.slot_at(pos)
        if slot is not None and card is not None and slot < len(card.slots) and card.slots[slot].name \
                and not card.slots[slot].wound:
            self.drag_from, self.drag_pos = slot, pos
            return True
        return self.rect.collidepoint(pos)

    def move(self, pos: tuple[float, float]) -> None:
        if self.drag_from is not None:
            self.drag_pos = pos

    def snap_back(self, pos: tuple[float, float], slot: int) -> None:
        """A dropped card that was refused slides from ``pos`` back to its slot."""
        self.returning = (pos, slot, SNAP_BACK_S)

    def update(self, dt_s: float) -> None:
        self.flash_s = max(0.0, self.flash_s - dt_s)
        if self.returning is not None:
            start, slot, left = self.returning
            self.returning = (start, slot, left - dt_s) if left > dt_s else None

    @property
    def animating(self) -> bool:
        return self.drag_from is not None or self.returning is not None

    def release(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        """(from slot, to slot) when a card was dropped on another slot."""
        start, self.drag_from, self.drag_pos = self.drag_from, None, None
        self.lit_slots = set()
        target = self.slot_at(pos)
        if start is None or target is None or target == start:
            return None
        return start, target

    def draw(self, target: pygame.Surface, card: SurvivorCardView | None) -> None:
        r = self.rect
        pygame.draw.rect(target, PANEL_FILL, r, border_radius=12)
        pygame.draw.rect(target, PANEL_EDGE, r, 2, border_radius=12)
        self.slot_rects = []
        if card is None:
            target.blit(font(18).render("Pick a survivor", True, MUTED), (r.left + 16, r.top + 16))
            return
        level_colour = danger_colour(card.level)
        pygame.draw.rect(target, level_colour, (r.left, r.top, r.width, 8), border_top_left_radius=12,
                         border_top_right_radius=12)
        x, y = r.left + 16, r.top + 16
        width = r.width - 32
        # a short card (a small window, a box with a body and a big backpack) says the same in fewer
        # rows: actions and wounds on one, the skills on one, the slots below the hands in one grid
        lines_h = 18 * max(0, len(card.lines[:2]) - 1)
        full_h = 16 + 34 + 26 + lines_h + 28 + 30 + XP_H_PX + 22 + 20 * len(card.skills[:6]) + 8
        compact = full_h + self._slots_height(card, width, merged=False) + 8 > r.height
        target.blit(fit_text(card.name, 24, width), (x, y))
        y += 34
        status = _("eliminated") if not card.alive else _("escaped") if card.escaped else (
            _("turn done") if card.done else _("acting") if card.active else card.seat)
        target.blit(font(15).render(status, True, MUTED), (x, y))
        for n, line in enumerate(card.lines[:2]):  # the box's lines, right of the status
            words = fit_text(said(line), 15, r.width // 2 + 20)
            target.blit(words, (r.right - 16 - words.get_width(), y - 2 + n * 18))
        y += 26 + lines_h
        # actions left as pips, free actions as words
        target.blit(font(16).render(_("Actions"), True, TEXT), (x, y))
        for n in range(max(card.actions_left, 0)):
            pygame.draw.circle(target, ACCENT, (x + 92 + n * 24, y + 11), 9)
        wounds_x, wounds_w = x + 84, 0
        if compact:  # the wounds at the row's right end
            wounds_w = font(16).size(_("Wounds"))[0] + 8 + 26 * card.wounds
            wounds_x = x + width - 26 * card.wounds
            if card.wounds:
                target.blit(font(16).render(_("Wounds"), True, TEXT), (x + width - wounds_w, y))
        if card.free_actions:
            free_x = x + 96 + max(card.actions_left, 0) * 24
            room = (x + width - wounds_w - 8 if compact and card.wounds else x + width) - free_x
            if room > 24:
                words = fit_text(_("+ free: {actions}").format(actions=", ".join(
                    _(FREE_ACTION_WORDS[a]) if a in FREE_ACTION_WORDS else a for a in card.free_actions)), 13, room)
                target.blit(words, (free_x, y + 3))
        if not compact:
            y += 28
            target.blit(font(16).render(_("Wounds"), True, TEXT), (x, y))
        for n in range(card.wounds):
            pygame.draw.rect(target, WOUND_RED, (wounds_x + n * 26, y + 2, 20, 20), border_radius=4)
        y += 30
        y = self._xp_bar(target, card, x, y, width)
        if compact:
            skills = ", ".join(card.skills) or "—"
            target.blit(fit_text(_("Skills: {skills}").format(skills=skills), 15, width), (x, y))
            y += 26
        else:
            target.blit(font(16).render(_("Skills"), True, TEXT), (x, y))
            y += 22
            for skill in card.skills[:6]:
                target.blit(fit_text("• " + skill, 15, r.width - 40), (x + 4, y))
                y += 20
            y += 8
        for rect, slot in zip(self._slot_layout(card, x, y, width, r.bottom - 8 - y, merged=compact), card.slots,
                              strict=True):
            self.slot_rects.append(rect)
            self._slot(target, rect, slot.name, slot.wound, slot.loaded, slot.index == self.drag_from)
            if compact and slot.group not in ("", "Hands", "Backpack") and not slot.name:
                # one grid for the body and the backpack: an empty body slot names its place
                label, size = fitted(_(slot.group), 13, rect.width - 8)
                words = font(size).render(label, True, MUTED)
                target.blit(words, words.get_rect(center=rect.center))
            if slot.index in self.lit_slots:
                pygame.draw.rect(target, LIT_GREEN, rect.inflate(4, 4), 3, border_radius=9)
        for heading, at in self._headings:
            target.blit(font(16).render(heading, True, TEXT), at)
        lifted = self.drag_from if self.drag_from is not None else (self.returning[1] if self.returning else None)
        self._ghost_name = card.slots[lifted].name if lifted is not None and lifted < len(card.slots) else ""
        if self.flash_s > 0:
            pygame.draw.rect(target, WOUND_RED, r, 6, border_radius=12)

    @staticmethod
    def _slot_groups(card: SurvivorCardView, merged: bool) -> tuple[list[tuple[str, list[SlotView]]], int]:
        """The slots by heading, and how many leading groups share the first row (the hands and a
        lone worn slot); ``merged``: the groups after that row under one heading, in one grid."""
        groups: list[tuple[str, list[SlotView]]] = []
        for slot in card.slots:
            heading = _(slot.group) if slot.group else _("Hands") if slot.hand else _("Backpack")
            if groups and groups[-1][0] == heading:
                groups[-1][1].append(slot)
            else:
                groups.append((heading, [slot]))
        worn = 0
        while worn < len(groups) and (all(s.hand for s in groups[worn][1]) or len(groups[worn][1]) == 1) \
                and sum(len(g[1]) for g in groups[:worn + 1]) <= WORN_ROW_MAX:
            worn += 1
        if merged and len(groups) - worn > 1:
            rest = groups[worn:]
            groups = [*groups[:worn], (" · ".join(h for h, _slots in rest), [s for _h, slots in rest for s in slots])]
        return groups, worn

    def _slots_height(self, card: SurvivorCardView, width: int, merged: bool) -> int:
        """The height the slots take at their natural sizes."""
        groups, worn = self._slot_groups(card, merged)
        fixed, pack_rows = _slot_rows(groups, worn, width)
        return fixed + (SLOT_H_PX if worn else 0) + PACK_SLOT_H_PX * pack_rows

    def _slot_layout(self, card: SurvivorCardView, x: int, y: int, width: int, room_px: int,
                     merged: bool = False) -> list[pygame.Rect]:
        """Each slot's place under its group's heading: the hands and a lone worn slot (the body)
        side by side in the first row, tall; the rest (the backpack) in rows below. Where the card is
        short (a small window, a box with a body slot and five in the backpack), the slots grow
        shorter to stay on it: the backpack's first, down to a floor, then the first row's."""
        rects: list[pygame.Rect] = []
        self._headings = []
        groups, worn = self._slot_groups(card, merged)
        in_row = sum(len(g[1]) for g in groups[:worn])
        per_row = _per_row(width)
        fixed, pack_rows = _slot_rows(groups, worn, width)
        worn_h, pack_h = SLOT_H_PX if in_row else 0, PACK_SLOT_H_PX
        over = fixed + worn_h + pack_rows * pack_h - room_px
        if over > 0 and pack_rows:
            pack_h = max(PACK_SLOT_MIN_H_PX, pack_h - -(-over // pack_rows))
            over = fixed + worn_h + pack_rows * pack_h - room_px
        if over > 0 and in_row:
            worn_h = max(SLOT_MIN_H_PX, worn_h - over)
        if in_row:
            wide = (width - 8 * (in_row - 1)) // in_row
            n = 0
            for heading, slots in groups[:worn]:
                self._headings.append((heading, (x + n * (wide + 8), y)))
                for _slot in slots:
                    rects.append(pygame.Rect(x + n * (wide + 8), y + 22, wide, worn_h))
                    n += 1
            y += 22 + worn_h + 6
        wide = (width - (per_row - 1) * 8) // per_row
        for heading, slots in groups[worn:]:
            self._headings.append((heading, (x, y)))
            y += 22
            for n in range(len(slots)):
                row, col = divmod(n, per_row)
                rects.append(pygame.Rect(x + col * (wide + 8), y + row * (pack_h + 4), wide, pack_h))
            y += (pack_h + 4) * -(-len(slots) // per_row) + 6
        return rects

    def draw_ghost(self, target: pygame.Surface) -> None:
        """The lifted card under the pointer, or sliding home; drawn over everything else."""
        if not self._ghost_name:
            return
        if self.drag_from is not None and self.drag_pos is not None:
            at = self.drag_pos
        elif self.returning is not None and self.returning[1] < len(self.slot_rects):
            start, slot, left = self.returning
            home = self.slot_rects[slot].center
            t = 1 - left / SNAP_BACK_S
            at = (start[0] + (home[0] - start[0]) * t, start[1] + (home[1] - start[1]) * t)
        else:
            return
        ghost = pygame.Rect(0, 0, *GHOST_SIZE_PX)
        ghost.center = (int(at[0]), int(at[1]))
        pygame.draw.rect(target, (10, 10, 10), ghost.move(3, 4), border_radius=8)
        self._slot(target, ghost, self._ghost_name, False, True, False)
        pygame.draw.rect(target, ACCENT, ghost, 2, border_radius=8)

    @staticmethod
    def _slot(target: pygame.Surface, rect: pygame.Rect, name: str, wound: bool, loaded: bool, lifted: bool) -> None:
        fill = (120, 36, 32) if wound else (58, 62, 66) if name else (36, 38, 40)
        if lifted:
            fill = (30, 32, 34)
        pygame.draw.rect(target, fill, rect, border_radius=8)
        pygame.draw.rect(target, (96, 100, 104), rect, 1, border_radius=8)
        if name and not lifted:
            size, lines = slot_words(name + ("" if loaded else _(" (empty)")), rect.width - 10, rect.height - 4)
            line_h = font(size).get_linesize()
            top = rect.centery - line_h * len(lines) // 2
            for n, line in enumerate(lines):
                words = font(size).render(line, True, TEXT)
                target.blit(words, words.get_rect(centerx=rect.centerx, top=top + n * line_h))

    @staticmethod
    def _xp_bar(target: pygame.Surface, card: SurvivorCardView, x: int, y: int, width: int) -> int:
        """The experience and its bar; ``XP_H_PX`` tall."""
        target.blit(font(16).render(_("Experience {xp}").format(xp=card.xp), True, TEXT), (x, y))
        label = font(14).render(colour_word(LEVEL_NAMES[card.level]).capitalize(), True, danger_colour(card.level))
        target.blit(label, (x + width - label.get_width(), y + 2))
        y += 22
        bar = pygame.Rect(x, y, width, 14)
        pygame.draw.rect(target, (40, 42, 44), bar, border_radius=7)
        top = card.next_threshold or max(card.xp, card.level_start + 1)
        # four coloured sections, one per danger level, filled up to the survivor's experience
        edges = [0.0, 0.15, 0.4, 0.7, 1.0]
        for n, name in enumerate(LEVEL_NAMES):
            section = pygame.Rect(bar.left + round(edges[n] * width), bar.top,
                                  round((edges[n + 1] - edges[n]) * width), bar.height)
            colour = DANGER_COLOURS[name]
            if n < card.level:
                pygame.draw.rect(target, colour, section)
            elif n == card.level:
                span = max(1, top - card.level_start)
                share = 1.0 if card.next_threshold is None else min(1.0, (card.xp - card.level_start) / span)
                pygame.draw.rect(target, tuple(c // 3 for c in colour), section)
                pygame.draw.rect(target, colour, (section.left, section.top, round(section.width * share), section.height))
            else:
                pygame.draw.rect(target, tuple(c // 4 for c in colour), section)
        pygame.draw.rect(target, (200, 200, 196), bar, 1, border_radius=7)
        return y + 26


def _per_row(width_px: int) -> int:
    return max(1, width_px // 84)


def _slot_rows(groups: list[tuple[str, list[SlotView]]], worn: int, width_px: int) -> tuple[int, int]:
    """The height the slots' headings and gaps take, and how many rows the slots below the first row
    fill (``_slot_layout``'s geometry, shared with ``_slots_height``)."""
    per_row = _per_row(width_px)
    pack_rows = sum(-(-len(slots) // per_row) for _heading, slots in groups[worn:])
    return (28 if worn else 0) + 28 * len(groups[worn:]) + 4 * pack_rows, pack_rows


# a card's name in a slot: one line at the slot's size or a little smaller, else two lines (longer
# names, "Arco con púas"), else three where the slot is tall enough
SLOT_NAME_TRIES = ((1, 15), (1, 14), (1, 13), (2, 14), (2, 13), (2, 12), (2, 11), (3, 12), (3, 11))


def slot_words(text: str, width_px: int, height_px: int) -> tuple[int, list[str]]:
    """A card's name in a slot (``SLOT_NAME_TRIES``), cut with an ellipsis only when nothing holds it whole."""
    return fit_lines(text, width_px, height_px, tries=SLOT_NAME_TRIES)
