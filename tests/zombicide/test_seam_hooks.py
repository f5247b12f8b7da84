"""The seam's later extension points, each proven by a probe box registered from this test (built on
the toy box's content): richer content models, wounds counted the box's way and decoys, the moments
(turn started, objective taken, experience gained, the settle step), running short of miniatures,
which spawn zones draw, the board changed in play, doors anyone works and zombies that break them,
weapons (reach, readiness, dice, re-rolls, how hits land, kill-everything), slots, searching, and
refusals that strike the legal lists. Nothing in ``game/`` knows the probe box."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any, Literal

import pytest
from boards import arrange, end_turns, new_game, sketch_board, survivor, zombies_at, zone_of
from toy_box import CONTENT
from toy_box import RULES as TOY_RULES

from game.board.model import ConnectionKind
from game.rules.core.base import IllegalCommand
from game.rules.zombicide import engine
from game.rules.zombicide.bots import planner_bot
from game.rules.zombicide.boxes import (
    BotAdvice,
    DoorRules,
    InventoryRules,
    WoundRules,
    register_box,
    unregister_box,
)
from game.rules.zombicide.catalog import Equipment, Skill, Survivor, load_catalog
from game.rules.zombicide.commands import (
    Attack,
    ChooseOption,
    CloseDoor,
    Discard,
    EndTurn,
    MakeNoise,
    Move,
    OpenDoor,
    Search,
    TakeObjective,
)
from game.rules.zombicide.graph import build_graph
from game.rules.zombicide.sketch import sketch_board as library_sketch
from game.rules.zombicide.state import Pending

PROBE = "probe"
ALONE = {"A": ["ada"]}
Game = Any


PROBE_ROOT: list[Path] = []  # the probe's content: the toy box's files in a folder of its name


@pytest.fixture(scope="module", autouse=True)
def _probe_content(tmp_path_factory):  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("content")
    shutil.copytree(CONTENT / "toy", root / PROBE)
    PROBE_ROOT[:] = [root]
    yield
    PROBE_ROOT.clear()


def probe(**changes: Any) -> Any:
    """The toy box with some hooks set, registered as the probe box for one test."""
    changes.setdefault("content_root", PROBE_ROOT[0])
    rules = replace(TOY_RULES, name=PROBE, **changes)
    register_box(PROBE, "Probe box", rules)
    return rules


@pytest.fixture(autouse=True)
def _forget_probe():
    yield
    unregister_box(PROBE)


def game(board, seats=ALONE, **setup):  # type: ignore[no-untyped-def]
    return new_game(board, seats, 1, box=PROBE, **setup)



LINE = sketch_board("s s s s", markers=[("start", (0, 0)), ("spawn", (0, 3))])


# --- content ------------------------------------------------------------------------------------


class ArmouredSurvivor(Survivor):
    armour: int = 2


class LoadedEquipment(Equipment):
    slot: Literal["hand", "body", "any"] = "any"


class WideSkill(Skill):
    parameter: str | None = None  # type: ignore[assignment]


def test_a_box_reads_its_own_models_and_skill_parameters(tmp_path: Path) -> None:
    from game.rules.zombicide.boxes import ContentExtension
    from game.rules.zombicide.catalog import ContentError

    root = tmp_path / "content"
    shutil.copytree(CONTENT / "toy", root / PROBE)
    survivors = root / PROBE / "survivors.toml"
    survivors.write_text(survivors.read_text().replace('id = "ada"', 'id = "ada"\narmour = 5'), encoding="utf-8")
    equipment = root / PROBE / "equipment.toml"
    equipment.write_text(equipment.read_text().replace('id = "crowbar"', 'id = "crowbar"\nslot = "hand"'), encoding="utf-8")
    skills = root / PROBE / "skills.toml"
    skills.write_text(skills.read_text() + '\n[[skill]]\nid = "remote"\nname = "Remote"\ncategory = "actions"\n'
                      'parameter = "machine"\ndescription = "Works a machine."\n', encoding="utf-8")
    content = ContentExtension(equipment_model=LoadedEquipment, survivor_model=ArmouredSurvivor,
                               skill_model=WideSkill, skill_parameters={"machine": frozenset({"robot"})})
    probe(content=content, content_root=root)
    catalog = load_catalog(PROBE, root)
    assert catalog.survivor("ada").armour == 5 and catalog.survivor("bo").armour == 2
    assert catalog.equipment("crowbar").slot == "hand"
    bo = survivors.read_text().replace('blue = ["slippery"]', 'blue = ["remote:robot"]')
    survivors.write_text(bo, encoding="utf-8")
    assert load_catalog(PROBE, root).survivor("bo").blue[0].text == "remote:robot"
    survivors.write_text(bo.replace("remote:robot", "remote:toaster"), encoding="utf-8")
    with pytest.raises(ContentError, match="machine parameter"):
        load_catalog(PROBE, root)


# --- wounds and decoys --------------------------------------------------------------------------


class HeavyBlows(WoundRules):
    """Every attack is two wounds; a survivor falls at four; a decoy in the zone takes blows too."""

    def limit(self, game: Game, i: int) -> int:
        return 4

    def zombie_attack(self, game: Game, i: int, slot: int, t: int) -> None:
        game.wound(i, slot)
        game.wound(i, slot)

    def decoy_options(self, game: Game, zone: int) -> tuple[list[str], list[tuple[int, ...]]]:
        if zone in game.box_state.beacons:
            return ["the scarecrow takes it"], [(-1, zone)]
        return [], []

    def decoy_attack(self, game: Game, payload: tuple[int, ...], t: int) -> None:
        game.box_state = replace(game.box_state, beacons=tuple(z for z in game.box_state.beacons if z != payload[1]))


def test_wounds_counted_the_box_way() -> None:
    probe(wounds=HeavyBlows())
    state = arrange(game(LINE), zombies={"r0c0": {"walker": 1}})
    state = end_turns(state)
    ada = survivor(state, "ada")
    assert ada.wounds == 2 and ada.alive
    state = end_turns(state)
    assert not survivor(state, "ada").alive


def test_decoys_draw_the_zombies_and_take_their_attacks() -> None:
    probe(wounds=HeavyBlows(), decoys=lambda g: g.box_state.beacons)
    state = game(LINE)
    state = replace(state, box_state=replace(state.box_state, beacons=(3,)))
    state = arrange(state, zombies={"r0c2": {"walker": 1}, "r0c3": {"walker": 1}})
    state = end_turns(state)
    # the walker in r0c3 attacked the decoy (gone now); the one in r0c2 walked to it, not to Ada
    assert state.box_state.beacons == ()
    assert zombies_at(state, "r0c3") == {"walker": 2} and survivor(state, "ada").wounds == 0


# --- moments ------------------------------------------------------------------------------------


def test_turn_objective_experience_and_settle_moments() -> None:
    told: list[tuple[str, Any]] = []

    def settle(g: Game) -> None:
        if g.survivors[0].zone == 3:
            g.finish("lost")

    probe(
        turn_started=lambda g, i: told.append(("turn", g.survivors[i].id)),
        objective_taken=lambda g, i, n: told.append(("objective", n)),
        gained_xp=lambda g, i, before, after: told.append(("xp", (before, after, g.survivors[i].xp))),
        settle=settle,
    )
    board = sketch_board("s s s s", markers=[("start", (0, 0)), ("objective", (0, 0)), ("spawn", (0, 2))])
    state = game(board)
    state, _ = engine.apply(state, "A", TakeObjective("ada"))
    assert told == [("turn", "ada"), ("xp", (0, 5, 5)), ("objective", 0)]
    state, _ = engine.apply(state, "A", Move("ada", "r0c1"))
    state, _ = engine.apply(state, "A", Move("ada", "r0c2"))
    state = end_turns(state)
    state = arrange(state, survivors={"ada": {"zone": "r0c2"}})
    state, events = engine.apply(state, "A", Move("ada", "r0c3"))
    assert state.result == "lost" and events[-1].kind == "game_ended"


def test_short_of_miniatures_and_spawn_zones_the_box_chooses() -> None:
    short: list[tuple[int, int, int]] = []
    probe(short_of_miniatures=lambda g, zone, t, missing: short.append((zone, t, missing)),
          spawn_active=lambda g, point: point.color == "green")
    board = sketch_board("s s s", markers=[("start", (0, 0)), ("spawn", (0, 1)), ("spawn", (0, 2), {"color": "green"})])
    state = arrange(game(board), zombie_top=(1,))
    state = end_turns(state)
    assert zombies_at(state, "r0c1") == {} and zombies_at(state, "r0c2") == {"walker": 1}  # the green zone alone
    assert short == []
    state = arrange(replace(state, supply=(0,) + state.supply[1:]), zombie_top=(1,))
    state = end_turns(state)
    assert short == [(2, 0, 1)]  # no walker left: the box's rule, not the core's extra activation


def test_goal_steps_of_the_box_join_the_cores() -> None:
    from game.rules.zombicide.queries import GoalProgress

    probe(goal_steps=lambda state: (GoalProgress("light_beacons", len(state.box_state.beacons), 2, False),))
    progress = engine.goal_progress(game(LINE, goals=["take_all_objectives"]))
    assert [p.goal for p in progress] == ["take_all_objectives", "light_beacons"]


# --- the board in play ----------------------------------------------------------------------------


WALLED = sketch_board("s|s", markers=[("start", (0, 0)), ("spawn", (0, 1))])


def _opened(graph: Any, box_state: Any) -> Any:
    """A wall opens once a beacon burns: the probe's board changes with its state."""
    if not box_state.beacons:
        return graph
    from game.board.model import Connection

    gap = Connection(id="gap", a="r0c0", b="r0c1", kind=ConnectionKind.OPEN, segment=((10.0, 0.0), (10.0, 10.0)))
    return build_graph(replace(WALLED, connections=WALLED.connections + (gap,)), None)


def test_the_board_changes_in_play_and_the_state_keeps_it() -> None:
    from toy_box import LightBeacon

    def light(g: Game, i: int, command: Any) -> None:
        TOY_RULES.commands[LightBeacon](g, i, command)
        g.graph = _opened(g.graph, g.box_state)

    probe(board_in_play=_opened, commands={LightBeacon: light})
    state = game(WALLED)
    assert Move("ada", "r0c1") not in engine.legal_commands(state, "A")
    lit = replace(state, box_state=replace(state.box_state, beacons=(0,)))
    assert engine.setup(WALLED, {"box": PROBE, "players": [{"seat": "A", "survivors": ["ada"]}]}, 1).graph is state.graph
    state, _ = engine.apply(state, "A", LightBeacon("ada"))
    assert state.graph is not lit.graph and Move("ada", "r0c1") in engine.legal_commands(state, "A")
    state, _ = engine.apply(state, "A", Move("ada", "r0c1"))
    assert zone_of(state, "ada") == "r0c1"


# --- doors --------------------------------------------------------------------------------------


DOORWAY = sketch_board("sdr", markers=[("start", (0, 0)), ("spawn", (0, 1))])


def test_doors_anyone_opens_and_closes_for_free_as_the_box_allows() -> None:
    worked: list[tuple[int, bool]] = []
    probe(doors=DoorRules(anyone=True, free=True, spawns_buildings=False,
                          usable=lambda s, i, door, closing: "jammed" if s.noise[0] >= 2 else "",
                          worked=lambda g, i, door, closing: worked.append((door, closing))))
    state = game(DOORWAY)
    door = state.graph.edges[state.graph.doors[0]].connection_id
    assert OpenDoor("ada", door) in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", OpenDoor("ada", door))
    ada = survivor(state, "ada")
    assert state.doors_open == (True,) and ada.actions_left == 3 and worked == [(0, False)]
    assert not any(e.kind == "zombie_spawned" for e in events)  # no building spawn
    assert CloseDoor("ada", door) in engine.legal_commands(state, "A")
    state, _ = engine.apply(state, "A", CloseDoor("ada", door))
    assert state.doors_open == (False,) and worked[-1] == (0, True)
    state = arrange(state, noise={"r0c0": 2})
    assert OpenDoor("ada", door) not in engine.legal_commands(state, "A")
    with pytest.raises(IllegalCommand, match="jammed"):
        engine.apply(state, "A", OpenDoor("ada", door))


def test_zombies_break_a_closed_door_in_their_way() -> None:
    broken: list[str] = []
    probe(zombies_break_doors=True, door_broken=lambda g, edge: broken.append(edge.connection_id))
    state = arrange(game(DOORWAY), zombies={"r0c1": {"walker": 1}}, zombie_top=(3, 3))  # no spawn at blue
    state = end_turns(state)
    door = state.graph.edges[state.graph.doors[0]].connection_id
    assert state.doors_open == (True,) and broken == [door]
    assert zombies_at(state, "r0c1") == {"walker": 1}  # the move went into the door
    state = end_turns(state)
    assert zombies_at(state, "r0c0") == {"walker": 1}


# --- weapons ------------------------------------------------------------------------------------


def test_weapon_reach_readiness_dice_rerolls_and_hits_the_box_way() -> None:
    landed: list[tuple[int, ...]] = []

    def land(g: Game, i: int, target: int, fired: Any, attack: str, priority: Any, values: tuple[int, ...]) -> bool:
        landed.append(values)
        return True

    probe(
        weapon_range=lambda s, who, weapon: (0, 3),
        weapon_unusable=lambda s, i, slot, target: "too far" if target == 3 else "",
        attack_dice=lambda s, who, target, fired, attack, part: 2,
        rerolls=lambda s, who, fired, used: () if "luck" in used else (("luck", "a lucky charm"),),
        land_hits=land,
    )
    state = arrange(game(LINE), survivors={"ada": {"hand": ["pistol", ""]}},
                    zombies={"r0c2": {"walker": 1}, "r0c3": {"walker": 1}}, dice=[1, 1, 1, 6, 6, 6])
    legal = engine.legal_commands(state, "A")
    assert Attack("ada", 0, "r0c2") in legal and Attack("ada", 0, "r0c3") not in legal
    with pytest.raises(IllegalCommand, match="too far"):
        engine.apply(state, "A", Attack("ada", 0, "r0c3"))
    state, _ = engine.apply(state, "A", Attack("ada", 0, "r0c2"))
    assert state.pending is not None and "a lucky charm" in state.pending.options[1]
    state, _ = engine.apply(state, "A", ChooseOption(1))
    assert landed == [(6, 6, 6)] and zombies_at(state, "r0c2") == {"walker": 1}


def test_a_kill_everything_weapon_burns_the_box_way() -> None:
    burned: list[int] = []
    probe(burn=lambda g, i, target, card: burned.append(target))
    catalog = load_catalog(PROBE, PROBE_ROOT[0])
    torch = Equipment(id="torch", name="Torch", token="card_torch", kind="weapon", attack="ranged", range_min=1,
                      range_max=1, kills_everything=True, deck_count=1)
    catalog = catalog.model_copy(update={"equipment_cards": catalog.equipment_cards + (torch,)})
    state = arrange(new_game(LINE, ALONE, 1, catalog=catalog, box=PROBE), survivors={"ada": {"hand": ["torch", ""]}},
                    zombies={"r0c1": {"walker": 2}})
    state, _ = engine.apply(state, "A", Attack("ada", 0, "r0c1"))
    assert burned == [1] and zombies_at(state, "r0c1") == {"walker": 2}


# --- slots, searching, refusals -------------------------------------------------------------------


ROOM = sketch_board("sor", markers=[("start", (0, 1)), ("spawn", (0, 0))])


def test_slots_a_card_fits_and_cards_a_survivor_keeps() -> None:
    from game.rules.zombicide.commands import Rearrange

    class NoPistolInHand(InventoryRules):
        def fits(self, tables: Any, survivor_id: str, slot: int, equipment: Any) -> bool:
            return slot >= 2 or equipment.id != "pistol"

    probe(inventory=NoPistolInHand(),
          keeps=lambda g, i, slot: "never without it" if slot == 2 else "")
    state = arrange(game(ROOM), survivors={"ada": {"hand": ["", ""], "reserve": ["crowbar"]}}, equipment_top=["pistol"])
    with pytest.raises(IllegalCommand, match="never without it"):
        engine.apply(state, "A", Discard("ada", 2))
    state, _ = engine.apply(state, "A", Search("ada"))
    assert state.pending is not None and all("in hand" not in option for option in state.pending.options)
    state, _ = engine.apply(state, "A", ChooseOption(state.pending.options.index("keep Pistol in reserve (slot 3)")))
    slots = survivor(state, "ada").slots
    pistol = slots[3]
    assert state.card_kinds[pistol] == "pistol"
    swapped = (pistol, slots[1], slots[2], -1) + slots[4:]
    with pytest.raises(IllegalCommand, match="cannot go in Ada's hand slot"):
        engine.apply(state, "A", Rearrange("ada", swapped))


def test_searching_who_where_how_many_and_cards_that_act_at_once() -> None:
    acted: list[str] = []

    def at_once(g: Game, i: int, card: int) -> Any:
        if g.card_kinds[card] == "crowbar":
            acted.append("crowbar")
            return []
        return None

    probe(may_search=lambda s, i: s.survivors[i].zone == 0, search_draws=lambda s, i: 2, searched_card=at_once)
    state = arrange(game(ROOM), survivors={"ada": {"zone": "r0c1"}})
    assert Search("ada") not in engine.legal_commands(state, "A")
    with pytest.raises(IllegalCommand, match="cannot search here"):
        engine.apply(state, "A", Search("ada"))
    state = arrange(state, survivors={"ada": {"zone": "r0c0"}}, equipment_top=["crowbar", "pistol"])
    assert Search("ada") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Search("ada"))
    assert acted == ["crowbar"] and [e.card for e in events if e.kind == "card_drawn"] == ["crowbar", "pistol"]
    assert state.pending is not None and state.pending.kind == "keep_card"
    assert state.card_kinds[state.pending.card] == "pistol"


def test_what_the_box_refuses_is_not_listed() -> None:
    probe(refuses=lambda g, i, command: "hush" if isinstance(command, MakeNoise) else "", refuses_listed=True)
    state = game(LINE)
    legal = engine.legal_commands(state, "A")
    assert MakeNoise("ada") not in legal and EndTurn("ada") in legal and Move("ada", "r0c1") in legal


# --- sketches -----------------------------------------------------------------------------------


def test_sketches_draw_corridors_the_outdoors_airlocks_and_special_rooms() -> None:
    board = library_sketch("C C O\n    o\nS=A X")
    kinds = {zone_id: zone.kind.value for zone_id, zone in board.zones.items()}
    assert kinds == {"r0c0": "corridor", "r0c1": "corridor", "r0c2": "outdoor", "r1c0": "security_room",
                     "r1c1": "airlock", "r1c2": "oxygen_room"}
    pairs = {frozenset((c.a, c.b)) for c in board.connections}
    assert frozenset(("r0c0", "r0c1")) in pairs and frozenset(("r0c1", "r0c2")) not in pairs
    assert frozenset(("r1c0", "r1c1")) in pairs



# --- bots ---------------------------------------------------------------------------------------

SQUARE = sketch_board("s s\n   \ns s", markers=[("start", (0, 0)), ("spawn", (1, 1))])


def test_the_planner_goes_where_the_box_sends_it_round_what_the_box_blocks() -> None:
    def far_corner(state: Any, core: list[list[int]]) -> list[list[int]]:
        return [[state.graph.index["r1c1"]]]

    for blocked_id, detour in (("r0c1", "r1c0"), ("r1c0", "r0c1")):
        probe(bot=BotAdvice(targets=far_corner,
                            blocked=lambda state, zone, b=blocked_id: zone == state.graph.index[b]))
        state = game(SQUARE)
        command = planner_bot(state, "A", engine.legal_commands(state, "A"), Random(1))
        assert isinstance(command, Move) and (command.via or (command.to,))[0] == detour, command
        unregister_box(PROBE)


def test_the_planner_plays_the_box_tactics_first_and_asks_it_for_its_decisions() -> None:
    def noise(state: Any, i: int, commands: Any, route: Any) -> Any:
        return next(c for c in commands if isinstance(c, MakeNoise))

    probe(bot=BotAdvice(tactics=(("free_help", noise),)))
    state = game(LINE)
    assert planner_bot(state, "A", engine.legal_commands(state, "A"), Random(1)) == MakeNoise("ada")
    probe(bot=BotAdvice(decisions={"box_question": lambda state: 1, "wound": lambda state: 1}))
    state = replace(game(LINE), pending=Pending("box_question", "A", 0, ("no", "yes"), ((), ())))
    assert planner_bot(state, "A", [ChooseOption(0), ChooseOption(1)], Random(1)) == ChooseOption(1)
    state = replace(game(LINE), pending=Pending("wound", "A", -1, ("ada", "bo"), ((0, -1), (0, -1))))
    assert planner_bot(state, "A", [ChooseOption(0), ChooseOption(1)], Random(1)) == ChooseOption(1)  # a core kind


# --- words the window reads ---------------------------------------------------------------------


def test_the_goals_box_words_a_goal_of_the_box() -> None:
    from game.rules.zombicide.queries import GoalProgress

    probe(goal_words=lambda goal, words: f"Light {goal.total} beacons" if goal.goal == "beacons" else None)
    state = game(LINE)
    assert state.box.goal_words(GoalProgress("beacons", 0, 2, False), None) == "Light 2 beacons"
    assert state.box.goal_words(GoalProgress("take_all_objectives", 0, 2, False), None) is None

