"""The ``eventsourcing`` library's side of the store: it writes every event and snapshot.

Each session is one stream of a :class:`KirokuApplication` (originator id = a UUID
derived from the session id; the stream's versions are the events' positions). The
library's recorders do the storage — embedded SQLite by default, in memory for unit
tests — and its optimistic concurrency: an append at a position someone else already
took fails as a whole (one transaction per command), and surfaces as
:class:`ConcurrencyConflict`. Events are stored through :class:`EventMapper`, which
encodes with msgspec instead of the library's default JSON transcoder.

Imported only when a command writes, or when the store is in memory: reading SQLite
goes straight to the database (``adapters.sqlite_reads``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import (
    AggregateRecorder,
    IntegrityError,
    Mapper,
    RecordConflictError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import get_topic

from adapters.codec import decode_opened, encode_event
from adapters.sqlite_reads import EVENTS_TABLE, SNAPSHOTS_TABLE
from domain.errors import ConcurrencyConflict, MalformedInput
from domain.events import Event
from domain.session.record import CommandRecord

if TYPE_CHECKING:
    from adapters.store import StoreConfig

OPENED_TOPIC = "kiroku:SessionOpened"


@dataclass(frozen=True)
class Envelope:
    """A Kiroku event as the library sees it: in a stream, at a version."""

    originator_id: uuid.UUID
    originator_version: int
    event: Event | CommandRecord | msgspec.Struct
    state: bytes | None = None
    """The payload to store, when it is to be stored as it was given (an import keeps
    a file's events word for word); else the event's own encoding."""


class EventMapper(Mapper[uuid.UUID]):
    """Stores an :class:`Envelope`'s event as msgspec JSON; the topic is the event type."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        envelope: Envelope = domain_event
        return StoredEvent(
            originator_id=envelope.originator_id,
            originator_version=envelope.originator_version,
            topic=f"kiroku:{type(envelope.event).__name__}",
            state=encode_event(envelope.event) if envelope.state is None else envelope.state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        """Only a session's opening decodes without knowing the session: the rest of a
        stream is read by ``EventStore.read``, with its ruleset's codec."""
        if stored_event.topic != OPENED_TOPIC:
            raise MalformedInput(
                f"stored event {stored_event.topic!r} is read through its session's ruleset "
                "(EventStore.read), not on its own"
            )
        originator_id = stored_event.originator_id
        if not isinstance(originator_id, uuid.UUID):
            originator_id = uuid.UUID(str(originator_id))
        return Envelope(
            originator_id, stored_event.originator_version, decode_opened(stored_event.state)
        )


class KirokuApplication(Application[uuid.UUID]):
    name = "Kiroku"


def application(config: StoreConfig, *, made: bool = False) -> KirokuApplication:
    """The library's application on the configured store, its tables made if need be
    (``made``: the SQLite store has them already, so the writer's first transaction is
    its command's, not two of ``CREATE TABLE IF NOT EXISTS``)."""
    env = {"MAPPER_TOPIC": get_topic(EventMapper), "IS_SNAPSHOTTING_ENABLED": "y"}
    if config.postgres is not None:
        where = config.postgres
        env |= {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": where.dbname, "POSTGRES_HOST": where.host,
            "POSTGRES_PORT": str(where.port), "POSTGRES_USER": where.user,
            "POSTGRES_PASSWORD": where.password,
            "POSTGRES_LOCK_TIMEOUT": f"{config.lock_timeout:g}",
            "POSTGRES_CONNECT_TIMEOUT": "5",
        }  # fmt: skip
        if where.schema:
            env["POSTGRES_SCHEMA"] = where.schema
        with _tables_made_alone(where):
            return KirokuApplication(env=env)
    if config.kind == "sqlite":
        config.data_dir.mkdir(parents=True, exist_ok=True)
        env |= {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(config.sqlite_path),
            "SQLITE_LOCK_TIMEOUT": f"{config.lock_timeout:g}",
            "CREATE_TABLE": "false" if made else "true",
        }
    else:
        env["PERSISTENCE_MODULE"] = "eventsourcing.popo"
    app = KirokuApplication(env=env)
    if isinstance(app.recorder, SQLiteAggregateRecorder):
        snapshots = app.snapshots
        tables = (
            app.recorder.events_table_name,
            getattr(snapshots.recorder, "events_table_name", None) if snapshots else None,
        )
        if tables != (EVENTS_TABLE, SNAPSHOTS_TABLE):  # what the direct reads assume
            raise RuntimeError(f"the library's SQLite tables are {tables}, not the expected ones")
    return app


TABLES_LOCK = 0x6B69726F6B75  # "kiroku": the advisory lock its processes make tables under


@contextmanager
def _tables_made_alone(where: Any) -> Iterator[None]:
    """The store's schema and tables made by one process at a time: PostgreSQL refuses
    concurrent ``CREATE … IF NOT EXISTS`` of one object (« tuple concurrently updated »),
    so several server processes starting at once wait for each other on an advisory lock
    (held by a connection of its own, for as long as the library makes its tables)."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(
        host=where.host, port=where.port, user=where.user, password=where.password,
        dbname=where.dbname, connect_timeout=5, autocommit=True,
    ) as connection:  # fmt: skip
        connection.execute("SELECT pg_advisory_lock(%s)", (TABLES_LOCK,))
        try:
            if where.schema:
                connection.execute(
                    sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(where.schema))
                )
            yield
        finally:
            connection.execute("SELECT pg_advisory_unlock(%s)", (TABLES_LOCK,))


def save(app: KirokuApplication, session_id: str, envelopes: Sequence[Envelope]) -> None:
    """One command's events in one transaction, or :class:`ConcurrencyConflict`."""
    try:
        app.save(*envelopes)
    except (IntegrityError, RecordConflictError):
        raise ConcurrencyConflict(
            f"session {session_id!r} moved on past position "
            f"{envelopes[0].originator_version - 1} while this command was being decided; "
            "nothing was appended"
        ) from None


def insert_snapshot(recorder: AggregateRecorder, row: StoredEvent) -> bool:
    """Keep a snapshot row; False if one is already kept at its position."""
    try:
        recorder.insert_events([row])
    except (IntegrityError, RecordConflictError):
        return False
    return True


def fetch_rows(
    recorder: AggregateRecorder,
    stream: uuid.UUID,
    after: int,
    page: int,
    until: int | None,
    topic: str | None,
) -> list[tuple[int, bytes]]:
    """Up to ``page`` ``(position, state)`` rows of a stream (the in-memory store's read)."""
    found: list[tuple[int, bytes]] = []
    while len(found) < page:
        rows = recorder.select_events(stream, gt=after, lte=until, limit=page)
        found += [
            (r.originator_version, r.state) for r in rows if topic is None or r.topic == topic
        ]
        if len(rows) < page:
            break
        after = rows[-1].originator_version
    return found[:page]


def first_state(recorder: AggregateRecorder, stream: uuid.UUID) -> bytes | None:
    rows = recorder.select_events(stream, limit=1)
    return rows[0].state if rows else None


def latest_state(recorder: AggregateRecorder, stream: uuid.UUID, until: int) -> bytes | None:
    rows = recorder.select_events(stream, lte=until, desc=True, limit=1)
    return rows[0].state if rows else None


def last_position(recorder: AggregateRecorder, stream: uuid.UUID) -> int:
    rows = recorder.select_events(stream, desc=True, limit=1)
    return rows[0].originator_version if rows else 0


def openings(app: KirokuApplication, topic: str = OPENED_TOPIC) -> list[bytes]:
    """Every session's opening (or every event of another ``topic``: a campaign's),
    oldest first (the in-memory and PostgreSQL stores' list)."""
    found: list[bytes] = []
    start = 1
    while True:
        rows = app.recorder.select_notifications(start=start, limit=1000, topics=[topic])
        found += [row.state for row in rows]
        if len(rows) < 1000:
            return found
        start = rows[-1].id + 1
