"""Reading the SQLite store directly: a session's stream in pages that SQLite itself puts
together, its opening, its last position, its latest snapshot.

The ``eventsourcing`` library writes the store (its recorder, its schema, its optimistic
concurrency); reading needs none of it, so a command that only reads (``kiroku state``,
``kiroku log``, a full rebuild) never imports the library.

Reading a long stream row by row costs a Python tuple and a ``bytes`` per event before
anything is decoded. Instead SQLite joins a page of payloads into one JSON array (and
the page's positions into another) with ``group_concat``, so Python receives two
strings per page and msgspec decodes each in one call. SQLite runs a statement without
holding Python's lock, so while one page is decoded and folded, the next is read in a
thread: on a full rebuild the reading costs almost nothing on top of the decoding.

Reads use a connection of their own that may not write (``PRAGMA query_only``): the
library's connections stay the writers'. A command's tail (fewer events than a page) is
one statement and no thread.

A store in a folder this process may not write to (a read-only mount, another user's
folder) is still read: SQLite's write-ahead log wants its shared-memory file beside the
store, so the reader opens it read-only (``mode=ro``), and where even that is refused
(no ``-shm`` file to share) as an immutable file — which is only right while no log of
unfinished writes lies beside it, so a store with a non-empty ``-wal`` it cannot open is
refused, saying so, rather than read without its latest events.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote


@dataclass(frozen=True)
class Page:
    """Up to a page of a stream's events: ``states`` a JSON array of their payloads and
    ``positions`` a JSON array of their positions, in the same order."""

    states: bytes
    positions: bytes
    count: int
    last: int


@dataclass(frozen=True)
class Window:
    """Which events of which stream: positions in ``(after, until]``, of one stored
    ``topic`` if given."""

    stream: str
    after: int
    until: int | None
    topic: str | None

    def where(self) -> tuple[str, tuple[object, ...]]:
        clause = "originator_id=? AND originator_version>? AND originator_version<=?"
        values: tuple[object, ...] = (
            self.stream,
            self.after,
            2**62 if self.until is None else self.until,
        )
        if self.topic is not None:
            clause += " AND topic=?"
            values += (self.topic,)
        return clause, values

    def moved_to(self, after: int) -> Window:
        return Window(self.stream, after, self.until, self.topic)


EVENTS_TABLE = "stored_events"
SNAPSHOTS_TABLE = "stored_snapshots"
"""The library's SQLite tables (``adapters.store`` checks that its recorders agree)."""

FIRST_PAGE = 1_000
"""The most events a read's first page holds: a command's tail (fewer events than a
snapshot interval) is one statement, a long read gets going without waiting for a whole
page."""

TOPIC_INDEX = "kiroku_stream_topic"


def index_topics(path: Path, table: str, timeout: float) -> bool:
    """Index a stream's events by type, so that reading one type of event (a session's
    retractions, which every fold needs first) is a range scan, not a pass over the
    whole stream. Made once, when a store is first written to (a command that only reads
    never waits for it); False when it cannot be made now (a read-only store, another
    process's long write): reads work without it, only slower."""
    connection = sqlite3.connect(path, timeout=timeout)
    try:
        present = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type='index' AND name=?", (TOPIC_INDEX,)
        ).fetchone()
        if present is None:
            with connection:
                connection.execute(
                    f"CREATE INDEX IF NOT EXISTS {TOPIC_INDEX} "
                    f"ON {table} (originator_id, topic, originator_version)"
                )
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        connection.close()


NOT_WRITABLE = ("unable to open", "readonly", "read-only")
"""What SQLite says when the store's folder (or the store) may not be written."""


class UnreadableLog(sqlite3.OperationalError):
    """A store whose write-ahead log holds writes that a read-only open cannot see."""


def open_for_reading(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection that reads the store at ``path`` and may not write to it: an ordinary
    one where the folder allows, else read-only, else immutable (see the module's
    docstring). The first statement is run here, so that a failure shows now."""
    uri = f"file:{quote(str(path.resolve()))}"
    attempts = (str(path), f"{uri}?mode=ro", f"{uri}?mode=ro&immutable=1")
    first_error: sqlite3.OperationalError | None = None
    for number, target in enumerate(attempts):
        if number == 2 and _unfinished_log(path):
            raise UnreadableLog(
                f"unable to open the write-ahead log {str(path) + '-wal'!r} from this folder "
                "(it holds writes not yet in the store): open the store once where its folder "
                "can be written, or copy the folder somewhere writable"
            )
        connection = sqlite3.connect(
            target, timeout=timeout, check_same_thread=False, uri=number > 0
        )
        try:
            connection.execute("PRAGMA query_only=ON")
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as error:
            connection.close()
            if not any(words in str(error).lower() for words in NOT_WRITABLE):
                raise
            first_error = first_error or error
            continue
        connection.text_factory = bytes
        return connection
    assert first_error is not None
    raise first_error


def _unfinished_log(path: Path) -> bool:
    log = Path(f"{path}-wal")
    return log.exists() and log.stat().st_size > 0


def _has_tables(connection: sqlite3.Connection) -> bool:
    """Whether the library has made its tables in this store yet."""
    found = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN (?, ?)",
        (EVENTS_TABLE, SNAPSHOTS_TABLE),
    ).fetchone()
    return found is not None and found[0] == 2


SCHEMA = (
    f"CREATE TABLE {EVENTS_TABLE} (originator_id TEXT, originator_version INTEGER, "
    "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))",
    f"CREATE TABLE {SNAPSHOTS_TABLE} (originator_id TEXT, originator_version INTEGER, "
    "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version)) WITHOUT ROWID",
)
"""The library's tables (as ``eventsourcing.sqlite`` makes them), for an empty store."""


def _empty_store() -> sqlite3.Connection:
    """What a store not made yet reads as: the tables, empty, in memory. A command that
    only reads never makes a store (a mistyped ``--data-dir`` leaves nothing behind); the
    first write makes it, and the reader then reads the file."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    for statement in SCHEMA:
        connection.execute(statement)
    connection.text_factory = bytes
    return connection


def damage(connection: sqlite3.Connection) -> str | None:
    """What SQLite's ``PRAGMA quick_check`` finds wrong with the store, or None: its first
    finding, or the error that stopped it (a page too damaged to read at all)."""
    try:
        for (finding,) in connection.execute("PRAGMA quick_check"):
            text = finding.decode() if isinstance(finding, bytes) else str(finding)
            if text != "ok":
                return "; ".join(line.strip() for line in text.splitlines() if line.strip())
    except sqlite3.DatabaseError as error:
        return str(error)
    return None


class SqliteReader:
    """Reads of the store in the SQLite database at ``path``."""

    def __init__(self, path: Path, timeout: float) -> None:
        self._path = path
        self._table = EVENTS_TABLE
        self._timeout = timeout
        self._connection: sqlite3.Connection | None = None
        self._empty: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        """The store's file, once another process (or this one) has made it; until then
        an empty store, and the file is looked for again at the next read: a server
        started on a new folder sees the sessions the shell opens there after it."""
        if self._connection is None:
            if self._path.exists():
                connection = open_for_reading(self._path, self._timeout)
                if _has_tables(connection):
                    self._connection = connection
                    return connection
                connection.close()
            if self._empty is None:
                self._empty = _empty_store()
            return self._empty
        return self._connection

    def made(self) -> bool:
        """Whether the store's file holds the library's tables and the topic index already
        (:func:`index_topics`): a writer then has nothing to make before its command."""
        with self._lock:
            connection = self._connect()
            if connection is self._empty:
                return False
            found = connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE name IN (?, ?, ?)",
                (EVENTS_TABLE, SNAPSHOTS_TABLE, TOPIC_INDEX),
            ).fetchone()
            return found is not None and found[0] == 3

    def damage(self) -> str | None:
        """What :func:`damage` finds in this store, or None."""
        with self._lock:
            return damage(self._connect())

    def close(self) -> None:
        with self._lock:
            for connection in (self._connection, self._empty):
                if connection is not None:
                    connection.close()
            self._connection = self._empty = None

    def _one(self, statement: str, values: tuple[object, ...]) -> Any:
        """The first row a statement gives (a tuple), or None."""
        with self._lock:
            return self._connect().execute(statement, values).fetchone()

    def first(self, stream: str) -> bytes | None:
        """The payload of a stream's first event (a session's opening), if it has one."""
        row = self._one(
            f"SELECT state FROM {EVENTS_TABLE} WHERE originator_id=? "
            "ORDER BY originator_version LIMIT 1",
            (stream,),
        )
        return None if row is None else bytes(row[0])

    def last_position(self, stream: str) -> int:
        row = self._one(
            f"SELECT max(originator_version) FROM {EVENTS_TABLE} WHERE originator_id=?",
            (stream,),
        )
        return 0 if row is None or row[0] is None else int(row[0])

    def by_topic(self, topic: str) -> list[bytes]:
        """The payload of every event of one stored type in the store, oldest first (the
        order the library numbers them in)."""
        with self._lock:
            rows = (
                self._connect()
                .execute(f"SELECT state FROM {EVENTS_TABLE} WHERE topic=? ORDER BY rowid", (topic,))
                .fetchall()
            )
        return [bytes(state) for (state,) in rows]

    def latest(self, stream: str, until: int) -> bytes | None:
        """The payload of a stream's latest event at or before ``until``."""
        row = self._one(
            f"SELECT state FROM {EVENTS_TABLE} WHERE originator_id=? AND originator_version<=? "
            "ORDER BY originator_version DESC LIMIT 1",
            (stream, until),
        )
        return None if row is None else bytes(row[0])

    def latest_snapshot(self, stream: str, until: int | None) -> tuple[int, bytes] | None:
        """The latest row of a snapshot stream at or before ``until``."""
        row = self._one(
            f"SELECT originator_version, state FROM {SNAPSHOTS_TABLE} WHERE originator_id=? "
            "AND originator_version<=? ORDER BY originator_version DESC LIMIT 1",
            (stream, 2**62 if until is None else until),
        )
        return None if row is None else (int(row[0]), bytes(row[1]))

    def page(self, window: Window, limit: int) -> Page | None:
        """The first ``limit`` events of ``window`` (None: there are none)."""
        clause, values = window.where()
        statement = (
            "SELECT '[' || group_concat(CAST(state AS TEXT), ',') || ']', "
            "'[' || group_concat(originator_version, ',') || ']', count(*), "
            f"max(originator_version) FROM (SELECT originator_version, state FROM {self._table} "
            f"WHERE {clause} ORDER BY originator_version LIMIT ?)"
        )
        with self._lock:
            row = self._connect().execute(statement, (*values, limit)).fetchone()
        states, positions, count, last = row
        if not count:
            return None
        return Page(states, positions, count, last)

    def rows(self, window: Window, limit: int) -> list[tuple[int, bytes]]:
        """The same events as :meth:`page`, one ``(position, state)`` row each: for a
        page that needs a closer look (an event to upcast, or to locate an error)."""
        clause, values = window.where()
        statement = (
            f"SELECT originator_version, state FROM {self._table} WHERE {clause} "
            "ORDER BY originator_version LIMIT ?"
        )
        with self._lock:
            rows: list[tuple[int, bytes]] = (
                self._connect().execute(statement, (*values, limit)).fetchall()
            )
        return rows

    def pages(self, window: Window, limit: int) -> Iterator[tuple[Window, Page]]:
        """Every page of ``window`` in order (up to ``limit`` events each), each with the
        window it was read from; the next page is read in a thread while the caller
        works on this one. The first page is short (:data:`FIRST_PAGE`), so that the
        caller starts on it while the next, full one is read."""
        asked = min(limit, FIRST_PAGE)
        page = self.page(window, asked)
        ahead: _Ahead | None = None
        try:
            while page is not None:
                following = window.moved_to(page.last)
                ahead = _Ahead(self, following, limit) if page.count == asked else None
                asked = limit
                yield window, page
                window = following
                page = ahead.result() if ahead is not None else None
                ahead = None
        finally:
            if ahead is not None:  # the caller stopped early: let the thread finish
                ahead.join()


class _Ahead:
    """One page read in a thread; :meth:`result` waits for it (and raises its error)."""

    def __init__(self, reader: SqliteReader, window: Window, limit: int) -> None:
        self._page: Page | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(
            target=self._read, args=(reader, window, limit), name="kiroku-read-ahead", daemon=True
        )
        self._thread.start()

    def _read(self, reader: SqliteReader, window: Window, limit: int) -> None:
        try:
            self._page = reader.page(window, limit)
        except BaseException as error:  # handed to the reader's thread by result()
            self._error = error

    def join(self) -> None:
        self._thread.join()

    def result(self) -> Page | None:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._page
