"""The boxes' gestures in the Zombicide window, by mouse and finger (``game/app/zombicide/gestures.py``):
Green Horde's Trebuchet aimed by dragging it onto a zone (the zones it may hit lit while it is
dragged, the zone it would hit and the odds shown before the drop, a drop elsewhere cancelling), and
Invader's ammunition attached by dragging it onto the weapon on the survivor's card (the weapon lit
while the card is lifted, a card that does not fit refused with the engine's reason)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_play_scene import REPO, Host, finger_tap, screen_of_piece, screen_of_zone, settle, shown  # noqa: E402

from game.app.zombicide.controller import GameController, game_rules  # noqa: E402
from game.app.zombicide.game_scene import GameScene  # noqa: E402
from game.app.zombicide.gestures import hit_chance  # noqa: E402
from game.board.mission import load_board  # noqa: E402
from game.rules.core.session import Session  # noqa: E402
from game.rules.zombicide.boxes.green_horde.commands import CastEnchantment, FireSiegeEngine  # noqa: E402
from game.rules.zombicide.boxes.invader.commands import Attach, ConcentratedAttack  # noqa: E402
from game.rules.zombicide.scenario_state import card_out_of_piles  # noqa: E402

SIEGE_MISSION = REPO / "maps" / "missions" / "gh-06-breaking-the-siege.toml"
SIEGE_SETUP = {"players": [{"seat": "P1", "survivors": ["asim", "seli", "berin"]}]}
INVADER_MISSION = REPO / "maps" / "missions" / "inv-m0.toml"
INVADER_SETUP = {"players": [{"seat": "P1", "survivors": ["jared", "baraka", "cole"]}]}
SEED = 3


class Pointer:
    """A mouse or a finger driven step by step, so the test looks at the screen mid-gesture."""

    def __init__(self, host: Host, finger: bool):
        self.host, self.finger = host, finger

    def _event(self, phase: str, pos: tuple[float, float]) -> pygame.event.Event:
        if self.finger:
            w, h = self.host.screen.get_size()
            kind = {"down": pygame.FINGERDOWN, "move": pygame.FINGERMOTION, "up": pygame.FINGERUP}[phase]
            return pygame.event.Event(kind, touch_id=1, finger_id=0, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0,
                                      pressure=1.0)
        if phase == "move":
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        kind = pygame.MOUSEBUTTONDOWN if phase == "down" else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=1)

    def press(self, pos: tuple[float, float]) -> None:
        self.host.send(self._event("down", pos))
        self.host.frames(1)

    def move_to(self, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
        for n in range(1, steps + 1):
            self.host.send(self._event("move", (start[0] + (end[0] - start[0]) * n / steps,
                                                start[1] + (end[1] - start[1]) * n / steps)))
            self.host.frames(1)

    def release(self, pos: tuple[float, float]) -> None:
        self.host.send(self._event("up", pos))
        self.host.frames(1)


def scene_of(tmp_path: Path, mission: Path, setup: dict, state_change=None) -> tuple[Host, GameScene]:  # type: ignore[no-untyped-def]
    """A game of ``mission`` in the window; ``state_change(state) -> state`` sets the table first."""
    host = Host(tmp_path)
    board = load_board(mission)
    session = Session(game_rules(setup.get("box", _box_of(board))), board, setup, SEED)
    if state_change is not None:
        session = Session(session.ruleset, board, setup, SEED, _states=[state_change(session.state)])
    scene = GameScene(host, GameController(session, board), mission)
    host.scenes.push(scene)
    host.frames_until(lambda: shown(scene), "the game is shown")
    return host, scene


def _box_of(board) -> str:  # type: ignore[no-untyped-def]
    return str(board.properties["setup"]["box"])


# --- the Trebuchet aimed by dragging ------------------------------------------------------------------


def trebuchet(scene: GameScene) -> str:
    return next(p for p in scene.table.state.pieces if p.startswith("gh:siege:"))


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_the_trebuchet_is_aimed_by_dragging_it_onto_a_zone(tmp_path, finger):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP)
    c = scene.controller
    piece = trebuchet(scene)
    aims = scene.gestures.aims_from(piece)
    assert aims and {a.command.ammunition for a in aims} == {"scattered", "concentrated", "stone"}
    graph = c.state.graph
    target = next(graph.zone_ids[a.zone] for a in aims if c.state.zombies_in(a.zone))  # the besieged yard
    home = screen_of_piece(scene, piece)
    mouse = Pointer(host, finger=finger)
    mouse.press(home)
    mouse.move_to(home, screen_of_zone(scene, target))
    # mid-drag: the zones it may hit are lit, the one under the pointer named with its odds
    assert scene.gestures.aiming() is not None and scene.gestures.aiming()[0] == piece
    pointed = scene.gestures.pointed(piece, scene.table.camera.screen_to_world(screen_of_zone(scene, target)))
    assert {a.command.ammunition for a in pointed} == {"scattered", "concentrated", "stone"}
    assert all(a.hit_zones == (graph.index[target],) for a in pointed)
    drawn = pygame.Surface(host.screen.get_size())
    assert scene.gestures.draw_aim(drawn)  # the aim's overlay, not the usual targets
    mouse.release(screen_of_zone(scene, target))
    assert scene.dialog is not None and len(scene.dialog.options) == 3 and len(c.session.log) == 0
    stone = next(n for n, o in enumerate(scene.dialog.options) if "a stone" in o)
    assert "to hit" in scene.dialog.options[stone]
    finger_tap(host, scene.dialog.button_for(stone).rect.center)
    settle(host, scene)
    fired = c.session.log[-1].command
    assert isinstance(fired, FireSiegeEngine) and fired.zone == target and fired.ammunition == "stone"


def test_a_trebuchet_dropped_off_its_targets_cancels_and_slides_home(tmp_path):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP)
    c = scene.controller
    piece = trebuchet(scene)
    home_zone = scene.table.state.pieces[piece].zone
    assert all(c.state.graph.zone_ids[a.zone] != home_zone for a in scene.gestures.aims_from(piece))
    finger = Pointer(host, finger=True)
    home = screen_of_piece(scene, piece)
    near = (home[0] + 30, home[1] + 10)  # still in its own zone: Range 0, not a target
    finger.press(home)
    finger.move_to(home, near)
    assert scene.gestures.aiming() is not None
    assert not scene.gestures.pointed(piece, scene.table.camera.screen_to_world(near))
    finger.release(near)
    assert scene.dialog is None and len(c.session.log) == 0
    assert scene.status_text.startswith("Aim cancelled")
    host.frames_until(lambda: not scene.table.slides, "the Trebuchet slides home")
    assert scene.table.state.pieces[piece].zone == home_zone


def test_the_odds_shown_are_the_dice_odds():
    assert hit_chance(1, 4) == 0.5
    assert abs(hit_chance(3, 3) - (1 - (2 / 6) ** 3)) < 1e-9
    assert hit_chance(6, 7) == 0.0


# --- ammunition attached by dragging ---------------------------------------------------------------------


def _armed(state):  # type: ignore[no-untyped-def]
    """Jared holds an SMG in a hand, Plenty of Bullets and an Energy Cell in the Backpack."""
    state, bullets = card_out_of_piles(state, "plenty_of_bullets")
    state, cell = card_out_of_piles(state, "energy_cell")
    state, smg = card_out_of_piles(state, "smg")
    survivor = state.survivors[0]
    slots = list(survivor.slots)
    slots[0], slots[4], slots[5] = smg, bullets, cell
    survivors = (dataclasses.replace(survivor, slots=tuple(slots)), *state.survivors[1:])
    return dataclasses.replace(state, survivors=survivors)


def test_ammunition_is_attached_by_dragging_it_onto_the_weapon(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP, _armed)
    c = scene.controller
    assert c.selected == "jared"
    host.frames(1)
    panel = scene.card_panel
    finger = Pointer(host, finger=True)
    # the Energy Cell fits no weapon Jared holds: nothing is lit, the drop is refused with the reason
    start, weapon = panel.slot_rects[5].center, panel.slot_rects[0].center
    finger.press(start)
    assert panel.drag_from == 5 and panel.lit_slots == set()
    finger.move_to(start, weapon)
    finger.release(weapon)
    assert len(c.session.log) == 0 and "does not attach" in scene.status_text
    assert panel.returning is not None  # it slides home
    # Plenty of Bullets lights the SMG and slides under it
    mouse = Pointer(host, finger=False)
    start = panel.slot_rects[4].center
    mouse.press(start)
    assert panel.lit_slots == {0}
    mouse.move_to(start, weapon)
    mouse.release(weapon)
    settle(host, scene)
    attached = c.session.log[-1].command
    assert isinstance(attached, Attach) and (attached.slot, attached.weapon_slot) == (4, 0)
    assert c.state.survivors[0].slots[4] < 0 and panel.lit_slots == set()


def test_a_card_without_a_meaning_of_the_box_still_swaps(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP, _armed)
    c = scene.controller
    host.frames(1)
    panel = scene.card_panel
    before = c.state.survivors[0].slots
    mouse = Pointer(host, finger=False)
    start, empty = panel.slot_rects[5].center, panel.slot_rects[6].center  # the Energy Cell to an empty Backpack slot
    mouse.press(start)
    mouse.move_to(start, empty)
    mouse.release(empty)
    settle(host, scene)
    after = c.state.survivors[0].slots
    assert (after[5], after[6]) == (before[6], before[5])


# --- a box's action shows its target before the player commits -----------------------------------------


def _tank_in_sight(state):  # type: ignore[no-untyped-def]
    """Jared armed as above, and a Tank one zone away in his sight."""
    state = _armed(state)
    graph, doors = state.graph, state.doors_open
    here = state.survivors[0].zone
    there = next(z for z in graph.visible(doors)[here] if graph.zone_range(here, z, doors) == 1)
    zombies = list(state.zombies)
    counts = list(zombies[there])
    counts[state.tables.zombie_ids.index("tank")] += 1
    zombies[there] = tuple(counts)
    return dataclasses.replace(state, zombies=tuple(zombies))


def test_a_concentrated_attack_lights_its_zone_while_its_button_is_pointed(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP, _tank_in_sight)
    c = scene.controller
    host.frames(1)
    index, choice = next((n, x) for n, x in enumerate(c.action_choices()) if isinstance(x.command, ConcentratedAttack))
    assert "Tank" in choice.label
    button = next(b for b in scene.actions.buttons
                  if b.key == f"do:{index}" or any(o.key == f"do:{index}" for o in scene.actions.slots[b.key].offers))
    mouse = Pointer(host, finger=False)
    centre = scene.table.camera.world_to_screen(scene.board.zones[choice.command.zone].center)
    host.frames(1)
    unlit = host.screen.copy()
    before = unlit.get_at((int(centre[0]), int(centre[1] - 20)))
    assert not scene.gestures.pointed_choices()
    if button.key == f"do:{index}":
        target = button.rect.center
    else:  # a slot of several: its list, line by line
        mouse.press(button.rect.center)
        mouse.release(button.rect.center)
        assert scene.dialog is not None
        target = scene.dialog.button_for(scene.dialog.options.index(choice.label)).rect.center
    host.send(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
    host.frames(1)
    assert [x.command for x in scene.gestures.pointed_choices()] == [choice.command]
    lit = host.screen.copy()
    lit.blit(unlit, (0, 0))  # the table as it was, then the pointed zone over it
    scene.gestures.draw_pointed(lit)
    assert lit.get_at((int(centre[0]), int(centre[1] - 20))) != before
    assert len(c.session.log) == 0  # pointing commits nothing


def _hellfire_ready(state):  # type: ignore[no-untyped-def]
    """Jared holds a Flamethrower with its Canister; Baraka stands by a Tank one zone away."""
    state = _tank_in_sight(state)
    state, flamer = card_out_of_piles(state, "flamethrower")
    state, canister = card_out_of_piles(state, "canister")
    jared, baraka = state.survivors[0], state.survivors[1]
    here = jared.zone
    there = next(z for z, counts in enumerate(state.zombies) if any(counts)
                 and state.graph.zone_range(here, z, state.doors_open) == 1)
    slots = list(jared.slots)
    slots[1] = flamer
    survivors = (dataclasses.replace(jared, slots=tuple(slots)), dataclasses.replace(baraka, zone=there),
                 *state.survivors[2:])
    box = dataclasses.replace(state.box_state, attached=state.box_state.attached + ((canister, flamer),))
    return dataclasses.replace(state, survivors=survivors, box_state=box)


def test_hellfire_names_the_survivors_it_would_burn_before_the_shot(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP, _hellfire_ready)
    c = scene.controller
    host.frames(1)
    burning = [(zone, shot) for zone, shots in c.targets().shots.items() for shot in shots if shot.odds.kills_everything]
    assert burning, "the Flamethrower offers Hellfire"
    zone, shot = next((z, s) for z, s in burning if c.state.graph.index[z] == c.state.survivors[1].zone)
    assert scene.gestures.also_killed(zone, shot) == " — kills Baraka too"
    plain = next(s for shots in c.targets().shots.values() for s in shots if not s.odds.kills_everything)
    assert scene.gestures.also_killed(zone, plain) == ""


# --- a spell cast from the card -------------------------------------------------------------------------


def _speed_in_hand(state):  # type: ignore[no-untyped-def]
    """Asim holds the Speed enchantment in his second hand."""
    state, speed = card_out_of_piles(state, "speed")
    asim = state.survivors[0]
    slots = list(asim.slots)
    slots[1] = speed
    return dataclasses.replace(state, survivors=(dataclasses.replace(asim, slots=tuple(slots)), *state.survivors[1:]))


def test_a_spell_is_cast_from_the_card_targets_lit_then_confirmed(tmp_path):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP, _speed_in_hand)
    c = scene.controller
    host.frames(1)
    spell = scene.card_panel.slot_rects[1].center
    here = c.state.graph.zone_ids[c.state.survivors[0].zone]
    away = next(z for z in scene.board.zones if z != here and scene.board.zones[z].polygon)
    unlit = host.screen.copy()
    # a tap on the spell lights its targets: the survivors' zone
    finger_tap(host, spell)
    host.frames(1)
    assert scene.card_actions.aim is not None and len(c.session.log) == 0
    assert {z for _choice, zones in scene.card_actions.aim.actions for z in zones} == {here}
    lit = unlit.copy()
    scene.card_actions.draw(lit)
    probe = tuple(int(v) for v in screen_of_zone(scene, here))
    assert lit.get_at(probe) != unlit.get_at(probe)
    # a tap elsewhere cancels
    host.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of_zone(scene, away), button=1))
    host.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen_of_zone(scene, away), button=1))
    assert scene.card_actions.aim is None and scene.dialog is None and scene.status_text.endswith("cancelled")
    assert len(c.session.log) == 0
    # again, and a tap on the lit zone asks whom to cast it on
    finger_tap(host, spell)
    finger_tap(host, screen_of_zone(scene, here))
    assert scene.dialog is not None and scene.dialog.title == "Speed"
    assert "Cast Speed on Seli" in scene.dialog.options
    finger_tap(host, scene.dialog.button_for(scene.dialog.options.index("Cast Speed on Seli")).rect.center)
    settle(host, scene)
    cast = c.session.log[-1].command
    assert isinstance(cast, CastEnchantment) and cast.target == "seli" and cast.slot == 1


def test_a_second_tap_on_the_card_shows_it_whole(tmp_path):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP, _speed_in_hand)
    host.frames(1)
    shown = []
    scene.show_card = shown.append  # type: ignore[method-assign]
    spell = scene.card_panel.slot_rects[1].center
    finger_tap(host, spell)
    assert scene.card_actions.aim is not None and not shown
    finger_tap(host, spell)
    assert scene.card_actions.aim is None and len(shown) == 1 and shown[0].title == "Speed"


# --- the box's piles off the board ----------------------------------------------------------------------


def _horde_of_five(state):  # type: ignore[no-untyped-def]
    """Three Orc Walkers and two Runners set aside in the Horde."""
    ids = state.tables.zombie_ids
    horde = [0] * len(ids)
    horde[ids.index("orc_walker")], horde[ids.index("orc_runner")] = 3, 2
    supply = list(state.supply)
    supply[ids.index("orc_walker")] -= 3
    supply[ids.index("orc_runner")] -= 2
    return dataclasses.replace(state, supply=tuple(supply),
                               box_state=dataclasses.replace(state.box_state, horde=tuple(horde)))


def test_the_horde_is_a_stack_with_its_count_and_a_tap_lists_it(tmp_path):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP, _horde_of_five)
    host.frames(1)
    (pile, rect), = scene.box_marks.places()
    assert pile.title == "The Horde" and pile.count == 5
    assert scene.table_rect().contains(rect)
    finger_tap(host, rect.center)
    assert scene.dialog is not None and scene.dialog.title == "The Horde: 5"
    assert scene.dialog.lines == ["3 × Orc Walker", "2 × Orc Runner"]
    assert len(scene.controller.session.log) == 0


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_the_trebuchet_is_dragged_onto_the_horde_to_fire_at_it(tmp_path, finger):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP, _horde_of_five)
    c = scene.controller
    piece = trebuchet(scene)
    at_horde = [a for a in scene.gestures.aims_from(piece) if a.pile]
    assert {a.command.ammunition for a in at_horde} == {"scattered", "concentrated", "stone"}
    assert all(a.command.zone == "horde" and a.needed == 4 for a in at_horde)  # the Horde is never seen: 4+
    (pile, rect), = scene.box_marks.places()
    home = screen_of_piece(scene, piece)
    mouse = Pointer(host, finger=finger)
    mouse.press(home)
    mouse.move_to(home, rect.center)
    pointed = scene.gestures.pointed(piece, scene.table.camera.screen_to_world(rect.center))
    assert {a.pile for a in pointed} == {pile.id}
    drawn = pygame.Surface(host.screen.get_size())
    drawn.fill((0, 0, 0))
    scene.gestures.draw_aim_odds(drawn)
    ring = rect.inflate(10, 10)
    assert drawn.get_at((ring.centerx, ring.top + 1))[:3] != (0, 0, 0)  # the Horde lit as the target
    mouse.release(rect.center)
    assert scene.dialog is not None and scene.dialog.title == "Fire at The Horde" and len(c.session.log) == 0
    stone = next(n for n, o in enumerate(scene.dialog.options) if "a stone" in o)
    finger_tap(host, scene.dialog.button_for(stone).rect.center)
    settle(host, scene)
    fired = c.session.log[-1].command
    assert isinstance(fired, FireSiegeEngine) and fired.zone == "horde" and fired.ammunition == "stone"


def test_an_empty_horde_is_no_target(tmp_path):
    host, scene = scene_of(tmp_path, SIEGE_MISSION, SIEGE_SETUP)
    assert not any(scene.controller.state.box_state.horde)
    assert not [a for a in scene.gestures.aims_from(trebuchet(scene)) if a.pile]


def test_a_box_without_piles_draws_none(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP)
    assert scene.box_marks.places() == []


def _barrier_broken(state):  # type: ignore[no-untyped-def]
    """The barrier between the besieged yard and the lane east of it, broken by the orcs."""
    from game.rules.zombicide.boxes.green_horde.board import graph_with_barriers_down
    from game.rules.zombicide.boxes.green_horde.state import board_of

    ids = state.graph.zone_ids
    barrier = next(b for b, x, y in board_of(state.graph).barriers if {ids[x], ids[y]} == {"9R:yd-c", "9R:ln-e"})
    return dataclasses.replace(state, graph=graph_with_barriers_down(state.graph, state.box, (barrier,)),
                               box_state=dataclasses.replace(state.box_state, barriers_down=(barrier,)))


def test_every_barrier_is_drawn_across_its_border_standing_or_broken(tmp_path):
    host, whole = scene_of(tmp_path / "whole", SIEGE_MISSION, SIEGE_SETUP)
    _host, broken = scene_of(tmp_path / "broken", SIEGE_MISSION, SIEGE_SETUP, _barrier_broken)
    barriers = {k.id for k in whole.board.connections if k.kind == "barrier"}
    assert len(barriers) == 3  # the mission's three barriers around the bailey
    standing = whole.controller.state.box.edge_tokens(whole.controller.state)
    assert sorted(standing) == sorted((b, "gh_barrier") for b in barriers)
    tokens = dict(broken.controller.state.box.edge_tokens(broken.controller.state))
    (down,) = broken.controller.state.box_state.barriers_down
    assert tokens[down] == "gh_barrier_broken" and set(tokens) == barriers
    assert all(tokens[b] == "gh_barrier" for b in barriers - {down})
    for token in ("gh_barrier", "gh_barrier_broken"):
        assert whole.table.renderer.images.token(token) is not None
    connection = next(k for k in broken.board.connections if k.id == down)
    (ax, ay), (bx, by) = (broken.table.camera.world_to_screen(p) for p in connection.segment)
    middle = (int((ax + bx) / 2), int((ay + by) / 2))
    plain = host.screen.copy()
    whole.box_marks.draw_edge_tokens = lambda surface: None  # the board as it is printed
    whole.draw(plain)
    standing_shown, broken_shown = host.screen.copy(), host.screen.copy()
    del whole.box_marks.draw_edge_tokens
    whole.draw(standing_shown)
    broken.draw(broken_shown)
    assert len({tuple(s.get_at(middle)) for s in (plain, standing_shown, broken_shown)}) == 3


def _spoiler_inside(state):  # type: ignore[no-untyped-def]
    """A Spoiler Abomination in a corridor next to other indoor zones."""
    from game.rules.zombicide.boxes.invader.board import board_of

    outdoor, doors = board_of(state.graph).outdoor, tuple(state.doors_open)
    zone = next(z for z in range(state.graph.zone_count) if not outdoor[z]
                and any(not outdoor[n] for n in state.graph.zombie_neighbours(z, doors)))
    kind = state.tables.zombie_ids.index("spoiler_abomination")
    zombies = list(state.zombies)
    zombies[zone] = tuple(n + (1 if t == kind else 0) for t, n in enumerate(zombies[zone]))
    supply = tuple(n - (1 if t == kind else 0) for t, n in enumerate(state.supply))
    return dataclasses.replace(state, zombies=tuple(zombies), supply=supply)


def test_the_zones_mold_threatens_are_ringed_and_say_why_under_the_mouse(tmp_path):
    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP, _spoiler_inside)
    host.frames(1)
    threats = scene.box_marks.threats()
    assert threats and all("Mold" in words for _zone, words in threats)
    zone_id = scene.controller.state.graph.zone_ids[threats[0][0]]
    spot = tuple(int(v) for v in screen_of_zone(scene, zone_id))
    _host, calm = scene_of(tmp_path / "calm", INVADER_MISSION, INVADER_SETUP)
    assert calm.box_marks.threats() == []
    plain, ringed = host.screen.copy(), host.screen.copy()
    calm.draw(plain)
    scene.draw(ringed)
    assert ringed.get_at(spot) != plain.get_at(spot)
    host.send(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    told = host.screen.copy()
    scene.draw(told)
    assert told.get_rect() == ringed.get_rect() and pygame.image.tobytes(told, "RGB") != pygame.image.tobytes(ringed, "RGB")


def test_a_door_the_zombies_break_is_animated_splintering_open(tmp_path):
    from game.app.zombicide.director import DOOR_BROKEN
    from game.app.zombicide.view_model import door_states
    from game.rules.zombicide.commands import DoorBroken

    host, scene = scene_of(tmp_path, INVADER_MISSION, INVADER_SETUP)
    state = scene.controller.state
    door = next(iter(door_states(state)))
    shut = {**door_states(state), door: False}  # a closed door, as the zombies find it
    zone = next(k for k in scene.board.connections if k.id == door).a
    beats = scene.director.start([DoorBroken(door, zone)], state, state, None, shut, {**shut, door: True})
    assert beats >= 1
    beat = next(b for b in scene.director.beats if b.kind == "door")
    assert beat.door == door and beat.title == DOOR_BROKEN and beat.doors[door] is True
    drawn = host.screen.copy()
    host.frames_until(lambda: scene.director.current()[0] is beat, "the door's beat plays")
    before = drawn.copy()
    scene.director.draw_overlay(drawn, scene.table.camera, scene.table_rect())
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(before, "RGB")
    host.frames_until(lambda: not scene.director.busy, "the animation ends")
