"""What lies still on the table, drawn into the board's chunks once instead of every frame.

A 4K frame blended 150 token sprites, their names, a hundred doors and the zone names anew each
frame, though between two frames almost nothing moves. Here each visible chunk of the board is
copied once with the zone names, the doors and the pieces at rest drawn on it (a "resting
chunk"); a frame then blits those chunks and draws over them only what moves: the pieces that have
moved since the table was last still for ``SETTLE_FRAMES`` frames, the selected piece, the ring and
the tape.

Per zoom step the layer keeps the items it drew (every blit and mark, in board pixels at that
step). When the pieces at rest, the doors or the facing marks change, the new items are compared
with the old and only the chunks under an item that appeared, left or moved are drawn again.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from typing import Protocol, cast

import pygame

from game.rules.core.frozen import mutable_record
from game.table.camera import Camera
from game.table.state import Piece, PieceSide

SETTLE_FRAMES = 12  # once no piece has moved for this many frames, the moved ones go into the chunks
RESTING_CACHE_BYTES = 144 * 1024 * 1024  # with the board chunks (48 MiB), 192 MiB at most
SELECT_COLOR = (255, 208, 64)
EVERYWHERE = (-(1 << 30), -(1 << 30), 1 << 30, 1 << 30)

BLIT, CIRCLE, POLYGON = 0, 1, 2
# One drawing step: kind, what (a surface, a colour and width, or points), its box x, y, w, h, blend.
Item = tuple[int, object, int, int, int, int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom


class PieceArt(Protocol):
    """The renderer's cached art a piece is drawn with."""

    def _sprite(self, piece: Piece, diameter_px: int) -> tuple[pygame.Surface, tuple[int, int]]: ...
    def _shadow(self, diameter_px: int) -> pygame.Surface: ...
    def _token(self, piece: Piece, diameter_px: int) -> pygame.Surface: ...
    def _label(self, text: str, size_px: int) -> pygame.Surface: ...


@mutable_record
class PieceView:
    """The parts of a frame's view that change how pieces are drawn."""

    selected: str | None = None
    piece_scale: Mapping[str, float] = field(default_factory=dict)
    show_facing: bool = False


def _blit(surf: pygame.Surface, x: int, y: int, flags: int = 0) -> Item:
    w, h = surf.get_size()
    return (BLIT, surf, x, y, w, h, flags)


@mutable_record
class PieceMarks:
    """What drawing some pieces takes: the items in order, the names written (the selected piece's
    first) and the miniatures' boxes."""

    items: list[Item]
    names: list[pygame.Rect]
    bodies: list[pygame.Rect]
    owners: list[str] = field(default_factory=list)  # the piece each item is drawn for
    name_owners: list[str] = field(default_factory=list)
    body_owners: list[str] = field(default_factory=list)


def piece_items(art: PieceArt, pieces: Iterable[Piece], camera: tuple[float, float, float, float, float],
                clip: Box, view: PieceView, names_elsewhere: Sequence[pygame.Rect] = (),
                bodies_elsewhere: Sequence[pygame.Rect] = ()) -> PieceMarks:
    """How ``pieces`` are drawn: sprites, then the selection ring, facing arrows and names in order.

    ``camera`` is (screen x and y of the centre, centre x and y in cm, px per cm). A name goes under
    its miniature, else over it, where it covers no other miniature nor name (those drawn here and
    those ``elsewhere``); the selected piece's full name never gives way to another name.
    """
    view_cx, view_cy, centre_x_cm, centre_y_cm, zoom = camera
    left, top, right, bottom = clip
    selected, piece_scale, show_facing = view.selected, view.piece_scale, view.show_facing
    items: list[Item] = []
    owners: list[str] = []
    overlays: list[tuple[Piece, int, int, int, int]] = []
    bodies: list[pygame.Rect] = []
    body_owners: list[str] = []
    for piece in sorted(pieces, key=lambda p: (p.id == selected, p.side != PieceSide.TOKEN)):
        d = _diameter_px(piece, zoom, piece_scale)
        sx = view_cx + (piece.x_cm - centre_x_cm) * zoom
        sy = view_cy + (piece.y_cm - centre_y_cm) * zoom
        if not (left - d <= int(sx) < right + d and top - d <= int(sy) < bottom + d):  # as Rect.collidepoint
            continue
        cx, cy = round(sx), round(sy)
        bodies.append(_box_px(cx, cy, d))
        body_owners.append(piece.id)
        before = len(items)
        if piece.id == selected:  # lifted: a longer shadow
            shadow = art._shadow(d)
            lift = max(1, d // 12) * 3
            at = shadow.get_rect(center=(cx + lift, cy + lift * 1.5))
            items.append(_blit(shadow, at.x, at.y))
            token = art._token(piece, d)
            at = token.get_rect(center=(cx, cy))
            items.append(_blit(token, at.x, at.y))
        else:
            sprite, (ox, oy) = art._sprite(piece, d)
            items.append(_blit(sprite, cx - ox, cy - oy, pygame.BLEND_PREMULTIPLIED))
        owners.extend([piece.id] * (len(items) - before))
        if piece.id == selected or show_facing or d >= 34:
            overlays.append((piece, len(bodies) - 1, d, cx, cy))
    every_body = bodies + list(bodies_elsewhere)
    taken = list(names_elsewhere)
    names: list[pygame.Rect] = []
    name_owners: list[str] = []

    def place(own: int, label: pygame.Surface, d: int, cx: int, cy: int, names_too: bool = True) -> pygame.Rect | None:
        for where in (label.get_rect(midtop=(cx, cy + d // 2 + 1)), label.get_rect(midbottom=(cx, cy - d // 2 - 1))):
            if all(hit == own for hit in where.collidelistall(every_body)) and not (names_too and where.collidelist(taken) >= 0):
                return where
        return None

    selected_where: pygame.Rect | None = None
    chosen = next(((p, own, d, cx, cy) for p, own, d, cx, cy in overlays if p.id == selected and p.label), None)
    if chosen is not None:  # placed first: other names give way to it
        p, own, d, cx, cy = chosen
        label = art._label(p.label, max(10, min(16, d // 3)))
        selected_where = place(own, label, d, cx, cy, names_too=False) or label.get_rect(midtop=(cx, cy + d // 2 + 1))
        taken.append(selected_where)
        names.append(selected_where)
        name_owners.append(p.id)
    for piece, own, d, cx, cy in overlays:
        is_selected = piece.id == selected
        before = len(items)
        if is_selected:
            radius, width = d / 2 + max(2, d // 10), max(2, d // 14)
            reach = math.ceil(radius) + 1
            items.append((CIRCLE, (cx, cy, radius, width), cx - reach, cy - reach, 2 * reach, 2 * reach, 0))
        if show_facing and piece.side != PieceSide.TOKEN:
            angle = math.radians(piece.facing_deg)
            tip = (cx + math.sin(angle) * d * 0.62, cy - math.cos(angle) * d * 0.62)
            left_wing = (cx + math.sin(angle - 0.35) * d * 0.42, cy - math.cos(angle - 0.35) * d * 0.42)
            right_wing = (cx + math.sin(angle + 0.35) * d * 0.42, cy - math.cos(angle + 0.35) * d * 0.42)
            points = (tip, left_wing, right_wing)
            x0, y0 = math.floor(min(p[0] for p in points)) - 1, math.floor(min(p[1] for p in points)) - 1
            x1, y1 = math.ceil(max(p[0] for p in points)) + 1, math.ceil(max(p[1] for p in points)) + 1
            items.append((POLYGON, points, x0, y0, x1 - x0, y1 - y0, 0))
        if piece.label and (d >= 34 or is_selected):
            text = piece.label if is_selected else piece.label.split()[0]
            label = art._label(text, max(10, min(16, d // 3)))
            where = selected_where if is_selected else place(own, label, d, cx, cy)
            if where is None:  # names give way to miniatures and each other: "Skinner" once, not "Skinn Skinn Skinner"
                owners.extend([piece.id] * (len(items) - before))
                continue
            if not is_selected:
                taken.append(where)
                names.append(where)
                name_owners.append(piece.id)
            items.append(_blit(label, where.x, where.y))
        owners.extend([piece.id] * (len(items) - before))
    return PieceMarks(items, names, bodies, owners, name_owners, body_owners)


def _body(piece: Piece, zoom: float, piece_scale: Mapping[str, float]) -> pygame.Rect:
    """A miniature's box at a zoom step, the board's top-left at 0, 0 (as ``piece_items`` draws it)."""
    return _box_px(round(piece.x_cm * zoom), round(piece.y_cm * zoom), _diameter_px(piece, zoom, piece_scale))


def _diameter_px(piece: Piece, zoom: float, piece_scale: Mapping[str, float]) -> int:
    return max(4, round(piece.base_cm * piece_scale.get(piece.id, 1.0) * zoom))


def _box_px(cx: int, cy: int, d: int) -> pygame.Rect:
    """The square a miniature of diameter ``d`` centred on (cx, cy) covers."""
    return pygame.Rect(cx - d // 2, cy - d // 2, d, d)


def paint(target: pygame.Surface, items: Iterable[Item], dx: int = 0, dy: int = 0) -> None:
    """Draw ``items`` in order, moved by (dx, dy); consecutive blits go in one call."""
    batch: list[tuple[pygame.Surface, tuple[int, int], tuple[int, int, int, int], int]] = []
    for kind, what, x, y, w, h, flags in items:
        if kind == BLIT:
            batch.append((cast(pygame.Surface, what), (x + dx, y + dy), (0, 0, w, h), flags))
            continue
        if batch:
            target.blits(batch, doreturn=False)
            batch = []
        if kind == CIRCLE:
            cx, cy, radius, width = cast(tuple[int, int, float, int], what)
            pygame.draw.circle(target, SELECT_COLOR, (cx + dx, cy + dy), radius, width)
        else:
            points = [(px + dx, py + dy) for px, py in cast(tuple[tuple[float, float], ...], what)]
            pygame.draw.polygon(target, (250, 250, 250), points)
            pygame.draw.polygon(target, (20, 20, 20), points, 1)
    if batch:
        target.blits(batch, doreturn=False)


def _identity(item: Item) -> tuple[object, ...]:
    kind, what, x, y, w, h, flags = item
    return (kind, id(what) if kind == BLIT else what, x, y, w, h, flags)


@mutable_record
class _Step:
    """One zoom step's items at rest, in board pixels at that step (the board's top-left is 0, 0)."""

    keys: dict[str, object]  # the pieces at rest, each as it was drawn
    rest: tuple[object, ...]  # the doors, facing marks and selected piece the items were drawn with
    items: list[Item]
    owners: list[str]  # for each item, the piece it is drawn for ("" for the board's own)
    names: list[tuple[str, pygame.Rect]]  # the resting pieces' names and miniatures: a moving piece's name keeps off them
    bodies: list[tuple[str, pygame.Rect]]


class RestingLayer:
    """Resting chunks per zoom step, and which pieces are at rest."""

    def __init__(self, renderer: RestingArt):
        self.renderer = renderer
        self.cache_limit_bytes = RESTING_CACHE_BYTES
        self._frame = 0
        self.all_at_rest = True  # after the last frame: no piece was drawn over the chunks
        self._moving: frozenset[str] = frozenset()  # the last split's pieces drawn over the chunks
        self._selected: Piece | None = None  # and the selected one among them
        self._seen: dict[str, tuple[object, ...]] = {}
        self._unsettled: set[str] = set()  # moved since the pieces last went back into the chunks
        self._last_move_frame = 0
        self._steps: dict[int, _Step] = {}
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._bytes = 0

    @property
    def cached_bytes(self) -> int:
        return self._bytes

    def split(self, pieces: Iterable[Piece], view: PieceView) -> tuple[list[Piece], list[Piece]]:
        """The pieces at rest and the ones moving (or selected) this frame.

        A piece that moves is taken out of the chunks at once. Pieces go back into them together once
        nothing has moved for ``SETTLE_FRAMES`` frames: during a zombies' phase the chunks are drawn
        again when each piece starts moving, not also each time one stops."""
        pieces = list(pieces)
        self._frame += 1
        frame, seen, unsettled = self._frame, self._seen, self._unsettled
        scale, facing = view.piece_scale, view.show_facing
        for piece in pieces:
            pid = piece.id
            key = (piece.x_cm, piece.y_cm, piece.token, piece.side, piece.base_cm, scale.get(pid, 1.0), piece.label,
                   piece.facing_deg if facing else 0.0)
            before = seen.get(pid)
            if before != key:
                seen[pid] = key
                if before is not None:  # a piece seen for the first time is at rest where it appears
                    unsettled.add(pid)
                    self._last_move_frame = frame
        if unsettled and frame - self._last_move_frame >= SETTLE_FRAMES:
            unsettled.clear()
        resting: list[Piece] = []
        moving: list[Piece] = []
        for piece in pieces:
            (moving if piece.id == view.selected or piece.id in unsettled else resting).append(piece)
        self.all_at_rest = not moving
        self._moving = frozenset(p.id for p in moving)
        self._selected = next((p for p in moving if p.id == view.selected), None)
        return resting, moving

    def draw(self, target: pygame.Surface, camera: Camera, resting: Sequence[Piece], view: PieceView,
             door_open: Mapping[str, bool]) -> bool:
        """Blit the visible resting chunks (``resting`` as the last ``split`` gave them); False when some
        were drawn roughly and need another frame."""
        art = self.renderer.art
        level, zoom = camera.zoom_level, camera.zoom_px_per_cm
        step = self._step(level, zoom, resting, view, door_open, self._selected, self._moving)
        scale = zoom / art.bake_px_per_cm
        ox, oy = camera.world_to_screen((0.0, 0.0))
        ox, oy = math.floor(ox), math.floor(oy)
        clip = target.get_clip()
        bw, bh = art.base.get_size()
        cols, rows = math.ceil(bw / art.chunk_base_px), math.ceil(bh / art.chunk_base_px)
        chunk_px = art.chunk_base_px * scale
        first_col = max(0, int((clip.left - ox) // chunk_px))
        last_col = min(cols - 1, int((clip.right - ox) // chunk_px))
        first_row = max(0, int((clip.top - oy) // chunk_px))
        last_row = min(rows - 1, int((clip.bottom - oy) // chunk_px))
        budget = art.smooth_chunks_per_frame
        complete = True
        blits = []
        for row in range(first_row, last_row + 1):
            for col in range(first_col, last_col + 1):
                x0 = round(col * art.chunk_base_px * scale)
                y0 = round(row * art.chunk_base_px * scale)
                key = (level, col, row)
                chunk = self._chunks.get(key)
                if chunk is not None:
                    self._chunks.move_to_end(key)
                else:
                    fresh = not art.has_chunk(level, col, row)
                    board, smooth = art._chunk(level, zoom, col, row, smooth=budget > 0)
                    if fresh and smooth:
                        budget -= 1
                    complete = complete and smooth
                    chunk = self._rest_on(board, step.items, x0, y0)
                    if smooth:
                        self._keep(key, chunk)
                blits.append((chunk, (ox + x0, oy + y0)))
        target.blits(blits, doreturn=False)
        return complete

    def on_screen(self, camera: Camera) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the resting pieces' names and miniatures are on screen at this camera."""
        step = self._steps.get(camera.zoom_level)
        if step is None:
            return [], []
        ox, oy = camera.world_to_screen((0.0, 0.0))
        ox, oy = math.floor(ox), math.floor(oy)
        return [box.move(ox, oy) for _owner, box in step.names], [box.move(ox, oy) for _owner, box in step.bodies]

    # the items of a zoom step

    def _step(self, level: int, zoom: float, resting: Sequence[Piece], view: PieceView,
              door_open: Mapping[str, bool], selected: Piece | None, moving: frozenset[str]) -> _Step:
        seen = self._seen
        keys: dict[str, object] = {p.id: seen.get(p.id) for p in resting}
        rest = (tuple(sorted(door_open.items())), view.show_facing,
                (selected.id, seen.get(selected.id)) if selected is not None else None)
        old = self._steps.get(level)
        if old is not None and old.rest == rest and old.keys == keys:
            return old
        if old is not None and old.rest == rest and keys.items() <= old.keys.items() and old.keys.keys() - keys.keys() <= moving:
            new = self._without(old, old.keys.keys() - keys.keys(), keys)  # pieces only started moving
        else:
            new = self._laid_out(level, zoom, resting, view, door_open, selected, keys, rest)
        self._steps[level] = new
        if old is not None:
            self._forget_changed(level, zoom, old.items, new.items)
        return new

    @staticmethod
    def _without(old: _Step, gone: set[str], keys: dict[str, object]) -> _Step:
        """``old`` less the pieces that started moving: their sprites and names come out, the rest
        stays as it was drawn (a name that gave way to one of theirs reappears when all is still)."""
        kept = [i for i, owner in enumerate(old.owners) if owner not in gone]
        return _Step(keys, old.rest, [old.items[i] for i in kept], [old.owners[i] for i in kept],
                     [(o, r) for o, r in old.names if o not in gone], [(o, r) for o, r in old.bodies if o not in gone])

    def _laid_out(self, level: int, zoom: float, resting: Sequence[Piece], view: PieceView,
                  door_open: Mapping[str, bool], selected: Piece | None, keys: dict[str, object],
                  rest: tuple[object, ...]) -> _Step:
        items = self._board_items(level, zoom, door_open)
        at_step = (0.0, 0.0, 0.0, 0.0, zoom)
        resting_view = PieceView(None, view.piece_scale, view.show_facing)
        keep_off_names: list[pygame.Rect] = []
        keep_off_bodies: list[pygame.Rect] = []
        if selected is not None:  # its name is placed first, as one frame would: the names at rest keep off it
            bodies = [_body(p, zoom, view.piece_scale) for p in resting]
            marks = piece_items(self.renderer, [selected], at_step, EVERYWHERE, view, (), bodies)
            keep_off_names, keep_off_bodies = marks.names, marks.bodies
        marks = piece_items(self.renderer, resting, at_step, EVERYWHERE, resting_view, keep_off_names, keep_off_bodies)
        return _Step(keys, rest, items + marks.items, [""] * len(items) + marks.owners,
                     list(zip(marks.name_owners, marks.names, strict=True)),
                     list(zip(marks.body_owners, marks.bodies, strict=True)))

    def _board_items(self, level: int, zoom: float, door_open: Mapping[str, bool]) -> list[Item]:
        renderer = self.renderer
        items: list[Item] = []
        for surf, (x_cm, y_cm), _w, _h, half_w, half_h in renderer.labels._drawn(level, zoom):
            items.append(_blit(surf, round(x_cm * zoom) - half_w, round(y_cm * zoom) - half_h))
        for door_id, default_open, color, (mx, my), length_px, thick_px, angle in renderer._door_layout(level, zoom):
            surf = renderer._door(color, door_open.get(door_id, default_open), length_px, thick_px, angle)
            at = surf.get_rect(center=(round(mx * zoom), round(my * zoom)))
            items.append(_blit(surf, at.x, at.y))
        return items

    def _forget_changed(self, level: int, zoom: float, old: list[Item], new: list[Item]) -> None:
        """Drop this step's resting chunks under any item that is not drawn the same as before."""
        before = {_identity(item): item for item in old}
        after = {_identity(item): item for item in new}
        changed = [before[k] for k in before.keys() - after.keys()] + [after[k] for k in after.keys() - before.keys()]
        if not changed:
            return
        boxes = [pygame.Rect(x, y, w, h) for _kind, _what, x, y, w, h, _flags in changed]
        art = self.renderer.art
        scale = zoom / art.bake_px_per_cm
        for key, chunk in [(k, c) for k, c in self._chunks.items() if k[0] == level]:
            _level, col, row = key
            x0, y0 = round(col * art.chunk_base_px * scale), round(row * art.chunk_base_px * scale)
            if pygame.Rect((x0, y0), chunk.get_size()).collidelist(boxes) >= 0:
                self._drop(key)

    # the chunks

    @staticmethod
    def _rest_on(board: pygame.Surface, items: list[Item], x0: int, y0: int) -> pygame.Surface:
        chunk = board.copy()
        w, h = chunk.get_size()
        x1, y1 = x0 + w, y0 + h
        paint(chunk, (item for item in items
                      if item[2] < x1 and item[2] + item[4] > x0 and item[3] < y1 and item[3] + item[5] > y0), -x0, -y0)
        return chunk

    def _keep(self, key: tuple[int, int, int], chunk: pygame.Surface) -> None:
        self._chunks[key] = chunk
        self._bytes += chunk.get_width() * chunk.get_height() * chunk.get_bytesize()
        while self._bytes > self.cache_limit_bytes and len(self._chunks) > 1:
            self._drop(next(iter(self._chunks)))

    def _drop(self, key: tuple[int, int, int]) -> None:
        chunk = self._chunks.pop(key)
        self._bytes -= chunk.get_width() * chunk.get_height() * chunk.get_bytesize()


class RestingArt(PieceArt, Protocol):
    """What the layer needs from the renderer: the board's chunks, zone names and doors."""

    @property
    def art(self) -> BoardChunks: ...
    @property
    def labels(self) -> ZoneNames: ...

    def _door_layout(self, zoom_level: int, zoom: float) -> list[tuple[str, bool, str, tuple[float, float], int, int, int]]: ...
    def _door(self, color: str, is_open: bool, length_px: int, thick_px: int, angle_deg: int) -> pygame.Surface: ...


class BoardChunks(Protocol):
    base: pygame.Surface
    bake_px_per_cm: float
    chunk_base_px: int
    smooth_chunks_per_frame: int

    def has_chunk(self, level: int, col: int, row: int) -> bool: ...
    def _chunk(self, level: int, zoom: float, col: int, row: int, smooth: bool) -> tuple[pygame.Surface, bool]: ...


class ZoneNames(Protocol):
    def _drawn(self, zoom_level: int, zoom_px_per_cm: float) -> list[tuple[pygame.Surface, tuple[float, float], int, int, int, int]]: ...
