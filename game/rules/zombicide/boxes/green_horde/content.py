"""Green Horde's content models: orc zombies (wounds per attack, armour-piercing, the Horde), its zombie
cards (the Horde icon, Necromancers, "The Horde has arrived!"), equipment with slots, armour, spells
and danger-level gems, survivors with a Body card, its set-up tables, and the book's list of skills."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from game.rules.core.datafile import ContentError, check_unique
from game.rules.zombicide.catalog import (
    Catalog,
    DangerLevel,
    Equipment,
    SetupRules,
    Survivor,
    ZombieCard,
    ZombieType,
    _Frozen,
)

Slot = Literal["hand", "body", "backpack"]
Enchantment = Literal["healing", "repulse", "speed", "ghost_sight"]

BODY_SLOT = 2  # the slot after the two Hands
FIRST_BACKPACK_SLOT = 3


class OrcZombie(ZombieType):
    wounds_per_attack: int = Field(default=1, ge=1, description="the Wounds one attack deals before armour")
    armour_piercing: bool = Field(default=False, description="its Wounds cannot be saved by armour")
    feeds_horde: bool = Field(default=False, description="a Horde-icon card that places it sets one more aside")


class OrcZombieCard(ZombieCard):
    """Adds Horde-icon spawn cards, Necromancer cards and "The Horde has arrived!" cards."""

    kind: Literal["spawn", "extra_activation", "horde_spawn", "necromancer", "horde_arrives"] = "spawn"  # type: ignore[assignment]

    @model_validator(mode="after")
    def _box_kinds_fit(self) -> OrcZombieCard:
        if self.kind == "horde_spawn" and self.zombie is not None:
            raise ValueError("a horde_spawn card takes no zombie")
        if self.kind == "necromancer" and (self.zombie is None or self.has_lines):
            raise ValueError("a necromancer card names its zombie = '<necromancer id>' and has no spawn lines")
        if self.kind == "horde_arrives" and (self.zombie is not None or self.has_lines):
            raise ValueError("a horde_arrives card has no zombie and no spawn lines")
        return self

    @property
    def horde_icon(self) -> bool:
        return self.kind in ("horde_spawn", "necromancer")


class GreenHordeEquipment(Equipment):
    slot: Slot = Field(default="hand", description="where the card works: Hand, Body or Backpack")
    ammo: Literal["arrows", "bolts"] | None = None  # type: ignore[assignment]
    spell: Literal["combat", "enchantment"] | None = None
    enchantment: Enchantment | None = None
    armour: int = Field(default=0, ge=0, le=6, description="body armour or shield: the save, X+")
    shield: bool = False
    door_roll: bool = Field(default=False, description="opens doors on a roll of its base dice (any die >= accuracy)")
    opens_doors_at_range: bool = Field(default=False, description="1 action: opens a door in sight at its range")
    melee_dice: int = Field(default=0, ge=0, description="a ranged weapon that is also a melee weapon: its melee dice")
    melee_accuracy: int = Field(default=0, ge=0, le=6)
    melee_damage: int = Field(default=0, ge=0)
    food: bool = False
    usable_from: DangerLevel = Field(default="blue", description="the danger level from which it may be used (gems)")
    vault: bool = False
    starting: bool = False

    @model_validator(mode="after")
    def _green_horde_fields_fit(self) -> GreenHordeEquipment:
        if self.spell == "enchantment" and (self.attack is not None or self.enchantment is None):
            raise ValueError("an enchantment has no attack and names its enchantment effect")
        if self.enchantment is not None and self.spell != "enchantment":
            raise ValueError("an enchantment effect needs spell = 'enchantment'")
        if self.spell == "combat" and self.attack != "magic":
            raise ValueError("a combat spell has attack = 'magic'")
        if self.attack == "magic" and self.spell != "combat":
            raise ValueError("a magic attack is a combat spell (spell = 'combat')")
        if (self.armour > 0) != (self.slot == "body" or self.shield):
            raise ValueError("armour goes with body armour (slot = 'body') or a shield, and they need it")
        if self.shield and self.slot != "hand":
            raise ValueError("a shield is held in a Hand")
        if self.melee_dice and (self.attack != "ranged" or not self.melee_accuracy or not self.melee_damage):
            raise ValueError("a melee profile (melee_dice, melee_accuracy, melee_damage) goes on a ranged weapon")
        if self.door_roll and not self.opens_doors:
            raise ValueError("door_roll needs opens_doors")
        return self


class GreenHordeSurvivor(Survivor):
    body_card: str = Field(default="", description="the card pictured in its Body slot: it counts as held there")


class GreenHordeSetupRules(SetupRules):
    spawn_tokens_limit: int = Field(ge=1, description="a Necromancer escaping with this many spawn tokens out loses")
    extra_survivors_per_spawn_token: int = Field(ge=1, description="one more spawn token per this many survivors beyond 6")


class BookSkill(_Frozen):
    """One of the 82 entries of the book's list of skills, and the skill a survivor holds for it."""

    number: int = Field(ge=1)
    spanish: str
    english: str
    skill: str


TABLES: dict[str, tuple[str, type]] = {"book_skills.toml": ("book_skill", BookSkill)}


def book_skills(catalog: Catalog) -> tuple[BookSkill, ...]:
    return catalog.extra.get("book_skills", ())  # type: ignore[return-value]


def equipment_of(tables: Any, kind: str) -> GreenHordeEquipment:
    return tables.equipment[kind]  # type: ignore[no-any-return]


def check(catalog: Catalog, folder: Path) -> None:
    """Body cards name known equipment; the book's skills name known skills."""
    equipment_ids = {e.id for e in catalog.equipment_cards}
    skill_ids = {s.id for s in catalog.skills}
    for index, survivor in enumerate(catalog.survivors):
        body = getattr(survivor, "body_card", "")
        if body and body not in equipment_ids:
            where = f"[[survivor]] #{index + 1} (id = {survivor.id!r}) → body_card"
            raise ContentError(folder / "survivors.toml", where, f"unknown equipment {body!r}")
    entries = book_skills(catalog)
    check_unique(folder / "book_skills.toml", "book_skill", [b.number for b in entries])
    for index, entry in enumerate(entries):
        name = entry.skill.partition(":")[0]
        if name not in skill_ids:
            where = f"[[book_skill]] #{index + 1} (number = {entry.number})"
            raise ContentError(folder / "book_skills.toml", where, f"unknown skill {name!r}")
    for index, card in enumerate(catalog.zombie_deck):
        if card.kind == "necromancer" and "necromancer" not in catalog.zombie(card.zombie or "").special:
            where = f"[[card]] #{index + 1} (number = {card.number}) → zombie"
            raise ContentError(folder / "zombie_deck.toml", where, f"{card.zombie!r} is no necromancer")
