"""Zombicide: Green Horde on the shared core, one module per concern:

- ``content``: orc zombies, Horde-icon and Necromancer cards, equipment with slots, armour, spells and
  gems, survivors with a Body card, set-up tables, the book's 82 skills;
- ``state``: the box's state (spawn tokens, Necromancers, the Horde, Dragon Bile, siege engines,
  broken barriers, the Vault), survivor fields, mission options, tables of the board;
- ``board``: hedges, flooded zones, shores and ledges, barriers; ``terrain``: the Walker behind a
  hedge, barriers the zombies break, Speed;
- ``spawns`` (clockwise spawn tokens, the Horde, Necromancer cards), ``necromancers`` (their run,
  escape and death), ``wounds`` (attacks shared out, armour, Wounds), ``inventory`` (Hands, Body,
  Backpack), ``fighting`` (door rolls, dice skills, kills), ``magic`` (enchantments), ``siege`` (the
  Trebuchet), ``dragon`` (Dragon Bile and Fire), ``progression`` (Ultrared, Brother in arms,
  Transmutation, the Vault), ``goals``, ``legal``, ``setup``, ``scenario``, ``words``.

``RULES`` plugs them into the core's extension points (``boxes/__init__.py``).
"""

from __future__ import annotations

from typing import Any

from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import BoxRules, ContentExtension, PhaseStep
from game.rules.zombicide.boxes.green_horde import (
    board,
    bot,
    content,
    dragon,
    fighting,
    goals,
    legal,
    magic,
    necromancers,
    progression,
    scenario,
    siege,
    spawns,
    table,
    terrain,
    why_not,
    words,
    wounds,
)
from game.rules.zombicide.boxes.green_horde.commands import (
    EVENTS,
    CastEnchantment,
    FireSiegeEngine,
    MeleeStrike,
    MoveSiegeEngine,
    OpenDoorFromAfar,
    ThrowBile,
    ThrowTorch,
    Transmute,
)
from game.rules.zombicide.boxes.green_horde.inventory import GreenHordeInventory
from game.rules.zombicide.boxes.green_horde.setup import setup_board, setup_state
from game.rules.zombicide.boxes.green_horde.state import GreenHordeSetup, GreenHordeState, GreenHordeSurvivor
from game.rules.zombicide.state import evolved

# The box's skills that work through the core's hooks (the others are read by this box's modules).
SKILL_HOOKS = {
    "plus_one_free_enchantment_action": sk.SkillHook(free_actions=("enchantment",)),
    "plus_one_free_magic_action": sk.SkillHook(free_actions=("magic",)),
    "spellcaster": sk.SkillHook(free_actions=("spell",)),
    "point_blank_gh": sk.SkillHook(point_blank=True, shoots_own_zone=True, ignores_survivors_when_shooting=True),
}


def _end_of_round(game: Any) -> None:
    progression.end_of_round(game)
    progression.lend_skills(game)


def _face_down(box_state: GreenHordeState) -> GreenHordeState:
    """What a player may see: the Vault cards still to find, not their order."""
    return evolved(box_state, vault=tuple(sorted(box_state.vault)))


def _queued(name: str, run: Any) -> PhaseStep:
    return PhaseStep(name=name, at="queued", run=run)


RULES = BoxRules(
    name="green_horde",
    default_melee_order=("orc_necromancer", "orc_abomination", "orc_fatty", "orc_runner", "orc_walker"),
    aaahh_zombie="orc_walker",
    content=ContentExtension(
        tables=content.TABLES,
        zombie_model=content.OrcZombie,
        zombie_card_model=content.OrcZombieCard,
        equipment_model=content.GreenHordeEquipment,
        survivor_model=content.GreenHordeSurvivor,
        setup_model=content.GreenHordeSetupRules,
        check=content.check,
    ),
    skill_hooks=SKILL_HOOKS,
    free_action_tags=legal.FREE_TAGS,
    setup_options=GreenHordeSetup,
    state_fields=GreenHordeState,
    survivor_fields=GreenHordeSurvivor,
    setup_state=setup_state,
    setup_board=setup_board,
    hidden=_face_down,
    edge_kinds=board.EDGE_KINDS,
    board_data=board.board_data,
    commands={
        CastEnchantment: magic.cast_enchantment,
        OpenDoorFromAfar: magic.open_door_from_afar,
        MeleeStrike: fighting.melee_strike,
        MoveSiegeEngine: siege.move_siege_engine,
        FireSiegeEngine: siege.fire_siege_engine,
        ThrowBile: dragon.throw_bile,
        ThrowTorch: dragon.throw_torch,
        Transmute: progression.transmute,
    },
    events=EVENTS,
    legal_free=legal.listed,
    why_not=why_not.why_not,
    decisions={
        "gh_assign": wounds.resolve_assign,
        "gh_armour": wounds.resolve_armour,
        "gh_wound": wounds.resolve_wound,
        "gh_remove_spawn": necromancers.resolve_remove_spawn,
    },
    goals=goals.GOALS,
    misses_hit_survivors=True,
    door_roll=fighting.door_roll,
    attack_dice=fighting.attack_dice,
    zombie_cards=spawns.CARDS,
    spawn_zones=spawns.spawn_zones,
    zombie_movers={"necromancer": necromancers.move_necromancers},
    phase_steps=(
        PhaseStep("gh_break_barriers", "before_activation", terrain.break_barriers, when=terrain.barriers_stand,
                  args=lambda game, types: (types,)),
        PhaseStep("gh_anyone_dead", "after_activation", lambda game: progression.anyone_dead(game)),
        _queued("gh_attacks", wounds.attacks_step),
        _queued("gh_assign", wounds.assign_step),
        _queued("gh_resolve", wounds.resolve_step),
        _queued("gh_armour", wounds.armour_step),
        _queued("gh_wounds", wounds.wounds_step),
        _queued("gh_remove_spawn", necromancers.ask_spawn_to_remove),
        _queued("gh_ultrared", progression.ultrared_step),
    ),
    stepped=terrain.crossed,
    crosses_freely=terrain.crosses_freely,
    after_action=progression.after_action,
    gained_xp=progression.gained_xp,
    objective_taken=progression.objective_taken,
    before_attack=fighting.before_attack,
    after_attack=fighting.after_attack,
    end_of_round=_end_of_round,
    inventory=GreenHordeInventory(),
    wounds=wounds.GreenHordeWounds(),
    bot=bot.ADVICE,
    scenario_keys=scenario.KEYS,
    scenario_facts=scenario.FACTS,
    event_text=words.EVENT_TEXT,
    event_tones=words.EVENT_TONES,
    command_labels=words.COMMAND_LABELS,
    command_text=words.command_text,
    event_banners=words.EVENT_BANNERS,
    goal_words=words.goal_text,
    goal_names=words.GOAL_WORDS,
    card_text=words.card_text,
    table_pieces=table.table_pieces,
    kept_markers=table.KEPT_MARKERS,
    card_lines=table.card_lines,
    aims=table.aims,
    piles=table.piles,
    edge_tokens=table.edge_tokens,
)

__all__ = ["RULES"]
