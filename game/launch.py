"""Deadtable: the start screen (no arguments), a mission, a map or a save on the table, a saved game,
map checks, or a screenshot of any of them.

Bad input never ends in a traceback: every problem is one line naming the file (and the place in
it) on stderr, and the exit status is 1. Paths written inside files are confined to the content
roots (``game.roots``); ``--allow-root DIR`` adds a folder for this run.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_MISSION = REPO / "maps" / "missions" / "tutorial-2x2.toml"
DEFAULT_GAME_MISSION = REPO / "maps" / "missions" / "rm-tutorial-1.toml"
# pydantic looks through every installed package's metadata for plugins when it builds its first
# model (a good part of start-up); the game uses none
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
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


FIXED_SCENES = ("start", "table", "game", "end")


def scene_names() -> list[str]:
    """What ``--scene`` may show: the start screen, the plain table, a game or its end screen, and
    every "New game" page the registered games offer (``band-builder`` for ``band_builder``)."""
    from game.platform import registry

    names = list(FIXED_SCENES)
    for entry in registry.games():
        names.extend(item.key.replace("_", "-") for item in entry.menu)
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py", description=__doc__)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--mission", metavar="PATH", help="open a mission (.toml)")
    source.add_argument("--map", metavar="PATH", help="open a single map (.tmx)")
    source.add_argument("--save", metavar="PATH", help="resume a saved game or table (.json)")
    source.add_argument("--validate", metavar="PATH", nargs="+", help="check maps and missions, then exit")
    parser.add_argument("--json", action="store_true",
                        help="with --validate: print the problems as one JSON document (file, layer, object id, "
                             "position, severity, message)")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the table to a PNG without a window, then exit")
    parser.add_argument("--scene", default=None, metavar="NAME",
                        help="what to show: start (the default without a source), table (the default with "
                             "--mission/--map), game (a new one of --mission, or a saved --save), end (the end "
                             "screen of a --save game), or a game's own new-game page such as band-builder")
    parser.add_argument("--allow-root", metavar="DIR", action="append", default=[],
                        help="also let maps, missions, tilesets and images that files name be read from DIR "
                             "(besides maps/, assets/ and saves/maps/)")
    parser.add_argument("--maps", metavar="DIR", action="append", default=[],
                        help="a folder of your own maps and missions: the set-up screens list them (besides "
                             "maps/ and saves/maps/), and they may name files beside them")
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
    """What the arguments ask the window to show: a ``--scene`` name, or start, table or game."""
    if args.scene:
        return str(args.scene)
    if args.save:
        from game.platform.envelope import claims_game_file

        return "game" if claims_game_file(args.save) else "table"
    if args.mission or args.map:
        return "table"
    return "start"


def open_scene(app, scene: str, args: argparse.Namespace) -> None:
    """Fill an empty app with the start screen, a game, its end screen or a game's own page, through
    the registered game's window hooks; raises with a one-line message on bad input."""
    from game.board.mission import load_board
    from game.platform import envelope, registry

    if scene == "start":
        app.open_start()
        return
    for entry in registry.games():
        for item in entry.menu:
            if item.key.replace("_", "-") == scene:
                getattr(entry.app_hooks(), item.hook)(app, item.box)
                return
    if args.save:
        info = envelope.read_info(args.save)  # the error names the file
        hooks = registry.game(info.game, args.save).app_hooks()
        if scene == "end":
            hooks.open_end(app, Path(args.save))
        elif not hooks.resume(app, Path(args.save)):
            raise ValueError(f"{args.save}: the game could not be opened")
        return
    mission = Path(args.mission or args.map or DEFAULT_GAME_MISSION)
    board = load_board(mission)
    entry = registry.game_playing_on(board.game, mission)
    hooks = entry.app_hooks()
    if not hasattr(hooks, "quick_start"):
        raise ValueError(f"{mission}: {entry.name} games start from the start screen (--scene "
                         f"{entry.menu[0].key.replace('_', '-')})")
    hooks.quick_start(app, mission, args.seed, board)
    if scene == "end":
        game = app.scenes.top
        if hasattr(game, "show_end"):
            game.show_end()


def load_table_source(args: argparse.Namespace):
    """(board, state, save path) for the arguments; raises with a one-line message on bad input."""
    from game.board.mission import load_board
    from game.table.saves import open_table
    from game.table.setup import TokenManifestError, default_pieces
    from game.table.state import TableState

    if args.save:
        board, state = open_table(args.save)
        return board, state, Path(args.save)
    path = Path(args.mission or args.map or DEFAULT_MISSION)
    board = load_board(path)
    state = TableState(source=str(path.resolve()))
    try:
        for piece in default_pieces(board):
            state.add(piece)
    except (TokenManifestError, ValueError) as error:
        print(f"deadtable: no miniatures set up: {error}", file=sys.stderr)
    return board, state, None


def run_tool(name: str, rest: list[str]) -> int:
    """``main.py NAME ARGS``: a command-line tool of the registered games (``scenario``, ``simulate``).
    When several games offer it, ``main.py NAME GAME ARGS`` picks one; otherwise each file or folder
    named goes to the game whose tool claims it, with the other arguments (options and their values)."""
    import importlib

    from game.platform import registry

    offers = {entry.id: importlib.import_module(module) for entry, module in registry.tool(name)}
    if rest and rest[0] in offers:
        return int(offers[rest[0]].run_cli(rest[1:]))
    if len(offers) == 1:
        return int(next(iter(offers.values())).run_cli(rest))
    paths = [arg for arg in rest if not arg.startswith("-") and Path(arg).exists()]
    options = [arg for arg in rest if arg not in paths]
    if not paths:
        print(f"{name}: name a game first ({', '.join(offers)}) or a file", file=sys.stderr)
        return 2
    status = 0
    claimed: set[str] = set()
    for tool in offers.values():
        claims = getattr(tool, "claims", None)
        mine = [path for path in paths if path not in claimed and claims is not None and claims(path)]
        claimed.update(mine)
        if mine:
            status = max(status, int(tool.run_cli([*options, *mine])))
    for path in (path for path in paths if path not in claimed):
        print(f"{name}: {_unclaimed_reason(Path(path), name)}", file=sys.stderr)
        status = max(status, 1)
    return status


def _unclaimed_reason(path: Path, tool_name: str) -> str:
    """Why no game took ``path``: its TOML does not read (with the place), or it is no game's file."""
    if path.is_file() and path.suffix.lower() == ".toml":
        from game.rules.core.datafile import ContentError, read_toml

        try:
            read_toml(path)
        except ContentError as error:
            return str(error)
    return f"{path}: no game's {tool_name} reads this file"


def _import_pygame_gui() -> None:
    """pygame_gui's translations (JSON files) come through python-i18n, which also imports PyYAML
    when it is installed: only the developers' extras bring it (for dask), and it costs 30 ms.
    It is kept out while pygame_gui loads; anything that asks for it later gets it."""
    if "pygame_gui" in sys.modules or "yaml" in sys.modules:
        return
    sys.modules["yaml"] = None  # type: ignore[assignment]  # "import yaml" raises ImportError
    try:
        import pygame_gui  # noqa: F401
    finally:
        del sys.modules["yaml"]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # Start-up builds thousands of long-lived objects (modules, classes, the board): the cycle
    # collector would walk them again and again for nothing. It runs again once the first frame
    # is on the screen (or written). Tools, checks and the headless host keep it: a balance batch
    # or a long hosted game leaves cycles to collect.
    opens_a_window = not argv or (argv[0].startswith("-") and "--validate" not in argv)
    if opens_a_window:
        gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _main(argv: list[str]) -> int:
    if argv and argv[0] == "host":  # network play with no window (docs/network.md)
        from game.net.cli import run_cli

        return run_cli(argv[1:])
    if argv and not argv[0].startswith("-"):
        from game.platform import registry

        if argv[0] in registry.tool_names():
            return run_tool(argv[0], argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.scene is not None and args.scene not in scene_names():
        parser.error(f"argument --scene: invalid choice: {args.scene!r} (choose from {', '.join(scene_names())})")
    if args.json and not args.validate:
        parser.error("argument --json: only with --validate")
    if args.allow_root:
        from game import roots

        for folder in args.allow_root:
            roots.add_root(folder)
    for folder in args.maps:
        from game.platform.map_sources import add_user_folder

        if not Path(folder).is_dir():
            parser.error(f"argument --maps: {folder} is not a folder")
        add_user_folder(folder)
    if args.validate:
        from game.platform.validate import validate_cli, validate_json

        return (validate_json if args.json else validate_cli)(args.validate, sys.stdout)
    if args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif not display_available():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.board.errors import MapFormatError, describe_error
    from game.table.saves import SaveError

    scene = pick_scene(args)
    board = state = save_path = None
    if scene == "table":  # the table is read before the window opens: a bad file costs no window
        try:
            board, state, save_path = load_table_source(args)
        except (MapFormatError, SaveError, OSError) as error:
            print(f"deadtable: {describe_error(error)}", file=sys.stderr)
            return 1
    elif args.save:
        from game.platform import envelope

        try:  # what is wrong with the save, before any window: its format, its board, its replay
            envelope.load_game(args.save)
        except envelope.SaveFileError as error:
            print(f"deadtable: {describe_error(error)}", file=sys.stderr)
            return 1

    import pygame

    _import_pygame_gui()
    from game.app.app import DeadtableApp, describe_load_error
    from game.platform.envelope import SaveFileError

    size = args.size or ((1920, 1080) if args.screenshot else (1280, 800))
    try:
        app = DeadtableApp(board, state, size=size, save_path=save_path)
    except pygame.error:
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 2
    if app.settings_problem:
        print(f"deadtable: {app.settings_problem}", file=sys.stderr)
    if args.screenshot:  # a picture is taken at the asked size, never full screen
        app.settings = app.settings.model_copy(update={"fullscreen": False})
    app.apply_settings()  # the saved language (else the system's), speed, hand and full screen
    if scene != "table":
        try:
            open_scene(app, scene, args)
        except (MapFormatError, SaveFileError, SaveError, ValueError, OSError) as error:
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
        app.run(after_first_frame=gc.enable)
    finally:
        pygame.quit()
    return 0
