"""The wire between a host and its clients: one JSON object per websocket text message, validated
by pydantic. Each direction is one union tagged by ``type`` (``ClientMessage``, ``HostMessage``).

The host is the only authority: clients send what a player wants (a command, an undo, a chat line)
and the host answers with what that seat may see (``update``: its ``player_view`` and its share of
the events). Nothing here imports pygame; docs/network.md describes every message.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

PROTOCOL_VERSION = 4  # 2: the phone page (Hello.phone, Welcome.phone_code); content asked for (ContentRequest)
# 3: a refusal carries the engine's words as a template and fields (Refused.said)
# 4: a command carries its sender's number for it (Command.ask), which its update or refusal names (``ask``,
#    and the update its seat, ``by``): an answer is matched to its command, never to another seat's update
MAX_MESSAGE_BYTES = 64 * 1024  # a client's message; larger ones are refused with a reason
MAX_HOST_MESSAGE_BYTES = 16 * 1024 * 1024  # a host's message (a whole view) as clients accept it
NAME_CHARS = 40
CODE_CHARS = 16
CHAT_CHARS = 300
TOKEN_CHARS = 64
SEAT_CHARS = 100
MAX_CONTENT_FILES = 2_000
CONTENT_CHUNK_FILES = 400  # digests per ContentDigests message: well under MAX_MESSAGE_BYTES


class ProtocolError(ValueError):
    """A message that is not one of ours; ``reason`` is written for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


Seat = Annotated[str, Field(max_length=SEAT_CHARS)]


# --- client → host -----------------------------------------------------------------------------------


class Hello(_Message):
    """The first message of every connection: who joins, for which seat (None: a spectator)."""

    type: Literal["hello"] = "hello"
    name: str = Field(min_length=1, max_length=NAME_CHARS)
    code: str = Field(max_length=CODE_CHARS)
    seat: Seat | None = None
    content_hash: str = Field(max_length=64)  # ``content.local_content`` digest
    content_files: dict[str, str] = Field(default_factory=dict, max_length=MAX_CONTENT_FILES)
    token: str | None = Field(default=None, max_length=TOKEN_CHARS)  # from an earlier welcome: back to that seat
    protocol: int
    phone: str = Field(default="", max_length=CODE_CHARS)  # a seat's phone code: this is that seat's phone page


class ContentDigests(_Message):
    """The answer to a ``content_request``: this copy's digest of each file asked for, in chunks of at
    most ``CONTENT_CHUNK_FILES``; ``more`` while chunks follow."""

    type: Literal["content_digests"] = "content_digests"
    files: dict[str, str] = Field(default_factory=dict, max_length=CONTENT_CHUNK_FILES)
    more: bool = False


class Ready(_Message):
    type: Literal["ready"] = "ready"
    ready: bool = True


class Command(_Message):
    """A command of the game, as ``ruleset.command_to_json`` writes it, for the sender's seat."""

    type: Literal["command"] = "command"
    command: str = Field(max_length=MAX_MESSAGE_BYTES)
    seen: int = Field(ge=0)  # the last update number the client had: a command on a stale view is refused
    ask: int = Field(default=0, ge=0)  # the sender's own count of its commands: its answer names it


class Undo(_Message):
    type: Literal["undo"] = "undo"


class Redo(_Message):
    type: Literal["redo"] = "redo"


class UndoVote(_Message):
    type: Literal["undo_vote"] = "undo_vote"
    yes: bool


class Chat(_Message):
    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1, max_length=CHAT_CHARS)


class Ping(_Message):
    """Light a zone (its board id) or a point of the board in cm (board coordinates, not pixels)."""

    type: Literal["ping"] = "ping"
    zone: str | None = Field(default=None, max_length=SEAT_CHARS)
    x_cm: float | None = Field(default=None, ge=-100_000, le=100_000)
    y_cm: float | None = Field(default=None, ge=-100_000, le=100_000)


class TakeSeat(_Message):
    """Take a seat nobody holds (its player left, or a bot plays it); a spectator becomes a player."""

    type: Literal["take_seat"] = "take_seat"
    seat: Seat


class Bye(_Message):
    type: Literal["bye"] = "bye"


ClientMessage = Annotated[Hello | ContentDigests | Ready | Command | Undo | Redo | UndoVote | Chat | Ping | TakeSeat | Bye,
                          Field(discriminator="type")]


# --- host → client -----------------------------------------------------------------------------------


class SeatInfo(_Message):
    seat: Seat
    label: str = Field(max_length=200)
    holder: str | None = None  # the player's name, None while free
    ready: bool = False
    connected: bool = False
    bot: str | None = None  # the bot playing it, if any


class Welcome(_Message):
    """Accepted: ``seat`` None is a spectator. Keep ``token`` to come back to the seat after a drop."""

    type: Literal["welcome"] = "welcome"
    seat: Seat | None
    token: str
    game: str
    box: str
    board: str  # the mission or map, relative to the repository, or ``elsewhere:NAME`` (outside it)
    board_digest: str = ""  # the board file's digest: an ``elsewhere:`` board is found by name and digest
    setup: str  # ``ruleset.setup_to_json`` of the game: public
    seats: list[Seat]
    protocol: int = PROTOCOL_VERSION
    phone_code: str = ""  # for the seat's holder only: what their phone page asks (docs/network.md)


class Lobby(_Message):
    type: Literal["lobby"] = "lobby"
    seats: list[SeatInfo]
    spectators: list[str] = Field(default_factory=list)
    started: bool = False


class Update(_Message):
    """The game as the receiving seat may see it after update ``number``."""

    type: Literal["update"] = "update"
    number: int
    cause: Literal["join", "command", "undo", "redo", "seat"] = "command"  # undo/redo/join: redraw, no animation
    view: dict[str, Any]  # ``views.encode_view``: the seat's ``player_view``
    events: list[dict[str, Any]]  # ``views.encode_events``: its share of the events since the last update
    legal: list[Any]  # ``views.encode_legal``: the seat's ``legal_commands`` (commands or the game's templates)
    turn: list[Seat]  # the seats that may act now
    outcome: Any = None  # ``views.to_wire`` of the game's ``outcome`` (None while it goes on): ``from_wire`` reads it
    can_undo: bool = False
    can_redo: bool = False
    by: Seat | None = None  # cause "command": the seat whose command it was
    ask: int = 0  # cause "command": that command's ``Command.ask`` (0: a bot's, or the sender gave none)


SAID_CHARS = 600  # a template or a name in a refusal's words
SAID_FIELDS = 12


class SaidName(_Message):
    """A field that is content: its name in each language (``name_es`` empty: the English name)."""

    name: str = Field(max_length=SAID_CHARS)
    name_es: str = Field(default="", max_length=SAID_CHARS)


class SaidTag(_Message):
    """A field the window names itself: a board zone's id, or a label kept in map data."""

    tag: Literal["zone", "label"]
    text: str = Field(max_length=SAID_CHARS)


class SaidWords(_Message):
    """What an engine said (``game.rules.core.reasons.Said``): an English template, its plural for words
    that count, and its fields, each plain text, a number, content, a tag or words of its own."""

    template: str = Field(max_length=SAID_CHARS)
    plural: str = Field(default="", max_length=SAID_CHARS)
    fields: dict[str, SaidField] = Field(default_factory=dict, max_length=SAID_FIELDS)


SaidField = Annotated[StrictInt | StrictFloat | StrictStr | SaidName | SaidTag | SaidWords, Field(union_mode="left_to_right")]
SaidWords.model_rebuild()


class Refused(_Message):
    """A message the host did not act on, with the reason for the player; nothing changed."""

    type: Literal["refused"] = "refused"
    reason: str  # in English, filled
    template: str = ""  # the English template: show ``game.i18n.phrase(template, **fields)``
    fields: dict[str, str] = Field(default_factory=dict)
    said: SaidWords | None = None  # an engine's refusal, whole: the window says it in its player's language
    refused: str = ""  # the refused message's type ("" when it could not be read)
    command: str | None = None  # the refused command's JSON
    ask: int = 0  # the refused command's ``Command.ask``


class ChatLine(_Message):
    type: Literal["chat_line"] = "chat_line"
    name: str
    seat: Seat | None
    text: str


class PingShown(_Message):
    type: Literal["ping_shown"] = "ping_shown"
    name: str
    seat: Seat | None
    zone: str | None = None
    x_cm: float | None = None
    y_cm: float | None = None


class UndoAsked(_Message):
    """A seat asks to undo (or redo) the last command; ``waiting`` are the seats still to answer.
    ``decided`` is set once the vote is over ("done" or "refused")."""

    type: Literal["undo_asked"] = "undo_asked"
    by: Seat
    name: str
    action: Literal["undo", "redo"]
    waiting: list[Seat]
    decided: Literal["done", "refused"] | None = None


class ContentRequest(_Message):
    """The hello's digest of all content differs from the host's: the digests of these files, please
    (the host's game's files; the answer names which of them differ)."""

    type: Literal["content_request"] = "content_request"
    paths: list[str]
    elsewhere: dict[str, str] = Field(default_factory=dict)  # an ``elsewhere:NAME`` file's digest: find it by name


class ContentMismatch(_Message):
    type: Literal["content_mismatch"] = "content_mismatch"
    files: list[str]  # each with what differs: "maps/x.tmx (changed)"


class HostClosing(_Message):
    type: Literal["host_closing"] = "host_closing"
    reason: str = ""


HostMessage = Annotated[Welcome | Lobby | Update | Refused | ChatLine | PingShown | UndoAsked | ContentMismatch
                        | ContentRequest
                        | HostClosing, Field(discriminator="type")]

CLIENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)
HOST_ADAPTER: TypeAdapter[Any] = TypeAdapter(HostMessage)


# --- reading and writing ------------------------------------------------------------------------------


def encode(message: BaseModel) -> str:
    return message.model_dump_json()


def parse(data: str | bytes, adapter: TypeAdapter[Any] = CLIENT_ADAPTER, limit: int = MAX_MESSAGE_BYTES) -> Any:
    """The message in ``data`` (a client's by default; ``HOST_ADAPTER`` and ``MAX_HOST_MESSAGE_BYTES``
    for a host's), or ProtocolError with the reason."""
    size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
    if size > limit:
        raise ProtocolError(f"the message is too long ({size:,} bytes; at most {limit:,})")
    try:
        raw = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError(f"the message is not JSON ({error})") from None
    except RecursionError:
        raise ProtocolError("the message is nested too deeply") from None
    if not isinstance(raw, dict):
        raise ProtocolError("the message is not a JSON object")
    kind = raw.get("type")
    try:
        return adapter.validate_python(raw)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] in ("union_tag_invalid", "union_tag_not_found"):
            raise ProtocolError(f"unknown message type {str(kind)[:40]!r}") from None
        where = ".".join(str(part) for part in first["loc"][1:]) or "the message"
        raise ProtocolError(f"{str(kind)[:40]}: {where}: {first['msg']}") from None


def parse_host(data: str | bytes) -> Any:
    """A host's message (what a client reads)."""
    return parse(data, HOST_ADAPTER, MAX_HOST_MESSAGE_BYTES)
