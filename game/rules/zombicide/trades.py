"""The trades a survivor may make with the others in its zone, listed as single-card swaps (give a
card to a free slot, take one, swap hand cards), under the core's slots (every card fits every slot)
or a box's slot rules (``InventoryRules``): listed whole, counted without listing them, or built one
at a time (``TradeRun``: a random play-out reads one trade of the dozens). And what a game's listings
remember (``GameMemo``): trades, inventories and the profiles the counts are made from."""

from collections.abc import Iterator
from typing import Any

from game.rules.zombicide.boxes import InventoryRules
from game.rules.zombicide.commands import Trade
from game.rules.zombicide.listed import Run
from game.rules.zombicide.state import EMPTY, Survivor, ZombicideState
from game.rules.zombicide.tables import Tables


class GameMemo:
    """What ``legal_commands`` remembers for one game (its cards and tables): inventories change
    seldom, so most states list the same trades, rearrangements and combinations as the state before."""

    def __init__(self, tables: Tables):
        self.tables = tables
        # (survivor, slots, other survivor, other slots) → the single-card trades between them
        self.trades: dict[tuple[str, tuple[int, ...], str, tuple[int, ...]], tuple[Trade, ...]] = {}
        # slots → ``_hand_profile``: what the core's trades (every card fits every slot) are counted from
        self.hand_profiles: dict[tuple[int, ...], HandProfile] = {}
        # (survivor, slots, skills) → what ``_inventory`` works out
        self.inventories: dict[tuple[str, tuple[int, ...], tuple[str, ...]], tuple] = {}
        # slots → ``_slot_profile``: what trades under a box's slot rules are counted from
        self.slot_profiles: dict[tuple[int, ...], SlotProfile] = {}
        # ``_fit_rows_for`` of the last state listed and the slot rules it was asked for: found by identity
        self.fit_rows: tuple[object, _FitRows | None] = (None, None)


_MEMOS: dict[tuple[str, ...], GameMemo] = {}  # by card_kinds
# (card kinds, memo) of the last game asked: ``survivor_commands`` reads it in place before asking ``memo_for``
LAST_MEMO: tuple[tuple[str, ...], GameMemo] = ((), GameMemo(None))  # type: ignore[arg-type]
_MEMO_GAMES = 8
MEMO_ENTRIES = 4096
# a game's trades and inventories: the first rounds of games of one mission list the same ones
_GAME_MEMO_ENTRIES = 16384


def memo_for(state: ZombicideState) -> GameMemo:
    global LAST_MEMO
    last = LAST_MEMO  # the same game asks again and again: no need to hash its card list
    if last[0] is state.card_kinds and last[1].tables is state.tables:  # each table bounded as it grows
        return last[1]
    memo = _MEMOS.get(state.card_kinds)
    if memo is None or memo.tables is not state.tables:
        if len(_MEMOS) >= _MEMO_GAMES or sum(_size(m) for m in _MEMOS.values()) > (
                2 * _GAME_MEMO_ENTRIES):  # the memos of all games together stay within a few megabytes
            _MEMOS.clear()
        memo = _MEMOS[state.card_kinds] = GameMemo(state.tables)
    LAST_MEMO = (state.card_kinds, memo)
    return memo


def _size(memo: GameMemo) -> int:
    return len(memo.trades) + len(memo.inventories) + len(memo.hand_profiles) + len(memo.slot_profiles)


def bounded(table: dict[Any, Any]) -> dict[Any, Any]:
    """``table`` of a game's memo, emptied first when it holds its share of ``_GAME_MEMO_ENTRIES``
    (asked before each entry is added: the look-ups themselves ask nothing)."""
    if len(table) >= _GAME_MEMO_ENTRIES // 4:
        table.clear()
    return table


def list_trades(state: ZombicideState, i: int, s: Survivor, memo: GameMemo, commands: list[Any],
                runs: list[tuple[int, Run]] | None) -> None:
    """Survivor ``i``'s trades with every other survivor in its zone, in turn (``survivor_commands``
    lists them after the rearrangements): into ``commands``, or, given ``runs``, as one ``TradeRun``
    standing before the next command (where the box filters no trade out of the list)."""
    sid, zone, my_slots = s.id, s.zone, s.slots
    counted: bool | None = None  # None until another survivor stands here: most listings find none
    box: Any = None
    trades: Any = None
    isolated: Any = None
    apart: bool | None = None
    fit_rows = None  # the box's slot rules' answers (None: the core's)
    mine: HandProfile | None = None  # ``_hand_profile`` of my slots, looked up once
    mine_here: SlotProfile | None = None  # ``_slot_profile`` of my slots, looked up once
    partners: list[tuple[str, tuple[int, ...], int]] | None = None  # (other, their slots, trades) counted
    total = 0
    for other in state.survivors:  # ``s`` is survivor ``i``: itself left out by identity
        if other.zone != zone or other is s or not other.alive or other.escaped:  # ``in_play`` inlined
            continue
        if counted is None:  # the first one here: what the trades are listed with, read once
            box = state.box
            # trading, listed as single moves: give a card to a free slot, take one, or swap hands
            trades, profiles, slot_profiles = memo.trades, memo.hand_profiles, memo.slot_profiles
            isolated = box.isolated  # those a box isolates trade only among themselves (``can_trade``)
            # runs only where the box filters no trade out of the list
            counted = runs is not None and not (
                box.refuses_listed and box.refuses is not None
                and (box.refuses_trades is None or box.refuses_trades(state, i)))
            if counted:
                kept = memo.fit_rows
                if kept[0] is box.inventory:
                    fit_rows = kept[1]
                else:
                    fit_rows = _fit_rows_for(state)
                    memo.fit_rows = (box.inventory, fit_rows)
        if isolated is not None:
            if apart is None:
                isolating = box.isolating
                if isolating is not None and not isolating(state):
                    isolated = None  # nobody is, now
                else:
                    apart = bool(isolated(state, s))
            if isolated is not None and isolated(state, other) != apart:
                continue
        their_slots = other.slots
        if counted:
            if fit_rows is None:  # every card fits every slot: counted from what each side holds (``_hand_profile``)
                if mine is None:
                    mine = profiles.get(my_slots) or _hand_profile(memo, state.card_kinds, my_slots)
                theirs = profiles.get(their_slots) or _hand_profile(memo, state.card_kinds, their_slots)
                count = mine.counts.get(theirs)
                if count is None:
                    count = _anywhere_count(mine, theirs)
            else:  # the box's slot rules: counted from where each side's kinds may go (``_slot_profile``)
                if mine_here is None:
                    mine_here = slot_profiles.get(my_slots) or _slot_profile(memo, state.card_kinds, my_slots)
                theirs_here = slot_profiles.get(their_slots) or _slot_profile(
                    memo, state.card_kinds, their_slots)
                count = fit_rows.counts.get((sid, mine_here, other.id, theirs_here))
                if count is None:
                    count = _profile_count(fit_rows, sid, mine_here, other.id, theirs_here)
            if count:
                if partners is None:
                    partners = []
                partners.append((other.id, their_slots, count))
                total += count
            continue
        key = (sid, my_slots, other.id, their_slots)
        listed = trades.get(key)
        if listed is None:
            listed = bounded(trades)[key] = _trades(state, *key)
        commands.extend(listed)
    if partners:  # every trade with the others here, one run (made when read)
        runs.append((len(commands), TradeRun(state, sid, my_slots, partners, total, fit_rows)))  # type: ignore[union-attr]


def _trades(
    state: ZombicideState, sid: str, my_slots: tuple[int, ...], other_id: str, their_slots: tuple[int, ...]
) -> tuple[Trade, ...]:
    """Give a card to a free slot, take one into a free slot, or swap hand cards; swapping two
    cards of the same kind changes nothing and is left out. Cards go only where they fit."""
    card_kinds = state.card_kinds
    rows = _fit_rows_for(state)
    if rows is None:
        return _trades_anywhere(card_kinds, sid, my_slots, other_id, their_slots)
    return tuple(_swapped(sid, my_slots, other_id, their_slots, a, b)
                 for a, b in _trade_pairs(card_kinds, rows, sid, my_slots, other_id, their_slots))


def _swapped(sid: str, my_slots: tuple[int, ...], other_id: str, their_slots: tuple[int, ...], a: int,
             b: int) -> Trade:
    """The trade that swaps my slot ``a`` with their slot ``b``."""
    mine_after, theirs_after = list(my_slots), list(their_slots)
    mine_after[a], theirs_after[b] = their_slots[b], my_slots[a]
    return Trade(sid, other_id, tuple(mine_after), tuple(theirs_after))


def _trade_pairs(card_kinds: tuple[str, ...], rows: "_FitRows", sid: str, my_slots: tuple[int, ...],
                 other_id: str, their_slots: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(my slot, their slot) swapped by each trade under the box's slot rules (``rows``): what I give,
    what I take, then hand cards swapped. They depend on the two survivors and the kinds in their
    slots alone (not on which cards): worked out once per such pattern (``rows.pairs``)."""
    key = (sid, other_id, tuple([card_kinds[c] if c >= 0 else c for c in my_slots]),
           tuple([card_kinds[c] if c >= 0 else c for c in their_slots]))
    found = rows.pairs.get(key)
    if found is not None:
        return found
    pairs = _gifts(card_kinds, rows, my_slots, other_id, their_slots)
    pairs.extend((mine, theirs) for theirs, mine in _gifts(card_kinds, rows, their_slots, sid, my_slots))
    for a in (0, 1):  # swap hand cards of different kinds
        mine = my_slots[a]
        if mine >= 0:
            for b in (0, 1):
                theirs = their_slots[b]
                if theirs >= 0 and card_kinds[mine] != card_kinds[theirs] and rows[sid, _SLOT[a]][
                        card_kinds[theirs]] >= 0 and rows[other_id, _SLOT[b]][card_kinds[mine]] >= 0:
                    pairs.append((a, b))
    if len(rows.pairs) > MEMO_ENTRIES * 4:
        rows.pairs.clear()
    found = rows.pairs[key] = tuple(pairs)
    return found


def _trades_anywhere(card_kinds: tuple[str, ...], sid: str, my_slots: tuple[int, ...], other_id: str,
                     their_slots: tuple[int, ...]) -> tuple[Trade, ...]:
    """``_trades`` where every card fits every slot (the core's inventory): same trades in the same
    order, without asking where each card fits."""
    return tuple(_swapped(sid, my_slots, other_id, their_slots, a, b)
                 for a, b in _anywhere_pairs(card_kinds, my_slots, their_slots))


def _anywhere_pairs(card_kinds: tuple[str, ...], my_slots: tuple[int, ...],
                    their_slots: tuple[int, ...]) -> Iterator[tuple[int, int]]:
    """(my slot, their slot) swapped by each trade where every card fits every slot: a card I give
    goes to their first free slot, one I take to mine, then any two hand cards of different kinds."""
    if EMPTY in their_slots:  # what I give
        into = their_slots.index(EMPTY)
        for a, card in enumerate(my_slots):
            if card >= 0:
                yield a, into
    if EMPTY in my_slots:  # what I take
        into = my_slots.index(EMPTY)
        for b, card in enumerate(their_slots):
            if card >= 0:
                yield into, b
    for a in (0, 1):  # hand cards of different kinds swapped
        mine = my_slots[a]
        if mine >= 0:
            for b in (0, 1):
                theirs = their_slots[b]
                if theirs >= 0 and card_kinds[mine] != card_kinds[theirs]:
                    yield a, b


def _anywhere_count(mine: "HandProfile", theirs: "HandProfile") -> int:
    """How many trades ``_trades_anywhere`` lists between two sides, from their ``_hand_profile``s:
    each card given to a free slot, each taken into one, every two hand cards of different kinds
    swapped; remembered on ``mine`` per other profile (they hold kinds, not cards: shared by all games)."""
    count = (theirs.free and mine.cards) + (mine.free and theirs.cards)
    for kind in mine.hand_kinds:
        for their_kind in theirs.hand_kinds:
            count += kind != their_kind
    counts = mine.counts
    if len(counts) > _COUNTS_PER_PROFILE:
        counts.clear()
    counts[theirs] = count
    return count


class HandProfile:
    """What ``_trades_anywhere`` counts of one side (``_hand_profile``): whether a slot is free, how many
    cards it could give, the kinds of its hand cards. One object per distinct profile (``_HAND_PROFILES``),
    hashed by identity: the counts against other sides are kept on it (``counts``), looked up without
    hashing a tuple of tuples."""

    __slots__ = ("free", "cards", "hand_kinds", "counts")

    def __init__(self, free: bool, cards: int, hand_kinds: tuple[str, ...]):
        self.free, self.cards, self.hand_kinds = free, cards, hand_kinds
        self.counts: dict[HandProfile, int] = {}  # other side → ``_anywhere_count``


_HAND_PROFILES: dict[tuple[bool, int, tuple[str, ...]], HandProfile] = {}  # one object per profile
_COUNTS_PER_PROFILE = 512


def _hand_profile(memo: GameMemo, card_kinds: tuple[str, ...], slots: tuple[int, ...]) -> HandProfile:
    """What ``_trades_anywhere`` counts of one side, remembered per slots. Between two sides: the
    other's cards if one has a free slot (each way), and every two hand cards of different kinds."""
    key = (EMPTY in slots, sum(1 for card in slots if card >= 0),
           tuple([card_kinds[card] for card in slots[:2] if card >= 0]))
    profile = _HAND_PROFILES.get(key)
    if profile is None:
        if len(_HAND_PROFILES) > MEMO_ENTRIES:
            _HAND_PROFILES.clear()
        profile = _HAND_PROFILES[key] = HandProfile(*key)
    bounded(memo.hand_profiles)[slots] = profile
    return profile


class TradeRun:
    """The trades of one survivor with each other survivor in its zone, in turn, as
    ``survivor_commands`` lists them: each partner's made when first read."""

    __slots__ = ("state", "sid", "my_slots", "partners", "count", "rows")

    def __init__(self, state: ZombicideState, sid: str, my_slots: tuple[int, ...],
                 partners: list[tuple[str, tuple[int, ...], int]], count: int, rows: "_FitRows | None"):
        self.state = state
        self.sid = sid
        self.my_slots = my_slots
        self.partners = partners  # (other survivor, their slots, how many trades between them)
        self.count = count
        self.rows = rows  # ``_fit_rows_for(state)``, as the listing found it

    def commands(self) -> tuple[Trade, ...]:
        trades = memo_for(self.state).trades
        made: list[Trade] = []
        for other_id, their_slots, _count in self.partners:
            key = (self.sid, self.my_slots, other_id, their_slots)
            listed = trades.get(key)
            if listed is None:
                listed = bounded(trades)[key] = _trades(self.state, *key)
            made.extend(listed)
        return tuple(made)

    def command(self, index: int) -> Trade:
        """``commands()[index]``, made alone unless that partner's trades were built before (a random
        play-out reads one trade of the dozens)."""
        if index < 0:
            raise IndexError("trade index out of range")
        for partner in self.partners:
            if index < partner[2]:
                break
            index -= partner[2]
        else:
            raise IndexError("trade index out of range")
        other_id, their_slots = partner[0], partner[1]
        rows = self.rows  # (a run's trades seldom come again: none is remembered)
        if rows is None:
            a, b = _anywhere_pair_at(self.state.card_kinds, self.my_slots, their_slots, index)
        else:
            a, b = _pair_at(self.state.card_kinds, rows, self.sid, self.my_slots, other_id, their_slots, index)
        return _swapped(self.sid, self.my_slots, other_id, their_slots, a, b)


def _trade_anywhere_at(card_kinds: tuple[str, ...], sid: str, my_slots: tuple[int, ...], other_id: str,
                       their_slots: tuple[int, ...], index: int) -> Trade:
    """``_trades_anywhere(...)[index]`` without making the others."""
    a, b = _anywhere_pair_at(card_kinds, my_slots, their_slots, index)
    return _swapped(sid, my_slots, other_id, their_slots, a, b)


def _anywhere_pair_at(card_kinds: tuple[str, ...], my_slots: tuple[int, ...], their_slots: tuple[int, ...],
                      index: int) -> tuple[int, int]:
    """``tuple(_anywhere_pairs(...))[index]``, walked to without a generator."""
    if index >= 0:
        if EMPTY in their_slots:  # what I give
            for a, card in enumerate(my_slots):
                if card >= 0:
                    if not index:
                        return a, their_slots.index(EMPTY)
                    index -= 1
        if EMPTY in my_slots:  # what I take
            for b, card in enumerate(their_slots):
                if card >= 0:
                    if not index:
                        return my_slots.index(EMPTY), b
                    index -= 1
        for a in (0, 1):  # hand cards of different kinds swapped
            mine = my_slots[a]
            if mine >= 0:
                for b in (0, 1):
                    theirs = their_slots[b]
                    if theirs >= 0 and card_kinds[mine] != card_kinds[theirs]:
                        if not index:
                            return a, b
                        index -= 1
    raise IndexError("trade index out of range")


def _pair_at(card_kinds: tuple[str, ...], rows: "_FitRows", sid: str, my_slots: tuple[int, ...], other_id: str,
             their_slots: tuple[int, ...], index: int) -> tuple[int, int]:
    """``_trade_pairs(...)[index]``, walked to without listing the others (what I give, what I take,
    hand cards swapped, as ``_gifts`` and ``_trade_pairs`` find them)."""
    if index >= 0:
        if EMPTY in their_slots:  # what I give, into their first free slot it fits
            a, into, index = _gift_at(card_kinds, rows, my_slots, other_id, their_slots, index)
            if a >= 0:
                return a, into
        if EMPTY in my_slots:  # what I take, into my first free slot it fits
            b, into, index = _gift_at(card_kinds, rows, their_slots, sid, my_slots, index)
            if b >= 0:
                return into, b
        for a in (0, 1):  # swap hand cards of different kinds, each where it fits
            mine = my_slots[a]
            if mine >= 0:
                for b in (0, 1):
                    theirs = their_slots[b]
                    if theirs >= 0 and card_kinds[mine] != card_kinds[theirs] and rows[sid, _SLOT[a]][
                            card_kinds[theirs]] >= 0 and rows[other_id, _SLOT[b]][card_kinds[mine]] >= 0:
                        if not index:
                            return a, b
                        index -= 1
    raise IndexError("trade index out of range")


def _gift_at(card_kinds: tuple[str, ...], rows: "_FitRows", giver_slots: tuple[int, ...], receiver: str,
             receiver_slots: tuple[int, ...], index: int) -> tuple[int, int, int]:
    """``_gifts(...)[index]`` walked to (the receiver has a free slot): (giver's slot, receiver's slot, 0),
    or (-1, -1, what is left of ``index``) when there are fewer gifts."""
    row = rows[receiver, tuple([b for b, held in enumerate(receiver_slots) if held == EMPTY])]
    for a, card in enumerate(giver_slots):
        if card >= 0:
            into = row[card_kinds[card]]
            if into >= 0:
                if not index:
                    return a, into, 0
                index -= 1
    return -1, -1, index


def _gifts(card_kinds: tuple[str, ...], rows: "_FitRows", giver_slots: tuple[int, ...], receiver: str,
           receiver_slots: tuple[int, ...]) -> list[tuple[int, int]]:
    """(giver's slot, receiver's slot): each card given into the first free slot it fits."""
    if EMPTY not in receiver_slots:
        return []
    free = tuple([b for b, held in enumerate(receiver_slots) if held == EMPTY])
    gifts = []
    for a, card in enumerate(giver_slots):
        if card >= 0:
            into = rows[receiver, free][card_kinds[card]]
            if into >= 0:
                gifts.append((a, into))
    return gifts


_SLOT = ((0,), (1,))  # one hand, as the slots a card may go to


class _FitRow(dict[str, int]):
    """Card kind → the first of some slots of one survivor where a card of that kind may go
    (``InventoryRules.fits``), -1 if none: each kind asked of the box once."""

    __slots__ = ("tables", "rules", "who", "slots")

    def __init__(self, tables: Tables, rules: InventoryRules, who: str, slots: tuple[int, ...]):
        super().__init__()
        self.tables, self.rules, self.who, self.slots = tables, rules, who, slots

    def __missing__(self, kind: str) -> int:
        equipment = self.tables.equipment[kind]
        found = self[kind] = next(
            (slot for slot in self.slots if self.rules.fits(self.tables, self.who, slot, equipment)), -1)
        return found


class _FitRows(dict[tuple[str, tuple[int, ...]], _FitRow]):
    """(survivor, slots) → its ``_FitRow``, made when first asked, for one tables and slot rules."""

    __slots__ = ("tables", "rules", "counts", "pairs")

    def __init__(self, tables: Tables, rules: InventoryRules):
        super().__init__()
        self.tables, self.rules = tables, rules
        # (survivor, its ``_slot_profile``, other survivor, theirs) → how many trades: ``_profile_count``
        self.counts: dict[tuple[str, SlotProfile, str, SlotProfile], int] = {}
        # (survivor, other survivor, the kinds in their slots) → the trades' swapped slots: ``_trade_pairs``;
        # negative cards (a box's own, not equipment) stand for themselves
        self.pairs: dict[tuple[str, str, tuple[Any, ...], tuple[Any, ...]], tuple[tuple[int, int], ...]] = {}

    def __missing__(self, key: tuple[str, tuple[int, ...]]) -> _FitRow:
        if len(self) > MEMO_ENTRIES:
            self.clear()
        row = self[key] = _FitRow(self.tables, self.rules, *key)
        return row


# (tables, inventory rules) → the rows of ``_fit_rows_for`` (the answers depend on those alone:
# ``InventoryRules``); the entry holds both, so their ids stay theirs
_FITS: dict[tuple[int, int], tuple[Tables, object, _FitRows]] = {}
_LAST_FITS: tuple[Tables, object, _FitRows] = (None, None, None)  # type: ignore[assignment]


def _fit_rows_for(state: ZombicideState) -> _FitRows | None:
    """Where each card kind may go in each survivor's slots under the box's slot rules
    (``InventoryRules.fits``); None for the core's, where every card fits every slot."""
    global _LAST_FITS
    tables, rules = state.tables, state.box.inventory
    if type(rules).fits is InventoryRules.fits:  # the core's: every card fits every slot
        return None
    last = _LAST_FITS  # one game asks again and again
    if last[0] is tables and last[1] is rules:
        return last[2]
    entry = _FITS.get((id(tables), id(rules)))
    if entry is None:
        if len(_FITS) >= _MEMO_GAMES:
            _FITS.clear()
        entry = _FITS[id(tables), id(rules)] = (tables, rules, _FitRows(tables, rules))
    _LAST_FITS = entry
    return entry[2]


class SlotProfile(tuple):  # type: ignore[type-arg]
    """``_slot_profile``: (free slots, kinds held, (slot, kind) of each hand card). One object per
    distinct profile (``_SLOT_PROFILES``), hashed and compared by identity: the counts keyed by two
    profiles (``_FitRows.counts``) hash no tuple of tuples."""

    __slots__ = ()
    __hash__ = object.__hash__
    __eq__ = object.__eq__  # type: ignore[assignment]
    __ne__ = object.__ne__  # type: ignore[assignment]


_SLOT_PROFILES: dict[tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[int, str], ...]], SlotProfile] = {}


def _slot_profile(memo: GameMemo, card_kinds: tuple[str, ...], slots: tuple[int, ...]) -> SlotProfile:
    """What trades under a box's slot rules are counted from, remembered per slots: the free slots,
    the kinds of the cards held (a box's own cards, below ``EMPTY``, are never traded), the hand cards'
    slots and kinds."""
    free: list[int] = []
    kinds: list[str] = []
    hand: list[tuple[int, str]] = []
    for n, card in enumerate(slots):  # one walk, not three comprehensions (each a call in 3.11)
        if card >= 0:
            kinds.append(card_kinds[card])
            if n < 2:
                hand.append((n, card_kinds[card]))
        elif card == EMPTY:
            free.append(n)
    key = (tuple(free), tuple(kinds), tuple(hand))
    profile = _SLOT_PROFILES.get(key)
    if profile is None:
        if len(_SLOT_PROFILES) > MEMO_ENTRIES:
            _SLOT_PROFILES.clear()
        profile = _SLOT_PROFILES[key] = SlotProfile(key)
    bounded(memo.slot_profiles)[slots] = profile
    return profile


def _profile_count(rows: _FitRows, sid: str, mine: SlotProfile, other_id: str, theirs: SlotProfile) -> int:
    """``len(_trade_pairs(...))`` from the two sides' ``_slot_profile``s, without listing the trades:
    each card given into a free slot it fits, each taken, each two hand cards of different kinds
    swapped where each fits the other's hand; remembered in ``rows`` (they hold kinds, not cards:
    shared by the games of a box's tables)."""
    count = 0
    if theirs[0]:  # what I give
        row = rows[other_id, theirs[0]]
        for kind in mine[1]:
            if row[kind] >= 0:
                count += 1
    if mine[0]:  # what I take
        row = rows[sid, mine[0]]
        for kind in theirs[1]:
            if row[kind] >= 0:
                count += 1
    for a, mine_kind in mine[2]:  # hand cards of different kinds swapped
        for b, their_kind in theirs[2]:
            if their_kind != mine_kind and rows[sid, _SLOT[a]][their_kind] >= 0 and rows[other_id, _SLOT[b]][
                    mine_kind] >= 0:
                count += 1
    if len(rows.counts) > MEMO_ENTRIES * 4:
        rows.counts.clear()
    counts = rows.counts
    counts[sid, mine, other_id, theirs] = counts[other_id, theirs, sid, mine] = count  # the same trades either way
    return count


def _count_pairs(card_kinds: tuple[str, ...], rows: _FitRows, sid: str, my_slots: tuple[int, ...],
                 other_id: str, their_slots: tuple[int, ...]) -> int:
    """``len(_trade_pairs(...))`` without listing them (``_profile_count`` of the two sides)."""
    memo = GameMemo(rows.tables)
    return _profile_count(rows, sid, _slot_profile(memo, card_kinds, my_slots), other_id,
                          _slot_profile(memo, card_kinds, their_slots))
