"""A board changed under the pieces (its map was saved again): which pieces keep their place.

On a zone board a piece keeps its zone when the new board still has it; otherwise it goes to the
zone now under it, or the nearest zone. On a free table a piece keeps its position when it is
still on the table; otherwise it is brought back inside the edge. Every piece moved is listed with
the reason, for the window to show.
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.board.model import Board, Layout
from game.rules.core.frozen import record
from game.table.state import Piece


@record
class MovedPiece:
    piece_id: str
    why: str

    def __str__(self) -> str:
        return f"{self.piece_id}: {self.why}"


def carry_pieces(board: Board, pieces: dict[str, Piece]) -> tuple[dict[str, Piece], list[MovedPiece]]:
    """The pieces placed on the new ``board``, and those that had to move (with why)."""
    carried: dict[str, Piece] = {}
    moved: list[MovedPiece] = []
    for piece_id, piece in pieces.items():
        x = min(max(piece.x_cm, 0.0), board.width_cm)
        y = min(max(piece.y_cm, 0.0), board.height_cm)
        if board.layout is Layout.ZONES and piece.zone is not None and piece.zone not in board.zones:
            target = board.zone_at((x, y))
            if target is None and board.zones:
                target = min(board.zones.values(), key=lambda zone: math.dist(zone.center, (x, y))).id
            carried[piece_id] = replace(piece, x_cm=x, y_cm=y, zone=target)
            moved.append(MovedPiece(piece_id, f"zone {piece.zone} is gone: now in {target or 'no zone'}"))
            continue
        if (x, y) != (piece.x_cm, piece.y_cm):
            moved.append(MovedPiece(piece_id, "stood off the smaller table: brought inside its edge"))
        carried[piece_id] = replace(piece, x_cm=x, y_cm=y)
    return carried, moved
