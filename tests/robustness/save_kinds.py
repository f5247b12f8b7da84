"""Every kind of save the game writes, each through its real save function: a plain table, a
Zombicide game, a Zombieworld game, a Zombieworld campaign and a saved band. Shared by the
save-failure tests and the processes
they start (``python -m tests.robustness.save_kinds KIND PATH [hold]``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from game.platform import envelope
from game.platform.envelope import SaveFileError
from game.rules.zombieworld.campaign import CampaignError
from game.table.saves import SaveError, load_table, save_table

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "fixtures" / "saves"
KINDS = ("table", "zombicide", "zombieworld", "campaign", "band")
ERRORS = (SaveError, SaveFileError, CampaignError)  # the games' own errors are subclasses of SaveFileError


def writer(kind: str) -> Callable[[Path, int], Path]:
    """``write(path, version)``: save this kind to ``path``; ``version`` changes what is written."""
    if kind == "table":
        state = load_table(SAMPLES / "table-current.json")

        def write_table(path: Path, version: int) -> Path:
            next(iter(state.pieces.values())).label = f"version {version}"
            return save_table(path, state)

        return write_table
    if kind == "zombicide":
        from game.app.zombicide.game_save import save_game

        loaded = envelope.load_game(SAMPLES / "zombicide-game-v1.json")
        return lambda path, version: save_game(path, loaded.session, extra={"version": version})
    if kind == "zombieworld":
        from game.app.zombieworld.saves import save_game as save_zombieworld

        loaded = envelope.load_game(SAMPLES / "zombieworld-game-rules2.json")
        return lambda path, version: save_zombieworld(path, loaded.session, loaded.board_path,
                                                      extra={"version": version})
    if kind == "campaign":
        from game.rules.zombieworld.campaign import load_campaign, save_campaign

        campaign = load_campaign(SAMPLES / "campaign-v2.json")
        return lambda path, version: (save_campaign(campaign.model_copy(update={"name": f"version {version}"}), path),
                                      path)[1]
    if kind == "band":
        from game.app.zombieworld.saves import write_band
        from game.rules.zombieworld.band import Band

        band = Band.from_json((SAMPLES / "band-v1.json").read_text(encoding="utf-8"), "band-v1.json")
        return lambda path, version: write_band(band.model_copy(update={"name": f"version {version}"}), path)
    raise ValueError(f"unknown kind of save {kind!r}")


def version_in(kind: str, path: Path) -> int:
    """Which version a save holds, after loading it whole."""
    if kind == "table":
        label = next(iter(load_table(path).pieces.values())).label
        return int(label.removeprefix("version "))
    if kind == "campaign":
        from game.rules.zombieworld.campaign import load_campaign

        return int(load_campaign(path).name.removeprefix("version "))
    if kind == "band":
        from game.rules.zombieworld.band import load_band

        return int(load_band(path).name.removeprefix("version "))
    return int(envelope.load_game(path).extra["version"])


def main(argv: list[str]) -> int:
    """Save ``KIND`` to ``PATH`` as version 1 and print the outcome in one line; with ``hold``, keep
    running (and so keep the slot) until stdin closes."""
    kind, path = argv[0], Path(argv[1])
    write = writer(kind)
    try:
        write(path, int(argv[3]) if len(argv) > 3 else 1)
    except ERRORS as error:
        print(f"refused: {error}", flush=True)
        return 0
    print("saved", flush=True)
    if len(argv) > 2 and argv[2] == "hold":
        sys.stdin.read()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
