"""Seeded play-outs give exactly the games they always gave: the engine's speed work must not change
a single legal-command list, event or final state.

Two hundred seeded bot games on two boards sketched in ``boards.py`` (so later edits of the shipped missions do
not touch them: streets, buildings, locked and coloured doors, spawn zones, a sewer and a bed; a
hospital with a locker room, tents, fences, a flying helicopter and an event trigger), with several
rosters, Team Actions, wound decisions and competitive mode, are each folded into one digest: every
legal-command list in order, every command played, every event, and the final state's hash.
``RECORDED`` holds the digests the engine gave when they were recorded; a rules change that is meant
to change games must record them again:

    PYTHONPATH=. .venv/bin/python tests/zombicide/test_engine_determinism.py   # prints a new RECORDED table
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import digests
import pytest
from boards import CAMP, TOWN, players

from game.board.model import Board

MAX_COMMANDS = 300

TOWN_RULES = {"goals": ["take_all_objectives"], "door_keys": {"pink": "blue"}}
CAMP_RULES = {"goals": ["escape_all"], "helicopter_flies": True}

BOARDS: dict[str, tuple[Board, Mapping[str, Any]]] = {"town": (TOWN, TOWN_RULES), "camp": (CAMP, CAMP_RULES)}

CLASSIC = {"players": players(("joe", "dan", "cathy"), ("jane", "terry", "oso"))}
SHARPSHOOTERS = {
    "players": players(("james", "laurie", "louise"), ("maddie", "parker", "travis")),
    "team_actions": {"survivors": ["charge", "fire"]},
    "auto_wounds": True,
}
BRAWLERS = {
    "players": players(("bruno", "hektor", "idris"), ("ines", "juno", "kasia")),
    "team_actions": {"survivors": ["move", "fire"]},
}
PILOTS = {
    "players": players(("marta", "nell", "otis"), ("priya", "salvo", "theo")),
    "team_actions": {"survivors": ["charge", "move"]},
}
RIVALS = {
    "players": players(("joe", "dan", "cathy"), ("jane", "terry", "oso"), teams=("red", "blue")),
    "competitive": True,
    "vests_per_team": 1,
}

# group name → (board, roster and options, eager bot, seeds)
GROUPS: dict[str, tuple[str, Mapping[str, Any], bool, range]] = {
    "town/classic": ("town", CLASSIC, False, range(25)),
    "town/sharpshooters": ("town", SHARPSHOOTERS, True, range(20)),
    "town/brawlers": ("town", BRAWLERS, True, range(20)),
    "town/pilots": ("town", PILOTS, True, range(20)),
    "town/rivals": ("town", RIVALS, True, range(20)),
    "camp/classic": ("camp", CLASSIC, False, range(25)),
    "camp/sharpshooters": ("camp", SHARPSHOOTERS, True, range(20)),
    "camp/brawlers": ("camp", BRAWLERS, True, range(15)),
    "camp/pilots": ("camp", PILOTS, True, range(20)),
    "camp/rivals": ("camp", RIVALS, False, range(15)),
}


def game_digest(board: Board, setup: Mapping[str, Any], seed: int, eager: bool) -> str:
    """One bot game folded into a digest (``digests.game_digest``, at most ``MAX_COMMANDS``)."""
    return digests.game_digest(board, setup, seed, eager, MAX_COMMANDS)


def group_digests(name: str) -> tuple[str, ...]:
    board_name, roster, eager, seeds = GROUPS[name]
    board, rules = BOARDS[board_name]
    setup = {**rules, **roster}
    return tuple(game_digest(board, setup, seed, eager) for seed in seeds)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_seeded_games_are_unchanged(name: str) -> None:
    digests = group_digests(name)
    recorded = RECORDED[name]
    changed = [seed for seed, now, then in zip(GROUPS[name][3], digests, recorded, strict=True) if now != then]
    assert not changed, f"{name}: seeds {changed} play differently from the recorded games"


def test_every_group_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(GROUPS)
    for name, (_, _, _, seeds) in GROUPS.items():
        assert len(RECORDED[name]) == len(seeds), name


# fmt: off
RECORDED: dict[str, tuple[str, ...]] = {
    'camp/brawlers': (
        '4416fc075d602e84:c094f549989bfe8c',
        'e5ab72fbcda6ff40:169a1a86814fb37f',
        '2ae7847eb3c55bf1:b90ed6a3e5fac84f',
        'd893abbe291ee876:288de171679d1cd0',
        'c824b9f6b574ca24:dc4231c3ac4c1575',
        '2ea811af069d5401:09ad9fc4c62788b4',
        'ccadbcdd552e9db7:18df5d8aba2a739f',
        '1bf1e3e953c9c6dd:f996d46797f44b76',
        '376a735193652889:c116fb60231a07d4',
        '7ea61bb2f28d955e:1ae14f571f50e930',
        '3edf76e26d17586e:13af1be782f69b2d',
        '34d3fedf9cd8621c:ea7c15455e264ec4',
        'e094076d22df7ef7:662233cf194f7137',
        '4fa3ae12e6957136:3531fdd631cc3f71',
        '072e7b8945660e9c:96c0b12c40e6cae5',
    ),
    'camp/classic': (
        '70af035abbc7ad12:ed3d25da12de9eab',
        '562f3856ff89498b:871aab8ae6187639',
        'acf866b614c99b84:b1d51357dd58289f',
        'f4e75db17c487fcd:e6ecac1c942bed06',
        'a780d55f2b106da2:3c24d29b13698dc2',
        '82abdf01a90c5c95:0d2c404b1634401d',
        'fa06dd251cb72a9a:985234090f7ccca0',
        'b1a8a2ab03e6f5c8:23f6096281c9653a',
        'e4ae7c7b983f0c95:e09f7398ee050849',
        '18236f222dce01b5:c973e0f8bdae56c5',
        '5ed5db7088fdc641:8513813e0da6c1ae',
        'e39c3f86ffb043eb:4dd7648480e03a59',
        '993e18ca75d8b238:c93c6de56e17ad15',
        '544d2b637cecd191:32c22ddc716035b0',
        '63c6506334fb1e26:6220d669cbca6a3c',
        '1d892448d9693dc9:826978da69c3e12c',
        '9804ad5d603472aa:e67a030e680d6a8a',
        '1ccbd53407404ee5:83bcf815b69252c6',
        '2860f26e88ddc702:bf825a5e3eb8f64d',
        'cf4188d5f0b8a32e:f4faf7f163cd9ac2',
        '15916e74815fc9c8:be87570a4d7e6c21',
        '43c88f67bc16a061:d38445fec6ee0aeb',
        'b58b89ee2c0334d3:2490ffe59e9ccf81',
        '0c7ef48a23eddde3:60832dbefe8ddac4',
        '3f51d9a42414352c:8cf6154808f5d740',
    ),
    'camp/pilots': (
        'e6160c2ab1632603:a35e5639da344987',
        '2a17738d568d1970:2a398fc136c12abf',
        '38ff2310c7c33f40:b5f44c3da84d65af',
        '5f1fc48d8cf3a696:b471e2cc83271504',
        'e40b8eebe401093b:052085893696384b',
        '0a3550595af2dca3:0709065103971180',
        '39513331cd44898f:8efeb2122940538d',
        'b31b2581977fe694:9d568dc93ef0c86d',
        '19b4080422962f81:4c133a596967494c',
        'd1f274e599289621:6681a72681d89606',
        'a440c65eb3a25824:2a5eff85b9019888',
        'db9edc290bd29359:f0a3199a19c277e8',
        'c1263fb04957c2f6:3a7add5b70bf34c8',
        '0dd8298bd06aefce:68a92401ca3c582d',
        '5c0b59af0626f04d:545233ec05f65b91',
        '344e3bff3960d5c5:0850ba6fd6ff8df9',
        '449e31624a2f33f4:1be2fc04e6411f99',
        '355b479cfdaad4e9:b989a820f9f8550f',
        '83d3f6e13ed1f20d:50a71e3047ae25a0',
        '995379964a601605:b05832f6e40e559b',
    ),
    'camp/rivals': (
        '61eadf2c91c5df96:1d6be981e635d8cb',
        'f8ffc89c7cb4100d:03a00282128592f9',
        'd8ab116caae733ce:dea09cdcad88bb3f',
        '82628783be49a3ac:b6997e8c809eeac6',
        '6321d758adaf8d95:272b6490e96086f9',
        '557aabf3af5d55a0:f5df0409dff4a54e',
        'da7e0571d4223324:3ab196c13dec02d8',
        '85e9c12ee5c6774b:a7b6341639019ac8',
        '65eac38cb4f9aec0:527a9a42d955b27f',
        '95662eb2ce43bd9b:cf8d358b9588f738',
        'a9ddd7b19671570b:180d1f354543c6ce',
        '2340728dbab81e93:a9bb2b5f7e6046c3',
        '7f28b5b46b15f114:fc381fb0c5d3d4f8',
        '997625114f8b8b1d:cc727e551be20e19',
        '37a5cabe2567f3ef:a8c718f998741586',
    ),
    'camp/sharpshooters': (
        '07415b7d30a879b6:78d24bd787641965',
        'cabad174bb0271a7:7bbeac36c13ac92f',
        '9565c578930de509:df81ea08065d3201',
        'b874ca8b1c6a0f5d:918bb8383d09d6eb',
        'a984da594e8046df:3e5868cfb8b93da2',
        '6a8be66c15db3f91:8a1acd1048f79e7b',
        '2e7927e9e125dc59:303b7ec14ca1f455',
        '341b927a95974482:e3fc29e674a5127d',
        'b984b76dd43b1e35:a13c2d6faaaf51f2',
        'a881cd7f1dcba425:be2fd0e14f08130d',
        'ce757c95091dfb62:63b957cb2a22d5ec',
        '002d385dea146b52:a91910287f5d75da',
        '5b009d6948e87fb8:524c724bd0383644',
        'cba559e53c874632:8245332bbe4512ad',
        '307bb6a1b95358bf:322cddeae91447b8',
        '0313514cb099e302:0276f53f589f0a04',
        '49138f986d3efddb:a08113a7df37e659',
        '12a73dc10dbf52e3:4c4447cfe27b5a78',
        '3c88fede7052c4b5:060f7551e321a949',
        '6b2dce73423a2ab4:3d5d74d12d82f27c',
    ),
    'town/brawlers': (
        'fbe3729ab21c1b6d:74834ceacf651b72',
        '34a688b2e5f37705:8015518e6ca739fb',
        'e8b52c90961df6f4:0131051b6d3a2364',
        '759321d98b9cd65a:72f57b405fb330a6',
        '7c6f5b5c1bd14c18:166c9a8106676cc9',
        '42a8b6f6fdb928fa:fb60551008e3a260',
        'cf700765c38b76ec:170afe7f8c49f482',
        '795bd346d632483c:b69aa58559aac6f8',
        '545dd6ed0f2e257c:6bbf5b3539e0ce20',
        '57cc545f9874a90a:328a274153b71da9',
        'a6546f8e8a96e609:dfcd92281f691eb6',
        'c8958ed34b92540b:de92b1760a590c18',
        'caf66ba071db5451:daacf7659cd1b4aa',
        '093f0720275215d6:3e6a8f19d9e90295',
        '6baaec48c63b211d:e0eb0b1a49a0aab2',
        'e644b2efdb1720d3:0b57b6adb2773fa7',
        'e2945f76ff560793:57bea1b467ac6b4e',
        '56b58d2a5b6913b9:00364083811dd213',
        '44716b218cb7b78d:bf05e95ab9b14b9c',
        '6c5770343fadc682:58302627b7d4304d',
    ),
    'town/classic': (
        '87361ceeb2b9cad1:499a2d4c2eb0d59c',
        'f4836e99cceab001:0f8aebb5edc681a9',
        '21b8a438aad5986f:b79d44b599d11367',
        '8586c1f9a8973c3a:d2861bcf47c1690e',
        '32322ab7830ac5ce:8f34c9751fcfe0f9',
        '6b4e84314770a596:31541b2d41293418',
        'c9b685beebf60188:46f15195d3257af0',
        '0313a331f51f7070:879f849830fd0168',
        '15333cfbba508cc8:4f54000e60a09fb6',
        'c3d827e6934b473c:0a1c0c35b2388816',
        '10eb63de9be94538:1a0f52853f5f7e94',
        'a19dd91e9eb9c3ae:01db4850a9c1d1ef',
        '2b4c07530c983486:2e103089780bb89b',
        '035c95490f701162:e9086c876b90150c',
        'a58d27e8677db870:0d3a398d149b4143',
        'a5c70833b2125169:50e14bd59de351ef',
        '4fe2463dd1e00db1:6a88ae9573f7e28d',
        'f2204fa65169dfe7:eb73527d8032d9de',
        'fd29e4e8853fb91e:7a07a450c364a611',
        '83bdae43c194a547:97abcae515b88207',
        '7d84e57ff3ecd0df:b996ee63b865cd4c',
        '5bde94e50c9bb464:9eef9e601d417a27',
        '5a4657636b1f8214:5fc977cf148670ef',
        '6d990cbe272ed836:1476632ff3f2624b',
        '537138872b4653c7:958dc3ac69725392',
    ),
    'town/pilots': (
        '7a569a3a16d85b80:b5a75a4fffb4e832',
        'f110a673713bfa3d:85406611f3421ee0',
        '846fb6546f620e22:565b96533e177123',
        '3a7476db76ca20fc:45e56ebaf77bfe92',
        '46cff778a46582a3:36720e93860d2aec',
        '1ecc1efac2868fe4:d9c3e235ec06e4ba',
        '1075776ef16c86cd:e6d43f83dab43c0d',
        '72a6dae0a2c8d12e:e4ee6e849953976a',
        '597f11688d692200:6f0880b3ebe1a3a7',
        '496c783ca95079d2:04d119c25729ea75',
        'b0ccfebf523f17be:c9f08838ec1c4b0f',
        '172d38d891d4fea0:a104aa66c71178bc',
        'e5ea3640ff34e9da:d0bd8db5f17afdb2',
        'd203e43737ebadd2:f4e732dcf36f5b0d',
        '8a873bdc2cd15dbf:47ae55c8520ca687',
        'b44d450321920a13:e9fe6c179f9f36cc',
        'df1df68cb0f2c863:021efbf1c47e0561',
        'd5601813f1e583f5:d0401d604de5f93d',
        '9ee7b75c58b2c5d6:b8e0c288f894e34a',
        '5cc9feadd23d285c:82167561826be4b9',
    ),
    'town/rivals': (
        'da8c171f2039b7c4:78dea2f96fef2226',
        '8e17454cd0db9387:dfb953cce6e7feba',
        'df862dccb194be53:501de767cdab0482',
        'd758aa23501bfe5c:47a3d5a02553a795',
        '27ed83670b7ad2e7:a0b471d4aeb9226c',
        '630d1555edc11b85:4238120122dd4688',
        '63bb54ec6fcf63e9:1101fb0c4e4ca71b',
        '2a80da6b8078f75d:f4f0d8f984cc0156',
        'ba469b821b801f5b:4662f901bcafb1b5',
        'bf6af6c158ce1ada:b4b4391156408c22',
        '479760e24003f2bd:bdd1707f711a8cca',
        '603d144184fc9998:3b84421d92430af5',
        'be23856123b1b284:154b6e0328a05787',
        'c01e9ac520590f30:97663a21d5b41782',
        '7427d3802028d12c:983d3662a5e04952',
        'ebbc40f54744ba0a:295ae74d71657e1c',
        '7705982681bf78c1:b5c677055ae9fde8',
        '670ff5f8cb13543f:7fea0b82f2a25943',
        'e943d78f6f89bd2b:ae4846d73dbc1db1',
        '02df8a7db6b80989:8066518a7baea828',
    ),
    'town/sharpshooters': (
        '76158149b1753754:466b2d065257b44d',
        'e53df101124cebd4:1b31bf4b99f593f8',
        'd90423547b92e35c:e5b4fc9b3f15f505',
        'f053a28388e2bf4f:2df59c458b4dd3b1',
        '10c324543431bfc0:34ba884101552bd2',
        'c9a190868139a8a0:521d2b6de9b9a62d',
        '150e981d71650bbb:94616bac725f1df6',
        '3fa7852841ccca25:d1a0183617a33326',
        '625b50611a6e620b:911d1d76945ff761',
        'd8c97c49bad54ed0:3aa2c5f0776618b8',
        '334be0896c2c9690:50020c9f86184d22',
        'e92c12626b09b9cc:47143f8ed1332948',
        'e969fdec539585cf:9b1fe39a90a075ff',
        '50ef2bfd64a51225:146c672cc633aa4d',
        'b0c66255a0458e89:858c650a5a8c61b9',
        '375364d2683596b1:1e7e4ad533f197c6',
        '008f0493755bdda6:a9d130b5f9523392',
        'f4a30f100d39d2f4:4054e92df8e3a9c3',
        '84e5d6df6915bdf7:db03e4e2f83dbc73',
        '38fd53023169d070:9035186bd634e5ef',
    ),
}
# fmt: on


if __name__ == "__main__":
    digests.print_recorded(sorted(GROUPS), group_digests)
