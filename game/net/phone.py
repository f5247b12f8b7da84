"""The phone page: a small web page the host serves on its own port (``http://HOST:PORT/phone``)
where a seated player sees their hand, their secret picks and ballots, and makes them, on their
phone, while the shared table stays on the big screen.

It speaks the same protocol as a window (a websocket to the same port): a ``hello`` with the join
code and the seat's phone code (``Welcome.phone_code``, shown to that seat's holder only), then the
seat's ``update`` messages and its ``command`` messages. Plain HTTP comes through websockets' own
``process_request``: a request that is not a websocket handshake gets the page, or 404.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from importlib import resources
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.i18n import _, language
from game.net.protocol import PROTOCOL_VERSION

PHONE_PATH = "/phone"
PHONE_MESSAGES = frozenset({"command", "chat", "ping"})  # what a phone page may send after its hello


def phone_url(address: str) -> str:
    """The phone page of a host a window reached at ``address`` (``ws://host:port``)."""
    base = address.strip().rstrip("/")
    if base.startswith("ws://"):
        base = "http://" + base[5:]
    elif base.startswith("wss://"):
        base = "https://" + base[6:]
    return base + PHONE_PATH


def page_text() -> str:
    """The page, in the host's language."""
    template = resources.files("game.net").joinpath("phone.html").read_text(encoding="utf-8")
    page_words = {
        "you": _("You are {seat}"), "antidotes": _("Antidotes you hold"), "food": _("Food cards you hold"),
        "your_turn": _("The game waits for you"), "waiting": _("The others are playing"),
        "over": _("The game is over"), "closed": _("The connection to the host is closed"),
        "sealed": _("Your sealed choice: {choice}"),
    }
    fields = {
        "lang": language(), "title": _("Your hand on your phone"), "join_code": _("Join code"),
        "phone_code": _("Phone code (on your screen, in the lobby)"), "open": _("Open my hand"),
        "hand": _("Your cards"), "asked": _("What you can do now"), "more": _("Trades"),
        "words": json.dumps(page_words, ensure_ascii=False), "protocol": str(PROTOCOL_VERSION),
    }
    for key, value in fields.items():
        template = template.replace("{{" + key + "}}", value)
    return template


def phone_page(connection: Any, request: Request) -> Response | None:
    """websockets' ``process_request``: the page for a plain GET of ``/phone``, 404 for any other plain
    request, None (go on with the websocket handshake) for a websocket."""
    if "upgrade" in request.headers.get("Connection", "").lower():
        return None
    path = request.path.split("?", 1)[0].rstrip("/")
    if path != PHONE_PATH:
        return _response(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"Not found")
    return _response(HTTPStatus.OK, "text/html; charset=utf-8", page_text().encode("utf-8"))


def _response(status: HTTPStatus, content_type: str, body: bytes) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-store"), ("Connection", "close")])
    return Response(status.value, status.phrase, headers, body)
