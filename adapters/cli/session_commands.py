"""The session commands: a GM runs a whole session from the shell.

Each command loads the session, asks the aggregate for one batch of events (or a typed
error), appends it and prints what was recorded. Nothing is appended on an error.
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Iterator
from typing import Any

from adapters.cli import context
from adapters.cli.render import print_json, print_json_array, render_state, render_timeline
from adapters.store import EventStore
from domain.errors import MalformedInput
from domain.session.aggregate import Session
from projections import project_state
from projections.timeline import timeline

# -- session open | list | show ------------------------------------------------------


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise MalformedInput(f"option {pair!r} is not NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def _session_open(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = args.id or f"s-{uuid.uuid4().hex[:8]}"
        recorded = service.open(
            session_id=sid,
            ruleset=args.ruleset,
            gm=args.gm,
            options=_parse_options(args.option),
            campaign=args.campaign,
            title=args.title,
        )
        context.print_recorded(args, sid, recorded, service.ruleset(sid))
    finally:
        service.store.close()
    return 0


def _session_list(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sessions = service.store.sessions()
    finally:
        service.store.close()
    rows = [
        {
            "id": s.session,
            "ruleset": s.ruleset,
            "gm": s.gm,
            "campaign": s.campaign,
            "title": s.title,
            "opened": s.at.isoformat(),
        }
        for s in sessions
    ]
    if args.json:
        print_json(rows)
    elif not rows:
        print("no sessions yet: kiroku session open --gm NAME")
    else:
        for row in rows:
            print(
                f"{row['id']}  {row['ruleset']}  GM {row['gm']}  {row['opened'][:19]}  "
                f"{row['title']}"
            )
    return 0


def _session_show(args: argparse.Namespace) -> int:
    args.session = args.id
    return _state(args)


# -- join ----------------------------------------------------------------------------


# -- rolls ---------------------------------------------------------------------------


def session_roll(args: argparse.Namespace) -> int:
    """``kiroku roll … --session ID [--character NAME]``: the session's ``roll`` command
    (the ruleset's Struct), from the same arguments as a bare roll."""
    from adapters.cli.commands import run_word

    return run_word(args, ("roll",))


def _at(args: argparse.Namespace, session: Session, lowest: int = 0) -> int | None:
    """``--at N``: a position of the session (0, before its opening, only for the log)."""
    at = getattr(args, "at", None)
    if at is not None and not lowest <= at <= session.version:
        raise MalformedInput(f"--at {at}: the session has positions {lowest} to {session.version}")
    return at


def _log(args: argparse.Namespace) -> int:
    """A page of the timeline (the last 50 events by default), printed a row at a time;
    only the page's events are read from the store."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        viewer = context.actor(args, session)
        until = _at(args, session)
        if args.after is not None and not 0 <= args.after <= session.version:
            raise MalformedInput(
                f"--after {args.after}: the session has positions 0 to {session.version}"
            )
        if args.limit < 0:
            raise MalformedInput(f"--limit {args.limit}: give a number of events, or 0 for all")
        rows = _timeline_rows(
            service.store,
            session,
            until,
            args.after,
            args.limit,
            viewer_is_gm=session.is_gm(viewer),
        )
        if args.json:
            print_json_array(rows)
        else:
            for row in rows:
                print(render_timeline([row]))
    finally:
        service.store.close()
    return 0


def _timeline_rows(
    store: EventStore,
    session: Session,
    until: int | None,
    after: int | None,
    limit: int,
    *,
    viewer_is_gm: bool,
) -> Iterator[dict[str, Any]]:
    """The timeline's rows for the events in (after, until]: the first ``limit`` of them
    after ``after``, else the last ``limit`` (0: all), each row made as it is printed.

    Each row is the timeline's own, of its event and of the retraction that marks it, so
    it is the row the whole timeline would have (a player still sees no hidden roll)."""
    sid = session.opened.session
    last = session.version if until is None else until
    first = after or 0
    if limit and after is None:
        first = max(first, last - limit)
    retracted = {target: by for target, by in session.state.retracted.items() if by <= last}
    for count, recorded in enumerate(store.read(sid, first, until=last)):
        if limit and count == limit:
            return
        marked = [recorded]
        if recorded.position in retracted:
            by = retracted[recorded.position]
            marked += list(store.read(sid, by - 1, until=by))
        for row in timeline(marked, until, viewer_is_gm=viewer_is_gm, ruleset=session.ruleset):
            if row["position"] == recorded.position:
                yield row


def _state(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        at = _at(args, session, lowest=1)
        projections = project_state(session.state if at is None else service.state_at(sid, at))
    finally:
        service.store.close()
    if args.json:
        print_json(projections)
    else:
        print(render_state(projections))
    return 0
