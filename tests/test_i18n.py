"""The words on screen follow the chosen language; catalogues and settings never stop the game."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from game import i18n
from game.settings import Settings, load_settings, save_settings

SPANISH = """\
msgid ""
msgstr ""
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "End turn"
msgstr "Terminar turno"

msgid "{n} zombie killed"
msgid_plural "{n} zombies killed"
msgstr[0] "{n} zombi eliminado"
msgstr[1] "{n} zombis eliminados"

msgid "Bow: range {low}-{high}"
msgstr "Arco: alcance {low}-{high}"
"""


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "common.po").write_text(SPANISH, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    yield tmp_path
    i18n.set_language("en")


def test_english_is_the_source_and_counts_its_plurals() -> None:
    i18n.set_language("en")
    assert i18n._("End turn") == "End turn"
    assert i18n.ngettext("{n} zombie killed", "{n} zombies killed", 1).format(n=1) == "1 zombie killed"
    assert i18n.ngettext("{n} zombie killed", "{n} zombies killed", 0).format(n=0) == "0 zombies killed"


def test_spanish_words_plurals_and_engine_phrases(locale_dir: Path) -> None:
    assert i18n.set_language("es") == "es"
    assert i18n._("End turn") == "Terminar turno"
    assert i18n.ngettext("{n} zombie killed", "{n} zombies killed", 1).format(n=1) == "1 zombi eliminado"
    assert i18n.ngettext("{n} zombie killed", "{n} zombies killed", 3).format(n=3) == "3 zombis eliminados"
    assert i18n.phrase("Bow: range {low}-{high}", low=0, high=1) == "Arco: alcance 0-1"
    assert i18n.untranslated() == frozenset()
    assert i18n._("Trade") == "Trade"  # shown in English, and remembered
    assert i18n.untranslated() == {"Trade"}


def test_a_catalogue_split_over_files_is_read_whole(locale_dir: Path) -> None:
    (locale_dir / "es" / "LC_MESSAGES" / "zombicide.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n\nmsgid "Search"\nmsgstr "Buscar"\n', encoding="utf-8")
    i18n.set_language("es")
    assert (i18n._("Search"), i18n._("End turn")) == ("Buscar", "Terminar turno")


def test_a_broken_catalogue_names_its_file_and_leaves_english(locale_dir: Path) -> None:
    (locale_dir / "es" / "LC_MESSAGES" / "broken.po").write_text('msgid "x"\nmsgstr "y"\nthis is not a po line\n', encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match="broken.po"):
        i18n.set_language("es")
    assert i18n.language() == "en"
    assert i18n._("End turn") == "End turn"


def test_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"


def test_system_language_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert i18n.system_language() == "es"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr:en_GB")
    assert i18n.system_language() == "en"


def test_every_marked_string_has_a_spanish_translation() -> None:
    spec = importlib.util.spec_from_file_location("i18n_check", Path(i18n.__file__).parents[1] / "tools" / "i18n_check.py")
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    assert check.missing("es") == {}


def test_settings_round_trip_and_keep_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(language="es", handedness="left"), path)
    save_settings(Settings(language="en", animation_speed=float("inf")), path)
    settings, problem = load_settings(path)
    assert problem is None
    assert (settings.language, settings.animation_speed >= 1e9) == ("en", True)
    assert json.loads((tmp_path / "settings.json.bak").read_text())["language"] == "es"


@pytest.mark.parametrize("text, place", [
    ("{not json", "settings.json"),
    ('{"handedness": "middle"}', "handedness"),
    ('{"animation_speed": -1}', "animation_speed"),
])
def test_a_broken_settings_file_gives_defaults_and_says_where(tmp_path: Path, text: str, place: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and "settings.json" in problem and place in problem


def test_one_english_string_has_one_spanish_translation_across_the_catalogues() -> None:
    """Each part of the app keeps its own catalogue: the same words must not be translated two ways."""
    found: dict[str, dict[str, str]] = {}
    for path in i18n.catalogue_paths("es"):
        for message in i18n.read_catalogue(path, "es"):
            if message.id:
                key = message.id if isinstance(message.id, str) else message.id[0]
                found.setdefault(key, {})[path.name] = str(message.string)
    clashes = {text: files for text, files in found.items() if len(set(files.values())) > 1}
    assert clashes == {}


def test_the_joined_catalogue_keeps_the_plural_forms_its_files_declare() -> None:
    """Our Spanish files have two forms; Babel 2.19's locale data gives Spanish a third ("many"), and a
    catalogue built with it looked for a form the files do not have (every plural fell back to English)."""
    from game.i18n import _compiled

    translations = _compiled("es")
    assert [translations.plural(n) for n in (0, 1, 2, 1_000_000)] == [1, 0, 1, 1]
    assert translations.ngettext("{n} Action card", "{n} Action cards", 2) == "{n} cartas de Acción"
