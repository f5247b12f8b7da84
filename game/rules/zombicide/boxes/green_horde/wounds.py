"""Zombie attacks, armour and Wounds in Green Horde (digest §7.2, §9.2, §9.5, §12): every zombie in
a survivor's zone attacks; the players share the attacks out among the survivors there; each survivor
then rolls one armour die per attack it took (body armour, or a shield; a shield with armour re-rolls,
so does Lucky), and each success cancels one attack (the biggest: an Abomination's cannot be); the
attacks left deal their Wounds. A survivor with 3 Wounds is eliminated. A stray shot (a miss that hits
a survivor) meets armour the same way, one die per shot, and deals the weapon's Damage."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.frozen import record
from game.rules.core.reasons import Said
from game.rules.core.rng import roll_d6
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import WoundRules
from game.rules.zombicide.boxes.green_horde.commands import ArmourRolled
from game.rules.zombicide.boxes.green_horde.content import BODY_SLOT
from game.rules.zombicide.commands import DecisionNeeded, SurvivorWounded
from game.rules.zombicide.state import EMPTY, Pending

Game = Any  # the engine's working copy (game.Game)
IRON_HIDE_SAVE = 5  # Iron hide: armour rolls at 5+ with no armour

REROLL_WORDS = {"shield": N_("Shield"), "lucky": N_("Lucky")}  # what lets the armour dice roll again


@record
class Armour:
    """A survivor's armour now: the number each die needs (0: no armour roll), what it is worn as, the
    bonus on each die (Iron hide), and the re-rolls at hand."""

    needed: int = 0
    source: str = ""
    bonus: int = 0
    rerolls: tuple[str, ...] = ()


def armour_of(state: Any, survivor: Any) -> Armour:
    """Body armour (worn in the Body slot); else a shield in a Hand; else Iron hide's 5+ (§9.2)."""
    equipment, kinds = state.tables.equipment, state.card_kinds
    body = survivor.slots[BODY_SLOT] if len(survivor.slots) > BODY_SLOT else EMPTY
    worn = equipment[kinds[body]] if body >= 0 else None
    shields = [equipment[kinds[c]] for c in survivor.slots[:2] if c >= 0 and getattr(equipment[kinds[c]], "shield", False)]
    best_shield = min(shields, key=lambda s: s.armour) if shields else None
    iron_hide = "iron_hide" in survivor.skills
    rerolls = []
    if worn is not None and getattr(worn, "slot", "") == "body" and worn.armour:
        needed, source = worn.armour, worn.name
        if best_shield is not None:
            rerolls.append("shield")
    elif best_shield is not None:
        needed, source = best_shield.armour, best_shield.name
    elif iron_hide:
        return Armour(IRON_HIDE_SAVE, "Iron hide", 0, ("lucky",) if "lucky" in survivor.skills else ())
    else:
        return Armour()
    if "lucky" in survivor.skills:
        rerolls.append("lucky")
    return Armour(needed, source, 1 if iron_hide else 0, tuple(rerolls))


def _saves(values: Sequence[int], armour: Armour) -> int:
    return sum(1 for v in values if min(6, v + armour.bonus) >= armour.needed)


def wounds_of(game: Game, t: int) -> int:
    return int(getattr(game.tables.catalog.zombies[t], "wounds_per_attack", 1))


def piercing(game: Game, t: int) -> bool:
    return bool(getattr(game.tables.catalog.zombies[t], "armour_piercing", False))


class GreenHordeWounds(WoundRules):
    def attack_steps(self, game: Game, zone: int, attacks: tuple[tuple[int, int], ...], target: int) -> list[tuple]:
        return [("gh_attacks", zone, attacks, target)]

    def survivor_hit(self, game: Game, victim: int, damage: int) -> None:
        """A stray shot: one armour die (re-rolled once if it fails and a re-roll is at hand), then
        the weapon's Damage in Wounds."""
        s = game.survivors[victim]
        if not s.in_play:
            return
        armour = armour_of(game, s)
        if armour.needed:
            values, game.rng = roll_d6(game.rng, 1)
            if not _saves(values, armour) and armour.rerolls:
                values, game.rng = roll_d6(game.rng, 1)
            saved = _saves(values, armour)
            game.events.append(ArmourRolled(s.id, values, armour.needed, saved))
            if saved:
                return
        for _ in range(damage):
            if game.survivors[victim].in_play:
                game.wound(victim, -1)


# --- the zombies' attacks, as queued steps ------------------------------------------------------------


def attacks_step(game: Game, zone: int, attacks: tuple[tuple[int, int], ...], target: int) -> None:
    """Every attack of the zombies in ``zone`` (or of a Taunt's zombies, all on ``target``) is given
    to a survivor: the players choose, one attack at a time, when several may take it."""
    single = tuple(t for t, n in sorted(attacks, key=lambda a: -wounds_of(game, a[0])) for _ in range(n))
    if not single:
        return
    if target >= 0:
        game.queue.insert(0, ("gh_resolve", tuple((target, t) for t in single)))
        return
    prey = game.prey_in(zone)
    if not prey:
        return
    if len(prey) == 1:
        game.queue.insert(0, ("gh_resolve", tuple((prey[0], t) for t in single)))
    elif game.spec.auto_wounds:
        game.queue.insert(0, ("gh_resolve", _shared_out(game, prey, single)))
    else:
        game.queue.insert(0, ("gh_assign", zone, single, ()))


def _shared_out(game: Game, prey: list[int], single: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The fixed policy: each attack, biggest first, to the survivor with the most Wounds to spare."""
    limit = game.tables.catalog.setup.wounds_to_eliminate
    taken = {i: game.survivors[i].wounds for i in prey}
    shared = []
    for t in single:
        i = max(prey, key=lambda j: (limit - taken[j], -j))
        taken[i] += wounds_of(game, t)
        shared.append((i, t))
    return tuple(shared)


def assign_step(game: Game, zone: int, left: tuple[int, ...], given: tuple[tuple[int, int], ...]) -> None:
    prey = game.prey_in(zone)
    if not left or not prey:
        game.queue.insert(0, ("gh_resolve", given))
        return
    t = left[0]
    zombie, wounds = game.tables.catalog.zombies[t], wounds_of(game, t)
    takes = N_("{who} takes the {zombie} attack ({n} Wound)") if wounds == 1 else N_("{who} takes the {zombie} attack ({n} Wounds)")
    labels: list[str] = [Said(takes, who=game.survivors[i].name, zombie=zombie, n=wounds) for i in prey]
    payload: list[tuple[int, ...]] = [(i, 0) for i in prey]
    if len(left) > 1:
        labels += [Said(N_("{who} takes all {n} attacks left"), who=game.survivors[i].name, n=len(left)) for i in prey]
        payload += [(i, 1) for i in prey]
    seat = game.seats[game.first_seat] if len({game.survivors[i].seat for i in prey}) > 1 else game.survivors[prey[0]].seat
    game.pending = Pending("gh_assign", seat, -1, tuple(labels), tuple(payload), zone=zone,
                           attack=(left, given))
    game.events.append(DecisionNeeded("gh_assign", seat, tuple(labels)))


def resolve_assign(game: Game, pending: Pending, option: int) -> None:
    i, everything = pending.payload[option]
    left, given = pending.attack
    taken = left if everything else left[:1]
    given = given + tuple((i, t) for t in taken)
    game.queue.insert(0, ("gh_assign", pending.zone, left[len(taken):], given))


def resolve_step(game: Game, given: tuple[tuple[int, int], ...]) -> None:
    """Each survivor, in turn, rolls its armour against the attacks it took, then takes the Wounds."""
    order: list[int] = []
    for i, _ in given:
        if i not in order:
            order.append(i)
    game.queue[0:0] = [("gh_armour", i, tuple(t for j, t in given if j == i), ()) for i in order]


def armour_step(game: Game, i: int, attacks: tuple[int, ...], rerolled: tuple[str, ...]) -> None:
    """Survivor ``i`` rolls one armour die per attack it may save; each success cancels the biggest
    attack left (Ironclad ignores its kind's attacks outright)."""
    s = game.survivors[i]
    if not s.in_play:
        return
    kept = tuple(t for t in attacks if not sk.ignores_wounds_from(s.skills, game.zname(t)))
    for t in attacks:
        if t not in kept:
            game.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
    savable = [t for t in kept if not piercing(game, t)]
    armour = armour_of(game, s)
    if not armour.needed or not savable:
        game.queue.insert(0, ("gh_wounds", i, _wounds_list(game, kept)))
        return
    values, game.rng = roll_d6(game.rng, len(savable))
    _settle_armour(game, i, kept, values, armour, rerolled)


def _settle_armour(game: Game, i: int, kept: tuple[int, ...], values: tuple[int, ...], armour: Armour,
                   rerolled: tuple[str, ...]) -> None:
    s = game.survivors[i]
    saved = _saves(values, armour)
    savable = [t for t in kept if not piercing(game, t)]
    sources = [r for r in armour.rerolls if r not in rerolled]
    if saved < len(savable) and sources:
        if saved == 0:  # every die failed: rolling again cannot hurt
            _reroll(game, i, kept, values, armour, rerolled + (sources[0],))
            return
        labels = (Said(N_("keep the armour dice")),) + tuple(
            Said(N_("re-roll the armour dice ({source})"), source=Said(REROLL_WORDS[r]) if r in REROLL_WORDS else r)
            for r in sources)
        game.pending = Pending("gh_armour", s.seat, i, labels, ((-1,),) + tuple((n,) for n in range(len(sources))),
                               attack=(kept, values, tuple(sources), rerolled))
        game.events.append(ArmourRolled(s.id, values, armour.needed, saved))
        game.events.append(DecisionNeeded("gh_armour", s.seat, labels))
        return
    game.events.append(ArmourRolled(s.id, values, armour.needed, saved))
    cancelled = sorted(savable, key=lambda t: -wounds_of(game, t))[:saved]
    left = list(kept)
    for t in cancelled:
        left.remove(t)
    game.queue.insert(0, ("gh_wounds", i, _wounds_list(game, tuple(left))))


def _reroll(game: Game, i: int, kept: tuple[int, ...], values: tuple[int, ...], armour: Armour,
            rerolled: tuple[str, ...]) -> None:
    values, game.rng = roll_d6(game.rng, len(values))
    _settle_armour(game, i, kept, values, armour, rerolled)


def resolve_armour(game: Game, pending: Pending, option: int) -> None:
    i = pending.survivor
    kept, values, sources, rerolled = pending.attack
    armour = armour_of(game, game.survivors[i])
    choice = pending.payload[option][0]
    if choice < 0:
        _settle_armour(game, i, kept, values, armour, rerolled + tuple(sources))
    else:
        _reroll(game, i, kept, values, armour, rerolled + (sources[choice],))


def _wounds_list(game: Game, attacks: tuple[int, ...]) -> tuple[int, ...]:
    """The Wounds of each attack left, the kind of zombie dealing each (one entry per Wound)."""
    return tuple(t for t in attacks for _ in range(wounds_of(game, t)))


def wounds_step(game: Game, i: int, wounds: tuple[int, ...]) -> None:
    """The Wounds land one by one: Tough turns the first one of the phase away; Is that all you've
    got? may discard a card for each."""
    s = game.survivors[i]
    if not s.in_play or not wounds:
        return
    if "tough" in s.skills and not s.tough_used and game.phase == "zombies":
        game.change(i, tough_used=True)
        game.events.append(SurvivorWounded(s.id, s.wounds, "", ignored=True))
        game.queue.insert(0, ("gh_wounds", i, wounds[1:]))
        return
    cards = [slot for slot, c in enumerate(s.slots) if c >= 0]
    if sk.has(s.skills, "discards_to_ignore_wounds") and cards and not game.spec.auto_wounds:
        labels = (Said(N_("{who} takes the Wound"), who=s.name),) + tuple(
            Said(N_("{who} discards {card} and ignores the Wound"), who=s.name, card=game.equipment(s.slots[slot]))
            for slot in cards)
        game.pending = Pending("gh_wound", s.seat, i, labels, ((-1,),) + tuple((slot,) for slot in cards),
                               attack=(wounds,))
        game.events.append(DecisionNeeded("gh_wound", s.seat, labels))
        return
    game.wound(i, -1)
    game.queue.insert(0, ("gh_wounds", i, wounds[1:]))


def discard_slot(game: Any, i: int, slot: int) -> int:
    """Survivor ``i`` discards the card in ``slot`` (told); returns the card."""
    card = game.survivors[i].slots[slot]
    game.discard(i, slot)  # the core's discard: the card to the pile, told
    return int(card)


def resolve_wound(game: Game, pending: Pending, option: int) -> None:
    i, slot = pending.survivor, pending.payload[option][0]
    (wounds,) = pending.attack
    if slot < 0:
        game.wound(i, -1)
    else:
        card = discard_slot(game, i, slot)
        s = game.survivors[i]
        game.events.append(SurvivorWounded(s.id, s.wounds, game.card_kinds[card], ignored=True))
    game.queue.insert(0, ("gh_wounds", i, wounds[1:]))
