"""City of Horror content as data: characters, Action cards, locations and Invasion cards, read from the
TOML files in ``content/``.

Models are frozen and refuse unknown keys, so a typo in a content file is reported, not ignored.
``load_catalog`` also checks the cross-references (an ability, effect or card the engine does not
implement, a supply dropped on the Water Tower); every problem is one ``ContentError`` naming the file
and the place in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.rules.core.datafile import ContentError, check_unique, read_toml, validate

CONTENT_ROOT = Path(__file__).resolve().parent / "content"
CONTENT_FILES = ("characters.toml", "actions.toml", "locations.toml", "invasions.toml")

CORNERS = ("church", "hospital", "bank", "armory")
WATER_TOWER = "water_tower"
CROSSROADS = "crossroads"
LOCATIONS = (*CORNERS, WATER_TOWER, CROSSROADS)
SLOTS = ("1", "2", "3", "4", WATER_TOWER, CROSSROADS)  # how Invasion cards name the locations
COLOURS = ("yellow", "red", "green", "violet", "blue", "white")
HOURS = (0, 1, 2, 3, 4)

# What the engine implements; content naming anything else is refused.
ABILITIES = frozenset({
    "blonde", "businessman", "businesswoman", "sushi_chef", "geek", "grandpa", "granny", "housewife", "mamma",
    "student", "little_boy", "little_girl", "pregnant_woman", "priest", "punk", "rasta", "rocker",
    "special_agent", "teen", "thief", "vigilante",
})
CARDS = frozenset({
    "alarm", "energy_drink", "canned_food", "pepper_spray", "hideout", "back_door", "gun",
    "night_vision_goggles", "chainsaw", "flashlight", "kitten", "molotov_cocktail", "rescue_flare",
    "makeshift_bomb", "pickpocket", "weapon_replica", "shotgun", "running_shoes",
})
EFFECTS = frozenset({
    "church_a", "church_b", "hospital_a", "hospital_b", "bank_a", "bank_b", "armory_a", "armory_b",
    "water_tower_a", "water_tower_b", "crossroads_a", "crossroads_b", "none",
})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CharacterCard(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    fit: int = Field(ge=0)
    exhausted: int = Field(ge=0)
    text: str
    text_es: str = Field(default="", description="the ability in Spanish (empty: the text)")
    drawback: str = ""
    drawback_es: str = Field(default="", description="the drawback in Spanish (empty: the drawback)")


class ActionCard(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    copies: int = Field(ge=1)
    text: str
    text_es: str = Field(default="", description="the text in Spanish (empty: the text)")
    explosion: bool = False
    playable: bool = True


class Side(_Frozen):
    spaces: int = Field(ge=0, description="0: no limit")
    attack: int | Literal["more"]
    effect: str
    text: str
    text_es: str = Field(default="", description="the text in Spanish (empty: the text)")


class LocationCard(_Frozen):
    id: str
    name: str
    name_es: str = Field(default="", description="the name in Spanish (empty: the name)")
    article_es: Literal["el", "la", ""] = Field(default="", description="the Spanish article of the name")
    corner: bool
    A: Side
    B: Side
    collapsed: Side | None = None


class Supply(_Frozen):
    at: str
    antidotes: int = Field(default=0, ge=0)
    actions: int = Field(default=0, ge=0)


class InvasionCard(_Frozen):
    id: str
    hour: int = Field(ge=0, le=4)
    ours: bool | None = None  # None: as the file says
    moves: tuple[tuple[str, str], ...] = ()
    zombies: dict[str, int] = Field(default_factory=dict)
    supplies: tuple[Supply, ...] = ()
    straggler: int = Field(default=0, ge=0)

    def arrivals(self, slot: str) -> int:
        return self.zombies.get(slot, 0)


class _CharacterFile(_Frozen):
    character: tuple[CharacterCard, ...]


class _ActionFile(_Frozen):
    card: tuple[ActionCard, ...]


class _LocationFile(_Frozen):
    location: tuple[LocationCard, ...]


class _InvasionFile(_Frozen):
    ours: bool = True
    card: tuple[InvasionCard, ...]


class Catalog(_Frozen):
    characters: Mapping[str, CharacterCard]
    cards: Mapping[str, ActionCard]
    locations: Mapping[str, LocationCard]
    invasions: Mapping[str, InvasionCard]
    invasions_ours: bool = True

    def character(self, character_id: str) -> CharacterCard:
        return self.characters[character_id]

    def card(self, card_id: str) -> ActionCard:
        return self.cards[card_id]

    def side(self, location: str, side: str, collapsed: bool = False) -> Side:
        card = self.locations[location]
        if collapsed and card.collapsed is not None:
            return card.collapsed
        return card.A if side == "A" else card.B

    def deck(self) -> tuple[str, ...]:
        """Every Action card, by kind, in file order (40 with the shipped content)."""
        return tuple(card.id for card in self.cards.values() for _ in range(card.copies))

    def hour(self, hour: int) -> tuple[str, ...]:
        return tuple(card.id for card in self.invasions.values() if card.hour == hour)

    def is_ours(self, invasion_id: str) -> bool:
        card = self.invasions[invasion_id]
        return self.invasions_ours if card.ours is None else card.ours


def _read(folder: Path, name: str, model: type[_Frozen]) -> tuple[Path, dict, _Frozen]:
    path = folder / name
    data = read_toml(path)
    return path, data, validate(path, model, data)


@cache
def load_catalog(folder: Path = CONTENT_ROOT) -> Catalog:
    """The content in ``folder``, checked; a broken file raises ContentError naming the place."""
    path, _, characters = _read(folder, "characters.toml", _CharacterFile)
    assert isinstance(characters, _CharacterFile)
    check_unique(path, "character", [c.id for c in characters.character])
    for index, character in enumerate(characters.character):
        if character.id not in ABILITIES:
            raise ContentError(path, f"[[character]] #{index + 1} (id = {character.id!r})",
                               "the engine has no ability of that name")
    path, _, actions = _read(folder, "actions.toml", _ActionFile)
    assert isinstance(actions, _ActionFile)
    check_unique(path, "card", [c.id for c in actions.card])
    for index, card in enumerate(actions.card):
        if card.id not in CARDS:
            raise ContentError(path, f"[[card]] #{index + 1} (id = {card.id!r})", "the engine has no card of that name")
    path, _, locations = _read(folder, "locations.toml", _LocationFile)
    assert isinstance(locations, _LocationFile)
    check_unique(path, "location", [c.id for c in locations.location])
    found = {card.id for card in locations.location}
    if found != set(LOCATIONS):
        raise ContentError(path, "[[location]]", f"the locations must be exactly {', '.join(LOCATIONS)}")
    for index, location in enumerate(locations.location):
        for side_name in ("A", "B", "collapsed"):
            side = getattr(location, side_name)
            if side is not None and side.effect not in EFFECTS:
                raise ContentError(path, f"[[location]] #{index + 1} (id = {location.id!r}) → {side_name} → effect",
                                   f"the engine has no effect {side.effect!r}")
    for index, location in enumerate(locations.location):
        if location.id == WATER_TOWER and location.collapsed is None:
            raise ContentError(path, f"[[location]] #{index + 1} (id = 'water_tower')", "the collapsed side is missing")
    path, _, invasions = _read(folder, "invasions.toml", _InvasionFile)
    assert isinstance(invasions, _InvasionFile)
    check_unique(path, "card", [c.id for c in invasions.card])
    for index, invasion in enumerate(invasions.card):
        where = f"[[card]] #{index + 1} (id = {invasion.id!r})"
        for slot in invasion.zombies:
            if slot not in SLOTS:
                raise ContentError(path, f"{where} → zombies", f"unknown location {slot!r} (one of {', '.join(SLOTS)})")
        for source, target in invasion.moves:
            for slot in (source, target):
                if slot not in SLOTS:
                    raise ContentError(path, f"{where} → moves", f"unknown location {slot!r}")
        for supply in invasion.supplies:
            if supply.at not in SLOTS[:4]:
                raise ContentError(path, f"{where} → supplies",
                                   f"supplies land only on locations 1 to 4, not {supply.at!r}")
        if invasion.hour == 0 and (invasion.moves or invasion.supplies or invasion.straggler):
            raise ContentError(path, where, "a 00:00 card only sets up zombies")
        if invasion.hour < 2 and invasion.moves:
            raise ContentError(path, where, "zombie moves appear only on cards from 02:00 on")
    for hour in HOURS:
        if not any(card.hour == hour for card in invasions.card):
            raise ContentError(path, "[[card]]", f"no Invasion card for {hour:02d}:00")
    return Catalog(
        characters={c.id: c for c in characters.character},
        cards={c.id: c for c in actions.card},
        locations={c.id: c for c in locations.location},
        invasions={c.id: c for c in invasions.card},
        invasions_ours=invasions.ours,
    )


def content_files() -> tuple[Path, ...]:
    return tuple(CONTENT_ROOT / name for name in CONTENT_FILES)
