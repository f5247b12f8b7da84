"""The strings marked for translation that a language's catalogues still lack.

    python tools/i18n_check.py            # every language of game.i18n.LANGUAGES
    python tools/i18n_check.py --pot      # also rewrite game/locale/deadtable.pot

Exits 1 when a string is missing, listing each with the file that marks it. ``make i18n`` runs it
with ``--pot``; ``tests/test_i18n.py`` asserts that nothing is missing.
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


def marked_strings() -> dict[str, str]:
    """Every string marked in the code (its singular form) and the first file that marks it."""
    from babel.messages.extract import extract_from_file

    found: dict[str, str] = {}
    files: list[Path] = []
    for source in SOURCES:
        path = REPO / source
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    for path in files:
        for _line, message, _comments, _context in extract_from_file("python", str(path), keywords=KEYWORDS):
            singular = message[0] if isinstance(message, tuple) else message
            if singular:
                found.setdefault(singular, str(path.relative_to(REPO)))
    return found


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


def write_template() -> Path:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Deadtable", copyright_holder="the Deadtable authors")
    for text in sorted(marked_strings()):
        catalog.add(text)
    target = LOCALE_DIR / "deadtable.pot"
    with target.open("wb") as handle:
        write_po(handle, catalog, omit_header=True, sort_output=True)
    return target


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
