"""Seeded play-outs give exactly the games they always gave: the engine's speed work must not change
a single legal-command list, event or final state.

About two hundred seeded bot games (shipped missions, several rosters, Team Actions, wound decisions,
competitive mode) are each folded into one digest: every legal-command list in order, every command
played, every event, and the final state's hash. ``RECORDED`` holds the digests the engine gave when
they were recorded; a rules change that is meant to change games must record them again:

    PYTHONPATH=. .venv/bin/python tests/zombicide/test_engine_determinism.py   # prints a new RECORDED table
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest

from game.board.mission import load_board
from game.board.model import Board
from game.rules.core.session import state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.commands import EndTurn

# frozen copies of the missions as recorded: rebalancing a shipped mission must not move these games
MISSIONS_DIR = Path(__file__).resolve().parent / "frozen_missions"
MAX_COMMANDS = 300


def seats(*rosters: tuple[str, ...], teams: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    return [
        {"seat": "AB"[n], "survivors": list(roster), **({"team": teams[n]} if teams else {})}
        for n, roster in enumerate(rosters)
    ]


CLASSIC = {"players": seats(("joe", "dan", "cathy"), ("jane", "terry", "oso"))}
SHARPSHOOTERS = {
    "players": seats(("james", "laurie", "louise"), ("maddie", "parker", "travis")),
    "team_actions": {"survivors": ["charge", "fire"]},
    "auto_wounds": True,
}
BRAWLERS = {
    "players": seats(("bruno", "hektor", "idris"), ("ines", "juno", "kasia")),
    "team_actions": {"survivors": ["move", "fire"]},
}
PILOTS = {
    "players": seats(("marta", "nell", "otis"), ("priya", "salvo", "theo")),
    "team_actions": {"survivors": ["charge", "move"]},
}
RIVALS = {
    "players": seats(("joe", "dan", "cathy"), ("jane", "terry", "oso"), teams=("red", "blue")),
    "competitive": True,
    "vests_per_team": 1,
}

# group name → (mission file, setup, eager bot, seeds)
GROUPS: dict[str, tuple[str, Mapping[str, Any], bool, range]] = {
    **{f"classic/{path.stem}": (path.name, CLASSIC, False, range(12)) for path in sorted(MISSIONS_DIR.glob("*.toml"))},
    "sharpshooters/city-3x3": ("city-3x3.toml", SHARPSHOOTERS, True, range(10)),
    "sharpshooters/rm-airlift": ("rm-airlift.toml", SHARPSHOOTERS, True, range(8)),
    "brawlers/safehouse-3x2": ("safehouse-3x2.toml", BRAWLERS, True, range(10)),
    "brawlers/rm-field-hospital": ("rm-field-hospital.toml", BRAWLERS, True, range(8)),
    "pilots/rm-last-flight": ("rm-last-flight.toml", PILOTS, True, range(8)),
    "pilots/rm-quarantine": ("rm-quarantine.toml", PILOTS, True, range(8)),
    "rivals/city-3x3": ("city-3x3.toml", RIVALS, True, range(10)),
    "rivals/tutorial-2x2": ("tutorial-2x2.toml", RIVALS, False, range(10)),
}


@cache
def board_of(mission: str) -> Board:
    return load_board(MISSIONS_DIR / mission)


def game_digest(board: Board, setup: Mapping[str, Any], seed: int, eager: bool) -> str:
    """One bot game folded into a digest. The bot draws from its own seeded ``Random``; the eager one
    ends a turn only when nothing else is listed or one time in six, so games run longer."""
    rng = Random(seed)
    trace = hashlib.sha256()
    state = engine.setup(board, setup, seed)
    played = 0
    while state.result is None and played < MAX_COMMANDS:
        (seat,) = engine.current_seats(state)
        legal = engine.legal_commands(state, seat)
        trace.update(repr(legal).encode())
        choices = legal
        if eager and rng.random() * 6 >= 1:
            choices = [c for c in legal if not isinstance(c, EndTurn)] or legal
        command = choices[int(rng.random() * len(choices))]
        state, events = engine.apply(state, seat, command)
        trace.update(repr((seat, command, events)).encode())
        played += 1
    return f"{state_hash(state)}:{trace.hexdigest()[:16]}"


def group_digests(name: str) -> tuple[str, ...]:
    mission, setup, eager, seeds = GROUPS[name]
    return tuple(game_digest(board_of(mission), setup, seed, eager) for seed in seeds)


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
    'brawlers/rm-field-hospital': (
        '949cafe433711be2:ac4db86dd6b7fcf0',
        'ef5c83a70e17cec3:c0b5d4916b25ce1d',
        '92e07617e76e938b:2f38a824e94e99ce',
        '62d5fb384e4775d7:6133414bf07a0d85',
        '82e2e8f4c2f1c5f0:e3a6a5a90c20eb8c',
        '7ad0e26ee7d040e7:f032522e7b9dd882',
        '2032aec7ca4a2a77:2e11426da4317ad1',
        'f3f4d347c345d4a3:7148239576a9189e',
    ),
    'brawlers/safehouse-3x2': (
        '5d4e5d2a76f8749e:21ff03df22559e45',
        '553a2d00adc61c8a:f7a74bb2016c25c0',
        '0e46e3ff63d5c097:8571ca103fbe6add',
        '87959e5b0e67ec7d:b7ffc3daaa345fe4',
        '0f339263b032a22c:a81b384c0e88cbcd',
        '8ad0b48118b9748b:56b4cd7843bbd6f8',
        'e12b9fc8516962d0:3adc88197c69d913',
        '4051032b901515a5:edfb3a99fb66cc80',
        '370ba8887612a516:92bfbceed14962ba',
        '18de95a7f2303fc0:0dda46ff514a1d60',
    ),
    'classic/city-3x3': (
        'a608d47dc9cdee46:a4bf8797f0c2e23d',
        'd08a8133c82f06ac:60ff47ad5a77b89d',
        'd096e37c8e2787e0:4220366ec4f7dff5',
        '4ed89109a77518c3:1e98c2c413b8c129',
        'd62c2bd397f630b7:fb6e3c6907da70ae',
        '6dd1e75175793b19:71fc8dbaf03299c7',
        '433c9cf8f20f16dd:cbb947b63605051c',
        '5f21c911879d4d57:90725c1459248c08',
        '36ec1eb170225fe9:4c036765e243c0a7',
        'eefd686858c73b7e:c58e05a7c82dbec0',
        'e5eb4882a423fc45:113950f0928a218b',
        '2e2bf393a218c416:b02bacd41fd16eac',
    ),
    'classic/rm-airlift': (
        'b6bb4894b90d832d:34d8596df91a7b3c',
        'da41cad4011228c5:aabb0df04c387a0f',
        'cd2d134f2098a0fa:95421a5e1be5b7d1',
        '8696b148ffc3b058:85378a17300c33e9',
        '0cc4f546070a148d:bfab7a040c2c6d77',
        'f860364da48a8f20:72b26f08ceed348f',
        '55895988787d9528:2afd6a9c84ece0e6',
        '135afe2303b9cd20:994bbb2bcffedb44',
        '40949d826019232f:bbae21585b21706d',
        'e31e96ecb8fb332a:928f75755deb3c13',
        '67859b28d89e221b:47bff8bbd8d6dcc2',
        '96b4e751ecdecd07:d5999b7a00ede08b',
    ),
    'classic/rm-field-hospital': (
        '5a50106ec6d704ca:285f2034cf5c7da2',
        '9ca0d60b06e94637:8d2296088245af88',
        '4bedffe335e330f2:70376e4b9f839798',
        'eaaffbb2a0157f82:209d7d1782e93cb0',
        'd6c35964b907e066:23b564dc1af80ed9',
        'fd1307a071c42e33:9907037145a83600',
        'd29022b10e81b866:529eac0c10a7e0fe',
        '212f6d362ebebded:76a0f65bab74ec7d',
        '4c1b7684881e7a8c:1ce38a0d20f21a2d',
        'b34f0d3b5f976941:1f80323f78141845',
        '2e595d4f90e41c3e:9dd21a1ee0c34a48',
        '5f49860650b52383:a825e28c6ec497d8',
    ),
    'classic/rm-last-flight': (
        '368360048d5c8a2d:00c6baba1680e0de',
        'a5554c50583a8edc:4812bf8c33f5355a',
        'ffcc6a5ff1c89ef6:f9dbf0fa77d7d953',
        'c28b33801b244d70:a8b3a7ee6d585841',
        '5eab0241a124a61e:4fcb0609784d5090',
        'b03c50ff0f035a85:e8111fc96b0d00f9',
        'b8fed4f45bb17a9f:91de938270642405',
        '94b3e5ef17ef7366:2260e18b76e3ed3b',
        'f049e93a65c76365:97cf047e28d83c0e',
        '2f3a50f864a5ade5:26b77261e7d36f13',
        'f2d587d88ae58de0:2b3bdb2e33b0ad29',
        '534bcd8d3d318d3a:46c335a8ab698dc6',
    ),
    'classic/rm-night-shift': (
        '25e3da2b98d74e8e:b2b3c272750ff08f',
        'bec2deec9cc6c353:bdf489820b227c2c',
        '9e44ccf4a3815465:8e0f5789c67e32f8',
        '4c79fc6ab318c00c:9a3612ae2c7d2a08',
        'e256f6c5258ab58c:05ae7c54fee2366e',
        'aff98624cfdb11e9:7e7061afd213b9ba',
        '6625df205f512b33:61d74c1b92547520',
        '179907c43f807747:5525c4631795e6f2',
        '919662f3a5634063:f93c0be63e21d65b',
        '06c40d3c49d01b71:59902a5f19973f9f',
        'b449d621a7cb14a9:3a2a7d22804e299b',
        '8b02dca3c5855d23:9bc463b60a4fc05b',
    ),
    'classic/rm-quarantine': (
        'f87a7acfbd9e9c3d:bef2017346d5f608',
        'ff025cf83f6e9887:54fb58cde04e7a35',
        '46fb11bc34a0a460:6a4e58611630e5cb',
        '2bcfcaa858933929:dc03c38ce03eb46a',
        '124786b76eec8da2:d662eda57986d42a',
        '11168414d33b4a59:8397b9d5cc089e3b',
        '59daf2a7fca6fa92:687eb80fe320a95e',
        '262196f38ecf98cf:321c023815cc1b5a',
        '36677c71fc91aaf4:db8c7e27e992d198',
        '1450992d3c2244f3:657bdfdf906bffb9',
        '7c1b508654dc9a31:574188624a8ae0ec',
        'a4f15563c7bd38fd:7dd4a71747b9b5a5',
    ),
    'classic/rm-supply-run': (
        'a91c82cc0de37cad:8a7888f2eeb12072',
        '2b4230406f37bb93:3a6614d256773cf8',
        'a30a8711c7ce5a00:be77617ed641bf53',
        '988774aba31d9617:2fa63f091036b9af',
        '2bbab3cfde5805f0:24cbc09bc6d928fa',
        '19d683380b2da622:6cd5f12f6f90b08f',
        '1768a611995c471d:776ec0ff55f6e121',
        '5498bd7b3f1af741:2cba6138f0860575',
        'b5184b8445c5473c:72f5ce33db31223c',
        '2636f6b410961796:7c95a2f9927ceaed',
        'c473eafdc6449559:45983b3273dee49e',
        '994b68d5913f4ad5:c695bf8d89b68b3e',
    ),
    'classic/rm-tutorial-1': (
        '76518134cb6e83a8:d750afa1afab04a4',
        '0a890beb4d6aed34:225ef237c826301d',
        '15f82d0476b42550:b83901db7991dfd8',
        '7a81d639c260cc0e:7147b654d7c081c9',
        '518e7da51d5f71f9:6e07259b43fcdab7',
        '7c2cb71ca9fa4b7f:78a3d657f6eae302',
        '84bca3dee8dff3c3:8db693cb03b353fa',
        '501cf64193e145a4:50100aa5ecdac519',
        '84265b8b5fd3955d:3825884fb58f41c9',
        '9a4dbaf91a215707:d881f3a79869e72d',
        'c9de2fdec90eb3a6:6904f3e250ad26a2',
        '3c2d273601f79487:a1b08e9c1233422d',
    ),
    'classic/rm-tutorial-2': (
        'f19c8c6ebbc1db47:371dee0ae60b4d63',
        '033e71f22cceb787:25ad35ad7cac1568',
        '0b95158e5dff0d13:d01b88aadd504c12',
        'ad179f6d44828c5e:2f6c87ff26010e50',
        'ee1f3f6972954687:1251bd9ec771d340',
        '21f3f17eeabfbdd9:68ce96503c4c2a77',
        '19b98e6d96a92c78:4964fbd1f44c3104',
        '2e9493439b21c845:815dfefaa6b7d9a7',
        'c27d685f8c879fbc:f31d03059d6a13eb',
        '8405032aeea5d7d8:a622f907639550c4',
        '5f59b2fac7abbf16:f3ee093f15f00c05',
        '5870dd48b51590bd:6eaa8d959d510d05',
    ),
    'classic/safehouse-3x2': (
        '6b4ca61ef5a36b72:77ff85afa7dac65a',
        '8025c7a71ab50fe7:f785110f0c345f6d',
        '3d172f582143aa7c:a23dfc651ebd5c64',
        'cc90cddb7e692243:8e24a9266d05f012',
        '376aeda433fff37b:5aa9370af3d409e1',
        'a5b2077db1d33569:8e44f72075e2bb18',
        '1db2c427b8025547:3edc74c5bbecc9d5',
        '6d2d91e050641644:d34e446ae6e09fc0',
        '283a460aa6ad395b:c675492f688a13f7',
        '96cb46bd7bf29c1c:1795fdf5bbb70d35',
        'e44c6c456e1dc7ec:a8c1aa32efe12135',
        '07498f4f6213da0b:1fad580ab68f6959',
    ),
    'classic/tutorial-2x2': (
        '144964925aeeaf9d:196456adfa858478',
        '0a890beb4d6aed34:225ef237c826301d',
        'b12f859c658b9b51:078b21e03d81585f',
        '4d55a52b4c28acfc:fa5b2f51f63a37aa',
        '518e7da51d5f71f9:6e07259b43fcdab7',
        '1ed326dd1f4c5192:10f29155159f76d0',
        '84bca3dee8dff3c3:0550f312e080802f',
        '501cf64193e145a4:50100aa5ecdac519',
        '84265b8b5fd3955d:3825884fb58f41c9',
        '9a4dbaf91a215707:d881f3a79869e72d',
        '8d0f021a0446889d:3020680320122154',
        'eb8985c7c64d9d01:fcf7ccf1d0fe430a',
    ),
    'pilots/rm-last-flight': (
        'f4478562c70dec21:b4868b8aba00ea4a',
        'ae78a9984b10e576:24eb7993360e36b6',
        'f98fde18eb47813b:c2a6c298e59a58ba',
        'db5fde7719475f60:f23b4e410cc37724',
        'bb491954924938fb:47d056f1738f69b0',
        '1df00df14602feea:17218981da70a910',
        '52098321b16db288:2284bd67ed36a491',
        '0cc0bd3a9286fb18:7766748ddac4fa3f',
    ),
    'pilots/rm-quarantine': (
        '1de2143f7eb62b3f:cd2180627eb0e9ed',
        '05e98d6bb2871522:f1f3755a55e0715b',
        'e8d7cc3a5d5f0397:2495fdd1b0201097',
        '9b0a2da477895f2a:dc706177d028d30a',
        'a9210413319b7244:a482562cb80ec5c4',
        'edc4cbb94dd9d39f:9750b21665548e8d',
        '20a5a5f61d222ae1:e902c2287d06b2a9',
        'ed5cf1d558600830:c2d623910f0d8349',
    ),
    'rivals/city-3x3': (
        '7a6c00def736b9bf:ee5f80d3ba8364ba',
        '08434b66aecfcefd:03cbea1ce660078b',
        '3712947704ed6fca:804f389d6a830e1c',
        'd1c3367143b4c127:7b0539bdfd3d4674',
        '2faa7022c8a4b076:e82e05ab991d3f35',
        '6dbd38ce40a5fcae:d87f270c8ab8c235',
        '25e2190c451e65f3:1ff39fe516f89b48',
        'd613184977b32f1f:6bd4cc9433a9498f',
        '61163dcc185f96e1:6e30b51c3274561f',
        '85edbf616d112f6c:8befc7b5e5b5fc23',
    ),
    'rivals/tutorial-2x2': (
        'bf020b779c092d9c:ce67014415038460',
        'cd52f4cb8d338afd:32859d3dd1f8a17c',
        '3b2ffb3672bc2db5:eef78bad46a23de1',
        '52c78d7156421756:8a763b65b47ca832',
        '18f651516f3cff7f:c0588c927227137a',
        '6f5331a7f63caa40:256b1bd15087a1d0',
        '500a3b30ae32b712:9d70c7c105d62ac3',
        'dcc869da8ae637a6:de56cd3433a53996',
        '02d3dd95f578ae8a:b86ed2249607306e',
        '5a3c777d7e28ca32:a133e919a68f6997',
    ),
    'sharpshooters/city-3x3': (
        'f13d2d86d24e99d0:62db093acf3739c7',
        '22f833c8f3975ed0:8492c196f0172b2c',
        '6b4951bdade2aa50:960eeef6fbba7dc4',
        '240bd30c15f3f4f1:a8b55b2db4d5c31a',
        '9fe0710c18574ea0:bec99da0a3e86c90',
        '41573e79df4d071e:ecc5f35d7e35cfa7',
        '7ed3963b11a87131:c8d2977e74ca97d9',
        '30b7b9f51a5db7cf:7adae6ff671f84a8',
        'b229a0b86accfa91:bd09153151fff65a',
        '4711716ba71975b6:086bda4d7dee21cc',
    ),
    'sharpshooters/rm-airlift': (
        '46b13c57da04a7cb:2949d65a83952e2c',
        '07f36b6f53c1c4b5:a077441d0db399f1',
        '3507fb1078fce31c:99dc2fc20a27063c',
        '5d87d0058afa8e94:272b850dffb1a7b3',
        '7c51f8db0acb41ed:2f37f5ddd1f828c5',
        'aba47041b7eed3d3:f52a821f951d1004',
        '55dce1274ac6254c:fe10e1b20eb06bbf',
        '3bc811eefa9a7278:d8e0422e241732c2',
    ),
}
# fmt: on


if __name__ == "__main__":
    print("RECORDED: dict[str, tuple[str, ...]] = {")
    for group in sorted(GROUPS):
        print(f"    {group!r}: (")
        for digest in group_digests(group):
            print(f"        {digest!r},")
        print("    ),")
    print("}")
