"""The tray: what players can add to the table by hand (miniatures and flat tokens), in cm.

Pure data, no pygame. Miniatures come from the token manifest; flat tokens (noise, objectives) are
drawn from the marker images of the same name. A new piece gets an id unique on the table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.board.model import Layout, Point
from game.i18n import N_
from game.rules.core.frozen import record
from game.table.setup import TokenInfo, slug, survivor_names
from game.table.state import Piece, PieceSide, TableState

NEXT_SURVIVOR = "survivor"  # the tray's survivor slot: the next named survivor not yet on the table
FLAT_TOKEN_CM = 2.5

ZONE_BOARD_TRAY = (NEXT_SURVIVOR, "walker", "runner", "fatty", "abomination",
                   "noise", "objective_red", "objective_blue")
FREE_TABLE_TRAY = ("zw_survivor", "zw_dog", "zw_walker", "noise", "objective_red")
FLAT_TOKENS: dict[str, str] = {  # marker image name → label
    "noise": N_("Noise"),
    "objective_red": N_("Objective"),
    "objective_blue": N_("Objective"),
    "objective_green": N_("Objective"),
    "objective_pink": N_("Objective"),
}
# the tray's names from the token manifest, marked for the catalogue (shown through ``_`` in the tray)
TRAY_NAMES = (N_("Survivor"), N_("Dog"), N_("Walker"), N_("Runner"), N_("Fatty"), N_("Abomination"))


@record
class TrayEntry:
    token: str  # manifest name, marker image name, or NEXT_SURVIVOR
    label: str
    side: str  # PieceSide value
    base_cm: float
    image: str = ""  # the token whose image the tray shows, when it is not ``token``


def tray_label(label: str) -> str:
    """A manifest label short enough for a tray slot: "Walker (Zombieworld)" is "Walker" there (the
    tray holds one game's pieces, so the game need not be named)."""
    return label.split(" (", 1)[0].strip() or label


def tray_entries(layout: str, tokens: Mapping[str, TokenInfo]) -> list[TrayEntry]:
    """The tray for a board layout: the manifest's miniatures it names, then the flat tokens."""
    entries = []
    for name in FREE_TABLE_TRAY if layout == Layout.FREE else ZONE_BOARD_TRAY:
        if name == NEXT_SURVIVOR:
            named = survivor_names(tokens)
            if named:
                entries.append(TrayEntry(NEXT_SURVIVOR, N_("Survivor"), PieceSide.SURVIVOR, tokens[named[0]].base_cm,
                                         image=named[0]))
        elif name in tokens:
            info = tokens[name]
            entries.append(TrayEntry(name, tray_label(info.label), info.side, info.base_cm))
        elif name in FLAT_TOKENS:
            entries.append(TrayEntry(name, FLAT_TOKENS[name], PieceSide.TOKEN, FLAT_TOKEN_CM))
    return entries


def next_piece_id(state: TableState, prefix: str) -> str:
    """``<prefix>-<n>`` with n one above the highest already on the table."""
    pattern = re.compile(rf"{re.escape(prefix)}-(\d+)")
    used = [int(found.group(1)) for piece_id in state.pieces if (found := pattern.fullmatch(piece_id))]
    return f"{prefix}-{max(used, default=0) + 1}"


def new_piece(entry: TrayEntry, state: TableState, tokens: Mapping[str, TokenInfo], at_cm: Point,
              zone: str | None = None) -> Piece:
    """A piece for ``entry`` at ``at_cm`` (not yet on the table); the survivor slot picks who comes next."""
    token, label = entry.token, entry.label
    if token == NEXT_SURVIVOR:
        named = survivor_names(tokens)
        present = {piece.token for piece in state.pieces.values()}
        token = next((name for name in named if name not in present), named[0] if named else "survivor")
        label = tokens[token].label if token in tokens else "Survivor"
    prefix = "survivor" if entry.side == PieceSide.SURVIVOR else slug(token)
    return Piece(id=next_piece_id(state, prefix), token=token, label=label, side=entry.side,
                 base_cm=entry.base_cm, x_cm=at_cm[0], y_cm=at_cm[1], zone=zone)
