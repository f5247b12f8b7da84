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
        '1cdcaf4aed02e561:18794972e7ba5e52',
        '495476948e846b0d:8ec9a10d20290ca1',
        '2ae7847eb3c55bf1:b90ed6a3e5fac84f',
        'd893abbe291ee876:be09188ecb685912',
        '4247f333d290fe6b:ff3d79aad66c8716',
        'f8d40c5675d85f84:0a1cbf308ce6c392',
        'c519a55f5545f496:1438e75fab895099',
        'a23c3fcdb7417c25:eb3c5f67928bf62b',
        '7e64effedabf504b:c7491a9fba4b7eb1',
        '5601c29692283f85:90bb5b5826cd8cd9',
        '3c9297ad148ab9e1:df84995a5f5364b8',
        'e2e5bdf783ab2038:a220b2f19da7a379',
        '3d8ff76710f7dd11:841956f6cbaecdf0',
        'e232328b44d1c88b:053068b1c5ea8d4e',
        'f4c9b0302992a6af:21efd21990d7de61',
    ),
    'camp/classic': (
        '3291a0d6d015c2d3:e528f8dbd700c798',
        '082df3651b5df015:ac9a915e26fdff9b',
        '49d0d5784410186d:3f8c35e420033cfa',
        '4d8d83d8882fdf0b:db6f5d70ddeca796',
        'a780d55f2b106da2:e8e7ee286cc82e21',
        '4d123dd2c81ceb2f:c4bcb63336cc6871',
        'fa06dd251cb72a9a:e31c2c3b5e988c5f',
        'b1a8a2ab03e6f5c8:6be1fedea8b0dd86',
        'd5d2f64c0e3ae94c:8e2536f14296b4c0',
        '18236f222dce01b5:bce0a2f36d245492',
        '5ed5db7088fdc641:08c708b3e0ab7dae',
        'a78ed155d1f1ec54:e1244cfcbeadcbbc',
        '993e18ca75d8b238:c93c6de56e17ad15',
        '544d2b637cecd191:02ae12ac154e9c19',
        '94390737ceb60038:53a1c8beb9f775f0',
        'd67d3d3c4b0d5f7b:aa348d359bc3d6fe',
        '9804ad5d603472aa:e67a030e680d6a8a',
        'f25ddbd48582f91d:3ffc155b704df807',
        '9b7c41b8d5714592:9e095a6a5eee74e6',
        'db8525ede919a52a:9c3c9c62d6778710',
        '15916e74815fc9c8:be87570a4d7e6c21',
        '000bfb30b97d94d7:c5dbeb622216e9f0',
        'b58b89ee2c0334d3:eed8a0a96fd77411',
        '0c7ef48a23eddde3:60832dbefe8ddac4',
        '6c848a9fe23990a7:177006e5149460e7',
    ),
    'camp/pilots': (
        'e3629a1700466f3a:0b03a2246c449fd4',
        '0e147e9e5dba4fe6:50e6a554c2daa2b5',
        '4caca26af8dd08e0:72391d040230110d',
        'eaf6f290d535bf9c:d9a403aff0e38f0a',
        '8030ddb419dd5848:5906f85ad3df504a',
        'dab7257b4a8a6ad7:79046ec9959b199a',
        '816dc89eb6167041:c7dfbacc5e62be91',
        'e4da977f6b200a7b:47e0f2eaab627365',
        'e19f73a7ccac7997:6f7b6b5816b5766d',
        '40fa62f489984178:f98cf5422c300946',
        '5a2b28ad77aca7e0:f1fa7960af653d80',
        '1f6548fff0b13234:eda6b954d9cabd75',
        '05aa804dd14f8edc:4b13cf56e80d3d27',
        'bb7ab92bc08b2d45:8b5c1ebe8685c616',
        'c7251f63ba9bbe37:8ba442e02f9ea833',
        '820cd377731b0dc7:58a7cc4a65f76e16',
        '6b747f1fb2c0ebdd:3f507fdb328f9f6d',
        'bab6a18131a89890:2655a42ab526ac5e',
        '222fe42e464e0947:85d46b15f3046da8',
        '342eabb3435e6931:ae863aa2850a8c26',
    ),
    'camp/rivals': (
        '61eadf2c91c5df96:bbf21033757e3603',
        'f8ffc89c7cb4100d:baffe3e0fa74e7c3',
        'e5f533cffa84c8bd:6034b1b86a1c12de',
        '82628783be49a3ac:b6997e8c809eeac6',
        '38a7c7740ee2603f:104d387397225308',
        'd45bec49543abb74:e6494705453c8b41',
        '120af4cfae988c72:a69660c43d1e4644',
        'f5a402782d164f63:08a59ed15cba61ff',
        'd2370df625bb0030:0d7b62b60f214ac5',
        'fb621c468a089d88:a1c8101e13f6229b',
        '3216af9d6320f6a6:c84eb46a5f155af6',
        '45c5ed4071e83c89:67f2ed3136d5f94c',
        '68b5b5c9f93c74d9:e2226c317184ee9e',
        '81c7eaef82348fd8:98214273e0fb06be',
        '721447b06c33a2ea:ba2e71933602b1ce',
    ),
    'camp/sharpshooters': (
        '5cfb32057bfbf041:5baabafb7d1f2efc',
        'f676e197f022e849:22d1a74d6959605e',
        'a6282596fcb36349:51b26749cd484acd',
        '03542c3c78a3b3c1:2cd35221c26538c8',
        '1a5c35c90a58c505:ab0d503a42e8de1e',
        '4bfb55c89d6283f8:857080c3fbc912f8',
        '1e898ea8c0cc9faf:ae5438916c8a7716',
        'e8e3f998edd08c42:4b9ad37ba2e4ac46',
        'b12ec86071c373ac:0a326e5c8a2591fe',
        '5a0d46cd99e4733c:2d849bee90134017',
        '011c77620b69ac10:0ed623d84fa46d1c',
        'c436efec2c71f5b1:66a87f6daf07e4f1',
        '74b169c5a711a9d3:00062026a2c43668',
        '8284d34e2d35d0a9:7f664102fa323a94',
        '8f14598d27b96ff2:4fce7e25d65fa846',
        'bee2e8c5ea48c921:a2daf729a037feb5',
        '5eb12e007c488e7d:f5431a062b9af3ff',
        '1f3518773a8c9df1:e8fa6ba9225798c9',
        '320185ae493d5e62:823e9388c86096e8',
        'c74c5b3b5453f466:2c9911d38734510f',
    ),
    'town/brawlers': (
        'a7fa1b604be367a3:75f269dcae5d7454',
        '0c01b2c199cd5d51:207b29cc3e28058e',
        '0df2926d28c52507:6aa82773e3a527c0',
        '93dc2c262fbe34df:f50305abac413181',
        '93deba8126ffea83:e5f5396b3450ac28',
        'ed271c1560faba46:bb48e5d79e241765',
        'b1d9e673381ccb4f:a36b76356dfaacc3',
        'c8641c3a6b13b7c3:aa155578e50799fc',
        '8c9619a7f4c6b0d4:2a723f34b6199e7a',
        '3b2df9fa6b13484e:f2b61085717b640f',
        'a3bd3c069afee514:dbc1268b15043cc9',
        'b52f26625e705ff2:5c6e7867e04a6444',
        '46d3f39edcb76d82:67603bd5d7cd6738',
        'e5c76eef4449ae23:ea4a1780baca28e0',
        '70328c967c4faff8:a6a0264045c9493c',
        'b289d3c9ebb09569:d6087258f2fcc265',
        '34a067605176439c:5a7c655bfd85b0ab',
        '5064fba33414f0eb:fafebb1000f2c097',
        '303f75a0c3b57cc9:78664b9840b4b000',
        'd05dc1ed4864d60c:55513547204fbea8',
    ),
    'town/classic': (
        '4b0a8a2080eea98b:d32d38a4fe84682d',
        'f4836e99cceab001:0f8aebb5edc681a9',
        'a9c8340fe4807d76:053cc9695f98c275',
        '8586c1f9a8973c3a:d2861bcf47c1690e',
        '519fadfe36b9f0bb:6f8d059500fbf1de',
        'fe3404ee8887abdc:e265f79c4a457168',
        '305001460e4415fb:dcca4d049f117e9f',
        '0fd9c5865bb28d49:7d2b75154b88436d',
        '186c73e08c0f1a4c:b1e2d28b92f1138e',
        'c3d827e6934b473c:0a1c0c35b2388816',
        '337709e5a6890748:fcc5ebfea184f96a',
        'b2cbbdb6dbd39442:217e4f0c3580178b',
        'bb6c96fdb4da5ef9:425fe3add5735751',
        '0e07558fd7eddd84:0da5e7ea6500235b',
        '8293a26e096fe5ec:d4ac39987cc3996e',
        '1c1cf84e93e179d5:9966f14a31f67d85',
        'e38888f6a3c77c29:d7af1347fb801ac2',
        'd6e176ac9042bccb:a1e24dd35995dc7c',
        '11e69313ce0136e4:5729b45d58d0a3b4',
        'bb51b219b4cbb4aa:5fb7271be66d631a',
        '7d84e57ff3ecd0df:b996ee63b865cd4c',
        'ce40bbd2fe564b7a:2bdea0e4194c4e5a',
        '5a4657636b1f8214:5fc977cf148670ef',
        '54b89d9b8b9fa73f:15c3a91d23abbdff',
        '42e3a7f25dfae0f5:7d5550a1fcfb7656',
    ),
    'town/pilots': (
        '5b87a6fc7c1a9a18:436984bb655cc047',
        '615385904c362f53:193e023d21c09cfc',
        'a42a6bb117a209d6:41f8038c57eb822b',
        '895c563765b0e711:f0e17d2e40c32d1d',
        '786deedfc6df90fb:7ba7f1af4a7db421',
        'afc822faa8d5da37:481901d33a7e41ae',
        '70f693da903df1c5:9e5110b6206c50cb',
        '24f83786c10ccd03:ff88962241f9285a',
        '28c25827fd271460:79c0d46a8b250555',
        '45e672281e358649:5c070339239b91fe',
        'eb997c3af9a947e6:b542eeaf3a838461',
        '34118b95c2cbb615:6073c777c3a2846f',
        'c04d5d9d963c6750:4c5fc6e21b3e1074',
        '65dfd3011e9c691e:b5617b3771443b40',
        '09340f5fe1fd3ede:eb5c8c7434293db3',
        '55167cbf26811555:29774e3f92064d11',
        'daa9329d38205913:1617254bfd458dc2',
        'd44237ea99b3abeb:e76de41baf490f15',
        'f54cb5a88d28680e:fd2751db78558d59',
        'df8a7c644f68613c:1e7b67c3f2814136',
    ),
    'town/rivals': (
        '4422427766337c91:729117a6d68b60ed',
        '919333e873690ed0:7597aa9060d70e10',
        'df862dccb194be53:501de767cdab0482',
        '40122a65e5a01eac:204f7e3f48deb13f',
        '3db87b8e5fc70f16:ac73ab1bb53998a5',
        '01da6e71e1478c3e:66b415122fbfeca5',
        'e5caf27793847377:1f378e22915cc094',
        '2a80da6b8078f75d:f4f0d8f984cc0156',
        '3e1b11d342c70ea3:4e4ff83978aead1a',
        '0b738cb46fe0f6bb:4400db304d8ffef3',
        'a4c6e565ba4586d5:48b1ed69d0a43fe5',
        'b8a64c9f35697edc:81dc7d85ee075ee6',
        'f5c7062efbf0412c:5e60fee8becb73e0',
        'c01e9ac520590f30:97663a21d5b41782',
        '06e716875c3bc0fb:eac9e3b56ea5006e',
        'd2d8d5dd4cbedfec:f8ddd9d5d490bab0',
        '7e3e35c9c7557577:40223fe6f09ba5d0',
        '670ff5f8cb13543f:7fea0b82f2a25943',
        'e943d78f6f89bd2b:ae4846d73dbc1db1',
        '667b01b14e4f81c8:017b5684add3a8bf',
    ),
    'town/sharpshooters': (
        'b0a9d8344a2a0bd9:dde7737c36dc9343',
        '60a46c769dc42337:dea509bc68cdf6b2',
        'b33d0ce962bf5230:d589b330c119c7bc',
        'ac0544db2844ae3b:06806842de9b2ed2',
        'df7d3abd81acba73:61cc3f34c96cfd76',
        'f8768d4c3eab6f4d:8eb39b1e63156a2e',
        'bfc19be20f949b4f:cb495fae90be06e9',
        '72086c009cd4b88d:ea5e37ec8d93140c',
        'da89b4523ab1e8c3:9b9bba8e6a4d1c20',
        '3546706fca261e70:46295df342f707d1',
        'c5d2fb738be32f55:29436ed6491bea9e',
        'cc7d47717fc13423:ed37025a45e589bd',
        'b008a43d3beeea72:50c836fc081dda98',
        '27a413d6d8780111:5c584e04d0a55a72',
        '1ba6ec8305dbcabf:9451213e5216ad6d',
        '17d255dac7549c05:7816eba6bbb1c27e',
        'd5af056908fdf7d7:8772bf64f72706c9',
        'de4a914f05ebc477:d3d8034897669f05',
        '42ce0351810b740b:278f0f160d7097dc',
        '60eea9ebc364546a:59bfe18423873c85',
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
