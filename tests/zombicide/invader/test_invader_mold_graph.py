"""The board as Mold changes it, built from the configuration before (only the sight lines through a
zone whose Mold changed are cast again) is the board built afresh, whatever the order of changes."""

from __future__ import annotations

from pathlib import Path
from random import Random
from types import SimpleNamespace

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.boxes.invader.board import _build_variant, board_of, graph_in_play
from game.rules.zombicide.boxes.invader.state import ACTIVE, INACTIVE, NO_MOLD

GOLDEN = Path(__file__).resolve().parents[1] / "golden_missions"
SETUP = {"players": [{"seat": "A", "survivors": ["jared", "baraka", "cole"]},
                     {"seat": "B", "survivors": ["magnus", "vivian", "mitsuki"]}], "auto_wounds": True}


def _same_board(built, fresh) -> None:  # type: ignore[no-untyped-def]
    assert built.edges == fresh.edges
    assert built.adjacent == fresh.adjacent
    assert built.street_like == fresh.street_like
    assert built.sight == fresh.sight


@pytest.mark.parametrize("mission", ["inv-m0", "inv-m7", "inv-m8"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mold_added_turned_and_taken_away_gives_the_board_built_afresh(mission: str, seed: int) -> None:
    state = engine.setup(load_board(GOLDEN / f"{mission}.toml"), SETUP, 0)
    data = board_of(state.graph)
    base = data.base
    indoors = [z for z in range(base.zone_count) if not data.outdoor[z]]
    rng = Random(seed)
    mold = [NO_MOLD] * base.zone_count
    graph = graph_in_play(base, SimpleNamespace(mold=tuple(mold)))
    changed_openings = 0
    for _ in range(40):
        zone = rng.choice(indoors)
        mold[zone] = rng.choice((ACTIVE, ACTIVE, INACTIVE, NO_MOLD))
        graph = graph_in_play(graph, SimpleNamespace(mold=tuple(mold)))
        fresh = _build_variant(base, data, tuple(mold))
        _same_board(graph, fresh)
        changed_openings += len(fresh.edges) != len(base.edges)
    assert changed_openings > 0  # Mold opened walls along the way
