"""Green Horde and Invader balance: the rebalanced Green Horde missions (what each file now says, and
why), the rule that lets a Green Horde mission count only the living on the EXIT, the box's bot advice
that reads those missions, and ``simulate --spawn-dice`` on boxes that roll no spawn dice."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from game.board.mission import load_board
from game.rules.zombicide import engine
from game.rules.zombicide.bots import planner_bot, play_out, whose_turn
from game.rules.zombicide.boxes.green_horde import bot as gh_bot
from game.rules.zombicide.catalog import load_catalog
from game.rules.zombicide.commands import Rearrange
from game.rules.zombicide.game import Game
from game.rules.zombicide.simulate import mission_team, players_for, rolls_spawn_dice, run_cli

ROOT = Path(__file__).resolve().parents[2]
MISSIONS_DIR = ROOT / "maps" / "missions"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden_missions"
GREEN_HORDE = sorted(path.stem for path in MISSIONS_DIR.glob("gh-*.toml"))
NECROMANCER_MISSIONS = {"gh-02-necromancers", "gh-07-blood-and-fire"}  # the tutorial lost its (issue 18)


def _setup(path: Path, seed: int = 0):
    board = load_board(path)
    box = board.properties["setup"].get("box", "rue_morgue")
    known = [s.id for s in load_catalog(box).survivors]
    return engine.setup(board, {"players": players_for(mission_team(str(board.properties.get("mission_id", path.stem)), known))}, seed)


def _data(mission: str) -> dict:
    return tomllib.loads((MISSIONS_DIR / f"{mission}.toml").read_text(encoding="utf-8"))


# --- the mission files --------------------------------------------------------------------------


def test_every_green_horde_mission_is_checked() -> None:
    assert len(GREEN_HORDE) == 10


@pytest.mark.parametrize("mission", GREEN_HORDE)
def test_a_green_horde_mission_says_why_it_is_balanced_so(mission: str) -> None:
    text = (MISSIONS_DIR / f"{mission}.toml").read_text(encoding="utf-8")
    assert "# Balance (docs/zombicide-green-horde-rules-choices.md, Our missions' balance):" in text
    doc = (ROOT / "docs" / "zombicide-green-horde-rules-choices.md").read_text(encoding="utf-8")
    assert "Our missions' balance" in doc and "-".join(mission.split("-")[:2]) in doc


@pytest.mark.parametrize("mission", GREEN_HORDE)
def test_a_green_horde_mission_has_one_spawn_zone_but_the_necromancers_first(mission: str) -> None:
    spawns = [m for m in _data(mission)["markers"] if m["kind"] == "spawn"]
    assert len(spawns) == (2 if mission == "gh-02-necromancers" else 1)


@pytest.mark.parametrize("mission", GREEN_HORDE)
def test_only_the_necromancer_missions_bring_necromancers(mission: str) -> None:
    supply = _data(mission)["setup"].get("supply", {})
    if mission in NECROMANCER_MISSIONS:
        assert "orc_necromancer" not in supply
    else:
        assert supply.get("orc_necromancer") == 0


NO_ABOMINATION_MISSIONS = ("gh-01-dragon-bile", "gh-05-purifying-flood")  # issue 14


@pytest.mark.parametrize("mission", GREEN_HORDE)
def test_only_the_missions_rebalanced_without_it_leave_the_abomination_out(mission: str) -> None:
    """Purifying Flood hands out no Dragon Bile, Torch or Trebuchet, the only things that kill it (§7.1);
    Dragon Bile comes before Know Your Enemy, which brings it in."""
    supply = _data(mission)["setup"].get("supply", {})
    assert (supply.get("orc_abomination") == 0) == (mission in NO_ABOMINATION_MISSIONS)


def test_dragon_bile_hides_bile_and_a_torch_in_two_objectives() -> None:
    data = _data("gh-01-dragon-bile")
    assert [m["zone"] for m in data["markers"] if m["kind"] == "objective"] == ["4R:rm-sw", "5R:rm-se"]
    assert data["setup"]["objective_cards"] == {"red": ["dragon_bile", "torch"]}


@pytest.mark.parametrize("mission", GREEN_HORDE)
def test_an_exit_mission_counts_the_living_on_the_exit(mission: str) -> None:
    setup = _data(mission)["setup"]
    assert setup.get("exit_counts_the_living", False) == ("all_in_exit" in setup["goals"])


def test_the_fires_and_kills_asked_are_fewer() -> None:
    assert _data("gh-01-dragon-bile")["setup"]["zombies_to_burn"] == 2
    assert _data("gh-07-blood-and-fire")["setup"]["zombies_to_burn"] == 2
    assert _data("gh-08-selective-slaughter")["setup"]["zombies_to_kill"] == {"orc_fatty": 1, "orc_runner": 2}


def test_the_necromancer_of_blood_and_fire_starts_across_the_valley_from_the_spawn_zone() -> None:
    state = _setup(MISSIONS_DIR / "gh-07-blood-and-fire.toml")
    necromancer = state.box_state.necromancers[0]
    spawn = next(t.zone for t in state.box_state.spawn_tokens if t.kind == "red")
    assert state.graph.distances(state.doors_open)[necromancer.zone][spawn] >= 4


def test_no_necromancer_comes_when_the_mission_keeps_none() -> None:
    state = _setup(MISSIONS_DIR / "gh-04-river-of-the-dead.toml")
    t = state.tables.zombie_index["orc_necromancer"]
    assert state.supply[t] == 0
    game = Game(state)
    number = next(n for n, card in state.tables.zombie_cards.items() if card.kind == "necromancer")
    spawn = state.box_state.spawn_tokens[0].zone
    game.resolve_zombie_card(number, spawn)
    assert not game.box_state.necromancers and sum(game.zombies[z][t] for z in range(state.graph.zone_count)) == 0


# --- the living on the EXIT ---------------------------------------------------------------------


def _one_dead(state):
    game = Game(state)
    game.survivors[0] = replace(game.survivors[0], alive=False)
    game.check_goals(end_phase=False)
    return game.result


def test_a_death_does_not_lose_a_mission_that_counts_the_living() -> None:
    assert _one_dead(_setup(MISSIONS_DIR / "gh-04-river-of-the-dead.toml")) is None


def test_a_death_still_loses_an_exit_mission_that_counts_everyone() -> None:
    assert _one_dead(_setup(GOLDEN_DIR / "gh-tutorial.toml")) == "lost"  # the frozen copy has no such line
    assert _one_dead(_setup(MISSIONS_DIR / "rm-tutorial-1.toml")) == "lost"


def test_the_whole_team_lost_loses_a_mission_that_counts_the_living() -> None:
    game = Game(_setup(MISSIONS_DIR / "gh-04-river-of-the-dead.toml"))
    for n, s in enumerate(game.survivors):
        game.survivors[n] = replace(s, alive=False)
    game.check_goals(end_phase=True)
    assert game.result == "lost"


# --- the box's bot advice -----------------------------------------------------------------------


def test_every_necromancer_is_hunted_even_when_no_goal_names_it() -> None:
    state = _setup(MISSIONS_DIR / "gh-07-blood-and-fire.toml")
    necromancer = state.box_state.necromancers[0].zone
    state = replace(state, setup=state.setup.model_copy(update={"goals": ("all_in_exit",)}))
    assert gh_bot.targets(state, [[0]])[0] == [necromancer]


def test_the_team_hunts_the_kinds_kill_zombies_still_wants() -> None:
    state = _setup(MISSIONS_DIR / "gh-08-selective-slaughter.toml")
    fatty = state.tables.zombie_index["orc_fatty"]
    walker = state.tables.zombie_index["orc_walker"]
    zombies = [list(row) for row in state.zombies]
    zombies[5][fatty] = 1
    zombies[7][walker] = 2
    state = replace(state, zombies=tuple(tuple(row) for row in zombies))
    assert [5] in gh_bot.targets(state, [[0]]) and [7] not in gh_bot.targets(state, [[0]])


def test_a_torch_in_the_backpack_goes_into_a_free_hand_while_a_fire_is_wanted() -> None:
    state = _setup(MISSIONS_DIR / "gh-01-dragon-bile.toml")
    torch = next(n for n, kind in enumerate(state.card_kinds) if kind == "torch")
    s = state.survivors[0]
    slots = list(s.slots)
    slots[3] = torch
    survivors = list(state.survivors)
    survivors[0] = replace(s, slots=tuple(slots))
    state = replace(state, survivors=tuple(survivors))
    seat, legal = whose_turn(state)
    mine = [c for c in legal if getattr(c, "survivor", "") == s.id]
    command = gh_bot.ready_fire(state, 0, mine, None)
    assert isinstance(command, Rearrange)
    assert torch in command.slots[:2] and s.slots[0] in command.slots[:2]
    engine.apply(state, seat, command)  # legal


def test_with_bile_and_a_torch_in_hand_the_team_fetches_no_more_objectives_of_cards() -> None:
    state = _setup(MISSIONS_DIR / "gh-07-blood-and-fire.toml")
    objectives = {p.zone for p in state.graph.objectives}
    necromancers = state.box_state.necromancers
    state = replace(state, box_state=replace(state.box_state, necromancers=()))
    assert any(objectives & set(zones) for zones in gh_bot.targets(state, [[z] for z in sorted(objectives)]))
    cards = [next(n for n, kind in enumerate(state.card_kinds) if kind == wanted) for wanted in ("torch", "dragon_bile")]
    s = state.survivors[0]
    survivors = list(state.survivors)
    survivors[0] = replace(s, slots=(s.slots[0], cards[0], cards[1], *s.slots[3:]))
    armed = replace(state, survivors=tuple(survivors))
    assert not any(objectives & set(zones) for zones in gh_bot.targets(armed, [[z] for z in sorted(objectives)]))
    assert necromancers  # the mission's Necromancer was left out above, or it would come first


@pytest.mark.parametrize("mission", ["gh-01-dragon-bile", "gh-07-blood-and-fire", "gh-08-selective-slaughter"])
def test_the_planner_plays_a_rebalanced_mission_legally_and_the_same_way_per_seed(mission: str) -> None:
    board = load_board(MISSIONS_DIR / f"{mission}.toml")
    known = [s.id for s in load_catalog("green_horde").survivors]
    setup = {"players": players_for(mission_team(mission, known))}
    first = play_out(board, setup, 3, planner_bot, max_rounds=8)
    again = play_out(board, setup, 3, planner_bot, max_rounds=8)
    assert first.commands > 50 and first.final_hash == again.final_hash


# --- simulate --spawn-dice ----------------------------------------------------------------------


@pytest.mark.parametrize("mission", ["gh-04-river-of-the-dead", "inv-m0"])
def test_spawn_dice_are_refused_where_the_box_draws_at_every_spawn_zone(mission: str) -> None:
    lines: list[str] = []
    assert run_cli([str(MISSIONS_DIR / f"{mission}.toml"), "--games", "1", "--spawn-dice", "3"], out=lines.append) == 2
    assert "rolls no spawn dice" in lines[-1] and f"{mission}.toml" in lines[-1]
    assert not rolls_spawn_dice(_setup(MISSIONS_DIR / f"{mission}.toml"))


def test_a_rue_morgue_mission_rolls_spawn_dice() -> None:
    assert rolls_spawn_dice(_setup(MISSIONS_DIR / "rm-tutorial-1.toml"))


# --- Invader: our maps' spawn zones -------------------------------------------------------------


@pytest.mark.parametrize("mission", ["inv-m0", "inv-m2", "inv-m3", "inv-m4", "inv-m5", "inv-m9"])
def test_an_invader_map_whose_legend_names_one_spawn_zone_has_one(mission: str) -> None:
    text = (MISSIONS_DIR / f"{mission}.toml").read_text(encoding="utf-8")
    assert ("# Balance (docs/zombicide-invader-rules-choices.md, Our maps' balance):" in text
            or "# Balance (docs/zombicide-invader-rules-choices.md, Mission balance):" in text)
    assert len([m for m in _data(mission)["markers"] if m["kind"] == "spawn"]) == 1
    doc = (ROOT / "docs" / "zombicide-invader-rules-choices.md").read_text(encoding="utf-8")
    assert "Our maps' balance" in doc and mission in doc


def test_m5s_team_starts_with_oxygen_and_can_reach_every_prototype() -> None:
    from game.rules.zombicide.bots import _costs_from
    from game.rules.zombicide.boxes.invader.inventory import has_oxygen

    state = _setup(MISSIONS_DIR / "inv-m5.toml")
    assert all(has_oxygen(state, s) for s in state.survivors)
    for point in state.graph.objectives:
        cost, _ = _costs_from(state, [point.zone], can_open=False)
        assert cost[state.survivors[0].zone] < 10**6, state.graph.zone_ids[point.zone]


def test_a_trade_outdoors_is_checked_without_crashing() -> None:
    """The engine asks the Invader box with its working copy; a trade outdoors that keeps both tanks
    in their Body slots plays (it crashed: the working copy has no survivor_index)."""
    from game.rules.zombicide.boxes.invader.board import board_of
    from game.rules.zombicide.commands import Trade

    state = _setup(MISSIONS_DIR / "inv-m5.toml")
    outdoor = next(z for z in range(state.graph.zone_count) if board_of(state.graph).outdoor[z])
    survivors = [replace(s, zone=outdoor) for s in state.survivors]
    state = replace(state, survivors=tuple(survivors))
    seat, legal = whose_turn(state)
    trade = next(c for c in legal if isinstance(c, Trade))
    after, _ = engine.apply(state, seat, trade)
    assert after.survivors != state.survivors


def test_the_scientists_of_m9_start_off_the_spawn_zones_tile() -> None:
    data = _data("inv-m9")
    scientists = [m["zone"] for m in data["markers"] if m["kind"] == "objective" and m.get("color") in ("blue", "white")]
    spawn_tiles = {m["zone"].split(":")[0] for m in data["markers"] if m["kind"] == "spawn"}
    assert len(scientists) == 2 and not {zone.split(":")[0] for zone in scientists} & spawn_tiles


@pytest.mark.parametrize("mission", ["inv-m1", "inv-m6"])
def test_an_invader_mission_of_coloured_spawn_zones_keeps_them(mission: str) -> None:
    assert len([m for m in _data(mission)["markers"] if m["kind"] == "spawn"]) >= 3


@pytest.mark.parametrize("mission", ["inv-m1"])
def test_an_invader_mission_of_coloured_spawn_zones_has_one_red_one_besides(mission: str) -> None:
    spawns = [m for m in _data(mission)["markers"] if m["kind"] == "spawn"]
    assert sorted(m.get("color", "red") for m in spawns) == ["green", "purple", "red"]
    text = (MISSIONS_DIR / f"{mission}.toml").read_text(encoding="utf-8")
    assert "# Balance (docs/zombicide-invader-rules-choices.md, Our maps' balance):" in text
    assert mission in (ROOT / "docs" / "zombicide-invader-rules-choices.md").read_text(encoding="utf-8")


def test_the_goal_words_say_the_living_where_the_mission_counts_them() -> None:
    from game.app.zombicide.goal_words import goals_told
    from game.i18n import set_language

    goals = ("take_all_objectives", "all_in_exit")
    assert "still standing on the EXIT" in goals_told(goals, None, _data("gh-04-river-of-the-dead")["setup"])
    assert "every starting survivor on the EXIT" in goals_told(goals, None, {})
    state = _setup(MISSIONS_DIR / "gh-04-river-of-the-dead.toml")
    try:
        set_language("es")
        assert "que sigan en pie en la SALIDA" in goals_told(goals, state.box, state.setup)
    finally:
        set_language("en")


def test_the_bots_outdoors_follow_the_teams_tanks_from_state_to_state() -> None:
    """The Invader bot keeps the team's "everyone breathes outdoors" for the same survivors: a state
    whose survivors lost a tank is blocked outdoors, and the first state again is not."""
    from game.rules.zombicide.boxes.invader.board import board_of
    from game.rules.zombicide.boxes.invader.bots import blocked
    from game.rules.zombicide.boxes.invader.inventory import BODY

    state = _setup(MISSIONS_DIR / "inv-m5.toml")
    outdoor = next(z for z in range(state.graph.zone_count) if board_of(state.graph).outdoor[z])
    first = state.survivors[0]
    no_tank = replace(first, slots=tuple(-1 if n in BODY else card for n, card in enumerate(first.slots)))
    without = replace(state, survivors=(no_tank, *state.survivors[1:]))
    assert not blocked(state, outdoor)
    assert blocked(without, outdoor)
    assert not blocked(state, outdoor)
