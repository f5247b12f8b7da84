"""Invader's own state (Mold, Machines, door and objective tokens, set-aside piles, attachments,
the mission's progress), its survivor fields and its mission options."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.rules.core.frozen import record
from game.rules.zombicide.state import ZombicideSetup

NO_MOLD, INACTIVE, ACTIVE = 0, 1, 2
MOLD_FACES = {"inactive": INACTIVE, "active": ACTIVE}


@record
class Machine:
    """A Machine on the board: its model, its type, where it stands, whether it carries a Machine
    Activation token (it acted this round: xenos then hunt it) and whether it was destroyed."""

    model: str
    kind: str  # "robot" or "sentry_gun"
    zone: int
    active: bool = False
    destroyed: bool = False


@record
class Scientist:
    """A scientist of mission M9: walks one zone to the exit at the end of each Players' Phase."""

    colour: str
    zone: int
    armor: int = 1
    escaped: bool = False
    dead: bool = False


@record
class InvaderState:
    """The box's fields of the game state (``state.box_state``)."""

    mold: tuple[int, ...] = ()  # per zone: NO_MOLD, INACTIVE or ACTIVE
    doors_gone: tuple[int, ...] = ()  # doors whose token Mold took away: open for good
    doors_broken: tuple[int, ...] = ()  # doors turned to their destroyed face: open for good
    sealed: tuple[int, ...] = ()  # doors sealed by the mission (opened by a Robot action)
    objective_colours: tuple[str, ...] = ()  # the colour under each objective token (face down)
    revealed: tuple[int, ...] = ()  # objective tokens turned face up (taken)
    objectives_gone: tuple[int, ...] = ()  # objective tokens Mold or Hellfire removed
    machines: tuple[Machine, ...] = ()
    oxygen_pile: tuple[int, ...] = ()  # the set-aside Oxygen Tank cards
    prototype_pile: tuple[int, ...] = ()  # the set-aside Prototypes, dealt by red objectives
    rewards: tuple[tuple[str, int], ...] = ()  # mission cards an objective colour deals: (colour, card)
    attached: tuple[tuple[int, int], ...] = ()  # (attachment card, weapon card), in the order attached
    spawns_on: tuple[bool, ...] = ()  # per spawn token of the board: whether it draws
    spawns_gone: tuple[int, ...] = ()  # spawn tokens removed (Hellfire, M6 and M7)
    spawn_colours: tuple[str, ...] = ()  # the colour under each spawn token (M6 deals the purple one)
    hidden_spawn: int = -1  # the spawn token whose colour lies face down (M6)
    attack: tuple[str, ...] = ()  # the attack under way: ("concentrated", xeno) or ("machine", ...)
    attack_step: int = 0  # counts the Xenos' Phase's attack steps (Tough)
    shots: int = 0  # counts the attacks resolved (Tough: the first point of each friendly fire)
    cards_drawn: int = 0  # Xeno cards drawn so far (Combat Reflexes: once per card)
    goals_done: tuple[str, ...] = ()  # the mission's goals reached, in order
    events_fired: tuple[int, ...] = ()  # the mission's special rules that have happened
    walked_round: int = 0  # M9: the round the scientists last walked
    evacuees: int = 0  # M3: the families still to evacuate (Noise tokens in the exit zone)
    samples: tuple[str, ...] = ()  # M10: xeno samples taken
    scientists: tuple[Scientist, ...] = ()  # M9
    old_tanks: tuple[int, ...] = ()  # M10: the Oxygen Tanks dealt at set-up (discarded in an Airlock)
    loaned: tuple[Any, ...] = ()  # Born Leader: (survivor, its free actions) while it plays the leader's action


@record
class Hero:
    """The box's fields of a survivor (``survivor.box_fields``). Once-a-turn marks are cleared at the
    start of each round and each turn."""

    remotes: tuple[str, ...] = ()  # Remote Control tokens carried: "robot", "sentry_gun"
    door_worked: bool = False  # the free Door action of this turn is used
    machine_free: bool = False  # the free Machine action of this turn is used
    charged: bool = False
    lusted: bool = False  # Bloodlust
    spun: bool = False  # Zero-G Spin
    dual_expert_used: bool = False
    led_by: int = -1  # Born Leader: the leader whose free action this survivor is playing
    lent: tuple[int, bool] = (0, False)  # its own actions left and whether it was acting, kept meanwhile
    reorganize_free: bool = False  # a free reorganization is open (after a Search or an Oxygen Tank)
    escalation: tuple[str, int] = ("", 0)  # the last action's kind and how many in a row
    tough_step: int = -1  # the attack step in which Tough last turned a point away
    reflex_card: int = -1  # the Xeno card Combat Reflexes last answered
    ultrared: int = 0  # Ultrared thresholds passed beyond the first Red


FRESH = Hero()

class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


GOAL_VALUES: dict[str, tuple[str, ...]] = {
    "take": ("red", "blue", "white", "green", "purple"),
    "take_all": ("",),
    "evacuated": ("",),
    "regroup": ("sentry_gun", "robot"),
    "level": ("yellow", "orange", "red"),
    "destroy_spawn": ("green", "purple"),
    "samples": ("",),
    "new_oxygen": ("",),
    "scientists_out": ("",),
}
TRIGGERS: dict[str, tuple[str, ...]] = {
    "objective_taken": ("red", "blue", "white", "green", "purple"),
    "door_removed": ("green", "purple"),
    "mold_near_spawn": ("green", "purple"),
    "xeno_activates_on": ("blue", "white"),
    "xeno_enters_exit": ("",),
}
EFFECTS: dict[str, tuple[str, ...]] = {
    "activate_spawn": ("green", "purple"),
    "lose": ("",),
    "flip_mold_to_active": ("",),
}


def _known(kind: str, table: dict[str, tuple[str, ...]], text: str) -> str:
    name, _, value = text.partition(":")
    if name not in table:
        raise ValueError(f"unknown {kind} {text!r} (known: {', '.join(sorted(table))})")
    allowed = table[name]
    if value not in allowed:
        shown = ", ".join(f"{name}:{v}" if v else name for v in allowed)
        raise ValueError(f"unknown {kind} {text!r} (write one of: {shown})")
    return text


class MissionEvent(_Strict):
    """A mission's special rule: ``when`` something happens (``objective_taken:purple``,
    ``door_removed:green``, ``mold_near_spawn:purple``, ``xeno_activates_on:blue``,
    ``xeno_enters_exit``), ``then`` its effect (``activate_spawn:purple``, ``lose``,
    ``flip_mold_to_active``)."""

    when: str
    then: str
    until: str = Field(default="", description="a goal after which the rule no longer applies")

    @field_validator("when")
    @classmethod
    def _known_trigger(cls, value: str) -> str:
        return _known("event", TRIGGERS, value)

    @field_validator("then")
    @classmethod
    def _known_effect(cls, value: str) -> str:
        return _known("effect", EFFECTS, value)


class MachinePlacement(_Strict):
    model: str
    zone: str


class InvaderSetup(ZombicideSetup):
    """The mission options of Invader on top of the core's (flat keys of a mission's ``[setup]``)."""

    invader_goals: tuple[str, ...] = ()  # the mission's own goals, in order, before any escape
    shuffle_colours: tuple[str, ...] = ()  # coloured objectives dealt face down among the red ones
    oxygen_at_start: bool = False  # every survivor starts with an Oxygen Tank in a Body slot
    old_tanks_discarded_in_airlock: bool = False  # M10: the starting tanks go in the first Airlock
    start_xenos: dict[str, str] = Field(default_factory=dict)  # zone → "1 tank + 2 worker"
    mold: dict[str, Literal["active", "inactive"]] = Field(default_factory=dict)  # zone → face
    machines: tuple[MachinePlacement, ...] = ()
    sealed_doors: tuple[str, ...] = ()  # doors only a Robot action opens (M8)
    objective_rewards: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # colour → cards dealt
    prototype_for_red: bool = True  # a red objective deals a random Prototype (while any remain)
    hidden_spawn_colour: str = ""  # M6: dealt at random among the spawn tokens of ``hidden_spawn_tiles``
    hidden_spawn_tiles: tuple[str, ...] = ()
    hellfire_removes_spawns_on: tuple[str, ...] = ()  # tiles whose spawn tokens Hellfire removes ("*": all)
    hellfire_clears_mold_under_spawns: bool = False  # M6: the Mold under a removed spawn token goes too
    evacuees: int = 0  # M3: Noise tokens of the families in the exit zone
    scientists: tuple[str, ...] = ()  # M9: objective colours that are scientists walking to the exit
    samples: tuple[str, ...] = ()  # M10: the samples to collect
    events: tuple[MissionEvent, ...] = ()
    split_start: bool = False  # M1: two groups, placed at random on the two starting zones
    ultrared: bool = False  # Ultrared mode (§14.1)
    # §16.2: the whole deck, the easier (#1-#25) or the harder half (#26-#50), or the numbers of the cards
    # "mixed as desired" (the Extra Activation cards among them only when listed)
    xeno_cards: Literal["all", "easier", "harder"] | tuple[int, ...] = "all"
    extra_activation_cards: bool = True  # §16.2: #51-#54 in the deck
    extra_spawn_zones: tuple[str, ...] = ()  # more than six survivors: where the extra tokens stack

    @field_validator("invader_goals")
    @classmethod
    def _known_goals(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for goal in value:
            _known("goal", GOAL_VALUES, goal)
        return value


def hero(s: Any) -> Hero:
    """A survivor's Invader fields."""
    return s.box_fields  # type: ignore[no-any-return]


def mission(state: Any) -> InvaderSetup:
    """The game's mission options, from a state or the engine's working copy."""
    spec = getattr(state, "spec", None)
    return spec if spec is not None else state.setup  # type: ignore[no-any-return]
