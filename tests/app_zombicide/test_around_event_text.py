"""The log's words: every engine event has a sentence, with real names and no hidden information."""

import dataclasses
import typing
from pathlib import Path
from random import Random

import pytest

from game import i18n
from game.app.zombicide.event_text import describe, described_event_types, zone_names_for
from game.board.mission import load_board
from game.rules.zombicide import commands as ev
from game.rules.zombicide import engine
from game.rules.zombicide.bots import greedy_bot
from game.rules.zombicide.boxes import box_rules

REPO = Path(__file__).resolve().parents[2]
SETUP = {"players": [{"seat": "A", "survivors": ["joe", "dan", "cathy"]},
                     {"seat": "B", "survivors": ["jane", "terry", "oso"]}]}


def event_classes():
    """Every event of a Rue Morgue game: the core's and the box's own."""
    return (*typing.get_args(typing.get_args(ev.Event)[0]), *box_rules("rue_morgue").events)


@pytest.fixture(scope="module")
def game():
    board = load_board(REPO / "maps" / "missions" / "city-3x3.toml")
    state = engine.setup(board, SETUP, 3)
    return board, state


def sample(cls, state):
    """An instance of an event class with believable values taken from the game."""
    zone = state.graph.zone_ids[state.survivors[0].zone]
    door = state.graph.edges[state.graph.doors[0]].connection_id
    values = {
        "survivor": "joe", "target": "dan", "zone": zone, "from_zone": zone, "to_zone": zone, "door": door,
        "zombie": "skinner_runner", "card": "crowbar", "deck": "equipment", "seat": "A", "first_seat": "A",
        "purpose": "attack", "what": "boarded", "team": "survivors", "tile": "8R", "level": "yellow",
        "skill": "plus_one_die:melee", "color": "blue", "decision": "wound", "phase": "zombies", "result": "won",
        "tent": "infirmary", "made": "molotov", "why": "card", "discarded": "crowbar", "ignored": False,
    }
    kwargs = {}
    for field in dataclasses.fields(cls):
        if field.name == "kind":
            continue
        if field.name in values:
            kwargs[field.name] = values[field.name]
        elif field.type in ("int", int):
            kwargs[field.name] = 2
        elif "tuple[int" in str(field.type):
            kwargs[field.name] = (6, 3)
        elif "tuple[str" in str(field.type):
            kwargs[field.name] = {"survivors": ("joe", "dan"), "cards": ("pistol", "", "wound"),
                                  "options": ("one", "two")}.get(field.name, ("joe",))
        else:
            kwargs[field.name] = "x"
    return cls(**kwargs)


def test_every_event_class_has_its_own_sentence(game):
    board, state = game
    names = zone_names_for(board)
    classes = event_classes()
    assert len(classes) >= 40
    assert set(classes) <= described_event_types()
    for cls in classes:
        text = describe(sample(cls, state), state, names)
        assert text and (text[0].isupper() or text[0].isdigit()) and text[-1] in ".!", (cls.__name__, text)
        assert cls.__name__ not in text  # not the fallback
        assert "_" not in text, (cls.__name__, text)  # ids are turned into names


def test_sentences_use_names_from_the_state_and_the_board(game):
    board, state = game
    names = zone_names_for(board)
    door = next(c.id for c in board.connections if c.id.startswith("door:8R:door-butcher"))
    assert describe(ev.DoorOpened(door, "dan"), state, names) == "Dan opens the door of Butcher."
    assert describe(ev.ZombieSpawned("8R:rm-e", "skinner_walker", 2), state, names) == \
        "2 Skinner Walkers appear in Butcher."
    assert describe(ev.ZombieMoved("8R:st-c", "8R:rm-e", "skinner_fatty", 1), state, names) == \
        "Skinner Fatty shambles from the street outside Butcher to Butcher."
    assert describe(ev.DiceRolled("attack", (6, 1, 4), "joe"), state) == "Joe rolls: [6] [1] [4]."
    # the spawn dice say which zones draw cards, by the names the board shows (no locator numbers)
    # (Nine Blocks: one face a red spawn zone, 1 to 3; a 4 names none)
    assert describe(ev.DiceRolled("spawn", (2, 4, 1, 2)), state, names) == (
        f"The spawn dice roll 2, 4, 1, 2: 1 card for {names['1R:st-n']}, 2 cards for {names['7R:st-w']}.")
    assert describe(ev.DiceRolled("spawn", (3,)), state, names) == f"The spawn dice roll 3: 1 card for {names['9R:st-e']}."
    assert describe(ev.SurvivorWounded("cathy", 1, "crowbar"), state) == "Cathy is wounded, losing Crowbar (1 wound)."
    assert describe(ev.GameEnded("won"), state).startswith("Victory")
    assert describe(ev.SkillGained("joe", "plus_one_die:melee"), state) == "Joe learns +1 die: melee."


def test_a_zombie_card_says_what_it_spawns_at_the_current_danger_level(game):
    _, state = game
    card = next(c for c in state.tables.catalog.zombie_deck if c.kind == "spawn" and c.blue)
    text = describe(ev.CardDrawn("zombie", str(card.number), "8R:rm-e"), state)
    zombie_name = state.tables.catalog.zombie(card.blue[0].zombie).name
    assert f"Zombie card {card.number} (blue)" in text and zombie_name.split()[0] in text


def test_a_whole_game_is_told_without_a_fallback(game):
    board, state = game
    names = zone_names_for(board)
    rng = Random(3)
    told = set()
    for _ in range(1500):
        if state.result is not None:
            break
        seat = min(engine.current_seats(state))
        command = greedy_bot(state, seat, engine.legal_commands(state, seat), rng)
        state, events = engine.apply(state, seat, command)
        for event in events:
            text = describe(event, state, names)
            assert type(event).__name__ not in text and "_" not in text, text
            told.add(type(event))
    assert {ev.SurvivorMoved, ev.ZombieSpawned, ev.PhaseStarted} <= told


def test_unknown_ids_still_read(game):
    assert describe(ev.SurvivorMoved("nobody_here", "Q:1", "Q:2", 1)) == "Nobody Here moves from Q:1 to Q:2 (1 action)."
    assert describe(ev.ZombieSpawned("Q:1", "space_ghoul", 3), None) == "3 Space Ghouls appear in Q:1."


@pytest.mark.parametrize("mission", ["city-3x3", "rm-tutorial-1", "rm-airlift", "safehouse-3x2"])
def test_zone_names_speak_like_a_player(mission):
    """No module or zone ids in the names, and no two zones of a board share one."""
    board = load_board(REPO / "maps" / "missions" / f"{mission}.toml")
    names = zone_names_for(board)
    assert set(names) == set(board.zones)
    assert len(set(names.values())) == len(names)
    for zone_id, name in names.items():
        module, _, local = zone_id.partition(":")
        assert zone_id not in name and f"({module})" not in name and local not in name.split(), (zone_id, name)
        zone = board.zones[zone_id]
        if zone.label:
            assert name.startswith(zone.label)
        else:
            assert name.startswith("the ")


def test_an_unlabelled_zone_is_named_by_the_room_beside_it():
    board = load_board(REPO / "maps" / "missions" / "rm-tutorial-1.toml")
    names = zone_names_for(board)
    hallway = next(c for c in board.connections if "2V:hl-c" in (c.a, c.b) and board.zones[c.other("2V:hl-c")].label)
    assert names["2V:hl-c"].startswith("the hallway ")
    assert any(board.zones[z].label in names["2V:hl-c"] for z in (hallway.a, hallway.b))


def test_an_event_trigger_is_told_by_the_rooms_it_wakes_not_by_its_tile():
    from game.rules.zombicide.boxes.rue_morgue.commands import EventTriggered

    board = load_board(REPO / "maps" / "missions" / "rm-tutorial-1.toml")
    state = engine.setup(board, {"players": [{"seat": "A", "survivors": ["marta"]}]}, 3)
    names = zone_names_for(board)
    text = describe(EventTriggered("2V", "marta"), state, names)
    assert "2V" not in text and "tile" not in text
    where = names[state.graph.zone_ids[state.survivors[0].zone]]
    assert text.startswith(f"Marta Quiroga sets off the event trigger in {where}: zombies come into ")
    for room in ("Triage", "Room 201", "Room 203"):  # the names written on the tile's rooms
        assert room in text


def test_every_zone_kind_of_the_shipped_missions_is_named_in_spanish() -> None:
    """A zone named after its kind says the kind in the player's language: Invader's exit was "corridor
    frente a Taller" in Spanish."""
    from game.app.zombicide.event_text import KIND_WORDS

    missions = sorted((Path(__file__).resolve().parents[2] / "maps" / "missions").glob("*.toml"))
    kinds = {str(zone.kind) for path in missions for zone in load_board(path).zones.values()}
    assert kinds - set(KIND_WORDS) == set()
    i18n.set_language("es")
    try:
        names = zone_names_for(load_board(missions[0].parent / "inv-m0.toml"))
    finally:
        i18n.set_language("en")
    assert names["inv-02R:c-e"] == "el pasillo frente a Taller"


@pytest.mark.parametrize("mission", sorted(path.stem for path in (REPO / "maps" / "missions").glob("*.toml")))
def test_a_zone_name_says_where_it_lies_once(mission):
    """A zone named by where it lies on the board and among its namesakes says a direction once when
    both are the same ("the corridor (west)", not "the corridor (west, west)"), and names stay unique."""
    board = load_board(REPO / "maps" / "missions" / f"{mission}.toml")
    names = zone_names_for(board)
    assert len(set(names.values())) == len(names)
    for name in names.values():
        if name.endswith(")") and ", " in name:
            first, _, second = name[name.rindex("(") + 1:-1].partition(", ")
            assert first != second, name
