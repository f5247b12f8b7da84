"""Every text the window draws, caught as it is drawn, and the words in it that are English.

``DrawnText`` replaces ``pygame.font.Font`` (the app's own fonts and pygame_gui's) with a subclass
that records each string it renders. ``english_words(texts)`` lists the words of those strings
that only English uses: the words of the app's marked English strings that no Spanish translation
contains, minus the names kept in data (survivors, rooms), plus a few English function words.
A screen in Spanish shows none of them, and ``game.i18n.untranslated()`` stays empty.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import pygame
import pytest

from game import i18n

REPO = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
ENGLISH_ONLY = frozenset(
    ["the", "and", "of", "to", "with", "from", "your", "you", "is", "are", "was", "has", "have", "this", "that", "turn", "turns", "moves", "end", "ends", "round", "rounds", "zombies", "survivors", "survivor", "action", "actions", "attack", "attacks", "search", "searches", "takes", "wound", "wounds", "killed", "kills", "door", "doors", "open", "opens", "room", "street", "spawn", "spawns", "phase", "players", "player", "next", "back", "latest", "log", "skip", "more", "move", "trade", "ready", "menu", "help", "goals", "goal", "done", "why", "not", "now"])
# English words that are also Spanish words, names or units the Spanish UI shows as they are
SHARED = frozenset(["a", "no", "ok", "xp", "cm", "mm", "px", "id", "pc", "set", "base"])


@lru_cache(maxsize=1)
def _catalogue_words() -> tuple[frozenset[str], frozenset[str]]:
    spec = importlib.util.spec_from_file_location("i18n_check", REPO / "tools" / "i18n_check.py")
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    english = {w.lower() for text in check.marked_strings() for w in WORD.findall(re.sub(r"\{[^}]*\}|<[^>]*>", " ", text))}
    spanish: set[str] = set()
    for path in i18n.catalogue_paths("es"):
        for message in i18n.read_catalogue(path, "es"):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                spanish.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}|<[^>]*>", " ", text or "")))
    return frozenset(english), frozenset(spanish)


def english_words(texts: Iterable[str], names: Iterable[str] = ()) -> dict[str, str]:
    """The English-only words in ``texts`` and the first text each was seen in; ``names`` (data
    names: survivors, rooms, bands) never count."""
    english, spanish = _catalogue_words()
    tell_tale = (english | ENGLISH_ONLY) - spanish - SHARED
    allowed = {w.lower() for name in names for w in WORD.findall(name)}
    found: dict[str, str] = {}
    for text in texts:
        for word in WORD.findall(re.sub(r"<[^>]*>", " ", text)):
            low = word.lower()
            if len(low) > 1 and low in tell_tale and low not in allowed:
                found.setdefault(low, text)
    return found


class DrawnText:
    """Records every string rendered by a ``pygame.font.Font`` made while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.texts: list[str] = []
        seen = self.texts
        original = pygame.font.Font

        class RecordingFont(original):  # type: ignore[misc, valid-type]
            def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
                if isinstance(text, str) and text.strip():
                    seen.append(text)
                return super().render(text, *args, **kwargs)

        from pygame_gui.core import gui_font_pygame

        from game.app import render

        monkeypatch.setattr(pygame.font, "Font", RecordingFont)
        monkeypatch.setattr(gui_font_pygame, "Font", RecordingFont)
        render.font.cache_clear()  # the app's fonts are made again, as recording fonts
        self._render = render

    def clear(self) -> None:
        self.texts.clear()

    def close(self) -> None:
        self._render.font.cache_clear()
