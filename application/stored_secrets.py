"""What the GM keeps from the players (:mod:`domain.session.secrets`), read from the
store: a session's events and the records of its rulings, taken in from where a
:class:`Secrets` last read. One reading for the service, the shell's ``--as`` and the
HTTP API's players' sight."""

from __future__ import annotations

from collections.abc import Sequence

from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore
from domain.events import Recorded
from domain.session.secrets import Secrets
from projections.players import secrets_at


def caught_up(
    store: EventStore,
    session_id: str,
    secrets: Secrets,
    head: int,
    read: Sequence[Recorded] = (),
) -> Secrets:
    """``secrets`` taken up to position ``head``: the events after what it has read (from
    ``read`` when that is exactly what it lacks, events its caller just read; else from
    the store) and the records of their rulings."""
    if head <= secrets.read:
        return secrets
    if read and read[0].position == secrets.read + 1 and read[-1].position == head:
        events = list(read)
    else:
        events = list(store.read(session_id, secrets.read, until=head))
    records = store.records(session_id, after=secrets.read)
    secrets.take_all(events, [r for r in records if r.first <= head])
    return secrets


def stored_secrets(store: EventStore, session_id: str, until: int | None = None) -> Secrets:
    """What is kept from the players as of ``until`` (the head when None): read on from
    the latest players' snapshot (:func:`projections.players.secrets_at`)."""
    head = store.last_position(session_id) if until is None else until
    if head <= 0:
        return Secrets()
    return caught_up(
        store, session_id, secrets_at(store, SnapshotStore(store), session_id, head), head
    )
