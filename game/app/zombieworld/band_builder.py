"""The band builder: members, ranks, weapons, objects and qualities, with the points and every
problem the rules find shown as you go; a valid band is saved under saves/bands/.

Every choice is a row of < value > buttons (touch-sized); the band's name is typed after tapping it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.app.input import event_pointer
from game.app.render import font, text_with_halo
from game.app.scenes import Scene
from game.app.widgets.card_view import local_name, local_text
from game.app.widgets.dialogs import (
    ACCENT,
    MUTED,
    PANEL_EDGE,
    PANEL_FILL,
    TEXT,
    Button,
    ButtonSet,
    fit_text,
)
from game.app.zombieworld.content_words import item_name
from game.app.zombieworld.navigation import hooks
from game.app.zombieworld.saves import save_band_file
from game.i18n import N_, _, said
from game.rules.core.frozen import mutable_record
from game.rules.zombieworld.band import DOG, Band, Member, band_cost, band_problems, member_cost
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.table.saves import DEFAULT_SAVE_DIR

NAMES = ("Alex", "Bea", "Carl", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Max", "Nia",
         "Oto", "Pia", "Quin", "Rui", "Sol", "Tam")
ROW_PX = 50
SLOTS = ("rank", "hand1", "hand2", "backpack", "object1", "object2", "virtue", "defect")
SLOT_TITLES = {"rank": N_("Rank"), "hand1": N_("Hand"), "hand2": N_("Second hand"), "backpack": N_("Backpack"),
               "object1": N_("Object"), "object2": N_("Object"), "virtue": N_("Virtue"), "defect": N_("Defect")}


@mutable_record
class Draft:
    """A band being built: plain lists, turned into a ``Band`` for costs and checks."""

    name: str
    band_type: str
    members: list[dict[str, Any]]

    def band(self) -> Band:
        members = []
        for m in self.members:
            if m["rank"] == DOG:
                members.append(Member(name=m["name"], rank=DOG))
                continue
            members.append(Member(
                name=m["name"], rank=m["rank"],
                hand=tuple(i for i in (m.get("hand1", ""), m.get("hand2", "")) if i),
                backpack=tuple(i for i in (m.get("backpack", ""),) if i),
                objects=tuple(i for i in (m.get("object1", ""), m.get("object2", "")) if i),
                virtue=m.get("virtue", ""), defect=m.get("defect", "")))
        return Band(name=self.name or _("Unnamed band"), band_type=self.band_type, members=tuple(members) or (
            Member(name="Nobody", rank="rookie"),))

    @classmethod
    def of(cls, band: Band) -> Draft:
        members = []
        for m in band.members:
            hand = (*m.hand, "", "")
            objects = (*m.objects, "", "")
            members.append({"name": m.name, "rank": m.rank, "hand1": hand[0], "hand2": hand[1],
                            "backpack": m.backpack[0] if m.backpack else "", "object1": objects[0],
                            "object2": objects[1], "virtue": m.virtue, "defect": m.defect})
        return cls(band.name, band.band_type, members)


def slot_choices(catalog: Catalog, slot: str) -> list[str]:
    """Every value a slot can take ("" is empty)."""
    if slot == "rank":
        return [r.id for r in catalog.ranks] + [DOG]
    if slot in ("hand1", "hand2", "backpack"):
        weapons = [w.id for w in catalog.firearms] + [w.id for w in catalog.hand_weapons]
        return ["", *weapons] if slot != "hand1" else weapons
    if slot in ("object1", "object2"):
        return ["", *[o.id for o in catalog.objects if not o.weapon_slot and not o.mounts_on_weapon]]
    if slot == "virtue":
        return ["", *[q.id for q in catalog.qualities.virtue]]
    return ["", *[q.id for q in catalog.qualities.defect]]


def choice_name(catalog: Catalog, slot: str, value: str) -> str:
    if not value:
        return "—"
    if slot == "rank":
        return _("Dog") if value == DOG else local_name(catalog.rank(value))
    if slot == "virtue":
        quality = catalog.virtue(value)
        return local_name(quality) if quality else value
    if slot == "defect":
        quality = catalog.defect(value)
        return local_name(quality) if quality else value
    return item_name(catalog, value)


class BandBuilderScene(Scene):
    """``BandBuilderScene(app, band=None, on_done=None)``: ``on_done(band or None)`` when it closes;
    without it, closing shows the game set-up."""

    def __init__(self, app: Any, band: Band | None = None, on_done: Callable[[Band | None], None] | None = None):
        self.app = app
        self.catalog = load_catalog()
        self.on_done = on_done
        self.save_dir = getattr(app, "save_dir", DEFAULT_SAVE_DIR)
        if band is None:
            band = Band(name=_("My band"), band_type="citizens", members=(
                Member(name="Alex", rank="hardened", hand=("pistol",)),
                Member(name="Bea", rank="rookie", hand=("baseball_bat",)),
                Member(name="Carl", rank="rookie", hand=("blunt",))))
        self.draft = Draft.of(band)
        self.member = 0
        self.editing_name = False
        self.buttons = ButtonSet()
        self.presses: dict[int, str] = {}
        self.status = ""
        self.window_size = app.screen.get_size() if getattr(app, "screen", None) is not None else (1280, 800)
        self.layout(self.window_size)

    # --- the band ------------------------------------------------------------------------------

    def band(self) -> Band:
        return self.draft.band()

    def cost(self) -> int:
        return band_cost(self.band(), self.catalog)

    def problems(self) -> list[str]:
        if not self.draft.members:
            return [_("a band needs members")]
        return [said(problem) for problem in band_problems(self.band(), self.catalog)]  # in the player's words

    def add_member(self, dog: bool = False) -> None:
        used = {m["name"] for m in self.draft.members}
        name = next((n for n in NAMES if n not in used), _("Member {n}").format(n=len(used) + 1))
        if dog:
            self.draft.members.append({"name": "Rex" if "Rex" not in used else name, "rank": DOG})
        else:
            self.draft.members.append({"name": name, "rank": "rookie", "hand1": "blunt"})
        self.member = len(self.draft.members) - 1

    def remove_member(self) -> None:
        if self.draft.members:
            self.draft.members.pop(self.member)
            self.member = max(0, min(self.member, len(self.draft.members) - 1))

    def cycle(self, slot: str, step: int) -> None:
        if not self.draft.members:
            return
        member = self.draft.members[self.member]
        if member["rank"] == DOG and slot != "rank":
            return
        if slot == "band_type":
            types = [u.id for u in self.catalog.bands.unique]
            self.draft.band_type = types[(types.index(self.draft.band_type) + step) % len(types)] \
                if self.draft.band_type in types else types[0]
            return
        choices = slot_choices(self.catalog, slot)
        current = member.get(slot, "")
        index = choices.index(current) if current in choices else 0
        member[slot] = choices[(index + step) % len(choices)]
        if slot == "rank" and member[slot] != DOG and not member.get("hand1"):
            member["hand1"] = "blunt"

    def save(self) -> bool:
        problems = self.problems()
        if problems:
            self.status = _("Fix first: {problem}").format(problem=problems[0])
            return False
        path = save_band_file(self.band(), self.save_dir)
        self.status = _("Saved to {file}").format(file=path.name)
        return True

    def close(self, band: Band | None) -> None:
        if self.on_done is not None:
            self.on_done(band)
            return
        hooks().open_setup(self.app, band=band)

    # --- layout --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.window_size = size
        w, h = size
        buttons: list[Button] = []
        side = 360 if w >= 1280 else 300  # the band's column and the card's panel (narrower windows: narrower)
        col1 = pygame.Rect(20, 90, side, h - 200)
        buttons.append(Button(pygame.Rect(col1.left, col1.top, 56, ROW_PX), "<", "type:-1", "tool"))
        buttons.append(Button(pygame.Rect(col1.right - 56, col1.top, 56, ROW_PX), ">", "type:1", "tool"))
        top = col1.top + 70
        self.member_rows = []
        for index, _member in enumerate(self.draft.members):
            rect = pygame.Rect(col1.left, top + index * (ROW_PX + 6), col1.width, ROW_PX)
            self.member_rows.append(rect)
            buttons.append(Button(rect, "", f"member:{index}", "other"))
        add_y = top + len(self.draft.members) * (ROW_PX + 6) + 8
        wide = side >= 360
        for (x, width), label, key, group in (((0, 170) if wide else (0, 140), _("+ Survivor"), "add", "move"),
                                              ((180, 90) if wide else (146, 74), _("+ Dog"), "add_dog", "move"),
                                              ((280, 80) if wide else (226, 74), _("Remove"), "remove", "danger")):
            buttons.append(Button(pygame.Rect(col1.left + x, add_y, width, ROW_PX), label, key, group))
        col2 = pygame.Rect(col1.right + 30, 90, min(520, w - col1.right - 50 - side), h - 200)
        self.slot_rows = []
        # the slots keep clear of the bottom buttons: a short window packs them closer
        pitch = max(30, min(ROW_PX + 8, (h - 94 - (col2.top + 44)) // len(SLOTS)))
        row_h = min(ROW_PX, pitch - 2)
        for n, slot in enumerate(SLOTS):
            y = col2.top + 44 + n * pitch
            self.slot_rows.append((slot, pygame.Rect(col2.left, y, col2.width, row_h)))
            buttons.append(Button(pygame.Rect(col2.left + 130, y, 56, row_h), "<", f"slot:{slot}:-1", "tool"))
            buttons.append(Button(pygame.Rect(col2.right - 56, y, 56, row_h), ">", f"slot:{slot}:1", "tool"))
        self.col1, self.col2 = col1, col2
        buttons.append(Button(pygame.Rect(20, h - 84, 180, 60), _("Back"), "back", "turn"))
        buttons.append(Button(pygame.Rect(w - 420, h - 84, 190, 60), _("Save band"), "save", "search"))
        buttons.append(Button(pygame.Rect(w - 220, h - 84, 200, 60), _("Use this band"), "use", "move"))
        self.name_rect = pygame.Rect(20, 20, 520, 52)
        self.buttons.buttons = buttons

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.editing_name:
            if len(self.draft.name) < 40:
                self.draft.name += event.text
            return True
        if event.type == pygame.KEYDOWN:
            if self.editing_name:
                if event.key == pygame.K_BACKSPACE:
                    self.draft.name = self.draft.name[:-1]
                elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_KP_ENTER):
                    self.editing_name = False
                return True
            if event.key == pygame.K_ESCAPE:
                self.close(None)
                return True
            return False
        pointer = event_pointer(event, self.window_size)
        if pointer is None:
            return False
        phase, pid, pos = pointer
        if phase == "down":
            if self.name_rect.collidepoint(pos):
                self.presses[pid] = "name"
            elif self.buttons.press(pid, pos):
                self.presses[pid] = "button"
            return True
        if phase == "up":
            where = self.presses.pop(pid, "")
            if where == "name" and self.name_rect.collidepoint(pos):
                self.editing_name = True
                pygame.key.start_text_input()
            elif where == "button":
                button = self.buttons.release(pid, pos)
                if button is not None:
                    self.editing_name = False
                    self.press(button.key)
        return True

    def press(self, key: str) -> None:
        self.status = ""
        if key.startswith("member:"):
            self.member = int(key.split(":")[1])
        elif key.startswith("type:"):
            self.cycle("band_type", int(key.split(":")[1]))
        elif key.startswith("slot:"):
            _, slot, step = key.split(":")
            self.cycle(slot, int(step))
        elif key == "add":
            self.add_member()
        elif key == "add_dog":
            self.add_member(dog=True)
        elif key == "remove":
            self.remove_member()
        elif key == "save":
            self.save()
        elif key == "use":
            if self.save():
                self.close(self.band())
        elif key == "back":
            self.close(None)
        self.layout(self.window_size)

    # --- drawing -------------------------------------------------------------------------------

    def shown_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons drawn by hand, for the layout checks."""
        return [(f"button {b.label!r}", b.rect) for b in self.buttons.buttons]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.window_size
        surface.fill((18, 20, 22))
        pygame.draw.rect(surface, (30, 33, 36) if not self.editing_name else (48, 52, 56), self.name_rect,
                         border_radius=10)
        pygame.draw.rect(surface, ACCENT if self.editing_name else PANEL_EDGE, self.name_rect, 2, border_radius=10)
        name = self.draft.name + ("|" if self.editing_name else "")
        surface.blit(fit_text(name or _("Tap to name the band"), 26, self.name_rect.width - 24),
                     (self.name_rect.left + 12, self.name_rect.top + 10))
        cost = self.cost()
        budget = self.catalog.bands.rules.budget
        points = text_with_halo(_("{cost} / {budget} points").format(cost=cost, budget=budget), 30, color=(255, 224, 130) if cost <= budget else (255, 110, 100))
        surface.blit(points, points.get_rect(topright=(w - 24, 24)))
        unique = self.catalog.unique_band(self.draft.band_type)
        col1 = self.col1
        type_box = pygame.Rect(col1.left + 62, col1.top, col1.width - 124, ROW_PX)
        pygame.draw.rect(surface, PANEL_FILL, type_box, border_radius=10)
        surface.blit(fit_text(local_name(unique) if unique else self.draft.band_type, 18, type_box.width - 16),
                     (type_box.left + 8, type_box.top + 6))
        if unique is not None:
            surface.blit(fit_text(local_text(unique, "description"), 12, type_box.width - 16), (type_box.left + 8, type_box.top + 30))
        for button in self.buttons.buttons:
            if button.key.startswith("member:"):
                index = int(button.key.split(":")[1])
                button.toggled = index == self.member
        self.buttons.draw(surface)
        band = self.band()
        for index, rect in enumerate(self.member_rows):
            m = self.draft.members[index]
            member = band.members[index]
            rank = choice_name(self.catalog, "rank", m["rank"])
            surface.blit(fit_text(f"{m['name']} · {rank}", 18, rect.width - 80), (rect.left + 12, rect.top + 13))
            price = font(16).render(_("{n} pts").format(n=member_cost(band, member, self.catalog)), True, ACCENT)
            surface.blit(price, price.get_rect(midright=(rect.right - 12, rect.centery)))
        col2 = self.col2
        if self.draft.members:
            m = self.draft.members[self.member]
            surface.blit(text_with_halo(f"{m['name']}", 24), (col2.left, col2.top))
            for slot, rect in self.slot_rows:
                surface.blit(font(16).render(_(SLOT_TITLES[slot]), True, MUTED), (rect.left, rect.top + 15))
                value = m.get(slot, "") if m["rank"] != DOG or slot == "rank" else ""
                box = pygame.Rect(rect.left + 192, rect.top, rect.width - 254, rect.height)
                pygame.draw.rect(surface, PANEL_FILL, box, border_radius=10)
                surface.blit(fit_text(choice_name(self.catalog, slot, value), 17, box.width - 16),
                             (box.left + 10, box.top + 14))
        panel = pygame.Rect(col2.right + 20, 90, w - col2.right - 40, h - 200)
        pygame.draw.rect(surface, PANEL_FILL, panel, border_radius=12)
        problems = self.problems()
        title = _("Ready to play") if not problems else _("To fix")
        surface.blit(text_with_halo(title, 22, color=(120, 230, 140) if not problems else (255, 150, 120)),
                     (panel.left + 14, panel.top + 12))
        y = panel.top + 50
        for problem in problems[:12] or [_("Every rule is met.")]:
            for line in _wrap(problem, 17, panel.width - 28):
                surface.blit(font(17).render(line, True, TEXT), (panel.left + 14, y))
                y += 24
            y += 6
        if self.status:
            words = text_with_halo(self.status, 18, color=(255, 226, 160))
            surface.blit(words, words.get_rect(midbottom=(w // 2, h - 96)))


def _wrap(text: str, size_px: int, width_px: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font(size_px).size(trial)[0] > width_px and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines
