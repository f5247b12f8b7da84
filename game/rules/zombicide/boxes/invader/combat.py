"""Combat (rules digest §10, §13, §15): ammunition and where weapons work, dice, re-rolls, how hits
land, friendly fire, Concentrated Attacks, Hellfire, Machines' attacks and Combat Reflexes.

Hits go to one target each: in melee and for whoever chooses targets (Sniper, a Sniper Rifle,
Point-blank at Range 0) the player's order; a ranged shot otherwise follows the Targeting Priority
(Tank or Abomination, then Workers, then Hunters), and a hit that cannot kill the target in front is
lost, like every hit after it. Every miss of a ranged shot into a zone with other survivors hits one
of them for the weapon's Damage (friendly fire), unless a skill says otherwise. A Concentrated
Attack names one xeno before rolling: its Damage is multiplied by the hits and goes to that xeno.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.core.rng import roll_d6
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes.invader.armor import (
    SCIENTIST_TARGET,
    damage,
    destroy_machine,
    hurt_scientist,
)
from game.rules.zombicide.boxes.invader.board import board_of
from game.rules.zombicide.boxes.invader.commands import (
    ConcentratedAttack,
    Hellfire,
    MachineAttack,
    TokenRemoved,
)
from game.rules.zombicide.boxes.invader.content import machine_model
from game.rules.zombicide.boxes.invader.inventory import attachments_of
from game.rules.zombicide.boxes.invader.machines import acted, can_pay, check_control, controlled, pay
from game.rules.zombicide.boxes.invader.mold import mold_of, set_mold
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE, NO_MOLD, hero
from game.rules.zombicide.commands import Attack, DecisionNeeded, DiceRolled, ZombiesKilled
from game.rules.zombicide.odds import fired_cards
from game.rules.zombicide.state import Pending, evolved

Game = Any
MISFIRE_STEP = "inv_misfire"  # queued: (name, shooter, zone, misses, damage)
SCIENTIST_WORDS = {"blue": N_("the blue scientist"), "white": N_("the white scientist")}
MISFIRE_DECISION = "inv_misfire"
REFLEX_DECISION = "inv_reflexes"
CONCENTRATED = "concentrated"
MELEE_ORDER = ("spoiler_abomination", "tank", "hunter", "worker")


# --- weapons ------------------------------------------------------------------------------------


def weapon_range(state: Any, s: Any, weapon: Any) -> tuple[int, int]:
    low, high = weapon.range_min, weapon.range_max + sk.range_bonus(s.skills)
    if weapon.attack == "ranged" and "point_blank" in s.skills:
        low = 0  # Point-blank: its own zone whatever the minimum Range
    return low, high


def weapon_unusable(state: Any, i: int, slot: int, target: int) -> str:
    """Why the weapon of ``slot`` cannot attack ``target`` now (§6.4, §10.3, §10.6), or ""."""
    s = state.survivors[i]
    card = s.slots[slot]
    weapon = state.tables.equipment[state.card_kinds[card]]
    ammo = getattr(weapon, "ammo_type", None)
    if getattr(weapon, "needs_attachment", False):
        fired = fired_cards(state, s, slot)
        if not any(_feeds(state, a, ammo) for c in fired for a in attachments_of(state, c)):
            return _needs_attachment(weapon, ammo)
    data = board_of(state.graph)
    if ammo == "bullets" and data.outdoor[s.zone]:
        return _NO_BULLETS_OUTDOORS
    if weapon.kills_everything and (data.outdoor[s.zone] or data.outdoor[target]):
        return _NO_HELLFIRE_OUTDOORS
    return ""


_NO_BULLETS_OUTDOORS = Said(N_("Bullets weapons do not work outdoors"))
_NO_HELLFIRE_OUTDOORS = Said(N_("no Hellfire from or into an outdoor zone"))
_AMMUNITION = {"energy": Said(N_("an Energy Cell")), "canister": Said(N_("a Canister"))}
_ITS_AMMUNITION = Said(N_("its ammunition"))
# (id of the weapon's card, ammunition) → (the card, kept alive, and the reason): listing asks it per target zone
_NEEDS_SAID: dict[tuple[int, Any], tuple[Any, Said]] = {}


def _needs_attachment(weapon: Any, ammo: Any) -> Said:
    """Why ``weapon`` cannot fire: nothing that feeds it is attached (one Said per card, made once)."""
    known = _NEEDS_SAID.get((id(weapon), ammo))
    if known is not None and known[0] is weapon:
        return known[1]
    said = Said(N_("{weapon} works only with {need} attached"), weapon=weapon, need=_AMMUNITION.get(ammo, _ITS_AMMUNITION))
    if len(_NEEDS_SAID) >= 256:  # bounded: a few dozen weapon cards per catalogue
        _NEEDS_SAID.clear()
    _NEEDS_SAID[(id(weapon), ammo)] = (weapon, said)
    return said


def _feeds(state: Any, card: int, ammo: Any) -> bool:
    return getattr(state.tables.equipment[state.card_kinds[card]], "attaches_to", None) == ammo


def _active_brother(state: Any, s: Any) -> tuple[str, ...]:
    """The Battle Brother effects that reach survivor ``s`` now: the active survivor's, when they share
    a zone with someone else."""
    if state.active < 0:
        return ()
    leader = state.survivors[state.active]
    if leader.zone != s.zone or not any(o.in_play and o.zone == s.zone and o.id != leader.id for o in state.survivors):
        return ()
    return tuple(skill.partition(":")[2] for skill in leader.skills if skill.startswith("battle_brother:"))


def attack_dice(state: Any, s: Any, target: int, fired: Sequence[int], attack: str,
                part: Callable[[int, str, str], None]) -> int:
    """The dice Predator, Hail of Fire, Escalation and Battle Brother add to the core's, each told
    with ``part``."""
    equipment, kinds = state.tables.equipment, state.card_kinds
    added = 0
    crowd_skill = "predator" if attack == "melee" else "hail_of_fire"
    if crowd_skill in s.skills:
        crowd = sum(state.zombies[target])
        more = sum(max(0, crowd - equipment[kinds[c]].dice) for c in fired)
        added += more
        part(more, "skill", crowd_skill)
    kind, streak = hero(s).escalation
    if streak and kind == attack and any(skill in (f"escalation:{attack}", "escalation:combat") for skill in s.skills):
        added += streak
        part(streak, "skill", f"escalation:{attack}")
    for effect in _active_brother(state, s):
        name, _, parameter = effect.partition(":")
        if name == "plus_one_die" and parameter in (attack, "combat"):
            added += len(fired)
            part(len(fired), "skill", f"battle_brother:{effect}")
    return added


def roll_bonus(state: Any, s: Any, attack: str) -> int:
    bonus = sk.roll_bonus(s.skills, attack)
    for effect in _active_brother(state, s):
        name, _, parameter = effect.partition(":")
        if name == "plus_one_to_dice_roll" and parameter in (attack, "combat"):
            bonus += 1
    return bonus


def rerolls(state: Any, s: Any, fired: Sequence[int], used: Sequence[str]) -> list[tuple[str, str]]:
    """Each attachment with a re-roll on the weapons fired re-rolls once (§6.4); they stack."""
    found = []
    for card in fired:
        for attachment in attachments_of(state, card):
            equipment = state.tables.equipment[state.card_kinds[attachment]]
            source = f"attachment:{attachment}"
            if "reroll_once" in equipment.effects and source not in used:
                found.append((source, equipment.name))
    return found


# --- how hits land --------------------------------------------------------------------------------


def _victims(game: Game, shooter: int, target: int) -> list[tuple[int, ...]]:
    """Who a miss may hit in the target zone: other survivors and the mission's scientists; Low
    Profile ones (Machines too) are never hit."""
    found: list[tuple[int, ...]] = []
    for j in game.survivors_in(target):
        if j != shooter and not sk.has(game.survivors[j].skills, "never_shot_by_survivors"):
            found.append((j,))
    for n, scientist in enumerate(game.box_state.scientists):
        if scientist.zone == target and not scientist.escaped and not scientist.dead:
            found.append((SCIENTIST_TARGET, n))
    return found


def _kill_order(game: Game, target: int, priority: Sequence[str]) -> list[int]:
    tables = game.tables
    order = [tables.zombie_index[n] for n in priority if n in tables.zombie_index]
    order += [tables.zombie_index[n] for n in MELEE_ORDER if n in tables.zombie_index]
    order += list(range(tables.type_count))
    return list(dict.fromkeys(order))


def resolve(game: Game, i: int, target: int, attack: str, values: Sequence[int], *, accuracy: int, bonus: int,
            damage_points: int, priority: Sequence[str], free_targeting: bool, friendly_fire: bool,
            concentrated: str = "", reaper: bool = False, misfire_points: int = 0) -> None:
    """The dice of an attack by survivor ``i`` (or its Machine) land in ``target``; each miss of a
    ranged shot hits a survivor there for ``misfire_points`` (the weapon's own Damage)."""
    tables = game.tables
    hits = sum(1 for v in values if min(6, v + bonus) >= accuracy) if accuracy <= 6 else 0
    misses = len(values) - hits
    game.box_state = evolved(game.box_state, shots=game.box_state.shots + 1)
    counts = list(game.zombies[target])
    killed = [0] * tables.type_count
    if concentrated:
        t = tables.zombie_index.get(concentrated, -1)
        if hits and t >= 0 and counts[t] and damage_points * hits >= tables.damage_to_kill[t]:
            counts[t] -= 1
            killed[t] += 1
    elif free_targeting:
        order = _kill_order(game, target, priority)
        for _ in range(hits):
            victim = next((t for t in order if counts[t] and damage_points >= tables.damage_to_kill[t]), None)
            if victim is None:
                break
            counts[victim] -= 1
            killed[victim] += 1
    else:
        left = hits
        while left > 0 and any(counts):
            front = min(tables.rank[t] for t in range(tables.type_count) if counts[t])
            members = [t for t in range(tables.type_count) if counts[t] and tables.rank[t] == front]
            chosen = [tables.zombie_index[n] for n in priority if tables.zombie_index.get(n) in members]
            killable = [t for t in members if damage_points >= tables.damage_to_kill[t]]
            victim = (chosen or killable or members)[0]
            if damage_points < tables.damage_to_kill[victim]:
                break  # the xeno in front shrugs it off: this hit and every later one are lost
            counts[victim] -= 1
            killed[victim] += 1
            left -= 1
    if reaper and any(killed):
        for t in range(tables.type_count):
            if killed[t] and counts[t]:
                counts[t] -= 1
                killed[t] += 1
                break
    if any(killed):
        game.kill(i, target, killed)
        if attack == "melee":
            from_samples(game, killed)
    if friendly_fire and misses and attack == "ranged" and _victims(game, i, target):
        game.queue.insert(0, (MISFIRE_STEP, i, target, misses, misfire_points or damage_points))


def from_samples(game: Game, killed: Sequence[int]) -> None:
    """M10: xenos killed in melee give their sample (the mission's goal counts them)."""
    wanted = game.spec.samples
    if not wanted:
        return
    samples = list(game.box_state.samples)
    for t, n in enumerate(killed):
        name = game.zname(t)
        if n and name in wanted and name not in samples:
            samples.append(name)
    if len(samples) != len(game.box_state.samples):
        game.box_state = evolved(game.box_state, samples=tuple(samples))


def misfire_step(game: Game, shooter: int, target: int, misses: int, points: int) -> None:
    """One miss hits a survivor of the target zone (the shooter's player picks when several could)."""
    victims = _victims(game, shooter, target)
    if misses <= 0 or not victims:
        return
    if len(victims) > 1 and not game.spec.auto_wounds:
        labels = tuple(Said(N_("{who} takes a miss"), who=_victim_words(game, v)) for v in victims)
        payload = tuple((*v, target, misses, points, shooter) for v in victims)
        seat = game.survivors[shooter].seat
        game.pending = Pending(MISFIRE_DECISION, seat, shooter, labels, payload)
        game.events.append(DecisionNeeded(MISFIRE_DECISION, seat, labels))
        return
    victim = min(victims, key=lambda v: (game.survivors[v[0]].wounds if v[0] >= 0 else 9, v))
    _misfire(game, victim, points)
    if misses > 1:
        game.queue.insert(0, (MISFIRE_STEP, shooter, target, misses - 1, points))


def _victim_words(game: Game, victim: tuple[int, ...]) -> str:
    if victim[0] >= 0:
        return str(game.survivors[victim[0]].name)
    colour = game.box_state.scientists[victim[1]].colour
    return Said(SCIENTIST_WORDS.get(colour, N_("the {colour} scientist")), colour=colour)


def _misfire(game: Game, victim: tuple[int, ...], points: int) -> None:
    if victim[0] >= 0:
        damage(game, victim[0], points, "friendly_fire")
    else:
        hurt_scientist(game, victim[1], points)


def resolve_misfire(game: Game, pending: Pending, option: int) -> None:
    payload = pending.payload[option]
    victim = payload[:-4]
    target, misses, points, shooter = payload[-4:]
    _misfire(game, tuple(victim), points)
    if misses > 1:
        game.queue.insert(0, (MISFIRE_STEP, shooter, target, misses - 1, points))


def land_hits(game: Game, i: int, target: int, fired: Sequence[int], attack: str, priority: tuple[str, ...],
              values: tuple[int, ...]) -> bool:
    """A survivor's attack, Invader's way (``BoxRules.land_hits``)."""
    s = game.survivors[i]
    weapon = game.equipment(fired[0])
    mode = game.box_state.attack
    concentrated = mode[1] if mode and mode[0] == CONCENTRATED else ""
    if mode:
        game.box_state = evolved(game.box_state, attack=())
    chooses = (
        attack == "melee" or "sniper" in s.skills or "chooses_targets" in weapon.effects
        or (target == s.zone and "point_blank" in s.skills)
    )
    no_friendly_fire = "sniper" in s.skills or "point_blank" in s.skills or (
        concentrated and "concentrated_attack_expert" in s.skills and len(values) >= 2
    )
    points = sk.damage_for(s.skills, attack, weapon.id, weapon.damage)
    boosted = points + 1 if concentrated and "concentrated_attack_expert" in s.skills and len(values) >= 2 else points
    resolve(game, i, target, attack, values, accuracy=weapon.accuracy, bonus=roll_bonus(game, s, attack),
            damage_points=boosted, priority=priority, free_targeting=chooses,
            friendly_fire=not no_friendly_fire, concentrated=concentrated, reaper=sk.reaps(s.skills, attack),
            misfire_points=points)
    _escalate(game, i, attack)
    return True


def _escalate(game: Game, i: int, attack: str) -> None:
    s = game.survivors[i]
    kind, streak = hero(s).escalation
    game.change(i, box_fields=evolved(hero(s), escalation=(attack, streak + 1 if kind == attack else 1)))


# --- Concentrated Attacks -------------------------------------------------------------------------


def front_kinds(state: Any, zone: int) -> list[str]:
    """The xeno kinds a ranged shot may name in a zone: those of the first Targeting Priority rank."""
    tables = state.tables
    present = [t for t in range(tables.type_count) if state.zombies[zone][t]]
    if not present:
        return []
    front = min(tables.rank[t] for t in present)
    return [tables.zombie_ids[t] for t in present if tables.rank[t] == front]


def _nameable(state: Any, s: Any, weapon: Any, zone: int, attack: str) -> list[str]:
    tables = state.tables
    chooses = attack == "melee" or "sniper" in s.skills or "chooses_targets" in weapon.effects or (
        zone == s.zone and "point_blank" in s.skills)
    if chooses:
        return [tables.zombie_ids[t] for t in range(tables.type_count) if state.zombies[zone][t]]
    return front_kinds(state, zone)


def do_concentrated(game: Game, i: int, command: ConcentratedAttack) -> None:
    s = game.survivors[i]
    if command.slot not in (0, 1) or s.slots[command.slot] < 0:
        raise IllegalCommand(Said(N_("attack with a weapon in hand")))
    weapon = game.equipment(s.slots[command.slot])
    if weapon.attack is None or weapon.kills_everything:
        raise IllegalCommand(Said(N_("{weapon} makes no Concentrated Attack"), weapon=weapon))
    zone = game.zone_by_id(command.zone)
    if command.target not in _nameable(game, s, weapon, zone, weapon.attack):
        named = ", ".join(_nameable(game, s, weapon, zone, weapon.attack))
        raise IllegalCommand(Said(N_("a Concentrated Attack here names one of: {targets}"), targets=named) if named
                             else Said(N_("a Concentrated Attack here has nothing to name")))
    game.box_state = evolved(game.box_state, attack=(CONCENTRATED, command.target))
    game.do_attack(i, Attack(s.id, command.slot, command.zone))


def attack_targets(state: Any, i: int, slot: int) -> list[int]:
    """The zones the weapon of ``slot`` may attack now (as the core lists them)."""
    s = state.survivors[i]
    card = s.slots[slot]
    if card < 0:
        return []
    weapon = state.tables.equipment[state.card_kinds[card]]
    deeper = sk.has(s.skills, "sees_deeper")  # Sharp Senses
    return _targets(state, i, slot, weapon, xeno_zones_in_sight(state, s.zone, deeper), deeper)


def xeno_zones_in_sight(state: Any, zone: int, deeper: bool) -> list[int]:
    """The zones holding xenos among ``zone`` (first) and those seen from it, where every attack
    from ``zone`` finds its targets (not to be changed: it may be the answer kept for the next ask)."""
    global _LAST_IN_SIGHT
    zombies, graph, doors = state.zombies, state.graph, tuple(state.doors_open)
    last = _LAST_IN_SIGHT
    if zombies.__class__ is tuple:  # a state's (never changed), not a working copy's list
        if last[0] is not zombies or last[1] is not graph or last[2] is not doors or last[3] is not deeper:
            last = _LAST_IN_SIGHT = (zombies, graph, doors, deeper, {})
        found = last[4].get(zone)
        if found is not None:
            return found
    found = [zone] if any(zombies[zone]) else []
    for z in _sight_row(graph, doors, deeper, zone):  # a plain loop: asked at every listing
        if any(zombies[z]):
            found.append(z)
    if zombies.__class__ is tuple:
        last[4][zone] = found
    return found


# the last (zombies, board, doors, deeper) asked about and the answers found so far (zone → the zones
# holding xenos it sees): asked at every listing (each survivor's weapons, each Machine), and the
# zombies stay the same tuple from command to command while none moves, spawns or dies. Safe: the
# tuples and the board are never changed, and held here their ids cannot be reused.
_LAST_IN_SIGHT: tuple[Any, Any, Any, bool, dict[int, list[int]]] = (None, None, None, False, {})


# the last (board, doors, deeper) asked about, its sight rows and the rows read so far (zone → the zones
# it sees): asked at every listing, most often with the doors of the last state (the same tuple while
# no door changed)
_LAST_SIGHT: tuple[Any, Any, bool, Any, dict[int, tuple[int, ...]]] = (None, None, False, None, {})


def _sight_row(graph: Any, doors: tuple[bool, ...], deeper: bool, zone: int) -> tuple[int, ...]:
    global _LAST_SIGHT
    last = _LAST_SIGHT
    if last[0] is not graph or last[1] is not doors or last[2] is not deeper:
        last = _LAST_SIGHT = (graph, doors, deeper, graph.visible(doors, deeper), {})
    row = last[4].get(zone)
    if row is None:
        row = last[4][zone] = tuple(last[3][zone])
    return row


def _targets(state: Any, i: int, slot: int, weapon: Any, near: list[int], deeper: bool) -> list[int]:
    """``attack_targets`` among ``near`` (``xeno_zones_in_sight`` of the survivor's zone)."""
    s = state.survivors[i]
    if not near:
        return []
    if weapon.attack == "melee":
        zones = [s.zone] if near[0] == s.zone else []
    elif weapon.attack == "ranged":
        low, high = weapon_range(state, s, weapon)
        doors = tuple(state.doors_open)
        zones = []
        for zone in near:
            distance = state.graph.zone_range(s.zone, zone, doors, deeper)  # 0 in its own zone
            if distance is not None and low <= distance <= high:
                zones.append(zone)
    else:
        return []
    return [z for z in zones if not weapon_unusable(state, i, slot, z)]


def concentrated_commands(state: Any, i: int) -> list[Any]:
    s = state.survivors[i]
    found: list[Any] = []
    seen: set[str] = set()
    near: list[int] | None = None
    deeper = False
    kinds, equipment = state.card_kinds, state.tables.equipment
    for slot in (0, 1):
        card = s.slots[slot]
        if card < 0 or kinds[card] in seen:
            continue
        weapon = equipment[kinds[card]]
        if weapon.attack is None or weapon.kills_everything or not (
                s.actions_left > 0 or _can_spend(s, weapon.attack)):
            continue
        if near is None:  # worked out once, for the first weapon that may attack
            deeper = "sees_deeper" in sk.flags(s.skills)  # ``sk.has``, the skills a tuple
            near = xeno_zones_in_sight(state, s.zone, deeper)
            if not near:
                return found  # the usual case, asked at every listing: no target for any weapon
        seen.add(kinds[card])
        for zone in _targets(state, i, slot, weapon, near, deeper):
            for kind in _nameable(state, s, weapon, zone, weapon.attack):
                found.append(ConcentratedAttack(s.id, slot, state.graph.zone_ids[zone], kind))
    return found


def _can_spend(s: Any, attack: str) -> bool:
    return s.actions_left > 0 or any(tag in (attack, "combat") for tag in s.free_actions)


# --- Hellfire -----------------------------------------------------------------------------------


def hellfire(game: Game, i: int, target: int, card: int) -> None:
    """Hellfire (§10.6): the Canister goes; every actor and Machine in the zone is gone, its
    objectives too; Active Mold turns Inactive; no dice, no noise."""
    s = game.survivors[i]
    fuel = next((a for a in attachments_of(game, card) if "hellfire_fuel" in game.equipment(a).effects), None)
    if fuel is not None:
        game.box_state = evolved(game.box_state, attached=tuple(p for p in game.box_state.attached if p[0] != fuel))
        game.equipment_discard.append(fuel)
    game.events.append(Hellfire(game.zid(target), s.id))
    game.kill(i, target, list(game.zombies[target]))
    for j in game.survivors_in(target):
        game.eliminate(j)
    for n, machine in enumerate(game.box_state.machines):
        if machine.zone == target and not machine.destroyed:
            destroy_machine(game, n, "hellfire")
    scientists = list(game.box_state.scientists)
    for n, scientist in enumerate(scientists):
        if scientist.zone == target and not scientist.escaped and not scientist.dead:
            scientists[n] = evolved(scientist, armor=0, dead=True)
    gone = list(game.box_state.objectives_gone)
    for n, point in enumerate(game.graph.objectives):
        if point.zone == target and not game.objectives_taken[n]:
            game.objectives_taken[n] = True
            gone.append(n)
            colour = game.box_state.objective_colours[n] if game.box_state.objective_colours else point.color
            game.events.append(TokenRemoved("objective", game.zid(target), colour, "hellfire"))
    game.box_state = evolved(game.box_state, objectives_gone=tuple(gone), scientists=tuple(scientists))
    tiles = game.spec.hellfire_removes_spawns_on
    spawns_gone = list(game.box_state.spawns_gone)
    cleared = False
    for n, point in enumerate(game.graph.spawns):
        if point.zone == target and n not in spawns_gone and ("*" in tiles or game.graph.tile[target] in tiles):
            spawns_gone.append(n)
            colour = game.box_state.spawn_colours[n] if game.box_state.spawn_colours else point.color
            game.events.append(TokenRemoved("spawn", game.zid(target), colour, "hellfire"))
            cleared = game.spec.hellfire_clears_mold_under_spawns
    game.box_state = evolved(game.box_state, spawns_gone=tuple(spawns_gone))
    if mold_of(game)[target] == ACTIVE:
        set_mold(game, target, INACTIVE, "hellfire")
    if cleared and mold_of(game)[target] != NO_MOLD:
        set_mold(game, target, NO_MOLD, "hellfire")
    game.inventory_event(i)


# --- Machines' attacks ----------------------------------------------------------------------------


def machine_targets(state: Any, i: int, n: int, weapon: str, near: list[int] | None = None) -> list[int]:
    """The zones Machine ``n`` may attack with ``weapon``; ``near``: ``xeno_zones_in_sight`` of its
    zone when known."""
    machine = state.box_state.machines[n]
    model = machine_model(state.tables.catalog, machine.model)
    stats = model.melee if weapon == "melee" else model.ranged
    if stats is None:
        return []
    if near is None:
        near = xeno_zones_in_sight(state, machine.zone, False)
    if weapon == "melee":
        return [machine.zone] if near and near[0] == machine.zone else []
    if board_of(state.graph).outdoor[machine.zone] and "prototype" not in model.keywords:
        return []
    found = []
    doors = tuple(state.doors_open)
    for zone in near:
        distance = state.graph.zone_range(machine.zone, zone, doors)  # 0 in its own zone
        if distance is not None and stats.range_min <= distance <= stats.range_max:
            found.append(zone)
    return found


def do_machine_attack(game: Game, i: int, command: MachineAttack) -> None:
    machine = check_control(game, i, command.machine)
    model = machine_model(game.tables.catalog, machine.model)
    zone = game.zone_by_id(command.zone)
    if zone not in machine_targets(game, i, command.machine, command.weapon):
        raise IllegalCommand(Said(N_("the {machine} cannot attack {zone} with that weapon"), machine=model.name, zone=ZoneId(command.zone)))
    stats = model.melee if command.weapon == "melee" else model.ranged
    assert stats is not None
    if command.target and command.target not in [game.tables.zombie_ids[t] for t in range(game.tables.type_count)
                                                  if game.zombies[zone][t]]:
        raise IllegalCommand(Said(N_("there is no {target} in {zone}"), target=command.target, zone=ZoneId(command.zone)))
    pay(game, i)
    acted(game, i, command.machine, command.weapon)
    values, game.rng = roll_d6(game.rng, stats.dice)
    game.events.append(DiceRolled("attack", values, game.survivors[i].id))
    resolve(game, i, zone, command.weapon, values, accuracy=stats.accuracy, bonus=0, damage_points=stats.damage,
            priority=(command.target,) if command.target else (), free_targeting=command.weapon == "melee",
            friendly_fire=True, concentrated=command.target)


def machine_attack_commands(state: Any, i: int) -> list[Any]:
    machines = state.box_state.machines
    if not machines:
        return []
    armed = _machines_seeing_xenos(state, machines)
    if not armed or (state.survivors[i].actions_left <= 0 and not can_pay(state, i)):
        return []  # the usual case, asked at every listing: no Machine sees a xeno
    found: list[Any] = []
    sid = state.survivors[i].id
    mine = controlled(state, i)
    for n, near in armed:
        if n in mine:
            found.extend(_machine_attacks(state, i, sid, n, near))
    return found


def _machine_attacks(state: Any, i: int, sid: str, n: int, near: list[int]) -> tuple[Any, ...]:
    """Machine ``n``'s attacks for survivor ``sid``, each weapon at each target, then each kind it may
    name there: kept for the Machines, zombies, doors, board and tables of the last listing (a state's,
    the same objects from command to command while nothing moves, spawns, dies or opens)."""
    global _LAST_ATTACKS
    machines, zombies, doors, graph, tables = (state.box_state.machines, state.zombies, state.doors_open,
                                               state.graph, state.tables)
    kept = zombies.__class__ is tuple and doors.__class__ is tuple  # a state's, never changed
    last = _LAST_ATTACKS
    if kept:
        if (last[0] is not machines or last[1] is not zombies or last[2] is not doors or last[3] is not graph
                or last[4] is not tables):
            last = _LAST_ATTACKS = (machines, zombies, doors, graph, tables, {})
        found = last[5].get((sid, n))
        if found is not None:
            return found
    made: list[Any] = []
    for weapon in ("melee", "ranged"):
        for zone in machine_targets(state, i, n, weapon, near):
            zone_id = graph.zone_ids[zone]
            made.append(MachineAttack(sid, n, weapon, zone_id))  # type: ignore[arg-type]
            kinds = (front_kinds(state, zone) if weapon == "ranged" else
                     [tables.zombie_ids[t] for t in range(tables.type_count) if zombies[zone][t]])
            made.extend(MachineAttack(sid, n, weapon, zone_id, kind) for kind in kinds)  # type: ignore[arg-type]
    found = tuple(made)
    if kept:
        last[5][(sid, n)] = found
    return found


# (Machines, zombies, doors, board, tables, (survivor, Machine) → its attacks) of the last listing that
# found Machines seeing xenos: all immutable, held here so their ids cannot be reused
_LAST_ATTACKS: tuple[Any, Any, Any, Any, Any, dict[tuple[str, int], tuple[Any, ...]]] = (
    None, None, None, None, None, {})


def _machines_seeing_xenos(state: Any, machines: tuple[Any, ...]) -> list[tuple[int, list[int]]]:
    """Each Machine standing that sees xenos (in its zone or in sight), in order, with
    ``xeno_zones_in_sight`` of its zone (not to be changed: it may be the answer kept for the next ask)."""
    global _LAST_ARMED
    zombies, doors, graph = state.zombies, state.doors_open, state.graph
    last = _LAST_ARMED  # the same Machines, zombies, doors and board as the last listing, most often
    if last[0] is machines and last[1] is zombies and last[2] is doors and last[3] is graph:
        return last[4]
    found = []
    for n, machine in enumerate(machines):  # a plain loop: two Machines at most
        if not machine.destroyed:
            near = xeno_zones_in_sight(state, machine.zone, False)
            if near:
                found.append((n, near))
    if zombies.__class__ is tuple and doors.__class__ is tuple:  # a state's, never changed
        _LAST_ARMED = (machines, zombies, doors, graph, found)
    return found


# the last (Machines, zombies, doors, board) asked about and the Machines found seeing xenos: asked at
# every listing, and all stay the same objects from command to command while nothing moves, spawns,
# dies or opens. Safe: all immutable (a working copy's lists are never kept), and held here their ids
# cannot be reused.
_LAST_ARMED: tuple[Any, Any, Any, Any, list[tuple[int, list[int]]]] = (None, None, None, None, [])


# --- Combat Reflexes ------------------------------------------------------------------------------


def reflex_step(game: Game, zone: int) -> None:
    """Xenos spawned in ``zone``: each survivor with Combat Reflexes who sees it may attack at once."""
    if not sum(game.zombies[zone]):
        return
    card = game.box_state.cards_drawn
    doors = tuple(game.as_it_stands("doors_open"))  # read, not made the working copy's own list
    for j, s in enumerate(game.survivors):
        if not s.in_play or "combat_reflexes" not in s.skills or hero(s).reflex_card == card:
            continue
        if s.zone != zone and zone not in game.graph.visible(doors, sk.has(s.skills, "sees_deeper"))[s.zone]:
            continue
        options = [slot for slot in (0, 1) if zone in attack_targets(game, j, slot)]
        if not options:
            continue
        game.change(j, box_fields=evolved(hero(s), reflex_card=card))
        labels = (Said(N_("let them come")),) + tuple(
            Said(N_("{who} attacks with {weapon}"), who=s.name, weapon=game.equipment(s.slots[slot])) for slot in options)
        payload = ((j, -1, zone),) + tuple((j, slot, zone) for slot in options)
        game.queue.insert(0, ("inv_reflexes", zone))  # the next survivor with the skill, once this one chose
        game.pending = Pending(REFLEX_DECISION, s.seat, j, labels, payload)
        game.events.append(DecisionNeeded(REFLEX_DECISION, s.seat, labels))
        return


def resolve_reflex(game: Game, pending: Pending, option: int) -> None:
    j, slot, zone = pending.payload[option]
    if slot >= 0 and zone in attack_targets(game, j, slot):
        game.do_attack(j, Attack(game.survivors[j].id, slot, game.zid(zone)), free=True)


def kills_of(events: Sequence[Any], survivor: str) -> int:
    return sum(e.count for e in events if isinstance(e, ZombiesKilled) and e.survivor == survivor)


HANDLERS: dict[type, Any] = {ConcentratedAttack: do_concentrated, MachineAttack: do_machine_attack}
