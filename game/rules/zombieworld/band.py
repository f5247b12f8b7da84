"""Band building: members, equipment, points and every restriction, saved as JSON.

``band_problems(band, catalog)`` lists every reason a band is not valid (empty when it is);
``check_band`` raises ``BandError`` with all of them. ``band_cost`` adds up the points.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.i18n import N_
from game.jsonfile import JsonReadError, parse_json
from game.limits import MAX_BAND_MEMBERS, MAX_SAVE_FILE_BYTES, MIB
from game.rules.core.reasons import Said, counted
from game.rules.core.reasons import listed as _listed
from game.rules.zombieworld.catalog import Catalog

DOG = "dog"


class BandError(Exception):
    def __init__(self, problems: list[str]):
        self.problems = tuple(problems)
        super().__init__("; ".join(problems))


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Fitting(_Frozen):
    """A scope or silencer fitted for good to one of the member's firearms."""

    item: Literal["scope", "silencer"]
    weapon: str


class Member(_Frozen):
    name: str = Field(min_length=1)
    rank: str  # a rank id, or "dog"
    profession: str = ""  # a unique-band id; empty: the band's own (unique bands)
    ability: str = ""  # mixed bands and individual mode: the faction ability picked
    hand: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    fittings: tuple[Fitting, ...] = ()
    free_items: tuple[str, ...] = ()  # items among the above given by a band ability, not paid
    virtue: str = ""
    defect: str = ""
    owner: str = ""  # dogs: the member it follows (a mixed band's free dog)
    wounds: int = Field(default=0, ge=0, le=3)  # campaigns: wounds carried into the game
    improvements: tuple[Literal["skill", "move", "combat"], ...] = ()  # campaigns: +1 skill, +5 cm, +1 die

    @property
    def is_dog(self) -> bool:
        return self.rank == DOG

    def carried(self) -> tuple[str, ...]:
        return self.hand + self.backpack + self.objects


class Band(_Frozen):
    name: str = Field(min_length=1)
    mode: Literal["standard", "individual"] = "standard"
    kind: Literal["unique", "mixed"] = "unique"
    band_type: str = ""  # unique bands: the profession every member shares
    members: tuple[Member, ...] = Field(min_length=1, max_length=MAX_BAND_MEMBERS)
    vehicles: tuple[str, ...] = ()

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "band") -> Band:
        """A band read from its JSON (bounded: numbers, nesting, NUL characters, keys given twice);
        ValueError names ``source`` and the first fault."""
        try:
            return cls.model_validate(parse_json(text))
        except JsonReadError as error:
            raise ValueError(f"{source}: {error.what}") from None
        except ValidationError as error:
            raise ValueError(f"{source}: {first_fault(error)}") from None


def first_fault(error: ValidationError) -> str:
    """The first fault pydantic found in a saved band or campaign, as "where: what" (``top level``
    when the whole file is wrong)."""
    first = error.errors()[0]
    place = ".".join(str(part) for part in first["loc"]) or "top level"
    return f"{place}: {first['msg']}"


def save_band(band: Band, path: str | Path) -> None:
    Path(path).write_text(band.to_json(), encoding="utf-8")


def load_band(path: str | Path, catalog: Catalog | None = None) -> Band:
    """A saved band; ValueError names the file and the first fault (unreadable, too big, malformed,
    or naming a rank, item or quality the catalog does not know)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_FILE_BYTES:
            raise ValueError(f"{path}: the file is over {MAX_SAVE_FILE_BYTES // MIB} MB: not a band")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a band (the file is not UTF-8 text)") from None
    except OSError as error:
        raise ValueError(f"{path}: cannot read the band ({error.strerror or error})") from None
    band = Band.from_json(text, str(path))
    if catalog is not None:
        problem = unknown_content(band, catalog)
        if problem is not None:
            raise ValueError(f"{path}: {problem}")
    return band


def member_ability(band: Band, member: Member, catalog: Catalog) -> str:
    """The ability key a member enjoys: the band's (unique) or its own pick (mixed, individual)."""
    if band.kind == "unique" and band.mode == "standard":
        unique = catalog.unique_band(band.band_type)
        return unique.ability if unique else ""
    return member.ability


def free_dog(band: Band, member: Member, catalog: Catalog) -> bool:
    """A dog that costs nothing and does not count toward the band size."""
    if not member.is_dog:
        return False
    if band.kind == "unique" and band.mode == "standard":
        return member_ability(band, member, catalog) == "free_dog"
    owner = next((m for m in band.members if m.name == member.owner and not m.is_dog), None)
    return owner is not None and owner.ability == "own_free_dog"


def ability_free_items(band: Band, catalog: Catalog) -> Counter[str]:
    """The items the band's abilities give for free: a unique band's (militia's two ammunition boxes,
    paramedics' medkit, mafia's pistol), and one ammunition box per member of a mixed band who
    picked it."""
    if band.kind == "unique" and band.mode == "standard":
        unique = catalog.unique_band(band.band_type)
        return Counter(unique.free_items) if unique is not None else Counter()
    return Counter("ammo_box" for m in band.members if not m.is_dog and m.ability == "one_free_ammo_box")


def unplaced_free_items(band: Band, catalog: Catalog) -> list[str]:
    """Free items of the band's abilities that no member carries as its ``free_items`` (set-up
    hands them out)."""
    given = Counter(item for m in band.members for item in m.free_items)
    return sorted((ability_free_items(band, catalog) - given).elements())


def leader_order(band: Band, catalog: Catalog) -> list[Member]:
    """Members who may lead, best first (born, then expert, then hardened; file order breaks ties)."""
    ranked = []
    for index, member in enumerate(band.members):
        if member.is_dog:
            continue
        rank = next((r for r in catalog.ranks if r.id == member.rank), None)
        if rank is not None and rank.leader_priority is not None:
            ranked.append((rank.leader_priority, index, member))
    return [m for _, _, m in sorted(ranked, key=lambda t: (t[0], t[1]))]


def member_cost(band: Band, member: Member, catalog: Catalog) -> int:
    if member.is_dog:
        base = 0 if free_dog(band, member, catalog) else catalog.dog.cost
        return base
    rank = next((r for r in catalog.ranks if r.id == member.rank), None)
    cost = rank.cost if rank else 0
    paid = Counter(member.carried()) - Counter(member.free_items)
    for item, count in paid.items():
        if item in catalog.item_ids():
            cost += catalog.item_cost(item) * count
    for fitting in member.fittings:
        cost += catalog.item_cost(fitting.item)
    if member.virtue:
        cost += catalog.qualities.virtue_cost
    if member.defect:
        cost += catalog.qualities.defect_cost
    return cost


def band_cost(band: Band, catalog: Catalog) -> int:
    total = sum(member_cost(band, m, catalog) for m in band.members)
    for vehicle_id in band.vehicles:
        vehicle = catalog.vehicle(vehicle_id)
        total += vehicle.cost if vehicle else 0
    return total


def check_band(band: Band, catalog: Catalog) -> None:
    problems = band_problems(band, catalog)
    if problems:
        raise BandError(problems)


def unknown_content(band: Band, catalog: Catalog) -> str | None:
    """The first rank, band type, item, quality or vehicle of a saved band that the catalog does not
    know (a band from a file is checked with this before it is used), or None."""
    rank_ids = {r.id for r in catalog.ranks}
    items = catalog.item_ids()
    if band.kind == "unique" and band.mode == "standard" and catalog.unique_band(band.band_type) is None:
        return f"unknown band type {band.band_type!r}"
    for member in band.members:
        if member.rank != DOG and member.rank not in rank_ids:
            return f"{member.name}: unknown rank {member.rank!r}"
        for item in member.carried():
            if item not in items:
                return f"{member.name}: unknown item {item!r}"
        if member.virtue and catalog.virtue(member.virtue) is None:
            return f"{member.name}: unknown virtue {member.virtue!r}"
        if member.defect and catalog.defect(member.defect) is None:
            return f"{member.name}: unknown defect {member.defect!r}"
    for vehicle_id in band.vehicles:
        if catalog.vehicle(vehicle_id) is None:
            return f"unknown vehicle {vehicle_id!r}"
    return None


def band_problems(band: Band, catalog: Catalog) -> list[str]:
    """Every reason the band breaks the building rules, in words for the player (``Said``: the window
    says them in the player's language, content by its shown names)."""
    problems: list[str] = []
    rules = catalog.bands.rules
    names = [m.name for m in band.members]
    for name, count in Counter(names).items():
        if count > 1:
            problems.append(Said(N_("two members are called {name}"), name=name))
    rank_ids = {r.id for r in catalog.ranks}
    for member in band.members:
        if member.rank != DOG and member.rank not in rank_ids:
            problems.append(Said(N_("{name}: unknown rank {rank}"), name=member.name, rank=member.rank))
    problems += _composition_problems(band, catalog)
    problems += _ability_problems(band, catalog)
    for member in band.members:
        problems += _equipment_problems(member, catalog)
        problems += _quality_problems(member, catalog)
    for vehicle_id in band.vehicles:
        if catalog.vehicle(vehicle_id) is None:
            problems.append(Said(N_("unknown vehicle {vehicle}"), vehicle=vehicle_id))
    budget = catalog.bands.individual.budget if band.mode == "individual" else rules.budget
    cost = band_cost(band, catalog)
    if cost > budget:
        problems.append(Said(N_("the band costs {cost} points, over the {budget}-point budget"), cost=cost, budget=budget))
    return problems


def _composition_problems(band: Band, catalog: Catalog) -> list[str]:
    problems: list[str] = []
    rules = catalog.bands.rules
    people = [m for m in band.members if not m.is_dog]
    dogs = [m for m in band.members if m.is_dog]
    if len(dogs) > catalog.dog.max_per_band + sum(1 for d in dogs if free_dog(band, d, catalog)):
        problems.append(counted("at most {count} bought dog per band", "at most {count} bought dogs per band",
                                catalog.dog.max_per_band))
    if band.mode == "individual":
        if len(people) != 1:
            problems.append(Said(N_("an individual-mode player has exactly one survivor")))
        allowed = catalog.bands.individual.ranks
        for member in people:
            if member.rank not in allowed:
                problems.append(Said(N_("{name}: in individual mode a survivor is one of: {ranks}"), name=member.name,
                                     ranks=_listed([_rank(catalog, rank) for rank in allowed])))
        return problems
    figures = len(people) + sum(1 for d in dogs if not free_dog(band, d, catalog))
    if not rules.min_size <= figures <= rules.max_size:
        problems.append(Said(N_("a band has {least} to {most} figures, not {count}"), least=rules.min_size,
                             most=rules.max_size, count=figures))
    for rank in catalog.ranks:
        count = sum(1 for m in people if m.rank == rank.id)
        if count > rank.max_per_band:
            problems.append(Said(N_("at most {most} {rank} per band, not {count}"), most=rank.max_per_band, rank=rank,
                                 count=count))
    if people and not leader_order(band, catalog):
        problems.append(Said(N_("no member can lead: a band needs a born, expert or hardened survivor")))
    return problems


def _ability_problems(band: Band, catalog: Catalog) -> list[str]:
    problems: list[str] = []
    people = [m for m in band.members if not m.is_dog]
    if band.kind == "unique" and band.mode == "standard":
        unique = catalog.unique_band(band.band_type)
        if unique is None:
            return [Said(N_("unknown band type {kind}"), kind=band.band_type)]
        for member in people:
            if member.profession and member.profession != band.band_type:
                problems.append(Said(N_("{name}: a {kind} band has only members of that profession, or make it a "
                                        "mixed band"), name=member.name, kind=unique))
            if member.ability:
                problems.append(Said(N_("{name}: in a unique band the ability is the band's, not chosen"), name=member.name))
        allowed_free = Counter(unique.free_items)
    else:
        allowed_free = Counter()
        for member in people:
            unique = catalog.unique_band(member.profession)
            if unique is None:
                problems.append(Said(N_("{name}: a mixed band needs each member's profession (unknown {profession})"),
                                     name=member.name, profession=member.profession))
                continue
            faction = catalog.faction(unique.faction)
            choices = [a.ability for a in faction.abilities] if faction else []
            if member.ability not in choices:
                problems.append(Said(N_("{name}: pick one of the abilities of the faction {faction}"), name=member.name,
                                     faction=faction if faction is not None else unique.faction))
            if member.ability == "one_free_ammo_box":
                allowed_free["ammo_box"] += 1
        for dog in (m for m in band.members if m.is_dog and m.owner):
            if not free_dog(band, dog, catalog):
                problems.append(Said(N_("{name}: its owner {owner} did not pick the free dog ability"), name=dog.name,
                                     owner=dog.owner))
    given = Counter(item for m in band.members for item in m.free_items)
    for member in band.members:
        missing = Counter(member.free_items) - Counter(member.carried())
        if missing:
            problems.append(Said(N_("{name}: free items it does not carry: {items}"), name=member.name,
                                 items=_listed([_item(catalog, item) for item in sorted(missing)])))
    extra = given - allowed_free
    if extra:
        problems.append(Said(N_("more free items than the band's abilities give: {items}"),
                             items=_listed([_item(catalog, item) for item in sorted(extra)])))
    return problems


def _equipment_problems(member: Member, catalog: Catalog) -> list[str]:
    name = member.name
    if member.is_dog:
        if member.carried() or member.fittings or member.virtue or member.defect:
            return [Said(N_("{name}: a dog carries nothing and has no qualities"), name=name)]
        return []
    problems: list[str] = []
    known = catalog.item_ids()
    for item in member.carried():
        if item not in known:
            problems.append(Said(N_("{name}: unknown item {item}"), name=name, item=item))
    if problems:
        return problems
    rules = catalog.bands.rules
    defect = catalog.defect(member.defect) if member.defect else None
    for item in member.hand + member.backpack:
        if not catalog.is_weapon(item):
            problems.append(Said(N_("{name}: {item} is not a weapon; carry it as an object"), name=name,
                                 item=catalog.item(item)))
    for item in member.objects:
        held = catalog.object(item)
        if held is None or held.weapon_slot:
            problems.append(Said(N_("{name}: {item} goes in a weapon slot, not among the objects"), name=name,
                                 item=catalog.item(item)))
        elif held.mounts_on_weapon:
            problems.append(Said(N_("{name}: {item} is fitted to a weapon (fittings), not carried as an object"),
                                 name=name, item=held))
    if len(member.hand) > rules.hand_slots:
        problems.append(counted("{name}: only {count} weapon in hand", "{name}: only {count} weapons in hand",
                                rules.hand_slots, name=name))
    if len(member.hand) == 2:
        first, second = member.hand
        if not pairable(first, second, catalog):
            problems.append(Said(N_("{name}: {first} and {second} cannot be held together"), name=name,
                                 first=catalog.item(first), second=catalog.item(second)))
        elif member.backpack:
            problems.append(Said(N_("{name}: with two weapons in hand the backpack must be empty"), name=name))
        if "flashlight" in member.objects:
            problems.append(Said(N_("{name}: a flashlight counts as held, so it goes with only one other weapon"),
                                 name=name))
    backpack_slots = 0 if defect is not None and defect.no_backpack else rules.backpack_slots
    if len(member.backpack) > backpack_slots:
        problems.append(counted("{name}: the backpack holds {count} weapon", "{name}: the backpack holds {count} weapons",
                                backpack_slots, name=name))
    object_slots = defect.object_slots if defect is not None and defect.object_slots is not None else rules.object_slots
    if len(member.objects) > object_slots:
        problems.append(counted("{name}: only {count} object", "{name}: only {count} objects", object_slots,
                                 name=name))
    if defect is not None and defect.no_wheels:
        for item in member.carried():
            held = catalog.object(item)
            if held is not None and held.open_move_bonus_cm:
                problems.append(Said(N_("{name}: {defect} cannot use {item}"), name=name, defect=defect, item=held))
    for fitting in member.fittings:
        firearm = catalog.firearm(fitting.weapon)
        if firearm is None or fitting.weapon not in member.hand + member.backpack:
            problems.append(Said(N_("{name}: {fitting} needs a carried firearm, not {weapon}"), name=name,
                                 fitting=_item(catalog, fitting.item), weapon=_item(catalog, fitting.weapon)))
            continue
        if fitting.item == "scope" and not firearm.takes_scope:
            problems.append(Said(N_("{name}: {weapon} cannot take a scope"), name=name, weapon=firearm))
        if fitting.item == "silencer" and (not firearm.takes_silencer or firearm.bang == 0):
            problems.append(Said(N_("{name}: {weapon} cannot take a silencer"), name=name, weapon=firearm))
    fitted = Counter((f.item, f.weapon) for f in member.fittings)
    if any(count > 1 for count in fitted.values()):
        problems.append(Said(N_("{name}: one scope and one silencer at most per weapon"), name=name))
    return problems


def _item(catalog: Catalog, item_id: str) -> object:
    """An item's content entry (its name in each language), or its id when the catalog has none."""
    try:
        return catalog.item(item_id)
    except KeyError:
        return item_id


def _rank(catalog: Catalog, rank_id: str) -> object:
    return next((rank for rank in catalog.ranks if rank.id == rank_id), rank_id)


def pairable(first: str, second: str, catalog: Catalog) -> bool:
    """Whether two weapons may be held in hand together (a pair of pistols, a pistol and a shield)."""
    def partners(item: str) -> tuple[str, ...]:
        weapon = catalog.firearm(item) or catalog.hand_weapon(item)
        if weapon is not None:
            return weapon.pairs_with
        if item == "riot_shield":
            return ("pistol", "blade", "blunt")
        return ()

    return second in partners(first) or first in partners(second)


def _quality_problems(member: Member, catalog: Catalog) -> list[str]:
    problems: list[str] = []
    if member.virtue and catalog.virtue(member.virtue) is None:
        problems.append(Said(N_("{name}: unknown virtue {quality}"), name=member.name, quality=member.virtue))
    if member.defect:
        defect = catalog.defect(member.defect)
        if defect is None:
            problems.append(Said(N_("{name}: unknown defect {quality}"), name=member.name, quality=member.defect))
        elif defect.needs_multishot_weapon:
            multishot = any(
                (f := catalog.firearm(item)) is not None and f.shots_max >= 2 for item in member.hand + member.backpack
            )
            if not multishot:
                problems.append(Said(N_("{name}: {defect} needs a starting firearm that fires 2 or more shots"),
                                     name=member.name, defect=defect))
    return problems
