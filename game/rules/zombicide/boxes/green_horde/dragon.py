"""Dragon Bile and Dragon Fire (digest §13.7): 1 action to pour a card of Dragon Bile into a zone at
Range 0-1 in sight (four puddles at most: a fifth moves the oldest), 1 action to throw a Torch at a
puddle there: every actor and siege engine in the zone dies, whatever its toughness or armour; the
thrower gains all the experience. No noise; no effect in flooded zones."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide.boxes.green_horde.commands import BilePoured, DragonFire, ThrowBile, ThrowTorch
from game.rules.zombicide.boxes.green_horde.fighting import count_kills
from game.rules.zombicide.boxes.green_horde.magic import held_card
from game.rules.zombicide.boxes.green_horde.necromancers import necromancers_killed
from game.rules.zombicide.boxes.green_horde.siege import destroy_engines
from game.rules.zombicide.boxes.green_horde.spawns import necromancer_kind
from game.rules.zombicide.boxes.green_horde.state import board_of
from game.rules.zombicide.boxes.green_horde.wounds import discard_slot
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
BILE_TOKENS = 4
THROW_RANGE = 1


def _thrown(game: Game, i: int, slot: int, effect: str, zone_id: str, what: str) -> int:
    """The card (of ``effect``) leaves the survivor's hand for a zone at Range 0-1 in sight."""
    s = game.survivors[i]
    card, equipment = held_card(game, i, slot)
    if effect not in equipment.effects:
        raise IllegalCommand(Said(N_("{card} is not {what}"), card=equipment, what=Said(what)))
    zone = game.zone_by_id(zone_id)
    distance = game.graph.zone_range(s.zone, zone, tuple(game.doors_open))
    if distance is None or distance > THROW_RANGE:
        raise IllegalCommand(Said(N_("{survivor} throws at Range 0-{most}, in sight"), survivor=s.name, most=THROW_RANGE))
    return zone


def throw_bile(game: Game, i: int, command: ThrowBile) -> None:
    zone = _thrown(game, i, command.slot, "pours_bile", command.zone, N_("Dragon Bile"))
    puddles = list(game.box_state.bile)
    if zone in puddles:
        raise IllegalCommand(Said(N_("Dragon Bile already lies in {zone}"), zone=ZoneId(command.zone)))
    game.spend(i, "other")
    discard_slot(game, i, command.slot)
    moved = ""
    if len(puddles) >= BILE_TOKENS:  # every token is out: the oldest puddle is moved here
        moved = game.zid(puddles.pop(0))
    puddles.append(zone)
    game.box_state = evolved(game.box_state, bile=tuple(puddles))
    game.events.append(BilePoured(command.zone, game.survivors[i].id, moved))


def throw_torch(game: Game, i: int, command: ThrowTorch) -> None:
    zone = _thrown(game, i, command.slot, "ignites_bile", command.zone, N_("a Torch"))
    if zone not in game.box_state.bile:
        raise IllegalCommand(Said(N_("there is no Dragon Bile in {zone}"), zone=ZoneId(command.zone)))
    game.spend(i, "other")
    discard_slot(game, i, command.slot)
    game.box_state = evolved(game.box_state, bile=tuple(z for z in game.box_state.bile if z != zone))
    s = game.survivors[i]
    if board_of(game.graph).water[zone]:
        game.events.append(DragonFire(command.zone, s.id, flooded=True))
        return
    game.events.append(DragonFire(command.zone, s.id))
    burn(game, i, zone)


def burn(game: Game, i: int, zone: int) -> None:
    """Dragon Fire in ``zone``: every zombie dies (XP to survivor ``i``), then every survivor there,
    then the siege engines."""
    killed = list(game.zombies[zone])
    if any(killed):
        game.kill(i, zone, killed, combat=False)
        count_kills(game, killed)
        game.box_state = evolved(game.box_state, burned=game.box_state.burned + sum(killed))
        necro = killed[necromancer_kind(game)]
        if necro:
            necromancers_killed(game, zone, necro)
    for j in game.survivors_in(zone):
        game.eliminate(j)
    destroy_engines(game, zone, "fire")
