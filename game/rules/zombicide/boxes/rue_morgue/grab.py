"""The A-Bomb's Grab (digest §7.2): at the end of each of its activations it drags every survivor of
every adjacent zone (across fences, not closed doors) into its own zone."""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.boxes import PhaseStep
from game.rules.zombicide.boxes.rue_morgue.commands import SurvivorsGrabbed

Game = Any  # the engine's working copy (game.Game)
GRAB = "grab"  # a zombie kind's special rule, in its content


def grabbing(game: Game, types: tuple[int, ...]) -> bool:
    """A kind that grabs is among those activating."""
    specials = game.tables.specials
    return any(GRAB in specials[t] for t in types)


def grab(game: Game) -> None:
    doors = tuple(game.doors_open)
    taken: set[int] = set()
    grabbers = [t for t in range(game.tables.type_count) if GRAB in game.tables.specials[t]]
    if not grabbers:
        return
    for zone, counts in enumerate(game.zombies):
        if not any(counts) or not any(counts[t] for t in grabbers):  # most zones are empty
            continue
        pulled = []
        for other, e in game.graph.adjacent[zone]:
            edge = game.graph.edges[e]
            if edge.door >= 0 and not doors[edge.door]:
                continue
            for i in game.prey_in(other):
                if i not in taken:
                    taken.add(i)
                    game.change(i, zone=zone)
                    pulled.append(game.survivors[i].id)
        if pulled:
            game.events.append(SurvivorsGrabbed(game.zid(zone), tuple(pulled)))


STEP = PhaseStep(name="grab", at="after_activation", run=grab, when=grabbing)
