"""Melee: combat dice, each pairing fought (ties between survivors fought again, zombies grab),
the noise of a chainsaw, and the Fight and Disengage commands of a model locked in melee.
"""

from __future__ import annotations

from dataclasses import replace

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.casualties import wound
from game.rules.zombieworld.spawning import end_activation
from game.rules.zombieworld.state import ZOMBIES, Bang, Model
from game.rules.zombieworld.working import Game, check_passes, need_active

MAX_TIED_FIGHTS = 20  # survivors who tie fight again at once; a safety stop for endless ties


def _melee_dice(game: Game, model: Model) -> tuple[int, int, int, list[tuple[str, int]]]:
    """Combat dice, bonus to each die, re-rolls and the labelled modifiers."""
    dice = game.profile(model).combat_dice
    if model.kind != "survivor":
        return dice, 0, 0, []
    if game.boosted(model, "stimulants"):
        dice += 1
    weapons = [w for i in model.hand if (w := game.catalog.hand_weapon(i)) is not None]
    modifiers: list[tuple[str, int]] = []
    rerolls = 0
    if weapons:
        main = max(weapons, key=lambda w: (w.extra_dice, w.die_bonus, w.cost))
        dice += main.extra_dice
        if main.die_bonus:
            modifiers.append((main.name, main.die_bonus))
        rerolls += main.rerolls
        if len(weapons) == 2:
            dice += 1
    elif not any(game.catalog.firearm(i) for i in model.hand):
        dice -= 1  # bare fists
    for quality_id in (model.virtue, model.defect):
        quality = (game.catalog.virtue(quality_id) or game.catalog.defect(quality_id)) if quality_id else None
        if quality is not None:
            if quality.melee_die_bonus:
                modifiers.append((quality.name, quality.melee_die_bonus))
            rerolls += quality.melee_rerolls
    return max(1, dice), sum(v for _, v in modifiers), rerolls, modifiers


def melee(game: Game, survivor: Model, enemies: list[Model]) -> None:
    """One round of combat for a model locked with ``enemies`` (each pairing fought separately).
    Every fighter's skill is fixed as the fight starts (the −1 for three enemies or more does not
    go away when the first of them falls)."""
    if survivor.kind == "dog" and survivor.drew_blood:
        survivor = game.update(survivor, drew_blood=False)
    skills = {m.id: game.own_skill(m) for m in (survivor, *enemies)}
    dice, _, _, _ = _melee_dice(game, survivor)
    if len(enemies) > dice:
        split = [1] * len(enemies)
    else:
        split = [dice // len(enemies)] * len(enemies)
        for i in range(dice - sum(split)):
            split[i] += 1
    for enemy, count in zip(enemies, split, strict=True):
        if survivor.id not in game.models:
            return
        if enemy.id not in game.models:
            continue
        _fight_pair(game, game.models[survivor.id], game.models[enemy.id], count, skills)
    if survivor.id in game.models:
        _melee_bang(game, game.models[survivor.id])


def _melee_bang(game: Game, model: Model) -> None:
    noisy = [w for i in model.hand if (w := game.catalog.hand_weapon(i)) is not None and w.bang]
    if noisy:
        game.bangs.append(Bang(model.x, model.y, noisy[0].bang))
        game.emit(c.BangPlaced(model.position, noisy[0].bang))


def _side_roll(game: Game, model: Model, opponent: Model, count: int,
               skill_now: tuple[int, list[tuple[str, int]]]) -> tuple[list[int], list[int]]:
    _, bonus, rerolls, modifiers = _melee_dice(game, model)
    skill, skill_mods = skill_now
    labelled = [(N_("skill"), skill), *skill_mods, *modifiers]
    if model.vehicle:
        labelled.append((N_("fighting from a vehicle"), -1))
        bonus -= 1
    if any((o := game.catalog.object(i)) is not None and o.armour for i in (*opponent.objects, *opponent.hand)):
        labelled.append((N_("opponent protected"), -1))
        bonus -= 1
    dice = list(game.d6(count))
    for _ in range(rerolls):
        lowest = min(range(len(dice)), key=lambda i: dice[i])
        if dice[lowest] <= 3:
            dice[lowest] = game.d6(1)[0]
    scores = [d + skill + bonus for d in dice]
    game.emit(c.DiceRolled("melee", model.id, tuple(dice), tuple(labelled), 0, tuple(str(s) for s in scores)))
    return dice, scores


def _fight_pair(game: Game, a: Model, b: Model, a_dice: int,
                skills: dict[str, tuple[int, list[tuple[str, int]]]] | None = None) -> None:
    """One pairing, fought again at once on a tie between survivors; ``skills`` as the fight began
    (each side's own skill now when not given)."""
    skills = skills or {m.id: game.own_skill(m) for m in (a, b)}
    b_dice = _melee_dice(game, b)[0]
    for _ in range(MAX_TIED_FIGHTS):
        _, a_scores = _side_roll(game, a, b, a_dice, skills[a.id])
        _, b_scores = _side_roll(game, b, a, b_dice, skills[b.id])
        best_a, best_b = max(a_scores), max(b_scores)
        if best_a != best_b:
            break
        game.emit(c.MeleeFought(a.id, b.id, "", 0))
        _dogs_bit(game, a, b, "", 0)
        if ZOMBIES in (a.side, b.side):  # the zombies grab it: it must fight at its next activation
            survivor = a if a.side != ZOMBIES else b
            game.update(survivor, grabbed=True)
            return
    else:
        return
    winner, loser, scores, other_best = (a, b, a_scores, best_b) if best_a > best_b else (b, a, b_scores, best_a)
    wounds = sum(1 for s in scores if s > other_best)
    game.emit(c.MeleeFought(a.id, b.id, winner.id, wounds))
    _dogs_bit(game, a, b, winner.id, wounds)
    loser = game.models[loser.id]
    if loser.kind == "survivor" and loser.grabbed:
        loser = game.update(loser, grabbed=False)
    wound(game, loser, wounds, winner, melee=True)


def _dogs_bit(game: Game, a: Model, b: Model, winner: str, wounds: int) -> None:
    """A dog in this fight remembers whether it wounded anyone: a dog that did not may break off.
    The dog whose melee this is (``a``) counts a bite in any of its fights this round."""
    for dog in (a, b):
        if dog.kind != "dog" or dog.id not in game.models:
            continue
        current = game.models[dog.id]
        bit = winner == dog.id and wounds > 0
        game.update(current, drew_blood=bit or (dog.id == a.id and current.drew_blood))


def after_fight(game: Game, model_id: str) -> None:
    if game.active is None or game.active.model != model_id:
        return
    if model_id not in game.models:
        game.active = None
        return
    still = game.engaged_with(game.models[model_id])
    game.active = replace(game.active, must_fight=bool(still), remaining_cm=0.0 if still else game.active.remaining_cm)


def do_fight(game: Game, model: Model, command: c.Fight) -> None:
    active = need_active(game, model)
    engaged = game.engaged_with(model)
    if not engaged:
        raise IllegalCommand(Said(N_("{name} is not in melee"), name=model.name))
    if not active.must_fight:
        raise IllegalCommand(Said(N_("{name} has already fought this turn"), name=model.name))
    melee(game, model, engaged)
    if model.id in game.models and not game.engaged_with(game.models[model.id]):
        game.update(game.models[model.id], grabbed=False)
    after_fight(game, model.id)
    if game.active is not None and game.active.must_fight:
        end_activation(game, game.models[model.id])


def do_disengage(game: Game, model: Model, command: c.Disengage) -> None:
    active = need_active(game, model)
    engaged = game.engaged_with(model)
    if not engaged or not active.must_fight:
        raise IllegalCommand(Said(N_("{name} is not in melee"), name=model.name))
    if model.grabbed:
        raise IllegalCommand(Said(N_("the zombies have grabbed {name}: it must fight"), name=model.name))
    if model.kind == "dog" and model.drew_blood:
        raise IllegalCommand(Said(N_("{name} wounded its enemy in its last melee: a dog breaks off only when it did not"),
                                  name=model.name))
    skill, modifiers = game.check_skill(model)
    (die,) = game.d6(1)
    passed = check_passes(die, skill)
    game.emit(c.DiceRolled("disengage", model.id, (die,), tuple(modifiers), skill, ("pass" if passed else "fail",)))
    if passed:
        game.active = replace(active, must_fight=False)
        return
    melee(game, model, engaged)
    if model.id in game.models:
        end_activation(game, game.models[model.id])
