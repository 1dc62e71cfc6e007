"""The audit commands: ``kiroku log`` (the timeline, filtered) and ``kiroku show`` (one
event whole).

A GM contesting a ruling reads the log to find it, then shows it: every field the event
recorded, its dice die by die, the parts of its total and TN, who recorded it, when and
why, and whether it still counts (and if not, who retracted it, when and why).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import msgspec

from adapters.cli import context
from adapters.cli.render import (
    local_time,
    print_json,
    print_json_array,
    reader_zone,
    render_timeline,
)
from application.audit import (
    Filter,
    named_characters,
    numbered_for_players,
    page,
    players_sight,
    timeline_rows,
)
from application.service import SessionService
from application.shown import shown, shown_to_players
from application.sight import Sight
from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.faces import format_faces
from domain.errors import MalformedInput, NotFound
from domain.events import Event
from domain.names import key
from domain.session.aggregate import Session
from domain.session.state import SessionState
from projections import players

# -- kiroku log ----------------------------------------------------------------------------


def log_command(args: argparse.Namespace) -> int:
    """A page of the timeline (the last 50 events by default, of those the filters keep),
    printed a row at a time; without filters only the page's events are read. A player
    reads it numbered as they count (:func:`players_sight`): ``--at`` and ``--after``
    name their numbers too."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        viewer = context.actor(args, session)
        sight = None if session.is_gm(viewer) else players_sight(service.store, session)
        until, after = _page_bounds(args, session, sight)
        if args.limit < 0:
            raise MalformedInput(f"--limit {args.limit}: give a number of events, or 0 for all")
        seen = session.state
        if sight is not None and (args.character is not None or args.recorded_by is not None):
            seen = players.load(service.store, service.snapshots, sid, sight.secrets, sight.read)[0]
        keep = filters(args, seen, service.store.codec(sid).types.values())
        if args.follow:
            if until is not None:
                raise MalformedInput(
                    f"--follow --at {args.at}: --follow reads on from now, so not as of a "
                    "position; use --after N to start after one"
                )
            return follow(service, session, sight, args, after, keep)
        rows = page(service.store, session, sight, until, after, args.limit, keep)
        if args.json:
            print_json_array(rows)
        else:
            for row in rows:
                print(render_timeline([row]))
    finally:
        service.store.close()
    return 0


def _page_bounds(
    args: argparse.Namespace, session: Session, sight: Sight | None
) -> tuple[int | None, int | None]:
    """``--at`` and ``--after`` as the store's positions: the GM names positions, a
    player the numbers they count."""
    if sight is None:
        until = context.at_position(args, session)
        if args.after is not None and not 0 <= args.after <= session.version:
            raise MalformedInput(
                f"--after {args.after}: the session has positions 0 to {session.version}"
            )
        return until, args.after
    found: list[int | None] = []
    for option, given in (("--at", getattr(args, "at", None)), ("--after", args.after)):
        if given is not None and not 0 <= given <= sight.count:
            raise MalformedInput(
                f"{option} {given}: you may see events 1 to {sight.count} (0: before the first)"
            )
        found.append(None if given is None else sight.position(given))
    return found[0], found[1]


FOLLOW_POLL = 0.25
"""Seconds between two looks at the store's last position while following: the store is
read directly, so a write by any process (any SQLite writer, any PostgreSQL client) shows
within this, with no notification to lose."""


def follow(
    service: SessionService,
    session: Session,
    sight: Sight | None,
    args: argparse.Namespace,
    after: int | None,
    keep: Filter | None,
) -> int:
    """``kiroku log --follow``: the page ``kiroku log`` would print, then every event
    appended after it, each once and in order, as it is stored; one JSON object a line
    with ``--json`` (JSON Lines, flushed a row at a time). Catching up and following read
    the same store from the last position printed, so there is no gap and no duplicate.
    A player follows numbered as they count, a reveal with what it showed. Ends at
    Ctrl-C, or after the session's closing (exit 0), as a live stream of it does."""
    sid = session.opened.session
    store = service.store

    def emit(rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            if args.json:
                sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
            else:
                sys.stdout.write(render_timeline([row]) + "\n")
            sys.stdout.flush()

    try:
        emit(page(store, session, sight, None, after, args.limit, keep))
        seen = session.version
        while session.state.closed is None:
            time.sleep(FOLLOW_POLL)
            if store.last_position(sid) <= seen:
                continue
            session = service.load(sid)
            rows = timeline_rows(store, session, None, seen, 0, keep, viewer_is_gm=sight is None)
            if sight is not None:
                sight.catch_up(store, session.version)
                rows = numbered_for_players(store, session, sight, rows)
            emit(rows)
            seen = session.version
        return 0
    except KeyboardInterrupt:
        return 0


def filters(
    args: argparse.Namespace, seen: SessionState, event_types: Iterable[type[Event]]
) -> Filter | None:
    """What ``--character``, ``--actor``, ``--kind`` and ``--since`` keep (None: every
    event). Each is checked against the session as the reader sees it (``seen``: a
    player's, what the GM keeps from them left out) first, so a typo is an error, not
    an empty log — and a character kept from a player is no more theirs to name than
    one who does not exist."""
    checks: list[Filter] = []
    if args.character is not None:
        name = key(args.character)
        if seen.member(args.character) is None:
            known = ", ".join(m.name for m in seen.members.values()) or "none yet"
            raise NotFound(f"--character {args.character!r}: no such character ({known})")
        checks.append(lambda event: name in named_characters(event))
    if args.recorded_by is not None:
        actor = args.recorded_by
        assert seen.opened is not None
        taking_part = {seen.opened.gm, *seen.roles}
        if actor not in taking_part:
            raise NotFound(
                f"--actor {actor!r}: no one of that id takes part "
                f"({', '.join(sorted(taking_part))})"
            )
        checks.append(lambda event: event.actor == actor)
    if args.kind is not None:
        kinds = {t.__name__.casefold(): t for t in event_types}
        kind = kinds.get(args.kind.casefold())
        if kind is None:
            raise MalformedInput(
                f"--kind {args.kind!r}: not an event of this session's ruleset; "
                f"one of {', '.join(sorted(t.__name__ for t in kinds.values()))}"
            )
        checks.append(lambda event: type(event) is kind)
    if args.since is not None:
        since = parse_time(args.since, "--since")
        checks.append(lambda event: aware(event.at) >= since)
    if not checks:
        return None
    return lambda event: all(check(event) for check in checks)


def parse_time(text: str, option: str) -> datetime:
    """An ISO 8601 time; one without a zone is in the reader's (``--tz``, else local)."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise MalformedInput(
            f"{option} {text[:40]!r}: not a time; give one like 2026-11-29T21:30 "
            "(local time) or 2026-11-29T21:30+00:00"
        ) from None
    if moment.tzinfo is not None:
        return moment
    zone = reader_zone()
    return moment.astimezone() if zone is None else moment.replace(tzinfo=zone)


def aware(at: datetime) -> datetime:
    """A recorded time with its zone: one recorded without (an old or hand-made replay)
    was UTC, as every time Kiroku records is."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


# -- kiroku show ---------------------------------------------------------------------------


def show_command(args: argparse.Namespace) -> int:
    """``kiroku show --session S POSITION``: one event whole."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        if session.is_gm(context.actor(args, session)):
            row = shown(service, session, args.position, viewer_is_gm=True)
        else:
            row = shown_to_players(service, session, args.position)
    finally:
        service.store.close()
    if args.json:
        print_json(row)
    else:
        print(render_shown(row))
    return 0


def render_command(command: dict[str, Any]) -> list[str]:
    """``command: roll #3–4, by ana at …``, its inputs as options, its dice."""
    first, last = command["positions"]
    where = f"event {first}" if first == last else f"events {first}–{last}"
    lines = [
        f"command: {command['command']} ({command['kind']}), which gave {where}, "
        f"given by {command['actor']} at {local_time(command['at'])}"
    ]
    given = [
        f"--{name.replace('_', '-')}" + ("" if each is True else f" {_typed(each)}")
        for name, value in command["inputs"].items()
        if value not in (None, False, "", [], {})
        for each in _each(value)
    ]
    lines.append("  inputs: " + (" ".join(given) if given else "(none)"))
    if command["drawn"]:
        lines.append("  dice drawn: " + ", ".join(str(face) for face in command["drawn"]))
    if command["given"]:
        lines.append("  faces given: " + _faces(command["given"]))
    return lines


def _each(value: Any) -> list[Any]:
    """A repeated option's values one by one (``--encouraged-by A --encouraged-by B``,
    as it is typed); any other value as it is."""
    if isinstance(value, list | tuple) and all(
        isinstance(item, str | int | float) and not isinstance(item, bool) for item in value
    ):
        return list(value)
    return [value]


def _typed(value: Any) -> str:
    """A value as a shell reads it back (``'Kuni Lingus'``), so the line can be typed again."""
    return shlex.quote(value) if isinstance(value, str) else _value(value)


def _faces(given: Any) -> str:
    """Faces given at the table, in the ``--faces`` notation they were typed in
    (``1r5,9,10+3``); as they are recorded where they are not roll & keep dice."""
    try:
        return format_faces(msgspec.convert(given, tuple[Die, ...]))
    except (msgspec.ValidationError, TypeError):
        return _value(given)


def render_shown(row: dict[str, Any]) -> str:
    """The event as a GM reads it: its log line, who/when/why, whether it still counts,
    its fields, then its dice and parts explained."""
    lines = [
        render_timeline([row]),
        f"recorded by {row['actor']} at {local_time(row['at'])} ({row['at']})",
    ]
    if row["reason"]:
        lines.append(f"reason: {row['reason']}")
    if row["retracted"]:
        lines.append(
            f"retracted by event {row['retracted_by']}"
            + (f": {row['retraction_reason']}" if row.get("retraction_reason") else "")
        )
    else:
        lines.append("still counts")
    if row.get("revised_by"):
        lines.append(f"revised: its ruling's revision begins at event {row['revised_by']}")
    if row.get("revises"):
        lines.append(f"a revision: it stands in for the ruling at {row['revises']}")
    for link in row.get("follows", ()):
        lines.append(f"follows from event {link['follows']}, {link['why']}: {link['summary']}")
    for user in row.get("used_by", ()):
        given = "given for event" if user["bound"] else "used event"
        lines.append(
            f"used by event {user['event']} ({user['command']}, {given} {user['used']}): "
            f"{user['summary']}"
        )
    if row.get("used_by_unrecorded"):
        lines.append(
            f"{row['used_by_unrecorded']} later ruling(s) recorded nothing of what they used: "
            f"`kiroku why {row['position']} --consequences` says what its retraction would change"
        )
    lines.append(f"{row['type']}:")
    explained = ("roll", "parts") if row["explanation"] else ()  # printed whole below
    for name, value in row["event"].items():
        if name in ("type", "actor", "at", "reason", "schema_version", *explained):
            continue
        lines.append(f"  {name}: {_value(value)}")
    lines += row["explanation"]
    if row.get("command"):
        lines += render_command(row["command"])
    else:
        lines.append(
            "command: none recorded (an opening, a fork, or a session older than the records)"
        )
    return "\n".join(lines)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict | list | tuple):
        return msgspec.json.encode(value).decode()
    return "-" if value is None else str(value)
