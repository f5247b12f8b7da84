"""The box's piles off the board (``BoxRules.piles``: Green Horde's Horde), drawn as readable stacks
in the table's lower-left corner with their count; a tap (mouse or finger) lists what the rules let the
players see in them. The stack grows and shrinks with the game. The box's tokens across borders
(``BoxRules.edge_tokens``: a broken barrier) are drawn here too, stretched along their border, and the
zones the box's danger threatens (``BoxRules.threats``: where Mold spreads next), ringed with a
warning badge, their words under the mouse. Nothing here names a box."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.app.render import font
from game.app.widgets.dialogs import ACCENT, ChoiceDialog
from game.i18n import _, said
from game.rules.zombicide.boxes import TablePile

if TYPE_CHECKING:
    from game.app.zombicide.game_scene import GameScene

STACK_PX = 64  # the pile's image, readable at a glance and big enough for a finger
MARGIN_PX = 12
LAYER_PX = 4  # each layer of the stack shown under the top one
MAX_LAYERS = 4
EMPTY_ALPHA = 90
MAX_STRIPS = 64  # edge-token images kept stretched and turned (a zoom level's worth)
THREAT_TINT = (190, 70, 230)


class BoxMarks:
    """Where the piles are drawn, for drawing and for taps."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self._threats: tuple[int, list[tuple[int, str]]] | None = None  # (state id, threats)
        self._edge_marks: tuple[int, list[tuple[str, str]]] | None = None  # (state id, edge tokens)
        self._strips: dict[tuple[str, int, int, int], pygame.Surface] = {}  # stretched and turned, per size

    def threats(self) -> list[tuple[int, str]]:
        """The box's threatened zones in the state shown (asked once per state)."""
        state = self.scene.shown_state()
        if self._threats is None or self._threats[0] != id(state):
            self._threats = (id(state), list(state.box.threats(state)))
        return self._threats[1]

    def draw_threats(self, surface: pygame.Surface) -> None:
        threats = self.threats()
        if not threats:
            return
        scene = self.scene
        cam, area, graph = scene.table.camera, scene.table_rect(), scene.shown_state().graph
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        badges, hovered = [], None
        hover = scene.hover_pos
        for zone, words in threats:
            shape = scene.board.zones.get(graph.zone_ids[zone])
            if shape is None or len(shape.polygon) < 3:
                continue
            points = [cam.world_to_screen(p) for p in shape.polygon]
            local = [(x - area.left, y - area.top) for x, y in points]
            pygame.draw.polygon(layer, (*THREAT_TINT, 40), local)
            pygame.draw.polygon(layer, (*THREAT_TINT, 230), local, 3)
            badges.append(cam.world_to_screen(shape.center))
            if hover is not None and pygame.Rect(area).collidepoint(hover) \
                    and scene.board.zone_at(cam.screen_to_world(hover)) == shape.id:
                hovered = (words, hover)
        surface.blit(layer, area.topleft)
        mark = font(18).render("!", True, (255, 255, 255))
        for centre in badges:
            pygame.draw.circle(surface, THREAT_TINT, centre, 12)
            surface.blit(mark, mark.get_rect(center=centre))
        if hovered is not None:
            told = font(16).render(hovered[0], True, (255, 240, 255))
            box = told.get_rect(bottomleft=(hovered[1][0] + 16, hovered[1][1] - 12)).inflate(14, 8)
            box.clamp_ip(area)
            pygame.draw.rect(surface, (30, 16, 34), box, border_radius=8)
            pygame.draw.rect(surface, THREAT_TINT, box, 2, border_radius=8)
            surface.blit(told, told.get_rect(center=box.center))

    def piles(self) -> list[TablePile]:
        state = self.scene.shown_state()
        return list(state.box.piles(state))

    def places(self) -> list[tuple[TablePile, pygame.Rect]]:
        area = self.scene.table_rect()
        places = []
        x = area.left + MARGIN_PX
        for pile in self.piles():
            rect = pygame.Rect(x, area.bottom - MARGIN_PX - STACK_PX - 22, STACK_PX + 2 * MAX_LAYERS, STACK_PX + 22)
            places.append((pile, rect))
            x += rect.width + MARGIN_PX
        return places

    def draw(self, surface: pygame.Surface) -> None:
        images = self.scene.table.renderer.images
        for pile, rect in self.places():
            layers = min(MAX_LAYERS, max(1, (pile.count + 4) // 5)) if pile.count else 0
            image = images.token(pile.token)
            face = pygame.transform.smoothscale(image, (STACK_PX, STACK_PX)) if image is not None else None
            for n in range(layers, -1, -1):  # the stack: its lower layers peek out below the top one
                at = (rect.left + n * 2, rect.top + n * LAYER_PX)
                if face is None:
                    pygame.draw.circle(surface, ACCENT, (at[0] + STACK_PX // 2, at[1] + STACK_PX // 2), STACK_PX // 2, 3)
                    continue
                shade = face.copy()
                if n:
                    shade.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
                if not pile.count:  # an empty pile stays in its place, faded
                    shade.set_alpha(EMPTY_ALPHA)
                surface.blit(shade, at)
            count = font(20).render(str(pile.count), True, (255, 255, 255))
            badge = count.get_rect(center=(rect.left + STACK_PX - 6, rect.top + 10)).inflate(12, 4)
            pygame.draw.rect(surface, (150, 40, 36), badge, border_radius=10)
            surface.blit(count, count.get_rect(center=badge.center))
            title = font(14).render(said(pile.title), True, ACCENT)
            where = title.get_rect(midtop=(rect.left + STACK_PX // 2, rect.top + STACK_PX + 4))
            pygame.draw.rect(surface, (20, 18, 14), where.inflate(8, 2), border_radius=6)
            surface.blit(title, where)

    def draw_edge_tokens(self, surface: pygame.Surface) -> None:
        """Each of the box's tokens across a border, along it, over what the board printed there."""
        state = self.scene.shown_state()
        if self._edge_marks is None or self._edge_marks[0] != id(state):
            self._edge_marks = (id(state), list(state.box.edge_tokens(state)))
        marks = self._edge_marks[1]
        if not marks:
            return
        cam, images = self.scene.table.camera, self.scene.table.renderer.images
        connections = {k.id: k for k in self.scene.board.connections}
        for connection_id, token in marks:
            connection, image = connections.get(connection_id), images.token(token)
            if connection is None or image is None:
                continue
            (ax, ay), (bx, by) = (cam.world_to_screen(p) for p in connection.segment)
            length = max(24.0, math.dist((ax, ay), (bx, by)))
            height = max(10.0, length * image.get_height() / image.get_width())
            key = (token, round(length), round(height), round(-math.degrees(math.atan2(by - ay, bx - ax))))
            strip = self._strips.get(key)
            if strip is None:  # made once per size and angle, not every frame
                if len(self._strips) > MAX_STRIPS:
                    self._strips.clear()
                strip = pygame.transform.rotate(pygame.transform.smoothscale(image, key[1:3]), key[3])
                self._strips[key] = strip
            surface.blit(strip, strip.get_rect(center=((ax + bx) / 2, (ay + by) / 2)))

    def tap(self, pos: tuple[float, float]) -> bool:
        """A tap on a pile lists what is in it; False when ``pos`` is on no pile."""
        for pile, rect in self.places():
            if rect.collidepoint(pos):
                self.scene.open_dialog(ChoiceDialog(f"{said(pile.title)}: {pile.count}", [said(line) for line in pile.lines], [_("Close")],
                                                    lambda _n: None))
                return True
        return False


__all__ = ["BoxMarks"]
