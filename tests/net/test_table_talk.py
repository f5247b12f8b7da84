"""Undo by vote, chat and pings for everyone, a gone player's seat handed to a bot or taken over."""

from __future__ import annotations

import asyncio
from random import Random

from game.net import protocol as p
from game.rules.zombicide.bots import planner_bot
from tests.net.harness import Player, new_host, play_script, seat_players, start, zombicide_game

GAME = zombicide_game()


async def _undo_by_vote(tmp_path) -> None:
    host = new_host(GAME, tmp_path / "net.json")
    url = await start(host)
    try:
        a, b, c = await seat_players(host, url, GAME, ["A", "B", "C"])
        await play_script(GAME, [a, b, c], range(3))
        hashes = GAME.local_hashes()

        # asked by A: B and C must both agree
        await a.send(p.Undo())
        asked = await b.until(lambda m: isinstance(m, p.UndoAsked))
        assert asked.by == "A" and asked.action == "undo" and asked.waiting == ["B", "C"] and asked.decided is None
        await b.send(p.UndoVote(yes=True))
        await c.until(lambda m: isinstance(m, p.UndoAsked) and m.waiting == ["C"])
        assert host.session.hash() == hashes[3]  # not yet
        await c.send(p.UndoVote(yes=True))
        done = await a.until(lambda m: isinstance(m, p.UndoAsked) and m.decided is not None)
        assert done.decided == "done"
        update = await a.until(lambda m: isinstance(m, p.Update) and m.cause == "undo")
        assert update.events == [] and update.can_redo and host.session.hash() == hashes[2]

        # a "no" ends the vote and nothing changes
        await b.send(p.Redo())
        await a.until(lambda m: isinstance(m, p.UndoAsked) and m.action == "redo" and m.decided is None)
        await a.send(p.UndoVote(yes=False))
        ended = await b.until(lambda m: isinstance(m, p.UndoAsked) and m.action == "redo" and m.decided is not None)
        assert ended.decided == "refused" and host.session.hash() == hashes[2]
        await c.send(p.UndoVote(yes=True))
        assert (await c.until(lambda m: isinstance(m, p.Refused))).reason == "there is no vote for you to answer"

        # the host player decides alone
        await b.send(p.Redo())
        await a.until(lambda m: isinstance(m, p.UndoAsked) and m.action == "redo" and m.decided is None)
        await host.decide_vote(True)
        redone = await c.until(lambda m: isinstance(m, p.Update) and m.cause == "redo")
        assert redone.events and host.session.hash() == hashes[3]  # redo replays the same dice

        # spectators have no say and cannot ask
        watcher = Player(url, "watcher", None, GAME)
        watcher._code = host.code
        await watcher.join(seat=None)
        await watcher.send(p.Undo())
        assert (await watcher.until(lambda m: isinstance(m, p.Refused))).reason == "a spectator cannot undo or redo"
        for player in (a, b, c):  # each looks at the table again before playing on
            await player.until_update(host.number)
        await play_script(GAME, [a, b, c], range(3, 5))
        assert host.session.hash() == hashes[5]
    finally:
        await host.stop()


def test_undo_and_redo_need_every_other_player_or_the_host_player(tmp_path):
    asyncio.run(_undo_by_vote(tmp_path))


async def _talk(tmp_path) -> None:
    host = new_host(GAME, tmp_path / "net.json")
    url = await start(host)
    try:
        a, b, c = await seat_players(host, url, GAME, ["A", "B", "C"])
        await b.send(p.Chat(text="  door\x1b[31m  on the\n left\u202e "))
        for player in (a, b, c):
            line = await player.until(lambda m: isinstance(m, p.ChatLine))
            assert (line.name, line.seat, line.text) == ("player 2", "B", "door[31m on the left")
        zone = sorted(host.zone_ids)[0]
        await a.send(p.Ping(zone=zone))
        await a.send(p.Ping(x_cm=10.5, y_cm=20.0))
        for player in (a, b, c):
            shown = await player.until(lambda m: isinstance(m, p.PingShown))
            assert shown.zone == zone and shown.seat == "A"
            point = await player.until(lambda m: isinstance(m, p.PingShown))
            assert (point.x_cm, point.y_cm) == (10.5, 20.0)
        await a.send(p.Ping(zone="no such zone"))
        assert "no zone" in (await a.until(lambda m: isinstance(m, p.Refused))).reason
        await a.send(p.Ping(x_cm=-5.0, y_cm=1.0))
        assert (await a.until(lambda m: isinstance(m, p.Refused))).reason == "the point is off the board"
        await a.send(p.Chat(text="\x07\x08"))
        assert (await a.until(lambda m: isinstance(m, p.Refused))).reason == "an empty chat line"
    finally:
        await host.stop()


def test_chat_and_pings_reach_everyone_cleaned(tmp_path):
    asyncio.run(_talk(tmp_path))


async def _gone_seats(tmp_path) -> None:
    host = new_host(GAME, tmp_path / "net.json", bot="planner")
    url = await start(host)
    try:
        a, b, c = await seat_players(host, url, GAME, ["A", "B", "C"])
        await play_script(GAME, [a, b, c], range(2))
        # B drops for good: the host player hands the seat to the bot, which plays B's turns as they come
        b.kill()
        lobby = await a.until(lambda m: isinstance(m, p.Lobby) and not m.seats[1].connected)
        assert lobby.seats[1].holder == "player 2"
        await host.give_to_bot("B")
        lobby = await a.until(lambda m: isinstance(m, p.Lobby) and m.seats[1].bot is not None)
        assert lobby.seats[1].bot == "planner"
        for _ in range(60):  # A and C play their turns; the bot plays B's
            waiting = sorted(host.session.ruleset.current_seats(host.session.state))
            if not waiting or host.session.ruleset.outcome(host.session.state) is not None:
                break
            mover = a if waiting[0] == "A" else c
            assert waiting[0] != "B"
            legal = host.session.ruleset.legal_commands(host.session.state, mover.seat)
            command = planner_bot(host.session.state, mover.seat, legal, Random(len(host.session.log)))
            await mover.command(host.session.ruleset.command_to_json(command))
            answer = await mover.until(lambda m: isinstance(m, p.Update | p.Refused) and
                                       (isinstance(m, p.Refused) or m.cause == "command"))
            assert isinstance(answer, p.Update), answer
            await asyncio.wait_for(_settled(host), 10)
            if any(entry.seat == "B" for entry in host.session.log[2:]):
                break
        assert any(entry.seat == "B" for entry in host.session.log[2:]), "the bot never played B"

        # a spectator takes the seat over from the bot; the old token no longer gives it
        newcomer = Player(url, "dora", None, GAME)
        newcomer._code = host.code
        await newcomer.join(seat=None)
        await newcomer.send(p.TakeSeat(seat="B"))
        welcome = await newcomer.until(lambda m: isinstance(m, p.Welcome))
        assert welcome.seat == "B" and welcome.token != b.token
        seat_update = await newcomer.until(lambda m: isinstance(m, p.Update))
        assert seat_update.cause == "seat"
        lobby = await a.until(lambda m: isinstance(m, p.Lobby) and m.seats[1].holder == "dora")
        assert lobby.seats[1].bot is None and lobby.seats[1].connected
        comeback = await b.join(token=b.token, seat=None)
        assert isinstance(comeback, p.Welcome) and comeback.seat is None  # back as a spectator
        await a.send(p.TakeSeat(seat="B"))
        assert "who is playing" in (await a.until(lambda m: isinstance(m, p.Refused))).reason
    finally:
        await host.stop()


async def _settled(host) -> None:
    """Until the host's loop has no bot move left to make (bots play inside the command's handling)."""
    while True:
        waiting = host.session.ruleset.current_seats(host.session.state)
        if not any(host.seats[s].bot for s in waiting):
            return
        await asyncio.sleep(0)


def test_a_gone_players_seat_goes_to_a_bot_then_to_a_newcomer(tmp_path):
    asyncio.run(_gone_seats(tmp_path))
