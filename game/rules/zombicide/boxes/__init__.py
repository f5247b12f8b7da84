"""What one Zombicide box adds to the shared core: the seam every box (Season 3 and the next ones) plugs into.

A box is a plug-in. It declares, in one ``BoxRules`` (its module's ``RULES``, listed in ``BOXES`` or
added with ``register_box``), what it brings; the core asks the box and never names a box's pieces.
The models are boardgame.io's plugins and pluggy's hooks, kept small: a plain table of values and
functions built once per box, read on the hot paths without any look-up. Every field has a default
that adds nothing, so a box declares only what it has.

**Data and content**

- ``content_root``: the folder holding the box's ``<box>/`` folder of TOML files (survivors, skills,
  equipment, zombie kinds, the zombie deck, set-up tables); ``content`` (``ContentExtension``): its
  own tables (cards the core has no model for) and richer models for zombie kinds, zombie cards,
  equipment, survivors and set-up tables.
- ``skill_hooks``: the box's skills that work through the core's skill hooks (``skills.SkillHook``:
  free actions of a kind, flags the core reads), added when the box loads; ``free_action_tags``: an
  action kind → the other free-action tags that may pay for it (a free spell action pays for magic).
- ``default_melee_order``: who takes melee hits when the player names no priority;
  ``aaahh_zombie``: what a searched Aaahh!! card places.
- ``setup_options``: a subclass of ``ZombicideSetup`` with the box's own mission options (flat keys
  of the ``[setup]`` table, so saves keep their shape).

**State**

- ``state_fields``: a frozen dataclass of the box's own state (``state.box_state``), made by
  ``setup_state(catalog, spec, graph, rng)`` after the equipment deck is shuffled;
  ``survivor_fields``: a frozen dataclass of its own per-survivor fields (``survivor.box_fields``).
  Both print flat in the state's repr (the state hash of saves): box state right after the RNG,
  survivor fields last. ``hidden(box_state)``: the box state a player may see (face-down cards blanked).
  ``setup_board(state) -> state``: the box's last touch to a new game, once the core's set-up is done
  (what a mission puts on the board before the first turn: zombies, the box's own pieces).

**Board** (``graph.py`` asks these once per board and box)

- ``edge_kinds``: what each connection kind the box adds does (``EdgeKind``: sight, crossing,
  extra actions); the core knows open borders, doors and openings (a box may redefine those too), and
  an undeclared kind is crossed by nobody. ``zone_kinds``: sight, searching and the cost of walking out, per zone kind
  (``ZoneKindRule``).
  ``blocking_markers``: marker kinds whose zone is never entered and blocks sight.
  ``board_data(board, graph)``: the box's own tables of the board (``graph.box_data``).
  ``board_in_play(graph, box_state)``: the zone graph as the box's state changes the board (walls
  that open, zones that see differently); the core asks it at set-up, and the box's own rules set
  ``game.graph`` to it whenever they change the board. It keeps the zone, edge, door and token
  indices of the graph it is given (new edges come last), so the state's tables stay valid.

**Play**

- ``commands``: the box's survivor commands, command type → ``handler(game, i, command)``;
  ``events``: its event types; both join the JSON adapters of ``ZombicideRules(box)``.
- ``legal_actions(state, i)``: its commands listed after Make Noise (when the survivor has an action
  left); ``legal_free(state, i)``: listed after the trades.
- ``decisions``: its pending decision kinds, kind → ``resolve(game, pending, option)``.
- ``goals``: its own mission goals (named in its ``setup_options``' ``goals``), goal → ``progress(state)``
  (a ``queries.GoalProgress``; the game is won once every goal of the mission is reached).
- ``misses_hit_survivors``: a ranged or magic shot's hits all go to the zombies, and each miss hits a
  survivor in the target zone (instead of survivors taking the first hits).
- ``door_roll(game, i, openers, by_skill)`` → (opened, noisy): doors that open on a roll (the action
  is spent before; a door that stays shut may still make noise). None: doors open at once.
- ``attack_dice(state, survivor, target, fired, attack, part)`` → dice the box adds to an attack (its
  skills and cards), each told with ``part(amount, source, name)``.
- ``zombie_cards``: its zombie card kinds, kind → ``handler(game, zone, card_number, danger_level)``.
- ``spawn_zones(game)``: the zones the spawn step draws for, in order (a zone once per token), when
  the box keeps its spawn tokens itself (tokens that come and go); None: the board's spawn markers.
- ``zombie_movers``: special rule of a zombie kind → ``move(game, kind, zone, count)``: those zombies
  walk their own way when they move (the core moves the rest towards noise first).
- ``phase_steps``: its steps in the round (``PhaseStep``), queued before or after an activation, the
  spawn step or the end of the round, or (``at = "queued"``) only where the box queues them itself
  (its own steps a command or a hook puts on ``game.queue``, to resolve a command step by step); a
  step may pause on a decision like any other.
- moments, each ``callback(game, ...)``: ``entered_zone`` (a survivor walked in), ``stepped(game, i,
  from_zone, to_zone)`` (survivor ``i`` walked one zone on, in a Move or a Bloodlust),
  ``move_ended(game, i)`` (a survivor's movement ended where it stands, before any free action the
  move grants: what it sets off is queued first), ``door_opened``,
  ``building_spawn_waits(game, zone)`` (a zone a first door's spawn leaves out), ``after_action``,
  ``gained_xp(game, i, before, after)`` (experience earned), ``objective_taken(game, i, index)``,
  ``before_attack`` / ``after_attack`` (an attack's roll, its kills), ``end_of_round``,
  ``adjust_noise`` (the noise the zombies follow), ``played(game, i, command)`` (a survivor's
  command was played, before ``after_action``: what a box counts per turn), ``turn_started(game, i)`` (a
  survivor's turn begins, before its first command).
- ``crosses_freely(state, i)``: survivor ``i`` pays nothing for the box's dearer crossings now (an
  enchantment). A box may also give the game another zone graph mid-game (``game.graph``: the same
  zones and edges, an edge of another kind, as a barrier knocked down); the state keeps it.
- ``settle(game)``: the box's standing rules and its own ways to win or lose, applied after every
  command and every step of the zombies' phase, before the mission's goals are checked (a token an
  actor lays down where it stands; a mission lost when the board makes it impossible).
- ``short_of_miniatures(game, zone, kind, missing)``: what happens when a spawn needs more miniatures
  of a kind than the supply holds (the core's: the kind's substitutes, else its extra activation).
- ``spawn_active(game, point)``: whether a spawn zone of the board draws this spawn step (the core's:
  red ones always, coloured ones once an objective of their colour is taken).
- ``goal_steps(state)``: the progress of goals the box keeps itself in an order of its own (steps a
  mission names outside ``[setup] goals``, reached one after the other; the box's ``settle`` wins
  the game), shown after the mission's named goals.
- ``walk_stops(state)``: the zones the box's own goals send the team to (the objectives they want), so
  the balance report's walk (``mission_walk``) counts them.
- ``board_problems(board, setup)``: what is wrong with a mission of the box beyond its ``[setup]``
  table's shape (tokens on zones the board lacks…), one line each, for ``--validate``.
- weapons: ``weapon_range(state, survivor, equipment)`` (the zones a weapon reaches, min and max,
  when the box's skills or rules change them); ``weapon_unusable(state, i, slot, target)`` (a reason
  the weapon of that hand may not attack that zone now: ammunition it lacks, where it stands, or "");
  ``rerolls(state, survivor, fired, used)`` (the box's re-roll sources, (id, label) pairs);
  ``land_hits(game, i, target, fired, attack, priority, values)`` (the box resolves the rolled dice
  itself, hits and misses, and returns True); ``burn(game, i, target, card)`` (a kill-everything
  weapon, the box's way).
- survivors out of reach: ``isolated(state, survivor)`` (nobody outside can reach them, nor they
  anyone: a vehicle in the air), and ``isolating(state)``: whether it may isolate anyone now (when
  it says no, nobody's ``isolated`` is asked); ``confined(survivor)`` (what holds them, "the <vehicle>", or ""),
  ``confined_commands(state, i)`` (what they may do there) and ``refuses(game, i, command)`` (a reason
  to refuse a command, or ""; with ``refuses_listed`` the legal lists leave out what it refuses,
  ``state`` then standing for ``game``, and ``refuses_trades(state, i)`` says whether it may refuse
  a Trade of survivor ``i`` now: when it cannot, the trades are listed lazily, as where nothing is
  filtered); ``keeps(game, i, slot)``: a reason survivor ``i`` may not
  discard the card of that slot now.
- ``inventory`` (``InventoryRules``): which card may sit in which slot, the slots a card is readied
  into, the slots held in hand, whether a weapon may be used now, the slots' names.
- searching: ``may_search(state, i)``: whether survivor ``i`` may search where it stands (it replaces
  the board's rooms and the Scavenger-like skills; zombies in the zone and one search a turn stay the
  core's checks); ``search_draws(state, i)``: the cards one search draws; ``searched_card(game, i,
  card)``: a drawn card that acts at once, dealt with by the box, which returns the cards to offer in
  its place (None: an ordinary card, offered to keep).
- ``wounds``: how a wound is taken (``WoundRules``: in some boxes a wound costs a card and fills a
  slot; in others an attack deals several wounds and armour may stop it; a survivor's own limit; the
  decoys' share of the attacks).
- ``decoys(game)``: the zones of the box's pieces the zombies treat as survivors (one entry per
  piece): zombies there attack them (``WoundRules.decoy_options``) and zombies that see them walk to them.
- ``doors`` (``DoorRules``): who opens and closes doors, what it costs, whether a first opening
  spawns; ``zombies_break_doors``: zombies route through closed doors as if open, and those whose
  next step is a closed door break it (``DoorBroken``; ``door_broken(game, edge)`` is told).
- ``searchable(state, zone)``: zones searchable now beyond the board's rooms (a card turned over).
- ``why_not(state, i)``: why survivor ``i`` may not play the box's own command kinds now, one
  ``Reason`` (kind, English template marked with ``N_``, fields) per kind not offered
  (``why_not.why_not`` joins them to the core's); ``ZoneKindRule.unsearchable_why``: what a zone
  kind the box knows answers to "why can't I search here?".
- ``hides_zombies(state, zone)``: zones the bots walk into warily (what shows only on entering).
- ``bot`` (``BotAdvice``): what the planner bot should know of the box: tactics of its own (tried
  before a named core tactic), how to take its decisions, where its goals send the team, the zones
  it avoids walking through or cannot enter, what its cards are worth, the Wounds each zombie kind deals.
- ``scenario_keys``: top-level keys of scenario files, key → ``place(state, value) -> state``;
  ``scenario_facts``: keys a scenario's state checks may hold (``[expect.state]``, a step's ``state``),
  key → ``check(state, value) -> [problems in words]``; ``scenario_command(state, data) -> data``: a
  scenario step's box command with its pieces named (cards by name) turned into what the engine reads.
  The three raise ValueError(where, what) for a bad value.

**Words and the window** (the window tells and draws the box's pieces without naming them)

- ``table_pieces(state)``: the box's own pieces on the table (``TablePiece``: spawn tokens that come
  and go, a siege engine, a puddle), drawn with the miniatures in their zones; ``kept_markers``: board
  marker kinds the box keeps in its state (the window draws them from ``table_pieces``, not printed).
- ``card_lines(state, i)``: lines the survivor's card adds under its name (its armour).
- ``aims(state, i)``: the shots survivor ``i`` may aim now by dragging from one of the box's table
  pieces to a zone (``Aim``: the piece, the zone dropped on, the command, the zones it hits, its dice),
  or onto one of its piles beside the board (``Aim.pile``: the Horde): the window lights those zones
  and piles while the piece is dragged and shows the odds before the drop.
- ``edge_tokens(state)``: tokens the window lays across connections now, (connection id, token) pairs
  (a barrier the zombies broke), stretched along the border they mark.
- ``threats(state)``: zones the box's own danger may reach next, (zone index, words) pairs (where Mold
  spreads next; where one more Mold zone would lose the game), ringed on the board with their words.
- ``piles(state)``: the box's piles off the board (``TablePile``: the Horde set aside), drawn beside
  the board with their count; a tap lists what the rules let the players see in them.
- ``card_dropped(state, i, from_slot, onto_slot)``: what a card dragged onto another slot of survivor
  ``i``'s card plays when the box gives that gesture a meaning of its own (an attachment onto a weapon),
  None: the core's (the two slots swapped). The engine still decides: a refusal says why.
- ``event_banners``: event type → ``title(event)``: the box's events the window also shows as a
  banner over the table while it animates (a Necromancer arrives, the Horde comes out).
- ``table_piece_events``: event type → ``change(event, pieces by zone id, zone index by id)``, the
  zones whose box pieces the event changes, each with its pieces after it: the window shows them
  come, go or turn over as the event happens (Mold spreading), not at the end of the command.
- ``event_text``: event type → ``sentence(event, words)`` for the log (``words`` names survivors,
  zones, items, zombies and reads the catalog); ``event_tones``: event type → the log's colour;
  ``command_labels``: command kind → button label; ``command_text(command, state)``: a button's words
  for one of the box's commands when they depend on its content (None: the kind's label);
  ``gathered``: command kinds of which one action takes several picks, kind → the field listing them
  (the window lets the player pick several of the commands listed one pick each, and plays them
  as one, their picks joined); ``ordered``: command kinds whose acting order the players pick, kind →
  ``survivors(command)``, the survivors to put in order (the window asks, then sets the command's
  ``order``); ``card_text(card, words, level)``: the sentence of a zombie card of the box's own kinds;
  ``goal_words(goal, words)``: the Goals box's line for one of the box's own goals (a ``GoalProgress`` of
  ``goals`` or ``goal_steps``), None to leave it out; ``goal_names``: goal id of ``[setup] goals`` →
  its words (English, marked ``N_``), for the New game and end screens.
- Words the window shows are English templates marked with ``N_`` and said through ``words.say``
  (``words``: the window's names for survivors, zones, cards, zombies), so that they reach the player
  in their language: ``event_text``, ``card_text``, ``command_text(command, state, words)``,
  ``goal_words`` and ``event_banners`` (``title(event, words)``) all take it.

``game`` in these signatures is the engine's working copy (``game.Game``): hooks read and change it
like the core does, and add their events to ``game.events``. ``state`` is a frozen ``ZombicideState``
(both carry ``graph``, ``tables``, ``box_state`` and ``survivors``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from game.i18n import N_
from game.rules.core.frozen import record
from game.rules.core.reasons import Reason, Said
from game.rules.zombicide.skills import SkillHook, add_hooks, equipped_slots

if TYPE_CHECKING:
    from game.board.model import Board, Connection

CONTENT_ROOT = Path(__file__).resolve().parent.parent / "content"

CardHandler = Callable[[Any, int, int, int], None]
StepAt = Literal[
    "before_activation", "after_activation", "before_spawn", "after_spawn", "before_end_round", "after_end_round",
    "queued",  # never queued by the core: the box queues it itself (a command resolved step by step)
]


@record
class NoFields:
    """A box that adds no state (or no survivor fields) of its own."""


@record
class Crossing:
    """One way across an edge: who may cross, and what a survivor pays on top of its Move."""

    survivors: bool = True
    zombies: bool = True
    extra_actions: int = 0


CROSS_FREELY = Crossing()
CROSS_NEVER = Crossing(survivors=False, zombies=False)


@record
class EdgeKind:
    """What a kind of edge between two zones does.

    ``crossing`` holds both ways; ``cross(board, connection, from_zone, to_zone)`` decides instead
    where the place or the direction matters (a token that opens a passage, a bank climbed one way).
    ``sight`` False cuts the board's sight lines at this edge. ``carries``: actors may be pushed,
    pulled or leap across it (Shove, Lifesaver, Jump) even where nobody walks across (a barrier);
    None: only where a survivor may walk."""

    sight: bool = True
    crossing: Crossing = CROSS_FREELY
    cross: Callable[[Board, Connection, str, str], Crossing] | None = None
    carries: bool | None = None


# A kind of edge no box declares: nobody crosses it; sight follows the board's lines.
UNKNOWN_EDGE = EdgeKind(sight=True, crossing=CROSS_NEVER)


@record
class ZoneKindRule:
    """What a kind of zone does beyond the board's word (street-like or a building room)."""

    sight: bool = True  # actors see into, out of and through it
    searchable: bool | None = None  # None: as the board says (building rooms)
    leave_extra_actions: int = 0  # what a survivor pays on top of its Move to walk out of it
    unsearchable_why: str = ""  # why such a zone cannot be searched (an English template, N_-marked)


@record
class DoorRules:
    """How survivors work doors. The core's: a door-opening weapon in hand (or a skill) opens a
    closed door for an action, and a door's first opening spawns its building; a skill (Lock it
    down) closes an open door for an action.

    ``anyone``: every survivor opens and closes the doors of its zone, with no equipment or skill;
    ``free``: working a door costs no action (``usable`` keeps its count: once a turn…);
    ``spawns_buildings``: a door's first opening spawns zombies in its building;
    ``usable(state, i, door, closing)``: a reason survivor ``i`` cannot open (or close) that door
    now, or ""; ``worked(game, i, door, closing)``: told after a survivor opened or closed one."""

    anyone: bool = False
    free: bool = False
    spawns_buildings: bool = True
    usable: Callable[[Any, int, int, bool], str] | None = None
    worked: Callable[[Any, int, int, bool], None] | None = None


CORE_DOORS = DoorRules()


@record
class PhaseStep:
    """A box's own step in the round: queued at ``at`` when ``when(game, types)`` says so (``types``:
    the zombie kinds activating, empty away from an activation), then run as ``run(game, *args)``.
    ``args(game, types)`` gives what the queued step carries (plain values: the queue is part of the
    state)."""

    name: str
    at: StepAt
    run: Callable[..., None]
    when: Callable[[Any, tuple[int, ...]], bool] | None = None
    args: Callable[[Any, tuple[int, ...]], tuple[Any, ...]] | None = None


class WoundRules:
    """How a survivor takes a zombie's wound (the core's: a count; eliminated at the box's threshold).

    A box whose wounds cost inventory cards subclasses this; so does a box whose zombies' attacks
    deal several wounds and meet armour (``attack_steps``, ``survivor_hit``)."""

    def attack_steps(self, game: Any, zone: int, attacks: tuple[tuple[int, int], ...], target: int) -> list[tuple]:
        """The queued steps that resolve zombie attacks on the survivors of ``zone``: ``attacks`` are
        (zombie kind, how many attack); ``target`` >= 0 when they all go for one survivor (a Taunt).
        The core's: one wound per attacking zombie, shared among the survivors (or the taunter's)."""
        if target >= 0:
            return [("taunt_wound", target, count, t) for t, count in attacks]
        return [("wound", zone, count, t) for t, count in attacks]

    def survivor_hit(self, game: Any, victim: int, damage: int) -> None:
        """A survivor's hit lands on survivor ``victim`` (friendly fire, a rival): the core's, one
        wound per point of damage, each turned away by a Bulletproof Vest or a Hockey Mask if carried."""
        for _ in range(damage):
            if not game.survivors[victim].in_play:
                break
            if game.vest_stops(victim) or game.mask_stops(victim):
                continue
            game.wound(victim, self.struck_slot(game, victim))

    def options(self, game: Any, i: int) -> tuple[list[str], list[tuple[int, ...]]]:
        """The ways survivor ``i`` may take one wound: labels, and per label (survivor, slot[, 1]);
        a payload of length 3 discards the card of ``slot`` instead of taking the wound. At least one
        way always (the automatic sharing skips listing them: ``ZombiePhase.step_wound``)."""
        s = game.survivors[i]
        labels: list[str] = [Said(N_("{who} takes a wound"), who=s.name)]
        payload: list[tuple[int, ...]] = [(i, -1)]
        game.shrug_off_options(i, labels, payload)
        return labels, payload

    def default_slot(self, game: Any, i: int) -> int:
        """The slot the fixed sharing policy gives up for survivor ``i`` (-1: none)."""
        return -1

    def struck_slot(self, game: Any, i: int) -> int:
        """The slot a survivor's hit on survivor ``i`` costs (-1: none)."""
        return -1

    def take(self, game: Any, i: int, slot: int) -> tuple[tuple[int, ...], str]:
        """Survivor ``i``'s inventory after one wound (choosing ``slot``), and the equipment lost."""
        return game.survivors[i].slots, ""

    def heal(self, slots: tuple[int, ...], count: int) -> tuple[int, ...]:
        """The inventory once ``count`` wounds are healed (``count`` < 0: all of them)."""
        return slots

    def with_wounds(self, slots: tuple[int, ...], wounds: int) -> tuple[int, ...] | None:
        """The inventory of a survivor set by hand to ``wounds`` wounds (None: there is no room)."""
        return slots

    def held_card_name(self, card: int) -> str:
        """The name of a card below ``EMPTY`` held in a slot (one that is not equipment), or ""."""
        return ""

    def held_card(self, name: str) -> int | None:
        """The card a name stands for in scenario files and saves (``"wound"``), None if none."""
        return None

    def limit(self, game: Any, i: int) -> int:
        """The wounds that eliminate survivor ``i`` (the core's: the box's ``wounds_to_eliminate``)."""
        return game.tables.catalog.setup.wounds_to_eliminate  # type: ignore[no-any-return]

    def zombie_attack(self, game: Any, i: int, slot: int, t: int) -> None:
        """One attack of zombie kind ``t`` lands on survivor ``i`` (the player chose ``slot``); the
        core's: one wound, unless a skill or an item turns it away. A box whose zombies deal more
        than one wound, or whose wounds are shared out point by point, overrides this."""
        game.zombie_wound(i, slot, t)

    def decoy_options(self, game: Any, zone: int) -> tuple[list[str], list[tuple[int, ...]]]:
        """The box's pieces in ``zone`` that may take a zombie's attack instead of a survivor
        (``BoxRules.decoys``): labels, and payloads whose first value is negative."""
        return [], []

    def decoy_attack(self, game: Any, payload: tuple[int, ...], t: int) -> None:
        """One attack of zombie kind ``t`` lands on the decoy of ``payload``."""


class InventoryRules:
    """Where a survivor's cards may go and which of them it uses (the core's: two hands, the rest a
    reserve; weapons work from the hands). A box with body slots or cards of one slot subclasses this.

    ``tables`` is the game's ``Tables``; ``survivor_id`` names a survivor of the catalog; ``equipment``
    is a catalog ``Equipment``. The answers depend on those alone (the legal commands remember them)."""

    def fits(self, tables: Any, survivor_id: str, slot: int, equipment: Any) -> bool:
        """Whether the card may sit in ``slot`` of that survivor's inventory."""
        return True

    def worn(self, tables: Any, survivor_id: str, slot_count: int) -> tuple[int, ...]:
        """The slots a card is readied into (the hands; a body slot), in the order they are offered."""
        return (0, 1)

    def readies(self, equipment: Any) -> bool:
        """Whether a card other than a weapon is worth readying into a worn slot (armour, a spell)."""
        return False

    def held(self, state: Any, survivor: Any) -> Sequence[int]:
        """The slots whose cards count as held in hand now (``state``: a state or the working copy)."""
        return equipped_slots(survivor.skills, len(survivor.slots))

    def ready(self, state: Any, survivor: Any, card: int) -> bool:
        """Whether the weapon card ``card`` may be used now (some cards wait for a danger level)."""
        return True

    def slot_names(self, tables: Any, survivor_id: str, slot_count: int) -> tuple[str, ...]:
        """What the survivor's card calls each slot: "hand", "reserve" or the box's own words."""
        return ("hand", "hand") + ("reserve",) * (slot_count - 2)


def _none(*_: Any) -> None:
    return None


def _false(*_: Any) -> bool:
    return False


def _nothing_listed(*_: Any) -> tuple[Any, ...]:
    return ()


def _not_confined(*_: Any) -> str:
    return ""


@record
class ContentExtension:
    """A box's content beyond the core files: its own tables and richer models.

    ``tables``: file name → (array-of-tables key, model), read into ``catalog.extra[file stem]``;
    ``zombie_model``, ``zombie_card_model``, ``setup_model``, ``equipment_model``, ``survivor_model``,
    ``skill_model``: subclasses of the core's models; ``skill_parameters``: the box's own kinds of
    skill parameter and the values each takes (``"machine": {"robot", ...}``);
    ``check(catalog, folder)`` raises a ContentError for a dangling reference among them."""

    tables: Mapping[str, tuple[str, type]] = field(default_factory=dict)
    zombie_model: type | None = None
    zombie_card_model: type | None = None
    equipment_model: type | None = None
    survivor_model: type | None = None
    setup_model: type | None = None
    skill_model: type | None = None
    skill_parameters: Mapping[str, frozenset[str]] = field(default_factory=dict)
    check: Callable[[Any, Path], None] = _none


@record
class BotAdvice:
    """What a box tells the planner bot (``bots.planner_bot``) of its own pieces. Every field's default
    leaves the planner as it plays the core.

    ``tactics``: (the core tactic it is tried before, ``tactic(state, i, commands, route)`` → a command
    or None), the core tactics named as in ``bots.TACTICS`` without their underscore ("fight_here",
    "take_objective", ..., "wait"); ``decisions``: the box's pending kinds, kind → ``choose(state)`` →
    the option, asked before the core's pick (a box may take a core decision, "wound", its own way);
    ``targets(state, core)``: the zones the team heads for, best first, given the core's own
    candidates (the box's goals may send it elsewhere first); ``zone_cost(state, zone)``: route
    cost added for walking through a zone (a spawn zone); ``blocked(state, zone)``: zones the team
    cannot walk into now (routes go round them, and so does every step of a long move); ``card_value(state, kind)``: what a card of
    the box is worth carrying (None: the core's guess); ``attack_wounds(state, kind)``: the Wounds one
    attack of a zombie kind (its index) deals (None: one, as the core counts); the planner then weighs
    a zone in Wounds: each zombie's attacks, the ones its survivors cannot kill, their Wounds left,
    and an attack bigger than anyone there can take; ``keep_kill_all`` (below); ``escort(state)``: whether the team walks out
    with its rearmost on the final leg (None: always, as a death loses the core's exit goals; a box
    whose mission counts only the living lets each run for the exit)."""

    tactics: tuple[tuple[str, Callable[[Any, int, Sequence[Any], Any], Any]], ...] = ()
    decisions: Mapping[str, Callable[[Any], int]] = field(default_factory=dict)
    targets: Callable[[Any, list[list[int]]], list[list[int]]] | None = None
    zone_cost: Callable[[Any, int], int] | None = None
    blocked: Callable[[Any, int], bool] | None = None
    card_value: Callable[[Any, str], float | None] = _none
    attack_wounds: Callable[[Any, int], int] | None = None
    # ``keep_kill_all(state, zone)``: a weapon that kills everything is kept for the mission's goal
    # rather than fired at ``zone`` (None: fired at any crowd worth it)
    keep_kill_all: Callable[[Any, int], bool] | None = None
    escort: Callable[[Any], bool] | None = None
    # ``kept_in_hand(state, i)``: cards in survivor ``i``'s hands the box wants left there (a Torch while the
    # mission wants a fire): the planner's arming does not swap them out (None: nothing kept)
    kept_in_hand: Callable[[Any, int], Collection[int]] | None = None


@record
class TablePiece:
    """A piece of a box's own on the table: ``id`` stays the same while the piece stays where it is,
    ``token`` names its image in the token manifest, ``zone`` is its zone index."""

    id: str
    token: str
    label: str
    zone: int


@record
class TablePile:
    """A pile of the box's off the board: ``title`` and ``count`` on its stack, ``token`` its image in
    the token manifest, ``lines`` what a tap shows of it (what the rules make public)."""

    id: str
    title: str
    token: str
    count: int
    lines: tuple[str, ...] = ()


@record
class Aim:
    """A shot aimed by dragging ``piece`` (a ``TablePiece`` id) onto ``zone`` (a zone index), or onto
    the pile ``pile`` (a ``TablePile`` id; ``zone`` is then -1): it plays ``command``, hits
    ``hit_zones`` and rolls ``dice`` dice, each a hit on ``needed`` or more, dealing ``damage``."""

    piece: str
    zone: int
    command: Any
    hit_zones: tuple[int, ...]
    dice: int
    needed: int
    damage: int = 1
    pile: str = ""


@record
class BoxRules:
    name: str
    # melee hits (and free-targeting shooters) go to these types first when the player names none
    default_melee_order: tuple[str, ...] = ()
    aaahh_zombie: str = ""  # what a searched Aaahh!! card places in the searcher's zone
    content_root: Path = CONTENT_ROOT
    content: ContentExtension = ContentExtension()
    skill_hooks: Mapping[str, SkillHook] = field(default_factory=dict)
    free_action_tags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    setup_options: type | None = None  # a ZombicideSetup subclass; None: the core's
    # state
    state_fields: type = NoFields
    survivor_fields: type = NoFields
    setup_state: Callable[[Any, Any, Any, Any], tuple[Any, Any]] | None = None
    hidden: Callable[[Any], Any] | None = None
    setup_board: Callable[[Any], Any] | None = None
    # board
    edge_kinds: Mapping[str, EdgeKind] = field(default_factory=dict)
    zone_kinds: Mapping[str, ZoneKindRule] = field(default_factory=dict)
    blocking_markers: frozenset[str] = frozenset()
    board_data: Callable[[Any, Any], Any] = _none
    board_in_play: Callable[[Any, Any], Any] | None = None
    # play
    commands: Mapping[type, Callable[[Any, int, Any], None]] = field(default_factory=dict)
    events: tuple[type, ...] = ()
    legal_actions: Callable[[Any, int], Sequence[Any]] = _nothing_listed
    legal_free: Callable[[Any, int], Sequence[Any]] = _nothing_listed
    decisions: Mapping[str, Callable[[Any, Any, int], None]] = field(default_factory=dict)
    goals: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    misses_hit_survivors: bool = False
    door_roll: Callable[[Any, int, list[int], bool], tuple[bool, bool]] | None = None
    attack_dice: Callable[[Any, Any, int, Sequence[int], str, Callable[[int, str, str], None]], int] | None = None
    zombie_cards: Mapping[str, CardHandler] = field(default_factory=dict)
    spawn_zones: Callable[[Any], Sequence[int]] | None = None
    zombie_movers: Mapping[str, Callable[[Any, int, int, int], None]] = field(default_factory=dict)
    phase_steps: tuple[PhaseStep, ...] = ()
    entered_zone: Callable[[Any, int], None] = _none
    stepped: Callable[[Any, int, int, int], None] = _none
    crosses_freely: Callable[[Any, int], bool] | None = None
    move_ended: Callable[[Any, int], None] = _none
    door_opened: Callable[[Any, Any], None] = _none
    building_spawn_waits: Callable[[Any, int], bool] = _false
    after_action: Callable[[Any, int], None] = _none
    gained_xp: Callable[[Any, int, int, int], None] = _none
    objective_taken: Callable[[Any, int, int], None] = _none
    before_attack: Callable[[Any, int, int, tuple[int, ...]], None] = _none
    after_attack: Callable[[Any, int, int, Sequence[int], tuple[int, ...]], None] = _none
    end_of_round: Callable[[Any], None] = _none
    adjust_noise: Callable[[Any, list[int]], None] | None = None
    turn_started: Callable[[Any, int], None] = _none
    played: Callable[[Any, int, Any], None] = _none
    settle: Callable[[Any], None] | None = None
    short_of_miniatures: Callable[[Any, int, int, int], None] | None = None
    spawn_active: Callable[[Any, Any], bool] | None = None
    goal_steps: Callable[[Any], Sequence[Any]] = _nothing_listed
    walk_stops: Callable[[Any], Sequence[int]] = _nothing_listed
    board_problems: Callable[[Any, Any], Sequence[str]] = _nothing_listed
    weapon_range: Callable[[Any, Any, Any], tuple[int, int]] | None = None
    weapon_unusable: Callable[[Any, int, int, int], str] | None = None
    rerolls: Callable[[Any, Any, Sequence[int], Sequence[str]], Sequence[tuple[str, str]]] | None = None
    land_hits: Callable[[Any, int, int, Sequence[int], str, tuple[str, ...], tuple[int, ...]], bool] | None = None
    burn: Callable[[Any, int, int, int], None] | None = None
    isolated: Callable[[Any, Any], bool] | None = None
    isolating: Callable[[Any], bool] | None = None
    confined: Callable[[Any], str] = _not_confined
    confined_commands: Callable[[Any, int], Sequence[Any] | None] | None = None
    refuses: Callable[[Any, int, Any], str] | None = None
    refuses_listed: bool = False
    refuses_trades: Callable[[Any, int], bool] | None = None
    keeps: Callable[[Any, int, int], str] | None = None
    may_search: Callable[[Any, int], bool] | None = None
    search_draws: Callable[[Any, int], int] | None = None
    searched_card: Callable[[Any, int, int], Sequence[int] | None] | None = None
    wounds: WoundRules = WoundRules()
    inventory: InventoryRules = InventoryRules()
    doors: DoorRules = CORE_DOORS
    zombies_break_doors: bool = False
    door_broken: Callable[[Any, Any], None] = _none
    decoys: Callable[[Any], Sequence[int]] | None = None
    searchable: Callable[[Any, int], bool] | None = None
    why_not: Callable[[Any, int], Sequence[Reason]] = _nothing_listed
    hides_zombies: Callable[[Any, int], bool] = _false
    bot: BotAdvice = BotAdvice()
    scenario_keys: Mapping[str, Callable[[Any, Any], Any]] = field(default_factory=dict)
    scenario_facts: Mapping[str, Callable[[Any, Any], list[str]]] = field(default_factory=dict)
    scenario_command: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    # words
    event_text: Mapping[type, Callable[[Any, Any], str]] = field(default_factory=dict)
    event_tones: Mapping[type, str] = field(default_factory=dict)
    command_labels: Mapping[str, str] = field(default_factory=dict)
    command_text: Callable[[Any, Any, Any], str | None] = _none
    gathered: Mapping[str, str] = field(default_factory=dict)
    ordered: Mapping[str, Callable[[Any], tuple[str, ...]]] = field(default_factory=dict)
    card_text: Callable[[Any, Any, str], str | None] = _none
    goal_words: Callable[[Any, Any], str | None] = _none
    goal_names: Mapping[str, str] = field(default_factory=dict)
    table_pieces: Callable[[Any], Sequence[TablePiece]] = _nothing_listed
    kept_markers: frozenset[str] = frozenset()
    card_lines: Callable[[Any, int], Sequence[str]] = _nothing_listed
    event_banners: Mapping[type, Callable[[Any, Any], str]] = field(default_factory=dict)
    table_piece_events: Mapping[type, Callable[[Any, Mapping[str, tuple[TablePiece, ...]], Mapping[str, int]],
                                               Mapping[str, tuple[TablePiece, ...]]]] = field(default_factory=dict)
    aims: Callable[[Any, int], Sequence[Aim]] = _nothing_listed
    piles: Callable[[Any], Sequence[TablePile]] = _nothing_listed
    edge_tokens: Callable[[Any], Sequence[tuple[str, str]]] = _nothing_listed
    threats: Callable[[Any], Sequence[tuple[int, str]]] = _nothing_listed
    card_dropped: Callable[[Any, int, int, int], Any] = _none

    def steps_at(self, at: StepAt) -> tuple[PhaseStep, ...]:
        return tuple(step for step in self.phase_steps if step.at == at)

    def isolation(self, state: Any) -> Callable[[Any, Any], bool] | None:
        """``isolated`` while the box may isolate anyone (``isolating``), else None: a walk over the
        survivors asks it once instead of once per survivor."""
        isolating = self.isolating
        if isolating is not None and not isolating(state):
            return None
        return self.isolated


# The registry of shipped boxes, one line each: its id → (its name, the module whose ``RULES`` are its BoxRules).
BOXES: dict[str, tuple[str, str]] = {  # in the order the boxes came out: the New game page lists them so
    "rue_morgue": ("Rue Morgue", "game.rules.zombicide.boxes.rue_morgue"),
    "green_horde": ("Green Horde", "game.rules.zombicide.boxes.green_horde"),
    "invader": ("Invader", "game.rules.zombicide.boxes.invader"),
}
DEFAULT_BOX = "rue_morgue"
_REGISTERED: dict[str, BoxRules] = {}  # boxes added at run time (tests, later plug-ins)
_LOADED: dict[str, BoxRules] = {}


class UnknownBoxError(ValueError):
    """A setup names a box this build does not have; the message lists the known ones."""

    def __init__(self, box: str, source: str = ""):
        self.box = box
        where = f"{source}: " if source else ""
        super().__init__(f"{where}unknown Zombicide box {box!r} (known: {', '.join(BOXES)})")


def box_ids() -> tuple[str, ...]:
    return tuple(BOXES)


def box_name(box: str) -> str:
    if box not in BOXES:
        raise UnknownBoxError(box)
    return BOXES[box][0]


def register_box(box: str, name: str, rules: BoxRules) -> None:
    """Add a box at run time (a test's toy box): it is known until ``unregister_box``."""
    BOXES[box] = (name, "")
    _REGISTERED[box] = rules
    _LOADED.pop(box, None)
    add_hooks(rules.skill_hooks)


def unregister_box(box: str) -> None:
    BOXES.pop(box, None)
    _REGISTERED.pop(box, None)
    _LOADED.pop(box, None)


def box_rules(box: str, source: str = "") -> BoxRules:
    """The rules of ``box`` (loaded once); an unknown box raises UnknownBoxError naming ``source``."""
    rules = _LOADED.get(box)
    if rules is not None:
        return rules
    if box not in BOXES:
        raise UnknownBoxError(box, source)
    registered = _REGISTERED.get(box)
    rules = registered if registered is not None else importlib.import_module(BOXES[box][1]).RULES
    add_hooks(rules.skill_hooks)
    _LOADED[box] = rules
    return rules  # type: ignore[no-any-return]


__all__ = [
    "BOXES", "CORE_DOORS", "CROSS_FREELY", "CROSS_NEVER", "DEFAULT_BOX", "UNKNOWN_EDGE", "BoxRules", "CardHandler",
    "ContentExtension", "Crossing", "DoorRules", "EdgeKind", "InventoryRules", "NoFields", "PhaseStep", "Reason",
    "Aim", "TablePiece", "TablePile", "UnknownBoxError", "WoundRules",
    "ZoneKindRule", "box_ids", "box_name", "box_rules", "register_box", "unregister_box",
]
