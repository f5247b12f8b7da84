"""Every game's bar gives its common actions a key, shown on the slot: no two kinds that can show
together share one, and none takes a key its screen already uses (Zombicide's H for the hint and B
for the bot seats, Space for Skip, W for a waypoint, Tab for More…). The keys themselves are played through the
windows in test_action_bar (M, E), test_zw_action_bar (E) and test_coh_shortcuts (P, R, B, 2)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.app.city_of_horror.bar_slots import coh_kinds
from game.app.widgets.action_bar import ActionBar
from game.app.zombicide.action_kinds import zombicide_kinds
from game.app.zombieworld.action_kinds import zombieworld_kinds
from game.rules.zombicide.boxes import BOXES, box_rules

ZOMBICIDE_KEYS = {"h", "b", "space", "escape", "tab"}  # the screens' own keys (Tab is More…)
ZOMBIEWORLD_KEYS = {"space", "w", "escape", "tab"}
CITY_KEYS = {"escape", "tab"}
TOGETHER_NEVER = {"return"}  # See the result and Done deploying: the game's end, its very start


def assert_keys(kinds, without: set[str], screen_keys: set[str]) -> None:  # type: ignore[no-untyped-def]
    missing = [k.kind for k in kinds if not k.shortcut and k.kind not in without]
    assert missing == [], f"no key for {missing}"
    counts = Counter(k.shortcut for k in kinds if k.shortcut)
    assert [key for key, n in counts.items() if n > 1 and key not in TOGETHER_NEVER] == []
    assert not set(counts) & screen_keys


@pytest.mark.parametrize("box", list(BOXES))
def test_zombicide_core_actions_have_keys(box: str) -> None:
    kinds = zombicide_kinds(box_rules(box).command_labels)
    box_kinds = {k.kind for k in kinds if k.group == "other" and k.title.endswith("…") and not k.shortcut}
    assert_keys(kinds, {"escape", *box_kinds}, ZOMBICIDE_KEYS)  # a box's own actions and Escape are rare: tapped or listed


def test_zombieworld_actions_have_keys() -> None:
    assert_keys(zombieworld_kinds(), {"withdraw"}, ZOMBIEWORLD_KEYS)  # withdrawing the band is never a keystroke away


def test_city_of_horror_actions_have_keys() -> None:
    kinds = coh_kinds(["Ana", "Ben", "Cai"])
    assert_keys(kinds, {"menu"}, CITY_KEYS)  # Esc opens the menu
    assert [k.shortcut for k in kinds if k.kind.startswith("act:")] == ["1", "2", "3"]


def test_a_key_plays_the_slot_offered_before_a_greyed_one_that_shares_it() -> None:
    import pygame

    from game.app.widgets.action_bar import ActionKind, Offer

    pygame.init()
    bar = ActionBar([ActionKind("result", "See the result", shortcut="return"),
                     ActionKind("deploy", "Done deploying", shortcut="return"),
                     ActionKind("end", "End", fixed=True)])
    bar.update(pygame.Rect(0, 0, 900, 72), [Offer("deploy", "Done deploying", "do:0")])
    assert bar.for_key("return") is bar.button("do:0")
    assert bar.badge_text("return") == "Enter" and bar.badge_text("tab") == "Tab" and bar.badge_text("e") == "E"
