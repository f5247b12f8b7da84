"""A command sent to the host is answered by its own update or refusal, matched by the number the
command carries (``Command.ask``), never by another seat's update that happens to arrive first.

The race is reproduced deterministically with a client double: the moment this seat's command is
sent, another seat's update is already on its way, then this command's answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.app.net.link import NetLink
from game.app.net.remote import RemoteSession
from game.net import protocol as p
from game.net.views import encode_events, encode_legal, encode_view
from game.rules.core.base import IllegalCommand
from tests.net.harness import city_of_horror_game


class ScriptedClient:
    """A ``Client`` whose host answers each command with what ``answer`` makes of it, at once."""

    def __init__(self, seat: str, seats: list[str], answer: Callable[[p.Command], list[Any]]):
        self.welcome = p.Welcome(seat=seat, token="t", game="city_of_horror", box="base", board="", setup="{}",
                                 seats=seats)
        self.closed = False
        self.answer = answer
        self.sent: list[Any] = []
        self.waiting: list[Any] = []

    @property
    def connected(self) -> bool:
        return True

    def send(self, message: Any) -> None:
        self.sent.append(message)
        if isinstance(message, p.Command):
            self.waiting.extend(self.answer(message))

    def poll(self) -> list[Any]:
        found, self.waiting = self.waiting, []
        return found

    def close(self) -> None:
        self.closed = True


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return city_of_horror_game(limit=40)


def update(game, session, viewer: str, number: int, by: str, ask: int) -> p.Update:  # type: ignore[no-untyped-def]
    ruleset, state = game.ruleset, session.state
    return p.Update(number=number, cause="command", view=encode_view(ruleset.player_view(state, viewer)),
                    events=encode_events(()), legal=encode_legal(ruleset.legal_commands(state, viewer)),
                    turn=sorted(ruleset.current_seats(state)), by=by, ask=ask)


def remote_for(game, seat: str, answer) -> tuple[RemoteSession, NetLink, ScriptedClient]:  # type: ignore[no-untyped-def]
    seats = sorted({seat for seat, _text in game.script})
    client = ScriptedClient(seat, seats, answer)
    link = NetLink(client)
    return RemoteSession(link, game.ruleset, game.board, game.setup), link, client


def two_seats(game) -> tuple[str, str, str]:  # type: ignore[no-untyped-def]
    """Another seat's first scripted command, and a seat that is not it."""
    other, text = game.script[0]
    mine = next(seat for seat, _text in game.script if seat != other)
    return other, text, mine


def test_a_refusal_behind_another_seats_update_is_this_commands_answer(game) -> None:
    other, other_text, mine = two_seats(game)
    after_other = game.session()
    after_other.play(other, game.ruleset.command_from_json(other_text))

    def host(command: p.Command) -> list[Any]:  # the other seat's update overtakes, with the same count of its own
        return [update(game, after_other, mine, 1, by=other, ask=command.ask),
                p.Refused(reason="it is not your turn", template="it is not your turn", refused="command",
                          command=command.command, ask=command.ask)]

    remote, link, client = remote_for(game, mine, host)
    command = game.ruleset.command_from_json(other_text)
    with pytest.raises(IllegalCommand) as refusal:
        remote.play(mine, command)
    assert "it is not your turn" in str(refusal.value.reason)
    assert client.sent[-1].ask == 1
    kept = link.poll()  # the other seat's update is still there for the table to show
    assert [type(m).__name__ for m in kept] == ["Update"] and kept[0].by == other
    assert remote.receive(kept[0]) is not None and remote.number == 1


def test_this_commands_update_behind_another_seats_is_the_one_taken(game) -> None:
    script = game.script
    turn = next(n for n in range(len(script) - 1) if script[n][0] != script[n + 1][0])  # one seat, then another
    (other, _other_text), (mine, own_text) = script[turn], script[turn + 1]
    session = game.session()
    for seat, text in script[:turn + 1]:
        session.play(seat, game.ruleset.command_from_json(text))
    first = update(game, session, mine, 1, by=other, ask=1)
    session.play(mine, game.ruleset.command_from_json(own_text))
    own = update(game, session, mine, 2, by=mine, ask=1)
    remote, link, _client = remote_for(game, mine, lambda command: [first, own])
    remote.play(mine, game.ruleset.command_from_json(own_text))
    assert remote.number == 2, "the answer taken is this command's update"
    assert [m.number for m in link.poll()] == [1]


def test_the_host_names_the_command_its_update_or_refusal_answers(tmp_path) -> None:
    import asyncio

    from tests.net.harness import new_host, seat_players, start

    game = city_of_horror_game(limit=2)
    seat, text = game.script[0]

    async def run() -> tuple[list[p.Update], p.Refused]:
        host = new_host(game, tmp_path / "net.json")
        url = await start(host)
        try:
            players = await seat_players(host, url, game, ["ana", "ben", "cai"])
            player = next(pl for pl in players if pl.seat == seat)
            await player.send(p.Command(command=text, seen=player.update.number, ask=7))
            updates = [await pl.until(lambda m: isinstance(m, p.Update) and m.cause == "command") for pl in players]
            await player.send(p.Command(command=text, seen=updates[0].number, ask=8))  # played already: refused
            refusal = await player.until(lambda m: isinstance(m, p.Refused))
            return updates, refusal
        finally:
            await host.stop()

    updates, refusal = asyncio.run(run())
    assert all((u.by, u.ask) == (seat, 7) for u in updates), [(u.by, u.ask) for u in updates]
    assert refusal.ask == 8 and refusal.refused == "command"
