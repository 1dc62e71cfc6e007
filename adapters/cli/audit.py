"""The audit commands: ``kiroku log`` (the timeline, filtered) and ``kiroku show`` (one
event whole).

A GM contesting a ruling reads the log to find it, then shows it: every field the event
recorded, its dice die by die, the parts of its total and TN, who recorded it, when and
why, and whether it still counts (and if not, who retracted it, when and why).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from itertools import islice
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
from adapters.cli.revisions import Placements
from adapters.consequences import dropped_because, with_consequence
from adapters.service import SessionService
from adapters.sight import Sight
from adapters.store import EventStore
from adapters.stored_secrets import stored_secrets
from domain.errors import MalformedInput, NotFound
from domain.events import CORE_EVENT_TYPES, Event, EventRetracted, Recorded
from domain.names import key
from domain.session.aggregate import Session
from domain.session.record import CommandRecord
from domain.session.screen import for_players
from domain.session.state import SessionState
from projections import players
from projections.timeline import describe, hidden, timeline, untold

Filter = Callable[[Event], bool]

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


def page(
    store: EventStore,
    session: Session,
    sight: Sight | None,
    until: int | None,
    after: int | None,
    limit: int,
    keep: Filter | None,
) -> list[dict[str, Any]]:
    """The log's page (:func:`timeline_rows`): the GM's, or a player's numbered as they
    count (:func:`numbered_for_players`) — the last ``limit`` they may see, or the first
    ``limit`` after ``after``."""
    if sight is None:
        return list(timeline_rows(store, session, until, after, limit, keep, viewer_is_gm=True))
    if keep is None and after is None and limit:  # read only the page's events
        upto = sight.count if until is None else sight.ordinal(until)
        after = sight.position(max(0, upto - limit))
    rows = timeline_rows(store, session, until, after, 0, keep, viewer_is_gm=False)
    theirs = numbered_for_players(store, session, sight, rows)
    if not limit:
        return list(theirs)
    return list(islice(theirs, limit)) if after is not None else list(deque(theirs, limit))


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


def named_characters(event: Event) -> set[str]:
    """The keys of the names an event's fields hold (its actor and reason aside): the
    character who rolls, the target, the attacker, a joining sheet's name."""
    names: set[str] = set()
    for field in event.__struct_fields__:
        if field in ("actor", "reason"):
            continue
        value = getattr(event, field)
        if isinstance(value, str):
            names.add(key(value))
        elif isinstance(value, tuple):
            names.update(key(v) for v in value if isinstance(v, str))
        elif isinstance(getattr(value, "name", None), str):
            names.add(key(value.name))
    return names


def timeline_rows(
    store: EventStore,
    session: Session,
    until: int | None,
    after: int | None,
    limit: int,
    keep: Filter | None = None,
    *,
    viewer_is_gm: bool,
) -> Iterator[dict[str, Any]]:
    """The timeline's rows for the events in (after, until] that ``keep`` keeps: the first
    ``limit`` of them after ``after``, else the last ``limit`` (0: all), each row made as
    it is printed, with its event whole (``event``).

    Each row is the timeline's own, of its event and of the retraction that marks it, so
    it is the row the whole timeline would have (a player still sees no hidden roll); a
    retraction's row also says what it took back."""
    sid = session.opened.session
    last = session.version if until is None else until
    first = after or 0
    if keep is None:
        if limit and after is None:
            first = max(first, last - limit)
        chosen: Iterator[Recorded] | deque[Recorded] = store.read(sid, first, until=last)
    elif limit and after is None:
        chosen = deque((r for r in store.read(sid, first, until=last) if keep(r.event)), limit)
    else:
        chosen = (r for r in store.read(sid, first, until=last) if keep(r.event))
    retracted = {target: by for target, by in session.state.retracted.items() if by <= last}
    placed = Placements.read(store, sid, last)
    secrets = None if viewer_is_gm else stored_secrets(store, sid, last)
    unseen = set() if secrets is None else secrets.unseen(last)
    for count, recorded in enumerate(chosen):
        if limit and count == limit:
            return
        if recorded.position in unseen:
            continue
        if secrets is not None:
            recorded = for_players(recorded)
        row = row_of(
            store, session, recorded, retracted, until, viewer_is_gm=viewer_is_gm, placed=placed
        )
        yield row if secrets is None else untold(row, recorded.position, secrets.quiet)


def row_of(
    store: EventStore,
    session: Session,
    recorded: Recorded,
    retracted: dict[int, int],
    until: int | None,
    *,
    viewer_is_gm: bool,
    placed: Placements | None = None,
) -> dict[str, Any]:
    """One event's timeline row, marked by its retraction (if any, as of ``until``), with
    the event whole; a retraction's summary names what it took back; a revision's names
    the ruling it stands in for (``revises``), and a revised ruling's event its revision
    (``revised_by``)."""
    sid = session.opened.session
    marked = [recorded]
    if recorded.position in retracted:
        by = retracted[recorded.position]
        marked += list(store.read(sid, by - 1, until=by))
    [row] = [
        r
        for r in timeline(marked, until, viewer_is_gm=True, ruleset=session.ruleset)
        if r["position"] == recorded.position
    ]
    with_consequence(row, store, sid, recorded)
    if len(marked) == 2 and row.get("retracted"):  # what a consequence's retraction took
        why = dropped_because(store, sid, marked[1])
        if why is not None:
            row["retraction_reason"] = row["retraction_dropped_because"] = why
    event = recorded.event
    if isinstance(event, EventRetracted):
        [taken] = event_at(store, sid, event.position)
        target = taken.event if viewer_is_gm else for_players(taken).event
        if viewer_is_gm or not hidden(target):  # players read what they were shown of it
            row["summary"] += f": {describe(target, session.ruleset)}"
    row["event"] = msgspec.to_builtins(event)
    if placed is not None:
        original = placed.revises.get(recorded.position)
        if original is not None:
            row["revises"] = original
            row["summary"] += f" (revises the ruling at {original})"
        if recorded.position in retracted and placed.revised:
            record = store.command_of(sid, recorded.position)
            first = recorded.position if record is None else record.first
            if first in placed.revised:
                row["revised_by"] = placed.revised[first]
                row["summary"] += f" (revised: see {placed.revised[first]})"
    return row


def core_event(event: Event) -> bool:
    return isinstance(event, CORE_EVENT_TYPES)


def event_at(store: EventStore, session_id: str, position: int) -> list[Recorded]:
    return list(store.read(session_id, position - 1, until=position))


def visible_event(
    store: EventStore, session: Session, position: int, viewer_is_gm: bool
) -> Recorded:
    """The event at ``position`` as the viewer may see it: a position the session does not
    have, or a GM's hidden roll shown to a player, is refused."""
    if not 1 <= position <= session.version:
        raise MalformedInput(
            f"position {position}: the session has positions 1 to {session.version}"
        )
    [recorded] = event_at(store, session.opened.session, position)
    if viewer_is_gm:
        return recorded
    if position in kept_from_players(store, session.opened.session):
        raise NotFound(f"event {position} is the GM's hidden ruling: kept from the players")
    return for_players(recorded)


def players_sight(store: EventStore, session: Session) -> Sight:
    """What players may see of the session now, numbered as they count: the 1st, the
    2nd, … of the events they may see (:mod:`adapters.sight`), as the API numbers them —
    so a gap in ``kiroku log --as`` never says the GM ruled in secret in between."""
    sight = Sight(session.opened.session)
    sight.catch_up(store, session.version)
    return sight


def their_position(sight: Sight, number: int, what: str = "event") -> int:
    """The store's position of players' ``number``-th event; a number they do not have
    refused with the numbers they may give (never the GM's count)."""
    if not 1 <= number <= sight.count:
        raise MalformedInput(f"{what} {number}: you may see events 1 to {sight.count}")
    return sight.position(number)


def numbered_for_players(
    store: EventStore, session: Session, sight: Sight, rows: Iterable[dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    """A player's log rows (:func:`timeline_rows`, ``viewer_is_gm=False``) numbered as
    they count, every position a row names in their numbers; an event that was ever
    kept from them has no number of its own — they read it inside the reveal that
    showed it (``revealed``), at the reveal's number."""
    for row in rows:
        position = row["position"]
        if sight.number(position) is None:
            continue
        revealed = None
        if row["type"] == "RulingRevealed":
            revealed = players_revealed(store, session, sight, position)
        yield sight.public_row(row, revealed)


def players_revealed(
    store: EventStore, session: Session, sight: Sight, position: int
) -> list[dict[str, Any]]:
    """The timeline rows of what the reveal at ``position`` showed, as players read them
    there (:meth:`Sight.revealed_events`; still in the store's positions)."""
    retracted = dict(session.state.retracted)
    secrets = sight.secrets
    rows = []
    for shown in sight.revealed_events(store, position):
        row = row_of(store, session, shown, retracted, None, viewer_is_gm=False)
        rows.append(untold(row, shown.position, secrets.quiet))
    return rows


def kept_from_players(store: EventStore, session_id: str, until: int | None = None) -> set[int]:
    """The positions the GM keeps from the players as of ``until`` (every hidden ruling
    not yet revealed, :mod:`domain.session.secrets`)."""
    return stored_secrets(store, session_id, until).unseen(until)


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


def shown(
    service: SessionService, session: Session, position: int, *, viewer_is_gm: bool
) -> dict[str, Any]:
    """One event whole, as ``kiroku show --json`` prints it (and the HTTP API gives it):
    its timeline row, the record of its command, the ruleset's explanation and what it
    followed from."""
    sid = session.opened.session
    recorded = visible_event(service.store, session, position, viewer_is_gm)
    placed = Placements.read(service.store, sid)
    row = row_of(
        service.store,
        session,
        recorded,
        dict(session.state.retracted),
        None,
        viewer_is_gm=viewer_is_gm,
        placed=placed,
    )
    record = service.store.command_of(sid, position)
    row["command"] = None if record is None else record_row(record, viewer_is_gm)
    from adapters.cli.why import followed_from, state_before

    first = position if record is None else record.first
    before = state_before(service, session, first, placed)
    explain = getattr(session.ruleset, "explain", None)  # a plug-in may explain nothing
    if explain is None or core_event(recorded.event):
        row["explanation"] = []
    else:  # a player's, on the state they see: the GM's would name what is kept from them
        theirs = before if viewer_is_gm else players_before(service, sid, first, placed)
        row["explanation"] = explain(recorded.event, theirs)
    row["follows"] = followed_from(
        service.store, session, position, position, viewer_is_gm, before, placed
    )
    if not viewer_is_gm:
        untold(row, position, stored_secrets(service.store, sid).quiet)
    return row


def shown_to_players(
    service: SessionService,
    session: Session,
    number: int,
    sight: Sight | None = None,
    revealed_row: Callable[[Recorded], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``kiroku show --as PLAYER N`` and the API's event for a player: players' ``N``-th
    event whole (:func:`shown`), every position it names in their numbers; a reveal
    with the rows of what it showed — each a log row, or ``revealed_row``'s (the API's
    event rows). ``sight``: the players' sight, where the caller holds one."""
    sight = players_sight(service.store, session) if sight is None else sight
    position = their_position(sight, number)
    row = shown(service, session, position, viewer_is_gm=False)
    row["position"] = number
    revealed = None
    if row["type"] == "RulingRevealed" and revealed_row is None:
        revealed = players_revealed(service.store, session, sight, position)
    elif row["type"] == "RulingRevealed" and revealed_row is not None:
        revealed = [revealed_row(e) for e in sight.revealed_events(service.store, position)]
    return sight.renumbered(row, revealed)


def players_before(service: SessionService, sid: str, first: int, placed: Placements) -> Any:
    """The ruleset's state the players see just before the ruling at ``first`` (before
    the place of the ruling it revises, for a revision), what the GM keeps from them now
    left out."""
    cut = placed.revises.get(first, first) - 1
    secrets = stored_secrets(service.store, sid)
    state, _ = players.load(service.store, service.snapshots, sid, secrets, cut, kept_now=True)
    return state.table


def record_row(record: CommandRecord, viewer_is_gm: bool) -> dict[str, Any]:
    """The record of the command that gave the event. A hidden roll's command is the
    GM's: a player sees only which command it was and which events it gave, not its
    inputs (a TN, a label) nor its dice, whichever event of its batch they show. What
    a ruling used is the GM's to read in the record (it may name an event kept from the
    players, in the GM's numbers): a player reads it in ``why``'s links, each one they
    may see."""
    shown: dict[str, Any] = msgspec.to_builtins(record)
    shown["positions"] = [record.first, record.last]
    if not viewer_is_gm:
        shown.pop("used", None)
    if not viewer_is_gm and record.inputs.get("hidden"):
        shown["inputs"], shown["drawn"], shown["given"] = {"hidden": True}, [], []
    carried = shown["inputs"].get("carried") if not viewer_is_gm else None
    if isinstance(carried, dict):  # a carried sheet as they could see it where it came from
        if carried.get("shown") is not None:
            shown["inputs"]["sheet"] = carried["shown"]
        shown["inputs"]["carried"] = {
            k: v for k, v in carried.items() if k not in ("shown", "position")
        }
    return shown


def render_command(command: dict[str, Any]) -> list[str]:
    """``command: roll #3–4, by ana at …``, its inputs as options, its dice."""
    first, last = command["positions"]
    where = f"event {first}" if first == last else f"events {first}–{last}"
    lines = [
        f"command: {command['command']} ({command['kind']}), which gave {where}, "
        f"given by {command['actor']} at {local_time(command['at'])}"
    ]
    given = [
        f"--{name.replace('_', '-')}" + ("" if value is True else f" {_value(value)}")
        for name, value in command["inputs"].items()
        if value not in (None, False, "", [], {})
    ]
    lines.append("  inputs: " + (" ".join(given) if given else "(none)"))
    if command["drawn"]:
        lines.append("  dice drawn: " + ", ".join(str(face) for face in command["drawn"]))
    if command["given"]:
        lines.append("  faces given: " + _value(command["given"]))
    return lines


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
