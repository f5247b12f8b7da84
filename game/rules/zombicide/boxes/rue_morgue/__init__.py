"""Zombicide Season 3: Rue Morgue on the shared core, one module per concern:

- ``content``: tents, Team Actions, Skinners and their Crawlers, Sewer and Bed cards, set-up tables;
- ``state``: the box's state (tents, triggers, helicopters, Team Actions used), survivor fields
  (a helicopter seat), mission options and tables of the board;
- ``board``: the helipad's fence and its stairs, tents out of sight, the crashed helicopter;
- ``setup``, ``helicopter``, ``tents``, ``triggers`` (event triggers), ``spawns`` (Sewer and Bed
  cards), ``hospital``, ``crawlers`` (Skinner → Crawler), ``grab`` (the A-Bomb), ``team_actions``,
  ``wounds`` (wounds as cards), ``scenario`` (scenario files' tents and helicopters), ``words`` (its events and
  cards in plain English).

``RULES`` plugs them into the core's extension points (``boxes/__init__.py``).
"""

from __future__ import annotations

from game.rules.zombicide.boxes import BoxRules, ContentExtension
from game.rules.zombicide.boxes.rue_morgue import (
    board,
    content,
    crawlers,
    grab,
    helicopter,
    hospital,
    scenario,
    spawns,
    team_actions,
    tents,
    triggers,
    why_not,
    words,
)
from game.rules.zombicide.boxes.rue_morgue.commands import COMMANDS, EVENTS, UseTeamAction
from game.rules.zombicide.boxes.rue_morgue.setup import setup_state
from game.rules.zombicide.boxes.rue_morgue.state import HelicopterSeat, RueMorgueSetup, RueMorgueState
from game.rules.zombicide.boxes.rue_morgue.wounds import WoundCards

RULES = BoxRules(
    name="rue_morgue",
    default_melee_order=("a_bomb", "skinner_runner", "skinner_fatty", "skinner_walker", "crawler"),
    aaahh_zombie="skinner_walker",
    content=ContentExtension(
        tables=content.TABLES,
        zombie_model=content.RueMorgueZombie,
        zombie_card_model=content.RueMorgueZombieCard,
        setup_model=content.RueMorgueSetupRules,
        check=content.check,
    ),
    setup_options=RueMorgueSetup,
    state_fields=RueMorgueState,
    survivor_fields=HelicopterSeat,
    setup_state=setup_state,
    hidden=tents.face_down,
    edge_kinds=board.EDGE_KINDS,
    zone_kinds=board.ZONE_KINDS,
    blocking_markers=board.BLOCKING_MARKERS,
    board_data=board.board_data,
    commands={**helicopter.HANDLERS, UseTeamAction: team_actions.play},
    events=EVENTS,
    legal_actions=helicopter.boarding,
    legal_free=team_actions.listed,
    zombie_cards={"sewer": spawns.sewer_card, "bed": spawns.bed_card},
    phase_steps=(grab.STEP, *team_actions.MEMBER_STEPS),
    entered_zone=tents.reveal,
    move_ended=triggers.check,
    door_opened=hospital.open_hospital,
    building_spawn_waits=triggers.waits_for_trigger,
    after_action=triggers.check,
    after_attack=crawlers.after_attack,
    end_of_round=team_actions.end_of_round,
    adjust_noise=helicopter.flying_noise,
    isolated=helicopter.in_flight,
    isolating=helicopter.any_flying,
    confined=helicopter.aboard,
    confined_commands=helicopter.aboard_commands,
    refuses=helicopter.refuse_aboard,
    wounds=WoundCards(),
    searchable=tents.searchable,
    why_not=why_not.why_not,
    hides_zombies=tents.hidden,
    scenario_keys={"tents": scenario.deal_tents, "helicopters": scenario.set_up_helicopters},
    scenario_facts={"helicopters": scenario.helicopter_facts},
    scenario_command=scenario.named_cards,
    event_text=words.EVENT_TEXT,
    event_tones=words.EVENT_TONES,
    command_labels=words.COMMAND_LABELS,
    command_text=words.command_text,
    gathered=words.GATHERED,
    ordered=words.ORDERED,
    card_text=words.card_text,
)

__all__ = ["COMMANDS", "EVENTS", "RULES"]
