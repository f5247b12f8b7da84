"""Skill effects as hooks keyed by skill id.

A survivor's skills are strings, ``"skill"`` or ``"skill:parameter"`` (``"plus_one_die:melee"``).
Each hook is a small table of modifiers; the engine asks these functions, never the skill ids.
Skills with no hook here are carried (and shown) and work where their rules name them: a box's own
skills in that box's code (``boxes/<box>/``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from game.rules.core.frozen import record


@record
class SkillHook:
    extra_actions: int = 0
    free_actions: tuple[str, ...] = ()  # "move", "search", "melee", "ranged", "magic", "combat", "door"
    extra_reserve_slots: int = 0
    slippery: bool = False  # leaving a zone with zombies costs nothing extra
    search_anywhere: bool = False
    opens_doors: bool = False  # silently, with no equipment
    free_reload: bool = False
    chooses_targets: bool = False  # ranged hits are assigned like melee
    makes_no_noise: bool = False
    drops_wounds_each_round: bool = False
    all_weapons_dual: tuple[str, ...] = ()  # attack kinds whose weapons all count as Dual
    ignores_first_attack: bool = False  # once per zombies' phase
    wounds_cost_no_card: bool = False  # a wound costs no equipment card, while a slot is free for it
    never_shot_by_survivors: bool = False
    ignores_survivors_when_shooting: bool = False
    extra_search_cards: int = 0
    extra_zones_per_move: int = 0
    two_zones_per_move: bool = False
    sprint: bool = False  # once per turn, a Move may cross up to 3 zones
    charge: bool = False  # free: up to 2 zones into a zone holding zombies
    medic: bool = False
    loud: bool = False
    jump: bool = False
    closes_doors: bool = False
    hit_and_run: bool = False
    sudden_charge: bool = False
    hold_your_nose: bool = False
    shove: bool = False
    lifesaver: bool = False
    taunt: bool = False
    trick_shot: bool = False  # a Dual pair of ranged weapons may aim at two zones
    zombie_link: bool = False  # an extra turn before each Extra Activation card takes effect
    distributor: bool = False  # the spawn step's cards are drawn first, then dealt to the zones
    rotten: bool = False
    point_blank: bool = False  # at range 0, ranged hits are assigned freely
    barbarian: bool = False  # melee dice may be the number of actors in the zone
    full_auto: bool = False  # ranged dice may be the number of actors in the target zone
    born_leader: bool = False
    all_equipped: bool = False  # Everything at hand: reserve cards count as held in hand
    matching_set: bool = False
    destiny: bool = False
    discards_to_ignore_wounds: bool = False  # Is that all you've got?
    shoots_own_zone: bool = False  # ranged and magic attacks may target the survivor's own zone whatever their minimum range
    sees_deeper: bool = False  # the survivor's sight reaches one zone farther into buildings (rooms)


HOOKS: dict[str, SkillHook] = {
    "plus_one_action": SkillHook(extra_actions=1),
    "plus_one_free_move_action": SkillHook(free_actions=("move",)),
    "plus_one_free_search_action": SkillHook(free_actions=("search",)),
    "plus_one_free_melee_action": SkillHook(free_actions=("melee",)),
    "plus_one_free_ranged_action": SkillHook(free_actions=("ranged",)),
    "plus_one_free_combat_action": SkillHook(free_actions=("combat",)),
    "break_in": SkillHook(opens_doors=True, free_actions=("door",)),
    "hoard": SkillHook(extra_reserve_slots=1),
    "slippery": SkillHook(slippery=True),
    "scavenger": SkillHook(search_anywhere=True),
    "free_reload": SkillHook(free_reload=True),
    "sniper": SkillHook(chooses_targets=True),
    "ninja": SkillHook(makes_no_noise=True),
    "regeneration": SkillHook(drops_wounds_each_round=True),
    "ambidextrous": SkillHook(all_weapons_dual=("melee", "ranged", "magic")),
    "gunslinger": SkillHook(all_weapons_dual=("ranged",)),
    "swordmaster": SkillHook(all_weapons_dual=("melee",)),
    "tough": SkillHook(ignores_first_attack=True),
    "hold_on_to_life": SkillHook(wounds_cost_no_card=True),
    "low_profile": SkillHook(never_shot_by_survivors=True),
    "steady_hand": SkillHook(ignores_survivors_when_shooting=True),
    "search_plus_one_card": SkillHook(extra_search_cards=1),
    "plus_one_zone_per_move": SkillHook(extra_zones_per_move=1),
    "two_zones_per_move": SkillHook(two_zones_per_move=True),
    "sprint": SkillHook(sprint=True),
    "charge": SkillHook(charge=True),
    "medic": SkillHook(medic=True),
    "loud": SkillHook(loud=True),
    "jump": SkillHook(jump=True),
    "lock_it_down": SkillHook(closes_doors=True),
    "hit_and_run": SkillHook(hit_and_run=True),
    "sudden_charge": SkillHook(sudden_charge=True),
    "hold_your_nose": SkillHook(hold_your_nose=True),
    "shove": SkillHook(shove=True),
    "lifesaver": SkillHook(lifesaver=True),
    "taunt": SkillHook(taunt=True),
    "trick_shot": SkillHook(trick_shot=True),
    "zombie_link": SkillHook(zombie_link=True),
    "distributor": SkillHook(distributor=True),
    "rotten": SkillHook(rotten=True),
    "point_blank": SkillHook(point_blank=True),
    "barbarian": SkillHook(barbarian=True),
    "full_auto": SkillHook(full_auto=True),
    "born_leader": SkillHook(born_leader=True),
    "everything_at_hand": SkillHook(all_equipped=True),
    "matching_set": SkillHook(matching_set=True),
    "destiny": SkillHook(destiny=True),
    "is_that_all_youve_got": SkillHook(discards_to_ignore_wounds=True),
}
NO_HOOK = SkillHook()


def add_hooks(hooks: Mapping[str, SkillHook]) -> None:
    """A box's skills that work through these hooks (``BoxRules.skill_hooks``), added when the box
    loads. A skill id keeps one meaning: a box may not give another hook to an id already known."""
    for skill_id, added in hooks.items():
        known = HOOKS.get(skill_id)
        if known is not None and known != added:
            raise ValueError(f"skill {skill_id!r} already has other hooks")
        HOOKS[skill_id] = added
    for cached in (_flags, _zones_per_move, _extra_actions, _free_actions):
        cached.cache_clear()


def split(skill: str) -> tuple[str, str | None]:
    name, _, parameter = skill.partition(":")
    return name, parameter or None


def hook(skill: str) -> SkillHook:
    return HOOKS.get(split(skill)[0], NO_HOOK)


def extra_actions(skills: Iterable[str]) -> int:
    return _extra_actions(skills if skills.__class__ is tuple else tuple(skills))  # type: ignore[arg-type]


def free_actions(skills: Iterable[str]) -> tuple[str, ...]:
    return _free_actions(skills if skills.__class__ is tuple else tuple(skills))  # type: ignore[arg-type]


# asked for every survivor at every round's start and every set-up: cached per skill set
@lru_cache(maxsize=4096)
def _extra_actions(skills: tuple[str, ...]) -> int:
    return sum(hook(s).extra_actions for s in skills)


@lru_cache(maxsize=4096)
def _free_actions(skills: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(tag for s in skills for tag in hook(s).free_actions)


FLAGS = frozenset(name for name, f in SkillHook.__dataclass_fields__.items() if f.type == "bool")


@lru_cache(maxsize=4096)
def _flags(skills: tuple[str, ...]) -> frozenset[str]:
    return frozenset(f for f in FLAGS if any(getattr(hook(s), f) for s in skills))


# Skills that work through recipe data (an equipment's ``combines_with.skill_makes_count``):
# "2 cocktails are better than 1" makes two Molotovs from one bottle and one gasoline.
RECIPE_SKILLS = ("two_cocktails",)


def made_count(skills: Iterable[str], makes_count: int, skill_makes_count: dict[str, int]) -> int:
    """How many cards one combination makes for a survivor: the largest count their skills allow."""
    held = tuple(skills)
    return max([makes_count] + [n for skill, n in skill_makes_count.items() if skill in held])


def flags(skills: tuple[str, ...]) -> frozenset[str]:
    """Every boolean hook flag the skills set (cached per skill set): ``"sprint" in flags(skills)``."""
    return _flags(skills)


def has(skills: Iterable[str], flag: str) -> bool:
    """Whether any of the skills sets the boolean hook ``flag`` (cached per skill set)."""
    if flag in _flags(skills if skills.__class__ is tuple else tuple(skills)):  # type: ignore[arg-type]
        return True
    if flag not in FLAGS:
        raise KeyError(f"no skill hook flag {flag!r}")
    return False


def is_tactician(skills: tuple[str, ...]) -> bool:
    """Tactician: the survivor's turn may come at any moment of the players' phase."""
    return "tactician" in skills


def extra_reserve_slots(skills: Iterable[str]) -> int:
    return sum(hook(s).extra_reserve_slots for s in skills)


# Attack kinds that are combat actions: melee, ranged, and magic (spells, resolved like ranged attacks).
# Any other kind a box rolls through the core (a siege engine's shot) gains nothing from combat skills.
COMBAT_KINDS = ("melee", "ranged", "magic")


def _applies(parameter: str | None, attack: str) -> bool:
    return parameter == attack or (parameter == "combat" and attack in COMBAT_KINDS)


def dice_bonus_skills(skills: Iterable[str], attack: str) -> tuple[str, ...]:
    """The skills that add a die per weapon to an attack of kind ``attack`` ("melee", "ranged", "magic")."""
    return tuple(s for s in skills if split(s)[0] == "plus_one_die" and _applies(split(s)[1], attack))


def dice_bonus(skills: Iterable[str], attack: str) -> int:
    """Extra dice per weapon for an attack of kind ``attack`` ("melee", "ranged", "magic")."""
    return len(dice_bonus_skills(skills, attack))


def roll_bonus_skills(skills: Iterable[str], attack: str) -> tuple[str, ...]:
    """The skills that add 1 to every die of the attack."""
    return tuple(s for s in skills if split(s)[0] == "plus_one_to_dice_roll" and _applies(split(s)[1], attack))


def roll_bonus(skills: Iterable[str], attack: str) -> int:
    """Added to every die of the attack (a die never goes above 6)."""
    return len(roll_bonus_skills(skills, attack))


SUPER_STRENGTH_DAMAGE = 3


def damage_parts(skills: Iterable[str], attack: str, equipment: str, damage: int) -> tuple[tuple[str, int], ...]:
    """What the skills add to a weapon's damage, in the order they apply: (skill, damage added)."""
    skills = tuple(skills)
    parts: list[tuple[str, int]] = []
    if attack == "melee" and "super_strength" in skills and damage < SUPER_STRENGTH_DAMAGE:
        parts.append(("super_strength", SUPER_STRENGTH_DAMAGE - damage))
    for s in skills:
        name, parameter = split(s)
        if name == "plus_one_damage" and _applies(parameter, attack) or name == "plus_one_damage_with" and parameter == equipment:
            parts.append((s, 1))
    return tuple(parts)


def damage_for(skills: Iterable[str], attack: str, equipment: str, damage: int) -> int:
    return damage + sum(amount for _, amount in damage_parts(skills, attack, equipment, damage))


def _with_kind(skills: Iterable[str], name: str, attack: str) -> bool:
    return any(split(s)[0] == name and _applies(split(s)[1], attack) for s in skills)


def rolls_on_sixes(skills: Iterable[str], attack: str) -> bool:
    """Roll 6: +1 die per 6 rolled."""
    return _with_kind(skills, "roll_6_plus_one_die", attack)


def frenzy_dice(skills: Iterable[str], attack: str, wounds: int) -> int:
    """Frenzy: +1 die per wound, per weapon."""
    return wounds if _with_kind(skills, "frenzy", attack) else 0


def reaps(skills: Iterable[str], attack: str) -> bool:
    """Reaper: one extra identical zombie per action."""
    return _with_kind(skills, "reaper", attack)


RANGE_SKILL = "plus_one_max_range"


def range_bonus(skills: Iterable[str]) -> int:
    if skills.__class__ is tuple:  # a survivor's skills: counted without a generator (asked at every listing)
        return skills.count(RANGE_SKILL)  # type: ignore[attr-defined]
    return sum(1 for s in skills if s == RANGE_SKILL)


def counts_as_dual(skills: Iterable[str], attack: str) -> bool:
    return any(attack in hook(s).all_weapons_dual for s in skills)


def zones_per_move(skills: Iterable[str]) -> int:
    """How many zones one ordinary Move action may cross."""
    return _zones_per_move(skills if skills.__class__ is tuple else tuple(skills))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _zones_per_move(skills: tuple[str, ...]) -> int:
    base = 2 if has(skills, "two_zones_per_move") else 1
    return base + sum(hook(s).extra_zones_per_move for s in skills)


def ignores_wounds_from(skills: Iterable[str], zombie: str) -> bool:
    """Ironclad: wounds from that zombie type are ignored."""
    return f"ironclad:{zombie}" in tuple(skills)


def extra_search_cards(skills: Iterable[str]) -> int:
    return sum(hook(s).extra_search_cards for s in skills)


def xp_multiplier(skills: Iterable[str], zombie: str) -> int:
    return 2 if f"collector:{zombie}" in tuple(skills) else 1


def starting_equipment(skills: Iterable[str]) -> tuple[str, ...]:
    return tuple(split(s)[1] or "" for s in skills if split(s)[0] == "starts_with" and split(s)[1])


def equipped_slots(skills: tuple[str, ...], slot_count: int) -> range:
    """The slots whose cards count as held in hand: both hands, or every slot (Everything at hand)."""
    return range(slot_count) if has(skills, "all_equipped") else range(2)
