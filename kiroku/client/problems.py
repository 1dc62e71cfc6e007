"""The server's refusals as Python exceptions.

``kiroku serve`` answers every refusal with a JSON problem (RFC 9457,
``application/problem+json``): ``type`` (``/problems/not-found``), ``title``,
``status``, ``detail`` (quoting the input) and, for some, members of their own
(``current_version`` on a version conflict). :func:`problem_of` turns one into the
:class:`Problem` subclass its type names (or, for a type this client does not know, the
one its status names), keeping all four and every other member; a ``Retry-After`` header
is kept too. Nothing is lost: ``problem.body`` is the document as the server sent it."""

from __future__ import annotations

import json
from typing import Any

import httpx


class ClientError(Exception):
    """The root of every error this client raises."""


class Problem(ClientError):
    """A refusal by the server: its problem document's ``type``, ``title``, ``status``
    and ``detail``, its other members in ``members``, the whole document in ``body``,
    and ``retry_after`` (seconds) when the server said when to try again."""

    def __init__(
        self,
        type: str,
        title: str,
        status: int,
        detail: str,
        members: dict[str, Any] | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {title}: {detail}")
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.members: dict[str, Any] = dict(members or {})
        self.retry_after = retry_after

    @property
    def body(self) -> dict[str, Any]:
        """The problem document as the server sent it."""
        return {
            "type": self.type,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            **self.members,
        }


class MalformedInput(Problem, ValueError):
    """400: the request could not be read (a field unknown or out of its bounds, a
    malformed dice expression, a cursor that is not one)."""


class Unauthorized(Problem):
    """401: no token, or one that is not (or no longer) valid."""


class Forbidden(Problem):
    """403: the token's holder may not do that (a player acting for another's character,
    an observer sending a command, a player correcting a ruling)."""


class NotFound(Problem, LookupError):
    """404: no such session, character, event or route."""


class MethodNotAllowed(Problem):
    """405: the route does not take that method."""


class Conflict(Problem):
    """409: another writer got there first."""


class VersionConflict(Conflict):
    """409: the session moved on past the version given as ``If-Match``; nothing was
    appended. ``current_version`` is the version it is at now."""

    @property
    def current_version(self) -> int | None:
        found = self.members.get("current_version")
        return found if isinstance(found, int) else None


class CursorGone(Problem):
    """410: the cursor is of another session or another store: read again from the
    start rather than resume at the wrong place."""


class BodyTooLarge(Problem):
    """413: the request body is over the server's limit."""


class IllegalUnderRules(Problem):
    """422: the rules refuse the command now (or an Idempotency-Key was reused with
    another body); nothing was appended."""


class TooManyRequests(Problem):
    """429: past the token's command rate, its open streams, or its client's failed
    authentications; ``retry_after`` says when to try again."""


class ServerFailed(Problem):
    """500: the server failed on the request (its log says why)."""


class Unavailable(Problem):
    """503: the store failed under the request, or odds are still being computed;
    ``retry_after`` says when to try again."""


class StoreUnavailable(Unavailable):
    """503: the store failed under the request (full, read-only, busy, unreachable)."""


class OddsBusy(Unavailable):
    """503: the odds asked for are still being computed: ask again later."""


class StreamLost(ClientError):
    """A stream could not be resumed: the server stayed unreachable longer than the
    iterator was told to wait. ``cursor`` is the last one received (None: none yet), to
    resume from later."""

    def __init__(self, message: str, cursor: str | None) -> None:
        super().__init__(message)
        self.cursor = cursor


BY_TYPE: dict[str, type[Problem]] = {
    "malformed-input": MalformedInput,
    "refused": MalformedInput,  # a request refused with no narrower kind
    "unauthorized": Unauthorized,
    "forbidden": Forbidden,
    "not-allowed": Forbidden,
    "not-found": NotFound,
    "method-not-allowed": MethodNotAllowed,
    "conflict": Conflict,
    "version-conflict": VersionConflict,
    "cursor-gone": CursorGone,
    "body-too-large": BodyTooLarge,
    "illegal-under-rules": IllegalUnderRules,
    "too-many-commands": TooManyRequests,
    "too-many-streams": TooManyRequests,
    "too-many-failed-authentications": TooManyRequests,
    "internal": ServerFailed,
    "store-unavailable": StoreUnavailable,
    "odds-busy": OddsBusy,
}
"""The exception of each problem type the server sends (the last part of its URI)."""

BY_STATUS: dict[int, type[Problem]] = {
    400: MalformedInput,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    405: MethodNotAllowed,
    409: Conflict,
    410: CursorGone,
    413: BodyTooLarge,
    422: IllegalUnderRules,
    429: TooManyRequests,
    500: ServerFailed,
    503: Unavailable,
}
"""The exception of a problem whose type this client does not know, by its status."""


def _retry_after(response: httpx.Response) -> float | None:
    given = response.headers.get("retry-after")
    try:
        return float(given) if given is not None else None
    except ValueError:
        return None  # an HTTP date: not what this server sends


def problem_of(response: httpx.Response) -> Problem:
    """The exception for a refused ``response``: its problem document's class, or, for
    an answer that is not a problem document (a proxy's error page), a :class:`Problem`
    of its status quoting the start of its body."""
    try:
        body = json.loads(response.content)
    except ValueError:
        body = None
    status = response.status_code
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        text = response.text[:200]
        kind = BY_STATUS.get(status, Problem)
        return kind("about:blank", response.reason_phrase, status, text, {}, _retry_after(response))
    members = {k: v for k, v in body.items() if k not in ("type", "title", "status", "detail")}
    type_uri: str = body["type"]
    kind = BY_TYPE.get(type_uri.rsplit("/", 1)[-1]) or BY_STATUS.get(status, Problem)
    return kind(
        type_uri,
        str(body.get("title", "")),
        int(body.get("status", status)),
        str(body.get("detail", "")),
        members,
        _retry_after(response),
    )
