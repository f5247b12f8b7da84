"""``stack_rows`` is ``grid_rows`` in one column: rows from the top of the area, each whole inside
it, as many as fit (none when not even one does)."""

from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.app.zombieworld.band_list import grid_rows, stack_rows


@given(height=st.integers(-20, 900), count=st.integers(0, 70), row_px=st.integers(20, 80),
       gap_px=st.integers(0, 12), width_px=st.one_of(st.none(), st.integers(50, 400)))
def test_stacked_rows_fill_the_area_from_the_top_with_whole_rows(height, count, row_px, gap_px, width_px):
    area = pygame.Rect(10, 30, 420, height)
    rows = stack_rows(area, count, width_px, row_px, gap_px)
    fit = max(0, (height + gap_px) // (row_px + gap_px))
    assert len(rows) == min(count, fit)
    for index, rect in enumerate(rows):
        assert rect == pygame.Rect(area.left, area.top + index * (row_px + gap_px), width_px or area.width, row_px)
        assert rect.bottom <= area.bottom
    if rows:
        assert rows == grid_rows(area, len(rows), width_px, row_px, gap_px)  # the grid's one-column case
