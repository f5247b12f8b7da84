"""Engine-agnostic rules pieces: seeded dice, command/event plumbing, sessions with undo and replay."""

from game.rules.core.base import IllegalCommand, Ruleset, Seat
from game.rules.core.rng import RngState, new_rng, roll_d6, shuffled
from game.rules.core.session import SaveData, Session, state_hash

__all__ = [
    "IllegalCommand",
    "RngState",
    "Ruleset",
    "SaveData",
    "Seat",
    "Session",
    "new_rng",
    "roll_d6",
    "shuffled",
    "state_hash",
]
