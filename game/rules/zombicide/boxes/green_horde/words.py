"""Green Horde's pieces in plain English, for the log and the buttons: the Horde, Necromancers and
spawn tokens, armour, barriers and hedges, Dragon Bile and Fire, the siege engine, enchantments."""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.boxes.green_horde import commands as gh

AMMUNITION_WORDS = {"scattered": "scattered shot", "concentrated": "concentrated shot", "stone": "a stone"}


def _token(words: Any, token: str) -> str:
    kind, _, face = token.partition(":")
    return f"{face} Necromancer spawn token" if kind == "necromancer" else f"{kind} spawn token"


def _target(words: Any, target: str) -> str:
    return "the Horde" if target == gh.HORDE_TARGET else words.zone(target)


def _armour(e: gh.ArmourRolled, w: Any) -> str:
    dice = " ".join(f"[{v}]" for v in e.values)
    saved = "nothing" if not e.saved else ("one attack" if e.saved == 1 else f"{e.saved} attacks")
    return f"{w.who(e.survivor)} rolls armour ({e.needed}+): {dice}, saving {saved}."


def _enchantment(e: gh.EnchantmentCast, w: Any) -> str:
    if e.target in {s.id for s in (w.state.survivors if w.state is not None else ())}:
        target = "themself" if e.target == e.survivor else w.who(e.target)
    else:
        target = w.zone(e.target)
    return f"{w.who(e.survivor)} casts {w.item(e.card)} on {target}."


EVENT_TEXT: dict[type, Any] = {
    gh.HordeGrew: lambda e, w: f"The Horde grows: {w.zombie(e.zombie, e.count)} of that kind set aside now.",
    gh.HordeArrived: lambda e, w: (f"The Horde has arrived in {w.zone(e.zone)}: {e.count} orcs!" if e.count
                                   else f"The Horde has arrived in {w.zone(e.zone)}, but it was empty."),
    gh.NecromancerArrived: lambda e, w: f"An Orc Necromancer ({e.face}) arrives in {w.zone(e.zone)} with its own spawn token!",
    gh.NecromancerEscaped: lambda e, w: (f"The Orc Necromancer escapes from {w.zone(e.zone)}: its token stays, "
                                         f"{e.spawn_tokens} spawn tokens on the board."),
    gh.SpawnTokenPlaced: lambda e, w: f"A {_token(w, e.token)} is placed in {w.zone(e.zone)}.",
    gh.SpawnTokenRemoved: lambda e, w: f"The {_token(w, e.token)} in {w.zone(e.zone)} is removed.",
    gh.ArmourRolled: _armour,
    gh.BarrierBroken: lambda e, w: "The zombies smash a barrier down!",
    gh.HedgeRustled: lambda e, w: (f"{w.who(e.survivor)} crosses a hedge into {w.zone(e.zone)}: [{e.value}]"
                                   + (", an Orc Walker was lurking there!" if e.walker else ", nobody there.")),
    gh.BilePoured: lambda e, w: (f"{w.who(e.survivor)} pours Dragon Bile in {w.zone(e.zone)}"
                                 + (f" (the puddle of {w.zone(e.moved_from)} is moved)." if e.moved_from else ".")),
    gh.DragonFire: lambda e, w: (f"{w.who(e.survivor)}'s torch hits the water in {w.zone(e.zone)}: nothing burns."
                                 if e.flooded else f"Dragon Fire! {w.who(e.survivor)} sets {w.zone(e.zone)} ablaze."),
    gh.SiegeEngineMoved: lambda e, w: f"{w.who(e.survivor)} hauls the Trebuchet to {w.zone(e.to_zone)}.",
    gh.SiegeEngineFired: lambda e, w: (f"{w.who(e.survivor)} fires the Trebuchet at {_target(w, e.zone)} "
                                       f"with {AMMUNITION_WORDS.get(e.ammunition, e.ammunition)} ({e.needed}+)."),
    gh.SiegeEngineDestroyed: lambda e, w: (f"The Trebuchet in {w.zone(e.zone)} "
                                           + ("burns to ashes." if e.why == "fire" else "sinks in the water.")),
    gh.EnchantmentCast: _enchantment,
    gh.ZombiesRepulsed: lambda e, w: f"{e.count} zombies are hurled from {w.zone(e.from_zone)} to {w.zone(e.to_zone)}.",
    gh.DoorStuck: lambda e, w: f"{w.who(e.survivor)} fails to force {w.door(e.door) if e.door else 'the door'}.",
    gh.VaultCardFound: lambda e, w: f"{w.who(e.survivor)} finds a Vault treasure: {w.item(e.card)}!",
    gh.SkillLent: lambda e, w: (f"{w.who(e.survivor)} fights as a brother in arms: {w.skill(e.skill)}." if e.lent
                                else f"{w.who(e.survivor)} no longer has {w.skill(e.skill)} from a brother in arms."),
}
EVENT_TONES = {
    gh.HordeGrew: "zombie", gh.HordeArrived: "danger", gh.NecromancerArrived: "danger", gh.NecromancerEscaped: "danger",
    gh.SpawnTokenPlaced: "zombie", gh.SpawnTokenRemoved: "good", gh.ArmourRolled: "dice", gh.BarrierBroken: "danger",
    gh.HedgeRustled: "dice", gh.DragonFire: "good", gh.SiegeEngineFired: "good", gh.SiegeEngineDestroyed: "danger",
    gh.EnchantmentCast: "card", gh.VaultCardFound: "card", gh.ZombiesRepulsed: "good",
}
EVENT_BANNERS = {  # shown over the table as the zombies' phase unfolds
    gh.NecromancerArrived: lambda e: "An Orc Necromancer arrives!",
    gh.NecromancerEscaped: lambda e: "The Necromancer escapes!",
    gh.HordeGrew: lambda e: "The Horde grows",
    gh.HordeArrived: lambda e: f"The Horde has arrived: {e.count} orcs!" if e.count else "The Horde has arrived, empty",
    gh.BarrierBroken: lambda e: "A barrier falls!",
    gh.DragonFire: lambda e: "The torch goes out in the water" if e.flooded else "Dragon Fire!",
    gh.SiegeEngineDestroyed: lambda e: "The Trebuchet is lost!",
}
COMMAND_LABELS = {
    "gh_cast_enchantment": "Cast", "gh_open_door_from_afar": "Open a door from afar", "gh_melee_strike": "Strike",
    "gh_move_siege_engine": "Haul the Trebuchet", "gh_fire_siege_engine": "Fire the Trebuchet",
    "gh_throw_bile": "Pour Dragon Bile", "gh_throw_torch": "Throw a Torch", "gh_transmute": "Transmute",
}
GOAL_WORDS = {
    "kill_necromancers": "kill the Orc Necromancers",
    "kill_abominations": "kill the Orc Abomination",
    "burn_zombies": "burn zombies with Dragon Fire",
    "kill_zombies": "kill the orcs the mission names",
    "siege_engine_to_exit": "bring the Trebuchet to the exit",
}
DECISION_WORDS = {
    "gh_assign": "who takes each zombie attack",
    "gh_armour": "whether to roll the armour dice again",
    "gh_wound": "whether to discard a card instead of a Wound",
    "gh_remove_spawn": "which spawn token the dead Necromancer takes away",
}


def goal_text(progress: Any, words: Any) -> str:
    """A box goal with its progress, for the goals box."""
    what = GOAL_WORDS.get(progress.goal, progress.goal.replace("_", " "))
    return f"{what[0].upper()}{what[1:]} ({progress.done}/{progress.total})"


def card_text(card: Any, words: Any, level: str) -> str | None:
    """Horde-icon, Necromancer and Horde cards in words (the core tells the others)."""
    if card.kind == "necromancer":
        return f"Zombie card {card.number}: an Orc Necromancer arrives (the Horde grows by a Walker, a Fatty and a Runner)"
    if card.kind == "horde_arrives":
        return f"Zombie card {card.number}: The Horde has arrived!"
    if card.kind == "horde_spawn":
        groups = card.line(level)
        what = ", ".join(words.zombie(g.zombie, g.count) for g in groups) if groups else "nothing"
        return f"Zombie card {card.number} ({level}, Horde): {what}"
    return None


def command_text(command: Any, state: Any) -> str | None:
    """A button's words when the command's content matters: the Trebuchet names its ammunition."""
    if isinstance(command, gh.FireSiegeEngine):
        return f"Fire the Trebuchet ({AMMUNITION_WORDS.get(command.ammunition, command.ammunition)})"
    if isinstance(command, gh.CastEnchantment):  # the spell, and the survivors it goes to
        i = state.survivor_index(command.survivor)
        card = state.survivors[i].slots[command.slot] if i >= 0 and 0 <= command.slot < len(state.survivors[i].slots) else -1
        spell = state.tables.equipment[state.card_kinds[card]].name if card >= 0 else "a spell"
        on = [state.survivors[state.survivor_index(t)].name for t in (command.target, command.also)
              if t and state.survivor_index(t) >= 0]
        return f"Cast {spell}" + (f" on {' and '.join(on)}" if on else "")
    return None
