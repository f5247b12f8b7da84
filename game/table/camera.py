"""The camera: centimetres on the table to pixels on the screen. Pure math, no pygame.

Zoom moves on a ladder of discrete steps (``ZOOM_STEP`` apart) so that the renderer can cache one
scaled board per step instead of rescaling every frame. During a pinch the zoom may sit between
steps (``fine_zoom`` times the nearest step); ``settle`` puts it back on the ladder.
"""

from __future__ import annotations

import math

from game.rules.core.frozen import mutable_record
from game.table.state import CameraState

Point = tuple[float, float]
Insets = tuple[int, int, int, int]  # left, top, right, bottom, in pixels

ZOOM_STEP = 1.15
MIN_ZOOM_PX_PER_CM = 1.0
MAX_ZOOM_PX_PER_CM = 80.0


def zoom_level_of(zoom_px_per_cm: float) -> int:
    """The nearest ladder step of a zoom."""
    return round(math.log(zoom_px_per_cm) / math.log(ZOOM_STEP))


def zoom_of_level(level: int) -> float:
    return ZOOM_STEP**level


MIN_ZOOM_LEVEL = math.ceil(math.log(MIN_ZOOM_PX_PER_CM) / math.log(ZOOM_STEP))
MAX_ZOOM_LEVEL = math.floor(math.log(MAX_ZOOM_PX_PER_CM) / math.log(ZOOM_STEP))


def clamp_level(level: int) -> int:
    return max(MIN_ZOOM_LEVEL, min(MAX_ZOOM_LEVEL, level))


@mutable_record
class Camera:
    """Looks at ``center_*_cm`` with ``zoom_level`` (px per cm = ZOOM_STEP ** level) in a viewport.

    The viewport is the screen rectangle the table is drawn in (``viewport_x_px`` and
    ``viewport_y_px`` are its top-left corner, so a toolbar can sit beside it).
    """

    viewport_w_px: int = 1280
    viewport_h_px: int = 720
    center_x_cm: float = 0.0
    center_y_cm: float = 0.0
    zoom_level: int = 16  # 1.15 ** 16 ≈ 9.4 px per cm
    viewport_x_px: int = 0
    viewport_y_px: int = 0
    fine_zoom: float = 1.0  # between steps during a pinch: zoom = step zoom × fine_zoom

    @property
    def zoom_px_per_cm(self) -> float:
        return zoom_of_level(self.zoom_level) * self.fine_zoom

    @property
    def is_between_steps(self) -> bool:
        return abs(self.fine_zoom - 1.0) > 1e-9

    def stepped(self) -> Camera:
        """The same view at the nearest ladder step, its viewport grown or shrunk to show the same area
        (at the origin): drawn there, then scaled by ``fine_zoom``, it gives this camera's picture."""
        return Camera(max(1, round(self.viewport_w_px / self.fine_zoom)), max(1, round(self.viewport_h_px / self.fine_zoom)),
                      self.center_x_cm, self.center_y_cm, self.zoom_level)

    def set_zoom_at(self, screen_point_px: Point, zoom_px_per_cm: float) -> None:
        """A zoom anywhere between the ladder's ends, keeping the world point under the pointer."""
        anchor_cm = self.screen_to_world(screen_point_px)
        zoom = max(zoom_of_level(MIN_ZOOM_LEVEL), min(zoom_of_level(MAX_ZOOM_LEVEL), zoom_px_per_cm))
        self.zoom_level = clamp_level(zoom_level_of(zoom))
        self.fine_zoom = zoom / zoom_of_level(self.zoom_level)
        moved_px = self.world_to_screen(anchor_cm)
        self.pan_by_px(screen_point_px[0] - moved_px[0], screen_point_px[1] - moved_px[1])

    def settle(self, screen_point_px: Point | None = None) -> None:
        """Back onto the nearest ladder step, keeping the point under ``screen_point_px`` (the centre)."""
        if self.is_between_steps:
            self.set_zoom_level_at(screen_point_px or self.viewport_center_px, zoom_level_of(self.zoom_px_per_cm))

    @property
    def viewport_center_px(self) -> Point:
        return (self.viewport_x_px + self.viewport_w_px / 2, self.viewport_y_px + self.viewport_h_px / 2)

    def set_viewport(self, x_px: int, y_px: int, w_px: int, h_px: int) -> None:
        self.viewport_x_px, self.viewport_y_px = x_px, y_px
        self.viewport_w_px, self.viewport_h_px = max(1, w_px), max(1, h_px)

    def world_to_screen(self, point_cm: Point) -> Point:
        zoom = self.zoom_px_per_cm
        cx, cy = self.viewport_center_px
        return (cx + (point_cm[0] - self.center_x_cm) * zoom, cy + (point_cm[1] - self.center_y_cm) * zoom)

    def screen_to_world(self, point_px: Point) -> Point:
        zoom = self.zoom_px_per_cm
        cx, cy = self.viewport_center_px
        return (self.center_x_cm + (point_px[0] - cx) / zoom, self.center_y_cm + (point_px[1] - cy) / zoom)

    def pan_by_px(self, dx_px: float, dy_px: float) -> None:
        """Move the table with the pointer: the world point under it follows by (dx, dy) pixels."""
        zoom = self.zoom_px_per_cm
        self.center_x_cm -= dx_px / zoom
        self.center_y_cm -= dy_px / zoom

    def set_zoom_level_at(self, screen_point_px: Point, level: int) -> None:
        """Change the zoom keeping the world point under ``screen_point_px`` where it is."""
        anchor_cm = self.screen_to_world(screen_point_px)
        self.zoom_level = clamp_level(level)
        self.fine_zoom = 1.0
        moved_px = self.world_to_screen(anchor_cm)
        self.pan_by_px(screen_point_px[0] - moved_px[0], screen_point_px[1] - moved_px[1])

    def zoom_at(self, screen_point_px: Point, factor: float) -> None:
        """Zoom by about ``factor`` (snapped to the ladder, at least one step when factor != 1)."""
        if factor <= 0 or factor == 1:
            return
        steps = round(math.log(factor) / math.log(ZOOM_STEP))
        if steps == 0:
            steps = 1 if factor > 1 else -1
        self.set_zoom_level_at(screen_point_px, self.zoom_level + steps)

    def fit(self, rect_cm: tuple[float, float, float, float], margin_px: int = 24,
            covered_px: Insets = (0, 0, 0, 0)) -> None:
        """Show the whole rectangle (x, y, w, h in cm): the largest ladder zoom that fits, centred in
        the part of the viewport that ``covered_px`` (left, top, right, bottom: panels drawn over the
        table) leaves free."""
        x, y, w, h = rect_cm
        left, top, right, bottom = (max(0, int(side)) for side in covered_px)
        usable_w = max(1, self.viewport_w_px - left - right - 2 * margin_px)
        usable_h = max(1, self.viewport_h_px - top - bottom - 2 * margin_px)
        best = min(usable_w / max(w, 1e-6), usable_h / max(h, 1e-6))
        level = math.floor(math.log(best) / math.log(ZOOM_STEP) + 1e-9)
        self.zoom_level = clamp_level(level)
        self.fine_zoom = 1.0
        zoom = self.zoom_px_per_cm
        # the free area's centre lies (left - right) / 2 px right of the viewport's centre
        self.center_x_cm = x + w / 2 - (left - right) / 2 / zoom
        self.center_y_cm = y + h / 2 - (top - bottom) / 2 / zoom

    def free_rect_px(self, covered_px: Insets = (0, 0, 0, 0)) -> tuple[int, int, int, int]:
        """The viewport less the covered strips: x, y, w, h in pixels."""
        left, top, right, bottom = (max(0, int(side)) for side in covered_px)
        return (self.viewport_x_px + left, self.viewport_y_px + top,
                max(1, self.viewport_w_px - left - right), max(1, self.viewport_h_px - top - bottom))

    def visible_rect_cm(self) -> tuple[float, float, float, float]:
        left, top = self.screen_to_world((self.viewport_x_px, self.viewport_y_px))
        zoom = self.zoom_px_per_cm
        return (left, top, self.viewport_w_px / zoom, self.viewport_h_px / zoom)

    def keep_near(self, rect_cm: tuple[float, float, float, float]) -> None:
        """Do not let the table wander out of sight: the centre stays within the rectangle."""
        x, y, w, h = rect_cm
        self.center_x_cm = max(x, min(x + w, self.center_x_cm))
        self.center_y_cm = max(y, min(y + h, self.center_y_cm))

    def to_state(self) -> CameraState:
        return CameraState(self.center_x_cm, self.center_y_cm, self.zoom_px_per_cm)

    def load_state(self, state: CameraState) -> None:
        self.center_x_cm, self.center_y_cm = state.center_x_cm, state.center_y_cm
        if state.zoom_px_per_cm > 0:
            self.zoom_level = clamp_level(zoom_level_of(state.zoom_px_per_cm))
            self.fine_zoom = 1.0
