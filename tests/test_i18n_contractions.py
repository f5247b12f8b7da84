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
