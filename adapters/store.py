"""Persistence: an ``eventsourcing`` application whose events are Kiroku's msgspec Structs.

Each session is one stream (originator id = a UUID derived from the session id; the
stream's versions are the events' positions). The library's recorders do the storage —
embedded SQLite by default, in-memory for unit tests, chosen by configuration — and its
optimistic concurrency: an append at a position someone else already took fails as a
whole (one transaction per command), and surfaces here as :class:`ConcurrencyConflict`.

Events are stored through :class:`EventMapper`, which encodes with msgspec instead of the
library's default JSON transcoder, and reads go straight from stored bytes to typed
Structs in large pages (:meth:`EventStore.read`), without the mapper's per-event objects:
from SQLite, pages that SQLite joins itself, the next read while this one is decoded
(``adapters.sqlite_pages``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from eventsourcing.application import Application
from eventsourcing.persistence import (
    IntegrityError,
    Mapper,
    RecordConflictError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import get_topic

from adapters.codec import EventCodec, codec_for, decode_opened, encode_event
from adapters.sqlite_pages import PageReader, Window, index_topics
from domain.errors import ConcurrencyConflict, MalformedInput, NotFound
from domain.events import Event, Recorded, SessionOpened

SESSION_NAMESPACE = uuid.UUID("6b1f2c1e-4a5d-5f0e-9c3a-1d2e3f405162")
OPENED_TOPIC = "kiroku:SessionOpened"
READ_PAGE = 20_000

StoreKind = Literal["sqlite", "memory"]
STORE_KINDS: tuple[StoreKind, ...] = ("sqlite", "memory")


def stream_id(session_id: str) -> uuid.UUID:
    return uuid.uuid5(SESSION_NAMESPACE, session_id)


@dataclass(frozen=True)
class Envelope:
    """A Kiroku event as the library sees it: in a stream, at a version."""

    originator_id: uuid.UUID
    originator_version: int
    event: Event


class EventMapper(Mapper[uuid.UUID]):
    """Stores an :class:`Envelope`'s event as msgspec JSON; the topic is the event type."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        envelope: Envelope = domain_event
        return StoredEvent(
            originator_id=envelope.originator_id,
            originator_version=envelope.originator_version,
            topic=f"kiroku:{type(envelope.event).__name__}",
            state=encode_event(envelope.event),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        """Only a session's opening decodes without knowing the session: the rest of a
        stream is read by :meth:`EventStore.read`, with its ruleset's codec."""
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


@dataclass(frozen=True)
class StoreConfig:
    """Where events live: ``sqlite`` (a file in ``data_dir``) or ``memory``."""

    kind: StoreKind = "sqlite"
    data_dir: Path = Path(".kiroku")
    lock_timeout: float = 10.0
    """Seconds a command waits for another process's write to finish (``KIROKU_LOCK_TIMEOUT``)."""

    @property
    def sqlite_path(self) -> Path:
        return self.data_dir / "kiroku.sqlite"

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> StoreConfig:
        """``KIROKU_STORE`` (sqlite | memory) and ``KIROKU_DATA_DIR`` (default
        ``$XDG_DATA_HOME/kiroku``, i.e. ``~/.local/share/kiroku``)."""
        env = dict(os.environ if environ is None else environ)
        kind = env.get("KIROKU_STORE", "sqlite")
        if kind not in STORE_KINDS:
            raise MalformedInput(
                f"KIROKU_STORE={kind!r} is not a store; choose from {', '.join(STORE_KINDS)}"
            )
        data_home = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        data_dir = Path(env.get("KIROKU_DATA_DIR") or Path(data_home) / "kiroku")
        raw = env.get("KIROKU_LOCK_TIMEOUT", "10")
        try:
            timeout = float(raw)
        except ValueError:
            timeout = -1.0
        if not 0 < timeout <= 600:
            raise MalformedInput(f"KIROKU_LOCK_TIMEOUT={raw!r} is not a number of seconds to 600")
        return cls(kind=kind, data_dir=data_dir, lock_timeout=timeout)

    def library_environment(self) -> dict[str, str]:
        env = {"MAPPER_TOPIC": get_topic(EventMapper), "IS_SNAPSHOTTING_ENABLED": "y"}
        if self.kind == "sqlite":
            self.data_dir.mkdir(parents=True, exist_ok=True)
            env |= {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.sqlite_path),
                "SQLITE_LOCK_TIMEOUT": f"{self.lock_timeout:g}",
            }
        else:
            env["PERSISTENCE_MODULE"] = "eventsourcing.popo"
        return env


class EventStore:
    """Append and read session streams."""

    def __init__(self, config: StoreConfig) -> None:
        self.config = config
        self.app = KirokuApplication(env=config.library_environment())
        self.recorder = self.app.recorder
        self._codecs: dict[str, EventCodec] = {}
        self._reader: PageReader | None = None
        if isinstance(self.recorder, SQLiteAggregateRecorder):
            index_topics(config.sqlite_path, self.recorder.events_table_name, config.lock_timeout)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        self.app.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def append(
        self, session_id: str, expected_version: int, events: Sequence[Event]
    ) -> list[Recorded]:
        """Append one command's events in one transaction, after ``expected_version``.

        Raises :class:`ConcurrencyConflict` (and stores nothing) if another writer got
        there first."""
        if not events:
            return []
        stream = stream_id(session_id)
        envelopes = [
            Envelope(stream, expected_version + i, event) for i, event in enumerate(events, 1)
        ]
        try:
            self.app.save(*envelopes)
        except (IntegrityError, RecordConflictError):
            raise ConcurrencyConflict(
                f"session {session_id!r} moved on past position {expected_version} while this "
                "command was being decided; nothing was appended"
            ) from None
        return [Recorded(e.originator_version, e.event) for e in envelopes]

    def read(
        self,
        session_id: str,
        after: int = 0,
        page: int = READ_PAGE,
        *,
        until: int | None = None,
        topic: str | None = None,
    ) -> Generator[Recorded, None, None]:
        """The session's events after position ``after`` (up to ``until``; only those of
        event type ``topic``), in large pages, decoded straight into typed Structs."""
        stream = stream_id(session_id)
        codec = self.codec(session_id)
        where = f"session {session_id!r}, "
        stored_topic = None if topic is None else f"kiroku:{topic}"
        reader = self._pages()
        if reader is not None:
            window = Window(stream.hex, after, until, stored_topic)
            for read_from, joined in reader.pages(window, page):
                decoded = codec.decode_joined(joined.states, joined.positions)
                if decoded is None:
                    decoded = codec.decode_page(reader.rows(read_from, page), where)
                yield from decoded
            return
        while True:
            rows = self._fetch_generic(stream, after, page, until, stored_topic)
            yield from codec.decode_page(rows, where)
            if len(rows) < page:
                return
            after = rows[-1][0]

    def _pages(self) -> PageReader | None:
        """The SQLite store's page reader (None for the in-memory store)."""
        if self._reader is None and isinstance(self.recorder, SQLiteAggregateRecorder):
            self._reader = PageReader(
                self.config.sqlite_path, self.recorder.events_table_name, self.config.lock_timeout
            )
        return self._reader

    def retractions(
        self, session_id: str, after: int = 0, until: int | None = None
    ) -> list[Recorded]:
        """The retractions recorded after ``after`` (a range scan of the stream's key)."""
        return list(self.read(session_id, after, until=until, topic="EventRetracted"))

    def _fetch_generic(
        self, stream: uuid.UUID, after: int, page: int, until: int | None, topic: str | None
    ) -> list[tuple[int, bytes]]:
        found: list[tuple[int, bytes]] = []
        while len(found) < page:
            rows = self.recorder.select_events(stream, gt=after, lte=until, limit=page)
            found += [
                (r.originator_version, r.state) for r in rows if topic is None or r.topic == topic
            ]
            if len(rows) < page:
                break
            after = rows[-1].originator_version
        return found

    def codec(self, session_id: str) -> EventCodec:
        """The codec of this session's ruleset (from its opening, read once)."""
        codec = self._codecs.get(session_id)
        if codec is None:
            codec = self._codecs[session_id] = codec_for(self.opened(session_id).ruleset)
        return codec

    def exists(self, session_id: str) -> bool:
        return bool(self.recorder.select_events(stream_id(session_id), limit=1))

    def opened(self, session_id: str) -> SessionOpened:
        rows = self.recorder.select_events(stream_id(session_id), limit=1)
        if not rows:
            raise NotFound(f"no session {session_id!r}")
        return decode_opened(rows[0].state)

    def sessions(self) -> list[SessionOpened]:
        """Every session opened in this store, oldest first."""
        opened: list[SessionOpened] = []
        start = 1
        while True:
            rows = self.recorder.select_notifications(
                start=start, limit=1000, topics=[OPENED_TOPIC]
            )
            for row in rows:
                opened.append(decode_opened(row.state))
            if len(rows) < 1000:
                return opened
            start = rows[-1].id + 1

    def last_position(self, session_id: str) -> int:
        rows = self.recorder.select_events(stream_id(session_id), desc=True, limit=1)
        return rows[0].originator_version if rows else 0


def describe_store_error(error: BaseException, config: StoreConfig) -> str:
    """What went wrong with which store, and what to do, in one line."""
    where = repr(str(config.sqlite_path))
    text = str(error) or type(error).__name__
    lowered = text.lower()
    if "locked" in lowered or "busy" in lowered:
        return (
            f"the store {where} is busy with another process's write (waited "
            f"{config.lock_timeout:g} s); nothing was recorded: try again once it has finished"
        )
    if "not a database" in lowered or "malformed" in lowered or "corrupt" in lowered:
        return (
            f"the store {where} is damaged ({text}); nothing was written to it. Move it aside "
            "and import your sessions from their replay files (kiroku import), or restore a copy"
        )
    if "readonly" in lowered or "read-only" in lowered or "unable to open" in lowered:
        return (
            f"the store {where} cannot be opened for this ({text}): check its folder's permissions"
        )
    return f"the store {where} failed: {text}"
