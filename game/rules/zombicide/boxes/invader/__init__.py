"""Zombicide: Invader on the shared core, one module per concern:

- ``content``: xenos and their damage, Xeno card kinds, equipment slots and ammunition, classes and
  Armor, Machines, tokens; ``state``: Mold, Machines, tokens, piles, attachments, the mission;
- ``board`` (zones, borders, the graph as Mold changes it), ``mold``, ``doors``, ``machines``,
  ``armor`` (Damage point by point), ``inventory`` (slots, attachments, Oxygen, searching),
  ``combat`` (ammunition, hits, friendly fire, Concentrated Attacks, Hellfire, Machines' attacks,
  Combat Reflexes), ``xenos`` (the Xeno cards, running short, coloured spawn zones), ``skills``,
  ``missions`` (goals, scripted rules, winning and losing), ``setup``, ``scenario``, ``words``.

``RULES`` plugs them into the core's extension points (``boxes/__init__.py``).
"""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.boxes import BotAdvice, BoxRules, ContentExtension, PhaseStep
from game.rules.zombicide.boxes.invader import (
    board,
    bots,
    combat,
    content,
    doors,
    inventory,
    machines,
    missions,
    mold,
    scenario,
    setup,
    skills,
    words,
    xenos,
)
from game.rules.zombicide.boxes.invader.armor import (
    DAMAGE_DECISION,
    DAMAGE_STEP,
    ArmorRules,
    attack_wounds,
    damage_step,
    resolve_point,
)
from game.rules.zombicide.boxes.invader.commands import (
    COMMANDS,
    EVENTS,
    EscortMove,
    Lead,
    Provoke,
    TakeSample,
    ZeroGSpin,
)
from game.rules.zombicide.boxes.invader.state import Hero, InvaderSetup, InvaderState
from game.rules.zombicide.commands import (
    Bloodlust,
    CardDiscarded,
    CardDrawn,
    EndTurn,
    Escape,
    Move,
    Rearrange,
    Trade,
)
from game.rules.zombicide.queries import zombies_anywhere
from game.rules.zombicide.skills import SkillHook
from game.rules.zombicide.state import evolved

Game = Any


def _never(*_: Any) -> bool:
    return False


def _types(game: Game, types: tuple[int, ...]) -> tuple[Any, ...]:
    return (types,)


def _refuse_move(state: Any, i: int, command: Any) -> str:
    return inventory.refuse_outdoors(state, i, command) or skills.refuse(state, i, command)


def _refuse_arrangement(state: Any, i: int, command: Any) -> str:
    outdoor = board.board_of(state.graph).outdoor[state.survivors[i].zone]  # indoors, the common case, asks nothing more
    return inventory.refuse_arrangement(state, i, command) if outdoor else ""


# the kind of command → what may refuse it (a kind not named here is never refused)
_REFUSERS: dict[type, Any] = {
    Move: _refuse_move, Bloodlust: _refuse_move, ZeroGSpin: _refuse_move, EscortMove: _refuse_move,
    Rearrange: _refuse_arrangement, Trade: _refuse_arrangement,
    Escape: missions.refuse_escape,
    EndTurn: skills.refuse, Lead: skills.refuse,
}


def refuses(state: Any, i: int, command: Any) -> str:
    """Every refusal of the box: Oxygen outdoors, once-a-turn skills, Born Leader's one action, the
    mission's order (asked for every listed command: the most listed kinds answered here, in one call)."""
    kind = command.__class__
    if kind is Move:  # refused into or through an outdoor zone, or a second Charge (half the commands asked)
        outside = state.graph.box_data.outdoor_ids  # ``inventory.crosses_outdoors``, inlined: most boards have none
        if command.charge or (outside and (command.to in outside or (command.via and not outside.isdisjoint(command.via)))):
            return _refuse_move(state, i, command)
        return ""
    if kind is Trade or kind is Rearrange:  # refused outdoors only
        return _refuse_arrangement(state, i, command) if state.graph.box_data.outdoor[state.survivors[i].zone] else ""
    refuser = _REFUSERS.get(kind)
    return refuser(state, i, command) if refuser is not None else ""


def refuses_trades(state: Any, i: int) -> bool:
    """Whether ``refuses`` may refuse a Trade of survivor ``i`` now: only outdoors (``refuses``)."""
    return bool(state.graph.box_data.outdoor[state.survivors[i].zone])


def legal_actions(state: Any, i: int) -> list[Any]:
    return missions.sample_commands(state, i)


def legal_free(state: Any, i: int) -> list[Any]:
    """Concentrated Attacks, Machine commands and attacks, attachments, cards and the skills' own
    commands, in that order. Asked at every listing, most often to list none of them: a lister is
    asked only when what it first tests (read here once for all) leaves it something to list."""
    s = state.survivors[i]
    box = state.box_state
    # with no xeno on the board (most listings of M7), no attack of any kind has a target
    xenos = zombies_anywhere(state.zombies)
    found = combat.concentrated_commands(state, i) if xenos else []
    # ``machines.listed``: a Remote Control token, or a skill for the Robot (two look-ups in C)
    if s.box_fields.remotes or not machines.ROBOT_SKILLS.isdisjoint(s.skills):
        found += machines.listed(state, i)
    if box.machines and xenos:
        found += combat.machine_attack_commands(state, i)
    slots = s.slots
    _piled, attaching, for_xp = inventory.card_sets(state.card_kinds, state.tables.equipment)
    # ``attach_commands``: a card that attaches, or a weapon carrying one
    if box.attached or not attaching.isdisjoint(slots):
        found += inventory.attach_commands(state, i)
    # ``card_commands``: an Oxygen Supply Room here, or a card used up for XP
    if state.graph.box_data.oxygen[s.zone] or not for_xp.isdisjoint(slots):
        found += inventory.card_commands(state, i)
    if not skills.LISTED_SKILLS.isdisjoint(s.skills):  # ``skill_commands``' own first test
        found += skills.skill_commands(state, i)
    return found


def searched_card(game: Game, i: int, card: int) -> list[int] | None:
    """A Mold-spawn card (§6.1): its xenos in every Active Mold zone, then another card is drawn."""
    equipment = game.equipment(card)
    if "mold_spawn" not in equipment.effects:
        return None
    s = game.survivors[i]
    game.equipment_discard.append(card)
    game.events.append(CardDiscarded(s.id, game.card_kinds[card]))
    groups = [(game.tables.zombie_index[g.zombie], g.count) for g in equipment.mold_spawn]
    xenos.mold_spawn(game, groups)
    fresh = game.draw_equipment()
    if fresh is None:
        return []
    game.events.append(CardDrawn("equipment", game.card_kinds[fresh], game.zid(s.zone), s.id))
    return [fresh]


def end_of_round(game: Game) -> None:
    machines.stand_down(game)
    skills.end_phase(game)
    missions.evacuate(game)


def hidden(box_state: InvaderState) -> InvaderState:
    """What a player sees: objective tokens face down until taken, the hidden spawn colour until its
    token is removed."""
    colours = tuple(c if n in box_state.revealed else "red" for n, c in enumerate(box_state.objective_colours))
    spawns = list(box_state.spawn_colours)
    secret = box_state.hidden_spawn
    if 0 <= secret < len(spawns) and secret not in box_state.spawns_gone:
        spawns[secret] = "red"
    return evolved(box_state, objective_colours=colours, spawn_colours=tuple(spawns))


RULES = BoxRules(
    name="invader",
    default_melee_order=combat.MELEE_ORDER,
    content=ContentExtension(
        tables=content.TABLES,
        zombie_model=content.Xeno,
        zombie_card_model=content.XenoCard,
        setup_model=content.InvaderSetupRules,
        equipment_model=content.InvaderEquipment,
        survivor_model=content.InvaderSurvivor,
        skill_model=content.InvaderSkill,
        skill_parameters={
            "machine": content.REMOTE_VALUES,
            "armor_points": content.ARMOR_VALUES,
            "battle_effect": frozenset(f"{name}:{kind}" for name in ("plus_one_die", "plus_one_to_dice_roll")
                                       for kind in ("melee", "ranged", "combat")),
        },
        check=content.check,
    ),
    skill_hooks={"sharp_senses": SkillHook(sees_deeper=True)},
    setup_options=InvaderSetup,
    state_fields=InvaderState,
    survivor_fields=Hero,
    setup_state=setup.setup_state,
    setup_board=setup.setup_board,
    hidden=hidden,
    board_data=board.board_data,
    board_in_play=board.graph_in_play,
    commands={**machines.HANDLERS, **combat.HANDLERS, **inventory.HANDLERS, Provoke: skills.do_provoke,
              ZeroGSpin: skills.do_spin, Lead: skills.do_lead, TakeSample: missions.do_take_sample},
    events=EVENTS,
    legal_actions=legal_actions,
    legal_free=legal_free,
    decisions={
        DAMAGE_DECISION: resolve_point,
        combat.MISFIRE_DECISION: combat.resolve_misfire,
        combat.REFLEX_DECISION: combat.resolve_reflex,
        skills.ULTRARED_DECISION: skills.resolve_ultrared,
    },
    zombie_cards={"xenos": xenos.xenos_card, "activation": xenos.activation_card,
                  "abomination": xenos.abomination_card, "mold_spawn": xenos.mold_spawn_card},
    phase_steps=(
        PhaseStep(name="inv_attack_step", at="before_activation", run=missions.before_activation, args=_types),
        PhaseStep(name="inv_extra_spawns", at="after_spawn", run=xenos.extra_draws, when=xenos.wants_extra_draws),
        PhaseStep(name="inv_end_phase_goals", at="before_end_round", run=missions.end_phase_goals),
        # run when another rule queues them, never at a fixed point of the round
        PhaseStep(name=DAMAGE_STEP, at="after_end_round", run=damage_step, when=_never),
        PhaseStep(name=xenos.PLACE_STEP, at="after_end_round", run=xenos.place_step, when=_never),
        PhaseStep(name=xenos.REFLEX_STEP, at="after_end_round", run=combat.reflex_step, when=_never),
        PhaseStep(name=combat.MISFIRE_STEP, at="after_end_round", run=combat.misfire_step, when=_never),
    ),
    entered_zone=missions.discard_old_tanks,
    end_of_round=end_of_round,
    adjust_noise=machines.heard,
    turn_started=skills.turn_started,
    played=skills.played,
    objective_taken=missions.objective_taken,
    gained_xp=skills.ultrared,
    settle=missions.settle,
    short_of_miniatures=xenos.short,
    spawn_active=xenos.spawn_active,
    goal_steps=missions.goal_progress,
    walk_stops=missions.walk_stops,
    board_problems=setup.board_problems,
    wounds=ArmorRules(),
    decoys=machines.decoy_zones,
    doors=doors.DOORS,
    zombies_break_doors=True,
    door_broken=doors.broken,
    weapon_range=combat.weapon_range,
    weapon_unusable=combat.weapon_unusable,
    attack_dice=combat.attack_dice,
    rerolls=combat.rerolls,
    land_hits=combat.land_hits,
    burn=combat.hellfire,
    refuses=refuses,
    refuses_listed=True,
    refuses_trades=refuses_trades,
    keeps=inventory.keeps,
    card_dropped=inventory.card_dropped,
    inventory=inventory.InvaderInventory(),
    may_search=inventory.may_search,
    search_draws=inventory.search_draws,
    searched_card=searched_card,
    bot=BotAdvice(tactics=bots.TACTICS, decisions=bots.DECISIONS, targets=bots.targets,
                  blocked=bots.blocked, card_value=bots.card_value,
                  attack_wounds=attack_wounds, keep_kill_all=bots.keep_hellfire),
    scenario_keys=scenario.SCENARIO_KEYS,
    scenario_facts={"box": scenario.facts},  # [expect.state.box]: the box's facts, one table
    event_text=words.EVENT_TEXT,
    event_tones=words.EVENT_TONES,
    command_labels=words.COMMAND_LABELS,
    command_text=words.command_text,
    goal_words=words.goal_line,
    table_pieces=words.table_pieces,
    table_piece_events=words.TABLE_PIECE_EVENTS,
    threats=mold.threats,
    card_text=words.card_text,
)

__all__ = ["COMMANDS", "EVENTS", "RULES"]
