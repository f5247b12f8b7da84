"""The engine's state as pieces on the table, with stable ids, neatly arranged in their zones.

Survivors keep their survivor id; zombies are ``z:<zone>:<type>:<n>`` (n counts from 0 in each
zone and type), noise tokens ``noise:<zone>:<n>``, the box's own pieces the ids it gives them. ``Occupancy`` is the plain count of what stands
where, so an animation can step through a phase's events one by one and lay out each step.
No pygame: the renderer draws what this module returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field

from game.app.widgets.card_view import local_name
from game.app.zombicide.event_text import skill_words
from game.board.model import Board
from game.i18n import N_, _, said
from game.rules.core.frozen import mutable_record, record
from game.rules.zombicide.boxes import TablePiece
from game.rules.zombicide.state import EMPTY, LEVEL_NAMES, ZombicideState
from game.table.arrange import arrange_zone
from game.table.setup import TokenInfo, load_token_manifest
from game.table.state import Piece, PieceSide

NOISE_TOKEN = "noise"
NOISE_BASE_CM = 1.6
DEFAULT_BASE_CM = 2.5
DANGER_COLOURS = {"blue": (70, 130, 230), "yellow": (236, 200, 50), "orange": (240, 140, 40), "red": (220, 60, 50)}


def zombie_piece_id(zone: str, zombie: str, n: int) -> str:
    return f"z:{zone}:{zombie}:{n}"


def danger_colour(level: int) -> tuple[int, int, int]:
    return DANGER_COLOURS[LEVEL_NAMES[max(0, min(len(LEVEL_NAMES) - 1, level))]]


@mutable_record
class Occupancy:
    """Who stands where, as counts: survivors by zone, zombies per zone per type, noise per zone."""

    survivors: dict[str, str] = field(default_factory=dict)  # survivor id → zone id
    zombies: dict[str, dict[str, int]] = field(default_factory=dict)  # zone → type → count
    noise: dict[str, int] = field(default_factory=dict)
    box: dict[str, tuple[TablePiece, ...]] = field(default_factory=dict)  # zone → the box's own pieces there

    def copy(self) -> Occupancy:
        return Occupancy(dict(self.survivors), {z: dict(t) for z, t in self.zombies.items()}, dict(self.noise),
                         dict(self.box))

    def add_zombies(self, zone: str, zombie: str, count: int) -> None:
        types = self.zombies.setdefault(zone, {})
        types[zombie] = max(0, types.get(zombie, 0) + count)
        if not types[zombie]:
            del types[zombie]
        if not types:
            del self.zombies[zone]

    def zombie_count(self) -> int:
        return sum(sum(t.values()) for t in self.zombies.values())

    def zones(self) -> set[str]:
        return set(self.survivors.values()) | set(self.zombies) | set(self.noise) | set(self.box)


def occupancy_of(state: ZombicideState) -> Occupancy:
    graph, tables = state.graph, state.tables
    survivors = {s.id: graph.zone_ids[s.zone] for s in state.survivors if s.in_play}
    zombies: dict[str, dict[str, int]] = {}
    for zone, counts in enumerate(state.zombies):
        if any(counts):
            zombies[graph.zone_ids[zone]] = {tables.zombie_ids[t]: n for t, n in enumerate(counts) if n}
    noise = {graph.zone_ids[z]: n for z, n in enumerate(state.noise) if n}
    box: dict[str, tuple[TablePiece, ...]] = {}
    for piece in state.box.table_pieces(state):
        zone_id = graph.zone_ids[piece.zone]
        box[zone_id] = box.get(zone_id, ()) + (piece,)
    return Occupancy(survivors, zombies, noise, box)


class PieceMaker:
    """Makes the table pieces of survivors, zombies and noise, with their tokens and base sizes."""

    def __init__(self, state: ZombicideState, tokens: Mapping[str, TokenInfo] | None = None):
        self.tokens = dict(load_token_manifest() if tokens is None else tokens)
        catalog = state.tables.catalog
        self.survivor_token = {s.id: s.token for s in catalog.survivors}
        self.survivor_names = {s.id: s.name for s in state.survivors}
        self.zombie_token = {z.id: z.token for z in catalog.zombies}
        self.zombie_names = {z.id: local_name(z) for z in catalog.zombies}

    def base_cm(self, token: str) -> float:
        info = self.tokens.get(token)
        return info.base_cm if info is not None else DEFAULT_BASE_CM

    def survivor(self, survivor_id: str, zone: str) -> Piece:
        token = self.survivor_token.get(survivor_id, "zw_survivor")
        return Piece(id=survivor_id, token=token, label=self.survivor_names.get(survivor_id, survivor_id),
                     side=PieceSide.SURVIVOR, base_cm=self.base_cm(token), x_cm=0.0, y_cm=0.0, zone=zone)

    def zombie(self, zone: str, zombie: str, n: int) -> Piece:
        token = self.zombie_token.get(zombie, zombie)
        return Piece(id=zombie_piece_id(zone, zombie, n), token=token, label=self.zombie_names.get(zombie, zombie),
                     side=PieceSide.ZOMBIE, base_cm=self.base_cm(token), x_cm=0.0, y_cm=0.0, zone=zone)

    def box_piece(self, zone: str, piece: TablePiece) -> Piece:
        return Piece(id=piece.id, token=piece.token, label=said(piece.label), side=PieceSide.TOKEN,
                     base_cm=self.base_cm(piece.token), x_cm=0.0, y_cm=0.0, zone=zone)

    def noise(self, zone: str, n: int) -> Piece:
        return Piece(id=f"noise:{zone}:{n}", token=NOISE_TOKEN, label=_("Noise"), side=PieceSide.TOKEN,
                     base_cm=NOISE_BASE_CM, x_cm=0.0, y_cm=0.0, zone=zone)


@mutable_record
class TableLayout:
    pieces: dict[str, Piece] = field(default_factory=dict)
    scale: dict[str, float] = field(default_factory=dict)  # piece id → base scale of its crowded zone


def zone_pieces(occupancy: Occupancy, zone: str, maker: PieceMaker) -> list[Piece]:
    pieces = [maker.survivor(sid, zone) for sid, z in occupancy.survivors.items() if z == zone]
    for zombie, count in occupancy.zombies.get(zone, {}).items():
        pieces.extend(maker.zombie(zone, zombie, n) for n in range(count))
    pieces.extend(maker.noise(zone, n) for n in range(occupancy.noise.get(zone, 0)))
    pieces.extend(maker.box_piece(zone, piece) for piece in occupancy.box.get(zone, ()))
    return pieces


def arrange_into(layout: TableLayout, board: Board, zone: str, pieces: list[Piece]) -> None:
    """Lay ``pieces`` out in ``zone`` and write them into ``layout`` (replacing that zone's pieces)."""
    for piece_id in [pid for pid, p in layout.pieces.items() if p.zone == zone]:
        del layout.pieces[piece_id]
        layout.scale.pop(piece_id, None)
    if not pieces:
        return
    if zone not in board.zones:  # a zone the board does not draw: pile at the origin rather than crash
        for piece in pieces:
            layout.pieces[piece.id] = piece
        return
    arrangement = arrange_zone(board, zone, pieces)
    for piece in pieces:
        x, y = arrangement.positions.get(piece.id, board.zones[zone].center)
        piece.x_cm, piece.y_cm = x, y
        layout.pieces[piece.id] = piece
        layout.scale[piece.id] = arrangement.scale


def layout_of(occupancy: Occupancy, board: Board, maker: PieceMaker, zones: Iterable[str] | None = None,
              into: TableLayout | None = None) -> TableLayout:
    """The table for ``occupancy``; with ``into`` and ``zones``, only those zones are laid out again."""
    layout = into if into is not None else TableLayout()
    for zone in sorted(occupancy.zones() if zones is None else set(zones)):
        arrange_into(layout, board, zone, zone_pieces(occupancy, zone, maker))
    return layout


def table_layout(state: ZombicideState, board: Board, maker: PieceMaker | None = None) -> TableLayout:
    """Every piece the state puts on the table, arranged."""
    return layout_of(occupancy_of(state), board, maker or PieceMaker(state))


def door_states(state: ZombicideState) -> dict[str, bool]:
    """Connection id → open, for the renderer's ``TableView.door_open``."""
    graph = state.graph
    return {graph.edges[e].connection_id: state.doors_open[d] for d, e in enumerate(graph.doors)}


# the inventory's slot names as the card heads them (translated where drawn)
SLOT_HEADINGS = {"hand": N_("Hands"), "reserve": N_("Backpack"), "backpack": N_("Backpack"), "body": N_("Body")}


@record
class SlotView:
    index: int
    name: str  # "" for an empty slot
    hand: bool
    wound: bool = False
    loaded: bool = True
    group: str = ""  # the heading it sits under: "Hands", "Body", "Backpack"


@record
class SurvivorCardView:
    """What a survivor's card shows."""

    id: str
    name: str
    seat: str
    actions_left: int
    free_actions: tuple[str, ...]
    wounds: int
    alive: bool
    escaped: bool
    xp: int
    level: int
    next_threshold: int | None
    level_start: int
    skills: tuple[str, ...]
    slots: tuple[SlotView, ...]
    active: bool
    done: bool
    lines: tuple[str, ...] = ()  # what the box adds to the card (its armour)


def survivor_card(state: ZombicideState, survivor_id: str) -> SurvivorCardView:
    i = state.survivor_index(survivor_id)
    if i < 0:
        raise KeyError(f"no survivor {survivor_id!r} in this game")
    s = state.survivors[i]
    tables = state.tables
    catalog = tables.catalog
    thresholds = tables.xp_thresholds
    skill_names = [skill_words(catalog, text) for text in s.skills]
    slots = []
    hand = catalog.setup.hand_slots
    groups = state.box.inventory.slot_names(tables, s.id, len(s.slots))
    for index, card in enumerate(s.slots):
        group = SLOT_HEADINGS.get(groups[index], groups[index].capitalize()) if index < len(groups) else ""
        if card >= 0:
            name = local_name(tables.equipment[state.card_kinds[card]])
            slots.append(SlotView(index, name, index < hand, loaded=card not in state.unloaded, group=group))
        else:  # empty, or a card that is not equipment (the box's: a Wound card)
            held = state.box.wounds.held_card_name(card) if card != EMPTY else ""
            slots.append(SlotView(index, held.capitalize(), index < hand, wound=bool(held), group=group))
    level = s.level
    return SurvivorCardView(
        id=s.id, name=s.name, seat=s.seat, actions_left=s.actions_left, free_actions=s.free_actions,
        wounds=s.wounds, alive=s.alive, escaped=s.escaped, xp=s.xp, level=level,
        next_threshold=thresholds[level + 1] if level + 1 < len(thresholds) else None,
        level_start=thresholds[level], skills=tuple(skill_names), slots=tuple(slots),
        active=state.active == i, done=s.done, lines=tuple(state.box.card_lines(state, i)),
    )
