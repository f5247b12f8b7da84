"""Deadtable: the start screen (no arguments), a mission, a map or a save on the table, a saved game,
map checks, or a screenshot of any of them."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent
DEFAULT_MISSION = REPO / "maps" / "missions" / "tutorial-2x2.toml"
DEFAULT_GAME_MISSION = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
NO_DISPLAY_MESSAGE = ("deadtable: no display available to open a window; "
                      "use --screenshot OUT.png to render the table to a file")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w_text, h_text = text.lower().split("x")
        w, h = int(w_text), int(h_text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}") from None
    if not (64 <= w <= 8192 and 64 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"size {text!r} must be between 64x64 and 8192x8192")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py", description=__doc__)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--mission", metavar="PATH", help="open a mission (.toml)")
    source.add_argument("--map", metavar="PATH", help="open a single map (.tmx)")
    source.add_argument("--save", metavar="PATH", help="resume a saved game or table (.json)")
    source.add_argument("--validate", metavar="PATH", nargs="+", help="check maps and missions, then exit")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the table to a PNG without a window, then exit")
    parser.add_argument("--scene", choices=("start", "table", "game", "end", "zombieworld", "band-builder"),
                        default=None,
                        help="what to show: the start screen (default without a source), the plain table "
                             "(default with --mission/--map), a game (a new Zombicide one of --mission, or a "
                             "Zombicide or Zombieworld --save), the end screen of a --save game, the Zombieworld "
                             "set-up or its band builder")
    parser.add_argument("--seed", type=int, default=1, help="seed of a new game opened with --scene game")
    parser.add_argument("--size", type=parse_size, default=None, metavar="WxH", help="window or screenshot size")
    return parser


def display_available() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def pick_scene(args: argparse.Namespace) -> str:
    """start, table, game or end: what the arguments ask the window to show."""
    if args.scene:
        return args.scene
    if args.save:
        from game.app.zombicide.game_save import is_game_save
        from game.app.zombieworld.saves import is_zombieworld_save

        return "game" if is_game_save(args.save) or is_zombieworld_save(args.save) else "table"
    if args.mission or args.map:
        return "table"
    return "start"


def open_scene(app, scene: str, args: argparse.Namespace) -> None:
    """Fill an empty app with the start screen, a game or an end screen; raises on bad input."""
    if scene == "start":
        app.open_start()
        return
    if scene == "zombieworld":
        app.open_zombieworld_setup()
        return
    if scene == "band-builder":
        app.open_band_builder()
        return
    from game.app.zombieworld.saves import is_zombieworld_save

    if args.save and is_zombieworld_save(args.save):
        open_zombieworld_save(app, scene, Path(args.save))
        return
    from game.app.zombicide.game_save import load_game, mission_setup
    from game.app.zombicide.start_scene import DEFAULT_SURVIVORS

    if args.save:
        session, _ = load_game(args.save)  # the error names the file
        if not app.resume_game(Path(args.save)):
            raise ValueError(f"{args.save}: the game could not be opened")
        state = session.state
        title = session.board.title
    else:
        from game.board.mission import load_board

        mission = Path(args.mission or DEFAULT_GAME_MISSION)
        board = load_board(mission)
        setup = mission_setup(board, {"players": [{"seat": "Player 1", "survivors": list(DEFAULT_SURVIVORS[:3])},
                                                  {"seat": "Player 2", "survivors": list(DEFAULT_SURVIVORS[3:])}]})
        if not app.new_game(mission, setup, args.seed):
            raise ValueError(f"{mission}: the game could not start")
        from game.rules.zombicide.engine import setup as engine_setup

        state = engine_setup(board, setup, args.seed)
        title = board.title
    if scene == "end":
        from game.app.zombicide.end_scene import EndScene

        top = app.scenes.top
        controller = getattr(top, "controller", None)
        shown = getattr(controller, "state", None) or state
        if hasattr(top, "ended_shown"):
            top.ended_shown = True  # a finished game would push its own End screen under this one
        app.push(EndScene(app, shown, title))


def open_zombieworld_save(app, scene: str, save: Path) -> None:
    """A Zombieworld game resumed from ``save``, with its end screen over it for ``--scene end``."""
    from game.app.zombieworld.end_scene import ZombieworldEndScene
    from game.app.zombieworld.game_scene import ZombieworldGameScene

    game = ZombieworldGameScene.resume(app, save)  # ZwSaveError names the file
    app.show(game)
    if scene == "end":
        game.ended_shown = True
        app.push(ZombieworldEndScene(app, game.controller, game))


def load_table_source(args: argparse.Namespace):
    """(board, state, save path) for the arguments; raises with a one-line message on bad input."""
    from game.board.mission import load_board
    from game.table.saves import load_table
    from game.table.setup import TokenManifestError, default_pieces
    from game.table.state import TableState

    if args.save:
        state = load_table(args.save)
        return load_board(state.source), state, Path(args.save)
    path = Path(args.mission or args.map or DEFAULT_MISSION)
    board = load_board(path)
    state = TableState(source=str(path.resolve()))
    try:
        for piece in default_pieces(board):
            state.add(piece)
    except (TokenManifestError, ValueError) as error:
        print(f"deadtable: no miniatures set up: {error}", file=sys.stderr)
    return board, state, None


# Rules tools that run without a window: `main.py scenario FILE...`, `main.py simulate MISSION ...`.
SUBCOMMANDS = {
    "scenario": "game.rules.zombicide.scenario",
    "simulate": "game.rules.zombicide.simulate",
}


def run_subcommand(name: str, rest: list[str]) -> int:
    import importlib

    module = importlib.import_module(SUBCOMMANDS[name])
    return int(module.run_cli(rest))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in SUBCOMMANDS:
        return run_subcommand(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    if args.validate:
        from game.board.lint import validate_cli

        return validate_cli(args.validate, sys.stdout)
    if args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.app.app import DeadtableApp, describe_load_error
    from game.app.zombicide.game_save import GameSaveError
    from game.app.zombieworld.saves import ZwSaveError
    from game.board.errors import MapFormatError
    from game.table.saves import SaveError

    scene = pick_scene(args)
    board = state = save_path = None
    if scene == "table":
        try:
            board, state, save_path = load_table_source(args)
        except (MapFormatError, SaveError, OSError) as error:
            print(f"deadtable: {describe_load_error(error)}", file=sys.stderr)
            return 1

    import pygame

    size = args.size or ((1920, 1080) if args.screenshot else (1280, 800))
    try:
        app = DeadtableApp(board, state, size=size, save_path=save_path)
    except pygame.error:
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 2
    if scene != "table":
        try:
            open_scene(app, scene, args)
        except (MapFormatError, GameSaveError, ZwSaveError, SaveError, ValueError, OSError) as error:
            print(f"deadtable: {describe_load_error(error)}", file=sys.stderr)
            pygame.quit()
            return 1
    if args.screenshot:
        try:
            app.screenshot(args.screenshot)
        except (pygame.error, OSError) as error:
            print(f"deadtable: could not write {args.screenshot}: {error}", file=sys.stderr)
            return 1
        finally:
            pygame.quit()
        return 0
    try:
        app.run()
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
