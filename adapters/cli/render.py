"""Readable tables of the projections for ``kiroku state`` and ``kiroku replay``, and JSON."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import UTC, datetime, tzinfo
from typing import Any

from domain.errors import MalformedInput, excerpt
from domain.session.clock import format_duration


def print_json(data: object) -> None:
    import json  # for --json only: a table's text output never loads it

    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def print_json_array(items: Iterable[object]) -> None:
    """``print_json(list(items))``, the same bytes, written an item at a time."""
    import json

    write = sys.stdout.write
    write("[")
    for index, item in enumerate(items):
        if index:
            write(", ")
        write(json.dumps(item, ensure_ascii=False))
    write("]\n")


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()
    out = [line, "  ".join("-" * w for w in widths)]
    out += [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    return out


def render_state(projections: dict[str, Any]) -> str:
    """The session's header, then each table its ruleset declares (Ruleset.tables)."""
    from domain.rulesets import load_ruleset

    session = projections["session"]
    lines = [
        f"Session {session['id']} ({session['ruleset']}) — GM {session['gm']}"
        + (f" — {session['title']}" if session["title"] else "")
    ]
    if session.get("clock"):
        lines.append(f"in-game time: {format_duration(session['clock'])} since the session began")
    tampered = session.get("tampered")
    if tampered:
        lines.append(f"TAMPERED: {tampered} (kiroku verify checks the whole record)")
    unverified = session.get("unverified")
    if unverified:
        lines.append(
            f"UNVERIFIED: imported from {unverified['file']!r} by {unverified['by']} without "
            f"the record of its commands: the {unverified['events']} events before "
            f"{unverified['position']} were never re-judged"
        )
    ruleset = load_ruleset(session["ruleset"], session["options"])
    for number, table in enumerate(ruleset.tables(projections)):
        if number:
            lines.append("")
        if table.title:
            lines.append(table.title)
        if number == 0:
            lines.append("")
        lines += _table(list(table.columns), [list(row) for row in table.rows])
    return "\n".join(lines)


_zone: tzinfo | None = None
"""The time zone times are read in (``--tz``); None: the reader's local time."""


def read_in(name: str | None) -> None:
    """Show times in the time zone ``name`` (an IANA name, or UTC) from now on; None: in
    the reader's local time (the ``TZ`` of their environment)."""
    global _zone
    _zone = None if name is None else zone(name)


def zone(name: str) -> tzinfo:
    """The time zone of an IANA name (``Europe/Paris``) or ``UTC``."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    if name.strip().upper() in ("UTC", "Z"):
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise MalformedInput(
            f"--tz {excerpt(name)}: no such time zone; give an IANA name such as Europe/Paris "
            "or Asia/Tokyo, or UTC"
        ) from None


def reader_zone() -> tzinfo | None:
    """The zone times are shown in (None: local)."""
    return _zone


def local_time(at: str) -> str:
    """A recorded time (ISO 8601, UTC) in the reader's time zone (``--tz``, else their
    local time), to the second."""
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # recorded without its zone (an old replay): UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(_zone).strftime("%Y-%m-%d %H:%M:%S")


def render_timeline(rows: list[dict[str, Any]]) -> str:
    """The log's lines, their times in the reader's local time (``--json`` keeps UTC); a
    player's reveal followed by what it showed, at its number."""
    out = []
    for row in rows:
        mark = " (retracted)" if row.get("retracted") else ""
        reason = f" — {row['reason']}" if row.get("reason") else ""
        out.append(
            f"#{row['position']:<4} {local_time(row['at'])}  {row['actor']}: {row['summary']}"
            f"{reason}{mark}"
        )
        out += [
            f"  revealed: {line}"
            for line in render_timeline(row.get("revealed") or []).splitlines()
        ]
    return "\n".join(out)
