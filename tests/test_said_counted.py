"""Engine words that count (``counted``): English picks its form by the count, the window the player's
language's own form through ngettext, and the plural crosses the network with the template."""

from __future__ import annotations

import copy
import json

import pytest

from game import i18n
from game.net.views import ViewCodecError, from_wire, to_wire
from game.rules.core.reasons import Said, counted

ONE, MANY = "{name}: only {count} object", "{name}: only {count} objects"


def test_english_and_spanish_forms_follow_the_count(spanish):
    for count, english, spanish_words in ((1, "Ana: only 1 object", "Ana: solo 1 objeto"),
                                          (2, "Ana: only 2 objects", "Ana: solo 2 objetos"),
                                          (0, "Ana: only 0 objects", "Ana: solo 0 objetos")):
        words = counted(ONE, MANY, count, name="Ana")
        assert isinstance(words, Said) and words == english
        assert i18n.said(words) == spanish_words
    assert i18n.untranslated() == frozenset()


def test_counted_words_survive_a_copy_and_the_network(spanish):
    words = counted(ONE, MANY, 3, name="Ana")
    for received in (copy.deepcopy(words), from_wire(json.loads(json.dumps(to_wire(words))))):
        assert isinstance(received, Said) and received.plural == MANY and received == "Ana: only 3 objects"
        assert i18n.said(received) == "Ana: solo 3 objetos"


@pytest.mark.parametrize("data", [
    {"$w": ONE, "f": {"name": "Ana", "count": "3"}, "p": MANY},
    {"$w": ONE, "f": {"name": "Ana", "count": 3}, "p": 7},
    {"$w": ONE, "f": {"name": "Ana", "count": 3}, "p": "{name.__class__}"},
])
def test_counted_words_that_do_not_fit_are_refused(data):
    with pytest.raises(ViewCodecError):
        from_wire(data)
