"""Invader's content models: xenos with the damage of their attack, the Xeno deck's card kinds,
equipment with slots and ammunition, survivors with a class and an Armor value, skills with the
box's own parameters, the Machines and the tokens, and the box's set-up tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from game.rules.core.datafile import ContentError, check_unique
from game.rules.zombicide.catalog import (
    Catalog,
    Equipment,
    SetupRules,
    Skill,
    SpawnGroup,
    Survivor,
    ZombieCard,
    ZombieType,
    _Frozen,
    _spawn_line_input,
    need_known_zombies,
)

Ammo = Literal["bullets", "energy", "canister"]
SlotKind = Literal["hand", "body", "backpack"]
MachineKind = Literal["robot", "sentry_gun"]
REMOTE_VALUES = frozenset({"robot", "sentry_gun", "all"})
ARMOR_VALUES = frozenset(str(n) for n in range(1, 10))


class Xeno(ZombieType):
    """A xeno: the damage its attack deals (each point lowers a survivor's Armor by 1)."""

    damage: int = Field(default=1, ge=1, description="damage of one attack")


class XenoCard(ZombieCard):
    """A Xeno card. ``xenos``: its line for the danger level in the spawn zone; ``activation``: every
    xeno of ``zombie`` on the board activates again (nothing at Blue); ``abomination``: every
    Abomination activates again, then one is placed if one is left; ``mold_spawn``: its line in
    every Active Mold zone instead of the spawn zone."""

    kind: Literal["xenos", "activation", "abomination", "mold_spawn"] = "xenos"  # type: ignore[assignment]

    @model_validator(mode="after")
    def _box_kinds_fit(self) -> XenoCard:
        if self.kind in ("xenos", "mold_spawn"):
            if self.zombie is not None or not self.has_lines:
                raise ValueError(f"a {self.kind} card needs a line per danger level and no zombie")
        elif self.kind == "activation":
            if self.zombie is None or self.has_lines:
                raise ValueError("an activation card names a zombie and has no lines")
        elif self.has_lines or self.zombie is not None:
            raise ValueError("an abomination card has no lines and no zombie")
        return self


class InvaderEquipment(Equipment):
    """Where a card works (its slot icon), the ammunition a weapon uses or an attachment feeds, and
    what a card does beyond its numbers (``effects``)."""

    slot: SlotKind = Field(default="backpack", description="the slot it works from: hand, body, or anywhere (backpack)")
    ammo_type: Ammo | None = Field(default=None, description="weapons: their ammunition")
    attaches_to: Ammo | None = Field(default=None, description="attachments: the weapons' ammunition they feed")
    needs_attachment: bool = Field(default=False, description="works only with an attachment (Prototypes, Flamethrower)")
    prototype: bool = False
    set_aside: Literal["starting", "oxygen", "prototype", "reference"] | None = None
    mold_spawn: tuple[SpawnGroup, ...] = Field(default=(), description="Mold-spawn cards: xenos in every Active Mold zone")
    confidence: Literal["book", "reconstructed", "ours"] = "book"

    _mold_text = field_validator("mold_spawn", mode="before")(_spawn_line_input)

    @model_validator(mode="after")
    def _invader_fields_agree(self) -> InvaderEquipment:
        if self.attaches_to is not None and self.attack is not None:
            raise ValueError("an attachment is not a weapon")
        if self.needs_attachment and self.ammo_type is None:
            raise ValueError("a card that needs an attachment names its ammo_type")
        if self.attack is not None and self.slot != "hand":
            raise ValueError("a weapon works from a hand slot")
        return self


class InvaderSurvivor(Survivor):
    role: Literal["civilian", "soldier"] = Field(description="Civilians search any room, Soldiers Security Rooms only")
    armor: int = Field(ge=1, description="base Armor (the highest coloured box of the Armor bar)")
    confidence: Literal["book", "reconstructed", "ours"] = "ours"


class InvaderSkill(Skill):
    parameter: str | None = None  # type: ignore[assignment]
    status: str = Field(default="", description="how the engine plays it, for the skills page")


class InvaderSetupRules(SetupRules):
    body_slots: int = Field(ge=0)
    neutral_door_tokens: int = Field(ge=0)
    mold_tokens: int = Field(ge=0)
    oxygen_tanks: int = Field(ge=0)
    objective_xp: int = Field(ge=0)


class MachineWeapon(_Frozen):
    range_min: int = Field(ge=0)
    range_max: int = Field(ge=0)
    dice: int = Field(ge=1)
    accuracy: int = Field(ge=1, le=6)
    damage: int = Field(ge=1)


class MachineModel(_Frozen):
    """A Machine's reference card: its type, keywords, whether it walks and its weapons."""

    id: str
    name: str
    name_es: str = ""  # the name in Spanish (empty: the name)
    kind: MachineKind
    token: str
    moves: bool = False
    keywords: tuple[Literal["prototype", "low_profile", "robot", "sentry_gun"], ...] = ()
    melee: MachineWeapon | None = None
    ranged: MachineWeapon | None = None
    ours: bool = False
    description: str = ""


class Token(_Frozen):
    """One kind of token in the box and how many there are (the door and Mold supply are limits)."""

    id: str
    name: str
    count: int = Field(ge=1)
    note: str = ""


TABLES: dict[str, tuple[str, type]] = {"machines.toml": ("machine", MachineModel), "tokens.toml": ("token", Token)}


def machine_models(catalog: Catalog) -> tuple[MachineModel, ...]:
    return catalog.extra.get("machines", ())  # type: ignore[return-value]


def machine_model(catalog: Catalog, model_id: str) -> MachineModel:
    global _LAST_MODELS
    if _LAST_MODELS[0] is not catalog:  # asked for every Machine at every listing: kept for the last catalogue
        _LAST_MODELS = (catalog, {})
    model = _LAST_MODELS[1].get(model_id)
    if model is None:
        model = _LAST_MODELS[1][model_id] = catalog.entry("machines", model_id)
    return model  # type: ignore[no-any-return]


_LAST_MODELS: tuple[Any, dict[str, Any]] = (None, {})


def token_count(catalog: Catalog, token_id: str) -> int:
    for token in catalog.extra.get("tokens", ()):
        if token.id == token_id:
            return int(token.count)
    return 0


def equipment_of(catalog: Catalog, card_id: str) -> Any:
    """A card of the box (an ``InvaderEquipment``)."""
    return catalog.equipment(card_id)


def check(catalog: Catalog, folder: Path) -> None:
    """Invader's own cross-references: Mold-spawn xenos, attachment targets, unique Machines and tokens,
    a weapon's attachment kind exists in the box."""
    check_unique(folder / "machines.toml", "machine", [m.id for m in machine_models(catalog)])
    check_unique(folder / "tokens.toml", "token", [t.id for t in catalog.extra.get("tokens", ())])
    for index, card in enumerate(catalog.equipment_cards):
        where = f"[[card]] #{index + 1} (id = {card.id!r})"
        mold: Any = getattr(card, "mold_spawn", ())
        need_known_zombies(catalog, folder / "equipment.toml", f"{where} → mold_spawn", mold)
        needs = getattr(card, "needs_attachment", False)
        if needs and not any(getattr(c, "attaches_to", None) == getattr(card, "ammo_type", None)
                             for c in catalog.equipment_cards):
            raise ContentError(folder / "equipment.toml", f"{where} → needs_attachment",
                               f"no card attaches to {getattr(card, 'ammo_type', None)!r} weapons")
    for index, zcard in enumerate(catalog.zombie_deck):
        if zcard.zombie is not None and zcard.zombie not in {z.id for z in catalog.zombies}:
            raise ContentError(folder / "zombie_deck.toml", f"[[card]] #{index + 1} → zombie", f"unknown xeno {zcard.zombie!r}")
