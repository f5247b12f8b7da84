"""A save's summary and result are written in English from the game codec's templates; the save lists
read them back and show them in the player's language ("4 de 6 supervivientes en pie"), and show any
other wording (an older save's, an unknown game's) as it was written."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from game import i18n
from game.app.start_scene import shown_label, shown_progress
from game.platform import registry, save_words
from game.platform.envelope import SaveInfo
from game.platform.registry import SaveStatus
from game.rules.core.reasons import Said


@pytest.fixture
def spanish():
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def info(game: str, status: SaveStatus) -> SaveInfo:
    return SaveInfo(Path("saves/a.json"), game, game, "box", "A title", status, datetime(2026, 11, 26, tzinfo=UTC))


def test_a_text_is_read_back_into_the_template_it_was_filled_from() -> None:
    templates = ("{players} players, {alive} characters alive", "{players} players, {alive} characters alive, set-up")
    words = save_words.read_back("4 players, 7 characters alive, set-up", templates)
    assert isinstance(words, Said) and words.template == templates[1] and words.fields == {"players": "4", "alive": "7"}
    assert save_words.read_back("4 jugadores", templates) is None
    assert save_words.read_back("4 players, 7 characters alive, at dawn", templates) is None


def test_a_zombicide_summary_written_in_english_is_listed_in_spanish(spanish) -> None:
    codec = registry.game("zombicide").codec
    one = SaveStatus(3, None, codec.summary_templates[0].format(standing=1, total=6, zombies=9))
    several = SaveStatus(3, None, codec.summary_templates[1].format(standing=4, total=6, zombies=12))
    assert "1 de 6 superviviente en pie, 9 zombis" in shown_label(info("zombicide", one))
    assert "4 de 6 supervivientes en pie, 12 zombis" in shown_label(info("zombicide", several))


def test_results_and_summaries_of_city_of_horror_and_zombieworld_in_spanish(spanish) -> None:
    horror = info("city_of_horror", SaveStatus(5, "won by Ana, Luis", "4 players, 3 characters alive"))
    assert shown_progress(horror) == "ganada por Ana, Luis"
    assert "4 jugadores, 3 personajes vivos" in shown_label(horror)
    nobody = info("city_of_horror", SaveStatus(5, "nobody boarded the helicopter", "4 players, 0 characters alive"))
    assert shown_progress(nobody) == "nadie subió al helicóptero"
    assert shown_progress(info("zombieworld", SaveStatus(6, "finished", "Survival"))) == "terminada"


def test_a_zombieworld_summary_names_its_scenario_in_spanish(spanish) -> None:
    assert ", Supervivencia —" in shown_label(info("zombieworld", SaveStatus(6, None, "Survival")))
    assert ", Masacre —" in shown_label(info("zombieworld", SaveStatus(2, None, "Massacre")))
    assert ", A scenario of a newer version —" in shown_label(info("zombieworld", SaveStatus(2, None, "A scenario of a newer version")))


def test_other_wordings_and_unknown_games_show_as_written(spanish) -> None:
    assert shown_progress(info("zombicide", SaveStatus(3, "abandoned by the host", ""))) == "abandoned by the host"
    assert shown_progress(info("no_such_game", SaveStatus(3, "won by Ana", ""))) == "won by Ana"
    assert shown_progress(info("zombicide", SaveStatus(3, "won", ""))) == "ganada"
