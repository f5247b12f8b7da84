"""Wounds, models taken off the table, the band's "few of us left" check, withdrawing, and the end of the game."""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.zombieworld import commands as c
from game.rules.zombieworld.equipment import carried_on_ground, drop
from game.rules.zombieworld.geometry import BASE_RADIUS_CM
from game.rules.zombieworld.scoring import winners
from game.rules.zombieworld.spots import free_spot_near
from game.rules.zombieworld.state import ZOMBIES, Model
from game.rules.zombieworld.working import Game, check_passes


def finish(game: Game, reason: str) -> None:
    game.finished = True
    game.winners = _winners(game)
    game.emit(c.GameEnded(game.winners, reason))


def _winners(game: Game) -> tuple[str, ...]:
    return winners(game.freeze(), game.catalog)


def wound(game: Game, model: Model, count: int, source: Model | None, melee: bool) -> None:
    for _ in range(count):
        if model.id not in game.models:
            return
        model = game.models[model.id]
        if model.ability == "ignore_wound_on_six":
            (die,) = game.d6(1)
            ignored = die == 6
            game.emit(c.DiceRolled("shrug off a wound", model.id, (die,), (), 6, ("ignored" if ignored else "wound",)))
            if ignored:
                game.emit(c.Wounded(model.id, model.wounds, ignored=True))
                continue
        model = game.update(model, wounds=model.wounds + 1)
        if model.side != ZOMBIES:
            game.bump(model.side, wounds_taken=1)
        game.emit(c.Wounded(model.id, model.wounds))
        if model.wounds >= game.max_wounds(model):
            reason = "killed" if model.kind == "zombie" else "out_of_action"
            if melee and source is not None and source.side == ZOMBIES and model.kind != "zombie":
                reason = "devoured"
            remove(game, model, reason, source, melee)
            return


def remove(game: Game, model: Model, reason: str, killer: Model | None, melee: bool) -> None:
    vehicle = game.riding(model)
    if vehicle is not None:  # what it carried (and what it becomes) lands beside the vehicle
        body = game.body(vehicle)
        spot = free_spot_near(game, body.centre, math.hypot(body.length_cm, body.width_cm) / 2 + BASE_RADIUS_CM)
        model = replace(model, x=spot[0], y=spot[1]) if spot is not None else model
    del game.models[model.id]
    game.emit(c.ModelRemoved(model.id, reason))
    if model.side != ZOMBIES:
        game.fallen.append((model.id, reason))
    if model.side == ZOMBIES:
        if killer is not None and killer.side != ZOMBIES:
            game.bump(killer.side, zombies_killed=1)
        return
    if killer is not None and killer.side not in (ZOMBIES, model.side) and model.kind == "survivor":
        game.bump(killer.side, hostile_killed=1)
    game.bump(model.side, members_lost=1)
    if reason == "devoured":  # book 17.1: its weapons, objects and elements stay where it fell
        drop(game, model, carried_on_ground(model), model.position)
    else:  # out of action it is carried off with its gear; a scenario's element stays (book 20.4, #9)
        drop(game, model, list(model.elements), model.position)
    if reason == "devoured" or (model.kind == "dog" and killer is not None and killer.side == ZOMBIES and melee):
        zombie_id = f"z{game.next_zombie}"
        game.next_zombie += 1
        zombie_type = "runner" if model.kind == "dog" else "walker"
        game.models[zombie_id] = Model(id=zombie_id, side=ZOMBIES, kind="zombie", profile=zombie_type,
                                       name=game.catalog.zombie(zombie_type).name, x=model.x, y=model.y,
                                       activated=True)
        game.order_ids.append(zombie_id)
        game.emit(c.ZombieSpawned(zombie_id, model.position, "devoured", True))
    if game.active is not None and game.active.model == model.id:
        game.active = None
    _few_of_us_left(game, model.side)


def _few_of_us_left(game: Game, seat: str) -> None:
    """After two losses (three for veterans), or with two left, and after each later loss: a check."""
    if game.score(seat).withdrawn or game.band_kind.get(seat) is None:
        return
    score = game.score(seat)
    living = [m for m in game.alive(seat) if m.kind == "survivor"]
    if not living:
        withdraw(game, seat)
        return
    if game.individual:
        return
    unique = game.catalog.unique_band(game.band_type.get(seat, "")) if game.band_kind.get(seat) == "unique" else None
    threshold = 3 if unique is not None and unique.ability == "few_left_after_three" else 2
    # "only 2 alive" (17.2): members who walked off the table through a way out are alive too
    escaped = sum(1 for model in game.departed if model.side == seat)
    if not score.few_left_checked and score.members_lost < threshold and len(game.alive(seat)) + escaped > 2:
        return
    game.bump(seat, few_left_checked=True)
    best = max(living, key=lambda m: game.own_skill(m)[0])
    skill, modifiers = game.own_skill(best)
    (die,) = game.d6(1)
    passed = check_passes(die, skill)
    game.emit(c.DiceRolled("few of us left", best.id, (die,), tuple(modifiers), skill, ("pass" if passed else "fail",)))
    if not passed:
        withdraw(game, seat)


def withdraw(game: Game, seat: str) -> None:
    game.bump(seat, withdrawn=True)
    for model in game.alive(seat):
        del game.models[model.id]
        game.departed.append(model)
        game.emit(c.ModelRemoved(model.id, "withdrawn"))
    game.emit(c.BandWithdrew(seat))
    if game.active is not None and game.active.model not in game.models:
        game.active = None
    if all(game.score(s).withdrawn for s in game.base.seats):
        finish(game, "no band is left on the table")
