"""Survivors' attacks: dice, re-rolls, hits, targeting priority, friendly fire, kills, experience and new skills."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said, ZoneId
from game.rules.core.rng import roll_d6
from game.rules.zombicide import skills as sk
from game.rules.zombicide.commands import (
    Attack,
    AttackMade,
    DangerLevelReached,
    DecisionNeeded,
    DiceRolled,
    ExperienceGained,
    SkillGained,
    ZombiesKilled,
)
from game.rules.zombicide.odds import attack_dice, fired_cards, needed_roll, reroll_sources, weapon_reach
from game.rules.zombicide.state import (
    EMPTY,
    LEVEL_NAMES,
    Pending,
)
from game.rules.zombicide.working import Fields

STRAYS = "strays"  # a friendly-fire decision over a shot's misses (a box whose misses hit survivors)


class Combat(Fields):
    """Methods of the working copy (``Game``)."""

    if not TYPE_CHECKING:  # slots for the working copy; mypy reads the fields declared in ``Fields``
        __slots__ = ()

    def do_attack(self, i: int, command: Attack, free: bool = False) -> None:
        s = self.survivors[i]
        inventory = self.box.inventory
        if command.slot not in inventory.held(self, s):
            raise IllegalCommand(Said(N_('attack with a weapon in hand (slot 0 or 1)')))
        card = s.slots[command.slot]
        if card < 0:
            raise IllegalCommand(Said(N_('that hand holds no weapon')))
        weapon = self.equipment(card)
        if weapon.attack is None:
            raise IllegalCommand(Said(N_('{weapon} is not a weapon'), weapon=weapon))
        if not inventory.ready(self, s, card):
            raise IllegalCommand(Said(N_("{weapon} cannot be used at {survivor}'s danger level"), weapon=weapon, survivor=s.name))
        target = self.zone_by_id(command.zone)
        rival = -1
        if command.rival:
            rival = self.survivor_by_id(command.rival)
            other = self.survivors[rival]
            if not self.spec.competitive or weapon.attack != "melee" or other.team == s.team:
                raise IllegalCommand(Said(N_('only melee attacks in competitive mode strike rival survivors')))
            if rival not in self.survivors_in(target):
                raise IllegalCommand(Said(N_('{other} is not within reach'), other=other.name))
        if weapon.attack == "melee":
            if target != s.zone:
                raise IllegalCommand(Said(N_("melee weapons only reach the survivor's own zone")))
        else:
            self.check_in_range(i, weapon, target, command.zone)
        unusable = self.box.weapon_unusable
        if unusable is not None:
            reason = unusable(self, i, command.slot, target)
            if reason:
                raise IllegalCommand(reason)
        if weapon.reload and card in self.unloaded:
            raise IllegalCommand(Said(N_('{weapon} must be reloaded first'), weapon=weapon))
        for name in command.priority:
            if name not in self.tables.zombie_index:
                raise IllegalCommand(Said(N_('unknown zombie type {kind}'), kind=repr(name)))
        if not free:
            self.spend(i, weapon.attack)
        self.made_a_stir(i)
        fired = fired_cards(self, s, command.slot, command.single)
        if command.second_zone:  # Trick shot: the Dual twin aims at its own zone
            if not sk.has(s.skills, "trick_shot") or weapon.attack == "melee" or len(fired) < 2:
                raise IllegalCommand(Said(N_('only Trick shot with a Dual pair of ranged weapons or spells aims at two zones in one action; fire one weapon of the pair at each zone instead')))
            second = self.zone_by_id(command.second_zone)
            if second == target:
                raise IllegalCommand(Said(N_('the second zone must differ from the first')))
            self.check_in_range(i, weapon, second, command.second_zone)
            self.events.append(AttackMade(s.id, weapon.id, len(fired), command.zone, command.second_zone))
            self.roll_attack(i, target, fired[:1], weapon.attack, command.priority)
            # its dice come once any re-roll decision on the first weapon is settled
            self.queue.append(("attack", i, second, fired[1], weapon.attack, tuple(command.priority)))
        elif weapon.kills_everything:
            self.events.append(AttackMade(s.id, weapon.id, 1, command.zone))
            (self.box.burn or type(self).burn)(self, i, target, card)
        else:
            self.events.append(AttackMade(s.id, weapon.id, len(fired), command.zone))
            self.roll_attack(i, target, fired, weapon.attack, command.priority, rival)
        if weapon.noisy_attack:
            self.add_noise(self.survivors[i].zone, i)
        if weapon.reload:
            self.unloaded.extend(c for c in fired if c not in self.unloaded)

    def queue_free_attack(self, i: int, slot: int, zone: int) -> None:
        """A free attack a move grants (Bloodlust), made once what the move set off is resolved."""
        self.queue.append(("free_attack", i, slot, self.survivors[i].slots[slot], zone))

    def step_free_attack(self, i: int, slot: int, card: int, zone: int) -> None:
        """The queued free attack, if it can still be made: the survivor in play, the same weapon in
        hand and something to strike (what came first may have changed that)."""
        s = self.survivors[i]
        if not s.in_play or s.slots[slot] != card or s.zone != zone and self.equipment(card).attack == "melee":
            return
        try:
            self.do_attack(i, Attack(s.id, slot, self.zid(zone)), free=True)
        except IllegalCommand:
            return  # out of reach now: the survivor simply does not attack

    def check_in_range(self, i: int, weapon: Any, target: int, zone_id: str) -> None:
        s = self.survivors[i]
        distance = self.graph.zone_range(s.zone, target, self.doors_now(), sk.has(s.skills, "sees_deeper"))
        low, high = weapon_reach(self, s, weapon)
        if distance is None:
            raise IllegalCommand(Said(N_('{survivor} cannot see {zone}'), survivor=s.name, zone=ZoneId(zone_id)))
        low = 0 if distance == 0 and sk.has(s.skills, "shoots_own_zone") else low
        if not low <= distance <= high:
            raise IllegalCommand(Said(N_('{weapon} reaches {low}–{high} zones, not {distance}'), weapon=weapon, low=low, high=high, distance=distance))

    def roll_attack(
        self, i: int, target: int, fired: list[int], attack: str, priority: Sequence[str], rival: int = -1
    ) -> None:
        s = self.survivors[i]
        dice_count = attack_dice(self, s, target, fired, attack)
        self.box.before_attack(self, i, target, tuple(fired))
        values, self.rng = roll_d6(self.rng, dice_count)
        self.events.append(DiceRolled("attack", values, s.id))
        self.after_roll(i, target, tuple(fired), attack, tuple(priority), values, (), rival)

    def resolve_reroll(self, pending: Pending, option: int) -> None:
        """Keep the dice, or re-roll every die with one of the sources offered."""
        target, fired, attack, priority, values, used, sources, rival = pending.attack
        i = pending.survivor
        choice = pending.payload[option][0]
        if choice < 0:
            self.finish_attack(i, target, list(fired), attack, priority, values, rival)
            return
        source = sources[choice]
        if source == "one_reroll_per_turn":
            self.change(i, reroll_used=True)
        values, self.rng = roll_d6(self.rng, len(values))
        self.events.append(DiceRolled("reroll", values, self.survivors[i].id))
        self.after_roll(i, target, fired, attack, priority, values, used + (source,), rival)

    def resolve_friendly_fire(self, pending: Pending, option: int) -> None:
        """The chosen survivor takes the hit (or the stray shot); the rest of the shot goes on."""
        target, hits, damage, attack, values, priority = pending.attack
        self.hit_survivor(pending.payload[option][0], damage)
        if priority == STRAYS:  # misses that hit survivors (the box's rule)
            self.stray(pending.survivor, target, hits - 1, damage, attack, values)
        else:
            self.shoot_into(pending.survivor, target, hits - 1, damage, attack, values, priority)

    def resolve_target(self, pending: Pending, option: int) -> None:
        """The zombie the players chose among those sharing the top rank takes the hit; the rest goes on."""
        target, hits, damage, attack, values, priority, killed = pending.attack
        chosen = list(killed)
        chosen[pending.payload[option][0]] += 1
        self.hit_zombies(pending.survivor, target, hits - 1, damage, attack, values, priority, tuple(chosen))

    def resolve_skill(self, pending: Pending, option: int) -> None:
        self.gain_skill(pending.survivor, pending.options[option])

    def after_roll(
        self, i: int, target: int, fired: tuple[int, ...], attack: str, priority: tuple[str, ...],
        values: tuple[int, ...], used: tuple[str, ...], rival: int = -1,
    ) -> None:
        sources = reroll_sources(self, self.survivors[i], fired, used)
        if not sources:
            self.finish_attack(i, target, list(fired), attack, priority, values, rival)
            return
        s = self.survivors[i]
        labels = {"lucky": N_("Lucky"), "one_reroll_per_turn": N_("1 re-roll per turn"), "ammo": N_("Plenty of Ammo")}
        if self.box.rerolls is not None:
            labels.update(self.box.rerolls(self, s, fired, used))
        options = (Said(N_("keep the dice")),) + tuple(
            Said(N_("re-roll every die ({source})"), source=Said(labels[src])) for src in sources)
        self.pending = Pending(
            "reroll", s.seat, i, options, ((-1,),) + tuple((n,) for n in range(len(sources))),
            attack=(target, fired, attack, priority, values, used, tuple(sources), rival),
        )
        self.events.append(DecisionNeeded("reroll", s.seat, options))

    def finish_attack(
        self, i: int, target: int, fired: list[int], attack: str, priority: Sequence[str], values: tuple[int, ...],
        rival: int = -1,
    ) -> None:
        s = self.survivors[i]
        weapon = self.equipment(fired[0])
        if sk.rolls_on_sixes(s.skills, attack):  # Roll 6, after any re-roll: each 6 adds a die
            sixes = values.count(6)
            while sixes:
                more, self.rng = roll_d6(self.rng, sixes)
                self.events.append(DiceRolled("bonus", more, s.id))
                values += more
                sixes = more.count(6)
        land_hits = self.box.land_hits
        if land_hits is not None and land_hits(self, i, target, fired, attack, tuple(priority), values):
            return  # the box resolved the dice its own way
        needed = needed_roll(weapon.accuracy, sk.roll_bonus(s.skills, attack))
        hits = sum(1 for v in values if v >= needed)
        damage = sk.damage_for(s.skills, attack, weapon.id, weapon.damage)
        free_targeting = (
            attack == "melee"
            or sk.has(s.skills, "chooses_targets")
            or "chooses_targets" in weapon.effects
            or (target == s.zone and sk.has(s.skills, "point_blank"))
        )
        killed = [0] * self.tables.type_count
        counts = list(self.zombies[target])
        while rival >= 0 and hits > 0 and self.survivors[rival].in_play:  # competitive melee on a rival
            self.hit_survivor(rival, damage)
            hits -= 1
        if free_targeting:
            order = [self.tables.zombie_index[n] for n in priority]
            order += [self.tables.zombie_index[n] for n in self.box.default_melee_order if n in self.tables.zombie_index]
            order += list(range(self.tables.type_count))
            for _ in range(hits):
                victim = next((t for t in order if counts[t] > 0 and damage >= self.tables.damage_to_kill[t]), None)
                if victim is None:
                    break
                counts[victim] -= 1
                killed[victim] += 1
        elif self.box.misses_hit_survivors:  # hits go to the zombies, misses to the survivors there
            self.queue.insert(0, ("strays", i, target, len(values) - hits, damage, attack, values))
            self.hit_zombies(i, target, hits, damage, attack, values)
            return
        else:
            self.shoot_into(i, target, hits, damage, attack, values, tuple(priority))
            return
        self.land_kills(i, target, killed, counts, attack, values)

    def stray(self, i: int, target: int, misses: int, damage: int, attack: str, values: tuple[int, ...]) -> None:
        """Each miss of a shot hits a survivor in the target zone, with the shot's damage."""
        self.hit_survivors_first(i, target, misses, damage, attack, values, STRAYS, N_("the stray shot hits"))

    def hit_survivors_first(self, i: int, target: int, hits: int, damage: int, attack: str,
                            values: tuple[int, ...], then: Any, words: str) -> int | None:
        """Hits land on the survivors in the target zone one at a time (the players pick the victim
        when several may be hit); the hits left once none may be, or None while a decision waits
        (``then`` rides with it: the shot's priority, or STRAYS for its misses)."""
        while hits > 0:
            victims = self.friendly_fire_victims(i, target, attack)
            if not victims:
                break
            if len(victims) > 1 and not self.spec.auto_wounds:
                seat = self.survivors[i].seat
                labels = tuple(Said(N_("{what} {who}"), what=Said(words), who=self.survivors[j].name) for j in victims)
                self.pending = Pending(
                    "friendly_fire", seat, i, labels, tuple((j,) for j in victims),
                    attack=(target, hits, damage, attack, values, then),
                )
                self.events.append(DecisionNeeded("friendly_fire", seat, labels))
                return None
            self.hit_survivor(min(victims, key=lambda j: (self.survivors[j].wounds, j)), damage)
            hits -= 1
        return hits

    def shoot_into(self, i: int, target: int, hits: int, damage: int, attack: str, values: tuple[int, ...],
                   priority: tuple[str, ...] = ()) -> None:
        """Ranged hits in targeting priority: other survivors first (one hit at a time; the players
        pick the victim when several may be hit), then the zombies rank by rank. When zombies of
        several kinds share the top rank and a hit can kill more than one kind, the players pick which
        one dies (the attack's ``priority`` answers at once, else a ``target`` decision, hit by hit)."""
        left = self.hit_survivors_first(i, target, hits, damage, attack, values, priority, N_("the hit lands on"))
        if left is not None:
            self.hit_zombies(i, target, left, damage, attack, values, priority)

    def hit_zombies(self, i: int, target: int, hits: int, damage: int, attack: str, values: tuple[int, ...],
                    priority: tuple[str, ...] = (), killed_so_far: tuple[int, ...] = ()) -> None:
        """Hits on the zombies rank by rank; a zombie too tough for the damage stops the rest. When
        zombies of several kinds share the top rank and a hit can kill more than one kind, the players
        pick which one dies (the attack's ``priority`` answers at once, else a ``target`` decision)."""
        tables = self.tables
        killed = list(killed_so_far) if killed_so_far else [0] * tables.type_count
        counts = [n - k for n, k in zip(self.zombies[target], killed, strict=True)]
        named = [tables.zombie_index[name] for name in priority if name in tables.zombie_index]
        for rank in sorted(set(tables.rank)):
            if hits <= 0:
                break
            types = [t for t in range(tables.type_count) if tables.rank[t] == rank]
            while hits > 0 and any(counts[t] for t in types):
                killable = [t for t in types if counts[t] > 0 and damage >= tables.damage_to_kill[t]]
                if not killable:
                    hits = 0  # the top target shrugs off hits that cannot kill it
                    break
                victim = next((t for t in named if t in killable), killable[0])
                if len(killable) > 1 and not any(t in killable for t in named) and not self.spec.auto_wounds:
                    seat = self.survivors[i].seat
                    labels = tuple(Said(N_("the hit kills a {zombie}"), zombie=self.tables.catalog.zombies[t])
                                   for t in killable)
                    self.pending = Pending(
                        "target", seat, i, labels, tuple((t,) for t in killable),
                        attack=(target, hits, damage, attack, values, priority, tuple(killed)),
                    )
                    self.events.append(DecisionNeeded("target", seat, labels))
                    return
                counts[victim] -= 1
                killed[victim] += 1
                hits -= 1
        self.land_kills(i, target, killed, counts, attack, values)

    def catalog_zombie_name(self, t: int) -> str:
        return str(self.tables.catalog.zombies[t].name)

    def land_kills(
        self, i: int, target: int, killed: list[int], counts: list[int], attack: str, values: tuple[int, ...]
    ) -> None:
        """The attack's kills: Reaper's extra one, experience, then the box's word on what is left."""
        s = self.survivors[i]
        if sk.reaps(s.skills, attack):  # Reaper: one hit also takes one more identical zombie
            for t in range(self.tables.type_count):
                if killed[t] and counts[t] > 0:
                    counts[t] -= 1
                    killed[t] += 1
                    break
        self.kill(i, target, killed, combat=attack in sk.COMBAT_KINDS)
        self.box.after_attack(self, i, target, killed, values)  # what a box's zombies leave behind

    def friendly_fire_victims(self, shooter: int, target: int, attack: str = "ranged") -> list[int]:
        """The survivors a shot into the target zone may hit (before any zombie, or with its misses);
        the skills that keep survivors out of it work against combat actions only."""
        combat = attack in sk.COMBAT_KINDS
        if combat and sk.has(self.survivors[shooter].skills, "ignores_survivors_when_shooting"):
            return []
        return [
            j for j in self.survivors_in(target)
            if j != shooter and not (combat and sk.has(self.survivors[j].skills, "never_shot_by_survivors"))
        ]

    def hit_survivor(self, victim: int, damage: int) -> None:
        """A survivor's hit lands on a survivor (the box's word: ``WoundRules.survivor_hit``)."""
        self.box.wounds.survivor_hit(self, victim, damage)

    def burn(self, i: int, target: int, card: int) -> None:
        """A kill-everything weapon: every actor in the zone dies, with no dice (so no attack roll to leave anything behind)."""
        s = self.survivors[i]
        slots = list(s.slots)
        slots[slots.index(card)] = EMPTY
        self.change(i, slots=tuple(slots))  # set aside after use, never discarded
        self.inventory_event(i)
        self.kill(i, target, list(self.zombies[target]))
        for j in self.survivors_in(target):
            self.eliminate(j)

    def kill(self, i: int, zone: int, killed: Sequence[int], combat: bool = True) -> None:
        """Survivor ``i`` kills these zombies (count per type) in ``zone``: experience, and the skills
        a combat action's kills set off (``combat`` False: a box's kill that is no combat action)."""
        s = self.survivors[i]
        counts = list(self.zombies[zone])
        xp = 0
        for t, n in enumerate(killed):
            if n <= 0:
                continue
            counts[t] -= n
            self.supply[t] += n
            self.kills += n
            xp += n * self.tables.xp[t] * sk.xp_multiplier(s.skills, self.zname(t))
            self.events.append(ZombiesKilled(self.zid(zone), self.zname(t), n, s.id))
        self.zombies[zone] = tuple(counts)
        if xp and s.in_play:
            self.gain_xp(i, xp)
        if any(killed) and s.in_play and self.active == i:
            s = self.survivors[i]
            changes: dict[str, Any] = {}
            if combat and sk.has(s.skills, "hit_and_run"):
                changes.update(free_actions=s.free_actions + ("move",), slip_next_move=True)
            elif combat and sk.has(s.skills, "sudden_charge") and sum(counts) == 0:
                changes.update(free_actions=s.free_actions + ("move",))
            if sk.has(s.skills, "hold_your_nose") and not s.nose_used:
                changes.update(nose_search=True, nose_used=True)
            if changes:
                self.change(i, **changes)

    def gain_xp(self, i: int, amount: int) -> None:
        s = self.survivors[i]
        before = s.xp
        total = s.xp + amount
        self.events.append(ExperienceGained(s.id, amount, total))
        level = self.tables.level_of(total)
        s = self.change(i, xp=total)
        for reached in range(s.level + 1, level + 1):
            self.change(i, level=reached)
            name = LEVEL_NAMES[reached]
            self.events.append(DangerLevelReached(s.id, name))
            choices = tuple(ref.text for ref in self.tables.catalog.survivor(s.id).skills_at(name))  # type: ignore[arg-type]
            if len(choices) == 1 or self.pending is not None:
                self.gain_skill(i, choices[0])
            elif choices:
                self.pending = Pending("skill", s.seat, i, choices, tuple((n,) for n in range(len(choices))))
                self.events.append(DecisionNeeded("skill", s.seat, choices))
        self.box.gained_xp(self, i, before, total)

    def gain_skill(self, i: int, skill: str) -> None:
        s = self.survivors[i]
        changes: dict[str, Any] = {"skills": s.skills + (skill,)}
        if self.phase == "players" and not s.done:  # a new skill works at once
            changes["actions_left"] = s.actions_left + sk.extra_actions((skill,))
            changes["free_actions"] = s.free_actions + sk.free_actions((skill,))
        extra_slots = sk.extra_reserve_slots((skill,))
        if extra_slots:
            changes["slots"] = s.slots + (EMPTY,) * extra_slots
        self.change(i, **changes)
        self.events.append(SkillGained(s.id, skill))
