"""A toy Zombicide box that proves the plug-in seam: it adds, without touching a core file,

- a zombie kind, the Glower (``content/toy/zombies.toml``), whose activation leaves a beacon burning
  in its zone (a phase step after the activation);
- a token, the beacon: lit by a survivor or a Glower, kept in the box's state, and read by the
  zombies, who hear it as two Noise tokens;
- a command, Light a beacon (one action, once per zone), listed after Make Noise;
- a pending decision, whether to douse the beacons, with its own resolution;
- a phase step before the end of the round that asks that decision when a beacon burns;
- its own survivor field (beacons lit) and edge and zone kinds: hedges that block sight but not
  walking, and water whose ledges cost an action to climb out and that zombies never climb;
- its own keys in scenario files: ``beacons = ["r0c1"]`` lights beacons at set-up, and the same key
  in a state check says which beacons burn.

Tests register it with ``register_box(TOY_ID, "Toy box", RULES)``; nothing in ``game/`` knows it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from game.board.model import Board, Connection, ConnectionKind, ZoneKind
from game.rules.core.base import IllegalCommand
from game.rules.core.frozen import record
from game.rules.zombicide.boxes import (
    CROSS_FREELY,
    BoxRules,
    Crossing,
    EdgeKind,
    PhaseStep,
    ZoneKindRule,
)
from game.rules.zombicide.commands import DecisionNeeded
from game.rules.zombicide.state import Pending

TOY_ID = "toy"
CONTENT = Path(__file__).resolve().parent / "content"
BEACON_NOISE = 2  # a beacon sounds like this many Noise tokens to the zombies
Game = Any  # the engine's working copy


@record
class ToyState:
    beacons: tuple[int, ...] = ()  # zones with a beacon burning, in the order they were lit


@record
class ToySurvivor:
    beacons_lit: int = 0


@record
class LightBeacon:
    survivor: str
    kind: Literal["toy_light_beacon"] = "toy_light_beacon"


@record
class BeaconLit:
    zone: str
    by: str  # a survivor id, or a zombie kind
    kind: Literal["toy_beacon_lit"] = "toy_beacon_lit"


@record
class BeaconsDoused:
    count: int
    kind: Literal["toy_beacons_doused"] = "toy_beacons_doused"


def _add_beacon(game: Game, zone: int, by: str) -> None:
    if zone not in game.box_state.beacons:
        game.box_state = replace(game.box_state, beacons=game.box_state.beacons + (zone,))
        game.events.append(BeaconLit(game.zid(zone), by))


def light_beacon(game: Game, i: int, command: LightBeacon) -> None:
    s = game.survivors[i]
    if s.zone in game.box_state.beacons:
        raise IllegalCommand("a beacon already burns here")
    game.spend(i, "other")
    game.change(i, box_fields=replace(s.box_fields, beacons_lit=s.box_fields.beacons_lit + 1))
    _add_beacon(game, s.zone, s.id)


def beacon_commands(state: Any, i: int) -> list[Any]:
    s = state.survivors[i]
    return [] if s.zone in state.box_state.beacons else [LightBeacon(s.id)]


def beacons_heard(game: Game, noise: list[int]) -> None:
    for zone in game.box_state.beacons:
        noise[zone] += BEACON_NOISE


def glowers_activating(game: Game, types: tuple[int, ...]) -> bool:
    return any("flare" in game.tables.specials[t] for t in types)


def flare(game: Game) -> None:
    """Every zone holding a Glower gets a beacon."""
    for t in range(game.tables.type_count):
        if "flare" in game.tables.specials[t]:
            for zone in range(game.graph.zone_count):
                if game.zombies[zone][t]:
                    _add_beacon(game, zone, game.zname(t))


def tally(game: Game) -> None:
    """Before the end of the round: the first player decides whether the beacons burn on."""
    if not game.box_state.beacons:
        return
    seat = game.seats[game.first_seat]
    options = ("keep the beacons burning", "douse every beacon")
    game.pending = Pending("toy_douse", seat, -1, options, ((0,), (1,)))
    game.events.append(DecisionNeeded("toy_douse", seat, options))


def douse(game: Game, pending: Pending, option: int) -> None:
    if pending.payload[option][0] == 1:
        count = len(game.box_state.beacons)
        game.box_state = replace(game.box_state, beacons=())
        game.events.append(BeaconsDoused(count))


def _ledge(board: Board, connection: Connection, from_zone: str, to_zone: str) -> Crossing:
    """Out of the water across a ledge: survivors climb for one more action, zombies never do."""
    if board.zones[from_zone].kind == ZoneKind.WATER and board.zones[to_zone].kind != ZoneKind.WATER:
        return Crossing(survivors=True, zombies=False, extra_actions=1)
    return CROSS_FREELY


def place_beacons(state: Any, value: Any) -> Any:
    """A scenario's ``beacons``: zones where a beacon burns at set-up."""
    if not isinstance(value, list) or not all(isinstance(z, str) for z in value):
        raise ValueError("beacons", 'write beacons = ["<zone>", ...]')
    zones = []
    for zone_id in value:
        if zone_id not in state.graph.index:
            raise ValueError(f"beacons → {zone_id}", f"no zone {zone_id!r} on the board")
        zones.append(state.graph.index[zone_id])
    return replace(state, box_state=replace(state.box_state, beacons=tuple(zones)))


def beacon_facts(state: Any, value: Any) -> list[str]:
    burning = sorted(state.graph.zone_ids[z] for z in state.box_state.beacons)
    return [] if burning == sorted(value) else [f"beacons: expected {sorted(value)}, found {burning}"]


RULES = BoxRules(
    name=TOY_ID,
    default_melee_order=("glower", "walker"),
    aaahh_zombie="walker",
    content_root=CONTENT,
    state_fields=ToyState,
    survivor_fields=ToySurvivor,
    edge_kinds={
        ConnectionKind.HEDGE: EdgeKind(sight=False),
        ConnectionKind.LEDGE: EdgeKind(sight=True, cross=_ledge),
    },
    zone_kinds={ZoneKind.WATER: ZoneKindRule(searchable=False)},
    commands={LightBeacon: light_beacon},
    events=(BeaconLit, BeaconsDoused),
    legal_actions=beacon_commands,
    decisions={"toy_douse": douse},
    phase_steps=(
        PhaseStep(name="toy_flare", at="after_activation", run=flare, when=glowers_activating),
        PhaseStep(name="toy_tally", at="before_end_round", run=tally),
    ),
    adjust_noise=beacons_heard,
    event_text={
        BeaconLit: lambda e, w: f"A beacon burns in {w.zone(e.zone)}.",
        BeaconsDoused: lambda e, w: f"{e.count} beacons are doused.",
    },
    command_labels={"toy_light_beacon": "Light a beacon"},
    scenario_keys={"beacons": place_beacons},
    scenario_facts={"beacons": beacon_facts},
)
