"""Words the engine says (a Distributor's deal options, a refusal) cross the network as their template
and fields, so the client says them in its own player's language: a Spanish client reads the deal in
Spanish, zombies and zones by their names, while the host's English text is unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game import i18n
from game.net.views import ViewCodecError, from_wire, to_wire
from game.rules.core.reasons import Said, ZoneId
from game.rules.zombicide import engine
from game.rules.zombicide.commands import EndTurn

sys.path.insert(0, str(Path(__file__).parents[1] / "zombicide"))
from test_engine_last_skills import deal_game  # noqa: E402


def over_the_wire(value):  # type: ignore[no-untyped-def]
    return from_wire(json.loads(json.dumps(to_wire(value))))


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_a_distributors_deal_options_arrive_as_words_the_client_says_in_spanish(spanish):
    state, _events = engine.apply(deal_game(("distributor",)), "A", EndTurn("joe"))
    assert state.pending is not None and state.pending.kind == "deal"
    sent = state.pending.options
    received = over_the_wire(sent)
    assert all(isinstance(option, Said) for option in received)
    assert [str(option) for option in received] == [str(option) for option in sent]  # the host's English
    walker = next(z for z in state.tables.catalog.zombies if z.id == "skinner_walker")
    zones = {"r0c3": "la calle del norte"}
    shown = [i18n.said(option, lambda zone: zones.get(zone, zone)) for option in received]
    assert all(text.startswith("carta ") and text.endswith(" en la calle del norte") for text in shown), shown
    assert any(f"2 {walker.name_es or walker.name}" in text for text in shown)
    assert i18n.untranslated() == frozenset()


def test_a_refusal_with_a_zone_crosses_the_wire_and_keeps_its_zone(spanish):
    refusal = Said("there are no xenos in {zone} to taunt", zone=ZoneId("z7"))
    received = over_the_wire(refusal)
    assert isinstance(received, Said) and received == "there are no xenos in z7 to taunt"
    assert i18n.said(received, lambda zone: {"z7": "el Almacén"}[zone]) == "no hay xenos en el Almacén a los que provocar"


@pytest.mark.parametrize("data", [
    {"$w": 3, "f": {}},
    {"$w": "card {number}", "f": []},
    {"$w": "card {number}", "f": {}},
    {"$w": "{number.__class__}", "f": {"number": 3}},
    {"$w": "{number[0]}", "f": {"number": "abc"}},
    {"$w": "{number:>999999999}", "f": {"number": 3}},
    {"$w": "{number!r}", "f": {"number": 3}},
    {"$w": "card {", "f": {}},
    {"$w": "x" * 5000, "f": {}},
])
def test_words_that_do_not_fit_their_template_are_refused(data):
    with pytest.raises(ViewCodecError):
        from_wire(data)
