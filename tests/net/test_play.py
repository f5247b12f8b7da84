"""Whole games over the network on 127.0.0.1: a host and three clients play the same commands as a
local game and end on the same state hash, through a client killed mid-turn and a host killed and
restarted from its autosave."""

from __future__ import annotations

import asyncio

from game.net import protocol as p
from game.net.host import Host
from game.net.views import from_wire
from game.rules.core.session import state_hash
from tests.net.harness import (
    Game,
    Player,
    city_of_horror_game,
    new_host,
    play_script,
    seat_players,
    start,
    zombicide_game,
    zombieworld_game,
)


def _views_match(game: Game, host: Host, players: list[Player]) -> None:
    """Each player's last view is exactly its seat's ``player_view`` of the host's state."""
    for player in players:
        assert player.update is not None and player.update.number == host.number
        expected = game.ruleset.player_view(host.session.state, player.seat)
        assert state_hash(player.view()) == state_hash(expected)


async def _crash(host: Host) -> None:
    """The host process dies: no goodbye, every connection cut."""
    assert host.server is not None
    for connection in host._connections():
        connection.socket.transport.abort()
    host.server.close()
    await host.server.wait_closed()
    host.server = None


async def _rejoin(player: Player) -> p.Update:
    welcome = await player.join(token=player.token)
    assert isinstance(welcome, p.Welcome) and welcome.seat == player.seat
    return await player.until(lambda m: isinstance(m, p.Update))


async def _whole_game(game: Game, tmp_path, seats: list[str], drop_at: int, crash_at: int) -> None:
    save = tmp_path / "net.json"
    host = new_host(game, save)
    url = await start(host)
    port = host.port
    players = await seat_players(host, url, game, seats)
    try:
        await play_script(game, players, range(drop_at))

        # a client killed mid-turn comes back to its seat with its token and the current view
        victim = next(pl for pl in players if pl.seat == game.script[drop_at][0])
        victim.kill()
        update = await _rejoin(victim)
        assert update.cause == "join" and update.number == host.number
        await play_script(game, players, range(drop_at, crash_at))

        # the host dies and is restarted from its autosave; every client comes back
        number = host.number
        await _crash(host)
        host = Host.open(save)
        assert host.number == number and host.code == players[0]._code
        assert host.session.hash() == game.local_hashes()[crash_at]
        url = await start(host, port)
        for player in players:
            player.url = url
            await _rejoin(player)
        await play_script(game, players, range(crash_at, len(game.script)))

        assert host.session.hash() == game.local_hashes()[-1]
        _views_match(game, host, players)
        final = game.ruleset.outcome(host.session.state)
        for player in players:
            assert player.update is not None and from_wire(player.update.outcome) == final
    finally:
        await host.stop()


def test_a_whole_zombicide_tutorial_through_a_drop_and_a_host_crash(tmp_path):
    game = zombicide_game()
    assert game.ruleset.outcome(game.session().state) is None
    assert len(game.script) >= 12
    asyncio.run(_whole_game(game, tmp_path, ["A", "B", "C"], drop_at=5, crash_at=len(game.script) // 2 + 1))
    final = game.session()
    for seat, text in game.script:
        final.play(seat, game.ruleset.command_from_json(text))
    assert game.ruleset.outcome(final.state) == "won"  # a whole mission, to its end


def test_a_zombieworld_game(tmp_path):
    game = zombieworld_game()
    assert len(game.script) >= 10
    asyncio.run(_whole_game(game, tmp_path, sorted(game.session().state.seats), drop_at=3, crash_at=7))


def test_a_city_of_horror_round(tmp_path):
    game = city_of_horror_game()
    final = game.session()
    for seat, text in game.script:
        final.play(seat, game.ruleset.command_from_json(text))
    assert final.state.round == 2  # the whole first round was played
    asyncio.run(_whole_game(game, tmp_path, ["ana", "ben", "cai"], drop_at=4, crash_at=len(game.script) // 2))
