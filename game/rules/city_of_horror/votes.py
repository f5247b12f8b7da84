"""Votes (digest §7): who votes and with how many votes, who may be voted for, and the count."""

from __future__ import annotations

from game.rules.city_of_horror.state import State


def attack_targets(state: State, location: str) -> tuple[str, ...]:
    """Players the zombies may take a character from: at least one character there that is not hidden
    (VOTE-4, §16 G14), in seat order."""
    found = {c.owner for c in state.characters if c.location == location and not c.hidden}
    return tuple(seat for seat in state.seats if seat in found)


def distribution_targets(state: State, location: str) -> tuple[str, ...]:
    """Players who may be voted distributor: any character there, hidden ones too (§16 G14)."""
    found = {c.owner for c in state.characters if c.location == location}
    return tuple(seat for seat in state.seats if seat in found)


def targets(state: State, location: str, vote: str) -> tuple[str, ...]:
    return attack_targets(state, location) if vote == "attack" else distribution_targets(state, location)


def voters(state: State, location: str) -> tuple[tuple[str, int], ...]:
    """Every player with at least one vote here, in turn order, with their votes (VOTE-1)."""
    found = []
    for seat in state.active_in_order():
        count = state.votes(seat, location)
        if count > 0:
            found.append((seat, count))
    return tuple(found)


def victims(state: State, location: str, seat: str) -> tuple[str, ...]:
    """The characters of ``seat`` the zombies may take here (not hidden), in content order."""
    return tuple(c.id for c in state.characters if c.location == location and c.owner == seat and not c.hidden)


def count(state: State, location: str, ballots: tuple[tuple[str, str], ...],
          candidates: tuple[str, ...]) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """The tally per candidate (seat order) and the leaders. Every vote of a player goes to its one
    target (VOTE-3). No vote at all: every candidate is tied (VOTE-10)."""
    totals = dict.fromkeys(candidates, 0)
    for seat, target in ballots:
        if target in totals:
            totals[target] += state.votes(seat, location)
    tally = tuple((seat, totals[seat]) for seat in candidates)
    best = max(totals.values(), default=0)
    leaders = tuple(seat for seat, votes in tally if votes == best)
    return tally, leaders
