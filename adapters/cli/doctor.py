"""``kiroku doctor``: check a store without writing to it, and say which sessions are whole.

The SQLite file is opened read-only: its integrity is checked (``PRAGMA quick_check``),
then every session's stream is read back event by event — each decoded with its
ruleset's codec, positions 1, 2, 3 … without a gap — and every command record decoded
(``records``: how many, and any that cannot be read). Exit 0 when the store and every
session are whole, 2 when anything is not (what, where, and which sessions are intact).
"""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Iterator
from typing import Any

from adapters.cli.context import store_config
from adapters.cli.render import print_json
from adapters.codec import codec_for, decode_opened, decode_record
from domain.errors import KirokuError

OPENED = "kiroku:SessionOpened"
RECORD = "kiroku:CommandRecord"
PAGE = 10_000


def _bytes(state: object) -> bytes:
    """A stored payload as bytes: a BLOB as written, or TEXT where a hand edited it."""
    return state.encode() if isinstance(state, str) else bytes(state)  # type: ignore[call-overload]


def _rows(connection: sqlite3.Connection) -> Iterator[tuple[str, int, str, bytes]]:
    after: tuple[str, int] = ("", 0)
    while True:
        rows = connection.execute(
            "SELECT originator_id, originator_version, topic, state FROM stored_events "
            "WHERE (originator_id, originator_version) > (?, ?) "
            "ORDER BY originator_id, originator_version LIMIT ?",
            (*after, PAGE),
        ).fetchall()
        yield from rows
        if len(rows) < PAGE:
            return
        after = (rows[-1][0], rows[-1][1])


def examine(path: str) -> dict[str, Any]:
    """What is wrong with the store at ``path``, if anything, and each session's state."""
    report: dict[str, Any] = {
        "store": path,
        "integrity": None,
        "sessions": {},
        "records": 0,
        "problems": [],
    }
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        report["problems"].append(f"cannot open the store read-only: {error}")
        return report
    try:
        [(integrity,)] = connection.execute("PRAGMA quick_check").fetchall()[:1]
        report["integrity"] = integrity
        if integrity != "ok":
            report["problems"].append(f"SQLite's quick_check: {integrity}")
        streams: dict[str, dict[str, Any]] = {}
        for originator, position, topic, state in _rows(connection):
            if topic == RECORD:  # a session's command records, in a stream of their own
                try:
                    decode_record(_bytes(state))
                    report["records"] += 1
                except KirokuError as error:
                    report["problems"].append(
                        f"the command record at {position} (stream {originator}): {error}"
                    )
                continue
            stream = streams.setdefault(originator, {"events": 0, "problem": None})
            if stream["problem"] is not None:
                continue
            try:
                if position == 1:
                    if topic != OPENED:
                        raise KirokuError(f"opens with {topic}, not SessionOpened")
                    opened = decode_opened(_bytes(state))
                    stream["session"], stream["codec"] = opened.session, codec_for(opened.ruleset)
                elif position != stream["events"] + 1:
                    raise KirokuError(f"event {position} follows event {stream['events']}")
                else:
                    stream["codec"].decode(_bytes(state))
            except (KirokuError, KeyError) as error:
                stream["problem"] = f"event {position}: {error}"
            stream["events"] = position
        for originator, stream in streams.items():
            name = stream.get("session", f"(stream {originator})")
            problem = stream["problem"]
            report["sessions"][name] = {"events": stream["events"], "intact": problem is None}
            if problem is not None:
                report["sessions"][name]["problem"] = problem
                report["problems"].append(f"session {name!r}: {problem}")
    except sqlite3.Error as error:
        report["problems"].append(f"the store cannot be read: {error}")
    finally:
        connection.close()
    return report


def doctor_command(args: argparse.Namespace) -> int:
    config = store_config(args)
    if not config.sqlite_path.exists():
        report: dict[str, Any] = {
            "store": str(config.sqlite_path),
            "integrity": None,
            "sessions": {},
            "records": 0,
            "problems": ["there is no store here yet"],
        }
    else:
        report = examine(str(config.sqlite_path))
    if args.json:
        print_json(report)
    else:
        print(f"store {report['store']}: integrity {report['integrity'] or 'not checked'}")
        for name, session in report["sessions"].items():
            verdict = "intact" if session["intact"] else f"DAMAGED at {session['problem']}"
            print(f"  {name}: {session['events']} events, {verdict}")
        print(f"  {report['records']} command records")
        for problem in report["problems"]:
            print(f"problem: {problem}")
    return 0 if not report["problems"] else 2
