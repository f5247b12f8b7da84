"""City of Horror's refusals in the player's language. A seeded sweep plays random games and, at every
step, offers the engine a spread of commands from every seat (right and wrong cards, characters,
locations, seats, colours, trades); each one refused must be a ``Said`` template, change nothing, and read
in Spanish with no English word and no untranslated template. Nearly every refusal the engine can give is
met; the source check makes sure no refusal is written as plain English again."""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest

from game import i18n
from game.app.city_of_horror.words import refusal_words
from game.net.views import to_wire
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror import spoken
from game.rules.city_of_horror.catalog import COLOURS, LOCATIONS, load_catalog
from game.rules.city_of_horror.engine import CityOfHorrorRules as Rules
from game.rules.city_of_horror.state import State
from game.rules.core.base import IllegalCommand
from game.rules.core.reasons import Said
from tests.city_of_horror.coh_helpers import NAMES, play_out, spec
from tests.spanish_probe import english_words

RULES = Path(__file__).resolve().parents[2] / "game" / "rules" / "city_of_horror"
SAYING = ("Said", "counted", "_timing_reason", "_closed_reason")  # what a refusal is made with
STRIDE = 2  # candidates at every other step: the sweep meets as many refusals in half the time
SEALED = RULES.parent / "core" / "sealed.py"  # the sealed choices' refusals (a vote, a Movement card)
# (players, set-up extras, seed): a plain table, the expert draft, and the table rules that open other refusals
GAMES = [
    (4, {}, 11),
    (3, {"draft": True}, 12),
    (5, {"rules": {"hold_back": True}}, 13),
    (4, {"rules": {"promises_may_be_broken": True, "energy_drink_any": True}}, 14),
    (6, {}, 15),
]


def refusal_templates() -> dict[str, str]:
    """Every template a City of Horror refusal is written with (the N_ strings of the rules' Said calls,
    and the singular of words that count), each with its plural ("" for none)."""
    found: dict[str, str] = {}
    not_refusals = ("spoken.py", "registration.py")  # the log's words; the game's entry and its saves' words
    for path in [*(p for p in RULES.glob("*.py") if p.name not in not_refusals), SEALED]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("N_", "counted") and node.args:
                words = [arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
                if words:
                    found[words[0]] = words[1] if getattr(node.func, "id", "") == "counted" else ""
    return found


def test_no_refusal_is_written_as_plain_english():
    """Every ``raise IllegalCommand(...)`` of the rules gives a Said (or a function that makes one)."""
    plain = []
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and getattr(node.exc.func, "id", "") == "IllegalCommand":
                reason = node.exc.args[0]
                calls = [reason] if isinstance(reason, ast.Call) else [reason.body, reason.orelse] if isinstance(reason, ast.IfExp) else []
                if not calls or not all(isinstance(call, ast.Call) and getattr(call.func, "id", "") in SAYING for call in calls):
                    plain.append(f"{path.name}:{node.lineno}")
    assert plain == []


def candidates(state: State, seat: str, chooser: Random) -> Iterator[Any]:
    """A spread of commands for ``seat``: legal ones with a part changed, and plain wrong ones."""
    catalog = load_catalog()
    others = [s for s in state.seats if s != seat]
    mine = [ch.id for ch in state.characters if ch.owner == seat]
    theirs = [ch.id for ch in state.characters if ch.owner != seat]
    hand = list(state.hand(seat))
    cards = list(catalog.cards)
    some = lambda items: items[int(chooser.random() * len(items))] if items else "nobody"  # noqa: E731
    yield c.Pass()
    yield c.WithdrawTrade()
    yield c.EndDistribution()
    yield c.PlaceCharacter(some(mine), some(list(LOCATIONS)))
    yield c.PlaceCharacter(some(theirs), some(list(LOCATIONS)))
    yield c.DraftKeep(some(cards))
    yield c.PickMovement(some(list(LOCATIONS)))
    yield c.Vote(some(list(state.seats)))
    yield c.BreakTie(some(list(state.seats)))
    yield c.ChooseVictim(some(mine))
    yield c.ChooseVictim(some(theirs))
    yield c.GiveItem("antidote", some(list(state.seats)))
    yield c.GiveItem(some(cards), some(list(state.seats)))
    yield c.Move(some(mine))
    yield c.Move(some(mine), mamma=True)
    yield c.Move("mamma", mamma=True)
    yield c.Move(some(theirs))
    yield c.Move("nobody")
    for card in {some(hand), some(cards)}:
        yield c.PlayCard(card, location=some(list(LOCATIONS)), to=some(list(LOCATIONS)),
                         target=some([*mine, *theirs, *COLOURS, *others, *LOCATIONS]), blast=some(["", "church", "armory"]))
        yield c.PlayCard(card)
    for character in {some(mine), some(theirs), some(list(catalog.characters))}:
        yield c.UseAbility(character, location=some(list(LOCATIONS)), to=some(list(LOCATIONS)),
                           target=some([*mine, *COLOURS, *others, *LOCATIONS]), card=some(hand or cards),
                           take=some(cards))
        yield c.UseAbility(character)
    for location in LOCATIONS:
        yield c.UseEffect(location, card=some(hand or cards), target=some([*mine, *COLOURS]),
                          take=some(["", "down", "up:3", "1", "x", *cards]), steps=some([0, 1, 2]))
    yield c.LockBallot(some(list(state.seats)))
    yield c.LockTieBreak(some(list(state.seats)))
    yield c.OfferTrade(some(others), give_cards=(some(cards),))
    yield c.OfferTrade(some(others), give_antidotes=9)
    yield c.OfferTrade(some(others), ask_any=-1)
    yield c.OfferTrade(some(others))
    yield c.OfferTrade(seat, ask_any=1)
    yield c.OfferTrade(some(others), give_cards=tuple(cards[:11]))
    yield c.OfferTrade(some(others), give_cards=("nothing",))
    yield c.OfferTrade(some(others), ask_any=1)
    for other in others:
        yield c.AcceptTrade(other, cards=tuple(hand[:int(chooser.random() * 3)]))
        yield c.DeclineTrade(other)


def fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conversion in string.Formatter().parse(template) if name}


def test_every_refusal_has_spanish_words_with_the_same_fields(spanish):
    """Each template (those the sweep does not meet too) has its Spanish, naming the same fields."""
    names = [*NAMES, *(entry.name_es for entry in load_catalog().characters.values())]
    for template, plural in sorted(refusal_templates().items()):
        spanish_words = i18n.ngettext(template, plural, 2) if plural else i18n._(template)
        assert spanish_words != template and fields(spanish_words) == fields(template), template
        assert not english_words([spanish_words.format(**dict.fromkeys(fields(template), "Ana"))], names), template
    assert i18n.untranslated() == frozenset()


def test_every_refusal_met_in_a_seeded_sweep_is_said_in_spanish_and_changes_nothing(spanish):
    names = [*NAMES, *(entry.name_es for entry in load_catalog().characters.values())]
    met: dict[str, str] = {}

    def attempt(state: State, seat: str, command: Any) -> None:
        try:
            Rules.apply(state, seat, command)
        except IllegalCommand as refusal:
            reason = refusal.reason
            assert isinstance(reason, Said), (command, reason)
            shown = refusal_words(reason)
            assert not english_words([shown], names), (reason.template, shown)
            assert i18n.untranslated() == frozenset(), (reason.template, i18n.untranslated())
            met.setdefault(reason.template, shown)

    for players, extra, seed in GAMES:
        chooser = Random(seed)
        final = None
        for step, (before, _seat, _command, after, _events) in enumerate(play_out(spec(players, **extra), seed)):
            final = after
            if step % STRIDE:
                continue
            wire = json.dumps(to_wire(before), sort_keys=True)
            for seat in before.seats:
                for command in candidates(before, seat, chooser):
                    attempt(before, seat, command)
            attempt(before, "Zed", c.Pass())
            attempt(before, before.seats[0], object())
            attempt(Rules.player_view(before, before.seats[0]), before.seats[0], c.Pass())
            assert json.dumps(to_wire(before), sort_keys=True) == wire, "a refused command changed the game"
        assert final is not None and final.over
        attempt(final, final.seats[0], c.Pass())
    written = refusal_templates()
    assert set(met) <= set(written)
    assert len(met) >= 0.8 * len(written), sorted(set(written) - set(met))


def test_a_refusal_names_things_by_their_shown_names(spanish):
    """Characters, cards and locations by their Spanish names (a location with its article), while the
    English text the host keeps is unchanged."""
    said = Said("{name} is already at {place}: move another", name=spoken.character("priest"), place=spoken.place("church"))
    assert str(said) == "The Priest is already at the Church: move another"
    assert refusal_words(said) == "El Cura ya está en la Iglesia: mueve a otro"
    track = Said("the Straggler marker goes on a colour of the track ({colours})", colours=spoken.track(("red", "blue", "white")))
    assert refusal_words(track) == "el marcador del Rezagado va en un color del marcador (rojo, azul, blanco)"
    blast = Said("the Explosion marker goes on {places}", places=spoken.either([spoken.place("water_tower"), spoken.place("armory")]))
    assert str(blast) == "the Explosion marker goes on the Water Tower or the Armory"
    assert refusal_words(blast) == "el marcador de Explosión va en el Depósito de Agua o la Armería"
    state = next(before for before, *_rest in play_out(spec(4), 3)
                 if before.stage.kind == "window" and before.window is not None and before.window.kind == "mover"
                 and not before.stack)
    assert state.window is not None
    mover = state.window.mover
    with pytest.raises(IllegalCommand) as refused:
        Rules.apply(state, mover, c.Move("nobody"))
    assert refusal_words(refused.value.reason) == "no existe ese personaje"
    not_in_hand = next(card for card in load_catalog().cards if card not in state.hand(mover))
    with pytest.raises(IllegalCommand) as refused:
        Rules.apply(state, mover, c.PlayCard(not_in_hand))
    assert refusal_words(refused.value.reason) == f"{mover} no tiene {load_catalog().cards[not_in_hand].name_es}"
    assert str(refused.value.reason) == f"{mover} holds no {load_catalog().cards[not_in_hand].name}"  # the host's English
    other = next(ch for ch in state.characters if ch.owner != mover and ch.location)
    with pytest.raises(IllegalCommand) as refused:
        Rules.apply(state, mover, c.Move(other.id))
    assert refusal_words(refused.value.reason) == f"{load_catalog().characters[other.id].name_es} no es uno de tus personajes vivos"
