"""A command's round trip as the window plays it: ``RemoteSession.play`` sends the command, the host
(a ``HostThread`` on 127.0.0.1) applies it and answers, and the update is decoded into the state
the screen draws. The Zombicide tutorial, the second seat a bot; target p95 ≤ 20 ms."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench import percentile

MISSION = Path(__file__).resolve().parent.parent / "maps" / "missions" / "rm-tutorial-1.toml"
COMMANDS = 40
WAIT_S = 30.0


def run() -> list[str]:
    from game.app.net.start import host_game, remote_session
    from game.net.protocol import Lobby, Update

    with tempfile.TemporaryDirectory() as saves:
        hosting, link = host_game(MISSION, 0, "bench", Path(saves))
        try:
            link.wait_for(lambda m: isinstance(m, Lobby), WAIT_S)
            hosting.start_now()
            link.wait_for(lambda m: isinstance(m, Lobby) and m.started, WAIT_S)
            _entry, session = remote_session(link)
            first = link.wait_for(lambda m: isinstance(m, Update), WAIT_S)
            if first is not None:
                session.receive(first)
            times: list[float] = []
            for _ in range(COMMANDS):
                deadline = time.monotonic() + WAIT_S
                while not session.legal_commands(session.seat) and time.monotonic() < deadline:
                    update = link.wait_for(lambda m: isinstance(m, Update), 1.0)
                    if update is not None:
                        session.receive(update)
                legal = session.legal_commands(session.seat)
                if not legal or session.result:
                    break
                command = next((c for c in legal if c.kind == "move"), None) or \
                    next((c for c in legal if c.kind == "end_turn"), legal[0])
                start = time.perf_counter()
                session.play(session.seat or "", command)
                times.append((time.perf_counter() - start) * 1000)
        finally:
            link.close()
            hosting.stop()
    if not times:
        return ["no command was played"]
    return [f"{len(times)} commands from the window's RemoteSession: p50 {percentile(times, 0.5):.1f} ms, "
            f"p95 {percentile(times, 0.95):.1f} ms (target p95 ≤ 20 ms), max {max(times):.1f} ms"]
