"""The fields of the working copy (``game.Game``), declared once for every rules module that uses them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from game.rules.zombicide.boxes import BoxRules

from game.rules.core.rng import RngState
from game.rules.zombicide.graph import ZoneGraph
from game.rules.zombicide.state import Pending, Step, Survivor, ZombicideSetup, ZombicideState
from game.rules.zombicide.tables import Tables


class Fields:
    """Typed declarations only: ``Game.__init__`` fills them from a state (``Game.__slots__`` lists
    them: a working copy is made for every ``apply``, and slots make it quick to fill and to read)."""

    if not TYPE_CHECKING:  # mypy reads the declarations below as the fields every mixin may set
        __slots__ = ()

    base: ZombicideState
    graph: ZoneGraph
    tables: Tables
    spec: ZombicideSetup
    box: BoxRules
    card_kinds: tuple[str, ...]
    round: int
    phase: Literal["players", "zombies", "over"]
    seats: tuple[str, ...]
    first_seat: int
    turn: int
    survivors: list[Survivor]
    active: int
    zombies: list[tuple[int, ...]]
    noise: list[int]
    doors_open: list[bool]
    doors_spawned: list[bool]
    buildings_spawned: list[bool]
    objectives_taken: list[bool]
    unlocked: list[str]
    unloaded: list[int]
    equipment_deck: list[int]
    equipment_discard: list[int]
    zombie_deck: list[int]
    zombie_discard: list[int]
    supply: list[int]
    rng: RngState
    pending: Pending | None
    queue: list[Step]
    paused_queue: list[Step]
    box_state: Any  # the box's own state (a frozen dataclass: replace it to change it)
    vests_hit: list[int]
    loud: tuple[int, int]
    winners: tuple[str, ...]
    result: Literal["won", "lost", "over"] | None
    kills: int
    events: list[Any]
    lists_made: bool  # a copied-on-use field was made the working copy's list (or set): ``freeze`` copies them
    frozen: ZombicideState | None  # the last state ``Game.freeze`` made (set by it: never read before)

    if TYPE_CHECKING:
        # the other rules modules' methods, joined in ``Game``: looked up there at run time
        def __getattr__(self, name: str) -> Any: ...
