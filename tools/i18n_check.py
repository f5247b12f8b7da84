"""The strings marked for translation that a language's catalogues still lack.

    python tools/i18n_check.py            # every language of game.i18n.LANGUAGES
    python tools/i18n_check.py --pot      # also rewrite game/locale/deadtable.pot

Exits 1 when a string is missing, listing each with the file that marks it. ``make i18n`` runs it
with ``--pot``; ``tests/test_i18n.py`` asserts that nothing is missing, ``tests/test_i18n_template.py``
that the checked-in template is current (run ``make i18n`` and commit it after marking strings).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from game.i18n import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalogue_paths, read_catalogue  # noqa: E402

KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "phrase": None, "counted": (1, 2)}  # counted: engine words that count
SOURCES = ("game", "main.py")


def marked_messages() -> dict[str, tuple[str, str]]:
    """Every string marked in the code (its singular form): its plural ("" for none) and the first file
    that marks it."""
    from babel.messages.extract import extract_from_file

    found: dict[str, tuple[str, str]] = {}
    files: list[Path] = []
    for source in SOURCES:
        path = REPO / source
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    for path in files:
        for _line, message, _comments, _context in extract_from_file("python", str(path), keywords=KEYWORDS):
            singular, plural = (message[0], message[1] or "") if isinstance(message, tuple) else (message, "")
            if singular:
                known = found.get(singular)
                if known is None or (plural and not known[0]):
                    found[singular] = (plural, known[1] if known else str(path.relative_to(REPO)))
    return found


def marked_strings() -> dict[str, str]:
    """Every string marked in the code (its singular form) and the first file that marks it."""
    return {text: where for text, (_plural, where) in marked_messages().items()}


def translated(language: str) -> set[str]:
    known: set[str] = set()
    for path in catalogue_paths(language):
        for message in read_catalogue(path, language):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and all(strings) and not message.fuzzy:
                known.add(message.id[0] if isinstance(message.id, tuple) else message.id)
    return known


def missing(language: str) -> dict[str, str]:
    have = translated(language)
    return {text: where for text, where in marked_strings().items() if text not in have}


TEMPLATE = LOCALE_DIR / "deadtable.pot"


def template_text() -> bytes:
    """The template of every marked string (plural forms with their plural), sorted, without places or
    dates, so it changes only when the marked strings do."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Deadtable", copyright_holder="the Deadtable authors")
    for text, (plural, _where) in sorted(marked_messages().items()):
        catalog.add((text, plural) if plural else text)
    buffer = io.BytesIO()
    write_po(buffer, catalog, omit_header=True, sort_output=True)
    return buffer.getvalue()


def write_template() -> Path:
    TEMPLATE.write_bytes(template_text())
    return TEMPLATE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pot", action="store_true", help="rewrite game/locale/deadtable.pot")
    args = parser.parse_args()
    if args.pot:
        print(f"wrote {write_template().relative_to(REPO)}")
    status = 0
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        lacking = missing(language)
        for text, where in sorted(lacking.items(), key=lambda item: item[1]):
            print(f"{language}: {where}: {text!r}")
        print(f"{language}: {len(lacking)} string(s) without a translation")
        status = status or int(bool(lacking))
    return status


if __name__ == "__main__":
    sys.exit(main())
