"""The boxes' gestures in the Zombicide window, built generally (the box says what they mean through
the seam, the engine decides): a shot aimed by dragging from one of the box's pieces on the table to
a zone (``BoxRules.aims``), and a card dragged onto another slot of the survivor's card
(``BoxRules.card_dropped``).

Aiming: while the piece is dragged, the zones it may hit are lit; the zone under the pointer shows the
zones it would hit and the odds of each way to fire. Dropped on a lit zone it fires (several ways: a
dialog asks which, with the odds); dropped anywhere else the aim is cancelled and the piece slides home.
Card drops: while a card is lifted, the slots it may be dropped on to play the box's command are lit;
a drop the engine refuses says why and the card slides home. Pointing: the zone a box's action acts on
(a Concentrated Attack's, a Machine's) is lit with the action's words while its button is hovered or held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.render import font
from game.app.widgets.dialogs import ChoiceDialog
from game.app.zombicide.controller import ActionChoice, ShotOption
from game.i18n import _, ngettext, said
from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.boxes import Aim, TablePile

if TYPE_CHECKING:
    from game.app.zombicide.game_scene import GameScene

Point = tuple[float, float]
DIE_FACES = 6
AIM_TINT = (235, 90, 200)
HIT_TINT = (255, 60, 60)
AIM_LINE_PX = 4


def hit_chance(dice: int, needed: int) -> float:
    """The chance of at least one hit with ``dice`` dice, each hitting on ``needed`` or more."""
    if needed > DIE_FACES or dice <= 0:
        return 0.0
    miss = (max(needed, 1) - 1) / DIE_FACES
    return 1.0 - miss ** dice


def aim_odds(aim: Aim) -> str:
    """"6 dice, 3+ to hit, damage 1: 99%, 4.0 hits"."""
    dice = ngettext("{n} die", "{n} dice", aim.dice).format(n=aim.dice)
    expected = aim.dice * max(0, DIE_FACES + 1 - aim.needed) / DIE_FACES
    return _("{dice}, {needed}+ to hit, damage {damage}: {chance}, {hits:.1f} hits").format(
        dice=dice, needed=aim.needed, damage=aim.damage, chance=f"{hit_chance(aim.dice, aim.needed):.0%}", hits=expected)


class Gestures:
    """The aimed shots and card drops of the ``GameScene`` it serves."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self._aims: tuple[int, str | None, list[Aim]] | None = None  # (state id, survivor, aims)

    # --- aiming from a piece ------------------------------------------------------------------

    def aims(self) -> list[Aim]:
        """Every shot the selected survivor may aim now (none in a replay, in override, while a
        decision waits or for a survivor who may not act)."""
        scene, c = self.scene, self.scene.controller
        if scene.replay is not None or scene.override or c.pending is not None or c.outcome() is not None:
            return []
        survivor = c.selected
        key = (id(c.state), survivor)
        if self._aims is None or self._aims[:2] != key:
            i = c.state.survivor_index(survivor) if survivor else -1
            found = list(c.state.box.aims(c.state, i)) if i >= 0 and survivor in c.playable_survivors() else []
            self._aims = (*key, found)
        return self._aims[2]

    def aims_from(self, piece_id: str) -> list[Aim]:
        return [aim for aim in self.aims() if aim.piece == piece_id]

    def aiming(self) -> tuple[str, Point] | None:
        """The piece being dragged to aim, and the pointer's place on the screen."""
        for pointer in self.scene.table.pointers.values():
            if pointer.role == "piece" and pointer.piece and self.aims_from(pointer.piece):
                return pointer.piece, pointer.last_px
        return None

    def pointed(self, piece_id: str, world: Point) -> list[Aim]:
        """The ways to fire the piece at the pile or zone under ``world`` (none: not one it may hit)."""
        pile = self.pile_at(self.scene.table.camera.world_to_screen(world))
        if pile is not None:
            return [aim for aim in self.aims_from(piece_id) if aim.pile == pile.id]
        zone_id = self.scene.board.zone_at(world)
        if zone_id is None:
            return []
        graph = self.scene.controller.state.graph
        zone = graph.index.get(zone_id)
        return [aim for aim in self.aims_from(piece_id) if aim.zone == zone and not aim.pile]

    def pile_at(self, pos: Point) -> TablePile | None:
        """The box's pile drawn beside the board at screen ``pos``, if any."""
        return next((pile for pile, rect in self.scene.box_marks.places() if rect.collidepoint(pos)), None)

    def _target_words(self, aim: Aim) -> str:
        """What the aim fires at: the pile's title, or the zone's name."""
        if aim.pile:
            return next((said(pile.title) for pile, _rect in self.scene.box_marks.places() if pile.id == aim.pile),
                        aim.pile)
        c = self.scene.controller
        return c.zone_name(c.state.graph.zone_ids[aim.zone])

    def drop_aim(self, piece_id: str, world: Point) -> bool:
        """A piece that aims dropped at ``world``: it fires there (or asks how), or the aim is
        cancelled; False when the piece does not aim (the table's usual drop)."""
        aims = self.aims_from(piece_id)
        if not aims:
            return False
        scene = self.scene
        scene.sync_pieces(snap_from={piece_id: scene.table.physics.position(piece_id)})  # it slides home
        chosen = self.pointed(piece_id, world)
        if not chosen:
            scene.status(_("Aim cancelled: drop it on a lit zone to fire"))
            return True
        if len(chosen) == 1:
            scene.play(chosen[0].command)
            return True
        options = [f"{self._way(aim)} — {aim_odds(aim)}" for aim in chosen]
        scene.open_dialog(ChoiceDialog(_("Fire at {zone}").format(zone=self._target_words(chosen[0])), [], options,
                                       lambda n: scene.play(chosen[n].command), cancel=True))
        return True

    def draw_aim(self, surface: pygame.Surface) -> bool:
        """While a piece is dragged to aim: the zones it may hit, the one it would hit and its odds;
        False when nothing is aimed (the usual targets are drawn instead)."""
        held = self.aiming()
        if held is None:
            return False
        piece_id, pointer_px = held
        scene = self.scene
        cam, area, graph = scene.table.camera, scene.table_rect(), scene.controller.state.graph
        layer = pygame.Surface(area.size, pygame.SRCALPHA)

        def polygon(zone: int) -> list[Point]:
            shape = scene.board.zones.get(graph.zone_ids[zone])
            if shape is None or len(shape.polygon) < 3:
                return []
            return [(x - area.left, y - area.top) for x, y in (cam.world_to_screen(p) for p in shape.polygon)]

        for zone in dict.fromkeys(aim.zone for aim in self.aims_from(piece_id)):
            points = polygon(zone)
            if points:
                pygame.draw.polygon(layer, (*AIM_TINT, 50), points)
                pygame.draw.polygon(layer, (*AIM_TINT, 220), points, 3)
        chosen = self.pointed(piece_id, cam.screen_to_world(pointer_px))
        for zone in dict.fromkeys(z for aim in chosen for z in aim.hit_zones):
            points = polygon(zone)
            if points:
                pygame.draw.polygon(layer, (*HIT_TINT, 110), points)
                pygame.draw.polygon(layer, (*HIT_TINT, 255), points, 6)
        piece = scene.table.state.pieces.get(piece_id)
        if piece is not None:
            start = cam.world_to_screen((piece.x_cm, piece.y_cm))
            pygame.draw.line(layer, (*(HIT_TINT if chosen else AIM_TINT), 230), (start[0] - area.left, start[1] - area.top),
                             (pointer_px[0] - area.left, pointer_px[1] - area.top), AIM_LINE_PX)
        surface.blit(layer, area.topleft)
        return True

    def _way(self, aim: Aim) -> str:
        """The box's words for one way to fire (its ammunition), without the zone the dialog names."""
        c = self.scene.controller
        return c.state.box.command_text(aim.command, c.state, c.box_words()) or c.describe(aim.command).label

    def draw_aim_odds(self, surface: pygame.Surface) -> None:
        """The zone the dragged piece would hit and the odds of each way to fire, by the pointer (drawn
        over the zone names)."""
        held = self.aiming()
        if held is None:
            return
        piece_id, pointer_px = held
        area = self.scene.table_rect()
        chosen = self.pointed(piece_id, self.scene.table.camera.screen_to_world(pointer_px))
        targets = {aim.pile for aim in self.aims_from(piece_id) if aim.pile}
        for pile, rect in self.scene.box_marks.places():  # a pile it may hit is lit like a zone
            if pile.id in targets:
                hit = any(aim.pile == pile.id for aim in chosen)
                pygame.draw.rect(surface, HIT_TINT if hit else AIM_TINT, rect.inflate(10, 10), 6 if hit else 3,
                                 border_radius=10)
        if chosen:
            lines = [_("Fire at {zone}").format(zone=self._target_words(chosen[0]))]
            lines += [f"{self._way(aim)} — {aim_odds(aim)}" for aim in chosen]
        else:
            lines = [_("Drop on a lit zone to fire; anywhere else cancels")]
        rows = [font(16 if n else 18).render(line, True, (255, 236, 236)) for n, line in enumerate(lines)]
        width, height = max(r.get_width() for r in rows) + 20, sum(r.get_height() + 2 for r in rows) + 12
        box = pygame.Rect(0, 0, width, height)
        box.topleft = (int(pointer_px[0]) + 24, int(pointer_px[1]) + 24)
        if box.bottom > area.bottom:  # near the bottom: above the pointer, clear of the finger
            box.bottom = int(pointer_px[1]) - 24
        box.clamp_ip(area)
        pygame.draw.rect(surface, (24, 16, 22), box, border_radius=8)
        pygame.draw.rect(surface, HIT_TINT if chosen else AIM_TINT, box, 2, border_radius=8)
        y = box.top + 6
        for row in rows:
            surface.blit(row, (box.left + 10, y))
            y += row.get_height() + 2

    # --- the zone of the action pointed at ---------------------------------------------------------

    def pointed_choices(self) -> list[ActionChoice]:
        """The actions whose bar button (or line of a slot's list) is under the mouse or held by a finger."""
        scene = self.scene
        hover = scene.hover_pos
        buttons = list(scene.actions.pressed.values())
        hovered = scene.actions.at(hover) if hover is not None else None
        keys = [button.key for button in [*buttons, *([hovered] if hovered is not None else [])]]
        if scene.dialog is not None and scene.dialog_offers:  # a slot's list of actions: its lines count too
            held = list(scene.dialog.buttons.pressed.values())
            over = scene.dialog.buttons.at(hover) if hover is not None else None
            lines = [b.key for b in [*held, *([over] if over is not None else [])]]
            offers = scene.dialog_offers
            keys += [offers[int(k)].key for k in lines if k.isdigit() and int(k) < len(offers)]
        choices = scene.controller.action_choices() if keys else []
        pointed = []
        for key in keys:
            index = int(key.split(":", 1)[1]) if key.startswith("do:") else -1
            if 0 <= index < len(choices):
                pointed.append(choices[index])
        return pointed

    def draw_pointed(self, surface: pygame.Surface) -> None:
        """The zone a pointed action of a box acts on (a Concentrated Attack's target, a Machine's),
        lit with the action's words before the player commits."""
        scene = self.scene
        graph, cam, area = scene.controller.state.graph, scene.table.camera, scene.table_rect()
        for choice in self.pointed_choices():
            if choice.group in ("door", "move", "attack"):
                continue  # the core's targets are lit already
            zone_id = getattr(choice.command, "zone", None) or getattr(choice.command, "to", None)
            shape = scene.board.zones.get(zone_id) if isinstance(zone_id, str) and zone_id in graph.index else None
            if shape is None or len(shape.polygon) < 3:
                continue
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            points = [(x - area.left, y - area.top) for x, y in (cam.world_to_screen(p) for p in shape.polygon)]
            pygame.draw.polygon(layer, (*HIT_TINT, 90), points)
            pygame.draw.polygon(layer, (*HIT_TINT, 255), points, 6)
            surface.blit(layer, area.topleft)
            words = font(16).render(choice.label, True, (255, 236, 236))
            box = words.get_rect(midbottom=cam.world_to_screen(shape.center)).inflate(16, 8)
            box.clamp_ip(area)
            pygame.draw.rect(surface, (24, 16, 22), box, border_radius=8)
            pygame.draw.rect(surface, HIT_TINT, box, 2, border_radius=8)
            surface.blit(words, words.get_rect(center=box.center))

    def also_killed(self, zone_id: str, shot: ShotOption) -> str:
        """For a shot that kills everything in its zone (a Molotov, Hellfire): the survivors there it
        kills too, named before the player commits ("" when none)."""
        c = self.scene.controller
        state = c.state
        if not shot.odds.kills_everything or zone_id not in state.graph.index:
            return ""
        zone = state.graph.index[zone_id]
        names = [s.name for s in state.survivors if s.in_play and s.zone == zone]
        return _(" — kills {names} too").format(names=", ".join(names)) if names else ""

    # --- a card dropped on another slot ----------------------------------------------------------

    def slot_targets(self, from_slot: int | None) -> set[int]:
        """The slots the card lifted from ``from_slot`` may be dropped on to play the box's command
        there (the engine accepts it now)."""
        scene, c = self.scene, self.scene.controller
        survivor, seat = c.selected, c.seat
        if from_slot is None or survivor is None or seat is None or scene.replay is not None:
            return set()
        state = c.state
        i = state.survivor_index(survivor)
        lit = set()
        for onto in range(len(state.survivors[i].slots)):
            command = state.box.card_dropped(state, i, from_slot, onto) if onto != from_slot else None
            if command is None:
                continue
            try:
                engine.check(state, seat, command)
            except IllegalCommand:
                continue
            lit.add(onto)
        return lit

    def drop_on_slot(self, from_slot: int, onto_slot: int, pos: Point) -> bool:
        """A card dropped on another slot: the box's command when it gives the drop a meaning (a
        refusal says why and the card slides home); False: the core's swap."""
        c = self.scene.controller
        survivor = c.selected
        if survivor is None:
            return False
        i = c.state.survivor_index(survivor)
        command = c.state.box.card_dropped(c.state, i, from_slot, onto_slot)
        if command is None:
            return False
        outcome = self.scene.play(command)
        if not outcome.ok:
            self.scene.card_panel.snap_back(pos, from_slot)
        return True


__all__ = ["Gestures", "aim_odds", "hit_chance"]
