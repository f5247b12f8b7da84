"""The phone page: the host serves it over plain HTTP on its own port, and a phone that gives the join
code and its seat's phone code sees that seat's view and plays its commands through the same protocol;
a wrong phone code, or a phone acting as more than its seat, is refused."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest
from websockets.asyncio.client import connect

from game.net import protocol as p
from game.net.phone import phone_url
from game.net.views import decode_view, view_template
from tests.net import harness as h
from tests.net.test_secrets import check_coh_view


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode("utf-8")


async def phone_hello(url: str, code: str, phone: str):
    socket = await connect(url)
    await socket.send(json.dumps({"type": "hello", "name": "phone", "code": code, "seat": None, "content_hash": "",
                                  "protocol": p.PROTOCOL_VERSION, "phone": phone}))
    return socket


async def next_of(socket, kind: type):
    while True:
        message = p.parse_host(await asyncio.wait_for(socket.recv(), 10))
        if isinstance(message, kind):
            return message


def test_the_host_serves_the_phone_page_and_a_phone_plays_its_seat(tmp_path):
    async def scenario() -> None:
        game = h.city_of_horror_game()
        host = h.new_host(game, tmp_path / "net.json")
        url = await h.start(host)
        try:
            status, kind, page = await asyncio.to_thread(get, phone_url(url))
            assert status == 200 and kind.startswith("text/html")
            assert 'id="phone"' in page and "{{" not in page and f"const PROTOCOL = {p.PROTOCOL_VERSION}" in page
            status, _kind, _body = await asyncio.to_thread(get, url.replace("ws://", "http://") + "/other")
            assert status == 404
            players = await h.seat_players(host, url, game, ["ana", "ben", "cai"])
            ana = players[0]
            welcome = next(m for m in ana.messages if isinstance(m, p.Welcome))
            assert welcome.phone_code and welcome.phone_code != host.code
            others = {next(m for m in pl.messages if isinstance(m, p.Welcome)).phone_code for pl in players[1:]}
            assert welcome.phone_code not in others  # a seat's own code

            wrong = await phone_hello(url, host.code, "ZZZZZZ")
            refusal = await next_of(wrong, p.Refused)
            assert "phone code" in refusal.reason
            await wrong.close()

            phone = await phone_hello(url, host.code, welcome.phone_code.lower())  # typed in any case
            assert (await next_of(phone, p.Welcome)).seat == "ana"
            update = await next_of(phone, p.Update)
            assert update.view == ana.update.view  # what the seat sees, nothing more
            # the script up to ana's Movement card; the phone seals it for her
            pick = next(n for n, (seat, text) in enumerate(game.script)
                        if seat == "ana" and json.loads(text).get("kind") == "pick_movement")
            await h.play_script(game, players, range(pick))
            while update.number < pick:
                update = await next_of(phone, p.Update)
            assert "ana" in update.turn and any(c.get("kind") == "pick_movement" for c in update.legal)
            await phone.send(json.dumps({"type": "command", "command": game.script[pick][1], "seen": update.number}))
            update = await next_of(phone, p.Update)
            assert update.number == pick + 1 and len(host.session.log) == pick + 1
            assert host.session.log[-1].seat == "ana"
            template = view_template(game.ruleset, game.board, game.setup)
            check_coh_view(decode_view(update.view, template), "ana", "the phone")
            assert update.view == (await players[0].until_update(pick + 1)).view  # the seat's view, nothing more

            await phone.send(json.dumps({"type": "bye"}))  # a phone does not leave the seat for its player
            refusal = await next_of(phone, p.Refused)
            assert refusal.refused == "bye" and host.seats["ana"].holder == "player 1" and not host.seats["ana"].left
            await phone.close()
        finally:
            await host.stop()

    asyncio.run(scenario())


@pytest.mark.parametrize("address, page", [("ws://192.168.1.20:8765", "http://192.168.1.20:8765/phone"),
                                           ("ws://h:1/", "http://h:1/phone")])
def test_phone_url(address, page):
    assert phone_url(address) == page
