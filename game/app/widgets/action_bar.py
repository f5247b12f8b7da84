"""One action bar for every game: slots that never move under the finger.

A game declares its action kinds once, in order (``ActionKind``). Each kind owns one slot whose
place depends only on the panel and that list, never on what is offered now:

- fixed kinds (End turn, End activation, Withdraw band…) sit at the right end of the first row,
  with "More…" just left of them;
- the other kinds fill the panel's rows left to right in their declared order; kinds past the last
  cell, and offers of kinds the game did not declare, go under "More…";
- a kind offered once plays at a tap (the slot shows that offer's words); offered several times,
  its slot opens a chooser; not offered, it is drawn disabled and a tap tells why (the engine's
  reason, given by the scene).

Nothing is drawn outside the panel: there is no floating second row. Each slot shows its keyboard
shortcut in a corner; ``for_key`` finds the slot of a key pressed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

import pygame

from game.app.render import font
from game.app.widgets.dialogs import (
    BUTTON_H_PX,
    HEADER_PX,
    LINE_PX,
    MUTED,
    Button,
    ButtonSet,
    draw_button,
    fit_lines,
    fit_text,
    wrap,
)
from game.i18n import N_, _, ngettext
from game.rules.core.frozen import mutable_record, record

MORE_KEY = "more"
KIND_PREFIX = "kind:"
SLOT_GAP_PX = 8
MIN_SLOT_W_PX = 96
MAX_SLOT_W_PX = 230
FIXED_SLOT_W_PX = 116
MORE_SLOT_W_PX = 92
REASON_PX = 11  # a greyed slot's reason, under its name
REASON_LINE_PX = 12
KEY_LABELS = {"return": N_("Enter")}  # pygame's key names that differ from the keycap


@record
class ActionKind:
    """A kind of action a game offers: its slot's words when it is offered several times or not
    at all ("Move…"), its colour group, its shortcut (a pygame key name, "m") and whether it is a
    turn-level action kept in a fixed slot. A ``situational`` kind matters only in its own moment
    (a decision, a result to see, the end of deployment): when the bar is short of slots it gets
    one only while it is offered."""

    kind: str
    title: str
    group: str = "other"
    shortcut: str = ""
    fixed: bool = False
    situational: bool = False


@record
class Offer:
    """One action offered now: its kind, its words and the key the scene plays it by."""

    kind: str
    label: str
    key: str
    group: str = ""


@mutable_record
class Slot:
    """What one button of the bar stands for."""

    kind: ActionKind
    offers: list[Offer] = field(default_factory=list)
    why: list[str] = field(default_factory=list)  # why the kind is not offered now (shown words)


def bar_rows_px(rows: int) -> int:
    """The height of a bar panel holding ``rows`` rows of buttons."""
    return rows * (BUTTON_H_PX + SLOT_GAP_PX) + SLOT_GAP_PX


def why_not_lines(why: Sequence[str], window_h_px: int, options: int) -> list[str]:
    """The "Why not?" lines a choice dialog of ``options`` buttons has room for in a window
    ``window_h_px`` tall (its buttons keep their room); the rest are counted in a last line."""
    if not why:
        return []
    option_rows = -(-options // 3)  # the dialog lays its options out in up to three columns
    room = window_h_px - 60 - (HEADER_PX + 12) - (BUTTON_H_PX + 24) - option_rows * (BUTTON_H_PX + 8) - 12
    fits = max(2, room // LINE_PX) - 1  # the heading takes a line
    shown = [f"· {line}" for line in why]
    if len(shown) > fits:
        rest = len(shown) - (fits - 1)
        shown = shown[: fits - 1] + [ngettext("… and {n} more: tap a greyed slot to read it",
                                              "… and {n} more: tap a greyed slot to read them", rest).format(n=rest)]
    return [_("Why not?"), *shown]


class ActionBar(ButtonSet):
    """The bar's buttons laid out in ``panel`` (a ``ButtonSet`` whose release gives disabled buttons too).

    ``update`` lays the slots out for what is offered now; ``hidden`` lists the offers under
    More…, ``why_lines`` every reason a kind is missing (the "Why not?" list)."""

    def __init__(self, kinds: Sequence[ActionKind]):
        super().__init__()
        self.kinds = list(kinds)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.slots: dict[str, Slot] = {}  # button key → slot
        self.hidden: list[Offer] = []
        self.hidden_why: list[str] = []
        self.shortcuts: dict[str, str] = {}  # button key → key name shown
        self.plain = False
        self.drawn: dict[str, list[str]] = {}  # button key → the lines of its name drawn last

    # --- layout ---------------------------------------------------------------------------------

    def _block(self, panel: pygame.Rect, rows: int, top: int) -> tuple[dict[str, pygame.Rect], int]:
        """The fixed slots and More… at the right end of ``panel``: in columns of ``rows`` (the fixed
        ones top down in their order, More… last, stretched down its column), and the left edge of
        that block. A narrow panel shares its width out among them."""
        entries = [(k.kind, FIXED_SLOT_W_PX) for k in self.kinds if k.fixed] + [(MORE_KEY, MORE_SLOT_W_PX)]
        columns = [entries[n:n + rows] for n in range(0, len(entries), rows)]
        widths = [max(w for _kind, w in column) for column in columns]
        if sum(widths) + SLOT_GAP_PX * (len(columns) - 1) > panel.width:
            share = max(1, (panel.width - SLOT_GAP_PX * (len(columns) - 1)) // len(columns))
            widths = [share] * len(columns)
        rects: dict[str, pygame.Rect] = {}
        x = panel.right
        for column, width in zip(columns, widths, strict=True):
            x -= width
            for row, (kind, _width) in enumerate(column):
                rows_taken = rows - row if kind == MORE_KEY else 1
                rects[kind] = pygame.Rect(x, top + row * (BUTTON_H_PX + SLOT_GAP_PX), width,
                                          bar_rows_px(rows_taken) - 2 * SLOT_GAP_PX)
            x -= SLOT_GAP_PX
        return rects, x + SLOT_GAP_PX

    @staticmethod
    def _rows(panel: pygame.Rect) -> int:
        return max(1, (panel.height + SLOT_GAP_PX) // (BUTTON_H_PX + SLOT_GAP_PX))

    def capacity(self, panel: pygame.Rect, rows: int | None = None) -> int:
        """How many ordinary slots one row of ``panel`` holds (with ``rows`` rows: the panel's own)."""
        rows = rows or self._rows(panel)
        _rects, left = self._block(panel, rows, panel.top)
        return max(0, (left - panel.left) // (MIN_SLOT_W_PX + SLOT_GAP_PX))

    def rows_needed(self, width_px: int, most_rows: int) -> int:
        """The fewest rows (up to ``most_rows``) in which every declared kind gets a slot."""
        ordinary = sum(1 for k in self.kinds if not k.fixed)
        for rows in range(1, most_rows + 1):
            if self.capacity(pygame.Rect(0, 0, width_px, bar_rows_px(rows)), rows) * rows >= ordinary:
                return rows
        return max(1, most_rows)

    def cells(self, panel: pygame.Rect) -> list[pygame.Rect]:
        """The ordinary slots' places in ``panel``, row by row: as many as the declared kinds need,
        spread evenly over the rows and as wide as the room allows."""
        rows = self._rows(panel)
        top = panel.top + (panel.height - bar_rows_px(rows) + SLOT_GAP_PX) // 2
        _rects, left = self._block(panel, rows, top)
        ordinary = sum(1 for k in self.kinds if not k.fixed)
        per_row = min(self.capacity(panel, rows), -(-ordinary // rows))
        if per_row <= 0:
            return []
        width = min(MAX_SLOT_W_PX, (left - panel.left) // per_row - SLOT_GAP_PX)
        return [pygame.Rect(panel.left + col * (width + SLOT_GAP_PX), top + row * (BUTTON_H_PX + SLOT_GAP_PX),
                            width, BUTTON_H_PX) for row in range(rows) for col in range(per_row)][:ordinary]

    def slot_rects(self, panel: pygame.Rect, offered: frozenset[str] = frozenset(),
                   explained: frozenset[str] = frozenset()) -> dict[str, pygame.Rect]:
        """Every shown slot's place in ``panel`` by kind (``MORE_KEY`` for More…). The fixed slots
        and More… depend on the panel and the declared kinds alone; so does every slot when all the
        kinds have one. When they do not, the kinds ``offered`` now take the slots first (an action
        the player can take never hides under More… while a greyed one shows), then the greyed kinds
        whose reason is ``explained``, then the others; the shown kinds keep their declared order, but
        a situational kind gets a slot only while offered, and then one of the last."""
        rows = self._rows(panel)
        top = panel.top + (panel.height - bar_rows_px(rows) + SLOT_GAP_PX) // 2
        rects, _left = self._block(panel, rows, top)
        cells = self.cells(panel)
        ordinary = [k.kind for k in self.kinds if not k.fixed]
        if len(ordinary) > len(cells):
            situational = {k.kind for k in self.kinds if k.situational}
            ordinary = [k for k in ordinary if k in offered or k not in situational]
            rank = {k: 0 if k in offered else 1 if k in explained else 2 for k in ordinary}
            first = sorted(ordinary, key=lambda k: rank[k])  # stable: the declared order within a rank
            chosen = set(first[:len(cells)])
            # the situational ones offered take the last cells, so the others keep their places
            ordinary = sorted((k for k in ordinary if k in chosen), key=lambda k: k in situational)
        rects.update(zip(ordinary, cells, strict=False))
        return rects

    def update(self, panel: pygame.Rect, offers: Sequence[Offer], why: Mapping[str, Sequence[str]] | None = None,
               enabled: bool = True) -> None:
        """Lay the declared slots out in ``panel`` for ``offers``; ``why`` gives, per kind, the
        reasons it is not offered; ``enabled`` False greys every slot (an animation is playing)."""
        why = why or {}
        self.plain = False
        self.panel = pygame.Rect(panel)
        self.slots, self.hidden, self.hidden_why, self.shortcuts = {}, [], [], {}
        by_kind: dict[str, list[Offer]] = {}
        for offer in offers:
            by_kind.setdefault(offer.kind, []).append(offer)
        rects = self.slot_rects(panel, frozenset(by_kind), frozenset(k for k, said in why.items() if said))
        buttons: list[Button] = []
        for kind in self.kinds:
            mine = by_kind.pop(kind.kind, [])
            reasons = list(why.get(kind.kind, ()))
            rect = rects.get(kind.kind)
            if rect is None:
                self.hidden.extend(mine)
                self.hidden_why.extend(reasons)
                continue
            if len(mine) == 1 and self.name_fits(mine[0].label, rect):
                key, label, group = mine[0].key, mine[0].label, mine[0].group or kind.group
            else:
                key, label, group = KIND_PREFIX + kind.kind, kind.title, kind.group
            button = Button(rect, label, key, group, enabled=enabled and bool(mine))
            self.slots[key] = Slot(kind, mine, reasons)
            if kind.shortcut:
                self.shortcuts[key] = kind.shortcut
            buttons.append(button)
        for rest in by_kind.values():  # kinds the game did not declare
            self.hidden.extend(rest)
        declared = {k.kind for k in self.kinds}
        for undeclared, said in why.items():
            if undeclared not in declared:
                self.hidden_why.extend(said)
        more = Button(rects[MORE_KEY], _("More…"), MORE_KEY, "other", enabled=enabled)
        self.slots[MORE_KEY] = Slot(ActionKind(MORE_KEY, _("More…")), list(self.hidden), self.hidden_why)
        self.shortcuts[MORE_KEY] = "tab"
        buttons.append(more)
        self.buttons = buttons
        self._forget_gone()

    def show_plain(self, panel: pygame.Rect, offers: Sequence[Offer]) -> None:
        """A bar of tools that are not actions (replay controls, override tools): left to right over
        the panel's rows, the rest under More… at the right end of the first row."""
        self.plain = True
        self.panel = pygame.Rect(panel)
        self.slots, self.hidden, self.hidden_why, self.shortcuts = {}, [], [], {}
        rows = max(1, (panel.height + SLOT_GAP_PX) // (BUTTON_H_PX + SLOT_GAP_PX))
        top = panel.top + (panel.height - bar_rows_px(rows) + SLOT_GAP_PX) // 2
        more_rect = pygame.Rect(panel.right - MORE_SLOT_W_PX, top, MORE_SLOT_W_PX, BUTTON_H_PX)
        limit = more_rect.left - SLOT_GAP_PX
        buttons: list[Button] = []
        x, row = panel.left, 0
        for offer in offers:
            width = max(MIN_SLOT_W_PX, min(MAX_SLOT_W_PX, font(17).size(offer.label)[0] + 28))
            if x + width > limit and x > panel.left:
                x, row = panel.left, row + 1
            if self.hidden or row >= rows or x + width > limit:
                self.hidden.append(offer)
                continue
            rect = pygame.Rect(x, top + row * (BUTTON_H_PX + SLOT_GAP_PX), width, BUTTON_H_PX)
            buttons.append(Button(rect, offer.label, offer.key, offer.group or "tool"))
            x += width + SLOT_GAP_PX
        if self.hidden:
            buttons.append(Button(more_rect, _("More…"), MORE_KEY, "other"))
            self.slots[MORE_KEY] = Slot(ActionKind(MORE_KEY, _("More…")), list(self.hidden))
        self.buttons = buttons
        self._forget_gone()

    def _forget_gone(self) -> None:
        keys = {b.key: b for b in self.buttons}
        self.pressed = {p: keys[b.key] for p, b in self.pressed.items() if b.key in keys}

    # --- questions --------------------------------------------------------------------------------

    def button(self, key: str) -> Button | None:
        return next((b for b in self.buttons if b.key == key), None)

    def button_of_kind(self, kind: str) -> Button | None:
        """The slot of a declared kind (None when it has no slot in this panel: under More…)."""
        return next((b for b in self.buttons if b.key in self.slots and self.slots[b.key].kind.kind == kind), None)

    def all_offers(self) -> list[Offer]:
        """Every offer now, slot by slot in the bar's order, then those under More…"""
        slots = [slot.offers for key, slot in self.slots.items() if key != MORE_KEY]
        return [o for offers in [*slots, self.hidden] for o in offers]

    def offers_of_kind(self, kind: str) -> list[Offer]:
        """What is offered now of ``kind``, wherever the bar shows it."""
        slots = [slot.offers for key, slot in self.slots.items() if key != MORE_KEY]
        return [o for offers in [*slots, self.hidden] for o in offers if o.kind == kind]

    def route(self, offer_key: str) -> tuple[Button, int | None] | None:
        """How a player reaches the offer of ``offer_key``: the button to tap, and its place in the
        chooser that button opens (None: the button plays it). None when the bar does not offer it."""
        direct = self.button(offer_key)
        if direct is not None and direct.enabled:
            return direct, None
        for button in self.buttons:
            slot = self.slots.get(button.key)
            if slot is None or button.key == offer_key:
                continue
            keys = [o.key for o in slot.offers]
            if offer_key in keys:
                return button, keys.index(offer_key)
        return None

    def why_lines(self) -> list[str]:
        """Every reason a declared kind is not offered now, in the bar's order (the "Why not?" list)."""
        lines: list[str] = []
        for key, slot in self.slots.items():
            if key != MORE_KEY and not slot.offers:
                title = slot.kind.title.rstrip("…")
                lines.extend(f"{title}: {why}" for why in slot.why if f"{title}: {why}" not in lines)
        lines.extend(line for line in self.hidden_why if line not in lines)
        return lines

    def for_key(self, key_name: str) -> Button | None:
        """The slot whose shortcut is ``key_name`` (pygame.key.name of the key pressed): one that
        plays before one greyed (two kinds that never come together may share a key)."""
        slots = [button for button in self.buttons if self.shortcuts.get(button.key) == key_name]
        return next((button for button in slots if button.enabled), slots[0] if slots else None)

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        return [(f"action {b.label!r}", pygame.Rect(b.rect)) for b in self.buttons]

    # --- pointers and drawing ----------------------------------------------------------------------

    def release(self, pointer: int, pos: tuple[float, float]) -> Button | None:
        """The button a press began and ended on, disabled ones too (a tap on those says why)."""
        held = self.pressed.pop(pointer, None)
        if held is not None and held.rect.collidepoint(pos):
            return held
        return None

    def name_and_reason(self, button: Button) -> tuple[tuple[int, list[str]], list[str], int | None]:
        """How a slot's words go: its name whole (size and lines, as large as fits: one line, else up
        to three beside the shortcut's badge, else over the badge's corner with the badge left out),
        the lines of a greyed slot's reason under it (the engine's reason whole, else where to read
        it, else none), and the room kept for the badge (None: no badge drawn)."""
        slot = self.slots.get(button.key)
        reason = slot.why[0] if not button.enabled and slot is not None and slot.why else ""
        room_h, width = button.rect.height - 4, button.rect.width - 14
        if not reason:
            size, lines = fit_lines(button.label, width, room_h, most_lines=1, cut=False)
            if lines:
                return (size, lines), [], 0
        badge = self.badge_px(button)
        for name_h in (room_h - 2 * REASON_LINE_PX, room_h - REASON_LINE_PX, room_h) if reason else (room_h,):
            size, lines = fit_lines(button.label, width - badge, name_h, cut=False)
            if lines:
                break
        else:  # the whole width without the badge (the key still plays it; the reason is a tap away)
            size, lines = fit_lines(button.label, width, room_h, cut=False)
            if lines:
                return (size, lines), [], None
            return fit_lines(button.label, button.rect.width - 6, room_h, most_lines=1), [], None  # a long word
        said: list[str] = []
        spare = (room_h - len(lines) * font(size).get_linesize()) // REASON_LINE_PX
        for words in (reason, _("Tap to see why")) if reason else ():
            said = wrap(words, REASON_PX, button.rect.width - 12)
            if len(said) <= min(2, spare) and all(font(REASON_PX).size(line)[0] <= button.rect.width - 8
                                                  for line in said):
                break
            said = []
        return (size, lines), said, badge

    def badge_px(self, button: Button) -> int:
        return self.shortcut_px(self.shortcuts.get(button.key, ""))

    def shortcut_px(self, shortcut: str) -> int:
        return font(12).size(self.badge_text(shortcut))[0] + 4 if shortcut else 0

    def name_fits(self, label: str, rect: pygame.Rect) -> bool:
        """Whether ``label`` shows whole on an offered slot at ``rect`` (else the slot shows its kind's
        title and a tap lists the offer in whole words)."""
        room_h = rect.height - 4
        return any(lines for _size, lines in (
            fit_lines(label, rect.width - 14, room_h, cut=False),
            fit_lines(label, rect.width - 6, room_h, most_lines=1, cut=False)))

    @staticmethod
    def badge_text(shortcut: str) -> str:
        """A shortcut as its key is labelled ("E", "Tab", "Enter")."""
        if len(shortcut) == 1:
            return shortcut.upper()
        return _(KEY_LABELS[shortcut]) if shortcut in KEY_LABELS else shortcut.capitalize()

    def draw(self, target: pygame.Surface) -> None:
        held = {id(b) for b in self.pressed.values()}
        self.drawn = {}
        for button in self.buttons:
            name, reason, badge_room = self.name_and_reason(button)
            beside = badge_room or 0
            raised = -(len(reason) * REASON_LINE_PX) // 2
            self.drawn[button.key] = draw_button(target, button, id(button) in held, label_dy_px=raised,
                                                 label_right_px=beside, lines=name)
            bottom = button.rect.bottom - 4
            for line in reversed(reason):
                words = fit_text(line, REASON_PX, button.rect.width - 8)
                words.set_alpha(170)
                target.blit(words, words.get_rect(midbottom=(button.rect.centerx, bottom)))
                bottom -= REASON_LINE_PX
            shortcut = self.shortcuts.get(button.key)
            if shortcut and badge_room is not None:
                badge = font(12).render(self.badge_text(shortcut), True, MUTED)
                target.blit(badge, badge.get_rect(topright=(button.rect.right - 7, button.rect.top + 4)))


__all__ = ["ActionBar", "ActionKind", "MORE_KEY", "Offer", "Slot", "bar_rows_px", "why_not_lines"]
