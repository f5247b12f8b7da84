"""How a Zombieworld game screen is drawn: the table's overlays (seat rings, reach areas, targets,
vehicles, BANG markers), the tape of a drag, the aim line and the shot panel, and the panels round
the table (tools, bands, the acting model's card, the actions). Pictures are cached and redrawn only
when what they show changes."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.app.render import font, text_with_halo
from game.app.widgets.card_view import local_name
from game.app.widgets.chrome import CHROME_FILL, ChromeCache, bar_signature
from game.app.widgets.dialogs import (
    ACCENT,
    BUTTON_H_PX,
    MUTED,
    PANEL_EDGE,
    PANEL_FILL,
    TEXT,
    fit_lines,
    fit_text,
    fitted,
)
from game.app.words_es import contracted
from game.app.zombieworld.content_words import item_name, rank_name
from game.app.zombieworld.controller import MovePreview, ShotPreview
from game.app.zombieworld.event_text import model_name, modifiers_text
from game.app.zombieworld.game_table import vehicle_outline
from game.app.zombieworld.game_words import hint, level_tag
from game.app.zombieworld.vehicle_text import level_place, where_text
from game.i18n import N_, _, language, ngettext, said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import engine
from game.rules.zombieworld.containers import CONTAINER_PROP
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.state import ZOMBIES, Vehicle

RANGE_BANDS = {"point blank": N_("point blank"), "in range": N_("in range"), "out of range": N_("out of range")}
COVER_WORDS = {"open": N_("open ground"), "difficult": N_("difficult ground"), "building": N_("in a building")}
MODEL_KINDS = {"survivor": N_("Survivor"), "dog": N_("Dog"), "zombie": N_("Zombie")}

if TYPE_CHECKING:
    from game.app.zombieworld.game_scene import ZombieworldGameScene

Point = tuple[float, float]

SEAT_COLORS = {"red": (222, 74, 60), "blue": (72, 136, 236), "green": (80, 190, 110), "amber": (236, 170, 50),
               ZOMBIES: (128, 176, 76)}
WALK_TINT = (90, 220, 120)
SPRINT_TINT = (245, 185, 60)
LEGAL_TAPE = (120, 236, 140)
ILLEGAL_TAPE = (236, 70, 60)
TARGET_TINT = (245, 140, 50)
RAISED_TINT = (240, 220, 120)
ITEM_TINT = (235, 200, 120)  # items lying on the ground
CONTAINER_TINT = (176, 120, 62)  # the scenario's containers
DEPLOY_TINT = (120, 200, 240)  # where the deploying band may place its figures
KEEP_OUT_TINT = (236, 70, 60)  # ... and the rival survivors' distance it must keep
ALLIANCE_FIXED = (110, 200, 130)  # the frame round the alliance line: binding, or only a promise
ALLIANCE_FRAGILE = (236, 170, 50)
TOP_BAR_PX = 68
# a roster row's rank (the catalog's ids), in the player's words
RANK_WORDS = {"born": N_("born"), "expert": N_("expert"), "hardened": N_("hardened"), "rookie": N_("rookie"),
              "frightened": N_("frightened"), "dog": N_("dog")}
LEFT_PANEL_PX = 330
RIGHT_PANEL_PX = 330
BOTTOM_BAR_PX = 132
AIM_ROW_PX = 28  # a line of the shot panel
AIM_ROWS_TOP_PX = 46
AIM_PANEL_PX = 300
ALLIANCE_ROW_PX = 48
RANGE_BANDS = {"point blank": N_("point blank"), "in range": N_("in range"), "out of range": N_("out of range")}
COVER_WORDS = {"open": N_("open"), "difficult": N_("difficult ground"), "building": N_("inside a building")}
ELEMENT_WORDS = {"antidote": N_("antidote")}


class GamePainter:
    """Draws one game screen; keeps its pictures between frames."""

    def __init__(self, scene: ZombieworldGameScene):
        self.scene = scene
        self._status_words: tuple[str, pygame.Surface] | None = None  # the text and its picture
        self._aim_pictures: tuple[ShotPreview, tuple[int, int], list] | None = None  # for this aim and panel size
        self._chrome = ChromeCache()
        self._layer: pygame.Surface | None = None
        self._layer_signature: tuple = ()

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        area = scene.table_rect()
        scene.table.draw(surface)
        old = surface.get_clip()
        surface.set_clip(area)
        surface.blit(self.overlay_layer(), area.topleft)
        scene.anim.draw(surface, scene.table.camera.world_to_screen, scene.table.camera.zoom_px_per_cm)
        if scene.tutorial is not None:  # on the table, under the panels, dice and pop-ups
            scene.tutorial.draw_pointer(surface, scene.clock_s)
        self.draw_drag(surface)
        self.draw_aim_line(surface)
        surface.set_clip(old)
        chrome = self.chrome()
        w, h = scene.window_size
        for rect in (pygame.Rect(0, 0, w, area.top), pygame.Rect(0, area.top, area.left, h - area.top),
                     pygame.Rect(area.right, area.top, w - area.right, h - area.top),
                     pygame.Rect(area.left, area.bottom, area.width, h - area.bottom)):
            surface.blit(chrome, rect, rect)
        if scene.aim is not None:
            self.draw_aim_panel(surface)
        scene.dice.draw(surface, area, scene.dice_avoid)
        if scene.status_text:
            words = self.status_words()
            box = words.get_rect(midbottom=(area.centerx, area.bottom - 12 - (310 if scene.aim else 0)))
            pygame.draw.rect(surface, (20, 20, 20), box.inflate(24, 12), border_radius=8)
            pygame.draw.rect(surface, ACCENT, box.inflate(24, 12), 2, border_radius=8)
            surface.blit(words, box)

    def draw_above_ui(self, surface: pygame.Surface) -> None:
        """A question is modal: drawn over the log and the other widgets, which it shades."""
        if self.scene.dialog is not None:
            self.scene.dialog.draw(surface)

    def overlay_layer(self) -> pygame.Surface:
        """Seat rings, the acting model's reach, targets: redrawn only when the view or the game changes."""
        scene = self.scene
        cam = scene.table.camera
        area = scene.table_rect()
        drag = scene.table.drag
        signature = (area.size, cam.center_x_cm, cam.center_y_cm, cam.zoom_px_per_cm, id(scene.state),
                     scene.controller.selected, scene.aiming, scene.aim.target if scene.aim else None,
                     drag.model if drag else None, tuple(scene.table.slides), scene.anim.frame_key())
        if self._layer is not None and signature == self._layer_signature:
            return self._layer
        if self._layer is None or self._layer.get_size() != area.size:
            self._layer = pygame.Surface(area.size, pygame.SRCALPHA)
        layer = self._layer
        layer.fill((0, 0, 0, 0))
        self._layer_signature = signature

        def px(point: Point) -> tuple[float, float]:
            x, y = cam.world_to_screen(point)
            return (x - area.left, y - area.top)

        zoom = cam.zoom_px_per_cm
        deploy = scene.controller.template(c.DeployTemplate)
        if deploy is not None:
            self.draw_deploy_zones(layer, px, zoom, deploy)
        active = scene.controller.active_model()
        reach = scene.controller.reach(active.id) if active is not None and not active.vehicle else None
        if reach is not None:
            if len(reach.sprint) >= 3:
                points = [px(p) for p in reach.sprint]
                pygame.draw.polygon(layer, (*SPRINT_TINT, 34), points)
                pygame.draw.polygon(layer, (*SPRINT_TINT, 200), points, 2)
            if len(reach.walk) >= 3:
                points = [px(p) for p in reach.walk]
                pygame.draw.polygon(layer, (*WALK_TINT, 60), points)
                pygame.draw.polygon(layer, (*WALK_TINT, 230), points, 3)
        for vehicle in scene.anim.shown_vehicles(scene.state.vehicles):
            self.draw_vehicle(layer, vehicle, px)
        self.draw_containers(layer, px)
        radius = max(5, BASE_RADIUS_CM * zoom)
        ready = set(scene.controller.activatable()) | set(deploy.models if deploy is not None else ())
        targets = set(scene.controller.shot_targets()) if scene.aiming or scene.aim else set()
        pieces = scene.table.state.pieces
        for m in scene.state.models:
            piece = pieces.get(m.id)
            centre = px((piece.x_cm, piece.y_cm) if piece is not None and m.vehicle else m.position)  # riders on seats
            colour = SEAT_COLORS.get(m.side, (200, 200, 200))
            pygame.draw.circle(layer, (*colour, 235), centre, radius + max(2, zoom * 0.3), max(2, round(zoom * 0.25)))
            if m.id in ready:
                pygame.draw.circle(layer, (*ACCENT, 150), centre, radius + max(5, zoom * 0.7), 2)
            if m.id in targets:
                pygame.draw.circle(layer, (*TARGET_TINT, 70), centre, radius * 1.9)
                pygame.draw.circle(layer, (*TARGET_TINT, 255), centre, radius * 1.9, 3)
            tag = level_tag(self.scene, m)
            if tag:  # off the ground: a gold outline and a badge (R roof, 1 2 floors, S stairs, T top)
                pygame.draw.circle(layer, (*RAISED_TINT, 255), centre, radius + max(4, zoom * 0.6), 2)
                size = max(8, round(radius * 0.5))
                badge = (centre[0] + radius * 0.85, centre[1] - radius * 0.85)
                pygame.draw.circle(layer, (30, 30, 34, 255), badge, size)
                pygame.draw.circle(layer, (*RAISED_TINT, 255), badge, size, 2)
                letter = font(max(10, size + 3)).render(tag, True, RAISED_TINT)
                layer.blit(letter, letter.get_rect(center=badge))
            if m.wounds:
                for n in range(m.wounds):
                    pygame.draw.circle(layer, (200, 30, 30, 255),
                                       (centre[0] - radius + n * max(5, radius * 0.5), centre[1] - radius), max(3, radius * 0.22))
        if active is not None:
            piece = pieces.get(active.id)
            centre = px((piece.x_cm, piece.y_cm) if piece is not None and active.vehicle else active.position)
            pygame.draw.circle(layer, (*ACCENT, 255), centre, radius + max(6, zoom * 0.9), 3)
        self.draw_ground_items(layer, px, zoom)
        for bang in scene.state.bangs:
            centre = px((bang.x, bang.y))
            pygame.draw.circle(layer, (255, 120, 40, 90), centre, max(10, zoom * 1.6))
            label = font(max(11, min(18, round(zoom)))).render(f"BANG {bang.value}", True, (255, 220, 160))
            layer.blit(label, label.get_rect(center=centre))
        if scene.state.objective is not None:
            pygame.draw.circle(layer, (230, 210, 90, 200), px(scene.state.objective), max(8, 8.0 * zoom), 2)
        return layer

    def draw_deploy_zones(self, layer: pygame.Surface, px: Any, zoom: float, deploy: c.DeployTemplate) -> None:
        """Deployment: the strips along the table edges of the quadrants the band may use (or the
        circle round the centre), and a ring round each rival survivor it must keep away from."""
        table = self.scene.state.table
        if table is None:
            return
        for x0, y0, x1, y1 in deploy.zones:
            if deploy.centre:
                middle = px(((x0 + x1) / 2, (y0 + y1) / 2))
                pygame.draw.circle(layer, (*DEPLOY_TINT, 50), middle, deploy.depth_cm * zoom)
                pygame.draw.circle(layer, (*DEPLOY_TINT, 220), middle, deploy.depth_cm * zoom, 2)
                continue
            strips = []
            depth = deploy.depth_cm
            if y0 <= 0:
                strips.append((x0, y0, x1, y0 + depth))
            if y1 >= table.height_cm:
                strips.append((x0, y1 - depth, x1, y1))
            if x0 <= 0:
                strips.append((x0, y0, x0 + depth, y1))
            if x1 >= table.width_cm:
                strips.append((x1 - depth, y0, x1, y1))
            for a0, b0, a1, b1 in strips:
                corners = [px((a0, b0)), px((a1, b0)), px((a1, b1)), px((a0, b1))]
                pygame.draw.polygon(layer, (*DEPLOY_TINT, 45), corners)
                pygame.draw.polygon(layer, (*DEPLOY_TINT, 200), corners, 2)
            quadrant = [px((x0, y0)), px((x1, y0)), px((x1, y1)), px((x0, y1))]
            pygame.draw.polygon(layer, (*DEPLOY_TINT, 120), quadrant, 1)
        if deploy.apart_cm > 0:
            for rival in self.scene.state.models:
                if rival.side not in (deploy.seat, ZOMBIES) and rival.kind == "survivor" and rival.x >= 0:
                    ring = (deploy.apart_cm + 2 * BASE_RADIUS_CM) * zoom  # 25 cm from its base's edge
                    pygame.draw.circle(layer, (*KEEP_OUT_TINT, 25), px(rival.position), ring)
                    pygame.draw.circle(layer, (*KEEP_OUT_TINT, 160), px(rival.position), ring, 2)

    def draw_ground_items(self, layer: pygame.Surface, px: Any, zoom: float) -> None:
        """Items lying on the table (a devoured survivor's gear, a dropped weapon, an antidote): a
        small marker each, fanned out where several lie together, with its name when zoomed in."""
        catalog = self.scene.state.catalog
        seen: dict[tuple[float, float], int] = {}
        side = max(8, 1.4 * zoom)
        for x, y, text in self.scene.state.ground_items:
            item = engine.ground_item(text)[0]
            number = seen.get((x, y), 0)
            seen[(x, y)] = number + 1
            centre = px((x + 0.9 * number, y + 0.9 * number))
            box = pygame.Rect(0, 0, side, side)
            box.center = (round(centre[0]), round(centre[1]))
            pygame.draw.rect(layer, (46, 40, 28, 235), box, border_radius=3)
            pygame.draw.rect(layer, (*ITEM_TINT, 255), box, 2, border_radius=3)
            name = item_name(catalog, item)
            initial = font(max(9, round(side * 0.7))).render(name[:1].upper(), True, ITEM_TINT)
            layer.blit(initial, initial.get_rect(center=box.center))
            if zoom >= 9:
                label = text_with_halo(name, max(10, min(15, round(zoom * 0.9))), ITEM_TINT)
                layer.blit(label, label.get_rect(midtop=(box.centerx, box.bottom + 1)))

    def draw_containers(self, layer: pygame.Surface, px: Any) -> None:
        """The scenario's containers placed at set-up (they are pieces of the rules' table only):
        a crate, crossed once searched."""
        state = self.scene.state
        if not state.containers or state.table is None:
            return
        searched = {p.index for p in state.places if p.searched}
        for piece in state.table.pieces:
            if piece.prop != CONTAINER_PROP:
                continue
            corners = [px(p) for p in piece.polygon]
            pygame.draw.polygon(layer, (*CONTAINER_TINT, 255), corners)
            pygame.draw.polygon(layer, (40, 30, 20, 255), corners, 2)
            pygame.draw.line(layer, (40, 30, 20, 255), corners[0], corners[2], 1)
            if piece.index in searched:
                pygame.draw.line(layer, (*ILLEGAL_TAPE, 255), corners[1], corners[3], 3)
                pygame.draw.line(layer, (*ILLEGAL_TAPE, 255), corners[0], corners[2], 3)

    def draw_vehicle(self, layer: pygame.Surface, vehicle: Vehicle, px: Any) -> None:
        """A top-down car drawn in code: body in its owner's colour, windscreen and lights at the front,
        wheels at the corners; red edge when out of control, a cross when broken down."""
        scene = self.scene
        body_colour = SEAT_COLORS.get(vehicle.owner, (150, 156, 162))
        shade = tuple(max(0, v - 60) for v in body_colour)
        for along in (0.32, -0.32):  # an axle wider than the body: its wheels show on both sides
            wheel = vehicle_outline(vehicle, (along - 0.09, along + 0.09), 0.56)
            pygame.draw.polygon(layer, (24, 24, 24, 255), [px(p) for p in wheel])
        pygame.draw.polygon(layer, (*body_colour, 255), [px(p) for p in vehicle_outline(vehicle)])
        pygame.draw.polygon(layer, (*shade, 255), [px(p) for p in vehicle_outline(vehicle, (-0.3, 0.2), 0.38)])
        pygame.draw.polygon(layer, (150, 200, 230, 255), [px(p) for p in vehicle_outline(vehicle, (0.2, 0.33), 0.4)])
        for lamp in (vehicle_outline(vehicle, (0.46, 0.5), 0.45)[:2]):
            pygame.draw.circle(layer, (255, 240, 170, 255), px(lamp), max(2, scene.table.camera.zoom_px_per_cm * 0.4))
        edge = ILLEGAL_TAPE if vehicle.out_of_control else (20, 20, 20)
        pygame.draw.polygon(layer, (*edge, 255), [px(p) for p in vehicle_outline(vehicle)], 3 if vehicle.out_of_control else 2)
        nose = vehicle_outline(vehicle, (0.5, 0.62), 0.0)
        pygame.draw.line(layer, (250, 250, 250, 220), px(nose[2]), px(nose[0]), 2)
        if vehicle.broken:
            corners = [px(p) for p in vehicle_outline(vehicle)]
            pygame.draw.line(layer, (220, 40, 40, 255), corners[0], corners[2], 4)
            pygame.draw.line(layer, (220, 40, 40, 255), corners[1], corners[3], 4)
        elif vehicle.running:
            tail = vehicle_outline(vehicle, (-0.62, -0.55), 0.2)
            pygame.draw.circle(layer, (200, 200, 200, 120), px(tail[2]), max(3, scene.table.camera.zoom_px_per_cm * 0.6))

    def draw_drag(self, surface: pygame.Surface) -> None:
        scene = self.scene
        drag = scene.table.drag
        if drag is None or drag.preview is None or drag.point == drag.origin:
            return
        cam = scene.table.camera
        preview = drag.preview
        colour = LEGAL_TAPE if preview.legal else ILLEGAL_TAPE
        if preview.end_pose is not None:
            self.draw_ghost(surface, preview, colour)
        tape = preview.path or (drag.origin, *drag.waypoints, drag.point)
        corners = [cam.world_to_screen(p) for p in tape]
        a, b = corners[0], corners[-1]
        pygame.draw.lines(surface, (20, 20, 20), False, corners, 8)
        pygame.draw.lines(surface, colour, False, corners, 5)
        pygame.draw.circle(surface, colour, a, 5)
        for corner in corners[1:-1]:
            pygame.draw.circle(surface, (20, 20, 20), corner, 8)
            pygame.draw.circle(surface, colour, corner, 6)
        straight_cm = sum(math.dist(p, q) for p, q in zip((drag.origin, *drag.waypoints),
                                                             (*drag.waypoints, drag.point), strict=True))
        turns = ""
        if preview.turns:
            turns = ngettext(" with {n} turn (+{each} cm each)", " with {n} turns (+{each} cm each)",
                             preview.turns).format(n=preview.turns, each=f"{preview.turn_cost_cm:g}")
        cost, left = f"{preview.cost_cm:.1f}", f"{max(0.0, preview.left_cm):.1f}"
        if isinstance(preview.command, c.Deploy):
            used = _("Deploy here") if preview.legal else _("Deploy: refused")
        elif isinstance(preview.command, c.Jump):
            place = level_place(scene.state, preview.point, preview.command.level, jumped=True)
            used = contracted(_("Jump to {place}: {cost} cm · {left} left").format(place=place, cost=cost, left=left)
                              if preview.legal else _("Jump to {place} ({cost} cm): refused").format(place=place, cost=cost))
        elif preview.path and preview.legal:
            used = _("Drive {cost} cm{turns} · {left} of {allowance} left").format(
                cost=cost, turns=turns, left=left, allowance=f"{preview.allowance_cm:g}")
        elif preview.path:
            used = _("Drive {cost} cm{turns}: refused").format(cost=cost, turns=turns)
        elif preview.legal:
            used = _("{cost} cm used · {left} left").format(cost=f"{preview.cost_cm:.1f}",
                                                              left=f"{max(0.0, preview.left_cm):.1f}")
        elif preview.cost_cm > preview.allowance_cm:
            used = _("{cost} cm: over the {left} cm left").format(cost=f"{preview.cost_cm:.1f}",
                                                                  left=f"{preview.allowance_cm:.1f}")
        else:
            used = _("{cost} cm: refused").format(cost=f"{straight_cm:.1f}")
        lines = [used] if preview.legal else [used, said(preview.reason)]
        y = b[1] - 34
        for line in reversed(lines):
            words = text_with_halo(line, 20 if line is used else 16, color=colour if line is used else (255, 200, 190))
            box = words.get_rect(midbottom=(b[0], y))
            box.clamp_ip(scene.table_rect())
            surface.blit(words, box)
            y -= words.get_height() + 2

    def draw_ghost(self, surface: pygame.Surface, preview: MovePreview, colour: tuple[int, int, int]) -> None:
        """The body where the drive would leave it, in outline, its front marked."""
        scene = self.scene
        vehicle = scene.controller.model(preview.model)
        if vehicle is None or not vehicle.vehicle or preview.end_pose is None:
            return
        x, y, facing = preview.end_pose
        body = dataclasses.replace(scene.state.vehicle(vehicle.vehicle), x=x, y=y, facing=facing)
        cam = scene.table.camera
        outline = [cam.world_to_screen(p) for p in vehicle_outline(body)]
        pygame.draw.polygon(surface, (20, 20, 20), outline, 5)
        pygame.draw.polygon(surface, colour, outline, 3)
        nose = [cam.world_to_screen(p) for p in vehicle_outline(body, (0.3, 0.5), 0.5)[:2]]
        pygame.draw.line(surface, colour, nose[0], nose[1], 5)

    def draw_aim_line(self, surface: pygame.Surface) -> None:
        scene = self.scene
        aim = scene.aim
        if aim is None:
            return
        cam = scene.table.camera
        shooter, target = scene.controller.model(aim.shooter), scene.controller.model(aim.target)
        if shooter is None or target is None:
            return
        colour = {"point blank": (120, 236, 140), "in range": (255, 210, 90)}.get(aim.band, ILLEGAL_TAPE)
        if not aim.sees:
            colour = ILLEGAL_TAPE
        a, b = cam.world_to_screen(shooter.position), cam.world_to_screen(target.position)
        pygame.draw.line(surface, (20, 20, 20), a, b, 6)
        _dashed(surface, colour, a, b, 3)
        ring = max(6, aim.range_cm * cam.zoom_px_per_cm)
        pygame.draw.circle(surface, (*colour,), a, ring, 1)

    def draw_aim_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        rect = scene.aim_rect()
        for picture, (dx, dy) in self.aim_panel_pictures(rect.size):
            surface.blit(picture, (rect.left + dx, rect.top + dy))
        scene.aim_buttons.draw(surface)

    def aim_words(self) -> tuple[str, list[tuple[str, str]]]:
        """The shot panel's title and its rows (label, value)."""
        scene = self.scene
        aim = scene.aim
        assert aim is not None
        shooter = scene.controller.model(aim.shooter)
        target = scene.controller.model(aim.target)
        state = scene.state
        title = _("{shooter} shoots at {target} · {weapon}").format(
            shooter=model_name(state, aim.shooter) if shooter else "?", target=model_name(state, aim.target) if target else "?",
            weapon=aim.weapon)
        rows = [
            (N_("Range"), _("{distance} cm of {range} cm — {band}").format(
                distance=f"{aim.distance_cm:.1f}", range=f"{aim.range_cm:g}", band=_(RANGE_BANDS.get(aim.band, aim.band)))),
            (N_("Line of sight"), _("clear") if aim.sees else _("blocked")),
            (N_("Cover"), _(COVER_WORDS.get(aim.cover, aim.cover))),
            (N_("Shots"), ngettext("{shots} ({dice} die)", "{shots} ({dice} dice)", aim.dice).format(shots=aim.shots, dice=aim.dice)
             if aim.legal else str(aim.shots)),
        ]
        if aim.legal and aim.needs:
            rows.append((N_("Needs"), _("{needs}+ on the die {bonus}  ({modifiers})").format(
                needs=aim.needs, bonus=f"{aim.bonus:+d}", modifiers=modifiers_text(aim.modifiers, state.catalog))))
            rows.append((N_("Chance"), _("{per_die} a die · {any} at least one wound · {expected} expected").format(
                per_die=f"{aim.chance_per_die:.0%}", any=f"{aim.chance_any:.0%}", expected=f"{aim.expected_wounds:.1f}")))
        elif aim.reason:
            rows.append((N_("Why not"), said(aim.reason)))
        return title, rows

    def aim_panel_px(self, width: int) -> int:
        """How tall the shot panel must be at ``width`` for its rows (on more lines when too long)
        and its buttons."""
        if self.scene.aim is None:
            return AIM_PANEL_PX
        rows = self.aim_words()[1]
        value_x = aim_value_x([label for label, _value in rows])
        rows_px = sum(aim_row_px(*aim_value_lines(value, width, value_x)) for _label, value in rows)
        return max(AIM_PANEL_PX, AIM_ROWS_TOP_PX + rows_px + BUTTON_H_PX + 24)

    def aim_panel_pictures(self, size: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The shot panel's frame and words, each at its offset in the panel: rendered once per aim, not every frame."""
        scene = self.scene
        aim = scene.aim
        assert aim is not None
        if self._aim_pictures is not None and self._aim_pictures[0] is aim and self._aim_pictures[1] == size:
            return self._aim_pictures[2]
        width = size[0]
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (22, 24, 26, 240), layer.get_rect(), border_radius=14)
        pygame.draw.rect(layer, (*TARGET_TINT, 255), layer.get_rect(), 2, border_radius=14)
        pictures = [(layer, (0, 0))]
        title, rows = self.aim_words()
        pictures.append((fit_text(title, 22, width - 28), (14, 10)))
        y = AIM_ROWS_TOP_PX
        value_x = aim_value_x([label for label, _value in rows])
        for label, value in rows:  # a value too long for its line goes on two or three, smaller
            pictures.append((font(15).render(_(label), True, MUTED), (14, y + 2)))
            value_size, lines = aim_value_lines(value, width, value_x)
            for n, line in enumerate(lines):
                pictures.append((font(value_size).render(line, True, TEXT), (value_x, y + n * font(value_size).get_linesize())))
            y += aim_row_px(value_size, lines)
        self._aim_pictures = (aim, size, pictures)
        return pictures

    def chrome(self) -> pygame.Surface:
        scene = self.scene
        ctl = scene.controller
        signature = (scene.window_size, id(scene.state), ctl.selected, scene.aiming, scene.table.tool, scene.speed_index,
                     scene.header_text(), bar_signature(scene.tools, scene.actions))
        return self._chrome.get(scene.window_size, signature, self.draw_panels)

    def header_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The title and round lines beside the tools, where they are drawn (none without room)."""
        return [(f"header line {n}", pygame.Rect(x, y, width, font(size).get_linesize()))
                for n, (_text, size, (x, y), width) in enumerate(self.header_lines())]

    def header_lines(self) -> list[tuple[str, int, tuple[int, int], int]]:
        """The title and round line beside the tools (text, size, place, width): both whole on a
        line each when they fit; else the round line alone, on up to three lines."""
        scene = self.scene
        w = scene.window_size[0]
        last = scene.tools.buttons[-1].rect.right if scene.tools.buttons else 0
        width = w - last - 30
        if w - last <= 200:
            return []
        state = scene.state
        scenario = local_name(state.catalog.scenario(state.scenario)) if state.catalog else state.scenario
        title = f"{scene.board.title_in(language()) or 'Zombieworld'} — {scenario}"
        round_line = scene.header_text()
        title_words, title_size = fitted(title, 20, width)
        round_words, round_size = fitted(round_line, 15, width)
        if title_words == title and round_words == round_line and title_size >= 15 and round_size >= 13:
            return [(title, title_size, (last + 16, 8), width), (round_line, round_size, (last + 16, 38), width)]
        size, lines = fit_lines(round_line, width, TOP_BAR_PX - 12)
        step = font(size).get_linesize()
        top = (TOP_BAR_PX - step * len(lines)) // 2
        return [(line, size, (last + 16, top + n * step), width) for n, line in enumerate(lines)]

    def draw_panels(self, surface: pygame.Surface) -> None:
        scene = self.scene
        w, h = scene.window_size
        state = scene.state
        pygame.draw.rect(surface, (22, 24, 26), (0, 0, w, TOP_BAR_PX))
        pygame.draw.line(surface, PANEL_EDGE, (0, TOP_BAR_PX - 1), (w, TOP_BAR_PX - 1))
        scene.tools.draw(surface)
        for text, size, place, _width in self.header_lines():
            surface.blit(font(size).render(text, True, TEXT), place)
        # the bands' panel stands on the left, or on the right for a left hand (settings)
        panel = pygame.Surface((LEFT_PANEL_PX, h))  # blitted in place below (any window size)
        panel.fill(CHROME_FILL)
        pygame.draw.rect(panel, (20, 22, 24), (0, TOP_BAR_PX, LEFT_PANEL_PX, h - TOP_BAR_PX))
        panel.blit(font(18).render(_("Bands"), True, TEXT), (12, TOP_BAR_PX + 8))
        if state.alliances:
            y = TOP_BAR_PX + 36
            colour = ALLIANCE_FIXED if state.alliance_fixed else ALLIANCE_FRAGILE
            pygame.draw.rect(panel, colour, (10, y, LEFT_PANEL_PX - 20, ALLIANCE_ROW_PX - 4), 1, border_radius=6)
            pairs, kind = scene.alliance_line().rsplit(", ", 1)  # the bands, then the kind in its colour
            panel.blit(fit_text(pairs, 14, LEFT_PANEL_PX - 36), (18, y + 4))
            panel.blit(font(14).render(kind.capitalize(), True, colour), (18, y + 22))
        ready = set(scene.controller.activatable())
        active = state.active.model if state.active else None
        last_seat = None
        for shown_rect, model_id in scene.roster:
            rect = shown_rect.move(-scene.roster_x, 0)  # the panel's own coordinates
            m = state.model(model_id)
            if m.side != last_seat:
                last_seat = m.side
                colour = SEAT_COLORS.get(m.side, TEXT)
                pygame.draw.circle(panel, colour, (18, rect.top - 14), 6)
                score = state.score(m.side)
                text = ngettext("{band} · {n} zombie killed", "{band} · {n} zombies killed",
                                score.zombies_killed).format(band=scene.controller.band_name(m.side),
                                                             n=score.zombies_killed)
                panel.blit(fit_text(text, 16, LEFT_PANEL_PX - 44), (30, rect.top - 25))
            chosen = model_id == scene.controller.selected
            fill = (58, 62, 66) if chosen else (32, 34, 36)
            pygame.draw.rect(panel, fill, rect, border_radius=8)
            edge = ACCENT if model_id == active else SEAT_COLORS.get(m.side, PANEL_EDGE)
            pygame.draw.rect(panel, edge, rect, 3 if model_id == active else 1, border_radius=8)
            mark = _(N_("acting")) if model_id == active else _(N_("ready")) if model_id in ready else \
                _(N_("done")) if m.activated else ""
            colour = TEXT if not m.activated or model_id == active else MUTED
            panel.blit(fit_text(m.name, 16, 120), (rect.left + 10, rect.top + 7))
            rank = m.profile if m.kind == "survivor" else m.kind
            info = _("{rank} · {wounds} wd").format(rank=_(RANK_WORDS.get(rank, rank)), wounds=m.wounds) + \
                (f" · {mark}" if mark else "")
            panel.blit(font(13).render(info, True, colour), (rect.left + 132, rect.top + 10))
        if scene.tutorial is None or not scene.tutorial.covers_card():
            self.draw_card(panel, pygame.Rect(10, scene.card_top, LEFT_PANEL_PX - 20, h - scene.card_top - 10))
        surface.blit(panel, (scene.roster_x, TOP_BAR_PX), pygame.Rect(0, TOP_BAR_PX, LEFT_PANEL_PX, max(0, h - TOP_BAR_PX)))
        pygame.draw.rect(surface, (20, 22, 24), (scene.log_x, TOP_BAR_PX, RIGHT_PANEL_PX, h - TOP_BAR_PX))
        bar_left, bar_w = scene.bar_span()
        pygame.draw.rect(surface, (22, 24, 26), (bar_left, h - scene.bottom_px, bar_w, scene.bottom_px))
        scene.actions.draw(surface)
        words = hint(self.scene)
        if words:  # under the bar: one line, or two smaller ones when it is long
            bar = scene.actions_rect()
            size, lines = fit_lines(words, bar.width, h - bar.bottom + 6, most_lines=2)  # the panel's foot is margin
            step = font(size).get_linesize()
            for n, line in enumerate(lines):
                surface.blit(font(size).render(line, True, TEXT), (bar.left, h - 2 - step * (len(lines) - n)))
        if scene.log_panel is None:
            self._draw_plain_log(surface)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scene = self.scene
        model = scene.controller.model(scene.controller.selected or "")
        if model is None or rect.height < 60:
            return
        pygame.draw.rect(surface, PANEL_FILL, rect, border_radius=12)
        pygame.draw.rect(surface, SEAT_COLORS.get(model.side, PANEL_EDGE), rect, 2, border_radius=12)
        catalog = scene.state.catalog
        y = rect.top + 10
        surface.blit(fit_text(model.name, 22, rect.width - 20), (rect.left + 12, y))
        y += 32
        lines = []
        if catalog is not None and model.kind == "survivor":
            profile, wounds, move_cm = engine.profile(scene.state, model.id)
            lines.append(rank_name(catalog, model.profile))
            lines.append(_("Move {cm} cm · Skill {skill} · Combat {dice}").format(
                cm=f"{move_cm:g}", skill=profile.skill, dice=profile.combat_dice))
            lines.append(_("Wounds {n}/{most}").format(n=model.wounds, most=wounds))
            where = where_text(scene.state, model)
            if where:
                lines.append(where)
            carried = (lambda items: ", ".join(item_name(catalog, i) for i in items))  # noqa: E731
            if model.hand:
                lines.append(_("Hand: {items}").format(items=carried(model.hand)))
            if model.backpack:
                lines.append(_("Backpack: {items}").format(items=carried(model.backpack)))
            if model.objects:
                lines.append(_("Objects: {items}").format(items=carried(model.objects)))
            if model.elements:  # what the scenario asks for: the antidote
                lines.append(_("Carries: {items}").format(items=", ".join(_(ELEMENT_WORDS.get(e, e)) for e in model.elements)))
            for quality in (catalog.virtue(model.virtue) if model.virtue else None,
                            catalog.defect(model.defect) if model.defect else None):
                if quality is not None:
                    lines.append(local_name(quality))
            if model.unloaded:
                lines.append(_("Unloaded: {items}").format(items=carried(model.unloaded)))
        else:
            lines.append(_(MODEL_KINDS.get(model.kind, model.kind)))
            lines.append(_("Wounds {n}").format(n=model.wounds))
            where = where_text(scene.state, model)
            if where:
                lines.append(where)
        for line in lines:
            if y > rect.bottom - 22:
                break
            surface.blit(fit_text(line, 15, rect.width - 24), (rect.left + 12, y))
            y += 24

    def _draw_plain_log(self, surface: pygame.Surface) -> None:
        scene = self.scene
        r = scene.log_rect
        pygame.draw.rect(surface, PANEL_FILL, r, border_radius=12)
        surface.blit(font(18).render("Log", True, TEXT), (r.left + 12, r.top + 8))
        y = r.bottom - 10
        for text, _tone in reversed(scene.log_lines):
            words = fit_text(text, 14, r.width - 24)
            y -= words.get_height() + 4
            if y < r.top + 36:
                break
            surface.blit(words, (r.left + 12, y))

    def status_words(self) -> pygame.Surface:
        """The status line's picture, rendered once per message rather than every frame."""
        scene = self.scene
        if self._status_words is None or self._status_words[0] != scene.status_text:
            self._status_words = (scene.status_text, text_with_halo(scene.status_text, 18, color=(255, 226, 160)))
        return self._status_words[1]


def aim_value_x(labels: list[str]) -> int:
    """Where the shot panel's values start: right of its longest label ("Línea de visión")."""
    return max(124, 24 + max((font(15).size(_(label))[0] for label in labels), default=0))


def aim_value_lines(value: str, panel_w_px: int, value_x: int) -> tuple[int, list[str]]:
    """A value of the shot panel in its column: one line, or two or three smaller when it is too long."""
    return fit_lines(value, panel_w_px - value_x - 16, 2 * AIM_ROW_PX + 10, most_lines=3)


def aim_row_px(size: int, lines: list[str]) -> int:
    return AIM_ROW_PX if len(lines) == 1 else len(lines) * font(size).get_linesize() + 8


def _dashed(surface: pygame.Surface, colour: tuple[int, ...], a: tuple[float, float], b: tuple[float, float],
            width: int, dash_px: float = 12.0) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    steps = max(1, int(length // dash_px))
    for n in range(0, steps, 2):
        t0, t1 = n / steps, min(1.0, (n + 1) / steps)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
