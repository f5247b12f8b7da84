"""Zombieworld dice on screen: each roll tumbles, settles on the engine's values, then lists every
modifier and what each die scored. D6 show pips, D10 show numbers. A tap skips to the next roll.

A long queue collapses: while more than ``FULL_SHOW_WAITING`` rolls wait, each shows settled for a
moment only. The panel stands in the corner of the table farthest from the models rolling, so it
never covers the fight."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.app.render import font, text_with_halo
from game.app.widgets.dice import die_face
from game.app.zombieworld.event_text import model_name, modifiers_text, result_word, roll_name
from game.i18n import _, ngettext
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.state import State

ROLL_S = 1.1  # each roll on screen, at 1×
TUMBLE_S = 0.45
FULL_SHOW_WAITING = 2  # more rolls than this waiting: the queue collapses
QUICK_ROLL_S = 0.45
QUICK_TUMBLE_S = 0.12
PANEL_MARGIN_PX = 16
D10_PURPOSES = {"weather", "initiative", "building entry", "search", "first aid", "container", "prop search",
                "interior light"}
GOOD = {"pass", "wound", "hit", "on", "win", "success"}
GOOD_COLOR = (96, 220, 118)
BAD_COLOR = (230, 110, 100)
PANEL = (18, 20, 22, 228)


def is_d10(event: c.DiceRolled) -> bool:
    return event.purpose in D10_PURPOSES or event.purpose.endswith("reward") or any(d > 6 for d in event.dice)


_D10: dict[tuple[int, int, str], pygame.Surface] = {}


def d10_face(value: int, size_px: int, state: str = "plain") -> pygame.Surface:
    key = (value, size_px, state)
    face = _D10.get(key)
    if face is None:
        face = pygame.Surface((size_px, size_px), pygame.SRCALPHA)
        s = size_px
        kite = [(s * 0.5, s * 0.04), (s * 0.96, s * 0.42), (s * 0.5, s * 0.96), (s * 0.04, s * 0.42)]
        shadow = [(x + 2, y + 3) for x, y in kite]
        body = (226, 84, 60) if state != "miss" else (128, 96, 90)
        pygame.draw.polygon(face, (20, 20, 20), shadow)
        pygame.draw.polygon(face, body, kite)
        edge = GOOD_COLOR if state == "hit" else (250, 200, 180)
        pygame.draw.polygon(face, edge, kite, max(2, s // 18))
        label = font(max(10, s // 3)).render(str(value), True, (255, 250, 240))
        face.blit(label, label.get_rect(center=(s * 0.5, s * 0.46)))
        _D10[key] = face
    return face


@dataclass(slots=True, eq=False)
class _Roll:
    event: c.DiceRolled
    title: str
    elapsed_s: float = 0.0
    catalog: Any = None  # to name a weapon or a quality among the modifiers
    quick: bool = False  # shown in a collapsed queue

    @property
    def tumble_s(self) -> float:
        return QUICK_TUMBLE_S if self.quick else TUMBLE_S

    @property
    def settled(self) -> bool:
        return self.elapsed_s >= self.tumble_s

    def hold_s(self) -> float:
        return QUICK_ROLL_S if self.quick else ROLL_S + 0.25 * len(self.event.modifiers)


class DiceTray:
    """A queue of rolls played one after another over the table."""

    def __init__(self) -> None:
        self.queue: list[_Roll] = []
        self.speed = 1.0

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def add(self, events, state: State | None) -> dict[int, _Roll]:
        """Queue the rolls among ``events``; returns each roll by ``id`` of its event."""
        added: dict[int, _Roll] = {}
        for event in events:
            if isinstance(event, c.DiceRolled) and event.dice:
                # one model's roll is named for it; a roll of several bands (initiative) for nobody
                who = model_name(state, event.model) if event.model and "," not in event.model else ""
                purpose = roll_name(event.purpose, state.catalog if state is not None else None)
                title = f"{who} — {purpose}" if who else purpose[:1].upper() + purpose[1:]
                added[id(event)] = _Roll(event, title, catalog=state.catalog if state is not None else None)
                self.queue.append(added[id(event)])
        return added

    def shown(self, roll: _Roll) -> bool:
        """Whether ``roll`` has settled on screen (or gone)."""
        return roll not in self.queue or (roll is self.queue[0] and roll.settled)

    def skip(self) -> None:
        if self.queue:
            self.queue.pop(0)

    def clear(self) -> None:
        self.queue.clear()

    def update(self, dt_s: float) -> None:
        if not self.queue:
            return
        roll = self.queue[0]
        if roll.elapsed_s == 0.0:
            roll.quick = len(self.queue) - 1 > FULL_SHOW_WAITING
        roll.elapsed_s += dt_s * self.speed
        if roll.elapsed_s >= roll.hold_s():
            self.queue.pop(0)

    def draw(self, target: pygame.Surface, area: pygame.Rect,
             avoid: Callable[[c.DiceRolled], Sequence[tuple[float, float]]] | None = None) -> pygame.Rect | None:
        """The front roll; ``avoid`` gives the screen points (the models rolling) it must not cover."""
        if not self.queue:
            return None
        roll = self.queue[0]
        return draw_roll(target, area, roll.event, roll.title, min(1.0, roll.elapsed_s / roll.tumble_s),
                         waiting=len(self.queue) - 1, avoid=avoid(roll.event) if avoid is not None else (),
                         catalog=roll.catalog)


def place_panel(area: pygame.Rect, size: tuple[int, int], avoid: Sequence[tuple[float, float]]) -> pygame.Rect:
    """Where a pop-up of ``size`` stands in ``area``: the top centre, unless a point of ``avoid``
    lies under it; then the place (top or bottom, left, centre or right) farthest from them all."""
    panel = pygame.Rect((0, 0), size)
    places = []
    for vertical in ("top", "bottom"):
        for horizontal in ("centerx", "left", "right"):
            rect = panel.copy()
            rect.top = area.top + PANEL_MARGIN_PX if vertical == "top" else area.bottom - PANEL_MARGIN_PX - rect.height
            if horizontal == "centerx":
                rect.centerx = area.centerx
            elif horizontal == "left":
                rect.left = area.left + PANEL_MARGIN_PX
            else:
                rect.right = area.right - PANEL_MARGIN_PX
            places.append(rect)
    points = [p for p in avoid if area.collidepoint(p)]
    if not points:
        return places[0]

    def clearance(rect: pygame.Rect) -> float:
        near = rect.inflate(2 * 40, 2 * 40)  # a base's halo and its label stay clear too
        return min(0.0 if near.collidepoint(p) else math.dist(p, (max(near.left, min(p[0], near.right)),
                                                                  max(near.top, min(p[1], near.bottom))))
                   for p in points)

    return max(places, key=lambda rect: (clearance(rect) > 0, clearance(rect) if clearance(rect) < 200 else 200,
                                         -places.index(rect)))


def draw_roll(target: pygame.Surface, area: pygame.Rect, event: c.DiceRolled, title: str, progress: float,
              waiting: int = 0, avoid: Sequence[tuple[float, float]] = (), catalog: Any = None) -> pygame.Rect:
    """One roll in a panel of ``area`` away from ``avoid``: dice, then the modifiers and the results."""
    size = 60
    gap = 14
    count = len(event.dice)
    settled = progress >= 1.0
    lines = []
    if event.modifiers:
        lines.append(_("Modifiers: {modifiers}").format(modifiers=modifiers_text(event.modifiers, catalog)))
    if event.target:
        lines.append((_("Needs {n}+") if event.purpose == "shot" else _("Needs {n} or less")).format(n=event.target))
    width = max(360, count * (size + gap) + 60, *(font(17).size(line)[0] + 40 for line in lines))
    width = max(60, min(width, area.width - 20))  # a window too small still gets a (cut) panel
    height = 48 + size + 20 + 26 * len(lines) + (30 if settled and event.results else 0)
    panel = place_panel(area, (width, height), avoid)
    layer = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PANEL, layer.get_rect(), border_radius=16)
    pygame.draw.rect(layer, (212, 154, 46, 255), layer.get_rect(), 2, border_radius=16)
    target.blit(layer, panel)
    more = ngettext("   (+{n} more)", "   (+{n} more)", waiting).format(n=waiting) if waiting else ""
    heading = text_with_halo(title + more, 20)
    target.blit(heading, heading.get_rect(midtop=(panel.centerx, panel.top + 10)))
    d10 = is_d10(event)
    left = panel.centerx - (count * size + (count - 1) * gap) // 2
    for index, value in enumerate(event.dice):
        shown = value if settled else (value + index * 3 + int(progress * 23)) % (10 if d10 else 6) + 1
        result = event.results[index] if settled and index < len(event.results) else ""
        state = "plain" if not result else ("hit" if result in GOOD else "miss")
        face = d10_face(shown, size, state) if d10 else die_face(shown, size, state)
        bounce = 0 if settled else round(abs(pygame.math.Vector2(1, 0).rotate(progress * 900 + index * 70).y) * 14)
        x = left + index * (size + gap)
        target.blit(face, (x, panel.top + 44 - bounce))
        if result:
            under = "–" if result == "-" else result_word(result)  # under a die, a dash: "no zombie" would meet its neighbours'
            words = font(13).render(under, True, GOOD_COLOR if result in GOOD else BAD_COLOR)
            target.blit(words, words.get_rect(midtop=(x + size // 2, panel.top + 46 + size)))
    y = panel.top + 48 + size + 20
    for line in lines:
        words = font(17).render(line, True, (236, 230, 214))
        if words.get_width() > panel.width - 24:
            words = pygame.transform.smoothscale(words, (panel.width - 24, words.get_height()))
        target.blit(words, words.get_rect(midtop=(panel.centerx, y)))
        y += 26
    return panel
