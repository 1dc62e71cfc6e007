"""Persistence: where sessions' streams are appended and read.

Each session is one stream (its versions are the events' positions). Writing goes
through the ``eventsourcing`` library (``adapters.library``): its recorders, embedded
SQLite by default or in memory for unit tests, and its optimistic concurrency. Reading
SQLite goes straight to the database (``adapters.sqlite_reads``): pages that SQLite
joins itself, decoded by msgspec into typed Structs, the next page read while this one
is used. So the library is imported only by a command that writes (or on the in-memory
store).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qs, unquote, urlsplit

import msgspec

from adapters.codec import EventCodec, codec_for, decode_opened, decode_record
from adapters.sqlite_reads import EVENTS_TABLE, SqliteReader, Window, index_topics
from domain.errors import KirokuError, MalformedInput, NotFound, excerpt
from domain.events import Event, Recorded, SessionOpened
from domain.session.chain import Stored
from domain.session.record import CommandRecord

if TYPE_CHECKING:
    from adapters.library import KirokuApplication

SESSION_NAMESPACE = uuid.UUID("6b1f2c1e-4a5d-5f0e-9c3a-1d2e3f405162")
OPENED_TOPIC = "kiroku:SessionOpened"
READ_PAGE = 20_000

StoreKind = Literal["sqlite", "memory", "postgresql"]
STORE_KINDS: tuple[StoreKind, ...] = ("sqlite", "memory", "postgresql")


@dataclass(frozen=True)
class Postgres:
    """Where a PostgreSQL store is, from a ``postgresql://user:password@host:port/dbname``
    URL (``?schema=NAME`` keeps Kiroku's tables in a schema of their own)."""

    host: str
    port: int
    user: str
    password: str
    dbname: str
    schema: str = ""

    @classmethod
    def from_url(cls, url: str) -> Postgres:
        shown = excerpt(url)
        parts = urlsplit(url)
        if parts.scheme not in ("postgresql", "postgres") or not parts.path.strip("/"):
            raise MalformedInput(
                f"store {shown}: write postgresql://USER@HOST:PORT/DBNAME (or sqlite, memory)"
            )
        try:
            port = parts.port or 5432
        except ValueError:
            raise MalformedInput(f"store {shown}: the port is not a number") from None
        query = parse_qs(parts.query)
        unknown = sorted(set(query) - {"schema"})
        if unknown:
            raise MalformedInput(f"store {shown}: no option {unknown[0]!r} (only schema)")
        schema = query.get("schema", [""])[0]
        if schema and not (schema.isascii() and schema.replace("_", "a").isalnum()):
            raise MalformedInput(f"store {shown}: a schema is letters, digits and _")
        return cls(
            host=unquote(parts.hostname or "127.0.0.1"), port=port,
            user=unquote(parts.username or "postgres"), password=unquote(parts.password or ""),
            dbname=unquote(parts.path.strip("/")), schema=schema,
        )  # fmt: skip

    def __str__(self) -> str:
        """The URL without its password (for a message or a log line)."""
        schema = f"?schema={self.schema}" if self.schema else ""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.dbname}{schema}"


def stream_id(session_id: str) -> uuid.UUID:
    return uuid.uuid5(SESSION_NAMESPACE, session_id)


def records_id(session_id: str) -> uuid.UUID:
    """The stream of a session's command records (beside its events)."""
    return uuid.uuid5(SESSION_NAMESPACE, f"{session_id}\0commands")


def _decode_request(data: bytes) -> RequestRecord:
    return msgspec.json.decode(data, type=RequestRecord)


def requests_id(session_id: str) -> uuid.UUID:
    """The stream of the idempotency keys of the HTTP requests that gave a session's
    rulings (beside its events)."""
    return uuid.uuid5(SESSION_NAMESPACE, f"{session_id}\0requests")


class RequestRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A ruling's HTTP request, by its ``Idempotency-Key``: who gave it, the digest of
    its body, and the positions of the batch it gave. Appended in the batch's own
    transaction, so a key is kept exactly when its ruling is."""

    key: str
    actor: str
    digest: str
    first: int
    last: int


@dataclass(frozen=True)
class StoreConfig:
    """Where events live: ``sqlite`` (a file in ``data_dir``), ``memory``, or
    ``postgresql`` (a database several processes share)."""

    kind: StoreKind = "sqlite"
    data_dir: Path = Path(".kiroku")
    lock_timeout: float = 10.0
    """Seconds a command waits for another process's write to finish (``KIROKU_LOCK_TIMEOUT``)."""
    postgres: Postgres | None = None
    keys: Path | None = None
    """Where the sessions' signing keys live (``KIROKU_KEYS_DIR``; default
    ``data_dir/keys``): a folder the store's editors cannot reach keeps a forger who
    rewrites the store from signing it again (:mod:`adapters.keys`)."""

    @property
    def keys_dir(self) -> Path:
        return self.keys if self.keys is not None else self.data_dir / "keys"

    def with_store(self, store: str) -> StoreConfig:
        """This configuration on the store named: ``sqlite``, ``memory`` or a PostgreSQL URL."""
        if store.startswith(("postgresql:", "postgres:")):
            return replace(self, kind="postgresql", postgres=Postgres.from_url(store))
        if store not in ("sqlite", "memory"):
            raise MalformedInput(
                f"store {excerpt(store)} is not a store: sqlite, memory or "
                "postgresql://USER@HOST:PORT/DBNAME"
            )
        kind: StoreKind = "sqlite" if store == "sqlite" else "memory"
        return replace(self, kind=kind, postgres=None)

    def describe(self) -> str:
        if self.postgres is not None:
            return str(self.postgres)
        return str(self.sqlite_path) if self.kind == "sqlite" else "memory"

    @property
    def sqlite_path(self) -> Path:
        return self.data_dir / "kiroku.sqlite"

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> StoreConfig:
        """``KIROKU_STORE`` (sqlite | memory | a ``postgresql://`` URL) and
        ``KIROKU_DATA_DIR`` (default ``$XDG_DATA_HOME/kiroku``, i.e.
        ``~/.local/share/kiroku``), ``KIROKU_KEYS_DIR`` (default ``DATA_DIR/keys``)."""
        env = dict(os.environ if environ is None else environ)
        store = env.get("KIROKU_STORE", "sqlite")
        try:
            chosen = cls().with_store(store)
        except MalformedInput as error:
            raise MalformedInput(f"KIROKU_STORE: {error}") from None
        data_home = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        data_dir = Path(env.get("KIROKU_DATA_DIR") or Path(data_home) / "kiroku")
        raw = env.get("KIROKU_LOCK_TIMEOUT", "10")
        timeout = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else 0
        if not 1 <= timeout <= 600:
            raise MalformedInput(
                f"KIROKU_LOCK_TIMEOUT={raw[:20]!r} is not a whole number of seconds from 1 to 600"
            )
        keys = Path(env["KIROKU_KEYS_DIR"]) if env.get("KIROKU_KEYS_DIR") else None
        return replace(chosen, data_dir=data_dir, lock_timeout=timeout, keys=keys)


class EventStore:
    """Append and read session streams."""

    def __init__(self, config: StoreConfig) -> None:
        self.config = config
        self._codecs: dict[str, EventCodec] = {}
        self._opened: dict[str, SessionOpened] = {}
        self._requests: dict[str, tuple[dict[tuple[str, str], RequestRecord], int]] = {}
        self.reader: SqliteReader | None = None
        """Direct reads of the SQLite store (None in memory)."""
        if config.kind != "memory" and config.keys_dir.exists() and not config.keys_dir.is_dir():
            raise MalformedInput(
                f"the keys folder {str(config.keys_dir)!r} is a file: name a folder "
                "(KIROKU_KEYS_DIR)"
            )
        if config.kind == "sqlite":
            try:
                str(config.data_dir).encode()
            except UnicodeEncodeError:
                raise MalformedInput(
                    f"the data folder {str(config.data_dir)!r} is not a UTF-8 path, which "
                    "SQLite needs: name another"
                ) from None
            if config.data_dir.exists() and not config.data_dir.is_dir():
                raise MalformedInput(
                    f"the data folder {str(config.data_dir)!r} is a file: name a folder "
                    "(KIROKU_DATA_DIR or --data-dir)"
                )
            if config.sqlite_path.exists() and not config.sqlite_path.is_file():
                raise MalformedInput(
                    f"the store {str(config.sqlite_path)!r} is not a file: move it aside"
                )
            self.reader = SqliteReader(config.sqlite_path, config.lock_timeout)

    @cached_property
    def app(self) -> KirokuApplication:
        """The library's application, made on first use (a write, or the memory store);
        on SQLite, only once the store is found whole (:meth:`check_before_writing`)."""
        from adapters.library import application

        self.check_before_writing()
        made = self.reader is not None and self.reader.made()
        app = application(self.config, made=made)
        if self.reader is not None:  # a writer: it may wait for the index, once
            if not made:
                index_topics(self.config.sqlite_path, EVENTS_TABLE, self.config.lock_timeout)
            self.reader.close()  # read the store as now made, not as it was (or was not)
        return app

    def check_before_writing(self) -> None:
        """Refuse to write to a damaged store: SQLite's ``quick_check`` over the whole file
        before this process first writes to it, while the file is at most
        :data:`CHECKED_BYTES` (a few tens of milliseconds; a larger store is checked by
        ``kiroku doctor``, and a write that meets a damaged page fails as a whole anyway).
        Writing into a damaged file could spread the damage to sessions still whole."""
        if self.reader is None or not self.config.sqlite_path.exists():
            return
        if _store_bytes(self.config.sqlite_path) > CHECKED_BYTES:
            return
        problem = self.reader.damage()
        if problem is not None:
            raise StoreDamaged(damaged_message(self.config, problem))

    @property
    def recorder(self) -> Any:
        return self.app.recorder

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
        if "app" in self.__dict__:
            self.__dict__.pop("app").close()  # closed once; made again if used again

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def append(
        self,
        session_id: str,
        expected_version: int,
        events: Sequence[Event],
        records: Sequence[CommandRecord] = (),
        stored: Sequence[Stored] | None = None,
        request: RequestRecord | None = None,
    ) -> list[Recorded]:
        """Append one command's events in one transaction, after ``expected_version``,
        with the records of the commands that gave them (each in the session's stream of
        records, at its batch's first position; an import brings many). ``stored``: the
        same events as another store or a file held them, kept as they were (an import:
        the seals of its records are over them).

        Raises :class:`ConcurrencyConflict` (and stores nothing) if another writer got
        there first."""
        if not events:
            return []
        from adapters.library import Envelope, save

        stream = stream_id(session_id)
        batch = [Recorded(expected_version + i, event) for i, event in enumerate(events, 1)]
        if stored is not None and [s.position for s in stored] != [r.position for r in batch]:
            raise ValueError("the stored payloads are not the events appended")
        envelopes = [
            Envelope(
                stream,
                r.position,
                r.event,
                None if stored is None else msgspec.json.encode(stored[i].payload),
            )
            for i, r in enumerate(batch)
        ]
        last = expected_version + len(events)
        for record in records:
            if not (expected_version < record.first and record.last <= last):
                raise ValueError(f"the record of {record.command!r} is not of this batch")
            envelopes.append(Envelope(records_id(session_id), record.first, record))
        if request is not None:
            envelopes.append(Envelope(requests_id(session_id), request.first, request))
        save(self.app, session_id, envelopes)
        return batch

    def stream_rows(self, stream: uuid.UUID, after: int) -> list[tuple[int, bytes]]:
        """Every ``(version, payload)`` of a stream beside a session's, after ``after``."""
        if self.reader is not None:
            return list(self.reader.rows(Window(stream.hex, after, None, None), 2**62))
        from adapters.library import fetch_rows

        return list(fetch_rows(self.recorder, stream, after, 2**62, None, None))

    def append_record(
        self, session_id: str, stream: uuid.UUID, version: int, record: msgspec.Struct
    ) -> None:
        """One record at ``version`` of a stream beside the session's, or
        :class:`ConcurrencyConflict` if another writer took that version first."""
        from adapters.library import Envelope, save

        save(self.app, session_id, [Envelope(stream, version, record)])

    def request(self, session_id: str, actor: str, key: str) -> RequestRecord | None:
        """The ruling ``actor``'s request with ``key`` gave, if one did."""
        known, read = self._requests.get(session_id, ({}, 0))
        for _, state in self.stream_rows(requests_id(session_id), read):
            found = _decode_request(state)
            known[(found.actor, found.key)] = found
            read = max(read, found.first)
        self._requests[session_id] = (known, read)
        return known.get((actor, key))

    def command_of(self, session_id: str, position: int) -> CommandRecord | None:
        """The record of the command whose batch holds ``position`` (None: the event was
        not given by a recorded command, as a session's opening, an imported old
        session's events, or a fork's copies)."""
        record = self.latest_record(session_id, position)
        return record if record is not None and record.holds(position) else None

    def latest_record(self, session_id: str, position: int) -> CommandRecord | None:
        """The record of the latest command whose batch begins at or before ``position``."""
        stream = records_id(session_id)
        if self.reader is not None:
            state = self.reader.latest(stream.hex, position)
        else:
            from adapters.library import latest_state

            state = latest_state(self.recorder, stream, position)
        return None if state is None else decode_record(state)

    def records(self, session_id: str, after: int = 0) -> list[CommandRecord]:
        """Every command record of the session whose batch begins after ``after``, in
        order."""
        stream = records_id(session_id)
        if self.reader is not None:
            window = Window(stream.hex, after, None, None)
            states = [state for _, state in self.reader.rows(window, 2**62)]
        else:
            from adapters.library import fetch_rows

            rows = fetch_rows(self.recorder, stream, after, 2**62, None, None)
            states = [state for _, state in rows]
        return [decode_record(state) for state in states]

    def read(
        self,
        session_id: str,
        after: int = 0,
        page: int = READ_PAGE,
        *,
        until: int | None = None,
        topic: str | None = None,
        as_found: bool = False,
    ) -> Generator[Recorded, None, None]:
        """The session's events after position ``after`` (up to ``until``; only those of
        event type ``topic``), in large pages, decoded straight into typed Structs. A gap
        in the positions is a damaged store (:class:`StoreDamaged`), unless ``as_found``:
        an audit reads what is there, to say what is missing."""
        for decoded in self.read_pages(
            session_id, after, page, until=until, topic=topic, as_found=as_found
        ):
            yield from decoded

    def read_pages(
        self,
        session_id: str,
        after: int = 0,
        page: int = READ_PAGE,
        *,
        until: int | None = None,
        topic: str | None = None,
        as_found: bool = False,
    ) -> Generator[list[Recorded], None, None]:
        """:meth:`read` a page at a time (a long fold iterates them without a generator
        step per event)."""
        stream = stream_id(session_id)
        codec = self.codec(session_id)
        where = f"session {session_id!r}, "
        stored_topic = None if topic is None else f"kiroku:{topic}"
        follows = None if topic is not None or as_found else after
        if self.reader is not None:
            window = Window(stream.hex, after, until, stored_topic)
            for read_from, joined in self.reader.pages(window, page):
                decoded = codec.decode_joined(joined.states, joined.positions)
                if decoded is None:
                    rows = self.reader.rows(read_from, joined.count)
                    decoded = codec.decode_page(rows, where)
                if follows is not None:
                    follows = _without_gap(decoded, follows, self.config, session_id)
                yield decoded
            return
        from adapters.library import fetch_rows

        while True:
            rows = fetch_rows(self.recorder, stream, after, page, until, stored_topic)
            decoded = codec.decode_page(rows, where)
            if follows is not None:
                follows = _without_gap(decoded, follows, self.config, session_id)
            yield decoded
            if len(rows) < page:
                return
            after = rows[-1][0]

    def read_stored(
        self,
        session_id: str,
        after: int = 0,
        *,
        until: int | None = None,
        as_found: bool = False,
    ) -> Generator[Stored, None, None]:
        """The session's events after ``after`` (up to ``until``) as they were stored:
        plain JSON payloads, not read into today's event types — what the hash chain is
        computed over (:mod:`domain.session.chain`). ``as_found``: as :meth:`read`."""
        stream = stream_id(session_id)
        where = f"session {session_id!r}"
        follows = None if as_found else after
        if self.reader is not None:
            window = Window(stream.hex, after, until, None)
            for _, joined in self.reader.pages(window, READ_PAGE):
                payloads = _plain(joined.states, where)
                positions = _plain(joined.positions, where)
                if not isinstance(payloads, list) or not isinstance(positions, list):
                    raise MalformedInput(f"{where}: a page of stored events is not a list")
                if follows is not None:
                    follows = _without_gap(positions, follows, self.config, session_id)
                for position, payload in zip(positions, payloads, strict=True):
                    yield Stored(position, payload)
            return
        from adapters.library import fetch_rows

        while True:
            rows = fetch_rows(self.recorder, stream, after, READ_PAGE, until, None)
            if follows is not None:
                follows = _without_gap([p for p, _ in rows], follows, self.config, session_id)
            for position, state in rows:
                yield Stored(position, _plain(state, f"{where}, event {position}"))
            if len(rows) < READ_PAGE:
                return
            after = rows[-1][0]

    def corrections(
        self, session_id: str, after: int = 0, until: int | None = None
    ) -> list[Recorded]:
        """The retractions and corrections recorded after ``after``, in order (range
        scans of the stream's key, one by event type)."""
        found = [
            recorded
            for topic in ("EventRetracted", "RulingsCorrected")
            for recorded in self.read(session_id, after, until=until, topic=topic)
        ]
        return sorted(found, key=lambda r: r.position)

    def codec(self, session_id: str) -> EventCodec:
        """The codec of this session's ruleset (from its opening, read once)."""
        codec = self._codecs.get(session_id)
        if codec is None:
            codec = self._codecs[session_id] = codec_for(self.opened(session_id).ruleset)
        return codec

    def _first(self, session_id: str) -> bytes | None:
        if self.reader is not None:
            return self.reader.first(stream_id(session_id).hex)
        from adapters.library import first_state

        return first_state(self.recorder, stream_id(session_id))

    def exists(self, session_id: str) -> bool:
        return self._first(session_id) is not None

    def opened(self, session_id: str) -> SessionOpened:
        """The session's opening, read once: nothing ever changes a session's first event."""
        found = self._opened.get(session_id)
        if found is not None:
            return found
        state = self._first(session_id)
        if state is None:
            raise NotFound(f"no session {session_id!r}")
        try:
            found = self._opened[session_id] = decode_opened(state)
        except MalformedInput as error:
            raise StoreDamaged(
                damaged_message(
                    self.config,
                    f"session {session_id!r} no longer starts with its opening: {error}",
                )
            ) from None
        return found

    def sessions(self) -> list[SessionOpened]:
        """Every session opened in this store, oldest first."""
        if self.reader is not None:
            return [decode_opened(state) for state in self.reader.by_topic(OPENED_TOPIC)]
        from adapters.library import openings

        return [decode_opened(state) for state in openings(self.app)]

    def last_position(self, session_id: str) -> int:
        if self.reader is not None:
            return self.reader.last_position(stream_id(session_id).hex)
        from adapters.library import last_position

        return last_position(self.recorder, stream_id(session_id))


CHECKED_BYTES = 64 * 2**20
"""The largest store (with its write-ahead log) checked whole before a process writes to
it: about 130,000 events, a check of some 40 ms on this project's machines."""


class StoreDamaged(KirokuError):
    """The store's file is damaged: nothing is written to it."""


def _store_bytes(path: Path) -> int:
    log = Path(f"{path}-wal")
    return path.stat().st_size + (log.stat().st_size if log.exists() else 0)


def damaged_message(config: StoreConfig, problem: str) -> str:
    """What to say, and to do, about a damaged store."""
    return (
        f"the store {config.describe()!r} is damaged ({problem}); nothing was written "
        "to it. `kiroku doctor` says which sessions are intact: export those (kiroku "
        "export), move the store aside and import them, or restore a copy"
    )


def describe_store_error(error: BaseException, config: StoreConfig) -> str:
    """What went wrong with which store, and what to do, in one line."""
    where = repr(config.describe())
    text = str(error) or type(error).__name__
    lowered = text.lower()
    if config.postgres is not None:
        return _postgres_error(where, text, config)
    if "locked" in lowered or "busy" in lowered:
        return (
            f"the store {where} is busy with another process's write (waited "
            f"{config.lock_timeout:g} s); nothing was recorded: try again once it has finished"
        )
    if "not a database" in lowered or "malformed" in lowered or "corrupt" in lowered:
        return damaged_message(config, text)
    if "write-ahead log" in lowered:
        return f"the store {where} cannot be read here: {text}"
    if "readonly" in lowered or "read-only" in lowered or "unable to open" in lowered:
        return (
            f"the store {where} cannot be written from here ({text}): reading it works, "
            "writing needs its folder writable (check its permissions, or the mount)"
        )
    return f"the store {where} failed: {text}"


def _postgres_error(where: str, text: str, config: StoreConfig) -> str:
    first = text.strip().splitlines()[0] if text.strip() else text
    lowered = first.lower()
    if "connection" in lowered or "connect" in lowered or "timeout" in lowered:
        return (
            f"the store {where} cannot be reached ({first}): is PostgreSQL running there, "
            "and does the database exist?"
        )
    if "lock" in lowered:
        return (
            f"the store {where} is busy with another process's write (waited "
            f"{config.lock_timeout:g} s); nothing was recorded: try again once it has finished"
        )
    return f"the store {where} failed: {first}"


def _without_gap(page: Sequence[Any], follows: int, config: StoreConfig, session: str) -> int:
    """The last position of a page of a stream (events, stored events, or positions),
    which must follow ``follows`` without a gap: a stream's positions are 1, 2, 3 …, so a
    gap is a store that lost events. The positions come sorted and each once (the
    store's key), so the first, the last and the count tell."""
    if not page:
        return follows
    first, last = _position(page[0]), _position(page[-1])
    if first == follows + 1 and last - first + 1 == len(page):
        return last
    expected = follows + 1
    for item in page:
        if _position(item) != expected:
            break
        expected += 1
    raise StoreDamaged(
        damaged_message(
            config,
            f"session {session!r} has no event {expected}, yet holds event "
            f"{_position(item)}: events were lost",
        )
    )


def _position(item: Any) -> int:
    return item if isinstance(item, int) else int(item.position)


def _plain(data: bytes, where: str) -> Any:
    """Stored JSON as plain values."""
    try:
        return msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        raise MalformedInput(f"{where}: the stored event is not JSON") from None
