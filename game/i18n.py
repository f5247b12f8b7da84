"""The words on screen in the player's language: gettext catalogues kept as ``.po`` files, read with Babel.

- Code marks every string a player reads: ``_("End turn")``; counted words go through
  ``ngettext("{n} zombie killed", "{n} zombies killed", n).format(n=n)`` so each language gets its
  own plural forms (Spanish has two, like English; other languages more). ``N_`` marks a string
  kept in a table and translated later, where it is shown.
- Rules code never translates: the engine's reasons are English templates with named fields,
  which the app shows through ``phrase`` (``phrase("Bow: range {low}-{high}", low=0, high=1)``), or
  ``Said`` words the app shows through ``said`` (``counted(singular, plural, n)`` for words that count:
  the app picks the language's plural form).
- Catalogues live in ``game/locale/<language>/LC_MESSAGES/*.po``, one file per part of the app.
  ``make i18n`` extracts the template (``game/locale/deadtable.pot``) and lists the strings a
  catalogue still lacks (``tools/i18n_check.py``). No compiled
  ``.mo`` is kept in the repository: the ``.po`` is compiled in memory when a language is chosen.
- English is the source language and needs no catalogue. A string missing from a catalogue is
  shown in English and remembered in ``untranslated()`` (the Spanish UI test reads it).
"""

from __future__ import annotations

import functools
import gettext
import io
import locale
import os
import re
from collections.abc import Callable
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "deadtable"
SOURCE_LANGUAGE = "en"
# the languages offered in settings, each named in its own language
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_untranslated: set[str] = set()
_listeners: list[Callable[[str], None]] = []


# Spanish joins "a" and "de" with the article "el" ("al", "del"); a template's field that begins with
# "el" ("Subir a {vehicle}" with "el vehículo") must be joined once the template is filled.
# "El" with a capital begins a name ("a El Paso") and stays apart.
_CONTRACTIONS = {"es": (re.compile(r"\b([Aa]|[Dd]e) el\b"), lambda m: m.group(1)[0] + ("l" if len(m.group(1)) == 1 else "el"))}
# English's "a" before a field becomes "an" when the field is said with a vowel first ("an Assault rifle")
_ARTICLE_FIELD = re.compile(r"\b([Aa]) \{(\w+)\}")
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ure", "ura", "eu", "ewe", "one", "once")


def contract(text: str, language: str | None = None) -> str:
    """``text`` with the contractions ``language`` (the current one by default) makes obligatory."""
    rule = _CONTRACTIONS.get(language or _language)
    return rule[0].sub(rule[1], text) if rule is not None else text


def _vowel_sound(word: str) -> bool:
    lowered = word.lower()
    return lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(_CONSONANT_SOUND) or (
        lowered.startswith(("hour", "honest", "honour")))


class Template(str):
    """A translated template: ``format`` fills it, then joins what the language contracts (and in
    English says "an" before a field said with a vowel first)."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        template = str(self)
        if _language == SOURCE_LANGUAGE:
            def article(match: re.Match[str]) -> str:
                value = kwargs.get(match.group(2))
                wanted = "n" if isinstance(value, str) and _vowel_sound(value) else ""
                return f"{match.group(1)}{wanted} {{{match.group(2)}}}"
            template = _ARTICLE_FIELD.sub(article, template)
        return contract(str.format(template, *args, **kwargs))


def _template(shown: str) -> str:
    return _template_in(shown, _language)


# the window asks for the same words at every layout: whether a string is a template is worked out once
@functools.lru_cache(maxsize=4096)
def _template_in(shown: str, language: str) -> str:
    if language == SOURCE_LANGUAGE:
        return Template(shown) if _ARTICLE_FIELD.search(shown) else shown
    return Template(shown) if "{" in shown and language in _CONTRACTIONS else shown


class CatalogueError(Exception):
    """A catalogue that cannot be read; ``what`` names the file and the place."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


def catalogue_dir(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES"


def catalogue_paths(language: str) -> list[Path]:
    """Every ``.po`` of ``language``: one per part of the app (``common.po``, ``zombicide.po``…),
    so that work on one screen never edits another's catalogue."""
    return sorted(catalogue_dir(language).glob("*.po"))


def read_catalogue(path: Path, language: str):  # -> babel.messages.catalog.Catalog
    from babel.messages.pofile import PoFileError, read_po

    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=language, abort_invalid=True)
    except OSError as error:
        raise CatalogueError(f"{path.name} ({language}): could not read it ({error.strerror or error})") from error
    except (PoFileError, ValueError) as error:
        raise CatalogueError(f"{path.name} ({language}): {error}") from error


def _compiled(language: str) -> gettext.GNUTranslations:
    """The catalogues of ``language`` joined and compiled in memory (Babel reads the ``.po`` files
    and writes one ``.mo``). A string given in two files keeps the first file's words."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalogues = [read_catalogue(path, language) for path in catalogue_paths(language)]
    joined = Catalog(locale=language, domain=DOMAIN)
    if catalogues:  # the plural forms our files are written with, not the locale's newest CLDR ones
        joined.mime_headers = catalogues[0].mime_headers  # (Babel 2.19 gives Spanish a third form)
    for catalogue in catalogues:
        for message in catalogue:
            if message.id and message.string and not message.fuzzy and message.id not in joined:
                joined[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, joined, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def system_language() -> str:
    """The language of the system locale when we have it, else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def set_language(language: str) -> str:
    """Show every later string in ``language`` (a code of ``LANGUAGES``); returns the language in use.

    An unknown code, or a catalogue that cannot be read, leaves English (``CatalogueError`` for the
    second, so the caller can say which file is broken)."""
    global _translations, _language
    if language not in LANGUAGES or language == SOURCE_LANGUAGE:
        _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
    else:
        try:
            compiled = _compiled(language)
        except CatalogueError:
            _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
            raise
        _translations, _language = compiled, language
    _untranslated.clear()
    for listener in list(_listeners):
        listener(_language)
    return _language


def language() -> str:
    return _language


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(language)`` after every ``set_language`` (screens rebuild their words)."""
    _listeners.append(listener)


def _(message: str) -> str:
    """``message`` in the current language."""
    if not message:
        return message
    if _language == SOURCE_LANGUAGE:
        return _template(message) if "{" in message else message
    shown = _translations.gettext(message)
    if shown == message and message not in getattr(_translations, "_catalog", {}):  # a word kept ("Brutal") is translated
        _untranslated.add(message)
    return _template(shown)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that goes with ``count``, in the current language."""
    if _language == SOURCE_LANGUAGE:
        return _template(singular if count == 1 else plural)
    shown = _translations.ngettext(singular, plural, count)
    if shown in (singular, plural):
        _untranslated.add(singular)
    return _template(shown)


def named(message: str) -> str:
    """A name kept in data (a game's title, a menu entry): its catalogue's words when it has some,
    else the name as it is (never counted as untranslated)."""
    if _language == SOURCE_LANGUAGE or not message:
        return message
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it now (it is translated where shown)."""
    return message


def phrase(template: str, **fields: object) -> str:
    """An engine's English template translated, then filled: ``phrase("Bow: range {low}-{high}", low=0, high=1)``."""
    return _(template).format(**fields)


def said(text: object, zone_name: Callable[[str], str] | None = None) -> str:
    """What an engine said (``game.rules.core.reasons.Said``: a template and its fields) in the current
    language; a field that is content (a ``name`` and a ``name_es`` column) gives its own name, a zone
    id (``ZoneId``) the name ``zone_name`` gives it, a map's label (``Label``) its catalogue's words; any other
    text is shown as it is."""
    template, fields = getattr(text, "template", None), getattr(text, "fields", None)
    if isinstance(template, str) and isinstance(fields, dict):
        filled = {key: said(value, zone_name) for key, value in fields.items()}
        plural = getattr(text, "plural", "")
        if isinstance(plural, str) and plural:  # words that count: the language's own plural form
            return ngettext(template, plural, int(fields.get("count", 0))).format(**filled)
        return phrase(template, **filled)
    if zone_name is not None and type(text).__name__ == "ZoneId":
        return zone_name(str(text))
    if type(text).__name__ == "Label":
        return named(str(text))
    name = getattr(text, "name", None)
    if isinstance(name, str) and not isinstance(text, str):
        local = getattr(text, f"name_{_language}", "") if _language != SOURCE_LANGUAGE else ""
        return local if isinstance(local, str) and local else name
    return str(text)


def untranslated() -> frozenset[str]:
    """The strings asked for since the language was set that its catalogue lacks."""
    return frozenset(_untranslated)
