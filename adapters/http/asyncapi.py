"""The streams' AsyncAPI 3.0 document (``GET /asyncapi.json``): a session's Server-Sent
Events (``GET …/stream``) and its WebSocket (``GET …/ws``), what each sends
(:mod:`adapters.http.streams`, :mod:`adapters.http.live`) — an event's row, the same as
a page's, referencing the events' schemas the catalog serves
(:mod:`adapters.http.event_docs`) — and how the WebSocket refuses and closes."""

from __future__ import annotations

from functools import cache
from typing import Any

from adapters.http import event_docs
from adapters.http.openapi import PROBLEM

SCHEMAS = "#/components/schemas/"
MESSAGES = "#/components/messages/"

CLOSE_CODES = {
    1000: "the session is closed and its closing was sent: nothing follows (reopened, "
    "a stream goes on from its cursor)",
    4400: "refused: a cursor that cannot be read (the problem message says why)",
    4401: "refused: no token, or one forged or revoked",
    4403: "refused: a token of another session",
    4404: "refused: no such session",
    4410: "refused: a cursor of another store, or of a session of the same id opened "
    "elsewhere: start over",
    4429: "refused: too many open streams or failed authentications; or, once open, "
    "cut off (more than 1,024 events behind) or its token revoked: resume from the last "
    "cursor received",
}
"""How the WebSocket closes: 4000 + the status of a refusal (after its problem message)."""

QUERY = {
    "type": "object",
    "properties": {
        "after": {
            "type": "string",
            "description": "a cursor (EPOCH.N) or a position: the events after it, caught "
            "up from the store, then live",
        },
        "access_token": {
            "type": "string",
            "description": "the token (a browser's EventSource and WebSocket send no headers)",
        },
    },
}

TOKENS = [{"$ref": "#/components/securitySchemes/bearer"},
          {"$ref": "#/components/securitySchemes/query"}]  # fmt: skip
"""Either: ``Authorization: Bearer TOKEN``, or ``?access_token=TOKEN``."""

SESSION = {"session": {"description": "the session's id"}}


def _messages() -> dict[str, Any]:
    return {
        "StreamEvent": {
            "name": "event",
            "title": "An event (Server-Sent Event)",
            "summary": "`id:` the event's cursor (EPOCH.N: resume with Last-Event-ID or "
            "?after=), `data:` its row on one line, as a page gives it",
            "contentType": "application/json",
            "payload": {"$ref": SCHEMAS + "EventRow"},
        },
        "StreamHeartbeat": {
            "name": "heartbeat",
            "title": "A heartbeat (an SSE comment)",
            "summary": "`: heartbeat`, after 15 seconds of silence (`--heartbeat`)",
            "contentType": "text/event-stream",
            "payload": {"type": "string", "const": ": heartbeat"},
        },
        "SocketEvent": {
            "name": "event",
            "title": "An event (WebSocket text message)",
            "summary": "the event's cursor and its row, as a page gives it",
            "contentType": "application/json",
            "payload": {
                "type": "object",
                "properties": {
                    "cursor": {"type": "string", "description": "EPOCH.N: resume with ?after="},
                    "event": {"$ref": SCHEMAS + "EventRow"},
                },
                "required": ["cursor", "event"],
                "additionalProperties": False,
            },
        },
        "SocketProblem": {
            "name": "problem",
            "title": "A refusal (WebSocket text message)",
            "summary": "the upgrade is accepted, this one message sent, then the socket "
            "closed with 4000 + its status: "
            + "; ".join(f"{code} {said}" for code, said in CLOSE_CODES.items() if code > 4000),
            "contentType": "application/json",
            "payload": {
                "type": "object",
                "properties": {"problem": {"$ref": SCHEMAS + "Problem"}},
                "required": ["problem"],
                "additionalProperties": False,
            },
        },
    }


@cache
def document() -> dict[str, Any]:
    """The AsyncAPI 3.0 document of a session's streams (its servers' ``host`` is
    ``127.0.0.1:8000``, :func:`served_at` names the server's own)."""
    schemas: dict[str, Any] = {"Problem": PROBLEM}
    schemas |= event_docs.event_schemas(SCHEMAS)
    schemas["EventRow"] = event_docs.event_row(SCHEMAS)
    closes = "\n".join(f"- {code}: {said}" for code, said in CLOSE_CODES.items())
    stream = "/v1/sessions/{session}/stream"
    socket = "/v1/sessions/{session}/ws"
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Kiroku streams",
            "version": "1",
            "description": "A session's events, each once and in order, caught up from a "
            "cursor then live, as the holder of the token may see them (a player's "
            "numbered among what they see). The HTTP API is in /openapi.json; each "
            "event type's JSON Schema in GET /v1/rulesets/{id}/events.",
        },
        "defaultContentType": "application/json",
        "servers": {
            "http": {
                "host": "127.0.0.1:8000",
                "protocol": "http",
                "description": "kiroku serve (--host, --port)",
                "security": TOKENS,
            },
            "ws": {
                "host": "127.0.0.1:8000",
                "protocol": "ws",
                "description": "kiroku serve (--host, --port)",
                "security": TOKENS,
            },
        },
        "channels": {
            "stream": {
                "address": stream,
                "title": "Server-Sent Events",
                "description": "GET with Authorization: Bearer TOKEN or ?access_token=, "
                "?after=CURSOR or Last-Event-ID; a closed session's stream ends after its "
                "closing, and a reconnection from there is answered 204. Refusals are HTTP "
                "problems (/openapi.json).",
                "servers": [{"$ref": "#/servers/http"}],
                "parameters": SESSION,
                "messages": {
                    "event": {"$ref": MESSAGES + "StreamEvent"},
                    "heartbeat": {"$ref": MESSAGES + "StreamHeartbeat"},
                },
                "bindings": {"http": {"bindingVersion": "0.3.0"}},
            },
            "socket": {
                "address": socket,
                "title": "WebSocket",
                "description": "text messages, one per event; a refusal is one problem "
                "message then a close. Close codes:\n" + closes,
                "servers": [{"$ref": "#/servers/ws"}],
                "parameters": SESSION,
                "messages": {
                    "event": {"$ref": MESSAGES + "SocketEvent"},
                    "problem": {"$ref": MESSAGES + "SocketProblem"},
                },
                "bindings": {"ws": {"method": "GET", "query": QUERY, "bindingVersion": "0.1.0"}},
            },
        },
        "operations": {
            "sendStreamEvents": {
                "action": "send",
                "channel": {"$ref": "#/channels/stream"},
                "summary": "the server sends the session's events, and heartbeats",
                "messages": [
                    {"$ref": "#/channels/stream/messages/event"},
                    {"$ref": "#/channels/stream/messages/heartbeat"},
                ],
            },
            "sendSocketEvents": {
                "action": "send",
                "channel": {"$ref": "#/channels/socket"},
                "summary": "the server sends the session's events, or one refusal",
                "messages": [
                    {"$ref": "#/channels/socket/messages/event"},
                    {"$ref": "#/channels/socket/messages/problem"},
                ],
            },
        },
        "components": {
            "schemas": schemas,
            "messages": _messages(),
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "a session token or the server's admin token",
                },
                "query": {
                    "type": "httpApiKey",
                    "name": "access_token",
                    "in": "query",
                    "description": "the token, as ?access_token=",
                },
            },
        },
    }


def served_at(host: str) -> dict[str, Any]:
    """The document, its servers at ``host`` (the address the request reached)."""
    whole = document()
    servers = {name: server | {"host": host} for name, server in whole["servers"].items()}
    return whole | {"servers": servers}
