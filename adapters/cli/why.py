"""``kiroku why --session S POSITION``: the ruling an event came from, what it followed
from, and (``--consequences``) what followed from it.

An event is one fact of a ruling: the command that gave it (its record: who, when, why,
its inputs and dice) gave the other events of its batch too, so "what did this Void point
buy?" is answered by the roll beside it, and "where did these wounds come from?" by the
damage roll of the same command. Back: each event the ruleset says follows from an
earlier one (:meth:`Ruleset.follows`: a damage roll, its attacker's latest hit) names it,
with its ruling. Forward: ``--consequences`` asks the corrections what retracting the
ruling would revise or drop (a preview: nothing is recorded), which is exactly what
followed from it. A ruling retracted or revised is shown with what did it.
"""

from __future__ import annotations

import argparse

from adapters.cli import context
from adapters.cli.audit import render_command
from adapters.cli.render import print_json, render_timeline
from application.why import span, why


def why_command(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        viewer_is_gm = session.is_gm(context.actor(args, session))
        found = why(service, session, args.position, viewer_is_gm, args.consequences)
    finally:
        service.store.close()
    consequences = found.get("consequences")
    if args.json:
        print_json(found)
        return 0
    if found["ruling"] is None:
        print(f"event {found['position']} was given by no recorded command:")
    else:
        print(f"event {found['position']} is one of the events of this ruling:")
        print("\n".join(render_command(found["ruling"])))
        if found["ruling"].get("reason"):  # as the reader may read it (untold: a secret's)
            print(f"  reason: {found['ruling']['reason']}")
    batch, follows = found["events"], found["follows"]
    for row in batch:
        mark = "→ " if row["position"] == found["position"] else "  "
        print(mark + render_timeline([row]))
    taken_back = {
        (r["retracted_by"], r.get("retraction_reason")) for r in batch if r.get("retracted_by")
    }
    for by, reason in sorted(taken_back, key=lambda item: item[0]):
        print(f"retracted by event {by}" + (f": {reason}" if reason else ""))
    for chain in found["revisions"]:
        if len(chain) == 1:
            print(f"revised: the ruling that stands in its place begins at event {chain[0]}")
        else:
            print(
                f"revised: its revision at {chain[0]} was revised in turn "
                f"({' → '.join(map(str, chain))}): the ruling that stands in its place now "
                f"begins at event {chain[-1]}"
            )
    for link in follows:
        print(f"event {link['event']} follows from event {link['follows']}, {link['why']} "
              f"(the ruling at {span(link['ruling'])}): {link['summary']}")  # fmt: skip
    if consequences is not None:
        print("what followed from it (retracting its ruling would):")
        for line in consequences["revised"]:
            print(f"  revise {line}")
        for line in consequences["dropped"]:
            print(f"  drop {line}")
        if not consequences["revised"] and not consequences["dropped"]:
            print("  change no later ruling")
    return 0
