"""Every Zombicide screen a newcomer meets fits at 1000×650, 1920×1080 and 3840×2160, questions and
cards included: the mission page, the tutorial's game screen, the Move list and More… (with its
"Why not?" lines), a card shown whole, the menu's pages, and the end screen after a win and after a
defeat. No widget overlaps another or leaves the window; a question keeps a button for each of its
options; pygame_gui's "Label Rect is too small" fails the test (pyproject's filter, restated here)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from layout_check import dialog_problems, layout_problems, screen_problems, ui_rects
from test_layout_zombicide import SIZES, in_view, open_game
from test_play_scene import forget_fonts

from game import i18n
from game.app.app import DeadtableApp
from game.app.widgets.card_view import CardViewScene
from game.app.widgets.game_menu import GameMenu
from game.app.zombicide.end_scene import EndScene
from game.app.zombicide.new_game_scene import ZombicideNewGameScene


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_zombicide_screen_question_and_card_fits(tmp_path, size, language):
    i18n.set_language(language)
    try:
        screens_fit(tmp_path, size)
    finally:
        i18n.set_language("en")


def screens_fit(tmp_path, size) -> None:  # type: ignore[no-untyped-def]
    forget_fonts()
    found: list[str] = []
    app = DeadtableApp(size=size, save_dir=tmp_path)
    picking = ZombicideNewGameScene(app, "rue_morgue")
    app.show(picking)
    picking.go("mission")
    app.frame(0.02, events=[])
    found += [f"mission page: {p}" for p in layout_problems(in_view(app, ui_rects(app.ui)), size)]

    app, scene = open_game(tmp_path, size)  # Tutorial 1, its panel shown
    found += screen_problems(app, scene, "tutorial game screen")
    for what, open_question in (("Move list", lambda: scene.open_group_dialog("move")),
                                ("More…", scene.open_more_dialog)):
        open_question()
        app.frame(0.02, events=[])
        assert scene.dialog is not None, what
        found += dialog_problems(scene.dialog, size, what)
        if what == "More…":
            assert any(line.startswith("·") for line in scene.dialog.lines)  # its "Why not?" lines
        scene.dialog = None
        app.frame(0.02, events=[])

    scene.show_card_at(None)  # the selected survivor's card, shown whole
    app.frame(0.02, events=[])
    card = app.scenes.top
    assert isinstance(card, CardViewScene)
    found += screen_problems(app, card, "a card shown whole")
    card.back()
    app.frame(0.02, events=[])

    app.open_menu(scene)
    app.frame(0.02, events=[])
    menu = app.scenes.top
    assert isinstance(menu, GameMenu)
    for page in ("main", "help", "settings"):
        menu.go(page)
        app.frame(0.02, events=[])
        found += [f"menu/{page}: {p}" for p in layout_problems(ui_rects(app.ui), size)]
    menu.go("main")
    app.scenes.pop()
    app.frame(0.02, events=[])

    state = scene.controller.state
    for result in ("won", "lost"):  # the end screen's words for each outcome of the same game
        end = EndScene(app, replace(state, result=result), title=scene.board.title)
        app.push(end)
        app.frame(0.02, events=[])
        found += screen_problems(app, end, f"end screen, {result}")
        app.scenes.pop()
        app.frame(0.02, events=[])
    assert found == [], "\n".join(found[:20])


def test_a_label_too_small_for_its_words_fails_a_test(tmp_path):
    """The check above would miss a cut label if pygame_gui's warning were not an error: it is, for
    every test (pyproject's filterwarnings), without a mark."""
    import pygame
    from pygame_gui.elements import UILabel

    app = DeadtableApp(size=(1000, 650), save_dir=tmp_path)
    with pytest.raises(UserWarning, match="Label Rect is too small"):
        UILabel(pygame.Rect(0, 0, 30, 20), "Words far too long for thirty pixels", manager=app.ui)
