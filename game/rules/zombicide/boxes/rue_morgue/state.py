"""Rue Morgue's own state, survivor fields, mission options and tables of the board."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from game.rules.core.frozen import record
from game.rules.zombicide.graph import TokenPoint
from game.rules.zombicide.state import ZombicideSetup


@record
class Helicopter:
    zone: int
    flying: bool = False
    cards: tuple[int, ...] = ()  # equipment stored aboard


@record
class RueMorgueState:
    """The box's fields of the game state (``state.box_state``)."""

    tents: tuple[str, ...] = ()  # tent card id per board.tent_zones ("" for none)
    tents_revealed: tuple[bool, ...] = ()
    triggers_fired: tuple[bool, ...] = ()  # per board.trigger_tiles
    helicopters: tuple[Helicopter, ...] = ()
    team_actions_used: tuple[str, ...] = ()  # teams that played a Team Action this players' phase (once per play)
    team_cards_used: tuple[str, ...] = ()  # "team:card" of the Team Actions played this players' phase


@record
class HelicopterSeat:
    """The box's fields of a survivor (``survivor.box_fields``)."""

    aboard: int = -1  # the helicopter the survivor sits in
    piloting: bool = False


FREE = HelicopterSeat()


class RueMorgueSetup(ZombicideSetup):
    """The mission options of Rue Morgue on top of the core's."""

    crawlers: bool = True  # the beginner variant turns the Skinner → Crawler rule off
    helicopter_flies: bool = False  # the mission lets the helicopter take off
    team_actions: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # team → Team Action cards kept


@record
class RueMorgueBoard:
    """What Rue Morgue reads of a board (``graph.box_data``), worked out once per board."""

    sewers: tuple[TokenPoint, ...] = ()
    beds: tuple[TokenPoint, ...] = ()
    tent_zones: tuple[int, ...] = ()  # zones that receive a tent card
    trigger_tiles: tuple[str, ...] = ()  # tiles with an event trigger
    helicopters: tuple[int, ...] = ()  # zones of the helicopter tokens at set-up
    landing: tuple[bool, ...] = ()  # zones where a helicopter may take off and land
    flight: tuple[tuple[int, int, int, int], ...] = ()  # zone → next zone east, west, south, north (-1)


NO_BOARD = RueMorgueBoard()


def board_of(graph: Any) -> RueMorgueBoard:
    """The box's tables of a board (a graph built without the box has none)."""
    return graph.box_data or NO_BOARD  # type: ignore[no-any-return]
