"""Spawning in Green Horde (digest §7.5-§7.7, §8.1): spawn tokens in clockwise order, Horde-icon
cards that feed the Horde, "The Horde has arrived!", and the Necromancer cards."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from game.rules.zombicide.boxes.green_horde.commands import (
    HordeArrived,
    HordeGrew,
    NecromancerArrived,
    SpawnTokenPlaced,
)
from game.rules.zombicide.boxes.green_horde.state import NECROMANCER_FACES, Necromancer, SpawnToken, board_of
from game.rules.zombicide.commands import ExtraActivation, ZombieSpawned
from game.rules.zombicide.state import evolved

Game = Any  # the engine's working copy (game.Game)
SPAWN_COLOURS = ("", "red")


def spawn_zones(game: Game) -> list[int]:
    """The zones the spawn step draws for: every token awake, in clockwise order from the first."""
    return [t.zone for t in game.box_state.spawn_tokens if awake(game, t)]


def awake(game: Game, token: SpawnToken) -> bool:
    """Red and Necromancer tokens spawn; a coloured one once its objective is taken (§7.5)."""
    return token.kind in SPAWN_COLOURS or token.kind == "necromancer" or token.kind in game.unlocked


def add_token(game: Game, token: SpawnToken) -> None:
    """A spawn token joins the clockwise order, after the tokens already in its zone."""
    angle = board_of(game.graph).angle
    tokens = list(game.box_state.spawn_tokens)
    at = next((n for n, t in enumerate(tokens) if (angle[t.zone], t.zone) > (angle[token.zone], token.zone)), len(tokens))
    tokens.insert(at, token)
    game.box_state = evolved(game.box_state, spawn_tokens=tuple(tokens))
    label = f"necromancer:{token.face}" if token.kind == "necromancer" else token.kind
    game.events.append(SpawnTokenPlaced(game.zid(token.zone), label))


def feeds_horde(game: Game, t: int) -> bool:
    return bool(getattr(game.tables.catalog.zombies[t], "feeds_horde", False))


def grow_horde(game: Game, t: int) -> None:
    """One more of kind ``t`` set aside for the Horde, out of the supply; none left: nothing (§19.18)."""
    if game.supply[t] <= 0:
        return
    game.supply[t] -= 1
    horde = list(game.box_state.horde)
    horde[t] += 1
    game.box_state = evolved(game.box_state, horde=tuple(horde))
    game.events.append(HordeGrew(game.zname(t), horde[t]))


def horde_spawn_card(game: Game, zone: int, number: int, level: int) -> None:
    """A spawn card with the Horde icon: its line is placed; if Walkers, Fatties or Runners came out,
    one more of the first such kind goes to the Horde (one per card, not per miniature)."""
    placed_kinds = []
    for t, n in game.tables.card_lines[number][level]:
        before = game.zombies[zone][t]
        game.place(zone, t, n)
        if game.zombies[zone][t] > before:
            placed_kinds.append(t)
    fed = next((t for t in placed_kinds if feeds_horde(game, t)), None)
    if fed is not None:
        grow_horde(game, fed)


def horde_arrives_card(game: Game, zone: int, number: int, level: int) -> None:
    """"The Horde has arrived!": every miniature of the Horde comes out in the zone, and the spawn
    step (or the building's spawn) ends at once: the cards still to draw are not drawn (§7.5, §7.6)."""
    horde = game.box_state.horde
    counts = list(game.zombies[zone])
    for t, n in enumerate(horde):
        if n:
            counts[t] += n
            game.events.append(ZombieSpawned(game.zid(zone), game.zname(t), n))
    game.zombies[zone] = tuple(counts)
    game.box_state = evolved(game.box_state, horde=(0,) * len(horde))
    game.events.append(HordeArrived(game.zid(zone), sum(horde)))
    game.queue[:] = [step for step in game.queue if step[0] != "draw"]


def necromancer_kind(game: Game) -> int:
    """The Necromancers' zombie type (asked after every command: kept per game's tables)."""
    return _necromancer_entry(game.tables)[1]


def necromancer_counts(game: Game) -> tuple[int, Callable[[tuple[int, ...]], int]]:
    """The Necromancers' zombie type, and what reads their count out of a zone's zombies."""
    entry = _necromancer_entry(game.tables)
    return entry[1], entry[2]


def _necromancer_entry(tables: Any) -> tuple[Any, int, Callable[[tuple[int, ...]], int]]:
    entry = _NECROMANCER_KIND.get(id(tables))
    if entry is None or entry[0] is not tables:
        if len(_NECROMANCER_KIND) > 8:
            _NECROMANCER_KIND.clear()
        t = next(t for t in range(tables.type_count) if "necromancer" in tables.specials[t])
        entry = _NECROMANCER_KIND[id(tables)] = (tables, t, itemgetter(t))
    return entry


# id of a game's tables → (the tables, the Necromancers' zombie type, its count's getter)
_NECROMANCER_KIND: dict[int, tuple[Any, int, Callable[[tuple[int, ...]], int]]] = {}


def necromancer_card(game: Game, zone: int, number: int, level: int) -> None:
    """A Necromancer card (§8.1): the Necromancers already on the board take an extra activation;
    a Walker, a Fatty and a Runner join the Horde; the Necromancer comes in with its own spawn token
    and that token spawns at once. No miniature left: one extra activation of the Necromancers."""
    t = game.tables.zombie_index[game.tables.zombie_cards[number].zombie]
    steps: list[tuple] = []
    on_board = any(game.zombies[z][t] for z in range(game.graph.zone_count))
    if on_board:
        game.events.append(ExtraActivation(game.zname(t), "card"))
        steps += game.activation_steps((t,), "card")
    for kind in range(game.tables.type_count):
        if feeds_horde(game, kind):
            grow_horde(game, kind)
    if game.supply[t] > 0:
        arrive(game, t, zone)
        steps.append(("draw", zone, "necromancer"))
    game.queue[0:0] = steps  # no miniature left: the extra activation above is all (§19.20)


def arrive(game: Game, t: int, zone: int) -> None:
    """A Necromancer and its spawn token come into ``zone``."""
    game.place(zone, t, 1, extra_activation=False)
    used = {n.face for n in game.box_state.necromancers} | {
        tok.face for tok in game.box_state.spawn_tokens if tok.kind == "necromancer"}
    face = next((f for f in NECROMANCER_FACES if f not in used), NECROMANCER_FACES[0])
    game.box_state = evolved(game.box_state, necromancers=game.box_state.necromancers + (Necromancer(zone, zone, face),))
    game.events.append(NecromancerArrived(game.zid(zone), face))
    add_token(game, SpawnToken(zone, "necromancer", face))


CARDS = {"horde_spawn": horde_spawn_card, "horde_arrives": horde_arrives_card, "necromancer": necromancer_card}
