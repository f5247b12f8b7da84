"""A card's actions played from the survivor's card (a spell cast from the card): a tap on a card that
can act now lights, on the board, what each of its actions may target (zones, survivors, doors);
a tap on a lit target asks to confirm the action there (several: which); anything else cancels.
A card whose actions have no target lists them at once; a second tap shows the card whole. Built
generally: the actions are the engine's legal commands of the box that name the tapped slot (and
combat spells), their targets the zones, survivors or doors they name; the words are the window's
(the box's own through the seam).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.widgets.dialogs import ChoiceDialog
from game.app.zombicide.controller import ActionChoice
from game.i18n import _
from game.rules.core.frozen import record
from game.rules.zombicide.commands import Attack

if TYPE_CHECKING:
    from game.app.zombicide.game_scene import GameScene

CARD_TINT = (120, 160, 255)
NOT_FROM_THE_CARD = ("trade", "items", "move")  # slot-naming commands that belong to the inventory's gestures


@record
class CardAim:
    """The tapped card: its slot, its name, and each of its actions with the zones it may target."""

    slot: int
    card: str
    actions: tuple[tuple[ActionChoice, tuple[str, ...]], ...]
    state_id: int  # the state and survivor it was tapped in: a game that moves on drops it
    survivor: str


class CardActions:
    """The card tapped on the survivor's card and its lit targets, for the ``GameScene`` it serves."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.aim: CardAim | None = None

    def choices_of(self, slot: int) -> list[ActionChoice]:
        """The actions of the selected survivor the card in ``slot`` plays now (the engine's list): the
        box's own commands naming the slot, and combat spells (a weapon's attack stays on the board)."""
        c = self.scene.controller
        state = c.state
        own = state.box.commands
        found = []
        for choice in c.action_choices():
            command = choice.command
            if getattr(command, "slot", None) != slot or choice.group in NOT_FROM_THE_CARD:
                continue
            if type(command) in own or (isinstance(command, Attack) and self._magic(command)):
                found.append(choice)
        return found

    def _magic(self, command: Attack) -> bool:
        state = self.scene.controller.state
        s = state.survivors[state.survivor_index(command.survivor)]
        card = s.slots[command.slot] if 0 <= command.slot < len(s.slots) else -1
        return card >= 0 and getattr(state.tables.equipment[state.card_kinds[card]], "attack", None) == "magic"

    def targets_of(self, command: object) -> tuple[str, ...]:
        """The zones an action may be aimed at: the zone it names, the zones of the survivors it names,
        both sides of the door it names."""
        scene = self.scene
        state = scene.controller.state
        graph = state.graph
        zones: list[str] = []
        for field in ("zone", "to", "target", "also"):
            value = getattr(command, field, None)
            if not isinstance(value, str) or not value:
                continue
            if value in graph.index:
                zones.append(value)
            elif state.survivor_index(value) >= 0:
                zones.append(graph.zone_ids[state.survivors[state.survivor_index(value)].zone])
        door = getattr(command, "door", None)
        connection = next((k for k in scene.board.connections if k.id == door), None) if door else None
        if connection is not None:
            zones += [connection.a, connection.b]
        return tuple(dict.fromkeys(zones))

    def tap_slot(self, slot: int | None) -> bool:
        """A tap on a card of the survivor's card: its targets lit (or its untargeted actions listed);
        False when the card has nothing to do now (the card is shown whole instead)."""
        scene = self.scene
        if slot is None or scene.replay is not None or scene.override or scene.director.busy:
            return False
        if self.aim is not None and self.aim.slot == slot:  # tapped again: the card shown whole
            self.aim = None
            return False
        choices = self.choices_of(slot)
        if not choices:
            self.aim = None
            return False
        c = scene.controller
        state = c.state
        card = c.card_name(state.survivors[state.survivor_index(c.selected)].slots[slot]) if c.selected else ""
        actions = tuple((choice, self.targets_of(choice.command)) for choice in choices)
        if not any(zones for _choice, zones in actions):
            self.aim = None
            self._confirm(card, choices)
            return True
        self.aim = CardAim(slot, card, actions, id(state), c.selected or "")
        scene.status(_("{card}: tap a lit target (anywhere else cancels)").format(card=card))
        return True

    def tap_target(self, zone_id: str | None) -> bool:
        """A tap on the table while a card is aimed: the actions aimed at that zone, to confirm; a
        tap elsewhere cancels. False when no card is aimed (the tap means what it always does)."""
        aim, self.aim = self.aim, None
        if aim is None:
            return False
        chosen = [choice for choice, zones in aim.actions if zone_id in zones]
        if not chosen:
            self.scene.status(_("{card}: cancelled").format(card=aim.card))
            return True
        self._confirm(aim.card, chosen)
        return True

    def _confirm(self, card: str, choices: list[ActionChoice]) -> None:
        scene = self.scene
        scene.open_dialog(ChoiceDialog(card, [], [choice.label for choice in choices],
                                       lambda n: scene.play(choices[n].command), cancel=True))

    def draw(self, surface: pygame.Surface) -> None:
        """The zones the tapped card's actions may target, lit."""
        aim = self.aim
        if aim is None:
            return
        scene = self.scene
        if (id(scene.controller.state), scene.controller.selected) != (aim.state_id, aim.survivor):
            self.aim = None  # the game moved on (undo, another survivor): the aim is gone
            return
        cam, area = scene.table.camera, scene.table_rect()
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        for zone_id in dict.fromkeys(z for _choice, zones in aim.actions for z in zones):
            shape = scene.board.zones.get(zone_id)
            if shape is not None and len(shape.polygon) >= 3:
                points = [(x - area.left, y - area.top) for x, y in (cam.world_to_screen(p) for p in shape.polygon)]
                pygame.draw.polygon(layer, (*CARD_TINT, 70), points)
                pygame.draw.polygon(layer, (*CARD_TINT, 240), points, 5)
        surface.blit(layer, area.topleft)


__all__ = ["CardActions", "CardAim"]
