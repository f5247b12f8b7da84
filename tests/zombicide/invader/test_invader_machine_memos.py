"""The Machines' attacks kept from one listing to the next (for the same Machines, zombies, doors,
board and tables) are those worked out afresh, along games with Machines (m5, m8, m0); and a listing
of the same state finds the very commands kept, not made again."""

from __future__ import annotations

from typing import Any

from game.rules.zombicide.boxes.invader import combat
from tests.zombicide.invader.test_invader_hook_caches import played_in_turn


def _forget() -> None:
    combat._LAST_ATTACKS = (None, None, None, None, None, {})


def _listings(state: Any, i: int) -> list[Any]:
    return combat.machine_attack_commands(state, i)


def test_the_machine_commands_kept_are_those_worked_out_afresh() -> None:
    listed: list[Any] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            kept = _listings(state, i)
            _forget()
            assert _listings(state, i) == kept
            listed.extend(kept)

    played_in_turn(["inv-m5", "inv-m8", "inv-m0"], 5, 120, visit)
    assert any(command.target for command in listed)  # a Machine saw xenos, and named a kind


def test_a_listing_of_the_same_state_finds_the_commands_kept() -> None:
    again: list[bool] = []

    def visit(state) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(state.survivors)):
            first = _listings(state, i)
            second = _listings(state, i)
            if first:
                again.append(all(a is b for a, b in zip(first, second, strict=True)))

    played_in_turn(["inv-m5", "inv-m8"], 5, 120, visit)
    assert again and all(again)
