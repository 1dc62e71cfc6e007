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
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

import msgspec

from domain.events import Recorded
from domain.session.record import CommandRecord

GENESIS = "0" * 64
"""The link before a session's first event."""

_encoder = msgspec.json.Encoder(order="sorted")


def link(previous: str, session: str, recorded: Recorded) -> str:
    """The chain's value after ``recorded``, the value before it being ``previous``."""
    event = recorded.event
    canonical = _encoder.encode(
        {
            "session": session,
            "position": recorded.position,
            "type": type(event).__name__,
            "payload": event,
        }
    )
    return hashlib.sha256(previous.encode() + canonical).hexdigest()


def head(session: str, events: Iterable[Recorded], previous: str = GENESIS) -> str:
    """The chain's value after the last of ``events`` (each after ``previous``)."""
    value = previous
    for recorded in events:
        value = link(value, session, recorded)
    return value


def seal(
    session: str, previous: str, batch: Sequence[Recorded], records: Sequence[CommandRecord]
) -> tuple[list[CommandRecord], str]:
    """``records`` of the rulings in ``batch`` (appended after a chain at ``previous``),
    each sealed with the chain's value after its last event; and the chain's value after
    the batch."""
    values: dict[int, str] = {}
    value = previous
    for recorded in batch:
        value = values[recorded.position] = link(value, session, recorded)
    return [msgspec.structs.replace(r, chain=values[r.last]) for r in records], value
