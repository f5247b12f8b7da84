"""Shooting and its reactions: firearms in hand and their reach, sight (weather, lamps), volleys
and their modifiers, the target's reaction (return fire, take cover, flee), riders shot at.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from game.rules.zombieworld import commands as c
from game.rules.zombieworld import spoken
from game.rules.zombieworld.casualties import remove, wound
from game.rules.zombieworld.catalog import Firearm
from game.rules.zombieworld.equipment import MARKS, ground_text
from game.rules.zombieworld.geometry import (
    BASE_RADIUS_CM,
    Cover,
    base_distance,
    can_see,
    figure_rows,
    scatter_point,
    target_cover,
)
from game.rules.zombieworld.spawning import legal_spot
from game.rules.zombieworld.state import ZOMBIES, Bang, Model
from game.rules.zombieworld.working import Game, check_passes, vehicle_spec

POINT_BLANK_CM = 5.0
FLEE_BONUS_CM = 10.0
HIGH_GROUND_CM = 10.0  # a shooter this much higher than its target gets +1


def firearm_in_hand(game: Game, model: Model, wanted: str = "") -> Firearm | None:
    for item in (*model.hand, *model.backpack):
        firearm = game.catalog.firearm(item)
        if firearm is None or (wanted and item != wanted):
            continue
        if item in model.hand or firearm.usable_from_backpack:
            return firearm
    return None


def range_cm(game: Game, model: Model, firearm: Firearm) -> float:
    reach = firearm.range_cm
    if firearm.id in model.scoped:
        reach += 15
    if firearm.id in model.silenced:
        reach -= 10
    for item in model.objects:
        held = game.catalog.object(item)
        if held is not None and not held.mounts_on_weapon and held.range_bonus_cm > 0:
            reach += held.range_bonus_cm
    for dog in game.alive(model.side):  # a townsfolk's free dog helps its owner alone
        if dog.kind == "dog" and (not dog.owner or dog.owner == model.id) \
                and base_distance(game.figure(dog), game.figure(model)) <= 10:
            reach += game.catalog.dog.range_bonus_cm
            break
    return reach


def shoot(game: Game, model: Model, firearm: Firearm, allocations: tuple[tuple[str, int], ...],
          reaction: bool) -> list[str]:
    """Validate then resolve a volley; raises IllegalCommand before any die is rolled. Returns the
    hostile survivors it shot at who are still there to react (none for a reaction shot: there is
    no reaction to a reaction)."""
    if firearm.id in model.unloaded:
        raise IllegalCommand(Said(N_("the {weapon} is unloaded: reload it first"), weapon=firearm))
    if firearm.once_per_round and firearm.id in model.shot_this_round:
        raise IllegalCommand(Said(N_("the {weapon} fires only once per round"), weapon=firearm))
    if not allocations:
        raise IllegalCommand(Said(N_("choose at least one target")))
    total = sum(n for _, n in allocations)
    if firearm.template_diameter_cm:
        if len(allocations) != 1 or total != 1:
            raise IllegalCommand(Said(N_("a {weapon} is thrown at one target"), weapon=firearm))
    elif not firearm.shots_min <= total <= firearm.shots_max:
        raise IllegalCommand(Said(N_("a {weapon} fires {least} to {most} shots, not {total}"), weapon=firearm,
                                  least=firearm.shots_min, most=firearm.shots_max, total=total))
    if model.defect == "trigger_happy" and total != firearm.shots_max and not firearm.template_diameter_cm:
        raise IllegalCommand(Said(N_("{name} is trigger-happy: always the most shots ({most})"), name=model.name,
                                  most=firearm.shots_max))
    shooter = game.figure(model)
    figures = game.figures()
    targets = []
    for target_id, count in allocations:
        target = game.models.get(target_id)
        if target is None:
            raise IllegalCommand(Said(N_("no such model on the table")))
        if count < 1:
            raise IllegalCommand(Said(N_("each target needs at least one shot")))
        if target.side == model.side:
            raise IllegalCommand(Said(N_("{name} is in your own band"), name=target.name))
        if game.allied(model.side, target.side):
            raise IllegalCommand(Said(N_("{name}'s band is an ally (a fixed alliance)"), name=target.name))
        if game.individual and target.side != ZOMBIES:
            raise IllegalCommand(Said(N_("in individual mode the survivors play together")))
        if not sees(game, model, target, figure_rows(figures)):
            raise IllegalCommand(Said(N_("{name} cannot see {target}"), name=model.name,
                                      target=spoken.who(game.catalog, target)))
        light = _light_between(game, model, target)
        if light == "dark" and base_distance(shooter, game.figure(target)) > POINT_BLANK_CM and not any(
                (o := game.catalog.object(i)) is not None and o.sees_in_dark for i in model.objects):
            raise IllegalCommand(Said(N_("too dark in there to shoot without a flashlight or goggles (or point blank)")))
        if any(e.side == model.side for e in game.engaged_with(target)):
            raise IllegalCommand(Said(N_("{name} is in melee with your band: no shooting into it"),
                                      name=spoken.who(game.catalog, target)))
        targets.append((target, count))
    reach = range_cm(game, model, firearm)
    all_dice: list[int] = []
    hostile_targets: list[Model] = []
    impact = targets[0][0].position
    if firearm.template_diameter_cm:
        target = targets[0][0]
        if base_distance(shooter, game.figure(target)) > reach:
            targets = []
            game.emit(c.ShotFired(model.id, firearm.id, target.id, 0, wasted=True))
        else:
            radius = firearm.template_diameter_cm / 2
            targets = [(m, 1) for m in game.alive() if math.dist(m.position, impact) <= radius + BASE_RADIUS_CM]
    for target, count in targets:
        if target.id not in game.models:
            continue
        if not firearm.template_diameter_cm and game.gap(model, target) > reach:
            game.emit(c.ShotFired(model.id, firearm.id, target.id, 0, wasted=True))
            continue
        threshold, modifiers = _shot_modifiers(game, model, target, firearm)
        dice_count = count
        if _light_between(game, model, target) == "dim" and dice_count > 1:
            dice_count -= 1
            modifiers.append((N_("dim light: one die less"), 0))
        dice = game.d6(dice_count)
        all_dice.extend(dice)
        skill, skill_mods = game.own_skill(model)
        bonus = shot_bonus(skill, modifiers)
        results = tuple("wound" if d + bonus >= threshold else "miss" for d in dice)
        game.emit(c.DiceRolled("shot", model.id, dice, ((N_("skill"), skill), *skill_mods, *modifiers), threshold, results))
        hits = results.count("wound")
        game.emit(c.ShotFired(model.id, firearm.id, target.id, hits))
        if hits:
            wound(game, target, hits, model, melee=False)
        if target.id in game.models and target.kind != "zombie" and target.side != model.side:
            hostile_targets.append(game.models[target.id])
    if firearm.jams and all_dice and (all_dice == [1] or all_dice.count(1) >= 2):
        model = game.update(game.models[model.id], unloaded=(*model.unloaded, firearm.id))
        game.emit(c.WeaponJammed(model.id, firearm.id))
    model = game.models.get(model.id, model)
    updates: dict[str, Any] = {"shot_this_round": (*model.shot_this_round, firearm.id)}
    if firearm.single_use:
        where = "hand" if firearm.id in model.hand else "backpack"
        slot = list(getattr(model, where))
        slot.remove(firearm.id)
        updates[where] = tuple(slot)
    if model.id in game.models:
        model = game.update(model, **updates)
    if firearm.bang and firearm.id not in model.silenced:
        spot = impact if firearm.bang_at_impact else model.position
        game.bangs.append(Bang(spot[0], spot[1], firearm.bang))
        game.emit(c.BangPlaced(spot, firearm.bang))
    if reaction or model.id not in game.models:
        return []
    return list(dict.fromkeys(t.id for t in hostile_targets if t.id in game.models))


def _light_between(game: Game, shooter: Model, target: Model) -> str:
    """The interior light that matters for a shot: the worst of the shooter's and target's buildings."""
    lights = set()
    for model in (shooter, target):
        index = game.table.building_at(model.position)
        if index is not None:
            lights.add(game.place(index).light)
    return "dark" if "dark" in lights else "dim" if "dim" in lights else "normal"


def shot_bonus(skill: int, modifiers: Sequence[tuple[str, int]]) -> int:
    """What each die of a shot adds: the shooter's skill (its own modifiers already in it) and every
    modifier of the shot."""
    return skill + sum(value for _, value in modifiers)


def shot_odds(game: Game, shooter: Model, target: Model, firearm: Firearm) -> tuple[int, int, float]:
    """A shot's number to reach, what each die adds, and the chance that one die wounds."""
    needs, modifiers = _shot_modifiers(game, shooter, target, firearm)
    bonus = shot_bonus(game.own_skill(shooter)[0], modifiers)
    return needs, bonus, sum(1 for face in range(1, 7) if face + bonus >= needs) / 6


def cover_against(game: Game, shooter: Model, target: Model) -> tuple[Cover, str]:
    """What stands between shooter and target (vehicles' bodies included), and the to-hit column
    it puts the target in ("open", "difficult" or "building"): riders of a car count as in
    difficult ground."""
    cover = target_cover(game.sight_table(shooter, target), game.figure(shooter), game.figure(target))
    column = cover.column
    target_vehicle = game.riding(target)
    if target_vehicle is not None and column == "open" and not vehicle_spec(game, target_vehicle).two_wheeled:
        column = "difficult"
    return cover, column


def point_blank(game: Game, shooter: Model, target: Model) -> bool:
    """Close enough for the point-blank +1 (and to shoot in the dark)."""
    return base_distance(game.figure(shooter), game.figure(target)) <= POINT_BLANK_CM


def _shot_modifiers(game: Game, shooter: Model, target: Model, firearm: Firearm) -> tuple[int, list[tuple[str, int]]]:
    cover, column = cover_against(game, shooter, target)
    to_hit = game.catalog.tables.to_hit
    threshold = {"open": to_hit.open, "difficult": to_hit.difficult, "building": to_hit.building}[column]
    modifiers: list[tuple[str, int]] = []
    shooter_vehicle = game.riding(shooter)
    if shooter_vehicle is not None and shooter_vehicle.moved_round == game.round:
        spec = vehicle_spec(game, shooter_vehicle)
        steady = shooter.ability == "no_vehicle_shooting_penalty" or (
            shooter.virtue == "gang_shooter" and shooter.seat != 0) or (
            shooter.virtue == "expert_biker" and spec.two_wheeled)
        if not steady:
            modifiers.append((N_("shooting from a moving vehicle"), -2))
    if cover.same_building:
        modifiers.append((N_("inside the same building"), -1))
    elif cover.target_in_building and not cover.shooter_in_building:
        modifiers.append((N_("target inside a building"), -1))
    if point_blank(game, shooter, target):
        modifiers.append((N_("point blank"), 1))
    if game.height_of(shooter) - game.height_of(target) > HIGH_GROUND_CM:
        modifiers.append((N_("shooting from above"), 1))
    if shooter.stairs_cm and game.active is not None and game.active.model == shooter.id and game.active.moved:
        modifiers.append((N_("shooting from the stairs after moving"), -1))
    if firearm.hit_bonus:
        modifiers.append((firearm.name, firearm.hit_bonus))
    for quality_id in (shooter.virtue, shooter.defect):
        quality = game.catalog.virtue(quality_id) or game.catalog.defect(quality_id) if quality_id else None
        if quality is not None and quality.shoot_die_bonus:
            modifiers.append((quality.name, quality.shoot_die_bonus))
    if any((o := game.catalog.object(i)) is not None and o.armour for i in (*target.objects, *target.hand)):
        modifiers.append((N_("target protected"), -1))
    if target.entrenched:
        modifiers.append((N_("target entrenched"), -1))
    if cover.target_in_building or cover.shooter_in_building or game.sight_cm:
        bonus = max((o.dark_bonus for i in shooter.objects if (o := game.catalog.object(i)) is not None), default=0)
        if bonus:
            modifiers.append((N_("light indoors"), bonus))
    return threshold, modifiers


def in_cover_ground(game: Game, model: Model) -> bool:
    return game.table.in_difficult(model.position) or game.table.building_at(model.position) is not None


def roll_reaction(game: Game, model: Model, table: str, situations: frozenset[str]) -> tuple[str, int]:
    """2D6 skill checks; the table row for the successes. Born survivors never roll."""
    successes = reaction_successes(game, model, table)
    result = game.catalog.reaction(table, successes, situations)  # type: ignore[arg-type]
    game.emit(c.ReactionResolved(model.id, table, successes, result))
    return result, successes


def reaction_successes(game: Game, model: Model, table: str) -> int:
    """A reaction's 2D6 skill checks (born survivors: two successes, no roll)."""
    rank = game.catalog.rank(model.profile) if model.kind == "survivor" else None
    if rank is not None and rank.reaction == "exempt":
        successes = 2
        game.emit(c.DiceRolled(f"{table} reaction", model.id, (), ((N_("born survivor: no roll"), 0),), 0, ()))
    else:
        skill, modifiers = game.check_skill(model)
        bonus_ability = {"charged": "charged_reaction_bonus", "charging": "charging_reaction_bonus"}.get(table)
        if bonus_ability and model.ability == bonus_ability:
            skill += 1
            modifiers = [*modifiers, (N_("band ability"), 1)]
        dice = list(game.d6(2))
        rerolled = False
        if rank is not None and rank.reaction == "reroll_first_failure":
            failed = next((i for i, d in enumerate(dice) if not check_passes(d, skill)), None)
            if failed is not None:
                dice[failed] = game.d6(1)[0]
                rerolled = True
        if table == "charging" and model.ability == "reroll_charging_reaction" and model.charge_reroll_round != game.round:
            failed = next((i for i, d in enumerate(dice) if not check_passes(d, skill)), None)
            if failed is not None:  # UN/NATO, military: one die again, once a round (it can only help)
                dice[failed] = game.d6(1)[0]
                game.update(game.models[model.id], charge_reroll_round=game.round)
                modifiers = [*modifiers, (N_("band re-roll"), 0)]
        results = tuple("pass" if check_passes(d, skill) else "fail" for d in dice)
        if rerolled:
            modifiers = [*modifiers, (N_("expert re-roll"), 0)]
        game.emit(c.DiceRolled(f"{table} reaction", model.id, tuple(dice), tuple(modifiers), skill, results))
        successes = results.count("pass")
    return successes


def flee(game: Game, model: Model, toward_edge: bool, direction: float | None = None) -> None:
    """Run straight (profile move + 10 cm), toward the nearest table edge, the ``direction`` chosen
    (radians) or a scatter die's; a 1 on a D6 drops the weapon in hand."""
    start = model.position
    if toward_edge:
        x, y = start
        distances = {0.0: game.table.width_cm - x, math.pi / 2: game.table.height_cm - y, math.pi: x,
                     -math.pi / 2: y}
        angle = min(distances, key=lambda a: distances[a])
    elif direction is not None:
        angle = direction
    else:
        angle = game.angle()
    reach = game.profile(model).move_cm + FLEE_BONUS_CM
    end, off_table = scatter_point(game.table, start, angle, reach, BASE_RADIUS_CM)
    end = legal_spot(game, end, angle)
    dropped = ""
    (die,) = game.d6(1)
    game.emit(c.DiceRolled("weapon loss", model.id, (die,), (), 1, ("drop" if die == 1 else "keep",)))
    if (die == 1 or model.defect == "butterfingers") and model.hand:
        dropped = model.hand[0]
        marks = tuple(mark for mark in MARKS if dropped in getattr(model, mark))
        game.ground.append((start[0], start[1], ground_text(dropped, marks)))
        model = game.update(model, hand=model.hand[1:], **{m: tuple(i for i in getattr(model, m) if i != dropped)
                                                           for m in marks})
    game.update(model, x=end[0], y=end[1], fleeing=True)
    game.emit(c.Fled(model.id, (start, end), dropped))
    if off_table:
        remove(game, game.models[model.id], "left_table", killer=None, melee=False)


def sees(game: Game, viewer: Model, target: Model, rows: Any = None) -> bool:
    """Line of sight, cut short by the weather unless the target stands under a working lamp."""
    limit = game.sight_cm
    if limit and _lamp_lit_over(game, target.position):
        limit = 0.0
    return can_see(game.sight_table(viewer, target), game.figure(viewer), game.figure(target),
                   game.figures() if rows is None else (),
                   frozenset(game.base.open_portals), limit, rows=rows)


def _lamp_lit_over(game: Game, point: tuple[float, float]) -> bool:
    radius = game.catalog.tables.lamps.radius_cm
    return any(math.dist(point, lamp) <= radius for lamp in game.lamps_lit)
