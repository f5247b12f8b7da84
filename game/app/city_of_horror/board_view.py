"""Drawing the city: the floor of our map, each location's board (its sign, spaces, the zombies outside,
the items on it), the characters as standing pieces in their owners' colours, the Straggler track and
the piles. It draws a public view of the game (``player_view`` of a spectator): nothing private.

Where things go comes from the map's zones (``maps/city_of_horror/coh-city.tmx``): a location's parts
by their ``location``/``part``/``index`` properties, the track by ``order``, the piles by ``holds``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.app.city_of_horror.words import (
    COLOUR_RGB,
    STATUS_WORDS,
    antidotes,
    card_name,
    card_text,
    cards,
    character_name,
    location_name,
)
from game.app.render import font, text_with_halo
from game.board.geometry import polygon_bounds
from game.i18n import _
from game.rules.city_of_horror.catalog import CROSSROADS, SLOTS, WATER_TOWER, load_catalog
from game.rules.city_of_horror.state import BLOCKED, BURNED, COLLAPSED, HIDDEN_CARD, STRAGGLER_CYCLE, State
from game.rules.core.frozen import record

Rect = pygame.Rect
TABLE = (30, 33, 34)
BOARD_EDGE = (16, 16, 18)
SIGN_FILL = (46, 40, 34)
TEXT = (240, 236, 226)
MUTED = (160, 156, 148)
ZOMBIE = (104, 128, 84)
ZOMBIE_DARK = (40, 52, 34)
ANTIDOTE = (90, 200, 220)
CARD_BACK = (122, 46, 40)
REPO = Path(__file__).resolve().parents[3]


@record
class Area:
    """A zone of the map in cm: x, y, w, h."""

    x: float
    y: float
    w: float
    h: float

    def to_px(self, origin: tuple[int, int], scale: float) -> Rect:
        return Rect(round(origin[0] + self.x * scale), round(origin[1] + self.y * scale),
                    max(1, round(self.w * scale)), max(1, round(self.h * scale)))


class CityLayout:
    """The map's zones, found by what they are."""

    def __init__(self, board: Any):
        self.board = board
        self.width_cm = float(board.width_cm)
        self.height_cm = float(board.height_cm)
        self.parts: dict[tuple[str, str], Area] = {}
        self.spaces: dict[str, list[Area]] = {slot: [] for slot in SLOTS}
        self.track: list[Area] = []
        self.piles: dict[str, Area] = {}
        found_track: list[tuple[int, Area]] = []
        found_spaces: dict[str, list[tuple[int, Area]]] = {slot: [] for slot in SLOTS}
        for zone in board.zones.values():
            left, top, right, bottom = polygon_bounds(zone.polygon)
            area = Area(left, top, right - left, bottom - top)
            props = zone.properties
            if zone.kind == "location":
                slot, part = str(props.get("location", "")), str(props.get("part", ""))
                if part == "space":
                    found_spaces.setdefault(slot, []).append((int(props.get("index", 0)), area))
                else:
                    self.parts[(slot, part)] = area
            elif zone.kind == "track":
                found_track.append((int(props.get("order", 0)), area))
            elif props.get("holds"):
                self.piles[str(props["holds"])] = area
        self.track = [area for _, area in sorted(found_track, key=lambda item: item[0])]
        for slot, items in found_spaces.items():
            self.spaces[slot] = [area for _, area in sorted(items, key=lambda item: item[0])]

    def board_area(self, slot: str) -> Area:
        """The whole board of a location (its parts together)."""
        areas = [a for (s, _), a in self.parts.items() if s == slot] + self.spaces.get(slot, [])
        left = min(a.x for a in areas)
        top = min(a.y for a in areas)
        return Area(left, top, max(a.x + a.w for a in areas) - left, max(a.y + a.h for a in areas) - top)


@lru_cache(maxsize=8)
def _tile_image(path: str) -> pygame.Surface:
    image = pygame.image.load(path)
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def floor_surface(board: Any, size: tuple[int, int]) -> pygame.Surface:
    """The map's tile layers drawn at ``size`` pixels (our shared tileset)."""
    module = board.modules[0].module
    tile_w, tile_h = module.tile_px
    native = pygame.Surface((int(module.width_cm * module.scale_px_per_cm), int(module.height_cm * module.scale_px_per_cm)))
    native.fill(TABLE)
    for layer in module.tile_layers:
        if not layer.visible:
            continue
        for index, cell in enumerate(layer.cells):
            if cell is None:
                continue
            col, row = index % layer.width, index // layer.width
            source = Path(cell.image) if Path(cell.image).is_absolute() else REPO / cell.image
            try:
                image = _tile_image(str(source))
            except (pygame.error, FileNotFoundError):
                continue
            native.blit(image, (col * tile_w + layer.offset_px[0], row * tile_h + layer.offset_px[1]), pygame.Rect(cell.src))
    return pygame.transform.smoothscale(native, size)


def slot_of(state: State, location: str) -> str:
    place = state.place(location)
    return str(place.number) if place.number else location


class BoardView:
    """Draws a public view of the city inside a rectangle of the target surface."""

    def __init__(self, board: Any):
        self.layout = CityLayout(board)
        self.board = board
        self._floor: tuple[tuple[int, int], pygame.Surface] | None = None
        self.origin = (0, 0)
        self.scale = 1.0
        self.hotspots: list[tuple[Rect, str]] = []  # what is where, for taps (the discard pile…)

    def fit(self, rect: Rect) -> None:
        self.scale = min(rect.width / self.layout.width_cm, rect.height / self.layout.height_cm)
        w, h = round(self.layout.width_cm * self.scale), round(self.layout.height_cm * self.scale)
        self.origin = (rect.left + (rect.width - w) // 2, rect.top + (rect.height - h) // 2)

    def px(self, area: Area) -> Rect:
        return area.to_px(self.origin, self.scale)

    def draw(self, target: pygame.Surface, rect: Rect, view: State, highlight: str = "") -> None:
        self.fit(rect)
        self.hotspots = []
        size = (round(self.layout.width_cm * self.scale), round(self.layout.height_cm * self.scale))
        if self._floor is None or self._floor[0] != size:
            self._floor = (size, floor_surface(self.board, size))
        target.blit(self._floor[1], self.origin)
        for place in view.places:
            self._draw_location(target, view, place.id, highlight == place.id)
        self._draw_track(target, view)
        self._draw_piles(target, view)

    # --- a location ---------------------------------------------------------------------------------

    def _draw_location(self, target: pygame.Surface, view: State, location: str, lit: bool) -> None:
        slot = slot_of(view, location)
        place = view.place(location)
        whole = self.px(self.layout.board_area(slot))
        self.hotspots.append((whole, f"location:{location}"))
        pygame.draw.rect(target, ACCENT_LIT if lit else BOARD_EDGE, whole, max(2, round(self.scale * 0.25)))
        sign = self.layout.parts.get((slot, "sign"))
        if sign is not None:
            self._draw_sign(target, view, location, self.px(sign))
        self._draw_people(target, view, location, slot)
        zombies = self.layout.parts.get((slot, "zombies"))
        if zombies is not None:
            self._draw_zombies(target, self.px(zombies), place.zombies, view.attack_condition(location),
                               view.occupancy(location))
        items = self.layout.parts.get((slot, "items"))
        if items is not None:
            self._draw_items(target, view, location, self.px(items))
        if place.status in (COLLAPSED, BURNED, BLOCKED):
            self._draw_ruin(target, whole, place.status)

    def _draw_sign(self, target: pygame.Surface, view: State, location: str, rect: Rect) -> None:
        place = view.place(location)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((*SIGN_FILL, 225))
        target.blit(shade, rect)
        number = f"{place.number}  " if place.number else ""
        spaces = view.spaces(location)
        room = _("no limit") if not spaces else f"{view.occupancy(location)}/{spaces}"
        title = text_with_halo(f"{number}{location_name(location)}", max(10, round(rect.height * 0.42)))
        target.blit(title, title.get_rect(midleft=(rect.left + rect.height * 0.2, rect.centery - rect.height * 0.05)))
        condition = view.attack_condition(location)
        attack = _("zombies > people") if condition == "more" else _("{n}+ zombies").format(n=condition)
        status = "" if place.status == "standing" else " · " + _(STATUS_WORDS.get(place.status, place.status))
        info = font(max(8, round(rect.height * 0.24))).render(
            _("side {side} · {room} · attacks at {attack}").format(side=place.side, room=room, attack=attack) + status,
            True, MUTED)
        target.blit(info, info.get_rect(midright=(rect.right - 6, rect.bottom - rect.height * 0.22)))

    def _draw_people(self, target: pygame.Surface, view: State, location: str, slot: str) -> None:
        people = sorted(view.present(location), key=lambda ch: (view.index(ch.owner), ch.id))
        if not people:
            return
        spaces = self.layout.spaces.get(slot) or []
        if spaces:
            shown = view.spaces(location) or len(spaces)
            for index, area in enumerate(spaces):
                rect = self.px(area).inflate(-max(2, round(self.scale * 0.3)), -max(2, round(self.scale * 0.3)))
                if index < shown:
                    pygame.draw.rect(target, (0, 0, 0), rect, 1, border_radius=4)
            slots = [self.px(area) for area in spaces[:max(1, shown)]]
        else:
            crowd = self.layout.parts.get((slot, "spaces"))
            if crowd is None:
                return
            whole = self.px(crowd)
            columns = max(1, min(8, len(people)))
            width = whole.width / max(columns, 4)
            slots = [Rect(round(whole.left + i * width), whole.top, round(width), whole.height)
                     for i in range(columns)]
        for index, character in enumerate(people):
            base = slots[min(index, len(slots) - 1)]
            if index >= len(slots):  # one too many (the Mamma, a Back Door): squeezed in beside
                base = base.move(round(base.width * 0.35 * (index - len(slots) + 1)), 0)
            draw_standee(target, base, character.id, view.colour(character.owner), character.fit, character.hidden)

    def _draw_zombies(self, target: pygame.Surface, rect: Rect, count: int, condition: Any, people: int) -> None:
        threatening = count > people if condition == "more" else count >= int(condition)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((120, 20, 16, 90) if threatening else (0, 0, 0, 60))
        target.blit(shade, rect)
        size = max(6, round(min(rect.width / 4.6, rect.height / 2.3)))
        for index in range(count):
            col, row = index % 4, index // 4
            centre = (rect.left + size * 0.7 + col * size * 1.1, rect.top + size * 0.65 + row * size * 1.05)
            draw_zombie(target, centre, size)
        label = text_with_halo(str(count), max(10, round(rect.height * 0.34)),
                               color=(255, 120, 100) if threatening else TEXT)
        target.blit(label, label.get_rect(bottomright=(rect.right - 4, rect.bottom - 2)))

    def _draw_items(self, target: pygame.Surface, view: State, location: str, rect: Rect) -> None:
        place = view.place(location)
        unit = max(6, round(min(rect.width / 3.2, rect.height / 3.4)))
        x, y = rect.left + 4, rect.top + 4
        for _antidote in range(place.antidotes):
            pygame.draw.circle(target, ANTIDOTE, (x + unit // 2, y + unit // 2), unit // 2)
            pygame.draw.circle(target, (20, 60, 70), (x + unit // 2, y + unit // 2), unit // 2, 2)
            x += unit + 2
            if x + unit > rect.right:
                x, y = rect.left + 4, y + unit + 2
        for _card in place.cards:
            draw_card_back(target, Rect(x, y, round(unit * 0.75), unit))
            x += round(unit * 0.75) + 2
            if x + unit > rect.right:
                x, y = rect.left + 4, y + unit + 2
        if location == CROSSROADS and view.food_up:
            for value in view.food_up:
                draw_food(target, (x + unit // 2, y + unit // 2), unit // 2, value)
                x += unit + 2
        if place.explosions and location in (WATER_TOWER, "armory"):
            for index in range(place.explosions):
                centre = (rect.left + unit // 2 + index * (unit + 2) + 4, rect.bottom - unit // 2 - 4)
                pygame.draw.circle(target, (230, 120, 30), centre, unit // 2)
                pygame.draw.circle(target, (60, 20, 10), centre, unit // 2, 2)

    def _draw_ruin(self, target: pygame.Surface, rect: Rect, status: str) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill({COLLAPSED: (40, 40, 40, 120), BURNED: (200, 70, 20, 110), BLOCKED: (20, 20, 20, 150)}[status])
        target.blit(shade, rect)
        word = text_with_halo({COLLAPSED: "COLLAPSED", BURNED: "BURNED", BLOCKED: "DOOR BLOCKED"}[status],
                              max(12, rect.height // 9), color=(255, 200, 160))
        target.blit(word, word.get_rect(center=(rect.centerx, rect.top + rect.height * 0.28)))

    # --- the track and the piles -----------------------------------------------------------------------

    def _draw_track(self, target: pygame.Surface, view: State) -> None:
        order = view.track if view.options.track == "seating" else STRAGGLER_CYCLE
        for area, colour in zip(self.layout.track, order, strict=False):
            rect = self.px(area).inflate(-4, -4)
            in_play = colour in view.track
            pygame.draw.rect(target, COLOUR_RGB[colour] if in_play else (60, 60, 60), rect, border_radius=6)
            pygame.draw.rect(target, (10, 10, 10), rect, 2, border_radius=6)
            if not in_play:
                pygame.draw.line(target, (30, 30, 30), rect.topleft, rect.bottomright, 3)
            if colour == view.straggler:
                draw_zombie(target, rect.center, round(min(rect.width, rect.height) * 0.8), marker=True)
        if self.layout.track:
            first, last = self.px(self.layout.track[0]), self.px(self.layout.track[-1])
            label = text_with_halo(_("Straggler track"), max(9, round(first.height * 0.22)))
            target.blit(label, label.get_rect(midtop=((first.left + last.right) // 2, last.bottom + 1)))

    def _draw_piles(self, target: pygame.Surface, view: State) -> None:
        layout = self.layout
        if "deck" in layout.piles:
            rect = self.px(layout.piles["deck"])
            self._pile_caption(target, rect, _("Action deck"), cards(len(view.deck)))
            if view.deck:
                draw_card_back(target, _card_rect(rect))
        if "discard" in layout.piles:
            rect = self.px(layout.piles["discard"])
            self._pile_caption(target, rect, _("Discard pile"), _("{n} · tap to browse").format(n=len(view.discard)))
            if view.discard:
                draw_card_face(target, _card_rect(rect), view.discard[-1])
            self.hotspots.append((rect, "discard"))
        if "food" in layout.piles:
            rect = self.px(layout.piles["food"])
            self._pile_caption(target, rect, _("Food"), _("{n} face down").format(n=len(view.food_pile)))
            for index in range(min(4, len(view.food_pile))):
                draw_food(target, (rect.centerx - 6 + index * 4, rect.centery + 6 - index * 3), rect.width // 6, None)
        if "invasion" in layout.piles:
            rect = self.px(layout.piles["invasion"])
            self._pile_caption(target, rect, _("Invasion"), "")
            width = rect.width // 5
            for number, card in enumerate(view.invasion, start=1):
                box = Rect(rect.left + 4 + (number - 1) * (width + 3), rect.centery - width // 2, width, round(width * 1.3))
                shown = card != HIDDEN_CARD and number <= view.revealed
                pygame.draw.rect(target, (200, 190, 170) if shown else (60, 70, 90), box, border_radius=4)
                pygame.draw.rect(target, (250, 220, 120) if number == view.round else (10, 10, 10), box, 2,
                                 border_radius=4)
                hour = font(max(8, width // 3)).render(f"{number:02d}", True, (20, 20, 20) if shown else TEXT)
                target.blit(hour, hour.get_rect(center=box.center))
        if "antidotes" in layout.piles:
            rect = self.px(layout.piles["antidotes"])
            self._pile_caption(target, rect, _("Ambulance"), antidotes(view.supply))
            unit = max(6, rect.width // 14)
            for index in range(min(view.supply, 20)):
                centre = (rect.left + unit + (index % 10) * (unit * 1.25), rect.centery + (index // 10) * unit * 1.25)
                pygame.draw.circle(target, ANTIDOTE, centre, unit // 2)
        if "horde" in layout.piles:
            rect = self.px(layout.piles["horde"])
            self._pile_caption(target, rect, _("The horde"), _("{n} zombies in reserve").format(n=view.reserve()))

    def _pile_caption(self, target: pygame.Surface, rect: Rect, title: str, detail: str) -> None:
        size = max(9, round(self.scale * 1.05))
        words = text_with_halo(title, size)
        while words.get_width() > rect.width - 6 and size > 7:  # a long name (in Spanish) shrinks to its pile
            size -= 1
            words = text_with_halo(title, size)
        target.blit(words, (rect.left + 4, rect.top + 2))
        if detail:
            small = max(7, size - 3)
            more = text_with_halo(detail, small, color=MUTED)
            while more.get_width() > rect.width - 6 and small > 7:
                small -= 1
                more = text_with_halo(detail, small, color=MUTED)
            target.blit(more, (rect.left + 4, rect.bottom - more.get_height() - 2))

    def at(self, pos: tuple[float, float]) -> str:
        for rect, what in reversed(self.hotspots):
            if rect.collidepoint(pos):
                return what
        return ""


ACCENT_LIT = (250, 210, 90)


def _card_rect(rect: Rect) -> Rect:
    height = round(rect.height * 0.55)
    width = round(height * 0.72)
    return Rect(rect.centerx - width // 2, rect.centery - height // 2 + 4, width, height)


# --- pieces and cards ---------------------------------------------------------------------------------------


def initials(character: str) -> str:
    words = [w for w in character_name(character).replace("&", " ").split() if w.lower() not in ("the", "and", "el", "la", "y")]
    return "".join(w[0] for w in words[:2]).upper()


def draw_standee(target: pygame.Surface, space: Rect, character: str, colour: str, fit: bool, hidden: bool) -> None:
    """A standing piece on its space: a portrait card on a base of its owner's colour; lying down when
    hidden; darker when Exhausted."""
    rgb = COLOUR_RGB.get(colour, (200, 200, 200))
    width = max(8, round(space.width * 0.72))
    height = max(10, round(min(space.height * 0.86, width * 1.5)))
    if hidden:
        width, height = height, width
    body = Rect(0, 0, width, height)
    body.midbottom = (space.centerx, space.bottom - max(2, space.height // 12))
    base = Rect(0, 0, round(width * 1.1), max(4, height // 6))
    base.center = (body.centerx, body.bottom)
    pygame.draw.ellipse(target, (10, 10, 10), base.move(0, 2))
    pygame.draw.ellipse(target, rgb, base)
    face = (226, 218, 200) if fit else (130, 122, 112)
    pygame.draw.rect(target, face, body, border_radius=max(3, width // 6))
    pygame.draw.rect(target, rgb, body, max(2, width // 10), border_radius=max(3, width // 6))
    head = (body.centerx, body.top + body.height * 0.34)
    pygame.draw.circle(target, (70, 60, 52) if fit else (50, 44, 40), head, max(2, min(width, height) // 4))
    letters = font(max(7, round(min(width, height) * 0.34))).render(initials(character), True, (20, 18, 16))
    target.blit(letters, letters.get_rect(center=(body.centerx, body.top + body.height * 0.72)))
    value = load_catalog().characters[character]
    badge = font(max(7, round(min(width, height) * 0.28))).render(str(value.fit if fit else value.exhausted), True, TEXT)
    spot = Rect(0, 0, badge.get_width() + 6, badge.get_height() + 2)
    spot.topright = (body.right + 2, body.top - 2)
    pygame.draw.rect(target, (30, 90, 160) if fit else (150, 40, 40), spot, border_radius=4)
    target.blit(badge, badge.get_rect(center=spot.center))


def draw_zombie(target: pygame.Surface, centre: tuple[float, float], size: int, marker: bool = False) -> None:
    x, y = centre
    body = Rect(0, 0, round(size * 0.6), round(size * 0.7))
    body.midtop = (round(x), round(y - size * 0.2))
    fill = (60, 70, 50) if marker else ZOMBIE
    pygame.draw.rect(target, ZOMBIE_DARK, body.move(1, 2), border_radius=max(2, size // 6))
    pygame.draw.rect(target, fill, body, border_radius=max(2, size // 6))
    pygame.draw.circle(target, fill, (round(x), round(y - size * 0.25)), max(2, size // 4))
    pygame.draw.circle(target, ZOMBIE_DARK, (round(x), round(y - size * 0.25)), max(2, size // 4), 1)
    eye = max(1, size // 14)
    pygame.draw.circle(target, (240, 60, 40), (round(x - size * 0.08), round(y - size * 0.28)), eye)
    pygame.draw.circle(target, (240, 60, 40), (round(x + size * 0.08), round(y - size * 0.28)), eye)


def draw_card_back(target: pygame.Surface, rect: Rect) -> None:
    pygame.draw.rect(target, (10, 10, 10), rect.move(1, 2), border_radius=max(2, rect.width // 8))
    pygame.draw.rect(target, CARD_BACK, rect, border_radius=max(2, rect.width // 8))
    pygame.draw.rect(target, (230, 200, 150), rect.inflate(-4, -4), 1, border_radius=max(2, rect.width // 10))
    pygame.draw.line(target, (230, 200, 150), rect.inflate(-8, -8).topleft, rect.inflate(-8, -8).bottomright, 1)


def draw_card_face(target: pygame.Surface, rect: Rect, card: str, lit: bool = False) -> None:
    """An Action card face: its name, and whether it sets off an Explosion marker."""
    pygame.draw.rect(target, (10, 10, 10), rect.move(1, 2), border_radius=max(2, rect.width // 8))
    pygame.draw.rect(target, (236, 228, 208), rect, border_radius=max(2, rect.width // 8))
    pygame.draw.rect(target, (250, 200, 80) if lit else (90, 70, 50), rect, 2, border_radius=max(2, rect.width // 8))
    if card == HIDDEN_CARD:
        draw_card_back(target, rect)
        return
    name = card_name(card)
    size = max(7, min(rect.width // 6, 18))
    words = name.split()
    lines: list[str] = []
    for word in words:
        if lines and font(size).size(lines[-1] + " " + word)[0] <= rect.width - 6:
            lines[-1] += " " + word
        else:
            lines.append(word)
    for n, line in enumerate(lines[:3]):
        surf = font(size).render(line, True, (30, 24, 20))
        target.blit(surf, surf.get_rect(midtop=(rect.centerx, rect.top + 4 + n * (size + 2))))
    small = max(7, size - 5)
    if rect.height > 5 * size and small >= 9:
        y = rect.top + 8 + min(3, len(lines)) * (size + 2)
        text_lines: list[str] = []
        for word in card_text(card).split():
            if text_lines and font(small).size(text_lines[-1] + " " + word)[0] <= rect.width - 8:
                text_lines[-1] += " " + word
            else:
                text_lines.append(word)
        for line in text_lines:
            if y + small > rect.bottom - 4:
                break
            surf = font(small).render(line, True, (70, 60, 50))
            target.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
            y += small + 1
    if load_catalog().cards.get(card) is not None and load_catalog().cards[card].explosion:
        pygame.draw.circle(target, (230, 120, 30), (rect.right - size, rect.bottom - size), max(3, size // 2))


def draw_food(target: pygame.Surface, centre: tuple[float, float], radius: int, value: int | None) -> None:
    pygame.draw.circle(target, (150, 110, 60), (round(centre[0]), round(centre[1])), max(3, radius))
    pygame.draw.circle(target, (60, 40, 20), (round(centre[0]), round(centre[1])), max(3, radius), 2)
    if value is not None:
        words = font(max(7, radius)).render(str(value), True, TEXT)
        target.blit(words, words.get_rect(center=(round(centre[0]), round(centre[1]))))


__all__ = ["BoardView", "CityLayout", "draw_card_face", "draw_card_back", "draw_standee", "card_name"]
