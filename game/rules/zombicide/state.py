"""The Zombicide game state: frozen dataclasses and tuples, copied on write.

Zones, doors and zombie types are integer indices into the game's ZoneGraph and Tables (kept on
the state but left out of equality and repr). Card instances are integer ids into ``card_kinds``.
A box's own fields live in ``state.box_state`` and ``survivor.box_fields`` (frozen dataclasses the
box declares); the repr, which is the state hash of every save, prints them flat: the box state
right after the RNG, a survivor's box fields last.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from game.rules.core.frozen import layout_twin, record, slot_stores
from game.rules.core.rng import RngState
from game.rules.zombicide.boxes import DEFAULT_BOX, NoFields
from game.rules.zombicide.graph import ZoneGraph
from game.rules.zombicide.tables import Tables

if TYPE_CHECKING:
    from game.rules.zombicide.boxes import BoxRules

_T = TypeVar("_T")
EMPTY = -1  # an empty inventory slot; below it, cards that are not equipment (a box's own)
HAND_SLOTS = (0, 1)
LEVEL_NAMES = ("blue", "yellow", "orange", "red")
NO_FIELDS = NoFields()


def flat_fields(obj: object) -> str:
    """``name=value, ...`` of a box's frozen dataclass, as a dataclass repr prints its fields."""
    printer = _PRINTERS.get(type(obj))
    if printer is None:
        names = tuple(f.name for f in dataclasses.fields(obj) if f.repr)  # type: ignore[arg-type]
        printer = _PRINTERS[type(obj)] = _printer(names)
    return printer(obj)  # type: ignore[no-any-return]


def _printer(names: tuple[str, ...]) -> Any:
    """``obj`` → ``"name=value, ..."`` for these fields, written once as one f-string (state hashes
    print every state and survivor)."""
    shown = ", ".join(f"{name}={{obj.{name}!r}}" for name in names)
    scope: dict[str, Any] = {}
    exec(f'def fields_of(obj):\n    return f"{shown}"', scope)  # noqa: S102 - code built from field names
    return scope["fields_of"]


_PRINTERS: dict[type, Any] = {}


class PlayerSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: str
    survivors: tuple[str, ...] = Field(min_length=1)
    team: str = "survivors"


class ZombicideSetup(BaseModel):
    """What a mission's ``[setup]`` table (or the new-game screen) decides."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    box: str = DEFAULT_BOX
    players: tuple[PlayerSpec, ...] = Field(min_length=1)
    first_seat: str | None = None
    strict_survivor_count: bool = False  # enforce the box's 6–12 survivors and equal teams
    goals: tuple[Literal["take_all_objectives", "all_in_exit", "escape_all"], ...] = ()
    objective_xp: int | None = None
    door_keys: dict[str, str] = Field(default_factory=dict)  # door colour → objective colour that unlocks it
    spawn_dice: int | None = None  # overrides the survivor-count table
    supply: dict[str, int] = Field(default_factory=dict)  # miniatures per zombie type, overriding the box
    auto_wounds: bool = False  # share zombie wounds by a fixed policy instead of asking
    competitive: bool = False  # teams are rivals; the most XP wins
    start_levels: dict[str, str] = Field(default_factory=dict)  # Can start at: survivor → danger level
    vests_per_team: int = 0  # competitive: Bulletproof Vests handed to each team at set-up


@record
class Survivor:
    id: str
    name: str
    seat: str
    team: str
    zone: int
    slots: tuple[int, ...]  # 0 and 1 are the hands, the rest the reserve
    skills: tuple[str, ...]  # "skill" or "skill:parameter"
    xp: int = 0
    level: int = 0
    wounds: int = 0
    alive: bool = True
    escaped: bool = False
    actions_left: int = 0
    free_actions: tuple[str, ...] = ()  # "move", "search", "melee", "ranged", "combat", "door"
    acting: bool = False  # started its turn this round
    done: bool = False  # finished its turn this round
    searched: bool = False
    sprint_used: bool = False
    reroll_used: bool = False  # 1 re-roll per turn
    mask_used: bool = False  # the Hockey Mask turned a wound away this round
    jump_used: bool = False
    led: bool = False  # Born leader used this turn
    gifted_actions: int = 0  # given by a Born leader, added when the next turn starts
    slip_next_move: bool = False  # Hit & run: the next Move ignores the zombies in the zone
    nose_search: bool = False  # Hold your nose: a free Search anywhere is waiting
    nose_used: bool = False
    shoved: bool = False  # Shove used this turn
    rescued: bool = False  # Lifesaver used this turn
    taunted: bool = False  # Taunt used this turn
    quiet_turn: bool = True  # no combat action and no noise so far this turn (Rotten)
    rotten: bool = False  # zombies ignore this survivor
    healed: bool = False  # Medic used this turn
    destiny_used: bool = False  # Destiny: a drawn card was swapped this turn
    tough_used: bool = False  # Tough turned an attack away this zombies' phase
    box_fields: Any = NO_FIELDS  # the box's own fields (``BoxRules.survivor_fields``)

    def __repr__(self) -> str:
        core = _SURVIVOR_CORE(self)
        box = flat_fields(self.box_fields)
        return f"Survivor({core}, {box})" if box else f"Survivor({core})"

    @property
    def in_play(self) -> bool:
        return self.alive and not self.escaped

    def cards(self) -> tuple[int, ...]:
        return tuple(c for c in self.slots if c >= 0)

    def has_skill(self, skill: str) -> bool:
        return skill in self.skills


@record
class Pending:
    """A decision the players must take before the game goes on."""

    kind: str  # "keep_card", "wound", "skill", "reroll", "deal", "friendly_fire", "target", or a box's own
    seat: str
    survivor: int
    options: tuple[str, ...]  # what the player reads
    payload: tuple[tuple[int, ...], ...]  # what each option does (per kind)
    card: int = EMPTY  # keep_card: the drawn card
    more_cards: tuple[int, ...] = ()  # keep_card: further cards drawn by the same search
    zone: int = -1  # wound: the attacked zone
    remaining: int = 0  # wound: wounds still to share
    zombie: int = -1  # wound: the attacking type, for Ironclad-like skills
    # reroll: (target zone, fired cards, attack kind, priority, dice, re-rolls used, sources offered, rival)
    # deal: (zones still to receive a card, cards in hand)
    # friendly_fire: (target zone, hits left, damage, attack kind, dice, priority)
    # target: (target zone, hits left, damage, attack kind, dice, priority, zombies killed so far per type)
    attack: tuple = ()


# The last state asked for its current seat, and the answer (states never change once made).
_LAST_SEAT: tuple[object, str | None] = (None, None)

# A zombie-phase program step, kept on the state so a pending decision can pause it.
Step = tuple


@record
class ZombicideState:
    graph: ZoneGraph = field(compare=False, repr=False)
    tables: Tables = field(compare=False, repr=False)
    setup: ZombicideSetup = field(compare=False, repr=False)
    box: BoxRules = field(compare=False, repr=False)
    card_kinds: tuple[str, ...] = field(compare=False, repr=False)  # card id → equipment id
    round: int
    phase: Literal["players", "zombies", "over"]
    seats: tuple[str, ...]  # seating order (clockwise)
    first_seat: int
    turn: int  # how many seats have finished this players' phase
    survivors: tuple[Survivor, ...]
    active: int  # survivor taking its turn, -1 for none
    zombies: tuple[tuple[int, ...], ...]  # zone → count per zombie type
    noise: tuple[int, ...]  # noise tokens per zone
    doors_open: tuple[bool, ...]
    doors_spawned: tuple[bool, ...]  # a door that was opened once never spawns again
    buildings_spawned: tuple[bool, ...]
    objectives_taken: tuple[bool, ...]
    unlocked_colours: tuple[str, ...]  # objective colours taken (keys and coloured spawns)
    unloaded: tuple[int, ...]  # card ids of fired reloadable weapons
    equipment_deck: tuple[int, ...]
    equipment_discard: tuple[int, ...]
    zombie_deck: tuple[int, ...]
    zombie_discard: tuple[int, ...]
    supply: tuple[int, ...]  # miniatures left per zombie type
    spawn_dice: int
    rng: RngState
    box_state: Any = NO_FIELDS  # the box's own state (``BoxRules.state_fields``), printed flat after the RNG
    vests_hit: tuple[int, ...] = ()  # Bulletproof Vests turned face down by a first wound
    winners: tuple[str, ...] = ()  # competitive: the teams with the most XP at the end
    loud: tuple[int, int] = (-1, -1)  # zone and survivor of the last Loud, until that survivor's next turn
    pending: Pending | None = None
    queue: tuple[Step, ...] = ()
    paused_queue: tuple[Step, ...] = ()  # the zombies' phase, waiting for a Zombie link turn to end
    result: Literal["won", "lost", "over"] | None = None  # "over": a competitive game ended
    kills: int = 0

    def __repr__(self) -> str:
        box = flat_fields(self.box_state)
        middle = f"{box}, " if box else ""
        return f"ZombicideState({_STATE_BEFORE_BOX(self)}, {middle}{_STATE_AFTER_BOX(self)})"

    @property
    def current_seat(self) -> str | None:
        """The seat whose turn it is: the acting survivor's, else the turn order's (a seat left with
        only Tacticians to play lets the next one go first); once every seat has played, the first
        seat (in turn order) of a Tactician still to play."""
        global _LAST_SEAT
        last = _LAST_SEAT  # asked several times per state (current_seats, legal_commands, apply)
        if last[0] is self:
            return last[1]
        seat = self._find_current_seat()
        _LAST_SEAT = (self, seat)
        return seat

    def _find_current_seat(self) -> str | None:
        if self.phase != "players":
            return None
        if self.active >= 0:
            return self.survivors[self.active].seat
        seats = self.seats
        # the seats with a survivor still to play, Tacticians aside (loops, not ``any``: asked of every state)
        waiting_seats = set()
        for s in self.survivors:
            if not s.done and s.alive and not s.escaped and "tactician" not in s.skills:
                waiting_seats.add(s.seat)
        for n in range(self.turn, len(seats)):
            seat = seats[(self.first_seat + n) % len(seats)]
            if seat in waiting_seats:
                return seat
        waiting = {s.seat for s in self.survivors if s.in_play and not s.done and "tactician" in s.skills}
        return first_in_turn_order(self.seats, self.first_seat, waiting)

    def survivor_index(self, survivor_id: str) -> int:
        for i, s in enumerate(self.survivors):
            if s.id == survivor_id:
                return i
        return -1

    def zombies_in(self, zone: int) -> int:
        return sum(self.zombies[zone])

    def danger_level(self) -> int:
        levels = [s.level for s in self.survivors if s.in_play]
        return max(levels) if levels else 0


# the reprs (state hashes): a survivor's own fields then its box's; the state's up to the RNG, the box's, the rest
_SURVIVOR_CORE = _printer(tuple(f.name for f in dataclasses.fields(Survivor) if f.name != "box_fields"))
_STATE_SHOWN = tuple(f.name for f in dataclasses.fields(ZombicideState) if f.repr or f.name == "box_state")
_STATE_BEFORE_BOX = _printer(_STATE_SHOWN[: _STATE_SHOWN.index("box_state")])
_STATE_AFTER_BOX = _printer(_STATE_SHOWN[_STATE_SHOWN.index("box_state") + 1:])


def searchable_now(state: Any, zone: int) -> bool:
    """Whether ``zone`` may be searched now: a building room (by its kind), or a zone the box opens
    to searching as the game goes (``BoxRules.searchable``). ``state`` is a state or a working copy."""
    if state.graph.searchable[zone]:
        return True
    hook = state.box.searchable
    return hook is not None and bool(hook(state, zone))


def first_in_turn_order(seats: tuple[str, ...], first_seat: int, among: set[str]) -> str | None:
    """The first of the seats ``among``, in this round's turn order (from ``first_seat`` on)."""
    for n in range(len(seats)):
        seat = seats[(first_seat + n) % len(seats)]
        if seat in among:
            return seat
    return None


def evolve(obj: object, **changes: object) -> object:
    """A copy of a frozen, slotted dataclass with some fields changed: ``dataclasses.replace``
    without its per-call introspection, for the engine's hot paths (the fields are not re-checked)."""
    return evolver_for(type(obj))(obj, **changes)


def evolved(obj: _T, **changes: Any) -> _T:
    """``evolve`` typed as its object: ``dataclasses.replace`` for the boxes' frozen, slotted state
    and survivor fields changed after every command (none has a ``__post_init__``)."""
    return evolver_for(type(obj))(obj, **changes)  # type: ignore[no-any-return]


_EVOLVERS: dict[type, Any] = {}
_COPIERS: dict[type, Any] = {}
_KEEP = object()  # a field left as it is


def copier_for(cls: type) -> Any:
    """A function that copies a frozen, slotted dataclass unchanged, written once per class: one plain
    load and store per field (half the work of ``evolver_for``'s test of each keyword), for a copy
    its owner then changes in place through the slots' setters."""
    made = _COPIERS.get(cls)
    if made is None:
        names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        lines = ["def copy_(obj):", *slot_stores(cls, "new", {name: f"obj.{name}" for name in names}),
                 "    return new"]
        scope: dict[str, Any] = {"new_": object.__new__, "cls": cls, "twin": layout_twin(cls)}
        for n, name in enumerate(names):
            scope[f"set{n}"] = cls.__dict__[name].__set__
        exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
        made = _COPIERS[cls] = scope["copy_"]
    return made


def resetter_for(cls: type, fixed: dict[str, Any], given: tuple[str, ...]) -> Any:
    """``reset(obj, *values)``: a copy of a frozen, slotted dataclass with the fields ``fixed`` set to
    their values and the ``given`` ones to the arguments, the rest copied, written once: one object
    made where a copy and a setter call per changed field cost thrice the work (every survivor's new
    round)."""
    names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    unknown = (set(fixed) | set(given)) - set(names)
    if unknown:
        raise TypeError(f"not fields of {cls.__name__}: {sorted(unknown)}")
    values = {name: (f"given{given.index(name)}" if name in given else f"fixed{names.index(name)}"
                     if name in fixed else f"obj.{name}") for name in names}
    lines = [f"def reset_(obj, {', '.join(f'given{n}' for n in range(len(given)))}):",
             *slot_stores(cls, "new", values), "    return new"]
    scope: dict[str, Any] = {"new_": object.__new__, "cls": cls, "twin": layout_twin(cls)}
    for n, name in enumerate(names):
        scope[f"set{n}"] = cls.__dict__[name].__set__
        if name in fixed:
            scope[f"fixed{n}"] = fixed[name]
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
    return scope["reset_"]


def evolver_for(cls: type) -> Any:
    """A copying function written once per class, one keyword per field: one slot store per field,
    no loop and no look-up in a dict of changes."""
    made = _EVOLVERS.get(cls)
    if made is None:
        names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        lines = [f"def evolve_(obj, *, {', '.join(f'{name}=KEEP' for name in names)}):",
                 *slot_stores(cls, "new", {name: f"obj.{name} if {name} is KEEP else {name}" for name in names}),
                 "    return new"]
        scope: dict[str, Any] = {"new_": object.__new__, "cls": cls, "KEEP": _KEEP, "twin": layout_twin(cls)}
        for n, name in enumerate(names):
            scope[f"set{n}"] = cls.__dict__[name].__set__
        exec("\n".join(lines), scope)  # noqa: S102 - code built from the class's own field names
        made = _EVOLVERS[cls] = scope["evolve_"]
    return made

