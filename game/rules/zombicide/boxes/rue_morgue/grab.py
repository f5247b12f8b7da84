"""The A-Bomb's Grab (digest §7.2): at the end of each of its activations it drags every survivor of
every adjacent zone (across fences, not closed doors) into its own zone."""

from __future__ import annotations

from itertools import compress
from typing import Any

from game.rules.core.kept import kept_per_object
from game.rules.zombicide.boxes import PhaseStep
from game.rules.zombicide.boxes.rue_morgue.commands import SurvivorsGrabbed

Game = Any  # the engine's working copy (game.Game)
GRAB = "grab"  # a zombie kind's special rule, in its content


def grabbing(game: Game, types: tuple[int, ...]) -> bool:
    """A kind that grabs is among those activating."""
    specials = game.tables.specials
    return any(GRAB in specials[t] for t in types)


def grab(game: Game) -> None:
    grabbers = _grabbers(game.tables)
    if not grabbers:
        return
    doors = game.doors_now()
    zombies = game.as_it_stands("zombies")  # read only: a grab moves survivors, not zombies
    adjacent, edges = game.graph.adjacent, game.graph.edges
    taken: set[int] = set()
    for zone in compress(range(len(zombies)), map(any, zombies)):  # most zones are empty: skipped in C
        counts = zombies[zone]
        if not any(counts[t] for t in grabbers):
            continue
        pulled = []
        for other, e in adjacent[zone]:
            edge = edges[e]
            if edge.door >= 0 and not doors[edge.door]:
                continue
            for i in game.prey_in(other):
                if i not in taken:
                    taken.add(i)
                    game.change(i, zone=zone)
                    pulled.append(game.survivors[i].id)
        if pulled:
            game.events.append(SurvivorsGrabbed(game.zid(zone), tuple(pulled)))


@kept_per_object(8)
def _grabbers(tables: Any) -> tuple[int, ...]:
    """The zombie kinds that grab, worked out once per box's tables, not at every activation."""
    return tuple(t for t in range(tables.type_count) if GRAB in tables.specials[t])


STEP = PhaseStep(name="grab", at="after_activation", run=grab, when=grabbing)
