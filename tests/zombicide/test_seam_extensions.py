"""The seam's extension points that the second box needed, each proven by a tiny box of this test's
own (the toy box with one more hook): richer equipment and survivor models, edge kinds a box
redefines, a graph changed mid-game, survivors who skip dearer crossings, steps a walk reports,
spawn zones a box keeps, zombie kinds that walk their own way, attacks and hits a box resolves,
slot rules, door rolls, extra dice, ready weapons, experience and objectives a box rewards, its
own goals, scenario facts and bot tactics."""

from __future__ import annotations

import dataclasses
import shutil
from dataclasses import replace
from typing import Literal

import pytest
from boards import arrange, end_turns, new_game, sketch_board, survivor, zone_of
from toy_box import CONTENT, RULES, TOY_ID, LightBeacon

from game.board.model import ConnectionKind, ZoneKind
from game.rules.core.frozen import record
from game.rules.zombicide import engine
from game.rules.zombicide.boxes import (
    CROSS_FREELY,
    CROSS_NEVER,
    ContentExtension,
    Crossing,
    EdgeKind,
    InventoryRules,
    PhaseStep,
    WoundRules,
    ZoneKindRule,
    register_box,
    unregister_box,
)
from game.rules.zombicide.catalog import Equipment, Survivor, load_catalog
from game.rules.zombicide.commands import Move
from game.rules.zombicide.game import Game
from game.rules.zombicide.graph import graph_for

TINY = "tiny"


class ArmouredEquipment(Equipment):
    armour: int = 0


class SlottedSurvivor(Survivor):
    body_card: str = ""


_MADE = [0]


@pytest.fixture(scope="module")
def tiny_root(tmp_path_factory):
    """Where the tiny boxes' content goes (a copy of the toy box's for each)."""
    return tmp_path_factory.mktemp("content")


@pytest.fixture
def tiny_box(tiny_root, monkeypatch):
    """Register the toy box again, as a new box with the hooks a test gives (``TINY`` names it in
    the test); unregistered after it. Each gets its own name: boards keep a graph per box name."""
    made: list[str] = []

    def register(**hooks):  # type: ignore[no-untyped-def]
        _MADE[0] += 1
        name = f"tiny{_MADE[0]}"
        hooks.setdefault("content_root", tiny_root)
        shutil.copytree(CONTENT / TOY_ID, hooks["content_root"] / name)
        rules = dataclasses.replace(RULES, name=name, **hooks)
        register_box(name, "Tiny box", rules)
        monkeypatch.setitem(globals(), "TINY", name)
        made.append(name)
        return rules

    yield register
    for box in made:
        unregister_box(box)


def test_a_box_reads_equipment_and_survivors_with_richer_models(tiny_box, tmp_path):
    tiny_box(content_root=tmp_path, content=ContentExtension(equipment_model=ArmouredEquipment,
                                                            survivor_model=SlottedSurvivor))
    equipment = (tmp_path / TINY / "equipment.toml").read_text()
    (tmp_path / TINY / "equipment.toml").write_text(equipment.replace('id = "pistol"', 'id = "pistol"\narmour = 4'))
    survivors = (tmp_path / TINY / "survivors.toml").read_text()
    (tmp_path / TINY / "survivors.toml").write_text(survivors.replace('id = "bo"', 'id = "bo"\nbody_card = "pistol"'))
    catalog = load_catalog(TINY, tmp_path)
    assert isinstance(catalog.equipment("pistol"), ArmouredEquipment)
    assert catalog.equipment("pistol").armour == 4 and catalog.equipment("crowbar").armour == 0
    assert isinstance(catalog.survivor("bo"), SlottedSurvivor) and catalog.survivor("bo").body_card == "pistol"


def test_without_the_richer_models_an_unknown_field_is_refused(tiny_box, tmp_path):
    from game.rules.core.datafile import ContentError

    tiny_box(content_root=tmp_path)
    equipment = (tmp_path / TINY / "equipment.toml").read_text()
    (tmp_path / TINY / "equipment.toml").write_text(equipment.replace('id = "pistol"', 'id = "pistol"\narmour = 4'))
    with pytest.raises(ContentError, match="armour"):
        load_catalog(TINY, tmp_path)


# --- edges, graphs and walks ------------------------------------------------------------------------


# two flooded zones, a street behind a barrier, a street beyond
POND = sketch_board("W W sxs", markers=[("start", (0, 0)), ("spawn", (0, 3))])


def _wading(board, connection, from_zone, to_zone):  # type: ignore[no-untyped-def]
    water = ZoneKind.WATER
    if board.zones[from_zone].kind == water and board.zones[to_zone].kind == water:
        return Crossing(extra_actions=1)
    return CROSS_FREELY


def test_a_box_redefines_an_open_border(tiny_box):
    tiny_box(edge_kinds={**RULES.edge_kinds, ConnectionKind.OPEN: EdgeKind(cross=_wading)})
    state = new_game(POND, {"A": ["ada"]}, box=TINY)
    graph = state.graph
    first, second, street = (graph.index[z] for z in ("r0c0", "r0c1", "r0c2"))
    assert graph.step_extra(first, second) == 1 and graph.step_extra(second, street) == 0
    state, events = engine.apply(state, "A", Move("ada", "r0c1"))
    assert events[-1].actions == 2 and survivor(state, "ada").actions_left == 1


def test_a_step_is_listed_only_when_its_extra_cost_can_be_paid(tiny_box):
    tiny_box(edge_kinds={**RULES.edge_kinds, ConnectionKind.OPEN: EdgeKind(cross=_wading)})
    state = new_game(POND, {"A": ["ada"]}, box=TINY)
    ada = state.survivors.index(survivor(state, "ada"))

    def steps_listed(actions: int) -> set[str]:
        now = replace(state, survivors=tuple(
            replace(s, actions_left=actions, skills=()) if n == ada else s for n, s in enumerate(state.survivors)))
        return {c.to for c in engine.legal_commands(now, "A") if isinstance(c, Move)}

    # one zone a Move, no skills; the wade costs a second action. Asked richer first, then poorer,
    # so a list kept for one budget must not serve the other
    assert steps_listed(3) == {"r0c1"} and steps_listed(2) == {"r0c1"}
    assert steps_listed(1) == set()
    assert steps_listed(3) == {"r0c1"}


def test_survivors_the_box_names_cross_freely(tiny_box):
    tiny_box(edge_kinds={**RULES.edge_kinds, ConnectionKind.OPEN: EdgeKind(cross=_wading)},
             crosses_freely=lambda state, i: state.survivors[i].id == "ada")
    state = new_game(POND, {"A": ["ada", "bo"]}, box=TINY)
    state = arrange(state, survivors={"ada": {"actions": 1}})
    assert Move("ada", "r0c1") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Move("ada", "r0c1"))
    assert [e.actions for e in events if e.kind == "survivor_moved"] == [1] and zone_of(state, "ada") == "r0c1"


def test_every_step_of_a_walk_is_reported(tiny_box):
    seen: list[tuple[str, int, int]] = []
    tiny_box(stepped=lambda game, i, a, b: seen.append((game.survivors[i].id, a, b)))
    state = new_game(sketch_board("s s s s", markers=[("start", (0, 0))]), {"A": ["ada"]}, box=TINY)  # Ada sprints
    state, _ = engine.apply(state, "A", Move("ada", "r0c3", via=("r0c1", "r0c2")))
    assert seen == [("ada", 0, 1), ("ada", 1, 2), ("ada", 2, 3)]


@record
class KnockDown:
    survivor: str
    kind: Literal["tiny_knock_down"] = "tiny_knock_down"


def _knock_down(game, i, command):  # type: ignore[no-untyped-def]
    """The barrier next to the survivor becomes an open border: the game gets the graph of that board."""
    board = game.graph.box_data
    opened = replace(board, connections=tuple(
        replace(c, kind=ConnectionKind.OPEN) if c.kind == ConnectionKind.BARRIER else c for c in board.connections))
    game.spend(i, "other")
    game.graph = graph_for(opened, game.box)


def test_a_box_gives_the_game_another_graph(tiny_box):
    barrier = {ConnectionKind.BARRIER: EdgeKind(crossing=CROSS_NEVER)}
    tiny_box(edge_kinds=barrier, commands={KnockDown: _knock_down}, board_data=lambda board, graph: board)
    state = arrange(new_game(POND, {"A": ["ada"]}, box=TINY), survivors={"ada": {"zone": "r0c2"}})
    with pytest.raises(engine.IllegalCommand):
        engine.apply(state, "A", Move("ada", "r0c3"))
    knocked, _ = engine.apply(state, "A", KnockDown("ada"))
    assert knocked.graph is not state.graph and knocked.graph.zone_ids == state.graph.zone_ids
    moved, _ = engine.apply(knocked, "A", Move("ada", "r0c3"))
    assert zone_of(moved, "ada") == "r0c3" and moved.graph is knocked.graph
    with pytest.raises(engine.IllegalCommand):  # the state before is as it was
        engine.apply(state, "A", Move("ada", "r0c3"))


# --- spawns, zombie moves, attacks ------------------------------------------------------------------


ROAD = sketch_board("s s s s s", markers=[("start", (0, 0)), ("spawn", (0, 4))])



def test_the_box_keeps_the_spawn_zones(tiny_box):
    tiny_box(spawn_zones=lambda game: [game.graph.index["r0c2"], game.graph.index["r0c2"]])
    state = arrange(new_game(ROAD, {"A": ["ada"]}, box=TINY), zombie_top=(1, 1))
    state = end_turns(state)
    assert state.zombies[state.graph.index["r0c2"]][0] == 2 and not any(state.zombies[state.graph.index["r0c4"]])


def _glowers_flee(game, t, zone, n):  # type: ignore[no-untyped-def]
    """Glowers walk away from the start, whatever the noise says."""
    if zone + 1 < game.graph.zone_count:
        counts = list(game.zombies[zone])
        counts[t] -= n
        game.zombies[zone] = tuple(counts)
        game.arrive(zone, zone + 1, t, n)


def test_a_zombie_kind_walks_its_own_way(tiny_box):
    tiny_box(zombie_movers={"flare": _glowers_flee})
    state = arrange(new_game(ROAD, {"A": ["ada"]}, box=TINY), zombies={"r0c2": {"glower": 1, "walker": 1}})
    state = end_turns(state)
    assert state.zombies[state.graph.index["r0c3"]] == (0, 1)  # the glower fled
    assert state.zombies[state.graph.index["r0c1"]][0] == 1  # the walker went for Ada


class HeavyBlows(WoundRules):
    """Every attack is resolved by the box's own step: two wounds, the first survivor in the zone
    takes them all; a survivor's hit is told and deals nothing."""

    hits: list[tuple[int, int]] = []

    def attack_steps(self, game, zone, attacks, target):  # type: ignore[no-untyped-def]
        return [("tiny_blows", zone, sum(n for _, n in attacks), target)]

    def survivor_hit(self, game, victim, damage):  # type: ignore[no-untyped-def]
        self.hits.append((victim, damage))


def _blows(game, zone, count, target):  # type: ignore[no-untyped-def]
    victim = target if target >= 0 else game.prey_in(zone)[0]
    for _ in range(2 * count):
        game.wound(victim, -1)


def test_a_box_resolves_the_zombies_attacks_and_survivors_hits(tiny_box):
    wounds = HeavyBlows()
    tiny_box(wounds=wounds, phase_steps=(*RULES.phase_steps, PhaseStep("tiny_blows", "queued", _blows)))
    state = arrange(new_game(ROAD, {"A": ["ada", "bo"]}, box=TINY), zombies={"r0c0": {"walker": 1}})
    state = end_turns(state)
    assert survivor(state, "ada").wounds == 2 and survivor(state, "bo").wounds == 0
    assert state.phase == "players" and state.round == 2
    game = Game(state)
    game.hit_survivor(1, 3)
    assert wounds.hits == [(1, 3)] and game.survivors[1].wounds == 0


# --- inventories ------------------------------------------------------------------------------------


class Holster(InventoryRules):
    """Slot 2 is a holster: only a pistol goes there, and a pistol there counts as held in hand;
    pistols go nowhere else. A pistol fires only once its owner has 3 XP."""

    def fits(self, tables, survivor_id, slot, equipment):  # type: ignore[no-untyped-def]
        return (slot == 2) == (equipment.id == "pistol")

    def worn(self, tables, survivor_id, slot_count):  # type: ignore[no-untyped-def]
        return (0, 1, 2)

    def held(self, state, survivor):  # type: ignore[no-untyped-def]
        return (0, 1, 2)

    def ready(self, state, survivor, card):  # type: ignore[no-untyped-def]
        return state.card_kinds[card] != "pistol" or survivor.xp >= 3

    def slot_names(self, tables, survivor_id, slot_count):  # type: ignore[no-untyped-def]
        return ("hand", "hand", "holster") + ("pack",) * (slot_count - 3)


def test_the_box_says_where_each_card_goes_and_what_is_held(tiny_box):
    from game.rules.zombicide.commands import Attack, ChooseOption, Rearrange, Search

    tiny_box(inventory=Holster(), zone_kinds={ZoneKind.STREET: ZoneKindRule(searchable=True)})
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    assert state.card_kinds[survivor(state, "ada").slots[0]] == "crowbar"  # the starting card goes where it fits
    state = arrange(state, equipment_top=("pistol",))
    state, _ = engine.apply(state, "A", Search("ada"))
    assert [o for o in state.pending.options if "keep" in o] == ["keep Pistol in holster (slot 2)"]
    state, _ = engine.apply(state, "A", ChooseOption(1))
    slots = survivor(state, "ada").slots
    wrong = (slots[0], slots[2], slots[1]) + slots[3:]
    with pytest.raises(engine.IllegalCommand, match="Pistol cannot go in Ada's hand slot"):
        engine.apply(state, "A", Rearrange("ada", wrong))
    state = arrange(state, zombies={"r0c1": {"walker": 1}})
    assert not any(isinstance(c, Attack) and c.slot == 2 for c in engine.legal_commands(state, "A"))
    with pytest.raises(engine.IllegalCommand, match="danger level"):
        engine.apply(state, "A", Attack("ada", 2, "r0c1"))
    state = arrange(state, survivors={"ada": {"xp": 3}})
    assert Attack("ada", 2, "r0c1") in engine.legal_commands(state, "A")
    state, events = engine.apply(state, "A", Attack("ada", 2, "r0c1"))
    assert any(e.kind == "dice_rolled" for e in events)


# --- doors, dice, experience, objectives, goals ------------------------------------------------------

# a street and a room behind a closed door, an objective in the street
DOORWAY = sketch_board("s s\n  d\n  r", markers=[("start", (0, 0)), ("spawn", (0, 0)), ("objective", (0, 0))])


def test_doors_may_open_on_a_roll(tiny_box):
    from game.rules.core.rng import roll_d6
    from game.rules.zombicide.commands import DiceRolled, OpenDoor

    def roll(game, i, openers, by_skill):  # type: ignore[no-untyped-def]
        values, game.rng = roll_d6(game.rng, 1)
        game.events.append(DiceRolled("door", values, game.survivors[i].id))
        return values[0] >= 4, True

    tiny_box(door_roll=roll)
    state = arrange(new_game(DOORWAY, {"A": ["ada"]}, box=TINY), survivors={"ada": {"zone": "r0c1"}}, dice=(2,))
    door = next(c.id for c in DOORWAY.connections if c.kind == ConnectionKind.DOOR)
    shut, events = engine.apply(state, "A", OpenDoor("ada", door))
    assert shut.doors_open == (False,) and survivor(shut, "ada").actions_left == 2
    assert shut.noise[shut.graph.index["r0c1"]] == 1 and not any(e.kind == "door_opened" for e in events)
    opened, events = engine.apply(arrange(shut, dice=(5,)), "A", OpenDoor("ada", door))
    kinds = [e.kind for e in events]
    assert opened.doors_open == (True,) and kinds.index("door_opened") + 1 == kinds.index("noise_made")


def test_the_box_adds_dice_to_attacks(tiny_box):
    from game.rules.zombicide.commands import Attack
    from game.rules.zombicide.odds import attack_odds

    def two_more(state, s, target, fired, attack, part):  # type: ignore[no-untyped-def]
        if attack != "melee":
            return 0
        part(2, "rule", "fury")
        return 2

    tiny_box(attack_dice=two_more)
    state = arrange(new_game(ROAD, {"A": ["ada"]}, box=TINY), zombies={"r0c0": {"walker": 3}}, dice=(1, 1, 6))
    odds = attack_odds(state, Attack("ada", 0, "r0c0"))
    assert odds.dice == 3 and any(m.name == "fury" and m.amount == 2 for m in odds.modifiers)
    state, events = engine.apply(state, "A", Attack("ada", 0, "r0c0"))
    assert next(e for e in events if e.kind == "dice_rolled").values == (1, 1, 6)


def test_the_box_hears_of_experience_and_objectives(tiny_box):
    from game.rules.zombicide.commands import TakeObjective

    heard: list[tuple] = []
    tiny_box(gained_xp=lambda game, i, before, after: heard.append(("xp", i, before, after)),
             objective_taken=lambda game, i, index: heard.append(("objective", i, index)))
    state = new_game(DOORWAY, {"A": ["ada"]}, box=TINY)
    engine.apply(state, "A", TakeObjective("ada"))
    assert heard == [("xp", 0, 0, 5), ("objective", 0, 0)]


def test_a_box_goal_is_read_and_wins_the_game(tiny_box):
    from game.rules.zombicide.queries import GoalProgress, goal_progress

    def three_beacons(state):  # type: ignore[no-untyped-def]
        lit = len(state.box_state.beacons)
        return GoalProgress("three_beacons", min(lit, 3), 3, lit >= 3)

    class Setup(engine.ZombicideSetup):
        goals: tuple[Literal["take_all_objectives", "three_beacons"], ...] = ()

    tiny_box(goals={"three_beacons": three_beacons}, setup_options=Setup)
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY, goals=["three_beacons"])
    assert goal_progress(state) == (GoalProgress("three_beacons", 0, 3, False),)
    for zone in ("r0c1", "r0c2"):
        state, _ = engine.apply(state, "A", LightBeacon("ada"))
        state = arrange(state, survivors={"ada": {"zone": zone, "actions": 3}})
    assert state.result is None
    state, events = engine.apply(state, "A", LightBeacon("ada"))
    assert state.result == "won" and events[-1].kind == "game_ended"


def test_actors_are_pushed_pulled_and_leap_across_an_edge_nobody_walks(tiny_box):
    from game.rules.zombicide.commands import Jump, Rescue, Shove

    barrier = {ConnectionKind.BARRIER: EdgeKind(crossing=CROSS_NEVER, carries=True)}
    tiny_box(edge_kinds=barrier)
    board = sketch_board("sxs s", markers=[("start", (0, 0))])
    state = arrange(new_game(board, {"A": ["ada", "bo"]}, box=TINY),
                    survivors={"ada": {"skills": ("shove", "lifesaver", "jump")}, "bo": {"zone": "r0c1"}},
                    zombies={"r0c0": {"walker": 1}, "r0c1": {"walker": 1}})
    legal = engine.legal_commands(state, "A")
    assert Move("ada", "r0c1") not in legal
    assert Shove("ada", "r0c1") in legal and Rescue("ada", "r0c1") in legal and Jump("ada", "r0c2") in legal
    shoved, _ = engine.apply(state, "A", Shove("ada", "r0c1"))
    assert shoved.zombies[shoved.graph.index["r0c1"]] == (2, 0)
    rescued, _ = engine.apply(state, "A", Rescue("ada", "r0c1"))
    assert zone_of(rescued, "bo") == "r0c0"


# --- skills -------------------------------------------------------------------------------------------


def test_a_box_adds_skills_that_work_through_the_core_hooks(tiny_box):
    from game.rules.zombicide import skills as sk
    from game.rules.zombicide.commands import Attack

    tiny_box(skill_hooks={"tiny_spellcaster": sk.SkillHook(free_actions=("spell",)),
                          "tiny_point_blank": sk.SkillHook(shoots_own_zone=True)},
             free_action_tags={"ranged": ("spell",)})
    assert sk.free_actions(("tiny_spellcaster",)) == ("spell",)
    with pytest.raises(ValueError, match="already has other hooks"):
        sk.add_hooks({"tiny_spellcaster": sk.SkillHook(free_actions=("move",))})
    board = sketch_board("s s", markers=[("start", (0, 0))])
    state = arrange(new_game(board, {"A": ["ada"]}, box=TINY),
                    survivors={"ada": {"hand": ("pistol",), "actions": 0, "skills": ("tiny_spellcaster",),
                                       "free_actions": ("spell",)}},
                    zombies={"r0c1": {"walker": 1}})
    assert Attack("ada", 0, "r0c1") in engine.legal_commands(state, "A")  # the free spell action pays
    state, events = engine.apply(state, "A", Attack("ada", 0, "r0c1"))
    assert events[0].kind == "turn_started" and any(e.kind == "dice_rolled" for e in events)
    assert [e.kind for e in events].index("turn_ended") > [e.kind for e in events].index("dice_rolled")


def test_a_skill_that_shoots_into_its_own_zone_whatever_the_minimum_range(tiny_box):
    from game.rules.zombicide import skills as sk
    from game.rules.zombicide.catalog import Equipment
    from game.rules.zombicide.commands import Attack

    tiny_box(skill_hooks={"tiny_point_blank": sk.SkillHook(shoots_own_zone=True)})
    board = sketch_board("s s", markers=[("start", (0, 0))])
    state = new_game(board, {"A": ["ada"]}, box=TINY)
    long_gun = Equipment(id="pistol", name="Long gun", token="x", kind="weapon", attack="ranged", range_min=1,
                         range_max=2, dice=1, accuracy=4, damage=1, deck_count=1)
    tables = dataclasses.replace(state.tables, equipment={**state.tables.equipment, "pistol": long_gun})
    state = arrange(dataclasses.replace(state, tables=tables), survivors={"ada": {"hand": ("pistol",)}},
                    zombies={"r0c0": {"walker": 1}})
    assert Attack("ada", 0, "r0c0") not in engine.legal_commands(state, "A")
    state = arrange(state, survivors={"ada": {"skills": ("tiny_point_blank",)}})
    assert Attack("ada", 0, "r0c0") in engine.legal_commands(state, "A")
    engine.apply(state, "A", Attack("ada", 0, "r0c0"))


def test_a_skill_whose_sight_reaches_one_zone_farther_into_buildings(tiny_box):
    from game.rules.core.base import IllegalCommand
    from game.rules.zombicide import skills as sk
    from game.rules.zombicide.catalog import Equipment
    from game.rules.zombicide.commands import Attack

    tiny_box(skill_hooks={"tiny_keen_eye": sk.SkillHook(sees_deeper=True)})
    board = sketch_board("sor=r=r", markers=[("start", (0, 0))])  # a street, then three rooms in a row
    state = new_game(board, {"A": ["ada"]}, box=TINY)
    rifle = Equipment(id="pistol", name="Rifle", token="x", kind="weapon", attack="ranged", range_min=1,
                      range_max=3, dice=1, accuracy=4, damage=1, deck_count=1)
    tables = dataclasses.replace(state.tables, equipment={**state.tables.equipment, "pistol": rifle})
    state = arrange(dataclasses.replace(state, tables=tables), survivors={"ada": {"hand": ("pistol",)}},
                    zombies={"r0c1": {"walker": 1}, "r0c2": {"walker": 1}, "r0c3": {"walker": 1}})
    legal = engine.legal_commands(state, "A")
    assert Attack("ada", 0, "r0c1") in legal and Attack("ada", 0, "r0c2") not in legal  # one zone into a building
    with pytest.raises(IllegalCommand, match="cannot see r0c2"):
        engine.apply(state, "A", Attack("ada", 0, "r0c2"))
    state = arrange(state, survivors={"ada": {"skills": ("tiny_keen_eye",)}})
    legal = engine.legal_commands(state, "A")
    assert Attack("ada", 0, "r0c2") in legal and Attack("ada", 0, "r0c3") not in legal  # two, never three
    assert engine.attack_odds(state, Attack("ada", 0, "r0c2")).dice == 1
    state, events = engine.apply(state, "A", Attack("ada", 0, "r0c2"))
    assert any(e.kind == "dice_rolled" for e in events)


def test_a_shots_misses_hit_the_survivors_in_the_target_zone(tiny_box):
    from game.rules.zombicide.commands import Attack, ChooseOption

    tiny_box(misses_hit_survivors=True)
    board = sketch_board("s s", markers=[("start", (0, 0))])
    state = arrange(new_game(board, {"A": ["ada", "bo", "cy"]}, box=TINY),
                    survivors={"ada": {"hand": ("pistol",)}, "bo": {"zone": "r0c1"}, "cy": {"zone": "r0c1"}},
                    zombies={"r0c1": {"walker": 2}}, dice=(5,))
    state, events = engine.apply(state, "A", Attack("ada", 0, "r0c1"))
    assert [e.zombie for e in events if e.kind == "zombies_killed"] == ["walker"]  # the hit went to a walker
    assert state.pending is None and survivor(state, "bo").wounds == survivor(state, "cy").wounds == 0
    state, _ = engine.apply(arrange(state, dice=(2,)), "A", Attack("ada", 0, "r0c1"))
    assert state.pending is not None and state.pending.kind == "friendly_fire"
    assert state.pending.options == ("the stray shot hits Bo", "the stray shot hits Cy")
    state, _ = engine.apply(state, "A", ChooseOption(1))
    assert survivor(state, "cy").wounds == 1 and survivor(state, "bo").wounds == 0
    assert state.zombies[state.graph.index["r0c1"]] == (1, 0)


def test_starting_cards_nobody_takes_stay_out_of_a_deck_that_keeps_them_out(tiny_box, tmp_path):
    tiny_box(content_root=tmp_path)
    setup = (tmp_path / TINY / "setup_rules.toml").read_text()
    (tmp_path / TINY / "setup_rules.toml").write_text(setup.replace("kept_out_of_deck = []", 'kept_out_of_deck = ["crowbar"]'))
    from game.rules.zombicide.catalog import load_catalog as load

    state = new_game(ROAD, {"A": ["ada"]}, box=TINY, catalog=load(TINY, tmp_path))
    assert "crowbar" not in [state.card_kinds[c] for c in state.equipment_deck]  # 1 of 2 crowbars dealt, 1 kept out
    assert [state.card_kinds[c] for c in survivor(state, "ada").cards()] == ["crowbar"]


def test_a_box_puts_its_pieces_on_the_board_once_the_game_is_set_up(tiny_box):
    def two_walkers(state):  # type: ignore[no-untyped-def]
        zombies = list(state.zombies)
        zombies[state.graph.index["r0c3"]] = (2, 0)
        supply = (state.supply[0] - 2,) + state.supply[1:]
        return dataclasses.replace(state, zombies=tuple(zombies), supply=supply)

    tiny_box(setup_board=two_walkers)
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    assert state.zombies[state.graph.index["r0c3"]] == (2, 0) and state.round == 1


def test_the_planner_takes_the_box_advice(tiny_box):
    from random import Random

    from toy_box import LightBeacon as Beacon

    from game.rules.zombicide.bots import planner_bot
    from game.rules.zombicide.boxes import BotAdvice

    def light_first(state, i, commands, route):  # type: ignore[no-untyped-def]
        return next((c for c in commands if isinstance(c, Beacon)), None)

    tiny_box(bot=BotAdvice(tactics=(("fight_here", light_first),)))
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    legal = engine.legal_commands(state, "A")
    assert isinstance(planner_bot(state, "A", legal, Random(1)), Beacon)

    # the box's goals send the team elsewhere: to the far end of the road, not the starting zone
    tiny_box(bot=BotAdvice(targets=lambda state, core: [[state.graph.index["r0c4"]]]))
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    command = planner_bot(state, "A", engine.legal_commands(state, "A"), Random(1))
    assert isinstance(command, Move) and command.to in ("r0c1", "r0c2", "r0c3")

    # the box's decisions: a pending kind of its own is answered by its chooser
    tiny_box(bot=BotAdvice(decisions={"toy_douse": lambda state: 1}))
    from game.rules.zombicide.state import Pending

    state = replace(new_game(ROAD, {"A": ["ada"]}, box=TINY),
                    pending=Pending("toy_douse", "A", 0, ("keep", "douse"), ((0,), (1,))))
    assert planner_bot(state, "A", engine.legal_commands(state, "A"), Random(1)).option == 1


def test_a_box_tactic_before_an_unknown_core_tactic_is_refused(tiny_box):
    from random import Random

    from game.rules.zombicide.bots import planner_bot
    from game.rules.zombicide.boxes import BotAdvice

    tiny_box(bot=BotAdvice(tactics=(("dance", lambda *_: None),)))
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    with pytest.raises(ValueError, match="dance"):
        planner_bot(state, "A", engine.legal_commands(state, "A"), Random(1))


def test_the_planner_weighs_zombies_in_the_box_wounds(tiny_box):
    from game.rules.zombicide import bots
    from game.rules.zombicide.boxes import BotAdvice

    margins = []
    for advice in (BotAdvice(), BotAdvice(attack_wounds=lambda state, t: 5)):
        tiny_box(bot=advice)
        state = arrange(new_game(ROAD, {"A": ["ada"]}, box=TINY), zombies={"r0c1": {"walker": 1}},
                        survivors={"ada": {"hand": ["", ""]}})  # unarmed: only her Wounds left face them
        margins.append(bots._margin(state, 0, state.graph.index["r0c1"]))
    assert margins[1] < margins[0]


def test_a_box_puts_its_pieces_on_the_table_and_lines_on_the_survivor_card(tiny_box):
    from game.app.zombicide.scene_drawing import _without_zone_labels
    from game.app.zombicide.view_model import survivor_card, table_layout
    from game.rules.zombicide.boxes import TablePiece

    def flags(state):  # type: ignore[no-untyped-def]
        return [TablePiece(f"flag:{n}", "noise", "Flag", s.zone) for n, s in enumerate(state.survivors)]

    tiny_box(table_pieces=flags, kept_markers=frozenset({"spawn"}),
             card_lines=lambda state, i: [f"{state.survivors[i].name} carries a flag"])
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    layout = table_layout(state, ROAD)
    flag = layout.pieces["flag:0"]
    assert (flag.zone, flag.token, flag.label) == (zone_of(state, "ada"), "noise", "Flag")
    assert layout.pieces["ada"].zone == flag.zone  # laid out beside the miniature, not on it
    assert (flag.x_cm, flag.y_cm) != (layout.pieces["ada"].x_cm, layout.pieces["ada"].y_cm)
    moved = engine.apply(state, "A", Move("ada", "r0c1"))[0]
    assert table_layout(moved, ROAD).pieces["flag:0"].zone == "r0c1"  # the box's state says where
    shown = _without_zone_labels(ROAD, state.box.kept_markers)
    assert [m.kind for m in ROAD.markers if m.kind != "spawn"] == [m.kind for m in shown.markers]
    assert any(m.kind == "spawn" for m in ROAD.markers)
    assert survivor_card(state, "ada").lines == ("Ada carries a flag",)


@record
class BeaconLit:
    zone: str
    kind: str = "beacon_lit"


def test_a_box_event_shows_as_a_banner_while_the_window_animates(tiny_box):
    from game.app.zombicide.director import AnimationDirector
    from game.app.zombicide.view_model import PieceMaker

    tiny_box(event_banners={BeaconLit: lambda e, words: f"A beacon burns in {e.zone}!"})
    state = new_game(ROAD, {"A": ["ada"]}, box=TINY)
    director = AnimationDirector(ROAD, PieceMaker(state))
    director.banners = state.box.event_banners
    director.start([BeaconLit("r0c2")], state, state)
    assert [(b.kind, b.title) for b in director.beats if b.kind == "banner"] == [("banner", "A beacon burns in r0c2!")]
    director.banners = {}
    director.start([BeaconLit("r0c2")], state, state)
    assert not [b for b in director.beats if b.kind == "banner"]
