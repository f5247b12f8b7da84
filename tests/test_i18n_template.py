"""The translators' template: ``make i18n`` writes ``game/locale/deadtable.pot`` with every marked string
(plural forms with their plural), and the checked-in copy is current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[1]


def checker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("i18n_check", REPO / "tools" / "i18n_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_checked_in_template_is_current():
    check = checker()
    assert check.TEMPLATE.read_bytes() == check.template_text(), \
        "game/locale/deadtable.pot is out of date: run make i18n and commit it"


def test_the_template_holds_every_marked_string_with_its_plural():
    check = checker()
    with check.TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    ids = {message.id[0] if isinstance(message.id, tuple) else message.id: message.id for message in template if message.id}
    marked = check.marked_messages()
    assert set(ids) == set(marked)
    assert ids["{n} zombie inside!"] == ("{n} zombie inside!", "{n} zombies inside!")
    assert ids["{name}: only {count} object"] == ("{name}: only {count} object", "{name}: only {count} objects")
    assert all(message.string in ("", ("", "")) for message in template if message.id)  # untranslated
