"""The catalog turned into flat, index-based tables the engine reads on its hot paths."""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.core.frozen import record
from game.rules.zombicide.catalog import DANGER_LEVELS, Catalog, Equipment, ZombieCard

IMMUNE = 1 << 10  # the damage needed to kill a zombie that only kill-everything effects destroy


@record
class Tables:
    catalog: Catalog
    zombie_ids: tuple[str, ...]
    zombie_index: dict[str, int]
    actions: tuple[int, ...]
    damage_to_kill: tuple[int, ...]
    xp: tuple[int, ...]
    rank: tuple[int, ...]
    never_splits: tuple[bool, ...]
    specials: tuple[frozenset[str], ...]  # per type: its special rules (a box's zombie behaviours read them)
    escort: tuple[tuple[tuple[int, int], ...], ...]
    substitute: tuple[tuple[tuple[int, int], ...], ...]
    miniatures: tuple[int, ...]
    equipment: dict[str, Equipment]
    zombie_cards: dict[int, ZombieCard]
    card_lines: dict[int, tuple[tuple[tuple[int, int], ...], ...]]  # number → level → (type, count)
    xp_thresholds: tuple[int, ...]  # blue, yellow, orange, red
    tucked: dict[str, tuple[str, ...]]  # a card made of parts kept under it → the parts' kinds (Sniper Rifle)

    @property
    def type_count(self) -> int:
        return len(self.zombie_ids)

    def level_of(self, xp: int) -> int:
        level = 0
        for i, threshold in enumerate(self.xp_thresholds):
            if xp >= threshold:
                level = i
        return level


def into_discard(card_kinds: tuple[str, ...], tables: Tables,
                 cards: Iterable[int]) -> tuple[tuple[str, ...], list[int]]:
    """What goes to the equipment discard pile when ``cards`` are discarded: each card, except a card
    made of parts tucked under it, which gives its parts back instead (the Rifle and the Scope of a
    Sniper Rifle). Parts come back as cards of their kinds (new ids: cards of a kind are alike)."""
    kinds = card_kinds
    discarded: list[int] = []
    for card in cards:
        parts = tables.tucked.get(kinds[card])
        if parts is None:
            discarded.append(card)
            continue
        discarded.extend(range(len(kinds), len(kinds) + len(parts)))
        kinds = kinds + parts
    return kinds, discarded


_CACHE: dict[int, Tables] = {}


def tables_for(catalog: Catalog) -> Tables:
    cached = _CACHE.get(id(catalog))
    if cached is not None and cached.catalog is catalog:
        return cached
    ids = tuple(z.id for z in catalog.zombies)
    index = {z: i for i, z in enumerate(ids)}

    def groups(items) -> tuple[tuple[int, int], ...]:  # type: ignore[no-untyped-def]
        return tuple((index[g.zombie], g.count) for g in items)

    tables = Tables(
        catalog=catalog,
        zombie_ids=ids,
        zombie_index=index,
        actions=tuple(z.actions for z in catalog.zombies),
        damage_to_kill=tuple(z.damage_to_kill if z.damage_to_kill is not None else IMMUNE for z in catalog.zombies),
        xp=tuple(z.xp for z in catalog.zombies),
        rank=tuple(z.targeting_rank for z in catalog.zombies),
        never_splits=tuple(z.never_splits for z in catalog.zombies),
        specials=tuple(frozenset(z.special) for z in catalog.zombies),
        escort=tuple(groups(z.escort) for z in catalog.zombies),
        substitute=tuple(groups(z.substitute) for z in catalog.zombies),
        miniatures=tuple(z.miniatures for z in catalog.zombies),
        equipment={e.id: e for e in catalog.equipment_cards},
        zombie_cards={c.number: c for c in catalog.zombie_deck},
        card_lines={c.number: tuple(groups(c.line(level)) for level in DANGER_LEVELS) for c in catalog.zombie_deck},
        xp_thresholds=tuple(catalog.setup.xp_thresholds[level] for level in DANGER_LEVELS),
        tucked={combo.makes: (e.id, combo.partner) for e in catalog.equipment_cards for combo in e.combines_with
                if combo.parts == "tucked"},
    )
    _CACHE[id(catalog)] = tables
    return tables
