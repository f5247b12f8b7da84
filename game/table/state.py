"""What lies on the table: pieces and the camera, in cm. Pure data, no pygame or pymunk.

The window edits a ``TableState``; saves write it; physics is rebuilt from it after a load or undo.
"""

from __future__ import annotations

from dataclasses import field, replace

from game.rules.core.frozen import mutable_record


class PieceSide:
    SURVIVOR = "survivor"
    ZOMBIE = "zombie"
    TOKEN = "token"  # noise, objective and other flat tokens placed by players


@mutable_record
class Piece:
    id: str  # unique on the table, e.g. "survivor-1", "walker-7"
    token: str  # asset name in assets/tokens/tokens.json, e.g. "walker"
    label: str  # shown under the token
    side: str  # PieceSide value
    base_cm: float  # base diameter
    x_cm: float
    y_cm: float
    facing_deg: float = 0.0  # 0 = facing up (north), clockwise
    zone: str | None = None  # zone boards: the zone it stands in

    @property
    def radius_cm(self) -> float:
        return self.base_cm / 2

    def moved(self, x_cm: float, y_cm: float, zone: str | None = None) -> Piece:
        return replace(self, x_cm=x_cm, y_cm=y_cm, zone=zone)


@mutable_record
class CameraState:
    center_x_cm: float = 0.0
    center_y_cm: float = 0.0
    zoom_px_per_cm: float = 10.0


@mutable_record
class TableState:
    source: str  # the mission (.toml) or map (.tmx) path the board was built from
    pieces: dict[str, Piece] = field(default_factory=dict)
    camera: CameraState = field(default_factory=CameraState)

    def add(self, piece: Piece) -> None:
        if piece.id in self.pieces:
            raise ValueError(f"piece id {piece.id!r} is already on the table")
        self.pieces[piece.id] = piece

    def in_zone(self, zone_id: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.zone == zone_id]
