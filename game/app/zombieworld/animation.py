"""What the engine's Zombieworld events look like on the table, beyond sliding walkers and rolling
dice: a driven vehicle travels its legs (turning about its front bumper, as the engine measures a
drive, then rolling straight) with its riders on their seats; whoever it runs over flashes as the
body reaches them, and a casualty tips over and fades; a crash shakes the body in a burst; a start,
a stall or a runaway shows a word over the vehicle.

Effects are placed on one timeline: vehicle trips play one after another, victims' flashes are timed
to the moment the body passes them. No rules here: everything comes from the events and the states
before and after them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.app.render import text_with_halo
from game.i18n import N_, _
from game.rules.core.frozen import mutable_record
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import State, Vehicle

Point = tuple[float, float]
Pose = tuple[float, float, float]  # centre x, centre y in cm, facing in radians

TRIP_CM_PER_S = 45.0
TRIP_MIN_S, TRIP_MAX_S = 0.45, 1.6
TURN_SHARE = 0.3  # of a leg's time spent pivoting when the leg starts with a turn
FLASH_S = 0.55
FALL_S = 0.8
CRASH_S = 0.6
WORD_S = 1.3
WORD_GAP_S = 0.35  # a word holds the timeline this long before the next beat starts
FLASH_COLOUR = (255, 236, 120)
WOUND_COLOUR = (235, 50, 40)
STATUS_WORDS = {"out_of_control": (N_("Out of control!"), (255, 120, 80)),
                "control_regained": (N_("Back under control"), (140, 230, 140)),
                "overturned": (N_("Overturned!"), (255, 110, 90)), "broken": (N_("Broken down"), (255, 110, 90)),
                "stalled": (N_("Stalled"), (255, 200, 120)), "held": (N_("Held fast"), (255, 200, 120)),
                "lost": (N_("Off the table!"), (255, 110, 90)), "opened": (N_("Opened"), (250, 230, 150)),
                "searched": (N_("Searched"), (250, 230, 150))}  # a word over the vehicle, said when drawn


def _angle_between(a: float, b: float) -> float:
    """The signed smallest turn from ``a`` to ``b``."""
    return (b - a + math.pi) % (2 * math.pi) - math.pi


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def front_of(pose: Pose, length_cm: float) -> Point:
    return pose[0] + math.cos(pose[2]) * length_cm / 2, pose[1] + math.sin(pose[2]) * length_cm / 2


@mutable_record
class Trip:
    """One ``VehicleMoved``: the body from its pose before through each leg's pose."""

    vehicle: Vehicle  # as it stood before (its size and look; its pose is replaced while it moves)
    poses: tuple[Pose, ...]  # the start pose first
    start_s: float
    duration_s: float
    riders: tuple[tuple[str, int], ...] = ()  # model id, seat
    shake: bool = False  # a crash at its end

    @property
    def end_s(self) -> float:
        return self.start_s + self.duration_s

    def leg_lengths(self) -> list[float]:
        return [math.dist(a[:2], b[:2]) + abs(_angle_between(a[2], b[2])) * self.vehicle.length_cm / 2
                for a, b in zip(self.poses, self.poses[1:], strict=False)]

    def pose_at(self, t: float) -> Pose:
        """The body at share ``t`` (0..1) of the trip: each leg pivots about the front, then rolls."""
        lengths = self.leg_lengths()
        total = sum(lengths)
        if total <= 1e-9 or t >= 1.0:
            return self.poses[-1]
        travelled = _ease(max(0.0, t)) * total
        for (a, b), length in zip(zip(self.poses, self.poses[1:], strict=False), lengths, strict=True):
            if travelled > length:
                travelled -= length
                continue
            share = travelled / length if length else 1.0
            turn = _angle_between(a[2], b[2])
            if abs(turn) > math.radians(2):
                pivot = front_of(a, self.vehicle.length_cm)
                if share < TURN_SHARE:
                    facing = a[2] + turn * share / TURN_SHARE
                    half = self.vehicle.length_cm / 2
                    return pivot[0] - math.cos(facing) * half, pivot[1] - math.sin(facing) * half, facing
                share = (share - TURN_SHARE) / (1 - TURN_SHARE)
                half = self.vehicle.length_cm / 2
                a = (pivot[0] - math.cos(b[2]) * half, pivot[1] - math.sin(b[2]) * half, b[2])
            return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share, b[2]
        return self.poses[-1]

    def share_nearest(self, point: Point) -> float:
        """The share of the trip at which the body's centre passes nearest ``point``."""
        best, best_gap = 1.0, math.inf
        for n in range(41):
            t = n / 40
            pose = self.pose_at(t)
            gap = math.dist(pose[:2], point)
            if gap < best_gap - 1e-9:
                best, best_gap = t, gap
        return best


@mutable_record
class Effect:
    """A flash, a fall, a crash burst or a word, drawn from ``shown_s`` and playing from ``start_s``."""

    kind: str  # flash, fall, crash, word
    point: Point
    start_s: float
    duration_s: float
    shown_s: float = 0.0
    colour: tuple[int, int, int] = FLASH_COLOUR
    text: str = ""
    model: str = ""

    @property
    def end_s(self) -> float:
        return self.start_s + self.duration_s


@dataclass
class EventAnimator:
    """The table's share of an action's events, played over the game scene."""

    speed: float = 1.0
    clock_s: float = 0.0
    trips: list[Trip] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    cursor_s: float = 0.0  # where the next beat starts

    @property
    def busy(self) -> bool:
        return any(t.end_s > self.clock_s for t in self.trips) or any(e.end_s > self.clock_s for e in self.effects)

    def clear(self) -> None:
        self.trips.clear()
        self.effects.clear()
        self.cursor_s = self.clock_s

    def skip(self) -> None:
        """Jump to the end of everything under way."""
        ends = [t.end_s for t in self.trips] + [e.end_s for e in self.effects]
        self.clock_s = max([self.clock_s, *ends])
        self.update(0.0)

    def update(self, dt_s: float) -> None:
        self.clock_s += dt_s * self.speed
        self.effects = [e for e in self.effects if e.end_s > self.clock_s]
        shaking = {e.model for e in self.effects if e.kind == "crash"}  # a trip's body shakes at its end
        self.trips = [t for t in self.trips if t.end_s > self.clock_s or t.vehicle.id in shaking]
        if not self.trips and not self.effects:
            self.cursor_s = self.clock_s

    # --- building the timeline ---------------------------------------------------------------

    def add(self, events: Iterable[Any], before: State, colours: Mapping[str, tuple[int, int, int]] | None = None
            ) -> None:
        """Place ``events`` (one command's, played on ``before``) on the timeline: vehicle beats in
        their order, each victim's flash when the body passes it, wounds and falls after that."""
        events = list(events)
        colours = colours or {}
        self.cursor_s = max(self.cursor_s, self.clock_s)
        vehicles: dict[str, Vehicle] = {v.id: v for v in before.vehicles}
        positions: dict[str, Point] = {m.id: m.position for m in before.models}
        sides = {m.id: m.side for m in before.models}
        moment: list[float] = []  # when each event happens on screen
        trips: dict[int, Trip] = {}
        for index, event in enumerate(events):
            moment.append(self.cursor_s)
            vehicle = vehicles.get(getattr(event, "vehicle", "")) if hasattr(event, "vehicle") else None
            if isinstance(event, c.VehicleMoved) and vehicle is not None:
                poses = ((vehicle.x, vehicle.y, vehicle.facing), *event.poses)
                length = sum(math.dist(a[:2], b[:2]) for a, b in zip(poses, poses[1:], strict=False))
                duration = max(TRIP_MIN_S, min(TRIP_MAX_S, 0.2 + length / TRIP_CM_PER_S))
                riders = tuple((m.id, m.seat) for m in before.models if m.vehicle == vehicle.id)
                trips[index] = Trip(vehicle, poses, self.cursor_s, duration, riders)
                self.trips.append(trips[index])
                vehicles[vehicle.id] = replace(vehicle, x=poses[-1][0], y=poses[-1][1], facing=poses[-1][2])
                self.cursor_s += duration
            elif isinstance(event, c.VehicleStarted) and vehicle is not None:
                text, colour = (N_("Vroom!"), (250, 230, 150)) if event.started else (N_("Won't start"), (255, 150, 120))
                self.effects.append(Effect("word", vehicle.position, self.cursor_s, WORD_S, shown_s=self.cursor_s,
                                           colour=colour, text=text, model=vehicle.id))
                self.cursor_s += WORD_GAP_S
            elif isinstance(event, c.VehicleCrashed) and vehicle is not None:
                point = front_of((vehicle.x, vehicle.y, vehicle.facing), vehicle.length_cm)
                self.effects.append(Effect("crash", point, self.cursor_s, CRASH_S, shown_s=self.cursor_s,
                                           model=vehicle.id))
                self.effects.append(Effect("word", vehicle.position, self.cursor_s, WORD_S, shown_s=self.cursor_s,
                                           colour=(255, 120, 80), text=N_("Crash!"), model=vehicle.id))
                self.cursor_s += WORD_GAP_S
            elif isinstance(event, c.Deployed):  # a figure set down: a flash in its band's colour
                colour = colours.get(sides.get(event.model, ""), FLASH_COLOUR)
                self.effects.append(Effect("flash", event.at, self.cursor_s, FLASH_S, shown_s=self.cursor_s,
                                           colour=colour, model=event.model))
            elif isinstance(event, c.FoundKept) and event.model in positions:  # the swap, over the finder
                self.effects.append(Effect("word", positions[event.model], self.cursor_s, WORD_S,
                                           shown_s=self.cursor_s, colour=(235, 200, 120), text=N_("Kept!")))
                self.cursor_s += WORD_GAP_S
            elif isinstance(event, c.ItemsExchanged) and event.other in positions:  # a hand-over, over the taker
                self.effects.append(Effect("word", positions[event.other], self.cursor_s, WORD_S,
                                           shown_s=self.cursor_s, colour=(235, 200, 120), text=N_("Got it!")))
                self.cursor_s += WORD_GAP_S
            elif isinstance(event, c.BandDeployed):  # a word over the band, where it stands
                placed = [positions[m] for m, side in sides.items() if side == event.seat and positions[m][0] >= 0]
                if placed:
                    middle = (sum(p[0] for p in placed) / len(placed), sum(p[1] for p in placed) / len(placed))
                    self.effects.append(Effect("word", middle, self.cursor_s, WORD_S, shown_s=self.cursor_s,
                                               colour=colours.get(event.seat, (250, 230, 150)), text=N_("Deployed")))
                    self.cursor_s += WORD_GAP_S
            elif isinstance(event, c.VehicleStatus) and vehicle is not None:
                text, colour = STATUS_WORDS.get(event.status, (event.status.replace("_", " "), (255, 220, 150)))
                self.effects.append(Effect("word", vehicle.position, self.cursor_s, WORD_S, shown_s=self.cursor_s,
                                           colour=colour, text=text, model=vehicle.id))
                if event.status == "overturned":
                    self.effects.append(Effect("crash", vehicle.position, self.cursor_s, CRASH_S,
                                               shown_s=self.cursor_s, model=vehicle.id))
                self.cursor_s += WORD_GAP_S
        # a victim is met by the vehicle's next trip in the events (the last one when none follows)
        victim_time: dict[str, float] = {}
        for index, event in enumerate(events):
            if isinstance(event, c.RanOver) and event.victim in positions:
                same = [i for i, t in trips.items() if t.vehicle.id == event.vehicle]
                later = [i for i in same if i > index]
                if same:
                    trip = trips[later[0] if later else same[-1]]
                    victim_time[event.victim] = trip.start_s + trip.share_nearest(positions[event.victim]) \
                        * trip.duration_s
        for index, event in enumerate(events):
            if isinstance(event, c.RanOver) and event.victim in positions:
                at = victim_time.get(event.victim, moment[index])
                self.effects.append(Effect("flash", positions[event.victim], at, FLASH_S, shown_s=at,
                                           model=event.victim))
            elif isinstance(event, c.Wounded) and event.model in positions and not event.ignored:
                at = victim_time.get(event.model, moment[index]) + 0.1
                self.effects.append(Effect("flash", positions[event.model], at, FLASH_S, shown_s=at,
                                           colour=WOUND_COLOUR, model=event.model))
            elif isinstance(event, c.ModelRemoved) and event.model in positions \
                    and event.reason in ("killed", "out_of_action", "devoured"):
                at = victim_time.get(event.model, moment[index]) + (0.2 if event.model in victim_time else 0.0)
                colour = colours.get(sides.get(event.model, ""), (200, 200, 200))
                self.effects.append(Effect("fall", positions[event.model], at, FALL_S, shown_s=self.clock_s,
                                           colour=colour, model=event.model))
        self.effects.sort(key=lambda e: e.start_s)

    # --- what the scene shows ------------------------------------------------------------------

    def vehicle_pose(self, vehicle_id: str) -> Pose | None:
        """Where the body is drawn now, while a trip of it is on the timeline (None: as the state says)."""
        trips = [t for t in self.trips if t.vehicle.id == vehicle_id]
        if not trips:
            return None
        shown: Pose | None = None
        for trip in trips:
            if self.clock_s < trip.start_s:
                shown = trip.poses[0] if shown is None else shown
                break
            shown = trip.pose_at((self.clock_s - trip.start_s) / trip.duration_s)
        assert shown is not None
        shake = self.shake_cm(vehicle_id)
        return shown[0] + shake[0], shown[1] + shake[1], shown[2]

    def shake_cm(self, vehicle_id: str) -> Point:
        for effect in self.effects:
            if effect.kind == "crash" and effect.model == vehicle_id and effect.start_s <= self.clock_s < effect.end_s:
                t = (self.clock_s - effect.start_s) / effect.duration_s
                amplitude = 0.6 * (1 - t)
                return math.sin(t * 47) * amplitude, math.cos(t * 39) * amplitude
        return 0.0, 0.0

    def shown_vehicles(self, current: Sequence[Vehicle]) -> list[Vehicle]:
        """The vehicles to draw: the state's, moved to where their trips have them, and any that a
        trip still carries although the state has lost them (off the table)."""
        shown = []
        known = set()
        for vehicle in current:
            known.add(vehicle.id)
            pose = self.vehicle_pose(vehicle.id)
            shown.append(vehicle if pose is None else replace(vehicle, x=pose[0], y=pose[1], facing=pose[2]))
        for trip in self.trips:
            if trip.vehicle.id not in known:
                known.add(trip.vehicle.id)
                pose = self.vehicle_pose(trip.vehicle.id)
                if pose is not None:
                    shown.append(replace(trip.vehicle, x=pose[0], y=pose[1], facing=pose[2]))
        return shown

    def riders(self) -> list[tuple[str, int, Vehicle]]:
        """Riders of the vehicles under way: model id, seat and the body as drawn now."""
        found: list[tuple[str, int, Vehicle]] = []
        for trip in self.trips:
            pose = self.vehicle_pose(trip.vehicle.id)
            if pose is None:
                continue
            body = replace(trip.vehicle, x=pose[0], y=pose[1], facing=pose[2])
            found.extend((model_id, seat, body) for model_id, seat in trip.riders)
        return found

    def frame_key(self) -> tuple[float, ...]:
        return (round(self.clock_s, 3),) if self.busy else ()

    def draw(self, surface: pygame.Surface, to_screen: Callable[[Point], tuple[float, float]],
             zoom_px_per_cm: float) -> None:
        """Flashes, falls, crash bursts and words at their places on the table."""
        radius = max(6.0, BASE_RADIUS_CM * zoom_px_per_cm)
        stacked: dict[str, int] = {}  # words already shown over each vehicle: the next goes above
        for effect in self.effects:
            if self.clock_s < effect.shown_s:
                continue
            t = (self.clock_s - effect.start_s) / effect.duration_s
            point = effect.point
            pose = self.vehicle_pose(effect.model) if effect.kind in ("word", "crash") else None
            if pose is not None:
                point = pose[:2] if effect.kind == "word" else point
            x, y = to_screen(point)
            if effect.kind == "fall":
                _draw_fall(surface, (x, y), radius, effect.colour, t)
            elif t < 0:
                continue
            elif effect.kind == "flash":
                glow = pygame.Surface((int(radius * 6), int(radius * 6)), pygame.SRCALPHA)
                fade = max(0.0, 1 - t)
                centre = (glow.get_width() / 2, glow.get_height() / 2)
                pygame.draw.circle(glow, (*effect.colour, int(150 * fade)), centre, radius * (1.3 + 1.2 * t))
                pygame.draw.circle(glow, (255, 255, 255, int(230 * fade)), centre, radius * (1.3 + 1.2 * t),
                                   max(2, int(radius * 0.25)))
                surface.blit(glow, glow.get_rect(center=(x, y)))
            elif effect.kind == "crash":
                _draw_burst(surface, (x, y), radius * (1.6 + 1.8 * min(1.0, t * 2)), t)
            elif effect.kind == "word":
                words = text_with_halo(_(effect.text), 26 if t < 0.15 else 24, color=effect.colour)
                rise = 12 + 26 * min(1.0, t) + 30 * stacked.get(effect.model, 0)
                stacked[effect.model] = stacked.get(effect.model, 0) + 1
                if t > 0.75:
                    words = words.copy()
                    words.set_alpha(int(255 * max(0.0, (1 - t) / 0.25)))
                surface.blit(words, words.get_rect(midbottom=(x, y - radius - rise)))


def _draw_fall(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: tuple[int, int, int],
               t: float) -> None:
    """A base standing until its moment, then tipping flat (an ellipse squashing sideways) and fading."""
    x, y = centre
    if t < 0:
        pygame.draw.circle(surface, (20, 20, 20), (x, y), radius + 2)
        pygame.draw.circle(surface, colour, (x, y), radius)
        return
    tip = min(1.0, t * 2.2)
    fade = 1.0 if t < 0.5 else max(0.0, 1 - (t - 0.5) / 0.5)
    w, h = radius * 2 * (1 + 0.5 * tip), radius * 2 * (1 - 0.6 * tip)
    layer = pygame.Surface((int(w) + 8, int(radius * 2) + 8), pygame.SRCALPHA)
    grey = tuple(int(v + (110 - v) * tip) for v in colour)
    box = pygame.Rect(0, 0, int(w), max(2, int(h)))
    box.center = (layer.get_width() // 2, layer.get_height() // 2 + int(radius * 0.4 * tip))
    pygame.draw.ellipse(layer, (20, 20, 20, int(255 * fade)), box.inflate(4, 4))
    pygame.draw.ellipse(layer, (*grey, int(255 * fade)), box)
    if tip >= 1.0:  # a cross: out of the game
        a, b = box.inflate(-box.width // 2, 0).topleft, box.inflate(-box.width // 2, 0).bottomright
        pygame.draw.line(layer, (200, 30, 30, int(255 * fade)), a, b, 3)
        pygame.draw.line(layer, (200, 30, 30, int(255 * fade)), (a[0], b[1]), (b[0], a[1]), 3)
    surface.blit(layer, layer.get_rect(center=(x, y)))


def _draw_burst(surface: pygame.Surface, centre: tuple[float, float], radius: float, t: float) -> None:
    fade = max(0.0, 1 - t)
    points = []
    for n in range(16):
        angle = n * math.pi / 8 + t
        reach = radius if n % 2 == 0 else radius * 0.5
        points.append((centre[0] + math.cos(angle) * reach, centre[1] + math.sin(angle) * reach))
    size = int(radius * 2) + 4
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    shifted = [(px - centre[0] + size / 2, py - centre[1] + size / 2) for px, py in points]
    pygame.draw.polygon(layer, (255, 150, 40, int(220 * fade)), shifted)
    pygame.draw.polygon(layer, (255, 240, 160, int(255 * fade)), shifted, 3)
    surface.blit(layer, layer.get_rect(center=centre))


__all__ = ["EventAnimator", "Trip", "Effect", "front_of"]
