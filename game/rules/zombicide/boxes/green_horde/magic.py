"""Enchantments (digest §5, Enchantment action): spells with no combat stats, cast from a Hand on a
target in sight, each card once per turn by a survivor (Twin spell: two targets). The Telekinetic
Blast also opens doors from afar. The enchantments' texts are not in the book: ours, written in
the card descriptions (healing, repulse, speed, ghost sight)."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.green_horde.commands import (
    CastEnchantment,
    EnchantmentCast,
    OpenDoorFromAfar,
    ZombiesRepulsed,
)
from game.rules.zombicide.boxes.green_horde.state import fields
from game.rules.zombicide.commands import SurvivorHealed
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
REPULSE_RANGE = 1
SURVIVOR_TARGETS = ("healing", "speed", "ghost_sight")


def held_card(game: Game, i: int, slot: int) -> tuple[int, Any]:
    """The card in a slot the survivor holds (in Hand, or counted so), or IllegalCommand."""
    s = game.survivors[i]
    if slot not in game.box.inventory.held(game, s) or not 0 <= slot < len(s.slots) or s.slots[slot] < 0:
        raise IllegalCommand(Said(N_("use a card held in hand")))
    return s.slots[slot], game.equipment(s.slots[slot])


def sees(game: Game, viewer: int, zone: int) -> bool:
    return zone == viewer or zone in game.graph.visible(tuple(game.doors_open))[viewer]


def cast_enchantment(game: Game, i: int, command: CastEnchantment) -> None:
    s = game.survivors[i]
    card, spell = held_card(game, i, command.slot)
    effect = getattr(spell, "enchantment", None)
    if effect is None:
        raise IllegalCommand(Said(N_("{spell} is not an enchantment"), spell=spell))
    if card in fields(s).cast:
        raise IllegalCommand(Said(N_("{spell} has been cast this turn already"), spell=spell))
    targets = [command.target] + ([command.also] if command.also else [])
    if command.also and ("twin_spell" not in s.skills or command.also == command.target):
        raise IllegalCommand(Said(N_("only Twin spell casts on a second, other target")))
    resolved = [_target(game, i, effect, t) for t in targets]
    game.spend(i, "enchantment")
    s = game.change(i, box_fields=evolved(fields(s), cast=fields(s).cast + (card,)))
    for name, target in zip(targets, resolved, strict=True):
        game.events.append(EnchantmentCast(s.id, spell.id, name))
        EFFECTS[effect](game, i, target)


def _target(game: Game, i: int, effect: str, target: str) -> int:
    """The survivor (index) or zone a cast reaches, or IllegalCommand."""
    s = game.survivors[i]
    if effect in SURVIVOR_TARGETS:
        j = game.survivor_by_id(target)
        other = game.survivors[j]
        if not other.in_play or not sees(game, s.zone, other.zone) or game.isolated(other) != game.isolated(s):
            raise IllegalCommand(Said(N_("{survivor} cannot see {other}"), survivor=s.name, other=other.name))
        if effect == "healing" and not other.wounds:
            raise IllegalCommand(Said(N_("{other} has no wound to heal"), other=other.name))
        return j
    zone = game.zone_by_id(target)
    distance = game.graph.zone_range(s.zone, zone, tuple(game.doors_open))
    if distance is None or distance > REPULSE_RANGE:
        raise IllegalCommand(Said(N_("{survivor} cannot reach {zone} (Range 0-{most}, in sight)"), survivor=s.name, zone=ZoneId(target), most=REPULSE_RANGE))
    if not game.zombie_count(zone):
        raise IllegalCommand(Said(N_("there is no zombie in {zone}"), zone=ZoneId(target)))
    return zone


def _heal(game: Game, i: int, j: int) -> None:
    target = game.survivors[j]
    left = target.wounds - 1
    game.change(j, wounds=left, slots=game.box.wounds.heal(target.slots, 1))
    game.events.append(SurvivorHealed(game.survivors[i].id, target.id, left))


def _speed(game: Game, i: int, j: int) -> None:
    target = game.survivors[j]
    changes: dict[str, Any] = {"box_fields": evolved(fields(target), hasted=True)}
    if j == i:
        changes["free_actions"] = target.free_actions + ("move",)
    game.change(j, **changes)


def _ghost_sight(game: Game, i: int, j: int) -> None:
    game.change(j, nose_search=True)  # a free Search in any zone without zombies, this turn


def _repulse(game: Game, i: int, zone: int) -> None:
    """The zone's zombies go one zone further from the caster (the first such zone on the board)."""
    home = game.survivors[i].zone
    doors = tuple(game.doors_open)
    distance = game.graph.distances_from(home, doors)
    here = distance[zone] if distance[zone] < UNREACHABLE else 0
    away = [z for z in game.graph.reaches(zone, doors) if z != home and distance[z] > here]
    if not away:
        return
    to = min(away)
    count = game.zombie_count(zone)
    for t, n in enumerate(game.zombies[zone]):
        if n:
            game.arrive(zone, to, t, n)
    game.zombies[zone] = (0,) * game.tables.type_count
    game.events.append(ZombiesRepulsed(game.zid(zone), game.zid(to), count))


EFFECTS = {"healing": _heal, "speed": _speed, "ghost_sight": _ghost_sight, "repulse": _repulse}


def open_door_from_afar(game: Game, i: int, command: OpenDoorFromAfar) -> None:
    """1 action: a door whose side lies in sight within the spell's range swings open, silently."""
    s = game.survivors[i]
    card, spell = held_card(game, i, command.slot)
    if not getattr(spell, "opens_doors_at_range", False):
        raise IllegalCommand(Said(N_("{spell} does not open doors"), spell=spell))
    if not game.box.inventory.ready(game, s, card):
        raise IllegalCommand(Said(N_("{spell} cannot be used at {survivor}'s danger level"), spell=spell, survivor=s.name))
    edge = _door(game, i, command.door, spell)
    game.spend(i, "door")
    game.swing_open(i, edge, False)


def _door(game: Game, i: int, door_id: str, spell: Any) -> Any:
    e = game.graph.edge_by_id.get(door_id)
    edge = game.graph.edges[e] if e is not None else None
    if edge is None or edge.door < 0:
        raise IllegalCommand(Said(N_("{door} is not a door"), door=repr(door_id)))
    if game.doors_open[edge.door]:
        raise IllegalCommand(Said(N_("that door is already open")))
    key = game.spec.door_keys.get(edge.color)
    if key is not None and key not in game.unlocked:
        raise IllegalCommand(Said(N_("the {colour} door stays locked until the {goal} objective is taken"), colour=edge.color, goal=key))
    if not reachable_door(game, game.survivors[i], edge, spell):
        raise IllegalCommand(Said(N_("that door is not in sight within {spell}'s range"), spell=spell))
    return edge


def reachable_door(state: Any, s: Any, edge: Any, spell: Any) -> bool:
    within = zones_in_spell_range(state, s, spell)
    return edge.a in within or edge.b in within


# (id of the board's graph, doors open, zone, range) → (the graph, the zones in sight within that
# range, the closed doors on their borders): the box lists doors opened from afar after every command,
# from the same few places
_IN_SPELL_RANGE: dict[tuple[int, tuple[bool, ...], int, int], tuple[Any, frozenset[int], tuple[Any, ...]]] = {}


def zones_in_spell_range(state: Any, s: Any, spell: Any) -> frozenset[int]:
    """The zones in the survivor's sight within ``spell``'s range (its own zone first): a door on
    the border of one of them is in reach."""
    return _in_spell_range(state, s, spell)[1]


def closed_doors_in_spell_range(state: Any, s: Any, spell: Any) -> tuple[Any, ...]:
    """The closed doors (edges, in the board's order of doors) on the border of a zone of
    ``zones_in_spell_range``: those the survivor may open from afar, locked ones aside."""
    return _in_spell_range(state, s, spell)[2]


# survivor id → (the graph, the doors, its zone, the range, the entry) as last found: asked after every
# command from the same place, the doors' tuple compared by identity, not hashed
_LAST_IN_RANGE: dict[str, tuple[Any, tuple[bool, ...], int, int, Any]] = {}


def _in_spell_range(state: Any, s: Any, spell: Any) -> tuple[Any, frozenset[int], tuple[Any, ...]]:
    high = spell.range_max + sk.range_bonus(s.skills)
    doors = tuple(state.doors_open)
    graph = state.graph
    last = _LAST_IN_RANGE.get(s.id)
    if last is not None and last[0] is graph and last[1] is doors and last[2] == s.zone and last[3] == high:
        return last[4]  # type: ignore[no-any-return]
    key = (id(graph), doors, s.zone, high)
    entry = _IN_SPELL_RANGE.get(key)
    if entry is None or entry[0] is not graph:
        if len(_IN_SPELL_RANGE) > 4096:
            _IN_SPELL_RANGE.clear()
        within = frozenset(
            {s.zone, *(zone for zone in graph.visible(doors)[s.zone] if graph.zone_range(s.zone, zone, doors) <= high)})
        closed = tuple(edge for edge in (graph.edges[e] for e in graph.doors)
                       if not doors[edge.door] and (edge.a in within or edge.b in within))
        entry = _IN_SPELL_RANGE[key] = (graph, within, closed)
    if len(_LAST_IN_RANGE) > 4096:
        _LAST_IN_RANGE.clear()
    _LAST_IN_RANGE[s.id] = (graph, doors, s.zone, high, entry)
    return entry
