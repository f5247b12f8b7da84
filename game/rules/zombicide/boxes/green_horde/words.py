"""Green Horde's pieces in plain English, for the log and the buttons: the Horde, Necromancers and
spawn tokens, armour, barriers and hedges, Dragon Bile and Fire, the siege engine, enchantments.

The sentences are English templates with named fields (marked ``N_``); the app's ``words.say``
shows them in the player's language."""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide.boxes.green_horde import commands as gh

AMMUNITION_WORDS = {"scattered": N_("scattered shot"), "concentrated": N_("concentrated shot"), "stone": N_("a stone")}


def _ammunition(w: Any, ammunition: str) -> str:
    return str(w.say(AMMUNITION_WORDS[ammunition])) if ammunition in AMMUNITION_WORDS else ammunition


def _token(w: Any, token: str) -> str:
    kind, _, face = token.partition(":")
    if kind == "necromancer":
        return str(w.say(N_("{face} Necromancer spawn token"), face=face))
    return str(w.say(N_("{colour} spawn token"), colour=w.level(kind)))


def _target(w: Any, target: str) -> str:
    return str(w.say(N_("the Horde"))) if target == gh.HORDE_TARGET else str(w.zone(target))


def _armour(e: gh.ArmourRolled, w: Any) -> str:
    dice = " ".join(f"[{v}]" for v in e.values)
    if not e.saved:
        return str(w.say(N_("{who} rolls armour ({needed}+): {dice}, saving nothing."), who=w.who(e.survivor),
                         needed=e.needed, dice=dice))
    if e.saved == 1:
        return str(w.say(N_("{who} rolls armour ({needed}+): {dice}, saving one attack."), who=w.who(e.survivor),
                         needed=e.needed, dice=dice))
    return str(w.say(N_("{who} rolls armour ({needed}+): {dice}, saving {n} attacks."), who=w.who(e.survivor),
                     needed=e.needed, dice=dice, n=e.saved))


def _enchantment(e: gh.EnchantmentCast, w: Any) -> str:
    if e.target in {s.id for s in (w.state.survivors if w.state is not None else ())}:
        target = w.say(N_("themself")) if e.target == e.survivor else w.who(e.target)
    else:
        target = w.zone(e.target)
    return str(w.say(N_("{who} casts {spell} on {target}."), who=w.who(e.survivor), spell=w.item(e.card), target=target))


def _horde_arrived(e: gh.HordeArrived, w: Any) -> str:
    if e.count:
        return str(w.say(N_("The Horde has arrived in {zone}: {n} orcs!"), zone=w.zone(e.zone), n=e.count))
    return str(w.say(N_("The Horde has arrived in {zone}, but it was empty."), zone=w.zone(e.zone)))


def _hedge(e: gh.HedgeRustled, w: Any) -> str:
    if e.walker:
        return str(w.say(N_("{who} crosses a hedge into {zone}: [{value}], an Orc Walker was lurking there!"),
                         who=w.who(e.survivor), zone=w.zone(e.zone), value=e.value))
    return str(w.say(N_("{who} crosses a hedge into {zone}: [{value}], nobody there."), who=w.who(e.survivor),
                     zone=w.zone(e.zone), value=e.value))


def _bile(e: gh.BilePoured, w: Any) -> str:
    if e.moved_from:
        return str(w.say(N_("{who} pours Dragon Bile in {zone} (the puddle of {other} is moved)."),
                         who=w.who(e.survivor), zone=w.zone(e.zone), other=w.zone(e.moved_from)))
    return str(w.say(N_("{who} pours Dragon Bile in {zone}."), who=w.who(e.survivor), zone=w.zone(e.zone)))


def _fire(e: gh.DragonFire, w: Any) -> str:
    if e.flooded:
        return str(w.say(N_("{who}'s torch hits the water in {zone}: nothing burns."), who=w.who(e.survivor),
                         zone=w.zone(e.zone)))
    return str(w.say(N_("Dragon Fire! {who} sets {zone} ablaze."), who=w.who(e.survivor), zone=w.zone(e.zone)))


def _trebuchet_lost(e: gh.SiegeEngineDestroyed, w: Any) -> str:
    if e.why == "fire":
        return str(w.say(N_("The Trebuchet in {zone} burns to ashes."), zone=w.zone(e.zone)))
    return str(w.say(N_("The Trebuchet in {zone} sinks in the water."), zone=w.zone(e.zone)))


def _lent(e: gh.SkillLent, w: Any) -> str:
    if e.lent:
        return str(w.say(N_("{who} fights as a brother in arms: {skill}."), who=w.who(e.survivor), skill=w.skill(e.skill)))
    return str(w.say(N_("{who} no longer has {skill} from a brother in arms."), who=w.who(e.survivor),
                     skill=w.skill(e.skill)))


EVENT_TEXT: dict[type, Any] = {
    gh.HordeGrew: lambda e, w: w.say(N_("The Horde grows: {zombies} of that kind set aside now."),
                                     zombies=w.zombie(e.zombie, e.count)),
    gh.HordeArrived: _horde_arrived,
    gh.NecromancerArrived: lambda e, w: w.say(N_("An Orc Necromancer ({face}) arrives in {zone} with its own spawn token!"),
                                              face=e.face, zone=w.zone(e.zone)),
    gh.NecromancerEscaped: lambda e, w: w.say(
        N_("The Orc Necromancer escapes from {zone}: its token stays, {n} spawn tokens on the board."),
        zone=w.zone(e.zone), n=e.spawn_tokens),
    gh.SpawnTokenPlaced: lambda e, w: w.say(N_("A {token} is placed in {zone}."), token=_token(w, e.token),
                                            zone=w.zone(e.zone)),
    gh.SpawnTokenRemoved: lambda e, w: w.say(N_("The {token} in {zone} is removed."), token=_token(w, e.token),
                                             zone=w.zone(e.zone)),
    gh.ArmourRolled: _armour,
    gh.BarrierBroken: lambda e, w: w.say(N_("The zombies smash a barrier down!")),
    gh.HedgeRustled: _hedge,
    gh.BilePoured: _bile,
    gh.DragonFire: _fire,
    gh.SiegeEngineMoved: lambda e, w: w.say(N_("{who} hauls the Trebuchet to {zone}."), who=w.who(e.survivor),
                                            zone=w.zone(e.to_zone)),
    gh.SiegeEngineFired: lambda e, w: w.say(N_("{who} fires the Trebuchet at {target} with {ammunition} ({needed}+)."),
                                            who=w.who(e.survivor), target=_target(w, e.zone),
                                            ammunition=_ammunition(w, e.ammunition), needed=e.needed),
    gh.SiegeEngineDestroyed: _trebuchet_lost,
    gh.EnchantmentCast: _enchantment,
    gh.ZombiesRepulsed: lambda e, w: w.say(N_("{n} zombies are hurled from {zone} to {to}."), n=e.count,
                                           zone=w.zone(e.from_zone), to=w.zone(e.to_zone)),
    gh.DoorStuck: lambda e, w: w.say(N_("{who} fails to force {door}."), who=w.who(e.survivor),
                                     door=w.door(e.door) if e.door else w.say(N_("the door"))),
    gh.VaultCardFound: lambda e, w: w.say(N_("{who} finds a Vault treasure: {card}!"), who=w.who(e.survivor),
                                          card=w.item(e.card)),
    gh.SkillLent: _lent,
}
EVENT_TONES = {
    gh.HordeGrew: "zombie", gh.HordeArrived: "danger", gh.NecromancerArrived: "danger", gh.NecromancerEscaped: "danger",
    gh.SpawnTokenPlaced: "zombie", gh.SpawnTokenRemoved: "good", gh.ArmourRolled: "dice", gh.BarrierBroken: "danger",
    gh.HedgeRustled: "dice", gh.DragonFire: "good", gh.SiegeEngineFired: "good", gh.SiegeEngineDestroyed: "danger",
    gh.EnchantmentCast: "card", gh.VaultCardFound: "card", gh.ZombiesRepulsed: "good",
}
EVENT_BANNERS = {  # shown over the table as the zombies' phase unfolds
    gh.NecromancerArrived: lambda e, w: w.say(N_("An Orc Necromancer arrives!")),
    gh.NecromancerEscaped: lambda e, w: w.say(N_("The Necromancer escapes!")),
    gh.HordeGrew: lambda e, w: w.say(N_("The Horde grows")),
    gh.HordeArrived: lambda e, w: (w.say(N_("The Horde has arrived: {n} orcs!"), n=e.count) if e.count
                                   else w.say(N_("The Horde has arrived, empty"))),
    gh.BarrierBroken: lambda e, w: w.say(N_("A barrier falls!")),
    gh.DragonFire: lambda e, w: w.say(N_("The torch goes out in the water")) if e.flooded else w.say(N_("Dragon Fire!")),
    gh.SiegeEngineDestroyed: lambda e, w: w.say(N_("The Trebuchet is lost!")),
}
COMMAND_LABELS = {
    "gh_cast_enchantment": N_("Cast"), "gh_open_door_from_afar": N_("Open a door from afar"),
    "gh_melee_strike": N_("Strike"), "gh_move_siege_engine": N_("Haul the Trebuchet"),
    "gh_fire_siege_engine": N_("Fire the Trebuchet"), "gh_throw_bile": N_("Pour Dragon Bile"),
    "gh_throw_torch": N_("Throw a Torch"), "gh_transmute": N_("Transmute"),
}
GOAL_WORDS = {
    "kill_necromancers": N_("kill the Orc Necromancers"),
    "kill_abominations": N_("kill the Orc Abomination"),
    "burn_zombies": N_("burn zombies with Dragon Fire"),
    "kill_zombies": N_("kill the orcs the mission names"),
    "siege_engine_to_exit": N_("bring the Trebuchet to the exit"),
}


def goal_text(progress: Any, w: Any) -> str | None:
    """A box goal with its progress, for the goals box (None: not one of the box's goals)."""
    if progress.goal not in GOAL_WORDS:
        return None
    what = str(w.say(GOAL_WORDS[progress.goal]))
    return str(w.say(N_("{goal} ({done}/{total})"), goal=what[:1].upper() + what[1:], done=progress.done,
                     total=progress.total))


def card_text(card: Any, w: Any, level: str) -> str | None:
    """Horde-icon, Necromancer and Horde cards in words (the core tells the others)."""
    if card.kind == "necromancer":
        return str(w.say(N_("Zombie card {number}: an Orc Necromancer arrives (the Horde grows by a Walker, a Fatty "
                            "and a Runner)"), number=card.number))
    if card.kind == "horde_arrives":
        return str(w.say(N_("Zombie card {number}: The Horde has arrived!"), number=card.number))
    if card.kind == "horde_spawn":
        groups = card.line(level)
        what = ", ".join(w.zombie(g.zombie, g.count) for g in groups) if groups else w.say(N_("nothing"))
        return str(w.say(N_("Zombie card {number} ({level}, Horde): {what}"), number=card.number,
                         level=w.level(level), what=what))
    return None


def command_text(command: Any, state: Any, w: Any) -> str | None:
    """A button's words when the command's content matters: the Trebuchet names its ammunition."""
    if isinstance(command, gh.FireSiegeEngine):
        return str(w.say(N_("Fire the Trebuchet ({ammunition})"), ammunition=_ammunition(w, command.ammunition)))
    if isinstance(command, gh.CastEnchantment):  # the spell, and the survivors it goes to
        i = state.survivor_index(command.survivor)
        card = state.survivors[i].slots[command.slot] if i >= 0 and 0 <= command.slot < len(state.survivors[i].slots) else -1
        spell = w.item(state.card_kinds[card]) if card >= 0 else w.say(N_("a spell"))
        on = [w.who(t) for t in (command.target, command.also) if t and state.survivor_index(t) >= 0]
        if on:
            return str(w.say(N_("Cast {spell} on {targets}"), spell=spell, targets=w.listed(on)))
        return str(w.say(N_("Cast {spell}"), spell=spell))
    return None
