"""Seeded play-outs of shipped missions of every box give exactly the games they gave when recorded:
the engine's speed work must not change a legal-command list, an event or a final state.

``test_engine_determinism.py`` does the same on two sketched Rue Morgue boards; this one covers the
boxes' own rules (Green Horde's Horde and Trebuchet, Invader's Mold, Machines and airlocks) on
their missions. The missions are frozen copies in ``golden_missions/`` (their tiles are the shipped
ones), so rebalancing a shipped mission does not touch them. Each game is folded into one digest:
every legal-command list in order, every command played, every event, and the final state's hash.
A rules change that is meant to change games must record them again:

    PYTHONPATH=. .venv/bin/python tests/zombicide/test_golden_missions.py   # prints a new RECORDED table
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import digests
import pytest

from game.board.mission import load_board
from game.board.model import Board

MISSIONS_DIR = Path(__file__).parent / "golden_missions"
MAX_COMMANDS = 600
TEAMS = {
    "rue_morgue": (("parker", "bruno", "oso"), ("otis", "cathy", "hektor")),
    "green_horde": (("asim", "seli", "berin"), ("johannes", "megan", "rolf")),
    "invader": (("jared", "baraka", "cole"), ("magnus", "vivian", "mitsuki")),
}
# mission → (box, seeds); each seed is played by the uniform bot and by the eager one
GROUPS: dict[str, tuple[str, range]] = {
    "rm-tutorial-1": ("rue_morgue", range(8)),
    "rm-night-shift": ("rue_morgue", range(6)),
    "gh-tutorial": ("green_horde", range(6)),
    "gh-07-blood-and-fire": ("green_horde", range(6)),
    "inv-m0": ("invader", range(6)),
    "inv-m7": ("invader", range(6)),
    "inv-m8": ("invader", range(6)),
}


@cache
def mission_board(mission: str) -> Board:
    return load_board(MISSIONS_DIR / f"{mission}.toml")


def setup_for(box: str) -> dict[str, Any]:
    first, second = TEAMS[box]
    return {"players": [{"seat": "A", "survivors": list(first)}, {"seat": "B", "survivors": list(second)}],
            "auto_wounds": True}


def game_digest(mission: str, seed: int, eager: bool) -> str:
    """One bot game of the mission folded into a digest (``digests.game_digest``)."""
    box, _ = GROUPS[mission]
    return digests.game_digest(mission_board(mission), setup_for(box), seed, eager, MAX_COMMANDS)


def mission_digests(mission: str) -> tuple[str, ...]:
    return tuple(game_digest(mission, seed, eager) for seed in GROUPS[mission][1] for eager in (False, True))


@pytest.mark.parametrize("mission", sorted(GROUPS))
def test_seeded_games_are_unchanged(mission: str) -> None:
    digests = mission_digests(mission)
    recorded = RECORDED[mission]
    assert len(digests) == len(recorded)
    changed = [n for n, (now, then) in enumerate(zip(digests, recorded, strict=True)) if now != then]
    assert not changed, f"{mission}: games {changed} (seed, uniform then eager) play differently from the recorded ones"


def test_every_mission_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(GROUPS)


# fmt: off
RECORDED: dict[str, tuple[str, ...]] = {
    'gh-07-blood-and-fire': (
        '1afc85e12bddf73d:6f4c00f45a2e153b',
        '83f422b9960032b4:b11f1c480c6a7f85',
        'ccedc3fdfd835edc:3dbb266b5c18baf9',
        '3bf9d215f7bc037e:a6eea8c3d8a9f68d',
        '0b94c639515b7671:2f1052f87964edf9',
        'd8ad9fa9bee368f5:1869b343b0ce87bd',
        'c88f323f80b8df12:a90fa86b60281926',
        '04743b08c4a0f04a:dc3c97a8b8446730',
        '0bd671ab0a42f48f:4f488a80131e5b5e',
        '5ef163b9b092c262:ca97c84fcee21ca5',
        '3e8dfd9f40f7104f:1259c6c0c284b0b5',
        '27c556f0be9dc4bf:ff37a7da8ec40381',
    ),
    'gh-tutorial': (
        'f8cd8d73a19a539d:dcf934c467d1ccee',
        '4edfedeee1c16702:33c4f6762e355923',
        '619be7ca4d9c01b1:5d50095b1e1d1b06',
        '5672ffd3e74769f9:bdb3a81d14a5ac79',
        'e853a827ea030464:b5536c7d5ade4cc1',
        'd4f98ce4783e99da:cb718c51972620e6',
        '802e73f2a4e5fefa:007b9234dbba8f4c',
        'a9ab21a1239d5b60:1d76f21adad03fb7',
        'fc4cf82377b47949:86b0b79c4641e6c6',
        '52dd1fb2ce2e2eb3:d9e21ab610f4fc5c',
        'c449c84041967fcb:c2880673ccc305c2',
        '5ed03cdeb1f6c30d:77f729a2a36eeb34',
    ),
    'inv-m0': (
        '95b0225941987f01:98523693d802c96a',
        '39e9c1cd2d000014:bdb439fd851512cb',
        '66f74a8c4da9b1cd:98335554eb94abe6',
        '0644619d9248f94f:cffa3ed94d9c4ea1',
        'cf57a261ba31a8fc:4ac0199907077984',
        '92473865e44c0914:26ed39d46c370573',
        'e8ca66c76572e6ef:d546a73ef68d3398',
        'a12724c712857362:b3e90b9b32179958',
        'eb496fa6bba35c4e:2ee2f1cddcf89c68',
        'f1ce39454712a854:05606c429af87480',
        'ff26ec2c9283c9ae:29b7fbf2ad631e64',
        'ead9216339d07185:87f624cbb31d29d5',
    ),
    'inv-m7': (
        '2fa5f76e251fad54:01549daf625ca73b',
        '250cb6119e013a6b:fd97fc1453894240',
        '37d2a5097e86bd16:719bbc3f6e001ad2',
        'be11f15ce5faff61:aec92a1768c42998',
        '321532b48f95904c:f3e68b74bc2257e9',
        'c1b31f7afbbdd8e9:de31019c0113275d',
        '77dc299ed7c2734d:72ea248b44f77400',
        '26e200de43b2c590:5c7c3c5aa9f4934d',
        'b4d4ba8402242161:4f03df84cd9d9ef6',
        'feb0ae3111a02e2c:c2ea4824d5faafdd',
        '5fa9da6dd074d451:2f2aa1012be1de1d',
        'ab13837d1b2f0262:480f7dbb1dd5c291',
    ),
    'inv-m8': (
        '60671e9b9ce3c204:ed9eb5e56b499a55',
        'b9ed5f2878064702:385f9de069f01412',
        '63381559dd2d244c:efc5661da29b5e46',
        '2a648876715ab211:4c655bccdbaa24a8',
        'ac3a2510534dc182:b06c97d64096d992',
        '9f9f181770bc3d2e:414e10cdd9b98585',
        '3af16c078a74cfdc:e87945900eaa3b57',
        '90487c939628a495:8d4d8fc07eba5f28',
        '33bd48919b84e23f:8388242da907fc5e',
        '812c574bf06ac1b5:e9c35afc97db82cc',
        '92653e42d4c9b327:a10e723d864cac1d',
        '3bb903d2d393a8a1:5929b872fe1c47e1',
    ),
    'rm-night-shift': (
        'e971f917e35737b6:57d15f3848e9dc23',
        '55b24e90c95ec57e:f4a2992f733eb5ff',
        '1e6e5909d367eda3:a606caa3ecdaff80',
        '214d30dacefa57cb:66576b5a368d0db8',
        'c7206a6c1b21a46d:4d2e6ae15b4e6a68',
        'c8a510ed1e31d8d2:2707b58f686f2140',
        'de43a55bafe7a6e7:cd7917a727a55a19',
        '89a4f3d74e6b16ed:cd256863ebc622bb',
        '0c194d279a1dd132:d830638f0908eb4a',
        '6f35d42f520b1d17:2b7ceea7df81a85a',
        '9f12560396815043:7ea1cf4b03818bff',
        '020327e4c6408df2:aff25ccf3267f20f',
    ),
    'rm-tutorial-1': (
        '02b8821d11b4f7e1:1a9740908d4f5f3d',
        'f3b7fc147308625b:7436afde2d0fea6b',
        '87390ea4e8a50200:2812b4b5242c01f7',
        '4edc4b28b894e221:47527dad6ef7eac1',
        '8b6a174cfd9a7faa:ebef60c8dd0f2460',
        '1f3c5585b3c68f9f:4a58c40f5391defc',
        '731da9d38107f749:9c453719d94bfa89',
        'fa694c12ac87ace4:86781438387e36ab',
        'a7d03bd161434b58:d457ac71477a8eb3',
        'e7b95ee016b8eadb:9a0acbfe63db5f5a',
        '4e17445644aa29a7:83e8a7364ca5ad98',
        '1cba9b288e56b527:21611d9012070cdd',
        '7eb4a4f81020c19a:bbd627948a8ea61b',
        'f012fbdcfa05e425:ea8a5095d1a5f5ab',
        '4b8eda1aa5825837:8ad45b6bd7b78216',
        'fd39159f795feb3a:76810db7321054e7',
    ),
}
# fmt: on


if __name__ == "__main__":
    digests.print_recorded(sorted(GROUPS), mission_digests)
