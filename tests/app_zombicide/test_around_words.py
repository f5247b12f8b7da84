"""The Zombicide screens' words: plurals by count, the EXIT named alike on the goal and the board, a
defeat that reads as one, and the same screens in Spanish."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_play_scene import new_scene

from game import i18n
from game.app.render import font
from game.app.zombicide.end_scene import RESULT_TITLES, GameFigures, SurvivorFigures, figures_html

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def figures(rounds: int, kills: int, deaths: int) -> GameFigures:
    survivor = SurvivorFigures("Marta", "P1", "blue", 3, "alive")
    return GameFigures("lost", rounds, kills, deaths, 0, 3, 0, 0, (survivor,))


def test_counts_take_the_form_their_number_needs():
    one = figures_html(figures(1, 1, 1))
    assert "<b>1</b> round played" in one and "<b>1</b> zombie killed" in one and "<b>1</b> survivor lost" in one
    assert "rounds" not in one and "zombies" not in one
    many = figures_html(figures(4, 12, 0))
    assert "<b>4</b> rounds played" in many and "<b>12</b> zombies killed" in many and "<b>0</b> survivors lost" in many


def test_counts_in_spanish(spanish):
    one = figures_html(figures(1, 1, 1))
    assert "<b>1</b> ronda jugada" in one and "<b>1</b> zombi eliminado" in one
    many = figures_html(figures(3, 7, 2))
    assert "<b>3</b> rondas jugadas" in many and "<b>7</b> zombis eliminados" in many
    assert not i18n.untranslated()


def test_the_defeat_title_is_drawn_in_the_app_font(tmp_path):
    """pygame's default font spaces the E and the A of DEFEAT apart ("DEFE AT"); the app's font does not."""
    from game.app.app import DeadtableApp
    from game.app.zombicide.end_scene import EndScene
    from game.app.zombicide.game_save import mission_setup
    from game.board.mission import load_board
    from game.rules.core.session import Session
    from game.rules.zombicide.engine import ZombicideRules

    app = DeadtableApp(size=(1000, 650), save_dir=tmp_path)
    board = load_board(REPO / "maps" / "missions" / "tutorial-2x2.toml")
    session = Session(ZombicideRules(), board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["joe"]}]}), 4)
    end = EndScene(app, session)
    app.push(end)
    app.frame(0.02, events=[])
    assert end._font is not None and end._font.name == font(20).name
    assert RESULT_TITLES["lost"] == "DEFEAT"


def test_the_goal_names_the_exit_as_the_board_does_and_a_defeat_ticks_no_goal(tmp_path, monkeypatch):
    _, scene = new_scene(tmp_path)
    state = scene.controller.state
    lines = scene.goal_lines()
    assert lines and all("EXIT" in text for text, _ in lines)  # the board's tag reads EXIT too
    exits = list(state.graph.exits)
    on_exit = tuple(replace(s, zone=exits[0]) for s in state.survivors)
    reached = replace(state, survivors=on_exit)
    monkeypatch.setattr(scene, "shown_state", lambda: reached)
    assert any(done for _, done in scene.goal_lines())  # everyone on the EXIT: the goal is met
    monkeypatch.setattr(scene, "shown_state", lambda: replace(reached, result="lost"))
    assert not any(done for _, done in scene.goal_lines())
    rows = scene.goal_rows(400)
    assert rows and rows[0].get_width() > font(16).size("Goals")[0]  # the heading says they were not met
