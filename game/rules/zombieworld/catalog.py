"""Zombieworld Evolution content as data: profiles, qualities, equipment, bands, vehicles, dice
tables and scenarios, read from the TOML files in ``content/``.

Models are frozen and refuse unknown keys, so a typo in a content file is reported, not ignored.
``load_catalog`` checks every cross-reference too; the first problem found is raised as a
``ContentError`` naming the file and the place in it (``[[firearm]] #3 (id = 'smg') → range_cm``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.rules.core.datafile import ContentError, check_unique, read_toml, validate

CONTENT_ROOT = Path(__file__).resolve().parent / "content"

ReactionStyle = Literal["exempt", "reroll_first_failure", "always"]
ReactionTable = Literal["charged", "charging", "shot_at"]
ReactionWhen = Literal["any", "difficult", "open", "open_3plus", "engaged"]
ReactionResult = Literal[
    "shoot_then_melee", "melee", "flee", "charge", "shoot_instead", "frozen", "return_fire", "take_cover"
]
Victory = Literal[
    "near_objective", "most_zombie_kills", "fewest_wounds_taken", "most_hostile_kills", "most_antidotes",
    "exit_opposite_edge", "exit_any_edge", "rescue", "pick_any",
]
SPECIAL_FINDS = ("dog", "frightened_survivor")
# The band abilities the engine plays: bands.toml may name only these (book 19.2.1, 19.2.2).
ABILITIES = frozenset({
    "no_vehicle_shooting_penalty", "take_cover_bonus_move", "reroll_shot_at_reaction", "free_dog",
    "choose_flight_direction", "free_entry", "reroll_surprise", "few_left_after_three", "ignore_wound_on_six",
    "two_free_ammo_boxes", "leader_radius_20", "free_medkit", "search_again", "reroll_charging_reaction",
    "charged_reaction_bonus", "vehicle_start_bonus", "free_pistol", "own_free_dog", "charging_reaction_bonus",
    "one_free_ammo_box",
})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


FileT = TypeVar("FileT", bound=_Frozen)


# --- figures -----------------------------------------------------------------------------------


class Profile(_Frozen):
    skill: int = Field(ge=1, le=6)
    move_cm: float = Field(ge=0)
    combat_dice: int = Field(ge=1)


class Rank(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    cost: int = Field(ge=0)
    max_per_band: int = Field(ge=0)
    leader_priority: int | None = Field(default=None, ge=1, description="lower leads first; None never leads")
    reaction: ReactionStyle
    common: bool = False
    healthy: Profile
    wounded: Profile
    wounds: int = Field(default=4, ge=1)
    wounded_from: int = Field(default=2, ge=1)
    description: str = ""


class DogProfile(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    cost: int = Field(ge=0)
    max_per_band: int = Field(ge=0)
    wounds: int = Field(ge=1)
    range_bonus_cm: float = 0
    profile: Profile
    description: str = ""


class ZombieProfile(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    profile: Profile
    wounds: int = Field(ge=1)
    max_climb_cm: float = Field(ge=0)
    ours: bool = False
    description: str = ""


# --- equipment -----------------------------------------------------------------------------------


CARD_NOTATION = "range - shots - points, as printed: \"40 - 3 a 6 - 7\", \"20 - 1 a 2 - 2\", \"15 - 1 por miniatura - 3\""


def parse_firearm_card(text: str) -> tuple[float, int, int, bool, int | None]:
    """A firearm's profile as the book prints it (book 6.1: "alcance - dados de disparo - puntos",
    e.g. "Pistola 15-1 a 2-2"): range in cm, fewest and most shots, whether it rolls one die per
    figure under its template ("1 por miniatura"), and its points when given."""
    parts = [part.strip() for part in text.split("-")]
    if len(parts) not in (2, 3) or not all(parts):
        raise ValueError(f"{text!r} is not a firearm's profile: write {CARD_NOTATION}")
    try:
        range_cm = float(parts[0])
        points = int(parts[2]) if len(parts) == 3 else None
    except ValueError:
        raise ValueError(f"{text!r}: range and points are numbers ({CARD_NOTATION})") from None
    shots = parts[1].split()
    try:
        if len(shots) == 1:
            low = high = int(shots[0])
            per_figure = False
        elif len(shots) == 3 and shots[1] == "a":
            low, high, per_figure = int(shots[0]), int(shots[2]), False
        elif len(shots) == 3 and shots[1:] == ["por", "miniatura"]:
            low = high = int(shots[0])
            per_figure = True
        else:
            raise ValueError
    except ValueError:
        raise ValueError(f"{text!r}: shots are \"N\", \"N a M\" or \"N por miniatura\" ({CARD_NOTATION})") from None
    if range_cm <= 0 or low < 1 or high < low:
        raise ValueError(f"{text!r}: a range above 0 and at least 1 shot, the fewest first")
    return range_cm, low, high, per_figure, points


class Firearm(_Frozen):
    """A firearm; its range, shots and points come from its ``card``, the profile as printed."""

    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    card: str
    cost: int = Field(ge=0)
    range_cm: float = Field(gt=0)
    shots_min: int = Field(ge=1)
    shots_max: int = Field(ge=1)
    per_figure: bool = False  # one die for each figure under its template ("1 por miniatura")
    bang: int = Field(ge=0)
    bang_at_impact: bool = False
    template_diameter_cm: float = Field(default=0, ge=0)
    hit_bonus: int = 0
    once_per_round: bool = False
    usable_from_backpack: bool = False
    single_use: bool = False
    jams: bool = True
    takes_scope: bool = True
    takes_silencer: bool = True
    pairs_with: tuple[str, ...] = ()
    description: str = ""

    @model_validator(mode="before")
    @classmethod
    def _from_card(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "card" not in data:
            return data
        typed = [key for key in ("range_cm", "shots_min", "shots_max", "cost", "per_figure") if key in data]
        if typed:
            raise ValueError(f"{', '.join(typed)}: read from the card's profile, not typed in beside it")
        try:
            range_cm, low, high, per_figure, points = parse_firearm_card(str(data["card"]))
        except ValueError:
            return data  # the card's own check says what is wrong with it
        return {**data, "range_cm": range_cm, "shots_min": low, "shots_max": high, "per_figure": per_figure,
                **({"cost": points} if points is not None else {})}

    @field_validator("card")
    @classmethod
    def _card_reads(cls, text: str) -> str:
        parse_firearm_card(text)
        return text

    @model_validator(mode="after")
    def _shots_in_order(self) -> Firearm:
        if self.shots_max < self.shots_min:
            raise ValueError(f"shots_max ({self.shots_max}) is below shots_min ({self.shots_min})")
        if self.per_figure != bool(self.template_diameter_cm):
            raise ValueError("a firearm rolls one die per figure (\"por miniatura\") exactly when it has a template")
        return self


class HandWeapon(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    cost: int = Field(ge=0)
    extra_dice: int = 0
    die_bonus: int = 0
    rerolls: int = Field(default=0, ge=0)
    bang: int = Field(default=0, ge=0)
    pairs_with: tuple[str, ...] = ()
    description: str = ""


class GameObject(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    cost: int = Field(ge=0)
    description: str
    mounts_on_weapon: bool = False
    range_bonus_cm: float = 0
    silences: bool = False
    armour: bool = False
    uses: int | None = Field(default=None, ge=1)
    heals: int = Field(default=0, ge=0)
    dark_bonus: int = 0
    sees_in_dark: bool = False
    weapon_slot: bool = False
    open_move_bonus_cm: float = 0
    halved_off_open: bool = False  # worn off open ground at half speed (skates); else get off first
    skill_modifier: int = 0


# --- qualities -----------------------------------------------------------------------------------


class Quality(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    description: str
    description_es: str = Field(default="", description="the description in Spanish (empty: the English)")
    melee_die_bonus: int = 0
    melee_rerolls: int = Field(default=0, ge=0)
    shoot_die_bonus: int = 0
    always_coherent: bool = False
    move_modifier_cm: float = 0
    no_backpack: bool = False
    cannot_sprint: bool = False
    no_wheels: bool = False
    entry_cost_cm: float | None = None
    object_slots: int | None = Field(default=None, ge=0)
    never_returns_fire: bool = False
    max_shots_always: bool = False
    needs_multishot_weapon: bool = False


class QualitiesFile(_Frozen):
    virtue_cost: int
    defect_cost: int
    virtue: tuple[Quality, ...]
    defect: tuple[Quality, ...]


# --- bands ---------------------------------------------------------------------------------------


class BandRules(_Frozen):
    budget: int = Field(ge=1)
    min_size: int = Field(ge=1)
    max_size: int = Field(ge=1)
    hand_slots: int = Field(ge=1)
    backpack_slots: int = Field(ge=0)
    object_slots: int = Field(ge=0)
    leader_radius_cm: float = Field(gt=0)
    coherence_cm: float = Field(gt=0)


class IndividualRules(_Frozen):
    budget: int = Field(ge=1)
    ranks: tuple[str, ...]


class UniqueBand(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    ability: str
    faction: str
    free_items: tuple[str, ...] = ()
    description: str
    description_es: str = Field(default="", description="the description in Spanish (empty: the English)")


class FactionAbility(_Frozen):
    ability: str
    description: str


class Faction(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    abilities: tuple[FactionAbility, FactionAbility]


class BandsFile(_Frozen):
    rules: BandRules
    individual: IndividualRules
    unique: tuple[UniqueBand, ...]
    faction: tuple[Faction, ...]


# --- vehicles ------------------------------------------------------------------------------------


class Vehicle(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    move_cm: float = Field(gt=0)
    run_over: Literal["none", "table", "juggernaut"]
    difficult_halved: bool
    seats: int = Field(ge=1)
    cost: int = Field(ge=0)
    two_wheeled: bool = False
    length_cm: float = Field(default=8.0, gt=0)  # its body on the table (28 mm scale)
    width_cm: float = Field(default=3.5, gt=0)
    height_cm: float = Field(default=4.0, gt=0)  # what its body hides from sight


# --- tables --------------------------------------------------------------------------------------


class ReactionRow(_Frozen):
    table: ReactionTable
    successes: int = Field(ge=0, le=2)
    when: ReactionWhen
    result: ReactionResult


class ToHit(_Frozen):
    open: int
    difficult: int
    building: int


class SearchRow(_Frozen):
    sum: int = Field(ge=3, le=30)
    items: tuple[str, ...] = Field(min_length=1)


class RangeRow(_Frozen):
    low: int = Field(ge=1)
    high: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> RangeRow:
        if self.high < self.low:
            raise ValueError(f"high ({self.high}) is below low ({self.low})")
        return self


class BuildingEntryRow(RangeRow):
    result: Literal["zombies", "empty", "frightened_survivor"]


class Shop(_Frozen):
    roll: int = Field(ge=1, le=10)
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    rewards: tuple[tuple[int, int, tuple[str, ...]], ...] = Field(min_length=1)


class PropsRule(_Frozen):
    find_on: int = Field(ge=1, le=6)


class Prop(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    item: str


class WeatherRow(RangeRow):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish, from the Spanish rulebook")
    sight_cm: float = Field(ge=0)


class LightRow(RangeRow):
    id: Literal["dark", "normal", "dim"]


class LampsRule(_Frozen):
    radius_cm: float = Field(gt=0)
    works_on: int = Field(ge=1, le=6)


class RunOverRow(RangeRow):
    result: Literal["out_of_control", "radiator", "one_less"]


class Glory(_Frozen):
    withdrew: int
    member_lost: int
    building_searched: int
    per_zombies_killed: int = Field(ge=1, description="one Glory per this many zombies")
    hostile_survivor_killed: int
    draw: int
    survivor_found: int
    win: int


class TablesFile(_Frozen):
    reaction: tuple[ReactionRow, ...]
    to_hit: ToHit
    search: tuple[SearchRow, ...]
    building_entry: tuple[BuildingEntryRow, ...]
    shop: tuple[Shop, ...]
    props: PropsRule
    prop: tuple[Prop, ...]
    weather: tuple[WeatherRow, ...]
    interior_light: tuple[LightRow, ...]
    lamps: LampsRule
    run_over: tuple[RunOverRow, ...]
    glory: Glory


# --- scenarios -----------------------------------------------------------------------------------


class Scenario(_Frozen):
    number: int = Field(ge=1)
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    rounds: int = Field(ge=0)
    victory: Victory
    modes: tuple[Literal["standard", "individual"], ...] = Field(min_length=1)
    table_cm: tuple[float, float] | None = None
    objective_cm: float | None = None
    tie_when_shared: bool = False
    buildings_searched: int = 0
    zombies_killed: int = 0
    more_than_half_escape: bool = False
    spawn_dice: int = Field(default=6, ge=0)
    individual_spawn_dice: int = Field(default=3, ge=0)
    starting_zombies: int = 0
    penned_zombies: int = 0
    pen_opens_round: int | None = None
    containers: str = ""
    find_on: int | None = Field(default=None, ge=1, le=6)
    deployment: Literal["usual", "shared_pen_quadrant", "centre"] = "usual"
    setup: str = ""
    note: str = ""


# --- the catalog ---------------------------------------------------------------------------------


class Catalog(_Frozen):
    ranks: tuple[Rank, ...]
    dog: DogProfile
    zombies: tuple[ZombieProfile, ...]
    firearms: tuple[Firearm, ...]
    hand_weapons: tuple[HandWeapon, ...]
    objects: tuple[GameObject, ...]
    qualities: QualitiesFile
    bands: BandsFile
    vehicles: tuple[Vehicle, ...]
    tables: TablesFile
    scenarios: tuple[Scenario, ...]

    def rank(self, rank_id: str) -> Rank:
        return _find(self.ranks, rank_id, "rank")

    def zombie(self, zombie_id: str) -> ZombieProfile:
        return _find(self.zombies, zombie_id, "zombie")

    def firearm(self, item_id: str) -> Firearm | None:
        return next((f for f in self.firearms if f.id == item_id), None)

    def hand_weapon(self, item_id: str) -> HandWeapon | None:
        return next((h for h in self.hand_weapons if h.id == item_id), None)

    def object(self, item_id: str) -> GameObject | None:
        return next((o for o in self.objects if o.id == item_id), None)

    def is_weapon(self, item_id: str) -> bool:
        held_object = self.object(item_id)
        return (
            self.firearm(item_id) is not None
            or self.hand_weapon(item_id) is not None
            or (held_object is not None and held_object.weapon_slot)
        )

    def item_cost(self, item_id: str) -> int:
        for group in (self.firearms, self.hand_weapons, self.objects):
            for item in group:
                if item.id == item_id:
                    return item.cost
        raise KeyError(f"unknown item {item_id!r}")

    def item(self, item_id: str) -> Firearm | HandWeapon | GameObject:
        """The firearm, hand weapon or object ``item_id`` (KeyError when there is none)."""
        for group in (self.firearms, self.hand_weapons, self.objects):
            for item in group:
                if item.id == item_id:
                    return item
        raise KeyError(f"unknown item {item_id!r}")

    def item_name(self, item_id: str) -> str:
        return self.item(item_id).name

    def item_ids(self) -> frozenset[str]:
        return frozenset(i.id for group in (self.firearms, self.hand_weapons, self.objects) for i in group)

    def virtue(self, quality_id: str) -> Quality | None:
        return next((q for q in self.qualities.virtue if q.id == quality_id), None)

    def defect(self, quality_id: str) -> Quality | None:
        return next((q for q in self.qualities.defect if q.id == quality_id), None)

    def unique_band(self, band_id: str) -> UniqueBand | None:
        return next((b for b in self.bands.unique if b.id == band_id), None)

    def faction(self, faction_id: str) -> Faction | None:
        return next((f for f in self.bands.faction if f.id == faction_id), None)

    def vehicle(self, vehicle_id: str) -> Vehicle | None:
        return next((v for v in self.vehicles if v.id == vehicle_id), None)

    def scenario(self, scenario_id: str) -> Scenario:
        return _find(self.scenarios, scenario_id, "scenario")

    def reaction(self, table: ReactionTable, successes: int, situations: frozenset[str]) -> ReactionResult:
        """The first row of ``table`` for ``successes`` whose ``when`` is among the situations (or any)."""
        for row in self.tables.reaction:
            if row.table == table and row.successes == successes and (row.when == "any" or row.when in situations):
                return row.result
        raise KeyError(f"no {table} reaction row for {successes} successes")

    def search_result(self, total: int) -> tuple[str, ...]:
        return next((row.items for row in self.tables.search if row.sum == total), ())


def _find(items: tuple[Any, ...], item_id: str, what: str) -> Any:
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(f"unknown {what} {item_id!r}")


# --- loading -------------------------------------------------------------------------------------


class _ProfilesFile(_Frozen):
    rank: tuple[Rank, ...]
    dog: DogProfile
    zombie: tuple[ZombieProfile, ...]


class _EquipmentFile(_Frozen):
    firearm: tuple[Firearm, ...]
    hand_weapon: tuple[HandWeapon, ...]
    object: tuple[GameObject, ...]


class _VehiclesFile(_Frozen):
    vehicle: tuple[Vehicle, ...]


class _ScenariosFile(_Frozen):
    scenario: tuple[Scenario, ...]


def load_catalog(root: Path | None = None) -> Catalog:
    """Read and cross-check the content folder (the shipped one is read once and cached)."""
    if root is None:
        return _load_shipped()
    return _load(Path(root))


def _read(path: Path, model: type[FileT]) -> FileT:
    return validate(path, model, read_toml(path))


@cache
def _load_shipped() -> Catalog:
    return _load(CONTENT_ROOT)


def _load(root: Path) -> Catalog:
    profiles = _read(root / "profiles.toml", _ProfilesFile)
    equipment = _read(root / "equipment.toml", _EquipmentFile)
    qualities = _read(root / "qualities.toml", QualitiesFile)
    bands = _read(root / "bands.toml", BandsFile)
    vehicles = _read(root / "vehicles.toml", _VehiclesFile)
    tables = _read(root / "tables.toml", TablesFile)
    scenarios = _read(root / "scenarios.toml", _ScenariosFile)
    catalog = Catalog(
        ranks=profiles.rank,
        dog=profiles.dog,
        zombies=profiles.zombie,
        firearms=equipment.firearm,
        hand_weapons=equipment.hand_weapon,
        objects=equipment.object,
        qualities=qualities,
        bands=bands,
        vehicles=vehicles.vehicle,
        tables=tables,
        scenarios=scenarios.scenario,
    )
    check_references(catalog, root)
    return catalog


def check_references(catalog: Catalog, root: Path) -> None:
    """Every id one entry names must exist; raise the first dangling one as a ContentError."""
    profiles, equipment = root / "profiles.toml", root / "equipment.toml"
    bands, tables = root / "bands.toml", root / "tables.toml"
    check_unique(profiles, "rank", [r.id for r in catalog.ranks])
    check_unique(profiles, "zombie", [z.id for z in catalog.zombies])
    all_items = [i.id for group in (catalog.firearms, catalog.hand_weapons, catalog.objects) for i in group]
    check_unique(equipment, "firearm/hand_weapon/object", all_items)
    check_unique(root / "qualities.toml", "virtue/defect", [q.id for q in catalog.qualities.virtue + catalog.qualities.defect])
    check_unique(bands, "unique", [b.id for b in catalog.bands.unique])
    check_unique(bands, "faction", [f.id for f in catalog.bands.faction])
    check_unique(root / "vehicles.toml", "vehicle", [v.id for v in catalog.vehicles])
    check_unique(root / "scenarios.toml", "scenario", [s.id for s in catalog.scenarios])
    check_unique(root / "scenarios.toml", "scenario number", [s.number for s in catalog.scenarios])
    item_ids = set(all_items)
    weapon_groups: tuple[tuple[str, tuple[Firearm | HandWeapon, ...]], ...] = (
        ("firearm", catalog.firearms), ("hand_weapon", catalog.hand_weapons))
    for key, group in weapon_groups:
        for index, weapon in enumerate(group):
            for partner in weapon.pairs_with:
                if partner not in item_ids:
                    raise ContentError(equipment, f"[[{key}]] #{index + 1} (id = {weapon.id!r}) → pairs_with",
                                       f"unknown item {partner!r}")
    rank_ids = {r.id for r in catalog.ranks}
    for rank_id in catalog.bands.individual.ranks:
        if rank_id not in rank_ids:
            raise ContentError(bands, "individual → ranks", f"unknown rank {rank_id!r}")
    faction_ids = {f.id for f in catalog.bands.faction}
    for index, faction in enumerate(catalog.bands.faction):
        for choice in faction.abilities:
            if choice.ability not in ABILITIES:
                raise ContentError(bands, f"[[faction]] #{index + 1} (id = {faction.id!r}) → abilities",
                                   f"the engine plays no ability {choice.ability!r}")
    for index, band in enumerate(catalog.bands.unique):
        where = f"[[unique]] #{index + 1} (id = {band.id!r})"
        if band.ability not in ABILITIES:
            raise ContentError(bands, f"{where} → ability", f"the engine plays no ability {band.ability!r}")
        if band.faction not in faction_ids:
            raise ContentError(bands, f"{where} → faction", f"unknown faction {band.faction!r}")
        for item in band.free_items:
            if item not in item_ids:
                raise ContentError(bands, f"{where} → free_items", f"unknown item {item!r}")
    for index, row in enumerate(catalog.tables.search):
        for item in row.items:
            if item not in item_ids and item not in SPECIAL_FINDS:
                raise ContentError(tables, f"[[search]] #{index + 1} (sum = {row.sum}) → items", f"unknown item {item!r}")
    check_unique(tables, "search sum", [row.sum for row in catalog.tables.search])
    vehicle_ids = {v.id for v in catalog.vehicles}
    for index, shop in enumerate(catalog.tables.shop):
        for low, high, rewards in shop.rewards:
            for reward in rewards:
                known = (
                    reward in item_ids
                    or reward == "heal"
                    or (reward.startswith("vehicle:") and reward.split(":", 1)[1] in vehicle_ids)
                )
                if not known:
                    raise ContentError(tables, f"[[shop]] #{index + 1} (id = {shop.id!r}) → rewards {low}-{high}",
                                       f"unknown reward {reward!r}")
    for index, prop in enumerate(catalog.tables.prop):
        if prop.item not in item_ids:
            raise ContentError(tables, f"[[prop]] #{index + 1} (id = {prop.id!r}) → item", f"unknown item {prop.item!r}")
    for table, sides in (("building_entry", 10), ("weather", 10), ("interior_light", 6), ("run_over", 10)):
        _covers(tables, table, getattr(catalog.tables, table), sides)
    for table_name in ("charged", "charging", "shot_at"):
        for successes in (0, 1, 2):
            rows = [r for r in catalog.tables.reaction if r.table == table_name and r.successes == successes]
            if not any(r.when == "any" for r in rows):
                raise ContentError(tables, "[[reaction]]",
                                   f"table {table_name!r} has no 'any' row for {successes} successes")


def _covers(path: Path, key: str, rows: tuple[RangeRow, ...], sides: int) -> None:
    """Each face of the die falls in exactly one row."""
    for face in range(1, sides + 1):
        hits = [row for row in rows if row.low <= face <= row.high]
        if len(hits) != 1:
            what = "no row" if not hits else f"{len(hits)} rows"
            raise ContentError(path, f"[[{key}]]", f"a roll of {face} matches {what}")
