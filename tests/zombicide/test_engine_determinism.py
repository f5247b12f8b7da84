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

import hashlib
from collections.abc import Mapping
from random import Random
from typing import Any

import pytest
from boards import CAMP, TOWN, players

from game.board.model import Board
from game.rules.core.session import state_hash
from game.rules.zombicide import engine
from game.rules.zombicide.commands import EndTurn

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
        'd588ea54c2338a44:4743b00382dcadc3',
        '0e32d2612019c8c6:1236188238292f8a',
        '5a2639821dfff8c3:2f94c11da7d344d9',
        'cc97f515f388b396:9c7f7f40552535d0',
        '6ea8b6af77ec3758:1ab6d62f6752b4a9',
        'f8d40c5675d85f84:1670ca47179ada1a',
        '661dd869fa64185a:25b536e170243cad',
        '905f83a8b8adf486:ae8fcee8fa7d7048',
        '34e3830dea5e60d7:bd51fe3e8cead4e4',
        'd6f096bf9bf4d33a:ac2bec1dc55b88ee',
        '0aeec89a50725cb9:e6480820ab59baec',
        '1c488c91e06dfa6b:9fd1987261db08e3',
        '3d8ff76710f7dd11:d7b3572bf3903eb2',
        'e232328b44d1c88b:b79a21b7b9b9f562',
        'f4c9b0302992a6af:f0402468ca0b491d',
    ),
    'camp/classic': (
        '3291a0d6d015c2d3:f8a6a89428c28d32',
        'ed5e0532f6a045ee:91f96c090d4a5666',
        'b7b38d3d4969add6:e87881f722c157cf',
        'fb9fe985f0175e65:679038656c2302f1',
        'a780d55f2b106da2:d99c66208ffe588e',
        '4d123dd2c81ceb2f:10d05cf403c596b7',
        '76d55c45f5725d38:9d16628bbd544f8c',
        'fde2ececb589a133:e690200ddf24d402',
        '72bbfe8da269ebb1:45b6f1462521ab7e',
        '03ef23503b9ff1b5:ffc7da4e585a25cd',
        '5ed5db7088fdc641:589c0530e1c95ba4',
        '492aec6f4e197bd4:f2ca84a7eb203765',
        '2c3ed172457c3175:a06fc733c8d1f011',
        '24153c8d2e147772:8349920425f78c3c',
        'd51b2f185e49df90:a25293482763c1ca',
        'd67d3d3c4b0d5f7b:e17ee4e3d26ddf7d',
        '9804ad5d603472aa:95a89aa6b79c066a',
        'f25ddbd48582f91d:226d0c632612b4cd',
        '9b7c41b8d5714592:3413d9ecb4388e59',
        'bec32349e40f115c:f54ceb7d57fc4fdf',
        'e70165d98f75116f:5730eb43b2fc2f65',
        '5bc7a5a9e834a4ed:5046349ebf3cedad',
        'b58b89ee2c0334d3:772c4d04f5be1576',
        '4fb8b455cef12aa0:103d3ed36c7f0ef3',
        '7839f54fcdd054bb:790772983f97174b',
    ),
    'camp/pilots': (
        'e2eafb9fcb32bf6c:0082c9093ca9989b',
        'f00a98c96a096eba:4a837da3268506af',
        'da6b80d7b5352b87:2e0efa3e30032e86',
        '556d377552af2970:6474ce8a0a218955',
        '8030ddb419dd5848:74b3855baca0d33d',
        'dab7257b4a8a6ad7:6f928b40128cf26d',
        'db878f9918023115:d07864f2b58c1303',
        'e4da977f6b200a7b:b479d3ff47257dff',
        'e045aa6cff9c5023:d0bd10710e47b604',
        '40fa62f489984178:82494c2a1eb2a6b9',
        '5a2b28ad77aca7e0:0115f40d976eef52',
        '8c446dac0b74d9c2:b1d913d4c329e653',
        '05aa804dd14f8edc:65d412c351228e98',
        '07366ee3c21e4a0a:57dfc72113253832',
        'c7251f63ba9bbe37:7c22615b606958df',
        'af4f44308341f7d7:b7fb2ff1af72c720',
        '6b747f1fb2c0ebdd:d9da3066a377db78',
        '319dffd8d87d1d1d:fa10184d3d01126b',
        '222fe42e464e0947:77f63f074982eae3',
        '342eabb3435e6931:930788a438d797de',
    ),
    'camp/rivals': (
        '35240372b5b8766a:a21cff2bcdfa20d0',
        'c502b5ea59a7dbdf:009ef6ab36806388',
        'e5f533cffa84c8bd:53bd6d7268cce2d6',
        '82628783be49a3ac:34e80a1c25cbc5b8',
        '552df1a3e03306af:f8507eeae6325165',
        '802491da8acac588:5756b7c79d792d79',
        'bee2db07e5c6dc6b:65239c41d7f661f8',
        '8ebc6e85fedf99a9:686e1933a6686606',
        'fee4931ed369fc96:7f925f2ec69ba32a',
        'a89476560cb71384:f9a87c24eff0d015',
        '66268afdcf002dff:702344c1f9150bcb',
        '1da486b4675ddf61:42293181c454258f',
        'f2b67c82b688094a:0a8b6b657fe6bd66',
        '181353f769cc5e59:bac9e714c76b997a',
        '721447b06c33a2ea:444807c98aaa0e07',
    ),
    'camp/sharpshooters': (
        'ce55610a0f23ed9e:6f7d2963aa786f87',
        '8b6e79fb61821c6c:82a79904e606cc69',
        '4c52e1e4f5e3ebca:212207925e058725',
        '764dc963350d99a6:86e8bce253a89f46',
        '1a5c35c90a58c505:a1092c3f627ddd45',
        '051957577e206d5d:7e5dda82be6284b0',
        '611e9288a7e8de7f:4423fb7c32be9461',
        'e8e3f998edd08c42:4b9ad37ba2e4ac46',
        'b12ec86071c373ac:0c492fb0f40a7b20',
        'c188ba9b793d04d4:4e55ad53d79fd0f1',
        '011c77620b69ac10:acae0abf6ae7747a',
        'e138ddc323f9e881:60a2f0bb5af07a53',
        '74b169c5a711a9d3:d8e3078018f841c9',
        '8284d34e2d35d0a9:658cb8fed54de71b',
        '8f14598d27b96ff2:3736747711b35734',
        'fbfc98d4cf2eea4a:a62c828aeb25087f',
        '092dcae84f07ee8e:62f33664ab425803',
        '1f3518773a8c9df1:5ffeba91917813f7',
        '34ab4db2746d6d0d:981a4eede4cf2df0',
        '897223fb6d888792:7c1e2ddd3c9409b3',
    ),
    'town/brawlers': (
        'a7fa1b604be367a3:5a292519790e6405',
        '0c01b2c199cd5d51:963300c332c310a2',
        '0df2926d28c52507:60963fb6ea1e1d25',
        '93dc2c262fbe34df:05643b6626fddd6c',
        '93deba8126ffea83:d1675cd18ef9e03b',
        'ed271c1560faba46:2552f58bc13acdb1',
        '67ceda8598f966f2:d1e1262bcae1f301',
        'c8641c3a6b13b7c3:f159979fc175c66f',
        '8c9619a7f4c6b0d4:e3084a90cf7ed5f6',
        '3b2df9fa6b13484e:51d060176d91b020',
        'a3bd3c069afee514:7966fdf5dd581925',
        'b52f26625e705ff2:0059f6559fe763e6',
        '46d3f39edcb76d82:f108b328c9a14953',
        'e5c76eef4449ae23:5f3800f654f31e09',
        '70328c967c4faff8:78901476cb5cd22f',
        'b289d3c9ebb09569:15461ce533d3891e',
        '34a067605176439c:568380defad96af3',
        '5064fba33414f0eb:14ce5664ba3efa34',
        '303f75a0c3b57cc9:a3493a264f5a3c1d',
        'd05dc1ed4864d60c:4759e0689aeffb7e',
    ),
    'town/classic': (
        '4b0a8a2080eea98b:407df398c266d573',
        'f4836e99cceab001:d3c9234e330bce52',
        'a9c8340fe4807d76:79ed8bfae63b2d56',
        '8586c1f9a8973c3a:5ac1a1a3fb0a3899',
        '519fadfe36b9f0bb:78af0b301373724f',
        'fe3404ee8887abdc:7887629b68bf6794',
        '305001460e4415fb:fc427749cafeb00b',
        '0fd9c5865bb28d49:e55756735edb2f5c',
        '186c73e08c0f1a4c:054143edb144a294',
        'c3d827e6934b473c:cf8286dd079923b8',
        '337709e5a6890748:422551dd8b73432a',
        'b2cbbdb6dbd39442:8c4e0c6c3ef5c149',
        'bb6c96fdb4da5ef9:74f3bda47528e39d',
        '0e07558fd7eddd84:684051f0a96b3f4f',
        '8293a26e096fe5ec:4b86f574ac2ddd79',
        '1c1cf84e93e179d5:303d66f4d9fb2207',
        'e38888f6a3c77c29:758c1d65eb941302',
        'd6e176ac9042bccb:f4a943d87292576e',
        '11e69313ce0136e4:a0fbaeccc6985101',
        'bb51b219b4cbb4aa:e8f2ec0eebeb76bc',
        '7d84e57ff3ecd0df:9b0cab8a57bb349d',
        'ce40bbd2fe564b7a:5dec205c4759c4d8',
        '5a4657636b1f8214:ea900620da53e834',
        '54b89d9b8b9fa73f:15d325fdf59b1ec9',
        '42e3a7f25dfae0f5:25fe93828a7d3c97',
    ),
    'town/pilots': (
        '5b87a6fc7c1a9a18:dad24303b185468a',
        '615385904c362f53:11280cb0e4fcf6a5',
        'a42a6bb117a209d6:97aea41f9d2b34fb',
        '895c563765b0e711:dca1e986da03fad8',
        '786deedfc6df90fb:5f146e206b5e3ca0',
        'afc822faa8d5da37:b8fa9137d6c8b064',
        '70f693da903df1c5:2e7def5ddcc31b7f',
        '24f83786c10ccd03:218eceafb586224a',
        '28c25827fd271460:4843a60809db2b55',
        '45e672281e358649:99ea678c17b8d826',
        'eb997c3af9a947e6:ea6c470448b9f32d',
        '34118b95c2cbb615:a6ef1306c836d4d1',
        'c04d5d9d963c6750:bc5f72360a47981d',
        '65dfd3011e9c691e:cf15cfca98f33549',
        '09340f5fe1fd3ede:b5d48e601d2d5c56',
        '55167cbf26811555:af696310759ab0f9',
        'daa9329d38205913:3fbdcc58d1a79a44',
        'd44237ea99b3abeb:428fbaf2d7bea320',
        'f54cb5a88d28680e:3ad2e90af0879fcb',
        'df8a7c644f68613c:a6a2a02b7000a0e2',
    ),
    'town/rivals': (
        '4422427766337c91:766c1bcbc71be748',
        '919333e873690ed0:670474f6a4e68ec7',
        'df862dccb194be53:bd1e030ed32dcc22',
        '40122a65e5a01eac:ddaee58d832e8ed4',
        '3db87b8e5fc70f16:e91f1bb84564f8d4',
        '01da6e71e1478c3e:f7869488b4c9af32',
        'e5caf27793847377:2b06209ba595bae2',
        '2a80da6b8078f75d:824efffafc3fca08',
        '3e1b11d342c70ea3:3db917f9b0a95304',
        '0b738cb46fe0f6bb:c47113669eea9ed4',
        'a4c6e565ba4586d5:4ffcd00a285b82d2',
        'b8a64c9f35697edc:746a173ec32aa643',
        'f5c7062efbf0412c:f05606716ed2d7d2',
        'c01e9ac520590f30:0d5245212dd69179',
        '06e716875c3bc0fb:059f75577f2151c4',
        'd2d8d5dd4cbedfec:6834b7e773865845',
        '7e3e35c9c7557577:d6d35eb0df8312af',
        '670ff5f8cb13543f:3fa3b60a8bcfb6ca',
        'e943d78f6f89bd2b:ee61d5003a0464ef',
        '667b01b14e4f81c8:1156f4d8a53c6ef1',
    ),
    'town/sharpshooters': (
        'b0a9d8344a2a0bd9:084c0942e1b50585',
        '60a46c769dc42337:7e4cfad35d4e79a5',
        'b33d0ce962bf5230:4ee97ca745882107',
        'ac0544db2844ae3b:aa0c3cd5625b21b3',
        'df7d3abd81acba73:29826f8beb474f20',
        'f8768d4c3eab6f4d:2d3eab5ab9da33e0',
        'bfc19be20f949b4f:9b845c2d1859b651',
        '72086c009cd4b88d:a7cd753dd989313b',
        'da89b4523ab1e8c3:20e8e50cc11a19cf',
        '3546706fca261e70:3a8644ace8681a31',
        'c5d2fb738be32f55:3191672c8849aa42',
        'cc7d47717fc13423:95e4604d2203cae9',
        'b008a43d3beeea72:548dadc363d035be',
        'd1359cddf783c6a6:8002841a8595cc80',
        '1ba6ec8305dbcabf:e58f9ce606d0cd76',
        '17d255dac7549c05:b2b3bc813e5eb179',
        'd5af056908fdf7d7:b1b23135582c3f26',
        'de4a914f05ebc477:951c74567e26664a',
        '42ce0351810b740b:59e69429b0988d9a',
        '60eea9ebc364546a:22959bca184460ad',
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
