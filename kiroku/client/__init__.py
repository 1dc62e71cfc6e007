"""A typed Python client of ``kiroku serve``'s HTTP API.

::

    from kiroku.client import Client

    async with Client("http://127.0.0.1:8321", token) as kiroku:
        night = kiroku.session("night")
        done = await night.command("roll", character="Akodo Kaneka", skill="Kenjutsu",
                                   trait="agility", tn=20, idempotency_key="roll-1")
        async for event in night.stream(after=done.events[-1].cursor):
            print(event.position, event.summary)

Commands by name with their fields (``If-Match`` as ``if_match``, ``Idempotency-Key``
as ``idempotency_key``), reads (state, log pages, show, odds), the GM's corrections
(with ``dry_run``) and a stream that resumes from its last cursor after any drop. Every
refusal is raised as a :class:`Problem` subclass keeping the problem's type, title,
detail and status. It speaks HTTP only (httpx) and imports nothing of the engine.
"""

from kiroku.client.http import Client, SessionClient
from kiroku.client.problems import (
    BodyTooLarge,
    ClientError,
    Conflict,
    CursorGone,
    Forbidden,
    IllegalUnderRules,
    MalformedInput,
    MethodNotAllowed,
    NotFound,
    OddsBusy,
    Problem,
    ServerFailed,
    StoreUnavailable,
    StreamLost,
    TooManyRequests,
    Unauthorized,
    Unavailable,
    VersionConflict,
)
from kiroku.client.results import Event, Page, Recorded, RecordedEvent, State, Token
from kiroku.client.stream import Stream

__all__ = [
    "BodyTooLarge",
    "Client",
    "ClientError",
    "Conflict",
    "CursorGone",
    "Event",
    "Forbidden",
    "IllegalUnderRules",
    "MalformedInput",
    "MethodNotAllowed",
    "NotFound",
    "OddsBusy",
    "Page",
    "Problem",
    "Recorded",
    "RecordedEvent",
    "ServerFailed",
    "SessionClient",
    "State",
    "StoreUnavailable",
    "Stream",
    "StreamLost",
    "Token",
    "TooManyRequests",
    "Unauthorized",
    "Unavailable",
    "VersionConflict",
]
