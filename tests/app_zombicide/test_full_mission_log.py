"""The log of a played mission: cards that place nobody in the zone they were drawn for say so."""

from __future__ import annotations

from pathlib import Path

from game.app.zombicide.event_text import describe, zone_names_for
from game.app.zombicide.game_save import mission_setup
from game.board.mission import load_board
from game.rules.zombicide import commands as ev
from game.rules.zombicide import engine

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "maps" / "missions" / "rm-tutorial-1.toml"


def test_bed_and_sewer_cards_say_nobody_appears_where_they_were_drawn():
    board = load_board(TUTORIAL)
    state = engine.setup(board, mission_setup(board, {"players": [{"seat": "A", "survivors": ["marta"]}]}), 1)
    names = zone_names_for(board)
    zone = next(z for z in board.zones if board.zones[z].label)
    deck = state.tables.catalog.zombie_deck
    for kind, words in (("sewer", "manhole"), ("bed", "bed")):
        card = next(c for c in deck if c.kind == kind)
        text = describe(ev.CardDrawn("zombie", str(card.number), zone), state, names)
        assert words in text and f"drawn for {names[zone]}, nobody appears there" in text, text
    spawn = next(c for c in deck if c.kind == "spawn" and c.blue)
    text = describe(ev.CardDrawn("zombie", str(spawn.number), zone), state, names)
    assert text.endswith(f"— for {names[zone]}.") and "nobody" not in text
