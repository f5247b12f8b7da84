"""Green Horde's own state, survivor fields, mission options and tables of the board."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from game.rules.core.frozen import record
from game.rules.zombicide.state import ZombicideSetup

# The faces of the Necromancer spawn tokens, one per Necromancer on the board (§1.3).
NECROMANCER_FACES = ("green", "dark brown", "red", "violet", "grey", "light brown")
GOALS = Literal[
    "take_all_objectives", "all_in_exit", "escape_all",
    "kill_necromancers", "kill_abominations", "burn_zombies", "siege_engine_to_exit", "kill_zombies",
]


@record
class SpawnToken:
    """A Zombie Spawn token on the board: ``kind`` "red", a colour ("blue", "green": asleep until its
    objective is taken) or "necromancer" (``face``: which of the six)."""

    zone: int
    kind: str = "red"
    face: str = ""


@record
class Necromancer:
    zone: int
    entry: int  # the zone it came in by, where its spawn token lies
    face: str  # the face of its spawn token


@record
class GreenHordeState:
    """The box's fields of the game state (``state.box_state``)."""

    spawn_tokens: tuple[SpawnToken, ...] = ()  # in spawn order: clockwise from the first spawn zone
    necromancers: tuple[Necromancer, ...] = ()
    horde: tuple[int, ...] = ()  # miniatures set aside, per zombie kind
    bile: tuple[int, ...] = ()  # zones with a Dragon Bile puddle, oldest first
    siege_engines: tuple[int, ...] = ()  # zones of the siege engines standing
    barriers_down: tuple[str, ...] = ()  # barriers the zombies broke (connection ids)
    vault: tuple[str, ...] = ()  # Vault cards still to find (card ids), in the order they come
    killed: tuple[int, ...] = ()  # zombies killed, per kind (the missions count them)
    found: tuple[int, ...] = ()  # per objective colour of the mission's objective_cards: cards handed out so far
    burned: int = 0  # zombies killed by Dragon Fire
    necromancers_escaped: int = 0


@record
class GreenHordeSurvivor:
    """The box's fields of a survivor (``survivor.box_fields``)."""

    cast: tuple[int, ...] = ()  # enchantment cards cast this turn (once per turn each)
    fury: int = 0  # Battle fury: dice its melee actions gain for the rest of the turn
    hasted: bool = False  # Speed: flooded zones cost it nothing until the end of the round
    lent: tuple[str, ...] = ()  # skills it holds from a Brother in arms in its zone
    ultrared: int = 0  # Ultrared: danger thresholds crossed again after Red
    striking: str = ""  # the kind of its last attack (Battle fury counts melee kills)


NO_FIELDS = GreenHordeSurvivor()


class GreenHordeSetup(ZombicideSetup):
    """The mission options of Green Horde on top of the core's."""

    goals: tuple[GOALS, ...] = ()  # type: ignore[assignment]
    ultrared: bool = False  # §10.1: experience goes on after Red, for more skills
    necromancers_to_kill: int = Field(default=1, ge=1)
    abominations_to_kill: int = Field(default=1, ge=1)
    zombies_to_burn: int = Field(default=5, ge=1)
    zombies_to_kill: dict[str, int] = Field(default_factory=dict)  # kill_zombies: zombie kind → how many
    vault_objectives: tuple[str, ...] = ()  # objective colours whose taking finds a Vault card
    objective_cards: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # colour → cards found there, in turn
    zombies_at_start: dict[str, str] = Field(default_factory=dict)  # zone → spawn line placed at set-up
    necromancers_at_start: tuple[str, ...] = ()  # zones where a Necromancer stands at set-up, with its token
    lose_if_anyone_dies: bool = False
    # §4.4 (Lose: all Survivors eliminated): a survivor's death does not lose an "EXIT" mission; the
    # survivors still standing reach the EXIT (our missions' choice, the rules-choices doc)
    exit_counts_the_living: bool = False


@record
class GreenHordeBoard:
    """What Green Horde reads of a board (``graph.box_data``), worked out once per board."""

    board: Any  # the board the graph was built from (its barriers may be down)
    spawns: tuple[tuple[int, str], ...] = ()  # (zone, colour) of the spawn markers, in spawn order
    angle: tuple[float, ...] = ()  # per zone: the clockwise angle round the board's middle from the first spawn
    water: tuple[bool, ...] = ()  # per zone: flooded
    hedges: frozenset[tuple[int, int]] = frozenset()  # zone pairs with a hedge between them (both ways)
    barriers: tuple[tuple[str, int, int], ...] = ()  # (connection id, zone, zone) of the barriers laid
    siege_engines: tuple[int, ...] = ()  # zones of the siege engine markers
    bile: tuple[int, ...] = ()  # zones of the Dragon Bile markers
    siege_range: tuple[tuple[int, ...], ...] = ()  # zones apart, whatever lies between (the siege engine's range)
    siege_targets: tuple[tuple[int, ...], ...] = ()  # per zone: the zones a siege engine there may fire at


def board_of(graph: Any) -> GreenHordeBoard:
    return graph.box_data  # type: ignore[no-any-return]


def fields(survivor: Any) -> GreenHordeSurvivor:
    """A survivor's Green Horde fields (those of a survivor a test made by hand default)."""
    found = survivor.box_fields
    return found if isinstance(found, GreenHordeSurvivor) else NO_FIELDS
