"""Bad input in the boxes' missions (issue 14 §5, issue 15 §5): a Green Horde mission naming a
missing tile, an unknown edge kind or a Trebuchet off the board; an Invader mission with a Machine off
the board, Mold on a missing zone or in an unknown state, an unknown Machine or an unknown scripted
event. Each gets one clear message naming the file and the place, from ``main.py --validate`` and
from the window (the game does not start, nothing crashes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.zombicide.new_game_scene import start_game
from game.platform.validate import validate_paths

REPO = Path(__file__).resolve().parents[2]
MISSIONS = REPO / "maps" / "missions"
SIEGE = "gh-06-breaking-the-siege.toml"
INVADER = "inv-m3.toml"

pytestmark = pytest.mark.usefixtures("tmp_path_roots")

# (mission, text replaced, by, the place named, words of the message)
BAD = [
    pytest.param(SIEGE, "green_horde/5R.tmx", "green_horde/99R.tmx", "modules[5]", "map file not found",
                 id="gh-missing-tile"),
    pytest.param(SIEGE, 'kind = "barrier"', 'kind = "moat"', "edges[0]", "'moat'", id="gh-unknown-edge-kind"),
    pytest.param(SIEGE, 'kind = "siege_engine"\nzone = "4R:yd-c"', 'kind = "siege_engine"\nzone = "4R:moat"',
                 "markers[2]", "module 4R has no zone 'moat'", id="gh-trebuchet-off-the-board"),
    pytest.param(SIEGE, 'kind = "siege_engine"\nzone = "4R:yd-c"', 'kind = "siege_engine"\nzone = "99Z:yd-c"',
                 "markers[2]", "names module 99Z", id="gh-trebuchet-on-a-missing-module"),
    pytest.param(INVADER, '"zone" = "inv-06V:c-nw"', '"zone" = "inv-99V:c-nw"', "machines[0]",
                 "no zone 'inv-99V:c-nw'", id="inv-machine-off-the-board"),
    pytest.param(INVADER, '"model" = "falchion_sentry_gun"', '"model" = "toaster"', "machines[0]",
                 "unknown machine 'toaster'", id="inv-unknown-machine"),
    pytest.param(INVADER, '"inv-02V:pad" = "active"', '"inv-77V:pad" = "active"', "mold",
                 "no zone 'inv-77V:pad'", id="inv-mold-on-a-missing-zone"),
    pytest.param(INVADER, '"inv-02V:pad" = "active"', '"inv-02V:pad" = "glowing"', "mold",
                 "'active' or 'inactive'", id="inv-unknown-mold-state"),
    pytest.param(INVADER, '"when" = "xeno_enters_exit"', '"when" = "xeno_dances"', "events",
                 "unknown event 'xeno_dances'", id="inv-unknown-event"),
    pytest.param("inv-m6.toml", 'xeno_cards = "easier"', "xeno_cards = [1, 16, 99]", "xeno_cards",
                 "no Xeno card #99", id="inv-unknown-xeno-card"),
    pytest.param("inv-m6.toml", 'xeno_cards = "easier"', "xeno_cards = [51, 52]", "xeno_cards",
                 "at least one card that spawns", id="inv-xeno-cards-that-spawn-nothing"),
]


def bad_mission(folder: Path, mission: str, old: str, new: str) -> Path:
    """A copy of a shipped mission with one fault, its tiles named where they are."""
    text = (MISSIONS / mission).read_text(encoding="utf-8")
    assert old in text, f"{mission} no longer holds {old!r}: update the test"
    text = text.replace(old, new, 1).replace('map = "../', f'map = "{MISSIONS.parent.as_posix()}/')
    path = folder / f"bad-{mission}"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("mission", "old", "new", "place", "words"), BAD)
def test_validate_names_the_file_and_the_place(tmp_path, mission, old, new, place, words):
    path = bad_mission(tmp_path, mission, old, new)
    problems = validate_paths([path])
    assert problems, "the fault went unnoticed"
    first = problems[0]
    assert first.path == str(path)
    assert place in f"{first.layer} {first.what}" and words in first.what


@pytest.mark.parametrize("mission", [SIEGE, INVADER])
def test_the_shipped_missions_the_faults_are_made_from_are_sound(mission):
    assert validate_paths([MISSIONS / mission]) == []


class MessageApp:
    """What ``start_game`` needs of the app: where its one message goes."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def show_message(self, title: str, text: str) -> None:
        self.messages.append((title, text))


@pytest.mark.parametrize(("mission", "old", "new", "place", "words"), BAD)
def test_the_window_refuses_to_start_with_one_message_naming_the_file(tmp_path, mission, old, new, place, words):
    path = bad_mission(tmp_path, mission, old, new)
    app = MessageApp()
    survivors = ["asim", "seli", "berin"] if mission == SIEGE else ["jared", "baraka", "cole"]
    assert start_game(app, path, {"players": [{"seat": "P1", "survivors": survivors}]}, seed=1) is False
    assert len(app.messages) == 1
    title, text = app.messages[0]
    assert title == "Could not start the game"
    assert str(path) in text and words in text and "\n" not in text


def _with_kinds(board, kinds):  # type: ignore[no-untyped-def]
    """``board`` with some zones of another kind (the zone graph is built from the kinds)."""
    import dataclasses

    zones = {zid: dataclasses.replace(zone, kind=kinds.get(zid, zone.kind)) for zid, zone in board.zones.items()}
    return dataclasses.replace(board, zones=zones)


def test_an_airlock_must_join_a_building_to_the_outdoors():
    """§3.2, §12.3: an Airlock with no outer door, or outdoor zones no Airlock leads to, are refused."""
    from game.board.mission import load_board
    from game.board.model import ZoneKind
    from game.rules.zombicide.boxes import box_rules
    from game.rules.zombicide.boxes.invader.board import board_of
    from game.rules.zombicide.boxes.invader.setup import airlock_problems
    from game.rules.zombicide.graph import graph_for

    rules = box_rules("invader")
    board = load_board(MISSIONS / INVADER)
    graph = graph_for(board, rules)
    assert airlock_problems(graph) == []
    outdoor = board_of(graph).outdoor
    locks = [zid for zid, zone in board.zones.items() if zone.kind == ZoneKind.AIRLOCK]
    touches_outside = {n for e in graph.edges for n, m in ((e.a, e.b), (e.b, e.a)) if outdoor[m]}
    inner = next(zid for n, zid in enumerate(graph.zone_ids)
                 if board.zones[zid].kind == ZoneKind.ROOM and n not in touches_outside)
    inland = airlock_problems(graph_for(_with_kinds(board, {inner: ZoneKind.AIRLOCK}), rules))
    assert [p for p in inland if inner in p] == [
        f"zone {inner!r} is an Airlock with no door to an outdoor zone: an Airlock joins a building to the outdoors "
        "(rules §3.2); add the outdoor zone beyond its outer door, or make it a room"]
    sealed = airlock_problems(graph_for(_with_kinds(board, {lock: ZoneKind.ROOM for lock in locks}), rules))
    assert len(sealed) == 1 and "no Airlock leads to them" in sealed[0]
