"""The session commands: a GM runs a whole session from the shell.

Each command loads the session, asks the aggregate for one batch of events (or a typed
error), appends it and prints what was recorded. Nothing is appended on an error.
"""

from __future__ import annotations

import argparse
import uuid

from adapters.cli import context
from adapters.cli.parsing import ruleset_options
from adapters.cli.render import print_json, render_state
from application.rows import session_row
from domain.errors import MalformedInput
from domain.rulesets import MAIN
from projections import project_state

# -- session open | list | show ------------------------------------------------------


def _session_open(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = f"s-{uuid.uuid4().hex[:8]}" if args.id is None else args.id
        ruleset = args.ruleset
        if ruleset is None:  # a campaign's session plays the campaign's ruleset
            from application.campaigns import campaign_of

            ruleset = campaign_of(service.store, args.campaign).ruleset if args.campaign else MAIN
        recorded = service.open(
            session_id=sid,
            ruleset=ruleset,
            gm=args.gm,
            options=ruleset_options(args.option),
            campaign=args.campaign,
            title=args.title,
        )
        context.print_recorded(
            args, sid, recorded, service.ruleset(sid), service.load(sid).state.table
        )
    finally:
        service.store.close()
    return 0


def _session_list(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sessions = service.store.sessions()
    finally:
        service.store.close()
    rows = [session_row(s) for s in sessions]
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


def _state(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        at = context.at_position(args, session)
        as_corrected = getattr(args, "as_corrected", False)  # `session show` has no --at
        if as_corrected and at is None:
            raise MalformedInput("--as-corrected reads a past position: give it with --at N")
        state = (
            session.state if at is None else service.state_at(sid, at, as_corrected=as_corrected)
        )
        projections = project_state(state)
        if at is None:
            tampered = service.tamper_warning(sid, session.version)
            if tampered is not None:
                projections["session"]["tampered"] = tampered
    finally:
        service.store.close()
    if args.json:
        print_json(projections)
    else:
        print(render_state(projections))
    return 0
