"""What the server answers, as typed values: an event (a page's row, a stream's
message), a page of the log, a command's record, the projections. Each keeps the whole
JSON it was read from (``body`` or ``row``), so a field this client does not name is
still at hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One event as its reader may see it: its ``cursor`` (``EPOCH.N``, to resume
    after it), its ``position`` (the GM's position; a player's count among what they
    see), ``type`` (``DiceRolled``), the log line (``summary``), who recorded it and
    when, why, every field it recorded (``fields``), and whether it is the GM's hidden
    ruling (``hidden``, only ever true for the GM). ``row``: the event's JSON whole,
    but its cursor (a page gives it inside the row, a stream beside it)."""

    cursor: str
    position: int
    type: str
    summary: str
    actor: str
    at: str
    reason: str | None
    fields: dict[str, Any]
    hidden: bool
    row: dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, row: dict[str, Any], cursor: str | None = None) -> Event:
        """The event of a page's ``row`` (which holds its cursor), or of a stream's
        (``cursor`` given beside it)."""
        rest = {k: v for k, v in row.items() if k != "cursor"}
        return cls(
            cursor=str(cursor if cursor is not None else row["cursor"]),
            position=int(row["position"]),
            type=str(row["type"]),
            summary=str(row.get("summary", "")),
            actor=str(row.get("actor", "")),
            at=str(row.get("at", "")),
            reason=row.get("reason"),
            fields=dict(row.get("event") or {}),
            hidden=bool(row.get("hidden", False)),
            row=rest,
        )


@dataclass(frozen=True)
class Page:
    """A page of the log: its ``events``, the cursor to read on from (``next``), and
    how many events the reader may see in all (``head``)."""

    events: tuple[Event, ...]
    next: str
    head: int


@dataclass(frozen=True)
class RecordedEvent:
    """One event a command (or a correction) recorded: its position, cursor, type and
    log line."""

    position: int
    cursor: str
    type: str
    summary: str


@dataclass(frozen=True)
class Recorded:
    """What a command recorded: the session, the session's ``version`` after it (send
    it back as ``if_match`` to act only on what you saw), each event recorded, the rolls
    thrown (as ``kiroku roll --json`` gives them), and ``replayed`` when the answer is
    an earlier one repeated for its Idempotency-Key (nothing was appended)."""

    session: str
    version: int
    events: tuple[RecordedEvent, ...]
    rolls: tuple[dict[str, Any], ...]
    replayed: bool
    body: dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, body: dict[str, Any], replayed: bool = False) -> Recorded:
        return cls(
            session=str(body["session"]),
            version=int(body["version"]),
            events=tuple(
                RecordedEvent(
                    int(r["position"]),
                    str(r.get("cursor", "")),
                    str(r["type"]),
                    str(r.get("summary", "")),
                )
                for r in body.get("recorded", ())
            ),
            rolls=tuple(body.get("rolls", ())),
            replayed=replayed,
            body=body,
        )


@dataclass(frozen=True)
class State:
    """The projections a table looks at, as the reader may see them: ``views`` (as
    ``kiroku state --json``), the ruleset's ``tables`` of them, ``you`` (who the token
    acts as and their role) and the session's ``version`` as the reader counts it."""

    version: int
    views: dict[str, Any]
    tables: list[Any]
    you: dict[str, Any]
    body: dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, body: dict[str, Any]) -> State:
        return cls(
            version=int(body["version"]),
            views=dict(body.get("views") or {}),
            tables=list(body.get("tables") or []),
            you=dict(body.get("you") or {}),
            body=body,
        )


@dataclass(frozen=True)
class Token:
    """A token the GM issued: its secret (shown once), id, holder and role, and the
    link (with its QR code as SVG) a phone opens."""

    token: str
    id: str
    participant: str
    role: str
    link: str
    body: dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, body: dict[str, Any]) -> Token:
        return cls(
            token=str(body["token"]),
            id=str(body["id"]),
            participant=str(body["participant"]),
            role=str(body.get("role", "")),
            link=str(body.get("link", "")),
            body=body,
        )
