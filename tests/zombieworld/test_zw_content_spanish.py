"""Zombieworld's content in Spanish: every name a player reads has its ``name_es`` column (the Spanish
rulebook's names), and the screens and the log show it when the game is in Spanish."""

from __future__ import annotations

from game import i18n
from game.app.zombieworld.content_words import item_name, rank_name, vehicle_name
from game.app.zombieworld.event_text import describe
from game.rules.zombieworld import commands as c
from game.rules.zombieworld.catalog import load_catalog
from tests.zombieworld.helpers import arranged_state


def named_entries():  # type: ignore[no-untyped-def]
    catalog = load_catalog()
    tables = catalog.tables
    return [*catalog.ranks, catalog.dog, *catalog.zombies, *catalog.firearms, *catalog.hand_weapons, *catalog.objects,
            *catalog.qualities.virtue, *catalog.qualities.defect, *catalog.vehicles, *tables.shop, *tables.prop,
            *tables.weather, *catalog.bands.unique, *catalog.bands.faction, *catalog.scenarios]


def test_every_name_a_player_reads_has_its_spanish():
    missing = [entry.id for entry in named_entries() if not entry.name_es.strip()]
    assert missing == []
    assert len(named_entries()) > 120


def test_names_are_shown_in_the_players_language(spanish):
    catalog = load_catalog()
    assert item_name(catalog, "pistol") == "Pistola/Revólver"
    assert item_name(catalog, "double_barrel") == "Escopeta de Dos Cañones"
    assert rank_name(catalog, "born") == "Superviviente Nato"
    assert vehicle_name(catalog, "articulated") == "Tráiler"
    assert item_name(catalog, "no_such_thing") == "no such thing"
    i18n.set_language("en")
    assert item_name(catalog, "pistol") == "Pistol or revolver"


def test_the_log_names_what_is_found_and_dropped_in_spanish(spanish):
    state = arranged_state({"red:Bo": (30.0, 30.0)})
    name = state.model("red:Bo").name
    lines = [describe(event, state)[0] for event in (
        c.ItemFound("red:Bo", "shotgun", dropped=True), c.ItemFound("red:Bo", "frightened_survivor"),
        c.FoundKept("red:Bo", "medkit", "pistol"), c.ItemsDropped("red:Bo", ("ammo_box", "antidote"), (0.0, 0.0)),
        c.BuildingEntered("red:Bo", 0, "zombies", 1), c.BuildingEntered("red:Bo", 0, "zombies", 3))]
    assert lines == [
        f"{name} encuentra Escopeta: no hay sitio, queda a sus pies",
        f"{name} encuentra un superviviente asustado",
        f"{name} se queda con Botiquín y deja Pistola/Revólver en el suelo",
        f"{name} deja en el suelo: Caja de Munición, el antídoto",
        f"{name} entra en un edificio: ¡1 zombi dentro!",
        f"{name} entra en un edificio: ¡3 zombis dentro!",
    ]
    assert i18n.untranslated() == frozenset()


def test_why_not_names_the_weapon_in_spanish(spanish):
    """The engine's reason keeps the weapon itself (its English text names it in English); the game
    screen's "Why not?" says it by its Spanish name."""
    from types import SimpleNamespace

    from game.app.zombieworld.game_scene import ZombieworldGameScene
    from game.rules.zombieworld.why_not import why_not

    state = arranged_state({"red:Ana": (20, 60.0)}, active="red:Ana")
    reason = next(r for r in why_not(state, "red") if r.kind == "shoot")
    assert reason.text() == "Assault rifle: no enemy in sight"
    scene = SimpleNamespace(state=state, controller=SimpleNamespace(seat="red", band_name=lambda seat: seat))
    assert ZombieworldGameScene.why_not(scene)["shoot"] == ["Rifle de Asalto: ningún enemigo a la vista"]
    assert i18n.untranslated() == frozenset()


def test_every_description_a_player_reads_has_its_spanish(spanish):
    """The band builder shows a unique band's rule, the campaign's shop a quality's: both in Spanish."""
    from game.app.widgets.card_view import local_text
    from tests.spanish_probe import english_words

    catalog = load_catalog()
    described = [*catalog.bands.unique, *catalog.qualities.virtue, *catalog.qualities.defect]
    assert [entry.id for entry in described if not entry.description_es.strip()] == []
    shown = [local_text(entry, "description") for entry in described]
    assert shown == [entry.description_es for entry in described]
    assert english_words(shown) == {}
