"""Who holds each seat of a hosted game, the spectators, the undo vote, and the words a host accepts
from people (names and chat lines cleaned of control characters)."""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from game.net.protocol import CHAT_CHARS, NAME_CHARS, SeatInfo

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed from a phone
CODE_LENGTH = 6
FLOOD_RATE_PER_S = 50.0  # messages a client may send per second, on average (a fast bot client stays under)
FLOOD_BURST = 100  # and at once
FLOOD_CLOSE_AFTER = 200  # refusals for flooding before the host hangs up


def join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def clean_text(text: str, limit: int) -> str:
    """``text`` without control or format characters (no terminal escapes, no bidi tricks), its
    runs of white space made one space, at most ``limit`` characters."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace():
            kept.append(" ")
        elif category[0] != "C":
            kept.append(char)
    return " ".join("".join(kept).split())[:limit]


def clean_name(name: str) -> str:
    return clean_text(name, NAME_CHARS)


def clean_chat(text: str) -> str:
    return clean_text(text, CHAT_CHARS)


@dataclass
class SeatHold:
    """One seat of the game: its holder (a person's name), the token that brings them back after a
    drop, whether they are ready and connected, or the bot that plays it."""

    seat: str
    label: str
    holder: str | None = None
    token: str | None = None
    ready: bool = False
    connection: Any = None  # the holder's live connection, None while dropped
    phone_code: str = field(default_factory=join_code)  # the holder's phone page shows this seat with it
    left: bool = False  # the holder said bye: the seat may be taken by anyone
    bot: str | None = None
    legal_changed: int = 0  # the update number at which this seat's legal commands last changed
    legal: list[Any] = field(default_factory=list)  # ``views.encode_legal`` of its legal commands

    @property
    def connected(self) -> bool:
        return self.connection is not None

    @property
    def gone(self) -> bool:
        """Free to take: nobody holds it, its holder left or dropped, or a bot plays it."""
        return self.holder is None or self.left or self.connection is None or self.bot is not None

    def info(self) -> SeatInfo:
        return SeatInfo(seat=self.seat, label=self.label, holder=self.holder, ready=self.ready,
                        connected=self.connected, bot=self.bot)

    def saved(self) -> dict[str, Any]:
        return {"holder": self.holder, "token": self.token, "bot": self.bot}


@dataclass
class UndoVote:
    """An undo (or redo) asked by ``by``; it happens when every seat in ``waiting`` said yes."""

    by: str
    name: str
    action: str
    waiting: set[str]


@dataclass
class Flood:
    """A token bucket: a client sends at most ``FLOOD_BURST`` messages at once and
    ``FLOOD_RATE_PER_S`` a second over time."""

    tokens: float = FLOOD_BURST
    stamp: float = field(default_factory=time.monotonic)
    refused: int = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(FLOOD_BURST, self.tokens + (now - self.stamp) * FLOOD_RATE_PER_S)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
