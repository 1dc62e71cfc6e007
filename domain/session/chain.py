"""Tamper evidence: every event hash-chained to the one before (issue 8).

Each event's link is SHA-256 over the link before it and a canonical encoding of the
session's id, the event's position, its type and its payload (JSON, keys sorted). The
chain's value after a ruling's last event is sealed into the ruling's record
(:attr:`CommandRecord.chain`), appended in the same transaction. Anyone re-computing the
chain from the stored events then finds an event edited, deleted or moved: the chain no
longer meets the seal of the first ruling at or after it. A truncation (the last events
and their records gone together) leaves a shorter chain that is still whole: it is
found against a head given from outside (``kiroku verify --head``, the head an export
carries), as only an outside copy can tell what is missing.

The payload hashed is the event as it is stored (:class:`Stored`: the store's row, a
replay file's line), read as plain JSON — not as today's event types would read it back:
a field an event type gains later, read at its default, or an event upcast on reading,
must not make every earlier seal look broken. An event being recorded is hashed from its
Struct, which encodes exactly as it is stored; an export writes the stored events as
stored (the same JSON values), and an import stores a file's events as the file holds
them, so the seals and the head travel with them.
"""

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import msgspec

from domain.events import Recorded
from domain.session.record import CommandRecord

GENESIS = "0" * 64
"""The link before a session's first event."""

_encoder = msgspec.json.Encoder(order="sorted")


class Stored(NamedTuple):
    """An event as it was stored: its position and its payload as plain JSON values (the
    store's row, a replay file's line), not read into today's event types."""

    position: int
    payload: dict[str, Any]


def link(previous: str, session: str, recorded: Recorded | Stored) -> str:
    """The chain's value after ``recorded``, the value before it being ``previous``.

    An event being recorded is hashed as it is written (its Struct encodes as the store
    will hold it); a stored one is hashed as it was stored (:class:`Stored`), never as
    today's types would read it — so a field an event type gains later (read at its
    default, or an upcast) does not change the chain of what was sealed before it."""
    if isinstance(recorded, Stored):
        payload: Any = recorded.payload
        kind = payload.get("type") if isinstance(payload, dict) else None
    else:
        payload = recorded.event
        kind = type(payload).__name__
    canonical = _encoder.encode(
        {"session": session, "position": recorded.position, "type": kind, "payload": payload}
    )
    return hashlib.sha256(previous.encode() + canonical).hexdigest()


def head(session: str, events: Iterable[Recorded | Stored], previous: str = GENESIS) -> str:
    """The chain's value after the last of ``events`` (each after ``previous``)."""
    value = previous
    for recorded in events:
        value = link(value, session, recorded)
    return value


def seal(
    session: str,
    previous: str,
    batch: Sequence[Recorded | Stored],
    records: Sequence[CommandRecord],
) -> tuple[list[CommandRecord], str]:
    """``records`` of the rulings in ``batch`` (appended after a chain at ``previous``),
    each sealed with the chain's value after its last event; and the chain's value after
    the batch."""
    values: dict[int, str] = {}
    value = previous
    for recorded in batch:
        value = values[recorded.position] = link(value, session, recorded)
    return [msgspec.structs.replace(r, chain=values[r.last]) for r in records], value


def broken_seal(
    session: str, stored: Sequence[Stored], records: Iterable[CommandRecord], previous: str
) -> CommandRecord | None:
    """The first record whose seal the events ``stored`` — the stream after the chain's
    value ``previous`` — do not meet (an event edited, deleted or moved among them), or
    None. What a read checks of the stream's end (:meth:`application.service.SessionService.
    tamper_warning`); ``kiroku verify`` checks the whole."""
    seals = {r.last: r for r in records if r.chain}
    value = previous
    for recorded in stored:
        value = link(value, session, recorded)
        sealed = seals.get(recorded.position)
        if sealed is not None and sealed.chain != value:
            return sealed
    return None


def missing_seal(record: CommandRecord) -> str | None:
    """What a record lacks of what a store gives every record it holds: its ``seal``, its
    ``signature``, or nothing (None)."""
    return "seal" if not record.chain else "signature" if not record.signature else None
