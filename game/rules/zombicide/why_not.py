"""Why an action is not offered now, and what a Move costs: the engine's words for the window.

``why_not(state, survivor_id)`` gives one ``Reason`` per action kind the survivor may not take now
(an English template with named fields, marked with ``N_``: the window translates it and fills the
fields). The kinds are the action bar's: ``move``, ``door``, ``melee``, ``ranged``, ``search``,
``trade``, ``reload``, ``make_noise``, ``take_objective``, ``end_turn``, and the box's own command
kinds, whose reasons the box gives (``BoxRules.why_not``); a zone kind the box declares may say why
it cannot be searched (``ZoneKindRule.unsearchable_why``). The core never names a box.

Reasons follow ``legal.survivor_commands``: a kind gets a reason only when that function lists none
of its commands.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import Reason
from game.rules.zombicide.commands import Escape
from game.rules.zombicide.legal import _path_extra, legal_commands, survivor_commands
from game.rules.zombicide.state import ZombicideState, searchable_now

TURN_KINDS = ("move", "door", "melee", "ranged", "search", "trade", "reload", "make_noise", "take_objective",
              "end_turn")


def _kind_of(command: Any, state: ZombicideState) -> str:
    kind = str(getattr(command, "kind", ""))
    if kind == "open_door":
        return "door"
    if kind == "attack":
        return "melee" if _is_melee(state, command) else "ranged"
    return kind


def _is_melee(state: ZombicideState, command: Any) -> bool:
    s = state.survivors[state.survivor_index(command.survivor)]
    card = s.slots[command.slot]
    return card >= 0 and state.tables.equipment[state.card_kinds[card]].attack == "melee"


def offered_kinds(state: ZombicideState, i: int) -> set[str]:
    return {_kind_of(command, state) for command in survivor_commands(state, i)}


def why_not(state: ZombicideState, survivor_id: str) -> list[Reason]:
    """One reason per action kind the survivor may not take now (none for the kinds it may)."""
    i = state.survivor_index(survivor_id)
    if i < 0:
        return []
    s = state.survivors[i]
    waiting = _waiting(state, i)
    if waiting is not None:
        return [Reason(kind, waiting.template, waiting.fields) for kind in TURN_KINDS]
    offered = offered_kinds(state, i)
    reasons = [r for r in _core_reasons(state, i) if r.kind not in offered]
    missing = {r.kind for r in reasons}
    if s.actions_left <= 0:
        reasons += [Reason(kind, N_("{survivor} has no actions left"), {"survivor": s.name})
                    for kind in TURN_KINDS if kind not in offered and kind not in missing and kind != "end_turn"]
    reasons += [r for r in _escape_reasons(state, i, offered) + _skill_reasons(state, i, offered) if r.kind not in missing]
    reasons += [r for r in state.box.why_not(state, i) if r.kind not in offered]
    return reasons


# the skills' own commands: the bar shows them in one "skill" slot
SKILL_COMMANDS = frozenset({"give_action", "jump", "shove", "rescue", "taunt", "close_door", "shout", "heal"})


# the skills used once a turn: their flag, the survivor's field set once used, why used, why idle
ONCE_A_TURN_SKILLS = (
    ("jump", "jump_used", N_("Jump: already used this turn"), N_("Jump: no zone in reach, or too few actions")),
    ("shove", "shoved", N_("Shove: already used this turn"), N_("Shove: no zombie here to push away")),
    ("lifesaver", "rescued", N_("Lifesaver: already used this turn"),
     N_("Lifesaver: no survivor with zombies in a zone next to this one")),
    ("taunt", "taunted", N_("Taunt: already used this turn"), N_("Taunt: no zombies here or in sight")),
    ("medic", "healed", N_("Medic: already used this turn"), N_("Medic: nobody wounded in this zone")),
)


def _escape_reasons(state: ZombicideState, i: int, offered: set[str]) -> list[Reason]:
    """Why survivor ``i`` may not escape now, on a mission won by escaping (digest: Escape)."""
    s = state.survivors[i]
    graph = state.graph
    if "escape_all" not in state.setup.goals or "escape" in offered:
        return []
    if s.zone not in graph.exits:
        return [Reason("escape", N_("Escape only from the EXIT: {survivor} is not on it"), {"survivor": s.name})]
    zombies = state.zombies_in(s.zone)
    if zombies:
        return [Reason("escape", N_("Nobody escapes with zombies on the EXIT ({zombies} here)"), {"zombies": zombies})]
    refusal = state.box.refuses(state, i, Escape(s.id)) if state.box.refuses is not None else ""
    return [Reason("escape", refusal)] if refusal else []


def _skill_reasons(state: ZombicideState, i: int, offered: set[str]) -> list[Reason]:
    """Why none of survivor ``i``'s skills that are actions may be used now (one line per skill held)."""
    if offered & SKILL_COMMANDS:
        return []
    s = state.survivors[i]
    graph = state.graph
    flags = sk.flags(s.skills)
    zone = s.zone
    reasons: list[Reason] = []
    if "born_leader" in flags and s.led:
        reasons.append(Reason("skill", N_("Born leader: already used this turn")))
    for flag, used_field, used, idle in ONCE_A_TURN_SKILLS:
        if flag in flags:
            reasons.append(Reason("skill", used if getattr(s, used_field) else idle))
    if "closes_doors" in flags and not any(graph.edges[e].door >= 0 and state.doors_open[graph.edges[e].door]
                                           for _other, e in graph.adjacent[zone]):
        reasons.append(Reason("skill", N_("Lock it down: no open door in this zone")))
    if "loud" in flags:
        reasons.append(Reason("skill", N_("Loud: {survivor} already shouted this round"), {"survivor": s.name}))
    if not reasons:
        reasons.append(Reason("skill", N_("{survivor} has no skill that is an action"), {"survivor": s.name}))
    return reasons


def _waiting(state: ZombicideState, i: int) -> Reason | None:
    """Why the survivor may do nothing at all now (the game, a decision, another's turn), or None."""
    s = state.survivors[i]
    if state.result is not None:
        return Reason("", N_("The game is over"))
    if not s.in_play:
        return Reason("", N_("{survivor} is out of the game"), {"survivor": s.name})
    if state.pending is not None:
        return Reason("", N_("A decision must be taken first"))
    if state.phase != "players":
        return Reason("", N_("Survivors act in the players' phase"))
    if s.done:
        return Reason("", N_("{survivor} has ended their turn this round"), {"survivor": s.name})
    if state.active >= 0 and state.active != i:
        other = state.survivors[state.active].name
        return Reason("", N_("{other} is acting: {survivor} waits for their turn to end"),
                      {"other": other, "survivor": s.name})
    if not any(getattr(c, "survivor", None) == s.id for c in legal_commands(state, s.seat)):
        return Reason("", N_("{survivor} waits for their player's turn"), {"survivor": s.name})
    return None


def _core_reasons(state: ZombicideState, i: int) -> list[Reason]:
    s = state.survivors[i]
    graph = state.graph
    zone = s.zone
    zombies = state.zombies_in(zone)
    flags = sk.flags(s.skills)
    reasons: list[Reason] = []
    extra = 0 if "slippery" in flags else zombies
    if s.actions_left >= 1 and s.actions_left < 1 + extra:
        reasons.append(Reason("move", N_("Leaving costs {cost} actions ({zombies} zombie here)") if zombies == 1
                              else N_("Leaving costs {cost} actions ({zombies} zombies here)"),
                              {"cost": 1 + extra, "zombies": zombies}))
    elif s.actions_left >= 1:
        reasons.append(Reason("move", N_("No open way out of this zone")))
    if not searchable_now(state, zone) and "search_anywhere" not in flags and not s.nose_search:
        rule = state.box.zone_kinds.get(graph.kinds[zone])
        why = rule.unsearchable_why if rule is not None and rule.unsearchable_why else ""
        if why:
            reasons.append(Reason("search", why))
        elif graph.kinds[zone] in ("street", "hallway"):
            reasons.append(Reason("search", N_("Streets can't be searched: only building rooms")))
        else:
            reasons.append(Reason("search", N_("Only building rooms can be searched")))
    elif s.searched:
        reasons.append(Reason("search", N_("{survivor} has already searched this turn"), {"survivor": s.name}))
    elif zombies:
        reasons.append(Reason("search", N_("No searching with zombies in the zone")))
    elif not (state.equipment_deck or state.equipment_discard):
        reasons.append(Reason("search", N_("The equipment deck is empty")))
    reasons += _weapon_reasons(state, i)
    closed = [graph.edges[e] for _o, e in graph.adjacent[zone]
              if graph.edges[e].door >= 0 and not state.doors_open[graph.edges[e].door]]
    if not closed:
        reasons.append(Reason("door", N_("No closed door in this zone")))
    else:
        reasons.append(Reason("door", N_("Opening a door takes equipment that opens doors, in hand")))
    if not any(o.in_play and o.zone == zone and o.id != s.id for o in state.survivors):
        reasons.append(Reason("trade", N_("Nobody here to trade with")))
    if not any(c in state.unloaded for c in s.slots if c >= 0):
        reasons.append(Reason("reload", N_("Nothing to reload")))
    if not any(p.zone == zone and not state.objectives_taken[n] for n, p in enumerate(graph.objectives)):
        reasons.append(Reason("take_objective", N_("No objective in this zone")))
    return reasons


def _weapon_reasons(state: ZombicideState, i: int) -> list[Reason]:
    """Why no melee attack or no shot: no such weapon in hand, nobody here, or nobody in its range."""
    s = state.survivors[i]
    tables = state.tables
    held = state.box.inventory.held(state, s)
    melee: list[Any] = []
    ranged: list[tuple[int, Any]] = []
    for slot in held:
        card = s.slots[slot]
        if card < 0:
            continue
        equipment = tables.equipment[state.card_kinds[card]]
        if equipment.attack == "melee":
            melee.append(equipment)
        elif equipment.attack:
            ranged.append((card, equipment))
    reasons: list[Reason] = []
    if not melee:
        reasons.append(Reason("melee", N_("No melee weapon in hand")))
    elif not state.zombies_in(s.zone):
        reasons.append(Reason("melee", N_("{weapon}: no zombie here to fight"), {"weapon": melee[0].name}))
    if not ranged:
        reasons.append(Reason("ranged", N_("No ranged weapon in hand")))
    for card, equipment in ranged:
        if equipment.reload and card in state.unloaded:
            reasons.append(Reason("ranged", N_("{weapon} must be reloaded first"), {"weapon": equipment.name}))
            continue
        low, high = equipment.range_min, equipment.range_max + sk.range_bonus(s.skills)
        reasons.append(Reason("ranged", N_("{weapon}: range {low}–{high}, no zombies in sight within it"),
                              {"weapon": equipment.name, "low": low, "high": high}))
    return reasons


def move_cost(state: ZombicideState, command: Any) -> int:
    """The actions a Move command costs its survivor: one for the Move (none for a Charge or a free
    move), one more per zombie in the zone it leaves, and what the crossings on its way add."""
    s = state.survivors[state.survivor_index(command.survivor)]
    graph = state.graph
    path = tuple(graph.index[z] for z in (*command.via, command.to))
    extra = 0 if sk.has(s.skills, "slippery") or s.slip_next_move else state.zombies_in(s.zone)
    waived = state.box.crosses_freely is not None and state.box.crosses_freely(state, state.survivor_index(s.id))
    crossing = 0 if waived or not graph.step_costs else _path_extra(graph, s.zone, path)
    base = 0 if command.charge or "move" in s.free_actions else 1
    return base + extra + crossing


__all__ = ["TURN_KINDS", "Reason", "move_cost", "offered_kinds", "why_not"]
