"""Campaign play between Zombieworld games: bands carried over with their wounds, equipment and
improvements, recovery rolls for the fallen, and Glory banked and spent. Saved as JSON.

``new_campaign(name, entries)`` starts one; ``record_game(campaign, state, seed)`` folds a finished
game in; ``spend(campaign, seat, purchase)`` buys with Glory (``refusal`` says why it may not);
``next_setup(campaign, scenario)`` makes the next game's ``ZombieworldSetup``; ``save_campaign`` /
``load_campaign`` keep it on disk (older files are brought up to date as they load).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.atomic import atomic_write_text
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.limits import MAX_CAMPAIGN_GAMES, MAX_GLORY
from game.rules.core.reasons import Said, counted, listed
from game.rules.zombieworld.band import Band, Member, band_problems, first_fault, unknown_content
from game.rules.zombieworld.catalog import Catalog, load_catalog
from game.rules.zombieworld.scoring import glory_total
from game.rules.zombieworld.state import BandEntry, Model, State, ZombieworldSetup

SCHEMA_VERSION = 2  # 2: rounds_played
IMPROVE_COST = 5
RANK_UP_COST = 5
HEAL_COST = 1
MAX_MEMBERS = 6
RANK_LADDER = ("frightened", "rookie", "hardened", "expert", "born")
ATTRIBUTES = ("skill", "move", "combat")
ATTRIBUTE_WORDS = {"skill": N_("skill"), "move": N_("move"), "combat": N_("combat")}
QUALITY_KINDS = {"virtue": N_("virtue"), "defect": N_("defect")}


class CampaignError(Exception):
    """A campaign that cannot be read or saved, or a purchase refused; its words are a ``Said`` where the
    window says them in the player's language (``said_of``)."""


def said_of(error: CampaignError) -> str:
    """The error's own words: a ``Said`` (template and fields kept) when it was raised with one."""
    words = error.args[0] if error.args else ""
    return words if isinstance(words, str) else str(error)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CampaignBand(_Frozen):
    seat: str
    band: Band
    glory: int = Field(default=0, ge=-MAX_GLORY, le=MAX_GLORY)  # penalties (§21.1) may leave it below 0
    recovering: tuple[str, ...] = ()  # members sitting out the next game (back healed, upgrades lost)
    extra_improved: tuple[str, ...] = ()  # members who used their one improvement past the top rank


class Campaign(_Frozen):
    schema_version: int = SCHEMA_VERSION
    name: str = Field(min_length=1)
    bands: tuple[CampaignBand, ...] = Field(min_length=1)
    games: int = Field(default=0, ge=0, le=MAX_CAMPAIGN_GAMES)
    rounds_played: int = Field(default=0, ge=0)  # every round of every game recorded
    history: tuple[str, ...] = ()  # one line per game: scenario and winners

    def band(self, seat: str) -> CampaignBand:
        for band in self.bands:
            if band.seat == seat:
                return band
        raise CampaignError(f"no band plays at seat {seat!r} in this campaign")


class Purchase(_Frozen):
    """What Glory buys: an item, a quality, a recruit, an attribute, a rank, or healing."""

    kind: Literal["item", "virtue", "defect", "recruit", "improve", "rank_up", "heal"]
    member: str = ""  # the member it is for (the recruit's name for "recruit")
    what: str = ""  # item id, quality id, rank id (recruit) or attribute (improve)
    count: int = Field(default=1, ge=1)  # wounds healed


def new_campaign(name: str, entries: Sequence[BandEntry]) -> Campaign:
    return Campaign(name=name, bands=tuple(CampaignBand(seat=e.seat, band=e.band) for e in entries))


def next_setup(campaign: Campaign, scenario: str, **options: object) -> ZombieworldSetup:
    """The next game's set-up: every band with the members fit to play (found survivors included;
    purchases may take a band past its points, so bands are not checked)."""
    entries = []
    for band in campaign.bands:
        members = tuple(m for m in band.band.members if m.name not in band.recovering)
        if not members:
            continue
        entries.append(BandEntry(seat=band.seat, band=band.band.model_copy(update={"members": members})))
    if not entries:
        raise CampaignError("no band has anyone fit to play")
    return ZombieworldSetup(bands=tuple(entries), scenario=scenario, check_bands=False, **options)  # type: ignore[arg-type]


def recovery_seed(game_seed: int, games_recorded: int) -> int:
    """The seed of a game's recovery rolls: fixed by the game's own seed and the number of games the
    campaign had recorded before it, so a game saved and resumed cannot re-roll them."""
    return game_seed * 1009 + games_recorded + 1


def record_game(campaign: Campaign, state: State, catalog: Catalog, seed: int) -> tuple[Campaign, tuple[str, ...]]:
    """Fold a finished game into the campaign: Glory, wounds and equipment as the game left them,
    found survivors kept, a 2D6 recovery check for each member put out of action."""
    if not state.finished:
        raise CampaignError("the game is not over yet")
    rng = Random(seed)
    report: list[str] = []
    bands = []
    final = {m.id: m for m in (*state.models, *state.departed)}
    fallen = dict(state.fallen)
    for band in campaign.bands:
        earned = glory_total(state, band.seat, catalog) if band.seat in state.seats else 0
        report.append(Said(N_("{band}: {glory} Glory"), band=band.band.name, glory=f"{earned:+d}"))
        members: list[Member] = []
        recovering: list[str] = []
        for member in band.band.members:
            if member.name in band.recovering:
                # sat this game out: back for the next, healed but with its starting attributes
                members.append(member.model_copy(update={"wounds": 0, "improvements": ()}))
                continue
            model_id = f"{band.seat}:{member.name}"
            if model_id in final:
                members.append(_carried(member, final[model_id]))
                continue
            why = fallen.get(model_id, "")
            if why == "devoured":
                report.append(Said(N_("{name} was devoured"), name=member.name))
                continue
            outcome = _recovery(rng, member, catalog)
            if outcome == 2:
                members.append(member.model_copy(update={"wounds": 2}))
                report.append(Said(N_("{name} recovers and plays on, badly hurt"), name=member.name))
            elif outcome == 1:
                members.append(member)
                recovering.append(member.name)
                report.append(Said(N_("{name} misses the next game"), name=member.name))
            else:
                report.append(Said(N_("{name} dies and rises as a zombie"), name=member.name))
        for model in final.values():
            if model.side == band.seat and ":found" in model.id and model.kind in ("survivor", "dog"):
                joined = Member(name=_free_name(members, model.name), rank="dog" if model.kind == "dog" else model.profile,
                                hand=model.hand, backpack=model.backpack, objects=model.objects,
                                wounds=min(model.wounds, 3))
                members.append(joined)
                report.append(Said(N_("{name} joins {band} for good"), name=joined.name, band=band.band.name))
        new_band = band.band.model_copy(update={"members": tuple(members)})
        bands.append(band.model_copy(update={"band": new_band, "glory": band.glory + earned,
                                             "recovering": tuple(recovering)}))
    line = f"{state.scenario}: {', '.join(state.winners) or 'no winner'}"
    return campaign.model_copy(update={"bands": tuple(bands), "games": campaign.games + 1,
                                       "rounds_played": campaign.rounds_played + state.round,
                                       "history": (*campaign.history, line)}), tuple(report)


def _carried(member: Member, model: Model) -> Member:
    return member.model_copy(update={"wounds": min(model.wounds, 3), "hand": model.hand, "backpack": model.backpack,
                                     "objects": model.objects})


def _recovery(rng: Random, member: Member, catalog: Catalog) -> int:
    """2D6 skill checks (healthy skill): how many succeed."""
    if member.is_dog:
        skill = catalog.dog.profile.skill
    else:
        skill = catalog.rank(member.rank).healthy.skill + member.improvements.count("skill")
    dice = [int(rng.random() * 6) + 1 for _ in range(2)]
    return sum(1 for d in dice if d == 1 or (d != 6 and d <= skill))


def _free_name(members: Sequence[Member], name: str) -> str:
    taken = {m.name for m in members}
    candidate, number = name, 2
    while candidate in taken:
        candidate, number = f"{name} {number}", number + 1
    return candidate


def spend(campaign: Campaign, seat: str, purchase: Purchase, catalog: Catalog) -> Campaign:
    """Buy with a band's Glory; raises CampaignError (the campaign unchanged) when it may not."""
    band = campaign.band(seat)
    members = list(band.band.members)
    extra_improved = band.extra_improved
    index = next((i for i, m in enumerate(members) if m.name == purchase.member), None)
    if purchase.kind != "recruit" and index is None:
        raise CampaignError(Said(N_("{band} has no member called {name}"), band=band.band.name, name=purchase.member))
    member = members[index] if index is not None else None
    if purchase.kind == "item":
        cost = _item_cost(catalog, purchase.what)
        assert member is not None
        if catalog.is_weapon(purchase.what):
            if member.backpack:
                raise CampaignError(Said(N_("{name} has no free weapon slot"), name=member.name))
            member = member.model_copy(update={"backpack": (purchase.what,)}) if member.hand else \
                member.model_copy(update={"hand": (purchase.what,)})
        else:
            if len(member.objects) >= catalog.bands.rules.object_slots:
                raise CampaignError(Said(N_("{name} has no free object slot"), name=member.name))
            member = member.model_copy(update={"objects": (*member.objects, purchase.what)})
    elif purchase.kind in ("virtue", "defect"):
        assert member is not None
        quality = catalog.virtue(purchase.what) if purchase.kind == "virtue" else catalog.defect(purchase.what)
        if quality is None:
            raise CampaignError(Said(N_("no {kind} called {what}"), kind=Said(QUALITY_KINDS[purchase.kind]), what=purchase.what))
        if member.is_dog:
            raise CampaignError(Said(N_("{name} is a dog: dogs take no virtues or defects"), name=member.name))
        held = getattr(member, purchase.kind)
        if held:
            named = catalog.virtue(held) if purchase.kind == "virtue" else catalog.defect(held)
            raise CampaignError(Said(N_("{name} already has the {kind} {quality}; one of each at most"), name=member.name,
                                     kind=Said(QUALITY_KINDS[purchase.kind]), quality=named if named else held))
        cost = quality_cost(purchase.kind, catalog)
        member = member.model_copy(update={purchase.kind: purchase.what})
    elif purchase.kind == "recruit":
        if len(members) >= MAX_MEMBERS:
            raise CampaignError(Said(N_("a band has at most {most} members"), most=MAX_MEMBERS))
        if purchase.what not in RANK_LADDER:
            raise CampaignError(Said(N_("no rank called {what}"), what=purchase.what))
        cost = catalog.rank(purchase.what).cost
        member = Member(name=_free_name(members, purchase.member or "Recruit"), rank=purchase.what)
        members.append(member)
        index = len(members) - 1
    elif purchase.kind == "improve":
        assert member is not None
        if purchase.what not in ATTRIBUTES:
            raise CampaignError(Said(N_("improve one of {attributes}"),
                                     attributes=listed([Said(ATTRIBUTE_WORDS[a]) for a in ATTRIBUTES])))
        cost = IMPROVE_COST
        if purchase.what in member.improvements:
            top = member.rank == RANK_LADDER[-1] and set(ATTRIBUTES) <= set(member.improvements)
            if not top or member.name in extra_improved:
                raise CampaignError(Said(N_("{name}'s {attribute} has already been improved"), name=member.name,
                                         attribute=Said(ATTRIBUTE_WORDS[purchase.what])))
            extra_improved = (*extra_improved, member.name)
        member = member.model_copy(update={"improvements": (*member.improvements, purchase.what)})
    elif purchase.kind == "rank_up":
        assert member is not None
        if member.is_dog or member.rank not in RANK_LADDER or member.rank == RANK_LADDER[-1]:
            raise CampaignError(Said(N_("{name} cannot rise in rank"), name=member.name))
        if not set(ATTRIBUTES) <= set(member.improvements):
            raise CampaignError(Said(N_("{name} must improve every attribute first"), name=member.name))
        new_rank = RANK_LADDER[RANK_LADDER.index(member.rank) + 1]
        limit = catalog.rank(new_rank).max_per_band
        if sum(1 for m in members if m.rank == new_rank) >= limit:
            raise CampaignError(Said(N_("a band has at most {most} of rank {rank}"), most=limit, rank=catalog.rank(new_rank)))
        cost = RANK_UP_COST
        member = member.model_copy(update={"rank": new_rank, "improvements": ()})
    else:  # heal
        assert member is not None
        if member.wounds < purchase.count:
            raise CampaignError(counted("{name} has only {count} wound", "{name} has only {count} wounds", member.wounds,
                                        name=member.name))
        cost = HEAL_COST * purchase.count
        member = member.model_copy(update={"wounds": member.wounds - purchase.count})
    if cost > band.glory:
        raise CampaignError(Said(N_("that costs {cost} Glory; {band} has {glory}"), cost=cost, band=band.band.name,
                                 glory=band.glory))
    assert index is not None
    members[index] = member
    if purchase.kind in ("item", "virtue", "defect"):
        _check_kit(band.band, band.band.model_copy(update={"members": tuple(members)}), member.name, catalog)
    new_band = band.model_copy(update={"band": band.band.model_copy(update={"members": tuple(members)}),
                                       "glory": band.glory - cost, "extra_improved": extra_improved})
    return campaign.model_copy(update={"bands": tuple(new_band if b.seat == seat else b for b in campaign.bands)})


def refusal(campaign: Campaign, seat: str, purchase: Purchase, catalog: Catalog) -> str:
    """Why ``spend`` would refuse this purchase, or "" when it may be bought."""
    try:
        spend(campaign, seat, purchase, catalog)
    except CampaignError as problem:
        return said_of(problem)
    return ""


def quality_cost(kind: str, catalog: Catalog) -> int:
    """Glory a quality costs between games: a virtue its +3, a defect its -3 (it banks 3 Glory, as it
    gives back 3 points when a band is built)."""
    return catalog.qualities.virtue_cost if kind == "virtue" else catalog.qualities.defect_cost


def _check_kit(before: Band, after: Band, name: str, catalog: Catalog) -> None:
    """Equipment and qualities must stay within the building rules for the member bought for (points
    and band size excepted: campaign bands outgrow them)."""
    known = set(band_problems(before, catalog))
    new = [p for p in band_problems(after, catalog) if p not in known and p.startswith(f"{name}: ")]
    if new:
        raise CampaignError(new[0])


def _item_cost(catalog: Catalog, item: str) -> int:
    if item not in catalog.item_ids():
        raise CampaignError(Said(N_("no item called {what}"), what=item))
    return catalog.item_cost(item)


def save_campaign(campaign: Campaign, path: str | Path) -> None:
    """Atomic write (the previous file kept as ``.bak``, one writer at a time); a write that fails
    (full disk, read-only folder, another window saving) raises CampaignError and leaves the file
    on disk as it was."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, campaign.model_dump_json(indent=2))
    except OSError as error:  # a full disk, a read-only folder, another window saving it
        raise CampaignError(f"{path}: could not write the save ({error.strerror or error}); "
                            "the previous save is intact") from None


def migrate(data: dict) -> dict:
    """A campaign file of an older schema brought to the current one (fields added since take their
    defaults)."""
    data = dict(data)
    if data.get("schema_version", 1) == 1:
        data["schema_version"] = 2  # 2 added rounds_played: unknown for old games, counted from now on
    return data


def load_campaign(path: str | Path, catalog: Catalog | None = None) -> Campaign:
    """A campaign file, migrated to today's schema; CampaignError names the file and the first fault
    (unreadable, too big, malformed, from a newer Deadtable, out of range, or naming a rank, item or
    quality the catalog does not know)."""
    path = Path(path)
    try:
        data = read_json(path, N_("campaign"))
    except JsonReadError as error:
        raise CampaignError(f"{path}: {error.what}") from None
    if isinstance(data, dict):
        version = data.get("schema_version", 1)
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise CampaignError(f"{path}: written by a newer Deadtable (campaign schema {version}; this one reads "
                                f"up to {SCHEMA_VERSION})")
        data = migrate(data)
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as problem:
        raise CampaignError(f"{path}: {first_fault(problem)}") from None
    for band in campaign.bands:
        problem_text = unknown_content(band.band, catalog or load_catalog())
        if problem_text is not None:
            raise CampaignError(f"{path}: {band.seat}'s band: {problem_text}")
    return campaign
