"""The Zombicide rules engine, its public face: setup, legal commands, check, apply, outcome.

``apply`` works on a private mutable copy of the state (``game.Game``, whose rules live one concern
per module: ``actions``, ``combat``, ``wounds``, ``zombie_phase``, ``spawning``, ``competitive``)
and freezes it at the end, so its input is never changed; a refused command raises IllegalCommand
before anything is returned. ``legal.py`` enumerates the commands. The zombies' phase is a small
program of steps kept on the state (``queue``), so a decision the players must take mid-phase
(sharing wounds) pauses it and ``ChooseOption`` resumes it. What a box adds on top of the shared
core, and how, is described in ``boxes/__init__.py``; ``ZombicideRules(box)`` plays one box.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from game.board.model import Board
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.core.kept import kept_per_object
from game.rules.core.rng import RngState, force_dice, new_rng, roll_d6, shuffled
from game.rules.zombicide import skills as sk
from game.rules.zombicide.boxes import BOXES, DEFAULT_BOX, BoxRules, UnknownBoxError, box_rules
from game.rules.zombicide.catalog import Catalog, load_catalog
from game.rules.zombicide.commands import (
    CORE_COMMANDS,
    CORE_EVENTS,
    Attack,
    Bloodlust,
    CardDiscarded,
    CardDrawn,
    CardKept,
    CardsCombined,
    ChooseOption,
    CloseDoor,
    Combine,
    DangerLevelReached,
    DecisionNeeded,
    DeckShuffled,
    DiceForced,
    DiceRolled,
    Discard,
    DoorClosed,
    DoorOpened,
    EndTurn,
    Escape,
    ExperienceGained,
    ExtraActivation,
    FirstPlayerPassed,
    ForceDice,
    GameEnded,
    GiveAction,
    Heal,
    InventoryChanged,
    Jump,
    MakeNoise,
    Move,
    NoiseCleared,
    NoiseMade,
    ObjectiveTaken,
    OpenDoor,
    PhaseStarted,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    SkillGained,
    SurvivorEliminated,
    SurvivorEscaped,
    SurvivorHealed,
    SurvivorMoved,
    SurvivorWounded,
    TakeObjective,
    Taunt,
    Trade,
    TurnEnded,
    TurnStarted,
    WeaponReloaded,
    ZombieAttacked,
    ZombieMoved,
    ZombiesKilled,
    ZombieSpawned,
    tagged_adapter,
)
from game.rules.zombicide.game import Game
from game.rules.zombicide.graph import UNREACHABLE, ZoneGraph, build_graph, graph_for
from game.rules.zombicide.legal import declared_move, legal_commands, listed_commands
from game.rules.zombicide.odds import AttackOdds, Modifier, attack_odds
from game.rules.zombicide.overrides import OVERRIDE_EVENTS, OVERRIDE_TYPES, apply_override
from game.rules.zombicide.queries import GoalProgress, goal_progress, trade_partners
from game.rules.zombicide.state import (
    EMPTY,
    LEVEL_NAMES,
    Pending,
    PlayerSpec,
    Survivor,
    ZombicideSetup,
    ZombicideState,
    evolve,
    resetter_for,
)
from game.rules.zombicide.tables import Tables, tables_for

# the engine's public face: the contract, its state and command types, re-exported for callers
__all__ = [
    "apply",
    "Attack",
    "attack_odds",
    "AttackOdds",
    "Bloodlust",
    "box_rules",
    "build_graph",
    "CardDiscarded",
    "CardDrawn",
    "CardKept",
    "CardsCombined",
    "Catalog",
    "check",
    "ChooseOption",
    "CloseDoor",
    "Combine",
    "command_adapter",
    "current_seats",
    "DangerLevelReached",
    "DecisionNeeded",
    "declared_move",
    "DeckShuffled",
    "DiceForced",
    "DiceRolled",
    "Discard",
    "DoorClosed",
    "DoorOpened",
    "EMPTY",
    "EndTurn",
    "Escape",
    "event_adapter",
    "evolve",
    "ExperienceGained",
    "ExtraActivation",
    "FirstPlayerPassed",
    "force_dice",
    "ForceDice",
    "Game",
    "GameEnded",
    "GiveAction",
    "goal_progress",
    "GoalProgress",
    "graph_for",
    "Heal",
    "IllegalCommand",
    "InventoryChanged",
    "Jump",
    "legal_commands",
    "LEVEL_NAMES",
    "listed_commands",
    "load_catalog",
    "MakeNoise",
    "Modifier",
    "Move",
    "new_rng",
    "NoiseCleared",
    "NoiseMade",
    "ObjectiveTaken",
    "OpenDoor",
    "outcome",
    "parse_setup",
    "Pending",
    "PhaseStarted",
    "player_view",
    "PlayerSpec",
    "Rearrange",
    "Reload",
    "Rescue",
    "RngState",
    "roll_d6",
    "Search",
    "setup",
    "Shout",
    "Taunt",
    "Shove",
    "shuffled",
    "SkillGained",
    "spawn_dice_for",
    "Survivor",
    "SurvivorEliminated",
    "SurvivorEscaped",
    "SurvivorHealed",
    "SurvivorMoved",
    "SurvivorWounded",
    "Tables",
    "tables_for",
    "TakeObjective",
    "Trade",
    "trade_partners",
    "TurnEnded",
    "TurnStarted",
    "UNREACHABLE",
    "WeaponReloaded",
    "ZombicideRules",
    "ZombicideSetup",
    "ZombicideState",
    "ZombieAttacked",
    "ZombieMoved",
    "ZombiesKilled",
    "ZombieSpawned",
    "ZoneGraph",
]

_OVERRIDES = frozenset(OVERRIDE_TYPES)
box_rules(DEFAULT_BOX)  # the box a setup plays unless it names another: loaded with the engine, not mid-game

RULESET_NAME = "zombicide"
RULESET_VERSION = "1"


@cache
def command_adapter(box: str = DEFAULT_BOX) -> TypeAdapter:
    """Every command a game of ``box`` plays, as JSON: the core's, the table's overrides, the box's."""
    return tagged_adapter((*CORE_COMMANDS, *OVERRIDE_TYPES, *box_rules(box).commands))


@cache
def event_adapter(box: str = DEFAULT_BOX) -> TypeAdapter:
    """Every event a game of ``box`` tells, as JSON."""
    return tagged_adapter((*CORE_EVENTS, *OVERRIDE_EVENTS, *box_rules(box).events))


# --- setup ------------------------------------------------------------------------------------


def parse_setup(setup_spec: ZombicideSetup | Mapping[str, Any] | None, board: Board | None = None,
                default_box: str = DEFAULT_BOX) -> ZombicideSetup:
    """The setup from the caller, or the mission's ``[setup]`` table, read with the options of its box
    (``BoxRules.setup_options``); a bad one raises ValueError, an unknown box UnknownBoxError."""
    if isinstance(setup_spec, ZombicideSetup):
        model = setup_model(setup_spec.box)
        if isinstance(setup_spec, model):
            return setup_spec
        return model.model_validate(setup_spec.model_dump(exclude_unset=True))  # the core's options alone
    data: dict[str, Any] = {}
    if board is not None and isinstance(board.properties.get("setup"), Mapping):
        data.update(dict(board.properties["setup"]))  # type: ignore[call-overload]
    if setup_spec:
        data.update(setup_spec)
    data.setdefault("box", default_box)
    source = board.source if board is not None and board.source else "setup"
    box = str(data["box"])
    if box not in BOXES:
        raise UnknownBoxError(box, source)
    try:
        spec = setup_model(box).model_validate(data)
    except Exception as error:  # pydantic's ValidationError, reworded for the player
        raise ValueError(f"{source}: the [setup] table is not usable: {error}") from error
    return spec


def setup_model(box: str) -> type[ZombicideSetup]:
    """The model of a ``[setup]`` table of ``box``: the core's options and the box's own."""
    return box_rules(box).setup_options or ZombicideSetup


def spawn_dice_for(catalog: Catalog, survivors: int) -> int:
    rows = catalog.setup.spawn_dice
    for row in rows:
        if row.survivors_min <= survivors <= row.survivors_max:
            return row.dice
    if survivors < rows[0].survivors_min:
        return rows[0].dice
    return rows[-1].dice + math.ceil((survivors - rows[-1].survivors_max) / 2)


def setup(board: Board, setup_spec: Any = None, seed: int = 0, catalog: Catalog | None = None,
          box: str = DEFAULT_BOX) -> ZombicideState:
    """A new game on ``board``; ``box`` is the box when the setup names none."""
    prepared = _prepared(board, setup_spec, catalog, box)
    plugged, catalog, tables, spec = prepared.plugged, prepared.catalog, prepared.tables, prepared.spec
    rng = new_rng(seed)
    card_kinds = prepared.card_kinds
    inventories = [list(slots) for slots in prepared.inventories]
    roster_ids = prepared.roster_ids
    equipment, fits = tables.equipment, plugged.inventory.fits

    def give(i: int, card: int) -> bool:
        """The card goes in the survivor's first free slot it fits (the box's slot rules)."""
        survivor_id, held_equipment = roster_ids[i], equipment[card_kinds[card]]
        for slot, held in enumerate(inventories[i]):
            if held == EMPTY and fits(tables, survivor_id, slot, held_equipment):
                inventories[i][slot] = card
                return True
        return False

    pool_order, rng = shuffled(rng, prepared.pool)
    pool = list(pool_order)
    for i in prepared.unarmed:  # a survivor with no weapon yet takes the next card of the shuffled pool
        if pool:
            give(i, pool.pop(0))
    for i, card in prepared.gifts:  # the starting equipment of skills, taken out of the deck or made
        give(i, card)
    kept_out = prepared.kept_out
    deck = [*prepared.deck, *(c for c in pool if card_kinds[c] not in kept_out)]  # starting cards nobody took
    equipment_deck, rng = shuffled(rng, deck)
    box_state: Any = prepared.box_fields
    graph = prepared.graph
    if plugged.setup_state is not None:  # the box's own state, dealt from the same RNG
        box_state, rng = plugged.setup_state(catalog, spec, graph, rng)
    if plugged.board_in_play is not None:  # the board as the box's tokens change it from the start
        graph = plugged.board_in_play(graph, box_state)
    zombie_deck, rng = shuffled(rng, prepared.zombie_cards)

    start = graph.starts[0]
    survivors = tuple(_DEALT(survivor, start, tuple(slots))
                      for survivor, slots in zip(prepared.survivors, inventories, strict=True))
    state = ZombicideState(
        graph=graph,
        tables=tables,
        setup=spec,
        box=plugged,
        card_kinds=card_kinds,
        round=1,
        phase="players",
        seats=prepared.seats,
        first_seat=prepared.first_seat,
        turn=0,
        survivors=survivors,
        active=-1,
        zombies=(prepared.empty_zone,) * graph.zone_count,
        noise=(0,) * graph.zone_count,
        doors_open=graph.doors_open_at_start,
        doors_spawned=graph.doors_open_at_start,
        buildings_spawned=(False,) * len(graph.buildings),
        objectives_taken=(False,) * len(graph.objectives),
        unlocked_colours=(),
        unloaded=(),
        equipment_deck=equipment_deck,
        equipment_discard=(),
        zombie_deck=zombie_deck,
        zombie_discard=(),
        supply=prepared.supply,
        spawn_dice=prepared.spawn_dice,
        rng=rng,
        box_state=box_state,
    )
    if plugged.setup_board is not None:  # what the mission puts on the board before the first turn
        state = plugged.setup_board(state)
    return state


@record
class _Prepared:
    """What a set-up works out from the board, the setup and the catalogue alone, before its first
    draw: every game set up alike (a batch of play-outs) shuffles and deals from it, no more."""

    spec: ZombicideSetup
    plugged: BoxRules
    catalog: Catalog
    tables: Tables
    graph: ZoneGraph  # as the board is before the box's tokens change it
    seats: tuple[str, ...]
    first_seat: int
    roster_ids: tuple[str, ...]  # each survivor's id, in the order they were picked
    card_kinds: tuple[str, ...]  # every card made at set-up, the starting skills' own included
    kept_out: frozenset[str]  # card ids kept out of the deck
    pool: tuple[int, ...]  # the starting pool once the teams' starting weapons are handed out
    inventories: tuple[tuple[int, ...], ...]  # the starting weapons (and vests) handed out
    unarmed: tuple[int, ...]  # the survivors left without a weapon: each takes one of the shuffled pool
    gifts: tuple[tuple[int, int], ...]  # (survivor, card): the equipment its skills start with
    deck: tuple[int, ...]  # the deck's own cards, before the pool's leftovers join it
    zombie_cards: tuple[int, ...]  # the zombie deck before its shuffle
    box_fields: Any  # the box's state when it deals none of its own
    survivors: tuple[Survivor, ...]  # as they start, but for their zone and slots (``_DEALT``)
    empty_zone: tuple[int, ...]
    supply: tuple[int, ...]
    spawn_dice: int


# a prepared survivor dealt into a game: its zone and slots given, the rest kept
_DEALT = resetter_for(Survivor, {}, ("zone", "slots"))

# (board, catalogue asked for, default box) → the board, the catalogue, a copy of the setup asked for
# and what was prepared from them: a batch of play-outs sets up the same board with the same setup
_PREPARED: dict[tuple[int, int, str], tuple[Board, Catalog | None, Any, _Prepared]] = {}


def _prepared(board: Board, setup_spec: Any, catalog: Catalog | None, box: str) -> _Prepared:
    """``_prepare``'s answer, kept for the same board (by identity) and an equal setup; checked
    against the box's rules and catalogue as they stand (a test may register others)."""
    entry = _PREPARED.get((id(board), id(catalog), box))
    if entry is not None and entry[0] is board and entry[1] is catalog and entry[2] == setup_spec:
        prepared = entry[3]
        spec_box = prepared.spec.box
        if box_rules(spec_box) is prepared.plugged and (catalog or load_catalog(spec_box)) is prepared.catalog:
            return prepared
    prepared = _prepare(board, setup_spec, catalog, box)
    try:
        asked = copy.deepcopy(setup_spec)  # the caller's own may change after this
    except (TypeError, copy.Error):  # a setup that cannot be copied is prepared at every game
        return prepared
    if len(_PREPARED) >= 8:
        _PREPARED.clear()
    _PREPARED[(id(board), id(catalog), box)] = (board, catalog, asked, prepared)
    return prepared


def _prepare(board: Board, setup_spec: Any, catalog: Catalog | None, box: str) -> _Prepared:
    """The set-up's every step that draws nothing: the setup read and checked, the seats, the cards
    made, the starting weapons handed out, the starting equipment of skills found, the survivors'
    fields; a bad setup raises ValueError here."""
    spec = parse_setup(setup_spec, board, default_box=box)
    plugged = box_rules(spec.box)
    catalog = catalog or load_catalog(spec.box)
    tables = tables_for(catalog)
    graph = graph_for(board, plugged)
    if not graph.starts:
        raise ValueError(f"{board.source or board.title}: the board has no starting zone")

    roster: list[tuple[str, PlayerSpec]] = []
    seats: list[str] = []
    for player in spec.players:
        if player.seat not in seats:
            seats.append(player.seat)
        for survivor_id in player.survivors:
            roster.append((survivor_id, player))
    ids = [r[0] for r in roster]
    if len(set(ids)) != len(ids):
        raise ValueError("a survivor was picked twice")
    known = {s.id for s in catalog.survivors}
    for survivor_id in ids:
        if survivor_id not in known:
            raise ValueError(f"unknown survivor {survivor_id!r}")
    if spec.strict_survivor_count:
        rules = catalog.setup
        if not rules.survivors_min <= len(ids) <= rules.survivors_max:
            raise ValueError(f"a game needs {rules.survivors_min} to {rules.survivors_max} survivors")
        team_sizes: dict[str, int] = {}
        for _, player in roster:
            team_sizes[player.team] = team_sizes.get(player.team, 0) + 1
        if len(set(team_sizes.values())) > 1:
            raise ValueError("every team must have the same number of survivors")
    first_seat = seats.index(spec.first_seat) if spec.first_seat in seats else 0

    card_kinds: list[str] = []

    def make_cards(equipment_ids: Sequence[str]) -> list[int]:
        first = len(card_kinds)
        card_kinds.extend(equipment_ids)
        return list(range(first, len(card_kinds)))

    kept_out, pool_ids, deck_ids = _card_ids(catalog)
    pool = make_cards(pool_ids)
    deck = make_cards(deck_ids)

    hand, reserve = catalog.setup.hand_slots, catalog.setup.reserve_slots
    inventories: list[list[int]] = []
    skills_of: list[tuple[str, ...]] = []
    for survivor_id, _ in roster:
        skills = tuple(ref.text for ref in catalog.survivor(survivor_id).skills_at("blue"))
        skills_of.append(skills)
        inventories.append([EMPTY] * (hand + reserve + sk.extra_reserve_slots(skills)))

    def give(i: int, card: int) -> bool:
        """The card goes in the survivor's first free slot it fits (the box's slot rules)."""
        survivor_id, equipment = roster[i][0], tables.equipment[card_kinds[card]]
        for slot, held in enumerate(inventories[i]):
            if held == EMPTY and plugged.inventory.fits(tables, survivor_id, slot, equipment):
                inventories[i][slot] = card
                return True
        return False

    # each team gives one of each starting weapon to its survivors, in the order they were picked
    teams: dict[str, list[int]] = {}
    for i, (_, player) in enumerate(roster):
        teams.setdefault(player.team, []).append(i)
    for members in teams.values():
        for n, equipment_id in enumerate(catalog.setup.starting_weapons_per_team):
            starting = next((c for c in pool if card_kinds[c] == equipment_id), None)
            if starting is not None and n < len(members):
                pool.remove(starting)
                give(members[n], starting)
    if spec.competitive and spec.vests_per_team:
        for members in teams.values():
            for n in range(spec.vests_per_team):
                give(members[n % len(members)], make_cards(["bulletproof_vest"])[0])
    # the pool is shuffled here, at each game; who is left unarmed and what skills start with do not
    # depend on it (the deck is not shuffled yet), only the slots those cards land in
    unarmed = tuple(i for i in range(len(roster))
                    if not any(c >= 0 and tables.equipment[card_kinds[c]].kind == "weapon" for c in inventories[i]))
    gifts: list[tuple[int, int]] = []
    for i, skills in enumerate(skills_of):
        for equipment_id in sk.starting_equipment(skills):
            if equipment_id in tables.equipment:
                from_deck = next((c for c in deck if card_kinds[c] == equipment_id), None)
                if from_deck is not None:
                    deck.remove(from_deck)
                    gifts.append((i, from_deck))
                else:
                    gifts.append((i, make_cards([equipment_id])[0]))

    actions = catalog.setup.actions_per_turn
    box_fields = plugged.survivor_fields()  # frozen: every survivor and game shares one
    survivors: list[Survivor] = []
    for i, (survivor_id, player) in enumerate(roster):
        profile = catalog.survivor(survivor_id)
        skills = skills_of[i]
        start_xp, start_level = 0, 0
        wanted = spec.start_levels.get(survivor_id)
        if wanted:
            if f"can_start_at:{wanted}" not in skills or wanted not in LEVEL_NAMES:
                raise ValueError(f"{profile.name} cannot start at {wanted}")
            start_level = LEVEL_NAMES.index(wanted)
            start_xp = tables.xp_thresholds[start_level]
            for level in LEVEL_NAMES[1 : start_level + 1]:  # the first skill of each level reached
                skills = skills + (profile.skills_at(level)[0].text,)  # type: ignore[arg-type]
        survivors.append(Survivor(
            id=survivor_id, name=profile.name, seat=player.seat, team=player.team, zone=graph.starts[0],
            slots=tuple(inventories[i]), skills=skills, xp=start_xp, level=start_level,
            actions_left=actions + sk.extra_actions(skills), free_actions=sk.free_actions(skills),
            box_fields=box_fields,
        ))
    return _Prepared(
        spec=spec, plugged=plugged, catalog=catalog, tables=tables, graph=graph, seats=tuple(seats),
        first_seat=first_seat, roster_ids=tuple(ids), card_kinds=tuple(card_kinds), kept_out=kept_out,
        pool=tuple(pool), inventories=tuple(tuple(slots) for slots in inventories), unarmed=unarmed,
        gifts=tuple(gifts), deck=tuple(deck), zombie_cards=catalog.zombie_deck_numbers(),
        box_fields=plugged.state_fields(), survivors=tuple(survivors),
        empty_zone=(0,) * tables.type_count,
        supply=tuple(spec.supply.get(z, tables.miniatures[t]) for t, z in enumerate(tables.zombie_ids)),
        spawn_dice=spec.spawn_dice or spawn_dice_for(catalog, len(roster)),
    )


@kept_per_object(8)
def _card_ids(catalog: Catalog) -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    """The cards kept out of the deck, the starting pool's and the deck's card ids before the shuffle:
    worked out once per catalog (every play-out of a batch sets up the same one)."""
    kept_out = frozenset(catalog.setup.kept_out_of_deck)
    deck_ids = tuple(
        c.id
        for c in catalog.equipment_cards
        if c.in_equipment_deck and not c.in_starting_pool and c.id not in kept_out
        for _ in range(c.deck_count)
    )
    return kept_out, catalog.starting_pool_ids(), deck_ids


# --- the contract -----------------------------------------------------------------------------


def current_seats(state: ZombicideState) -> frozenset[str]:
    if state.result is not None:
        return frozenset()
    if state.pending is not None:
        return frozenset((state.pending.seat,))
    seat = state.current_seat
    return frozenset((seat,)) if seat is not None else frozenset()


def player_view(state: ZombicideState, seat: str) -> ZombicideState:
    """What a seat may look at: the decks' order, the dice to come (the RNG, its draw count and the
    queued dice) and what the box keeps face down (``BoxRules.hidden``) are hidden. For display
    only: never apply commands to a view."""
    hidden = state.box.hidden
    return replace(
        state,
        equipment_deck=tuple(sorted(state.equipment_deck)),
        zombie_deck=tuple(sorted(state.zombie_deck)),
        rng=RngState(seed=0),  # no seed, no draw count, no dice queued to come: a view tells nothing of the dice
        queue=(),
        box_state=hidden(state.box_state) if hidden is not None else state.box_state,
    )


def outcome(state: ZombicideState) -> str | None:
    """"won", "lost", or None while the game goes on; "over" ends a competitive game, whose
    winning teams are ``state.winners``."""
    return state.result


def check(state: ZombicideState, seat: str, command: Any) -> None:
    """Raise IllegalCommand with a reason when ``command`` may not be played now."""
    apply(state, seat, command)


def apply(state: ZombicideState, seat: str, command: Any) -> tuple[ZombicideState, tuple[Any, ...]]:
    if type(command) in _OVERRIDES:
        return apply_override(state, command)
    game = Game(state)
    settled = game.play(seat, command)  # the state it ends in when it is frozen already
    return (settled if settled is not None else game.freeze()), tuple(game.events)


# --- a Ruleset object for sessions -------------------------------------------------------------


class ZombicideRules:
    """The engine contract bundled for ``Session``, for one box; ``catalog`` overrides its content."""

    name = RULESET_NAME
    version = RULESET_VERSION

    def __init__(self, box: str = DEFAULT_BOX, catalog: Catalog | None = None):
        if box not in BOXES:
            raise UnknownBoxError(box)
        self.box = box
        self.catalog = catalog

    def setup(self, board: Board, setup_spec: Any, seed: int) -> ZombicideState:
        spec = parse_setup(setup_spec, board, default_box=self.box)
        if spec.box != self.box:
            raise ValueError(f"this setup is for the box {spec.box!r}, not {self.box!r}")
        return setup(board, spec, seed, catalog=self.catalog)

    current_seats = staticmethod(current_seats)
    player_view = staticmethod(player_view)
    legal_commands = staticmethod(legal_commands)
    check = staticmethod(check)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)

    @property
    def rules(self) -> BoxRules:
        return box_rules(self.box)

    def command_to_json(self, command: Any) -> str:
        return command_adapter(self.box).dump_json(command).decode()  # type: ignore[no-any-return]

    def command_from_json(self, text: str) -> Any:
        return command_adapter(self.box).validate_json(text)

    @staticmethod
    def setup_to_json(setup_spec: Any) -> str:
        """Only what the caller set: the mission's own ``[setup]`` table is merged again on load."""
        if isinstance(setup_spec, ZombicideSetup):
            return setup_spec.model_dump_json(exclude_unset=True)
        return json.dumps(dict(setup_spec or {}))

    @staticmethod
    def setup_from_json(text: str) -> dict[str, Any]:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the saved setup is not a table")
        return data
