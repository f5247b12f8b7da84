"""The Necromancers' records follow their miniatures (``necromancers.reconcile``, asked after every
command): left alone while every record stands on its miniature, mended when the counts add up but
stand in other zones, made for a miniature without one, dropped without a miniature."""

from __future__ import annotations

from types import SimpleNamespace

from game.rules.zombicide.boxes.green_horde.necromancers import reconcile
from game.rules.zombicide.boxes.green_horde.state import GreenHordeState, Necromancer

ZONES = 6
NECROMANCER = 1  # the zombie type with the "necromancer" special in these tables


def game_with(miniatures: dict[int, int], records: tuple[Necromancer, ...]) -> SimpleNamespace:
    """A working copy holding ``miniatures`` (zone → Necromancers) on a line of zones."""
    tables = SimpleNamespace(type_count=2, specials=((), ("necromancer",)))
    graph = SimpleNamespace(distances_from=lambda zone, doors: [abs(zone - z) for z in range(ZONES)])
    zombies = [(0, miniatures.get(z, 0)) for z in range(ZONES)]
    game = SimpleNamespace(tables=tables, graph=graph, zombies=zombies, doors_open=[],
                           box_state=GreenHordeState(necromancers=records))
    game.as_it_stands = lambda name: getattr(game, name)  # ``Game.as_it_stands``: the field as it stands
    return game


def zones_of(game: SimpleNamespace) -> list[int]:
    return sorted(r.zone for r in game.box_state.necromancers)


def test_records_on_their_miniatures_are_left_alone() -> None:
    game = game_with({1: 2, 4: 1}, (Necromancer(1, 0, ""), Necromancer(4, 5, "b"), Necromancer(1, 2, "a")))
    before = game.box_state
    reconcile(game)
    assert game.box_state is before


def test_counts_that_add_up_in_other_zones_are_mended() -> None:
    # two records in zone 1, one miniature there and one in zone 3: the spare record follows the miniature
    game = game_with({1: 1, 3: 1}, (Necromancer(1, 0, ""), Necromancer(1, 2, "a")))
    reconcile(game)
    assert zones_of(game) == [1, 3]
    # one record in each of zones 1 and 2, both miniatures in zone 1
    game = game_with({1: 2}, (Necromancer(1, 0, ""), Necromancer(2, 2, "a")))
    reconcile(game)
    assert zones_of(game) == [1, 1]


def test_a_miniature_without_a_record_gets_one_and_a_record_without_one_goes() -> None:
    game = game_with({2: 1, 5: 1}, (Necromancer(2, 0, ""),))
    reconcile(game)
    assert game.box_state.necromancers[-1] == Necromancer(5, 5, "")
    assert zones_of(game) == [2, 5]
    game = game_with({}, (Necromancer(2, 0, ""),))
    reconcile(game)
    assert game.box_state.necromancers == ()


def test_a_miniature_moved_in_place_after_a_command_left_the_records_alone_is_followed() -> None:
    # reconciled once (and remembered), then the same list of zones changed in place, as a Taunt or
    # the table's override does: the record follows its miniature
    game = game_with({1: 1}, (Necromancer(1, 0, ""),))
    reconcile(game)
    game.zombies[1] = (0, 0)
    game.zombies[4] = (0, 1)
    reconcile(game)
    assert zones_of(game) == [4]
    # no record and no miniature (remembered), then one placed by hand: it gets its record
    game = game_with({}, ())
    reconcile(game)
    game.zombies[3] = (0, 1)
    reconcile(game)
    assert game.box_state.necromancers == (Necromancer(3, 3, ""),)
