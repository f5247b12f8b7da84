"""A refusal over the network in the guest's language: the host sends the engine's words whole (the
template, its fields, content by its names in each language: ``Refused.said``), so a Spanish guest
reads a City of Horror or Zombieworld refusal in Spanish whatever the host's language, exactly as a
local game says it; the English text stays for old peers, and words a host cannot have meant (a
template reaching for an attribute, an unknown shape) are refused by the protocol."""

from __future__ import annotations

import asyncio
import json

import pytest
from pydantic import ValidationError

from game import i18n
from game.app.city_of_horror.words import refusal_words as coh_words
from game.app.net.link import refusal_reason, refusal_words
from game.net import protocol as p
from game.net.said_wire import said_from_wire, said_to_wire
from game.rules.city_of_horror import commands as coh
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Label, Said, ZoneId, counted
from game.rules.zombieworld import commands as zw
from tests.net.harness import Game, city_of_horror_game, new_host, seat_players, start, zombieworld_game


def local_refusal(game: Game, seat: str, command: object) -> Said:
    try:
        game.ruleset.apply(game.session().state, seat, command)
    except IllegalCommand as refusal:
        assert isinstance(refusal.reason, Said)
        return refusal.reason
    raise AssertionError(f"{command} was played")


async def refused_over_the_network(game: Game, tmp_path, seats: list[str], seat: str, command: object) -> p.Refused:  # type: ignore[no-untyped-def]
    host = new_host(game, tmp_path / "net.json")
    url = await start(host)
    try:
        players = await seat_players(host, url, game, seats)
        player = next(pl for pl in players if pl.seat == seat)
        before = host.session.hash()
        await player.command(game.ruleset.command_to_json(command))
        found = await player.until(lambda m: isinstance(m, p.Refused | p.Update) and getattr(m, "cause", "") != "join")
        assert isinstance(found, p.Refused), found
        assert host.session.hash() == before
        return found
    finally:
        await host.stop()


def test_a_city_of_horror_refusal_reaches_a_spanish_guest_in_spanish(tmp_path, spanish):
    game = city_of_horror_game(limit=1)
    state = game.session().state
    seat = sorted(game.ruleset.current_seats(state))[0]
    theirs = next(ch.id for ch in state.characters if ch.owner != seat)
    command = coh.PlaceCharacter(theirs, "church")
    local = local_refusal(game, seat, command)
    refused = asyncio.run(refused_over_the_network(game, tmp_path, ["ana", "ben", "cai"], seat, command))
    assert refused.said is not None and refused.reason == str(local)  # the host's English, for old peers
    reason = refusal_reason(refused)
    assert isinstance(reason, Said) and str(reason) == str(local)
    spanish = coh_words(reason)
    assert spanish == coh_words(local)  # as a local game says it
    assert "el Banco" in spanish and "la Armería" in spanish and "the " not in spanish
    assert refusal_words(refused) == i18n.said(local)
    assert i18n.untranslated() == frozenset()


def test_a_zombieworld_refusal_reaches_a_spanish_guest_in_spanish(tmp_path, spanish):
    game = zombieworld_game(limit=1)
    state = game.session().state
    seat = sorted(game.ruleset.current_seats(state))[0]
    rival = next(m for m in state.models if m.side not in (seat, "zombies"))
    command = zw.Activate(rival.id)
    local = local_refusal(game, seat, command)
    refused = asyncio.run(refused_over_the_network(game, tmp_path, sorted(state.seats), seat, command))
    reason = refusal_reason(refused)
    assert str(reason) == str(local) == f"{rival.name} is not yours"
    assert i18n.said(reason) == i18n.said(local) == f"{rival.name} no es tuyo"


def test_the_words_cross_the_wire_whole_and_a_plain_refusal_still_reads(spanish):
    place = Said("{name} is already at {place}: move another", name=Said("{first}, {rest}", first="Ana", rest="Bo"),
                 place=Label("Motel"))
    zone = Said("there are no xenos in {zone} to taunt", zone=ZoneId("z7"))
    wounds = counted("{name}: only {count} object", "{name}: only {count} objects", 2, name="Ana")
    for words in (place, zone, wounds):
        wire = said_to_wire(words)
        assert wire is not None
        message = p.parse_host(p.encode(p.Refused(reason=str(words), said=wire)))
        assert isinstance(message, p.Refused) and message.said is not None
        back = said_from_wire(message.said)
        assert str(back) == str(words)
        assert i18n.said(back, lambda z: {"z7": "el Almacén"}[z]) == i18n.said(words, lambda z: {"z7": "el Almacén"}[z])
    assert i18n.said(said_from_wire(said_to_wire(wounds))) == "Ana: solo 2 objetos"  # type: ignore[arg-type]
    old = p.Refused(reason="it is not your turn", template="it is not your turn")  # an old host: no words whole
    assert refusal_reason(old) == refusal_words(old) == "no es tu turno"


@pytest.mark.parametrize("said", [
    {"template": "{f.__class__}", "fields": {"f": "x"}},  # reaches for an attribute
    {"template": "{f:>99999}", "fields": {"f": "x"}},  # a format that builds what no engine says
    {"template": "{missing} here", "fields": {}},
])
def test_words_a_host_cannot_have_meant_fall_back_to_its_english(said):
    refused = p.parse_host(json.dumps({"type": "refused", "reason": "the plain reason", "said": said}))
    assert isinstance(refused, p.Refused)
    assert refusal_reason(refused) == "the plain reason" == refusal_words(refused)


@pytest.mark.parametrize("said", [
    {"template": "x", "fields": {"f": {"name": "a", "cost": 3}}},  # a shape of no field
    {"template": "x", "fields": {"f": [1, 2]}},
    {"template": "x" * (p.SAID_CHARS + 1)},
    {"template": "x", "fields": {f"f{n}": 1 for n in range(p.SAID_FIELDS + 1)}},
    {"template": "x", "extra": 1},
])
def test_the_protocol_refuses_words_of_no_known_shape(said):
    with pytest.raises((p.ProtocolError, ValidationError)):
        p.parse_host(json.dumps({"type": "refused", "reason": "r", "said": said}))
