"""The animation director: the engine's events become a timeline of beats drawn over the table.

Each beat goes from one table layout to the next (pieces slide, appear, vanish) and may carry an
overlay: dice, a revealed card, a wound flash, a door swinging, a banner. The director steps an
``Occupancy`` through the events, so the zombies' phase unfolds move by move with the same stable
piece ids the view model uses. Speed 1×, 2× or instant; ``skip`` jumps to the end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from functools import lru_cache
from typing import Any

import pygame

from game.app.render import text_with_halo as _text_with_halo
from game.app.widgets.dice import draw_dice
from game.app.zombicide.event_text import box_words, zone_names_for
from game.app.zombicide.view_model import (
    Occupancy,
    PieceMaker,
    TableLayout,
    layout_of,
    occupancy_of,
    table_layout,
    zombie_piece_id,
)
from game.board.model import Board
from game.i18n import N_, _, ngettext
from game.rules.core.frozen import mutable_record
from game.table.camera import Camera
from game.table.state import Piece

SPEEDS = (1.0, 2.0, math.inf)  # 1×, 2×, instant
MISSION_WORDS = {"won": N_("Mission won"), "lost": N_("Mission lost"), "over": N_("Mission over")}
DURATION_S = {
    "slide": 0.35, "zombie_move": 0.45, "appear": 0.45, "vanish": 0.35, "dice": 1.1, "card": 1.2,
    "wound": 0.6, "door": 0.45, "banner": 0.8, "settle": 0.2,
}
WOUND_COLOR = (235, 40, 40)


@lru_cache(maxsize=256)
def text_with_halo(text: str, size_px: int, color: tuple[int, int, int] = (250, 248, 240)) -> pygame.Surface:
    return _text_with_halo(text, size_px, color=color)

DOOR_GLOW = (255, 214, 90)
BROKEN_GLOW = (235, 80, 50)
DOOR_BROKEN = "door broken"  # a door beat's mark: the zombies broke it (drawn, never shown as words)


@mutable_record
class Beat:
    kind: str
    duration_s: float
    after: TableLayout
    renames: dict[str, str] = field(default_factory=dict)  # piece id after → piece id before
    dice: tuple[int, ...] = ()
    hit_on: int | None = None
    title: str = ""
    text: str = ""
    zone: str = ""
    flash: tuple[str, ...] = ()  # survivor ids hit by a wound
    door: str = ""
    doors: dict[str, bool] = field(default_factory=dict)  # door states once the beat starts
    through_event: int = 0  # how many of the command's events this beat shows, counted from the first


def _copy_layout(layout: TableLayout) -> TableLayout:
    return TableLayout({pid: replace(p) for pid, p in layout.pieces.items()}, dict(layout.scale))


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


class AnimationDirector:
    """Builds and plays the beats of one command's events; the scene draws what ``frame`` says."""

    def __init__(self, board: Board, maker: PieceMaker, names: Mapping[str, str] | None = None):
        self.board = board
        self.maker = maker
        self.names = dict(names or {})  # ids → words for titles (zombie types, equipment, survivors)
        self.zone_names = zone_names_for(board)  # zone ids → the names the board shows
        self.state_after: Any = None
        self.beats: list[Beat] = []
        self.index = 0
        self.elapsed_s = 0.0
        self.speed_index = 0
        self.start_layout = TableLayout()
        self.doors: dict[str, bool] = {}
        self.banners: Mapping[type, Any] = {}  # the box's events shown as a banner: type → title(event)
        self.piece_events: Mapping[type, Any] = {}  # the box's events that change its pieces (BoxRules)
        self._zone_index: dict[str, int] = {}
        self.event_count = 0  # events of the command being shown
        self._consumed = 0  # while building: events the beats made so far account for

    # --- control -------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def cycle_speed(self) -> float:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        if math.isinf(self.speed):
            self.skip()
        return self.speed

    def speed_label(self) -> str:
        return _("Instant") if math.isinf(self.speed) else f"{self.speed:g}×"

    @property
    def busy(self) -> bool:
        return self.index < len(self.beats)

    def skip(self) -> None:
        self.index = len(self.beats)
        self.elapsed_s = 0.0

    def shown_events(self) -> int:
        """How many of the command's events the table has shown so far: those of the beats played and
        of the beat playing now (the log and the panels show no more than this)."""
        if not self.busy:
            return self.event_count
        return self.beats[self.index].through_event

    def update(self, dt_s: float) -> None:
        if not self.busy:
            return
        if math.isinf(self.speed):
            self.skip()
            return
        self.elapsed_s += dt_s * self.speed
        while self.busy and self.elapsed_s >= self.beats[self.index].duration_s:
            self.elapsed_s -= self.beats[self.index].duration_s
            self.index += 1
        if not self.busy:
            self.elapsed_s = 0.0

    def total_s(self) -> float:
        return sum(b.duration_s for b in self.beats)

    # --- building the timeline ---------------------------------------------------------------------

    def start(self, events: Iterable[Any], before: Any, after: Any, hit_on: int | None = None,
              doors_before: Mapping[str, bool] | None = None, doors_after: Mapping[str, bool] | None = None) -> int:
        """Beats for ``events`` that led from state ``before`` to ``after``; how many beats."""
        self.state_after = after  # the names a box's banner uses
        occupancy = occupancy_of(before)
        self._zone_index = {zone: n for n, zone in enumerate(before.graph.zone_ids)}
        layout = table_layout(before, self.board, self.maker)
        self.start_layout = _copy_layout(layout)
        doors = dict(doors_before or {})
        self.beats = []
        pending_moves: list[Any] = []

        def flush_moves() -> None:
            nonlocal layout
            if pending_moves:
                layout = self._zombie_moves(occupancy, layout, pending_moves, doors)
                pending_moves.clear()

        events = list(events)
        self.event_count = len(events)
        self._consumed = 0
        for number, event in enumerate(events):
            kind = getattr(event, "kind", "")
            if kind == "zombie_moved":
                sources = {e.from_zone for e in pending_moves}
                if event.to_zone in sources or any(e.to_zone == event.from_zone for e in pending_moves):
                    flush_moves()
                pending_moves.append(event)
                self._consumed = number + 1
                continue
            flush_moves()
            self._consumed = number + 1
            layout = self._beat_for(event, occupancy, layout, doors, hit_on)
        flush_moves()
        self._consumed = self.event_count
        final = table_layout(after, self.board, self.maker)
        self.doors = dict(doors_after or doors)
        if not self.beats or _positions(final) != _positions(layout):
            self.beats.append(Beat("settle", DURATION_S["settle"], final, doors=dict(self.doors),
                                   through_event=self.event_count))
        self.index = 0
        self.elapsed_s = 0.0
        if math.isinf(self.speed):
            self.skip()
        return len(self.beats)

    def _add(self, kind: str, layout: TableLayout, doors: Mapping[str, bool], **extra: Any) -> TableLayout:
        self.beats.append(Beat(kind, DURATION_S[kind], layout, doors=dict(doors), through_event=self._consumed,
                               **extra))
        return layout

    def _relayout(self, occupancy: Occupancy, layout: TableLayout, zones: Iterable[str]) -> TableLayout:
        return layout_of(occupancy, self.board, self.maker, zones=zones, into=_copy_layout(layout))

    def _zombie_moves(self, occupancy: Occupancy, layout: TableLayout, moves: list[Any],
                      doors: Mapping[str, bool]) -> TableLayout:
        renames: dict[str, str] = {}
        zones: set[str] = set()
        for move in moves:
            have = occupancy.zombies.get(move.from_zone, {}).get(move.zombie, 0)
            there = occupancy.zombies.get(move.to_zone, {}).get(move.zombie, 0)
            count = min(move.count, have)
            for k in range(count):
                renames[zombie_piece_id(move.to_zone, move.zombie, there + k)] = zombie_piece_id(
                    move.from_zone, move.zombie, have - count + k)
            occupancy.add_zombies(move.from_zone, move.zombie, -count)
            occupancy.add_zombies(move.to_zone, move.zombie, count)
            zones.update((move.from_zone, move.to_zone))
        return self._add("zombie_move", self._relayout(occupancy, layout, zones), doors, renames=renames)

    def _beat_for(self, event: Any, occupancy: Occupancy, layout: TableLayout, doors: dict[str, bool],
                  hit_on: int | None) -> TableLayout:
        kind = getattr(event, "kind", "")
        name = self.names.get
        if kind == "survivor_moved":
            occupancy.survivors[event.survivor] = event.to_zone
            return self._add("slide", self._relayout(occupancy, layout, (event.from_zone, event.to_zone)), doors)
        if kind == "zombie_spawned":
            occupancy.add_zombies(event.zone, event.zombie, event.count)
            return self._add("appear", self._relayout(occupancy, layout, (event.zone,)), doors, zone=event.zone)
        if kind == "zombies_killed":
            occupancy.add_zombies(event.zone, event.zombie, -event.count)
            return self._add("vanish", self._relayout(occupancy, layout, (event.zone,)), doors, zone=event.zone)
        if kind in ("survivor_eliminated", "survivor_escaped"):
            zone = occupancy.survivors.pop(event.survivor, "")
            return self._add("vanish", self._relayout(occupancy, layout, (zone,) if zone else ()), doors)
        if kind in ("noise_made", "noise_cleared"):
            zones = set(occupancy.noise)
            if kind == "noise_made":
                occupancy.noise[event.zone] = occupancy.noise.get(event.zone, 0) + event.tokens
                zones.add(event.zone)
            else:
                occupancy.noise.clear()
            return self._relayout(occupancy, layout, zones)
        if kind == "dice_rolled":
            who = name(event.survivor, event.survivor)
            if event.purpose == "spawn":
                title = _("Spawn dice")
            elif event.purpose == "attack":
                title = _("{who}: attack").format(who=who)
            else:
                title = f"{who}: {event.purpose}" if who else event.purpose
            return self._add("dice", layout, doors, dice=tuple(event.values),
                             hit_on=hit_on if event.purpose in ("attack", "bonus") else None, title=title)
        if kind == "card_drawn":
            if event.deck == "zombie":
                return self._add("card", layout, doors, title=_("Zombie card {n}").format(n=event.card),
                                 text=_("for {zone}").format(zone=self.zone_names.get(event.zone, _("a spawn zone")))
                                 if event.zone else "",
                                 zone=event.zone)
            who = name(event.survivor, event.survivor)
            return self._add("card", layout, doors, title=name(event.card, event.card),
                             text=_("found by {who}").format(who=who))
        if kind in ("door_opened", "door_closed"):
            doors[event.door] = kind == "door_opened"
            return self._add("door", layout, doors, door=event.door)
        if kind == "door_broken":  # zombies smash it open: the door swings, splinters in red
            doors[event.door] = True
            return self._add("door", layout, doors, door=event.door, title=DOOR_BROKEN)
        if kind == "survivor_wounded" and not event.ignored:
            return self._add("wound", layout, doors, flash=(event.survivor,),
                             title=_("{who} wounded").format(who=name(event.survivor, event.survivor)))
        if kind == "zombie_attacked":
            victims = tuple(sid for sid, z in occupancy.survivors.items() if z == event.zone)
            return self._add("wound", layout, doors, flash=victims, zone=event.zone,
                             title=ngettext("{zombie} attacks", "{zombie} attack", event.count).format(
                                 zombie=name(event.zombie, event.zombie)))
        if kind == "phase_started":
            title = _("Zombies' phase") if event.phase == "zombies" else _("Round {n}").format(n=event.round)
            return self._add("banner", layout, doors, title=title)
        if kind == "extra_activation":
            return self._add("banner", layout, doors,
                             title=_("Extra activation: {zombie}").format(zombie=name(event.zombie, event.zombie)))
        if kind == "game_ended":
            return self._add("banner", layout, doors, title=mission_words(event.result))
        change = self.piece_events.get(type(event))
        if change is not None:  # the box's pieces come, go or turn over now
            changed = change(event, occupancy.box, self._zone_index)
            occupancy.box.update({zone: pieces for zone, pieces in changed.items() if pieces})
            for zone in [zone for zone, pieces in changed.items() if not pieces]:
                occupancy.box.pop(zone, None)
            banner = self.banners.get(type(event))
            return self._add("appear", self._relayout(occupancy, layout, changed), doors,
                             zone=next(iter(changed), ""),
                             title=banner(event, box_words(self.state_after, self.zone_names)) if banner is not None else "")
        banner = self.banners.get(type(event))
        if banner is not None:
            return self._add("banner", layout, doors, title=banner(event, box_words(self.state_after, self.zone_names)))
        return layout

    # --- what to draw now ----------------------------------------------------------------------

    def current(self) -> tuple[Beat | None, float]:
        if not self.busy:
            return None, 1.0
        beat = self.beats[self.index]
        return beat, min(1.0, self.elapsed_s / beat.duration_s) if beat.duration_s > 0 else 1.0

    def frame(self) -> tuple[list[Piece], dict[str, float], dict[str, bool]]:
        """The pieces where they stand this instant, their base scales, and the doors."""
        beat, progress = self.current()
        if beat is None:
            last = self.beats[-1] if self.beats else None
            layout = last.after if last else self.start_layout
            return list(layout.pieces.values()), dict(layout.scale), dict(self.doors)
        before = self.beats[self.index - 1].after if self.index > 0 else self.start_layout
        t = _ease(progress)
        pieces: list[Piece] = []
        scale: dict[str, float] = {}
        came_from: set[str] = set()
        for pid, piece in beat.after.pieces.items():
            source_id = beat.renames.get(pid, pid)
            source = before.pieces.get(source_id)
            end_scale = beat.after.scale.get(pid, 1.0)
            if source is None:
                scale[pid] = max(0.05, end_scale * t)
                pieces.append(piece)
                continue
            came_from.add(source_id)
            start_scale = before.scale.get(source_id, 1.0)
            scale[pid] = start_scale + (end_scale - start_scale) * t
            if source.x_cm == piece.x_cm and source.y_cm == piece.y_cm:
                pieces.append(piece)
            else:
                pieces.append(replace(piece, x_cm=source.x_cm + (piece.x_cm - source.x_cm) * t,
                                      y_cm=source.y_cm + (piece.y_cm - source.y_cm) * t))
        for pid, piece in before.pieces.items():
            if pid not in came_from and pid not in beat.after.pieces:
                scale[pid] = max(0.05, before.scale.get(pid, 1.0) * (1 - t))
                pieces.append(piece)
        return pieces, scale, dict(beat.doors)

    def draw_overlay(self, target: pygame.Surface, camera: Camera, viewport: pygame.Rect) -> None:
        """Dice, cards, wound flashes, door glows and banners over the table."""
        beat, progress = self.current()
        if beat is None:
            return
        if beat.kind == "dice":
            draw_dice(target, (viewport.centerx, viewport.top + viewport.height // 3), beat.dice, beat.hit_on,
                      progress, beat.title)
        elif beat.kind == "card":
            centre = (viewport.centerx, viewport.top + viewport.height // 3)
            zone = self.board.zones.get(beat.zone)
            if zone is not None:
                sx, sy = camera.world_to_screen(zone.center)
                centre = (int(min(max(sx, viewport.left + 120), viewport.right - 120)),
                          int(min(max(sy - 60, viewport.top + 100), viewport.bottom - 100)))
            draw_card(target, centre, beat.title, beat.text, progress)
        elif beat.kind == "wound":
            pulse = math.sin(progress * math.pi)
            for piece in beat.after.pieces.values():
                if piece.id in beat.flash:
                    sx, sy = camera.world_to_screen((piece.x_cm, piece.y_cm))
                    radius = piece.radius_cm * camera.zoom_px_per_cm * (1.2 + 0.6 * pulse)
                    pygame.draw.circle(target, WOUND_COLOR, (sx, sy), radius, max(3, round(6 * pulse)))
            if beat.title:
                draw_banner(target, viewport, beat.title, progress, color=(255, 150, 140))
        elif beat.kind == "door":
            connection = next((c for c in self.board.connections if c.id == beat.door), None)
            if connection is not None:
                (ax, ay), (bx, by) = connection.segment
                sx, sy = camera.world_to_screen(((ax + bx) / 2, (ay + by) / 2))
                radius = (1.5 + 2.5 * progress) * camera.zoom_px_per_cm
                broken = beat.title == DOOR_BROKEN
                pygame.draw.circle(target, BROKEN_GLOW if broken else DOOR_GLOW, (sx, sy), radius, 6 if broken else 4)
                if broken:  # splinters flying from the door
                    for n in range(8):
                        angle = n * math.pi / 4 + progress
                        inner, outer = radius * 0.4, radius * (0.7 + 0.5 * progress)
                        pygame.draw.line(target, BROKEN_GLOW, (sx + math.cos(angle) * inner, sy + math.sin(angle) * inner),
                                         (sx + math.cos(angle) * outer, sy + math.sin(angle) * outer), 3)
        elif beat.kind == "banner" and beat.title:
            draw_banner(target, viewport, beat.title, progress)
        elif beat.kind == "appear" and beat.zone in self.board.zones:
            sx, sy = camera.world_to_screen(self.board.zones[beat.zone].center)
            pygame.draw.circle(target, (150, 220, 90), (sx, sy), (0.5 + 3 * progress) * camera.zoom_px_per_cm, 3)


def mission_words(result: str | None) -> str:
    """"Mission won" or "Mission lost", in the player's language."""
    return _(MISSION_WORDS.get(result or "over", MISSION_WORDS["over"]))


def draw_banner(target: pygame.Surface, viewport: pygame.Rect, text: str, progress: float,
                color: tuple[int, int, int] = (250, 240, 220)) -> None:
    alpha = round(255 * min(1.0, 4 * min(progress, 1 - progress) + 0.3))
    words = text_with_halo(text, 40, color).copy()
    band = pygame.Surface((viewport.width, words.get_height() + 24), pygame.SRCALPHA)
    band.fill((10, 10, 12, min(200, alpha)))
    words.set_alpha(alpha)
    rect = band.get_rect(center=(viewport.centerx, viewport.top + viewport.height // 5))
    target.blit(band, rect)
    target.blit(words, words.get_rect(center=rect.center))


def draw_card(target: pygame.Surface, centre: tuple[int, int], title: str, text: str, progress: float) -> None:
    """A card turning face up (its width grows from nothing), then read."""
    w, h = 220, 140
    turned = min(1.0, progress / 0.3)
    face = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(face, (25, 22, 20), face.get_rect(), border_radius=12)
    pygame.draw.rect(face, (236, 228, 206), face.get_rect().inflate(-8, -8), border_radius=10)
    pygame.draw.rect(face, (160, 40, 30), face.get_rect().inflate(-8, -8), 3, border_radius=10)
    heading = _fitted(text_with_halo(title, 22), w - 20)
    face.blit(heading, heading.get_rect(midtop=(w // 2, 28)))
    if text:
        words = _fitted(text_with_halo(text, 15, (255, 245, 225)), w - 20)
        face.blit(words, words.get_rect(midtop=(w // 2, 80)))
    shown = pygame.transform.smoothscale(face, (max(2, round(w * turned)), h))
    target.blit(shown, shown.get_rect(center=centre))


def _fitted(words: pygame.Surface, width_px: int) -> pygame.Surface:
    """Words narrowed to fit the card (a long zone name is never cut off)."""
    if words.get_width() <= width_px:
        return words
    height = max(1, round(words.get_height() * width_px / words.get_width()))
    return pygame.transform.smoothscale(words, (width_px, height))


def _positions(layout: TableLayout) -> dict[str, tuple[float, float]]:
    return {pid: (round(p.x_cm, 3), round(p.y_cm, 3)) for pid, p in layout.pieces.items()}
