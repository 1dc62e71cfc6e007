"""Errors over HTTP: every refusal is a JSON problem (RFC 9457), never a 200 with an error
inside and never a traceback.

A problem carries ``type`` (a URI naming its class, relative to the API:
``/problems/not-found``), ``title`` (the class in words), ``status``, and ``detail`` (the
message the command line would print, quoting the input); some add members of their own
(``current_version`` on a version conflict). Kiroku's one error taxonomy
(:mod:`domain.errors`) maps onto statuses here and only here.
"""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.responses import Response

from domain.errors import (
    ConcurrencyConflict,
    IllegalUnderRules,
    KirokuError,
    MalformedInput,
    NotAllowed,
    NotFound,
    shortened,
)

PROBLEM_JSON = "application/problem+json"


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\x1b``, ``\\n``,
    ``\\u202e``): a problem's detail quotes the input, and sometimes a parser's message
    about it, which may hold a newline, a terminal escape or a bidi control."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Problem(Exception):
    """A refusal the API answers with: its status, its kind (the last part of its type
    URI), its title, the detail quoting the input, and any further members."""

    def __init__(self, status: int, kind: str, title: str, detail: str, **members: Any) -> None:
        detail = printable(detail)
        super().__init__(detail)
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
        self.members = members
        self.headers: dict[str, str] = {}

    def body(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.kind}",
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            **self.members,
        }

    def response(self) -> Response:
        return Response(
            msgspec.json.encode(self.body()),
            status_code=self.status,
            media_type=PROBLEM_JSON,
            headers=self.headers,
        )


KINDS: tuple[tuple[type[KirokuError], int, str, str], ...] = (
    (MalformedInput, 400, "malformed-input", "The input could not be read"),
    (NotFound, 404, "not-found", "No such thing in this session"),
    (NotAllowed, 403, "not-allowed", "This participant may not do that"),
    (IllegalUnderRules, 422, "illegal-under-rules", "The rules refuse it now"),
    (ConcurrencyConflict, 409, "conflict", "Another writer got there first"),
)
"""Kiroku's errors, the status each maps to, its kind and its title. A command refused by
the rules is 422 (well formed, not possible now); a body that cannot be read is 400."""


def problem_of(error: KirokuError) -> Problem:
    """The problem a Kiroku error is answered with (its message, shortened to one line,
    is the detail)."""
    detail = shortened(str(error))
    for kind, status, name, title in KINDS:
        if isinstance(error, kind):
            return Problem(status, name, title, detail)
    return Problem(400, "refused", "The request was refused", detail)


def not_found(detail: str) -> Problem:
    return Problem(404, "not-found", "No such thing", detail)


def malformed(detail: str) -> Problem:
    return Problem(400, "malformed-input", "The input could not be read", detail)
