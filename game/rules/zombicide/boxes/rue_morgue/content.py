"""Rue Morgue's own content: tent cards and Team Action cards, Skinners that leave Crawlers, Sewer
and Bed zombie cards, and the set-up tables of the box (wound cards, Team Actions kept)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from game.rules.core.datafile import ContentError, check_unique
from game.rules.zombicide.catalog import (
    Catalog,
    SetupRules,
    SpawnGroup,
    ZombieCard,
    ZombieType,
    _Frozen,
    _spawn_line_input,
    need_known_zombies,
)

BedColour = Literal["blue", "green"]


class RueMorgueZombie(ZombieType):
    is_skinner: bool = False
    crawler_from: tuple[str, ...] = Field(
        default=(), description="for the crawler: the zombie types whose kills may leave it behind"
    )


class RueMorgueZombieCard(ZombieCard):
    """Adds Sewer cards (a line per level, placed at the manholes of occupied tiles) and Bed cards
    (a Crawler on every bed of the card's colour on an occupied tile)."""

    kind: Literal["spawn", "extra_activation", "sewer", "bed"] = "spawn"  # type: ignore[assignment]
    bed_colour: BedColour | None = None

    @model_validator(mode="after")
    def _box_kinds_fit(self) -> RueMorgueZombieCard:
        if self.kind in ("spawn", "sewer"):
            if self.zombie is not None or self.bed_colour is not None:
                raise ValueError(f"a {self.kind} card takes no zombie or bed_colour")
        elif self.kind == "extra_activation":
            if self.bed_colour is not None:
                raise ValueError("an extra_activation card has no spawn lines and no bed_colour")
        elif self.kind == "bed":
            if self.bed_colour is None:
                raise ValueError("a bed card needs bed_colour = 'blue' or 'green'")
            if self.has_lines or self.zombie is not None:
                raise ValueError("a bed card has no spawn lines and no zombie")
        return self


class RueMorgueSetupRules(SetupRules):
    wound_cards: int = Field(ge=0)
    wound_cards_ours: bool = False
    team_actions_per_team_max: int = Field(ge=0)
    crawlers_enabled: bool = True


class TentCard(_Frozen):
    id: str
    name: str
    searchable: bool = False
    spawn: tuple[SpawnGroup, ...] = Field(default=(), description="zombies placed when the tent is revealed")
    beds: tuple[BedColour, ...] = ()
    count: int = Field(default=1, ge=1)
    ours: bool = False
    description: str = ""

    _spawn_text = field_validator("spawn", mode="before")(_spawn_line_input)


class TeamAction(_Frozen):
    id: str
    name: str
    action: Literal["move", "melee", "ranged"] = Field(description="the free action each selected survivor takes")
    moves_first: bool = Field(description="a free Move comes before the action (Charge!)")
    needs: Literal["nothing", "melee_weapon", "ranged_weapon"]
    target_must_hold_zombies: bool = False
    modes: tuple[Literal["destination", "origin"], ...] = ("destination", "origin")
    copies: int = Field(ge=1)
    ours: bool = False
    description: str


TABLES: dict[str, tuple[str, type]] = {"tents.toml": ("tent", TentCard), "team_actions.toml": ("team_action", TeamAction)}


def tents(catalog: Catalog) -> tuple[TentCard, ...]:
    return catalog.extra.get("tents", ())  # type: ignore[return-value]


def tent(catalog: Catalog, tent_id: str) -> TentCard:
    return catalog.entry("tents", tent_id)  # type: ignore[no-any-return]


def team_actions(catalog: Catalog) -> tuple[TeamAction, ...]:
    return catalog.extra.get("team_actions", ())  # type: ignore[return-value]


def team_action(catalog: Catalog, card_id: str) -> TeamAction:
    return catalog.entry("team_actions", card_id)  # type: ignore[no-any-return]


def crawler_for(catalog: Catalog, zombie_id: str) -> Any:
    """The zombie type a kill of ``zombie_id`` may leave behind (the Crawler for Skinners)."""
    for zombie in catalog.zombies:
        if zombie_id in getattr(zombie, "crawler_from", ()):
            return zombie
    return None


def check(catalog: Catalog, folder: Path) -> None:
    """Rue Morgue's own cross-references: Crawler sources, tent spawns, unique tent and card ids."""
    zombie_ids = {z.id for z in catalog.zombies}
    for index, zombie in enumerate(catalog.zombies):
        where = f"[[zombie]] #{index + 1} (id = {zombie.id!r})"
        for source in getattr(zombie, "crawler_from", ()):
            if source not in zombie_ids:
                raise ContentError(folder / "zombies.toml", f"{where} → crawler_from", f"unknown zombie type {source!r}")
    check_unique(folder / "tents.toml", "tent", [t.id for t in tents(catalog)])
    check_unique(folder / "team_actions.toml", "team_action", [t.id for t in team_actions(catalog)])
    for index, card in enumerate(tents(catalog)):
        need_known_zombies(catalog, folder / "tents.toml", f"[[tent]] #{index + 1} (id = {card.id!r}) → spawn", card.spawn)
