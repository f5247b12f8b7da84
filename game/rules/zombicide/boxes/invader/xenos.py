"""The xenos' side of the round (rules digest §8): the Xeno cards (spawns, Extra Activations,
Abomination and Mold-spawn cards), running out of miniatures, the coloured spawn zones that sleep,
extra spawn tokens for more than six survivors, and the count of Attack steps.

An Extra Activation card gives each xeno of its kind every action of an activation (a Hunter's
two), and nothing at Blue; Xeno Link survivors play their extra turn first. A spawn short of
miniatures places what is left, then every Abomination activates again and an Abomination comes
into the zone if one is left; running out of Abominations does nothing more.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.zombicide.boxes.invader.mold import mold_of
from game.rules.zombicide.boxes.invader.state import ACTIVE
from game.rules.zombicide.commands import CardDrawn, ExtraActivation
from game.rules.zombicide.state import evolved

Game = Any
PLACE_STEP = "inv_place"  # queued: (name, zone, xeno kind, count)
REFLEX_STEP = "inv_reflexes"  # queued: (name, zone)
SIX = 6


def abomination_kinds(game: Game) -> list[int]:
    return [t for t in range(game.tables.type_count) if "abomination" in game.tables.specials[t]]


def _counted(game: Game) -> None:
    game.box_state = evolved(game.box_state, cards_drawn=game.box_state.cards_drawn + 1)


def activation_of(game: Game, types: tuple[int, ...], why: str) -> list[tuple]:
    """Every action of an activation of these kinds (a Hunter's second one too), as queued steps."""
    steps = game.activation_steps(types, why)
    for n in range(2, max((game.tables.actions[t] for t in types), default=1) + 1):
        again = tuple(t for t in types if game.tables.actions[t] >= n)
        steps += game.activation_steps(again, why)
    return steps  # type: ignore[no-any-return]


def abominations_wake(game: Game) -> list[tuple]:
    """Every Abomination on the board activates again (nothing when none stands on the board)."""
    kinds = tuple(t for t in abomination_kinds(game) if any(counts[t] for counts in game.zombies))
    if not kinds:
        return []
    for t in kinds:
        game.events.append(ExtraActivation(game.zname(t), "abomination"))
    return activation_of(game, kinds, "abomination")


def xenos_card(game: Game, zone: int, number: int, level: int) -> None:
    _counted(game)
    for t, n in game.tables.card_lines[number][level]:
        game.place(zone, t, n)
    game.queue.insert(0, (REFLEX_STEP, zone))


def activation_card(game: Game, zone: int, number: int, level: int) -> None:
    """No spawn: every xeno of the card's kind activates once more (nothing at Blue)."""
    _counted(game)
    card = game.tables.zombie_cards[number]
    t = game.tables.zombie_index.get(card.zombie)
    if level == 0 or t is None:
        return
    game.events.append(ExtraActivation(card.zombie, "card"))
    linked = [("link_turn", i) for i, s in enumerate(game.survivors) if s.in_play and "xeno_link" in s.skills]
    game.queue[0:0] = [*linked, *activation_of(game, (t,), "card")]


def abomination_card(game: Game, zone: int, number: int, level: int) -> None:
    """Every Abomination activates again, then one comes into the zone if one is left."""
    _counted(game)
    steps = abominations_wake(game)
    steps += [(PLACE_STEP, zone, t, 1) for t in abomination_kinds(game)[:1]]
    game.queue[0:0] = steps


def mold_spawn_card(game: Game, zone: int, number: int, level: int) -> None:
    _counted(game)
    mold_spawn(game, game.tables.card_lines[number][level])


def mold_spawn(game: Game, groups: Any) -> None:
    """The xenos of a Mold-spawn card in every Active Mold zone; short of miniatures, the last ones go
    to the zones still empty-handed, then the Abominations wake and one comes to a zone that lacked."""
    zones = [z for z, face in enumerate(mold_of(game)) if face == ACTIVE]
    if not zones:
        return
    lacking: list[int] = []
    for t, n in groups:
        for zone in zones:
            placed = min(n, game.supply[t])
            if placed:
                game.place(zone, t, placed, extra_activation=False)
            if placed < n:
                lacking.append(zone)
    for zone in zones:
        game.queue.insert(0, (REFLEX_STEP, zone))
    if lacking:
        game.queue[0:0] = abominations_wake(game) + [(PLACE_STEP, lacking[0], t, 1) for t in abomination_kinds(game)[:1]]


def short(game: Game, zone: int, t: int, missing: int) -> None:
    """A spawn short of miniatures (§8.5): the Abominations wake, then one comes into the zone."""
    if t in abomination_kinds(game):
        return  # running out of Abominations never triggers anything
    game.queue[0:0] = abominations_wake(game) + [(PLACE_STEP, zone, a, 1) for a in abomination_kinds(game)[:1]]


def place_step(game: Game, zone: int, t: int, count: int) -> None:
    if game.supply[t] > 0:
        game.place(zone, t, min(count, game.supply[t]), extra_activation=False)
        game.queue.insert(0, (REFLEX_STEP, zone))


def spawn_active(game: Game, point: Any) -> bool:
    """A spawn token draws unless it sleeps (coloured, not woken yet) or was removed."""
    spawns = game.graph.spawns
    n = next((k for k, p in enumerate(spawns) if p is point), -1)
    box = game.box_state
    if n < 0 or n in box.spawns_gone:
        return False
    return bool(box.spawns_on[n]) if box.spawns_on else True


def extra_tokens(game: Game) -> int:
    """Extra spawn tokens for more than six survivors (§16.1): one per two beyond six, rounded up."""
    return max(0, math.ceil((len(game.survivors) - SIX) / 2))


def wants_extra_draws(game: Game, types: tuple[int, ...]) -> bool:
    return extra_tokens(game) > 0


def extra_draws(game: Game) -> None:
    """The extra tokens stack on the mission's chosen zones, or the first active spawn zones."""
    count = extra_tokens(game)
    chosen = [game.graph.index[z] for z in game.spec.extra_spawn_zones if z in game.graph.index]
    if not chosen:
        chosen = [p.zone for p in game.graph.spawns if spawn_active(game, p)]
    if not chosen:
        return
    game.queue[0:0] = [("draw", chosen[n % len(chosen)], "spawn") for n in range(count)]


def next_attack_step(game: Game) -> None:
    game.box_state = evolved(game.box_state, attack_step=game.box_state.attack_step + 1)


def card_drawn_zone(event: Any) -> bool:
    return isinstance(event, CardDrawn) and event.deck == "zombie"
