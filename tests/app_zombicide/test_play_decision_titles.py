"""Every kind of pending decision gets a dialog title that says what is being decided."""

from types import SimpleNamespace

import pygame
import pytest

from game.app.zombicide.game_scene import GameScene


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def scene_with(kind: str):
    survivor = SimpleNamespace(name="Bruno Sala")
    pending = SimpleNamespace(kind=kind, survivor=0, options=("first", "second"), card=-1, more_cards=(),
                              remaining=2)
    controller = SimpleNamespace(pending=pending, state=SimpleNamespace(survivors=(survivor,),
                                                                        tables=SimpleNamespace(catalog=None)),
                                 card_name=lambda card: "Pistol", zone_name=lambda zone: zone)
    return SimpleNamespace(controller=controller, controller_choose=lambda option: None, deaths_of=lambda option: "")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("keep_card", "found"),
        ("wound", "Wounds to share"),
        ("skill", "pick a skill"),
        ("reroll", "re-roll"),
        ("deal", "spawn cards"),
        ("friendly_fire", "who takes the hit"),
    ],
)
def test_each_decision_kind_has_its_own_title(kind, words):
    dialog = GameScene.pending_dialog(scene_with(kind))
    assert words in dialog.title
    assert dialog.options == ["first", "second"]
