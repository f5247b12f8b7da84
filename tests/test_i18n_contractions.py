"""Spanish joins "a"/"de" with the article "el" once a template is filled ("Subir al vehículo", "baja
del coche"): on the Zombieworld bar a survivor next to a vehicle is offered "Subir al vehículo …", never
"Subir a el"; names that begin with a capital "El", the pronoun "él" and words that begin with "el" stay
apart; English is untouched."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _, ngettext


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("filled", "joined"), [
    ("Subir a el vehículo Camioneta", "Subir al vehículo Camioneta"),
    ("baja de el coche", "baja del coche"),
    ("A el norte, De el sur", "Al norte, Del sur"),
    ("viaja a El Paso, de El Cairo", "viaja a El Paso, de El Cairo"),
    ("se lo da a él, de ella", "se lo da a él, de ella"),
    ("de elefantes a elegir", "de elefantes a elegir"),
])
def test_contractions_in_spanish(filled, joined):
    assert i18n.contract(filled, "es") == joined


def test_english_is_untouched():
    assert i18n.contract("a el b de el", "en") == "a el b de el"
    assert _("Get into {vehicle}").format(vehicle="el x") == "Get into el x"


def test_a_filled_template_contracts(spanish):
    vehicle = _("the {vehicle}").format(vehicle="Camioneta")
    assert vehicle.startswith("el ")
    assert _("Get into {vehicle}").format(vehicle=vehicle) == "Subir al vehículo Camioneta"
    shown = ngettext("{n} zombie killed", "{n} zombies killed", 1)
    assert shown.format(n=1) == str.format(shown, n=1)  # a template with nothing to join is the same
    assert i18n.phrase("Get into {vehicle}", vehicle="el coche") == "Subir al coche"


def test_the_zombieworld_bar_offers_to_get_into_the_vehicle_contracted(tmp_path, spanish):
    from tests.app_zombieworld.test_zw_vehicles import _next_to_vehicle
    from tests.app_zombieworld.zw_ui import new_app, open_game

    app = new_app(tmp_path)
    scene = open_game(app, 1)
    _next_to_vehicle(scene)
    scene.refresh()
    app.frame(1 / 60, [])
    labels = [offer.label for offer in scene.actions.all_offers()]
    getting_in = [label for label in labels if label.startswith("Subir a")]
    assert getting_in, labels
    assert all(label.startswith("Subir al vehículo ") for label in getting_in), getting_in


def test_english_says_an_before_a_field_said_with_a_vowel():
    from game.rules.core.reasons import Said
    from game.rules.zombieworld.catalog import load_catalog

    catalog = load_catalog()
    rifle = next(f for f in catalog.firearms if f.name == "Assault rifle")
    refusal = Said("a {weapon} fires {least} to {most} shots, not {total}", weapon=rifle, least=1, most=3, total=5)
    assert i18n.said(refusal) == "an Assault rifle fires 1 to 3 shots, not 5"
    consonant = next(f for f in catalog.firearms if f.name[0].lower() not in "aeiou")
    assert i18n.said(Said("a {weapon} is thrown at one target", weapon=consonant)).startswith(f"a {consonant.name} ")
    assert i18n.phrase("a {game} save, not a Zombieworld one", game="Invader") == "an Invader save, not a Zombieworld one"
    assert i18n.phrase("a {thing}", thing="Uzi") == "an Uzi"
    assert i18n.phrase("a {thing}", thing="unique find") == "a unique find"
    assert i18n.phrase("a {thing}", thing="one-shot pistol") == "a one-shot pistol"
    assert _("Give {item} to {name} (free)").format(item="Axe", name="Ana") == "Give Axe to Ana (free)"


def test_spanish_leaves_a_and_an_alone(spanish):
    assert i18n.contract("an Uzi, a Axe", "es") == "an Uzi, a Axe"
