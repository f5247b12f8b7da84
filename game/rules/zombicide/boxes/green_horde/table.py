"""Green Horde's pieces on the table and lines on the survivor's card, for the window
(``BoxRules.table_pieces``, ``kept_markers``, ``card_lines``, ``aims``, ``piles``, ``edge_tokens``): spawn tokens come and go (a
Necromancer brings its own, its death takes one away), siege engines are hauled and burn, puddles of
Dragon Bile are poured and burn, so the window draws them from the state, not from the printed board."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.board.model import ConnectionKind
from game.i18n import N_
from game.rules.core.reasons import Said
from game.rules.zombicide.boxes import Aim, TablePiece, TablePile
from game.rules.zombicide.boxes.green_horde.board import board_of_graph
from game.rules.zombicide.boxes.green_horde.commands import HORDE_TARGET, FireSiegeEngine
from game.rules.zombicide.boxes.green_horde.siege import AMMUNITION, SIEGE_ACTIONS, accuracy_at, siege_targets
from game.rules.zombicide.boxes.green_horde.wounds import armour_of

KEPT_MARKERS = frozenset({"spawn", "siege_engine", "dragon_bile"})
SPAWN_ZONE_TOKENS = ("red", "blue", "green")  # the colours of plain spawn tokens drawn (others show red)


def spawn_token_image(kind: str, face: str) -> str:
    if kind == "necromancer":
        return "gh_spawn_" + face.replace(" ", "_")
    return f"gh_spawn_zone_{kind if kind in SPAWN_ZONE_TOKENS else 'red'}"


def table_pieces(state: Any) -> list[TablePiece]:
    """Every spawn token, siege engine and puddle, each with an id that stays while it stays put."""
    box, zone_ids = state.box_state, state.graph.zone_ids
    seen: Counter[str] = Counter()
    pieces = []

    def add(key: str, token: str, label: str, zone: int) -> None:
        base = f"gh:{key}:{zone_ids[zone]}"
        pieces.append(TablePiece(f"{base}:{seen[base]}", token, label, zone))
        seen[base] += 1

    for tok in box.spawn_tokens:
        label = Said(N_("Necromancer spawn ({face})"), face=tok.face) if tok.kind == "necromancer" else Said(
            N_("Spawn zone"))
        add(f"spawn:{tok.kind}:{tok.face}", spawn_token_image(tok.kind, tok.face), label, tok.zone)
    for zone in box.siege_engines:
        add("siege", "gh_trebuchet", Said(N_("Trebuchet")), zone)
    for zone in box.bile:
        add("bile", "gh_dragon_bile", Said(N_("Dragon Bile")), zone)
    return pieces


def card_lines(state: Any, i: int) -> list[str]:
    """The survivor's armour: the number each die needs and what it wears (or "No armour")."""
    armour = armour_of(state, state.survivors[i])
    if not armour.needed:
        return [Said(N_("No armour"))]
    source = Said(N_("Iron hide")) if armour.source == "Iron hide" else next(
        (e for e in state.tables.equipment.values() if e.name == armour.source), armour.source)
    if armour.bonus:
        return [Said(N_("Armour {needed}+ ({source}, +{bonus} a die)"), needed=armour.needed, source=source,
                     bonus=armour.bonus)]
    return [Said(N_("Armour {needed}+ ({source})"), needed=armour.needed, source=source)]


HORDE_PILE = "gh:horde"


def aims(state: Any, i: int) -> list[Aim]:
    """The Trebuchet aimed by dragging (§13.6): from a siege engine in survivor ``i``'s zone, with its
    3 actions left, at every zone at Range 2 or more and at the Horde beside the board while it holds
    orcs, once per ammunition."""
    s = state.survivors[i]
    if not s.in_play or s.actions_left < SIEGE_ACTIONS or s.zone not in state.box_state.siege_engines:
        return []
    engines = [p.id for p in table_pieces(state) if p.token == "gh_trebuchet" and p.zone == s.zone]
    zone_ids = state.graph.zone_ids
    found: list[Aim] = []
    for target in siege_targets(state, s.zone):
        needed = accuracy_at(state, target)
        for ammunition, (dice, damage) in AMMUNITION.items():
            command = FireSiegeEngine(s.id, zone_ids[target], ammunition)  # type: ignore[arg-type]
            found.extend(Aim(piece, target, command, (target,), dice, needed, damage) for piece in engines)
    if any(state.box_state.horde):
        needed = accuracy_at(state, -1)
        for ammunition, (dice, damage) in AMMUNITION.items():
            command = FireSiegeEngine(s.id, HORDE_TARGET, ammunition)  # type: ignore[arg-type]
            found.extend(Aim(piece, -1, command, (), dice, needed, damage, pile=HORDE_PILE) for piece in engines)
    return found


def piles(state: Any) -> list[TablePile]:
    """The Horde (§7.7), set aside beside the board in plain sight: its count, and each kind in it."""
    horde, tables = state.box_state.horde, state.tables
    kinds = {z.id: z for z in tables.catalog.zombies}
    lines = tuple(Said(N_("{n} × {zombie}"), n=n, zombie=kinds.get(tables.zombie_ids[t], tables.zombie_ids[t]))
                  for t, n in enumerate(horde) if n)
    return [TablePile(HORDE_PILE, Said(N_("The Horde")), "gh_horde", sum(horde), lines or (Said(N_("Empty for now")),))]


def edge_tokens(state: Any) -> list[tuple[str, str]]:
    """Each barrier of the mission (§13.1) across its border: standing, or broken by the zombies."""
    down = state.box_state.barriers_down
    standing = [(c.id, "gh_barrier") for c in board_of_graph(state.graph).connections
                if c.kind == ConnectionKind.BARRIER and c.id not in down]
    return standing + [(barrier, "gh_barrier_broken") for barrier in down]
