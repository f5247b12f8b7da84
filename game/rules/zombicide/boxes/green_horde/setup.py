"""A new Green Horde game (digest §3, §15): spawn tokens in clockwise order (one more per two
survivors beyond six, stacked on the first spawn zones), the Vault cards set aside in a random order,
the mission's siege engines and Dragon Bile, and what it puts on the board: zombies, Necromancers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.core.rng import RngState, shuffled
from game.rules.zombicide.boxes.green_horde.spawns import add_token, arrive, necromancer_kind
from game.rules.zombicide.boxes.green_horde.state import GreenHordeState, SpawnToken, board_of
from game.rules.zombicide.catalog import parse_spawn_line

SURVIVORS_PER_BOX = 6


def setup_state(catalog: Any, spec: Any, graph: Any, rng: RngState) -> tuple[GreenHordeState, RngState]:
    board = board_of(graph)
    tokens = [SpawnToken(zone, colour or "red") for zone, colour in board.spawns]
    survivors = sum(len(player.survivors) for player in spec.players)
    extra = -(-max(0, survivors - SURVIVORS_PER_BOX) // int(catalog.setup.extra_survivors_per_spawn_token))
    red = [tok for tok in tokens if tok.kind == "red"] or tokens
    for n in range(extra if red else 0):  # stacked on the first spawn zones, in spawn order
        where = red[n % len(red)]
        tokens.insert(tokens.index(where) + 1, SpawnToken(where.zone, "red"))
    vault, rng = shuffled(rng, _vault_ids(catalog))
    kinds = len(catalog.zombies)
    state = GreenHordeState(
        spawn_tokens=tuple(tokens),
        horde=(0,) * kinds,
        bile=board.bile,
        siege_engines=board.siege_engines,
        vault=tuple(vault),
        killed=(0,) * kinds,
    )
    return state, rng


def _vault_ids(catalog: Any) -> tuple[str, ...]:
    """The Vault cards' ids, a copy each, in the catalogue's order (one pass over the cards per catalogue)."""
    entry = _VAULT_IDS.get(id(catalog))
    if entry is None or entry[0] is not catalog:
        if len(_VAULT_IDS) > 8:
            _VAULT_IDS.clear()
        entry = _VAULT_IDS[id(catalog)] = (catalog, tuple(
            c.id for c in catalog.equipment_cards if getattr(c, "vault", False) for _ in range(c.deck_count)))
    return entry[1]


# id of a catalogue → (the catalogue, its Vault cards' ids): every new game deals them
_VAULT_IDS: dict[int, tuple[Any, tuple[str, ...]]] = {}


def setup_board(state: Any) -> Any:
    """The zombies and Necromancers the mission's [setup] stands on the board at the start."""
    spec = state.setup
    if not spec.zombies_at_start and not spec.necromancers_at_start:
        return state
    from game.rules.zombicide.game import Game

    game = Game(state)
    for zone_id, line in spec.zombies_at_start.items():
        zone = game.zone_by_id(zone_id)
        for group in parse_spawn_line(line):
            game.place(zone, game.tables.zombie_index[group.zombie], group.count, extra_activation=False)
    necro = necromancer_kind(game) if spec.necromancers_at_start else -1
    for zone_id in spec.necromancers_at_start:
        if game.supply[necro] > 0:
            arrive(game, necro, game.zone_by_id(zone_id))
    game.queue = []
    return replace(game.freeze(), queue=())


__all__ = ["add_token", "setup_board", "setup_state"]
