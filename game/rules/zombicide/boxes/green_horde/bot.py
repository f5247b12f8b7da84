"""What the planner bot knows of Green Horde (``BoxRules.bot``): orc zombies deal Wounds by the
kind (a Walker 2, a Fatty or the Abomination 3, a Runner attacks twice), so a zone is weighed in
Wounds; spawn zones are walked round; every Necromancer is hunted, goal or not, and one in reach is
killed before anything else (its death takes a spawn zone away, its escape brings the end nearer); the
kinds a ``kill_zombies`` goal still wants are hunted; armour goes on at once; Dragon Bile and a Torch
go into a free hand while a fire is wanted, and burn a crowd or the Abomination (the bile is poured
ahead of the Torch when the mission wants fires); the siege engine fires at the crowds it reaches and
hauls itself to the exit when the mission wants it there; a spell heals the wounded; a Telekinetic
Blast opens the door the route goes through; a team waiting for a crowd searches a quiet room, behind
a door it opens when no room is open. The box's
decisions: the zombies' attacks go to whoever survives them best, armour dice are re-rolled when most
failed, a card is discarded instead of a Wound when it is worth less, the spawn token nearest the
team goes when a Necromancer dies.

The planner's own helpers (``bots``) weigh shots and zones; this module never looks ahead through
the engine either."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.rules.zombicide import bots
from game.rules.zombicide.boxes import BotAdvice
from game.rules.zombicide.boxes.green_horde.commands import (
    CastEnchantment,
    FireSiegeEngine,
    MeleeStrike,
    MoveSiegeEngine,
    OpenDoorFromAfar,
    ThrowBile,
    ThrowTorch,
)
from game.rules.zombicide.boxes.green_horde.siege import AMMUNITION, SEEN_ACCURACY
from game.rules.zombicide.boxes.green_horde.wounds import armour_of
from game.rules.zombicide.commands import Rearrange
from game.rules.zombicide.graph import UNREACHABLE
from game.rules.zombicide.planner_decisions import card_value as card_value_of
from game.rules.zombicide.state import searchable_now

SPAWN_ZONE_COST = 4  # walking through a spawn zone: the next card may land on the team
CROWD = 3  # zombies worth a Torch or a siege shot
WAIT_ROOM_STEPS = 4  # how far the team walks to a quiet room to search while it waits for a crowd


def _wounds(state: Any, t: int) -> int:
    return int(getattr(state.tables.catalog.zombies[t], "wounds_per_attack", 1))


def attack_wounds(state: Any, t: int) -> int:
    """The Wounds one attack of kind ``t`` deals (a Runner's two attacks are the core's to count)."""
    return _wounds(state, t)


def zone_cost(state: Any, zone: int) -> int:
    return SPAWN_ZONE_COST if any(tok.zone == zone for tok in state.box_state.spawn_tokens) else 0


# --- where the goals send the team ---------------------------------------------------------------


def _goal_unmet(state: Any, goal: str) -> bool:
    if goal not in state.setup.goals:
        return False
    return not state.box.goals[goal](state).reached


def _zones_of(state: Any, special: str = "", zombie_id: str = "") -> list[int]:
    tables = state.tables
    wanted = [t for t in range(len(tables.specials))
              if (special and special in tables.specials[t]) or (zombie_id and tables.catalog.zombies[t].id == zombie_id)]
    return [z for z, counts in enumerate(state.zombies) if any(counts[t] for t in wanted)]


def targets(state: Any, core: list[list[int]]) -> list[list[int]]:
    """Necromancers to kill come first; an Abomination to kill once the team can burn it (else the
    objectives, which may hold the bile); a siege engine to bring out is fetched, then the exit. Until
    those goals are reached the exit is not a target."""
    own: list[list[int]] = []
    # every Necromancer is hunted, goal or not: each escape adds a spawn token, and one escaping with
    # six on the board loses the game (§8.1)
    own += [[z] for z in _zones_of(state, special="necromancer")]
    if _goal_unmet(state, "kill_abominations") and _can_burn(state):
        own += [[z] for z in _zones_of(state, zombie_id="orc_abomination")]
    if _goal_unmet(state, "kill_zombies"):  # hunt the kinds still wanted
        own += [[z] for z in _wanted_kills(state)]
    if _goal_unmet(state, "siege_engine_to_exit"):
        engines = state.box_state.siege_engines
        if engines and not any(s.in_play and s.zone in engines for s in state.survivors):
            own += [[z] for z in engines]
    unmet = any(_goal_unmet(state, g) for g in state.box.goals)
    exits = set(state.graph.exits)
    rest = [zones for zones in core if not (unmet and set(zones) == exits)]
    if "take_all_objectives" not in state.setup.goals and _goal_unmet(state, "burn_zombies") and _can_burn(state):
        # the objectives hold only cards: with bile and a Torch in hand, the team waits for a crowd to burn
        # instead of opening one more building (what it wakes kills the team in the street)
        rest = [zones for zones in rest if set(zones) == exits or not any(
            p.zone in zones for p in state.graph.objectives)]
    if not own and not rest and unmet:  # nothing to fetch: wait for the zombies, searching if it can
        team = [s.zone for s in state.survivors if s.in_play]
        return [_open_rooms(state, team) or team[:1]] if team else core
    return own + rest or core


def _open_rooms(state: Any, team: list[int]) -> list[int]:
    """Quiet rooms the team reaches without opening a door (a door opened wakes what is behind it),
    where it waits searching: the weapons found there are what it fights the crowd with. With none,
    a team that opens doors opens one to a room near by: standing in the street unarmed until the
    crowd comes lost more (Selective Slaughter starts in a yard whose rooms are all shut)."""
    if not team or not (state.equipment_deck or state.equipment_discard):
        return []

    def rooms(doors: tuple[bool, ...]) -> list[int]:
        dist = state.graph.distances(doors)
        return [z for z in range(state.graph.zone_count)
                if searchable_now(state, z) and not state.zombies_in(z) and not state.box.hides_zombies(state, z)
                and max(dist[t][z] for t in team) <= WAIT_ROOM_STEPS]

    quiet = rooms(state.doors_open)
    if quiet or not bots._team_opens_doors(state):
        return quiet
    return rooms(tuple(True for _ in state.doors_open))


def _wanted_kills(state: Any) -> list[int]:
    """Zones holding a zombie of a kind ``kill_zombies`` still wants."""
    killed = state.box_state.killed
    zones: list[int] = []
    for zombie_id, need in state.setup.zombies_to_kill.items():
        t = state.tables.zombie_index.get(zombie_id)
        if t is not None and (killed[t] if killed else 0) < need:
            zones += [z for z, counts in enumerate(state.zombies) if counts[t] and z not in zones]
    return zones


def _can_burn(state: Any) -> bool:
    bile = torch = False
    for s in state.survivors:
        if s.in_play:
            for c in s.slots:
                if c >= 0:
                    effects = state.tables.equipment[state.card_kinds[c]].effects
                    bile |= "pours_bile" in effects
                    torch |= "ignites_bile" in effects
    return torch and (bile or bool(state.box_state.bile))


# --- tactics ---------------------------------------------------------------------------------------


def kill_necromancer(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """A Necromancer in reach dies first."""
    zones = set(_zones_of(state, special="necromancer"))
    if not zones:
        return None
    return bots._best_attack(state, i, commands, zones)


def melee_strike(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """The Spiked Bow fights in its own zone like a melee weapon when nothing better is at hand."""
    s = state.survivors[i]
    if not state.zombies_in(s.zone) or bots._best_attack(state, i, commands, {s.zone}) is not None:
        return None
    return next((c for c in commands if isinstance(c, MeleeStrike)), None)


def wear_armour(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """Body armour goes on (or a better one), keeping the hands' weapons and what stays in hand
    (``kept_in_hand``)."""
    s = state.survivors[i]
    now = armour_of(state, s).needed or 7
    hands = max(bots._weapon_power(state, s, 0), bots._weapon_power(state, s, 1))
    kept = set(kept_in_hand(state, i))
    best, best_needed = None, now
    for command in commands:
        if not isinstance(command, Rearrange) or not kept <= set(command.slots[:2]):
            continue
        after = replace(s, slots=command.slots)
        needed = armour_of(state, after).needed or 7
        if needed < best_needed and max(bots._weapon_power(state, after, 0), bots._weapon_power(state, after, 1)) >= hands:
            best, best_needed = command, needed
    return best


def _fire_card(state: Any, card: int) -> bool:
    effects = state.tables.equipment[state.card_kinds[card]].effects if card >= 0 else ()
    return "pours_bile" in effects or "ignites_bile" in effects


def kept_in_hand(state: Any, i: int) -> set[int]:
    """The Dragon Bile and Torches in survivor ``i``'s hands while the mission wants a fire: ``ready_fire``
    put them there, and a Shield (``wear_armour``) or a second sword (the planner's arming) taken back over
    them, then the fire card again, spent two actions a turn for nothing (Blood and Fire: about nine a game)."""
    s = state.survivors[i]
    return {c for c in s.slots[:2] if _fire_card(state, c)} if _fire_wanted(state) else set()


def _fire_wanted(state: Any) -> bool:
    """The mission still wants zombies burnt, or an Abomination killed while one is on the board."""
    return _goal_unmet(state, "burn_zombies") or (_goal_unmet(state, "kill_abominations")
                                                  and bool(_zones_of(state, zombie_id="orc_abomination")))


def ready_fire(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """Dragon Bile or a Torch carried in the backpack goes into a free hand while the mission wants a
    fire (only what is in hand is thrown, §6), keeping the best weapon in the other hand. A Torch
    comes to hand even over bile held there when no hand of the team holds one: bile alone never
    lights (In Search of Dragon Bile: the survivor carrying both Torches held bile and poured it,
    and the team waited fifteen rounds in the mill for a fire)."""
    if not _fire_wanted(state):
        return None
    s = state.survivors[i]
    wanted = _fire_card
    if _carries_torch(state, s) and not any(_holds_torch(state, o) for o in state.survivors if o.in_play):
        wanted = _torch_card
    elif any(_fire_card(state, c) for c in s.slots[:2]) or not any(_fire_card(state, c) for c in s.slots[2:]):
        return None
    # the best weapon stays in the other hand: a Dual pair loses its twin (the fire is worth more), an
    # armed survivor never ends with a fire card alone
    armed = max(bots._weapon_power(state, s, 0), bots._weapon_power(state, s, 1)) > 0
    carried = sorted(c for c in s.slots if c >= 0)
    best, best_power = None, 0.0 if armed else -1.0
    for command in commands:
        if isinstance(command, Rearrange) and any(wanted(state, c) for c in command.slots[:2]):
            after = replace(s, slots=command.slots)
            power = max(bots._weapon_power(state, after, 0), bots._weapon_power(state, after, 1))
            if power > best_power and sorted(c for c in command.slots if c >= 0) == carried:
                best, best_power = command, power
    return best


def heal(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """Healing on the most wounded survivor in sight."""
    best, most = None, 0
    for command in commands:
        if isinstance(command, CastEnchantment) and not command.also:
            effect = _enchantment(state, i, command.slot)
            if effect == "healing":
                j = state.survivor_index(command.target)
                if j >= 0 and state.survivors[j].wounds > most:
                    best, most = command, state.survivors[j].wounds
    return best


def _enchantment(state: Any, i: int, slot: int) -> str:
    card = state.survivors[i].slots[slot]
    return getattr(state.tables.equipment[state.card_kinds[card]], "enchantment", None) or "" if card >= 0 else ""


def _friends_in(state: Any, zone: int) -> bool:
    return any(s.in_play and s.zone == zone for s in state.survivors)


def _burn_value(state: Any, zone: int) -> float:
    """What a fire in ``zone`` is worth: its zombies (the Abomination counts for many), nothing with a
    friend there."""
    if _friends_in(state, zone):
        return 0.0
    value = float(state.zombies_in(zone))
    if zone in _zones_of(state, zombie_id="orc_abomination"):
        value += 5
    if zone in _zones_of(state, special="necromancer"):
        value += 2
    return value


def _burn_wanted(state: Any) -> float:
    """The fewest zombies a fire must take to be worth a Torch now."""
    if _goal_unmet(state, "burn_zombies"):
        left = state.setup.zombies_to_burn - state.box_state.burned
        return float(max(1, min(CROWD, left)))
    return float(CROWD)


def burn(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """A Torch on a puddle under a crowd; else Dragon Bile poured where a Torch at hand will follow (or,
    while the mission wants fires, where the team's Torch may come later)."""
    wanted = _burn_wanted(state)
    graph = state.graph
    best: ThrowTorch | ThrowBile | None = None
    best_value = wanted - 0.01
    for command in commands:
        if isinstance(command, ThrowTorch):
            value = _burn_value(state, graph.index[command.zone])
            if value > best_value:
                best, best_value = command, value
    if best is not None:
        return best
    if not _torch_at_hand(state, i) and not (_goal_unmet(state, "burn_zombies") and _team_has_torch(state)):
        return None  # the puddle waits for a Torch when the mission wants fires and the team has one
    for command in commands:
        if isinstance(command, ThrowBile):
            value = _burn_value(state, graph.index[command.zone])
            if value > best_value:
                best, best_value = command, value
    return best


def _torch_card(state: Any, card: int) -> bool:
    return card >= 0 and "ignites_bile" in state.tables.equipment[state.card_kinds[card]].effects


def _holds_torch(state: Any, s: Any) -> bool:
    return any(_torch_card(state, c) for c in s.slots[:2])


def _carries_torch(state: Any, s: Any) -> bool:
    """A Torch in the backpack (not in hand)."""
    return any(_torch_card(state, c) for c in s.slots[2:])


def _team_has_torch(state: Any) -> bool:
    return any(o.in_play and any(_fire_card(state, c) and "ignites_bile" in state.tables.equipment[
        state.card_kinds[c]].effects for c in o.slots) for o in state.survivors)


def _torch_at_hand(state: Any, i: int) -> bool:
    """Whether a Torch can follow the bile this round: the thrower's own (with an action left after
    the bile), or one in the hand of a friend in the same zone who has not played yet."""
    s = state.survivors[i]
    if s.actions_left >= 2 and _holds_torch(state, s):
        return True
    return any(o.in_play and o.zone == s.zone and not o.done and o.actions_left and _holds_torch(state, o)
               for n, o in enumerate(state.survivors) if n != i)


def siege(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """The siege engine fires at the biggest crowd (a stone at the Abomination), with no friend
    there; or, when the mission wants it at the exit, it is hauled along the route."""
    graph = state.graph
    best, best_value = None, 1.5
    for command in commands:
        if not isinstance(command, FireSiegeEngine) or command.zone not in graph.index:
            continue
        zone = graph.index[command.zone]
        if _friends_in(state, zone):
            continue
        value = _shot_value(state, zone, command.ammunition)
        if value > best_value:
            best, best_value = command, value
    if best is not None:
        return best
    if not _goal_unmet(state, "siege_engine_to_exit"):
        return None
    exits = list(graph.exits)
    here = state.survivors[i].zone
    dist = graph.distances(state.doors_open)
    for command in commands:
        if isinstance(command, MoveSiegeEngine):
            to = graph.index[command.to]
            if min(dist[to][e] for e in exits) < min(dist[here][e] for e in exits) < UNREACHABLE:
                return command
    return None


def _shot_value(state: Any, zone: int, ammunition: str) -> float:
    """Expected kills of a siege shot: its dice hit at 3+ (seen) and kill what their damage reaches."""
    dice, damage = AMMUNITION[ammunition]
    hits = dice * (7 - SEEN_ACCURACY) / 6
    counts = state.zombies[zone]
    killable = sum(n for t, n in enumerate(counts) if state.tables.damage_to_kill[t] <= damage)
    value = min(float(killable), hits)
    if damage >= 3 and zone in _zones_of(state, zombie_id="orc_abomination"):
        value += 4 * min(1.0, hits)
    return value


# --- decisions ---------------------------------------------------------------------------------------


def _save_chance(state: Any, s: Any) -> float:
    armour = armour_of(state, s)
    if not armour.needed:
        return 0.0
    p = max(0.0, min(1.0, (7 - max(1, armour.needed - armour.bonus)) / 6))
    return 1 - (1 - p) ** 2 if armour.rerolls else p


def decide_assign(state: Any) -> int:
    """Each attack to the survivor it hurts least: the one with the most Wounds to spare once the
    attacks given so far land (armour counted), the most wounded when none survives it anyway."""
    pending = state.pending
    left, given = pending.attack
    t = left[0]
    limit = state.tables.catalog.setup.wounds_to_eliminate
    piercing = bool(getattr(state.tables.catalog.zombies[t], "armour_piercing", False))
    best, best_key = 0, None
    for n, (i, everything) in enumerate(pending.payload):
        if everything:
            continue
        s = state.survivors[i]
        save = _save_chance(state, s)
        expected = s.wounds + sum(_wounds(state, u) * (1 - save * (not getattr(
            state.tables.catalog.zombies[u], "armour_piercing", False))) for j, u in given if j == i)
        after = expected + _wounds(state, t) * (1 - (0 if piercing else save))
        dies = after >= limit
        key = (dies, -expected if dies else after, n)
        if best_key is None or key < best_key:
            best, best_key = n, key
    return best


def decide_armour(state: Any) -> int:
    """Re-roll the armour dice when most of them failed."""
    pending = state.pending
    kept, values, _, _ = pending.attack
    s = state.survivors[pending.survivor]
    armour = armour_of(state, s)
    saved = sum(1 for v in values if min(6, v + armour.bonus) >= armour.needed)
    return 1 if saved * 2 < len(values) and len(pending.options) > 1 else 0


def decide_wound(state: Any) -> int:
    """Discard the least useful card instead of the Wound (any card when the Wound would kill)."""
    pending = state.pending
    s = state.survivors[pending.survivor]
    limit = state.tables.catalog.setup.wounds_to_eliminate
    deadly = s.wounds + 1 >= limit
    best, best_value = 0, None
    for n, (slot,) in enumerate(pending.payload):
        if slot < 0 or s.slots[slot] < 0:
            continue
        value = card_value_of(state, state.card_kinds[s.slots[slot]])
        if best_value is None or value < best_value:
            best, best_value = n, value
    if best_value is None or (not deadly and best_value > 1.2):
        return 0
    return best


def decide_remove_spawn(state: Any) -> int:
    """The spawn token nearest the team goes."""
    pending = state.pending
    tokens = state.box_state.spawn_tokens
    dist = state.graph.distances(state.doors_open)
    team = [s.zone for s in state.survivors if s.in_play]
    if not team:
        return 0

    def nearness(n: int) -> tuple[int, int]:
        k = pending.payload[n][0]
        zone = tokens[k].zone if 0 <= k < len(tokens) else -1
        return (min(dist[z][zone] for z in team) if zone >= 0 else UNREACHABLE, n)

    return min(range(len(pending.payload)), key=nearness)


def card_value(state: Any, kind: str) -> float | None:
    """Armour and shields, the bile and the Torch, spells of comfort, food (the core guesses weapons)."""
    equipment = state.tables.equipment[kind]
    if getattr(equipment, "slot", "hand") == "body":
        return 2.0 - 0.25 * equipment.armour
    if getattr(equipment, "shield", False):
        return 1.2 - 0.15 * equipment.armour
    if "pours_bile" in equipment.effects or "ignites_bile" in equipment.effects:
        wanted = any(_goal_unmet(state, g) for g in ("burn_zombies", "kill_abominations"))
        return 1.6 if wanted else 0.7
    effect = getattr(equipment, "enchantment", None)
    if effect:
        return 1.0 if effect == "healing" else 0.4
    if getattr(equipment, "food", False):
        return 0.2
    if equipment.kind == "item" and not equipment.effects:
        return 0.2
    return None


def _only_the_way_out_left(state: Any) -> bool:
    """Every objective taken and every box goal reached, where the exit counts the living: what is
    left is to walk out, each on its own (``escort``)."""
    return not escort(state) and all(state.objectives_taken) and not any(
        _goal_unmet(state, g) for g in state.box.goals)


def open_from_afar(state: Any, i: int, commands: Sequence[Any], route: Any) -> Any:
    """A Telekinetic Blast opens the closed door the route goes through next, as a hand would beside
    it (the core's walk opens doors only by hand): with the team gathered, as for any door, unless
    only the way out is left where the exit counts the living (Purifying Flood: the team waited
    beside the crypt's door for a friend caught in a flooded street, and the crowd came to it)."""
    s = state.survivors[i]
    nxt = route.step[s.zone]
    if nxt < 0:
        return None
    graph = state.graph
    for command in commands:
        if isinstance(command, OpenDoorFromAfar):
            edge = graph.edges[graph.edge_by_id[command.door]]
            if {edge.a, edge.b} == {s.zone, nxt} and (bots._team_gathered(state, i) or _only_the_way_out_left(state)):
                return command
    return None


def escort(state: Any) -> bool:
    """The team walks out with its rearmost only where a death loses the mission; where the exit
    counts the living, each runs for it (waiting for the last fed the zombies: docs/balance/)."""
    return bool(state.setup.lose_if_anyone_dies or not state.setup.exit_counts_the_living)


ADVICE = BotAdvice(
    tactics=(
        ("free_help", heal),
        ("fight_here", kill_necromancer),
        ("fight_here", burn),
        ("fight_here", siege),
        ("arm", wear_armour),
        ("arm", ready_fire),
        ("shoot_near", melee_strike),
        ("search", open_from_afar),
    ),
    decisions={
        "gh_assign": decide_assign,
        "gh_armour": decide_armour,
        "gh_wound": decide_wound,
        "gh_remove_spawn": decide_remove_spawn,
    },
    targets=targets,
    zone_cost=zone_cost,
    card_value=card_value,
    attack_wounds=attack_wounds,
    escort=escort,
    kept_in_hand=kept_in_hand,
)

