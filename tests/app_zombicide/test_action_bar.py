"""The action bar through the Zombicide window: its slots never move while a turn is played by
synthetic clicks, it never draws outside its panel at any window size, its shortcuts play, and a
slot not offered says why when tapped."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from layout_check import layout_problems
from test_play_polish import MISSION, Host, new_scene, settle, setup_of

from game.app.widgets.action_bar import MORE_KEY, ActionBar, ActionKind, Offer
from game.app.zombicide.game_scene import GameScene
from game.board.mission import load_board
from game.rules.zombicide.commands import EndTurn, MakeNoise, Move

SIZES = [(1000, 650), (1920, 1080), (3840, 2160)]


def slot_places(scene: GameScene) -> dict[str, pygame.Rect]:
    """Each slot's place by its kind (More… by its key)."""
    places = {}
    for button in scene.actions.buttons:
        slot = scene.actions.slots[button.key]
        places[slot.kind.kind] = pygame.Rect(button.rect)
    return places


def tap_slot(host: Host, scene: GameScene, kind: str, line: int | None = None) -> None:
    """Tap the slot of ``kind``; when it opens a list, tap line ``line`` of it."""
    button = next(b for b in scene.actions.buttons if scene.actions.slots[b.key].kind.kind == kind)
    host.click(button.rect.center)
    if line is not None:
        assert scene.dialog is not None, f"the {kind} slot opened no list"
        host.click(scene.dialog.button_for(line).rect.center)
    settle(host, scene)


def test_the_slots_never_move_across_a_whole_played_round(tmp_path: Path) -> None:
    host, scene = new_scene(tmp_path)
    c = scene.controller
    start = slot_places(scene)
    assert {"end_turn", MORE_KEY, "move", "search"} <= set(start)
    first_round = c.state.round
    played = 0
    for _turn in range(6):  # each survivor: a move, a noise, End turn; until the zombies have played
        if c.state.round != first_round:
            break
        survivor = c.selected
        log = len(c.session.log)
        tap_slot(host, scene, "move", 0)
        assert len(c.session.log) == log + 1 and isinstance(c.session.log[-1].command, Move)
        assert slot_places(scene) == start
        route = scene.actions.route(next(o.key for o in scene.actions.offers_of_kind("make_noise")))
        assert route is not None
        host.click(route[0].rect.center)
        if route[1] is not None:
            host.click(scene.dialog.button_for(route[1]).rect.center)
        settle(host, scene)
        assert isinstance(c.session.log[-1].command, MakeNoise) and slot_places(scene) == start
        tap_slot(host, scene, "end_turn")
        assert isinstance(c.session.log[-1].command, EndTurn) and c.session.log[-1].command.survivor == survivor
        assert slot_places(scene) == start
        played += 1
    assert c.state.round == first_round + 1 and played == 2  # both survivors played, then the zombies


def test_shortcuts_play_the_slot_they_show(tmp_path: Path) -> None:
    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert scene.actions.shortcuts[scene.actions.button_of_kind("end_turn").key] == "e"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    assert scene.dialog is not None and scene.dialog.title == "Move where?"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.dialog is None
    survivor = c.selected
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
    settle(host, scene)
    assert c.session.log[-1].command == EndTurn(survivor)


def test_a_slot_not_offered_is_drawn_disabled_and_a_tap_says_why(tmp_path: Path) -> None:
    host, scene = new_scene(tmp_path)
    melee = scene.actions.button_of_kind("melee")  # nobody to hit in the start zone
    assert not melee.enabled
    log = len(scene.controller.session.log)
    host.click(melee.rect.center)
    assert scene.status_text and len(scene.controller.session.log) == log


class SizedHost(Host):
    def __init__(self, save_dir: Path, size: tuple[int, int]):
        super().__init__(save_dir)
        self.screen = pygame.display.set_mode(size)
        self.ui = pygame_gui.UIManager(size)


@pytest.mark.filterwarnings("error:Label Rect is too small:UserWarning")
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["play", "override"])
def test_the_bar_never_draws_outside_its_panel(tmp_path: Path, size: tuple[int, int], mode: str) -> None:
    host = SizedHost(tmp_path, size)
    board = load_board(MISSION)
    scene = GameScene.new_game(host, MISSION, setup_of(board), 3)
    host.scenes.push(scene)
    settle(host, scene)
    if mode == "override":
        scene.press_tool("override")
    panel = scene.actions_rect()
    assert scene.actions.buttons
    for button in scene.actions.buttons:
        assert panel.contains(button.rect), f"{button.label!r} {button.rect} leaves the bar {panel}"
    assert not panel.colliderect(scene.table_rect())
    assert layout_problems(scene.actions.shown_rects() + [("table", scene.table_rect())], size) == []


KINDS = [ActionKind("a", "A…", shortcut="a"), ActionKind("b", "B…"), ActionKind("c", "C…"), ActionKind("d", "D…"),
         ActionKind("e", "E…"), ActionKind("f", "F…"), ActionKind("end", "End", fixed=True)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "end", "zzz"]), max_size=12),
       st.sampled_from([(420, 136), (900, 72), (1600, 136)]))
def test_a_slot_stays_put_whatever_is_offered(offered: list[str], panel_size: tuple[int, int]) -> None:
    pygame.init()
    panel = pygame.Rect(100, 500, *panel_size)
    empty, bar = ActionBar(KINDS), ActionBar(KINDS)
    empty.update(panel, [])
    offers = [Offer(kind, f"{kind} {n}", f"do:{n}") for n, kind in enumerate(offered)]
    bar.update(panel, offers, {"b": ["B needs a thing"]})
    places = {bar.slots[b.key].kind.kind: b.rect for b in bar.buttons}
    still = {empty.slots[b.key].kind.kind: b.rect for b in empty.buttons}
    fixed = {"end", MORE_KEY}
    assert {k: places[k] for k in fixed} == {k: still[k] for k in fixed}  # the fixed slots never move
    ordinary = [k.kind for k in KINDS if not k.fixed]
    if len(bar.cells(panel)) >= len(ordinary):  # room for every kind: no slot moves
        assert places == still
    else:  # an offered kind never hides under More… while a greyed one shows; the order is kept
        shown = [k for k in ordinary if k in places]
        greyed = [k for k in shown if not bar.offers_of_kind(k)]
        assert not greyed or all(k in places for k in ordinary if k in offered), (places, offered)
        assert [places[k] for k in shown] == sorted((places[k] for k in shown), key=lambda r: (r.top, r.left))
    assert all(panel.contains(rect) for rect in places.values())
    for offer in offers:  # every offer is reachable: its slot, its slot's list or More…
        route = bar.route(offer.key)
        assert route is not None
    if "zzz" in offered:  # a kind nobody declared goes under More…
        assert any(o.kind == "zzz" for o in bar.hidden)
    if "b" not in offered and bar.button_of_kind("b") is not None:
        assert "B: B needs a thing" in bar.why_lines()


def test_a_hospital_room_says_why_search_is_missing_on_its_slot_and_in_the_why_not_list(tmp_path: Path) -> None:
    from game.app.zombicide.controller import PlaceSurvivor

    host, scene = new_scene(tmp_path)
    c = scene.controller
    room = next(z for z, kind in zip(c.state.graph.zone_ids, c.state.graph.kinds, strict=True)
                if kind == "hospital_room")
    assert scene.play(PlaceSurvivor("juno", room)).ok
    settle(host, scene)
    host.click(next(rect for rect, sid in scene.roster if sid == "juno").center)
    assert c.selected == "juno"
    search = scene.actions.button_of_kind("search")
    assert search is not None and not search.enabled
    host.click(search.rect.center)
    assert scene.status_text == "Hospital rooms can't be searched"
    more = scene.actions.button(MORE_KEY)
    host.click(more.rect.center)
    assert scene.dialog is not None and "· Search: Hospital rooms can't be searched" in scene.dialog.lines


def test_the_move_list_shows_each_destinations_cost(tmp_path: Path) -> None:
    from game.app.zombicide.controller import PlaceZombies

    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert scene.play(PlaceZombies(c._zone_of("marta"), c.state.tables.zombie_ids[0], 1)).ok
    settle(host, scene)
    c.select("marta")
    scene.refresh_buttons()
    tap_slot_open = scene.actions.button_of_kind("move")
    host.click(tap_slot_open.rect.center)
    assert scene.dialog is not None and scene.dialog.options
    assert all(option.endswith("· 2 actions") for option in scene.dialog.options), scene.dialog.options


@pytest.mark.parametrize("size", SIZES)
def test_the_why_not_list_leaves_room_for_every_button_of_more(tmp_path: Path, size: tuple[int, int]) -> None:
    host = SizedHost(tmp_path, size)
    board = load_board(MISSION)
    scene = GameScene.new_game(host, MISSION, setup_of(board), 3)
    host.scenes.push(scene)
    settle(host, scene)
    host.click(scene.actions.button(MORE_KEY).rect.center)
    dialog = scene.dialog
    assert dialog is not None and dialog.lines[0] == "Why not?" and len(dialog.lines) > 2
    assert len(dialog.buttons.buttons) == len(dialog.options) + 1  # every option, and Cancel
    window = pygame.Rect((0, 0), size)
    assert window.contains(dialog.rect) and all(dialog.rect.contains(b.rect) for b in dialog.buttons.buttons)
    text_bottom = dialog.rect.top + 58 + 12 + 28 * len(dialog.lines)
    assert text_bottom <= min(b.rect.top for b in dialog.buttons.buttons)


def test_a_melee_attack_sits_in_the_melee_slot_and_is_never_called_shoot(tmp_path: Path) -> None:
    from game.app.zombicide.controller import PlaceZombies

    host, scene = new_scene(tmp_path)
    c = scene.controller
    assert scene.play(PlaceZombies(c._zone_of("juno"), c.state.tables.zombie_ids[0], 1)).ok
    settle(host, scene)
    c.select("juno")  # a Crowbar in hand
    scene.refresh_buttons()
    melee = scene.actions.offers_of_kind("melee")
    assert melee and all("Shoot" not in o.label and "Crowbar" in o.label for o in melee)
    slot = scene.actions.button_of_kind("melee")
    assert slot is not None and slot.enabled and "Shoot" not in slot.label
    assert not any("Crowbar" in o.label for o in scene.actions.offers_of_kind("ranged"))


def test_the_skills_slot_says_the_engines_reason_when_tapped(tmp_path: Path) -> None:
    from game.rules.zombicide.why_not import why_not

    host, scene = new_scene(tmp_path)
    c = scene.controller
    c.select("marta")
    scene.refresh_buttons()
    skills = scene.actions.button_of_kind("skill")
    said = [r.text() for r in why_not(c.state, "marta") if r.kind == "skill"]
    assert skills is not None and not skills.enabled and said
    host.click(skills.rect.center)
    assert scene.status_text == said[0]
    host.click(scene.actions.button(MORE_KEY).rect.center)
    assert scene.dialog is not None and any(line.endswith(said[0]) for line in scene.dialog.lines)
