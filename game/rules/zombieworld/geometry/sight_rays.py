"""Ray by ray, many pairs at once (numpy): the pairs ``sight_batch`` could not settle as a whole
often are settled one ray at a time, without tracing (``survey`` asks this last).

``sight`` aims three rays from the shooter's eyes at the target (its centre, then either side) and
stops once half the vital points can no longer be reached. A ray is *hidden* when a tall rectangle
piece's outline (a building's wall away from every opening) lies across it, or a figure's base
stands across it; it is *clear* when no blocker's box and no figure's base comes near it. A
direction whose rays are all so settled, as far as ``sight`` would look at them, has its share
without tracing: clear rays over three (the first two hidden: nothing). Every test keeps
``DEPTH_CM`` clear of the edge cases; the others are left to ``sight``, so the answers stay its own.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.rules.zombieworld.geometry.sight_batch import (
    AIM_SPREAD,
    DEPTH_CM,
    FIGURE_BLOCKING,
    HEIGHT_SLACK_CM,
    Floats,
    Lines,
    Terrain,
    off_corridor,
)
from game.rules.zombieworld.geometry.table import BASE_RADIUS_CM

Indices = npt.NDArray[np.intp]

HIDDEN, CLEAR, UNKNOWN = 0, 1, -1


def ray_shares(terrain: Terrain, columns: Floats, firsts: Indices, seconds: Indices, touching: tuple[Indices, Indices],
               crowding: tuple[Indices, Indices]) -> tuple[Floats, Floats]:
    """Per pair (figures ``firsts[k]``, ``seconds[k]``, all apart by more than ``10 * DEPTH_CM``):
    the share of the second's vital points the first sees and of the first's the second sees, NaN
    where a ray must be traced. ``touching`` (pair rows, blocker columns) holds every blocker that
    may meet a ray of the pair, ``crowding`` (pair rows, figure indices) every figure."""
    count = len(firsts)
    if not count:
        return np.zeros(0), np.zeros(0)
    # rays: row r = (pair, direction, aim) with pair = r // 6, direction = r // 3 % 2 (0: first at
    # second), aim = r % 3 in ``sight``'s order (centre, then +normal, then -normal side)
    shooter = np.stack((firsts, seconds), axis=1)
    target = np.stack((seconds, firsts), axis=1)
    sx, sy, _, s_eye, _, _ = (np.repeat(columns[shooter, i].reshape(-1), 3) for i in range(6))
    tx, ty, t_radius, _, t_top, t_low = (np.repeat(columns[target, i].reshape(-1), 3) for i in range(6))
    length = np.hypot(tx - sx, ty - sy)
    reach = t_radius * AIM_SPREAD
    side = np.tile(np.array([0.0, 1.0, -1.0]), 2 * count)
    aim_x = tx - side * (ty - sy) / length * reach
    aim_y = ty + side * (tx - sx) / length * reach
    ray_top = np.maximum(s_eye, t_top) + HEIGHT_SLACK_CM
    ray_low = np.minimum(s_eye, t_low) - HEIGHT_SLACK_CM  # a blocker no taller hides nothing of the ray
    margin = reach + BASE_RADIUS_CM  # ``sight``'s box around the shooter and target
    box = (np.minimum(sx, tx) - margin + DEPTH_CM, np.minimum(sy, ty) - margin + DEPTH_CM,
           np.maximum(sx, tx) + margin - DEPTH_CM, np.maximum(sy, ty) + margin - DEPTH_CM)
    dx, dy = aim_x - sx, aim_y - sy
    ray_length = np.hypot(dx, dy)
    rays = Lines(sx, sy, aim_x, aim_y, -dy / ray_length, dx / ray_length, ray_length, np.zeros(len(sx)),
                 np.zeros(len(sx)))
    hidden = np.zeros(len(sx), dtype=np.bool_)
    near = np.zeros(len(sx), dtype=np.bool_)
    # blockers: each couple (pair, blocker) for the six rays of its pair
    pair, column = touching
    ray = (pair[:, None] * 6 + np.arange(6)[None, :]).reshape(-1)
    column = np.repeat(column, 6)
    apart, starts, ends = off_corridor(terrain.boxes[column].T, rays.take(ray))
    meets = ~(apart | (ends < 0.0) | (starts > ray_length[ray]))
    inside = terrain.hollow[column] & _within(rays.take(ray), terrain.boxes[column].T)
    near[ray[meets & (terrain.tops[column] > ray_low[ray]) & ~inside]] = True
    tall = meets & (terrain.heights[column] > ray_top[ray])
    ray, column = ray[tall], column[tall]
    hidden[ray[_wall_across(terrain, column, rays.take(ray))]] = True
    # figures: each couple (pair, figure) for the six rays of its pair
    pair, figure = crowding
    ray = (pair[:, None] * 6 + np.arange(6)[None, :]).reshape(-1)
    figure = np.repeat(figure, 6)
    fx, fy, blocking = columns[figure, 0], columns[figure, 1], columns[figure, 2] * FIGURE_BLOCKING
    rel_x, rel_y = fx - sx[ray], fy - sy[ray]
    along = (rel_x * dx[ray] + rel_y * dy[ray]) / ray_length[ray]
    across = np.abs(rel_x * rays.px[ray] + rel_y * rays.py[ray])
    may_block = (along > -DEPTH_CM) & (along < ray_length[ray] + DEPTH_CM) & (across < blocking + DEPTH_CM)
    near[ray[may_block]] = True
    blocks = ((along > DEPTH_CM) & (along < ray_length[ray] - DEPTH_CM) & (across < blocking - DEPTH_CM)
              & (box[0][ray] <= fx) & (fx <= box[2][ray]) & (box[1][ray] <= fy) & (fy <= box[3][ray]))
    hidden[ray[blocks]] = True
    status = np.where(hidden, HIDDEN, np.where(near, UNKNOWN, CLEAR)).reshape(count, 2, 3)
    shares = _shares(status)
    return shares[:, 0], shares[:, 1]


def _shares(status: npt.NDArray[np.int_]) -> Floats:
    """``sight``'s loop over the three rays of each direction: a ray it looks at that is not settled
    leaves the share unknown (NaN); after two rays with nothing clear it stops (half is out of reach)."""
    first, second, third = status[..., 0], status[..., 1], status[..., 2]
    clear = first + second
    unknown = (first == UNKNOWN) | (second == UNKNOWN) | ((clear > 0) & (third == UNKNOWN))
    clear = np.where(clear > 0, clear + third, 0)
    return np.where(unknown, np.nan, clear / 3.0)


def _wall_across(terrain: Terrain, column: Indices, rays: Lines) -> npt.NDArray[np.bool_]:
    """Per couple (ray, rectangle blocker ``column``): the ray runs ``DEPTH_CM`` deep through the
    rectangle and crosses its outline, entering from ``DEPTH_CM`` outside or leaving to there, at a
    point away from every opening that lets sight through."""
    box = terrain.boxes[column].T
    inner = (box[0] + DEPTH_CM, box[1] + DEPTH_CM, box[2] - DEPTH_CM, box[3] - DEPTH_CM)
    t_in = np.full(len(column), -np.inf)
    t_out = np.full(len(column), np.inf)
    deep_in, deep_out = np.zeros(len(column)), np.ones(len(column))
    outside_start = np.zeros(len(column), dtype=np.bool_)
    outside_end = np.zeros(len(column), dtype=np.bool_)
    for start, end, low, high, deep_low, deep_high in ((rays.ax, rays.bx, box[0], box[2], inner[0], inner[2]),
                                                       (rays.ay, rays.by, box[1], box[3], inner[1], inner[3])):
        delta = end - start
        flat = np.abs(delta) < 1e-9
        step = np.where(flat, 1.0, delta)
        near_t, far_t = (low - start) / step, (high - start) / step
        t_in = np.where(flat, t_in, np.maximum(t_in, np.minimum(near_t, far_t)))
        t_out = np.where(flat, t_out, np.minimum(t_out, np.maximum(near_t, far_t)))
        near_t, far_t = (deep_low - start) / step, (deep_high - start) / step
        off = flat & ((start <= deep_low) | (start >= deep_high))
        deep_in = np.where(off, np.inf, np.where(flat, deep_in, np.maximum(deep_in, np.minimum(near_t, far_t))))
        deep_out = np.where(flat, deep_out, np.minimum(deep_out, np.maximum(near_t, far_t)))
        outside_start |= (start < low - DEPTH_CM) | (start > high + DEPTH_CM)
        outside_end |= (end < low - DEPTH_CM) | (end > high + DEPTH_CM)
    through = deep_in < deep_out
    openings = terrain.openings[column]  # couple × opening (empty boxes pad)
    result = through & (outside_start | outside_end)
    if openings.shape[1] and result.any():
        crossing_ok = []
        for t, outside in ((t_in, outside_start), (t_out, outside_end)):
            x = rays.ax + (rays.bx - rays.ax) * np.where(outside, t, 0.0)
            y = rays.ay + (rays.by - rays.ay) * np.where(outside, t, 0.0)
            at_opening = ((openings[:, :, 0] <= x[:, None]) & (x[:, None] <= openings[:, :, 2])
                          & (openings[:, :, 1] <= y[:, None]) & (y[:, None] <= openings[:, :, 3])).any(axis=1)
            crossing_ok.append(outside & ~at_opening)
        result &= crossing_ok[0] | crossing_ok[1]
    return result


def _within(rays: Lines, box: Floats) -> npt.NDArray[np.bool_]:
    """Per couple: both ends of the ray lie ``DEPTH_CM`` inside the box (it crosses no side)."""
    return ((np.minimum(rays.ax, rays.bx) > box[0] + DEPTH_CM) & (np.maximum(rays.ax, rays.bx) < box[2] - DEPTH_CM)
            & (np.minimum(rays.ay, rays.by) > box[1] + DEPTH_CM) & (np.maximum(rays.ay, rays.by) < box[3] - DEPTH_CM))
