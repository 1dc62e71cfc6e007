"""``kiroku doctor``: check a store without writing to it, and say which sessions are whole.

The SQLite file is opened for reading only (read-only or immutable where its folder
may not be written, as every read is: ``adapters.sqlite_reads``): its integrity is
checked (``PRAGMA quick_check``), then every session's stream is read back event by
event — each decoded with its ruleset's codec, positions 1, 2, 3 … without a gap — and
every command record decoded (``records``: how many, and any that cannot be read); then
each session's rows are hashed as they are stored against the seals of its records, so
a row edited, deleted or swapped since is reported edited, not intact, and each seal's
signature checked against the session's key (a forgery with the chain recomputed, its
signatures stripped, the keys folder removed, is edited too).

A damaged file is read as far as it can be: when reading the table in order meets a
damaged page, each row is read on its own by its row number, the rows that can be are
sorted into their sessions, and each session's positions are checked against the
table's key index, which SQLite keeps apart from the rows. A session is intact only
when every event the index knows of was read and decoded; one whose index is damaged
too cannot be vouched for, and is not called intact. The intact sessions can be
exported (``kiroku export`` reads only their own pages) and imported into a new store.

Exit 0 when the store and every session are whole, 2 when anything is not (what,
where, and which sessions are intact).
"""

from __future__ import annotations

import argparse
import sqlite3
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from adapters.cli.context import store_config
from adapters.cli.render import print_json
from adapters.codec import codec_for, decode_opened, decode_record
from adapters.keys import Keys, SignatureCheck
from adapters.sqlite_reads import EVENTS_TABLE, damage, open_for_reading
from adapters.store import StoreConfig, describe_store_error, records_id
from domain.errors import KirokuError
from domain.events import Recorded
from domain.session.chain import Stored
from domain.session.record import CommandRecord
from domain.session.verify import check_chain, check_signatures

OPENED = "kiroku:SessionOpened"
RECORD = "kiroku:CommandRecord"
SIDE_STREAMS = frozenset(
    {"kiroku:CampaignOpened", "kiroku:RequestRecord", "kiroku:TokenIssued", "kiroku:TokenRevoked"}
)
"""The topics of the streams that are no session's events: a campaign's opening, the
HTTP requests' idempotency keys, a session's tokens. Each is read by its own reader."""
PAGE = 10_000
PG_EVENTS = "kiroku_events"
"""The library's events table on PostgreSQL (its application's name, then ``_events``)."""
SALVAGE_CHUNK = 256
"""Rows read at once while salvaging a damaged table (one at a time where a chunk fails)."""

Row = tuple[str, int, str, bytes]


def _bytes(state: object) -> bytes:
    """A stored payload as bytes: a BLOB as written, or TEXT where a hand edited it."""
    return state.encode() if isinstance(state, str) else bytes(state)  # type: ignore[call-overload]


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _row(raw: tuple[Any, ...]) -> Row:
    originator, position, topic, state = raw
    return _text(originator), int(position), _text(topic), _bytes(state)


def _rows(connection: sqlite3.Connection) -> Iterator[Row]:
    """Every row of the events table in stream and position order, a page at a time."""
    after: tuple[str, int] = ("", 0)
    while True:
        rows = connection.execute(
            f"SELECT originator_id, originator_version, topic, state FROM {EVENTS_TABLE} "
            "WHERE (originator_id, originator_version) > (?, ?) "
            "ORDER BY originator_id, originator_version LIMIT ?",
            (*after, PAGE),
        ).fetchall()
        yield from map(_row, rows)
        if len(rows) < PAGE:
            return
        after = (_text(rows[-1][0]), int(rows[-1][1]))


def _salvaged_rows(connection: sqlite3.Connection, report: dict[str, Any]) -> list[Row]:
    """Every row of the events table that can still be read, by row number (a chunk at
    a time, one at a time where a chunk meets a damaged page), in stream and position
    order; how many could not be read goes into the report."""
    top = connection.execute(f"SELECT max(rowid) FROM {EVENTS_TABLE}").fetchone()[0]
    found: list[Row] = []
    lost = 0
    select = f"SELECT originator_id, originator_version, topic, state FROM {EVENTS_TABLE} "
    for start in range(1, int(top or 0) + 1, SALVAGE_CHUNK):
        end = start + SALVAGE_CHUNK - 1
        try:
            chunk = connection.execute(select + "WHERE rowid BETWEEN ? AND ?", (start, end))
            found += map(_row, chunk.fetchall())
            continue
        except sqlite3.DatabaseError:
            pass
        for rowid in range(start, end + 1):
            try:
                found += map(_row, connection.execute(select + "WHERE rowid = ?", (rowid,)))
            except sqlite3.DatabaseError:
                lost += 1
    report["unreadable rows"] = lost
    if lost:
        report["problems"].append(f"{lost} rows of the events table cannot be read")
    return sorted(found, key=lambda row: (row[0], row[1]))


def _indexed_positions(connection: sqlite3.Connection, stream: str) -> list[int] | None:
    """A stream's positions as the table's key index holds them (None: it cannot be read)."""
    try:
        rows = connection.execute(
            f"SELECT originator_version FROM {EVENTS_TABLE} WHERE originator_id=? "
            "ORDER BY originator_version",
            (stream,),
        ).fetchall()
    except sqlite3.DatabaseError:
        return None
    return [int(position) for (position,) in rows]


def _indexed_streams(connection: sqlite3.Connection) -> list[str]:
    """Every stream the key index knows of (none when it cannot be read)."""
    try:
        rows = connection.execute(f"SELECT DISTINCT originator_id FROM {EVENTS_TABLE}").fetchall()
    except sqlite3.DatabaseError:
        return []
    return [_text(stream) for (stream,) in rows]


def _streams(
    rows: Iterable[Row], report: dict[str, Any], keys: Keys | None = None
) -> dict[str, dict[str, Any]]:
    """Each session stream's events decoded in order: how many, and the first problem —
    then its events hashed as they are stored against the seals of its command records
    (:func:`domain.session.verify.check_chain`): a row edited, deleted or swapped since
    it was sealed makes its session edited, never intact; so does a record whose seal or
    signature was removed, or whose signature is not a key's trusted for it in ``keys``
    (:func:`domain.session.verify.check_signatures`)."""
    streams: dict[str, dict[str, Any]] = {}
    records: dict[uuid.UUID, list[CommandRecord]] = {}
    unreadable: dict[uuid.UUID, str] = {}
    for originator, position, topic, state in rows:
        if topic in SIDE_STREAMS:
            continue
        if topic == RECORD:  # a session's command records, in a stream of their own
            try:
                records.setdefault(_uuid(originator), []).append(decode_record(state))
                report["records"] += 1
            except KirokuError as error:
                unreadable.setdefault(
                    _uuid(originator), f"its command record at {position} cannot be read ({error})"
                )
                report["problems"].append(
                    f"the command record at {position} (stream {originator}): {error}"
                )
            continue
        stream = streams.setdefault(
            originator, {"events": 0, "problem": None, "read": [], "recorded": [], "stored": []}
        )
        stream["read"].append(position)
        if stream["problem"] is not None:
            continue
        try:
            if position == 1:
                if topic != OPENED:
                    raise KirokuError(f"opens with {topic}, not SessionOpened")
                opened = decode_opened(state)
                stream["session"], stream["codec"] = opened.session, codec_for(opened.ruleset)
                event: Any = opened
            elif position != stream["events"] + 1:
                stream["problem"] = f"event {stream['events'] + 1} is missing (next: {position})"
            else:
                event = stream["codec"].decode(state)
            if stream["problem"] is None:
                stream["recorded"].append(Recorded(position, event))
                stream["stored"].append(Stored(position, msgspec.json.decode(state)))
        except (KirokuError, KeyError, msgspec.DecodeError) as error:
            stream["problem"] = f"event {position}: {error}"
        stream["events"] = position
    for stream in streams.values():
        _check_sealed(stream, records, unreadable, keys)
    return streams


def _uuid(originator: str) -> uuid.UUID:
    try:
        return uuid.UUID(originator)
    except ValueError:
        return uuid.UUID(int=0)


def _check_sealed(
    stream: dict[str, Any],
    records: dict[uuid.UUID, list[CommandRecord]],
    unreadable: dict[uuid.UUID, str],
    keys: Keys | None,
) -> None:
    """A session whose events decode is intact only if its records can be read, its
    rows still hash to their seals, and its seals are signed by its key."""
    recorded, stored = stream.pop("recorded"), stream.pop("stored")
    if stream["problem"] is not None or "session" not in stream:
        return
    stream_of_records = records_id(stream["session"])
    if stream_of_records in unreadable:
        stream["problem"] = unreadable[stream_of_records]
        return
    sealed = [r for r in records.get(stream_of_records, []) if r.last <= len(recorded)]
    _, problem, _ = check_chain(recorded, sealed, None, stored)
    if problem is None and keys is not None:
        session = stream["session"]
        signatures = SignatureCheck(session, keys.trusted(session), every=True)
        problem = check_signatures(sealed, signatures)
    if problem is not None:
        stream["edited"] = True
        stream["problem"] = f"edited since it was sealed: {problem.message}"


def _check_against_index(
    connection: sqlite3.Connection, streams: dict[str, dict[str, Any]]
) -> None:
    """After a salvage: whether each stream's rows read are all the index knows of, and
    the streams of which no row could be read at all."""
    for originator in _indexed_streams(connection):
        streams.setdefault(
            originator, {"events": 0, "read": [], "problem": "none of its rows can be read"}
        )
    for originator, stream in streams.items():
        if stream["problem"] is not None:
            continue
        indexed = _indexed_positions(connection, originator)
        if indexed is None:
            stream["problem"] = (
                f"its {stream['events']} events were read, but the index that says how many "
                "it holds is damaged: it cannot be vouched for"
            )
        elif indexed != stream["read"]:
            missing = sorted(set(indexed) - set(stream["read"]))
            stream["problem"] = (
                f"events {_span(missing)} cannot be read" if missing else "its index disagrees"
            )


def _span(positions: list[int]) -> str:
    if len(positions) == 1:
        return str(positions[0])
    return f"{positions[0]}–{positions[-1]} ({len(positions)} events)"


def examine(path: str, timeout: float = 10.0, keys: Keys | None = None) -> dict[str, Any]:
    """What is wrong with the store at ``path``, if anything, and each session's state
    (``keys``: the sessions' signing keys, whose signatures are checked too)."""
    report: dict[str, Any] = {
        "store": path,
        "integrity": None,
        "sessions": {},
        "records": 0,
        "problems": [],
    }
    try:
        connection = open_for_reading(Path(path), timeout)
    except sqlite3.Error as error:
        report["problems"].append(f"cannot open the store to read it: {error}")
        return report
    try:
        found = damage(connection)
        report["integrity"] = found or "ok"
        if found is not None:
            report["problems"].append(f"SQLite's quick_check: {found}")
        tally: dict[str, Any] = {"records": 0, "problems": []}
        try:
            streams = _streams(_rows(connection), tally, keys)
        except sqlite3.DatabaseError as error:
            report["problems"].append(
                f"reading the events in order stops at a damaged page ({error}): "
                "what can be read was read row by row"
            )
            tally = {"records": 0, "problems": []}
            streams = _streams(_salvaged_rows(connection, report), tally, keys)
            _check_against_index(connection, streams)
        _report_streams(report, streams, tally)
    except sqlite3.Error as error:
        report["problems"].append(f"the store cannot be read: {error}")
    finally:
        connection.close()
    return report


def _report_streams(
    report: dict[str, Any], streams: dict[str, dict[str, Any]], tally: dict[str, Any]
) -> None:
    """Each stream's findings into the report, whatever store they were read from."""
    report["records"] = tally["records"]
    report["problems"] += tally["problems"]
    for originator, stream in streams.items():
        name = stream.get("session", f"(stream {originator})")
        problem = stream["problem"]
        report["sessions"][name] = {
            "events": stream["events"],
            "intact": problem is None,
            "edited": stream.get("edited", False),
        }
        if problem is not None:
            report["sessions"][name]["problem"] = problem
            report["problems"].append(f"session {name!r}: {problem}")


def examine_postgres(config: StoreConfig) -> dict[str, Any]:
    """The PostgreSQL store ``config`` names, read in one read-only transaction: every
    session's events decoded in order without a gap, its records decoded, its rows
    hashed against their seals and the seals' signatures checked, as on SQLite
    (PostgreSQL keeps its own pages whole: there is no file to check or salvage)."""
    import psycopg
    from psycopg import sql

    where = config.postgres
    assert where is not None
    report: dict[str, Any] = {
        "store": config.describe(),
        "integrity": None,
        "sessions": {},
        "records": 0,
        "problems": [],
    }
    table = sql.Identifier(where.schema, PG_EVENTS) if where.schema else sql.Identifier(PG_EVENTS)
    try:
        with psycopg.connect(
            host=where.host, port=where.port, user=where.user, password=where.password,
            dbname=where.dbname, connect_timeout=5,
        ) as connection:  # fmt: skip
            connection.read_only = True
            found = connection.execute(
                "SELECT to_regclass(%s)", (f"{where.schema or 'public'}.{PG_EVENTS}",)
            ).fetchone()
            if found is None or found[0] is None:
                report["problems"].append("there is no store here yet")
                return report
            rows = connection.execute(
                sql.SQL(
                    "SELECT originator_id, originator_version, topic, state FROM {} "
                    "ORDER BY originator_id, originator_version"
                ).format(table)
            )
            tally: dict[str, Any] = {"records": 0, "problems": []}
            streams = _streams(map(_row, rows), tally, Keys.of(config))
    except psycopg.Error as error:
        report["problems"].append(describe_store_error(error, config))
        return report
    report["integrity"] = "ok"
    _report_streams(report, streams, tally)
    return report


def doctor_command(args: argparse.Namespace) -> int:
    config = store_config(args)
    if config.kind == "postgresql":
        report = examine_postgres(config)
    elif config.kind == "memory":
        report = {
            "store": "memory",
            "integrity": None,
            "sessions": {},
            "records": 0,
            "problems": ["the memory store keeps nothing between commands: nothing to check"],
        }
    elif not config.sqlite_path.exists():
        report = {
            "store": str(config.sqlite_path),
            "integrity": None,
            "sessions": {},
            "records": 0,
            "problems": ["there is no store here yet"],
        }
    else:
        report = examine(str(config.sqlite_path), config.lock_timeout, Keys.of(config))
    if args.json:
        print_json(report)
    else:
        print(f"store {report['store']}: integrity {report['integrity'] or 'not checked'}")
        for name, session in report["sessions"].items():
            verdict = (
                "intact"
                if session["intact"]
                else f"EDITED: {session['problem']}"
                if session["edited"]
                else f"DAMAGED: {session['problem']}"
            )
            print(f"  {name}: {session['events']} events, {verdict}")
        print(f"  {report['records']} command records")
        for problem in report["problems"]:
            print(f"problem: {problem}")
        intact = [name for name, session in report["sessions"].items() if session["intact"]]
        if report["problems"] and intact:
            print(
                f"{len(intact)} of {len(report['sessions'])} sessions are intact: export each "
                "(kiroku export SESSION -o FILE), move the store aside, and import them"
            )
    return 0 if not report["problems"] else 2
