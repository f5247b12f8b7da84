"""A City of Horror command the engine refuses, played through the window in Spanish: the status line
draws the engine's reason in Spanish (names as the table shows them), nothing changes, and no English
is drawn."""

from __future__ import annotations

from random import Random

from game import i18n
from game.app.city_of_horror.controller import SeatPlan
from game.rules.city_of_horror import commands as c
from game.rules.city_of_horror.catalog import load_catalog
from tests.app_city_of_horror.coh_ui import CohDriver, new_app, start_game
from tests.app_city_of_horror.test_coh_screens import in_window, reach
from tests.spanish_probe import DrawnText, english_words

PEOPLE = [SeatPlan("Ana", "red"), SeatPlan("Ben", "green"), SeatPlan("Cai", "blue")]


def test_a_refusal_is_drawn_in_spanish_and_changes_nothing(tmp_path, monkeypatch, spanish):
    drawn = DrawnText(monkeypatch)
    app = new_app(tmp_path, size=(1000, 650))
    scene = start_game(app, PEOPLE, seed=11)
    driver = CohDriver(app, Random(1))
    reach(driver, in_window("round_start"))
    catalog = load_catalog()
    someone_elses = next(ch for ch in scene.state.characters if ch.owner == "Ben" and ch.location)
    card = next(card for card in catalog.cards if card not in scene.state.hand("Ana"))
    refusals = [
        (c.Vote("Ana"), "ahora no se está votando"),
        (c.PlayCard(card), f"Ana no tiene {catalog.cards[card].name_es}"),
        (c.UseAbility(someone_elses.id), f"{catalog.characters[someone_elses.id].name_es} no es tuyo"),
    ]
    names = ["Ana", "Ben", "Cai", "City", "Horror", "Deadtable"] + [entry.name_es for entry in catalog.characters.values()]
    for command, expected in refusals:
        log, state = len(scene.controller.session.log), scene.state
        scene.play_public("Ana", command)
        assert scene.message == expected
        assert len(scene.controller.session.log) == log and scene.state is state
        drawn.texts.clear()
        app.frame(1 / 30, [])
        assert any(expected in text for text in drawn.texts), drawn.texts
        assert not english_words(drawn.texts, names)
    assert i18n.untranslated() == frozenset()
    drawn.close()
