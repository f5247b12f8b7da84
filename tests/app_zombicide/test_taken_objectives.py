"""A taken objective is greyed over and ticked on the board: the board's art keeps every token, so
the window marks the ones the engine counts as taken."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_cards import open_game
from test_play_polish import MISSION

from game.app.zombicide.scene_drawing import taken_objective_rects
from game.rules.zombicide.commands import TakeObjective

BLANK = (0, 0, 255)


def _drawn(scene) -> pygame.Surface:  # type: ignore[no-untyped-def]
    surface = pygame.Surface(scene.window_size)
    surface.fill(BLANK)
    scene.draw_taken_objectives(surface)
    return surface


def test_the_objective_taken_is_marked_where_its_token_lies_and_no_other(tmp_path: Path) -> None:
    app, scene = open_game(tmp_path, mission=MISSION.parent / "rm-supply-run.toml")
    state = scene.controller.state
    graph = state.graph
    assert len(graph.objectives) >= 2 and not any(state.objectives_taken)
    every = taken_objective_rects(scene.board, graph.index, (True,) * len(graph.objectives), scene.table.camera)
    assert len(every) == len(graph.objectives)
    untouched = _drawn(scene)
    assert all(tuple(untouched.get_at(rect.center))[:3] == BLANK for rect in every)

    zone = graph.zone_ids[graph.objectives[1].zone]  # the second token: order matters
    assert scene.controller.override_place_survivor("marta", zone).ok
    take = next(c for c in scene.controller.legal() if isinstance(c, TakeObjective) and c.survivor == "marta")
    assert scene.controller.play(take).ok
    assert scene.controller.state.objectives_taken[1]

    drawn = _drawn(scene)
    marked = [rect for rect in every if tuple(drawn.get_at(rect.center))[:3] != BLANK]
    assert marked == [every[1]]
    token = next(m for m in scene.board.markers if m.kind == "objective" and m.zone == zone)
    assert every[1].collidepoint(scene.table.camera.world_to_screen(token.position))
    app.frame(1 / 60, [])  # the whole frame draws with the mark
