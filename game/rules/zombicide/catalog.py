"""Zombicide content as data: zombie types, equipment, the zombie deck, survivors, skills and setup
tables, read from TOML files under ``content/<box>/``; a box adds its own tables and richer models
(``boxes.ContentExtension``), read into ``catalog.extra``.

Every model is frozen and refuses unknown keys, so a typo in a content file is reported instead of
silently ignored. ``load_catalog`` checks every cross-reference (a survivor's skill exists, a spawn
card names a known zombie type, ...) and reports the first problem as a ``ContentError`` naming the
file and the place in it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.rules.core.datafile import ContentError, check_unique, read_toml, validate
from game.rules.zombicide.boxes import BOXES, CONTENT_ROOT, DEFAULT_BOX, ContentExtension, box_rules

DangerLevel = Literal["blue", "yellow", "orange", "red"]
DANGER_LEVELS: tuple[DangerLevel, ...] = ("blue", "yellow", "orange", "red")
AttackKind = Literal["melee", "ranged", "magic", "combat"]
SkillParameter = Literal["attack_kind", "melee_or_ranged", "zombie_type", "equipment", "danger_level", "skill"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------------------------------------------
# Zombies


class SpawnGroup(_Frozen):
    """``count`` miniatures of zombie type ``zombie``."""

    zombie: str
    count: int = Field(ge=1)


_SPAWN_ITEM = re.compile(r"^\s*(\d+)\s+([a-z][a-z0-9_]*)\s*$")


def parse_spawn_line(text: str) -> tuple[SpawnGroup, ...]:
    """``"2 walker + 1 runner"`` → groups; ``"nothing"`` or ``""`` → no zombies."""
    text = text.strip()
    if text in ("", "nothing"):
        return ()
    groups = []
    for part in text.split("+"):
        match = _SPAWN_ITEM.match(part)
        if match is None:
            raise ValueError(
                f"cannot read {part.strip()!r}: write '<count> <zombie id>', joined by '+', or 'nothing'"
            )
        groups.append(SpawnGroup(zombie=match.group(2), count=int(match.group(1))))
    return tuple(groups)


def _spawn_line_input(value: Any) -> Any:
    return parse_spawn_line(value) if isinstance(value, str) else value


class ZombieType(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    token: str
    actions: int = Field(ge=1, description="actions per activation")
    damage_to_kill: int | None = Field(
        default=None,
        ge=1, description="minimum Damage a hit needs; None: only kill-everything effects destroy it"
    )
    xp: int = Field(ge=0)
    targeting_rank: int = Field(ge=1, description="ranged targeting priority; lower is hit first")
    escort: tuple[SpawnGroup, ...] = Field(default=(), description="zombies that always spawn with it")
    substitute: tuple[SpawnGroup, ...] = Field(default=(), description="placed instead when no miniature is left")
    never_splits: bool = False
    special: tuple[str, ...] = Field(default=(), description="special rules a box's zombie behaviours read")
    miniatures: int = Field(ge=0, description="miniatures of this type in the box")
    ours: bool = False
    note: str = ""

    _escort_text = field_validator("escort", "substitute", mode="before")(_spawn_line_input)


# ---------------------------------------------------------------------------------------------------
# Equipment


class Combination(_Frozen):
    partner: str = Field(description="the other card needed")
    makes: str = Field(description="the card both become")
    parts: Literal["discarded", "tucked"] = Field(
        default="discarded",
        description="discarded: both parts go to the discard pile; tucked: they stay under the new card "
                    "and go to the discard pile when it does (a Scope under a Rifle)",
    )
    makes_count: int = Field(default=1, ge=1)
    skill_makes_count: dict[str, int] = Field(
        default_factory=dict, description="skill id → count made instead (2 cocktails are better than 1)"
    )


class Equipment(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    description_es: str = Field(default="", description="the description in Spanish (empty: the description)")
    token: str
    kind: Literal["weapon", "item", "event", "companion"]  # companion: from other boxes (Dog Companions...)
    works_from: Literal["hand", "anywhere"] = "hand"
    # magic: a combat spell, resolved as a ranged attack with skills of its own
    attack: Literal["melee", "ranged", "magic"] | None = None
    range_min: int = Field(default=0, ge=0)
    range_max: int = Field(default=0, ge=0)
    dice: int = Field(default=0, ge=0)
    accuracy: int = Field(default=0, ge=0, le=6)
    damage: int = Field(default=0, ge=0)
    kills_everything: bool = False
    opens_doors: bool = False
    noisy_door: bool = False
    noisy_attack: bool = False
    dual: bool = False
    reload: bool = False
    ammo: Literal["light", "heavy"] | None = None
    one_use: bool = False
    set_aside_after_use: bool = False
    combines_with: tuple[Combination, ...] = ()
    effects: tuple[str, ...] = ()
    deck_count: int = Field(ge=0, description="cards of this kind in the box")
    in_starting_pool: bool = False
    in_equipment_deck: bool = True
    takes_seat: bool = Field(default=True, description="a companion fills a vehicle's seat (Dog Companions do not)")
    ours: bool = False
    description: str = ""
    note: str = ""

    @model_validator(mode="after")
    def _weapon_stats_agree(self) -> Equipment:
        if self.kind == "weapon" and self.attack is None:
            raise ValueError("a weapon needs attack = 'melee' or 'ranged'")
        if self.attack is None:
            if self.dice or self.damage or self.range_max or self.kills_everything:
                raise ValueError("dice, damage, range and kills_everything need an attack kind")
            return self
        if self.range_min > self.range_max:
            raise ValueError(f"range_min {self.range_min} is above range_max {self.range_max}")
        if self.attack == "melee" and self.range_max != 0:
            raise ValueError("a melee weapon has range 0-0")
        if self.attack in ("ranged", "magic") and self.range_max < 1:
            raise ValueError(f"a {self.attack} weapon needs range_max >= 1")
        if not self.kills_everything and (self.dice < 1 or self.accuracy < 1 or self.damage < 1):
            raise ValueError("an attack needs dice, accuracy and damage of at least 1")
        if self.noisy_door and not self.opens_doors:
            raise ValueError("noisy_door is set but the card does not open doors")
        return self


# ---------------------------------------------------------------------------------------------------
# Zombie deck


class ZombieCard(_Frozen):
    """A zombie card: ``spawn`` (a line per danger level) or ``extra_activation`` (one zombie kind);
    a box's card model (``ContentExtension.zombie_card_model``) adds its own kinds and fields."""

    number: int = Field(ge=1)
    kind: Literal["spawn", "extra_activation"] = "spawn"
    zombie: str | None = Field(default=None, description="extra_activation: the type that activates")
    blue: tuple[SpawnGroup, ...] = ()
    yellow: tuple[SpawnGroup, ...] = ()
    orange: tuple[SpawnGroup, ...] = ()
    red: tuple[SpawnGroup, ...] = ()
    ours: bool = False

    _lines_text = field_validator("blue", "yellow", "orange", "red", mode="before")(_spawn_line_input)

    @property
    def has_lines(self) -> bool:
        return any((self.blue, self.yellow, self.orange, self.red))

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> ZombieCard:
        if self.kind == "spawn" and self.zombie is not None:
            raise ValueError("a spawn card takes no zombie")
        elif self.kind == "extra_activation":
            if self.zombie is None:
                raise ValueError("an extra_activation card needs zombie = '<type id>'")
            if self.has_lines:
                raise ValueError("an extra_activation card has no spawn lines")
        return self

    def line(self, level: DangerLevel) -> tuple[SpawnGroup, ...]:
        """What the card places at ``level`` (empty for cards without lines)."""
        return getattr(self, level)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------------------
# Skills and survivors


class Skill(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    category: Literal["dice", "damage", "actions", "movement", "zombies", "defence", "experience", "vehicles"]
    description: str
    parameter: SkillParameter | None = None
    starred: bool = Field(default=False, description="the book prints an asterisk after the name")
    ours: bool = Field(default=True, description="the description is our own wording")


class SkillRef(_Frozen):
    """One skill as a survivor holds it, with its parameter: ``plus_one_die:melee``."""

    skill: str
    parameter: str | None = None

    @property
    def text(self) -> str:
        return self.skill if self.parameter is None else f"{self.skill}:{self.parameter}"


def _skill_refs_input(value: Any) -> Any:
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        refs: list[Any] = []
        for item in value:
            if isinstance(item, str):
                name, _, param = item.partition(":")
                refs.append({"skill": name.strip(), "parameter": param.strip() or None})
            else:
                refs.append(item)
        return refs
    return value


class Survivor(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name, as for most people)")
    token: str
    description: str
    description_es: str = Field(default="", description="the description in Spanish (empty: the description)")
    blue: tuple[SkillRef, ...] = Field(min_length=1, max_length=1)
    blue_free: tuple[SkillRef, ...] = Field(default=(), description="free extra Blue skills")
    yellow: tuple[SkillRef, ...] = Field(min_length=1, max_length=1)
    orange: tuple[SkillRef, ...] = Field(min_length=2, max_length=2, description="choose 1 of 2")
    red: tuple[SkillRef, ...] = Field(min_length=3, max_length=3, description="choose 1 of 3")
    ours: bool = False

    _refs = field_validator("blue", "blue_free", "yellow", "orange", "red", mode="before")(_skill_refs_input)

    def skills_at(self, level: DangerLevel) -> tuple[SkillRef, ...]:
        """The skills (or choices) the survivor's card shows for ``level``."""
        if level == "blue":
            return self.blue + self.blue_free
        return getattr(self, level)

    def all_skill_refs(self) -> tuple[SkillRef, ...]:
        return self.blue + self.blue_free + self.yellow + self.orange + self.red


# ---------------------------------------------------------------------------------------------------
# Setup


class SpawnDiceRow(_Frozen):
    survivors_min: int = Field(ge=1)
    survivors_max: int = Field(ge=1)
    dice: int = Field(ge=1)


class SetupRules(_Frozen):
    survivors_min: int = Field(ge=1)
    survivors_max: int = Field(ge=1)
    # each player picks 1–6 Survivors (Rue Morgue and Green Horde §3); a box may say otherwise
    survivors_per_player_max: int = Field(default=6, ge=1, description="the most survivors one player picks")
    teams_max: int = Field(ge=1)
    actions_per_turn: int = Field(ge=1)
    hand_slots: int = Field(ge=1)
    reserve_slots: int = Field(ge=0)
    wounds_to_eliminate: int = Field(ge=1)
    xp_thresholds: dict[DangerLevel, int]
    spawn_dice: tuple[SpawnDiceRow, ...] = Field(min_length=1)
    starting_weapons_per_team: tuple[str, ...]
    kept_out_of_deck: tuple[str, ...] = Field(description="cards that never enter the equipment deck")
    xp_per_objective_default: int = Field(default=5, ge=0)

    @model_validator(mode="after")
    def _tables_are_consistent(self) -> SetupRules:
        levels = [self.xp_thresholds.get(level) for level in DANGER_LEVELS]
        if None in levels:
            raise ValueError(f"xp_thresholds needs every level: {', '.join(DANGER_LEVELS)}")
        if levels[0] != 0 or any(a >= b for a, b in zip(levels, levels[1:], strict=False)):  # type: ignore[operator]
            raise ValueError("xp_thresholds must start at 0 for blue and rise with each level")
        expected = self.survivors_min
        for row in self.spawn_dice:
            if row.survivors_min != expected or row.survivors_max < row.survivors_min:
                raise ValueError(
                    f"spawn_dice rows must cover {self.survivors_min}..{self.survivors_max} survivors "
                    f"without gaps; a row starts at {row.survivors_min}, expected {expected}"
                )
            expected = row.survivors_max + 1
        if expected - 1 != self.survivors_max:
            raise ValueError(f"spawn_dice rows end at {expected - 1}, expected {self.survivors_max}")
        return self


# ---------------------------------------------------------------------------------------------------
# The catalog


class Catalog(_Frozen):
    box: str
    zombies: tuple[ZombieType, ...]
    equipment_cards: tuple[Equipment, ...]
    zombie_deck: tuple[ZombieCard, ...]
    skills: tuple[Skill, ...]
    survivors: tuple[Survivor, ...]
    setup: SetupRules
    extra: dict[str, tuple[Any, ...]] = Field(default_factory=dict, description="a box's own tables, by file stem")

    def zombie(self, zombie_id: str) -> ZombieType:
        return _find(self.zombies, zombie_id, "zombie type")

    def equipment(self, equipment_id: str) -> Equipment:
        return _find(self.equipment_cards, equipment_id, "equipment card")

    def skill(self, skill_id: str) -> Skill:
        return _find(self.skills, skill_id, "skill")

    def survivor(self, survivor_id: str) -> Survivor:
        return _find(self.survivors, survivor_id, "survivor")

    def entry(self, table: str, entry_id: str) -> Any:
        """An entry of a box's own table (``extra``, by file stem) by its id."""
        return _find(self.extra.get(table, ()), entry_id, f"{table} entry")

    def zombie_card(self, number: int) -> ZombieCard:
        for card in self.zombie_deck:
            if card.number == number:
                return card
        raise KeyError(f"no zombie card number {number} in {self.box}")

    def spawn_dice(self, starting_survivors: int) -> int:
        for row in self.setup.spawn_dice:
            if row.survivors_min <= starting_survivors <= row.survivors_max:
                return row.dice
        raise ValueError(
            f"{starting_survivors} survivors: a game needs "
            f"{self.setup.survivors_min}..{self.setup.survivors_max}"
        )

    def danger_level(self, xp: int) -> DangerLevel:
        reached: DangerLevel = "blue"
        for level in DANGER_LEVELS:
            if xp >= self.setup.xp_thresholds[level]:
                reached = level
        return reached

    def equipment_deck_ids(self, include_starting_pool: bool = True) -> tuple[str, ...]:
        """One id per card of the equipment deck; without the starting pool it is the deck that
        setup step 5 leaves before leftover starting weapons go back in."""
        return tuple(
            card.id
            for card in self.equipment_cards
            if card.in_equipment_deck and (include_starting_pool or not card.in_starting_pool)
            for _ in range(card.deck_count)
        )

    def starting_pool_ids(self) -> tuple[str, ...]:
        """One id per starting-weapon card (Bow, Crowbar, Fire Axe) taken out before the shuffle."""
        return tuple(
            card.id for card in self.equipment_cards if card.in_starting_pool for _ in range(card.deck_count)
        )

    def zombie_deck_numbers(self) -> tuple[int, ...]:
        return tuple(card.number for card in self.zombie_deck)


_INDEXES: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}


def _find(items: Sequence[Any], item_id: str, what: str) -> Any:
    """The first of ``items`` with that id; a catalogue's tables are tuples, indexed once each (the
    index is keyed on the tuple itself, so a copied catalogue never reads another's)."""
    if type(items) is tuple:
        entry = _INDEXES.get(id(items))
        if entry is None or entry[0] is not items:
            if len(_INDEXES) >= 256:
                _INDEXES.clear()
            index: dict[str, Any] = {}
            for item in items:
                index.setdefault(item.id, item)
            entry = _INDEXES[id(items)] = (items, index)
        found = entry[1].get(item_id)
        if found is not None:
            return found
    else:
        for item in items:
            if item.id == item_id:
                return item
    raise KeyError(f"unknown {what} {item_id!r}")


# ---------------------------------------------------------------------------------------------------
# Loading


_FILES: dict[str, tuple[str, type[_Frozen]]] = {
    # file name → (array-of-tables key, model)
    "zombies.toml": ("zombie", ZombieType),
    "equipment.toml": ("card", Equipment),
    "zombie_deck.toml": ("card", ZombieCard),
    "skills.toml": ("skill", Skill),
    "survivors.toml": ("survivor", Survivor),
}


def _load_table(path: Path, table_key: str, model: type[BaseModel]) -> tuple[Any, ...]:
    data = read_toml(path)
    extra = sorted(set(data) - {table_key})
    if extra:
        raise ContentError(path, extra[0], f"unknown top-level key; this file holds [[{table_key}]] entries only")
    rows = data.get(table_key)
    if not isinstance(rows, list) or not rows:
        raise ContentError(path, f"[[{table_key}]]", "the file needs at least one entry")
    return tuple(validate(path, model, data, at=(table_key, index)) for index in range(len(rows)))


def _extension(box: str) -> ContentExtension:
    """What ``box`` adds to the core's content (nothing for a box this build does not know)."""
    return box_rules(box).content if box in BOXES else ContentExtension()


def load_catalog(box: str = DEFAULT_BOX, root: Path | None = None) -> Catalog:
    """Read and cross-check every content file of ``box`` (cached for the shipped content)."""
    if root is None:
        return _load_shipped(box)
    return _load(box, root)


def content_root(box: str) -> Path:
    """The folder holding the ``<box>/`` folder of the box's content."""
    return box_rules(box).content_root if box in BOXES else CONTENT_ROOT


@cache
def _load_shipped(box: str) -> Catalog:
    return _load(box, content_root(box))


def _load(box: str, root: Path) -> Catalog:
    folder = root / box
    if not folder.is_dir():
        raise ContentError(folder, "folder", f"no content for box {box!r}")
    extension = _extension(box)
    models: dict[str, tuple[str, type[BaseModel]]] = dict(_FILES)
    if extension.zombie_model is not None:
        models["zombies.toml"] = ("zombie", extension.zombie_model)
    if extension.zombie_card_model is not None:
        models["zombie_deck.toml"] = ("card", extension.zombie_card_model)
    if extension.equipment_model is not None:
        models["equipment.toml"] = ("card", extension.equipment_model)
    if extension.survivor_model is not None:
        models["survivors.toml"] = ("survivor", extension.survivor_model)
    if extension.skill_model is not None:
        models["skills.toml"] = ("skill", extension.skill_model)
    tables = {name: _load_table(folder / name, key, model) for name, (key, model) in models.items()}
    extra = {Path(name).stem: _load_table(folder / name, key, model) for name, (key, model) in extension.tables.items()}
    catalog = Catalog(
        box=box,
        zombies=tables["zombies.toml"],
        equipment_cards=tables["equipment.toml"],
        zombie_deck=tables["zombie_deck.toml"],
        skills=tables["skills.toml"],
        survivors=tables["survivors.toml"],
        setup=validate(folder / "setup_rules.toml", extension.setup_model or SetupRules,
                       read_toml(folder / "setup_rules.toml")),
        extra=extra,
    )
    check_references(catalog, folder, extension.skill_parameters)
    extension.check(catalog, folder)
    return catalog


# ---------------------------------------------------------------------------------------------------
# Cross-references


def check_references(catalog: Catalog, folder: Path, skill_parameters: Mapping[str, frozenset[str]] | None = None) -> None:
    """Every id that one entry names must exist; raise the first dangling one as a ContentError.
    ``skill_parameters``: the box's own kinds of skill parameter and their values."""
    zombies_path = folder / "zombies.toml"
    equipment_path = folder / "equipment.toml"
    deck_path = folder / "zombie_deck.toml"
    survivors_path = folder / "survivors.toml"
    check_unique(zombies_path, "zombie", [z.id for z in catalog.zombies])
    check_unique(equipment_path, "card", [e.id for e in catalog.equipment_cards])
    check_unique(deck_path, "card", [c.number for c in catalog.zombie_deck])
    check_unique(folder / "skills.toml", "skill", [s.id for s in catalog.skills])
    check_unique(survivors_path, "survivor", [s.id for s in catalog.survivors])

    zombie_ids = {z.id for z in catalog.zombies}
    equipment_ids = {e.id for e in catalog.equipment_cards}
    skill_by_id = {s.id: s for s in catalog.skills}

    def need_zombies(path: Path, where: str, groups: Sequence[SpawnGroup]) -> None:
        need_known_zombies(catalog, path, where, groups)

    for index, zombie in enumerate(catalog.zombies):
        where = f"[[zombie]] #{index + 1} (id = {zombie.id!r})"
        need_zombies(zombies_path, f"{where} → escort", zombie.escort)
        need_zombies(zombies_path, f"{where} → substitute", zombie.substitute)

    for index, card in enumerate(catalog.equipment_cards):
        where = f"[[card]] #{index + 1} (id = {card.id!r})"
        for combo in card.combines_with:
            for target in (combo.partner, combo.makes):
                if target not in equipment_ids:
                    raise ContentError(equipment_path, f"{where} → combines_with", f"unknown equipment {target!r}")
            for skill_id in combo.skill_makes_count:
                if skill_id not in skill_by_id:
                    raise ContentError(equipment_path, f"{where} → combines_with", f"unknown skill {skill_id!r}")
            partner = catalog.equipment(combo.partner)
            if not any(back.partner == card.id and back.makes == combo.makes and back.parts == combo.parts
                       for back in partner.combines_with):
                raise ContentError(
                    equipment_path,
                    f"{where} → combines_with",
                    f"{combo.partner!r} must list {card.id!r} as its partner for {combo.makes!r} too, "
                    "with the same parts",
                )

    for index, zcard in enumerate(catalog.zombie_deck):
        where = f"[[card]] #{index + 1} (number = {zcard.number})"
        for level in DANGER_LEVELS:
            need_zombies(deck_path, f"{where} → {level}", zcard.line(level))
        if zcard.zombie is not None and zcard.zombie not in zombie_ids:
            raise ContentError(deck_path, f"{where} → zombie", f"unknown zombie type {zcard.zombie!r}")

    allowed_values: dict[str, set[str]] = {
        "attack_kind": {"melee", "ranged", "magic", "combat"},
        "melee_or_ranged": {"melee", "ranged"},
        "zombie_type": zombie_ids,
        "equipment": equipment_ids,
        "danger_level": set(DANGER_LEVELS),
        **{kind: set(values) for kind, values in (skill_parameters or {}).items()},
        "skill": set(skill_by_id),  # a skill passed on to others (Brother in arms)
    }
    for index, survivor in enumerate(catalog.survivors):
        for tree_key in ("blue", "blue_free", "yellow", "orange", "red"):
            for ref in getattr(survivor, tree_key):
                where = f"[[survivor]] #{index + 1} (id = {survivor.id!r}) → {tree_key}"
                skill = skill_by_id.get(ref.skill)
                if skill is None:
                    raise ContentError(survivors_path, where, f"unknown skill {ref.skill!r}")
                if skill.parameter is None and ref.parameter is not None:
                    raise ContentError(survivors_path, where, f"skill {ref.skill!r} takes no parameter")
                if skill.parameter is not None:
                    values = allowed_values.get(skill.parameter, set())
                    if ref.parameter not in values:
                        raise ContentError(
                            survivors_path,
                            where,
                            f"skill {ref.skill!r} needs a {skill.parameter} parameter "
                            f"('{ref.skill}:<value>'), one of: {', '.join(sorted(values))}",
                        )

    setup_path = folder / "setup_rules.toml"
    for key in ("starting_weapons_per_team", "kept_out_of_deck"):
        for card_id in getattr(catalog.setup, key):
            if card_id not in equipment_ids:
                raise ContentError(setup_path, key, f"unknown equipment {card_id!r}")


def need_known_zombies(catalog: Catalog, path: Path, where: str, groups: Sequence[SpawnGroup]) -> None:
    """Raise a ContentError when a spawn group names a zombie type the catalog does not have."""
    known = {z.id for z in catalog.zombies}
    for group in groups:
        if group.zombie not in known:
            raise ContentError(path, where, f"unknown zombie type {group.zombie!r}")


# ---------------------------------------------------------------------------------------------------
# The skills page (docs/zombicide-skills.md) is generated from the catalog and the engine's sources.

ENGINE_ROOT = Path(__file__).resolve().parent
_NOT_ENGINE = {"catalog.py", "scenario.py"}


def skill_homes(skill_ids: Sequence[str], engine_root: Path = ENGINE_ROOT) -> dict[str, tuple[str, ...]]:
    """For each skill id, the engine modules whose code names it as a string (``"sprint"`` or
    ``"plus_one_die:melee"``): the modules that implement it."""
    import ast

    wanted = set(skill_ids)
    homes: dict[str, set[str]] = {skill_id: set() for skill_id in skill_ids}
    for path in sorted(engine_root.rglob("*.py")):
        if path.name in _NOT_ENGINE or "content" in path.relative_to(engine_root).parts:
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        module = "game/rules/zombicide/" + path.relative_to(engine_root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value.split(":", 1)[0]
                if name in wanted:
                    homes[name].add(module)
    return {skill_id: tuple(sorted(modules)) for skill_id, modules in homes.items()}


# Skills printed in this box's list that only work with other boxes' pieces (Dog Companions, Toxic zombies).
OTHER_BOX_SKILLS = frozenset({"plus_one_free_dog_action", "toxic_immunity"})


def skills_markdown(catalog: Catalog, homes: Mapping[str, Sequence[str]]) -> str:
    """The skills page: one row per skill with its id, what it does, and where the engine handles it."""
    done = sum(1 for skill in catalog.skills if homes.get(skill.id))
    elsewhere = sum(1 for skill in catalog.skills if not homes.get(skill.id) and skill.id in OTHER_BOX_SKILLS)
    lines = [
        "# Zombicide skills",
        "",
        f"Every skill of the {catalog.box} box, from `game/rules/zombicide/content/{catalog.box}/skills.toml`.",
        "Descriptions are our own words. *Status* names the engine modules whose code refers to the skill",
        "id; \"not yet\" means no engine code handles it so far. A skill marked \"(other box)\" needs",
        "another box's pieces (Dog Companions, Toxic zombies) and has nothing to act on here.",
        "",
        "Regenerate this page after changing skills or the engine:",
        "",
        "```",
        ".venv/bin/python -m game.rules.zombicide.catalog skills-doc > docs/zombicide-skills.md" if catalog.box == DEFAULT_BOX
        else f".venv/bin/python -m game.rules.zombicide.catalog skills-doc {catalog.box} "
             f"> docs/zombicide-{catalog.box.replace('_', '-')}-skills.md",
        "```",
        "",
        f"{done} of {len(catalog.skills)} skills are handled by the engine"
        + (f"; {elsewhere} belong to other boxes." if elsewhere else "."),
        "",
        "| skill | id | parameter | what it does | status |",
        "| --- | --- | --- | --- | --- |",
    ]
    for skill in catalog.skills:
        name = skill.name + ("\\*" if skill.starred else "")
        parameter = skill.parameter or ""
        where = homes.get(skill.id) or ()
        status = "implemented in " + ", ".join(f"`{m}`" for m in where) if where else "not yet"
        if not where and skill.id in OTHER_BOX_SKILLS:
            name += " (other box)"
        lines.append(f"| {name} | `{skill.id}` | {parameter} | {skill.description} | {status} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("skills-doc", "check"):
        print("usage: python -m game.rules.zombicide.catalog skills-doc|check [box]", file=sys.stderr)
        return 2
    try:
        catalog = load_catalog(args[1] if len(args) > 1 else DEFAULT_BOX)
    except ContentError as error:
        print(error, file=sys.stderr)
        return 1
    if args[0] == "skills-doc":
        sys.stdout.write(skills_markdown(catalog, skill_homes([s.id for s in catalog.skills])))
    else:
        print(f"{catalog.box}: content is consistent")
    return 0


if __name__ == "__main__":
    # run the imported module, not this __main__ copy: boxes subclass its models
    from game.rules.zombicide import catalog as imported

    raise SystemExit(imported.main())
