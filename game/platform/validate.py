"""``main.py --validate``: the board lint, plus what the game registry knows: that a map's or
mission's ``game`` is a registered game, and each game's own checks of the missions it plays (a
Zombicide mission's ``[setup]`` and box, for instance)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from game.board import lint
from game.board.errors import MapProblem
from game.platform import registry

ANY_GAME = lint.ANY_GAME


def known_map_games() -> list[str]:
    return sorted({kind for entry in registry.games() for kind in entry.plays_on}) + [ANY_GAME]


def game_checks(path: Path, game: str, board: Any | None) -> list[MapProblem]:
    """The registry's checks of one file: its game is known, and the game accepts the mission."""
    if game == ANY_GAME:
        return []
    try:
        entry = registry.game_playing_on(game, path)
    except registry.UnknownGameError:
        what = "mission" if path.suffix.lower() == ".toml" else "map property"
        return [MapProblem(str(path), f"{what} 'game' = '{game}' is unknown (one of: {', '.join(known_map_games())})")]
    if board is None:
        return []
    found = _wrong_game_modules(path, board)
    if entry.validate_board is not None:
        found.extend(MapProblem(str(path), what) for what in entry.validate_board(board))
    return found


def _wrong_game_modules(path: Path, board: Any) -> list[MapProblem]:
    """Every module of a mission must be for the mission's game (or for any game)."""
    return [MapProblem(str(path), f"map '{placed.module.path}' is a {placed.module.game} table, not a {board.game} "
                                  f"one: use maps for {board.game} (or game = any)", f"modules[{index}]")
            for index, placed in enumerate(board.modules) if placed.module.game not in (board.game, ANY_GAME)]


def validate_paths(paths: Sequence[str | Path]) -> list[MapProblem]:
    return lint.validate_paths(paths, game_checks)


def validate_cli(paths: Sequence[str], out: TextIO = sys.stdout) -> int:
    return lint.validate_cli(paths, out, game_checks)


def validate_json(paths: Sequence[str], out: TextIO = sys.stdout) -> int:
    return lint.validate_json(paths, out, game_checks)
