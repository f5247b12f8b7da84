"""What the parts of the game scene share: the fields ``GameScene.__init__`` sets, declared once for
the mixins (``scene_history``, ``scene_drawing``, ``scene_overrides``) that read and change them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.app.widgets.action_bar import ActionBar
    from game.app.widgets.chrome import ChromeCache
    from game.app.widgets.dialogs import ButtonSet, ChoiceDialog
    from game.app.zombicide.box_marks import BoxMarks
    from game.app.zombicide.card_actions import CardActions
    from game.app.zombicide.controller import GameController
    from game.app.zombicide.director import AnimationDirector
    from game.app.zombicide.gestures import Gestures
    from game.app.zombicide.replay import ReplayPlayer
    from game.app.zombicide.scene_log import LogAdapter
    from game.app.zombicide.survivor_card import SurvivorCardPanel
    from game.app.zombicide.view_model import PieceMaker
    from game.board.model import Board


class SceneFields:
    """Typed declarations only: ``GameScene.__init__`` fills them."""

    app: Any
    controller: GameController
    board: Board
    mission_path: Path
    save_path: Path | None
    window_size: tuple[int, int]
    maker: PieceMaker
    director: AnimationDirector
    table: Any  # the GameTable (a TableScene)
    card_panel: SurvivorCardPanel
    gestures: Gestures
    card_actions: CardActions
    box_marks: BoxMarks
    tools: ButtonSet
    actions: ActionBar
    more_labels: list[tuple[str, str, str]]
    roster: list[tuple[pygame.Rect, str]]
    dialog: ChoiceDialog | None
    dialog_offers: list[Any]
    hover_pos: tuple[float, float] | None
    override: bool
    override_zone: str | None
    replay: ReplayPlayer | None
    status_text: str
    status_until: float
    clock_s: float
    log: LogAdapter
    log_marks: dict[int, int]
    animated: tuple[Any, tuple[Any, ...]] | None
    tutorial: Any  # a TutorialPrompt, or None when the mission has no tutorial
    tutorial_step_seen: int  # the step whose ringed zone was last brought into view
    tutorial_events: list[Any]
    bot_seats: set[str]  # the seats the bot plays (BotSeats)
    ended_shown: bool
    _chrome: ChromeCache

    if TYPE_CHECKING:
        # the other parts' methods, joined in ``GameScene``: looked up there at run time
        def __getattr__(self, name: str) -> Any: ...
