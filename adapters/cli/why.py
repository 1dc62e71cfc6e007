"""``kiroku why --session S POSITION``: the ruling an event came from, and what else it did.

An event is one fact of a ruling: the command that gave it (its record: who, when, why,
its inputs and dice) gave the other events of its batch too, so "what did this Void point
buy?" is answered by the roll beside it, and "where did these wounds come from?" by the
damage roll of the same command. A ruling retracted is shown with its retraction. (A
command naming the earlier rulings it used, the hit a damage roll follows from, is the
next step of issue 8.)
"""

from __future__ import annotations

import argparse
from typing import Any

from adapters.cli import context
from adapters.cli.audit import record_row, render_command, row_of, visible_event
from adapters.cli.render import print_json, render_timeline
from adapters.cli.revisions import Placements
from projections.timeline import hidden


def why_command(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        viewer_is_gm = session.is_gm(context.actor(args, session))
        visible_event(service.store, session, args.position, viewer_is_gm)
        record = service.store.command_of(sid, args.position)
        first, last = (
            (args.position, args.position) if record is None else (record.first, record.last)
        )
        retracted = dict(session.state.retracted)
        placed = Placements.read(service.store, sid)
        batch = [
            row_of(
                service.store, session, r, retracted, None, viewer_is_gm=viewer_is_gm, placed=placed
            )
            for r in service.store.read(sid, first - 1, until=last)
            if viewer_is_gm or not hidden(r.event)
        ]
    finally:
        service.store.close()
    found: dict[str, Any] = {
        "position": args.position,
        "ruling": None if record is None else record_row(record, viewer_is_gm),
        "events": batch,
    }
    if args.json:
        print_json(found)
        return 0
    if record is None:
        print(f"event {args.position} was given by no recorded command:")
    else:
        print(f"event {args.position} is one of the events of this ruling:")
        print("\n".join(render_command(found["ruling"])))
        if record.reason:
            print(f"  reason: {record.reason}")
    for row in batch:
        mark = "→ " if row["position"] == args.position else "  "
        print(mark + render_timeline([row]))
    taken_back = {(r["retracted_by"], r.get("retraction_reason")) for r in batch if r["retracted"]}
    for by, reason in sorted(taken_back, key=lambda item: item[0]):
        print(f"retracted by event {by}" + (f": {reason}" if reason else ""))
    revisions = {r["revised_by"] for r in batch if r.get("revised_by")}
    for first in sorted(revisions):
        print(f"revised: the ruling that stands in its place begins at event {first}")
    return 0
