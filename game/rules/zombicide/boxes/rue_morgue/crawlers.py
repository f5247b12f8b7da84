"""Skinners → Crawlers (digest §7.1): an attack roll that kills Skinners leaves one Crawler per die
that landed on 1, never more than the Skinners it killed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombicide.tables import Tables

Game = Any  # the engine's working copy (game.Game)
_KINDS: dict[int, tuple[Tables, int, tuple[bool, ...]]] = {}


def _kinds(tables: Tables) -> tuple[int, tuple[bool, ...]]:
    """The Crawler's kind index (-1 without one) and, per kind, whether it is a Skinner (a kind a
    Crawler comes from), worked out once per catalog."""
    known = _KINDS.get(id(tables))
    if known is not None and known[0] is tables:
        return known[1], known[2]
    zombies = tables.catalog.zombies
    crawler = -1
    for t, zombie in enumerate(zombies):
        if getattr(zombie, "crawler_from", ()):
            crawler = t
    skinner = tuple(any(z.id in getattr(c, "crawler_from", ()) for c in zombies) for z in zombies)
    if len(_KINDS) > 16:
        _KINDS.clear()
    _KINDS[id(tables)] = (tables, crawler, skinner)
    return crawler, skinner


def crawler_kind(tables: Tables) -> int:
    return _kinds(tables)[0]


def crawlers_left_behind(natural_dice: Sequence[int], skinners_killed: int) -> int:
    """One Crawler per die that landed on 1, never more than the Skinners the roll killed.

    The dice are read as they landed: "+1 to dice roll" skills do not change the count.
    """
    ones = sum(1 for value in natural_dice if value == 1)
    return min(ones, skinners_killed)


def after_attack(game: Game, i: int, target: int, killed: Sequence[int], values: tuple[int, ...]) -> None:
    """After an attack roll's kills: its Crawlers (the beginner variant leaves none)."""
    if not game.spec.crawlers:
        return
    crawler, skinner = _kinds(game.tables)
    if crawler < 0:
        return
    skinners = sum(k for t, k in enumerate(killed) if skinner[t])
    crawlers = crawlers_left_behind(values, skinners)
    if crawlers:
        game.place(target, crawler, crawlers, escorted=False, extra_activation=False)
