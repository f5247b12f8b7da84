"""The working copy of a Zombicide state for the length of one ``apply``.

``Game`` gathers the rules by concern, one mixin per module (``actions``, ``combat``, ``wounds``,
``zombie_phase``, ``spawning``, ``competitive``); this module holds
the mutable fields, the small helpers every concern shares, the dispatch of commands and the
decisions that pause the game. ``freeze`` turns the copy back into an immutable state.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.i18n import N_
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import layout_twin, maker_for, slot_stores
from game.rules.core.reasons import Said
from game.rules.core.rng import RngState, force_dice
from game.rules.zombicide import skills as sk
from game.rules.zombicide.actions import SurvivorActions
from game.rules.zombicide.boxes import BoxRules
from game.rules.zombicide.combat import Combat
from game.rules.zombicide.commands import (
    Attack,
    Bloodlust,
    ChooseOption,
    CloseDoor,
    Combine,
    DiceForced,
    Discard,
    EndTurn,
    Escape,
    ForceDice,
    GiveAction,
    Heal,
    InventoryChanged,
    Jump,
    MakeNoise,
    Move,
    NoiseMade,
    OpenDoor,
    Rearrange,
    Reload,
    Rescue,
    Search,
    Shout,
    Shove,
    TakeObjective,
    Taunt,
    Trade,
    TurnEnded,
    TurnStarted,
)
from game.rules.zombicide.competitive import Competitive
from game.rules.zombicide.graph import ZoneGraph
from game.rules.zombicide.legal import hand_on, spent_may_act, survivor_commands
from game.rules.zombicide.spawning import Spawning
from game.rules.zombicide.state import (
    EMPTY,
    Pending,
    Survivor,
    ZombicideSetup,
    ZombicideState,
    copier_for,
    resetter_for,
)
from game.rules.zombicide.tables import Tables, into_discard
from game.rules.zombicide.wounds import Wounds
from game.rules.zombicide.zombie_phase import ZombiePhase


class Game(SurvivorActions, Combat, Wounds, ZombiePhase, Spawning, Competitive):
    """A mutable copy of a state for the length of one ``apply``."""

    # every attribute of the working copy (``working.Fields`` types them): a new one must be listed here
    # (the fields of ``_COPIED_ON_USE`` are stored under a leading underscore, behind a property)
    __slots__ = (
        "base", "graph", "tables", "spec", "box", "card_kinds", "round", "phase", "seats", "first_seat",
        "turn", "survivors", "owned", "active", "_zombies", "_noise", "_doors_open", "_doors_spawned",
        "_buildings_spawned", "_objectives_taken", "_unlocked", "_unloaded", "_equipment_deck",
        "_equipment_discard", "_zombie_deck", "_zombie_discard", "_supply", "rng", "pending", "queue",
        "_paused_queue", "box_state", "_vests_hit", "loud", "winners", "result", "kills", "events", "frozen",
        "lists_made",
    )

    def __init__(self, state: ZombicideState):
        self.base = state
        self.graph: ZoneGraph = state.graph
        self.tables: Tables = state.tables
        self.spec: ZombicideSetup = state.setup
        self.box = state.box
        self.card_kinds = state.card_kinds
        self.round = state.round
        self.phase = state.phase
        self.seats = state.seats
        self.first_seat = state.first_seat
        self.turn = state.turn
        self.survivors = list(state.survivors)
        # survivors copied by this working copy, by position: later changes are made in place
        self.owned: list[Survivor | None] = [None] * len(self.survivors)
        self.active = state.active
        # the state's own tuples until a rule first uses them (a property then copies them to a list):
        # most commands touch few of them, and an untouched one goes back unchanged into the next state
        self._zombies = state.zombies
        self._noise = state.noise
        self._doors_open = state.doors_open
        self._doors_spawned = state.doors_spawned
        self._buildings_spawned = state.buildings_spawned
        self._objectives_taken = state.objectives_taken
        self._unlocked = state.unlocked_colours
        self._unloaded = state.unloaded
        self._equipment_deck = state.equipment_deck
        self._equipment_discard = state.equipment_discard
        self._zombie_deck = state.zombie_deck
        self._zombie_discard = state.zombie_discard
        self._supply = state.supply
        self.rng: RngState = state.rng
        self.pending: Pending | None = state.pending
        self.queue = list(state.queue)
        self._paused_queue = state.paused_queue
        self.box_state = state.box_state
        self._vests_hit = state.vests_hit
        self.loud = state.loud
        self.winners = state.winners
        self.result = state.result
        self.kills = state.kills
        self.events: list[Any] = []
        self.lists_made = False  # no copied-on-use field made a list yet: ``freeze`` hands the state's on

    def freeze(self) -> ZombicideState:
        state = self.frozen = _freeze(self)  # kept: ``after_action`` may end the apply in it
        return state  # type: ignore[no-any-return]

    def doors_now(self) -> tuple[bool, ...]:
        """The doors as they stand, as the tuple the board's tables are kept by (the state's own while
        no rule has touched them: its tables are found by identity)."""
        return tuple(self._doors_open)

    def zid(self, zone: int) -> str:
        return self.graph.zone_ids[zone]

    def zname(self, t: int) -> str:
        return self.tables.zombie_ids[t]

    def card_name(self, card: int) -> str:
        if card >= 0:
            return self.card_kinds[card]
        return "" if card == EMPTY else self.box.wounds.held_card_name(card)

    def discard_cards(self, cards: Iterable[int]) -> None:
        """Cards onto the equipment discard pile (a card with parts tucked under it gives them back)."""
        self.card_kinds, discarded = into_discard(self.card_kinds, self.tables, cards)
        self.equipment_discard.extend(discarded)

    def equipment(self, card: int):  # type: ignore[no-untyped-def]
        return self.tables.equipment[self.card_kinds[card]]

    def change(self, i: int, **changes: Any) -> Survivor:
        """Change survivor ``i``: copied on the first change of this apply, then changed in place
        (the copy is private to this working copy until ``freeze``)."""
        survivor = self.survivors[i]
        if self.owned[i] is survivor:
            for name, value in changes.items():
                _SET_SURVIVOR_FIELD[name](survivor, value)
            return survivor
        survivor = _copy_survivor(survivor)  # then changed in place: no test of thirty-odd keywords
        for name, value in changes.items():
            _SET_SURVIVOR_FIELD[name](survivor, value)
        self.survivors[i] = self.owned[i] = survivor
        return survivor

    def set_slots(self, i: int, slots: tuple[int, ...]) -> None:
        """``change(i, slots=slots)`` without the keywords (every trade sets two inventories)."""
        survivor = self.survivors[i]
        if self.owned[i] is survivor:
            _SET_SLOTS(survivor, slots)
        else:  # the copy made with its new inventory: no setter call after it
            self.survivors[i] = self.owned[i] = _WITH_SLOTS(survivor, slots)

    def own(self, i: int) -> Survivor:
        """Survivor ``i`` as this working copy's own copy, to be changed in place through the slots'
        setters (``change`` without its keywords, for the changes every command or turn makes)."""
        survivor = self.survivors[i]
        if self.owned[i] is not survivor:
            survivor = self.survivors[i] = self.owned[i] = _copy_survivor(survivor)
        return survivor

    def in_supply(self, t: int) -> int:
        """Miniatures of zombie type ``t`` left in the supply, read without making the supply the
        working copy's own list (a read after every command stays a read)."""
        return self._supply[t]  # type: ignore[no-any-return]

    def as_it_stands(self, name: str) -> Sequence[Any]:
        """The copied-on-use field ``name`` read without making it the working copy's own list (a
        read after every command stays a read, and the next freeze copies nothing). Not to be changed."""
        return _SLOT_READERS[name](self, Game)  # type: ignore[no-any-return]  # the slot's own reader: no getattr

    def zombie_count(self, zone: int) -> int:
        return sum(self._zombies[zone])  # read as it stands: not made the working copy's list

    def survivors_in(self, zone: int) -> list[int]:
        """Survivors in the zone that the actors there can reach (not those a box isolates)."""
        isolated = self.box.isolation(self)
        if isolated is None:
            return [i for i, s in enumerate(self.survivors) if s.zone == zone and s.alive and not s.escaped]
        return [i for i, s in enumerate(self.survivors)
                if s.zone == zone and s.alive and not s.escaped and not isolated(self, s)]

    def prey_in(self, zone: int) -> list[int]:
        """Survivors the zombies can attack (or a box's zombies seize) in the zone: Rotten ones are ignored."""
        return [i for i in self.survivors_in(zone) if not self.survivors[i].rotten]

    def prey_zones(self) -> set[int]:
        """The zones where ``prey_in`` finds someone, all worked out at once (a whole activation's
        look-up: the survivors stand still while it is queued)."""
        isolated = self.box.isolation(self)
        return {s.zone for s in self.survivors if s.alive and not s.escaped and not s.rotten
                and (isolated is None or not isolated(self, s))}

    def made_a_stir(self, i: int) -> None:
        """A combat action or noise: the turn is not quiet and any Rotten token is lost."""
        s = self.survivors[i]
        if s.quiet_turn or s.rotten:
            self.change(i, quiet_turn=False, rotten=False)

    def isolated(self, s: Survivor) -> bool:
        """Nobody outside can reach the survivor, nor it them (the box's word, ``BoxRules.isolated``)."""
        isolated = self.box.isolated
        return isolated is not None and isolated(self, s)

    def add_noise(self, zone: int, who: int) -> None:
        """A Noise token made by survivor ``who`` (Ninja survivors make none)."""
        if sk.has(self.survivors[who].skills, "makes_no_noise"):
            return
        self.made_a_stir(who)
        self.noise[zone] += 1
        self.events.append(_NOISE_MADE(self.zid(zone), self.noise[zone]))

    def inventory_event(self, i: int) -> None:
        s = self.survivors[i]
        slots = s.slots
        try:  # each slot's name picked from the card kinds' table by one written-out tuple of look-ups
            names = _PICK_NAMES[len(slots)](_names_of(self.card_kinds), slots)
        except (KeyError, IndexError):  # a box's card (not equipment) or an inventory longer than any picker
            kinds = self.card_kinds
            names = tuple([  # ``card_name`` of each slot, inlined
                kinds[c] if c >= 0 else "" if c == EMPTY else self.card_name(c) for c in slots])
        self.events.append(_INVENTORY_CHANGED(s.id, names))

    def survivor_by_id(self, survivor_id: str) -> int:
        active = self.active  # most commands are the acting survivor's (ids are unique in a game)
        if active >= 0 and self.survivors[active].id == survivor_id:
            return active
        for i, s in enumerate(self.survivors):
            if s.id == survivor_id:
                return i
        raise IllegalCommand(Said(N_('there is no survivor called {survivor}'), survivor=repr(survivor_id)))

    def zone_by_id(self, zone_id: str) -> int:
        zone = self.graph.index.get(zone_id)
        if zone is None:
            raise IllegalCommand(Said(N_('there is no zone {zone}'), zone=repr(zone_id)))
        return zone

    def play(self, seat: str, command: Any) -> ZombicideState | None:
        """Play ``command``; the state the working copy ends in when it is frozen already (``after_action``)."""
        if self.result is not None:
            raise IllegalCommand(Said(N_('the game is over')))
        handler: Any = _HANDLERS.get(type(command))  # one of the core's actions: none of the types tested below
        if handler is None and isinstance(command, ForceDice):
            try:
                self.rng = force_dice(self.rng, command.values)
            except ValueError as error:
                raise IllegalCommand(Said(N_('a die shows 1 to 6, not {value}'), value=next((v for v in command.values if not 1 <= int(v) <= 6), ''))) from error
            self.events.append(DiceForced(tuple(command.values)))
            return None
        if self.pending is not None:
            if handler is not None or not isinstance(command, ChooseOption):
                raise IllegalCommand(Said(N_('a decision is waiting: choose one of its options first')))
            if seat != self.pending.seat:
                raise IllegalCommand(Said(N_('this decision belongs to {seat}'), seat=self.pending.seat))
            self.choose(command.option)
            self.run_queue()
            return self.after_action()
        if handler is None and isinstance(command, ChooseOption):
            raise IllegalCommand(Said(N_('there is no decision to take')))
        if self.phase != "players":
            raise IllegalCommand(Said(N_('the zombies are playing')))
        active = self.active  # most commands are the acting survivor's: ``survivor_by_id``'s first test
        if active >= 0 and self.survivors[active].id == command.survivor:
            i = active
        else:
            i = self.survivor_by_id(command.survivor)
        s = self.survivors[i]
        if handler is None and isinstance(command, _FREE_ANY_TURN):  # free at any time, even on another's turn (§13.3, §10.7)
            if s.seat != seat:
                raise IllegalCommand(Said(N_('{survivor} is not yours to play'), survivor=s.name))
            if not s.in_play:
                raise IllegalCommand(Said(N_('{survivor} is no longer on the board'), survivor=s.name))
            if isinstance(command, Discard):
                keeps = self.box.keeps
                reason = keeps(self, i, command.slot) if keeps is not None else ""
                if reason:
                    raise IllegalCommand(reason)
                self.discard(i, command.slot)
            else:
                self.combine(i, command.slot, command.other_slot)
            self.check_goals(end_phase=False)  # a box's standing rules may move the card on
            return None
        # ``current_seat`` (the players' phase): the acting survivor's, read without the state's property
        current = self.survivors[active].seat if active >= 0 else self.base.current_seat
        if seat != current and not (active < 0 and s.seat == seat and sk.is_tactician(s.skills)):
            raise IllegalCommand(Said(N_("it is {current}'s turn, not {seat}'s"), current=current, seat=seat))
        if s.seat != seat:
            raise IllegalCommand(Said(N_('{survivor} is not yours to play'), survivor=s.name))
        if not s.alive or s.escaped:  # ``in_play``
            raise IllegalCommand(Said(N_('{survivor} is no longer on the board'), survivor=s.name))
        if s.done:
            raise IllegalCommand(Said(N_('{survivor} has already played this round'), survivor=s.name))
        if self.active >= 0 and self.active != i:
            if self.survivors[self.active].actions_left > 0:
                raise IllegalCommand(Said(N_("finish {survivor}'s turn first"), survivor=self.survivors[self.active].name))
            self.end_turn(self.active)  # its actions spent, the player moves on: that turn is over
        refuses = self.box.refuses
        if refuses is not None:
            reason = refuses(self, i, command)
            if reason:
                raise IllegalCommand(reason)
        if self.active < 0:
            self.active = i
            # ``change(i, acting=True, actions_left=..., gifted_actions=0)``
            s = self.survivors[i]
            if self.owned[i] is s:
                _SET_ACTING(s, True)
                _SET_ACTIONS_LEFT(s, s.actions_left + s.gifted_actions)
                _SET_GIFTED_ACTIONS(s, 0)
            else:  # the copy made with the turn started: a setter call costs a tenth of a copy
                s = self.survivors[i] = self.owned[i] = _TURN_STARTS(s, s.actions_left + s.gifted_actions)
            if self.loud[1] == i:
                self.loud = (-1, -1)
            self.events.append(_TURN_STARTED(s.id, s.actions_left))
            self.box.turn_started(self, i)
        if handler is not None:
            handler(self, i, command)
        else:
            box_handler = self.box.commands.get(type(command))  # the box's own commands
            if box_handler is None:
                raise IllegalCommand(Said(N_('unknown command {command}'), command=repr(command)))
            box_handler(self, i, command)
        box = self.box
        played, after = box.played, box.after_action
        if played is not _NO_HOOK:  # most boxes leave one or both at the default: no call to do nothing
            played(self, i, command)
        if after is not _NO_HOOK:
            after(self, i)
        if self.queue:  # most commands queue no step: no call to find the queue empty
            self.run_queue()
        return self.after_action()

    def spend(self, i: int, category: str) -> None:
        s = self.survivors[i]
        if s.free_actions and self.spend_free(i, category):  # a free action of the kind goes first
            return
        if s.actions_left <= 0:
            raise IllegalCommand(Said(N_('{survivor} has no action left'), survivor=s.name))
        # ``change`` without its keywords: most actions pass here, most of them as the command's first change
        if self.owned[i] is s:
            _SET_ACTIONS_LEFT(s, s.actions_left - 1)
        else:
            self.survivors[i] = self.owned[i] = _WITH_ACTIONS_LEFT(s, s.actions_left - 1)

    def spend_free(self, i: int, category: str) -> bool:
        """Spend a free action of survivor ``i`` that pays for ``category``, if it has one."""
        s = self.survivors[i]
        tags = (category, "combat") if category in sk.COMBAT_KINDS else (category,)
        for tag in tags + self.box.free_action_tags.get(category, ()):
            if tag in s.free_actions:
                free = list(s.free_actions)
                free.remove(tag)
                self.change(i, free_actions=tuple(free))
                return True
        return False

    def after_action(self) -> ZombicideState | None:
        """End the active survivor's turn when it cannot act any more; move the game on. The last step
        of every command: returns the state the working copy ends in when it is frozen already."""
        self.check_goals(end_phase=False)
        if self.result is not None or self.pending is not None or self.phase != "players":
            return None
        if self.active >= 0:
            s = self.survivors[self.active]
            if not s.alive or s.escaped:  # ``in_play``
                self.end_turn(self.active)
            elif s.actions_left <= 0 and not s.free_actions:
                self.frozen = None
                if self.free_to_act(self.active):  # its turn stays open, listed on a frozen copy
                    return self.settled_in(self.frozen)
                self.end_turn(self.active)
        if self._paused_queue:  # read without making the working copy its own list
            if self.active < 0:  # a Zombie link turn is over: the zombies' phase goes on
                self.phase = "zombies"
                self.queue[0:0] = self.paused_queue
                self.paused_queue = []
                self.run_queue()
                return self.after_action()
            return None
        self.advance_turns()
        return None

    def settled_in(self, listed: ZombicideState | None) -> ZombicideState | None:
        """``after_action``'s end once ``free_to_act`` kept the turn open on ``listed`` (frozen for its
        listing): that state when nothing moves on after it (``advance_turns`` changes the turn, or
        tells of the phase it starts), so the apply ends in it and the next legal list finds that
        very state handed on."""
        if self._paused_queue:  # a survivor acts: the paused zombies' phase waits
            return listed
        turn, told = self.turn, len(self.events)
        self.advance_turns()
        return listed if self.turn == turn and len(self.events) == told else None

    def free_to_act(self, i: int) -> bool:
        """Survivor ``i``, its actions spent, may still take a free action this turn (a Team Action, a
        free skill action, an escape): its turn stays open until the player ends it. Discards and
        combinations are free at any time and keep no turn open."""
        state = self.freeze()
        s = state.survivors[i]
        if s.actions_left <= 0 and not s.free_actions and not spent_may_act(state, i):
            return False  # nothing but End Turn to list: known without the listing
        trades: list[Any] = []
        commands = survivor_commands(state, i, trades)
        if trades or any(not isinstance(c, _OPEN_AT_ANY_TIME) for c in commands):
            hand_on(state, i, commands, trades)  # its turn stays open: the next legal list is of it, if nothing changes
            return True
        return False

    def end_turn(self, i: int) -> None:
        s = self.survivors[i]
        rotten = s.rotten or (s.quiet_turn and s.in_play and sk.has(s.skills, "rotten"))
        # ``change(i, done=True, acting=False, actions_left=0, free_actions=(), rotten=rotten)``
        if self.owned[i] is s:
            _SET_DONE(s, True)
            _SET_ACTING(s, False)
            _SET_ACTIONS_LEFT(s, 0)
            _SET_FREE_ACTIONS(s, ())
            _SET_ROTTEN(s, rotten)
        else:  # the copy made with the turn ended: five setter calls cost half a copy
            s = self.survivors[i] = self.owned[i] = _TURN_ENDS(s, rotten)
        self.active = -1
        self.events.append(_TURN_ENDED(s.id))

    def advance_turns(self) -> None:
        active = self.active
        if active >= 0 and self.phase == "players" and self.result is None and self.turn < len(self.seats):
            s = self.survivors[active]  # acting on its seat's turn, not done: its seat still has to play
            if (not s.done and s.alive and not s.escaped and "tactician" not in s.skills
                    and s.seat == self.seats[(self.first_seat + self.turn) % len(self.seats)]):
                return  # the loop below would stop at it (or at another of its seat) at once
        while self.phase == "players" and self.result is None:
            if self.turn >= len(self.seats):
                if not any(s.in_play and not s.done and sk.is_tactician(s.skills) for s in self.survivors):
                    self.start_zombie_phase()  # a Tactician still to play holds the phase open
                return
            seat = self.seats[(self.first_seat + self.turn) % len(self.seats)]
            for s in self.survivors:  # ``sk.is_tactician`` inlined: asked after every command
                if s.seat == seat and not s.done and s.alive and not s.escaped and "tactician" not in s.skills:
                    return  # a survivor of this seat still has to play
            self.turn += 1

    def choose(self, option: int) -> None:
        pending = self.pending
        assert pending is not None
        if not 0 <= option < len(pending.options):
            raise IllegalCommand(Said(N_('choose an option between 0 and {most}'), most=len(pending.options) - 1))
        self.pending = None
        resolve: Any = _DECISIONS.get(pending.kind) or self.box.decisions.get(pending.kind)
        if resolve is None:
            raise IllegalCommand(Said(N_('no rule settles a {kind} decision in this box'), kind=repr(pending.kind)))
        resolve(self, pending, option)


# the last card kinds asked of ``_names_of`` and its answer, one pair (read and replaced whole)
_NAMES_OF: list[tuple[Any, dict[int, str]]] = [(None, {})]


def _names_of(card_kinds: tuple[str, ...]) -> dict[int, str]:
    """Card → the name of its equipment, and "" for ``EMPTY``: a slot's name by one look-up, a box's
    card (below ``EMPTY``) missing (the card kinds of a game change only when cards are combined; the
    last ones are remembered)."""
    entry = _NAMES_OF[0]
    if entry[0] is not card_kinds:
        names = dict(enumerate(card_kinds))
        names[EMPTY] = ""
        if card_kinds.__class__ is not tuple:  # a list may change in place: not remembered
            return names
        entry = _NAMES_OF[0] = (card_kinds, names)
    return entry[1]


# ``pick(names, slots)`` for an inventory of each length: the tuple of ``names[slot]``, written out
# (a tuple of plain look-ups costs a fifth of ``tuple(map(...))``); a longer inventory takes the loop
_PICK_NAMES: tuple[Callable[[dict[int, str], tuple[int, ...]], tuple[str, ...]], ...] = (
    lambda names, slots: (),
    lambda names, slots: (names[slots[0]],),
    lambda names, slots: (names[slots[0]], names[slots[1]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]], names[slots[4]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]], names[slots[4]], names[slots[5]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]], names[slots[4]], names[slots[5]], names[slots[6]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]], names[slots[4]], names[slots[5]], names[slots[6]], names[slots[7]]),
    lambda names, slots: (names[slots[0]], names[slots[1]], names[slots[2]], names[slots[3]], names[slots[4]], names[slots[5]], names[slots[6]], names[slots[7]], names[slots[8]]),
)


def _copied_on_use(name: str) -> property:
    """``Game.<name>``: the state's tuple turned into the working copy's own list when a rule first
    reads or sets it (stored in the slot ``_<name>``)."""
    slot = Game.__dict__[f"_{name}"]
    read, store = slot.__get__, slot.__set__

    def get(game: Game) -> list[Any]:
        value = read(game, Game)
        if value.__class__ is tuple:
            value = list(value)
            store(game, value)
            game.lists_made = True
        return value  # type: ignore[no-any-return]

    def put(game: Game, value: Any) -> None:
        store(game, value)
        game.lists_made = True

    return property(get, put)


_COPIED_ON_USE = ("zombies", "noise", "doors_open", "doors_spawned", "buildings_spawned", "objectives_taken", "unlocked",
                  "unloaded", "equipment_deck", "equipment_discard", "zombie_deck", "zombie_discard", "supply",
                  "paused_queue", "vests_hit")
_SLOT_READERS = {name: Game.__dict__[f"_{name}"].__get__ for name in _COPIED_ON_USE}
for _name in _COPIED_ON_USE:
    setattr(Game, _name, _copied_on_use(_name))

# the default of a box's hooks ``played`` and ``after_action``: it does nothing
_NO_HOOK = BoxRules.__dataclass_fields__["after_action"].default
assert BoxRules.__dataclass_fields__["played"].default is _NO_HOOK

_OPEN_AT_ANY_TIME = (EndTurn, Discard, Combine)  # listed whenever: they hold no turn open
_FREE_ANY_TURN = (Discard, Combine)  # played on anyone's turn

# the state's fields as the working copy holds them (``freeze``); any other field is the base state's
_FROZEN_FROM = {
    "graph": "game.graph",  # a box may change the board in play (``BoxRules.board_in_play``)
    "card_kinds": "game.card_kinds",
    "round": "game.round",
    "phase": "game.phase",
    "first_seat": "game.first_seat",
    "turn": "game.turn",
    "survivors": "tuple(game.survivors)",
    "active": "game.active",
    # the copied-on-use fields are read from their slots: tuple() gives an untouched tuple back as it is
    "zombies": "tuple(game._zombies)",
    "noise": "tuple(game._noise)",
    "doors_open": "tuple(game._doors_open)",
    "doors_spawned": "tuple(game._doors_spawned)",
    "buildings_spawned": "tuple(game._buildings_spawned)",
    "objectives_taken": "tuple(game._objectives_taken)",
    "unlocked_colours": "tuple(game._unlocked)",
    # kept sorted: the state's own tuple, untouched, is sorted already
    "unloaded": "game._unloaded if game._unloaded.__class__ is tuple else tuple(sorted(game._unloaded))",
    "equipment_deck": "tuple(game._equipment_deck)",
    "equipment_discard": "tuple(game._equipment_discard)",
    "zombie_deck": "tuple(game._zombie_deck)",
    "zombie_discard": "tuple(game._zombie_discard)",
    "supply": "tuple(game._supply)",
    "rng": "game.rng",
    "pending": "game.pending",
    "queue": "tuple(game.queue)",
    "paused_queue": "tuple(game._paused_queue)",
    "box_state": "game.box_state",
    "vests_hit": "tuple(game._vests_hit)",
    "loud": "game.loud",
    "winners": "game.winners",
    "result": "game.result",
    "kills": "game.kills",
}
# the state's fields held as copied-on-use fields (``_COPIED_ON_USE``): the state's own tuples until used
_COPIED_FIELDS = frozenset(("unlocked_colours", *_COPIED_ON_USE)) - {"unlocked"}


def _freezer() -> Any:
    """``Game.freeze`` written once: the new state's slots stored one by one from the working copy
    (no call with thirty keywords, no test of each for a change at every apply)."""
    names = tuple(ZombicideState.__dataclass_fields__)
    unknown = set(_FROZEN_FROM) - set(names)
    if unknown:
        raise TypeError(f"not fields of the state: {sorted(unknown)}")
    scope: dict[str, Any] = {"new_": object.__new__, "cls": ZombicideState, "tuple": tuple, "sorted": sorted,
                             "twin": layout_twin(ZombicideState)}
    for n, name in enumerate(names):
        scope[f"set{n}"] = ZombicideState.__dict__[name].__set__
    values = {name: _FROZEN_FROM.get(name, f"base.{name}") for name in names}
    # while no copied-on-use field is the working copy's list, each is the state's own tuple: handed on
    # as it is, with no tuple() call (most commands touch none of them)
    untouched = {name: f"base.{name}" if name in _COPIED_FIELDS else value for name, value in values.items()}
    lines = ["def freeze(game):", "    base = game.base", "    if game.lists_made:",
             *("    " + line for line in slot_stores(ZombicideState, "new", values)), "        return new",
             *slot_stores(ZombicideState, "new", untouched), "    return new"]
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the state's own field names
    return scope["freeze"]


_freeze = _freezer()
_copy_survivor = copier_for(Survivor)

_SET_SURVIVOR_FIELD = {name: Survivor.__dict__[name].__set__ for name in Survivor.__dataclass_fields__}
_SET_SLOTS = _SET_SURVIVOR_FIELD["slots"]
_SET_ACTING = _SET_SURVIVOR_FIELD["acting"]
_SET_ACTIONS_LEFT = _SET_SURVIVOR_FIELD["actions_left"]
_SET_GIFTED_ACTIONS = _SET_SURVIVOR_FIELD["gifted_actions"]
_SET_DONE = _SET_SURVIVOR_FIELD["done"]
_SET_FREE_ACTIONS = _SET_SURVIVOR_FIELD["free_actions"]
_SET_ROTTEN = _SET_SURVIVOR_FIELD["rotten"]
# a survivor's first change in an apply, made with its copy (a setter call on a record costs about a
# tenth of a copy): the working copy owns the result
_WITH_SLOTS = resetter_for(Survivor, {}, ("slots",))
_WITH_ACTIONS_LEFT = resetter_for(Survivor, {}, ("actions_left",))
_TURN_STARTS = resetter_for(Survivor, {"acting": True, "gifted_actions": 0}, ("actions_left",))
_TURN_ENDS = resetter_for(Survivor, {"done": True, "acting": False, "actions_left": 0, "free_actions": ()}, ("rotten",))

# the core's decisions, kind → how the chosen option is played (a box adds its own: ``BoxRules.decisions``)
_DECISIONS = {
    "keep_card": Game.resolve_keep_card,
    "reroll": Game.resolve_reroll,
    "friendly_fire": Game.resolve_friendly_fire,
    "target": Game.resolve_target,
    "deal": Game.resolve_deal,
    "skill": Game.resolve_skill,
    "wound": Game.resolve_wound,
}

_HANDLERS = {
    Move: Game.do_move,
    Heal: Game.do_heal,
    Bloodlust: Game.do_bloodlust,
    Shout: Game.do_shout,
    Taunt: Game.do_taunt,
    Shove: Game.do_shove,
    Rescue: Game.do_rescue,
    CloseDoor: Game.do_close_door,
    Jump: Game.do_jump,
    GiveAction: Game.do_give_action,
    OpenDoor: Game.do_open_door,
    Search: Game.do_search,
    Attack: Game.do_attack,
    Reload: Game.do_reload,
    Rearrange: Game.do_rearrange,
    Trade: Game.do_trade,
    TakeObjective: Game.do_take_objective,
    MakeNoise: Game.do_make_noise,
    EndTurn: Game.do_end_turn,
    Escape: Game.do_escape,
}

# the events told after most commands, made through their layout twins (``maker_for``)
_INVENTORY_CHANGED = maker_for(InventoryChanged)
_NOISE_MADE = maker_for(NoiseMade)
_TURN_STARTED = maker_for(TurnStarted)
_TURN_ENDED = maker_for(TurnEnded)
