"""``python main.py host SAVE|MISSION --port N``: a host with no window, for a machine that stays up.

It prints the addresses to give friends and the join code, then serves until Ctrl-C (or SIGTERM),
when the clients are told the host is closing. The game is saved after every command.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from game.net.host import Host, HostError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py host", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", metavar="SAVE|MISSION", help="a game save (.json) to resume, or a mission or map "
                                                               "to start a new game on")
    parser.add_argument("--port", type=int, default=8765, help="the port to listen on (0: any free one)")
    parser.add_argument("--bind", default="0.0.0.0", help="the address to listen on (127.0.0.1: this machine only)")
    parser.add_argument("--game", default=None, help="the game, when the map could be played by several")
    parser.add_argument("--setup", metavar="FILE.json", default=None,
                        help="the setup of a new game, as the game's saves write it (default: the mission's own)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of a new game")
    parser.add_argument("--code", default=None, help="the join code (default: a new random one, or the save's)")
    parser.add_argument("--save", metavar="PATH", default=None, help="where to autosave (default: the save resumed, "
                                                                     "or saves/net-GAME-CODE.json)")
    parser.add_argument("--bots", action="store_true", help="start at once: the seats nobody holds are played by "
                                                            "the game's bot")
    return parser


def run_cli(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        print(f"main.py host: --port {args.port} is not a port (0 to 65535)", file=sys.stderr)
        return 1
    setup_json = None
    if args.setup:
        try:
            setup_json = Path(args.setup).read_text(encoding="utf-8")
        except OSError as error:
            print(f"{args.setup}: cannot read the setup ({error.strerror or error})", file=sys.stderr)
            return 1
    try:
        host = Host.open(args.source, game=args.game, seed=args.seed, setup_json=setup_json, save_path=args.save,
                         code=args.code.upper() if args.code else None)
    except HostError as error:
        print(error, file=sys.stderr)
        return 1
    if args.bots:
        host.start_game()
    try:
        asyncio.run(_serve(host, args.port, args.bind))
    except OSError as error:
        print(f"main.py host: cannot listen on port {args.port} ({error.strerror or error})", file=sys.stderr)
        return 1
    return 0


async def _serve(host: Host, port: int, bind: str) -> None:
    await host.start(port, bind)
    print(f"Hosting {host.entry.name}: {host.title or host.board_ref}", flush=True)
    for address in host.addresses():
        print(f"  address: {address}", flush=True)
    print(f"  join code: {host.code}", flush=True)
    print(f"  saving to: {host.save_path}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
            loop.add_signal_handler(signal_number, stop.set)
    await stop.wait()
    await host.stop()
    print("The host closed.", flush=True)
