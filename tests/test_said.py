"""What an engine says where a string was expected (``Said``): the English text for the rules and
their tests, and the same words in the player's language for the window (``game.i18n.said``)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from game import i18n
from game.rules.core.reasons import Said, ZoneId


@dataclass(frozen=True)
class Card:
    name: str
    name_es: str = ""


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_said_reads_as_its_english_text_and_keeps_its_template() -> None:
    option = Said("keep {card} {where} (slot {slot})", card=Card("Axe", "Hacha"), where=Said("in hand"), slot=2)
    assert option == "keep Axe in hand (slot 2)" and option.startswith("keep Axe")
    assert {option: 1}["keep Axe in hand (slot 2)"] == 1  # hashes as the text
    kept = copy.deepcopy(option)
    assert kept == option and kept.template == option.template and kept.fields["slot"] == 2


def test_said_is_shown_in_spanish_with_local_names_and_zone_names(spanish) -> None:
    option = Said("keep {card} {where} (slot {slot})", card=Card("Axe", "Hacha"), where=Said("in hand"), slot=2)
    assert i18n.said(option) == "guardar Hacha en la mano (hueco 2)"
    removal = Said("remove the {colour} spawn token in {zone}", colour=Said("red"), zone=ZoneId("1R:street-3"))
    assert i18n.said(removal, {"1R:street-3": "la calle del mercado"}.get) == \
        "retirar la ficha de aparición de color rojo de la calle del mercado"
    assert i18n.said("plain words") == "plain words"  # any other text is shown as it is
    assert i18n.untranslated() == frozenset()


def test_in_english_said_is_the_english_text() -> None:
    option = Said("{who} takes a wound and loses {card}", who="Marta", card=Card("Axe", "Hacha"))
    assert i18n.said(option) == "Marta takes a wound and loses Axe" == option
